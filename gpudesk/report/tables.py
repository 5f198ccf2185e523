"""Tables on A4 pages: rows kept whole and the header repeated on each page; a row taller than a
whole page (a long note in a cell) is cut between two lines of each cell and continues on the next
page, so no text is ever dropped. Used by `Layout` (report/layout.py)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPagedPaintDevice, QPainter, QPen

from gpudesk.report import text as wrapped
from gpudesk.report.style import ACCENT, HEADER_BG, INK, LABEL_BG, MUTED, RULE, TONES


class PageFlow(Protocol):
    """What a table needs of the page flow it is placed on. `Layout` (report/layout.py) provides it; it is
    named here so that the table placer does not import the layout that calls it (no cycle, not even a
    type-only one)."""

    left: float
    right: float
    top: float
    bottom: float
    y: float
    rows: list[tuple[int, float, float]]  # (page, top, height) of every table row placed

    @property
    def device(self) -> QPagedPaintDevice: ...
    @property
    def pages(self) -> Sequence[object]: ...
    @property
    def content_width(self) -> float: ...
    def pt(self, x: float) -> float: ...
    def font(self, size: float, bold: bool = False) -> QFont: ...
    def text_height(self, text: str, font: QFont, width: float) -> float: ...
    def new_page(self) -> None: ...
    def space_left(self) -> float: ...
    def ensure(self, height: float) -> None: ...
    def place(self, height: float, step: Callable[[QPainter, float], None]) -> None: ...


STATUS_COLUMN = 2  # the checklist's status column, coloured on open rows
_ALIGN = {"l": Qt.AlignmentFlag.AlignLeft, "r": Qt.AlignmentFlag.AlignRight, "c": Qt.AlignmentFlag.AlignHCenter}
_STRIPE = QColor("#FAFBFC")


def place_table(
    lay: PageFlow,
    columns: list[str],
    rows: list[list[str]],
    widths: list[float] | None,
    align: str | None,
    row_styles: Sequence[str] | None,
    header: bool,
    *,
    label_column: bool = False,
    size: float = 8.5,
    title_columns: tuple[int, ...] = (),
    label_cols: tuple[int, ...] = (),
) -> None:
    label_cols = label_cols or ((0,) if label_column else ())
    n = len(columns) if columns else (len(rows[0]) if rows else 0)
    if n == 0 or not rows:
        return
    fractions = widths or [1.0 / n] * n
    total = sum(fractions)
    col_w = [lay.content_width * f / total for f in fractions]
    align = (align or "l" * n).ljust(n, "l")
    pad_x, pad_y = lay.pt(4), lay.pt(2.3)
    body, bold = lay.font(size), lay.font(size, True)
    head_font = bold

    def cell_font(row_style: str, col: int, is_header: bool) -> QFont:
        if is_header:
            return head_font
        return bold if row_style in ("strong", "chosen") or col in label_cols else body

    def split_title(text: str) -> tuple[str, str]:
        title, _, rest = (text or "").partition("\n")
        return title, rest

    def measure(cells: list[str], row_style: str, is_header: bool, titles: tuple[int, ...]) -> float:
        if row_style == "group":  # one cell across the table
            return lay.text_height(cells[0] or " ", bold, lay.content_width - 2 * pad_x) + 2 * pad_y
        h = 0.0
        for c, text in enumerate(cells):
            w = col_w[c] - 2 * pad_x
            if c in titles and not is_header:
                title, rest = split_title(text)
                ch = lay.text_height(title or " ", bold, w) + (lay.text_height(rest, body, w) if rest else 0.0)
            else:
                ch = lay.text_height(text or " ", cell_font(row_style, c, is_header), w)
            h = max(h, ch)
        return h + 2 * pad_y

    def draw_row(
        cells: list[str], row_style: str, is_header: bool, h: float, stripe: bool, titles: tuple[int, ...]
    ) -> Callable[[QPainter, float], None]:
        def draw(p: QPainter, y: float) -> None:
            x = lay.left
            tone = TONES.get(row_style)
            if row_style == "group":
                p.fillRect(QRectF(lay.left, y, lay.content_width, h), LABEL_BG)
                p.setFont(bold)
                p.setPen(ACCENT)
                wrapped.draw(p, QRectF(lay.left + pad_x, y + pad_y, lay.content_width - 2 * pad_x, h), cells[0])
                p.setPen(QPen(RULE, lay.pt(0.5)))
                p.drawLine(QPointF(lay.left, y + h), QPointF(lay.right, y + h))
                return
            if is_header:
                p.fillRect(QRectF(lay.left, y, lay.content_width, h), HEADER_BG)
            elif tone is not None:
                p.fillRect(QRectF(lay.left, y, lay.content_width, h), tone[1])
            elif stripe:
                p.fillRect(QRectF(lay.left, y, lay.content_width, h), _STRIPE)
            if tone is None and not is_header:
                for lc in label_cols:
                    p.fillRect(QRectF(lay.left + sum(col_w[:lc]), y, col_w[lc], h), LABEL_BG)
            if not is_header and row_style in ("critical", "warning", "open"):
                p.fillRect(
                    QRectF(lay.left, y, lay.pt(2.5), h), TONES["warning" if row_style == "open" else row_style][0]
                )
            for c, text in enumerate(cells):
                p.setFont(cell_font(row_style, c, is_header))
                colour = INK
                if row_style == "muted" and not is_header:
                    colour = MUTED
                elif tone is not None and not is_header and (c == 0 or row_style in ("critical",)):
                    colour = tone[0]
                elif row_style == "open" and not is_header and c == STATUS_COLUMN:
                    colour = TONES["warning"][0]
                elif c in label_cols:
                    colour = MUTED
                p.setPen(colour)
                rect = QRectF(x + pad_x, y + pad_y, col_w[c] - 2 * pad_x, h - 2 * pad_y)
                if c in titles and not is_header:
                    title, rest = split_title(text)
                    p.setFont(bold)
                    wrapped.draw(p, rect, title, _ALIGN[align[c]])
                    if rest:
                        th = lay.text_height(title or " ", bold, rect.width())
                        p.setFont(body)
                        p.setPen(MUTED if row_style != "critical" else colour)
                        wrapped.draw(p, rect.adjusted(0, th, 0, 0), rest, _ALIGN[align[c]])
                else:
                    wrapped.draw(p, rect, text, _ALIGN[align[c]])
                x += col_w[c]
            p.setPen(QPen(RULE, lay.pt(0.5)))
            p.drawLine(QPointF(lay.left, y + h), QPointF(lay.right, y + h))
            if is_header:
                p.setPen(QPen(ACCENT, lay.pt(0.8)))
                p.drawLine(QPointF(lay.left, y), QPointF(lay.right, y))

        return draw

    head_h = measure(columns, "", True, ()) if header else 0.0

    def new_page() -> None:
        lay.new_page()
        if header:
            lay.place(head_h, draw_row(columns, "", True, head_h, False, ()))

    def place_row(cells: list[str], style: str, h: float, stripe: bool, titles: tuple[int, ...]) -> None:
        lay.rows.append((len(lay.pages) - 1, lay.y, h))
        lay.place(h, draw_row(cells, style, False, h, stripe, titles))

    def place_tall_row(cells: list[str], style: str, stripe: bool) -> None:
        """A row taller than a page: each page takes the lines of every cell that fit, the rest goes on."""
        pieces = [c or "" for c in cells]
        while True:
            if lay.space_left() - 2 * pad_y < lay.pt(40):
                new_page()
            room = lay.space_left() - 2 * pad_y
            heads, tails = [], []
            for c, text in enumerate(pieces):
                head, tail = wrapped.split(text, cell_font(style, c, False), col_w[c] - 2 * pad_x, lay.device, room)
                heads.append(head)
                tails.append(tail)
            place_row(heads, style, measure(heads, style, False, ()), stripe, ())
            if not any(tails):
                return
            pieces = tails
            new_page()

    styles = [(row_styles[i] if row_styles and i < len(row_styles) else "") or "" for i in range(len(rows))]
    row_h = [measure(r, styles[i], False, title_columns) for i, r in enumerate(rows)]
    page_room = lay.bottom - lay.top - head_h
    lay.ensure(head_h + min(row_h[0], page_room))
    if header:
        lay.place(head_h, draw_row(columns, "", True, head_h, False, ()))
    for i, cells in enumerate(rows):
        h, style = row_h[i], styles[i]
        if h > page_room and style != "group":
            place_tall_row(cells, style, i % 2 == 1)
            continue
        keep = (
            min(row_h[i + 1], page_room - h) if style == "group" and i + 1 < len(rows) else 0.0
        )  # a group title keeps its first row
        if h + keep > lay.space_left():
            new_page()
        place_row(cells, style, min(h, page_room), i % 2 == 1, title_columns)
    lay.y += lay.pt(6)
