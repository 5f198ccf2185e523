"""A chart as an image: drawn offscreen for the PDF report, or written to PNG/SVG from the window."""

from __future__ import annotations

import pyqtgraph as pg
from PySide6.QtGui import QImage

from gpudesk.ui.charts.plots import BUILDERS, build_days_plot
from gpudesk.ui.charts.style import KINDS
from gpudesk.ui.i18n import translator

_tr = translator("Charts")


def render_chart_image(kind: str, data, width: int = 900, height: int = 500) -> QImage:
    """Draw one chart offscreen (`kind` in KINDS) and return it as a QImage of that size."""
    if kind not in BUILDERS:
        raise ValueError(f"unknown chart kind {kind!r}; use one of {', '.join(KINDS)}")
    widget = pg.PlotWidget()
    widget.resize(width, height)
    if kind == "days":  # alone, it needs its own legend
        build_days_plot(widget.getPlotItem(), data, legend=True)
    else:
        BUILDERS[kind](widget.getPlotItem(), data)
    image = widget.grab().toImage()
    widget.deleteLater()
    return image


def export_plot(plot_item: pg.PlotItem, path: str) -> None:
    """Write a plot to PNG or SVG, chosen by the file name's extension: atomically, never over a plan or a
    database (core.plan.refuse_export_over), and checked (GpudeskError when the image did not get written)."""
    from pyqtgraph import exporters

    from gpudesk.core.plan import refuse_export_over
    from gpudesk.errors import GpudeskError
    from gpudesk.fileio import atomic_path

    target = refuse_export_over(path)
    with atomic_path(target) as tmp:
        if str(target).lower().endswith(".svg"):
            # Qt's own SVG writer: pyqtgraph's exporter trips over some symbol paths
            from PySide6.QtCore import QRectF
            from PySide6.QtGui import QPainter
            from PySide6.QtSvg import QSvgGenerator

            source = plot_item.sceneBoundingRect()
            generator = QSvgGenerator()
            generator.setFileName(str(tmp))
            generator.setSize(source.size().toSize())
            generator.setViewBox(QRectF(0, 0, source.width(), source.height()))
            generator.setTitle(plot_item.titleLabel.text or "gpudesk chart")
            painter = QPainter(generator)
            painter.setRenderHint(QPainter.Antialiasing)
            plot_item.scene().render(painter, QRectF(0, 0, source.width(), source.height()), source)
            ok = painter.end()
            del generator  # closes the file
            ok = ok and tmp.stat().st_size > 0 and tmp.read_bytes().rstrip().endswith(b"</svg>")
        else:
            exporter = exporters.ImageExporter(plot_item)
            exporter.parameters()["width"] = max(1200, int(plot_item.width()))
            ok = exporter.export(toBytes=True).save(str(tmp), "PNG")
        if not ok:
            raise GpudeskError(
                _tr("%1: could not save the chart (is the disk full?); nothing was replaced").replace("%1", str(target))
            )
