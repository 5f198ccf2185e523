"""`gpudesk plan new … -o FILE.gpudesk` and `gpudesk plan show FILE [--json]` (printing only)."""

from __future__ import annotations

from gpudesk.core.i18n import colon, t

import argparse
import json
import sys

from gpudesk.cli.args import add_lang, plan_command
from gpudesk.cli.words import command


def register(subparsers) -> None:

    p = subparsers.add_parser("plan", **command("plan"))
    sub = p.add_subparsers(dest="plan_command", metavar="ACTION", parser_class=type(p))
    p.set_defaults(func=lambda args: (p.print_help(), 2)[1])

    new = sub.add_parser(
        "new",
        help="write a plan with the top option (or the --gpu/--gpus named) chosen",
        description=t(
            "Describe the job as for `gpudesk estimate`; the plan's choice is the "
            "recommender's top option, or exactly --gpu ID --gpus N when given.",
            "像 `gpudesk estimate` 那样描述任务；方案的选择是推荐结果的第一名，给出 --gpu ID --gpus N 时即为该配置。",
        ),
    )
    from gpudesk.cli.job_options import add_constraint_arguments, add_job_arguments

    add_job_arguments(new)  # --gpu and --gpus among them: here they name the configuration the plan keeps
    add_constraint_arguments(new, top_help="alternatives kept in the plan (default 20)")
    g = new.add_argument_group("plan")
    g.add_argument("--offer", metavar="ID", help="with --gpu: price from this offer")
    g.add_argument("--title", default="", metavar="T", help="plan title (default: model, task and choice)")
    g.add_argument("--author", default="", metavar="A", help="who made the plan")
    g.add_argument("--organisation", "--organization", default="", metavar="O", help="organisation")
    g.add_argument("--notes", default="", metavar="TEXT", help="free notes")
    g.add_argument(
        "-o",
        "--output",
        required=True,
        metavar="FILE.gpudesk",
        help="plan file to write (atomic; an existing file is kept as FILE.gpudesk.bak)",
    )
    g.add_argument("--json", action="store_true", help="print the plan as JSON")
    add_lang(g, "language of the generated texts")
    # tell "--gpus not given" apart from "--gpus 1": the recommender chooses the count then; and a layout
    # option given (--tp/--pp/--zero/--offload) from one left to the search
    new.set_defaults(func=handle_new, gpus=None, gpu=None, **{k: None for k in LAYOUT_OPTIONS})

    show = plan_command(
        sub,
        "show",
        help="print a plan file",
        description=t("Print a plan file (JSON with --json).", "打印方案文件（加 --json 输出 JSON）。"),
        plan_metavar="FILE.gpudesk",
        plan_help=None,
    )
    show.add_argument(
        "--json",
        action="store_true",
        help="print JSON: file, hash, summary, checklist progress and the whole plan document",
    )
    add_lang(show, "language of the text output")
    show.set_defaults(func=handle_show)


LAYOUT_OPTIONS = ("tp", "pp", "zero", "offload")  # the parallel layout options `plan new` keeps when given
PLAN_TEXTS = ("title", "author", "organisation", "notes")  # the plan's own words: options --title … --notes


def _named_layout(args: argparse.Namespace) -> list[str]:
    """The layout options the user gave (the rest get their defaults); `args` then holds every value."""
    from gpudesk.cli.args import model_default

    given = [k for k in LAYOUT_OPTIONS if getattr(args, k) is not None]
    for k in LAYOUT_OPTIONS:
        if getattr(args, k) is None:
            setattr(args, k, model_default("layout", k))
    return given


def handle_new(args: argparse.Namespace) -> int:
    from pathlib import Path

    from gpudesk.catalog import open_catalog
    from gpudesk.core.i18n import use_language
    from gpudesk.core.plan import new_plan, save_plan
    from gpudesk.errors import GpudeskError

    from gpudesk.cli.job_options import constraints_from_args, job_from_args

    out = Path(args.output)
    if out.suffix != ".gpudesk":
        raise GpudeskError(colon(str(out), t("plan files end in .gpudesk", "方案文件的扩展名应为 .gpudesk")))
    gpu_named, gpus_named = args.gpu, args.gpus
    if args.gpus is None:
        args.gpus = 1
    if gpus_named is not None and gpus_named < 1:
        raise GpudeskError(t("--gpus must be at least 1, got {n}", "--gpus 至少为 1，实际为 {n}", n=gpus_named))
    if args.offer and not gpu_named:
        raise GpudeskError(
            t("--offer needs --gpu (the GPU the offer rents)", "--offer 需要同时给出 --gpu（该报价所租的显卡）")
        )
    named = _named_layout(args)
    if named and not gpu_named:
        with use_language(args.lang):
            raise GpudeskError(
                t(
                    "the layout option {opts} needs the GPU and count it runs on: give --gpu ID --gpus N too",
                    "并行布局选项 {opts} 需要指明所用 GPU 和数量：请同时给出 --gpu ID --gpus N",
                    opts="/".join(f"--{k}" for k in named),
                )
            )
    from gpudesk.core.limits import check_text

    for field in PLAN_TEXTS:
        check_text(getattr(args, field) or "", field, f"--{field}")  # the limits the GUI's fields enforce too
    with use_language(args.lang):
        catalog = open_catalog()
        job, layout, _gpu = job_from_args(args, catalog)
        manual = None
        if named:  # exactly the layout named (README: --gpu ID --gpus N keeps exactly that configuration)
            from gpudesk.core.plan import ManualChoice

            manual = ManualChoice(
                gpu=gpu_named,
                offer=args.offer,
                recompute=job.recompute,
                micro_batch=job.micro_batch,
                **layout.model_dump(),
            )
        plan = new_plan(
            job,
            constraints_from_args(args, narrow_to_gpu=False),
            catalog,
            gpu_id=gpu_named,
            gpus=gpus_named,
            offer_id=args.offer,
            manual=manual,
            **{field: getattr(args, field) for field in PLAN_TEXTS},
        )
        save_plan(plan, out)
        _print(plan, out, args.json, catalog)
        _warn_new(plan, bool(named))
    return 0


def _warn_new(plan, named: bool) -> None:
    """What a new plan cannot answer yet, on stderr (the plan is written all the same)."""
    from gpudesk.core import units

    o = plan.choice
    if o is None:
        return
    if not o.memory.fits:
        sys.stderr.write(
            "! "
            + (
                t(
                    "the named layout does not fit: {need} per GPU, {usable} usable; the plan is kept, "
                    "marked as not fitting",
                    "所指定的布局装不下：每卡需要 {need}，可用 {usable}；方案已保存，并标明装不下",
                    need=units.memory(o.memory.per_gpu_bytes.total),
                    usable=units.memory(o.memory.usable_bytes),
                )
                if named
                else t(
                    "the job does not fit this configuration: {need} per GPU, {usable} usable",
                    "此配置装不下该任务：每卡需要 {need}，可用 {usable}",
                    need=units.memory(o.memory.per_gpu_bytes.total),
                    usable=units.memory(o.memory.usable_bytes),
                )
            )
            + "\n"
        )
    if plan.job.task.trains and not plan.job.tokens:
        sys.stderr.write(
            "! "
            + t(
                "no --tokens given: training time and cost cannot be computed (the plan shows them as unknown)",
                "未给出 --tokens：训练时间和费用无法计算（方案中显示为未知）",
            )
            + "\n"
        )


def handle_show(args: argparse.Namespace) -> int:
    from gpudesk.catalog import open_catalog
    from gpudesk.core.i18n import use_language
    from gpudesk.core.plan import load_plan

    with use_language(args.lang):
        plan = load_plan(args.plan)
        _print(plan, args.plan, args.json, open_catalog())
    return 0


def plan_json(plan, path, catalog=None) -> dict:
    from gpudesk.core.plan.checklist import progress, tailor
    from gpudesk.core.plan import plan_document, plan_summary

    doc = plan_summary(plan, path)
    doc["checklist"] = progress(tailor(plan, catalog=catalog))
    doc["plan"] = plan_document(plan, worded=True)
    return doc


def _print(plan, path, as_json: bool, catalog=None) -> None:
    if as_json:
        json.dump(plan_json(plan, path, catalog), sys.stdout, ensure_ascii=False)
        sys.stdout.write("\n")
    else:
        sys.stdout.write(format_plan(plan, path, catalog))


def _n(x, fmt="{:,.0f}", unknown="?") -> str:
    return unknown if x is None else fmt.format(x)


def format_plan(plan, path=None, catalog=None) -> str:
    from gpudesk.core import units
    from gpudesk.core.engine.architecture import model_name
    from gpudesk.core.i18n import current_language, t
    from gpudesk.core.plan.budget import plan_budget
    from gpudesk.core.plan.checklist import phase_label, progress, tailor
    from gpudesk.core.plan import display_title, plan_hash

    lines = [display_title(plan) or t("(untitled plan)", "（未命名方案）")]
    who = ", ".join(x for x in (plan.author, plan.organisation) if x)
    meta = [
        f"{colon(t('file', '文件'))}{path}" if path else None,
        f"{colon(t('by', '作者'))}{who}" if who else None,
        f"{colon(t('created', '创建'))}{plan.created}  {colon(t('modified', '修改'))}{plan.modified}",
        f"{colon(t('hash', '校验'))}{plan_hash(plan)}",
    ]
    lines += [f"  {m}" for m in meta if m]
    job = plan.job
    if job.task.trains:
        lines += [
            "",
            f"{colon(t('Job', '任务'))}{model_name(job.model)} · {units.label('task', job.task)} · "
            f"{units.label('precision', job.precision)} · {units.label('optimizer', job.optimizer)} · "
            f"{t('sequence', '序列长度')} {job.seq_len} · {t('training data', '训练数据量')} {units.tokens(job.tokens)}",
        ]
    else:
        lines += [
            "",
            f"{colon(t('Job', '任务'))}{model_name(job.model)} · {units.label('task', job.task)} · "
            f"{units.label('precision', job.precision)} · {t('users', '并发')} {job.concurrency} · {t('context', '上下文')} {job.serving_context or job.seq_len}",
        ]
    o = plan.choice
    if o is None:
        lines.append(t("Choice: none yet", "选定方案：尚未选择"))
    else:
        lay, mem, tm, cost = o.layout, o.memory, o.time, o.cost
        lines += [
            f"{colon(t('Choice', '选定方案'))}{o.gpus}× {units.gpu_name(o)}"
            + (f" ({o.nodes} × {o.gpus_per_node})" if o.nodes > 1 else "")
            + f" · {units.interconnect(o.interconnect)}"
            + (f" · {o.network}" if o.network else ""),
            _price_line(plan, o),
            f"  {colon(t('layout', '并行布局'))}TP {lay.tp} · PP {lay.pp} · DP {lay.dp} · ZeRO {lay.zero} · "
            f"{t('offload', '卸载')} {units.label('offload', lay.offload)} · "
            # the Chinese labels say 重计算 already ("完全重计算")
            f"{t('recompute: {r}', '{r}', r=units.label('recompute', lay.recompute))} · {t('micro-batch', '微批次')} "
            f"{lay.micro_batch}",
            f"  {colon(t('memory per GPU', '每卡显存'))}{units.memory(mem.per_gpu_bytes.total)} / "
            f"{units.memory(mem.usable_bytes)} {t('usable', '可用')} ({units.marketed(mem.gpu_capacity_bytes)} "
            f"{t('card', '显卡')}) · " + (t("fits", "放得下") if mem.fits else t("DOES NOT FIT", "放不下")),
        ]
        if job.task.trains:
            lines += [
                f"  {colon(t('time', '时间'))}{_n(tm.hours, '{:,.1f}')} {t('h', '小时')} "
                f"({_n(tm.hours / 24 if tm.hours else None, '{:,.1f}')} {t('days', '天')}) · {_n(tm.gpu_hours)} "
                f"{t('GPU-h', '卡时')} · {_n(tm.tokens_per_second)} {t('tokens/s', 'token/秒')}",
                f"  {colon(t('cost', '成本'))}{units.money(cost.with_trial_margin, cost.currency)}"
                + t(" with the {m:.0%} trial margin", "（含 {m:.0%} 试错余量）", m=cost.trial_margin)
                + (
                    f" · {t('monthly', '包月')} {units.money(cost.monthly_cost, cost.currency)}"
                    if cost.monthly_cost is not None
                    else ""
                ),
            ]
        if o.serving is not None:
            from gpudesk.core.report.service import per_user_text, period_text

            sv = o.serving
            lines += [
                f"  {colon(t('service', '服务'))}{period_text(sv.period_hours)} · {per_user_text(sv)} · "
                f"{_n(sv.tokens_per_second)} tokens/s · TTFT {_n(sv.time_to_first_token_seconds, '{:.2f}')} s",
                f"  {colon(t('service cost', '服务费用'))}{units.money(sv.cost_per_month, sv.currency)} "
                f"{t('per month', '每月')} · {units.money(sv.cost_per_period, sv.currency)} {t('for the period', '服务期合计')}"
                f" · {units.money(sv.cost_per_million_tokens, sv.currency, 2)} {t('per million tokens', '每百万 token')}",
            ]
        lines.append(f"  {colon(t('budget', '预算'))}{plan_budget(plan).text()}")
        lines.append(_host_line(o))
        for a in o.advice:
            lines.append(f"  [{units.label('severity', a.severity)}] {a.message}")
    if plan.alternatives:
        lines += ["", t("Alternatives at save time:", "保存时的备选方案：")]
        for a in plan.alternatives:
            if a.serving is not None and not job.task.trains:
                figures = (
                    f"{_n(a.serving.tokens_per_second_per_user)} {t('tokens/s per user', '每用户 token/秒')} · "
                    f"{_n(a.serving.cost_per_month)} {a.cost.currency} {t('per month', '每月')}"
                )
            else:
                figures = f"{units.hours(a.time.hours)} · {units.money(a.cost.with_trial_margin, a.cost.currency)}"
            lines.append(f"  {a.rank:>2}. {a.gpus}× {units.gpu_name(a)} · {a.offer or '-'} · {figures}")
    sel = plan.quote_selection
    lines += [
        "",
        t("Quotes: {n}", "报价：{n} 份", n=len(plan.quotes))
        + (
            t(" · selected {q}: {why}", " · 已选定 {q}：{why}", q=sel.quote, why=sel.reason)
            if sel
            else t(
                " · none selected: budget estimate, no written quote yet (gpudesk quote add / compare / select)",
                " · 尚未选定：预算估算，尚无书面报价（gpudesk quote add / compare / select）",
            )
        ),
    ]
    if plan.revisions:
        lines += ["", t("Plan versions (1 = as first made):", "方案版本（1 = 最初制定）：")]
        for rev in plan.revisions:
            b, a = rev.before, rev.after
            lines.append(
                f"  {rev.version}. {rev.created[:10]} {rev.reason.get(current_language()) or rev.reason.get('en', '')}"
                f" {t('time', '时长')} {units.hours(b.get('hours'))} → {units.hours(a.get('hours'))}, "
                f"{t('cost', '成本')} {units.money(b.get('cost_with_trial_margin'), a.get('currency') or 'CNY')} → "
                f"{units.money(a.get('cost_with_trial_margin'), a.get('currency') or 'CNY')}"
            )
    if plan.kit_results:
        lines += [
            "",
            t("Acceptance kit results: {h}", "验收套件结果：{h}", h=", ".join(r.host for r in plan.kit_results)),
        ]
    lines += ["", t("Checklist:", "检查清单：")]
    for phase, c in progress(tailor(plan, catalog=catalog)).items():
        counts = t(", ", "，").join(
            f"{c[k]} {t(*word)}"
            for k, word in (
                ("pass", ("pass", "通过")),
                ("fail", ("fail", "未通过")),
                ("waived", ("waived", "豁免")),
                ("open", ("open", "待检查")),
            )
        )
        not_applicable = t(" ({n} n/a)", "（{n} 项不适用）", n=c["n/a"])
        lines.append("  " + colon(phase_label(phase, trains=job.task.trains), counts + not_applicable))
    if plan.notes:
        lines += ["", t("Notes:", "备注："), plan.notes]
    if plan.catalog.content_hash:
        lines += [
            "",
            f"{colon(t('catalogue', '目录'))}{plan.catalog.catalog_date or '?'} ({plan.catalog.content_hash[:12]})",
        ]
    return "\n".join(lines) + "\n"


def _price_line(plan, o) -> str:
    """Where the plan's price comes from: the selected written quote, else the catalogue's reference price (参考价格,
    not a quote: 报价 means the providers' written quotes on the 比价 page)."""
    from gpudesk.core import units
    from gpudesk.core.rules import MARKET_REFERENCE

    sel = plan.quote_selection
    q = next((x for x in plan.quotes if sel is not None and x.id == sel.quote), None)
    if q is not None:
        return f"  {colon(t('written quote', '书面报价'))}" + t(
            "{q} of {p}, {ref}, dated {d}",
            "{q}，{p}，编号 {ref}，日期 {d}",
            q=q.id,
            p=q.provider_name or q.provider,
            ref=q.reference or "—",
            d=q.date or units.unknown(),
        )
    name = (
        t("market-reference estimate (no provider yet)", "市场参考估算价（尚无服务商）")
        if o.provider == MARKET_REFERENCE
        else _provider_name(plan, o.provider)
    )
    parts = [x for x in (name, o.region) if x] or [t("no offer (unpriced)", "无价格")]
    kind = (
        f" · {o.price_date or ''}"
        if o.provider == MARKET_REFERENCE
        else f" · {units.label('price_kind', o.price_kind)} {o.price_date or ''}".rstrip()
        if o.price_kind
        else ""
    )
    offer = t(" (catalogue offer {o})", "（目录条目 {o}）", o=o.offer) if o.offer else ""
    return f"  {colon(t('reference price', '参考价格'))}" + t(", ", "，").join(parts) + kind + offer


def _host_line(o) -> str:
    from gpudesk.core import units
    from gpudesk.core.plan.host import host_cpu, host_facts

    h = host_facts(o)
    return (
        f"  {colon(t('host per node', '每节点主机'))}{t('RAM', '内存')} {units.host_ram(h.ram_order_bytes)} · NVMe ≥ "
        f"{units.data_size(h.nvme_need_bytes) if h.nvme_need_bytes else units.unknown()} · CPU {host_cpu(o.host.get('cpu'))}"
    )


def _provider_name(plan, provider: str | None) -> str | None:
    """The provider's name in the output's language, from the plan's own copy of its row."""
    from gpudesk.core.i18n import current_language

    row = plan.hardware.provider if plan.hardware is not None else None
    if not provider or not isinstance(row, dict) or row.get("id") != provider:
        return provider
    zh, en = row.get("name_zh"), row.get("name_en")
    return ((zh or en) if current_language() == "zh_CN" else (en or zh)) or provider
