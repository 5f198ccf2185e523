"""Table model over a plan's tailored checklist (core.checklist decides every text and figure).

The model edits the plan in place through `core.checklist.set_status` and emits `edited(item_id)`;
the page saves or marks the plan dirty. `ChecklistFilter` filters by phase and status.
"""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QSortFilterProxyModel, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QFont

from gpudesk.core.plan.checklist import PHASES, ChecklistItem, phase_label, progress, set_status, tailor
from gpudesk.core import units
from gpudesk.core.i18n import colon
from gpudesk.core.plan import STATUSES, Plan
from gpudesk.errors import GpudeskError
from gpudesk.ui.i18n import translator
from gpudesk.ui.models.columns import RowsTable


COLUMNS = ("status", "phase", "title", "criterion", "notes", "checked")
ITEM_ROLE = Qt.UserRole + 1  # the ChecklistItem
STATUS_ROLE = Qt.UserRole + 2  # "open" | "pass" | "fail" | "n/a" | "waived"
PHASE_ROLE = Qt.UserRole + 3
SORT_ROLE = Qt.UserRole + 4
# one key per status, for keyboard-driven changes in the view
STATUS_KEYS = {Qt.Key_P: "pass", Qt.Key_F: "fail", Qt.Key_O: "open", Qt.Key_N: "n/a", Qt.Key_W: "waived"}
_STATUS_ORDER = {"fail": 0, "open": 1, "waived": 2, "pass": 3, "n/a": 4}
_COLOURS = {"fail": QColor(255, 214, 214), "pass": QColor(214, 240, 214), "waived": QColor(255, 240, 200)}
_GREY = QColor(128, 128, 128)

_tr = translator("ChecklistModel")


class ChecklistModel(RowsTable):
    edited = Signal(str)  # item id whose state changed (the plan was modified in place)
    COLUMNS = COLUMNS

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self._plan: Plan | None = None
        self._rows: list[ChecklistItem] = []
        self.user: str | None = None  # recorded as checked_by

    def header_texts(self) -> dict[str, tuple[str, str | None]]:
        return {
            "status": (_tr("Status"), None),
            "phase": (_tr("Phase"), None),
            "title": (_tr("Check"), None),
            "criterion": (_tr("Pass criterion"), None),
            "notes": (_tr("Notes"), None),
            "checked": (_tr("Checked by / at"), None),
        }

    # --- data in ------------------------------------------------------------------------------

    def set_plan(self, plan: Plan | None) -> None:
        self._plan = plan
        self._reset_rows(tailor(plan) if plan is not None else [])

    def plan(self) -> Plan | None:
        return self._plan

    def refresh(self) -> None:
        """Re-tailor after the plan's choice or the language changed (same items, new texts)."""
        self._load_headers()
        if self._plan is None:
            return
        items = tailor(self._plan)
        if [i.id for i in items] != [i.id for i in self._rows]:
            self.set_plan(self._plan)
            return
        self._rows = items
        self.headerDataChanged.emit(Qt.Horizontal, 0, len(COLUMNS) - 1)
        if items:
            self.dataChanged.emit(self.index(0, 0), self.index(len(items) - 1, len(COLUMNS) - 1))

    retranslate = refresh

    def item(self, row: int) -> ChecklistItem:
        return self._rows[row]

    def items(self) -> list[ChecklistItem]:
        return list(self._rows)

    def row_of(self, item_id: str) -> int:
        return next((r for r, i in enumerate(self._rows) if i.id == item_id), -1)

    def progress(self) -> dict[str, dict[str, int]]:
        return progress(self._rows)

    # --- recording ----------------------------------------------------------------------------

    def set_status(self, row: int, status: str, *, who: str | None = None, **texts: str | None) -> None:
        """Record a result for the item in `row`: core's `set_status` with its texts (note, evidence, reason)
        by name, and `who` the model's user unless given; raises GpudeskError (waiver without reason, item not
        applicable)."""
        if self._plan is None or not 0 <= row < len(self._rows):
            raise GpudeskError(_tr("no checklist item selected"))
        item_id = self._rows[row].id
        set_status(self._plan, item_id, status, who=who if who is not None else self.user, **texts)
        self._reload_row(row)
        self.edited.emit(item_id)

    def _reload_row(self, row: int) -> None:
        fresh = {i.id: i for i in tailor(self._plan)}
        self._rows[row] = fresh[self._rows[row].id]
        self.dataChanged.emit(self.index(row, 0), self.index(row, len(COLUMNS) - 1))

    # --- QAbstractItemModel -------------------------------------------------------------------

    def flags(self, index: QModelIndex | QPersistentModelIndex) -> Qt.ItemFlags:
        if not index.isValid():
            return Qt.NoItemFlags
        flags = Qt.ItemIsEnabled | Qt.ItemIsSelectable
        if self._rows[index.row()].applicable and COLUMNS[index.column()] in ("status", "notes"):
            flags |= Qt.ItemIsEditable
        return flags

    def cell(self, it: ChecklistItem, col: str, index: QModelIndex | QPersistentModelIndex, role: int):
        if role == ITEM_ROLE:
            return it
        if role == STATUS_ROLE:
            return it.status
        if role == PHASE_ROLE:
            return it.phase
        if role == SORT_ROLE:
            if col == "status":
                return _STATUS_ORDER.get(it.status, 9)
            if col == "phase":
                return PHASES.index(it.phase) if it.phase in PHASES else 9
            return self.data(index, Qt.DisplayRole) or ""
        if role in (Qt.DisplayRole, Qt.EditRole):
            if col == "status":
                return it.status if role == Qt.EditRole else units.label("status", it.status)
            if col == "phase":
                return phase_label(it.phase, trains=self._plan is None or self._plan.job.task.trains)
            if col == "title":
                return it.title
            if col == "criterion":
                return it.criterion
            if col == "notes":
                return it.notes if role == Qt.EditRole else (it.notes or it.waiver_reason or "")
            if col == "checked":
                when = (it.checked_at or "").replace("T", " ").rstrip("Z")[:16]
                return " · ".join(x for x in (it.checked_by, when) if x)
        if role == Qt.ToolTipRole:
            parts = [it.why, f"{colon(_tr('How'))}{it.how}" if it.how else "", f"{colon(_tr('Pass if'))}{it.criterion}"]
            if it.waiver_reason:
                parts.append(f"{colon(_tr('Waived because'))}{it.waiver_reason}")
            if it.evidence:
                parts.append(f"{colon(_tr('Evidence'))}{it.evidence}")
            if it.stale:
                parts.append(_tr("Recorded for another configuration than the current choice: check again."))
            return "\n\n".join(p for p in parts if p)
        if role == Qt.FontRole and it.stale:
            font = QFont()
            font.setItalic(True)
            return font
        if role == Qt.BackgroundRole and it.status in _COLOURS:
            return QBrush(_COLOURS[it.status])
        if role == Qt.ForegroundRole:
            if not it.applicable or it.status == "n/a":
                return QBrush(_GREY)
            if it.status in _COLOURS:
                return QBrush(QColor(0, 0, 0))  # readable on the pale status colours in dark themes too
        return None

    def setData(self, index: QModelIndex | QPersistentModelIndex, value, role: int = Qt.EditRole) -> bool:
        if role != Qt.EditRole or not index.isValid() or not (self.flags(index) & Qt.ItemIsEditable):
            return False
        col = COLUMNS[index.column()]
        it = self._rows[index.row()]
        try:
            if col == "status":
                if str(value) == it.status:
                    return False
                self.set_status(index.row(), str(value))
            elif col == "notes":
                if str(value) == it.notes:
                    return False
                keep_reason = it.waiver_reason if it.status == "waived" else None
                self.set_status(index.row(), it.status, note=str(value), reason=keep_reason)
            else:
                return False
        except GpudeskError:
            return False  # e.g. waiving needs a reason: the page asks for one through set_status
        return True


class ChecklistFilter(QSortFilterProxyModel):
    """Filter by phase and by status (None = all); sorts by the model's SORT_ROLE."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self._phase: str | None = None
        self._statuses: frozenset[str] | None = None
        self.setSortRole(SORT_ROLE)

    def set_phase(self, phase: str | None) -> None:
        if phase is not None and phase not in PHASES:
            raise ValueError(f"unknown phase {phase!r}")
        self._refilter(lambda: setattr(self, "_phase", phase))

    def set_statuses(self, statuses: set[str] | frozenset[str] | None) -> None:
        if statuses is not None and not set(statuses) <= set(STATUSES):
            raise ValueError(f"unknown status in {sorted(statuses)}")
        self._refilter(lambda: setattr(self, "_statuses", frozenset(statuses) if statuses is not None else None))

    def _refilter(self, change) -> None:
        if hasattr(self, "beginFilterChange"):  # Qt ≥ 6.9: invalidateFilter is deprecated
            self.beginFilterChange()
            change()
            self.endFilterChange(QSortFilterProxyModel.Direction.Rows)
        else:
            change()
            self.invalidateFilter()

    def filterAcceptsRow(self, source_row: int, source_parent: QModelIndex | QPersistentModelIndex) -> bool:
        model = self.sourceModel()
        index = model.index(source_row, 0, source_parent)
        if self._phase is not None and model.data(index, PHASE_ROLE) != self._phase:
            return False
        if self._statuses is not None and model.data(index, STATUS_ROLE) not in self._statuses:
            return False
        return True
