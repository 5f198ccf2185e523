"""The best layout for one platform and GPU count: the least CPU offload that fits, then the fastest of
the few layouts a static score ranks first (memory, time and candidate caches shared across GPUs)."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from gpudesk.core.i18n import t
from gpudesk.core.engine.cost import Pricer
from gpudesk.core.models import (
    Billing,
    Cluster,
    Constraints,
    CostEstimate,
    Job,
    Layout,
    MemoryEstimate,
    Offload,
    TimeEstimate,
)
from gpudesk.core.rules import usable_bytes
from gpudesk.core.search.candidates import NO_OFFLOAD_LEVELS, Candidate, candidates, degrees, variants
from gpudesk.core.search.platforms import Platform
from gpudesk.errors import GpudeskError

TIMED_PER_COUNT = 2  # layouts timed per (platform, count): the first that fit by static score
_ANY_CAPACITY = 80 * 10**9  # memory per GPU does not depend on capacity; only `fits` does


class Cancelled(GpudeskError):
    """The caller no longer wants this answer (a newer edit, the window closing): raised from inside
    the search as soon as its `should_stop` says so."""


@dataclass(frozen=True)
class Engine:
    """The estimators the search calls (the real ones by default; tests pass synthetic ones).

    `pricer(job, time, billing)` gives the objective's cost for many offers' prices at once (lists of ph
    and pm), `objective_cost(cost(job, time, ph, pm), billing)` in plain numbers: the search prices every
    offer with it. None derives it from `cost`."""

    memory: Callable[[Job, Layout, int], MemoryEstimate]
    time: Callable[[Job, Layout, Cluster], TimeEstimate]
    cost: Callable[[Job, TimeEstimate, float | None, float | None], CostEstimate]
    params: Callable[[Job], int]
    pricer: Callable[[Job, TimeEstimate, Billing | None], Pricer] | None = None

    def pricer_for(self, job: Job, time: TimeEstimate, billing: Billing | None) -> Pricer:
        if self.pricer is not None:
            return self.pricer(job, time, billing)
        from gpudesk.core.engine.cost import objective_cost

        return lambda phs, pms: [objective_cost(self.cost(job, time, ph, pm), billing) for ph, pm in zip(phs, pms)]


def default_engine() -> Engine:
    from gpudesk.core.engine.architecture import count_params
    from gpudesk.core.engine.cost import cost_estimate, objective_pricer
    from gpudesk.core.engine.memory import memory_estimate
    from gpudesk.core.engine.timing import time_estimate

    return Engine(
        memory_estimate, time_estimate, cost_estimate, lambda job: count_params(job.model).total, objective_pricer
    )


# cache keys: (variant, dp, tp, pp, ZeRO, offload); (GPU, GPUs per node, topology, link GB/s, network Gb/s,
# GPU count, variant, tp, pp, ZeRO, offload); (tp degrees, pp degrees, dp > 1 for each, multi-node,
# NVLink group, the GPU count when cp or ep depend on it)
_MemKey = tuple[int, int, int, int, int, Offload]
_TimeKey = tuple[str, int, str, float | None, float | None, int, int, int, int, int, Offload]
_CandKey = tuple[tuple[int, ...], tuple[int, ...], tuple[bool, ...], bool, int, int | None]
Level = tuple[int, list[Candidate], list[Candidate]]  # (level, by score, the least-memory ones)


@dataclass
class Found:
    """The best layout for one platform and GPU count (plain data; an Option is built only if kept)."""

    platform: Platform
    n: int
    nodes: int
    gpn: int
    cand: Candidate
    layout: Layout
    memory_total: int
    time: TimeEstimate
    cost: CostEstimate | None = None
    cost_key: float | None = None  # the objective's cost (or the cost of one token when no --tokens)
    rate: float | None = None  # rental per hour of all the GPUs
    time_key: float | None = None  # hours (or seconds per token when no --tokens)
    deadline_hours: float | None = None
    short: bool = False  # shorter than the minimum rental period
    unverified: bool = False  # CPU offload on a node whose host RAM the catalogue does not state


class LayoutSearch:
    def __init__(
        self, job: Job, constraints: Constraints, engine: Engine, should_stop: Callable[[], bool] | None = None
    ):
        self.job = job
        self.should_stop = should_stop
        self.constraints = constraints
        self.engine = engine
        self.variants = variants(job)
        self.mem_cache: dict[_MemKey, tuple[int, int, MemoryEstimate]] = {}
        self.total_cache: dict[tuple[Candidate, int], int] = {}
        self.time_cache: dict[_TimeKey, TimeEstimate] = {}
        self.cand_cache: dict[_CandKey, tuple[list[Level], int]] = {}  # degrees -> (levels, candidate count)
        self.rejected: dict[str, int] = {}
        self.searched = 0
        self.closest: tuple[float, Platform, int, int] | None = None  # (need/usable, platform, n, need)
        self.host_closest: tuple[float, Platform, int, int] | None = None  # the same for offload's host RAM
        self.unsupported_reason: str | None = None  # the framework's reason, when it refused a GPU count
        self._framework_problems: dict[int, str | None] = {}
        self.shortest_over_a_year: float | None = None  # hours of the shortest run rejected as over a year
        self.fastest_per_user = 0.0  # serving: the best tokens/s per user of any layout timed
        # The guide's quick rule (20 B/param for full training, less for LoRA) for the whole job: a
        # layout without offload must also pass it over all its GPUs (7B full: 140 GB, "2× 80 GB barely").
        self.guide_bytes = 0
        if job.task.trains:
            self.guide_bytes = engine.memory(job, Layout(), _ANY_CAPACITY).quick_estimate_bytes or 0

    def framework_problem(self, n: int) -> str | None:
        """Why the job's framework cannot train on n GPUs at all (one GPU only, the task, CP/EP), or None;
        the first such reason is kept for the message when nothing is left."""
        if not self.job.task.trains:
            return None
        if n in self._framework_problems:
            return self._framework_problems[n]
        from gpudesk.core.engine.frameworks import layout_problem

        problem = self._framework_problems[n] = layout_problem(self.job, Layout(gpus=n))
        if problem is not None and self.unsupported_reason is None:
            self.unsupported_reason = problem  # the first (fewest GPUs) says what the framework lacks for the job
        return problem

    def note_over_a_year(self, hours: float) -> None:
        if self.shortest_over_a_year is None or hours < self.shortest_over_a_year:
            self.shortest_over_a_year = hours

    def check(self) -> None:
        """Stop here (raise Cancelled) if the caller asked to. Called between units of work of at most
        a few milliseconds: per platform and count, per candidate level, per option built."""
        if self.should_stop is not None and self.should_stop():
            raise Cancelled(t("search cancelled", "搜索已取消"))

    def global_batch_tokens(self, f: Found) -> int:
        """Tokens per optimizer step: replicas × micro-batch × accumulation × sequence length (the engine's
        rule: accumulation follows from the job's global batch when it has one)."""
        from gpudesk.core.engine.parallel import global_batch_tokens

        return global_batch_tokens(self.variants[f.cand.variant].job, f.layout)

    def reject(self, reason: str, k: int = 1) -> None:
        if k:
            self.rejected[reason] = self.rejected.get(reason, 0) + k

    def exact(self, vi: int, dp: int, tp: int, pp: int, zero: int, offload: Offload) -> tuple[int, int, MemoryEstimate]:
        """(GPU bytes per GPU, host RAM bytes per node, the estimate) from the engine, cached."""
        key = (vi, dp, tp, pp, zero, offload)
        got = self.mem_cache.get(key)
        if got is None:
            layout = Layout(gpus=dp * tp * pp, tp=tp, pp=pp, zero=zero, offload=offload)
            m = self.engine.memory(self.variants[vi].job, layout, _ANY_CAPACITY)
            got = self.mem_cache[key] = (m.per_gpu_bytes.total, m.host_ram_bytes or 0, m)
        return got

    def memory_block(self, f: Found) -> MemoryEstimate:
        """The engine's memory estimate for a found option on its GPU (the cached one, re-fitted to the
        GPU's capacity: nothing else in it depends on the GPU model)."""
        _, _, vi, tp, pp, zero, offload = f.cand
        m = self.exact(vi, f.n // (tp * pp), tp, pp, zero, offload)[2]
        cap = f.platform.gpu.memory_bytes
        usable = usable_bytes(cap, self.job.headroom)
        return MemoryEstimate.model_construct(
            **{
                **m.__dict__,
                "gpu_capacity_bytes": cap,
                "usable_bytes": usable,
                "fits": m.per_gpu_bytes.total <= usable,
                "details": dict(m.details),
            }
        )

    def exact_memory(self, vi: int, dp: int, tp: int, pp: int, zero: int, offload: Offload) -> int:
        return self.exact(vi, dp, tp, pp, zero, offload)[0]

    def memory_total(self, c: Candidate, n: int) -> int:
        key = (c, n)
        total = self.total_cache.get(key)
        if total is None:
            total = self.total_cache[key] = self._memory_total(c, n)
        return total

    def _memory_total(self, c: Candidate, n: int) -> int:
        """Memory per GPU of candidate c on n GPUs (does not depend on the GPU model).

        ZeRO shards model states over the data-parallel degree, so for a fixed layout the total is
        replicated + sharded / dp for every dp >= 2 (ZeRO paper, fig. 1): two engine calls (dp = 2, 4)
        give it for any dp. Parameter offload caps gradients at the live layers (not of that form):
        computed exactly, as are small dp. The chosen layout is always checked with an exact call.
        """
        _, _, vi, tp, pp, zero, offload = c
        dp = n // (tp * pp)
        if zero == 0 and self.job.cp == 1:
            return self.exact_memory(vi, 1, tp, pp, 0, offload)
        if dp <= 4 or offload is Offload.OPTIMIZER_PARAMS or self.job.cp > 1 or self.job.ep > 1:
            return self.exact_memory(vi, dp, tp, pp, zero, offload)
        t2 = self.exact_memory(vi, 2, tp, pp, zero, offload)
        t4 = self.exact_memory(vi, 4, tp, pp, zero, offload)
        sharded = 4 * (t2 - t4)
        return math.ceil(t2 - sharded / 2 + sharded / dp)

    def cluster(self, p: Platform, n: int) -> Cluster:
        return Cluster(
            gpu=p.gpu,
            gpus_per_node=min(p.gpn, n),
            intra_node_gbps=p.intra_gbps,
            inter_node_gbps=p.inter_gbytes,
            host_ram_bytes=getattr(p.server, "host_ram_bytes", None),
        )

    def time_of(self, p: Platform, n: int, c: Candidate) -> TimeEstimate:
        _, _, vi, tp, pp, zero, offload = c
        key = (p.gpu.id, p.gpn, p.topology, p.intra_gbps, p.network_gbps, n, vi, tp, pp, zero, offload)
        te = self.time_cache.get(key)
        if te is None:
            layout = Layout(gpus=n, tp=tp, pp=pp, zero=zero, offload=offload)
            te = self.time_cache[key] = self.engine.time(self.variants[vi].job, layout, self.cluster(p, n))
        return te

    def levels(self, p: Platform, n: int) -> tuple[list[Level], int, int]:
        """Candidates grouped by level: (level, by score, the least-memory ones), invalid count, total
        (degrees the framework does not do are counted under framework_unsupported)."""
        tps, pps, invalid, unsupported = degrees(self.job, n, p.gpn)
        self.searched += unsupported
        self.reject("framework_unsupported", unsupported)
        sharded = tuple(n > tp * pp for tp in tps for pp in pps)
        multi = n > p.gpn
        cp, ep = self.job.cp, self.job.ep
        ckey = (tps, pps, sharded, multi, p.nvlink_group, n if cp > 1 or ep > 1 else None)
        got = self.cand_cache.get(ckey)
        if got is None:
            cands = candidates(self.job, self.variants, tps, pps, sharded, multi, p.nvlink_group)
            if cp > 1 or ep > 1:  # context / expert parallel degrees must fit the layout (engine/parallel.py)
                cands = [c for c in cands if n % (c.tp * c.pp * cp) == 0 and (n // (c.tp * c.pp)) % ep == 0]
            groups: dict[int, list[Candidate]] = {}
            for c in cands:
                groups.setdefault(c.level, []).append(c)
            levels: list[Level] = []
            for level, cs in sorted(groups.items()):
                # memory falls with ZeRO stage, recompute and smaller micro-batches: per (tp, pp) the
                # highest ZeRO stage with the level's last (least-memory) variant bounds the level from below
                last_vi = max(c.variant for c in cs)
                extremal: dict[tuple[int, int], Candidate] = {}
                for c in cs:
                    if c.variant == last_vi and ((c.tp, c.pp) not in extremal or c.zero > extremal[(c.tp, c.pp)].zero):
                        extremal[(c.tp, c.pp)] = c
                levels.append((level, cs, list(extremal.values())))
            got = self.cand_cache[ckey] = (levels, len(cands))
        return got[0], invalid, got[1]

    def best(self, p: Platform, n: int) -> Found | None:
        """The best layout for n GPUs on platform p, or None (rejections counted)."""
        problem = self.framework_problem(n)
        if problem is not None:  # e.g. Unsloth on more than one GPU: nothing to lay out
            self.searched += 1
            self.reject("framework_unsupported")
            return None
        levels, invalid, total_cands = self.levels(p, n)
        self.searched += total_cands + invalid
        self.reject("layout_invalid", invalid)
        if not total_cands:
            return None
        fits: list[tuple[Candidate, int]] = []
        skipped = 0  # candidates known not to fit (their level's floor is too high, or tried)
        floor_seen = math.inf
        guide_ok = self.guide_bytes <= n * p.usable
        for level, cands, extremal in levels:
            self.check()
            if level < NO_OFFLOAD_LEVELS and not guide_ok:  # no offload: the guide's rule of thumb must hold too
                skipped += len(cands)
                continue
            floor = min(self.memory_total(c, n) for c in extremal)
            floor_seen = min(floor_seen, floor)
            if floor > p.usable:
                skipped += len(cands)
                continue
            for c in cands:
                total = self.memory_total(c, n)
                if total <= p.usable:
                    fits.append((c, total))
                    if len(fits) >= TIMED_PER_COUNT and self.job.task.trains:  # serving: few layouts, time all
                        break
                else:
                    skipped += 1
            if fits:
                break
        if not fits:
            if floor_seen is math.inf:  # only the guide's rule was checked
                floor_seen = math.ceil(self.guide_bytes / n)
            self._note_closest(p, n, int(floor_seen))
            self.reject("does_not_fit", total_cands)
            return None
        best: tuple[tuple[float, float], Candidate, int, TimeEstimate] | None = None
        host_short = slow = 0
        for c, total in fits:
            _, _, vi, tp, pp, zero, offload = c
            total, host, _ = self.exact(vi, n // (tp * pp) if zero else 1, tp, pp, zero, offload)
            if total > p.usable:  # the dp model was off by rounding at the very edge
                continue
            ram = p.host_ram_max  # None: not stated; the option says what to confirm (advice host-ram-unknown)
            if offload is not Offload.NONE and ram is not None and host > ram:
                host_short += 1  # offloaded states would not fit in the node's RAM
                if self.host_closest is None or host / ram < self.host_closest[0]:
                    self.host_closest = (host / ram, p, n, host)
                continue
            te = self.time_of(p, n, c)
            if self._too_slow_for_users(te):
                slow += 1
                continue
            key = (-(te.tokens_per_second or 0.0), c.score)
            if best is None or key < best[0]:
                best = (key, c, total, te)
        if best is None:
            self.reject("host_ram_too_small", host_short)
            self.reject("below_target_speed", slow)
            self.reject("does_not_fit", total_cands - host_short - slow)
            return None
        _, c, total, te = best
        self.reject("host_ram_too_small", host_short)
        self.reject("below_target_speed", slow)
        self.reject("does_not_fit", skipped)
        self.reject("not_best_layout", total_cands - skipped - host_short - slow - 1)
        nodes = n // p.gpn if n > p.gpn else 1
        layout = Layout(gpus=n, tp=c.tp, pp=c.pp, zero=c.zero, offload=c.offload)
        return Found(
            p,
            n,
            nodes,
            min(p.gpn, n),
            c,
            layout,
            total,
            te,
            unverified=c.offload is not Offload.NONE and p.host_ram_max is None,
        )

    def _too_slow_for_users(self, te: TimeEstimate) -> bool:
        """--target-tokens-per-user: a serving layout slower per user is not offered (the fastest seen is kept
        for the message when nothing is fast enough)."""
        target = self.job.target_tokens_per_user
        speed = te.serving.tokens_per_second_per_user if te.serving is not None else None
        if target is None or speed is None:
            return False
        self.fastest_per_user = max(self.fastest_per_user, speed)
        return speed < target

    def _note_closest(self, p: Platform, n: int, need: int) -> None:
        ratio = need / max(p.usable, 1)
        if self.closest is None or ratio < self.closest[0] or (ratio == self.closest[0] and n > self.closest[2]):
            self.closest = (ratio, p, n, need)
