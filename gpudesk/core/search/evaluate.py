"""Evaluating one configuration the user names: the best layout for a GPU model and count (optionally
an offer), or exactly the layout the user set by hand (the GUI's hand-set configuration)."""

from __future__ import annotations

from dataclasses import dataclass

from gpudesk.core import units
from gpudesk.core.engine.frameworks import layout_problem
from gpudesk.core.engine.parallel import rebatched
from gpudesk.core.i18n import t
from gpudesk.core.models import Constraints, Job, Layout, Offload, Option, Recompute
from gpudesk.core.protocols import Catalogue
from gpudesk.core.search.candidates import Candidate
from gpudesk.core.search.layout_search import Engine, Found, LayoutSearch, default_engine
from gpudesk.core.search.options import OptionBuilder
from gpudesk.core.search.platforms import Platform, rentable_platforms, search_max_gpus
from gpudesk.core.search.ranking import price_keys, rank_key
from gpudesk.errors import GpudeskError


def evaluate(
    job: Job,
    catalog: Catalogue,
    gpu_id: str,
    gpus: int,
    offer_id: str | None = None,
    constraints: Constraints | None = None,
    *,
    engine: Engine | None = None,
    layout: FixedLayout | None = None,
) -> Option:
    """The best layout for a configuration the user names (GPU model and count, optionally an offer).

    Without an offer, the cheapest offer of that GPU that can hold `gpus` is used (unpriced if none).
    When nothing fits, the least-memory layout is returned with memory.fits false and critical advice.
    With `layout`, exactly that layout is evaluated (GpudeskError with the reason if it cannot run).
    """
    engine = engine or default_engine()
    constraints = constraints or Constraints()
    if gpus < 1:
        raise GpudeskError(t("--gpus must be at least 1, got {n}", "--gpus 至少为 1，实际为 {n}", n=gpus))
    if layout is not None and job.task.trains:
        job = rebatched(job, layout.recompute, layout.micro_batch)
    gpu = catalog.gpu(gpu_id)
    only = None  # the offers looked at: the named one alone, else every offer of the GPU (the filters')
    if offer_id is not None:
        offer = catalog.offer(offer_id)
        only = [offer]
        if offer.gpu != gpu.id:
            raise GpudeskError(
                t(
                    "offer {o} rents {g1}, not {g2}",
                    "报价 {o} 出租的是 {g1}，不是 {g2}",
                    o=offer_id,
                    g1=offer.gpu,
                    g2=gpu.id,
                )
            )
        scoped = Constraints(max_gpus=max(gpus, search_max_gpus(Constraints())))
    else:
        scoped = constraints.model_copy(
            update={"gpu_allow": [gpu.id], "gpu_exclude": [], "max_gpus": max(gpus, search_max_gpus(constraints))}
        )
    search = LayoutSearch(job, scoped, engine)
    problem = search.framework_problem(gpus)
    if problem is not None:  # e.g. Unsloth on 2 GPUs: say so rather than lay it out anyway
        raise GpudeskError(problem)
    plats = [p for p in rentable_platforms(job, scoped, catalog, search.rejected, only) if p.gpu.id == gpu.id]
    if offer_id is not None:
        plats = [p for p in plats if p.offer is not None and p.offer.id == offer_id]
    if not plats:  # filtered out (provider/region): fall back to the GPU unpriced
        anywhere = Constraints(gpu_allow=[gpu.id], max_gpus=max(gpus, search_max_gpus(Constraints())))
        plats = [
            p
            for p in rentable_platforms(job, anywhere, catalog, {}, only)
            if p.gpu.id == gpu.id and (offer_id is None or getattr(p.offer, "id", None) == offer_id)
        ]
    usable = [p for p in plats if split_count(gpus, p) is not None]
    if not usable:
        most = max((p.gpn * p.max_nodes for p in plats), default=0)
        if gpus > most:
            raise GpudeskError(
                t(
                    "no offer of {g} provides {n} GPUs (at most {most} in one cluster)",
                    "没有 {g} 的报价能提供 {n} 张卡（单个集群最多 {most} 张）",
                    g=units.localised(gpu, "name"),
                    n=gpus,
                    most=most,
                )
            )
        gpn = min((p.gpn for p in plats if p.max_nodes > 1), default=min(p.gpn for p in plats))
        raise GpudeskError(
            t(
                "{n} GPUs do not split into whole nodes of {gpn} GPUs; use a multiple of {gpn}",
                "{n} 张卡无法拆分为每节点 {gpn} 张的整节点；请使用 {gpn} 的倍数",
                n=gpus,
                gpn=gpn,
            )
        )
    results = []
    for p in usable:
        f = (
            fixed_layout(search, p, gpus, layout)
            if layout is not None
            else (search.best(p, gpus) or least_memory(search, p, gpus))
        )
        if f is None:
            continue
        price_keys(f, job, scoped, engine)
        results.append(f)
    if not results:
        if job.cp > 1 or job.ep > 1:  # the context / expert parallel degree is what fails: say so
            from gpudesk.core.engine.parallel import check_job_layout

            check_job_layout(job, Layout(gpus=gpus))
        raise GpudeskError(
            t(
                "no valid layout for {n}× {g} (tensor parallel must divide the attention heads)",
                "{n} 张 {g} 没有可行的并行布局（张量并行度须整除注意力头数）",
                n=gpus,
                g=units.localised(gpu, "name"),
            )
        )
    results.sort(key=rank_key(constraints.objective, results, True))
    opt = OptionBuilder(job, engine, search).option(results[0])
    opt.rank = 1
    return opt


def split_count(gpus: int, p: Platform) -> tuple[int, int] | None:
    if gpus <= p.gpn:
        return 1, gpus
    if gpus % p.gpn == 0 and gpus // p.gpn <= p.max_nodes:
        return gpus // p.gpn, p.gpn
    return None


def least_memory(search: LayoutSearch, p: Platform, n: int) -> Found | None:
    levels, _, _ = search.levels(p, n)
    cands = [c for _, cs, _ in levels for c in cs]
    if not cands:
        return None
    c = min(cands, key=lambda c: (search.memory_total(c, n), c.level, c.score))
    layout = Layout(gpus=n, tp=c.tp, pp=c.pp, zero=c.zero, offload=c.offload)
    te = search.time_of(p, n, c)
    nodes = n // p.gpn if n > p.gpn else 1
    return Found(p, n, nodes, min(p.gpn, n), c, layout, search.memory_total(c, n), te)


@dataclass(frozen=True)
class FixedLayout:
    """A parallel layout named by the user (the GUI's hand-set configuration)."""

    tp: int = 1
    pp: int = 1
    zero: int = 0
    offload: Offload = Offload.NONE
    recompute: Recompute = Recompute.NONE
    micro_batch: int = 1


def fixed_layout(search: LayoutSearch, p: Platform, n: int, lay: FixedLayout) -> Found:
    """Exactly this layout on n GPUs of platform p; GpudeskError says why it cannot run."""
    job = search.job
    heads, layers = job.model.num_heads or 0, job.model.num_layers or 0
    tp, pp, zero, offload = lay.tp, lay.pp, lay.zero, Offload(lay.offload)
    if n % (tp * pp):
        raise GpudeskError(
            t(
                "{n} GPUs do not split into tensor parallel {tp} × pipeline {pp}",
                "{n} 张卡无法拆分为张量并行 {tp} × 流水线并行 {pp}",
                n=n,
                tp=tp,
                pp=pp,
            )
        )
    if tp > min(n, p.gpn):
        raise GpudeskError(
            t(
                "tensor parallel {tp} needs {tp} GPUs in one node; nodes here have {g}",
                "张量并行 {tp} 需要单节点内 {tp} 张卡；此节点只有 {g} 张",
                tp=tp,
                g=min(n, p.gpn),
            )
        )
    if tp > 1 and (not heads or heads % tp):
        raise GpudeskError(
            t(
                "tensor parallel {tp} must divide the {h} attention heads",
                "张量并行度 {tp} 须整除 {h} 个注意力头",
                tp=tp,
                h=heads or "?",
            )
        )
    if pp > 1 and (not layers or pp > layers):
        raise GpudeskError(
            t(
                "pipeline parallel {pp} needs at least {pp} layers (the model has {l})",
                "流水线并行 {pp} 至少需要 {pp} 层（模型有 {l} 层）",
                pp=pp,
                l=layers or "?",
            )
        )
    if pp > 1 and zero > 1:
        raise GpudeskError(
            t(
                "pipeline parallelism does not combine with ZeRO-2/3 (DeepSpeed, Megatron)",
                "流水线并行不能与 ZeRO-2/3 同时使用（DeepSpeed、Megatron）",
            )
        )
    if (offload is Offload.OPTIMIZER and zero < 2) or (offload is Offload.OPTIMIZER_PARAMS and zero < 3):
        need = 2 if offload is Offload.OPTIMIZER else 3
        raise GpudeskError(
            t(
                "CPU offload of {what} needs ZeRO stage {z} or higher",
                "卸载{what}到 CPU 需要 ZeRO {z} 级或更高",
                z=need,
                what=t("optimizer states", "优化器状态")
                if need == 2
                else t("optimizer states and parameters", "优化器状态与参数"),
            )
        )
    problem = layout_problem(job, Layout(gpus=n, tp=tp, pp=pp, zero=zero, offload=offload))
    if problem is not None:  # the framework has no tensor or pipeline stages (Hugging Face, Unsloth)
        raise GpudeskError(problem)
    if not job.task.trains and (zero or offload is not Offload.NONE):
        zero, offload = 0, Offload.NONE  # serving keeps no optimizer state to shard or offload
    dp = n // (tp * pp)
    level = 4 * (0, 1, 2)[list(Offload).index(offload)] + (2 if tp > p.nvlink_group else 0)
    c = Candidate(level, 0.0, 0, tp, pp, zero, offload)
    total = search.exact(0, dp if zero else 1, tp, pp, zero, offload)[0]
    te = search.time_of(p, n, c)
    nodes = n // p.gpn if n > p.gpn else 1
    return Found(p, n, nodes, min(p.gpn, n), c, Layout(gpus=n, tp=tp, pp=pp, zero=zero, offload=offload), total, te)
