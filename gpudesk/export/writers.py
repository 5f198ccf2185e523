"""Write a Table as CSV (UTF-8 with BOM, so Excel on a Chinese Windows reads it) or .xlsx (XlsxWriter).

Every text cell that a spreadsheet would read as a formula (starting with = + - @, or a tab or
carriage return: OWASP's CSV-injection list) gets a leading apostrophe; numbers stay numbers. The
file is written to memory first and replaces the target atomically, with the folder's usual
file mode (not the temporary file's 0600).
"""

from __future__ import annotations

from gpudesk.core.i18n import colon, t

import csv
import io
import math
import os
from pathlib import Path

from gpudesk.catalog.sheets import FORMULA_START
from gpudesk.core.units import display_width
from gpudesk.errors import GpudeskError
from gpudesk.export.tables import Table

FORMATS = (".xlsx", ".csv")


def safe_cell(value):
    """The value as a spreadsheet should store it: text that looks like a formula is escaped."""
    if isinstance(value, str) and value.startswith(FORMULA_START):
        return "'" + value
    if isinstance(value, float) and not math.isfinite(value):
        return None  # no spreadsheet stores inf or NaN as a number
    return value


def csv_bytes(table: Table, *, delimiter: str = ",") -> bytes:
    out = io.StringIO(newline="")
    writer = csv.writer(out, delimiter=delimiter, lineterminator="\r\n")
    writer.writerow([safe_cell(h) for h in table.headers])
    for row in table.rows:
        writer.writerow(["" if v is None else _csv_value(safe_cell(v)) for v in row])
    return ("\ufeff" + out.getvalue()).encode("utf-8")


def _zh_bool(value: bool) -> str | None:
    """A yes/no cell in a Chinese export reads 是/否 (Excel's TRUE/FALSE stays English); None in English."""
    from gpudesk.core.i18n import current_language

    return ("是" if value else "否") if current_language() == "zh_CN" else None


def _csv_value(value):
    if isinstance(value, bool):
        return _zh_bool(value) or ("TRUE" if value else "FALSE")
    if isinstance(value, float) and value.is_integer() and abs(value) < 1e15:
        return str(int(value))
    return value


def xlsx_bytes(table: Table) -> bytes:
    import xlsxwriter  # imported only when a workbook is written

    buffer = io.BytesIO()
    book = xlsxwriter.Workbook(
        buffer, {"in_memory": True, "strings_to_formulas": False, "strings_to_urls": False, "strings_to_numbers": False}
    )
    sheet = book.add_worksheet(table.sheet[:31] or "Sheet1")
    bold = book.add_format({"bold": True, "text_wrap": True, "valign": "top"})
    widths = [display_width(str(h)) for h in table.headers]
    for col, header in enumerate(table.headers):
        sheet.write_string(0, col, safe_cell(str(header)), bold)
    for r, row in enumerate(table.rows, start=1):
        for col, value in enumerate(row):
            value = safe_cell(value)
            if value is None:
                continue
            if isinstance(value, bool) and _zh_bool(value):
                sheet.write_string(r, col, _zh_bool(value))
            elif isinstance(value, bool):
                sheet.write_boolean(r, col, value)
            elif isinstance(value, (int, float)):
                sheet.write_number(r, col, value)
            else:
                text = str(value)
                sheet.write_string(r, col, text)
                widths[col] = max(widths[col], display_width(text))
    for col, width in enumerate(widths):
        sheet.set_column(col, col, min(max(width, 8) * 1.1 + 1, 60))
    sheet.freeze_panes(1, 0)
    book.close()
    return buffer.getvalue()


def export_table(table: Table, path: str | os.PathLike, *, sources: tuple = ()) -> Path:
    """Write `table` to `path` as .xlsx or .csv (by suffix); GpudeskError names the problem."""
    from gpudesk.core.plan import refuse_export_over
    from gpudesk.fileio import atomic_write

    p = Path(path)
    suffix = p.suffix.lower()
    refuse_export_over(p, *sources)  # a plan, its .bak, the source, a database: never replaced
    if suffix not in FORMATS:
        raise GpudeskError(
            colon(
                str(p),
                t("export to .xlsx or .csv (got {s!r})", "请导出为 .xlsx 或 .csv（实际为 {s!r}）", s=p.suffix)
                if p.suffix
                else t(
                    "export to .xlsx or .csv (the name has no suffix)", "请导出为 .xlsx 或 .csv（文件名没有扩展名）"
                ),
            )
        )
    data = xlsx_bytes(table) if suffix == ".xlsx" else csv_bytes(table)
    atomic_write(p, data, backup=False)
    return p
