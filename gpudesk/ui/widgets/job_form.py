"""The job and constraints form: every field validated as typed, the reason shown beside it.

The form knows nothing of the window: it emits `edited` whenever a value changes and hands out
core's own types through `job_and_constraints()` (GpudeskError when a field is invalid).
"""

from __future__ import annotations

import json
from pathlib import Path

from PySide6.QtCore import QEvent, QSignalBlocker, Qt, Signal
from PySide6.QtGui import QFont, QStandardItem, QStandardItemModel
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDoubleSpinBox,
    QFormLayout,
    QGroupBox,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from gpudesk.core.models import (
    Billing,
    Constraints,
    Job,
    ModelArch,
    Objective,
    Optimizer,
    Precision,
    Recompute,
    TaskKind,
)
from gpudesk.errors import GpudeskError
from gpudesk.ui.fmt import number, parse_quantity
from gpudesk.ui.labels import label

CUSTOM = "__params__"
IMPORTED = "__imported__"
ROLE_KIND = Qt.UserRole + 1


class JobForm(QScrollArea):
    """Describe the model, the training or serving job and the rental constraints."""

    edited = Signal()
    import_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._loading = False
        self._errors: dict[str, str] = {}
        self._presets: dict[str, object] = {}
        self._imported: ModelArch | None = None
        # what a loaded plan holds beyond the form's fields (GPU allow-list, MFU, LoRA targets...)
        self._base_job: Job | None = None
        self._base_constraints: Constraints | None = None
        self._setup_ui()
        self.retranslate_ui()
        self._validate_all()

    # --- building ---------------------------------------------------------------------------

    def _setup_ui(self) -> None:
        self.setWidgetResizable(True)
        self.setFrameShape(QScrollArea.NoFrame)
        inner = QWidget()
        outer = QVBoxLayout(inner)
        outer.setContentsMargins(6, 6, 6, 6)
        self._labels: dict[str, QLabel] = {}
        self._error_labels: dict[str, QLabel] = {}

        # model
        self.model_box = QGroupBox()
        form = self._form(self.model_box)
        self.model_combo = QComboBox()
        self.model_combo.setModel(QStandardItemModel(self.model_combo))
        self.model_combo.setMaxVisibleItems(25)
        self._row(form, "model", self.model_combo)
        self.params_edit = QLineEdit()
        self.params_edit.setPlaceholderText("7B")
        self._row(form, "params", self.params_edit)
        self.import_button = QPushButton()
        self.import_button.clicked.connect(self.import_requested)
        form.addRow(self.import_button)
        self.model_info = QLabel()
        self.model_info.setWordWrap(True)
        self.model_info.setStyleSheet("color: #555753;")
        form.addRow(self.model_info)
        outer.addWidget(self.model_box)

        # training
        self.train_box = QGroupBox()
        form = self._form(self.train_box)
        self.task_combo = self._enum_combo(TaskKind)
        self._row(form, "task", self.task_combo)
        self.precision_combo = self._enum_combo(Precision)
        self._row(form, "precision", self.precision_combo)
        self.optimizer_combo = self._enum_combo(Optimizer)
        self._row(form, "optimizer", self.optimizer_combo)
        self.seq_spin = self._spin(1, 1 << 21, 2048)
        self._row(form, "seq_len", self.seq_spin)
        self.micro_spin = self._spin(1, 4096, 1)
        self._row(form, "micro_batch", self.micro_spin)
        self.accum_spin = self._spin(1, 65536, 8)
        self._row(form, "grad_accum", self.accum_spin)
        self.recompute_combo = self._enum_combo(Recompute)
        self._row(form, "recompute", self.recompute_combo)
        self.flash_check = QCheckBox()
        self.flash_check.setChecked(True)
        self.flash_check.toggled.connect(self._changed)
        self._row(form, "flash", self.flash_check)
        self.lora_spin = self._spin(1, 4096, 16)
        self._row(form, "lora_rank", self.lora_spin)
        self.tokens_edit = QLineEdit("1B")
        self._row(form, "tokens", self.tokens_edit)
        self.epochs_spin = QDoubleSpinBox()
        self.epochs_spin.setRange(0.01, 1000)
        self.epochs_spin.setDecimals(2)
        self.epochs_spin.setValue(1.0)
        self.epochs_spin.valueChanged.connect(self._changed)
        self._row(form, "epochs", self.epochs_spin)
        self.total_tokens = QLabel()
        self.total_tokens.setStyleSheet("color: #555753;")
        form.addRow(self.total_tokens)
        self.concurrency_spin = self._spin(1, 1_000_000, 1)
        self._row(form, "concurrency", self.concurrency_spin)
        self.headroom_spin = self._spin(0, 90, 10)
        self.headroom_spin.setSuffix(" %")
        self._row(form, "headroom", self.headroom_spin)
        outer.addWidget(self.train_box)

        # constraints
        self.constraints_box = QGroupBox()
        form = self._form(self.constraints_box)
        self.objective_combo = self._enum_combo(Objective)
        self._row(form, "objective", self.objective_combo)
        self.budget_edit = QLineEdit()
        self._row(form, "budget", self.budget_edit)
        self.deadline_edit = QLineEdit()
        self._row(form, "deadline", self.deadline_edit)
        self.billing_combo = QComboBox()
        for value in (None, Billing.HOURLY, Billing.MONTHLY):
            self.billing_combo.addItem("", value and value.value)
        self.billing_combo.currentIndexChanged.connect(self._changed)
        self._row(form, "billing", self.billing_combo)
        self.region_combo = QComboBox()
        self.region_combo.addItem("", None)
        self.region_combo.currentIndexChanged.connect(self._changed)
        self._row(form, "region", self.region_combo)
        self.providers_list = QListWidget()
        self.providers_list.setMaximumHeight(110)
        self.providers_list.itemChanged.connect(self._changed)
        self._row(form, "providers", self.providers_list)
        self.max_gpus_spin = self._spin(1, 4096, 64)
        self._row(form, "max_gpus", self.max_gpus_spin)
        outer.addWidget(self.constraints_box)
        outer.addStretch(1)
        self.setWidget(inner)

        # defaults: core's own Job and Constraints defaults (a BF16 AdamW full fine-tune)
        self._loading = True
        self._select(self.task_combo, TaskKind.FULL.value)
        self._select(self.precision_combo, Precision.BF16.value)
        self._select(self.optimizer_combo, Optimizer.ADAMW.value)
        self._select(self.recompute_combo, Recompute.NONE.value)
        self._select(self.objective_combo, Objective.CHEAPEST.value)
        self._loading = False
        self.model_combo.currentIndexChanged.connect(self._model_changed)
        for edit in (self.params_edit, self.tokens_edit, self.budget_edit, self.deadline_edit):
            edit.textChanged.connect(self._changed)
        self.task_combo.currentIndexChanged.connect(self._update_enabled)
        self.objective_combo.currentIndexChanged.connect(self._update_enabled)
        self._update_enabled()

    def _form(self, box: QGroupBox) -> QFormLayout:
        form = QFormLayout(box)
        form.setFieldGrowthPolicy(QFormLayout.AllNonFixedFieldsGrow)
        form.setContentsMargins(6, 6, 6, 6)
        form.setVerticalSpacing(4)
        return form

    def _row(self, form: QFormLayout, key: str, field: QWidget) -> None:
        lab = QLabel()
        lab.setBuddy(field)
        self._labels[key] = lab
        form.addRow(lab, field)
        err = QLabel()
        err.setObjectName(f"error_{key}")
        err.setStyleSheet("color: #cc0000;")
        err.setWordWrap(True)
        err.hide()
        self._error_labels[key] = err
        form.addRow(err)
        setattr(self, f"_field_{key}", field)

    def _enum_combo(self, enum) -> QComboBox:
        combo = QComboBox()
        for member in enum:
            combo.addItem("", member.value)
        combo.currentIndexChanged.connect(self._changed)
        return combo

    def _spin(self, lo: int, hi: int, value: int) -> QSpinBox:
        spin = QSpinBox()
        spin.setRange(lo, hi)
        spin.setValue(value)
        spin.setGroupSeparatorShown(True)
        spin.setKeyboardTracking(True)
        spin.valueChanged.connect(self._changed)
        return spin

    # --- translation --------------------------------------------------------------------------

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.LanguageChange:
            self.retranslate_ui()
        super().changeEvent(event)

    def retranslate_ui(self) -> None:
        self.model_box.setTitle(self.tr("Model"))
        self.train_box.setTitle(self.tr("Job"))
        self.constraints_box.setTitle(self.tr("Constraints"))
        self.import_button.setText(self.tr("Import Hugging Face config.json…"))
        self.import_button.setToolTip(self.tr("Read the architecture from a model's config.json (or drop the file on the window)"))
        texts = {
            "model": (self.tr("Model"), self.tr("A published model preset, grouped by the guide's task classes")),
            "params": (self.tr("Parameters"), self.tr("Bare parameter count for a custom model, e.g. 7B, 350M, 1.3e9")),
            "task": (self.tr("Task"), self.tr("What the GPUs will do: pre-train, fine-tune (full, LoRA, QLoRA) or serve")),
            "precision": (self.tr("Precision"), self.tr("Number format for training; BF16 mixed precision is the norm, FP32 doubles memory")),
            "optimizer": (self.tr("Optimizer"), self.tr("AdamW keeps 12 bytes of state per trained parameter; 8-bit Adam and SGD keep less")),
            "seq_len": (self.tr("Sequence length"), self.tr("Tokens per training sample (context length)")),
            "micro_batch": (self.tr("Micro-batch"), self.tr("Samples each GPU processes at once; activations grow with it")),
            "grad_accum": (self.tr("Gradient accumulation"), self.tr("Micro-batches summed before each optimizer step; raises the batch without memory")),
            "recompute": (self.tr("Recomputation"), self.tr("Recompute activations in the backward pass: saves memory, costs about a third more compute")),
            "flash": (self.tr("Flash attention"), self.tr("Fused attention kernel that never stores the attention-score matrix")),
            "lora_rank": (self.tr("LoRA rank"), self.tr("Rank r of the low-rank adapters; trainable parameters grow linearly with it")),
            "tokens": (self.tr("Dataset tokens"), self.tr("Tokens in the training set for one pass, e.g. 2B")),
            "epochs": (self.tr("Epochs"), self.tr("Passes over the dataset; total tokens = dataset tokens × epochs")),
            "concurrency": (self.tr("Serving concurrency"), self.tr("Sequences served at the same time; each needs its own KV cache")),
            "headroom": (self.tr("Memory headroom"), self.tr("Share of each GPU's memory kept free for fragmentation and spikes")),
            "objective": (self.tr("Objective"), self.tr("What to optimise when ranking configurations")),
            "budget": (self.tr("Budget (CNY)"), self.tr("Most you will spend on the run, in yuan; empty = no limit")),
            "deadline": (self.tr("Deadline (days)"), self.tr("Longest the run may take, in days; empty = no limit")),
            "billing": (self.tr("Billing"), self.tr("Rent by the hour or by the month; default: whichever is cheaper")),
            "region": (self.tr("Region"), self.tr("Only offers in this region")),
            "providers": (self.tr("Providers"), self.tr("Only these providers; none ticked = all")),
            "max_gpus": (self.tr("Most GPUs"), self.tr("Largest GPU count to consider")),
        }
        for key, (text, tip) in texts.items():
            self._labels[key].setText(text)
            self._labels[key].setToolTip(tip)
            getattr(self, f"_field_{key}").setToolTip(tip)
        for combo in (self.task_combo, self.precision_combo, self.optimizer_combo, self.recompute_combo,
                      self.objective_combo):
            for i in range(combo.count()):
                combo.setItemText(i, label(combo.itemData(i)))
        self.billing_combo.setItemText(0, self.tr("Whichever is cheaper"))
        self.billing_combo.setItemText(1, label("hourly"))
        self.billing_combo.setItemText(2, label("monthly"))
        self.region_combo.setItemText(0, self.tr("Any region"))
        self.budget_edit.setPlaceholderText(self.tr("no limit"))
        self.deadline_edit.setPlaceholderText(self.tr("no limit"))
        self._retranslate_models()
        self._validate_all()

    def _retranslate_models(self) -> None:
        from gpudesk.core.i18n import current_language

        model = self.model_combo.model()
        for row in range(model.rowCount()):
            item = model.item(row)
            kind = item.data(ROLE_KIND)
            if kind == "header":
                names = item.data(Qt.UserRole + 2) or ("", "")
                item.setText(names[1] if current_language() == "zh_CN" else names[0])
            elif kind == CUSTOM:
                item.setText(self.tr("Custom: parameter count"))
            elif kind == IMPORTED and self._imported is not None:
                item.setText(self.tr("Imported: %1").replace("%1", self._imported.name))

    # --- data in ------------------------------------------------------------------------------

    def set_catalog(self, presets, providers=(), regions=()) -> None:
        """Fill the preset, provider and region lists (ModelPreset, Provider rows; region names)."""
        from gpudesk.catalog.schema import TASK_CLASSES

        with QSignalBlocker(self.model_combo):
            current = self.model_combo.currentData()
            model: QStandardItemModel = self.model_combo.model()
            model.clear()
            self._presets = {}
            groups: dict[str, list] = {}
            for preset in presets:
                groups.setdefault(preset.task_class, []).append(preset)
            order = list(TASK_CLASSES) + sorted(set(groups) - set(TASK_CLASSES))
            bold = QFont()
            bold.setBold(True)
            for klass in order:
                if klass not in groups:
                    continue
                header = QStandardItem()
                header.setData("header", ROLE_KIND)
                header.setData(TASK_CLASSES.get(klass, (klass, klass)), Qt.UserRole + 2)
                header.setFlags(Qt.NoItemFlags)
                header.setFont(bold)
                model.appendRow(header)
                for preset in groups[klass]:
                    item = QStandardItem("    " + preset.name)
                    item.setData(preset.id, Qt.UserRole)
                    item.setData("preset", ROLE_KIND)
                    item.setToolTip(preset.source or "")
                    model.appendRow(item)
                    self._presets[preset.id] = preset
            custom = QStandardItem()
            custom.setData(CUSTOM, Qt.UserRole)
            custom.setData(CUSTOM, ROLE_KIND)
            model.appendRow(custom)
            self._retranslate_models()
            index = self.model_combo.findData(current) if current else -1
            if index < 0:
                index = self._default_preset_index()
            self.model_combo.setCurrentIndex(index)
        self.providers_list.blockSignals(True)
        self.providers_list.clear()
        for provider in providers:
            item = QListWidgetItem(provider.display_name)
            item.setData(Qt.UserRole, provider.id)
            item.setFlags(item.flags() | Qt.ItemIsUserCheckable)
            item.setCheckState(Qt.Unchecked)
            self.providers_list.addItem(item)
        self.providers_list.blockSignals(False)
        with QSignalBlocker(self.region_combo):
            while self.region_combo.count() > 1:
                self.region_combo.removeItem(1)
            for region in regions:
                self.region_combo.addItem(region, region)
        self._model_changed()

    def _default_preset_index(self) -> int:
        for wanted in ("llama-2-7b", "qwen2-7b", "mistral-7b"):
            index = self.model_combo.findData(wanted)
            if index >= 0:
                return index
        for row in range(self.model_combo.count()):
            if self.model_combo.itemData(row, ROLE_KIND) == "preset":
                return row
        return max(0, self.model_combo.findData(CUSTOM))

    def set_imported_arch(self, arch: ModelArch) -> None:
        """Add (or replace) the imported model and select it."""
        self._imported = arch
        model: QStandardItemModel = self.model_combo.model()
        row = self.model_combo.findData(IMPORTED)
        if row < 0:
            item = QStandardItem()
            item.setData(IMPORTED, Qt.UserRole)
            item.setData(IMPORTED, ROLE_KIND)
            model.appendRow(item)
            row = model.rowCount() - 1
        model.item(row).setToolTip(arch.source or "")
        self._retranslate_models()
        self.model_combo.setCurrentIndex(row)
        self._model_changed()

    def import_config(self, path: str | Path) -> ModelArch:
        """Read a Hugging Face config.json and select it (GpudeskError naming the problem)."""
        from gpudesk.core.engine.architecture import from_hf_config

        path = Path(path)
        try:
            cfg = json.loads(path.read_text(encoding="utf-8"))
        except OSError as exc:
            raise GpudeskError(self.tr("cannot read %1: %2").replace("%1", str(path)).replace("%2", exc.strerror or str(exc))) from None
        except ValueError as exc:
            raise GpudeskError(self.tr("%1 is not valid JSON: %2").replace("%1", path.name).replace("%2", str(exc))) from None
        if not isinstance(cfg, dict):
            raise GpudeskError(self.tr("%1 is not a config.json object").replace("%1", path.name))
        name = cfg.get("_name_or_path") or path.parent.name or path.stem
        arch = from_hf_config(cfg, name=str(name), source=str(path))
        self.set_imported_arch(arch)
        return arch

    def set_values(self, job: Job, constraints: Constraints) -> None:
        """Show a plan's job and constraints (emits `edited` once)."""
        self._loading = True
        self._base_job, self._base_constraints = job, constraints
        try:
            arch = job.model
            if arch.id and self.model_combo.findData(arch.id) >= 0:
                self.model_combo.setCurrentIndex(self.model_combo.findData(arch.id))
            elif arch.hidden_size is None and arch.params_hint:
                self.model_combo.setCurrentIndex(self.model_combo.findData(CUSTOM))
                self.params_edit.setText(self._short(arch.params_hint))
            else:
                self.set_imported_arch(arch)
            self._select(self.task_combo, job.task.value)
            self._select(self.precision_combo, job.precision.value)
            self._select(self.optimizer_combo, job.optimizer.value)
            self._select(self.recompute_combo, job.recompute.value)
            self.seq_spin.setValue(job.seq_len)
            self.micro_spin.setValue(job.micro_batch)
            self.accum_spin.setValue(job.grad_accum)
            self.flash_check.setChecked(job.flash_attention)
            self.lora_spin.setValue(job.lora_rank)
            self.tokens_edit.setText(self._short(job.tokens) if job.tokens else "")
            self.epochs_spin.setValue(1.0)
            self.concurrency_spin.setValue(job.concurrency)
            self.headroom_spin.setValue(round(job.headroom * 100))
            self._select(self.objective_combo, constraints.objective.value)
            self.budget_edit.setText("" if constraints.budget is None else f"{constraints.budget:g}")
            self.deadline_edit.setText("" if constraints.deadline_hours is None else f"{constraints.deadline_hours / 24:g}")
            self._select(self.billing_combo, constraints.billing.value if constraints.billing else None)
            if constraints.region and self.region_combo.findData(constraints.region) < 0:
                self.region_combo.addItem(constraints.region, constraints.region)
            self._select(self.region_combo, constraints.region)
            for i in range(self.providers_list.count()):
                item = self.providers_list.item(i)
                item.setCheckState(Qt.Checked if item.data(Qt.UserRole) in constraints.providers else Qt.Unchecked)
            self.max_gpus_spin.setValue(min(constraints.max_gpus, self.max_gpus_spin.maximum()))
        finally:
            self._loading = False
        self._update_enabled()
        self._validate_all()
        self.edited.emit()

    @staticmethod
    def _select(combo: QComboBox, data) -> None:
        index = combo.findData(data)
        if index >= 0:
            combo.setCurrentIndex(index)

    @staticmethod
    def _short(value: float) -> str:
        for factor, suffix in ((1e12, "T"), (1e9, "B"), (1e6, "M"), (1e3, "k")):
            if value >= factor and (value / factor) == round(value / factor, 3):
                return f"{value / factor:g}{suffix}"
        return f"{value:g}"

    # --- validation ---------------------------------------------------------------------------

    def _changed(self, *_args) -> None:
        if self._loading:
            return
        self._validate_all()
        self.edited.emit()

    def _model_changed(self, *_args) -> None:
        kind = self.model_combo.currentData(ROLE_KIND)
        self.params_edit.setEnabled(kind == CUSTOM)
        self._changed()

    def _update_enabled(self, *_args) -> None:
        task = self.task_combo.currentData()
        self.lora_spin.setEnabled(task in ("lora", "qlora"))
        trains = task != "inference"
        for widget in (self.optimizer_combo, self.micro_spin, self.accum_spin, self.recompute_combo,
                       self.tokens_edit, self.epochs_spin):
            widget.setEnabled(trains)
        self.concurrency_spin.setEnabled(task in ("inference", "mixed"))
        self._changed()

    def _set_error(self, key: str, message: str | None) -> None:
        err = self._error_labels[key]
        if message:
            self._errors[key] = message
            err.setText(message)
            err.show()
        else:
            self._errors.pop(key, None)
            err.hide()

    def _positive(self, key: str, text: str, *, required: bool, unit_hint: str = "") -> float | None:
        if not text.strip():
            if required:
                self._set_error(key, self.tr("required"))
            else:
                self._set_error(key, None)
            return None
        try:
            value = parse_quantity(text)
        except ValueError as exc:
            self._set_error(key, str(exc))
            return None
        if value <= 0:
            self._set_error(key, self.tr("must be more than zero"))
            return None
        self._set_error(key, None)
        return value

    def _validate_all(self) -> None:
        kind = self.model_combo.currentData(ROLE_KIND)
        if kind == CUSTOM:
            n = self._positive("params", self.params_edit.text(), required=True)
            if n is not None and n < 1e5:
                self._set_error("params", self.tr("too small for a neural network: give the count, e.g. 7B"))
            elif n is not None and n > 1e14:
                self._set_error("params", self.tr("more than 100 trillion parameters: check the unit"))
        else:
            self._set_error("params", None)
        if self.model_combo.currentIndex() < 0 or kind == "header":
            self._set_error("model", self.tr("pick a model"))
        else:
            self._set_error("model", None)
        trains = self.task_combo.currentData() != "inference"
        tokens = self._positive("tokens", self.tokens_edit.text(), required=False) if trains else None
        if trains and tokens is not None and "tokens" not in self._errors:
            self.total_tokens.setText(self.tr("Total training tokens: %1").replace(
                "%1", number(tokens * self.epochs_spin.value(), 0)))
        else:
            self.total_tokens.setText(self.tr("No dataset size: training time and cost are not estimated")
                                      if trains else "")
        objective = self.objective_combo.currentData()
        self._positive("budget", self.budget_edit.text(), required=objective == "budget")
        self._positive("deadline", self.deadline_edit.text(), required=objective == "deadline")
        precision, task = self.precision_combo.currentData(), self.task_combo.currentData()
        if task == "qlora" and precision == "fp32":
            self._set_error("precision", self.tr("QLoRA trains adapters in 16-bit: pick BF16 or FP16"))
        else:
            self._set_error("precision", None)
        self._update_model_info()

    def _update_model_info(self) -> None:
        kind = self.model_combo.currentData(ROLE_KIND)
        arch = None
        if kind == "preset":
            preset = self._presets.get(self.model_combo.currentData())
            arch = getattr(preset, "arch", None)
        elif kind == IMPORTED:
            arch = self._imported
        if arch is None or arch.hidden_size is None:
            self.model_info.setText("")
            return
        parts = [self.tr("%1 layers").replace("%1", str(arch.num_layers)),
                 self.tr("hidden %1").replace("%1", str(arch.hidden_size))]
        if arch.num_heads:
            parts.append(self.tr("%1 heads").replace("%1", str(arch.num_heads)))
        if arch.num_kv_heads and arch.num_kv_heads != arch.num_heads:
            parts.append(self.tr("%1 KV heads").replace("%1", str(arch.num_kv_heads)))
        if arch.num_experts > 1:
            parts.append(self.tr("%1 experts").replace("%1", str(arch.num_experts)))
        self.model_info.setText(", ".join(parts))

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
        raise GpudeskError(self.tr("pick a model"))

    def job_and_constraints(self) -> tuple[Job, Constraints]:
        """Core's Job and Constraints from the fields (GpudeskError naming the first bad field)."""
        if self._errors:
            key, message = next(iter(self._errors.items()))
            raise GpudeskError(f"{self._labels[key].text()}: {message}")
        task = TaskKind(self.task_combo.currentData())
        tokens = None
        if task.trains and self.tokens_edit.text().strip():
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
            flash_attention=self.flash_check.isChecked(),
            lora_rank=self.lora_spin.value(),
            tokens=tokens,
            concurrency=self.concurrency_spin.value(),
            headroom=self.headroom_spin.value() / 100.0,
        )
        job = self._base_job.model_copy(update=fields) if self._base_job is not None else Job(**fields)
        budget = self.budget_edit.text().strip()
        deadline = self.deadline_edit.text().strip()
        billing = self.billing_combo.currentData()
        fields = dict(
            objective=Objective(self.objective_combo.currentData()),
            budget=parse_quantity(budget) if budget else None,
            deadline_hours=parse_quantity(deadline) * 24 if deadline else None,
            providers=[self.providers_list.item(i).data(Qt.UserRole) for i in range(self.providers_list.count())
                       if self.providers_list.item(i).checkState() == Qt.Checked],
            region=self.region_combo.currentData(),
            billing=Billing(billing) if billing else None,
            max_gpus=self.max_gpus_spin.value(),
        )
        base = self._base_constraints
        constraints = base.model_copy(update=fields) if base is not None else Constraints(**fields)
        # model_copy skips validation: validate the merged values once
        return Job.model_validate(job.model_dump()), Constraints.model_validate(constraints.model_dump())
