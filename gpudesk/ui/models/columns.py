"""What the plan's table models share: named columns with (header, tooltip) texts, and flat row lists.

`ColumnHeaders` answers headerData from `header_texts()` (column key -> (header, tooltip or None)) and
refreshes them on a language change; `RowsTable` adds a flat list of rows and hands `data()` one row and
its column key (`cell`), so each model only says what a cell shows.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt


class ColumnHeaders:
    """Mixin for a Qt item model (listed before the Qt base class)."""

    COLUMNS: tuple[str, ...] = ()

    def header_texts(self) -> dict[str, tuple[str, str | None]]:
        raise NotImplementedError

    def _load_headers(self) -> None:
        self._headers = self.header_texts()

    def _retranslate_headers(self) -> None:
        self._headers = self.header_texts()
        self.headerDataChanged.emit(Qt.Horizontal, 0, len(self.COLUMNS) - 1)  # type: ignore[attr-defined]

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.DisplayRole):
        if orientation == Qt.Horizontal and 0 <= section < len(self.COLUMNS):
            text, tip = self._headers[self.COLUMNS[section]]
            return text if role == Qt.DisplayRole else tip if role == Qt.ToolTipRole else None
        return None


class RowsTable(ColumnHeaders, QAbstractTableModel):
    """A flat table: one row per item of `_rows`, one column per key of COLUMNS."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self._rows: list[Any] = []
        self._load_headers()

    def _reset_rows(self, rows) -> None:
        self.beginResetModel()
        self._rows = list(rows)
        self.endResetModel()

    def retranslate(self) -> None:
        self._retranslate_headers()

    def rowCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self.COLUMNS)

    def data(self, index: QModelIndex | QPersistentModelIndex, role: int = Qt.DisplayRole):
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        return self.cell(self._rows[index.row()], self.COLUMNS[index.column()], index, role)

    def cell(self, row: Any, column: str, index: QModelIndex | QPersistentModelIndex, role: int):
        raise NotImplementedError
