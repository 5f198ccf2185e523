"""The report's charts, drawn as vectors with QPainter from `gpudesk.core.report.chart_data` series.

The app's pyqtgraph charts and these draw the same numbers (the series come from core); drawing
them directly keeps the PDF vector, deterministic and fast (no widget, no pyqtgraph import). Colours,
ticks, titles and legends are the report's style (`gpudesk.report.style`).
"""

from __future__ import annotations

import math
from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPainterPath, QPen

from gpudesk.core.i18n import current_language
from gpudesk.core.report.blocks import BillingChart, MemoryChart, ParetoChart
from gpudesk.core.report.chart_data import QUICK_CLIP
from gpudesk.report.style import (
    ACCENT,
    ALERT,
    AXIS,
    CAPACITY,
    CENTRE,
    COMPONENT_COLOURS,
    FRONT,
    GRID,
    HEADROOM,
    HOURLY,
    INK,
    LEFT,
    MONTHLY,
    MUTED,
    OTHERS,
    QUOTE_COLOURS,
    RIGHT,
    STAR,
    THIS_JOB,
    LegendEntry,
    Measure,
    chart_title,
    compact,
    legend,
    log_ticks,
    nice_ticks,
)


# --- memory per GPU: stacked bars, capacity lines, headroom band, the guide's quick estimate ---


def draw_memory(p: QPainter, rect: QRectF, block: MemoryChart, lay: Measure) -> None:
    data = block.data
    top = rect.top() + chart_title(p, rect, block.title, lay)
    legend_h = lay.pt(28)
    label_h = lay.pt(24)
    plot = QRectF(
        rect.left() + lay.pt(40),
        top + lay.pt(4),
        rect.width() - lay.pt(48),
        rect.bottom() - top - legend_h - label_h - lay.pt(8),
    )
    slots = len(data.bars) + (1 if data.quick_estimate_per_gpu_gib is not None else 0)
    real_top = max([b.capacity_gib for b in data.bars] + [sum(b.components_gib.values()) for b in data.bars] + [1.0])
    q_gib = data.quick_estimate_per_gpu_gib or 0.0
    # the whole-job rule of thumb can be several times a card: drawn cut off at the top (value printed) so that
    # it does not squash the real bars into the bottom of the chart
    clipped = q_gib > real_top * QUICK_CLIP
    y_top = max(real_top * (1.3 if clipped else 1.0), 0.0 if clipped else q_gib) * 1.12
    ticks = nice_ticks(0, y_top)
    y_top = max(y_top, ticks[-1])

    def sy(v: float) -> float:
        return plot.bottom() - plot.height() * v / y_top

    slot_w = plot.width() / max(1, slots)
    small = lay.font(7.5)
    p.setFont(small)
    for tick in ticks:
        p.setPen(QPen(GRID, lay.pt(0.5)))
        p.drawLine(QPointF(plot.left(), sy(tick)), QPointF(plot.right(), sy(tick)))
        p.setPen(MUTED)
        p.drawText(QRectF(plot.left() - lay.pt(34), sy(tick) - lay.pt(5), lay.pt(30), lay.pt(10)), RIGHT, f"{tick:g}")
    p.save()
    p.translate(rect.left() + lay.pt(4), plot.center().y())
    p.rotate(-90)
    p.drawText(QRectF(-plot.height() / 2, -lay.pt(5), plot.height(), lay.pt(10)), CENTRE, block.axis_label)
    p.restore()
    p.setPen(QPen(AXIS, lay.pt(0.8)))
    p.drawLine(plot.bottomLeft(), plot.bottomRight())
    bar_w = min(slot_w * 0.55, lay.pt(60))
    for i, bar in enumerate(data.bars):
        cx = plot.left() + slot_w * (i + 0.5)
        band_w = min(slot_w * 0.8, bar_w * 1.45)
        p.fillRect(
            QRectF(cx - band_w / 2, sy(bar.capacity_gib), band_w, sy(bar.usable_gib) - sy(bar.capacity_gib)), HEADROOM
        )
        base = 0.0
        for name in data.components:
            v = bar.components_gib.get(name, 0.0)
            if v <= 0:
                continue
            p.fillRect(QRectF(cx - bar_w / 2, sy(base + v), bar_w, sy(base) - sy(base + v)), COMPONENT_COLOURS[name])
            base += v
        p.setPen(QPen(CAPACITY, lay.pt(1.6)))
        p.drawLine(QPointF(cx - band_w / 2, sy(bar.capacity_gib)), QPointF(cx + band_w / 2, sy(bar.capacity_gib)))
        p.setFont(lay.font(7))
        p.setPen(INK if bar.fits else ALERT)
        above = max(base, bar.capacity_gib)  # clear of the capacity line and the headroom band
        p.drawText(
            QRectF(cx - slot_w / 2, sy(above) - lay.pt(12), slot_w, lay.pt(10)),
            CENTRE,
            f"{bar.total_gib:.1f} / {bar.capacity_gib:.0f}",
        )
        label = ("★ " if bar.chosen else "") + bar.label + (" ✔" if bar.fits else " ✘")
        p.setFont(lay.font(7.5, bar.chosen))
        p.drawText(
            QRectF(cx - slot_w / 2, plot.bottom() + lay.pt(3), slot_w, label_h),
            CENTRE | int(Qt.TextFlag.TextWordWrap),
            label,
        )
    if data.quick_estimate_per_gpu_gib is not None:
        cx = plot.left() + slot_w * (len(data.bars) + 0.5)
        q = data.quick_estimate_per_gpu_gib
        shown = min(q, y_top * 0.94) if clipped else q
        p.setPen(QPen(QColor("#555753"), lay.pt(1), Qt.PenStyle.DashLine))
        p.setBrush(QBrush(QColor("#d3d7cf")))
        p.drawRect(QRectF(cx - bar_w / 2, sy(shown), bar_w, sy(0) - sy(shown)))
        if clipped:  # a break in the bar: two white slashes below its top
            p.setPen(QPen(QColor("white"), lay.pt(2.2)))
            for k in (0, 1):
                y = sy(shown) + lay.pt(10 + 5 * k)
                p.drawLine(
                    QPointF(cx - bar_w / 2 - lay.pt(2), y + lay.pt(3)),
                    QPointF(cx + bar_w / 2 + lay.pt(2), y - lay.pt(3)),
                )
        p.setFont(lay.font(7))
        p.setPen(INK)
        p.drawText(
            QRectF(cx - slot_w / 2, sy(shown) - lay.pt(11), slot_w, lay.pt(10)),
            CENTRE,
            f"{q:.1f} ↑" if clipped else f"{q:.1f}",
        )
        p.setFont(lay.font(7.5))
        p.drawText(
            QRectF(cx - slot_w / 2, plot.bottom() + lay.pt(3), slot_w, label_h),
            CENTRE | int(Qt.TextFlag.TextWordWrap),
            block.quick_label,
        )
    entries: list[LegendEntry] = [
        (block.component_labels.get(name, name), COMPONENT_COLOURS[name])
        for name in data.components
        if any(b.components_gib.get(name, 0.0) > 0 for b in data.bars)
    ]
    entries += [(block.capacity_label, ("line", QPen(CAPACITY, lay.pt(1.6)))), (block.headroom_label, HEADROOM)]
    legend(p, plot.left(), rect.bottom() - legend_h, entries, lay, rect.right())


# --- time vs cost: every option, the Pareto front, the recommendation ------------------------


class _Axis:
    def __init__(self, lo: float, hi: float, a: float, b: float, *, log: bool = False) -> None:
        self.log = lo > 0 and (log or hi / lo > 30)
        if self.log:
            self.lo, self.hi = lo / 1.3, hi * 1.3
            self.ticks = log_ticks(self.lo, self.hi)
            if len(self.ticks) < 3:  # a narrow range: label the round values in between as well
                self.ticks = [t for t in nice_ticks(self.lo, self.hi, 4) if t > 0]
        else:
            span = (hi - lo) or max(abs(hi), 1.0)
            self.lo, self.hi = max(0.0, lo - span * 0.1), hi + span * 0.1
            self.ticks = nice_ticks(self.lo, self.hi)
            self.lo, self.hi = min(self.lo, self.ticks[0]), max(self.hi, self.ticks[-1])
        self.a, self.b = a, b

    def __call__(self, v: float) -> float:
        if self.log:
            f = (math.log10(v) - math.log10(self.lo)) / (math.log10(self.hi) - math.log10(self.lo))
        else:
            f = (v - self.lo) / ((self.hi - self.lo) or 1.0)
        return self.a + (self.b - self.a) * f


def _frame_axes(
    p: QPainter,
    plot: QRectF,
    xs: _Axis,
    ys: _Axis,
    x_label: str,
    y_label: str,
    lay: Measure,
    x_fmt=lambda v: f"{v:g}",
    y_fmt=compact,
) -> None:
    small = lay.font(7.5)
    p.setFont(small)
    for tick in xs.ticks:
        p.setPen(QPen(GRID, lay.pt(0.5)))
        p.drawLine(QPointF(xs(tick), plot.top()), QPointF(xs(tick), plot.bottom()))
        p.setPen(MUTED)
        p.drawText(
            QRectF(xs(tick) - lay.pt(25), plot.bottom() + lay.pt(2), lay.pt(50), lay.pt(10)), CENTRE, x_fmt(tick)
        )
    for tick in ys.ticks:
        p.setPen(QPen(GRID, lay.pt(0.5)))
        p.drawLine(QPointF(plot.left(), ys(tick)), QPointF(plot.right(), ys(tick)))
        p.setPen(MUTED)
        p.drawText(QRectF(plot.left() - lay.pt(48), ys(tick) - lay.pt(5), lay.pt(44), lay.pt(10)), RIGHT, y_fmt(tick))
    p.setPen(QPen(AXIS, lay.pt(0.8)))
    p.drawLine(plot.bottomLeft(), plot.bottomRight())
    p.drawLine(plot.bottomLeft(), plot.topLeft())
    p.setPen(MUTED)
    p.drawText(QRectF(plot.left(), plot.bottom() + lay.pt(13), plot.width(), lay.pt(11)), CENTRE, x_label)
    p.save()
    p.translate(plot.left() - lay.pt(56), plot.center().y())
    p.rotate(-90)
    p.drawText(QRectF(-plot.height() / 2, -lay.pt(6), plot.height(), lay.pt(12)), CENTRE, y_label)
    p.restore()


def draw_pareto(p: QPainter, rect: QRectF, block: ParetoChart, lay: Measure) -> None:
    data = block.data
    top = rect.top() + chart_title(p, rect, block.title, lay)
    plot = QRectF(
        rect.left() + lay.pt(64), top + lay.pt(16), rect.width() - lay.pt(80), rect.bottom() - top - lay.pt(48)
    )
    points = data.points
    days = [pt.days for pt in points]
    costs = [pt.cost for pt in points]
    # log-log, as the app draws it: options span orders of magnitude in both time and money
    xs = _Axis(min(days), max(days), plot.left(), plot.right(), log=True)
    ys = _Axis(min(costs), max(costs), plot.bottom(), plot.top(), log=True)
    _frame_axes(p, plot, xs, ys, block.x_label, block.y_label, lay)
    r = lay.pt(2.4)
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(QBrush(OTHERS))
    for pt in points:
        if not pt.pareto:
            p.drawEllipse(QPointF(xs(pt.days), ys(pt.cost)), r, r)
    if data.front:
        path = QPainterPath(QPointF(xs(data.front[0].days), ys(data.front[0].cost)))
        for pt in data.front[1:]:
            path.lineTo(QPointF(xs(pt.days), ys(pt.cost)))
        p.setPen(QPen(FRONT, lay.pt(1.5)))
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawPath(path)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QBrush(FRONT))
        for pt in data.front:
            p.drawEllipse(QPointF(xs(pt.days), ys(pt.cost)), r * 1.3, r * 1.3)
    font = lay.font(7)
    p.setFont(font)
    from PySide6.QtGui import QFontMetricsF

    fm = QFontMetricsF(font, lay.device)
    taken: list[QRectF] = []
    # the chosen option first, then the front, then the others; a label that would overlap one already drawn
    # is left out (the table above lists every option)
    labelled = (
        [pt for pt in points if pt.chosen]
        + [pt for pt in data.front if not pt.chosen]
        + [pt for pt in points if not pt.chosen and not pt.pareto]
    )
    for pt in labelled:
        w = fm.horizontalAdvance(pt.label) + lay.pt(2)
        box = QRectF(xs(pt.days) + lay.pt(7), ys(pt.cost) - lay.pt(12), w, lay.pt(10))
        if box.right() > plot.right():
            box.moveRight(xs(pt.days) - lay.pt(7))
        if any(box.intersects(other) for other in taken):
            continue
        taken.append(box)
        p.setPen(INK if pt.chosen else FRONT if pt.pareto else MUTED)
        p.drawText(box, LEFT, pt.label)
    for pt in points:
        if pt.chosen:
            _star(p, QPointF(xs(pt.days), ys(pt.cost)), lay.pt(7), lay)
    entries: list[LegendEntry] = [
        (block.option_label, OTHERS),
        (block.front_label, ("line", QPen(FRONT, lay.pt(1.5)))),
        (block.chosen_label, STAR),
    ]
    legend(p, plot.left(), top, entries, lay, rect.right())


def _star(p: QPainter, centre: QPointF, radius: float, lay: Measure) -> None:
    """The app's marker for the chosen option: a yellow five-pointed star."""
    path = QPainterPath()
    for k in range(10):
        rr = radius if k % 2 == 0 else radius * 0.45
        angle = math.pi / 2 + k * math.pi / 5
        point = QPointF(centre.x() + rr * math.cos(angle), centre.y() - rr * math.sin(angle))
        path.moveTo(point) if k == 0 else path.lineTo(point)
    path.closeSubpath()
    p.setPen(QPen(INK, lay.pt(0.6)))
    p.setBrush(QBrush(STAR))
    p.drawPath(path)


# --- hourly vs monthly billing over one month ------------------------------------------------


def draw_billing(p: QPainter, rect: QRectF, block: BillingChart, lay: Measure) -> None:
    data = block.data
    top = rect.top() + chart_title(p, rect, block.title, lay)
    plot = QRectF(
        rect.left() + lay.pt(64), top + lay.pt(16), rect.width() - lay.pt(80), rect.bottom() - top - lay.pt(48)
    )
    x_hi = data.hours[-1] if data.hours else 730.0
    y_hi = max(data.hourly_cost + [data.monthly_cost or 0.0, 1.0])
    xs = _Axis(0.0, x_hi, plot.left(), plot.right())
    xs.lo, xs.ticks = 0.0, [v for v in nice_ticks(0, x_hi) if v <= x_hi]
    xs.hi = x_hi
    ys = _Axis(0.0, y_hi, plot.bottom(), plot.top())
    ys.lo = 0.0
    ys.ticks = [v for v in ys.ticks if v >= 0]
    _frame_axes(p, plot, xs, ys, block.x_label, block.y_label, lay)
    hourly_pen = QPen(HOURLY, lay.pt(1.6))
    monthly_pen = QPen(MONTHLY, lay.pt(1.6))
    path = QPainterPath(QPointF(xs(data.hours[0]), ys(data.hourly_cost[0])))
    for h, c in zip(data.hours[1:], data.hourly_cost[1:], strict=False):
        path.lineTo(QPointF(xs(h), ys(c)))
    p.setPen(hourly_pen)
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.drawPath(path)
    if data.monthly_cost is not None:
        p.setPen(monthly_pen)
        p.drawLine(QPointF(plot.left(), ys(data.monthly_cost)), QPointF(plot.right(), ys(data.monthly_cost)))
    p.setFont(lay.font(7))
    marks = [
        (data.break_even_hours, block.break_even_label, QPen(MUTED, lay.pt(1), Qt.PenStyle.DashLine)),
        (data.job_hours, block.job_label, QPen(THIS_JOB, lay.pt(1))),
    ]
    for k, (hours, label, pen) in enumerate(marks):
        if hours is None or hours > x_hi:
            continue
        p.setPen(pen)
        p.drawLine(QPointF(xs(hours), plot.top()), QPointF(xs(hours), plot.bottom()))
        p.setPen(pen.color())
        p.drawText(
            QRectF(xs(hours) + lay.pt(3), plot.top() + lay.pt(2 + 11 * k), lay.pt(120), lay.pt(10)),
            LEFT,
            f"{label} {hours:,.0f} h",
        )
    entries: list[LegendEntry] = [
        (block.hourly_label, ("line", hourly_pen)),
        (block.monthly_label, ("line", monthly_pen)),
    ]
    legend(p, plot.left(), top, entries, lay, rect.right())


# --- quotes: all-in cost per quote, stacked by item ----------------------------------------------

QUOTE_BAR_PT = 22.0  # one bar's row height in points; the layout sizes the chart with it


def quote_chart_height(bars: int) -> float:
    """The chart's height in points for `bars` quotes (title, rows, axis, legend)."""
    return 20 + bars * QUOTE_BAR_PT + 34 + 20


def draw_quotes(p: QPainter, rect: QRectF, block: Any, lay: Measure) -> None:
    """Horizontal bars: positive items stacked from zero, the subsidy left of zero, the all-in at the end."""
    from gpudesk.core import units

    data = block.data
    top = rect.top() + chart_title(p, rect, block.title, lay)
    label_w = rect.width() * 0.24
    value_w = lay.pt(150)
    plot = QRectF(rect.left() + label_w, top, rect.width() - label_w - value_w, len(data.bars) * lay.pt(QUOTE_BAR_PT))
    gross = [sum(v for k, v in b.items.items() if k != "subsidy" and v > 0) for b in data.bars]
    lo = min([0.0] + [b.items.get("subsidy", 0.0) for b in data.bars])
    hi = max(gross + [1.0])
    ticks = nice_ticks(lo, hi * 1.05)
    lo, hi = min(lo, ticks[0]), max(hi, ticks[-1])

    def sx(v: float) -> float:
        return plot.left() + plot.width() * (v - lo) / (hi - lo)

    p.setFont(lay.font(7))
    for tick in ticks:
        p.setPen(QPen(GRID, lay.pt(0.5)))
        p.drawLine(QPointF(sx(tick), plot.top()), QPointF(sx(tick), plot.bottom()))
        p.setPen(MUTED)
        p.drawText(
            QRectF(sx(tick) - lay.pt(30), plot.bottom() + lay.pt(2), lay.pt(60), lay.pt(10)), CENTRE, compact(tick)
        )
    p.drawText(QRectF(plot.left(), plot.bottom() + lay.pt(12), plot.width(), lay.pt(10)), CENTRE, block.axis_label)
    p.setPen(QPen(AXIS, lay.pt(0.8)))
    p.drawLine(QPointF(sx(0), plot.top()), QPointF(sx(0), plot.bottom()))
    row = lay.pt(QUOTE_BAR_PT)
    bar_h = row * 0.58
    for i, bar in enumerate(data.bars):
        y = plot.top() + i * row + (row - bar_h) / 2
        base = 0.0
        for name in data.items:
            v = bar.items.get(name)
            if v is None or name == "subsidy" or v <= 0:
                continue
            p.fillRect(QRectF(sx(base), y, sx(base + v) - sx(base), bar_h), QUOTE_COLOURS[name])
            base += v
        sub = bar.items.get("subsidy", 0.0)
        if sub < 0:
            p.fillRect(QRectF(sx(sub), y, sx(0) - sx(sub), bar_h), QUOTE_COLOURS["subsidy"])
        if bar.selected or bar.cheapest:
            p.setPen(QPen(ACCENT if bar.selected else QUOTE_COLOURS["storage"].darker(150), lay.pt(1.4)))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawRect(QRectF(sx(min(sub, 0.0)), y, sx(base) - sx(min(sub, 0.0)), bar_h))
        mark = ("✔ " if bar.selected else "") + ("★ " if bar.cheapest else "")
        p.setFont(lay.font(7.5, bar.selected))
        p.setPen(ALERT if bar.flagged else INK)
        p.drawText(
            QRectF(rect.left(), plot.top() + i * row, label_w - lay.pt(6), row),
            RIGHT | int(Qt.TextFlag.TextWordWrap),
            mark + bar.label,
        )
        p.setFont(lay.font(7.5, True))
        p.setPen(INK)
        text = units.money(bar.all_in) if bar.all_in is not None else units.unknown()
        p.drawText(QRectF(sx(base) + lay.pt(4), plot.top() + i * row, value_w, row), LEFT, text)
        if bar.unknown:
            from PySide6.QtGui import QFontMetricsF

            x = sx(base) + lay.pt(8) + QFontMetricsF(lay.font(7.5, True), lay.device).horizontalAdvance(text)
            p.setFont(lay.font(6.5))
            p.setPen(MUTED)
            sep = "、" if current_language() == "zh_CN" else ", "
            note = block.unknown_label.format(items=sep.join(block.item_labels.get(k, k) for k in bar.unknown))
            p.drawText(
                QRectF(x, plot.top() + i * row, rect.right() - x, row), LEFT | int(Qt.TextFlag.TextWordWrap), note
            )
    present = [k for k in data.items if any(b.items.get(k) for b in data.bars)]
    entries: list[LegendEntry] = [(block.item_labels.get(k, k), QUOTE_COLOURS[k]) for k in present]
    entries += [
        (block.cheapest_label, ("line", QPen(QUOTE_COLOURS["storage"].darker(150), lay.pt(1.4)))),
        (block.selected_label, ("line", QPen(ACCENT, lay.pt(1.4)))),
    ]
    legend(p, plot.left(), plot.bottom() + lay.pt(26), entries, lay, rect.right())
