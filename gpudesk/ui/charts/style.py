"""The charts' look and mechanics: colours, shared pens, plain-number and log ticks, steady
ranges, items reused by key across redraws, legends, hover tooltips (the builders are in `plots`).

Charts hold still: the mouse wheel scrolls the page, Ctrl+wheel zooms, and `reset_view` (or a
double click) returns to the fixed default range the data give.
"""

from __future__ import annotations

import html
import math

import pyqtgraph as pg
from PySide6.QtCore import QLocale, Qt
from PySide6.QtGui import QColor
from gpudesk.core.report import palette
from gpudesk.ui.i18n import translator

pg.setConfigOptions(antialias=True, background="w", foreground="#202020")

KINDS = ("memory", "cost", "days", "pareto", "billing")

COMPONENT_COLOURS = palette.COMPONENTS  # one table with the printed charts
SERIES_COLOURS = palette.SERIES

_tr = translator("Charts")


def _num(value: float, decimals: int = 1) -> str:
    return QLocale().toString(float(value), "f", decimals)


_STYLES: dict = {}


def _pen(*args, **kwargs):
    """A shared QPen per style: pyqtgraph's symbol atlas caches rendered symbols by pen and brush
    object, so a fresh object on every redraw would re-render every symbol."""
    key = ("pen", args, tuple(sorted(kwargs.items())))
    if key not in _STYLES:
        _STYLES[key] = pg.mkPen(*args, **kwargs)
    return _STYLES[key]


def _brush(*args):
    """A shared QBrush per colour (see `_pen`)."""
    key = ("brush", args)
    if key not in _STYLES:
        _STYLES[key] = pg.mkBrush(*args)
    return _STYLES[key]


def _fade(colour: str, alpha: int) -> tuple[int, int, int, int]:
    c = QColor(colour)
    return (c.red(), c.green(), c.blue(), alpha)


class PageCharts(pg.GraphicsLayoutWidget):
    """Charts that sit in a scrolling page: the wheel scrolls the page, Ctrl+wheel zooms a chart.

    Leaving the plain wheel to the ViewBox (which ignores it) was not enough under a real X server: the
    first notch scrolled the page, the following ones were swallowed by the view (seen at 1366×768: the
    lower charts could not be reached with the wheel over a chart). The view now hands every plain notch
    to the scroll area around it."""

    def wheelEvent(self, ev) -> None:
        if ev.modifiers() & Qt.ControlModifier:
            super().wheelEvent(ev)  # the ViewBox under the pointer zooms
            return
        from PySide6.QtCore import QCoreApplication
        from PySide6.QtWidgets import QAbstractScrollArea

        area = self.parentWidget()
        while area is not None and not isinstance(area, QAbstractScrollArea):
            area = area.parentWidget()
        if area is not None:  # handed to the page, as the wheel guard does for an unfocused field
            QCoreApplication.sendEvent(area.viewport(), ev)
        ev.accept()


class LazyMenuViewBox(pg.ViewBox):
    """A ViewBox whose right-click menu (export, ranges) is built on first use, not with the plot:
    five menus of widgets are a visible share of the window's start-up.

    The view stays at its default range: no drag-panning, and the wheel is left to the page (it
    scrolls); Ctrl+wheel zooms on purpose, and a double click or `reset_view` undoes any zoom."""

    def __init__(self, **kwargs) -> None:
        super().__init__(enableMenu=False, **kwargs)
        self.state["enableMenu"] = True
        self.setMouseEnabled(False, False)
        self.zoomed = False

    def wheelEvent(self, ev, axis=None) -> None:
        if not ev.modifiers() & Qt.ControlModifier:
            ev.ignore()  # the page scrolls
            return
        self.setMouseEnabled(True, True)
        try:
            super().wheelEvent(ev, axis)
        finally:
            self.setMouseEnabled(False, False)
        self.zoomed = True

    def mouseDoubleClickEvent(self, ev) -> None:
        reset_view(self.parentItem())
        ev.accept()

    def getMenu(self, ev):
        if self.menu is None:
            from pyqtgraph.graphicsItems.ViewBox.ViewBoxMenu import ViewBoxMenu

            self.menu = ViewBoxMenu(self)
            self.updateViewLists()
        return self.menu

    def getContextMenus(self, event):
        return self.getMenu(event).actions() if self.menuEnabled() else []


class _HoverTargets(pg.ScatterPlotItem):
    """Invisible points that only carry tooltips: hit-tested on hover, never painted."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        # Qt then skips the item's painting preparations altogether; it still receives hover events
        self.setFlag(self.GraphicsItemFlag.ItemHasNoContents, True)

    def paint(self, *args) -> None:
        pass


def _setup(plot_item: pg.PlotItem) -> None:
    """Once per plot: plain-number axes (no SI prefix), fixed ranges, cached axis pictures."""
    from PySide6.QtWidgets import QGraphicsItem

    plot_item._gd_items, plot_item._gd_labels = {}, {}
    plot_item._gd_ticks, plot_item._gd_range, plot_item._gd_grid = {}, None, None
    plot_item._gd_range_placeholder = False
    plot_item._gd_legend = None
    # every builder sets its ranges from the data: no bounds search over the items before each paint
    plot_item.disableAutoRange()
    plot_item.hideButtons()
    for side in ("bottom", "left", "top", "right"):
        axis = plot_item.getAxis(side)
        axis.enableAutoSIPrefix(False)
        axis.tickStrings = _plain_tick_strings.__get__(axis)
        # the tick labels' space only grows: shrinking re-lays out the whole chart view on a later paint
        axis.setStyle(autoReduceTextSpace=False)
        # an axis whose range and ticks did not change is blitted, not redrawn text by text
        axis.setCacheMode(QGraphicsItem.DeviceCoordinateCache)


def _plain_tick_strings(axis, values, scale, spacing) -> list[str]:
    """Tick labels as plain locale numbers ("1,500,000", "0.05"), never pyqtgraph's "1.5e+06"."""
    step = spacing * scale
    places = max(0, math.ceil(-math.log10(step))) if step > 0 else 0
    return [_num(v * scale, places) for v in values]


def _begin(
    plot_item: pg.PlotItem, title: str, left: str, bottom: str, *, legend: bool = True, grid: bool = False
) -> None:
    """Start a redraw. Items are reused by key across redraws (see `_add`): rebuilding a plot from
    scratch on every keystroke costs several times more than updating its items' data."""
    if not hasattr(plot_item, "_gd_items"):
        _setup(plot_item)
    plot_item._gd_used = set()
    plot_item._gd_ticks_used = set()
    plot_item._gd_show_legend = legend
    labels = {"title": title, "left": left, "bottom": bottom}
    if plot_item._gd_labels != labels:  # rich-text labels are slow to lay out: only when they change
        plot_item.setTitle(title, size="10pt")
        plot_item.setLabel("left", left)
        plot_item.setLabel("bottom", bottom)
        plot_item._gd_labels = labels
    # grid lines are repainted with the axis on every change (~3 ms each): only where values are read off
    if plot_item._gd_grid != grid:
        plot_item.showGrid(x=False, y=grid, alpha=0.25)
        plot_item._gd_grid = grid


def _set_ticks(plot_item: pg.PlotItem, side: str, ticks: list[tuple[float, str]]) -> None:
    """Fixed ticks for an axis, set only when they differ (setting them redraws the axis)."""
    plot_item._gd_ticks_used.add(side)
    if plot_item._gd_ticks.get(side) != ticks:
        plot_item.getAxis(side).setTicks([ticks])
        plot_item._gd_ticks[side] = ticks


def _steady(current: tuple[float, float] | None, lo: float, hi: float) -> tuple[float, float]:
    """An axis range that holds still while the data moves a little: kept while it still holds the
    data and the data fill at least a third of it, widened to take both when that stays tight,
    else fitted afresh. Axes that do not jump on every keystroke are easier to read and are not
    redrawn (their cached picture is reused)."""
    if current is None:
        return lo, hi
    a, b = current
    if a <= lo and hi <= b and (hi - lo) >= (b - a) / 3:
        return a, b
    wide = (min(a, lo), max(b, hi))
    if wide[1] - wide[0] <= 2 * (hi - lo):
        return wide
    return lo, hi


def _set_range(
    plot_item: pg.PlotItem, x0: float, x1: float, y0: float, y1: float, *, pad: float = 0.0, steady: bool = True
) -> tuple[float, float, float, float]:
    """The view's range, padded by a fraction of each span (held steady across small changes unless
    `steady` is False); returns the range shown. Untouched when unchanged."""
    dx, dy = (x1 - x0) or 1.0, (y1 - y0) or 1.0
    wanted = (x0 - dx * pad, x1 + dx * pad, y0 - dy * pad, y1 + dy * pad)
    current = plot_item._gd_range
    if steady and current is not None and not plot_item._gd_range_placeholder:
        wanted = (*_steady(current[:2], *wanted[:2]), *_steady(current[2:], *wanted[2:]))
    plot_item._gd_range_placeholder = False
    if current != wanted:
        plot_item.vb.setRange(xRange=wanted[:2], yRange=wanted[2:], padding=0)
        plot_item._gd_range = wanted
    return wanted


def _bounds(values) -> tuple[float, float]:
    """The finite values' span (numpy: a chart may hold thousands of points)."""
    import numpy as np

    a = np.asarray(values, dtype=float)
    a = a[np.isfinite(a)]
    return (float(a.min()), float(a.max())) if a.size else (0.0, 1.0)


def _add(plot_item: pg.PlotItem, key: str, cls, *args, **kwargs):
    """The item `key` of this plot: the one drawn last time updated in place, or a new one."""
    key = (key, None)
    item = plot_item._gd_items.get(key)
    if item is not None and type(item) is cls:
        try:
            if cls in (pg.PlotDataItem, pg.ScatterPlotItem, _HoverTargets):
                item.setData(*args, **kwargs)
            elif cls is pg.BarGraphItem:
                item.setOpts(**kwargs)
            elif cls is pg.FillBetweenItem:
                if tuple(item.curves or ()) != args:  # the same curves re-fill themselves when their data change
                    item.setCurves(*args)
                item.setBrush(kwargs.get("brush"))
            elif cls is pg.TextItem:
                item.setText(args[0])
            else:
                raise TypeError(cls)
            plot_item._gd_used.add(key)
            return item
        except (TypeError, KeyError, ValueError):
            plot_item.removeItem(item)
    item = cls(*args, **kwargs)
    if cls is pg.PlotDataItem:
        item.setDynamicRangeLimit(None)  # else every range change re-processes the data
    plot_item.addItem(item)
    plot_item._gd_items[key] = item
    plot_item._gd_used.add(key)
    return item


def _legend(plot_item: pg.PlotItem, entries: list[tuple[str, str]]) -> None:
    """The plot's legend, right of the plot area so it never covers data: one rich-text label
    (a coloured sample glyph and a name per line), re-set only when its text changes."""
    if not plot_item._gd_show_legend:
        entries = []
    text = "<br>".join(f"{sample}&nbsp;{html.escape(name)}" for sample, name in entries)
    label = plot_item._gd_legend
    if label is None:
        if not text:
            return
        label = pg.LabelItem("", size="8pt", justify="left")
        plot_item.layout.addItem(label, 2, 3)
        plot_item.layout.setAlignment(label, Qt.AlignTop | Qt.AlignLeft)
        plot_item._gd_legend = label
    if label.text != text:
        label.setText(text)


def _sample(glyph: str, colour: str) -> str:
    return f'<span style="color:{colour}; font-size:11pt">{glyph}</span>'


def _bar(colour: str) -> str:
    return _sample("■", colour)


def _line(colour: str, dotted: bool = False) -> str:
    return _sample("┅┅" if dotted else "━━", colour)


def _blend(colour: str, alpha: int) -> str:
    """The colour at `alpha`/255 over the white background (rich text has no transparency)."""
    c = QColor(colour)
    mix = [round(v * alpha / 255 + 255 * (1 - alpha / 255)) for v in (c.red(), c.green(), c.blue())]
    return "#" + "".join(f"{v:02x}" for v in mix)


STAR = "#c4a000"  # the chosen option's star, darker than its fill so the legend glyph reads on white


def _finish(plot_item: pg.PlotItem, legend: list[tuple[str, str]]) -> None:
    """End a redraw: the legend's entries set, the items this one did not use dropped."""
    _legend(plot_item, legend)
    for key in [k for k in plot_item._gd_items if k not in plot_item._gd_used]:
        plot_item.removeItem(plot_item._gd_items.pop(key))
    for side in [s for s, t in plot_item._gd_ticks.items() if t is not None and s not in plot_item._gd_ticks_used]:
        plot_item.getAxis(side).setTicks(None)
        plot_item._gd_ticks[side] = None
    # apply the new range now, not in the paint: moved in the paint, every item re-queues itself and
    # the whole view is painted a second time
    plot_item.vb.updateMatrix()


def _tip(x, y, data):
    """Tooltip text; `data` may be a callable so the text is only formatted when hovered."""
    return data() if callable(data) else data


def _hover_points(plot_item: pg.PlotItem, xs, ys, tips, *, size: int = 14, key: str = "hover") -> pg.ScatterPlotItem:
    """Invisible hover targets whose tooltip shows the exact values."""
    return _add(
        plot_item,
        key,
        _HoverTargets,
        x=list(xs),
        y=list(ys),
        data=list(tips),
        size=size,
        pen=_pen(None),
        brush=_brush(0, 0, 0, 1),
        hoverable=True,
        tip=_tip,
    )


def _empty(plot_item: pg.PlotItem, message: str) -> None:
    """Only the message: the placeholder range (0..1) would otherwise show ticks that mean nothing."""
    text = _add(plot_item, "empty", pg.TextItem, message, color="#555753", anchor=(0.5, 0.5))
    text.setPos(0.5, 0.5)
    _set_ticks(plot_item, "bottom", [])
    _set_ticks(plot_item, "left", [])
    _finish(plot_item, [])
    _set_range(plot_item, 0, 1, 0, 1, steady=False)
    plot_item._gd_range_placeholder = True  # the next real data fit afresh


def reset_view(plot_item) -> None:
    """Back to the range the data give (after a Ctrl+wheel zoom or a range set from the menu)."""
    rng = getattr(plot_item, "_gd_range", None)
    if rng is not None:
        plot_item.vb.setRange(xRange=rng[:2], yRange=rng[2:], padding=0)
    plot_item.vb.zoomed = False


# --- colours and markers shared by the builders ---------------------------------------------


def _colour(i: int) -> str:
    return SERIES_COLOURS[i % len(SERIES_COLOURS)]


def _star(plot_item, x, y, tip) -> tuple[str, str]:
    """The chosen option's star; returns its legend entry."""
    _add(
        plot_item,
        "star",
        pg.ScatterPlotItem,
        x=[x],
        y=[y],
        symbol="star",
        size=18,
        brush=_brush("#fce94f"),
        pen=_pen("#202020"),
        data=[tip],
        hoverable=True,
        tip=_tip,
        name=_tr("Chosen"),
    )
    return (_sample("★", STAR), _tr("Chosen"))


def _gpu_series(plot_item: pg.PlotItem, by_gpu: dict, key: str, x, y, tip, star_tip=None, also=None) -> list:
    """One line per GPU type through its points at (x(p), y(p)), each type in the colour of its place (kept
    when it has no point here), hover tips `tip(p)` and the chosen point's star (`star_tip(p)`, else the
    tip); `also(i, colour, points, xs, line)` draws what goes with a type's line. Returns the legend entries."""
    hover_x, hover_y, hover_tip = [], [], []
    dot_brushes: list = []
    entries, star, chosen = [], [], None
    for i, (name, points) in enumerate(by_gpu.items()):
        if not points:
            continue
        colour = _colour(i)
        entries.append((_line(colour), name))
        xs, ys = [x(p) for p in points], [y(p) for p in points]
        line = _add(plot_item, f"{key}-{i}", pg.PlotDataItem, xs, ys, pen=_pen(colour, width=2), name=name)
        if also is not None:
            also(i, colour, points, xs, line)
        dot_brushes += [_brush(colour)] * len(points)
        for p, px, py in zip(points, xs, ys, strict=True):
            hover_x.append(px)
            hover_y.append(py)
            hover_tip.append(lambda p=p: tip(p))
            if p.chosen:
                chosen = (p, px, py)
    # every type's dots in one item: one update and one paint per chart, not one per GPU type
    _add(plot_item, f"{key}-dots", pg.ScatterPlotItem, x=hover_x, y=hover_y, size=6, pen=_pen(None), brush=dot_brushes)
    if chosen is not None:  # over the dots
        p, px, py = chosen
        star = [_star(plot_item, px, py, (star_tip or tip)(p))]
    _hover_points(plot_item, hover_x, hover_y, hover_tip)
    return entries + star


def _stack_segment(
    plot_item: pg.PlotItem, key: str, xs, y0, heights, width: float, colour: str, name: str | None = None
):
    """One layer of a stacked bar chart: the bars of `heights` on `y0`, filled with `colour`, edged in white."""
    named = {} if name is None else {"name": name}
    return _add(
        plot_item,
        key,
        pg.BarGraphItem,
        x=xs,
        y0=list(y0),
        height=heights,
        width=width,
        brush=_brush(colour),
        pen=_pen("w", width=0.5),
        **named,
    )


def _add_line(plot_item: pg.PlotItem, key: str, pos: float, pen, text: str, label_opts: dict) -> None:
    """A vertical marker with its label, moved in place on later redraws."""
    key = (key, None)
    line = plot_item._gd_items.get(key)
    if line is None:
        line = pg.InfiniteLine(pos=pos, angle=90, pen=pen, label=text, labelOpts=label_opts)
        plot_item.addItem(line)
        plot_item._gd_items[key] = line
    else:
        line.setPos(pos)
        if line.label.format != text:
            line.label.setFormat(text)
    plot_item._gd_used.add(key)
