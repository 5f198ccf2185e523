"""The printed plan's look: the page's colours (accent, rules, header and label tints, severity tones, ink) and
the charts' (the app's palettes), the measures a chart asks the page layout for, axis ticks and labels, and the
title and legend every chart draws. `charts` paints the plots with them; `layout` and `tables` the pages."""

from __future__ import annotations

import math
from typing import Any, Protocol

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPen

from gpudesk.core.i18n import current_language
from gpudesk.core.report import palette


class Measure(Protocol):
    """What a chart needs from the page layout (`gpudesk.report.layout.Layout` is one): points to device
    units, the report's font, the device to measure text on."""

    device: Any

    def pt(self, points: float) -> float: ...

    def font(self, size: float, bold: bool = False) -> QFont: ...


def _colours(hexes: dict[str, str]) -> dict[str, QColor]:
    return {name: QColor(c) for name, c in hexes.items()}


# the app's chart colours (core/report/palette.py, shared with gpudesk.ui.charts): the printed charts look like the screen's
COMPONENT_COLOURS = _colours(palette.COMPONENTS)
QUOTE_COLOURS = _colours(palette.QUOTE_ITEMS)
CAPACITY = QColor("#cc0000")
HEADROOM = QColor(204, 0, 0, 40)
FRONT = QColor("#cc0000")
OTHERS = QColor(136, 138, 133, 150)
STAR = QColor("#fce94f")
HOURLY = QColor("#3465a4")
MONTHLY = QColor("#4e9a06")
THIS_JOB = QColor("#f57900")
ACCENT = QColor("#1F4E79")
ALERT = QColor("#C0392B")
RULE = QColor("#B8C4D0")
HEADER_BG = QColor("#E3EAF2")
LABEL_BG = QColor("#F2F5F8")

# severity -> (text colour, background tint)
TONES = {
    "critical": (QColor("#A4161A"), QColor("#FBE3E3")),
    "warning": (QColor("#8A5A00"), QColor("#FFF3D6")),
    "ok": (QColor("#1E6B34"), QColor("#E5F3E8")),
    "info": (ACCENT, QColor("#E6EEF7")),
    "chosen": (ACCENT, QColor("#DCE8F5")),
}
GRID = QColor("#E1E6EC")
AXIS = QColor("#7A8590")
INK = QColor("#1A1A1A")
MUTED = QColor("#5F6368")
LEFT = int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
RIGHT = int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
CENTRE = int(Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop)


def nice_ticks(lo: float, hi: float, count: int = 5) -> list[float]:
    if hi <= lo:
        hi = lo + 1
    raw = (hi - lo) / count
    mag = 10 ** math.floor(math.log10(raw))
    step = mag
    for m in (1, 2, 2.5, 5, 10):
        step = m * mag
        if (hi - lo) / step <= count:
            break
    start = math.floor(lo / step) * step
    ticks, v = [], start
    while v <= hi + step * 1e-9:
        if v >= lo - step * 1e-9:
            ticks.append(round(v, 10))
        v += step
    return ticks


def log_ticks(lo: float, hi: float) -> list[float]:
    lo_e, hi_e = math.floor(math.log10(lo)), math.ceil(math.log10(hi))
    mults = (1, 2, 5) if hi_e - lo_e <= 3 else (1,)
    return [m * 10**e for e in range(lo_e, hi_e + 1) for m in mults if lo <= m * 10**e <= hi]


def compact(value: float) -> str:
    """Axis label: 1200 -> 1.2k (en) / 1200 (zh), 150000 -> 150k / 15万."""
    a = abs(value)
    if current_language() == "zh_CN":
        if a >= 1e8:
            return f"{value / 1e8:g}亿"
        if a >= 1e4:
            return f"{value / 1e4:g}万"
        return f"{value:g}"
    if a >= 1e6:
        return f"{value / 1e6:g}M"
    if a >= 1e3:
        return f"{value / 1e3:g}k"
    return f"{value:g}"


# A legend entry: (label, the QColor of a swatch | ("line", the QPen of a line sample)).
LegendEntry = tuple[str, QColor | tuple[str, QPen]]


def chart_title(p: QPainter, rect: QRectF, text: str, lay: Measure) -> float:
    h = lay.pt(16)
    p.setFont(lay.font(9.5, True))
    p.setPen(INK)
    p.drawText(QRectF(rect.left(), rect.top(), rect.width(), h), LEFT, text)
    return h + lay.pt(4)


def legend(p: QPainter, x: float, y: float, entries: list[LegendEntry], lay: Measure, max_x: float) -> float:
    """Entries: (label, QColor for a swatch | ('line', QPen) for a line sample). Returns the height used."""
    font = lay.font(7.5)
    p.setFont(font)
    from PySide6.QtGui import QFontMetricsF

    fm = QFontMetricsF(font, lay.device)
    row_h = lay.pt(12)
    x0, cx, cy = x, x, y
    for label, mark in entries:
        w = lay.pt(16) + fm.horizontalAdvance(label) + lay.pt(10)
        if cx + w > max_x and cx > x0:
            cx, cy = x0, cy + row_h
        mid = cy + row_h / 2
        if isinstance(mark, QColor):
            p.fillRect(QRectF(cx, mid - lay.pt(4), lay.pt(10), lay.pt(8)), mark)
        else:
            p.setPen(mark[1])
            p.drawLine(QPointF(cx, mid), QPointF(cx + lay.pt(12), mid))
        p.setPen(MUTED)
        p.drawText(QRectF(cx + lay.pt(14), cy, w, row_h), LEFT, label)
        cx += w
    return cy + row_h - y
