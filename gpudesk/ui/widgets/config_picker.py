"""A configuration picked by hand: GPU, count, offer and the whole parallel layout.

The picker only gathers a core `ManualChoice`; the window asks core (`plan.evaluate_manual`) for
the engine's answer for exactly that, and the picker shows it, with the reason when it does not fit.
"""

from __future__ import annotations

from PySide6.QtCore import QSignalBlocker, Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QWidget,
)

from gpudesk.core.models import Offload, Recompute
from gpudesk.core import units
from gpudesk.ui.labels import provider_name, region_text, verdict_head
from gpudesk.ui.widgets.wheel import guard_wheel
from gpudesk.ui.widgets.page import Retranslated, page_layout, set_field_texts, set_item_texts, set_texts

TP_CHOICES = (1, 2, 4, 8)


class ConfigPicker(Retranslated, QWidget):
    use_requested = Signal(object)  # a core.plan.ManualChoice: make it the plan's choice
    evaluate_requested = Signal(object)  # the same, only to see the answer
    reset_requested = Signal()  # back to the recommender's choice

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._catalog = None
        self._provider_names: dict[str, str] = {}
        self._setup_ui()
        self.retranslate_ui()

    def _setup_ui(self) -> None:
        outer = page_layout(self, 0)
        grid = QGridLayout()
        grid.setHorizontalSpacing(10)
        self.labels: dict[str, QLabel] = {}
        self.gpu_combo = QComboBox()
        self.gpu_combo.currentIndexChanged.connect(self._gpu_changed)
        self.count_spin = QSpinBox()
        self.count_spin.setRange(1, 4096)
        self.offer_combo = QComboBox()
        self.offer_combo.setMinimumContentsLength(24)
        self.offer_combo.setSizeAdjustPolicy(QComboBox.AdjustToMinimumContentsLengthWithIcon)
        self.tp_combo = QComboBox()
        for tp in TP_CHOICES:
            self.tp_combo.addItem(str(tp), tp)
        self.pp_spin = QSpinBox()
        self.pp_spin.setRange(1, 128)
        self.zero_combo = QComboBox()
        for z in range(4):
            self.zero_combo.addItem("", z)
        self.offload_combo = QComboBox()
        for member in Offload:
            self.offload_combo.addItem("", member.value)
        self.recompute_combo = QComboBox()
        for member in Recompute:
            self.recompute_combo.addItem("", member.value)
        self.micro_spin = QSpinBox()
        self.micro_spin.setRange(1, 4096)
        fields = (
            ("gpu", self.gpu_combo),
            ("gpus", self.count_spin),
            ("offer", self.offer_combo),
            ("tp", self.tp_combo),
            ("pp", self.pp_spin),
            ("zero", self.zero_combo),
            ("offload", self.offload_combo),
            ("recompute", self.recompute_combo),
            ("micro_batch", self.micro_spin),
        )
        # two columns of label + field: the hardware left, the layout right
        left = QFormLayout()
        right = QFormLayout()
        for form in (left, right):
            form.setHorizontalSpacing(10)
        for i, (key, widget) in enumerate(fields):
            lab = QLabel()
            lab.setBuddy(widget)
            self.labels[key] = lab
            (left if i < 3 else right).addRow(lab, widget)
        grid.addLayout(left, 0, 0)
        grid.addLayout(right, 0, 1)
        grid.setColumnStretch(0, 3)
        grid.setColumnStretch(1, 2)
        outer.addLayout(grid)
        buttons = QHBoxLayout()
        self.from_choice_button = QPushButton()
        self.evaluate_button = QPushButton()
        self.use_button = QPushButton()
        self.reset_button = QPushButton()
        self.evaluate_button.clicked.connect(lambda: self.evaluate_requested.emit(self.manual()))
        self.use_button.clicked.connect(lambda: self.use_requested.emit(self.manual()))
        self.reset_button.clicked.connect(self.reset_requested)
        for b in (self.from_choice_button, self.evaluate_button, self.use_button):
            buttons.addWidget(b)
        buttons.addStretch(1)
        buttons.addWidget(self.reset_button)
        outer.addLayout(buttons)
        self.result = QLabel()
        self.result.setObjectName("manual_result")
        self.result.setWordWrap(True)
        self.result.setTextFormat(Qt.RichText)
        self.result.setTextInteractionFlags(Qt.TextSelectableByMouse)
        outer.addWidget(self.result)
        guard_wheel(self)

    def retranslate_ui(self) -> None:
        texts = {
            "gpu": (self.tr("GPU"), self.tr("The GPU model to rent")),
            "gpus": (self.tr("GPU count"), self.tr("GPUs in all (a multiple of the GPUs per node beyond one node)")),
            "offer": (
                self.tr("Offer"),
                self.tr("Whose offer prices it; automatic = the cheapest that can hold the count"),
            ),
            "tp": (
                self.tr("Tensor parallel"),
                self.tr("GPUs one layer is split over (inside one node; must divide the heads)"),
            ),
            "pp": (self.tr("Pipeline parallel"), self.tr("Pipeline stages, each a group of layers (whole nodes)")),
            "zero": (
                self.tr("ZeRO stage"),
                self.tr(
                    "0 = every GPU keeps a full copy; 1/2/3 shard optimizer states, "
                    "gradients and parameters over the data-parallel GPUs"
                ),
            ),
            "offload": (
                self.tr("CPU offload"),
                self.tr("Keep optimizer states (and parameters) in host RAM: less GPU memory, slower"),
            ),
            "recompute": (
                self.tr("Recomputation"),
                self.tr("Recompute activations in the backward pass: less memory, more compute"),
            ),
            "micro_batch": (
                self.tr("Micro-batch"),
                self.tr("Samples per GPU per step; gradient accumulation keeps the global batch"),
            ),
        }
        set_field_texts(self.labels, texts)
        for i in range(self.zero_combo.count()):
            z = self.zero_combo.itemData(i)
            self.zero_combo.setItemText(i, self.tr("ZeRO-%1").replace("%1", str(z)) if z else self.tr("None (ZeRO-0)"))
        offload_names = {
            "none": self.tr("None"),
            "optimizer": self.tr("Optimizer states"),
            "optimizer+params": self.tr("Optimizer states and parameters"),
        }
        set_item_texts(self.offload_combo, lambda key: offload_names.get(key, key))
        set_item_texts(self.recompute_combo, lambda key: units.label("recompute", key))
        set_texts(
            self,
            {
                "from_choice_button": (
                    self.tr("Start from the current choice"),
                    self.tr("Fill these fields with the plan's chosen configuration"),
                ),
                "evaluate_button": (
                    self.tr("Evaluate"),
                    self.tr("Show the engine's answer for exactly this configuration"),
                ),
                "use_button": (
                    self.tr("Use this configuration"),
                    self.tr("Make exactly this configuration the plan's choice"),
                ),
                "reset_button": (self.tr("Back to the recommendation"), self.tr("Let the recommender choose again")),
            },
        )
        if self._catalog is not None:
            self._fill_offers()

    # --- data in ----------------------------------------------------------------------------

    def set_catalog(self, catalog) -> None:
        self._catalog = catalog
        self._provider_names = {p.id: provider_name(p) for p in catalog.providers()}
        with QSignalBlocker(self.gpu_combo):
            current = self.gpu_combo.currentData()
            self.gpu_combo.clear()
            offered = {o.gpu for o in catalog.offers()}
            for gpu in sorted(catalog.gpus(), key=lambda g: (g.id not in offered, g.name)):
                self.gpu_combo.addItem(units.localised(gpu, "name") or gpu.id, gpu.id)
            index = self.gpu_combo.findData(current)
            self.gpu_combo.setCurrentIndex(max(index, 0))
        self._fill_offers()

    def _gpu_changed(self, *_args) -> None:
        self._fill_offers()

    def _fill_offers(self) -> None:
        if self._catalog is None:
            return
        with QSignalBlocker(self.offer_combo):
            current = self.offer_combo.currentData()
            self.offer_combo.clear()
            self.offer_combo.addItem(self.tr("Automatic: the cheapest that fits"), None)
            gpu = self.gpu_combo.currentData()
            for offer in self._catalog.offers_for(gpu) if gpu else []:
                price = (
                    self.tr("%1/GPU-h").replace("%1", units.price(offer.price_per_gpu_hour, offer.currency))
                    if offer.price_per_gpu_hour is not None
                    else units.unknown()
                )
                who = self._provider_names.get(offer.provider, offer.provider)
                text = " · ".join(
                    x
                    for x in (
                        who,
                        region_text(offer.region),
                        self.tr("%1-GPU nodes").replace("%1", str(offer.gpus_per_node)),
                        price,
                    )
                    if x
                )
                self.offer_combo.addItem(text, offer.id)
            index = self.offer_combo.findData(current)
            self.offer_combo.setCurrentIndex(max(index, 0))

    def show_manual(self, manual) -> None:
        """Fill the fields from a ManualChoice (or an option's configuration)."""
        for combo, value in ((self.gpu_combo, manual.gpu),):
            index = combo.findData(value)
            if index >= 0:
                combo.setCurrentIndex(index)
        self._fill_offers()
        self.count_spin.setValue(manual.gpus)
        self.offer_combo.setCurrentIndex(max(self.offer_combo.findData(manual.offer), 0))
        self.tp_combo.setCurrentIndex(max(self.tp_combo.findData(manual.tp), 0))
        self.pp_spin.setValue(manual.pp)
        self.zero_combo.setCurrentIndex(max(self.zero_combo.findData(manual.zero), 0))
        self.offload_combo.setCurrentIndex(
            max(self.offload_combo.findData(str(getattr(manual.offload, "value", manual.offload))), 0)
        )
        self.recompute_combo.setCurrentIndex(
            max(self.recompute_combo.findData(str(getattr(manual.recompute, "value", manual.recompute))), 0)
        )
        self.micro_spin.setValue(manual.micro_batch)

    # --- data out ---------------------------------------------------------------------------

    def manual(self):
        from gpudesk.core.plan import ManualChoice

        return ManualChoice(
            gpu=self.gpu_combo.currentData(),
            gpus=self.count_spin.value(),
            offer=self.offer_combo.currentData(),
            tp=self.tp_combo.currentData(),
            pp=self.pp_spin.value(),
            zero=self.zero_combo.currentData(),
            offload=Offload(self.offload_combo.currentData()),
            recompute=Recompute(self.recompute_combo.currentData()),
            micro_batch=self.micro_spin.value(),
        )

    def show_result(self, option=None, error: str = "") -> None:
        """The engine's answer for the picked configuration, or why it cannot run."""
        if error:
            self.result.setText(f'<span style="color:#cc0000">✘ {error}</span>')
            return
        if option is None:
            self.result.setText("")
            return
        from gpudesk.core.report.chart_data import verdict

        v = verdict(option)
        parts = [
            *verdict_head(v),
            units.hours(v.hours),
            units.money(v.cost_with_margin, v.currency),
        ]
        reasons = [a.message for a in option.advice if a.severity == "critical"]
        text = " · ".join(parts)
        if reasons:
            text += "<br>" + "<br>".join(f'<span style="color:#cc0000">• {r}</span>' for r in reasons)
        self.result.setText(text)
