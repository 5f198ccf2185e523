"""gpudesk's charts: `plots` draws core's chart data with pyqtgraph, `style` is how they look and
behave. Shared by the window and the PDF report."""

from gpudesk.ui.charts.plots import (
    BUILDERS,
    build_billing_plot,
    build_cost_plot,
    build_days_plot,
    build_memory_plot,
    build_pareto_plot,
    export_plot,
    render_chart_image,
)
from gpudesk.ui.charts.style import (
    COMPONENT_COLOURS,
    KINDS,
    SERIES_COLOURS,
    LazyMenuViewBox,
    PageCharts,
    _gpu_ticks,
    _log_ticks,
    _tip,
    reset_view,
)

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
