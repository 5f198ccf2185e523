"""Plan -> A4 PDF (QPdfWriter) and plan -> printer (QPrinter, for the GUI's preview and print)."""

from __future__ import annotations

import datetime as _dt
import os
import uuid
from collections.abc import Callable
from pathlib import Path

from gpudesk import __version__
from gpudesk.core.i18n import current_language, normalise, t, use_language
from gpudesk.core.plan import Plan, refuse_export_over
from gpudesk.core.protocols import Catalogue
from gpudesk.errors import GpudeskError, localised, os_reason
from gpudesk.fileio import atomic_path

Progress = Callable[[int, int], object]  # (done, total), total = pages + 1


def _data(plan: Plan, lang: str | None, generated: _dt.date | None, catalog: Catalogue | None):
    """The document's contents in `lang` (None: the current language). Without a catalogue the one
    the app uses is opened, for rows the plan does not store (provider names of alternatives)."""
    from gpudesk.core.report.report_data import build_report

    if catalog is None:
        catalog = _open_catalog()
    return build_report(plan, normalise(lang) if lang else current_language(), generated=generated, catalog=catalog)


def _open_catalog() -> Catalogue | None:
    from gpudesk.catalog import open_catalog

    try:
        catalog = open_catalog()
        catalog.meta  # noqa: B018 - opening is lazy: read it once so a damaged file shows here
    except GpudeskError:  # the plan prints without it: rows it lacks show as recorded ids
        return None
    return catalog


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
            raise GpudeskError(t("cannot start drawing on the output device", "无法在输出设备上开始绘制"))
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

    device.setPageLayout(
        QPageLayout(
            QPageSize(QPageSize.PageSizeId.A4),
            QPageLayout.Orientation.Portrait,
            QMarginsF(0, 0, 0, 0),
            QPageLayout.Unit.Millimeter,
        )
    )


def export_pdf(
    plan: Plan,
    path: str | os.PathLike,
    lang: str | None = None,
    *,
    progress: Progress | None = None,
    generated: _dt.date | None = None,
    catalog: Catalogue | None = None,
    sources: tuple = (),
) -> int:
    """Write the plan's sign-off document to `path` as an A4 PDF; returns the number of pages.

    `lang`: "zh_CN" or "en" (None: the current language). `progress(done, total)` is called as
    pages are drawn. The file is replaced atomically: a failed export leaves any old file intact.
    """
    from PySide6.QtGui import QPdfWriter

    from gpudesk.report.fonts import ensure_app

    ensure_app()
    target = refuse_export_over(path, *sources)
    data = _data(plan, lang, generated, catalog)
    creator, author = f"gpudesk {__version__}", plan.author
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
            _check_complete(tmp, target)  # QPdfWriter reports no write error: check what reached the disk
    except GpudeskError as exc:
        if str(exc).startswith(f"{target}"):
            raise
        raise GpudeskError(
            t("cannot write {p}: {e}", "无法写入 {p}：{e}", p=target, e=localised(exc, current_language()))
        ) from None
    return pages


def _check_complete(tmp: Path, target: Path) -> None:
    """A whole PDF ends with %%EOF; a full disk leaves it cut short (and QPdfWriter still says nothing)."""
    try:
        size = tmp.stat().st_size
        with open(tmp, "rb") as fh:
            fh.seek(max(0, size - 1024))
            tail = fh.read()
    except OSError as exc:
        raise GpudeskError(
            t(
                "{p}: could not save: {e}; the previous file is unchanged",
                "{p}：无法保存：{e}；原文件未改动",
                p=target,
                e=t(*os_reason(exc)),
            )
        ) from None
    if size < 64 or b"%%EOF" not in tail:
        raise GpudeskError(
            t(
                "{p}: could not save: the PDF was cut short after {n:,} bytes (is the disk full?); the "
                "previous file is unchanged",
                "{p}：无法保存：PDF 写到 {n:,} 字节就中断了（磁盘满了吗？）；原文件未改动",
                p=target,
                n=size,
            )
        )


def render_to_printer(
    plan: Plan, printer, lang: str | None = None, *, progress: Progress | None = None, catalog: Catalogue | None = None
) -> int:
    """Draw the document on a QPrinter (QPrintPreviewDialog's paintRequested, or a real print)."""
    from gpudesk.report.fonts import ensure_app

    ensure_app()
    printer.setFullPage(True)
    _a4(printer)
    return render(_data(plan, lang, None, catalog), printer, progress=progress)
