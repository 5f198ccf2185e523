"""gpudesk's charts: `plots` (and `service_plots` for a serving plan) draw core's chart data with
pyqtgraph, `style` and `ticks` are how they look and behave, `export` makes images of them. Shared by
the window and the PDF report."""

from gpudesk.ui.charts.export import export_plot, render_chart_image
from gpudesk.ui.charts.plots import (
    BUILDERS,
    build_billing_plot,
    build_cost_plot,
    build_days_plot,
    build_memory_plot,
    build_pareto_plot,
)
from gpudesk.ui.charts.style import (
    COMPONENT_COLOURS,
    KINDS,
    SERIES_COLOURS,
    LazyMenuViewBox,
    PageCharts,
    _tip,
    reset_view,
)
from gpudesk.ui.charts.ticks import _gpu_ticks, _log_ticks

__all__ = [
    "BUILDERS",
    "COMPONENT_COLOURS",
    "KINDS",
    "SERIES_COLOURS",
    "LazyMenuViewBox",
    "PageCharts",
    "_gpu_ticks",
    "_log_ticks",
    "_tip",
    "build_billing_plot",
    "build_cost_plot",
    "build_days_plot",
    "build_memory_plot",
    "build_pareto_plot",
    "export_plot",
    "render_chart_image",
    "reset_view",
]
