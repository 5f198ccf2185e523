"""A read-only table model over catalogue rows (GPUs, servers, providers, offers).

Columns are (key, header, getter) triples; a getter returning None shows as "unknown" in grey,
so a missing fact is never mistaken for a zero.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QBrush, QColor, QFont

from gpudesk.core import units

ROW_ROLE = Qt.UserRole + 1
SORT_ROLE = Qt.UserRole


def _figure(value: float) -> str:
    """A catalogue figure as a person reads it: thousands separated, no trailing zeros ("2,039", "19.5",
    "1.66"), never Python's "2039.0"."""
    return f"{value:,.2f}".rstrip("0").rstrip(".")


class RowsModel(QAbstractTableModel):
    def __init__(
        self, columns: Sequence[tuple[str, Callable[[], str], Callable[[object], object]]], parent=None
    ) -> None:
        super().__init__(parent)
        self._columns = list(columns)
        self._rows: list[object] = []

    def set_rows(self, rows: Sequence[object]) -> None:
        self.beginResetModel()
        self._rows = list(rows)
        self.endResetModel()

    def row(self, index: int) -> object:
        return self._rows[index]

    def rows(self) -> list[object]:
        return list(self._rows)

    def retranslate(self) -> None:
        self.headerDataChanged.emit(Qt.Horizontal, 0, len(self._columns) - 1)
        if self._rows:
            self.dataChanged.emit(self.index(0, 0), self.index(len(self._rows) - 1, len(self._columns) - 1))

    def rowCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self._columns)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.DisplayRole):
        if orientation == Qt.Horizontal and role == Qt.DisplayRole and 0 <= section < len(self._columns):
            return self._columns[section][1]()
        return None

    def _value(self, index) -> object:
        return self._columns[index.column()][2](self._rows[index.row()])

    def data(self, index: QModelIndex | QPersistentModelIndex, role: int = Qt.DisplayRole):
        if not index.isValid() or not (0 <= index.row() < len(self._rows)):
            return None
        if role == ROW_ROLE:
            return index.row()
        if role in (Qt.DisplayRole, Qt.ToolTipRole):
            value = self._value(index)
            if value is None:
                return units.unknown()
            if isinstance(value, bool):
                return units.yes_no(value)
            if isinstance(value, (list, tuple)):
                from gpudesk.core.i18n import current_language

                return ("、" if current_language() == "zh_CN" else ", ").join(str(v) for v in value)
            if isinstance(value, float):
                return _figure(value)
            return str(value)
        if role == SORT_ROLE:
            value = self._value(index)
            if value is None:
                return ""
            return value if isinstance(value, (int, float)) and not isinstance(value, bool) else str(value)
        if role == Qt.ForegroundRole and self._value(index) is None:
            return QBrush(QColor("#888a85"))
        if role == Qt.FontRole:
            row = self._rows[index.row()]
            if getattr(row, "user", False):
                font = QFont()
                font.setBold(True)
                return font
            if self._value(index) is None:
                font = QFont()
                font.setItalic(True)
                return font
        return None
