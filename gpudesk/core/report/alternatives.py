"""The alternatives side by side, the time-cost Pareto chart and hourly vs monthly billing."""

from __future__ import annotations

from typing import Any

from gpudesk.core import units
from gpudesk.core.i18n import t
from gpudesk.core.models import Option
from gpudesk.core.report.chart_data import cost_chart_data
from gpudesk.core.report.option_names import option_label
from gpudesk.core.rules import same_configuration
from gpudesk.core.report.blocks import BillingChart, Heading, ParetoChart, RowStyle, Section, Table, Text
from gpudesk.core.report.context import ReportContext

MONTHLY_RELEVANT = 0.5  # a job renting less than half the break-even hours of a month: monthly cannot pay off


class AlternativesSection(ReportContext):
    def _alternatives(self) -> Section | None:
        o = self.choice
        options = list(self.alternatives)
        if o is not None and not any(same_configuration(a, o) for a in options):
            options.insert(0, o)
        if not options:
            return None
        serving = not self.job.task.trains
        rows: list[list[str]] = []
        styles: list[RowStyle] = []
        for a in options[:10]:
            chosen = same_configuration(a, o)
            if serving:  # a service: speed per user, cost per month and per million tokens
                sv = a.serving
                figures = [
                    units.compact(sv.tokens_per_second_per_user, 1) if sv else units.unknown(),
                    units.money(sv.cost_per_month if sv else None, a.cost.currency),
                    units.money(sv.cost_per_million_tokens if sv else None, a.cost.currency, 2),
                ]
            else:  # the choice under a selected quote: its all-in, the plan's one budget figure (Q3)
                total = self.budget.amount if chosen and self.budget.from_quote else a.cost.with_trial_margin
                figures = [
                    units.hours(a.time.hours),
                    units.money(a.cost.compute_cost, a.cost.currency),
                    units.money(total, a.cost.currency),
                ]
            rows.append(
                [
                    "✔" if chosen else str(a.rank or "—"),  # the choice may be priced by a quote: not a search rank
                    option_label(a),
                    self._rent_from(a.provider, short=True) + (f" / {a.region}" if a.region else "") or "—",
                    *figures,
                    units.label("tier", a.tier) + (" · P" if a.pareto else ""),
                ]
            )
            styles.append("chosen" if chosen else ("critical" if not a.memory.fits else ""))
        heads = (
            [t("Tokens/s per user", "每用户 token/秒"), t("Per month", "每月费用"), t("Per M tokens", "每百万 token")]
            if serving
            else [t("Time", "时间"), t("Cost", "费用"), t("With margin", "含余量")]
        )
        blocks: list[Any] = [
            Heading(t("Top options side by side", "主要备选方案对比")),
            Table(
                [
                    t("Rank", "排名"),
                    t("Configuration", "配置"),
                    t("Provider / region", "供应商 / 地域"),
                    *heads,
                    t("Tier", "档次"),
                ],
                rows,
                widths=[0.06, 0.2, 0.18, 0.2, 0.11, 0.11, 0.14],
                align="cllrrrl" if serving else "clllrrl",
                row_styles=styles,
            ),
            Text(
                t(
                    "✔ = the plan's choice{q}; the other ranks are the search's at save time; P = on the time–cost Pareto "
                    "front (no other option is both faster and cheaper).",
                    "✔ = 本方案的选定配置{q}；其余排名为保存时的搜索排名；P = 位于时间–费用帕累托前沿（没有别的方案既更快又更便宜）。",
                    q=t(" (with margin: the selected quote's all-in)", "（含余量一栏为选定报价的总价）")
                    if self.budget.from_quote and not serving
                    else "",
                ),
                "muted",
            ),
        ]
        costs = cost_chart_data(options, o)
        if not costs.empty:
            blocks.append(
                ParetoChart(
                    costs,
                    t("Training time vs cost (clean run)", "训练时间与费用（一次跑通）"),
                    t("training time (days)", "训练时间（天）"),
                    t("cost ({c})", "费用（{c}）", c=units.currency_unit(costs.currency)),
                    t("option", "备选方案"),
                    t("Pareto front", "帕累托前沿"),
                    t("recommended", "推荐"),
                )
            )
        blocks += [Heading(t("Hourly vs monthly billing", "按小时与包月计费对比")), self._billing_table(options[:8], o)]
        if costs.billing is not None and costs.billing.monthly_cost is not None:
            if self._monthly_relevant(o):
                blocks.append(
                    BillingChart(
                        costs.billing,
                        t("One month's rental of {cfg}", "{cfg} 一个月的租金", cfg=costs.billing.label),
                        t("hours used in the month", "当月使用小时数"),
                        t("cost ({c})", "费用（{c}）", c=units.currency_unit(costs.currency)),
                        t("hourly", "按小时"),
                        t("monthly", "包月"),
                        t("break-even", "盈亏平衡点"),
                        t("this job", "本任务"),
                    )
                )
            elif o is not None and o.cost.break_even_hours is not None:
                blocks.append(
                    Text(
                        t(
                            "Monthly billing does not pay off for this job: it uses {h} of rental, far below the {be} a month "
                            "from which a monthly price is cheaper.",
                            "包月对本任务不划算：本任务租用约 {h}，远低于包月开始更省的每月 {be}。",
                            h=units.hours(self.budget.hours),
                            be=units.hours(o.cost.break_even_hours),
                        ),
                        "muted",
                    )
                )
        return Section(t("Alternatives", "备选方案"), blocks)

    def _monthly_relevant(self, o: Option | None) -> bool:
        """Whether the hourly-vs-monthly chart says something for this plan: a service, or a rental of at least
        half the hours a month from which the monthly price is cheaper (MONTHLY_RELEVANT)."""
        if o is None or not self.job.task.trains or o.serving is not None:
            return True
        be, hours = o.cost.break_even_hours, self.budget.hours
        return be is None or hours is None or hours >= MONTHLY_RELEVANT * be

    def _billing_table(self, options: list[Option], o: Option | None) -> Any:
        rows: list[list[str]] = []
        styles: list[RowStyle] = []
        for a in options:
            c = a.cost
            rows.append(
                [
                    option_label(a),
                    units.price(c.price_per_gpu_hour, c.currency),
                    units.price(c.price_per_gpu_month, c.currency)
                    if c.price_per_gpu_month is not None
                    else t("not offered", "未提供"),
                    units.money(c.compute_cost, c.currency),
                    units.money(c.monthly_cost, c.currency) if c.monthly_cost is not None else "—",
                    units.unknown()
                    if c.break_even_hours is None
                    else t("{h} h/month", "{h} 小时/月", h=units.number(c.break_even_hours, 0)),
                    units.label("billing_short", c.cheaper_billing) if c.cheaper_billing else "—",
                ]
            )
            styles.append("chosen" if same_configuration(a, o) else "")
        if not rows:
            return Text(t("No priced options.", "没有带价格的方案。"), "muted")
        return Table(
            [
                t("Configuration", "配置"),
                t("Per GPU-hour", "每卡·时"),
                t("Per GPU-month", "每卡·月"),
                t("Job, hourly", "本任务按时"),
                t("Job, monthly", "本任务包月"),
                t("Break-even", "盈亏平衡"),
                t("Cheaper", "更省"),
            ],
            rows,
            widths=[0.19, 0.12, 0.13, 0.14, 0.14, 0.14, 0.14],
            align="lrrrrrl",
            row_styles=styles,
        )

    # ---- provider ----
