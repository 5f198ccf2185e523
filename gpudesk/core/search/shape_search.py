"""The layout search over shapes: for each platform shape, the best layout at each GPU count in turn,
stopping where more GPUs stop paying; and how many GPUs the search settles on when the user sets no
limit (one 8-GPU node unless the job needs more).

Counts per shape rise 1, 2, 4, 8 within a node, then whole nodes; an offer renting fewer nodes sees a
prefix of its shape's counts, so one run per shape answers every offer of it. Each step records what
it rejected and searched, so the accounting per offer stays what it would be searched alone.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from gpudesk.core.models import Job, Offload
from gpudesk.core.rules import MAX_RUN_HOURS, PRETRAIN_GLOBAL_BATCH_TOKENS
from gpudesk.core.search.advice import LONG_RUN_DAYS
from gpudesk.core.search.layout_search import Found, LayoutSearch
from gpudesk.core.search.platforms import Shape, gpu_counts

MIN_SCALING_EFFICIENCY = 0.5  # stop adding nodes once half of every GPU-hour goes to waiting
# Llama 2 and GPT-3 trained with 3–4M-token global batches; beyond that, more data-parallel replicas
# change the optimisation (a bigger batch), not just the speed, so the search stops there.
MAX_GLOBAL_BATCH_TOKENS = PRETRAIN_GLOBAL_BATCH_TOKENS
MIN_CLUSTER_HOURS = 1.0  # a job a node-sized cluster finishes within the hour gains nothing from more nodes
# Without a limit from the user, the search settles on one 8-GPU node (what a small company rents),
# unless no node of 8 holds the job (without CPU offload, within the deadline or two months of one
# run): then on the smallest cluster that does.
ONE_NODE_GPUS = 8


@dataclass
class Step:
    n: int
    found: Found | None
    rejected: dict[str, int]  # what this step rejected, for one offer
    searched: int


class ShapeRun:
    """The steps of one shape, computed on demand in rising GPU count."""

    def __init__(self, search: LayoutSearch, shape: Shape, max_gpus: int):
        self.shape = shape
        p = shape.platform
        self.counts = gpu_counts(p.gpn, max(m for _, _, m in shape.offers), max_gpus)
        self.steps: list[Step] = []
        self._steps = _steps(search, shape, self.counts)
        self.done = not self.counts
        self.deadline = search.constraints.deadline_hours
        self.margin = 1 + search.job.trial_margin

    @property
    def next_count(self) -> int | None:
        return None if self.done else self.counts[len(self.steps)]

    def advance(self, limit: int) -> None:
        """Compute the steps up to `limit` GPUs."""
        while not self.done and self.counts[len(self.steps)] <= limit:
            step = next(self._steps, None)
            if step is None:
                self.done = True
                return
            self.steps.append(step)
            if len(self.steps) == len(self.counts):
                self.done = True

    def first_fit(self, strict: bool) -> int | None:
        """The fewest GPUs that hold the job: fit and meet the deadline; strict: also without CPU offload
        and, with no deadline, in one clean run of at most LONG_RUN_DAYS (past that the plan's risk is the
        run itself: the long-run advice)."""
        for s in self.steps:
            f = s.found
            if f is None:
                continue
            hours = f.time.hours
            if self.deadline is not None and hours is not None and hours * self.margin > self.deadline:
                continue
            if strict and (
                f.layout.offload is not Offload.NONE
                or (self.deadline is None and hours is not None and hours > LONG_RUN_DAYS * 24)
            ):
                continue
            return s.n
        return None


def _steps(search: LayoutSearch, shape: Shape, counts: list[int]) -> Iterator[Step]:
    job: Job = search.job
    p = shape.platform
    trains = job.task.trains
    smallest = None  # serving: the fewest GPUs that hold one replica
    outer = search.rejected
    for n in counts:
        search.check()
        mine: dict[str, int] = {}
        search.rejected = mine
        before = search.searched
        stop = False
        f = None
        try:
            if smallest is not None and n > smallest * job.concurrency:
                search.reject("idle_replicas", 1)  # more replicas than sequences in flight: they would idle
            else:
                f = search.best(p, n)
                if f is not None:
                    if trains and n > 1 and search.global_batch_tokens(f) > MAX_GLOBAL_BATCH_TOKENS:
                        search.reject("global_batch_too_large", 1)
                        f, stop = None, True
                    elif trains and f.time.hours is not None and f.time.hours > MAX_RUN_HOURS:
                        search.note_over_a_year(f.time.hours)
                        search.reject("run_over_a_year", 1)
                        f = None  # more GPUs may bring it within a year: the search goes on
                    else:
                        if not trains and smallest is None:
                            smallest = n
                        if n > p.gpn and f.time.scaling_efficiency < MIN_SCALING_EFFICIENCY:
                            stop = True  # more nodes would only add cost: the network already dominates
                        if trains and n >= p.gpn and f.time.hours is not None and f.time.hours < MIN_CLUSTER_HOURS:
                            stop = True  # done within the hour already: more nodes add provisioning, not value
        finally:
            search.rejected = outer
        yield Step(n, f, mine, search.searched - before)
        if stop:
            return


def run_shapes(
    search: LayoutSearch,
    shapes: list[Shape],
    max_gpus: int | None,
    hard_max: int,
) -> tuple[list[ShapeRun], int]:
    """Every shape's steps up to the cap, and the cap: `max_gpus` when the user set one, else
    ONE_NODE_GPUS or, when no shape holds the job on that many GPUs (fits without CPU offload and meets
    the deadline), the smallest count that does (or that does with CPU offload, if none does without)."""
    runs = [ShapeRun(search, s, hard_max) for s in shapes]
    if max_gpus is not None:
        for r in runs:
            r.advance(max_gpus)
        return runs, max_gpus
    for r in runs:
        r.advance(ONE_NODE_GPUS)
    if any(r.first_fit(True) is not None for r in runs):
        return runs, ONE_NODE_GPUS
    # rising counts over all shapes at once: the first count that holds the job ends the search there
    for n in sorted({c for r in runs for c in r.counts if c > ONE_NODE_GPUS}):
        for r in runs:
            r.advance(n)
        if any(r.first_fit(True) is not None for r in runs):
            return runs, n
    fits = [k for r in runs if (k := r.first_fit(False)) is not None]
    if not fits:  # nothing holds it at any size: all of it is searched, for the message that says so
        return runs, hard_max
    return runs, max(ONE_NODE_GPUS, min(fits))
