"""`gpudesk recommend`: ranked rental options for a job (printing only; core.search decides)."""

from __future__ import annotations

import argparse
import json
import sys

from gpudesk.cli.words import command


def register(subparsers) -> None:
    p = subparsers.add_parser("recommend", **command("recommend"))
    from gpudesk.cli.job_options import add_constraint_arguments, add_job_arguments

    add_job_arguments(p)
    add_constraint_arguments(p)
    g = p.add_argument_group("output")
    g.add_argument("--json", action="store_true", help="print JSON")
    g.add_argument("--lang", choices=["en", "zh_CN"], help="language of advice, notes and table (default: system)")
    g.add_argument(
        "--export",
        metavar="FILE.xlsx|FILE.csv",
        help="also write the options to a spreadsheet (one header row, one row per option)",
    )
    p.set_defaults(func=handle)


def handle(args: argparse.Namespace) -> int:
    from gpudesk.core.i18n import current_language, use_language

    # one command, one language: resolved once here, not from the environment for every message
    with use_language(args.lang or current_language()):
        return _run(args)


def _run(args: argparse.Namespace) -> int:
    from gpudesk.catalog import open_catalog
    from gpudesk.cli.job_options import constraints_from_args, job_from_args
    from gpudesk.core.i18n import current_language, t
    from gpudesk.core.search import recommend, recommendation_json

    catalog = open_catalog()
    job, _layout, _gpu = job_from_args(args, catalog)  # layout options describe one estimate: not used here
    rec = recommend(job, constraints_from_args(args), catalog)
    if args.export:
        from gpudesk.export import export_table, options_table

        names = {
            p.id: (p.name_zh or p.name_en) if current_language() == "zh_CN" else (p.name_en or p.name_zh)
            for p in catalog.providers()
        }
        written = export_table(options_table(rec.options, names), args.export)
        print(t("wrote {n} options to {f}", "已将 {n} 个方案写入 {f}", n=len(rec.options), f=written), file=sys.stderr)
    if args.json:
        json.dump(recommendation_json(rec), sys.stdout, ensure_ascii=False)
        sys.stdout.write("\n")
    else:
        sys.stdout.write(format_table(rec))
    return 0


def _num(x: float | None, fmt: str = "{:,.0f}") -> str:
    return "?" if x is None else fmt.format(x)


def format_table(rec) -> str:
    from gpudesk.cli.table import table
    from gpudesk.core import units
    from gpudesk.core.engine.cost import objective_cost
    from gpudesk.core.i18n import t
    from gpudesk.core.search.tiers import tier_label

    head = (
        t("rank", "排名"),
        t("GPU", "显卡"),
        t("count", "数量"),
        t("offer", "报价"),
        t("layout", "并行布局"),
        t("GiB/GPU", "每卡 GiB"),
        t("hours", "小时"),
        t("cost", "成本"),
        t("tier", "档位"),
        "P",
        t("advice", "建议"),
    )
    rows = []
    for o in rec.options:
        lay = o.layout
        parts = [f"TP{lay.tp}", f"PP{lay.pp}", f"DP{lay.dp}", f"Z{lay.zero}"]
        if str(lay.offload) != "none":
            parts.append(f"off:{lay.offload}")
        if str(lay.recompute) != "none":
            parts.append(f"rc:{lay.recompute}")
        parts.append(f"mb{lay.micro_batch}")
        total = objective_cost(o.cost)  # the cheaper known total, as the search ranked it
        price = (
            "?"
            if total is not None
            else (
                t("{p:g}/GPU-h", "{p:g}/卡时", p=o.cost.price_per_gpu_hour)
                if o.cost.price_per_gpu_hour is not None
                else "?"
            )
        )
        nodes = f" ({o.nodes}×{o.gpus_per_node})" if o.nodes > 1 else ""
        rows.append(
            (
                str(o.rank),
                o.gpu,
                f"{o.gpus}{nodes}",
                o.offer or t("(unpriced)", "（无报价）"),
                " ".join(parts),
                units.gib(o.memory.per_gpu_bytes.total),
                _num(o.time.hours, "{:,.1f}"),
                _num(total) if total is not None else price,
                tier_label(o.tier),
                "*" if o.pareto else "",
                ",".join(a.id for a in o.advice),
            )
        )
    lines = table(head, rows, right={2, 5, 6, 7}).splitlines()
    summary = t(
        "searched {n} configurations; {f} feasible; rejected: {r}",
        "共搜索 {n} 种配置；{f} 种可行；淘汰：{r}",
        n=f"{rec.searched:,}",
        f=rec.feasible_count,
        r=", ".join(f"{k} {v:,}" for k, v in sorted(rec.rejected.items())) or "-",
    )
    lines += ["", summary, t("* = on the time/cost Pareto front", "* = 处于时间/成本帕累托前沿")]
    lines += [f"- {n}" for n in rec.notes]
    return "\n".join(lines) + "\n"
