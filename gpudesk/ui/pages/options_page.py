"""Options: the recommender's ranked configurations, sortable and filterable; picking one chooses it."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QSortFilterProxyModel, Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from gpudesk.ui.models.options_model import SORT_ROLE, OptionsModel


class OptionsPage(QWidget):
    option_chosen = Signal(object)  # the Option

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = OptionsModel(self)
        self.proxy = QSortFilterProxyModel(self)
        self.proxy.setSourceModel(self.model)
        self.proxy.setSortRole(SORT_ROLE)
        self.proxy.setFilterCaseSensitivity(Qt.CaseInsensitive)
        self.proxy.setFilterKeyColumn(-1)
        self._setup_ui()
        self.retranslate_ui()

    def _setup_ui(self) -> None:
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        row = QHBoxLayout()
        self.filter_label = QLabel()
        self.filter_edit = QLineEdit()
        self.filter_edit.setClearButtonEnabled(True)
        self.filter_label.setBuddy(self.filter_edit)
        self.filter_edit.textChanged.connect(self.proxy.setFilterFixedString)
        row.addWidget(self.filter_label)
        row.addWidget(self.filter_edit, 1)
        self.summary = QLabel()
        row.addWidget(self.summary)
        layout.addLayout(row)
        self.table = QTableView()
        self.table.setModel(self.proxy)
        self.table.setSortingEnabled(True)
        self.table.sortByColumn(0, Qt.AscendingOrder)
        self.table.setSelectionBehavior(QAbstractItemView.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SingleSelection)
        self.table.setAlternatingRowColors(True)
        self.table.verticalHeader().hide()
        # ResizeToContents re-measures every row on each change: size once, on the first answer
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.Interactive)
        self._sized = False
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.activated.connect(self._choose)
        self.table.selectionModel().currentRowChanged.connect(self._choose)
        layout.addWidget(self.table, 1)
        self.hint = QLabel()
        self.hint.setStyleSheet("color: #555753;")
        layout.addWidget(self.hint)

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.LanguageChange:
            self.retranslate_ui()
        super().changeEvent(event)

    def retranslate_ui(self) -> None:
        self.filter_label.setText(self.tr("&Filter:"))
        self.filter_edit.setPlaceholderText(self.tr("GPU, provider, region, tier…"))
        self.hint.setText(self.tr("Select a row to make it the plan's choice; hover the advice icon for details."))
        self.model.retranslate()
        self._update_summary()

    def set_options(self, options, chosen, provider_names=None, searched: int | None = None) -> None:
        self._searched = searched
        self.table.selectionModel().blockSignals(True)
        self.model.set_options(options, chosen, provider_names)
        if options and not self._sized:
            self.table.resizeColumnsToContents()
            self._sized = True
        self._select(chosen)
        self.table.selectionModel().blockSignals(False)
        self._update_summary()

    def set_chosen(self, chosen) -> None:
        self.model.set_chosen(chosen)

    def _select(self, chosen) -> None:
        row = self.model.row_of(chosen)
        if row >= 0:
            index = self.proxy.mapFromSource(self.model.index(row, 0))
            self.table.selectRow(index.row())

    def _update_summary(self) -> None:
        searched = getattr(self, "_searched", None)
        text = self.tr("%1 options").replace("%1", str(self.model.rowCount()))
        if searched:
            text += " · " + self.tr("%1 configurations searched").replace("%1", str(searched))
        self.summary.setText(text)

    def _choose(self, index, _previous=None) -> None:
        if not index.isValid():
            return
        source = self.proxy.mapToSource(index)
        self.option_chosen.emit(self.model.option(source.row()))
