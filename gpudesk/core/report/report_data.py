"""Everything the printed plan shows, read from the plan (no Qt, no evaluation).

`build_report(plan, lang)` returns a `ReportData`: a cover, then sections made of simple blocks
(headings, text, tables, key-value lists, charts, the sign-off block). Every sentence is worded here,
in the chosen language, from figures the plan stores (its choice, alternatives, checklist; advice and notes worded from their ids);
`gpudesk.report` only lays the blocks out on A4 pages and draws them, so the PDF, the print preview
and any other view can never disagree. Chart series come from `gpudesk.core.report.chart_data`,
the same numbers the app's charts draw.

Output is deterministic for the same plan: the only moving part is the generation date, which the
caller may pass in.
"""

from __future__ import annotations

import datetime as _dt

from gpudesk.core import units
from gpudesk.core.i18n import normalise, t, use_language
from gpudesk.core.plan import Plan, display_title
from gpudesk.core.protocols import Catalogue
from gpudesk.core.report import service
from gpudesk.core.report.alternatives import AlternativesSection
from gpudesk.core.report.blocks import ReportData
from gpudesk.core.report.context import _date_text
from gpudesk.core.report.provider import ProviderSection
from gpudesk.core.report.quotes import QuotesSection
from gpudesk.core.report.signoff import ChecklistSection
from gpudesk.core.report.sizing import SizingSection
from gpudesk.core.report.summary import SummarySection


def build_report(
    plan: Plan, lang: str, *, generated: _dt.date | None = None, catalog: Catalogue | None = None
) -> ReportData:
    """The printed plan's contents for `plan` in `lang` ("zh_CN" or "en"). `catalog` supplies rows the
    plan does not store (provider names of alternatives); without it they print as recorded ids."""
    with use_language(normalise(lang)) as language:
        return _Builder(plan, language, generated or _dt.date.today(), catalog).build()


class _Builder(SummarySection, SizingSection, AlternativesSection, QuotesSection, ProviderSection, ChecklistSection):
    def build(self) -> ReportData:
        plan, choice = self.plan, self.choice
        title = display_title(plan) or t("GPU server rental plan", "GPU 服务器租用方案")
        organisation = plan.organisation
        cover_rows = [
            (t("Organisation", "单位"), organisation or t("not given", "未填写")),
            (t("Prepared by", "编制人"), plan.author or t("not given", "未填写")),
            *(
                [(t("Reviewers and approvers", "审核与批准"), t(", ", "、").join(plan.approvers))]
                if plan.approvers
                else []
            ),
            (t("Plan date", "方案日期"), _date_text(plan.modified or plan.created)),
            (t("Plan version", "方案版本"), str(plan.version)),
            (t("Plan fingerprint", "方案指纹"), self.hash[:16]),
            (t("Catalogue date", "目录数据日期"), self._catalog_date()),
            (t("Generated", "生成日期"), self.generated),
        ]
        cover_summary: list[tuple[str, str]] = []
        if choice is not None:
            cover_summary = [(t("Recommended", "推荐配置"), self._config_text(choice))]
            s = choice.serving
            if plan.job.task.trains:
                cover_summary.append((t("Training time", "训练时间"), units.hours(choice.time.hours)))
            if s is not None:
                cover_summary += [
                    (t("Service period", "服务期"), service.period_text(s.period_hours)),
                    (t("Speed per user", "每用户速度"), service.per_user_text(s)),
                    (t("Cost per month", "每月费用"), units.money(s.cost_per_month, self.currency)),
                ]
            b = self.budget
            if b.from_quote:
                extra = b.unstated_text()
                cover_summary.append(
                    (
                        t("All-in cost (selected quote)", "总价（选定报价）"),
                        units.money(b.amount, self.currency) + (t(" ({x})", "（{x}）", x=extra) if extra else ""),
                    )
                )
            elif plan.job.task.trains and s is not None:
                cover_summary.append(
                    (
                        t("Budget: training with margin + service", "预算：训练（含余量）+ 服务期"),
                        units.money(service.mixed_total(choice), self.currency),
                    )
                )
            elif plan.job.task.trains:
                cover_summary.append(
                    (
                        t("Budget estimate incl. margin", "预算估算（含试错余量）"),
                        units.money(choice.cost.with_trial_margin, self.currency),
                    )
                )
            else:
                cover_summary.append(
                    (
                        t("Cost of the service period", "服务期总费用"),
                        units.money(s.cost_per_period if s else None, self.currency),
                    )
                )
        sections = [
            self._summary(),
            self._sizing(),
            self._alternatives(),
            self._quotes(),
            self._provider(),
            self._checklist(),
        ]
        sel = self.selected_quote
        if sel is None:
            notice = (
                "warning",
                self._no_quote_text(
                    t(
                        "Get written quotes from at least three licensed providers before approval (see the 比价 page).",
                        "审批前请取得至少三家持牌服务商的书面报价（见比价页）。",
                    )
                ),
            )
        else:
            q = sel.quote
            quote = {"ref": q.reference or q.id, "p": sel.provider_name}  # named by both notices
            if "expired" in sel.flags:  # a red line on the cover: the signed price no longer holds
                notice = (
                    "critical",
                    t(
                        "The selected written quote {ref} of {p} expired on {d}: ask for a current quote before "
                        "approval.",
                        "所选{p}的书面报价 {ref} 已于 {d} 过期：审批前请重新询价。",
                        **quote,
                        d=q.valid_until,
                    ),
                )
            else:
                notice = (
                    "ok",
                    t(
                        "Priced by the written quote {ref} of {p} ({d}), selected on the 比价 page.",
                        "按{p}的书面报价 {ref}（{d}）计价，已在比价页选定。",
                        **quote,
                        d=q.date or t("date not recorded", "日期未记录"),
                    ),
                )
        return ReportData(
            lang=self.lang,
            title=title,
            subtitle=t("GPU server rental plan for approval", "GPU 服务器租用方案（审批用）"),
            cover_rows=cover_rows,
            cover_summary=cover_summary,
            sections=[s for s in sections if s is not None],
            header_right=organisation or "gpudesk",
            footer_left=t("Generated {d} · plan {h}", "生成于 {d} · 方案 {h}", d=self.generated, h=self.hash[:8]),
            page_format=t("Page {n} of {N}", "第 {n} 页 / 共 {N} 页"),
            generated=self.generated,
            plan_hash=self.hash,
            subject=t("GPU rental plan for management sign-off", "GPU 租用方案审批文件"),
            keywords=["gpudesk", self.hash[:16]],
            cover_notice=notice,  # type: ignore[arg-type]
        )
