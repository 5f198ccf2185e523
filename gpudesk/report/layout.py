"""A4 page layout of a `ReportData` on any paged device (QPdfWriter, QPrinter).

Two passes: `layout()` flows the blocks onto pages as drawing steps (measuring text with the
device's own font metrics), then `paint()` draws them with the header and footer, now that the
page count N is known ("page n of N"). Rules: a heading never ends a page, table rows never split
(the header row repeats on the next page), charts and the sign-off block are kept whole.
All lengths are in device units; `pt()` and `mm()` convert.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetricsF,
    QPagedPaintDevice,
    QPainter,
    QPen,
)

from gpudesk.core.report.blocks import (
    BillingChart,
    Bullets,
    Heading,
    KeyValues,
    MemoryChart,
    PageBreak,
    ParetoChart,
    QuoteChart,
    ReportData,
    SignOff,
    Table,
    Text,
)
from gpudesk.report import charts
from gpudesk.report.charts import ACCENT, INK, MUTED

RULE = QColor("#B8C4D0")
HEADER_BG = QColor("#E3EAF2")
LABEL_BG = QColor("#F2F5F8")

# severity -> (text colour, background tint)
TONES = {
    "critical": (QColor("#A4161A"), QColor("#FBE3E3")),
    "warning": (QColor("#8A5A00"), QColor("#FFF3D6")),
    "ok": (QColor("#1E6B34"), QColor("#E5F3E8")),
    "info": (QColor("#1F4E79"), QColor("#E6EEF7")),
    "chosen": (QColor("#1F4E79"), QColor("#DCE8F5")),
}

WRAP = int(Qt.TextFlag.TextWordWrap)
Step = Callable[[QPainter], None]


@dataclass
class Page:
    steps: list[Step] = field(default_factory=list)


class Layout:
    def __init__(self, data: ReportData, device: QPagedPaintDevice, family: str) -> None:
        self.data = data
        self.device = device
        self.family = family
        self.dpi = device.logicalDpiY()
        self.width = device.width()
        self.height = device.height()
        self.left = self.mm(18)
        self.right = self.width - self.mm(18)
        self.top = self.mm(21)
        self.bottom = self.height - self.mm(17)
        self.pages: list[Page] = []
        self.y = self.top
        self._fonts: dict[tuple[float, bool], QFont] = {}
        self.rows: list[tuple[int, float, float]] = []  # (page, top, height) of every table row placed

    # ---- units and fonts ----
    def pt(self, x: float) -> float:
        return x * self.dpi / 72.0

    def mm(self, x: float) -> float:
        return x * self.dpi / 25.4

    def font(self, size: float, bold: bool = False) -> QFont:
        key = (size, bold)
        if key not in self._fonts:
            f = QFont(self.family)
            f.setPointSizeF(size)
            f.setBold(bold)
            f.setHintingPreference(QFont.HintingPreference.PreferNoHinting)  # print metrics, not screen
            self._fonts[key] = f
        return self._fonts[key]

    def text_height(self, text: str, font: QFont, width: float) -> float:
        fm = QFontMetricsF(font, self.device)
        return fm.boundingRect(QRectF(0, 0, width, 1e7), WRAP, text).height()

    @property
    def content_width(self) -> float:
        return self.right - self.left

    # ---- flow ----
    def new_page(self) -> None:
        self.pages.append(Page())
        self.y = self.top

    def space_left(self) -> float:
        return self.bottom - self.y

    def ensure(self, height: float) -> None:
        if height > self.space_left() and self.y > self.top + 1:
            self.new_page()

    def place(self, height: float, step: Callable[[QPainter, float], None]) -> None:
        y = self.y
        self.pages[-1].steps.append(lambda p: step(p, y))
        self.y += height

    def gap(self, points: float) -> None:
        if self.y > self.top + 1:
            self.y = min(self.y + self.pt(points), self.bottom)

    # ---- the document ----
    def layout(self) -> list[Page]:
        self.new_page()
        self._cover()
        for section in self.data.sections:
            used = (self.y - self.top) / (self.bottom - self.top)
            if section.new_page and used > 0.4:  # a page holding only a spill-over takes the next section too
                self.new_page()
            elif self.y > self.top + 1:
                self.y += self.pt(14)
            self._heading(Heading(section.title, 1))
            for block in section.blocks:
                self._block(block)
        return self.pages

    def _block(self, block: object) -> None:
        if isinstance(block, Heading):
            self._heading(block)
        elif isinstance(block, Text):
            self._text(block.text, block.style)
        elif isinstance(block, Bullets):
            for style, text in block.items:
                self._bullet(text, style)
            self.gap(4)
        elif isinstance(block, Table):
            self._table(block.columns, block.rows, block.widths, block.align, block.row_styles, block.header,
                        title_columns=block.title_columns)
        elif isinstance(block, KeyValues):
            widths = [block.label_width, 1 - block.label_width]
            if block.pairs_per_row == 2:  # label, value, label, value: half the height for short facts
                half = (len(block.rows) + 1) // 2
                left, right = block.rows[:half], block.rows[half:] + [("", "")] * (2 * half - len(block.rows))
                rows = [[a, b, c, d] for (a, b), (c, d) in zip(left, right, strict=True)]
                w = block.label_width / 2
                self._table(["", "", "", ""], rows, [w, 0.5 - w, w, 0.5 - w], "llll", None, False, label_cols=(0, 2))
            else:
                self._table(["", ""], [list(r) for r in block.rows], widths, "ll", block.row_styles, False, label_column=True)
        elif isinstance(block, MemoryChart):
            self._chart(self.pt(185), lambda p, r: charts.draw_memory(p, r, block, self))
        elif isinstance(block, ParetoChart):
            self._chart(self.pt(215), lambda p, r: charts.draw_pareto(p, r, block, self))
        elif isinstance(block, BillingChart):
            self._chart(self.pt(175), lambda p, r: charts.draw_billing(p, r, block, self))
        elif isinstance(block, QuoteChart):
            self._chart(self.pt(charts.quote_chart_height(len(block.data.bars))),
                        lambda p, r: charts.draw_quotes(p, r, block, self))
        elif isinstance(block, SignOff):
            self._signoff(block)
        elif isinstance(block, PageBreak) and self.y > self.top + 1:
            self.new_page()

    # ---- cover ----
    def _cover(self) -> None:
        d = self.data
        width = self.content_width
        self.y = self.top + self.mm(40)
        title_font = self.font(24, True)
        h = self.text_height(d.title, title_font, width)

        def draw_title(p: QPainter, y: float) -> None:
            p.setFont(title_font)
            p.setPen(ACCENT)
            p.drawText(QRectF(self.left, y, width, h), WRAP, d.title)

        self.place(h, draw_title)
        self.y += self.pt(8)
        sub_font = self.font(13)
        hs = self.text_height(d.subtitle, sub_font, width)

        def draw_sub(p: QPainter, y: float) -> None:
            p.setFont(sub_font)
            p.setPen(MUTED)
            p.drawText(QRectF(self.left, y, width, hs), WRAP, d.subtitle)
            p.setPen(QPen(ACCENT, self.pt(1.5)))
            p.drawLine(QPointF(self.left, y + hs + self.pt(8)), QPointF(self.left + width * 0.35, y + hs + self.pt(8)))

        self.place(hs + self.pt(28), draw_sub)
        self._table(["", ""], [list(r) for r in d.cover_rows], [0.3, 0.7], "ll", None, False, label_column=True, size=10.5)
        if d.cover_summary:
            self.y += self.pt(18)
            self._table(["", ""], [list(r) for r in d.cover_summary], [0.3, 0.7], "ll",
                        ["chosen"] * len(d.cover_summary), False, label_column=True, size=11)
        if d.cover_notice is not None:  # e.g. "budget estimate, no written quote yet"
            self.y += self.pt(12)
            self._text(d.cover_notice[1], d.cover_notice[0])

    # ---- text blocks ----
    def _heading(self, block: Heading) -> None:
        level1 = block.level <= 1
        font = self.font(16 if level1 else 11.5, True)
        before = self.pt(0 if level1 else 8)
        after = self.pt(8 if level1 else 4)
        h = self.text_height(block.text, font, self.content_width)
        self.ensure(before + h + after + self.pt(70))  # keep with what follows
        if self.y > self.top + 1:
            self.y += before

        def draw(p: QPainter, y: float) -> None:
            p.setFont(font)
            p.setPen(ACCENT)
            p.drawText(QRectF(self.left, y, self.content_width, h), WRAP, block.text)
            if level1:
                p.setPen(QPen(ACCENT, self.pt(1)))
                p.drawLine(QPointF(self.left, y + h + self.pt(3)), QPointF(self.right, y + h + self.pt(3)))

        self.place(h + after, draw)

    def _text(self, text: str, style: str) -> None:
        size = {"lead": 10.5, "small": 8, "muted": 8.5}.get(style, 9.5)
        font = self.font(size, style == "strong")
        boxed = style in TONES
        pad = self.pt(6) if boxed else 0
        width = self.content_width - 2 * pad
        h = self.text_height(text, font, width) + 2 * pad
        self.ensure(h)
        colour = TONES[style][0] if boxed else (MUTED if style in ("muted", "small") else INK)

        def draw(p: QPainter, y: float) -> None:
            if boxed:
                p.fillRect(QRectF(self.left, y, self.content_width, h), TONES[style][1])
                p.fillRect(QRectF(self.left, y, self.pt(3), h), TONES[style][0])
            p.setFont(font)
            p.setPen(colour)
            p.drawText(QRectF(self.left + pad + (self.pt(3) if boxed else 0), y + pad, width, h), WRAP, text)

        self.place(h + self.pt(6), draw)

    def _bullet(self, text: str, style: str) -> None:
        font = self.font(9.5)
        indent = self.pt(14)
        width = self.content_width - indent
        h = self.text_height(text, font, width)
        self.ensure(h)
        colour = TONES[style][0] if style in TONES else (MUTED if style == "muted" else INK)
        mark = {"critical": "■", "warning": "▲", "ok": "✓"}.get(style, "•")

        def draw(p: QPainter, y: float) -> None:
            p.setFont(font)
            p.setPen(colour)
            p.drawText(QRectF(self.left, y, indent, h), 0, mark)
            p.setPen(INK if style in ("warning", "info", "body") else colour)
            p.drawText(QRectF(self.left + indent, y, width, h), WRAP, text)

        self.place(h + self.pt(4), draw)

    # ---- tables ----
    def _table(self, columns: list[str], rows: list[list[str]], widths: list[float] | None, align: str | None,
               row_styles: list[str] | None, header: bool, *, label_column: bool = False, size: float = 8.5,
               title_columns: tuple[int, ...] = (), label_cols: tuple[int, ...] = ()) -> None:
        label_cols = label_cols or ((0,) if label_column else ())
        n = len(columns) if columns else (len(rows[0]) if rows else 0)
        if n == 0 or not rows:
            return
        fractions = widths or [1.0 / n] * n
        total = sum(fractions)
        col_w = [self.content_width * f / total for f in fractions]
        align = (align or "l" * n).ljust(n, "l")
        pad_x, pad_y = self.pt(4), self.pt(2.3)
        body, bold = self.font(size), self.font(size, True)
        head_font = self.font(size, True)
        status_column = 2  # the checklist's status column, coloured on open rows
        flags = {"l": Qt.AlignmentFlag.AlignLeft, "r": Qt.AlignmentFlag.AlignRight, "c": Qt.AlignmentFlag.AlignHCenter}

        def cell_fonts(row_style: str, col: int) -> QFont:
            return bold if row_style in ("strong", "chosen") or col in label_cols else body

        def measure(cells: list[str], row_style: str, is_header: bool) -> float:
            if row_style == "group":  # one cell across the table
                return self.text_height(cells[0] or " ", bold, self.content_width - 2 * pad_x) + 2 * pad_y
            h = 0.0
            for c, text in enumerate(cells):
                if c in title_columns and not is_header:
                    title, rest = split_title(text)
                    ch = self.text_height(title or " ", bold, col_w[c] - 2 * pad_x)
                    ch += self.text_height(rest, body, col_w[c] - 2 * pad_x) if rest else 0.0
                else:
                    f = head_font if is_header else cell_fonts(row_style, c)
                    ch = self.text_height(text or " ", f, col_w[c] - 2 * pad_x)
                h = max(h, ch)
            return h + 2 * pad_y

        def split_title(text: str) -> tuple[str, str]:
            title, _, rest = (text or "").partition("\n")
            return title, rest

        def draw_row(cells: list[str], row_style: str, is_header: bool, h: float, stripe: bool) -> Callable[[QPainter, float], None]:
            def draw(p: QPainter, y: float) -> None:
                x = self.left
                tone = TONES.get(row_style)
                if row_style == "group":
                    p.fillRect(QRectF(self.left, y, self.content_width, h), LABEL_BG)
                    p.setFont(bold)
                    p.setPen(ACCENT)
                    p.drawText(QRectF(self.left + pad_x, y + pad_y, self.content_width - 2 * pad_x, h), WRAP, cells[0])
                    p.setPen(QPen(RULE, self.pt(0.5)))
                    p.drawLine(QPointF(self.left, y + h), QPointF(self.right, y + h))
                    return
                if is_header:
                    p.fillRect(QRectF(self.left, y, self.content_width, h), HEADER_BG)
                elif tone is not None:
                    p.fillRect(QRectF(self.left, y, self.content_width, h), tone[1])
                elif stripe:
                    p.fillRect(QRectF(self.left, y, self.content_width, h), QColor("#FAFBFC"))
                if tone is None and not is_header:
                    for lc in label_cols:
                        p.fillRect(QRectF(self.left + sum(col_w[:lc]), y, col_w[lc], h), LABEL_BG)
                if not is_header and row_style in ("critical", "warning", "open"):
                    p.fillRect(QRectF(self.left, y, self.pt(2.5), h), TONES["warning" if row_style == "open" else row_style][0])
                for c, text in enumerate(cells):
                    f = head_font if is_header else cell_fonts(row_style, c)
                    p.setFont(f)
                    colour = INK
                    if row_style == "muted" and not is_header:
                        colour = MUTED
                    elif tone is not None and not is_header and (c == 0 or row_style in ("critical",)):
                        colour = tone[0]
                    elif row_style == "open" and not is_header and c == status_column:
                        colour = TONES["warning"][0]
                    elif c in label_cols:
                        colour = MUTED
                    p.setPen(colour)
                    rect = QRectF(x + pad_x, y + pad_y, col_w[c] - 2 * pad_x, h - 2 * pad_y)
                    align_flags = WRAP | int(flags[align[c]]) | int(Qt.AlignmentFlag.AlignTop)
                    if c in title_columns and not is_header:
                        title, rest = split_title(text)
                        p.setFont(bold)
                        p.drawText(rect, align_flags, title)
                        if rest:
                            th = self.text_height(title or " ", bold, rect.width())
                            p.setFont(body)
                            p.setPen(MUTED if row_style != "critical" else colour)
                            p.drawText(rect.adjusted(0, th, 0, 0), align_flags, rest)
                    else:
                        p.drawText(rect, align_flags, text)
                    x += col_w[c]
                p.setPen(QPen(RULE, self.pt(0.5)))
                p.drawLine(QPointF(self.left, y + h), QPointF(self.right, y + h))
                if is_header:
                    p.setPen(QPen(ACCENT, self.pt(0.8)))
                    p.drawLine(QPointF(self.left, y), QPointF(self.right, y))
            return draw

        head_h = measure(columns, "", True) if header else 0.0
        row_h = [measure(r, (row_styles or [""] * len(rows))[i] if row_styles else "", False) for i, r in enumerate(rows)]
        first = row_h[0] if row_h else 0
        self.ensure(head_h + first)
        if header:
            self.place(head_h, draw_row(columns, "", True, head_h, False))
        for i, cells in enumerate(rows):
            style = row_styles[i] if row_styles and i < len(row_styles) else ""
            h = min(row_h[i], self.bottom - self.top - head_h)  # a row taller than a page is clipped, never split
            keep = row_h[i + 1] if style == "group" and i + 1 < len(rows) else 0.0  # a group title keeps its first row
            if h + keep > self.space_left():
                self.new_page()
                if header:
                    self.place(head_h, draw_row(columns, "", True, head_h, False))
            self.rows.append((len(self.pages) - 1, self.y, h))
            self.place(h, draw_row(cells, style or "", False, h, i % 2 == 1))
        self.y += self.pt(6)

    # ---- charts and sign-off ----
    def _chart(self, height: float, draw_in: Callable[[QPainter, QRectF], None]) -> None:
        self.ensure(height)

        def draw(p: QPainter, y: float) -> None:
            p.save()
            draw_in(p, QRectF(self.left, y, self.content_width, height))
            p.restore()

        self.place(height + self.pt(8), draw)

    def _signoff(self, block: SignOff) -> None:
        title_font, body = self.font(16, True), self.font(9.5)
        label_font = self.font(9)
        statement_h = self.text_height(block.statement, body, self.content_width)
        title_h = self.text_height(block.title, title_font, self.content_width)
        role_h = self.pt(118)
        total = title_h + self.pt(12) + statement_h + self.pt(16) + len(block.roles) * (role_h + self.pt(10))
        self.ensure(total)

        def draw(p: QPainter, y: float) -> None:
            p.setFont(title_font)
            p.setPen(ACCENT)
            p.drawText(QRectF(self.left, y, self.content_width, title_h), WRAP, block.title)
            p.setPen(QPen(ACCENT, self.pt(1)))
            p.drawLine(QPointF(self.left, y + title_h + self.pt(3)), QPointF(self.right, y + title_h + self.pt(3)))
            y += title_h + self.pt(12)
            p.setFont(body)
            p.setPen(INK)
            p.drawText(QRectF(self.left, y, self.content_width, statement_h), WRAP, block.statement)
            y += statement_h + self.pt(16)
            for role in block.roles:
                box = QRectF(self.left, y, self.content_width, role_h)
                p.setPen(QPen(RULE, self.pt(0.8)))
                p.setBrush(Qt.BrushStyle.NoBrush)
                p.drawRect(box)
                p.fillRect(QRectF(box.left(), box.top(), box.width(), self.pt(20)), HEADER_BG)
                p.setFont(self.font(10.5, True))
                p.setPen(ACCENT)
                p.drawText(QRectF(box.left() + self.pt(8), box.top(), box.width(), self.pt(20)),
                           int(Qt.AlignmentFlag.AlignVCenter), role.role)
                fields = [(block.name_label, role.name), (block.position_label, ""),
                          (block.date_label, ""), (block.signature_label, "")]
                half = (box.width() - self.pt(24)) / 2
                for k, (label, value) in enumerate(fields):
                    col, row = k % 2, k // 2
                    fx = box.left() + self.pt(8) + col * (half + self.pt(8))
                    fy = box.top() + self.pt(46) + row * self.pt(40)
                    p.setFont(label_font)
                    p.setPen(MUTED)
                    p.drawText(QRectF(fx, fy - self.pt(14), half, self.pt(14)), 0, label)
                    if value:
                        p.setFont(body)
                        p.setPen(INK)
                        p.drawText(QRectF(fx + self.pt(40), fy - self.pt(10), half - self.pt(40), self.pt(16)),
                                   int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignBottom), value)
                    p.setPen(QPen(INK, self.pt(0.6)))
                    p.drawLine(QPointF(fx, fy + self.pt(6)), QPointF(fx + half, fy + self.pt(6)))
                if role is block.roles[-1] and block.decisions:  # the approver ticks one
                    p.setFont(body)
                    fm = QFontMetricsF(body, self.device)
                    dx, dy = box.left() + self.pt(8), box.top() + self.pt(98)
                    for decision in block.decisions:
                        p.setPen(QPen(INK, self.pt(0.8)))
                        p.setBrush(Qt.BrushStyle.NoBrush)
                        p.drawRect(QRectF(dx, dy + self.pt(2.5), self.pt(9), self.pt(9)))
                        p.drawText(QRectF(dx + self.pt(14), dy, box.width(), self.pt(14)), int(Qt.AlignmentFlag.AlignLeft), decision)
                        dx += self.pt(14) + fm.horizontalAdvance(decision) + self.pt(24)
                y += role_h + self.pt(10)

        self.place(total, draw)

    # ---- header and footer ----
    def frame(self, p: QPainter, n: int, count: int) -> None:
        d = self.data
        small = self.font(7.5)
        p.setFont(small)
        p.setPen(MUTED)
        band = self.pt(12)
        hy = self.mm(10)
        width = self.content_width
        p.drawText(QRectF(self.left, hy, width * 0.65, band), int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignBottom), d.title)
        p.drawText(QRectF(self.left + width * 0.65, hy, width * 0.35, band), int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignBottom), d.header_right)
        p.setPen(QPen(RULE, self.pt(0.5)))
        p.drawLine(QPointF(self.left, hy + band + self.pt(3)), QPointF(self.right, hy + band + self.pt(3)))
        fy = self.height - self.mm(13)
        p.drawLine(QPointF(self.left, fy), QPointF(self.right, fy))
        p.setPen(MUTED)
        p.drawText(QRectF(self.left, fy + self.pt(3), width * 0.6, band), int(Qt.AlignmentFlag.AlignLeft), d.footer_left)
        page_text = d.page_format.format(n=n, N=count)
        p.drawText(QRectF(self.left + width * 0.6, fy + self.pt(3), width * 0.4, band), int(Qt.AlignmentFlag.AlignRight), page_text)


def paint(layout: Layout, pages: list[Page], painter: QPainter, device: QPagedPaintDevice,
          progress: Callable[[int, int], object] | None = None) -> None:
    count = len(pages)
    for i, page in enumerate(pages):
        if i:
            device.newPage()
        layout.frame(painter, i + 1, count)
        for step in page.steps:
            step(painter)
        if progress is not None:
            progress(i + 1, count)
