"""Quotes (比价): the plan's written quotes side by side, all-in for its job, with the flags a reviewer
needs; an all-in chart stacked by item; add, edit, import, remove, and select one with a reason (the
plan's choice follows the selected quote). core.plan compares and costs; this page only shows."""

from __future__ import annotations

import html

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QDialog,
    QFileDialog,
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QMessageBox,
    QPushButton,
    QSplitter,
    QTableView,
    QWidget,
)

from gpudesk.errors import GpudeskError
from gpudesk.ui.charts import LazyMenuViewBox, PageCharts
from gpudesk.ui.models.quotes_model import QUOTE_ROLE, SORT_ROLE, QuotesModel
from gpudesk.ui.widgets.tables import row_view, sort_proxy
from gpudesk.ui.widgets.page import Retranslated, page_layout, push_button


class QuotesPage(Retranslated, QWidget):
    quotes_edited = Signal(str)  # what changed ("quote"): the window records an undo step
    choice_changed = Signal()  # a quote was selected or its selection cleared: the choice follows

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.plan = None
        self.catalog = None
        self.comparison = None
        self.who = lambda: None
        self.new_provider = None  # callable opening the provider editor; returns the new id or None
        self._stale = True
        self._setup_ui()
        self.retranslate_ui()

    def _setup_ui(self) -> None:
        layout = page_layout(self)
        bar = QHBoxLayout()
        self.buttons: dict[str, QPushButton] = {
            "add": push_button(self.add_quote),
            "edit": push_button(self.edit_quote),
            "remove": push_button(self.remove_quote),
            "import": push_button(self.import_dialog),
            "select": push_button(self.select_quote),
            "clear": push_button(self.clear_selection),
        }
        for key, button in self.buttons.items():
            bar.addWidget(button)
            if key == "import":
                bar.addStretch(1)
        layout.addLayout(bar)
        self.notes = QLabel()
        self.notes.setObjectName("quote_notes")
        self.notes.setWordWrap(True)
        self.notes.setTextFormat(Qt.RichText)
        layout.addWidget(self.notes)
        splitter = QSplitter(Qt.Vertical)
        self.model = QuotesModel(self)
        self.proxy = sort_proxy(self, self.model, SORT_ROLE)
        self.table = row_view(QTableView(), self.proxy)
        self.table.doubleClicked.connect(lambda _i: self.edit_quote())
        self.table.selectionModel().currentRowChanged.connect(lambda *_: self._update_buttons())
        splitter.addWidget(self.table)
        self.chart = PageCharts()
        self.chart.setMinimumHeight(220)
        self.plot = self.chart.addPlot(viewBox=LazyMenuViewBox())
        splitter.addWidget(self.chart)
        splitter.setStretchFactor(0, 3)
        splitter.setStretchFactor(1, 2)
        layout.addWidget(splitter, 1)
        self.selection = QLabel()
        self.selection.setObjectName("quote_selection")
        self.selection.setWordWrap(True)
        layout.addWidget(self.selection)

    def retranslate_ui(self) -> None:
        texts = {
            "add": (self.tr("Add…"), self.tr("Type in a provider's written quote")),
            "edit": (self.tr("Edit…"), self.tr("Change the selected quote")),
            "remove": (self.tr("Remove"), self.tr("Remove the selected quote from the plan")),
            "import": (self.tr("Import sheet…"), self.tr("Read quotes from a provider's CSV or JSON sheet")),
            "select": (
                self.tr("Select…"),
                self.tr("Choose this quote for the plan and say why (the reason prints on the 比价 page)"),
            ),
            "clear": (self.tr("Clear selection"), self.tr("No quote is selected: the recommender chooses again")),
        }
        for key, (text, tip) in texts.items():
            self.buttons[key].setText(text)
            self.buttons[key].setToolTip(tip)
        self.model.retranslate()
        self._stale = True
        if self.isVisible():
            self.refresh()

    # --- data ---------------------------------------------------------------------------------

    def set_plan(self, plan, catalog) -> None:
        """Show this plan's quotes (compared now if the page is visible, else when it is shown)."""
        self.plan, self.catalog = plan, catalog
        self._stale = True
        if self.isVisible():
            self.refresh()

    def showEvent(self, event) -> None:
        super().showEvent(event)
        if self._stale:
            self.refresh()

    def refresh(self) -> None:
        from gpudesk.core.plan import compare
        from gpudesk.core.report.chart_data import quote_chart_data
        from gpudesk.ui.charts.quotes_plot import build_quotes_plot

        self._stale = False
        current = self.current_id()
        self.comparison = compare(self.plan, self.catalog) if self.plan is not None else None
        self.model.set_comparison(self.comparison)
        self.table.resizeColumnsToContents()
        for column in range(self.model.columnCount()):
            self.table.setColumnWidth(column, min(self.table.columnWidth(column), 260))
        row = self.model.row_of(current)
        if row >= 0:
            self.table.selectRow(self.proxy.mapFromSource(self.model.index(row, 0)).row())
        if self.comparison is not None:
            build_quotes_plot(self.plot, quote_chart_data(self.comparison))
        self._show_notes()
        self._update_buttons()

    def _show_notes(self) -> None:
        c = self.comparison
        if c is None or not c.rows:
            self.notes.setText(
                self.tr(
                    "No written quote yet. A purchase is approved on written quotes from several "
                    "licensed providers (usually three): add them here or import a provider's sheet."
                )
            )
            self.selection.setText("")
            return
        # the three-quote verdict and what is still missing, as the PDF's cover says it (the selection is named below)
        missing = [] if c.rule_met else [c.rule_text(), c.next_step_text()]
        lines = [f'<span style="color:#c17d11">• {html.escape(n)}</span>' for n in [*c.notes, *missing]]
        self.notes.setText(
            "<br>".join(lines)
            or self.tr("%1 quotes from %2 providers; all figures for this plan's job.")
            .replace("%1", str(len(c.rows)))
            .replace("%2", str(c.providers))
        )
        if c.selection is not None:
            by = f" — {c.selection.by}" if c.selection.by else ""
            self.selection.setText(
                self.tr("Selected: %1. Reason: %2").replace("%1", c.selection.quote).replace("%2", c.selection.reason)
                + by
            )
        else:
            self.selection.setText(self.tr("No quote selected yet: select one with the reason for choosing it."))

    def current_id(self) -> str | None:
        index = self.table.currentIndex()
        return index.data(QUOTE_ROLE) if index.isValid() else None

    def _update_buttons(self) -> None:
        has = self.current_id() is not None
        for key in ("edit", "remove", "select"):
            self.buttons[key].setEnabled(has)
        self.buttons["clear"].setEnabled(self.plan is not None and self.plan.quote_selection is not None)
        for key in ("add", "import"):
            self.buttons[key].setEnabled(self.plan is not None)

    # --- editing ------------------------------------------------------------------------------

    def _dialog(self, quote=None):
        from gpudesk.ui.widgets.quote_dialog import QuoteDialog

        dialog = QuoteDialog(self.catalog, quote, self)
        if quote is None and self.plan is not None:
            dialog.suggest(self.plan.choice)
        dialog.new_provider_requested.connect(lambda: self._new_provider(dialog))
        return dialog

    def _new_provider(self, dialog) -> None:
        if self.new_provider is None:
            return
        pid = self.new_provider()
        if pid:
            dialog.set_catalog(self.catalog, select_provider=pid)

    def add_quote(self) -> bool:
        dialog = self._dialog()
        if dialog.exec() != QDialog.Accepted or dialog.data is None:
            return False
        return self.store(dialog.data)

    def store(self, data: dict, replacing: str | None = None) -> bool:
        """Add a quote (from the dialog's fields); the plan is unchanged when core refuses it."""
        from gpudesk.core.plan import add_quote, remove_quote

        before = list(self.plan.quotes), self.plan.quote_selection
        try:
            if replacing is not None:
                remove_quote(self.plan, replacing)
            add_quote(self.plan, data, self.catalog)
        except GpudeskError as exc:
            self.plan.quotes, self.plan.quote_selection = before
            QMessageBox.warning(self, self.tr("Quote"), str(exc))
            return False
        if replacing is not None and before[1] is not None and before[1].quote == replacing:
            self.plan.quote_selection = before[1]  # an edited quote stays selected
        self.quotes_edited.emit("quote")
        self.refresh()
        return True

    def edit_quote(self) -> bool:
        from gpudesk.core.plan import get_quote

        qid = self.current_id()
        if qid is None:
            return False
        dialog = self._dialog(get_quote(self.plan, qid))
        if dialog.exec() != QDialog.Accepted or dialog.data is None:
            return False
        return self.store(dialog.data, replacing=qid)

    def remove_quote(self) -> bool:
        from gpudesk.core.plan import remove_quote

        qid = self.current_id()
        if (
            qid is None
            or QMessageBox.question(
                self, self.tr("Remove quote"), self.tr("Remove quote %1 from the plan?").replace("%1", qid)
            )
            != QMessageBox.Yes
        ):
            return False
        was_selected = self.plan.quote_selection is not None and self.plan.quote_selection.quote == qid
        remove_quote(self.plan, qid)
        self.quotes_edited.emit("quote")
        if was_selected:
            self.choice_changed.emit()
        self.refresh()
        return True

    def import_dialog(self) -> None:
        path, _ = QFileDialog.getOpenFileName(
            self, self.tr("Import quotes"), "", self.tr("Quote sheets (*.csv *.json)")
        )
        if path:
            self.import_sheet(path)

    def import_sheet(self, path: str) -> int:
        """Every quote of a provider's sheet, or none (each problem named with its row and column)."""
        from gpudesk.catalog.quote_sheet import read_quote_sheet
        from gpudesk.core.plan import add_quote

        before = list(self.plan.quotes)
        try:
            rows = read_quote_sheet(path, self.catalog, taken=[q.id for q in self.plan.quotes])
            added = [add_quote(self.plan, d, self.catalog) for d in rows]
        except GpudeskError as exc:
            self.plan.quotes = before
            QMessageBox.warning(self, self.tr("Import quotes"), str(exc))
            return 0
        self.quotes_edited.emit("import")
        self.refresh()
        QMessageBox.information(
            self, self.tr("Import quotes"), self.tr("%1 quotes imported.").replace("%1", str(len(added)))
        )
        return len(added)

    def select_quote(self, reason: str | None = None) -> bool:
        from gpudesk.core.plan import select_quote

        qid = self.current_id()
        if qid is None:
            return False
        if reason is None:
            reason, ok = QInputDialog.getMultiLineText(
                self,
                self.tr("Select quote"),
                self.tr(
                    "Why is quote %1 selected? (printed on the 比价 page; e.g. cheapest that fits, licensed, "
                    "in Shandong)"
                ).replace("%1", qid),
            )
            if not ok:
                return False
        try:
            select_quote(self.plan, qid, reason, self.catalog, by=self.who())
        except GpudeskError as exc:
            QMessageBox.warning(self, self.tr("Select quote"), str(exc))
            return False
        self.quotes_edited.emit("quote")
        self.choice_changed.emit()
        self.refresh()
        return True

    def clear_selection(self) -> None:
        if self.plan is None or self.plan.quote_selection is None:
            return
        self.plan.quote_selection = None
        self.quotes_edited.emit("quote")
        self.choice_changed.emit()
        self.refresh()
