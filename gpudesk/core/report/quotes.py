"""The 比价 page: the plan's written quotes side by side, all-in for its job, the chart stacked by item, the
selection and its reason, references and dates. Figures come from core.plan's comparison, computed once."""

from __future__ import annotations

from typing import Any

from gpudesk.core import units
from gpudesk.core.i18n import colon, t
from gpudesk.core.plan.comparison import QUOTES_NEEDED, QuoteRow, billing_text, item_label, price_summary
from gpudesk.core.plan.quote_cost import SENSITIVITY
from gpudesk.core.report.blocks import Bullets, Heading, KeyValues, QuoteChart, RowStyle, Section, Style, Table, Text
from gpudesk.core.report.chart_data import QUOTE_ITEMS, quote_chart_data
from gpudesk.core.report.context import ReportContext
from gpudesk.core.rules import CHECKPOINTS_KEPT

_ASK = [
    (
        "The provider's legal name, 增值电信业务经营许可证 number and scope (IDC), ICP filing, certifications.",
        "服务商全称、增值电信业务经营许可证编号及范围（IDC）、ICP 备案、资质认证。",
    ),
    (
        "The configuration: GPU model, GPUs per node, nodes, CPU, host RAM, NVMe, the network between nodes.",
        "配置：GPU 型号、每节点卡数、节点数、CPU、内存、NVMe、节点间网络。",
    ),
    (
        "A price for each billing form offered (hourly, daily, monthly, yearly, spot with its interruption terms), "
        "per GPU or per node.",
        "每种计费方式的价格（按小时、按天、包月、包年、竞价及其中断条款），按卡或按节点。",
    ),
    ("Billing granularity, minimum rental period, one-off fees.", "计费粒度、最短租期、一次性费用。"),
    (
        "Storage (price per GB-month, included quota), egress and bandwidth, public IPs.",
        "存储（每 GB·月单价、赠送额度）、流量与带宽、公网 IP。",
    ),
    (
        "Whether prices include VAT and at what rate; the quote's date, reference and validity.",
        "价格是否含税及税率；报价日期、编号和有效期。",
    ),
    (
        "SLA: availability, compensation (vouchers or money, capped how), spare parts, 7×24 on-site staff.",
        "SLA：可用性、赔付方式（代金券或现金、上限）、备件、7×24 驻场。",
    ),
]


class QuotesSection(ReportContext):
    def _quotes(self) -> Section:
        c = self.comparison
        title = t("Quotes and comparison (比价)", "报价与比价")
        if not c.rows:
            blocks: list[Any] = [
                Text(
                    t(
                        "No written quote yet: the prices in this plan are a {basis}. A purchase is approved on written "
                        "quotes from at least {k} licensed providers, compared all-in (询价/比价).",
                        "尚无书面报价：本方案的价格为{basis}。采购应基于至少 {k} 家持牌服务商的书面报价，按总价比较（询价/比价）。",
                        basis=self._basis_words(),
                        k=QUOTES_NEEDED,
                    ),
                    "critical",
                ),
                Heading(t("What each quote should state", "每份报价应写明")),
                Bullets([("body", t(en, zh)) for en, zh in _ASK]),
                Text(
                    t(
                        "Record each quote in the app's Quotes tab or with `gpudesk quote add`; this page then compares "
                        "them all-in for this job.",
                        "请在应用的“报价”页或用 `gpudesk quote add` 录入每份报价；本页将按本任务的总价进行比较。",
                    ),
                    "muted",
                ),
            ]
            return Section(title, blocks)
        blocks = [
            Text(
                t(
                    "{n} written quote{s} for this job, each costed all-in by gpudesk for the job's duration with the "
                    "{m} trial-and-error margin (hours from the engine on the quote's own configuration).",
                    "本任务共 {n} 份书面报价，gpudesk 按各报价自身配置的时长（含 {m} 试错余量）计算总价。",
                    n=len(c.rows),
                    s="s" if len(c.rows) != 1 else "",
                    m=units.percent(c.trial_margin),
                ),
                "lead",
            )
        ]
        blocks.append(Text(c.rule_text(), "ok" if c.rule_met else "warning"))  # the three-quote verdict (Q6)
        if step := c.next_step_text():
            blocks.append(Text(step, "warning"))
        for note in c.notes:
            blocks.append(Text(note, "warning"))
        blocks += [
            Heading(t("All-in cost by item", "分项总价")),
            self._cost_table(),
            Text(
                t(
                    "★ cheapest valid quote · ✔ selected · subsidy as entered by the user · — not stated in the quote "
                    "(counted as nothing: ask the provider) · “{p} longer”: the all-in if the job runs {p} longer "
                    "than planned (the margin included)",
                    "★ 有效报价中最低 · ✔ 已选定 · 补贴为用户填写 · — 报价未说明（按零计，请向服务商确认）· "
                    "“再延长 {p}”：任务比计划（已含试错余量）再延长 {p} 时的总价",
                    p=units.percent(SENSITIVITY[0] - 1),
                ),
                "muted",
            ),
        ]
        subsidies = self._subsidies()
        if subsidies:
            blocks.append(Bullets(subsidies))
        chart = quote_chart_data(c)
        if not chart.empty:
            blocks.append(
                QuoteChart(
                    chart,
                    t("What each all-in is made of", "总价构成"),
                    {k: item_label(k) for k in QUOTE_ITEMS},
                    t("CNY", "元"),
                    t("cheapest", "最低"),
                    t("selected", "已选定"),
                    t("not stated: {items}", "未说明：{items}"),
                )
            )
        blocks += [Heading(t("The quotes", "报价明细")), self._quote_table()]
        flagged = [(r, r.flag_texts()) for r in c.rows if r.flags]
        if flagged:
            blocks.append(Heading(t("What a reviewer should check", "审核要点")))
            items: list[tuple[Style, str]] = []
            for r, texts in flagged:
                severe = "expired" in r.flags or "does-not-fit" in r.flags
                items.append(
                    (
                        "critical" if severe else "warning",
                        colon(f"{r.quote.id} {r.provider_name}", t("; ", "；").join(texts)),
                    )
                )
            blocks.append(Bullets(items))
        blocks += [Heading(t("Selection", "选定")), *self._selection()]
        blocks += [Heading(t("How the all-in cost is computed", "总价的计算方法")), self._method()]
        return Section(title, blocks)

    def _basis_words(self) -> str:
        o = self.choice
        kind = o.price_kind if o is not None else None
        if kind == "list":
            return t("provider's public list price", "服务商公开标价")
        if kind == "quoted":
            return t("price entered without a written quote on file", "未附书面报价的价格")
        return t("market-reference estimate", "市场参考估算价")

    def _mark(self, r: QuoteRow) -> str:
        return ("✔ " if r.selected else "") + ("★ " if r.cheapest else "")

    def _style(self, r: QuoteRow) -> RowStyle:
        if r.selected:
            return "chosen"
        if "expired" in r.flags or "does-not-fit" in r.flags:
            return "critical"
        return "ok" if r.cheapest else ""

    def _cost_table(self) -> Table:
        rows, styles = [], []
        for r in self.comparison.rows:
            it = r.cost.items
            rows.append(
                [
                    f"{self._mark(r)}{r.quote.id}\n{r.provider_name}",
                    *(_money(it[k]) for k in ("compute", "storage", "network", "fees", "subsidy", "tax")),
                    _money(r.cost.all_in),
                    *(_money(r.sensitivity.get(f)) for f in SENSITIVITY),
                ]
            )
            styles.append(self._style(r))
        heads = [
            t("Quote", "报价"),
            *(item_label(k) for k in ("compute", "storage", "network", "fees", "subsidy", "tax")),
            t("All-in", "总价"),
            *(t("{p} longer", "再延长 {p}", p=units.percent(f - 1)) for f in SENSITIVITY),
        ]
        return Table(
            heads,
            rows,
            widths=[0.17, 0.09, 0.08, 0.08, 0.08, 0.08, 0.08, 0.1, 0.12, 0.12],
            align="lrrrrrrrrr",
            row_styles=styles,
            title_columns=(0,),
        )

    def _quote_table(self) -> Table:
        rows, styles = [], []
        for r in self.comparison.rows:
            q, fit = r.quote, r.fit
            config = units.nodes_of(q.nodes, q.gpus_per_node, units.gpu_name(q))
            ref = "\n".join(
                x
                for x in (
                    q.reference or t("no reference", "无编号"),
                    t("dated {d}", "日期 {d}", d=q.date or units.unknown()),
                    t("valid until {d}", "有效期至 {d}", d=q.valid_until or units.unknown()),
                )
            )
            if fit is None or fit.error:
                time = t("not evaluated", "未评估")
            else:
                fits = t("fits", "装得下") if fit.fits else t("DOES NOT FIT", "装不下")
                time = f"{units.hours(fit.hours) if fit.hours is not None else '—'}\n{fits}"
            billing = billing_text(r.cost.billing) + (f"\n{self._billed(r)}" if r.cost.billed_hours else "")
            rows.append([f"{self._mark(r)}{q.id}\n{r.provider_name}", config, ref, price_summary(q), time, billing])
            styles.append(self._style(r))
        heads = [
            t("Quote", "报价"),
            t("Configuration", "配置"),
            t("Reference and dates", "编号与日期"),
            t("Prices as quoted", "报价价格"),
            t("Time, fit", "时长与显存"),
            t("Billing used", "采用计费"),
        ]
        return Table(
            heads,
            rows,
            widths=[0.15, 0.19, 0.18, 0.22, 0.13, 0.13],
            align="llllll",
            row_styles=styles,
            title_columns=(0,),
        )

    def _billed(self, r: QuoteRow) -> str:
        """Hours billed, with what rounded them up (Q7): "47 h billed\n(whole hours)" for a 46.3 h rental."""
        c, q = r.cost, r.quote
        billed, used = c.billed_hours, c.duration_hours
        text = t("{h} h billed", "计费 {h} 小时", h=units.compact(billed, 1))
        if used is None or billed is None or billed <= used + 0.05:
            return text
        why = (
            t("minimum period", "最短租期")
            if q.min_hours and q.min_hours >= billed - 1e-6
            else units.label("granularity", q.granularity)
            if q.granularity
            else t("whole hours", "按整小时")
        )
        return f"{text}\n" + t("({why})", "（{why}）", why=why)

    def _subsidies(self) -> list[tuple[Style, str]]:
        """Each rebate with the programme the user named (Q5): a finance manager needs the name."""
        out: list[tuple[Style, str]] = []
        for r in self.comparison.rows:
            sub, v = r.quote.subsidy, r.cost.items.get("subsidy")
            if sub is None or not v:
                continue
            out.append(
                (
                    "body",
                    t(
                        "{q} {p}: subsidy {x} — {prog}, {rate} of {items}{cap} (as entered by the user)",
                        "{q} {p}：补贴 {x} —— {prog}，{items}的 {rate}{cap}（用户填写）",
                        q=r.quote.id,
                        p=r.provider_name,
                        x=units.money(v),
                        prog=sub.programme or t("programme not named", "未写明补贴项目"),
                        rate=units.percent(sub.rate),
                        items=t(", ", "、").join(item_label(i) for i in sub.items),
                        cap=t(", capped at {c}", "，上限 {c}", c=units.money(sub.cap)) if sub.cap is not None else "",
                    ),
                )
            )
        return out

    def _selection(self) -> list[Any]:
        c = self.comparison
        sel = self.selected_quote
        if sel is None:
            return [
                Text(
                    t(
                        "No quote has been selected yet: select one with a written reason (the Quotes tab, or "
                        "`gpudesk quote select PLAN ID --reason …`); the plan's configuration then follows it.",
                        "尚未选定报价：请选定一份并写明理由（“报价”页，或 `gpudesk quote select PLAN ID --reason …`）；"
                        "方案配置将随之更新。",
                    ),
                    "warning",
                )
            ]
        s = c.selection
        q = sel.quote
        rows = [
            (
                t("Selected quote", "选定报价"),
                f"{q.id} — {sel.provider_name}" + (f" ({q.reference})" if q.reference else ""),
            ),
            (t("All-in cost", "总价"), units.money(sel.cost.all_in)),
            (t("Reason", "理由"), s.reason if s else ""),
            (
                t("Selected by / on", "选定人 / 时间"),
                f"{(s.by if s else None) or t('not recorded', '未记录')} / "
                f"{(s.at or '')[:16].replace('T', ' ') if s else ''}",
            ),
        ]
        styles: list[RowStyle] = ["chosen", "strong", "", ""]
        if not sel.cheapest and c.cheapest:
            cheap = c.row(c.cheapest)
            rows.append(
                (
                    t("Cheapest valid quote", "有效报价中最低"),
                    colon(f"{cheap.quote.id} — {cheap.provider_name}", units.money(cheap.cost.all_in))
                    if cheap
                    else c.cheapest,
                )
            )
            styles.append("warning")
        return [KeyValues(rows, row_styles=styles)]

    def _method(self) -> Bullets:
        rows = self.comparison.rows
        shown = self.selected_quote or next((r for r in rows if r.cheapest), rows[0])
        items: list[tuple[Style, str]] = []
        for r in rows:  # each quote's own duration and terms: configurations differ, so do their hours
            if r.cost.assumptions:
                items.append(
                    (
                        "body",
                        colon(
                            f"{r.quote.id} {r.provider_name}",
                            t(". ", "；").join(a.rstrip("。.") for a in r.cost.assumptions) + t(".", "。"),
                        ),
                    )
                )  # en: sentences
        items += [
            (
                "body",
                t(
                    "Compute: the cheapest mix of the quoted billing forms covering the duration (whole months, days, "
                    "then hours rounded up to the billing granularity), at least the minimum period; spot is shown "
                    "but not chosen while another form is quoted (it can be interrupted).",
                    "算力：覆盖时长的最便宜计费组合（整月、整天，其余按小时并按计费粒度向上取整），不少于最短租期；"
                    "竞价可被中断，只要有其他计费方式就不采用。",
                ),
            ),
            (
                "body",
                t(
                    "Storage: the data set, the base weights and {k} checkpoints (about {gb} GB for this job) above the "
                    "included quota, per GB-month over the rental. Network: one checkpoint of egress, bandwidth and "
                    "public IPs per month.",
                    "存储：数据集、基础权重和 {k} 个检查点（本任务约 {gb} GB）超出赠送额度的部分，"
                    "按 GB·月计至租期结束。网络：一次检查点下载的流量，以及按月的带宽和公网 IP。",
                    k=CHECKPOINTS_KEPT,
                    gb=units.number(shown.cost.storage_gb),
                ),
            ),
            (
                "body",
                t(
                    "Subsidy: the rate entered times the eligible items, capped; it is a rebate, so VAT is charged on "
                    "the full amount. Tax: VAT on what is charged when prices exclude it.",
                    "补贴：填写的比例 × 适用项目，封顶；补贴属事后返还，增值税按全额计。税费：价格不含税时按税率计。",
                ),
            ),
        ]
        for b in shown.cost.break_even:
            items.append(
                (
                    "muted",
                    t(
                        "{coarse} is cheaper than {fine} from {h} of use within one {coarse} period.",
                        "使用超过 {h}（在一个{coarse}周期内）时，{coarse}比{fine}更省。",
                        coarse=units.label("billing_short", b.coarse),
                        fine=units.label("billing_short", b.fine),
                        h=units.hours(b.hours),
                    ),
                )
            )
        return Bullets(items)


def _money(x: float | None) -> str:
    """A cost item in the narrow table: "—" when the quote does not state it (the legend says so)."""
    return "—" if x is None else units.money(x)
