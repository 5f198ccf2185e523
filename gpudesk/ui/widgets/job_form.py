"""The job and constraints form: every field validated as typed, the reason shown beside it.

The form knows nothing of the window: it emits `edited(field)` whenever a value changes and hands
out core's own types through `job_and_constraints()` / `read()` (widgets/job_values.py).
The mouse wheel changes a field only once it has focus (widgets/wheel.py).
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QStandardItemModel
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDoubleSpinBox,
    QFormLayout,
    QGroupBox,
    QLabel,
    QLineEdit,
    QListWidget,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QWidget,
)

from gpudesk.core import defaults as D
from gpudesk.core import units
from gpudesk.core.engine.frameworks import default_choice
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
from gpudesk.ui.labels import capitalised
from gpudesk.ui.widgets.job_engine import EngineInputs
from gpudesk.ui.widgets.job_values import CUSTOM, IMPORTED, ROLE_KIND, JobValues
from gpudesk.ui.widgets.wheel import guard_wheel
from gpudesk.ui.widgets.page import (
    Retranslated,
    field_row,
    grow_form,
    hint_label,
    scroll_page,
    set_field_texts,
    set_item_texts,
    set_texts,
)

__all__ = ["CUSTOM", "IMPORTED", "ROLE_KIND", "JobForm"]


class JobForm(Retranslated, JobValues, EngineInputs, QScrollArea):
    """Describe the model, the training or serving job and the rental constraints."""

    edited = Signal(str)  # the key of the field that changed ("plan" when a whole plan was shown)
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
        self._params_shown = False  # the parameter field shows a preset's count, not the user's
        self._providers: list = []
        self._hidden: set[str] = set()  # rows that do not apply to the task (a service has no optimizer)
        self._setup_ui()
        self.retranslate_ui()
        self._validate_all()

    # --- building ---------------------------------------------------------------------------

    def _setup_ui(self) -> None:
        outer = scroll_page(self)
        self._labels: dict[str, QLabel] = {}
        self._error_labels: dict[str, QLabel] = {}
        self._forms: dict[str, QFormLayout] = {}

        # model
        self.model_box = QGroupBox()
        form = self._form(self.model_box)
        self.model_combo = QComboBox()
        self.model_combo.setModel(QStandardItemModel(self.model_combo))
        self.model_combo.setMaxVisibleItems(25)
        self._row(form, "model", self.model_combo)
        self.params_edit = QLineEdit()
        self._row(form, "params", self.params_edit)
        self.import_button = QPushButton()
        self.import_button.clicked.connect(self.import_requested)
        form.addRow(self.import_button)
        self.model_info = hint_label()
        form.addRow(self.model_info)
        outer.addWidget(self.model_box)

        # training
        self.train_box = QGroupBox()
        form = self._form(self.train_box)
        self.task_combo = self._enum_combo(TaskKind)
        self._row(form, "task", self.task_combo)
        self.precision_combo = self._enum_combo(Precision, "precision")
        self._row(form, "precision", self.precision_combo)
        self.optimizer_combo = self._enum_combo(Optimizer, "optimizer")
        self._row(form, "optimizer", self.optimizer_combo)
        self.seq_spin = self._spin(1, 1 << 21, D.SEQ_LEN, "seq_len")
        self._row(form, "seq_len", self.seq_spin)
        self.micro_spin = self._spin(1, 4096, D.job_default("micro_batch"), "micro_batch")
        self._row(form, "micro_batch", self.micro_spin)
        self.accum_spin = self._spin(1, 65536, D.job_default("grad_accum"), "grad_accum")
        self._row(form, "grad_accum", self.accum_spin)
        self.recompute_combo = self._enum_combo(Recompute, "recompute")
        self._row(form, "recompute", self.recompute_combo)
        # the training stack (issue 14); words from core (defaults.ENGINE_INPUTS, units.label)
        self.framework_combo = self._choice_combo(D.ENGINE_INPUTS["framework"].choices, "framework")
        self._row(form, "framework", self.framework_combo)
        self.states_combo = self._choice_combo(D.ENGINE_INPUTS["model_states"].choices, "model_states")
        self._row(form, "model_states", self.states_combo)
        self.loss_combo = self._choice_combo(D.ENGINE_INPUTS["loss"].choices, "loss")
        self._row(form, "loss", self.loss_combo)
        self.flash_check = QCheckBox()
        self.flash_check.setChecked(D.job_default("flash_attention"))
        self.flash_check.toggled.connect(lambda *_: self._changed("flash"))
        self._row(form, "flash", self.flash_check)
        self.lora_spin = self._spin(1, 4096, D.job_default("lora_rank"), "lora_rank")
        self._row(form, "lora_rank", self.lora_spin)
        self.tokens_edit = QLineEdit(self._short(D.STARTING_TOKENS))
        self._row(form, "tokens", self.tokens_edit)
        self.epochs_spin = QDoubleSpinBox()
        self.epochs_spin.setRange(0.01, 1000)
        self.epochs_spin.setDecimals(2)
        self.epochs_spin.setValue(1.0)
        self.epochs_spin.valueChanged.connect(lambda *_: self._changed("epochs"))
        self._row(form, "epochs", self.epochs_spin)
        self.total_tokens = hint_label(wrap=False)
        form.addRow(self.total_tokens)
        self.headroom_spin = self._spin(0, 90, round(D.job_default("headroom") * 100), "headroom")
        self.headroom_spin.setSuffix(" %")
        self._row(form, "headroom", self.headroom_spin)
        self._setup_engine_inputs(form)  # virtual stages, global batch, CP, EP: folded away
        outer.addWidget(self.train_box)

        # serving (task inference, and the serving half of mixed): inputs, ranges and words from core
        self.serving_box = QGroupBox()
        form = self._form(self.serving_box)
        users = D.SERVING_INPUTS["concurrency"].limits
        self.concurrency_spin = self._spin(int(users.lo), int(users.hi), D.job_default("concurrency"), "concurrency")
        self._row(form, "concurrency", self.concurrency_spin)
        context = D.SERVING_INPUTS["serving_context"].limits
        self.context_spin = self._spin(0, int(context.hi), 0, "serving_context")  # 0: the sequence length
        self._row(form, "serving_context", self.context_spin)
        self.weight_combo = self._choice_combo(D.SERVING_INPUTS["weight_precision"].choices, "weight_precision")
        self._row(form, "weight_precision", self.weight_combo)
        self.kv_combo = self._choice_combo(D.SERVING_INPUTS["kv_precision"].choices, "kv_precision")
        self._row(form, "kv_precision", self.kv_combo)
        months = D.SERVING_INPUTS["service_months"].limits
        self.service_spin = QDoubleSpinBox()
        self.service_spin.setRange(max(months.lo, 0.01), months.hi)
        self.service_spin.setDecimals(2)
        self.service_spin.setValue(D.service_months(D.job_default("service_hours")))
        self.service_spin.valueChanged.connect(lambda *_: self._changed("service_months"))
        self._row(form, "service_months", self.service_spin)
        self.target_edit = QLineEdit()
        self.target_edit.textChanged.connect(lambda *_: self._changed("target_tokens_per_user"))
        self._row(form, "target_tokens_per_user", self.target_edit)
        outer.addWidget(self.serving_box)

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
        self.billing_combo.currentIndexChanged.connect(lambda *_: self._changed("billing"))
        self._row(form, "billing", self.billing_combo)
        self.region_combo = QComboBox()
        self.region_combo.addItem("", None)
        self.region_combo.currentIndexChanged.connect(lambda *_: self._changed("region"))
        self._row(form, "region", self.region_combo)
        self.providers_list = QListWidget()
        self.providers_list.setMaximumHeight(110)
        self.providers_list.itemChanged.connect(lambda *_: self._changed("providers"))
        self._row(form, "providers", self.providers_list)
        # 0 reads "automatic": core's default (one 8-GPU node unless the job needs more), max_gpus None
        self.max_gpus_spin = self._spin(0, 4096, D.constraint_default("max_gpus") or 0, "max_gpus")
        self._row(form, "max_gpus", self.max_gpus_spin)
        outer.addWidget(self.constraints_box)
        outer.addStretch(1)

        # defaults: core's own (gpudesk.core.defaults, the models' field defaults), as the CLI's options
        self._loading = True
        self._select(self.task_combo, D.job_default("task").value)
        self._select(self.precision_combo, D.job_default("precision").value)
        self._select(self.optimizer_combo, D.job_default("optimizer").value)
        self._select(self.recompute_combo, D.job_default("recompute").value)
        self._select(self.objective_combo, D.constraint_default("objective").value)
        self._loading = False
        self.model_combo.currentIndexChanged.connect(self._model_changed)
        for key, edit in (
            ("params", self.params_edit),
            ("tokens", self.tokens_edit),
            ("budget", self.budget_edit),
            ("deadline", self.deadline_edit),
        ):
            edit.textChanged.connect(lambda *_, k=key: self._changed(k))
        self.task_combo.currentIndexChanged.connect(lambda *_: self._update_enabled("task"))
        self.objective_combo.currentIndexChanged.connect(lambda *_: self._update_enabled("objective"))
        self._update_enabled()
        guard_wheel(self.widget())

    def sizeHint(self):  # noqa: N802 - Qt's name
        """Wide enough for the form and the vertical scroll bar it always needs at 768 px: without the bar's
        width the dock opened 14 px too narrow and showed a horizontal scroll bar (seen at 1366×768)."""
        hint = super().sizeHint()
        inner = self.widget()
        if inner is not None:
            need = inner.minimumSizeHint().width() + self.verticalScrollBar().sizeHint().width() + 2 * self.frameWidth()
            hint.setWidth(max(hint.width(), need))
        return hint

    def _form(self, box: QGroupBox) -> QFormLayout:
        form = grow_form(box)
        form.setContentsMargins(6, 6, 6, 6)
        form.setVerticalSpacing(4)
        return form

    def _row(self, form: QFormLayout, key: str, field: QWidget) -> None:
        self._labels[key], self._error_labels[key] = field_row(form, key, field)
        self._forms[key] = form
        setattr(self, f"_field_{key}", field)

    def _show_row(self, key: str, visible: bool) -> None:
        """Show or hide a field with its label (and its error, if it has one)."""
        form, field = self._forms[key], getattr(self, f"_field_{key}")
        (self._hidden.discard if visible else self._hidden.add)(key)
        form.setRowVisible(field, visible)
        self._error_labels[key].setVisible(visible and key in self._errors)

    def _enum_combo(self, enum, key: str | None = None) -> QComboBox:
        combo = QComboBox()
        for member in enum:
            combo.addItem("", member.value)
        if key is not None:
            combo.currentIndexChanged.connect(lambda *_: self._changed(key))
        return combo

    def _choice_combo(self, values, key: str) -> QComboBox:
        """A combo whose first item (None) follows the job's precision."""
        combo = QComboBox()
        combo.addItem("", None)
        for value in values:
            combo.addItem("", value)
        combo.currentIndexChanged.connect(lambda *_: self._changed(key))
        return combo

    def _spin(self, lo: int, hi: int, value: int, key: str) -> QSpinBox:
        from gpudesk.core.limits import RANGES

        spin = QSpinBox()
        if key in RANGES and RANGES[key].whole:  # never above what core, the CLI and plan files accept
            hi = min(hi, int(RANGES[key].hi))  # (the low end may hold a form-only "automatic" 0)
        spin.setRange(lo, hi)
        spin.setValue(value)
        spin.setGroupSeparatorShown(True)
        spin.setKeyboardTracking(True)
        spin.valueChanged.connect(lambda *_: self._changed(key))
        return spin

    # --- translation --------------------------------------------------------------------------

    def retranslate_ui(self) -> None:
        set_texts(
            self,
            {
                "model_box": self.tr("Model"),
                "train_box": self.tr("Job"),
                "serving_box": self.tr("Serving"),
                "constraints_box": self.tr("Constraints"),
                "import_button": (
                    self.tr("Import Hugging Face config.json…"),
                    self.tr("Read the architecture from a model's config.json (or drop the file on the window)"),
                ),
            },
        )
        # fmt: off
        # data: one field a row (label, tooltip), in the form's order
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
        # fmt: on
        self.max_gpus_spin.setSpecialValueText(self.tr("Auto (one node)"))
        for key in ("serving_context", "weight_precision", "kv_precision", "service_months", "target_tokens_per_user"):
            spec = D.SERVING_INPUTS[key]  # words defined once in core, in both languages
            texts[key] = (spec.label(), spec.help())
        for key in ("framework", "model_states", "loss"):
            spec = D.ENGINE_INPUTS[key]
            texts[key] = (spec.label(), spec.help())
        self._retranslate_engine_inputs(texts)
        set_field_texts(self._labels, texts)
        for combo, kind in (
            (self.task_combo, "task"),
            (self.precision_combo, "precision"),
            (self.optimizer_combo, "optimizer"),
            (self.recompute_combo, "recompute"),
            (self.objective_combo, "objective"),
        ):
            set_item_texts(combo, lambda key, kind=kind: capitalised(units.label(kind, key)))
        self.billing_combo.setItemText(0, self.tr("Whichever is cheaper"))
        self.billing_combo.setItemText(1, capitalised(units.label("billing_short", "hourly")))
        self.billing_combo.setItemText(2, capitalised(units.label("billing_short", "monthly")))
        self.region_combo.setItemText(0, self.tr("Any region"))
        self.budget_edit.setPlaceholderText(self.tr("no limit"))
        self.target_edit.setPlaceholderText(self.tr("no target"))
        self.context_spin.setSpecialValueText(self.tr("as sequence length"))
        for combo, kind in ((self.weight_combo, "weight_precision"), (self.kv_combo, "kv_precision")):
            combo.setItemText(
                0, self.tr("Same as the job's precision") if kind == "weight_precision" else self.tr("16-bit (default)")
            )
            set_item_texts(combo, lambda key, kind=kind: units.label(kind, key), start=1)
        for combo, kind in (
            (self.framework_combo, "framework"),
            (self.states_combo, "model_states"),
            (self.loss_combo, "loss"),
        ):
            combo.setItemText(0, default_choice(kind))
            set_item_texts(combo, lambda key, kind=kind: units.label(kind, key), start=1)
        self.deadline_edit.setPlaceholderText(self.tr("no limit"))
        self._retranslate_models()
        self._retranslate_providers()
        self._retranslate_regions()
        self._show_params()
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
