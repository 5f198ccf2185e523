"""The plan's budget figure: the one amount a plan asks management to sign, used by the summary, the cover,
the sign-off, the checklist and the GUI alike. No Qt.

    b = plan_budget(plan)          # Budget(amount=2784.0, kind="quote", ...)
    b.text()                       # "¥2,784 (all-in of the selected quote q1; network, fees not quoted, not counted)"

Rules, decided once:
- a selected written quote with an all-in cost: that all-in (compute at its billing mix, storage, network,
  fees, tax, less the subsidy) sets the budget; items the quote does not state are named (they count as
  nothing, so they are a risk, never silently included);
- otherwise a training run: the engine's cost with the trial-and-error margin; a service: the cost of the
  service period at the plan's billing (hourly or monthly, whichever the cost module chose); training and
  serving together: both.
"""

from __future__ import annotations

import datetime as _dt
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal

from gpudesk.core import units
from gpudesk.core.i18n import current_language, t
from gpudesk.core.models import Option
from gpudesk.core.plan.model import Plan

if TYPE_CHECKING:
    from gpudesk.core.plan.comparison import Comparison
    from gpudesk.core.plan.quote_cost import QuoteCost

Kind = Literal["quote", "estimate", "service", "mixed", "none"]


@dataclass(frozen=True)
class Budget:
    amount: float | None
    kind: Kind
    currency: str = "CNY"
    hours: float | None = None  # rental hours the amount covers (training with margin, or the service period)
    margin: float | None = None  # the trial-and-error margin inside it (training)
    billing: str | None = None  # billing form(s): "hourly", "monthly", "monthly+hourly"
    quote: str | None = None  # the selected quote's id
    unstated: tuple[str, ...] = ()  # items the selected quote does not state (counted as nothing)
    estimate: float | None = None  # the engine's figure the quote replaces (to explain a difference)
    notes: list[str] = field(default_factory=list)  # why the quote's all-in differs from the estimate

    @property
    def from_quote(self) -> bool:
        return self.kind == "quote"

    def unstated_text(self) -> str:
        """ "network, fees not quoted, not counted" ("" when the quote states everything)."""
        if not self.unstated:
            return ""
        from gpudesk.core.plan.comparison import item_label

        sep = "、" if current_language() == "zh_CN" else ", "
        return t(
            "{items} not quoted, not counted",
            "{items}未报价，未计入",
            items=sep.join(item_label(i) for i in self.unstated),
        )

    def text(self) -> str:
        """The amount with what it is, for a sentence or a checklist criterion."""
        money = units.money(self.amount, self.currency)
        if self.amount is None:
            return t("no priced total yet", "尚无定价总额")
        if self.kind == "quote":
            extra = self.unstated_text()
            return t(
                "{x} (all-in of the selected quote {q}{u})",
                "{x}（选定报价 {q} 的总价{u}）",
                x=money,
                q=self.quote,
                u=(t("; ", "；") + extra) if extra else "",
            )
        if self.kind == "estimate":
            return t(
                "{x} (estimate including the {m} trial-and-error margin)",
                "{x}（估算，含 {m} 试错余量）",
                x=money,
                m=units.percent(self.margin),
            )
        if self.kind == "service":
            return t(
                "{x} for the service period ({b})", "{x}（服务期合计，{b}）", x=money, b=_billing_words(self.billing)
            )
        return t(
            "{x} (training with the {m} margin, plus the service period)",
            "{x}（训练含 {m} 试错余量，另加服务期）",
            x=money,
            m=units.percent(self.margin),
        )


def _billing_words(billing: str | None) -> str:
    if not billing:
        return units.unknown()
    return t(" + ", " + ").join(units.label("billing_short", b) for b in billing.split("+"))


def mixed_total(o: Option) -> float | None:
    """A mixed plan's budget: the training run with its margin plus the service period."""
    train, service = o.cost.with_trial_margin, o.cost.service_cost
    if train is None or service is None:
        return None
    return train + service


def plan_budget(plan: Plan, comparison: Comparison | None = None, *, today: _dt.date | None = None) -> Budget:
    """The plan's budget figure (see the module's rules). `comparison` (core.plan.compare) saves costing
    the quotes again when the caller has it."""
    o = plan.choice
    if o is None:
        return Budget(None, "none", plan.job.currency)
    currency = o.cost.currency
    trains, s = plan.job.task.trains, o.serving
    if trains and s is not None:
        estimate: float | None = mixed_total(o)
        kind: Kind = "mixed"
        hours = (o.time.hours or 0) * (1 + o.cost.trial_margin) + (s.period_hours or 0) if o.time.hours else None
    elif trains:
        estimate, kind = o.cost.with_trial_margin, "estimate"
        hours = o.time.hours * (1 + o.cost.trial_margin) if o.time.hours else None
    else:
        estimate, kind = (s.cost_per_period if s is not None else None), "service"
        hours = s.period_hours if s is not None else None
    billing = str(o.cost.cheaper_billing) if o.cost.cheaper_billing else None
    margin = o.cost.trial_margin if trains else None
    if plan.quote_selection is not None and plan.quotes:
        if comparison is None:
            from gpudesk.core.plan.comparison import compare

            comparison = compare(plan, None, today=today)
        row = comparison.row(comparison.selected) if comparison.selected else None
        if row is not None and row.cost.all_in is not None:
            c = row.cost
            return Budget(
                c.all_in,
                "quote",
                currency,
                c.billed_hours or c.rental_hours,
                margin,
                c.billing,
                row.quote.id,
                tuple(i for i in c.unknown if i != "compute"),
                estimate,
                _difference(c, estimate, hours, currency),
            )
    return Budget(estimate, kind, currency, hours, margin, billing)


def _difference(c: QuoteCost, estimate: float | None, hours: float | None, currency: str) -> list[str]:
    """Why the quote's all-in is not the engine's estimate (Q3: one figure, the difference explained)."""
    if estimate is None or c.all_in is None or abs(c.all_in - estimate) < 0.5:
        return []
    parts = []
    billed = c.billed_hours
    if hours is not None and billed is not None and billed > hours + 0.05:
        why = (
            t("the minimum rental period", "最短租期")
            if c.rental_hours and c.rental_hours > hours + 0.05
            else t("the billing granularity", "计费粒度")
        )
        parts.append(
            t(
                "the quote bills {b} ({why}) for {h} of use",
                "报价按 {b}计费（{why}），实际使用 {h}",
                b=units.hours(billed),
                why=why,
                h=units.hours(hours),
            )
        )
    if c.billing and c.billing != "hourly":
        parts.append(t("its billing mix is {b}", "其计费组合为{b}", b=_billing_words(c.billing)))
    from gpudesk.core.plan.comparison import item_label

    for item in ("storage", "network", "fees", "tax", "subsidy"):
        v = c.items.get(item)
        if v:
            parts.append(f"{item_label(item)} {units.money(v, currency)}")
    sep = t("; ", "；")
    return [
        t(
            "The all-in {a} differs from the engine's estimate {e} at the quote's hourly price: {why}.",
            "总价 {a} 与按报价小时价的引擎估算 {e} 不同：{why}。",
            a=units.money(c.all_in, currency),
            e=units.money(estimate, currency),
            why=sep.join(parts) or t("rounding", "取整"),
        )
    ]
