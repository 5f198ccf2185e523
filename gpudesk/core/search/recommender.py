"""The recommender's API: `recommend` (every platform × GPU count, ranked) and `evaluate` (one
configuration the user names), and the `Recommendation` they answer with."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from gpudesk.core import units
from gpudesk.core.i18n import t
from gpudesk.core.models import Constraints, Job, Layout, Objective, Offload, Option, Recompute
from gpudesk.core.rules import COST_TIE_BAND, PRETRAIN_GLOBAL_BATCH_TOKENS, pareto_front
from gpudesk.core.search import advice as advice_rules
from gpudesk.core.search.candidates import Candidate
from gpudesk.core.search.layout_search import Engine, Found, LayoutSearch, default_engine
from gpudesk.core.search.options import OptionBuilder, value_point
from gpudesk.core.search.platforms import Platform, gpu_counts, rentable_platforms
from gpudesk.core.search.quiet_gc import no_gc
from gpudesk.core.search.ranking import check_constraints, price_keys, rank_key
from gpudesk.errors import GpudeskError

MIN_SCALING_EFFICIENCY = 0.5  # stop adding nodes once half of every GPU-hour goes to waiting
# Llama 2 and GPT-3 trained with 3–4M-token global batches; beyond that, more data-parallel replicas
# change the optimisation (a bigger batch), not just the speed, so the search stops there.
MAX_GLOBAL_BATCH_TOKENS = PRETRAIN_GLOBAL_BATCH_TOKENS
MIN_CLUSTER_HOURS = 1.0  # a job a node-sized cluster finishes within the hour gains nothing from more nodes


@dataclass
class Recommendation:
    """The ranked answer. `feasible` (every platform × count that fits, same order, for charts) is
    built on first use: a command that prints the top N never pays for the rest."""

    options: list[Option]  # ranked, top N
    rejected: dict[str, int]
    searched: int
    objective: Objective = Objective.CHEAPEST
    notes: list[str] = field(default_factory=list)
    feasible_count: int = 0
    _rest: Callable[[], list[Option]] | None = field(default=None, repr=False, compare=False)
    _feasible: list[Option] | None = field(default=None, repr=False, compare=False)

    @property
    def feasible(self) -> list[Option]:
        if self._feasible is None:
            with no_gc():
                rest = self._rest() if self._rest else []
            self._feasible = list(self.options) + rest
            self._rest = None
        return self._feasible


def recommendation_json(rec: Recommendation) -> dict:
    """The CLI contract: {"options": [...], "rejected": {...}, "searched": N} plus extras."""
    return {
        "options": [o.model_dump(mode="json", warnings=False) for o in rec.options],
        "rejected": dict(sorted(rec.rejected.items())),
        "searched": rec.searched,
        "feasible": rec.feasible_count,
        "objective": str(rec.objective),
        "notes": list(rec.notes),
    }


def finish(job: Job, constraints: Constraints, found: list[Found], search: LayoutSearch, engine: Engine,
            ) -> Recommendation:
    c = constraints
    kept: list[Found] = []
    unpriced_budget = 0
    for i, f in enumerate(found):
        if not i % 256:
            search.check()
        price_keys(f, job, c, engine)
        if c.deadline_hours is not None and f.deadline_hours is not None \
                and f.deadline_hours * (1 + job.trial_margin) > c.deadline_hours:
            search.reject("misses_deadline")
            continue
        if c.budget is not None and f.cost_key is not None and f.cost_key > c.budget:
            search.reject("over_budget")
            continue
        if c.budget is not None and f.cost_key is None:
            unpriced_budget += 1
        kept.append(f)
    if c.budget is not None and search.rejected.get("over_budget") and all(f.cost_key is None for f in kept):
        kept = []  # only unpriced options left: nothing is known to be within the budget
    if not kept:
        if c.budget is not None and search.rejected.get("over_budget"):
            cheapest = min((f.cost_key for f in found if f.cost_key is not None), default=None)
            raise GpudeskError(t("no option fits the budget of {b:,.0f} {cur}; the cheapest that fits costs {x:,.0f}: "
                                 "raise --budget or use LoRA / fewer tokens",
                                 "没有方案在 {b:,.0f} {cur} 预算内；能放下的最便宜方案需 {x:,.0f}：请提高 --budget，"
                                 "或改用 LoRA / 减少 token", b=c.budget, cur=job.currency, x=cheapest))
        if c.deadline_hours is not None and search.rejected.get("misses_deadline"):
            fastest = min(f.deadline_hours for f in found if f.deadline_hours is not None)
            raise GpudeskError(t("no option meets the deadline of {d:g} h; the fastest takes {h:,.1f} h with the "
                                 "trial margin: allow more GPUs or a later deadline",
                                 "没有方案能在 {d:g} 小时内完成；最快的方案含试错余量需 {h:,.1f} 小时：请允许更多显卡"
                                 "或放宽截止时间", d=c.deadline_hours, h=fastest * (1 + job.trial_margin)))
        raise GpudeskError(t("no rental configuration matches the constraints", "没有符合约束条件的租用方案"))
    search.check()
    kept.sort(key=rank_key(c.objective, kept, job.tokens is not None or not job.task.trains))
    search.check()
    front = pareto_front([(f.time_key, f.cost_key) for f in kept])
    search.check()
    builder = OptionBuilder(job, engine, search)
    points = [value_point(f, job) for f in kept]
    by_cost = sorted((pt for pt in points if pt.cost is not None and pt.hours is not None), key=lambda pt: pt.cost)

    def build(first: int, last: int) -> list[Option]:
        out = []
        for i in range(first, min(last, len(kept))):
            search.check()
            o = builder.option(kept[i], front[i])
            a = advice_rules.better_value(points[i], by_cost, job.task, by_cost=True)
            if a is not None:
                o.advice.append(a)
            o.rank = i + 1
            out.append(o)
        return out
    notes = []
    if any(f.cost_key is None for f in kept):
        notes.append(t("Options without a known price are ranked after priced ones for cost.",
                       "价格未知的方案在按成本排序时排在有报价的方案之后。"))
    if unpriced_budget:
        notes.append(t("{n} unpriced options could not be checked against the budget.",
                       "{n} 个方案价格未知，无法核对预算。", n=unpriced_budget))
    if job.tokens is None and job.task.trains:
        notes.append(t("No training tokens given (--tokens): options are compared per token; costs within {b:.0%} "
                       "of the cheapest count as equal and the lower hourly rate ranks first.",
                       "未给出训练 token 数（--tokens）：按每个 token 比较；成本与最低者相差 {b:.0%} 以内视为相同，"
                       "小时租金更低者优先。", b=COST_TIE_BAND))
    if c.deadline_hours is not None:
        notes.append(t("Deadline checked against hours including the {m:.0%} trial-and-error margin.",
                       "截止时间按含 {m:.0%} 试错余量的时长核对。", m=job.trial_margin))
    return Recommendation(options=build(0, c.top), rejected=dict(search.rejected), searched=search.searched,
                          objective=c.objective, notes=notes, feasible_count=len(kept),
                          _rest=lambda: build(c.top, len(kept)))


def _no_platform(c: Constraints) -> GpudeskError:
    where = []
    if c.providers:
        where.append(t("from {p}", "来自 {p}", p=", ".join(c.providers)))
    if c.region:
        where.append(t("in region {r!r}", "位于地区 {r!r}", r=c.region))
    if c.gpu_allow or c.gpu_exclude:
        where.append(t("for the allowed GPUs", "针对所允许的显卡"))
    return GpudeskError(t("the catalogue has no offer {where}; add the provider's price sheet (gpudesk catalog import "
                          "FILE) or drop --provider / --region / --gpu-allow",
                          "目录中没有{where}的报价；请导入该服务商的价格表（gpudesk catalog import FILE），"
                          "或去掉 --provider / --region / --gpu-allow",
                          where=" ".join(where) or t("at all", "任何")))


def _nothing_fits(job: Job, search: LayoutSearch) -> GpudeskError:
    if search.rejected.get("below_target_speed") and job.target_tokens_per_user is not None:
        return GpudeskError(t(
            "no setup reaches {x:g} tokens/s per user; the fastest that fits gives {best:.1f}: allow more GPUs "
            "(--max-gpus), serve fewer users per setup, shorten the context, quantise the weights or lower the target",
            "没有配置能达到每用户每秒 {x:g} 个 token；能放下的最快配置为 {best:.1f}：请允许更多显卡（--max-gpus）、"
            "减少并发、缩短上下文、量化权重或降低目标", x=job.target_tokens_per_user, best=search.fastest_per_user))
    if search.closest is None and search.host_closest is None:
        return GpudeskError(t("no GPU in the catalogue matches the constraints (check --gpu-allow / --gpu-exclude, "
                              "--provider and --region)",
                              "目录中没有符合约束的显卡（请检查 --gpu-allow / --gpu-exclude、--provider 与 --region）"))
    advice = t("allow more GPUs (--max-gpus), use LoRA or QLoRA, a shorter --seq-len, or a GPU with more memory",
               "请允许更多显卡（--max-gpus）、改用 LoRA 或 QLoRA、缩短 --seq-len，或选择显存更大的显卡")
    if search.host_closest is not None:
        _, p, n, need = search.host_closest
        return GpudeskError(t(
            "the job fits nowhere: the closest option tried, {n}× {gpu}, fits GPU memory only by CPU offload, which "
            "needs {need} of host RAM per node (at most {most}); {advice}",
            "任务在任何配置上都放不下：最接近的 {n} 张 {gpu} 只有把状态卸载到 CPU 才能放下显存，但每节点需要 "
            "{need} 内存（最多 {most}）；{advice}",
            n=n, gpu=p.gpu.name, need=units.marketed(need), most=units.marketed(p.host_ram_max), advice=advice))
    _, p, n, need = search.closest
    return GpudeskError(t(
        "the job fits nowhere: the closest option tried, {n}× {gpu}, needs {need} per GPU with every saving "
        "on (ZeRO-3, CPU offload, full recompute, micro-batch 1) but has {usable} usable; {advice}",
        "任务在任何配置上都放不下：最接近的 {n} 张 {gpu} 在启用全部节省手段（ZeRO-3、CPU 卸载、完全重计算、微批次 1）"
        "后每卡仍需 {need}，而可用仅 {usable}；{advice}",
        n=n, gpu=p.gpu.name, need=units.memory(need), usable=units.memory(p.usable), advice=advice))


def recommend(job: Job, constraints: Constraints, catalog, *, engine: Engine | None = None,
              should_stop: Callable[[], bool] | None = None,
              cancel: Callable[[], bool] | None = None) -> Recommendation:
    """Ranked rental options for `job` under `constraints`, from every offer in `catalog`.

    `should_stop` (`cancel` is the same hook under the GUI's name) is asked every few milliseconds
    while the search runs; once it answers True the search raises `Cancelled` (a newer edit, the
    window closing). The lazily built `feasible` list asks it too.
    """
    with no_gc():
        return _recommend(job, constraints, catalog, engine or default_engine(), should_stop or cancel)


def _recommend(job: Job, constraints: Constraints, catalog, engine: Engine,
               should_stop: Callable[[], bool] | None = None) -> Recommendation:
    search = LayoutSearch(job, constraints, engine, should_stop)
    search.check()
    check_constraints(job, constraints, catalog)
    plats = rentable_platforms(job, constraints, catalog, search.rejected)
    if not plats:
        raise _no_platform(constraints)
    found: list[Found] = []
    for p in plats:
        smallest = None  # serving: the fewest GPUs that hold one replica
        for n in gpu_counts(p.gpn, p.max_nodes, constraints.max_gpus):
            search.check()
            if smallest is not None and n > smallest * job.concurrency:
                search.reject("idle_replicas", 1)  # more replicas than sequences in flight: they would idle
                continue
            f = search.best(p, n)
            if f is not None:
                if job.task.trains and n > 1 and search.global_batch_tokens(f) > MAX_GLOBAL_BATCH_TOKENS:
                    search.reject("global_batch_too_large", 1)
                    break
                found.append(f)
                if not job.task.trains and smallest is None:
                    smallest = n
                if n > p.gpn and f.time.scaling_efficiency < MIN_SCALING_EFFICIENCY:
                    break  # more nodes would only add cost: the network already dominates
                if job.task.trains and n >= p.gpn and f.time.hours is not None and f.time.hours < MIN_CLUSTER_HOURS:
                    break  # done within the hour already: more nodes add provisioning, not value
    if not found:
        raise _nothing_fits(job, search)
    return finish(job, constraints, found, search, engine)


def evaluate(job: Job, catalog, gpu_id: str, gpus: int, offer_id: str | None = None,
             constraints: Constraints | None = None, *, engine: Engine | None = None,
             layout: FixedLayout | None = None) -> Option:
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
        mb = layout.micro_batch
        job = job.model_copy(update={"recompute": layout.recompute, "micro_batch": mb,
                                     "grad_accum": max(1, job.grad_accum * job.micro_batch // mb)})
    gpu = catalog.gpu(gpu_id)
    if offer_id is not None:
        offer = catalog.offer(offer_id)
        if offer.gpu != gpu.id:
            raise GpudeskError(t("offer {o} rents {g1}, not {g2}", "报价 {o} 出租的是 {g1}，不是 {g2}",
                                 o=offer_id, g1=offer.gpu, g2=gpu.id))
        scoped = Constraints(max_gpus=max(gpus, Constraints().max_gpus))
    else:
        scoped = constraints.model_copy(update={"gpu_allow": [gpu.id], "gpu_exclude": [],
                                                "max_gpus": max(gpus, constraints.max_gpus)})
    search = LayoutSearch(job, scoped, engine)
    plats = [p for p in rentable_platforms(job, scoped, catalog, search.rejected) if p.gpu.id == gpu.id]
    if offer_id is not None:
        plats = [p for p in plats if p.offer is not None and p.offer.id == offer_id]
    if not plats:  # filtered out (provider/region): fall back to the GPU unpriced
        anywhere = Constraints(gpu_allow=[gpu.id], max_gpus=max(gpus, Constraints().max_gpus))
        plats = [p for p in rentable_platforms(job, anywhere, catalog, {})
                 if p.gpu.id == gpu.id and (offer_id is None or getattr(p.offer, "id", None) == offer_id)]
    usable = [p for p in plats if split_count(gpus, p) is not None]
    if not usable:
        most = max((p.gpn * p.max_nodes for p in plats), default=0)
        if gpus > most:
            raise GpudeskError(t("no offer of {g} provides {n} GPUs (at most {most} in one cluster)",
                                 "没有 {g} 的报价能提供 {n} 张卡（单个集群最多 {most} 张）", g=gpu.name, n=gpus, most=most))
        gpn = min((p.gpn for p in plats if p.max_nodes > 1), default=min(p.gpn for p in plats))
        raise GpudeskError(t("{n} GPUs do not split into whole nodes of {gpn} GPUs; use a multiple of {gpn}",
                             "{n} 张卡无法拆分为每节点 {gpn} 张的整节点；请使用 {gpn} 的倍数", n=gpus, gpn=gpn))
    results = []
    for p in usable:
        f = fixed_layout(search, p, gpus, layout) if layout is not None else \
            (search.best(p, gpus) or least_memory(search, p, gpus))
        if f is None:
            continue
        price_keys(f, job, scoped, engine)
        results.append(f)
    if not results:
        if job.cp > 1 or job.ep > 1:  # the context / expert parallel degree is what fails: say so
            from gpudesk.core.engine.parallel import check_job_layout

            check_job_layout(job, Layout(gpus=gpus))
        raise GpudeskError(t("no valid layout for {n}× {g} (tensor parallel must divide the attention heads)",
                             "{n} 张 {g} 没有可行的并行布局（张量并行度须整除注意力头数）", n=gpus, g=gpu.name))
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
        raise GpudeskError(t("{n} GPUs do not split into tensor parallel {tp} × pipeline {pp}",
                             "{n} 张卡无法拆分为张量并行 {tp} × 流水线并行 {pp}", n=n, tp=tp, pp=pp))
    if tp > min(n, p.gpn):
        raise GpudeskError(t("tensor parallel {tp} needs {tp} GPUs in one node; nodes here have {g}",
                             "张量并行 {tp} 需要单节点内 {tp} 张卡；此节点只有 {g} 张", tp=tp, g=min(n, p.gpn)))
    if tp > 1 and (not heads or heads % tp):
        raise GpudeskError(t("tensor parallel {tp} must divide the {h} attention heads",
                             "张量并行度 {tp} 须整除 {h} 个注意力头", tp=tp, h=heads or "?"))
    if pp > 1 and (not layers or pp > layers):
        raise GpudeskError(t("pipeline parallel {pp} needs at least {pp} layers (the model has {l})",
                             "流水线并行 {pp} 至少需要 {pp} 层（模型有 {l} 层）", pp=pp, l=layers or "?"))
    if pp > 1 and zero > 1:
        raise GpudeskError(t("pipeline parallelism does not combine with ZeRO-2/3 (DeepSpeed, Megatron)",
                             "流水线并行不能与 ZeRO-2/3 同时使用（DeepSpeed、Megatron）"))
    if (offload is Offload.OPTIMIZER and zero < 2) or (offload is Offload.OPTIMIZER_PARAMS and zero < 3):
        need = 2 if offload is Offload.OPTIMIZER else 3
        raise GpudeskError(t("CPU offload of {what} needs ZeRO stage {z} or higher",
                             "卸载{what}到 CPU 需要 ZeRO {z} 级或更高", z=need,
                             what=t("optimizer states", "优化器状态") if need == 2 else
                             t("optimizer states and parameters", "优化器状态与参数")))
    if not job.task.trains and (zero or offload is not Offload.NONE):
        zero, offload = 0, Offload.NONE  # serving keeps no optimizer state to shard or offload
    dp = n // (tp * pp)
    level = 2 * (0, 1, 2)[list(Offload).index(offload)] + (1 if tp > p.nvlink_group else 0)
    c = Candidate(level, 0.0, 0, tp, pp, zero, offload)
    total = search.exact(0, dp if zero else 1, tp, pp, zero, offload)[0]
    te = search.time_of(p, n, c)
    nodes = n // p.gpn if n > p.gpn else 1
    return Found(p, n, nodes, min(p.gpn, n), c, Layout(gpus=n, tp=tp, pp=pp, zero=zero, offload=offload), total, te)
