"""The quotes chart: each quote's all-in cost as one bar stacked by item (compute, storage, network,
fees, tax; the subsidy below zero), the cheapest and the selected marked. Draws core's
`quote_chart_data` (gpudesk.core.report.chart_data); computes nothing."""

from __future__ import annotations

import pyqtgraph as pg

from gpudesk.ui.charts.style import _bar, _begin, _empty, _finish, _hover_points, _num
from gpudesk.ui.charts.style import _set_range, _set_ticks, _stack_segment
from gpudesk.ui.charts.ticks import _two_line_ticks
from gpudesk.core import units
from gpudesk.core.report import palette
from gpudesk.ui.i18n import translator

ITEM_COLOURS = palette.QUOTE_ITEMS  # one table with the printed chart

_tr = translator("Charts")


def build_quotes_plot(plot_item: pg.PlotItem, data) -> None:
    from gpudesk.core.plan.comparison import item_label

    _begin(
        plot_item,
        _tr("All-in cost per quote"),
        _tr("Cost (%1)").replace("%1", units.currency_unit(data.currency)),
        "",
        grid=True,
    )
    if data.empty:
        _empty(plot_item, _tr("No priced quote yet"))
        return
    xs = list(range(len(data.bars)))
    tops = [0.0] * len(xs)
    bottoms = [0.0] * len(xs)
    entries, hx, hy, tips = [], [], [], []
    for item in data.items:
        heights = [b.items.get(item, 0.0) for b in data.bars]
        if not any(heights):
            continue
        negative = item == "subsidy"
        base = bottoms if negative else tops
        colour = ITEM_COLOURS.get(item, palette.OTHER)
        _stack_segment(plot_item, item, xs, base, heights, 0.6, colour)
        name = item_label(item)
        entries.append((_bar(colour), name[:1].upper() + name[1:]))
        for i, h in enumerate(heights):
            if h:
                hx.append(i)
                hy.append(base[i] + h / 2)
                tips.append(f"{data.bars[i].label}\n{item_label(item)}: {_num(h, 0)} {data.currency}")
            base[i] += h
    ticks = []
    for i, b in enumerate(data.bars):
        mark = ("★ " if b.selected else "") + ("✓ " if b.cheapest else "")
        total = _num(b.all_in, 0) if b.all_in is not None else "?"
        ticks.append((i, f"{mark}{b.label}\n{total}"))
        hx.append(i)
        hy.append(tops[i])
        tips.append(
            f"{b.label}\n"
            + _tr("All-in")
            + f": {total} {data.currency}"
            + ("\n" + _tr("Cheapest") if b.cheapest else "")
            + ("\n" + _tr("Selected") if b.selected else "")
        )
    _hover_points(plot_item, hx, hy, tips, size=22)
    _set_ticks(plot_item, "bottom", ticks)
    _two_line_ticks(plot_item)
    top = max(tops + [1.0])
    low = min(bottoms + [0.0])
    _set_range(plot_item, -0.6, len(xs) - 0.4, low * 1.1, top * 1.12, steady=False)
    entries.append(("★", _tr("Selected")))
    entries.append(("✓", _tr("Cheapest")))
    _finish(plot_item, entries)
