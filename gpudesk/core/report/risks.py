"""The summary's risks and advice, most severe first: no written quote yet, the selected quote's own flags,
a job that does not fit, missing data or prices, then the choice's advice and notes worded in the report's language from their ids and parameters."""

from __future__ import annotations

from gpudesk.core.i18n import t
from gpudesk.core.models import Option
from gpudesk.core.report.blocks import Bullets, Style
from gpudesk.core.report.context import ReportContext


class RiskBullets(ReportContext):
    def _advice_bullets(self, o: Option) -> Bullets:
        order = {"critical": 0, "warning": 1, "info": 2}
        advice = sorted(o.advice, key=lambda a: order.get(a.severity, 3))
        items: list[tuple[Style, str]] = [(a.severity, a.render(self.lang)) for a in advice]
        items += [("muted", n) for n in self._localised_notes(o)]
        if o.cost.price_per_gpu_hour is None and o.cost.price_per_gpu_month is None:
            items.insert(
                0,
                (
                    "warning",
                    t(
                        "No price is recorded for this configuration: get a written quote before approving.",
                        "该配置没有记录价格：批准前请取得书面报价。",
                    ),
                ),
            )
        if o.time.hours is None and self.job.task.trains and not self.job.tokens:
            items.insert(
                0,
                (
                    "warning",
                    t(
                        "The amount of training data (tokens) is not given, so training time and total "
                        "cost are unknown: enter it before asking for approval.",
                        "未填写训练数据量（token 数），训练时间和总费用无法估算：请补全后再提交审批。",
                    ),
                ),
            )
        if not o.memory.fits:
            items.insert(
                0,
                (
                    "critical",
                    t("The job does not fit in this configuration's GPU memory.", "该配置的显存装不下此任务。"),
                ),
            )
        items[0:0] = self._quote_risks()
        if not self.written_quote:  # the first risk a purchaser reads
            items.insert(
                0,
                (
                    "critical",
                    self._no_quote_text(
                        t(
                            "Get written quotes from at least three licensed providers and compare them all-in before "
                            "approval.",
                            "审批前请向至少三家持牌服务商取得书面报价，并按总价比较。",
                        )
                    ),
                ),
            )
        if not items:
            items = [("ok", t("No risks were flagged for this configuration.", "该配置未发现需要提示的风险。"))]
        return Bullets(items)

    def _quote_risks(self) -> list[tuple[Style, str]]:
        """The selected quote's own flags, first: expired (Q2), items not stated (Q1), licence, ICP, fit."""
        sel = self.selected_quote
        if sel is None:
            return []
        out: list[tuple[Style, str]] = []
        quote = {"q": sel.quote.id, "p": sel.provider_name}  # named by every risk of the quote
        head = t("Selected quote {q} ({p}): ", "选定报价 {q}（{p}）：", **quote)
        if "expired" in sel.flags:
            expired = t(
                "The selected quote {q} of {p} expired on {d}: ask for a current quote before approval.",
                "所选报价 {q}（{p}）已于 {d} 过期：审批前请重新询价。",
                **quote,
                d=sel.quote.valid_until,
            )
            out.append(("critical", expired))
        if self.budget.unstated:
            out.append(
                (
                    "warning",
                    head
                    + t(
                        "{u}: the all-in counts them as nothing; ask the provider before signing.",
                        "{u}：总价按零计；签字前请向服务商确认。",
                        u=self.budget.unstated_text(),
                    ),
                )
            )
        rest = [txt for f, txt in zip(sel.flags, sel.flag_texts(), strict=True) if f not in ("expired", "incomplete")]
        if rest:
            severe = "does-not-fit" in sel.flags
            out.append(("critical" if severe else "warning", head + t("; ", "；").join(rest) + t(".", "。")))
        return out

    def _localised_notes(self, o: Option) -> list[str]:
        """The choice's notes worded in the report's language from their ids and parameters."""
        return [n.render(self.lang) for n in o.notes]
