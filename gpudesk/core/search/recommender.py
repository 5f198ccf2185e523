"""The recommender's API: `recommend` (every offer × GPU count, ranked) and the `Recommendation` it
answers with (`evaluate`, one configuration the user names, lives in `evaluate`).

The search runs once per platform shape and GPU count (`shape_search`), prices every offer in plain
numbers (`pricing`), and builds pydantic `Option`s only for what is shown: the top N at once, the
rest (`feasible`), the chart points (`points`) and the best option of each GPU type (`best_per_gpu`)
when first asked for.
"""

from __future__ import annotations

import bisect
import dataclasses
import heapq
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from gpudesk.core import units
from gpudesk.core.i18n import t
from gpudesk.core.models import Constraints, CostEstimate, Job, Objective, Option, TimeEstimate
from gpudesk.core.rules import COST_TIE_BAND, pareto_front
from gpudesk.core.search import advice as advice_rules
from gpudesk.core.search.evaluate import FixedLayout, evaluate
from gpudesk.core.search.layout_search import Engine, Found, LayoutSearch, default_engine
from gpudesk.core.search.options import OptionBuilder
from gpudesk.core.search.platforms import gpu_counts, rentable_shapes, search_max_gpus
from gpudesk.core.search.pricing import Entry, Group, Priced, billed_prices, plain_keys, price_runs
from gpudesk.core.quiet_gc import no_gc
from gpudesk.core.protocols import Catalogue
from gpudesk.core.search.ranking import (
    QUICKER_SHARE,
    SortKey,
    check_constraints,
    quicker_for_about_the_same,
    rank_key,
)
from gpudesk.core.search.shape_search import (
    MAX_GLOBAL_BATCH_TOKENS,
    MIN_CLUSTER_HOURS,
    MIN_SCALING_EFFICIENCY,
    ShapeRun,
    run_shapes,
)
from gpudesk.errors import GpudeskError

__all__ = [
    "FixedLayout",
    "MAX_GLOBAL_BATCH_TOKENS",
    "MIN_CLUSTER_HOURS",
    "MIN_SCALING_EFFICIENCY",
    "FeasiblePoint",
    "Recommendation",
    "evaluate",
    "recommend",
    "recommendation_json",
]

LARGER_LOOKAHEAD = 8  # how far past the cap a larger cluster is looked for (× the cap)
LARGER_SPEEDUP = QUICKER_SHARE  # ... and said when it finishes in at most this share of the time


@dataclass(frozen=True, slots=True)
class FeasiblePoint:
    """One feasible configuration as a chart draws it: the cheapest offer of one platform shape at one
    GPU count (its other offers only cost more for the same time). Attribute names follow `Option`."""

    gpu: str
    gpu_name: str
    gpus: int
    nodes: int
    offer: str | None
    provider: str | None
    region: str | None
    cost: CostEstimate
    time: TimeEstimate
    pareto: bool


@dataclass
class Recommendation:
    """The ranked answer. `options` is the top N; the rest is built on first use, so a command that
    prints the top N never pays for it: `feasible` (every offer × count that fits, in rank order),
    `points` (plain chart points) and `best_per_gpu` (the best option of each GPU type)."""

    options: list[Option]  # ranked, top N
    rejected: dict[str, int]
    searched: int
    objective: Objective = Objective.CHEAPEST
    notes: list[str] = field(default_factory=list)
    feasible_count: int = 0
    max_gpus: int | None = None  # the most GPUs the search settled on (the user's limit or one node)
    _answer: _Answer | None = field(default=None, repr=False, compare=False)
    _feasible: list[Option] | None = field(default=None, repr=False, compare=False)
    _points: list[FeasiblePoint] | None = field(default=None, repr=False, compare=False)

    @property
    def feasible(self) -> list[Option]:
        if self._feasible is None:
            if self._answer is None:
                self._feasible = list(self.options)
            else:
                with no_gc():
                    self._feasible = self._answer.all_options()
        return self._feasible

    @property
    def points(self) -> list[FeasiblePoint]:
        if self._points is None:
            self._points = (
                self._answer.points()
                if self._answer is not None
                else [
                    FeasiblePoint(
                        o.gpu,
                        units.gpu_name(o),
                        o.gpus,
                        o.nodes,
                        o.offer,
                        o.provider,
                        o.region,
                        o.cost,
                        o.time,
                        o.pareto,
                    )
                    for o in self.options
                ]
            )
        return self._points

    def best_per_gpu(self) -> list[Option]:
        """The best-ranked option of every GPU type, in rank order ("why not a cheaper card?")."""
        if self._answer is None:
            seen: dict[str, Option] = {}
            for o in self.options:
                seen.setdefault(o.gpu, o)
            return list(seen.values())
        return self._answer.best_per_gpu()

    def compared(self) -> list[Option]:
        """What a plan's alternatives are picked from: the top options and the best option of every other
        GPU type, in rank order."""
        listed = {id(o) for o in self.options}
        extra = [o for o in self.best_per_gpu() if id(o) not in listed]
        quicker = self._answer.quicker() if self._answer is not None else None
        if quicker is not None and id(quicker) not in listed and all(o is not quicker for o in extra):
            extra.append(quicker)  # the same money for a shorter run stays among the alternatives
        return sorted([*self.options, *extra], key=lambda o: o.rank)


def recommendation_json(rec: Recommendation) -> dict[str, Any]:
    """The CLI contract: {"options": [...], "rejected": {...}, "searched": N} plus extras."""
    return {
        "options": [o.model_dump(mode="json", warnings=False) for o in rec.options],
        "rejected": dict(sorted(rec.rejected.items())),
        "searched": rec.searched,
        "feasible": rec.feasible_count,
        "max_gpus": rec.max_gpus,
        "objective": str(rec.objective),
        "notes": list(rec.notes),
    }


class _Answer:
    """Everything needed to build any option of the answer later: the priced groups, the rank order,
    the Pareto front and the better-value points."""

    def __init__(
        self, job: Job, c: Constraints, engine: Engine, search: LayoutSearch, runs: list[ShapeRun], groups: list[Group]
    ):
        self.job, self.c, self.engine, self.search, self.runs = job, c, engine, search, runs
        self.groups = groups
        # a group is in rank order: the top N of the answer are among the first N of each group
        firsts = [g.first(c.top) for g in groups]
        self.candidates = [e for f in firsts for e in f]
        key = rank_key(c.objective, self.candidates, job.tokens is not None or not job.task.trains)
        self.sort_key: Callable[[Entry], tuple[SortKey, int]] = lambda e: (key(e), e.order)
        self.builder = OptionBuilder(job, engine, search)
        self.built: dict[int, Option] = {}  # entry order -> option (rank set when ranked)
        self._sorted: list[Entry] | None = None
        # Only the cheapest offer of a shape at a count can be on the Pareto front or be a better value
        # (the others take as long for more): the front and the value points come from those alone.
        self.firsts = [f[0] for f in firsts]
        self.cheapest = [e for e in self.firsts if e.cost_key is not None]
        coords = [(e.time_key, e.cost_key) for e in self.cheapest]
        self.front = {xy for xy, on in zip(coords, pareto_front(coords)) if on}
        timed = sorted(
            (e for e in self.cheapest if e.time_key is not None), key=lambda e: (e.cost_key, self.sort_key(e))
        )
        self.by_cost = [self.value_point(e) for e in timed]

    def found(self, e: Entry) -> Found:
        """The entry's layout on its own offer, priced."""
        run = self.runs[e.run]
        f = _found_at(run, e.step)
        plat = run.shape.platform_for(e.offer, e.max_nodes)
        ph, pm = billed_prices(e.offer, self.c.billing)
        return dataclasses.replace(
            f,
            platform=plat,
            cost=self.engine.cost(self.job, f.time, ph, pm),
            cost_key=e.cost_key,
            rate=e.rate,
            time_key=e.time_key,
            deadline_hours=f.time.hours,
            short=e.short,
        )

    def value_point(self, e: Entry) -> advice_rules.ValuePoint:
        gpu = self.runs[e.run].shape.platform.gpu
        return advice_rules.ValuePoint(
            gpu.id, units.localised(gpu, "name"), e.n, e.cost_key, e.time_key, self.job.currency
        )

    def option(self, e: Entry, rank: int) -> Option:
        o = self.built.get(e.order)
        if o is None:
            self.search.check()
            o = self.builder.option(self.found(e), (e.time_key, e.cost_key) in self.front)
            a = advice_rules.better_value(self.value_point(e), self.by_cost, self.job.task, by_cost=True)
            if a is not None:
                o.advice.append(a)
            self.built[e.order] = o
        o.rank = rank
        return o

    def top(self, n: int) -> list[Entry]:
        if self._sorted is not None:
            return self._sorted[:n]
        return heapq.nsmallest(n, self.candidates, key=self.sort_key)

    def ranked(self) -> list[Entry]:
        if self._sorted is None:
            self._sorted = sorted((e for g in self.groups for e in g.all()), key=self.sort_key)
        return self._sorted

    def all_options(self) -> list[Option]:
        return [self.option(e, i + 1) for i, e in enumerate(self.ranked())]

    def points(self) -> list[FeasiblePoint]:
        out = []
        for e in self.cheapest:
            run = self.runs[e.run]
            f = _found_at(run, e.step)
            ph, pm = billed_prices(e.offer, self.c.billing)
            gpu = run.shape.platform.gpu
            out.append(
                FeasiblePoint(
                    gpu.id,
                    units.localised(gpu, "name"),
                    e.n,
                    e.nodes,
                    getattr(e.offer, "id", None),
                    getattr(e.offer, "provider", None),
                    getattr(e.offer, "region", None),
                    self.engine.cost(self.job, f.time, ph, pm),
                    f.time,
                    (e.time_key, e.cost_key) in self.front,
                )
            )
        return out

    def quicker(self) -> Option | None:
        """The fastest offer-and-count costing at most SIMPLER_BAND more than the first option that finishes
        in at most QUICKER_SHARE of its time, or None (only with a job size: hours to compare)."""
        top = self.top(1)
        if not top or not self.job.task.trains or self.job.tokens is None:
            return None
        first = top[0]
        if first.cost_key is None or first.time_key is None:
            return None
        base_cost, base_hours = first.cost_key, first.time_key
        near = [
            e
            for e in self.cheapest
            if e.time_key is not None
            and e.cost_key is not None
            and quicker_for_about_the_same(e.cost_key, e.time_key, base_cost, base_hours)
        ]
        if not near:
            return None
        e = min(near, key=lambda e: (e.time_key, self.sort_key(e)))
        return self.option(e, self.ranks([e])[0])  # counted per group, the stop hook asked (no sort of all)

    def best_per_gpu(self) -> list[Option]:
        best: dict[str, tuple[tuple[SortKey, int], Entry]] = {}
        for e in self.firsts:
            gid = self.runs[e.run].shape.platform.gpu.id
            k = self.sort_key(e)
            if gid not in best or k < best[gid][0]:
                best[gid] = (k, e)
        chosen = sorted(best.values(), key=lambda x: x[0])
        ranks = self.ranks([e for _, e in chosen]) if len(chosen) > 1 else [1] * len(chosen)
        return [self.option(e, r) for (_, e), r in zip(chosen, ranks)]

    def ranks(self, entries: list[Entry]) -> list[int]:
        """The rank of each entry among all of them (1 + how many rank before it), counted group by group
        instead of sorting every entry (tens of thousands at 10,000 offers): a group's keys come in rank
        order, so sorting them is one linear pass and a bisection counts those before each entry. The
        stop hook is asked per group: a newer edit or a closing window stops this within milliseconds."""
        if self._sorted is not None:
            at = {e.order: i for i, e in enumerate(self._sorted)}
            return [at[e.order] + 1 for e in entries]
        keys = [self.sort_key(e) for e in entries]
        before = [0] * len(keys)
        for g in self.groups:
            self.search.check()
            group_keys = sorted(self.sort_key(e) for e in g.all())
            for j, k in enumerate(keys):
                before[j] += bisect.bisect_left(group_keys, k)
        return [b + 1 for b in before]


def _found_at(run: ShapeRun, step: int) -> Found:
    """The layout a search entry was priced on (entries are made only for steps that found one)."""
    f = run.steps[step].found
    assert f is not None, "a priced entry's step has a layout"
    return f


def recommend(
    job: Job,
    constraints: Constraints,
    catalog: Catalogue,
    *,
    engine: Engine | None = None,
    should_stop: Callable[[], bool] | None = None,
    cancel: Callable[[], bool] | None = None,
) -> Recommendation:
    """Ranked rental options for `job` under `constraints`, from every offer in `catalog`.

    `should_stop` (`cancel` is the same hook under the GUI's name) is asked every few milliseconds
    while the search runs; once it answers True the search raises `Cancelled` (a newer edit, the
    window closing). The lazily built parts of the answer ask it too.
    """
    with no_gc():
        return _recommend(job, constraints, catalog, engine or default_engine(), should_stop or cancel)


def _recommend(
    job: Job, c: Constraints, catalog: Catalogue, engine: Engine, should_stop: Callable[[], bool] | None = None
) -> Recommendation:
    search = LayoutSearch(job, c, engine, should_stop)
    search.check()
    check_constraints(job, c, catalog)
    filtered: dict[str, int] = {}
    shapes = rentable_shapes(job, c, catalog, filtered, search.check)
    if not shapes:
        raise _no_platform(c)
    runs, cap = run_shapes(search, shapes, c.max_gpus, search_max_gpus(c))
    priced = price_runs(job, c, runs, cap, search, engine, filtered)
    if not priced.found_any:
        raise _nothing_fits(job, search, priced.rejected)
    return _finish(job, c, runs, cap, priced, search, engine)


def _finish(
    job: Job, c: Constraints, runs: list[ShapeRun], cap: int, priced: Priced, search: LayoutSearch, engine: Engine
) -> Recommendation:
    groups, rejected = priced.groups, priced.rejected
    if c.budget is not None and rejected.get("over_budget") and all(g.costs[g.rank[0]] is None for g in groups):
        groups = []  # only unpriced options left: nothing is known to be within the budget
    if not groups:
        raise _nothing_kept(job, c, priced)
    answer = _Answer(job, c, engine, search, runs, groups)
    top = answer.top(c.top)
    options = [answer.option(e, i + 1) for i, e in enumerate(top)]
    notes = _notes(job, c, any(g.costs[g.rank[-1]] is None for g in groups), priced.unpriced_budget)
    if any(g.unverified for g in groups):
        notes.append(
            t(
                "Options that offload to the CPU on a server whose host RAM the catalogue does not state are "
                "ranked after the others: confirm the RAM they need with the provider.",
                "在目录未注明内存的服务器上做 CPU 卸载的方案排在其他方案之后：请向服务商确认所需内存。",
            )
        )
    larger = _larger_cluster(answer, top[0], cap)
    if larger:
        notes.append(larger)
    return Recommendation(
        options=options,
        rejected=dict(rejected),
        searched=priced.searched,
        objective=c.objective,
        notes=notes,
        feasible_count=priced.count,
        max_gpus=cap,
        _answer=answer,
    )


def _notes(job: Job, c: Constraints, unpriced: bool, unpriced_budget: int) -> list[str]:
    notes = []
    if unpriced:
        notes.append(
            t(
                "Options without a known price are ranked after priced ones for cost.",
                "价格未知的方案在按成本排序时排在有报价的方案之后。",
            )
        )
    if unpriced_budget:
        notes.append(
            t(
                "{n} unpriced options could not be checked against the budget.",
                "{n} 个方案价格未知，无法核对预算。",
                n=unpriced_budget,
            )
        )
    if job.tokens is None and job.task.trains:
        notes.append(
            t(
                "No training tokens given (--tokens): options are compared per token; costs within {b:.0%} "
                "of the cheapest count as equal and the lower hourly rate ranks first.",
                "未给出训练 token 数（--tokens）：按每个 token 比较；成本与最低者相差 {b:.0%} 以内视为相同，"
                "小时租金更低者优先。",
                b=COST_TIE_BAND,
            )
        )
    if c.deadline_hours is not None:
        notes.append(
            t(
                "Deadline checked against hours including the {m:.0%} trial-and-error margin.",
                "截止时间按含 {m:.0%} 试错余量的时长核对。",
                m=job.trial_margin,
            )
        )
    if c.budget is not None:
        notes.append(
            t(
                "The budget is a ceiling, not a target: within it the options are ranked by the objective, "
                "and near-equal ones by the simpler rental (fewer nodes), then the shorter run.",
                "预算是上限而非目标：预算内按目标排序，相差无几时优先更简单的租用方案（更少节点），其次是更短的运行时间。",
            )
        )
    return notes


def _larger_cluster(answer: _Answer, first: Entry, cap: int) -> str | None:
    """Say when more nodes of the first option's offer would finish clearly sooner (the smallest such
    cluster), and for how much: past the GPU limit, or within it when the ranking preferred the simpler
    rental (time objectives count a day's run on fewer nodes as fast enough)."""
    job = answer.job
    if not job.task.trains or job.tokens is None or first.time_key is None:
        return None
    run = answer.runs[first.run]
    p = run.shape.platform
    counts = gpu_counts(p.gpn, first.max_nodes, cap * LARGER_LOOKAHEAD)
    larger = [n for n in counts if n > cap or (n > first.n and n > p.gpn and n // p.gpn > first.nodes)]
    if not larger:
        return None
    run.advance(larger[-1])
    steps: list[tuple[int, Found, float]] = []  # (GPUs, layout, hours) of the larger clusters timed
    for s in run.steps:
        f = s.found
        if s.n in larger and f is not None and f.time.hours is not None:
            steps.append((s.n, f, f.time.hours))
    if not steps:
        return None
    limit = first.time_key * LARGER_SPEEDUP
    sooner = [x for x in steps if x[2] <= limit]
    if not sooner:
        return None
    n, found, hours = sooner[0]  # the smallest larger cluster that is clearly faster
    ph, pm = billed_prices(first.offer, answer.c.billing)
    cost, _ = plain_keys(job, found.time, n, ph, pm, answer.c.billing, answer.engine)
    args = dict(
        n=n,
        gpu=units.localised(p.gpu, "name"),
        nodes=found.nodes,
        h=units.hours(hours),
        h0=units.hours(first.time_key),
        x=units.money(cost, job.currency),
        x0=units.money(first.cost_key, job.currency),
        cap=cap,
    )
    if n <= cap:
        return t(
            "A larger cluster would finish sooner: {n}× {gpu} ({nodes} nodes) in {h} instead of {h0}, for {x} "
            "(the first option: {x0}); it ranks lower because fewer nodes finish in reasonable time for about "
            "the same cost, and are simpler to rent, wire and accept.",
            "更大的集群能更快完成：{n} 张 {gpu}（{nodes} 个节点）需 {h}，而非 {h0}，费用 {x}（首选方案：{x0}）；"
            "它排名靠后，因为更少的节点能以相近的费用在合理时间内完成，且更易租用、组网与验收。",
            **args,
        )
    return t(
        "A larger cluster would finish sooner: {n}× {gpu} ({nodes} nodes) in {h} instead of {h0}, for {x} "
        "(the first option: {x0}). The search stops at {cap} GPUs unless the job needs more; raise the most "
        "GPUs (--max-gpus {n}) to compare such clusters.",
        "更大的集群能更快完成：{n} 张 {gpu}（{nodes} 个节点）需 {h}，而非 {h0}，费用 {x}（首选方案：{x0}）。"
        "除非任务需要，搜索最多考虑 {cap} 张卡；如需比较这类集群，请提高最多显卡数（--max-gpus {n}）。",
        **args,
    )


def _nothing_kept(job: Job, c: Constraints, priced: Priced) -> GpudeskError:
    if c.budget is not None and priced.rejected.get("over_budget"):
        return GpudeskError(
            t(
                "no option fits the budget of {b:,.0f} {cur}; the cheapest that fits costs {x:,.0f}: "
                "raise --budget or use LoRA / fewer tokens",
                "没有方案在 {b:,.0f} {cur} 预算内；能放下的最便宜方案需 {x:,.0f}：请提高 --budget，"
                "或改用 LoRA / 减少 token",
                b=c.budget,
                cur=job.currency,
                x=priced.cheapest,
            )
        )
    if c.deadline_hours is not None and priced.rejected.get("misses_deadline") and priced.fastest_hours is not None:
        return GpudeskError(
            t(
                "no option meets the deadline of {d:g} h; the fastest takes {h:,.1f} h with the "
                "trial margin: allow more GPUs or a later deadline",
                "没有方案能在 {d:g} 小时内完成；最快的方案含试错余量需 {h:,.1f} 小时：请允许更多显卡或放宽截止时间",
                d=c.deadline_hours,
                h=priced.fastest_hours * (1 + job.trial_margin),
            )
        )
    return GpudeskError(t("no rental configuration matches the constraints", "没有符合约束条件的租用方案"))


def _no_platform(c: Constraints) -> GpudeskError:
    where = []
    if c.providers:
        where.append(t("from {p}", "来自 {p}", p=", ".join(c.providers)))
    if c.region:
        where.append(t("in region {r!r}", "位于地区 {r!r}", r=c.region))
    if c.gpu_allow or c.gpu_exclude:
        where.append(t("for the allowed GPUs", "针对所允许的显卡"))
    return GpudeskError(
        t(
            "the catalogue has no offer {where}; add the provider's price sheet (gpudesk catalog import "
            "FILE) or drop --provider / --region / --gpu-allow",
            "目录中没有{where}的报价；请导入该服务商的价格表（gpudesk catalog import FILE），"
            "或去掉 --provider / --region / --gpu-allow",
            where=" ".join(where) or t("at all", "任何"),
        )
    )


def _nothing_fits(job: Job, search: LayoutSearch, rejected: dict[str, int]) -> GpudeskError:
    if rejected.get("below_target_speed") and job.target_tokens_per_user is not None:
        return GpudeskError(
            t(
                "no setup reaches {x:g} tokens/s per user; the fastest that fits gives {best:.1f}: allow more GPUs "
                "(--max-gpus), serve fewer users per setup, shorten the context, quantise the weights or lower the target",
                "没有配置能达到每用户每秒 {x:g} 个 token；能放下的最快配置为 {best:.1f}：请允许更多显卡（--max-gpus）、"
                "减少并发、缩短上下文、量化权重或降低目标",
                x=job.target_tokens_per_user,
                best=search.fastest_per_user,
            )
        )
    if rejected.get("run_over_a_year") and search.shortest_over_a_year is not None:
        return GpudeskError(
            t(
                "every option that fits would run for more than a year (the shortest: {d:,.0f} days): allow more GPUs "
                "(--max-gpus), train on fewer tokens or use LoRA",
                "所有能放下的方案都要运行一年以上（最短 {d:,.0f} 天）：请允许更多显卡（--max-gpus）、减少训练 token 或改用 LoRA",
                d=search.shortest_over_a_year / 24,
            )
        )
    if search.closest is None and search.host_closest is None and search.unsupported_reason is not None:
        return GpudeskError(search.unsupported_reason)  # the framework refuses every count it was tried on
    advice = t(
        "allow more GPUs (--max-gpus), use LoRA or QLoRA, a shorter --seq-len, or a GPU with more memory",
        "请允许更多显卡（--max-gpus）、改用 LoRA 或 QLoRA、缩短 --seq-len，或选择显存更大的显卡",
    )
    if search.host_closest is not None:
        _, p, n, need = search.host_closest
        why = t(
            "fits GPU memory only by CPU offload, which needs {need} of host RAM per node (at most {most})",
            "只有把状态卸载到 CPU 才能放下显存，但每节点需要 {need} 内存（最多 {most}）",
            need=units.marketed(need),
            most=units.marketed(p.host_ram_max or 0),
        )
    elif search.closest is None:
        return GpudeskError(
            t(
                "no GPU in the catalogue matches the constraints (check --gpu-allow / --gpu-exclude, "
                "--provider and --region)",
                "目录中没有符合约束的显卡（请检查 --gpu-allow / --gpu-exclude、--provider 与 --region）",
            )
        )
    else:
        _, p, n, need = search.closest
        why = t(
            "needs {need} per GPU with every saving on (ZeRO-3, CPU offload, full recompute, micro-batch 1) but "
            "has {usable} usable",
            "在启用全部节省手段（ZeRO-3、CPU 卸载、完全重计算、微批次 1）后每卡仍需 {need}，而可用仅 {usable}",
            need=units.memory(need),
            usable=units.memory(p.usable),
        )
    return GpudeskError(
        t(
            "the job fits nowhere: the closest option tried, {n}× {gpu}, {why}; {advice}",
            "任务在任何配置上都放不下：最接近的 {n} 张 {gpu} {why}；{advice}",
            n=n,
            gpu=units.localised(p.gpu, "name"),
            why=why,
            advice=advice,
        )
    )
