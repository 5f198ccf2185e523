"""pyqtgraph builders for gpudesk's charts, shared by the window and the PDF report.

Each `build_*_plot(plot_item, data)` clears a `pyqtgraph.PlotItem` and draws the series of a
`gpudesk.core.report.chart_data` object onto it (no figure is computed here). `render_chart_image`
draws one chart offscreen into a QImage (the report uses it; a QApplication must exist).

    from gpudesk.core.report.chart_data import memory_chart_data
    from gpudesk.ui.charts import render_chart_image
    image = render_chart_image("memory", memory_chart_data(rec.options, plan.choice), 900, 500)
"""

from __future__ import annotations

import html
import math

import pyqtgraph as pg
from PySide6.QtCore import QCoreApplication, QLocale, Qt
from PySide6.QtGui import QColor, QFont, QFontMetrics, QImage

from gpudesk.core.report.chart_data import (
    CostChartData,
    MemoryChartData,
)

pg.setConfigOptions(antialias=True, background="w", foreground="#202020")

KINDS = ("memory", "cost", "days", "pareto", "billing")

COMPONENT_COLOURS = {
    "weights": "#3465a4",
    "gradients": "#73d216",
    "optimizer_states": "#f57900",
    "activations": "#75507b",
    "kv_cache": "#c17d11",
    "overhead": "#888a85",
}
SERIES_COLOURS = ["#3465a4", "#cc0000", "#4e9a06", "#f57900", "#75507b", "#06989a", "#c4a000", "#5c3566",
                  "#204a87", "#a40000"]


def _tr(text: str) -> str:
    return QCoreApplication.translate("Charts", text)


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


class LazyMenuViewBox(pg.ViewBox):
    """A ViewBox whose right-click menu (export, ranges) is built on first use, not with the plot:
    five menus of widgets are a visible share of the window's start-up."""

    def __init__(self, **kwargs) -> None:
        super().__init__(enableMenu=False, **kwargs)
        self.state["enableMenu"] = True

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


def _begin(plot_item: pg.PlotItem, title: str, left: str, bottom: str, *, legend: bool = True,
           grid: bool = False) -> None:
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


def _set_range(plot_item: pg.PlotItem, x0: float, x1: float, y0: float, y1: float, *, pad: float = 0.0,
               steady: bool = True) -> tuple[float, float, float, float]:
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
    finite = [v for v in values if v == v and abs(v) != float("inf")]
    return (min(finite), max(finite)) if finite else (0.0, 1.0)


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


def _finish(plot_item: pg.PlotItem) -> None:
    """End a redraw: drop the items this one did not use."""
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
    return _add(plot_item, key, _HoverTargets, x=list(xs), y=list(ys), data=list(tips), size=size, pen=_pen(None),
                brush=_brush(0, 0, 0, 1), hoverable=True, tip=_tip)


def _empty(plot_item: pg.PlotItem, message: str) -> None:
    text = _add(plot_item, "empty", pg.TextItem, message, color="#555753", anchor=(0.5, 0.5))
    text.setPos(0.5, 0.5)
    _legend(plot_item, [])
    _finish(plot_item)
    _set_range(plot_item, 0, 1, 0, 1, steady=False)
    plot_item._gd_range_placeholder = True  # the next real data fit afresh


# --- memory -----------------------------------------------------------------------------------


def build_memory_plot(plot_item: pg.PlotItem, data: MemoryChartData) -> None:
    """Stacked per-GPU memory bars, each GPU's capacity line and headroom band, the quick estimate."""
    from gpudesk.ui.labels import label

    _begin(plot_item, _tr("Memory per GPU"), _tr("GiB per GPU (1 GiB = 2³⁰ bytes)"), "", grid=True)
    if data.empty:
        _empty(plot_item, _tr("No configuration yet"))
        return
    xs = list(range(len(data.bars)))
    bottoms = [0.0] * len(xs)
    hover_x, hover_y, hover_tip = [], [], []
    entries = []
    for name in data.components:
        heights = [bar.components_gib.get(name, 0.0) for bar in data.bars]
        if not any(heights):
            continue
        entries.append((_bar(COMPONENT_COLOURS.get(name, "#888a85")), label(name)))
        _add(plot_item, name, pg.BarGraphItem, x=xs, y0=list(bottoms), height=heights, width=0.55,
             brush=_brush(COMPONENT_COLOURS.get(name, "#888a85")), pen=_pen("w", width=0.5), name=label(name))
        for i, h in enumerate(heights):
            if h > 0:
                hover_x.append(i)
                hover_y.append(bottoms[i] + h / 2)
                hover_tip.append(f"{data.bars[i].label}\n{label(name)}: {_num(h, 2)} GiB")
            bottoms[i] += h
    # capacity (solid) and usable (dashed) per bar; the band between them is the headroom kept free
    _add(plot_item, "band", pg.BarGraphItem, x=xs, y0=[b.usable_gib for b in data.bars],
         height=[b.capacity_gib - b.usable_gib for b in data.bars], width=0.8,
         brush=_brush(204, 0, 0, 40), pen=_pen(None), name=_tr("Headroom kept free"))
    entries.append((_bar(_blend("#cc0000", 40)), _tr("Headroom kept free")))
    cap_x, cap_y = [], []
    for i, bar in enumerate(data.bars):
        cap_x += [i - 0.42, i + 0.42]
        cap_y += [bar.capacity_gib, bar.capacity_gib]
        hover_x.append(i)
        hover_y.append(bar.capacity_gib)
        hover_tip.append(
            f"{bar.label}\n" + _tr("Capacity") + f": {_num(bar.capacity_gib, 1)} GiB\n"
            + _tr("Usable") + f": {_num(bar.usable_gib, 1)} GiB\n" + _tr("Total") + f": {_num(bar.total_gib, 2)} GiB"
        )
    _add(plot_item, "capacity", pg.PlotDataItem, cap_x, cap_y, connect="pairs", pen=_pen("#cc0000", width=2),
         name=_tr("GPU capacity"))
    entries.append((_line("#cc0000"), _tr("GPU capacity")))
    ticks = []
    for i, bar in enumerate(data.bars):
        mark = "★ " if bar.chosen else ""
        fit = "✓" if bar.fits else "✗"
        count, _, gpu = bar.label.partition("× ")  # two short lines: long GPU names would collide
        ticks.append((i, f"{mark}{count}× {fit}\n{gpu}" if gpu else f"{mark}{bar.label} {fit}"))
    if data.quick_estimate_per_gpu_gib is not None:
        qx = len(data.bars)
        _add(plot_item, "quick", pg.BarGraphItem, x=[qx], y0=[0], height=[data.quick_estimate_per_gpu_gib],
             width=0.55, brush=_brush("#d3d7cf"), pen=_pen("#555753", width=1, style=Qt.DashLine),
             name=_tr("Guide's quick estimate"))
        entries.append((_bar("#babdb6"), _tr("Guide's quick estimate")))
        ticks.append((qx, _tr("Quick estimate ÷ %1").replace("%1", str(data.quick_estimate_gpus))))
        hover_x.append(qx)
        hover_y.append(data.quick_estimate_per_gpu_gib / 2)
        hover_tip.append(
            _tr("Guide's quick estimate (20 bytes per parameter)") + f"\n{_num(data.quick_estimate_gib, 1)} GiB "
            + _tr("in all") + f", {_num(data.quick_estimate_per_gpu_gib, 1)} GiB " + _tr("per GPU")
        )
    _hover_points(plot_item, hover_x, hover_y, hover_tip, size=22)
    _set_ticks(plot_item, "bottom", ticks)
    if not getattr(plot_item, "_gd_two_line_ticks", False):  # room for the two-line bar labels
        axis = plot_item.getAxis("bottom")
        axis.setHeight(2 * QFontMetrics(axis.style["tickFont"] or QFont()).lineSpacing() + 12)
        plot_item._gd_two_line_ticks = True
    top = max([b.capacity_gib for b in data.bars] + [sum(b.components_gib.values()) for b in data.bars]
              + [data.quick_estimate_per_gpu_gib or 0])
    # the bars' slots are fixed; only the height holds steady
    x0, x1 = -0.6, len(ticks) - 0.4
    current = plot_item._gd_range
    keep = current is not None and current[:2] == (x0, x1) and not plot_item._gd_range_placeholder
    y0, y1 = _steady(current[2:] if keep else None, 0, top * 1.15)
    _set_range(plot_item, x0, x1, y0, y1, steady=False)
    _legend(plot_item, entries)
    _finish(plot_item)


# --- cost and time ----------------------------------------------------------------------------


def _colour(i: int) -> str:
    return SERIES_COLOURS[i % len(SERIES_COLOURS)]


def _star(plot_item, x, y, tip) -> tuple[str, str]:
    """The chosen option's star; returns its legend entry."""
    _add(plot_item, "star", pg.ScatterPlotItem, x=[x], y=[y], symbol="star", size=18, brush=_brush("#fce94f"),
         pen=_pen("#202020"), data=[tip], hoverable=True, tip=_tip, name=_tr("Chosen"))
    return (_sample("★", STAR), _tr("Chosen"))


def build_cost_plot(plot_item: pg.PlotItem, data: CostChartData) -> None:
    """Total cost against GPU count per GPU type, with the trial-and-error margin as a band."""
    _begin(plot_item, _tr("Total cost vs GPU count"), _tr("Cost (%1)").replace("%1", data.currency), _tr("GPUs"))
    if data.empty:
        _empty(plot_item, _tr("No priced configuration"))
        return
    counts = [p.gpus for ps in data.by_gpu.values() for p in ps]
    _set_ticks(plot_item, "bottom", _gpu_ticks(counts))
    costs = [c for ps in data.by_gpu.values() for p in ps for c in (p.cost, p.cost_with_margin)]
    _set_range(plot_item, *_bounds(_log10(counts)), *_bounds(costs), pad=0.08)
    hover_x, hover_y, hover_tip = [], [], []
    entries, star = [], []
    for i, (name, points) in enumerate(data.by_gpu.items()):
        colour = _colour(i)
        entries.append((_line(colour), name))
        xs = _log10([p.gpus for p in points])
        lo = _add(plot_item, f"cost-{i}", pg.PlotDataItem, xs, [p.cost for p in points], pen=_pen(colour, width=2),
                  symbol="o", symbolSize=6, symbolBrush=_brush(colour), symbolPen=_pen(None), name=name)
        hi = _add(plot_item, f"margin-{i}", pg.PlotDataItem, xs, [p.cost_with_margin for p in points],
                  pen=_pen(colour, width=1, style=Qt.DotLine))
        _add(plot_item, f"band-{i}", pg.FillBetweenItem, lo, hi, brush=_brush(_fade(colour, 35)))
        for p in points:
            hover_x.append(math.log10(p.gpus))
            hover_y.append(p.cost)
            hover_tip.append(lambda p=p: f"{p.label}\n" + _tr("Cost") + f": {_num(p.cost, 0)} {data.currency}\n"
                             + _tr("With trial margin") + f": {_num(p.cost_with_margin, 0)} {data.currency}\n"
                             + _tr("Time") + f": {_num(p.days, 2)} " + _tr("days"))
            if p.chosen:
                star = [_star(plot_item, math.log10(p.gpus), p.cost, p.label)]
    _hover_points(plot_item, hover_x, hover_y, hover_tip)
    margin = _tr("+%1 % trial-and-error margin").replace("%1", _num(data.trial_margin * 100, 0))
    _legend(plot_item, entries + star + [(_line("#555753", dotted=True), margin)])
    _finish(plot_item)


def build_days_plot(plot_item: pg.PlotItem, data: CostChartData, *, legend: bool = False) -> None:
    """Training time in days against GPU count per GPU type (colours as in the cost plot)."""
    _begin(plot_item, _tr("Days vs GPU count"), _tr("Days"), _tr("GPUs"), legend=legend)
    if data.empty:
        _empty(plot_item, _tr("No timed configuration"))
        return
    counts = [p.gpus for ps in data.by_gpu.values() for p in ps]
    days = [p.days for ps in data.by_gpu.values() for p in ps]
    # log-log: days fall roughly as 1/GPUs, so every type's curve stays readable, however slow the slowest
    _set_ticks(plot_item, "bottom", _gpu_ticks(counts))
    *_, y0, y1 = _set_range(plot_item, *_bounds(_log10(counts)), *_bounds(_log10(days)), pad=0.08)
    _set_ticks(plot_item, "left", _log_ticks([10 ** y0, 10 ** y1]))  # from the view: steady with it
    hover_x, hover_y, hover_tip = [], [], []
    entries, star = [], []
    for i, (name, points) in enumerate(data.by_gpu.items()):
        colour = _colour(i)
        entries.append((_line(colour), name))
        xs = _log10([p.gpus for p in points])
        _add(plot_item, f"days-{i}", pg.PlotDataItem, xs, _log10([p.days for p in points]), pen=_pen(colour, width=2),
             symbol="o", symbolSize=6, symbolBrush=_brush(colour), symbolPen=_pen(None), name=name)
        for p in points:
            hover_x.append(math.log10(p.gpus))
            hover_y.append(math.log10(p.days) if p.days > 0 else float("nan"))
            hover_tip.append(lambda p=p: f"{p.label}\n" + _tr("Time") + f": {_num(p.days, 2)} " + _tr("days")
                             + f" ({_num(p.days * 24, 1)} h)")
            if p.chosen:
                star = [_star(plot_item, *_log10([p.gpus, p.days]), p.label)]
    _hover_points(plot_item, hover_x, hover_y, hover_tip)
    _legend(plot_item, entries + star)
    _finish(plot_item)


_LOG_STEPS = ((1, 1.5, 2, 3, 4, 5, 6, 8), (1, 2, 3, 5), (1, 2, 5), (1, 3), (1,))


def _log_ticks(values, max_ticks: int = 5) -> list[tuple[float, str]]:
    """Ticks for a log10 axis at round values (1-2-5 × 10^k and the like: the finest set that gives
    at most `max_ticks` within the values' range), labelled as plain numbers."""
    finite = [v for v in values if v and v > 0]
    if not finite:
        return []
    low, high = min(finite), max(finite)
    lo, hi = math.floor(math.log10(low)), math.ceil(math.log10(high))
    ticks = []
    for steps in _LOG_STEPS:
        ticks = []
        for k in range(lo, hi + 1):
            for step in steps:
                v = step * 10.0 ** k
                if low / 1.08 <= v <= high * 1.08:  # within the padded view
                    decimals = max(0, -k + (1 if step != int(step) else 0))
                    ticks.append((math.log10(v), _num(v, decimals)))
        if len(ticks) <= max_ticks:
            break
    return ticks


def _gpu_ticks(counts) -> list[tuple[float, str]]:
    """GPU-count ticks at powers of two (the counts rentals come in), on a log10 axis."""
    top = max(counts) if counts else 1
    ticks, n = [], 1
    while n <= top * 1.01:
        ticks.append((math.log10(n), str(n)))
        n *= 2
    if len(ticks) > 9:  # too dense: every other power
        ticks = ticks[::2]
    return ticks


def _log10(values):
    return [math.log10(v) if v > 0 else float("nan") for v in values]


def build_pareto_plot(plot_item: pg.PlotItem, data: CostChartData) -> None:
    """Every feasible option as time vs cost on log scales, the Pareto front joined up."""
    _begin(plot_item, _tr("Time vs cost (Pareto front)"), _tr("Cost (%1)").replace("%1", data.currency), _tr("Days"))
    if data.empty:
        _empty(plot_item, _tr("No priced configuration"))
        return
    # log scales drawn from log10 values, so every item (scatter and line alike) agrees
    x0, x1, y0, y1 = _set_range(plot_item, *_bounds(_log10([p.days for p in data.points])),
                                *_bounds(_log10([p.cost for p in data.points])), pad=0.08)
    _set_ticks(plot_item, "bottom", _log_ticks([10 ** x0, 10 ** x1]))  # from the view: steady with it
    _set_ticks(plot_item, "left", _log_ticks([10 ** y0, 10 ** y1]))

    def tip(p) -> str:
        return f"{p.label}\n{_num(p.days, 2)} " + _tr("days") + f", {_num(p.cost, 0)} {data.currency}"

    others = [p for p in data.points if not p.pareto]
    entries = []
    if others:
        entries.append((_sample("●", _blend("#888a85", 160)), _tr("Other options")))
        _add(plot_item, "others", pg.ScatterPlotItem, x=_log10([p.days for p in others]),
             y=_log10([p.cost for p in others]), size=6, brush=_brush(136, 138, 133, 120), pen=_pen(None),
             data=[lambda p=p: tip(p) for p in others], hoverable=True, tip=_tip, name=_tr("Other options"))
    front = data.front
    fx, fy = _log10([p.days for p in front]), _log10([p.cost for p in front])
    _add(plot_item, "front", pg.PlotDataItem, fx, fy, pen=_pen("#cc0000", width=2), symbol="o", symbolSize=8,
         symbolBrush=_brush("#cc0000"), symbolPen=_pen(None), name=_tr("Pareto front"))
    entries.append((_sample("━●━", "#cc0000"), _tr("Pareto front")))
    _hover_points(plot_item, fx, fy, [lambda p=p: tip(p) for p in front])
    for p in data.points:
        if p.chosen:
            entries.append(_star(plot_item, *_log10([p.days, p.cost]), tip(p)))
    _legend(plot_item, entries)
    _finish(plot_item)


def build_billing_plot(plot_item: pg.PlotItem, data: CostChartData) -> None:
    """Hourly against monthly rental of the chosen GPUs over a month's use, with the break-even."""
    _begin(plot_item, _tr("Hourly vs monthly billing"), _tr("Cost per month (%1)").replace("%1", data.currency),
           _tr("Hours used per month"))
    lines = data.billing
    if lines is None:
        _empty(plot_item, _tr("No hourly price for the chosen configuration"))
        return
    _add(plot_item, "hourly", pg.PlotDataItem, lines.hours, lines.hourly_cost, pen=_pen("#3465a4", width=2),
         name=_tr("Hourly"))
    entries = [(_line("#3465a4"), _tr("Hourly"))]
    top = max(lines.hourly_cost + [lines.monthly_cost or 0.0])
    _set_range(plot_item, lines.hours[0], lines.hours[-1], 0.0, top * 1.08 or 1.0)
    _hover_points(plot_item, lines.hours, lines.hourly_cost, [
        lambda h=h, c=c: f"{_num(h, 0)} h: {_num(c, 0)} {data.currency}"
        for h, c in zip(lines.hours, lines.hourly_cost, strict=True)
    ], size=10)
    if lines.monthly_cost is not None:
        _add(plot_item, "monthly", pg.PlotDataItem, [lines.hours[0], lines.hours[-1]], [lines.monthly_cost] * 2,
             pen=_pen("#4e9a06", width=2), name=_tr("Monthly"))
        entries.append((_line("#4e9a06"), _tr("Monthly")))
    if lines.break_even_hours is not None and lines.monthly_cost is not None:
        _add_line(plot_item, "break-even", lines.break_even_hours, _pen("#555753", style=Qt.DashLine),
                  _tr("break-even %1 h").replace("%1", _num(lines.break_even_hours, 0)),
                  {"position": 0.9, "color": "#202020"})
        _hover_points(plot_item, [lines.break_even_hours], [lines.monthly_cost], key="hover-be", tips=[
            _tr("Break-even") + f": {_num(lines.break_even_hours, 0)} h/" + _tr("month") + "\n"
            + f"{_num(lines.monthly_cost, 0)} {data.currency}"])
    if lines.job_hours is not None and lines.job_hours <= lines.hours[-1]:
        _add_line(plot_item, "job", lines.job_hours, _pen("#f57900", width=1), _tr("this job"),
                  {"position": 0.7, "color": "#f57900"})
    _legend(plot_item, entries)
    _finish(plot_item)


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


BUILDERS = {
    "memory": build_memory_plot,
    "cost": build_cost_plot,
    "days": build_days_plot,
    "pareto": build_pareto_plot,
    "billing": build_billing_plot,
}


def render_chart_image(kind: str, data, width: int = 900, height: int = 500) -> QImage:
    """Draw one chart offscreen (`kind` in KINDS) and return it as a QImage of that size."""
    if kind not in BUILDERS:
        raise ValueError(f"unknown chart kind {kind!r}; use one of {', '.join(KINDS)}")
    widget = pg.PlotWidget()
    widget.resize(width, height)
    if kind == "days":  # alone, it needs its own legend
        build_days_plot(widget.getPlotItem(), data, legend=True)
    else:
        BUILDERS[kind](widget.getPlotItem(), data)
    image = widget.grab().toImage()
    widget.deleteLater()
    return image


def export_plot(plot_item: pg.PlotItem, path: str) -> None:
    """Write a plot to PNG or SVG, chosen by the file name's extension."""
    from pyqtgraph import exporters

    if path.lower().endswith(".svg"):
        # Qt's own SVG writer: pyqtgraph's exporter trips over some symbol paths
        from PySide6.QtCore import QRectF
        from PySide6.QtGui import QPainter
        from PySide6.QtSvg import QSvgGenerator

        source = plot_item.sceneBoundingRect()
        generator = QSvgGenerator()
        generator.setFileName(path)
        generator.setSize(source.size().toSize())
        generator.setViewBox(QRectF(0, 0, source.width(), source.height()))
        generator.setTitle(plot_item.titleLabel.text or "gpudesk chart")
        painter = QPainter(generator)
        painter.setRenderHint(QPainter.Antialiasing)
        plot_item.scene().render(painter, QRectF(0, 0, source.width(), source.height()), source)
        painter.end()
    else:
        exporter = exporters.ImageExporter(plot_item)
        exporter.parameters()["width"] = max(1200, int(plot_item.width()))
        exporter.export(path)
