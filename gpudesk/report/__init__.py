"""Plan -> PDF for management sign-off.

Public API (Qt is imported only when these are called):
- `export_pdf(plan, path, lang=None, *, progress=None)` writes the A4 document, returns the page count;
- `render_to_printer(plan, printer, lang=None, *, progress=None)` draws it on a QPrinter (preview/print);
- `render(report_data, device, *, progress=None)` draws a `gpudesk.core.report.blocks.ReportData` on any
  paged device set up for A4.
The contents come from `gpudesk.core.report.report_data.build_report(plan, lang)`.
"""

from __future__ import annotations


def export_pdf(plan, path, lang=None, *, progress=None, generated=None, catalog=None, sources=()):
    from gpudesk.report.pdf import export_pdf as _export

    return _export(plan, path, lang, progress=progress, generated=generated, catalog=catalog, sources=sources)


def render_to_printer(plan, printer, lang=None, *, progress=None, catalog=None):
    from gpudesk.report.pdf import render_to_printer as _render

    return _render(plan, printer, lang, progress=progress, catalog=catalog)


def render(data, device, *, progress=None):
    from gpudesk.report.pdf import render as _render

    return _render(data, device, progress=progress)


__all__ = ["export_pdf", "render", "render_to_printer"]
