"""A quote's all-in cost for the plan's job, item by item. Pure arithmetic, no Qt, no catalogue.

    cost = all_in_cost(quote, JobNeeds(hours=..., trial_margin=0.3, storage_bytes=..., egress_bytes=...))

Rules, decided once (each shown to the reader in `assumptions`):
- Duration: one clean run's hours × (1 + the job's trial margin) × `factor` (1, and 1.3 / 2.0 for the
  sensitivity a manager asks about). The minimum rental period, if stated, is a floor on it.
- Compute: the cheapest mix of the billing forms the quote prices (yearly, monthly, daily periods, the
  rest by the hour rounded up to the billing granularity; unknown granularity counts whole hours) that
  covers the duration. Spot is priced beside it but never chosen while another form exists: it can be
  interrupted. Break-even points say from how many hours of use in one period a coarser form is cheaper.
- Storage: the job's data, base weights and kept checkpoints (`rules.storage_bytes`, decimal GB as
  storage is sold) above the included quota, per GB-month over the duration.
- Network: egress of one final checkpoint at the egress price, bandwidth and public IPs per month
  over the duration (months, prorated). Unknown if the quote states none of them.
- Fees: the one-off fees. Subsidy: rate × the eligible items (as priced), capped; a negative item
  (a rebate: the invoice is not reduced, so tax is charged on the full amount). Tax: VAT on compute +
  storage + network + fees when prices exclude it; 0 when they include it; unknown when not stated.
- all-in = the sum of the known items; `unknown` names the items the quote does not state.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from gpudesk.core.i18n import t
from gpudesk.core.plan.quotes import FORM_HOURS, GRANULARITY_HOURS, Quote, Rate
from gpudesk.core.rules import HOURS_PER_MONTH

GB = 1e9
COARSE_FORMS = ("yearly", "monthly", "daily")  # coarse to fine, the hourly rest last
SENSITIVITY = (1.3, 2.0)  # +30 % and +100 % duration
_EXACT = 400  # enumerate every unit count of a coarse form up to this many, else only the sensible ends


@dataclass(frozen=True)
class JobNeeds:
    """What the job asks of a rental, from the engine (for the quote's configuration)."""

    hours: float | None  # one clean training run on the quote's configuration (None: unknown or not training)
    trial_margin: float = 0.30
    service_hours: float = 0.0  # serving (inference, mixed): the service period, rented on top, no margin
    storage_bytes: int = 0  # data, base weights and kept checkpoints (rules.storage_bytes)
    egress_bytes: int = 0  # what is downloaded at the end (one checkpoint)


@dataclass(frozen=True)
class BillingLine:
    form: str  # hourly, daily, monthly, yearly, spot
    units: float  # periods of the form (hours for hourly: rounded to the granularity)
    count: int  # GPUs or nodes charged
    per: str  # "gpu" or "node"
    price: float  # per unit and period
    cost: float


@dataclass(frozen=True)
class BreakEven:
    """From `hours` of use within one `coarse` period, the coarse form is cheaper than the `fine` one."""

    coarse: str
    fine: str
    hours: float
    within_period: bool  # False: the coarse form never pays off within its period


@dataclass
class QuoteCost:
    factor: float
    duration_hours: float | None  # clean run × (1 + margin) × factor
    rental_hours: float | None  # the duration, or the minimum period when longer
    items: dict[str, float | None]
    all_in: float | None
    lines: list[BillingLine] = field(default_factory=list)  # the cheapest mix
    billing: str | None = None  # its forms, "monthly+hourly"
    forms: dict[str, float | None] = field(default_factory=dict)  # each form alone for the rental
    break_even: list[BreakEven] = field(default_factory=list)
    storage_gb: float = 0.0
    egress_gb: float = 0.0
    vat_inside: float | None = None  # VAT contained in tax-inclusive prices, when the rate is known
    unknown: list[str] = field(default_factory=list)  # items the quote does not state
    assumptions: list[str] = field(default_factory=list)

    @property
    def billed_hours(self) -> float | None:
        """Hours the billing mix charges for (the rental rounded up to the granularity and whole periods):
        47 h for a 46.3 h rental billed by the hour."""
        if not self.lines:
            return None
        return sum(x.units * FORM_HOURS[x.form] for x in self.lines)


def _granular(hours: float, step: float) -> float:
    """Hours rounded up to the billing step (a tiny tolerance keeps 100.0000001 at 100)."""
    return math.ceil(hours / step - 1e-9) * step


def _line(q: Quote, r: Rate, units: float) -> BillingLine:
    n = q.unit_count(r)
    return BillingLine(r.billing, units, n, r.per, r.price, r.price * n * units)


def _counts(span: float, hours: float) -> list[int]:
    most = math.ceil(span / hours - 1e-9)
    if most <= _EXACT:
        return list(range(most + 1))
    return sorted({0, max(0, most - 2), most - 1, most})


def cheapest_mix(q: Quote, rental: float, step: float, forms: Sequence[str]) -> list[BillingLine] | None:
    """The cheapest lines of the allowed forms covering `rental` hours (None: no form can)."""
    coarse = [f for f in COARSE_FORMS if f in forms and q.rate(f) is not None]
    hourly = q.rate("hourly") if "hourly" in forms else None
    best: tuple[float, list[BillingLine]] | None = None

    def walk(i: int, left: float, lines: list[BillingLine]) -> None:
        nonlocal best
        if i == len(coarse):
            rest = list(lines)
            if left > 1e-9:
                if hourly is None:
                    return
                rest.append(_line(q, hourly, _granular(left, step)))
            total = sum(x.cost for x in rest)
            if best is None or total < best[0] - 1e-9:
                best = (total, [x for x in rest if x.units > 0])
            return
        r = q.rate(coarse[i])
        assert r is not None
        for k in _counts(left, r.hours):
            walk(i + 1, max(0.0, left - k * r.hours), lines + ([_line(q, r, k)] if k else []))

    walk(0, rental, [])
    return best[1] if best else None


def single_form(q: Quote, form: str, rental: float, step: float) -> BillingLine | None:
    r = q.rate(form)
    if r is None:
        return None
    units = _granular(rental, step) if form in ("hourly", "spot") else math.ceil(rental / r.hours - 1e-9)
    return _line(q, r, units)


def break_evens(q: Quote) -> list[BreakEven]:
    """For each priced pair of forms, the use within the coarser period at which it pays off."""
    out = []
    order = [f for f in ("hourly", "daily", "monthly", "yearly") if q.rate(f) is not None]
    for fine, coarse in zip(order, order[1:], strict=False):
        fr, cr = q.rate(fine), q.rate(coarse)
        assert fr is not None and cr is not None
        fine_per_hour = fr.price * q.unit_count(fr) / fr.hours
        if fine_per_hour <= 0:
            continue
        hours = cr.price * q.unit_count(cr) / fine_per_hour
        out.append(BreakEven(coarse, fine, hours, hours <= cr.hours))
    return out


def _months(hours: float) -> float:
    return hours / HOURS_PER_MONTH


def all_in_cost(q: Quote, needs: JobNeeds, *, factor: float = 1.0) -> QuoteCost:
    """The quote's cost for the job, item by item (see the module's rules)."""
    notes: list[str] = []
    unknown: list[str] = []
    items: dict[str, float | None] = dict.fromkeys(("compute", "storage", "network", "fees", "subsidy", "tax"))
    storage_gb = needs.storage_bytes / GB
    egress_gb = needs.egress_bytes / GB
    if needs.hours is None and not needs.service_hours:
        return QuoteCost(
            factor,
            None,
            None,
            items,
            None,
            storage_gb=storage_gb,
            egress_gb=egress_gb,
            unknown=["compute"],
            assumptions=[
                t(
                    "The job's duration on this configuration is unknown, so its cost is too.",
                    "该配置上的任务时长未知，费用也无法计算。",
                )
            ],
        )
    train = (needs.hours or 0.0) * (1 + needs.trial_margin)
    duration = (train + needs.service_hours) * factor
    rental = max(duration, q.min_hours or 0.0)
    sens = t(" × {x:g} (sensitivity)", " × {x:g}（敏感性）", x=factor) if factor != 1 else ""
    if needs.hours:
        notes.append(
            t(
                "Duration: {h:,.1f} h clean run × {m:.2f} (trial margin){f}",
                "时长：一次跑通 {h:,.1f} 小时 × {m:.2f}（试错余量）{f}",
                h=needs.hours,
                m=1 + needs.trial_margin,
                f=sens if not needs.service_hours else "",
            )
        )
    if needs.service_hours:
        notes.append(
            t(
                "Service period: {h:,.0f} h{plus}{f}",
                "服务期：{h:,.0f} 小时{plus}{f}",
                h=needs.service_hours,
                plus=t(", after the training run", "，接在训练之后") if needs.hours else "",
                f=sens,
            )
        )
    if q.min_hours and q.min_hours > duration:
        notes.append(
            t(
                "The minimum rental period of {m:,.0f} h is longer than the job: {m:,.0f} h are billed.",
                "最短租期 {m:,.0f} 小时长于任务时长：按 {m:,.0f} 小时计费。",
                m=q.min_hours,
            )
        )
    step = GRANULARITY_HOURS[q.granularity or "hour"]
    if q.granularity is None:
        notes.append(
            t(
                "Billing granularity not stated: hourly use is rounded up to whole hours.",
                "未说明计费粒度：按小时使用的部分向上取整到整小时。",
            )
        )

    # compute
    priced = [r.billing for r in q.rates]
    allowed = [f for f in (q.billing or priced) if f != "spot"]
    forms = {f: (single_form(q, f, rental, step) or None) for f in priced}
    lines = cheapest_mix(q, rental, step, allowed) if allowed else None
    if lines is None and "spot" in (q.billing or priced) and forms.get("spot") is not None:
        lines = [forms["spot"]]  # type: ignore[list-item]
        notes.append(
            t(
                "Only a spot price is quoted: the job may be interrupted (terms: {terms}).",
                "报价只有竞价（抢占式）价格：任务可能被中断（条款：{terms}）。",
                terms=(q.rate("spot").interruption or t("not stated", "未说明")),  # type: ignore[union-attr]
            )
        )
    if lines is None:
        unknown.append("compute")
    else:
        items["compute"] = sum(x.cost for x in lines)
    billing = "+".join(dict.fromkeys(x.form for x in lines)) if lines else None

    # storage over the rental
    months = _months(rental)
    chargeable = max(0.0, storage_gb - (q.storage_included_gb or 0.0))
    if chargeable <= 1e-12:
        items["storage"] = 0.0
    elif q.storage_per_gb_month is not None:
        items["storage"] = chargeable * q.storage_per_gb_month * months
        notes.append(
            t(
                "Storage: {gb:,.0f} GB needed, {inc:,.0f} GB included, the rest for {mo:.2f} months.",
                "存储：需要 {gb:,.0f} GB，赠送 {inc:,.0f} GB，其余按 {mo:.2f} 个月计费。",
                gb=storage_gb,
                inc=q.storage_included_gb or 0,
                mo=months,
            )
        )
    else:
        unknown.append("storage")

    # network
    parts = []
    if q.egress_per_gb is not None:
        parts.append(egress_gb * q.egress_per_gb)
    if q.bandwidth_per_month is not None:
        parts.append(q.bandwidth_per_month * months)
    if q.public_ips is not None and q.ip_per_month is not None:
        parts.append(q.public_ips * q.ip_per_month * months)
    if parts:
        items["network"] = sum(parts)
    else:
        unknown.append("network")

    # one-off fees
    if q.setup_fee is not None:
        items["fees"] = q.setup_fee
    else:
        unknown.append("fees")

    # subsidy: a rebate on the eligible items as priced, capped
    if q.subsidy is not None:
        base = sum(items[i] or 0.0 for i in q.subsidy.items)
        rebate = q.subsidy.rate * base
        if q.subsidy.cap is not None and rebate > q.subsidy.cap:
            notes.append(
                t(
                    "Subsidy capped at {cap:,.2f} (the rate gives {r:,.2f}).",
                    "补贴以 {cap:,.2f} 封顶（按比例为 {r:,.2f}）。",
                    cap=q.subsidy.cap,
                    r=rebate,
                )
            )
            rebate = q.subsidy.cap
        items["subsidy"] = -rebate
    else:
        items["subsidy"] = 0.0

    # tax on everything charged (the subsidy does not reduce the invoice)
    taxable = sum(items[i] or 0.0 for i in ("compute", "storage", "network", "fees"))
    vat_inside = None
    if q.prices_include_vat is True:
        items["tax"] = 0.0
        if q.vat_rate is not None:
            vat_inside = taxable * q.vat_rate / (1 + q.vat_rate)
    elif q.prices_include_vat is False and q.vat_rate is not None:
        items["tax"] = taxable * q.vat_rate
    else:
        unknown.append("tax")

    known = [v for v in items.values() if v is not None]
    all_in = sum(known) if items["compute"] is not None else None
    return QuoteCost(
        factor,
        duration,
        rental,
        items,
        all_in,
        lines or [],
        billing,
        {f: (x.cost if x is not None else None) for f, x in forms.items()},
        break_evens(q),
        storage_gb,
        egress_gb,
        vat_inside,
        unknown,
        notes,
    )


def sensitivity(q: Quote, needs: JobNeeds) -> dict[float, float | None]:
    """The all-in cost at +30 % and +100 % duration."""
    return {f: all_in_cost(q, needs, factor=f).all_in for f in SENSITIVITY}


def cost_json(c: QuoteCost) -> dict[str, Any]:
    def r2(x: float | None) -> float | None:
        return None if x is None else round(x, 2)

    return {
        "duration_hours": r2(c.duration_hours),
        "rental_hours": r2(c.rental_hours),
        "items": {k: r2(v) for k, v in c.items.items()},
        "all_in_cost": r2(c.all_in),
        "billing": c.billing,
        "billing_plan": [
            {"form": x.form, "units": x.units, "count": x.count, "per": x.per, "price": x.price, "cost": r2(x.cost)}
            for x in c.lines
        ],
        "forms": {k: r2(v) for k, v in c.forms.items()},
        "break_even": [
            {"coarse": b.coarse, "fine": b.fine, "hours": r2(b.hours), "within_period": b.within_period}
            for b in c.break_even
        ],
        "storage_gb": r2(c.storage_gb),
        "egress_gb": r2(c.egress_gb),
        "vat_inside": r2(c.vat_inside),
        "unknown_items": list(c.unknown),
        "assumptions": list(c.assumptions),
    }


__all__ = [
    "FORM_HOURS",
    "SENSITIVITY",
    "BillingLine",
    "BreakEven",
    "JobNeeds",
    "QuoteCost",
    "all_in_cost",
    "break_evens",
    "cheapest_mix",
    "cost_json",
    "sensitivity",
    "single_form",
]
