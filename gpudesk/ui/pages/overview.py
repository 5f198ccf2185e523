"""Overview: the verdict in one line, the advice, and the live memory and cost/time charts.

The page scrolls (a 1366×768 screen reaches every chart); the charts hold still under the mouse
wheel (it scrolls the page) and "Reset view" undoes a Ctrl+wheel zoom.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont, QFontMetrics
from PySide6.QtWidgets import (
    QFileDialog,
    QFrame,
    QHBoxLayout,
    QLabel,
    QMenu,
    QMessageBox,
    QScrollArea,
    QSizePolicy,
    QToolButton,
    QWidget,
)

from gpudesk.core.report.chart_data import (
    CostChartData,
    MemoryChartData,
    chart_key,
    verdict,
)
from gpudesk.core import units
from gpudesk.ui.labels import verdict_head
from gpudesk.ui.charts import BUILDERS, LazyMenuViewBox, PageCharts, export_plot, reset_view
from gpudesk.ui.widgets.page import Retranslated, scroll_page


ADVICE_LINES = 6  # the advice box grows to this many lines, then scrolls
VERDICT_LINES = 5  # the verdict wraps to this many lines in a narrow window (800 px: four)
# Never less: the lower charts keep their axis labels and ticks (at 470 px, a 1366×768 screen showed the
# bottom row without its x axis title); the page scrolls instead, as the README promises.
CHARTS_MIN_HEIGHT = 720


class OverviewPage(Retranslated, QScrollArea):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.memory_data: MemoryChartData | None = None
        self.cost_data: CostChartData | None = None
        self._option = None
        self._message = ""
        self._drawn: dict[str, tuple] = {}
        self._setup_ui()
        self.retranslate_ui()

    def _setup_ui(self) -> None:
        layout = scroll_page(self)
        self.verdict_label = QLabel()
        self.verdict_label.setObjectName("verdict")
        self.verdict_label.setWordWrap(True)
        self.verdict_label.setTextFormat(Qt.RichText)
        self.verdict_label.setStyleSheet("font-size: 12pt;")
        # fixed heights above the charts: a verdict or advice of another length must not resize
        # (and so re-lay out and repaint twice) the chart view on every edit
        big = QFont(self.verdict_label.font())
        big.setPointSizeF(12)
        self._verdict_line = QFontMetrics(big).lineSpacing()
        self.verdict_label.setFixedHeight(2 * self._verdict_line + 4)
        self.verdict_label.setAlignment(Qt.AlignLeft | Qt.AlignVCenter)
        layout.addWidget(self.verdict_label)  # the whole width: it wraps less in a narrow window
        top = QHBoxLayout()  # the advice, and beside it what acts on the charts
        self.reset_button = QToolButton()
        self.reset_button.clicked.connect(self.reset_views)
        buttons = QHBoxLayout()
        buttons.addWidget(self.reset_button, 0, Qt.AlignTop)
        self.export_button = QToolButton()
        self.export_button.setPopupMode(QToolButton.InstantPopup)
        # the style's own menu arrow is drawn over the last letter ("Export char▾"): an arrow in the text instead
        self.export_button.setStyleSheet("QToolButton::menu-indicator { image: none; width: 0px; }")
        self.export_menu = QMenu(self)
        self.export_menu.aboutToShow.connect(self._fill_export_menu)  # names follow the plan (training or serving)
        self.export_button.setMenu(self.export_menu)
        buttons.addWidget(self.export_button, 0, Qt.AlignTop)
        self.advice_label = QLabel()
        self.advice_label.setObjectName("advice")
        self.advice_label.setWordWrap(True)
        self.advice_label.setTextFormat(Qt.RichText)
        self.advice_label.setAlignment(Qt.AlignLeft | Qt.AlignTop)
        self.advice_area = QScrollArea()
        self.advice_area.setWidget(self.advice_label)
        self.advice_area.setWidgetResizable(True)
        self.advice_area.setFrameShape(QFrame.NoFrame)
        self.advice_area.setFixedHeight(self._advice_height(2))
        top.addWidget(self.advice_area, 1)
        top.addLayout(buttons)
        layout.addLayout(top)

        # one view and one scene for all five plots: cheaper to build and paint than five widgets
        self.charts = PageCharts()
        self.charts.setMinimumHeight(CHARTS_MIN_HEIGHT)
        self.charts.setSizePolicy(QSizePolicy.Expanding, QSizePolicy.Expanding)
        cells = {"memory": (0, 0, 2), "cost": (1, 0, 1), "days": (1, 1, 1), "pareto": (2, 0, 1), "billing": (2, 1, 1)}
        self.plots = {
            kind: self.charts.addPlot(row=row, col=col, colspan=span, viewBox=LazyMenuViewBox())
            for kind, (row, col, span) in cells.items()
        }
        grid = self.charts.ci.layout
        grid.setRowStretchFactor(0, 4)
        grid.setRowStretchFactor(1, 3)
        grid.setRowStretchFactor(2, 3)
        layout.addWidget(self.charts, 1)

    def _advice_height(self, lines: int) -> int:
        return lines * self.advice_label.fontMetrics().lineSpacing() + 6

    def _fit_advice(self, *, shrink: bool = False) -> None:
        """Tall enough for every advice line (up to ADVICE_LINES, then it scrolls). It only grows while
        the user edits (a box that changed height on every keystroke would re-lay out and repaint the
        charts twice); it shrinks back on a resize or a new plan."""
        width = max(self.advice_area.viewport().width(), 200)
        need = self.advice_label.heightForWidth(width) if self.advice_label.text() else 0
        height = max(self._advice_height(2), min(need + 6, self._advice_height(ADVICE_LINES)))
        if height > self.advice_area.height() or (shrink and height != self.advice_area.height()):
            self.advice_area.setFixedHeight(height)

    def _fit_verdict(self, *, shrink: bool = False) -> None:
        """Tall enough for the whole verdict at this width (it wraps in a narrow window), by the advice's
        rule: it grows as the text does, and shrinks back only on a resize."""
        width = self.verdict_label.width()
        if width <= 0 or not self.verdict_label.text():
            return
        lines = -(-(self.verdict_label.heightForWidth(width) - 4) // self._verdict_line)
        height = min(max(2, lines), VERDICT_LINES) * self._verdict_line + 4
        if height > self.verdict_label.height() or (shrink and height != self.verdict_label.height()):
            self.verdict_label.setFixedHeight(height)

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._fit_advice(shrink=True)
        self._fit_verdict(shrink=True)

    def reset_views(self) -> None:
        """Every chart back to its default range."""
        for plot in self.plots.values():
            reset_view(plot)

    def showEvent(self, event) -> None:
        super().showEvent(event)
        if getattr(self, "_stale", False):
            self._redraw()

    def retranslate_ui(self) -> None:
        self.reset_button.setText(self.tr("Reset view"))
        self.reset_button.setToolTip(
            self.tr(
                "Undo any zoom: every chart back to its default range "
                "(Ctrl+wheel zooms a chart; the wheel alone scrolls the page)"
            )
        )
        self.export_button.setText(self.tr("Export chart") + " ▾")
        self.export_button.setToolTip(self.tr("Save a chart as PNG or SVG (right-click a chart for more formats)"))
        self._fill_export_menu()
        self._redraw()

    def _fill_export_menu(self) -> None:
        from gpudesk.ui.charts.plots import chart_titles

        self.export_menu.clear()
        for kind, name in chart_titles(self.cost_data).items():
            self.export_menu.addAction(name, lambda k=kind: self.export_chart(k))

    # --- data --------------------------------------------------------------------------------

    def show_result(self, options, feasible, chosen, message: str = "", *, charts=None) -> None:
        """Draw the charts for a recommendation and the chosen option (None = nothing to show);
        `charts` (memory, cost chart data for `chosen`) when the worker built them already."""
        from gpudesk.ui.state.recompute import chart_data

        self._option = chosen
        self._message = message
        self.memory_data, self.cost_data = charts if charts is not None else chart_data(options, feasible, chosen)
        self._redraw()

    def _redraw(self) -> None:
        self._show_verdict()
        if self.memory_data is None:
            return
        if not self.isVisible():
            self._stale = True  # drawn when the tab is shown: hidden charts cost nothing
            return
        self._stale = False
        from gpudesk.core.i18n import current_language

        lang = current_language()
        for kind, plot in self.plots.items():
            data = self.memory_data if kind == "memory" else self.cost_data
            key = (chart_key(kind, data), lang)
            if self._drawn.get(kind) == key:
                continue  # this chart's numbers and language are unchanged: nothing to redraw
            BUILDERS[kind](plot, data)
            self._drawn[kind] = key

    def _show_verdict(self) -> None:
        v = verdict(self._option)
        if v.fits is None:
            text = self._message or self.tr("Describe the job on the left; the answer appears here as you type.")
            self.verdict_label.setText(f"<b>{text}</b>")
            self.advice_label.setText("")
            self._fit_advice()
            return
        parts = verdict_head(v)
        if v.service is None or (v.hours is not None and v.days):  # training (mixed: both)
            parts += [
                units.hours(v.hours),
                self.tr("%1 (%2 with trial margin)")
                .replace("%1", units.money(v.cost, v.currency))
                .replace("%2", units.money(v.cost_with_margin, v.currency)),
            ]
        if v.service is not None:  # a service: speed and cost per month, worded by core
            parts.append(v.service)
        parts.append(self.tr("%1 tier").replace("%1", units.label("tier", v.tier)))
        if v.billing:
            parts.append(self.tr("cheaper billing: %1").replace("%1", units.label("billing_short", v.billing)))
        self.verdict_label.setText(" · ".join(parts))
        self._fit_verdict()
        lines = []
        for advice in self._option.advice:
            colour = {"critical": "#cc0000", "warning": "#c17d11"}.get(advice.severity, "#555753")
            lines.append(f'<span style="color:{colour}">• {advice.message}</span>')
        for note in self._option.notes[:4]:
            lines.append(f'<span style="color:#555753">• {note.message}</span>')
        if self._message:
            lines.insert(0, f'<span style="color:#cc0000">{self._message}</span>')
        if not lines:
            lines.append('<span style="color:#4e9a06">• ' + self.tr("No warnings for this configuration.") + "</span>")
        self.advice_label.setText("<br>".join(lines))
        self._fit_advice()

    def export_chart(self, kind: str, path: str | None = None) -> str | None:
        if path is None:
            path, _ = QFileDialog.getSaveFileName(
                self, self.tr("Export chart"), f"gpudesk-{kind}.png", self.tr("PNG image (*.png);;SVG drawing (*.svg)")
            )
            if not path:
                return None
        try:
            export_plot(self.plots[kind], path)
        except Exception as exc:  # noqa: BLE001 - an export failure is reported, never fatal
            QMessageBox.warning(self, self.tr("Export chart"), str(exc))
            return None
        return path
