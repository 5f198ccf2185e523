"""Expert advice attached to rental options: small pure rules, each with a stable id and a severity.

Every rule takes one `AdviceContext` (the job, the option's layout and estimate blocks, the GPU,
the server type and the offer) and returns an `Advice` or None. Ids are a public contract (JSON,
plans, reports): never rename one. The sources are the guide's rules (domain.md §3) and the
estimate's own figures. `better_value` compares an option with the others the search found.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from gpudesk.core import rules, units
from gpudesk.core.i18n import t
from gpudesk.core.models import (
    Advice,
    Billing,
    GpuSpec,
    Job,
    Offload,
    Option,
    Precision,
    TaskKind,
)
from gpudesk.core.search.advice_context import AdviceContext, rule_advice
from gpudesk.core.search.advice_stack import STACK_RULES

# Thresholds from the guide (domain.md §3); named so tests and docs can cite them.
SCALING_NORM_8GPU = (7.2, 7.6)  # 8 GPUs give 7.2–7.6× one GPU
SCALING_WARN_EFFICIENCY = SCALING_NORM_8GPU[0] / 8  # 0.9
RACK_POWER_WARN_KW = 10.0  # an 8× H100 server can draw > 10 kW
BETTER_VALUE_SAVING = 0.20  # another GPU must save at least 20 % ...
BETTER_VALUE_MAX_SLOWDOWN = 1.25  # ... without taking more than 25 % longer
OLD_ARCHITECTURES = ("kepler", "maxwell", "pascal", "volta", "turing")
NON_TRANSFORMER_FAMILIES = ("unet",)
LONG_RUN_DAYS = 60  # past two months of one run, hardware faults and re-runs become the plan's main risk

Severity = str  # "info" | "warning" | "critical"


# --- the rules ----------------------------------------------------------------------------------


def does_not_fit(ctx: AdviceContext) -> Advice | None:
    m = ctx.memory
    if m is None or m.fits:
        return None
    return rule_advice(
        "does-not-fit",
        "critical",
        "Does not fit: needs {need} per GPU, {usable} usable on {gpu}. Add GPUs, use LoRA, or a larger card.",
        "显存不足：每卡需要 {need}，{gpu} 可用 {usable}。请增加显卡、改用 LoRA 或换更大显存的卡。",
        need=units.memory(m.per_gpu_bytes.total),
        usable=units.memory(m.usable_bytes),
        gpu=units.localised(ctx.gpu, "name"),
    )


def fp32_doubles_memory(ctx: AdviceContext) -> Advice | None:
    if ctx.job.precision is not Precision.FP32 or not ctx.job.task.trains:
        return None
    return rule_advice(
        "fp32-doubles-memory",
        "warning",
        "Pure FP32 roughly doubles memory and runs slower; BF16 mixed precision is the norm.",
        "纯 FP32 显存约翻倍且更慢；主流做法是 BF16 混合精度。",
    )


def old_gpu_for_transformers(ctx: AdviceContext) -> Advice | None:
    arch = (ctx.gpu.architecture or "").lower()
    old = any(a in arch for a in OLD_ARCHITECTURES) or ctx.gpu.id.split("-")[0] in ("v100", "t4", "p100", "p40")
    if not old or ctx.job.model.family in NON_TRANSFORMER_FAMILIES:
        return None
    return rule_advice(
        "old-gpu-transformers",
        "warning",
        "{gpu} is an older card: cheap per hour but slow on Transformers (no BF16, weak tensor cores), "
        "so the whole job often costs more.",
        "{gpu} 属老一代显卡：单价低，但跑 Transformer 慢（无 BF16、张量核心弱），总成本往往更高。",
        gpu=units.localised(ctx.gpu, "name"),
    )


def no_bf16_support(ctx: AdviceContext) -> Advice | None:
    if ctx.job.precision is not Precision.BF16 or ctx.gpu.tflops_bf16 is not None:
        return None
    if ctx.gpu.software_stack not in (None, "cuda"):
        return None  # Ascend / DCU parts with BF16 but no published rate: advice_stack.bf16_rate_unknown
    return rule_advice(
        "no-bf16",
        "warning",
        "{gpu} has no BF16: train in FP16 with loss scaling (risk of overflow on large models).",
        "{gpu} 不支持 BF16：需用 FP16 加损失缩放训练（大模型有溢出风险）。",
        gpu=units.localised(ctx.gpu, "name"),
    )


def tensor_parallel_over_pcie(ctx: AdviceContext) -> Advice | None:
    tp = ctx.layout.tp
    if tp <= 1 or tp <= rules.nvlink_group(ctx.topology, ctx.gpus_per_node, ctx.gpu):
        return None
    return rule_advice(
        "tp-over-pcie",
        "warning",
        "Tensor parallel across {tp} GPUs without NVLink between them: communication over PCIe "
        "will dominate. Prefer an NVLink/NVSwitch server.",
        "{tp} 卡张量并行但卡间无 NVLink：PCIe 通信将成为瓶颈，建议选用 NVLink/NVSwitch 服务器。",
        tp=tp,
    )


def consumer_cards_multi_node(ctx: AdviceContext) -> Advice | None:
    if not ctx.gpu.consumer or ctx.nodes <= 1:
        return None
    return rule_advice(
        "consumer-multi-node",
        "critical",
        "Consumer cards ({gpu}) across {nodes} nodes: no NVLink, slow inter-node links, rarely offered "
        "as a cluster. Use data-centre cards for multi-node training.",
        "消费级显卡（{gpu}）跨 {nodes} 个节点：无 NVLink、节点间带宽低，少有机房按集群提供。多节点训练请用数据中心卡。",
        gpu=units.localised(ctx.gpu, "name"),
        nodes=ctx.nodes,
    )


# A node's host falling short of the job (ctx.host's `X_bytes` needed vs `server_X_bytes` fitted), by X:
# the advice id, how the sizes are written, the message
_HOST_SHORTFALLS: dict[str, tuple[str, Callable[[float], str], tuple[str, str]]] = {
    "ram": (
        "host-ram-too-small",
        units.marketed,
        (  # RAM to install: sold in GB, as the guide says
            "Host RAM {have} per node is below the {need} this job needs (data loading{offload}); "
            "ask for a larger memory configuration.",
            "每节点内存 {have} 低于本任务所需 {need}（数据加载{offload}）；请向机房要求更大内存配置。",
        ),
    ),
    "nvme": (
        "nvme-too-small",
        units.data_size,
        (
            "Local NVMe {have} per node is below the {need} the data set and checkpoints need; "
            "add NVMe or a high-IOPS shared file system.",
            "每节点本地 NVMe {have} 小于数据集与检查点所需 {need}；请增加 NVMe 或高 IOPS 共享存储。",
        ),
    ),
}


def _host_shortfall(ctx: AdviceContext, what: str) -> Advice | None:
    need, have = ctx.host.get(f"{what}_bytes"), ctx.host.get(f"server_{what}_bytes")
    if not need or not have or have >= need:
        return None
    advice_id, size, (en, zh) = _HOST_SHORTFALLS[what]
    offload = t(" and CPU offload", "及 CPU 卸载") if ctx.layout.offload is not Offload.NONE else ""
    return rule_advice(advice_id, "warning", en, zh, have=size(have), need=size(need), offload=offload)


def host_ram_too_small(ctx: AdviceContext) -> Advice | None:
    return _host_shortfall(ctx, "ram")


def host_ram_unknown(ctx: AdviceContext) -> Advice | None:
    """CPU offload on a server whose host RAM the catalogue does not state: the plan cannot check it (no
    guessed size stands in for it), so the purchaser confirms it."""
    need = ctx.host.get("ram_bytes")
    if ctx.layout.offload is Offload.NONE or ctx.host.get("server_ram_bytes") or not need:
        return None
    return rule_advice(
        "host-ram-unknown",
        "warning",
        "Host RAM of this server is not stated in the catalogue: CPU offload needs {need} per node; confirm the "
        "memory configuration with the provider before renting.",
        "目录未注明此服务器的内存：CPU 卸载每节点需要 {need}；租用前请向服务商确认内存配置。",
        need=units.marketed(need),
    )


def nvme_too_small(ctx: AdviceContext) -> Advice | None:
    return _host_shortfall(ctx, "nvme")


def heavy_offload(ctx: AdviceContext) -> Advice | None:
    if ctx.layout.offload is Offload.NONE:
        return None
    what = (
        t("optimizer states", "优化器状态")
        if ctx.layout.offload is Offload.OPTIMIZER
        else t("optimizer states and weights", "优化器状态与权重")
    )
    return rule_advice(
        "offload-slow",
        "warning",
        "Fits only by offloading {what} to CPU memory: much slower (PCIe-bound). "
        "More GPUs, LoRA or a larger card avoid it.",
        "仅靠把{what}卸载到 CPU 内存才能放下：速度会明显变慢（受 PCIe 限制）。增加显卡、改用 LoRA 或更大显存的卡可避免。",
        what=what,
    )


def scaling_below_norm(ctx: AdviceContext) -> Advice | None:
    if ctx.gpus < 2 or ctx.time is None:
        return None
    eff = ctx.time.scaling_efficiency
    if eff >= SCALING_WARN_EFFICIENCY:
        return None
    return rule_advice(
        "scaling-below-norm",
        "warning",
        "{n} GPUs work like {x:.1f} (scaling {eff:.0%}); 8 NVLink GPUs normally give 7.2–7.6×. Communication "
        "is not hidden behind compute: more gradient accumulation, a larger micro-batch or a faster link help.",
        "{n} 卡实际相当于 {x:.1f} 卡（扩展效率 {eff:.0%}）；8 卡 NVLink 通常可达 7.2–7.6 倍。通信未被计算掩盖："
        "增大梯度累积或微批次、换更快的互联可改善。",
        n=ctx.gpus,
        x=ctx.gpus * eff,
        eff=eff,
    )


def node_power_kw(ctx: AdviceContext) -> float | None:
    """Power one node of the option draws (the rule in gpudesk.core.rules)."""
    return rules.node_power_kw(
        ctx.gpus_per_node,
        ctx.gpu.tdp_watts,
        getattr(ctx.server, "power_kw", None),
        getattr(ctx.server, "gpus_per_node", None),
    )


def rack_power(ctx: AdviceContext) -> Advice | None:
    kw = node_power_kw(ctx)
    if kw is None or kw <= RACK_POWER_WARN_KW:
        return None
    return rule_advice(
        "rack-power",
        "warning",
        "Each {g}-GPU node draws about {kw:.1f} kW: confirm the rack's power quota and cooling with the data centre.",
        "每个 {g} 卡节点功耗约 {kw:.1f} kW：请与机房确认机柜电力配额与散热。",
        g=ctx.gpus_per_node,
        kw=kw,
    )


def monthly_cheaper(ctx: AdviceContext) -> Advice | None:
    c = ctx.cost
    if c is None or c.cheaper_billing is not Billing.MONTHLY or c.monthly_cost is None:
        return None
    return rule_advice(
        "monthly-cheaper",
        "info",
        "Monthly rental is cheaper here ({monthly} vs {hourly} by the hour; break-even {be} h of use per month).",
        "此方案包月更便宜（包月 {monthly}，按小时 {hourly}；盈亏平衡点为每月使用 {be} 小时）。",
        monthly=units.money(c.monthly_cost, c.currency),
        hourly=units.money(c.with_trial_margin, c.currency),
        be="?" if c.break_even_hours is None else f"{c.break_even_hours:,.0f}",
    )


def multi_node_network(ctx: AdviceContext) -> Advice | None:
    if ctx.nodes <= 1:
        return None
    if ctx.network == "infiniband":
        return rule_advice(
            "multi-node-ib-slurm",
            "info",
            "{nodes} nodes: needs InfiniBand between nodes and SLURM scheduling; ask for the provider's "
            "HPC cluster experience and run nccl-tests on delivery.",
            "{nodes} 个节点：需要节点间 InfiniBand 与 SLURM 调度；请了解机房的 HPC 集群经验，交付时运行 nccl-tests。",
            nodes=ctx.nodes,
        )
    return rule_advice(
        "multi-node-ib-slurm",
        "warning",
        "{nodes} nodes over {net}: multi-node training wants InfiniBand (or RoCE at least) and SLURM "
        "scheduling; expect poor scaling otherwise.",
        "{nodes} 个节点经 {net} 互联：多节点训练需要 InfiniBand（至少 RoCE）与 SLURM 调度，否则扩展效率很差。",
        nodes=ctx.nodes,
        net=ctx.network or t("an unknown network", "未知网络"),
    )


def long_run(ctx: AdviceContext) -> Advice | None:
    hours = ctx.time.hours if ctx.time is not None else None
    if hours is None or hours <= LONG_RUN_DAYS * 24:
        return None
    return rule_advice(
        "long-run",
        "warning",
        "One clean run takes {days:,.0f} days on this configuration: failures, re-runs and price changes add up "
        "over that span. Set a deadline or allow more GPUs (--max-gpus) to see larger configurations.",
        "该配置跑完一次需要 {days:,.0f} 天：期间的故障、重跑和价格变化都会累积。请设置工期或允许更多显卡（--max-gpus）以查看更大的配置。",
        days=hours / 24,
    )


RULES: tuple[Callable[[AdviceContext], Advice | None], ...] = (
    does_not_fit,
    fp32_doubles_memory,
    old_gpu_for_transformers,
    no_bf16_support,
    tensor_parallel_over_pcie,
    consumer_cards_multi_node,
    host_ram_too_small,
    host_ram_unknown,
    nvme_too_small,
    heavy_offload,
    scaling_below_norm,
    rack_power,
    monthly_cheaper,
    multi_node_network,
    long_run,
)

RULE_IDS = (
    "does-not-fit",
    "fp32-doubles-memory",
    "old-gpu-transformers",
    "no-bf16",
    "tp-over-pcie",
    "consumer-multi-node",
    "host-ram-too-small",
    "host-ram-unknown",
    "nvme-too-small",
    "offload-slow",
    "scaling-below-norm",
    "rack-power",
    "monthly-cheaper",
    "multi-node-ib-slurm",
    "better-value-gpu",
    "long-run",
    # advice_stack.py: the accelerator's software stack
    "fp8-unsupported",
    "framework-unsupported",
    "non-cuda-stack",
    "bf16-rate-unknown",
)

_ORDER = {"critical": 0, "warning": 1, "info": 2}


def advise(ctx: AdviceContext) -> list[Advice]:
    """Every rule's advice for one option, most severe first."""
    out = [a for rule in RULES + STACK_RULES if (a := rule(ctx)) is not None]
    out.sort(key=lambda a: _ORDER[a.severity])
    return out


def advise_option(option: Option, job: Job, gpu: GpuSpec, server: Any = None, offer: Any = None) -> list[Advice]:
    """The rules' advice for an option already built, from its own figures (e.g. again in another
    language); `server`/`offer` are its catalogue rows. Advice comparing options is not included."""
    from gpudesk.core.rules import guess_topology

    return advise(
        AdviceContext.of_option(
            option,
            job,
            gpu,
            server=server,
            offer=offer,
            topology=getattr(server, "topology", None) or guess_topology(gpu),
            network=getattr(server, "network", None),
        )
    )


# --- advice that compares options ---------------------------------------------------------------


@dataclass(frozen=True)
class ValuePoint:
    """One feasible option as the better-value rule sees it."""

    gpu: str
    gpu_name: str
    gpus: int
    cost: float | None  # the objective's cost (None: unpriced)
    hours: float | None
    currency: str = "CNY"


def better_value(
    me: ValuePoint, others: Iterable[ValuePoint], task: TaskKind | None = None, *, by_cost: bool = False
) -> Advice | None:
    """Another GPU model does the same job for clearly less money and not much more time.

    The guide's example: for mixed training + concurrent serving an L40S is often better value
    than an A100. Only priced options with a known duration are compared. `by_cost`: `others` are
    sorted by ascending cost (priced first), so the scan stops at the first match or past the saving.
    """
    if me.cost is None or me.hours is None or me.cost <= 0:
        return None
    best: ValuePoint | None = None
    best_cost = 0.0  # best's cost (known)
    limit = me.cost * (1 - BETTER_VALUE_SAVING)
    for o in others:
        if o.cost is None or o.hours is None:
            if by_cost:
                break
            continue
        if o.cost > limit:
            if by_cost:
                break
            continue
        if o.gpu == me.gpu:
            continue
        if o.hours <= me.hours * BETTER_VALUE_MAX_SLOWDOWN:
            if best is None or o.cost < best_cost:
                best, best_cost = o, o.cost
                if by_cost:
                    break
    if best is None:
        return None
    saving = 1 - best_cost / me.cost
    serving = task is TaskKind.MIXED and best.gpu.startswith("l40s")  # the guide's case: L40S for train + serve
    return rule_advice(
        "better-value-gpu",
        "info",
        "Better value: {n}× {gpu} does this job for {saving:.0%} less ({cost}, {hours:,.0f} h){serving}.",
        "更高性价比：{n} 张 {gpu} 完成同一任务可省 {saving:.0%}（{cost}，{hours:,.0f} 小时）{serving}。",
        n=best.gpus,
        gpu=best.gpu_name,
        saving=saving,
        cost=units.money(best_cost, best.currency),
        hours=best.hours,
        serving=t(" and serves well alongside training", "，且适合训练与在线推理并行") if serving else "",
    )


def worst_severity(advice: Sequence[Advice]) -> str | None:
    return min((a.severity for a in advice), key=_ORDER.__getitem__, default=None)
