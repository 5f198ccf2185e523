"""The recommender's API: `recommend` (every offer × GPU count, ranked) and the `Recommendation` it
answers with (`evaluate`, one configuration the user names, lives in `evaluate`).

The search runs once per platform shape and GPU count (`shape_search`), prices every offer in plain
numbers (`pricing`), and builds pydantic `Option`s only for what is shown: the top N at once, the
rest (`feasible`), the chart points (`points`) and the best option of each GPU type (`best_per_gpu`)
when first asked for.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from gpudesk.core import units
from gpudesk.core import messages as msg
from gpudesk.core.messages import WORDED, Message
from gpudesk.core.models import Constraints, Job, Objective, Option
from gpudesk.core.protocols import Catalogue
from gpudesk.core.quiet_gc import no_gc
from gpudesk.core.search import messages
from gpudesk.core.search.answer import FeasiblePoint, SearchAnswer
from gpudesk.core.search.evaluate import FixedLayout, evaluate
from gpudesk.core.search.layout_search import Engine, Found, LayoutSearch, default_engine
from gpudesk.core.search.platforms import gpu_counts, rentable_shapes, search_max_gpus
from gpudesk.core.search.pricing import Entry, Priced, billed_prices, plain_keys, price_runs
from gpudesk.core.search.ranking import QUICKER_SHARE, check_constraints
from gpudesk.core.search.shape_search import (
    MAX_GLOBAL_BATCH_TOKENS,
    MIN_CLUSTER_HOURS,
    MIN_SCALING_EFFICIENCY,
    ShapeRun,
    run_shapes,
)

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


@dataclass
class Recommendation:
    """The ranked answer. `options` is the top N; the rest is built on first use, so a command that
    prints the top N never pays for it: `feasible` (every offer × count that fits, in rank order),
    `points` (plain chart points) and `best_per_gpu` (the best option of each GPU type)."""

    options: list[Option]  # ranked, top N
    rejected: dict[str, int]
    searched: int
    objective: Objective = Objective.CHEAPEST
    notes: list[Message] = field(default_factory=list)  # ids with parameters (core.messages.note_texts)
    feasible_count: int = 0
    max_gpus: int | None = None  # the most GPUs the search settled on (the user's limit or one node)
    _answer: SearchAnswer | None = field(default=None, repr=False, compare=False)
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
        "options": [o.model_dump(mode="json", warnings=False, context=WORDED) for o in rec.options],
        "rejected": dict(sorted(rec.rejected.items())),
        "searched": rec.searched,
        "feasible": rec.feasible_count,
        "max_gpus": rec.max_gpus,
        "objective": str(rec.objective),
        "notes": [n.message for n in rec.notes],
        "note_ids": [{"id": n.id, "params": n.params} for n in rec.notes],
    }


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
        raise messages.no_platform(c)
    runs, cap = run_shapes(search, shapes, c.max_gpus, search_max_gpus(c))
    priced = price_runs(job, c, runs, cap, search, engine, filtered)
    if not priced.found_any:
        raise messages.nothing_fits(job, search, priced.rejected)
    return _finish(job, c, runs, cap, priced, search, engine)


def _finish(
    job: Job, c: Constraints, runs: list[ShapeRun], cap: int, priced: Priced, search: LayoutSearch, engine: Engine
) -> Recommendation:
    groups, rejected = priced.groups, priced.rejected
    if c.budget is not None and rejected.get("over_budget") and all(g.costs[g.rank[0]] is None for g in groups):
        groups = []  # only unpriced options left: nothing is known to be within the budget
    if not groups:
        raise messages.nothing_kept(job, c, priced)
    answer = SearchAnswer(job, c, engine, search, runs, groups)
    top = answer.top(c.top)
    options = [answer.option(e, i + 1) for i, e in enumerate(top)]
    notes = messages.notes(job, c, any(g.costs[g.rank[-1]] is None for g in groups), priced.unpriced_budget)
    if any(g.unverified for g in groups):
        notes.append(msg.note("host-ram-unverified"))
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


def _larger_cluster(answer: SearchAnswer, first: Entry, cap: int) -> Message | None:
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
    return msg.note(
        "larger-cluster" if n <= cap else "larger-cluster/past-limit",
        n=n,
        gpu=msg.gpu_name(p.gpu),
        nodes=found.nodes,
        h=msg.hours(hours),
        h0=msg.hours(first.time_key),
        x=msg.money(cost, job.currency),
        x0=msg.money(first.cost_key, job.currency),
        **({"cap": cap} if n > cap else {}),
    )
