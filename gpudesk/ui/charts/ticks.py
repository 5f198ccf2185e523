"""Axis ticks for the charts: round values on log axes, GPU counts at powers of two, room for
two-line labels (the look itself is in `style`)."""

from __future__ import annotations

import math

import pyqtgraph as pg

from gpudesk.ui.charts.style import _num

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
                v = step * 10.0**k
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
    """log10 of each value, NaN for values that are not positive."""
    import numpy as np

    a = np.asarray(values, dtype=float)
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.where(a > 0, np.log10(np.where(a > 0, a, 1.0)), np.nan).tolist()


def _two_line_ticks(plot_item: pg.PlotItem) -> None:
    """Room under the bars for two-line tick labels (a count over a GPU name, a quote over its total)."""
    if getattr(plot_item, "_gd_two_line_ticks", False):
        return
    from PySide6.QtGui import QFont, QFontMetrics

    axis = plot_item.getAxis("bottom")
    axis.setHeight(2 * QFontMetrics(axis.style["tickFont"] or QFont()).lineSpacing() + 12)
    plot_item._gd_two_line_ticks = True
