"""The comparison (比价表): every quote of a plan side by side, all-in, with the flags a reviewer needs.

    c = compare(plan, catalog)          # catalog optional: without it, stored fits and provider facts
    comparison_json(c)                  # the `gpudesk quote compare --json` contract

Flags (stable ids, worded by `flag_text`): expired, zero-price (a price of 0: never the cheapest), no-licence (no 增值电信业务经营许可证 number recorded),
no-icp (no ICP filing recorded), does-not-fit, not-evaluated, unpriced (no usable price or duration),
incomplete (items the quote does not state), spot (interruptible billing). The cheapest quote is the
lowest all-in among those that fit (or could not be evaluated) and have not expired. Three quotes is the
usual rule for a purchase (询价/比价); `enough_quotes` says whether the plan has them, `rule_met` whether
valid quotes come from three providers with a licence recorded.
"""

from __future__ import annotations

import datetime as _dt
from dataclasses import dataclass, field
from typing import Any

from gpudesk.core.i18n import current_language, t
from gpudesk.core.plan.model import Plan
from gpudesk.core.plan.quote_cost import SENSITIVITY, QuoteCost, all_in_cost, cost_json
from gpudesk.core.plan.quote_ops import current_fit, job_needs
from gpudesk.core.plan.quotes import Quote, QuoteFit, QuoteSelection
from gpudesk.core.protocols import Catalogue
from gpudesk.errors import GpudeskError

QUOTES_NEEDED = 3  # 询价/比价: a request for quotation usually goes to at least three suppliers

_FLAGS = {
    "expired": ("quote expired on {date}: ask for a current one", "报价已于 {date} 过期：请重新询价"),
    "zero-price": ("a price of 0: check the quote", "价格为 0，请核对"),
    "no-licence": ("no telecom licence (增值电信业务经营许可证) number recorded", "未记录增值电信业务经营许可证编号"),
    "no-icp": ("no ICP filing recorded", "未记录 ICP 备案"),
    "does-not-fit": ("the job does not fit this configuration", "该配置装不下此任务"),
    "not-evaluated": ("configuration not evaluated for this job", "该配置尚未针对本任务评估"),
    "unpriced": ("no usable price or duration: all-in cost unknown", "缺少可用价格或时长：总价未知"),
    "incomplete": ("not stated: {items}; ask the provider", "未说明：{items}；请向服务商确认"),
    "spot": ("spot billing: the job can be interrupted", "竞价计费：任务可能被中断"),
}
# fmt: off
# a bilingual name per cost item: data, kept as a compact table
_ITEMS = {"compute": ("compute", "算力"), "storage": ("storage", "存储"), "network": ("network", "网络"),
          "fees": ("fees", "费用"), "subsidy": ("subsidy", "补贴"), "tax": ("tax", "税费")}
# fmt: on
FLAG_IDS = tuple(_FLAGS)


def item_label(item: str) -> str:
    pair = _ITEMS.get(item)
    return t(*pair) if pair else item


def flag_text(flag: str, unknown: list[str] | None = None, *, date: str | None = None) -> str:
    pair = _FLAGS.get(flag)
    if pair is None:
        return flag
    sep = "、" if current_language() == "zh_CN" else ", "
    return t(*pair, items=sep.join(item_label(i) for i in (unknown or [])), date=date or t("?", "?"))


@dataclass
class QuoteRow:
    quote: Quote
    provider_name: str
    provider: dict[str, Any] | None  # the provider's facts (live catalogue row, else as recorded with the quote)
    fit: QuoteFit | None
    cost: QuoteCost
    sensitivity: dict[float, float | None]
    flags: list[str]
    selected: bool = False
    cheapest: bool = False

    def flag_texts(self) -> list[str]:
        return [
            flag_text(f, self.cost.unknown if f == "incomplete" else None, date=self.quote.valid_until)
            for f in self.flags
        ]

    def flags_line(self) -> str:
        """The flags on one line, joined as the language punctuates ("a; b" / "甲；乙")."""
        return t("; ", "；").join(self.flag_texts())

    @property
    def licensed(self) -> bool:
        """Whether the provider's 增值电信业务经营许可证 number is recorded."""
        return bool((self.provider or {}).get("licence_number"))


@dataclass
class Comparison:
    rows: list[QuoteRow]
    cheapest: str | None
    selected: str | None
    selection: QuoteSelection | None
    enough_quotes: bool
    valid_quotes: int  # not expired
    providers: int  # distinct providers with a valid quote
    today: str
    notes: list[str] = field(default_factory=list)
    trial_margin: float = 0.30
    licensed_providers: int = 0  # distinct providers with a valid quote and a licence number recorded

    def row(self, quote_id: str) -> QuoteRow | None:
        return next((r for r in self.rows if r.quote.id == quote_id), None)

    @property
    def rule_met(self) -> bool:
        """The 询价/比价 rule: valid quotes from at least QUOTES_NEEDED licensed providers."""
        return self.licensed_providers >= QUOTES_NEEDED

    def rule_text(self) -> str:
        """The verdict on the three-quote rule, e.g. "有效报价 3 家，其中记录许可证 1 家：未满足三家比价要求"."""
        verdict = (
            t("the three-quote rule is met", "满足三家比价要求")
            if self.rule_met
            else t("the rule of {k} licensed providers is not met", "未满足 {k} 家持牌服务商比价要求", k=QUOTES_NEEDED)
        )
        return t(
            "Valid quotes from {p} provider{s}, {l} of them with a licence recorded: {v}.",
            "有效报价 {p} 家，其中记录许可证 {l} 家：{v}。",
            p=self.providers,
            s="" if self.providers == 1 else "s",
            l=self.licensed_providers,
            v=verdict,
        )

    def next_step_text(self) -> str:
        """What the 比价 still needs before approval, as one sentence a purchaser acts on ("" when nothing): the
        licences to record, the quotes to ask for, or the selection to make."""
        if self.rule_met:
            if self.selected is not None:
                return ""
            return t(
                "Select one with the reason for choosing it before approval (the Quotes tab, or gpudesk quote select).",
                "审批前请选定一份并写明理由（“报价”页，或 gpudesk quote select）。",
            )
        unlicensed = self.providers - self.licensed_providers
        more = max(0, QUOTES_NEEDED - self.providers)
        record = t(
            "record the telecom licence number (增值电信业务经营许可证) of the {u} quoted provider{s} without one "
            "(Catalogue tab ▸ Providers, or gpudesk catalog add-provider --update)",
            "记录 {u} 家报价服务商的增值电信业务经营许可证编号（“资源目录”页的“服务商”）",
            u=unlicensed,
            s="" if unlicensed == 1 else "s",
        )
        ask = t(
            "get written quotes from {m} more licensed provider{s}",
            "再向 {m} 家持牌服务商取得书面报价",
            m=more,
            s="" if more == 1 else "s",
        )
        if unlicensed and more:
            text = record + t(", and ", "，并") + ask
        elif unlicensed:
            text = record + t(", or ask licensed providers instead", "，或改向持牌服务商询价")
        else:
            text = ask
        return t("Before approval, {x}.", "审批前请{x}。", x=text)


def _provider_row(q: Quote, catalog: Catalogue | None) -> dict[str, Any] | None:
    if catalog is not None:
        try:
            row = catalog.provider(q.provider)
            return row.model_dump(mode="json") if hasattr(row, "model_dump") else dict(row)
        except GpudeskError:
            pass
    return q.provider_facts


def _name(q: Quote, facts: dict[str, Any] | None) -> str:
    if facts:
        zh, en = facts.get("name_zh"), facts.get("name_en")
        return t(en or "", zh or "") or zh or en or q.provider_name or q.provider
    return q.provider_name or q.provider


def _flags(q: Quote, facts: dict[str, Any] | None, fit: QuoteFit | None, cost: QuoteCost, today: _dt.date) -> list[str]:
    out = []
    if q.expired(today):
        out.append("expired")
    if not (facts or {}).get("licence_number"):
        out.append("no-licence")
    if not (facts or {}).get("icp_filing"):
        out.append("no-icp")
    if fit is None or fit.error:
        out.append("not-evaluated")
    elif fit.fits is False:
        out.append("does-not-fit")
    if cost.all_in is None:
        out.append("unpriced")
    rest = [i for i in cost.unknown if i != "compute"]
    if rest:
        out.append("incomplete")
    if cost.billing and "spot" in cost.billing.split("+"):
        out.append("spot")
    if any(r.price == 0 for r in q.rates):
        out.append("zero-price")
    return out


def compare(
    plan: Plan, catalog: Catalogue | None = None, *, today: _dt.date | None = None, facts_from: Catalogue | None = None
) -> Comparison:
    """Every quote of the plan, costed all-in for its job and flagged; cheapest and selected marked.

    `catalog` also evaluates fits the plan has not stored; `facts_from` (default: `catalog`) is only read for the
    providers' current facts, so a licence recorded after the quote was added counts (the printed plan passes
    it and no catalogue, to say what `quote compare` says without evaluating anything)."""
    today = today or _dt.date.today()
    facts_from = facts_from or catalog
    rows: list[QuoteRow] = []
    for q in plan.quotes:
        fit = current_fit(plan, q, catalog)
        needs = job_needs(plan, fit if fit is not None and not fit.error else None)
        cost = all_in_cost(q, needs)
        sens = {f: all_in_cost(q, needs, factor=f).all_in for f in SENSITIVITY}
        facts = _provider_row(q, facts_from)
        rows.append(QuoteRow(q, _name(q, facts), facts, fit, cost, sens, _flags(q, facts, fit, cost, today)))
    eligible = [
        r
        for r in rows
        if r.cost.all_in is not None
        and "expired" not in r.flags
        and "does-not-fit" not in r.flags
        and "zero-price" not in r.flags
    ]
    cheapest = min(eligible, key=lambda r: r.cost.all_in).quote.id if eligible else None  # type: ignore[arg-type, return-value]
    sel = plan.quote_selection
    selected = sel.quote if sel is not None and any(r.quote.id == sel.quote for r in rows) else None
    for r in rows:
        r.cheapest = r.quote.id == cheapest
        r.selected = r.quote.id == selected
    valid = [r for r in rows if "expired" not in r.flags]
    providers = len({r.quote.provider for r in valid})
    licensed = len({r.quote.provider for r in valid if r.licensed})
    notes = []
    if len(rows) < QUOTES_NEEDED:
        notes.append(
            t(
                "{n} of the usual {k} written quotes: ask more providers before approval.",
                "只有 {n} 份书面报价（通常需要 {k} 份）：审批前请向更多服务商询价。",
                n=len(rows),
                k=QUOTES_NEEDED,
            )
        )
    elif providers < QUOTES_NEEDED:
        notes.append(
            t(
                "Only {p} providers have a valid quote (the usual rule is {k} providers).",
                "只有 {p} 家服务商的报价在有效期内（通常需要 {k} 家）。",
                p=providers,
                k=QUOTES_NEEDED,
            )
        )
    if selected is not None and cheapest is not None and selected != cheapest:
        notes.append(
            t(
                "The selected quote is not the cheapest: the reason given is printed with it.",
                "所选报价不是最低价：随附所写理由。",
            )
        )
    chosen = next((r for r in rows if r.selected), None)
    if chosen is not None and "expired" in chosen.flags:
        notes.append(
            t(
                "The selected quote {q} expired on {d}: ask {p} for a current quote before approval.",
                "所选报价 {q} 已于 {d} 过期：审批前请向{p}重新询价。",
                q=chosen.quote.id,
                d=chosen.quote.valid_until,
                p=chosen.provider_name,
            )
        )
    if chosen is not None and "does-not-fit" in chosen.flags:
        notes.append(
            t(
                "The selected quote's configuration does not fit the job in GPU memory.",
                "所选报价的配置显存装不下此任务。",
            )
        )
    return Comparison(
        rows,
        cheapest,
        selected,
        sel if selected else None,
        len(rows) >= QUOTES_NEEDED,
        len(valid),
        providers,
        today.isoformat(),
        notes,
        plan.job.trial_margin,
        licensed,
    )


def billing_text(billing: str | None) -> str:
    """ "monthly+hourly" in words: "包月 + 按小时"."""
    from gpudesk.core import units

    if not billing:
        return units.unknown()
    return " + ".join(units.label("billing_short", b) for b in billing.split("+"))


# fmt: off
# the unit a rate is per, by billing mode, in both languages: data, kept as a compact table
_PER = {"hourly": ("h", "时"), "daily": ("day", "天"), "monthly": ("month", "月"), "yearly": ("year", "年"),
        "spot": ("h spot", "时（竞价）")}
# fmt: on


def price_summary(q: Quote) -> str:
    """The quote's prices in one line: "¥2.00/GPU·h · ¥900.00/node·month · min 100 h"."""
    from gpudesk.core import units

    parts = []
    for r in q.rates:
        who = t("GPU", "卡") if r.per == "gpu" else t("node", "节点")
        parts.append(f"{units.price(r.price)}/{who}·{t(*_PER[r.billing])}")
    if q.min_hours:
        parts.append(t("min {h:,.0f} h", "最短 {h:,.0f} 小时", h=q.min_hours))
    if q.setup_fee:
        parts.append(t("setup {x}", "开通费 {x}", x=units.money(q.setup_fee, digits=2)))
    return " · ".join(parts) or t("no price", "无价格")


def _r(x: float | None, digits: int = 2) -> float | None:
    return None if x is None else round(x, digits)


def row_json(r: QuoteRow) -> dict[str, Any]:
    q, fit, c = r.quote, r.fit, r.cost
    cj = cost_json(c)
    return {
        "id": q.id,
        "provider": q.provider,
        "provider_name": r.provider_name,
        "reference": q.reference,
        "date": q.date,
        "valid_until": q.valid_until,
        "contact": q.contact,
        "gpu": q.gpu,
        "gpu_name": q.gpu_name,
        "gpu_name_zh": q.gpu_name_zh,
        "gpus": q.gpus,
        "gpus_per_node": q.gpus_per_node,
        "nodes": q.nodes,
        "region": q.region,
        "hours": _r(fit.hours if fit else None),
        "gpu_hours": _r(fit.gpu_hours if fit else None),
        "duration_hours": cj["duration_hours"],
        "rental_hours": cj["rental_hours"],
        "fits": fit.fits if fit else None,
        "fit_source": fit.source if fit else None,
        "fit_error": fit.error if fit else None,
        "layout": fit.layout if fit else None,
        "all_in_cost": cj["all_in_cost"],
        "items": cj["items"],
        "billing": cj["billing"],
        "billing_plan": cj["billing_plan"],
        "forms": cj["forms"],
        "break_even": cj["break_even"],
        "sensitivity": {f"+{round((f - 1) * 100)}%": _r(v) for f, v in r.sensitivity.items()},
        "storage_gb": cj["storage_gb"],
        "egress_gb": cj["egress_gb"],
        "vat_inside": cj["vat_inside"],
        "unknown_items": cj["unknown_items"],
        "assumptions": cj["assumptions"],
        "licence_number": (r.provider or {}).get("licence_number"),
        "icp_filing": (r.provider or {}).get("icp_filing"),
        "flags": list(r.flags),
        "flag_texts": r.flag_texts(),
        "selected": r.selected,
        "cheapest": r.cheapest,
    }


def comparison_json(c: Comparison) -> dict[str, Any]:
    sel = c.selection
    return {
        "quotes": [row_json(r) for r in c.rows],
        "cheapest": c.cheapest,
        "selected": c.selected,
        "selection": sel.model_dump(mode="json") if sel else None,
        "enough_quotes": c.enough_quotes,
        "quotes_needed": QUOTES_NEEDED,
        "valid_quotes": c.valid_quotes,
        "providers_with_valid_quotes": c.providers,
        "licensed_providers_with_valid_quotes": c.licensed_providers,
        "three_quote_rule_met": c.rule_met,
        "rule_text": c.rule_text(),
        "next_step": c.next_step_text(),
        "currency": "CNY",
        "today": c.today,
        "notes": list(c.notes),
    }
