"""`gpudesk estimate`: memory per GPU, time and cost of one job on one configuration (printing only)."""

from __future__ import annotations

import argparse
import json
import sys

from gpudesk.cli.words import command


def register(subparsers) -> None:
    from gpudesk.cli.args import Num
    from gpudesk.cli.job_options import add_job_arguments

    p = subparsers.add_parser("estimate", **command("estimate"))
    add_job_arguments(p)
    Num(
        "--price-per-gpu-month", metavar="X", help="monthly price per GPU (CNY), for the hourly-vs-monthly break-even"
    ).add(p)
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--lang", choices=["en", "zh_CN"], help="language of notes and table (default: system)")
    p.set_defaults(func=handle)


def handle(args: argparse.Namespace) -> int:
    from gpudesk.catalog import open_catalog
    from gpudesk.cli.job_options import cluster_for, job_from_args
    from gpudesk.core.engine.estimate import estimate, estimate_json
    from gpudesk.core.i18n import set_language

    if args.lang:
        set_language(args.lang)
    catalog = open_catalog()
    job, layout, gpu_id = job_from_args(args, catalog)
    cluster = cluster_for(catalog, gpu_id, layout.gpus)
    est = estimate(job, layout, cluster, price_per_gpu_month=args.price_per_gpu_month)
    data = estimate_json(est)
    if args.json:
        json.dump(data, sys.stdout, ensure_ascii=False)
        sys.stdout.write("\n")
    else:
        sys.stdout.write(format_estimate(data, job, layout, cluster))
    return 0


def _gib(x) -> str:
    from gpudesk.core import units

    return "-" if x is None else units.gib(x, 2)


def _n(x, fmt="{:,.1f}") -> str:
    return "-" if x is None else fmt.format(x)


def format_estimate(data: dict, job, layout, cluster) -> str:
    from gpudesk.cli.table import table
    from gpudesk.core import units
    from gpudesk.core.i18n import t

    mem = data["memory"]
    per = mem["per_gpu_bytes"]
    tm = data["time"]
    params = data["params"]
    out = []
    out.append(
        t(
            "{model}: {p:.3g}B parameters ({a:.3g}B active, {tr:.3g}B trainable); {task}, {prec}",
            "{model}：{p:.3g}B 参数（激活 {a:.3g}B，可训练 {tr:.3g}B）；{task}，{prec}",
            model=job.model.name,
            p=params["total"] / 1e9,
            a=params["active"] / 1e9,
            tr=params["trainable"] / 1e9,
            task=units.label("task", job.task),
            prec=units.label("precision", job.precision),
        )
    )
    serving = data.get("serving")
    trains = job.task.trains
    config = {"n": layout.gpus, "gpu": cluster.gpu.name, "tp": layout.tp, "pp": layout.pp}  # both lines start so
    if trains:
        out.append(
            t(
                "{n}x {gpu}, TP {tp} PP {pp} DP {dp}, ZeRO-{z}, offload {o}; micro-batch {b}, sequence {s}",
                "{n} 张 {gpu}，TP {tp} PP {pp} DP {dp}，ZeRO-{z}，卸载 {o}；微批次 {b}，序列 {s}",
                **config,
                dp=layout.dp,
                z=layout.zero,
                o=units.label("offload", layout.offload),
                b=job.micro_batch,
                s=job.seq_len,
            )
        )
    else:
        assert serving is not None  # a serving job's estimate carries its serving block
        out.append(
            t(
                "{n}x {gpu}, TP {tp} PP {pp}, {r} replica(s); {c} users in flight, {ctx} tokens each; "
                "weights {w}, KV cache {kv}",
                "{n} 张 {gpu}，TP {tp} PP {pp}，{r} 个副本；并发 {c} 个用户，每个 {ctx} token；权重 {w}，KV 缓存 {kv}",
                **config,
                r=serving["replicas"],
                c=serving["concurrency"],
                ctx=serving["context_tokens"],
                w=units.label("weight_precision", serving["weight_precision"]),
                kv=units.label("kv_precision", serving["kv_precision"]),
            )
        )
    out.append("")
    labels = [
        ("weights", t("weights", "权重")),
        ("gradients", t("gradients", "梯度")),
        ("optimizer_states", t("optimizer states", "优化器状态")),
        ("activations", t("activations", "激活值")),
        ("kv_cache", t("KV cache", "KV 缓存")),
        ("overhead", t("overhead", "额外开销")),
        ("total", t("total", "合计")),
    ]
    rows = [[label, _gib(per[key])] for key, label in labels]
    rows.append([t("usable (after headroom)", "可用（扣除余量）"), _gib(mem["usable_bytes"])])
    rows.append([t("fits", "能否装下"), t("yes", "是") if mem["fits"] else t("NO", "否")])
    rows.append([t("host RAM per node", "每节点内存"), _gib(mem["host_ram_bytes"])])
    if trains:
        rows.append([t("guide's quick estimate (job)", "指南快速估算（整个任务）"), _gib(mem["quick_estimate_bytes"])])
    else:
        rows.append(
            [t("whole service (weights + KV cache)", "整个服务（权重 + KV 缓存）"), _gib(mem["quick_estimate_bytes"])]
        )
    out.append(table([t("memory per GPU", "每卡显存"), "GiB"], rows, right={1}))
    if trains:
        out.extend(["", _training_tables(tm, data["cost"])])
    if serving is not None:
        out.extend(["", _serving_tables(serving, data["cost"])])
    out.append("")
    out.append(t("notes:", "说明："))
    out.extend(f"- {n}" for n in data["notes"])
    return "\n".join(out) + "\n"


def _serving_tables(s: dict, cost: dict) -> str:
    from gpudesk.cli.table import table
    from gpudesk.core import units
    from gpudesk.core.i18n import t

    per_user = _n(s["tokens_per_second_per_user"])
    if s["target_tokens_per_user"] is not None:
        per_user += t(
            " (target {x:g}: {ok})",
            "（目标 {x:g}：{ok}）",
            x=s["target_tokens_per_user"],
            ok=t("met", "满足") if s["meets_target"] else t("MISSED", "未满足"),
        )
    step = s["decode_step_seconds"]
    rows = [
        [t("tokens/s per user", "每用户每秒 token 数"), per_user],
        [t("tokens/s for the service", "整个服务每秒 token 数"), _n(s["tokens_per_second"], "{:,.0f}")],
        [t("time to first token", "首 token 时间"), _n(s["time_to_first_token_seconds"], "{:.2f} s")],
        [t("decode step", "每步解码时间"), _n(step * 1000 if step is not None else None, "{:.1f} ms")],
        [
            t("limited by", "瓶颈"),
            {"memory": t("memory bandwidth", "显存带宽"), "compute": t("compute", "算力")}.get(s["bound"], "-"),
        ],
        [t("prefill MFU", "预填充 MFU"), _n(s["prefill_mfu"], "{:.0%}")],
    ]
    out = [table([t("serving", "推理服务"), ""], rows, right={1}), ""]
    cur = s["currency"]
    rows = [
        [t("price per GPU-hour", "每卡时价格"), _n(cost["price_per_gpu_hour"], "{:,.2f}")],
        [t("service period", "服务期"), units.hours(s["period_hours"])],
        [t("cost of the period", "服务期费用"), _n(s["cost_per_period"], "{:,.0f}")],
        [t("cost per month", "每月费用"), _n(s["cost_per_month"], "{:,.0f}")],
        [t("cost per million tokens", "每百万 token 费用"), _n(s["cost_per_million_tokens"], "{:,.2f}")],
    ]
    out.append(table([t("service cost", "服务费用"), cur], rows, right={1}))
    return "\n".join(out)


def _training_tables(tm: dict, cost: dict) -> str:
    from gpudesk.cli.table import table
    from gpudesk.core.i18n import t

    out = []
    rows = [
        [t("training FLOPs", "训练计算量"), _n(tm["training_flops"], "{:.3g}")],
        [t("tokens per second", "每秒 token 数"), _n(tm["tokens_per_second"], "{:,.0f}")],
        [t("hours", "小时"), _n(tm["hours"])],
        [t("GPU-hours", "卡时"), _n(tm["gpu_hours"])],
        [t("peak TFLOPS per GPU", "单卡峰值 TFLOPS"), _n(tm["peak_tflops"], "{:,.0f}")],
        ["MFU", _n(tm["mfu"], "{:.0%}")],
        [t("scaling efficiency", "扩展效率"), _n(tm["scaling_efficiency"], "{:.0%}")],
    ]
    out.append(table([t("time", "时间"), ""], rows, right={1}))
    out.append("")
    cur = cost["currency"]
    rows = [
        [t("price per GPU-hour", "每卡时价格"), _n(cost["price_per_gpu_hour"], "{:,.2f}")],
        [t("compute cost", "计算费用"), _n(cost["compute_cost"], "{:,.0f}")],
        [
            t("with {m:.0%} trial margin", "含 {m:.0%} 试错余量", m=cost["trial_margin"]),
            _n(cost["with_trial_margin"], "{:,.0f}"),
        ],
    ]
    if cost["price_per_gpu_month"] is not None:
        rows.append([t("monthly rental", "包月费用"), _n(cost["monthly_cost"], "{:,.0f}")])
        rows.append(
            [t("break-even hours per month", "包月划算的月使用小时数"), _n(cost["break_even_hours"], "{:,.0f}")]
        )
    out.append(table([t("cost", "费用"), cur], rows, right={1}))
    return "\n".join(out)
