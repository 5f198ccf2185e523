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

from gpudesk.core import messages as msg
from gpudesk.core import rules
from gpudesk.core.models import (
    Advice,
    Billing,
    Offload,
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
        need=msg.memory(m.per_gpu_bytes.total),
        usable=msg.memory(m.usable_bytes),
        gpu=msg.gpu_name(ctx.gpu),
    )


def fp32_doubles_memory(ctx: AdviceContext) -> Advice | None:
    if ctx.job.precision is not Precision.FP32 or not ctx.job.task.trains:
        return None
    return rule_advice("fp32-doubles-memory", "warning")


def old_gpu_for_transformers(ctx: AdviceContext) -> Advice | None:
    arch = (ctx.gpu.architecture or "").lower()
    old = any(a in arch for a in OLD_ARCHITECTURES) or ctx.gpu.id.split("-")[0] in ("v100", "t4", "p100", "p40")
    if not old or ctx.job.model.family in NON_TRANSFORMER_FAMILIES:
        return None
    return rule_advice("old-gpu-transformers", "warning", gpu=msg.gpu_name(ctx.gpu))


def no_bf16_support(ctx: AdviceContext) -> Advice | None:
    if ctx.job.precision is not Precision.BF16 or ctx.gpu.tflops_bf16 is not None:
        return None
    if ctx.gpu.software_stack not in (None, "cuda"):
        return None  # Ascend / DCU parts with BF16 but no published rate: advice_stack.bf16_rate_unknown
    return rule_advice("no-bf16", "warning", gpu=msg.gpu_name(ctx.gpu))


def tensor_parallel_over_pcie(ctx: AdviceContext) -> Advice | None:
    tp = ctx.layout.tp
    if tp <= 1 or tp <= rules.nvlink_group(ctx.topology, ctx.gpus_per_node, ctx.gpu):
        return None
    return rule_advice("tp-over-pcie", "warning", tp=tp)


def consumer_cards_multi_node(ctx: AdviceContext) -> Advice | None:
    if not ctx.gpu.consumer or ctx.nodes <= 1:
        return None
    return rule_advice("consumer-multi-node", "critical", gpu=msg.gpu_name(ctx.gpu), nodes=ctx.nodes)


# A node's host falling short of the job (ctx.host's `X_bytes` needed vs `server_X_bytes` fitted), by X:
# the advice id and how the sizes are written (RAM to install is sold in GB, as the guide says)
_HOST_SHORTFALLS: dict[str, tuple[str, Callable[[float], msg.Params]]] = {
    "ram": ("host-ram-too-small", msg.marketed),
    "nvme": ("nvme-too-small", msg.data_size),
}


def _host_shortfall(ctx: AdviceContext, what: str) -> Advice | None:
    need, have = ctx.host.get(f"{what}_bytes"), ctx.host.get(f"server_{what}_bytes")
    if not need or not have or have >= need:
        return None
    advice_id, size = _HOST_SHORTFALLS[what]
    params: dict[str, Any] = {"have": size(have), "need": size(need)}
    if what == "ram":
        params["offload"] = msg.part("host-ram-too-small/offload") if ctx.layout.offload is not Offload.NONE else ""
    return rule_advice(advice_id, "warning", **params)


def host_ram_too_small(ctx: AdviceContext) -> Advice | None:
    return _host_shortfall(ctx, "ram")


def host_ram_unknown(ctx: AdviceContext) -> Advice | None:
    """CPU offload on a server whose host RAM the catalogue does not state: the plan cannot check it (no
    guessed size stands in for it), so the purchaser confirms it."""
    need = ctx.host.get("ram_bytes")
    if ctx.layout.offload is Offload.NONE or ctx.host.get("server_ram_bytes") or not need:
        return None
    return rule_advice("host-ram-unknown", "warning", need=msg.marketed(need))


def nvme_too_small(ctx: AdviceContext) -> Advice | None:
    return _host_shortfall(ctx, "nvme")


def heavy_offload(ctx: AdviceContext) -> Advice | None:
    if ctx.layout.offload is Offload.NONE:
        return None
    what = msg.part(f"offload-slow/{'optimizer' if ctx.layout.offload is Offload.OPTIMIZER else 'optimizer+params'}")
    return rule_advice("offload-slow", "warning", what=what)


def scaling_below_norm(ctx: AdviceContext) -> Advice | None:
    if ctx.gpus < 2 or ctx.time is None:
        return None
    eff = ctx.time.scaling_efficiency
    if eff >= SCALING_WARN_EFFICIENCY:
        return None
    return rule_advice("scaling-below-norm", "warning", n=ctx.gpus, x=ctx.gpus * eff, eff=eff)


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
    return rule_advice("rack-power", "warning", g=ctx.gpus_per_node, kw=kw)


def monthly_cheaper(ctx: AdviceContext) -> Advice | None:
    c = ctx.cost
    if c is None or c.cheaper_billing is not Billing.MONTHLY or c.monthly_cost is None:
        return None
    return rule_advice(
        "monthly-cheaper",
        "info",
        monthly=msg.money(c.monthly_cost, c.currency),
        hourly=msg.money(c.with_trial_margin, c.currency),
        be="?" if c.break_even_hours is None else f"{c.break_even_hours:,.0f}",
    )


def multi_node_network(ctx: AdviceContext) -> Advice | None:
    if ctx.nodes <= 1:
        return None
    if ctx.network == "infiniband":
        return rule_advice("multi-node-ib-slurm", "info", nodes=ctx.nodes)
    return rule_advice(
        "multi-node-ib-slurm",
        "warning",
        template="multi-node-ib-slurm/no-ib",
        nodes=ctx.nodes,
        net=ctx.network or msg.part("multi-node-ib-slurm/unknown-network"),
    )


def long_run(ctx: AdviceContext) -> Advice | None:
    hours = ctx.time.hours if ctx.time is not None else None
    if hours is None or hours <= LONG_RUN_DAYS * 24:
        return None
    return rule_advice("long-run", "warning", days=hours / 24)


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
    gpu_name_zh: str | None = None  # the catalogue's Chinese name, for a reader of Chinese


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
        n=best.gpus,
        gpu=msg.names(best.gpu_name, best.gpu_name_zh),
        saving=saving,
        cost=msg.money(best_cost, best.currency),
        hours=best.hours,
        serving=msg.part("better-value-gpu/serving") if serving else "",
    )


def worst_severity(advice: Sequence[Advice]) -> str | None:
    return min((a.severity for a in advice), key=_ORDER.__getitem__, default=None)
