"""Options: the recommender's configurations, one row per GPU type with the other counts folded under
it; sortable and filterable; picking a row makes it the plan's choice."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QPushButton,
    QTreeView,
    QWidget,
)

from gpudesk.ui.models.options_model import COLUMNS, OPTION_ROLE, SORT_ROLE, OptionsModel
from gpudesk.ui.widgets.tables import filter_field, row_view, sort_proxy
from gpudesk.ui.widgets.page import Retranslated, hint_label, labelled, page_layout, set_texts

# the widest a column is sized to at first (pixels): names that run longer elide, their tooltip has them whole
_WIDEST = {"gpu": 300, "provider": 240, "region": 160}


class OptionsPage(Retranslated, QWidget):
    option_chosen = Signal(object)  # the Option

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = OptionsModel(self)
        self.proxy = sort_proxy(self, self.model, SORT_ROLE, filter_all=True)
        self.proxy.setRecursiveFilteringEnabled(True)  # a matching folded row shows with its group
        self._searched: int | None = None
        self._setup_ui()
        self.retranslate_ui()

    def _setup_ui(self) -> None:
        layout = page_layout(self)
        row = QHBoxLayout()
        self.filter_edit = filter_field(self._filter)
        self.filter_label = labelled(row, self.filter_edit, 1)
        self.expand_button = QPushButton()
        self.expand_button.setCheckable(True)
        self.expand_button.toggled.connect(self._expand)
        row.addWidget(self.expand_button)
        self.summary = QLabel()
        row.addWidget(self.summary)
        layout.addLayout(row)
        # columns sized by hand: ResizeToContents re-measures every row on each change; size once, on the first answer
        self.table = row_view(QTreeView(), self.proxy)
        self.table.setAlternatingRowColors(True)
        self.table.setUniformRowHeights(True)  # rows are measured once, not each on every change
        self.table.setAllColumnsShowFocus(True)
        self._sized = False
        self._user_sized = False
        self.table.activated.connect(self._choose)
        self.table.selectionModel().currentRowChanged.connect(self._choose)
        layout.addWidget(self.table, 1)
        self.hint = hint_label()
        layout.addWidget(self.hint)

    def retranslate_ui(self) -> None:
        set_texts(
            self,
            {
                "filter_label": self.tr("&Filter:"),
                "filter_edit": self.tr("GPU, provider, region, tier…"),
                "expand_button": (
                    self.tr("Show all counts"),
                    self.tr("Unfold every GPU type's other counts and offers"),
                ),
                "hint": self.tr(
                    "One row per GPU type: its best option, with the other counts folded under it (▸). "
                    "Select a row to make it the plan's choice; hover a header or the advice icon for details."
                ),
            },
        )
        self.model.retranslate()
        self._update_summary()

    def set_options(self, options, chosen, provider_names=None, searched: int | None = None) -> None:
        self._searched = searched
        self.table.selectionModel().blockSignals(True)
        self.model.set_options(options, chosen, provider_names)
        if options:
            self._sized = False
            if self.isVisible():
                self._fit_columns()
        if self.expand_button.isChecked():
            self.table.expandAll()
        self._select(chosen)
        self.table.selectionModel().blockSignals(False)
        self._update_summary()

    def showEvent(self, event) -> None:
        super().showEvent(event)
        if not self._sized:
            self._fit_columns()

    def _fit_columns(self) -> None:
        """Columns as wide as their text, never narrower than the user made them (only when shown:
        measuring every row of a hidden table on each edit is wasted)."""
        header = self.table.header()
        for column in range(self.model.columnCount() - 1):
            before = header.sectionSize(column)
            self.table.resizeColumnToContents(column)
            widest = _WIDEST.get(COLUMNS[column], 420)  # long names elide (full text in the tooltip)
            header.resizeSection(
                column, min(max(before if self._user_sized else 0, header.sectionSize(column)), widest)
            )
        self._user_sized = True
        self._sized = True

    def set_chosen(self, chosen) -> None:
        self.model.set_chosen(chosen)

    def _filter(self, text: str) -> None:
        self.proxy.setFilterFixedString(text)
        if text:
            self.table.expandAll()

    def _expand(self, on: bool) -> None:
        if on:
            self.table.expandAll()
        else:
            self.table.collapseAll()

    def _select(self, chosen) -> None:
        index = self.proxy.mapFromSource(self.model.index_of(chosen))
        if index.isValid():
            if index.parent().isValid():
                self.table.expand(index.parent())
            self.table.setCurrentIndex(index)

    def _update_summary(self) -> None:
        text = (
            self.tr("%1 GPU types, %2 options")
            .replace("%1", str(self.model.rowCount()))
            .replace("%2", str(self.model.option_count()))
        )
        if self._searched:
            text += " · " + self.tr("%1 configurations searched").replace("%1", f"{self._searched:,}")
        self.summary.setText(text)

    def _choose(self, index, _previous=None) -> None:
        if not index.isValid():
            return
        option = index.data(OPTION_ROLE)
        if option is not None:
            self.option_chosen.emit(option)
