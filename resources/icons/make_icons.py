#!/usr/bin/env python3
"""Draw gpudesk's icons with QPainter (no image editor needed): the app icon at 256 and 512 px
(gpudesk.png, gpudesk-512.png; packaging turns them into .ico/.icns) and 48 px toolbar icons.

    QT_QPA_PLATFORM=offscreen python resources/icons/make_icons.py
"""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QGuiApplication,
    QImage,
    QLinearGradient,
    QPainter,
    QPainterPath,
    QPen,
)

HERE = Path(__file__).resolve().parent
BLUE, GREEN, ORANGE, DARK = QColor("#204a87"), QColor("#73d216"), QColor("#f57900"), QColor("#2e3436")


def _canvas(size: int) -> tuple[QImage, QPainter]:
    image = QImage(size, size, QImage.Format_ARGB32)
    image.fill(Qt.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.Antialiasing)
    painter.scale(size / 100.0, size / 100.0)  # draw on a 100 × 100 grid
    return image, painter


def app_icon(size: int) -> QImage:
    """A GPU card (board with memory chips and a fan) over a rising bar chart: plan the rental."""
    image, p = _canvas(size)
    grad = QLinearGradient(0, 0, 0, 100)
    grad.setColorAt(0, QColor("#3465a4"))
    grad.setColorAt(1, BLUE)
    p.setPen(Qt.NoPen)
    p.setBrush(QBrush(grad))
    p.drawRoundedRect(QRectF(4, 4, 92, 92), 18, 18)
    # card
    p.setBrush(QColor("#eeeeec"))
    p.drawRoundedRect(QRectF(14, 22, 72, 40), 5, 5)
    p.setBrush(QColor("#babdb6"))
    for x in range(20, 80, 10):  # gold-finger edge connector
        p.drawRect(QRectF(x, 62, 6, 5))
    p.setBrush(DARK)
    p.drawEllipse(QPointF(36, 42), 13, 13)
    p.setBrush(QColor("#888a85"))
    for angle in range(0, 360, 60):  # fan blades
        p.save()
        p.translate(36, 42)
        p.rotate(angle)
        p.drawEllipse(QRectF(2, -3, 10, 6))
        p.restore()
    p.setBrush(GREEN)
    for i in range(3):
        p.drawRect(QRectF(56, 28 + i * 11, 22, 7))
    # bars
    p.setBrush(ORANGE)
    for i, h in enumerate((10, 16, 22)):
        p.drawRoundedRect(QRectF(58 + i * 9, 90 - h, 7, h), 1.5, 1.5)
    p.end()
    return image


def _stroke(p: QPainter, width: float = 7) -> None:
    p.setPen(QPen(DARK, width, Qt.SolidLine, Qt.RoundCap, Qt.RoundJoin))
    p.setBrush(Qt.NoBrush)


def toolbar_icon(name: str, size: int = 48) -> QImage:
    image, p = _canvas(size)
    if name == "new":
        _stroke(p)
        p.setBrush(QColor("#ffffff"))
        p.drawPolygon([QPointF(22, 10), QPointF(62, 10), QPointF(80, 28), QPointF(80, 90), QPointF(22, 90)])
        p.setPen(QPen(GREEN, 9, Qt.SolidLine, Qt.RoundCap))
        p.drawLine(QPointF(51, 45), QPointF(51, 75))
        p.drawLine(QPointF(36, 60), QPointF(66, 60))
    elif name == "open":
        _stroke(p)
        p.setBrush(QColor("#fce94f"))
        p.drawPolygon([QPointF(10, 22), QPointF(38, 22), QPointF(46, 30), QPointF(90, 30), QPointF(90, 82), QPointF(10, 82)])
    elif name == "save":
        _stroke(p)
        p.setBrush(QColor("#729fcf"))
        p.drawRoundedRect(QRectF(12, 12, 76, 76), 6, 6)
        p.setBrush(QColor("#ffffff"))
        p.drawRect(QRectF(28, 12, 44, 26))
        p.drawRect(QRectF(26, 56, 48, 32))
    elif name == "pdf":
        _stroke(p)
        p.setBrush(QColor("#ffffff"))
        p.drawRect(QRectF(20, 8, 60, 84))
        p.setPen(Qt.NoPen)
        p.setBrush(QColor("#cc0000"))
        p.drawRect(QRectF(12, 52, 76, 28))
        p.setPen(QPen(QColor("#ffffff"), 5))
        for i, x in enumerate((22, 44, 66)):
            p.drawLine(QPointF(x, 60), QPointF(x, 72))
            p.drawLine(QPointF(x, 60), QPointF(x + 10 - (i == 1) * 4, 60))
    elif name == "recompute":
        path = QPainterPath()
        path.arcMoveTo(QRectF(16, 16, 68, 68), 30)
        path.arcTo(QRectF(16, 16, 68, 68), 30, 300)
        p.setPen(QPen(BLUE, 10, Qt.SolidLine, Qt.RoundCap))
        p.drawPath(path)
        p.setPen(Qt.NoPen)
        p.setBrush(BLUE)
        p.drawPolygon([QPointF(90, 10), QPointF(92, 44), QPointF(60, 32)])
    p.end()
    return image


def main() -> int:
    app = QGuiApplication.instance() or QGuiApplication(sys.argv[:1])  # noqa: F841 - QImage text needs it
    app_icon(256).save(str(HERE / "gpudesk.png"))
    app_icon(512).save(str(HERE / "gpudesk-512.png"))
    for name in ("new", "open", "save", "pdf", "recompute"):
        toolbar_icon(name).save(str(HERE / f"{name}.png"))
    print(f"icons written to {HERE}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
