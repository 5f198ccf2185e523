"""A serving plan's charts (core.report.service_chart), drawn in the places the training charts take
in `plots` (a service has no run time to draw)."""

from __future__ import annotations

import math

import pyqtgraph as pg
from PySide6.QtCore import Qt

from gpudesk.core import units
from gpudesk.core.report.chart_data import CostChartData
from gpudesk.core.report.service_chart import ServiceChartData, ServicePoint
from gpudesk.ui.charts.style import _add_line, _begin, _bounds, _empty, _finish
from gpudesk.ui.charts.style import _gpu_series, _line, _num, _pen, _set_range, _set_ticks
from gpudesk.ui.charts.ticks import _gpu_ticks, _log10, _log_ticks
from gpudesk.ui.i18n import translator

_tr = translator("Charts")


# --- a serving plan's charts (core.report.service_chart), in the places the training charts take -----
# (a service has no run time to draw)


def service_titles() -> dict[str, str]:
    """The service charts' names by the place they take (the export menu uses them too)."""
    # fmt: off
    # data: a chart's name by its place, kept as a compact table
    return {"cost": _tr("Cost per month vs speed per user"), "days": _tr("Cost per million tokens vs GPU count"),
            "pareto": _tr("Time to first token vs GPU count")}  # one full-context prompt, no queueing
    # fmt: on


def _service_tip(p: ServicePoint, currency: str) -> str:
    lines = [
        p.label,
        _tr("Speed per user") + f": {_num(p.per_user, 1)} " + _tr("tokens/s"),
        _tr("Cost per month") + f": {_num(p.cost_per_month, 0)} {currency}",
    ]
    if p.cost_per_million is not None:
        lines.append(_tr("Per million tokens") + f": {_num(p.cost_per_million, 2)} {currency}")
    if p.first_token_s is not None:
        lines.append(_tr("First token") + f": {_num(p.first_token_s, 2)} s")
    if p.meets is False:
        lines.append(_tr("below the target"))
    return "\n".join(lines)


def _service_series(plot_item: pg.PlotItem, data: ServiceChartData, key: str, x, y) -> list:
    """One line per GPU type through its counts (colours as in every service chart); the legend entries."""
    return _gpu_series(plot_item, data.by_gpu, key, x, y, lambda p: _service_tip(p, data.currency))


def build_service_cost_plot(plot_item: pg.PlotItem, data: ServiceChartData) -> None:
    """Cost per month against output tokens/s per user, one line per GPU type through its counts, and
    the user's target as a vertical line: left of it a setup is too slow, lower is cheaper."""
    _begin(
        plot_item,
        service_titles()["cost"],
        _tr("Cost per month (%1)").replace("%1", units.currency_unit(data.currency)),
        _tr("Output tokens/s per user (%1 users in flight)").replace("%1", str(data.concurrency)),
    )
    if data.empty:
        _empty(plot_item, _tr("No priced configuration"))
        return
    speeds = [p.per_user for ps in data.by_gpu.values() for p in ps]
    costs = [p.cost_per_month for ps in data.by_gpu.values() for p in ps]
    x0, x1, y0, y1 = _set_range(
        plot_item, *_bounds(_log10(speeds + ([data.target] if data.target else []))), *_bounds(_log10(costs)), pad=0.08
    )
    _set_ticks(plot_item, "bottom", _log_ticks([10**x0, 10**x1]))
    _set_ticks(plot_item, "left", _log_ticks([10**y0, 10**y1]))
    entries = _service_series(
        plot_item, data, "service", lambda p: math.log10(p.per_user), lambda p: math.log10(p.cost_per_month)
    )
    if data.target:
        _add_line(
            plot_item,
            "target",
            math.log10(data.target),
            _pen("#cc0000", style=Qt.DashLine),
            _tr("target %1").replace("%1", _num(data.target, 1)),
            {"position": 0.9, "color": "#cc0000"},
        )
        entries.append((_line("#cc0000", dotted=True), _tr("Target per user")))
    _finish(plot_item, entries)


def _against_count(plot_item: pg.PlotItem, data: ServiceChartData, kind: str, left: str, value, empty: str) -> None:
    """`value` of each point (log scale) against GPU count per GPU type; every type keeps its colour."""
    _begin(plot_item, service_titles()[kind], left, _tr("GPUs"), legend=False)
    known = {name: [p for p in ps if value(p)] for name, ps in data.by_gpu.items()}
    if not any(known.values()):
        _empty(plot_item, empty)
        return
    counts = [p.gpus for ps in known.values() for p in ps]
    _set_ticks(plot_item, "bottom", _gpu_ticks(counts))
    *_, y0, y1 = _set_range(
        plot_item, *_bounds(_log10(counts)), *_bounds(_log10([value(p) for ps in known.values() for p in ps])), pad=0.08
    )
    _set_ticks(plot_item, "left", _log_ticks([10**y0, 10**y1]))
    shown = ServiceChartData(data.currency, known, data.target, data.concurrency, data.context_tokens)
    _finish(
        plot_item, _service_series(plot_item, shown, kind, lambda p: math.log10(p.gpus), lambda p: math.log10(value(p)))
    )


def build_service_million_plot(plot_item: pg.PlotItem, data: ServiceChartData) -> None:
    """Cost per million output tokens (the service fully loaded) against GPU count per GPU type."""
    _against_count(
        plot_item,
        data,
        "days",
        _tr("Per million tokens (%1)").replace("%1", units.currency_unit(data.currency)),
        lambda p: p.cost_per_million,
        _tr("No priced configuration"),
    )


def build_service_ttft_plot(plot_item: pg.PlotItem, data: ServiceChartData) -> None:
    """Time to first token (one full-context prompt, no queueing) against GPU count per GPU type."""
    _against_count(
        plot_item, data, "pareto", _tr("First token (s)"), lambda p: p.first_token_s, _tr("No timed configuration")
    )


SERVICE_BUILDERS = {
    "cost": build_service_cost_plot,
    "days": build_service_million_plot,
    "pareto": build_service_ttft_plot,
}


def _service(kind: str, plot_item: pg.PlotItem, data: CostChartData) -> None:
    """A serving plan's chart in this place."""
    SERVICE_BUILDERS[kind](plot_item, data.service)
