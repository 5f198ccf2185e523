"""The charts' colours, beside the chart data that names the series: one table for the window's charts
(gpudesk.ui.charts) and the printed ones (gpudesk.report.style), so a series has the same colour on screen
and on paper. Plain hex strings, no Qt (the window imports this before its first paint)."""

from __future__ import annotations

# fmt: off
# one colour per memory component, per cost item of a quote (the subsidy, a minus, in red), per GPU type's line
COMPONENTS = {"weights": "#3465a4", "gradients": "#73d216", "optimizer_states": "#f57900",
              "activations": "#75507b", "kv_cache": "#c17d11", "overhead": "#888a85"}
QUOTE_ITEMS = {"compute": "#3465a4", "storage": "#73d216", "network": "#06989a", "fees": "#c17d11",
               "tax": "#888a85", "subsidy": "#cc0000"}
SERIES = ["#3465a4", "#cc0000", "#4e9a06", "#f57900", "#75507b", "#06989a", "#c4a000", "#5c3566", "#204a87", "#a40000"]
# fmt: on
OTHER = "#888a85"  # a component or item without a colour of its own
