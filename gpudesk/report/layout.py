"""A4 page layout of a `ReportData` on any paged device (QPdfWriter, QPrinter).

Two passes: `layout()` flows the blocks onto pages as drawing steps (measuring text with the
device's own font metrics), then `paint()` draws them with the header and footer, now that the
page count N is known ("page n of N"). Rules: a heading never ends a page; text wraps (anywhere
inside a word wider than the line) and a block taller than a page flows onto the next ones; table
rows split only when taller than a page (the header row repeats on the next page); charts and the
sign-off block are kept whole. Nothing drawn is ever cut off (report/text.py measures and draws).
All lengths are in device units; `pt()` and `mm()` convert.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
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
from gpudesk.report import text as wrapped
from gpudesk.report.style import ACCENT, HEADER_BG, INK, MUTED, RULE, TONES
from gpudesk.report.tables import place_table

Step = Callable[[QPainter], None]
Placed = Callable[[QPainter, float], None]  # a drawing step given its top (y)


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
        return wrapped.height(text, font, width, self.device)

    def flow(
        self,
        text: str,
        font: QFont,
        width: float,
        *,
        pad: float,
        after: float,
        draw_part: Callable[[str, float, bool], Placed],
    ) -> None:
        """Place `text` wrapped to `width` on as many pages as it takes: nothing is ever cut off.

        A block that fits on one page is kept whole (it moves to the next page when needed); a longer
        one starts where it is (when a few lines fit) and continues on the next pages. `draw_part(part,
        height, first)` draws one page's share; `pad` is the vertical padding around each share."""
        rest, first = text, True
        while True:
            h = self.text_height(rest, font, width) + pad
            if h > self.space_left() and (h <= self.bottom - self.top or self.space_left() < self.pt(40) + pad):
                self.ensure(h)
            part, rest = wrapped.split(rest, font, width, self.device, self.space_left() - pad)
            ph = self.text_height(part, font, width)
            self.place(ph + pad + (0.0 if rest else after), draw_part(part, ph, first))
            first = False
            if not rest:
                return
            self.new_page()

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

    def place(self, height: float, step: Placed) -> None:
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
            place_table(
                self,
                block.columns,
                block.rows,
                block.widths,
                block.align,
                block.row_styles,
                block.header,
                title_columns=block.title_columns,
            )
        elif isinstance(block, KeyValues):
            widths = [block.label_width, 1 - block.label_width]
            if block.pairs_per_row == 2:  # label, value, label, value: half the height for short facts
                half = (len(block.rows) + 1) // 2
                left, right = block.rows[:half], block.rows[half:] + [("", "")] * (2 * half - len(block.rows))
                rows = [[a, b, c, d] for (a, b), (c, d) in zip(left, right, strict=True)]
                w = block.label_width / 2
                place_table(
                    self, ["", "", "", ""], rows, [w, 0.5 - w, w, 0.5 - w], "llll", None, False, label_cols=(0, 2)
                )
            else:
                place_table(
                    self,
                    ["", ""],
                    [list(r) for r in block.rows],
                    widths,
                    "ll",
                    block.row_styles,
                    False,
                    label_column=True,
                )
        elif isinstance(block, MemoryChart):
            self._chart(self.pt(185), lambda p, r: charts.draw_memory(p, r, block, self))
        elif isinstance(block, ParetoChart):
            self._chart(self.pt(215), lambda p, r: charts.draw_pareto(p, r, block, self))
        elif isinstance(block, BillingChart):
            self._chart(self.pt(175), lambda p, r: charts.draw_billing(p, r, block, self))
        elif isinstance(block, QuoteChart):
            self._chart(
                self.pt(charts.quote_chart_height(len(block.data.bars))),
                lambda p, r: charts.draw_quotes(p, r, block, self),
            )
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
            wrapped.draw(p, QRectF(self.left, y, width, h), d.title)

        self.place(h, draw_title)
        self.y += self.pt(8)
        sub_font = self.font(13)
        hs = self.text_height(d.subtitle, sub_font, width)

        def draw_sub(p: QPainter, y: float) -> None:
            p.setFont(sub_font)
            p.setPen(MUTED)
            wrapped.draw(p, QRectF(self.left, y, width, hs), d.subtitle)
            p.setPen(QPen(ACCENT, self.pt(1.5)))
            p.drawLine(QPointF(self.left, y + hs + self.pt(8)), QPointF(self.left + width * 0.35, y + hs + self.pt(8)))

        self.place(hs + self.pt(28), draw_sub)
        place_table(
            self, ["", ""], [list(r) for r in d.cover_rows], [0.3, 0.7], "ll", None, False, label_column=True, size=10.5
        )
        if d.cover_summary:
            self.y += self.pt(18)
            place_table(
                self,
                ["", ""],
                [list(r) for r in d.cover_summary],
                [0.3, 0.7],
                "ll",
                ["chosen"] * len(d.cover_summary),
                False,
                label_column=True,
                size=11,
            )
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
            wrapped.draw(p, QRectF(self.left, y, self.content_width, h), block.text)
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
        colour = TONES[style][0] if boxed else (MUTED if style in ("muted", "small") else INK)

        def part(piece: str, h: float, _first: bool) -> Placed:
            def draw(p: QPainter, y: float) -> None:
                if boxed:
                    p.fillRect(QRectF(self.left, y, self.content_width, h + 2 * pad), TONES[style][1])
                    p.fillRect(QRectF(self.left, y, self.pt(3), h + 2 * pad), TONES[style][0])
                p.setFont(font)
                p.setPen(colour)
                wrapped.draw(p, QRectF(self.left + pad + (self.pt(3) if boxed else 0), y + pad, width, h), piece)

            return draw

        self.flow(text, font, width, pad=2 * pad, after=self.pt(6), draw_part=part)

    def _bullet(self, text: str, style: str) -> None:
        font = self.font(9.5)
        indent = self.pt(14)
        width = self.content_width - indent
        colour = TONES[style][0] if style in TONES else (MUTED if style == "muted" else INK)
        mark = {"critical": "■", "warning": "▲", "ok": "✓"}.get(style, "•")

        def part(piece: str, h: float, first: bool) -> Placed:
            def draw(p: QPainter, y: float) -> None:
                p.setFont(font)
                p.setPen(colour)
                if first:
                    p.drawText(QRectF(self.left, y, indent, h), 0, mark)
                p.setPen(INK if style in ("warning", "info", "body") else colour)
                wrapped.draw(p, QRectF(self.left + indent, y, width, h), piece)

            return draw

        self.flow(text, font, width, pad=0.0, after=self.pt(4), draw_part=part)

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
            wrapped.draw(p, QRectF(self.left, y, self.content_width, title_h), block.title)
            p.setPen(QPen(ACCENT, self.pt(1)))
            p.drawLine(QPointF(self.left, y + title_h + self.pt(3)), QPointF(self.right, y + title_h + self.pt(3)))
            y += title_h + self.pt(12)
            p.setFont(body)
            p.setPen(INK)
            wrapped.draw(p, QRectF(self.left, y, self.content_width, statement_h), block.statement)
            y += statement_h + self.pt(16)
            for role in block.roles:
                box = QRectF(self.left, y, self.content_width, role_h)
                p.setPen(QPen(RULE, self.pt(0.8)))
                p.setBrush(Qt.BrushStyle.NoBrush)
                p.drawRect(box)
                p.fillRect(QRectF(box.left(), box.top(), box.width(), self.pt(20)), HEADER_BG)
                p.setFont(self.font(10.5, True))
                p.setPen(ACCENT)
                p.drawText(
                    QRectF(box.left() + self.pt(8), box.top(), box.width(), self.pt(20)),
                    int(Qt.AlignmentFlag.AlignVCenter),
                    role.role,
                )
                fields = [
                    (block.name_label, role.name),
                    (block.position_label, ""),
                    (block.date_label, ""),
                    (block.signature_label, ""),
                ]
                half = (box.width() - self.pt(24)) / 2
                for k, (label, value) in enumerate(fields):
                    col, row = k % 2, k // 2
                    fx = box.left() + self.pt(8) + col * (half + self.pt(8))
                    fy = box.top() + self.pt(46) + row * self.pt(40)
                    p.setFont(label_font)
                    p.setPen(MUTED)
                    p.drawText(QRectF(fx, fy - self.pt(14), half, self.pt(14)), 0, label)
                    if value:  # a long name gets a smaller size and more lines, never cut off
                        p.setPen(INK)
                        self._fitted(
                            p, QRectF(fx + self.pt(40), fy - self.pt(16), half - self.pt(40), self.pt(21.5)), value
                        )
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
                        p.drawText(
                            QRectF(dx + self.pt(14), dy, box.width(), self.pt(14)),
                            int(Qt.AlignmentFlag.AlignLeft),
                            decision,
                        )
                        dx += self.pt(14) + fm.horizontalAdvance(decision) + self.pt(24)
                y += role_h + self.pt(10)

        self.place(total, draw)

    def _fitted(self, p: QPainter, rect: QRectF, text: str) -> None:
        """`text` in the largest size (9.5 pt down to 5.5 pt) at which it fits `rect`, bottom-aligned."""
        for size in (9.5, 8.5, 7.5, 6.5, 5.5):
            font = self.font(size)
            h = self.text_height(text, font, rect.width())
            if h <= rect.height():
                break
        p.setFont(font)
        wrapped.draw(p, QRectF(rect.left(), max(rect.top(), rect.bottom() - h), rect.width(), h), text)

    # ---- header and footer ----
    def frame(self, p: QPainter, n: int, count: int) -> None:
        d = self.data
        small = self.font(7.5)
        p.setFont(small)
        p.setPen(MUTED)
        band = self.pt(12)
        hy = self.mm(10)
        width = self.content_width
        title = wrapped.one_line(d.title, small, width * 0.63, self.device)  # the cover carries it whole
        p.drawText(
            QRectF(self.left, hy, width * 0.65, band),
            int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignBottom),
            title,
        )
        p.drawText(
            QRectF(self.left + width * 0.65, hy, width * 0.35, band),
            int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignBottom),
            d.header_right,
        )
        p.setPen(QPen(RULE, self.pt(0.5)))
        p.drawLine(QPointF(self.left, hy + band + self.pt(3)), QPointF(self.right, hy + band + self.pt(3)))
        fy = self.height - self.mm(13)
        p.drawLine(QPointF(self.left, fy), QPointF(self.right, fy))
        p.setPen(MUTED)
        footer = wrapped.one_line(d.footer_left, small, width * 0.58, self.device)
        p.drawText(QRectF(self.left, fy + self.pt(3), width * 0.6, band), int(Qt.AlignmentFlag.AlignLeft), footer)
        page_text = d.page_format.format(n=n, N=count)
        p.drawText(
            QRectF(self.left + width * 0.6, fy + self.pt(3), width * 0.4, band),
            int(Qt.AlignmentFlag.AlignRight),
            page_text,
        )


def paint(
    layout: Layout,
    pages: list[Page],
    painter: QPainter,
    device: QPagedPaintDevice,
    progress: Callable[[int, int], object] | None = None,
) -> None:
    count = len(pages)
    for i, page in enumerate(pages):
        if i:
            device.newPage()
        layout.frame(painter, i + 1, count)
        for step in page.steps:
            step(painter)
        if progress is not None:
            progress(i + 1, count)
