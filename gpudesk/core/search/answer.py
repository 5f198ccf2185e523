"""The search's answer before it is shown: the priced groups, their rank order, the Pareto front and the
better-value points, from which any option of the answer is built when first asked for (`SearchAnswer`),
and the plain chart points (`FeasiblePoint`)."""

from __future__ import annotations

import bisect
import dataclasses
import heapq
from collections.abc import Callable
from dataclasses import dataclass

from gpudesk.core import units
from gpudesk.core.models import Constraints, CostEstimate, Job, Objective, Option, TimeEstimate
from gpudesk.core.rules import pareto_front
from gpudesk.core.search import advice as advice_rules
from gpudesk.core.search.layout_search import Engine, Found, LayoutSearch
from gpudesk.core.search.options import OptionBuilder
from gpudesk.core.search.pricing import Entry, Group, billed_prices
from gpudesk.core.search.ranking import SortKey, quicker_for_about_the_same, rank_key
from gpudesk.core.search.shape_search import ShapeRun


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


class SearchAnswer:
    """Everything needed to build any option of the answer later: the priced groups, the rank order,
    the Pareto front and the better-value points."""

    def __init__(
        self, job: Job, c: Constraints, engine: Engine, search: LayoutSearch, runs: list[ShapeRun], groups: list[Group]
    ):
        self.job, self.c, self.engine, self.search, self.runs = job, c, engine, search, runs
        self.groups = groups
        # The rank key depends on the cheapest cost and the shortest time alone: both are among the first
        # (cheapest) entry of each group, as all of a group's entries take the same time.
        self.firsts = [g.entry(0) for g in groups]
        sized = job.tokens is not None or not job.task.trains
        key = rank_key(c.objective, self.firsts, sized)
        self.sort_key: Callable[[Entry], tuple[SortKey, int]] = lambda e: (key(e), e.order)
        # Inside a group only the cost (and the catalogue order) differs, and the key rises with it, except
        # where near-equal costs per token fall back to the hourly rate (no job size, cheapest objective):
        # then a group's keys are sorted, else they are bisected in place (`ranks`) and the top N merged.
        self.keys_follow_cost = sized or c.objective in (Objective.FASTEST, Objective.BUDGET)
        self._top = self._merged(c.top) if self.keys_follow_cost else self._smallest(c.top)
        self._best_per_gpu: list[Option] | None = None
        self._quicker: tuple[Option | None] | None = None
        self.builder = OptionBuilder(job, engine, search)
        self.built: dict[int, Option] = {}  # entry order -> option (rank set when ranked)
        self._sorted: list[Entry] | None = None
        # Only the cheapest offer of a shape at a count can be on the Pareto front or be a better value
        # (the others take as long for more): the front and the value points come from those alone.
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
            gpu.id, gpu.name, e.n, e.cost_key, e.time_key, self.job.currency, getattr(gpu, "name_zh", None)
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
        if n <= len(self._top) or len(self._top) == sum(len(g) for g in self.groups):
            return self._top[:n]
        return self._merged(n) if self.keys_follow_cost else self._smallest(n)

    def _merged(self, n: int) -> list[Entry]:
        """The first n entries in rank order, merged from the groups (each in rank order already): n plus one
        entry per group are made, not the first n of every group."""
        sort_key, groups = self.sort_key, self.groups
        heap = [(sort_key(e), gi, 0, e) for gi, e in enumerate(self.firsts)]  # keys end in the order: unique
        heapq.heapify(heap)
        out: list[Entry] = []
        while heap and len(out) < n:
            _, gi, i, e = heapq.heappop(heap)
            out.append(e)
            if i + 1 < len(groups[gi]):
                nxt = groups[gi].entry(i + 1)
                heapq.heappush(heap, (sort_key(nxt), gi, i + 1, nxt))
        return out

    def _smallest(self, n: int) -> list[Entry]:
        return heapq.nsmallest(n, (e for g in self.groups for e in g.first(n)), key=self.sort_key)

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
        in at most QUICKER_SHARE of its time, or None (only with a job size: hours to compare). Found once."""
        if self._quicker is None:
            self._quicker = (self._find_quicker(),)
        return self._quicker[0]

    def _find_quicker(self) -> Option | None:
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
        """The best-ranked option of every GPU type, in rank order (found once)."""
        if self._best_per_gpu is None:
            self._best_per_gpu = self._find_best_per_gpu()
        return list(self._best_per_gpu)

    def _find_best_per_gpu(self) -> list[Option]:
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
        instead of sorting every entry (tens of thousands at 10,000 offers): a group's offers come in cost
        order and its keys rise with the cost (`keys_follow_cost`), so a bisection over the group's
        positions counts those before each entry, building the keys of a few of them only; otherwise the
        group's keys are sorted (nearly sorted already: one linear pass). The stop hook is asked per group:
        a newer edit or a closing window stops this within milliseconds."""
        if self._sorted is not None:
            at = {e.order: i for i, e in enumerate(self._sorted)}
            return [at[e.order] + 1 for e in entries]
        keys = [self.sort_key(e) for e in entries]
        before = [0] * len(keys)
        sort_key = self.sort_key
        for g in self.groups:
            self.search.check()
            if self.keys_follow_cost:
                # the group's first and last keys settle most entries (all of it before, or none of it)
                n = len(g)
                lo, hi = sort_key(g.entry(0)), sort_key(g.entry(n - 1))
                for j, k in enumerate(keys):
                    if k > hi:
                        before[j] += n
                    elif k > lo:
                        before[j] += g.count_before(k, sort_key)
            else:
                group_keys = sorted(sort_key(e) for e in g.all())
                for j, k in enumerate(keys):
                    before[j] += bisect.bisect_left(group_keys, k)
        return [b + 1 for b in before]


def _found_at(run: ShapeRun, step: int) -> Found:
    """The layout a search entry was priced on (entries are made only for steps that found one)."""
    f = run.steps[step].found
    assert f is not None, "a priced entry's step has a layout"
    return f
