"""The printed plan's building blocks: headings, text, tables, key-value lists, charts, the sign-off
block, sections and the whole `ReportData`. Plain data; `gpudesk.report` lays them out on A4."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from gpudesk.core.report.chart_data import BillingLines, CostChartData, MemoryChartData, QuoteChartData

Style = Literal["body", "lead", "small", "muted", "info", "warning", "critical", "ok", "strong"]
RowStyle = Literal["", "info", "warning", "critical", "ok", "muted", "strong", "chosen", "open", "group"]


@dataclass
class Heading:
    text: str
    level: int = 2


@dataclass
class Text:
    text: str
    style: Style = "body"


@dataclass
class Bullets:
    items: list[tuple[Style, str]]


@dataclass
class Table:
    columns: list[str]
    rows: list[list[str]]
    widths: list[float] | None = None  # relative column widths
    align: str | None = None  # one letter per column: l, r, c
    row_styles: list[RowStyle] | None = None
    header: bool = True
    title_columns: tuple[int, ...] = ()  # columns whose first line is a title (drawn bold)


@dataclass
class KeyValues:
    """A two-column label/value table without a header."""

    rows: list[tuple[str, str]]
    row_styles: list[RowStyle] | None = None
    label_width: float = 0.34
    pairs_per_row: int = 1  # 2: two label/value pairs side by side (row_styles then ignored)


@dataclass
class MemoryChart:
    data: MemoryChartData
    title: str
    component_labels: dict[str, str]
    axis_label: str
    usable_label: str
    capacity_label: str
    headroom_label: str = ""
    quick_label: str = ""  # the guide's quick estimate bar, spread over the chosen GPU count


@dataclass
class ParetoChart:
    data: CostChartData
    title: str
    x_label: str
    y_label: str
    option_label: str
    front_label: str
    chosen_label: str


@dataclass
class BillingChart:
    data: BillingLines
    title: str
    x_label: str
    y_label: str
    hourly_label: str
    monthly_label: str
    break_even_label: str
    job_label: str


@dataclass
class QuoteChart:
    """The quotes' all-in cost, one horizontal bar each, stacked by item (the subsidy left of zero)."""

    data: QuoteChartData
    title: str
    item_labels: dict[str, str]
    axis_label: str
    cheapest_label: str
    selected_label: str
    unknown_label: str  # "not stated: {items}" marker text, formatted per bar by the drawer


@dataclass
class SignRole:
    role: str
    name: str = ""


@dataclass
class SignOff:
    title: str
    statement: str
    roles: list[SignRole]
    name_label: str
    position_label: str
    date_label: str
    signature_label: str
    decisions: list[str] = field(default_factory=list)  # ticked by the approver


@dataclass
class PageBreak:
    pass


Block = (
    Heading
    | Text
    | Bullets
    | Table
    | KeyValues
    | MemoryChart
    | ParetoChart
    | BillingChart
    | QuoteChart
    | SignOff
    | PageBreak
)


@dataclass
class Section:
    title: str
    blocks: list[Any]
    new_page: bool = True


@dataclass
class ReportData:
    lang: str
    title: str  # the plan's title (cover, header, PDF metadata)
    subtitle: str
    cover_rows: list[tuple[str, str]]
    cover_summary: list[tuple[str, str]]
    sections: list[Section]
    header_right: str  # organisation, else the product name
    footer_left: str  # "Generated 2026-12-02 · plan 1a2b3c4d"
    page_format: str  # "Page {n} of {N}"
    generated: str  # ISO date
    plan_hash: str
    subject: str  # PDF metadata
    keywords: list[str] = field(default_factory=list)
    cover_notice: tuple[Style, str] | None = (
        None  # a boxed line on the cover (e.g. "budget estimate, no written quote yet")
    )
