"""Row builders: core's options and checklist as plain tables (headers in the current language).

Figures are copied from core's objects, never recomputed: memory in GiB (2**30 bytes), money in
the option's currency, time in hours. Unknown values are empty cells, never zero.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from gpudesk.core import units
from gpudesk.core.i18n import t

GIB = float(1 << 30)


@dataclass
class Table:
    sheet: str
    headers: list[str]
    rows: list[list[Any]] = field(default_factory=list)


def _val(x: Any) -> str:
    return str(getattr(x, "value", x))


def _round(x: float | None, digits: int = 2) -> float | None:
    return None if x is None else round(float(x), digits)


def options_table(options: Sequence, provider_names: Mapping[str, str | None] | None = None) -> Table:
    """One row per ranked option (core Option objects)."""
    from gpudesk.core.search.options_view import layout_text
    from gpudesk.core.search.tiers import tier_label

    names = provider_names or {}
    headers = [
        t("Rank", "排名"),
        t("GPU", "显卡"),
        t("GPU id", "显卡编号"),
        t("GPUs", "显卡数"),
        t("Nodes", "节点数"),
        t("GPUs per node", "每节点显卡数"),
        t("Provider", "服务商"),
        t("Offer id", "报价编号"),
        t("Region", "地区"),
        t("Node type", "节点类型"),
        t("Layout", "并行布局"),
        t("Tensor parallel", "张量并行"),
        t("Pipeline parallel", "流水线并行"),
        t("Data parallel", "数据并行"),
        t("ZeRO stage", "ZeRO 阶段"),
        t("Micro-batch", "微批次"),
        t("Tier", "档位"),
        t("Fits", "显存够用"),
        t("Memory per GPU (GiB)", "每卡显存 (GiB)"),
        t("Usable per GPU (GiB)", "每卡可用 (GiB)"),
        t("Hours", "小时"),
        t("GPU-hours", "卡时"),
        t("Cost (CNY)", "费用 (元)"),
        t("Cost with trial margin (CNY)", "含试错余量费用 (元)"),
        t("Price per GPU-hour (CNY)", "每卡时价格 (元)"),
        t("Price per GPU-month (CNY)", "每卡月价格 (元)"),
        t("Monthly cost (CNY)", "包月费用 (元)"),
        t("Price kind", "价格类型"),
        t("Price date", "价格日期"),
        t("On the Pareto front", "帕累托前沿"),
        t("Advice", "建议"),
    ]
    kinds = {"quoted": t("quoted", "报价"), "list": t("list price", "公开价"), "estimate": t("estimate", "估算")}
    rows = []
    for o in options:
        lay, cost, mem, tm = o.layout, o.cost, o.memory, o.time
        rows.append(
            [
                o.rank,
                units.gpu_name(o),
                o.gpu,
                o.gpus,
                o.nodes,
                o.gpus_per_node,
                names.get(o.provider or "", o.provider or ""),
                o.offer or "",
                o.region or "",
                o.server or "",
                layout_text(lay),
                lay.tp,
                lay.pp,
                lay.dp,
                lay.zero,
                lay.micro_batch,
                tier_label(o.tier),
                bool(mem.fits),
                _round(mem.per_gpu_bytes.total / GIB),
                _round(mem.usable_bytes / GIB),
                _round(tm.hours),
                _round(tm.gpu_hours),
                _round(cost.compute_cost),
                _round(cost.with_trial_margin),
                _round(cost.price_per_gpu_hour, 4),
                _round(cost.price_per_gpu_month),
                _round(cost.monthly_cost),
                kinds.get(o.price_kind or "", o.price_kind or ""),
                o.price_date or "",
                bool(o.pareto),
                "\n".join(a.message for a in o.advice),
            ]
        )
    return Table(t("Options", "方案"), headers, rows)


def checklist_table(plan, items: Sequence | None = None) -> Table:
    """One row per checklist item of the plan (tailored in the current language unless given)."""
    from gpudesk.core.plan.checklist import phase_label, status_label, tailor

    items = tailor(plan) if items is None else items
    headers = [
        t("Id", "编号"),
        t("Phase", "阶段"),
        t("Check", "检查项"),
        t("Status", "状态"),
        t("Applies to this plan", "适用于本方案"),
        t("Pass if", "通过标准"),
        t("How", "检查方法"),
        t("Why", "原因"),
        t("Notes", "备注"),
        t("Evidence", "证据"),
        t("Checked by", "检查人"),
        t("Checked at (UTC)", "检查时间 (UTC)"),
        t("Waiver reason", "豁免原因"),
        t("Recorded for another configuration", "记录时的配置与当前不同"),
    ]
    rows = [
        [
            i.id,
            phase_label(i.phase, trains=plan.job.task.trains),
            i.title,
            status_label(i.status),
            bool(i.applicable),
            i.criterion,
            i.how,
            i.why,
            i.notes,
            i.evidence or "",
            i.checked_by or "",
            (i.checked_at or "").replace("T", " ").rstrip("Z"),
            i.waiver_reason or "",
            bool(i.stale),
        ]
        for i in items
    ]
    return Table(t("Checklist", "验收清单"), headers, rows)


def quotes_table(comparison) -> Table:
    """The comparison (比价表): one row per quote, all-in and by item (a core.plan.Comparison)."""
    from gpudesk.core.plan.comparison import billing_text, price_summary

    headers = [
        t("Quote", "报价"),
        t("Provider", "服务商"),
        t("Provider id", "服务商编号"),
        t("Reference", "报价编号"),
        t("Quote date", "报价日期"),
        t("Valid until", "有效期至"),
        t("GPU", "显卡"),
        t("GPUs", "显卡数"),
        t("Nodes", "节点数"),
        t("GPUs per node", "每节点显卡数"),
        t("Prices", "价格"),
        t("Hours (clean run)", "小时（一次跑通）"),
        t("Rental hours", "租用小时"),
        t("Fits", "显存够用"),
        t("Compute (CNY)", "算力 (元)"),
        t("Storage (CNY)", "存储 (元)"),
        t("Network (CNY)", "网络 (元)"),
        t("Fees (CNY)", "费用 (元)"),
        t("Subsidy (CNY)", "补贴 (元)"),
        t("Tax (CNY)", "税费 (元)"),
        t("All-in (CNY)", "总价 (元)"),
        t("All-in at +30 % (CNY)", "时长 +30% 总价 (元)"),
        t("All-in at +100 % (CNY)", "时长 +100% 总价 (元)"),
        t("Billing", "计费方式"),
        t("Cheapest", "最低价"),
        t("Selected", "已选定"),
        t("Flags", "提示"),
        t("Licence number", "许可证编号"),
        t("ICP filing", "ICP 备案"),
    ]
    rows = []
    for r in comparison.rows:
        q, c, it = r.quote, r.cost, r.cost.items
        facts = r.provider or {}
        rows.append(
            [
                q.id,
                r.provider_name,
                q.provider,
                q.reference or "",
                q.date or "",
                q.valid_until or "",
                units.gpu_name(q),
                q.gpus,
                q.nodes,
                q.gpus_per_node,
                price_summary(q),
                _round(r.fit.hours if r.fit else None),
                _round(c.rental_hours),
                None if r.fit is None or r.fit.fits is None else bool(r.fit.fits),
                *(_round(it[k]) for k in ("compute", "storage", "network", "fees", "subsidy", "tax")),
                _round(c.all_in),
                *(_round(v) for v in r.sensitivity.values()),
                billing_text(c.billing) if c.billing else "",
                r.cheapest,
                r.selected,
                r.flags_line(),
                facts.get("licence_number") or "",
                facts.get("icp_filing") or "",
            ]
        )
    return Table(t("Quotes", "比价"), headers, rows)
