"""Pricing every offer of every shape at every GPU count the search found a layout for, in plain numbers.

A shape's best layout at n GPUs has one time estimate for all its offers; each offer's cost is then
arithmetic on its prices (`Engine.objective_total`), so thousands of offers cost a few floats each and
no objects beyond one small `Entry`. Deadline and budget are applied here, identical rows (same GPU,
count, layout, provider, region and prices) are kept once, and the accounting per offer is summed.
"""

from __future__ import annotations

import bisect
import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, NamedTuple, TypeVar

from gpudesk.core.models import Billing, Constraints, Job, TimeEstimate
from gpudesk.core.rules import HOURS_PER_MONTH
from gpudesk.core.search.layout_search import Engine, LayoutSearch
from gpudesk.core.search.platforms import Shape, gpu_counts
from gpudesk.core.search.shape_search import ShapeRun

K = TypeVar("K", bound=tuple[Any, ...])

MIN_RENTAL_HOURS = 1.0  # hourly rentals bill at least the first hour: a shorter run pays for more than it uses
_STEPS_PER_OFFER = 64  # > the GPU counts of any shape (5 in a node + 17 node counts): orders (offer, count)


class Entry(NamedTuple):
    """One offer at one GPU count, priced (what the ranking sorts; an Option is built only if shown)."""

    cost_key: float | None  # the objective's cost (or the cost of one token when no --tokens)
    time_key: float | None  # hours (or seconds per token when no --tokens)
    rate: float | None  # rental per hour of all the GPUs
    n: int
    nodes: int
    short: bool  # the run is shorter than the minimum rental period
    order: int  # catalogue position × steps + step: the order the search met it in (ties keep it)
    run: int  # index of the shape run
    step: int  # index of the step in the run
    offer: Any
    max_nodes: int
    unverified: bool = False  # CPU offload on a node of unknown host RAM: ranked after the others


class Row(NamedTuple):
    """One offer of a shape with its billed prices: what pricing it at each GPU count needs."""

    pos: int  # position in catalogue order
    offer: Any
    max_nodes: int
    steps: int  # how many of the shape's GPU counts the offer sees up to the cap: a prefix
    price_hour: float | None  # billed (narrowed to the billing)
    price_month: float | None
    per_gpu: float | None  # one GPU per hour (per_gpu_hour)
    shadow: int  # the most counts an earlier offer alike (provider, region, prices) sees: listed once below it


def time_keys(te: TimeEstimate) -> tuple[float | None, float | None]:
    """(time key, hours for the deadline): hours, or seconds per token when the job has no size."""
    if te.hours is not None:
        return te.hours, te.hours
    tps = te.tokens_per_second
    return (1.0 / tps if tps else None), None


def plain_keys(
    job: Job, te: TimeEstimate, n: int, ph: float | None, pm: float | None, billing: Billing | None, engine: Engine
) -> tuple[float | None, float | None]:
    """(cost key, rate) for n GPUs at these prices (already narrowed to the billing)."""
    per_gpu = per_gpu_hour(job, ph, pm)
    return keys_at(job, te, n, engine.pricer_for(job, te, billing)([ph], [pm])[0], per_gpu)


def per_gpu_hour(job: Job, ph: float | None, pm: float | None) -> float | None:
    """What one GPU costs per hour at these prices: the hourly price (the job's own when the offer has
    none), else the monthly one spread over the month's hours."""
    ph = ph if ph is not None else job.price_per_gpu_hour
    return ph if ph is not None else (pm / HOURS_PER_MONTH if pm is not None else None)


def keys_at(
    job: Job,
    te: TimeEstimate,
    n: int,
    cost_key: float | None,
    per_gpu: float | None,
) -> tuple[float | None, float | None]:
    rate = per_gpu * n if per_gpu is not None else None
    if cost_key is None and te.hours is None and rate is not None:
        if not job.task.trains:
            cost_key = rate  # serving is paid by the hour of service: the cheapest setup that holds it
        elif te.tokens_per_second:
            cost_key = rate / 3600 / te.tokens_per_second  # no --tokens: the cost of one token
    return cost_key, rate


def billed_prices(offer: Any, billing: Billing | None) -> tuple[float | None, float | None]:
    ph = getattr(offer, "price_per_gpu_hour", None)
    pm = getattr(offer, "price_per_gpu_month", None)
    if billing is Billing.HOURLY:
        pm = None
    elif billing is Billing.MONTHLY:
        ph = None
    return ph, pm


def is_short(job: Job, hours: float | None) -> bool:
    return job.task.trains and hours is not None and hours < MIN_RENTAL_HOURS


class Group:
    """The offers of one shape at one GPU count: one layout and one time, so every objective ranks them
    by cost alone (ties: catalogue order). Kept as plain lists sorted once; an `Entry` is made only for
    the offers that are looked at (the first N of each group make the answer's top N)."""

    __slots__ = ("run", "step", "n", "nodes", "time_key", "short", "rows", "costs", "rank", "unverified")

    def __init__(
        self,
        run: int,
        step: int,
        n: int,
        nodes: int,
        time_key: float | None,
        short: bool,
        rows: list[Row],
        costs: list[float | None],
        unverified: bool = False,
    ):
        self.run, self.step, self.n, self.nodes, self.time_key, self.short = run, step, n, nodes, time_key, short
        self.unverified = unverified
        self.rows, self.costs = rows, costs
        inf = math.inf
        keys = [inf if x is None else x for x in costs]
        self.rank = sorted(range(len(rows)), key=keys.__getitem__)  # stable: equal costs in catalogue order

    def __len__(self) -> int:
        return len(self.rows)

    def entry(self, i: int) -> Entry:
        """The i-th cheapest offer of the group."""
        k = self.rank[i]
        pos, offer, m, _, _, _, per_gpu, _ = self.rows[k]
        return Entry(
            self.costs[k],
            self.time_key,
            None if per_gpu is None else per_gpu * self.n,
            self.n,
            self.nodes,
            self.short,
            pos * _STEPS_PER_OFFER + self.step,
            self.run,
            self.step,
            offer,
            m,
            self.unverified,
        )

    def first(self, k: int) -> list[Entry]:
        return [self.entry(i) for i in range(min(k, len(self.rows)))]

    def all(self) -> list[Entry]:
        return self.first(len(self.rows))

    def count_before(self, key: K, key_of: Callable[[Entry], K]) -> int:
        """How many of the group's offers rank before `key`, for a `key_of` that rises with the cost (and
        the catalogue order): a bisection over the group's places, a few entries made."""
        return bisect.bisect_left(range(len(self.rows)), key, key=lambda i: key_of(self.entry(i)))


@dataclass
class Priced:
    groups: list[Group]  # one per shape and GPU count with an offer left
    rejected: dict[str, int]
    searched: int = 0
    count: int = 0  # offers × counts in all groups
    found_any: bool = False
    cheapest: float | None = None  # the cheapest cost of anything that fits (for the budget message)
    fastest_hours: float | None = None  # the shortest run of anything that fits (for the deadline message)
    unpriced_budget: int = 0  # unpriced entries a budget could not be checked against


def price_runs(
    job: Job,
    c: Constraints,
    runs: list[ShapeRun],
    cap: int,
    search: LayoutSearch,
    engine: Engine,
    filtered: dict[str, int],
) -> Priced:
    """Every offer of every shape at every count up to the cap, priced, grouped per shape and count."""
    out = Priced([], dict(filtered))
    rejected = out.rejected
    billing, budget, deadline = c.billing, c.budget, c.deadline_hours
    margin = 1 + job.trial_margin
    for ri, run in enumerate(runs):
        search.check()
        steps = [s for s in run.steps if s.n <= cap]
        plain, twins, by_len = _rows(job, run.shape, billing, cap)
        for k, count in by_len.items():
            for s in steps[:k]:
                out.searched += s.searched * count
                for reason, times in s.rejected.items():
                    rejected[reason] = rejected.get(reason, 0) + times * count
        for j, s in enumerate(steps):
            f = s.found
            if f is None:
                continue
            here = [x for x in plain if x.steps > j] if j else plain  # (j < len(steps): `steps` is a bound)
            if not here:
                continue
            out.found_any = True
            te = f.time
            time_key, hours = time_keys(te)
            if hours is not None and (out.fastest_hours is None or hours < out.fastest_hours):
                out.fastest_hours = hours
            if deadline is not None and hours is not None and hours * margin > deadline:
                rejected["misses_deadline"] = rejected.get("misses_deadline", 0) + len(here)
                continue
            search.check()
            n = s.n
            costs = engine.pricer_for(job, te, billing)([x.price_hour for x in here], [x.price_month for x in here])
            if te.hours is None:  # no job size: the rate decides (per token, or per hour of service)
                costs = [keys_at(job, te, n, cost, x.per_gpu)[0] for cost, x in zip(costs, here)]
            priced = [cost for cost in costs if cost is not None]
            if priced and (out.cheapest is None or min(priced) < out.cheapest):
                out.cheapest = min(priced)
            if budget is not None:
                out.unpriced_budget += len(costs) - len(priced)
                keep = [i for i, cost in enumerate(costs) if cost is None or cost <= budget]
                if len(keep) < len(costs):
                    rejected["over_budget"] = rejected.get("over_budget", 0) + len(costs) - len(keep)
                    here, costs = [here[i] for i in keep], [costs[i] for i in keep]
            if twins:
                here, costs = _listed_once(here, costs, j, rejected)
            if here:
                out.groups.append(Group(ri, j, n, f.nodes, time_key, is_short(job, hours), here, costs, f.unverified))
                out.count += len(here)
    return out


_Rows = tuple[list[Row], bool, dict[int, int]]  # the rows, whether some read alike, offers per count seen


def _rows(job: Job, shape: Shape, billing: Billing | None, cap: int) -> _Rows:
    """The shape's offers as pricing reads them, whether some read exactly alike, and how many offers see
    each number of the shape's GPU counts; kept on the catalogue's index for the next search alike."""
    key = ("rows", billing, cap, job.price_per_gpu_hour)
    source = shape.source
    cached: _Rows | None = source.cache.get(key) if source is not None else None
    if cached is not None:
        return cached
    gpn = shape.platform.gpn
    seen_by_nodes: dict[int, int] = {}
    latest: dict[tuple[object, ...], int] = {}  # (provider, region, prices) -> the most counts an earlier offer sees
    plain: list[Row] = []
    by_len: dict[int, int] = {}
    for (pos, offer, m), r in zip(shape.offers, shape.rows):
        k = seen_by_nodes.get(m)
        if k is None:  # counts the offer sees (a prefix: it may rent fewer nodes); past the search's steps, all
            k = seen_by_nodes[m] = len(gpu_counts(gpn, m, cap))
        ph, pm = r.price_hour, r.price_month
        if billing is Billing.HOURLY:
            pm = None
        elif billing is Billing.MONTHLY:
            ph = None
        same = (r.provider, getattr(offer, "region", None), ph, pm)
        shadow = latest.get(same, 0)
        if k > shadow:
            latest[same] = k
        plain.append(Row(pos, offer, m, k, ph, pm, per_gpu_hour(job, ph, pm), shadow))
        by_len[k] = by_len.get(k, 0) + 1
    got: _Rows = (plain, len(latest) < len(plain), by_len)
    if source is not None:
        if len(source.cache) > 32:  # a few billings and caps in use at a time: never grows without end
            source.cache.clear()
        source.cache[key] = got
    return got


def _listed_once(
    rows: list[Row],
    costs: list[float | None],
    j: int,
    rejected: dict[str, int],
) -> tuple[list[Row], list[float | None]]:
    """Rows without those that read exactly like an earlier one (same provider, region and prices) at the
    j-th count: an offer is listed again where an earlier one alike also sees that count (the two cost the
    same, so the budget kept or dropped both)."""
    keep = [i for i, x in enumerate(rows) if x.shadow <= j]
    if len(keep) < len(rows):
        rejected["same_as_listed"] = rejected.get("same_as_listed", 0) + len(rows) - len(keep)
    return [rows[i] for i in keep], [costs[i] for i in keep]
