"""How the pages' tables are set up: a sorting proxy over a model, and a view of whole rows."""

from __future__ import annotations

from PySide6.QtCore import QAbstractItemModel, QObject, QSortFilterProxyModel, Qt
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QLineEdit, QTableView, QTreeView


def sort_proxy(
    parent: QObject, model: QAbstractItemModel, sort_role: int, *, filter_all: bool = False
) -> QSortFilterProxyModel:
    """A proxy over `model` sorting by its `sort_role`; `filter_all`: filtered case-insensitively on every column."""
    proxy = QSortFilterProxyModel(parent)
    proxy.setSourceModel(model)
    proxy.setSortRole(sort_role)
    if filter_all:
        proxy.setFilterCaseSensitivity(Qt.CaseInsensitive)
        proxy.setFilterKeyColumn(-1)
    return proxy


def filter_field(on_change) -> QLineEdit:
    """The line a table is filtered by, with a clear button; `on_change(text)` as it is typed."""
    edit = QLineEdit()
    edit.setClearButtonEnabled(True)
    edit.textChanged.connect(on_change)
    return edit


def row_view(view: QTableView | QTreeView, model: QAbstractItemModel, *, sortable: bool = True):
    """`view` showing `model` by whole rows, one selected at a time, sorted by the first column (when
    `sortable`); columns sized by hand, the last one stretching; no row numbers."""
    view.setModel(model)
    if sortable:
        view.setSortingEnabled(True)
        view.sortByColumn(0, Qt.AscendingOrder)
    view.setSelectionBehavior(QAbstractItemView.SelectRows)
    view.setSelectionMode(QAbstractItemView.SingleSelection)
    if isinstance(view, QTreeView):
        header = view.header()
    else:
        view.verticalHeader().hide()
        header = view.horizontalHeader()
    header.setSectionResizeMode(QHeaderView.Interactive)
    header.setStretchLastSection(True)
    return view
