"""pyqtgraph builders for gpudesk's charts, shared by the window and the PDF report.

Each `build_*_plot(plot_item, data)` clears a `pyqtgraph.PlotItem` and draws the series of a
`gpudesk.core.report.chart_data` object onto it (no figure is computed here); a serving plan's charts
are in `service_plots`. `export.render_chart_image` draws one chart offscreen into a QImage (the report
uses it; a QApplication must exist).

    from gpudesk.core.report.chart_data import memory_chart_data
    from gpudesk.ui.charts import render_chart_image
    image = render_chart_image("memory", memory_chart_data(rec.options, plan.choice), 900, 500)
"""

from __future__ import annotations

import math

import pyqtgraph as pg
from PySide6.QtCore import Qt

from gpudesk.core.report.chart_data import QUICK_CLIP, CostChartData, MemoryChartData
from gpudesk.ui.charts.style import (
    COMPONENT_COLOURS,
    _add,
    _add_line,
    _bar,
    _begin,
    _blend,
    _bounds,
    _brush,
    _empty,
    _fade,
    _finish,
    _gpu_series,
    _hover_points,
    _line,
    _num,
    _pen,
    _sample,
    _stack_segment,
    _set_range,
    _set_ticks,
    _star,
    _steady,
)
from gpudesk.core import units
from gpudesk.ui.charts.service_plots import _service, service_titles
from gpudesk.ui.charts.ticks import _gpu_ticks, _log10, _log_ticks, _two_line_ticks
from gpudesk.core.report import palette
from gpudesk.ui.i18n import translator

_tr = translator("Charts")


# --- memory -----------------------------------------------------------------------------------


def build_memory_plot(plot_item: pg.PlotItem, data: MemoryChartData) -> None:
    """Stacked per-GPU memory bars, each GPU's capacity line and headroom band, the quick estimate."""
    from gpudesk.core.units import label as units_label

    def label(name: str) -> str:
        return units_label("component", name)

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
        entries.append((_bar(COMPONENT_COLOURS.get(name, palette.OTHER)), label(name)))
        _stack_segment(
            plot_item, name, xs, bottoms, heights, 0.55, COMPONENT_COLOURS.get(name, palette.OTHER), label(name)
        )
        for i, h in enumerate(heights):
            if h > 0:
                hover_x.append(i)
                hover_y.append(bottoms[i] + h / 2)
                hover_tip.append(f"{data.bars[i].label}\n{label(name)}: {_num(h, 2)} GiB")
            bottoms[i] += h
    # capacity (solid) and usable (dashed) per bar; the band between them is the headroom kept free
    _add(
        plot_item,
        "band",
        pg.BarGraphItem,
        x=xs,
        y0=[b.usable_gib for b in data.bars],
        height=[b.capacity_gib - b.usable_gib for b in data.bars],
        width=0.8,
        brush=_brush(204, 0, 0, 40),
        pen=_pen(None),
        name=_tr("Headroom kept free"),
    )
    entries.append((_bar(_blend("#cc0000", 40)), _tr("Headroom kept free")))
    cap_x, cap_y = [], []
    for i, bar in enumerate(data.bars):
        cap_x += [i - 0.42, i + 0.42]
        cap_y += [bar.capacity_gib, bar.capacity_gib]
        hover_x.append(i)
        hover_y.append(bar.capacity_gib)
        hover_tip.append(
            f"{bar.label}\n"
            + _tr("Capacity")
            + f": {_num(bar.capacity_gib, 1)} GiB\n"
            + _tr("Usable")
            + f": {_num(bar.usable_gib, 1)} GiB\n"
            + _tr("Total")
            + f": {_num(bar.total_gib, 2)} GiB"
        )
    _add(
        plot_item,
        "capacity",
        pg.PlotDataItem,
        cap_x,
        cap_y,
        connect="pairs",
        pen=_pen("#cc0000", width=2),
        name=_tr("GPU capacity"),
    )
    entries.append((_line("#cc0000"), _tr("GPU capacity")))
    ticks = []
    for i, bar in enumerate(data.bars):
        mark = "★ " if bar.chosen else ""
        fit = "✓" if bar.fits else "✗"
        count, _, gpu = bar.label.partition("× ")  # two short lines: long GPU names would collide
        ticks.append((i, f"{mark}{count}× {fit}\n{gpu}" if gpu else f"{mark}{bar.label} {fit}"))
    real_top = max([b.capacity_gib for b in data.bars] + [sum(b.components_gib.values()) for b in data.bars] + [1.0])
    quick = data.quick_estimate_per_gpu_gib
    # as in the PDF: a rule-of-thumb bar several times a card is cut off, its value under it, so the real bars
    # keep the chart's height (at 1366×768 they had a quarter of it under a 242 GiB bar)
    clipped = quick is not None and quick > real_top * QUICK_CLIP
    if quick is not None:
        qx = len(data.bars)
        _add(
            plot_item,
            "quick",
            pg.BarGraphItem,
            x=[qx],
            y0=[0],
            height=[real_top * 1.3 if clipped else quick],
            width=0.55,
            brush=_brush("#d3d7cf"),
            pen=_pen("#555753", width=1, style=Qt.DashLine),
            name=_tr("Guide's quick estimate"),
        )
        entries.append((_bar("#babdb6"), _tr("Guide's quick estimate")))
        label = _tr("Quick estimate ÷ %1").replace("%1", str(data.quick_estimate_gpus))
        ticks.append((qx, f"{label}\n{_num(quick, 1)} GiB ↑" if clipped else label))
        hover_x.append(qx)
        hover_y.append((real_top * 1.3 if clipped else quick) / 2)
        hover_tip.append(
            _tr("Guide's quick estimate")
            + f"\n{_num(data.quick_estimate_gib, 1)} GiB "
            + _tr("in all")
            + f", {_num(data.quick_estimate_per_gpu_gib, 1)} GiB "
            + _tr("per GPU")
            + (f"\n{data.quick_hint}" if data.quick_hint else "")
        )
    _hover_points(plot_item, hover_x, hover_y, hover_tip, size=22)
    _set_ticks(plot_item, "bottom", ticks)
    _two_line_ticks(plot_item)
    top = real_top * 1.3 if clipped else max(real_top, quick or 0)
    # the bars' slots are fixed; only the height holds steady
    x0, x1 = -0.6, len(ticks) - 0.4
    current = plot_item._gd_range
    keep = current is not None and current[:2] == (x0, x1) and not plot_item._gd_range_placeholder
    y0, y1 = _steady(current[2:] if keep else None, 0, top * 1.15)
    _set_range(plot_item, x0, x1, y0, y1, steady=False)
    _finish(plot_item, entries)


# --- cost and time ----------------------------------------------------------------------------


def build_cost_plot(plot_item: pg.PlotItem, data: CostChartData) -> None:
    """Total cost against GPU count per GPU type, with the trial-and-error margin as a band."""
    if not _start("cost", plot_item, data):
        return
    gpus = _gpu_axis(plot_item, data)
    costs = [c for ps in data.by_gpu.values() for p in ps for c in (p.cost, p.cost_with_margin)]
    _set_range(plot_item, *gpus, *_bounds(costs), pad=0.08)

    def margin_band(i: int, colour: str, points, xs, line) -> None:
        hi = _add(
            plot_item,
            f"margin-{i}",
            pg.PlotDataItem,
            xs,
            [p.cost_with_margin for p in points],
            pen=_pen(colour, width=1, style=Qt.DotLine),
        )
        _add(plot_item, f"band-{i}", pg.FillBetweenItem, line, hi, brush=_brush(_fade(colour, 35)))

    entries = _gpu_series(
        plot_item,
        data.by_gpu,
        "cost",
        lambda p: math.log10(p.gpus),
        lambda p: p.cost,
        lambda p: (
            f"{p.label}\n"
            + _tr("Cost")
            + f": {_num(p.cost, 0)} {data.currency}\n"
            + _tr("With trial margin")
            + f": {_num(p.cost_with_margin, 0)} {data.currency}\n"
            + _tr("Time")
            + f": {_num(p.days, 2)} "
            + _tr("days")
        ),
        star_tip=lambda p: p.label,
        also=margin_band,
    )
    margin = _tr("+%1 % trial-and-error margin").replace("%1", _num(data.trial_margin * 100, 0))
    _finish(plot_item, entries + [(_line("#555753", dotted=True), margin)])


def build_days_plot(plot_item: pg.PlotItem, data: CostChartData, *, legend: bool = False) -> None:
    """Training time in days against GPU count per GPU type (colours as in the cost plot)."""
    if not _start("days", plot_item, data, legend=legend):
        return
    days = [p.days for ps in data.by_gpu.values() for p in ps]
    # log-log: days fall roughly as 1/GPUs, so every type's curve stays readable, however slow the slowest
    *_, y0, y1 = _set_range(plot_item, *_gpu_axis(plot_item, data), *_bounds(_log10(days)), pad=0.08)
    _set_ticks(plot_item, "left", _log_ticks([10**y0, 10**y1]))  # from the view: steady with it
    entries = _gpu_series(
        plot_item,
        data.by_gpu,
        "days",
        lambda p: math.log10(p.gpus),
        lambda p: math.log10(p.days) if p.days > 0 else float("nan"),
        lambda p: f"{p.label}\n" + _tr("Time") + f": {_num(p.days, 2)} " + _tr("days") + f" ({_num(p.days * 24, 1)} h)",
        star_tip=lambda p: p.label,
    )
    _finish(plot_item, entries)


def build_pareto_plot(plot_item: pg.PlotItem, data: CostChartData) -> None:
    """Every feasible option as time vs cost on log scales, the Pareto front joined up."""
    if not _start("pareto", plot_item, data):
        return
    # log scales drawn from log10 values, so every item (scatter and line alike) agrees
    x0, x1, y0, y1 = _set_range(
        plot_item,
        *_bounds(_log10([p.days for p in data.points])),
        *_bounds(_log10([p.cost for p in data.points])),
        pad=0.08,
    )
    _set_ticks(plot_item, "bottom", _log_ticks([10**x0, 10**x1]))  # from the view: steady with it
    _set_ticks(plot_item, "left", _log_ticks([10**y0, 10**y1]))

    def tip(p) -> str:
        return f"{p.label}\n{_num(p.days, 2)} " + _tr("days") + f", {_num(p.cost, 0)} {data.currency}"

    others, ox, oy = _distinct_dots([p for p in data.points if not p.pareto])
    entries = []
    if others:
        entries.append((_sample("●", _blend("#888a85", 160)), _tr("Other options")))
        _add(
            plot_item,
            "others",
            pg.ScatterPlotItem,
            x=ox,
            y=oy,
            size=6,
            brush=_brush(136, 138, 133, 120),
            pen=_pen(None),
            data=others,
            hoverable=True,
            tip=lambda _x, _y, p: tip(p),
            name=_tr("Other options"),
        )
    front = data.front
    fx, fy = _log10([p.days for p in front]), _log10([p.cost for p in front])
    _add(
        plot_item,
        "front",
        pg.PlotDataItem,
        fx,
        fy,
        pen=_pen("#cc0000", width=2),
        symbol="o",
        symbolSize=8,
        symbolBrush=_brush("#cc0000"),
        symbolPen=_pen(None),
        name=_tr("Pareto front"),
    )
    entries.append((_sample("━●━", "#cc0000"), _tr("Pareto front")))
    _hover_points(plot_item, fx, fy, [lambda p=p: tip(p) for p in front])
    for p in data.points:
        if p.chosen:
            entries.append(_star(plot_item, *_log10([p.days, p.cost]), tip(p)))
    _finish(plot_item, entries)


def _distinct_dots(points, step: float = 0.004):
    """The points that land on distinct spots of the log-log chart (about a pixel apart), with their
    log10 coordinates: thousands of options from similar offers draw as the same dots, so only one
    of each is drawn (and hovered)."""
    import numpy as np

    if not points:
        return [], [], []
    xs = np.log10(np.array([p.days for p in points], dtype=float))
    ys = np.log10(np.array([p.cost for p in points], dtype=float))
    keys = np.round(xs / step).astype(np.int64) * 1_000_003 + np.round(ys / step).astype(np.int64)
    _, first = np.unique(keys, return_index=True)
    first.sort()
    return [points[i] for i in first], xs[first].tolist(), ys[first].tolist()


def build_billing_plot(plot_item: pg.PlotItem, data: CostChartData) -> None:
    """Hourly against monthly rental of the chosen GPUs over a month's use, with the break-even."""
    _begin(
        plot_item,
        _tr("Hourly vs monthly billing"),
        _tr("Cost per month (%1)").replace("%1", units.currency_unit(data.currency)),
        _tr("Hours used per month"),
    )
    lines = data.billing
    if lines is None:
        _empty(plot_item, _tr("No hourly price for the chosen configuration"))
        return
    _add(
        plot_item,
        "hourly",
        pg.PlotDataItem,
        lines.hours,
        lines.hourly_cost,
        pen=_pen("#3465a4", width=2),
        name=_tr("Hourly"),
    )
    entries = [(_line("#3465a4"), _tr("Hourly"))]
    top = max(lines.hourly_cost + [lines.monthly_cost or 0.0])
    _set_range(plot_item, lines.hours[0], lines.hours[-1], 0.0, top * 1.08 or 1.0)
    _hover_points(
        plot_item,
        lines.hours,
        lines.hourly_cost,
        [
            lambda h=h, c=c: f"{_num(h, 0)} h: {_num(c, 0)} {data.currency}"
            for h, c in zip(lines.hours, lines.hourly_cost, strict=True)
        ],
        size=10,
    )
    if lines.monthly_cost is not None:
        _add(
            plot_item,
            "monthly",
            pg.PlotDataItem,
            [lines.hours[0], lines.hours[-1]],
            [lines.monthly_cost] * 2,
            pen=_pen("#4e9a06", width=2),
            name=_tr("Monthly"),
        )
        entries.append((_line("#4e9a06"), _tr("Monthly")))
    if lines.break_even_hours is not None and lines.monthly_cost is not None:
        _add_line(
            plot_item,
            "break-even",
            lines.break_even_hours,
            _pen("#555753", style=Qt.DashLine),
            _tr("break-even %1 h").replace("%1", _num(lines.break_even_hours, 0)),
            {"position": 0.9, "color": "#202020"},
        )
        _hover_points(
            plot_item,
            [lines.break_even_hours],
            [lines.monthly_cost],
            key="hover-be",
            tips=[
                _tr("Break-even")
                + f": {_num(lines.break_even_hours, 0)} h/"
                + _tr("month")
                + "\n"
                + f"{_num(lines.monthly_cost, 0)} {data.currency}"
            ],
        )
    if lines.job_hours is not None and lines.job_hours <= lines.hours[-1]:
        service = data.service is not None  # a service runs all month: its line is the axis's end, text left of it
        _add_line(
            plot_item,
            "job",
            lines.job_hours,
            _pen("#f57900", width=1),
            _tr("this service") if service else _tr("this job"),
            {
                "position": 0.45 if service else 0.7,
                "color": "#f57900",
                **({"anchors": [(1, 0.5), (1, 0.5)]} if service else {}),
            },
        )
    _finish(plot_item, entries)


def _gpu_axis(plot_item: pg.PlotItem, data: CostChartData) -> tuple[float, float]:
    """The GPU-count axis (log10, ticks at powers of two) of the cost and days charts: its bounds."""
    counts = [p.gpus for ps in data.by_gpu.values() for p in ps]
    _set_ticks(plot_item, "bottom", _gpu_ticks(counts))
    return _bounds(_log10(counts))


def _training_texts(kind: str, currency: str) -> tuple[str, str, str, str]:
    """A training chart's title, left and bottom axis names, and what it says when it has nothing to draw."""
    cost = _tr("Cost (%1)").replace("%1", units.currency_unit(currency))
    return {
        "cost": (_tr("Total cost vs GPU count"), cost, _tr("GPUs"), _tr("No priced configuration")),
        "days": (_tr("Days vs GPU count"), _tr("Days"), _tr("GPUs"), _tr("No timed configuration")),
        "pareto": (_tr("Time vs cost (Pareto front)"), cost, _tr("Days"), _tr("No priced configuration")),
    }[kind]


def _start(kind: str, plot_item: pg.PlotItem, data: CostChartData, **begin) -> bool:
    """Begin a training chart; False when it has nothing more to draw: a serving plan's chart took its place
    (drawn here), or no option has a figure for it (its empty message shown)."""
    if data.service is not None:
        _service(kind, plot_item, data)
        return False
    title, left, bottom, empty = _training_texts(kind, data.currency)
    _begin(plot_item, title, left, bottom, **begin)
    if data.empty:
        _empty(plot_item, empty)
        return False
    return True


def chart_titles(data: CostChartData | None) -> dict[str, str]:
    """Each chart's name as drawn for this data (a serving plan's differ), for menus and exports."""
    names = {
        "memory": _tr("Memory per GPU"),
        "cost": _tr("Total cost vs GPU count"),
        "days": _tr("Days vs GPU count"),
        "pareto": _tr("Time vs cost"),
        "billing": _tr("Hourly vs monthly billing"),
    }
    if data is not None and data.service is not None:
        names.update(service_titles())
    return names


BUILDERS = {
    "memory": build_memory_plot,
    "cost": build_cost_plot,
    "days": build_days_plot,
    "pareto": build_pareto_plot,
    "billing": build_billing_plot,
}
