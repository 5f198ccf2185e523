"""The quote tables `gpudesk quote list` and `quote compare` print (the figures are core.plan's)."""

from __future__ import annotations

from gpudesk.cli.table import table
from gpudesk.core import units
from gpudesk.core.i18n import t


def _config(q) -> str:
    return units.nodes_of(q.nodes, q.gpus_per_node, units.gpu_name(q))


def _no_quotes() -> str:
    return t(
        "No quotes in this plan yet: add one with `gpudesk quote add`.\n",
        "方案中还没有报价：请用 `gpudesk quote add` 添加。\n",
    )


def format_list(plan) -> str:
    from gpudesk.core.plan.comparison import price_summary

    if not plan.quotes:
        return _no_quotes()
    sel = plan.quote_selection.quote if plan.quote_selection else None
    rows = [
        [
            ("✔ " if q.id == sel else "") + q.id,
            q.provider_name or q.provider,
            _config(q),
            q.reference or "—",
            q.date or units.unknown(),
            q.valid_until or units.unknown(),
            price_summary(q),
        ]
        for q in plan.quotes
    ]
    return (
        table(
            [
                t("id", "编号"),
                t("provider", "服务商"),
                t("configuration", "配置"),
                t("reference", "报价编号"),
                t("date", "日期"),
                t("valid until", "有效期至"),
                t("prices", "价格"),
            ],
            rows,
        )
        + "\n"
    )


def format_comparison(c) -> str:
    from gpudesk.core.plan.comparison import billing_text

    if not c.rows:
        return _no_quotes()
    money = units.money
    rows = []
    for r in c.rows:
        it = r.cost.items
        mark = ("✔" if r.selected else "") + ("*" if r.cheapest else "")
        fits = units.unknown() if r.fit is None or r.fit.fits is None else units.yes_no(r.fit.fits)
        rows.append(
            [
                f"{mark} {r.quote.id}".strip(),
                r.provider_name,
                _config(r.quote),
                units.hours(r.fit.hours if r.fit else None),
                fits,
                money(it["compute"]),
                money(it["storage"]),
                money(it["network"]),
                money(it["fees"]),
                money(it["subsidy"]),
                money(it["tax"]),
                money(r.cost.all_in),
                billing_text(r.cost.billing),
            ]
        )
    heads = [
        t("quote", "报价"),
        t("provider", "服务商"),
        t("configuration", "配置"),
        t("hours", "时长"),
        t("fits", "装得下"),
        t("compute", "算力"),
        t("storage", "存储"),
        t("network", "网络"),
        t("fees", "费用"),
        t("subsidy", "补贴"),
        t("tax", "税费"),
        t("all-in", "总价"),
        t("billing", "计费"),
    ]
    out = [table(heads, rows, right=set(range(5, 12))), ""]
    out.append(
        t(
            "* cheapest valid quote   ✔ selected   hours: one clean run; costs include the {m} trial margin",
            "* 有效报价中最低   ✔ 已选定   时长：一次跑通；费用含 {m} 试错余量",
            m=units.percent(c.trial_margin),
        )
    )
    for r in c.rows:
        if r.flags:
            out.append(f"  {r.quote.id}: " + r.flags_line())
    if c.selection is not None:
        out.append(t("Selected: {q} — {why}", "已选定：{q} —— {why}", q=c.selection.quote, why=c.selection.reason))
    out += [f"! {n}" for n in c.notes]
    out.append(("" if c.rule_met else "! ") + c.rule_text())
    if step := c.next_step_text():
        out.append("! " + step)
    return "\n".join(out) + "\n"
