"""Table model over the recommender's ranked options (display text from core's figures)."""

from __future__ import annotations

from PySide6.QtCore import (
    QAbstractTableModel,
    QCoreApplication,
    QModelIndex,
    QPersistentModelIndex,
    Qt,
)
from PySide6.QtGui import QBrush, QColor

from gpudesk.core.report.chart_data import GIB
from gpudesk.core.rules import same_configuration
from gpudesk.core.models import Option
from gpudesk.ui import fmt
from gpudesk.ui.labels import label

SORT_ROLE = Qt.UserRole
OPTION_ROLE = Qt.UserRole + 1
COLUMNS = ("rank", "gpu", "gpus", "provider", "region", "tier", "fits", "memory", "time", "cost", "margin",
           "price", "advice")


def _tr(text: str) -> str:
    return QCoreApplication.translate("OptionsModel", text)


class OptionsModel(QAbstractTableModel):
    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self._options: list[Option] = []
        self._chosen: Option | None = None
        self._provider_names: dict[str, str] = {}

    @staticmethod
    def _header_texts():
        return {
            "rank": _tr("Rank"), "gpu": _tr("GPU"), "gpus": _tr("GPUs"), "provider": _tr("Provider"),
            "region": _tr("Region"), "tier": _tr("Tier"), "fits": _tr("Fits"), "memory": _tr("Memory per GPU"),
            "time": _tr("Time"), "cost": _tr("Cost"), "margin": _tr("With trial margin"), "price": _tr("Price"),
            "advice": _tr("Advice"),
        }

    def set_options(self, options: list[Option], chosen: Option | None = None,
                    provider_names: dict[str, str] | None = None) -> None:
        self.beginResetModel()
        self._options = list(options)
        self._chosen = chosen
        if provider_names is not None:
            self._provider_names = dict(provider_names)
        self.endResetModel()

    def set_chosen(self, chosen: Option | None) -> None:
        self._chosen = chosen
        if self._options:
            self.dataChanged.emit(self.index(0, 0), self.index(len(self._options) - 1, len(COLUMNS) - 1))

    def option(self, row: int) -> Option:
        return self._options[row]

    def row_of(self, option: Option | None) -> int:
        for row, candidate in enumerate(self._options):
            if same_configuration(candidate, option):
                return row
        return -1

    def retranslate(self) -> None:
        self.headerDataChanged.emit(Qt.Horizontal, 0, len(COLUMNS) - 1)
        if self._options:
            self.dataChanged.emit(self.index(0, 0), self.index(len(self._options) - 1, len(COLUMNS) - 1))

    # --- QAbstractItemModel -----------------------------------------------------------------

    def rowCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self._options)

    def columnCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:
        return 0 if parent.isValid() else len(COLUMNS)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.DisplayRole):
        if orientation == Qt.Horizontal and 0 <= section < len(COLUMNS):
            if role == Qt.DisplayRole:
                return self._header_texts()[COLUMNS[section]]
            if role == Qt.ToolTipRole and COLUMNS[section] == "memory":
                return _tr("Memory each GPU needs, in GiB (2³⁰ bytes)")
        return None

    def data(self, index: QModelIndex | QPersistentModelIndex, role: int = Qt.DisplayRole):
        if not index.isValid() or not (0 <= index.row() < len(self._options)):
            return None
        o = self._options[index.row()]
        column = COLUMNS[index.column()]
        if role == Qt.DisplayRole:
            return self._display(o, column)
        if role == SORT_ROLE:
            return self._sort_key(o, column)
        if role == OPTION_ROLE:
            return index.row()
        if role == Qt.ToolTipRole:
            if column == "advice" and o.advice:
                return "\n".join(f"• {a.message}" for a in o.advice)
            if column == "gpu":
                return "\n".join(filter(None, [o.interconnect, o.network]))
            return None
        if role == Qt.DecorationRole and column == "advice" and o.advice:
            from PySide6.QtWidgets import QApplication, QStyle

            worst = max(o.advice, key=lambda a: ("info", "warning", "critical").index(a.severity))
            icon = {"critical": QStyle.SP_MessageBoxCritical, "warning": QStyle.SP_MessageBoxWarning}.get(
                worst.severity, QStyle.SP_MessageBoxInformation)
            return QApplication.style().standardIcon(icon)
        if role == Qt.ForegroundRole and column == "fits":
            return QBrush(QColor("#4e9a06" if o.memory.fits else "#cc0000"))
        if role == Qt.BackgroundRole and same_configuration(o, self._chosen):
            return QBrush(QColor(252, 233, 79, 90))
        if role == Qt.TextAlignmentRole and column in ("rank", "gpus", "memory", "time", "cost", "margin", "price"):
            return int(Qt.AlignRight | Qt.AlignVCenter)
        return None

    def _display(self, o: Option, column: str) -> str:
        match column:
            case "rank":
                return str(o.rank)
            case "gpu":
                return o.gpu_name or o.gpu
            case "gpus":
                return f"{o.gpus}" if o.nodes <= 1 else f"{o.gpus} ({o.nodes}×{o.gpus_per_node})"
            case "provider":
                return self._provider_names.get(o.provider or "", o.provider or _tr("own price"))
            case "region":
                return o.region or ""
            case "tier":
                return label(o.tier)
            case "fits":
                return label("yes") if o.memory.fits else label("no")
            case "memory":
                return fmt.gib(o.memory.per_gpu_bytes.total / GIB)
            case "time":
                return fmt.days(None if o.time.hours is None else o.time.hours / 24)
            case "cost":
                return fmt.money(o.cost.compute_cost, o.cost.currency)
            case "margin":
                return fmt.money(o.cost.with_trial_margin, o.cost.currency)
            case "price":
                if o.cost.price_per_gpu_hour is None:
                    return label("unknown")
                kind = f" · {label(o.price_kind)}" if o.price_kind else ""
                date = f" · {o.price_date}" if o.price_date else ""
                return _tr("%1/GPU-h").replace("%1", fmt.money(o.cost.price_per_gpu_hour, o.cost.currency, 2)) + kind + date
            case "advice":
                return str(len(o.advice)) if o.advice else ""
        return ""

    @staticmethod
    def _sort_key(o: Option, column: str):
        inf = float("inf")
        match column:
            case "rank":
                return o.rank
            case "gpu":
                return o.gpu_name or o.gpu
            case "gpus":
                return o.gpus
            case "provider":
                return o.provider or ""
            case "region":
                return o.region or ""
            case "tier":
                return ("entry", "advanced", "flagship", "multi-node").index(o.tier.value)
            case "fits":
                return int(o.memory.fits)
            case "memory":
                return o.memory.per_gpu_bytes.total
            case "time":
                return o.time.hours if o.time.hours is not None else inf
            case "cost":
                return o.cost.compute_cost if o.cost.compute_cost is not None else inf
            case "margin":
                return o.cost.with_trial_margin if o.cost.with_trial_margin is not None else inf
            case "price":
                return o.cost.price_per_gpu_hour if o.cost.price_per_gpu_hour is not None else inf
            case "advice":
                return len(o.advice)
        return 0
