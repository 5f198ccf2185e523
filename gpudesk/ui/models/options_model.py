"""Tree model over the recommender's options: one row per GPU type (its best option), the other
counts and offers of that GPU folded under it. Grouping and de-duplication are core's
(`core.search.options_view`); display text is formatted here from core's figures, row by row as the
view asks for it."""

from __future__ import annotations

from PySide6.QtCore import (
    QAbstractItemModel,
    QModelIndex,
    QPersistentModelIndex,
    Qt,
)
from PySide6.QtGui import QBrush, QColor

from gpudesk.core.rules import same_configuration
from gpudesk.core.models import Option
from gpudesk.core.search.options_view import group_by_gpu, layout_text
from gpudesk.core import units
from gpudesk.ui.labels import region_text
from gpudesk.ui.i18n import translator
from gpudesk.ui.models.columns import ColumnHeaders

SORT_ROLE = Qt.UserRole
OPTION_ROLE = Qt.UserRole + 1
# What a purchaser compares first (GPU, count, time, cost) comes first: at 1366×768 it is in view unscrolled.
COLUMNS = (
    "rank",
    "gpu",
    "gpus",
    "time",
    "cost",
    "margin",
    "fits",
    "memory",
    "provider",
    "region",
    "layout",
    "tier",
    "price",
    "advice",
)
_RIGHT = ("rank", "gpus", "memory", "time", "cost", "margin", "price")
_TOP = (1 << 31) - 1  # internal id of top-level rows (a child's is its group's row)

_tr = translator("OptionsModel")


class OptionsModel(ColumnHeaders, QAbstractItemModel):
    COLUMNS = COLUMNS

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self._groups = []
        self._chosen: Option | None = None
        self._provider_names: dict[str, str] = {}
        self._load_headers()

    def header_texts(self) -> dict[str, tuple[str, str | None]]:
        """Column key -> (header, tooltip)."""
        # fmt: off
        # data: one column a row (header, tooltip), as the table reads
        return {
            "rank": (_tr("Rank"), _tr("Place in the recommender's ranking for the objective")),
            "gpu": (_tr("GPU"), _tr("GPU model; the other counts of the same GPU are folded under its best row")),
            "gpus": (_tr("GPUs"), _tr("GPUs in all (nodes × GPUs per node when more than one node)")),
            "provider": (_tr("Provider"), _tr("Whose offer prices this configuration")),
            "region": (_tr("Region"), _tr("Where the offer's data centre is")),
            "layout": (_tr("Layout"), _tr("How the job is split: tensor (TP), pipeline (PP) and data (DP) parallel, ZeRO stage, offload, recomputation, micro-batch")),
            "tier": (_tr("Tier"), _tr("The guide's class of setup: entry, advanced, flagship or multi-node")),
            "fits": (_tr("Fits"), _tr("Whether the job fits in each GPU's usable memory")),
            "memory": (_tr("Memory per GPU"), _tr("Memory each GPU needs, in GiB (2³⁰ bytes)")),
            "time": (_tr("Time"), _tr("Wall-clock time of the run, without the trial margin")),
            "cost": (_tr("Cost"), _tr("Rental for the run at the offer's price")),
            "margin": (_tr("With trial margin"), _tr("Cost with the margin for trial and error (tuning, re-runs)")),
            "price": (_tr("Price"), _tr("The offer's price per GPU-hour, its kind and date")),
            "advice": (_tr("Advice"), _tr("Warnings for this configuration; hover the icon to read them")),
        }
        # fmt: on

    def set_options(
        self, options: list[Option], chosen: Option | None = None, provider_names: dict[str, str] | None = None
    ) -> None:
        self.beginResetModel()
        self._groups = group_by_gpu(list(options))
        self._chosen = chosen
        if provider_names is not None:
            self._provider_names = dict(provider_names)
        self.endResetModel()

    def set_chosen(self, chosen: Option | None) -> None:
        self._chosen = chosen
        for g in range(len(self._groups)):
            top = self.index(g, 0)
            self.dataChanged.emit(top, self.index(g, len(COLUMNS) - 1))
            others = len(self._groups[g].others)
            if others:
                self.dataChanged.emit(self.index(0, 0, top), self.index(others - 1, len(COLUMNS) - 1, top))

    def option_count(self) -> int:
        return sum(1 + len(g.others) for g in self._groups)

    def options(self) -> list[Option]:
        return [o for g in self._groups for o in (g.best, *g.others)]

    def option(self, index: QModelIndex | QPersistentModelIndex) -> Option | None:
        if not index.isValid():
            return None
        if index.internalId() == _TOP:
            return self._groups[index.row()].best
        return self._groups[index.internalId()].others[index.row()]

    def index_of(self, option: Option | None) -> QModelIndex:
        if option is None:
            return QModelIndex()
        for g, group in enumerate(self._groups):
            if same_configuration(group.best, option):
                return self.index(g, 0)
            for r, other in enumerate(group.others):
                if same_configuration(other, option):
                    return self.index(r, 0, self.index(g, 0))
        return QModelIndex()

    def retranslate(self) -> None:
        self._retranslate_headers()
        self.set_chosen(self._chosen)

    # --- QAbstractItemModel -----------------------------------------------------------------

    def index(self, row: int, column: int, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> QModelIndex:
        if not parent.isValid():
            if 0 <= row < len(self._groups) and 0 <= column < len(COLUMNS):
                return self.createIndex(row, column, _TOP)
            return QModelIndex()
        if parent.internalId() != _TOP:
            return QModelIndex()
        group = self._groups[parent.row()]
        if 0 <= row < len(group.others) and 0 <= column < len(COLUMNS):
            return self.createIndex(row, column, parent.row())
        return QModelIndex()

    def parent(self, index=QModelIndex()):  # noqa: D401 - Qt's name
        if not index.isValid() or index.internalId() == _TOP:
            return QModelIndex()
        return self.createIndex(index.internalId(), 0, _TOP)

    def rowCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:
        if not parent.isValid():
            return len(self._groups)
        if parent.internalId() == _TOP and parent.column() == 0:
            return len(self._groups[parent.row()].others)
        return 0

    def columnCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:
        return len(COLUMNS)

    def data(self, index: QModelIndex | QPersistentModelIndex, role: int = Qt.DisplayRole):
        o = self.option(index)
        if o is None:
            return None
        column = COLUMNS[index.column()]
        if role == Qt.DisplayRole:
            return self._display(o, column, index)
        if role == SORT_ROLE:
            return self._sort_key(o, column)
        if role == OPTION_ROLE:
            return o
        if role == Qt.ToolTipRole:
            return self._tooltip(o, column)
        if role == Qt.DecorationRole and column == "advice" and o.advice:
            from PySide6.QtWidgets import QApplication, QStyle

            worst = max(o.advice, key=lambda a: ("info", "warning", "critical").index(a.severity))
            icon = {"critical": QStyle.SP_MessageBoxCritical, "warning": QStyle.SP_MessageBoxWarning}.get(
                worst.severity, QStyle.SP_MessageBoxInformation
            )
            return QApplication.style().standardIcon(icon)
        if role == Qt.ForegroundRole and column == "fits":
            return QBrush(QColor("#4e9a06" if o.memory.fits else "#cc0000"))
        if role == Qt.BackgroundRole and same_configuration(o, self._chosen):
            return QBrush(QColor(252, 233, 79, 90))
        if role == Qt.TextAlignmentRole and column in _RIGHT:
            return int(Qt.AlignRight | Qt.AlignVCenter)
        return None

    def _tooltip(self, o: Option, column: str) -> str | None:
        if column == "advice" and o.advice:
            return "\n".join(f"• {a.message}" for a in o.advice)
        if column == "gpu":
            return "\n".join(filter(None, [units.gpu_name(o), units.interconnect(o.interconnect), o.network]))
        if column == "layout":
            return layout_text(o.layout)
        if column in ("provider", "region"):  # the column may be narrower than the name
            return self._display(o, column, None) or None
        if column == "price" and o.cost.price_per_gpu_hour is not None:
            return self._display(o, column, None)
        return self._headers[column][1]

    def _display(self, o: Option, column: str, index) -> str:
        match column:
            case "rank":
                return str(o.rank)
            case "gpu":
                name = units.gpu_name(o)
                if index is not None and index.internalId() == _TOP:
                    others = len(self._groups[index.row()].others)
                    if others:
                        return name + "  " + _tr("(+%1 more)").replace("%1", str(others))
                return name
            case "gpus":
                return f"{o.gpus}" if o.nodes <= 1 else f"{o.gpus} ({o.nodes}×{o.gpus_per_node})"
            case "provider":
                return self._provider_names.get(o.provider or "", o.provider or _tr("own price"))
            case "region":
                return region_text(o.region)
            case "layout":
                lay = o.layout
                text = f"TP{lay.tp} PP{lay.pp} DP{lay.dp} Z{lay.zero}"
                if str(lay.offload) != "none":
                    text += " +" + _tr("offload")
                return text
            case "tier":
                return units.label("tier", o.tier)
            case "fits":
                return units.yes_no(o.memory.fits)
            case "memory":
                return units.memory(o.memory.per_gpu_bytes.total)
            case "time":
                return units.hours(o.time.hours)
            case "cost":
                return units.money(o.cost.compute_cost, o.cost.currency)
            case "margin":
                return units.money(o.cost.with_trial_margin, o.cost.currency)
            case "price":
                if o.cost.price_per_gpu_hour is None:
                    return units.unknown()
                kind = f" · {units.label('price_kind', o.price_kind)}" if o.price_kind else ""
                date = f" · {o.price_date}" if o.price_date else ""
                return (
                    _tr("%1/GPU-h").replace("%1", units.price(o.cost.price_per_gpu_hour, o.cost.currency)) + kind + date
                )
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
                return units.gpu_name(o)
            case "gpus":
                return o.gpus
            case "provider":
                return o.provider or ""
            case "region":
                return o.region or ""
            case "layout":
                return o.layout.tp * 10_000 + o.layout.pp * 100 + o.layout.zero
            case "tier":
                return ("entry", "advanced", "flagship", "multi-node").index(str(o.tier))
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
