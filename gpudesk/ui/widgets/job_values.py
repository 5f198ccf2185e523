"""The job form's values: presets and lists in, core's Job and Constraints out, every field checked.

Mixed into JobForm (widgets/job_form.py), which builds the fields; this half knows what they mean.
An invalid optional field (dataset tokens, budget, deadline) is left out of the job with its reason
in `problems`, so the answers that do not depend on it (memory) stay on screen.
"""

from __future__ import annotations


from PySide6.QtCore import QSignalBlocker, Qt
from PySide6.QtWidgets import QComboBox

from gpudesk.core import defaults as D
from gpudesk.core.models import (
    Billing,
    Constraints,
    Framework,
    Job,
    KvPrecision,
    Loss,
    ModelArch,
    ModelStates,
    Objective,
    Optimizer,
    Precision,
    Recompute,
    TaskKind,
    WeightPrecision,
)
from gpudesk.errors import GpudeskError
from gpudesk.core.units import number
from gpudesk.ui.fmt import parse_quantity
from gpudesk.ui.labels import region_text
from gpudesk.ui.i18n import translator
from gpudesk.ui.widgets.job_lists import CUSTOM, IMPORTED, ROLE_KIND, JobLists

# fields whose bad value is left out (with its reason) rather than stopping every answer
OPTIONAL = ("tokens", "budget", "deadline", "target_tokens_per_user", "global_batch_tokens", "ep")
# rows a serving job (task inference) has no use for: hidden while the task serves
TRAINING_ROWS = (
    "optimizer",
    "micro_batch",
    "grad_accum",
    "recompute",
    "framework",
    "model_states",
    "loss",
    "tokens",
    "epochs",
)

_tr = translator("JobForm")


class JobValues(JobLists):
    """The data half of JobForm (a QScrollArea subclass provides `tr`, the fields and `edited`); the
    lists it picks from (presets, providers, regions, an imported config) are filled by JobLists."""

    def set_values(self, job: Job, constraints: Constraints, *, emit: bool = True) -> None:
        """Show a plan's job and constraints (emits `edited` once unless `emit` is False)."""
        self._loading = True
        self._base_job, self._base_constraints = job, constraints
        try:
            arch = job.model
            if arch.id and self.model_combo.findData(arch.id) >= 0:
                self.model_combo.setCurrentIndex(self.model_combo.findData(arch.id))
            elif arch.hidden_size is None and arch.params_hint:
                self.model_combo.setCurrentIndex(self.model_combo.findData(CUSTOM))
                self.params_edit.setText(self._short(arch.params_hint))
                self._params_shown = False  # the plan's own count, not a preset's
            else:
                self.set_imported_arch(arch)
            self._select(self.task_combo, job.task.value)
            self._select(self.precision_combo, job.precision.value)
            self._select(self.optimizer_combo, job.optimizer.value)
            self._select(self.recompute_combo, job.recompute.value)
            for combo, value in (
                (self.framework_combo, job.framework),
                (self.states_combo, job.model_states),
                (self.loss_combo, job.loss),
            ):
                self._select(combo, getattr(value, "value", value))
            self._show_engine_inputs(job)
            self.seq_spin.setValue(job.seq_len)
            self.micro_spin.setValue(job.micro_batch)
            self.accum_spin.setValue(job.grad_accum)
            self.flash_check.setChecked(job.flash_attention)
            self.lora_spin.setValue(job.lora_rank)
            self.tokens_edit.setText(self._short(job.tokens) if job.tokens else "")
            self.epochs_spin.setValue(1.0)
            self.concurrency_spin.setValue(job.concurrency)
            self.context_spin.setValue(job.serving_context or 0)
            self._select(self.weight_combo, getattr(job.weight_precision, "value", job.weight_precision))
            self._select(self.kv_combo, getattr(job.kv_precision, "value", job.kv_precision))
            self.service_spin.setValue(D.service_months(job.service_hours))
            target = job.target_tokens_per_user
            self.target_edit.setText("" if target is None else f"{target:g}")
            self.headroom_spin.setValue(round(job.headroom * 100))
            self._select(self.objective_combo, constraints.objective.value)
            self.budget_edit.setText("" if constraints.budget is None else f"{constraints.budget:g}")
            self.deadline_edit.setText(
                "" if constraints.deadline_hours is None else f"{constraints.deadline_hours / 24:g}"
            )
            self._select(self.billing_combo, constraints.billing.value if constraints.billing else None)
            if constraints.region and self.region_combo.findData(constraints.region) < 0:
                self.region_combo.addItem(region_text(constraints.region), constraints.region)
            self._select(self.region_combo, constraints.region)
            for i in range(self.providers_list.count()):
                item = self.providers_list.item(i)
                item.setCheckState(Qt.Checked if item.data(Qt.UserRole) in constraints.providers else Qt.Unchecked)
            self.max_gpus_spin.setValue(min(constraints.max_gpus or 0, self.max_gpus_spin.maximum()))
        finally:
            self._loading = False
        with QSignalBlocker(self):
            self._update_enabled()
        self._show_params()
        self._validate_all()
        if emit:
            self.edited.emit("plan")

    @staticmethod
    def _select(combo: QComboBox, data) -> None:
        index = combo.findData(data)
        if index >= 0:
            combo.setCurrentIndex(index)

    @staticmethod
    def _short(value: float, digits: int | None = None) -> str:
        """7e9 -> '7B'; with `digits`, rounded to that many significant digits (6,738,415,616 -> '6.74B')."""
        for factor, suffix in ((1e12, "T"), (1e9, "B"), (1e6, "M"), (1e3, "k")):
            if digits is not None and value >= factor:
                return f"{float(f'{value / factor:.{digits}g}'):g}{suffix}"
            if value >= factor and (value / factor) == round(value / factor, 3):
                return f"{value / factor:g}{suffix}"
        return f"{value:g}"

    # --- validation ---------------------------------------------------------------------------

    def _changed(self, key: str = "") -> None:
        if self._loading:
            return
        self._validate_all()
        self.edited.emit(key)

    def _model_changed(self, *_args) -> None:
        self._show_params()
        self._changed("model")

    def _show_params(self) -> None:
        """A custom model takes a typed count; a preset or import shows its own count, greyed."""
        kind = self.model_combo.currentData(ROLE_KIND)
        custom = kind == CUSTOM
        self.params_edit.setEnabled(custom)
        self.params_edit.setPlaceholderText(_tr("e.g. 7B, 350M or 1.3e9") if custom else "")
        if custom:
            if self._params_shown:  # the preset's count was on show: the user types their own
                self.params_edit.clear()
                self._params_shown = False
            return
        arch = self._current_arch()
        with QSignalBlocker(self.params_edit):
            if arch is not None and arch.hidden_size is not None:
                from gpudesk.core.engine.architecture import count_params

                self.params_edit.setText(self._short(count_params(arch).total, digits=3))
            else:
                self.params_edit.clear()
        self._params_shown = True

    def _update_enabled(self, key: str = "") -> None:
        """Only the fields the task uses are shown: a service has no optimizer, batch or dataset; a
        training job no serving inputs; only LoRA and QLoRA a rank."""
        task = self.task_combo.currentData()
        trains = task != "inference"
        self._show_row("lora_rank", task in ("lora", "qlora"))
        for key in TRAINING_ROWS:
            self._show_row(key, trains)
        self.total_tokens.setVisible(trains)
        self._update_engine_enabled(trains)
        self.serving_box.setVisible(task in ("inference", "mixed"))
        self._changed(key)

    def _set_error(self, key: str, message: str | None) -> None:
        err = self._error_labels[key]
        if message:
            self._errors[key] = message
            err.setText(message)
            err.setVisible(key not in self._hidden)
        else:
            self._errors.pop(key, None)
            err.hide()

    def _positive(self, key: str, text: str, *, required: bool, unit_hint: str = "") -> float | None:
        if not text.strip():
            if required:
                self._set_error(key, _tr("required"))
            else:
                self._set_error(key, None)
            return None
        try:
            value = parse_quantity(text)
        except ValueError as exc:
            self._set_error(key, str(exc))
            return None
        if value <= 0:
            self._set_error(key, _tr("must be more than zero"))
            return None
        from gpudesk.core.limits import RANGES

        if key in RANGES and key != "params" and not RANGES[key].contains(value):  # shared with CLI, plan files
            self._set_error(key, _tr("out of range: %1").replace("%1", RANGES[key].describe()))
            return None
        self._set_error(key, None)
        return value

    def _validate_all(self) -> None:
        kind = self.model_combo.currentData(ROLE_KIND)
        if kind == CUSTOM:
            n = self._positive("params", self.params_edit.text(), required=True)
            from gpudesk.core.limits import RANGES

            if n is not None and n < RANGES["params"].lo:
                self._set_error("params", _tr("too small for a neural network: give the count, e.g. 7B"))
            elif n is not None and n > RANGES["params"].hi:
                self._set_error("params", _tr("more than 100 trillion parameters: check the unit"))
        else:
            self._set_error("params", None)
        if self.model_combo.currentIndex() < 0 or kind == "header":
            self._set_error("model", _tr("pick a model"))
        else:
            self._set_error("model", None)
        trains = self.task_combo.currentData() != "inference"
        tokens = self._positive("tokens", self.tokens_edit.text(), required=False) if trains else None
        if not trains:
            self._set_error("tokens", None)  # a service reads no dataset: nothing to correct
        if trains and tokens is not None and "tokens" not in self._errors:
            self.total_tokens.setText(
                _tr("Total training tokens: %1").replace("%1", number(tokens * self.epochs_spin.value(), 0))
            )
        else:
            self.total_tokens.setText(
                _tr("No dataset size: training time and cost are not estimated") if trains else ""
            )
        self._positive("target_tokens_per_user", self.target_edit.text(), required=False)
        objective = self.objective_combo.currentData()
        self._positive("budget", self.budget_edit.text(), required=objective == "budget")
        self._positive("deadline", self.deadline_edit.text(), required=objective == "deadline")
        precision, task = self.precision_combo.currentData(), self.task_combo.currentData()
        if task == "qlora" and precision == "fp32":
            self._set_error("precision", _tr("QLoRA trains adapters in 16-bit: pick BF16 or FP16"))
        else:
            self._set_error("precision", None)
        self._validate_engine_inputs(self._current_arch() if kind != CUSTOM else None)
        self._update_model_info()

    def _current_arch(self) -> ModelArch | None:
        kind = self.model_combo.currentData(ROLE_KIND)
        if kind == "preset":
            return getattr(self._presets.get(self.model_combo.currentData()), "arch", None)
        if kind == IMPORTED:
            return self._imported
        return None

    def _update_model_info(self) -> None:
        arch = self._current_arch()
        if arch is None or arch.hidden_size is None:
            self.model_info.setText("")
            return
        parts = [
            _tr("%1 layers").replace("%1", str(arch.num_layers)),
            _tr("hidden %1").replace("%1", str(arch.hidden_size)),
        ]
        if arch.num_heads:
            parts.append(_tr("%1 heads").replace("%1", str(arch.num_heads)))
        if arch.num_kv_heads and arch.num_kv_heads != arch.num_heads:
            parts.append(_tr("%1 KV heads").replace("%1", str(arch.num_kv_heads)))
        if arch.num_experts > 1:
            parts.append(_tr("%1 experts").replace("%1", str(arch.num_experts)))
        self.model_info.setText(_tr(", ").join(parts))

    @property
    def errors(self) -> dict[str, str]:
        return dict(self._errors)

    # --- data out -----------------------------------------------------------------------------

    def model_arch(self) -> ModelArch:
        kind = self.model_combo.currentData(ROLE_KIND)
        if kind == "preset":
            preset = self._presets[self.model_combo.currentData()]
            arch = preset.arch
            if arch.id is None:
                arch = arch.model_copy(update={"id": preset.id})
            return arch
        if kind == IMPORTED and self._imported is not None:
            return self._imported
        if kind == CUSTOM:
            from gpudesk.core.engine.architecture import from_params

            return from_params(int(parse_quantity(self.params_edit.text())))
        raise GpudeskError(_tr("pick a model"))

    def job_and_constraints(self) -> tuple[Job, Constraints]:
        """Core's Job and Constraints from the fields (GpudeskError naming the first bad field)."""
        if self._errors:
            key, message = next(iter(self._errors.items()))
            raise GpudeskError(f"{self._labels[key].text()}: {message}")
        return self._build(set())

    def read(self, previous: tuple[Job, Constraints] | None = None) -> tuple[Job, Constraints, dict[str, str]]:
        """Like job_and_constraints, but a bad optional field keeps its last valid value (from
        `previous`, else it is left out): (job, constraints, {field label: reason}). A bad required
        field (the model) still raises GpudeskError."""
        bad = {k: m for k, m in self._errors.items() if k not in OPTIONAL}
        if bad:
            key, message = next(iter(bad.items()))
            raise GpudeskError(f"{self._labels[key].text()}: {message}")
        left_out = {k for k in self._errors if k in OPTIONAL}
        job, constraints = self._build(left_out, previous)
        return job, constraints, {self._labels[k].text(): self._errors[k] for k in left_out}

    def _serving_fields(self, task: TaskKind, left_out: set[str]) -> dict:
        """The serving inputs (task inference and mixed); a training job keeps core's defaults."""
        if task.trains and task is not TaskKind.MIXED:
            return {}
        target = "" if "target_tokens_per_user" in left_out else self.target_edit.text().strip()
        months = self.service_spin.value()
        default = D.service_months(None)
        return dict(
            serving_context=self.context_spin.value() or None,
            weight_precision=WeightPrecision(w) if (w := self.weight_combo.currentData()) else None,
            kv_precision=KvPrecision(k) if (k := self.kv_combo.currentData()) else None,
            service_hours=None if abs(months - default) < 1e-9 else months * D.SERVICE_HOURS,
            target_tokens_per_user=parse_quantity(target) if target else None,
        )

    def _build(self, left_out: set[str], previous: tuple[Job, Constraints] | None = None) -> tuple[Job, Constraints]:
        task = TaskKind(self.task_combo.currentData())
        tokens = None
        if "tokens" in left_out:
            tokens = previous[0].tokens if previous is not None else None
        elif task.trains and self.tokens_edit.text().strip():
            tokens = parse_quantity(self.tokens_edit.text()) * self.epochs_spin.value()
        fields = dict(
            model=self.model_arch(),
            task=task,
            precision=Precision(self.precision_combo.currentData()),
            optimizer=Optimizer(self.optimizer_combo.currentData()),
            micro_batch=self.micro_spin.value(),
            seq_len=self.seq_spin.value(),
            grad_accum=self.accum_spin.value(),
            recompute=Recompute(self.recompute_combo.currentData()),
            framework=Framework(f) if (f := self.framework_combo.currentData()) else None,
            model_states=ModelStates(m) if (m := self.states_combo.currentData()) else None,
            loss=Loss(x) if (x := self.loss_combo.currentData()) else None,
            flash_attention=self.flash_check.isChecked(),
            lora_rank=self.lora_spin.value(),
            tokens=tokens,
            concurrency=self.concurrency_spin.value(),
            headroom=self.headroom_spin.value() / 100.0,
            **self._serving_fields(task, left_out),
            **self._engine_fields(left_out, previous, task),
        )
        job = self._base_job.model_copy(update=fields) if self._base_job is not None else Job(**fields)
        budget = "" if "budget" in left_out else self.budget_edit.text().strip()
        deadline = "" if "deadline" in left_out else self.deadline_edit.text().strip()
        billing = self.billing_combo.currentData()
        kept = previous[1] if previous is not None else None
        fields = dict(
            objective=Objective(self.objective_combo.currentData()),
            budget=parse_quantity(budget) if budget else (kept.budget if kept and "budget" in left_out else None),
            deadline_hours=parse_quantity(deadline) * 24
            if deadline
            else (kept.deadline_hours if kept and "deadline" in left_out else None),
            providers=[
                self.providers_list.item(i).data(Qt.UserRole)
                for i in range(self.providers_list.count())
                if self.providers_list.item(i).checkState() == Qt.Checked
            ],
            region=self.region_combo.currentData(),
            billing=Billing(billing) if billing else None,
            max_gpus=self.max_gpus_spin.value() or None,  # 0: automatic
        )
        base = self._base_constraints
        constraints = base.model_copy(update=fields) if base is not None else Constraints(**fields)
        # model_copy skips validation: validate the merged values once
        return Job.model_validate(job.model_dump()), Constraints.model_validate(constraints.model_dump())
