"""The job form's advanced engine inputs: virtual pipeline stages, the global batch in tokens, context
and expert parallelism (core.defaults.ENGINE_INPUTS: words and help in both languages; ranges in
core.limits). Folded away by default; a plan that sets any of them opens the fold.

Mixed into JobForm (widgets/job_form.py), which provides `_row`, `_spin`, `_set_error`, `_changed`.
"""

from __future__ import annotations

from PySide6.QtCore import QSignalBlocker, Qt
from PySide6.QtWidgets import QFormLayout, QLineEdit, QToolButton, QWidget

from gpudesk.core import defaults as D
from gpudesk.core.limits import RANGES
from gpudesk.ui.fmt import parse_quantity
from gpudesk.ui.i18n import translator

ENGINE_KEYS = ("virtual_stages", "global_batch_tokens", "cp", "ep")
TRAINING_ONLY = ("virtual_stages", "global_batch_tokens")  # a service has no optimizer step or pipeline bubble

_tr = translator("JobForm")


class EngineInputs:
    """The advanced fold of JobForm."""

    def _setup_engine_inputs(self, outer: QFormLayout) -> None:
        self.advanced_button = QToolButton()
        self.advanced_button.setObjectName("advanced_toggle")
        self.advanced_button.setCheckable(True)
        self.advanced_button.setToolButtonStyle(Qt.ToolButtonTextBesideIcon)
        self.advanced_button.setAutoRaise(True)
        self.advanced_button.toggled.connect(self._fold_engine_inputs)
        outer.addRow(self.advanced_button)
        self.advanced_box = QWidget()
        self.advanced_box.setObjectName("advanced_box")
        form = QFormLayout(self.advanced_box)
        form.setFieldGrowthPolicy(QFormLayout.AllNonFixedFieldsGrow)
        form.setContentsMargins(12, 0, 6, 6)
        form.setVerticalSpacing(4)
        self._engine_form = form
        self.batch_edit = QLineEdit()
        self.batch_edit.textChanged.connect(lambda *_: self._changed("global_batch_tokens"))
        for key in ENGINE_KEYS:
            if key == "global_batch_tokens":
                self._row(form, key, self.batch_edit)
                continue
            limits = RANGES[key]
            spin = self._spin(int(limits.lo), int(limits.hi), D.job_default(key), key)
            setattr(self, f"{key}_spin", spin)
            self._row(form, key, spin)
        outer.addRow(self.advanced_box)
        self._fold_engine_inputs(False)

    def _fold_engine_inputs(self, unfolded: bool) -> None:
        self.advanced_box.setVisible(unfolded)
        self.advanced_button.setArrowType(Qt.DownArrow if unfolded else Qt.RightArrow)
        if self.advanced_button.isChecked() != unfolded:
            with QSignalBlocker(self.advanced_button):
                self.advanced_button.setChecked(unfolded)

    def _retranslate_engine_inputs(self, texts: dict) -> None:
        self._engine_title()
        self.batch_edit.setPlaceholderText(_tr("automatic (from gradient accumulation)"))
        for key in ENGINE_KEYS:
            spec = D.ENGINE_INPUTS[key]
            texts[key] = (spec.label(), spec.help())

    def _engine_title(self) -> None:
        title = _tr("Advanced: parallelism and batch")
        if self._engine_inputs_set():
            title += " " + _tr("(set)")
        self.advanced_button.setText(title)

    def _engine_inputs_set(self) -> bool:
        return bool(self.batch_edit.text().strip()) or any(
            getattr(self, f"{key}_spin").value() != D.job_default(key) for key in ("virtual_stages", "cp", "ep")
        )

    def _update_engine_enabled(self, trains: bool) -> None:
        for key in TRAINING_ONLY:
            self._show_row(key, trains)

    # --- values ---------------------------------------------------------------------------------

    def _validate_engine_inputs(self, arch) -> None:
        from gpudesk.core.engine.parallel import expert_parallel_problem

        trains = self.task_combo.currentData() != "inference"
        if trains:
            self._positive("global_batch_tokens", self.batch_edit.text(), required=False)
        else:
            self._set_error("global_batch_tokens", None)
        self.accum_spin.setEnabled(not self.batch_edit.text().strip())  # a global batch sets the accumulation
        experts = arch.num_experts if arch is not None else 1
        self._set_error("ep", expert_parallel_problem(self.ep_spin.value(), experts))
        self._engine_title()

    def _engine_fields(self, left_out: set[str], previous, task) -> dict:
        """The Job fields of the fold; a bad one keeps its last valid value (`previous`), as the form's others."""
        kept = previous[0] if previous is not None else None
        fields = {
            "virtual_stages": self.virtual_stages_spin.value(),
            "cp": self.cp_spin.value(),
            "ep": self.ep_spin.value(),
        }
        if "ep" in left_out:
            fields["ep"] = kept.ep if kept is not None else D.job_default("ep")
        text = self.batch_edit.text().strip()
        if "global_batch_tokens" in left_out:
            fields["global_batch_tokens"] = kept.global_batch_tokens if kept is not None else None
        elif text and task.trains:
            fields["global_batch_tokens"] = int(parse_quantity(text))
        else:  # automatic: pre-training without a set accumulation runs at core's default global batch (as the CLI)
            fields["global_batch_tokens"] = (
                D.global_batch_tokens_for(task.value) if self.accum_spin.value() == 1 else None
            )
        return fields

    def _show_engine_inputs(self, job) -> None:
        """A plan's values (inside the form's loading guard); the fold opens when any is set."""
        for key in ("virtual_stages", "cp", "ep"):
            spin = getattr(self, f"{key}_spin")
            spin.setValue(min(getattr(job, key), spin.maximum()))
        automatic = job.grad_accum == 1 and job.global_batch_tokens == D.global_batch_tokens_for(job.task.value)
        self.batch_edit.setText("" if job.global_batch_tokens is None or automatic else f"{job.global_batch_tokens}")
        if self._engine_inputs_set():
            self._fold_engine_inputs(True)
