"""Text on the page: measured and drawn by the same line breaker, so nothing drawn is ever cut off.

Lines break at word boundaries, and anywhere inside a word too wide for the line (a title without
spaces, a long URL, Chinese text); a newline starts a new line. `split` cuts a text at a line
boundary so a block taller than the room left on a page flows onto the next one.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QFont, QFontMetricsF, QPainter, QPaintDevice, QTextLayout, QTextOption

LINE_BREAK = "\u2028"  # what Qt's text engine breaks a line at


def _option(align: Qt.AlignmentFlag | int) -> QTextOption:
    option = QTextOption(
        Qt.AlignmentFlag(int(align) & int(Qt.AlignmentFlag.AlignHorizontal_Mask)) or Qt.AlignmentFlag.AlignLeft
    )
    option.setWrapMode(QTextOption.WrapMode.WrapAtWordBoundaryOrAnywhere)
    return option


def _plain(text: str) -> str:
    return text.replace("\r\n", "\n").replace("\r", "\n")


def _laid_out(
    text: str,
    font: QFont,
    width: float,
    device: QPaintDevice,
    align: Qt.AlignmentFlag | int = Qt.AlignmentFlag.AlignLeft,
) -> tuple[QTextLayout, float]:
    """The text broken into lines `width` wide (positions from the top), and its height."""
    layout = QTextLayout(text.replace("\n", LINE_BREAK), font, device)  # same length: indices stay valid
    layout.setTextOption(_option(align))
    leading = QFontMetricsF(font, device).leading()
    layout.beginLayout()
    y = -leading
    while True:
        line = layout.createLine()
        if not line.isValid():
            break
        line.setLineWidth(max(width, 1.0))
        y = math.ceil(y + leading)
        line.setPosition(QPointF(0.0, y))
        y += line.height()
    layout.endLayout()
    return layout, max(y, 0.0)


def height(text: str, font: QFont, width: float, device: QPaintDevice) -> float:
    """Height of `text` wrapped to `width` (one line's height for an empty text)."""
    return _laid_out(_plain(text) or " ", font, width, device)[1]


def draw(p: QPainter, rect: QRectF, text: str, align: Qt.AlignmentFlag | int = Qt.AlignmentFlag.AlignLeft) -> None:
    """Draw `text` in the painter's font and pen, wrapped to the rectangle's width, from its top."""
    if not text:
        return
    layout, _h = _laid_out(_plain(text), p.font(), rect.width(), p.device(), align)
    layout.draw(p, rect.topLeft())


def split(text: str, font: QFont, width: float, device: QPaintDevice, room: float) -> tuple[str, str]:
    """(what fits in `room`, the rest), cut between two lines; at least one line goes first."""
    text = _plain(text)
    layout, total = _laid_out(text, font, width, device)
    if total <= room:
        return text, ""
    cut = None
    for i in range(layout.lineCount()):
        line = layout.lineAt(i)
        if line.y() + line.height() > room and i > 0:
            cut = line.textStart()
            break
    if cut is None:  # the first line alone is taller than the room: it goes anyway
        cut = layout.lineAt(1).textStart() if layout.lineCount() > 1 else len(text)
    head, tail = text[:cut], text[cut:]
    return head.rstrip(" \n"), tail.lstrip(" \n")


def one_line(text: str, font: QFont, width: float, device: QPaintDevice) -> str:
    """`text` on one line: line breaks as spaces, elided with … when wider than `width` (headers, footers)."""
    flat = " ".join(text.split())
    return QFontMetricsF(font, device).elidedText(flat, Qt.TextElideMode.ElideRight, width)
