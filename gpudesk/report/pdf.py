"""Plan -> A4 PDF (QPdfWriter) and plan -> printer (QPrinter, for the GUI's preview and print)."""

from __future__ import annotations

import datetime as _dt
import os
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any

from gpudesk import __version__
from gpudesk.core.i18n import normalise, use_language
from gpudesk.errors import GpudeskError
from gpudesk.fileio import atomic_path

Progress = Callable[[int, int], object]  # (done, total), total = pages + 1


def _data(plan: Any, lang: str | None, generated: _dt.date | None):
    from gpudesk.core.report_data import build_report

    return build_report(plan, lang, generated=generated)


def render(data, device, *, progress: Progress | None = None) -> int:
    """Lay out and paint `data` (a ReportData) on a paged device set up for A4; returns the page count."""
    from gpudesk.report.fonts import ensure_app

    ensure_app()
    return _render(data, device, progress)


def _render(data, device, progress: Progress | None) -> int:
    from PySide6.QtGui import QPainter

    from gpudesk.report.fonts import report_family
    from gpudesk.report.layout import Layout, paint

    family = report_family()
    with use_language(data.lang):  # chart axis labels follow the report's language
        layout = Layout(data, device, family)
        pages = layout.layout()
        total = len(pages) + 1
        if progress is not None:
            progress(1, total)
        painter = QPainter()
        if not painter.begin(device):
            raise GpudeskError("cannot start drawing on the output device")
        try:
            painter.setRenderHint(QPainter.RenderHint.Antialiasing)
            painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
            paint(layout, pages, painter, device, None if progress is None else (lambda n, _c: progress(n + 1, total)))
        finally:
            painter.end()
            count = len(pages)
            pages.clear()  # the drawing steps refer back to the layout: free them now, not at some later GC
            layout.pages.clear()
    return count


def _a4(device) -> None:
    from PySide6.QtCore import QMarginsF
    from PySide6.QtGui import QPageLayout, QPageSize

    device.setPageLayout(QPageLayout(QPageSize(QPageSize.PageSizeId.A4), QPageLayout.Orientation.Portrait,
                                     QMarginsF(0, 0, 0, 0), QPageLayout.Unit.Millimeter))


def export_pdf(plan: Any, path: str | os.PathLike, lang: str | None = None, *,
               progress: Progress | None = None, generated: _dt.date | None = None) -> int:
    """Write the plan's sign-off document to `path` as an A4 PDF; returns the number of pages.

    `lang`: "zh_CN" or "en" (None: the current language). `progress(done, total)` is called as
    pages are drawn. The file is replaced atomically: a failed export leaves any old file intact.
    """
    from PySide6.QtGui import QPdfWriter

    from gpudesk.report.fonts import ensure_app

    ensure_app()
    target = Path(path)
    data = _data(plan, normalise(lang) if lang else None, generated)
    creator, author = f"gpudesk {__version__}", str(getattr(plan, "author", "") or "")
    try:
        with atomic_path(target) as tmp:
            from PySide6.QtCore import QUuid

            doc_id = QUuid(str(uuid.uuid5(uuid.NAMESPACE_URL, f"gpudesk:{data.plan_hash}:{data.lang}")))
            writer = QPdfWriter(str(tmp))
            _a4(writer)
            writer.setResolution(1200)
            writer.setTitle(data.title)
            writer.setCreator(creator)
            writer.setAuthor(author)
            writer.setDocumentId(doc_id)  # Qt would pick a random one: same plan, same id
            pages = render(data, writer, progress=progress)
            del writer  # flushes and closes the file
    except GpudeskError as exc:
        text = str(exc)
        raise GpudeskError(text if text.startswith(f"{target}:") else f"cannot write {target}: {text}") from None
    return pages


def render_to_printer(plan: Any, printer, lang: str | None = None, *, progress: Progress | None = None) -> int:
    """Draw the document on a QPrinter (QPrintPreviewDialog's paintRequested, or a real print)."""
    from gpudesk.report.fonts import ensure_app

    ensure_app()
    printer.setFullPage(True)
    _a4(printer)
    return render(_data(plan, normalise(lang) if lang else None, None), printer, progress=progress)
