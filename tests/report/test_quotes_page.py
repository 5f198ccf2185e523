"""The 比价 page and the no-quote banner: what the printed plan says about quotes, in both languages, from the
plan's own comparison (no evaluation at print time), and the PDF carrying it."""

from __future__ import annotations

import datetime as dt
import math
import re

import pytest
from pypdf import PdfReader

from gpudesk.catalog import open_catalog
from gpudesk.core.models import Job, TaskKind
from gpudesk.core.plan import add_quote, new_plan, select_quote
from gpudesk.core.report.blocks import Bullets, Heading, KeyValues, QuoteChart, Table, Text
from gpudesk.core.report.report_data import build_report

DAY = dt.date(2026, 12, 2)


@pytest.fixture(scope="module")
def cat():
    return open_catalog()


def _plan(cat, quotes=True, select=True):
    job = Job(model=cat.model("llama-2-7b"), task=TaskKind.LORA, tokens=1e8)
    plan = new_plan(job, None, cat, gpu_id="rtx-4090", gpus=1)
    if quotes:
        for prov, price, minh, valid, extra in (
            (
                "jianmi",
                2.0,
                100,
                "2027-01-31",
                {"subsidy": {"rate": 0.2, "cap": 10}, "reference": "JM-2026-118", "date": "2026-11-20"},
            ),
            ("kufanyun", 1.8, 200, "2027-01-31", {"reference": "KF-77", "date": "2026-11-25"}),
            ("jianmi", 1.5, 1, "2026-11-01", {}),
        ):
            add_quote(
                plan,
                {
                    "provider": prov,
                    "gpu": "rtx-4090",
                    "gpus_per_node": 1,
                    "nodes": 1,
                    "min_hours": minh,
                    "valid_until": valid,
                    "rates": [{"billing": "hourly", "price": price}],
                    **extra,
                },
                cat,
            )
        if select:
            select_quote(plan, "q2", "licensed, cheapest valid after the expired one", cat, by="王工")
    return plan


def _section(data, title):
    return next(s for s in data.sections if s.title == title)


def _text(blocks) -> str:
    out = []
    for b in blocks:
        if isinstance(b, Table):
            out += [" ".join(b.columns)] + [" ".join(r) for r in b.rows]
        elif isinstance(b, KeyValues):
            out += [f"{a} {v}" for a, v in b.rows]
        elif isinstance(b, Bullets):
            out += [x for _, x in b.items]
        elif isinstance(b, Text | Heading):
            out.append(b.text)
    return "\n".join(out)


def _all(data) -> str:
    return "\n".join(
        [
            *(f"{a} {b}" for a, b in data.cover_rows + data.cover_summary),
            data.cover_notice[1],
            *(s.title + "\n" + _text(s.blocks) for s in data.sections),
        ]
    )


def test_the_comparison_page(cat):
    plan = _plan(cat)
    data = build_report(plan, "en", generated=DAY)
    page = _section(data, "Quotes and comparison (比价)")
    cost = next(b for b in page.blocks if isinstance(b, Table))
    rows = {r[0].split("\n")[0]: r for r in cost.rows}
    # q1: 2.0 × 100 h minimum = ¥200, subsidy 20 % capped at ¥10 -> ¥190; q2: 1.8 × 200 h = ¥360
    assert rows["★ q1"][1] == "¥200" and rows["★ q1"][5] == "-¥10" and rows["★ q1"][7] == "¥190"
    assert rows["✔ q2"][7] == "¥360" and rows["✔ q2"][2] == "—"  # storage not stated
    styles = dict(zip([r[0].split("\n")[0] for r in cost.rows], cost.row_styles, strict=True))
    assert styles == {"★ q1": "ok", "✔ q2": "chosen", "q3": "critical"}  # cheapest, selected, expired
    chart = next(b for b in page.blocks if isinstance(b, QuoteChart))
    assert [(b.quote, b.all_in, b.cheapest, b.selected) for b in chart.data.bars] == [
        ("q1", 190.0, True, False),
        ("q2", 360.0, False, True),
        ("q3", 1.5 * math.ceil(plan.choice.time.hours * 1.3), False, False),
    ]  # 1.5 × the whole hours with the margin
    assert chart.data.bars[0].items == {"compute": 200.0, "subsidy": -10.0}
    text = _text(page.blocks)
    assert "JM-2026-118" in text and "dated 2026-11-20" in text and "valid until 2027-01-31" in text
    assert "licensed, cheapest valid after the expired one" in text and "王工" in text
    assert "quote expired" in text and "Only 2 providers have a valid quote" in text
    assert "The minimum rental period of 200 h is longer than the job" in text  # the selected quote's terms
    # the summary and the cover follow the selected quote
    assert data.cover_notice[0] == "ok" and "KF-77" in data.cover_notice[1]
    # Q1: what the quote does not state is named next to the amount, never silently counted as covered
    assert (
        "All-in cost (selected quote)",
        "¥360 (storage, network, fees, tax not quoted, not counted)",
    ) in data.cover_summary
    signoff = next(b for b in data.sections[-1].blocks if type(b).__name__ == "SignOff")
    assert "written quote KF-77" in signoff.statement and "all-in budget of ¥360 for 200 h" in signoff.statement
    assert (
        "counted: compute;" in signoff.statement
        and "storage, network, fees, tax not quoted, not counted" in signoff.statement
    )
    summary = _text(data.sections[0].blocks)
    assert "written quote KF-77 of 酷番云, dated 2026-11-25" in summary and "Budget estimate" not in summary
    # ... and the selected quote's flags are the first risks in the summary
    risks = next(b for b in data.sections[0].blocks if type(b).__name__ == "Bullets").items
    assert "Selected quote q2 (酷番云): storage, network, fees, tax not quoted" in risks[0][1]
    assert "no telecom licence" in risks[1][1]


def test_the_comparison_page_in_chinese(cat):
    data = build_report(_plan(cat), "zh_CN", generated=DAY)
    page = _section(data, "报价与比价")
    text = _text(page.blocks)
    assert "分项总价" in text and "选定" in text and "过期：请重新询价" in text and "有效期至 2027-01-31" in text
    generated = text.replace("licensed, cheapest valid after the expired one", "")  # the user's own words stay
    assert not re.search(r"\b(unknown|quote|expired|hourly)\b", generated)  # no English left in the Chinese page
    assert "比价页" in data.cover_notice[1]


def test_a_plan_without_a_quote_says_so(cat):
    plan = _plan(cat, quotes=False)
    for lang, banner, first in (
        ("en", "Budget estimate, no written quote yet.", "Budget estimate, no written quote yet."),
        ("zh_CN", "预算估算，尚无书面报价。", "预算估算，尚无书面报价。"),
    ):
        data = build_report(plan, lang, generated=DAY)
        assert data.cover_notice[0] == "warning" and data.cover_notice[1].startswith(banner)
        risks = next(b for b in data.sections[0].blocks if isinstance(b, Bullets)).items
        assert risks[0][1].startswith(first)  # the first risk
        page = data.sections[3]
        assert page.title in ("Quotes and comparison (比价)", "报价与比价")
        assert isinstance(page.blocks[0], Text) and page.blocks[0].style == "critical"
    some = build_report(_plan(cat, select=False), "en", generated=DAY)
    assert some.cover_notice[1].startswith("Budget estimate: 3 written quotes on file, none selected yet.")


def test_the_market_reference_is_never_named_as_the_provider(cat):
    job = Job(model=cat.model("llama-2-13b"), task=TaskKind.FULL, tokens=1e9)
    plan = new_plan(job, None, cat, gpu_id="h100-sxm-80gb", gpus=8)
    assert plan.choice.provider == "market-reference"  # only the estimate prices an 8× H100 node
    for lang, name in (("en", "Market reference (not a provider)"), ("zh_CN", "市场参考价（非服务商）")):
        text = _all(build_report(plan, lang, generated=DAY, catalog=cat))
        assert name not in text
    en = build_report(plan, "en", generated=DAY, catalog=cat)
    assert "no provider yet (priced at a market-reference estimate)" in en.cover_summary[0][1]
    provider = _section(en, "Provider")
    assert provider.blocks[0].style == "critical" and "not an offer" in provider.blocks[0].text


def test_the_pdf_carries_the_page(cat, tmp_path):
    from gpudesk.report import export_pdf

    plan = _plan(cat)
    for lang, words in (
        ("zh_CN", ("报价与比价", "简米科技", "酷番云", "总价构成")),
        ("en", ("Quotes and comparison", "JM-2026-118", "All-in cost by item", "What each all-in is made of")),
    ):
        path = tmp_path / f"q-{lang}.pdf"
        export_pdf(plan, path, lang, generated=DAY)
        text = re.sub(r"\s+", "", "".join(p.extract_text() for p in PdfReader(path).pages))
        for w in words:
            assert re.sub(r"\s+", "", w) in text, (lang, w)


def test_a_quoted_configuration_reads_as_a_sentence(cat):
    """Seen in the en PDF: "1 node(s) × 8 NVIDIA A100 80GB SXM"; the zh tables wrote "1 节点 × 8 张" on one page
    and "1 个节点 × 8 张" on another."""
    from gpudesk.core import units
    from gpudesk.core.i18n import use_language

    with use_language("en"):
        assert units.nodes_of(1, 8, "A100") == "1 node × 8 A100" and units.nodes_of(2, 8, "A100") == "2 nodes × 8 A100"
    with use_language("zh_CN"):
        assert units.nodes_of(1, 8, "A100") == "1 个节点 × 8 张 A100"
    text = _text(_section(build_report(_plan(cat), "en", generated=DAY), "Quotes and comparison (比价)").blocks)
    assert "node(s)" not in text and "1 node × 1 NVIDIA GeForce RTX 4090" in text
    sizing = build_report(_plan(cat), "en", generated=DAY).sections[1]
    assert "GPU(s)" not in _text(sizing.blocks) and "replica(s)" not in _text(sizing.blocks)


def test_each_quotes_method_reads_as_sentences(cat):
    """Seen in the en PDF: "Duration: … (trial margin); The minimum rental period …; Billing granularity …"."""
    page = _section(build_report(_plan(cat), "en", generated=DAY), "Quotes and comparison (比价)")
    method = [b for b in page.blocks if isinstance(b, Bullets)][-1]  # under "How the all-in cost is computed"
    assert "; The" not in method.items[0][1] and ". The minimum rental period of 100 h" in method.items[0][1]


def test_the_table_and_the_chart_have_their_own_headings(cat):
    """Seen in the en PDF: "All-in cost by item" over the table and again over the chart."""
    for lang in ("en", "zh_CN"):
        page = build_report(_plan(cat), lang, generated=DAY).sections[3]
        titles = [b.text for b in page.blocks if isinstance(b, Heading)]
        titles += [b.title for b in page.blocks if isinstance(b, QuoteChart)]
        assert len(titles) == len(set(titles)), (lang, titles)


class _LicenceRecorded:
    """The catalogue after its user recorded one provider's licence number, later than the plan's quotes were
    added (each quote copied the provider's facts as they were then)."""

    def __init__(self, cat, provider: str, number: str) -> None:
        self._cat, self._provider, self._number = cat, provider, number

    def __getattr__(self, name):
        return getattr(self._cat, name)

    def provider(self, provider_id):
        row = self._cat.provider(provider_id)
        return row.model_copy(update={"licence_number": self._number}) if provider_id == self._provider else row


def test_the_cover_says_what_the_comparison_still_lacks(cat):
    """Three quotes on file but the rule unmet: the cover names the gap (licences to record, quotes to ask for)
    instead of asking for three quotes the plan already has; a licence recorded afterwards counts in print."""
    plan = _plan(cat, select=False)  # valid: 简米科技 (licence on record) and 酷番云 (none); the third expired
    en = build_report(plan, "en", generated=DAY, catalog=cat)
    head = "Budget estimate: 3 written quotes on file, none selected yet. "
    assert en.cover_notice[1] == head + (
        "Valid quotes from 2 providers, 1 of them with a licence recorded: the rule of 3 licensed providers is not "
        "met. Before approval, record the telecom licence number (增值电信业务经营许可证) of the 1 quoted provider "
        "without one (Catalogue tab ▸ Providers, or gpudesk catalog add-provider --update), and get written quotes "
        "from 1 more licensed provider."
    )
    risks = next(b for b in en.sections[0].blocks if isinstance(b, Bullets)).items
    assert risks[0] == ("critical", en.cover_notice[1])  # the first risk says the same
    zh = build_report(plan, "zh_CN", generated=DAY, catalog=cat).cover_notice[1]
    assert zh.startswith("预算估算：已有 3 份书面报价，尚未选定。有效报价 2 家，其中记录许可证 1 家：")
    assert zh.endswith(
        "审批前请记录 1 家报价服务商的增值电信业务经营许可证编号（“资源目录”页的“服务商”），并再向 1 家持牌服务商取得书面报价。"
    )
    # 酷番云's licence recorded after its quote: the printed plan counts it, as `quote compare` does
    later = build_report(plan, "en", generated=DAY, catalog=_LicenceRecorded(cat, "kufanyun", "B1-20260001"))
    assert later.cover_notice[1] == head + (
        "Valid quotes from 2 providers, 2 of them with a licence recorded: the rule of 3 licensed providers is not "
        "met. Before approval, get written quotes from 1 more licensed provider."
    )
    page = _text(_section(later, "Quotes and comparison (比价)").blocks)
    assert "Before approval, get written quotes from 1 more licensed provider." in page
    assert "Valid quotes from 2 providers, 2 of them with a licence recorded" in page
