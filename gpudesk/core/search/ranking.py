"""Ranking: the constraints checked up front, each found layout priced for the objective, and the sort
key (near-equal costs tie; then the simpler cluster or the smaller commitment first)."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Protocol

from gpudesk.core.i18n import t
from gpudesk.core.models import Constraints, Job, Objective, Option
from gpudesk.core.protocols import Catalogue
from gpudesk.core.rules import COST_TIE_BAND
from gpudesk.core.search.layout_search import Engine, Found
from gpudesk.core.search.pricing import billed_prices, is_short, plain_keys, time_keys
from gpudesk.errors import GpudeskError

# With --tokens, totals within 5 % of the cheapest are within the estimate's own error (MFU, prices):
# an expert takes the simpler cluster — one node before several, fewer GPUs before more.
SIMPLER_BAND = 0.05
# The budget objective (fastest within a budget, which is a ceiling, not a target): a run that ends within a
# day — overnight — is as fast as a purchaser needs when it costs about what the fastest does; more nodes
# would only save hours nobody waits for, and add a multi-node cluster to rent, wire and accept (the
# larger-cluster note says what they would save).
FAST_ENOUGH_HOURS = 24.0

SortKey = tuple[float, ...]  # (group, then the figures it compares); bools and ints compare as numbers


class Ranked(Protocol):
    """What the ranking reads: a priced `Found` or a search `Entry`."""

    @property
    def cost_key(self) -> float | None: ...
    @property
    def time_key(self) -> float | None: ...
    @property
    def rate(self) -> float | None: ...
    @property
    def nodes(self) -> int: ...
    @property
    def n(self) -> int: ...
    @property
    def short(self) -> bool: ...
    @property
    def unverified(self) -> bool: ...


def check_constraints(job: Job, c: Constraints, catalog: Catalogue) -> None:
    both = sorted(set(c.gpu_allow) & set(c.gpu_exclude))
    if both:
        raise GpudeskError(t("GPU {g} is both allowed and excluded", "显卡 {g} 同时被允许和排除", g=both[0]))
    for gid in [*c.gpu_allow, *c.gpu_exclude]:
        catalog.gpu(gid)  # CatalogError naming close matches
    for pid in c.providers:
        catalog.provider(pid)
    if c.region:
        want = c.region.strip().lower()
        known = {(o.region or "") for o in catalog.offers()}
        for prov in catalog.providers():
            known.update(getattr(prov, "regions", None) or [])
        if not any(want in r.lower() for r in known if r):
            names = ", ".join(sorted(r for r in known if r)[:8]) or t("none", "无")
            raise GpudeskError(
                t(
                    "unknown region {r!r}; known regions: {names}",
                    "未知地区 {r!r}；已知地区：{names}",
                    r=c.region,
                    names=names,
                )
            )
    if c.objective is Objective.DEADLINE and c.deadline_hours is None:
        raise GpudeskError(t("objective 'deadline' needs --deadline-hours", "目标 deadline 需要 --deadline-hours"))
    if c.objective is Objective.BUDGET and c.budget is None:
        raise GpudeskError(t("objective 'budget' needs --budget", "目标 budget 需要 --budget"))
    if (
        (c.objective in (Objective.DEADLINE, Objective.BUDGET) or c.budget or c.deadline_hours)
        and job.tokens is None
        and job.task.trains
    ):
        raise GpudeskError(
            t(
                "a budget or deadline needs the training tokens (--tokens) to compute hours and cost",
                "预算或截止时间需要训练 token 数（--tokens）才能计算时长与成本",
            )
        )


def price_keys(f: Found, job: Job, constraints: Constraints, engine: Engine) -> None:
    """Price one found layout on its own platform's offer (the named configuration's path; the search
    prices its offers in bulk with the same `plain_keys`)."""
    te = f.time
    ph, pm = billed_prices(f.platform.offer, constraints.billing)
    f.cost = engine.cost(job, te, ph, pm)
    f.cost_key, f.rate = plain_keys(job, te, f.n, ph, pm, constraints.billing, engine)
    f.time_key, f.deadline_hours = time_keys(te)
    f.short = is_short(job, f.deadline_hours)


def rank_key(objective: Objective, found: Sequence[Ranked], job_size_known: bool) -> Callable[[Ranked], SortKey]:
    """Sort key for the objective, for anything with cost_key, time_key, rate, nodes, n, short and unverified
    (a priced `Found` or a search `Entry`). CPU offload on a node whose host RAM is not stated (unverified)
    ranks after everything the catalogue's facts hold, as unpriced options rank after priced ones.

    A budget or a deadline is a ceiling, not a target: the objective ranks first, and within
    SIMPLER_BAND of the best (with --tokens: totals or hours within the estimate's own error) the
    simpler rental wins — one node before several, a run of at least the minimum rental period before a
    shorter one — and then, at about equal cost, the shorter run (eight GPUs of a node for the price of one
    GPU eight times as long). The budget objective (the fastest within the budget) counts every run of at most
    FAST_ENOUGH_HOURS that costs about what the fastest does as equally fast: a day's run on one node comes
    before an hour's on 48 (the fastest objective keeps the fastest first).
    Without a job size (no --tokens) costs per token within COST_TIE_BAND of the cheapest tie and the lower
    hourly rate (the smaller commitment) ranks first: this is how one RTX 4090 comes first for BERT
    fine-tuning, as the guide says."""
    inf = math.inf
    priced = [f.cost_key for f in found if f.cost_key is not None]
    band = min(priced) * (1 + (SIMPLER_BAND if job_size_known else COST_TIE_BAND)) if priced else None

    def cheap(f: Ranked) -> SortKey:
        return (f.unverified, *_cheap(f))

    def _cheap(f: Ranked) -> SortKey:
        if f.cost_key is None:  # unpriced last; among them, fewest GPU-hours is cheapest at any price
            return (2, f.time_key * f.n if f.time_key is not None else inf, 0.0, f.n)
        if band is not None and f.cost_key <= band:
            if job_size_known:  # near-equal totals: the simpler cluster, then the shorter run
                return (0, f.nodes, f.short, f.time_key if f.time_key is not None else inf, f.cost_key, f.n)
            if f.rate is not None:
                return (0, f.rate, f.time_key if f.time_key is not None else inf, f.n)
        return (1, f.cost_key, f.time_key if f.time_key is not None else inf, f.n)

    timed = [(f.time_key, f) for f in found if f.time_key is not None]
    quick: float | None = None
    fast_enough: float | None = None
    ref_cost: float | None = None
    if timed and job_size_known:
        hours, first = min(timed, key=lambda x: (x[0], x[1].cost_key is None, x[1].cost_key or 0.0))
        quick = hours * (1 + SIMPLER_BAND)
        if objective is Objective.BUDGET:  # (the fastest objective keeps the fastest first, whatever it takes)
            fast_enough, ref_cost = max(quick, FAST_ENOUGH_HOURS), first.cost_key

    def as_fast(f: Ranked) -> bool:
        if quick is None or f.time_key is None:
            return False
        if f.time_key <= quick:
            return True
        return (
            fast_enough is not None
            and f.time_key <= fast_enough
            and (ref_cost is None or f.cost_key is None or f.cost_key <= ref_cost * (1 + SIMPLER_BAND))
        )

    def fast(f: Ranked) -> SortKey:
        if as_fast(f):
            return (
                f.unverified,
                0,
                f.nodes,
                f.short,
                f.time_key or 0.0,
                f.cost_key is None,
                f.cost_key if f.cost_key is not None else inf,
                f.n,
            )
        return (
            f.unverified,
            1,
            f.time_key if f.time_key is not None else inf,
            f.cost_key is None,
            f.cost_key if f.cost_key is not None else inf,
            f.n,
        )

    return fast if objective in (Objective.FASTEST, Objective.BUDGET) else cheap


QUICKER_SHARE = 0.8  # an alternative "finishes sooner" when it takes at most this share of the choice's time


def quicker_for_about_the_same(cost: float, hours: float, base_cost: float, base_hours: float) -> bool:
    """The one rule for "the same money buys a shorter run": at most SIMPLER_BAND dearer than the base and
    done in at most QUICKER_SHARE of its time (the search's entries and a plan's options both ask it)."""
    return cost <= base_cost * (1 + SIMPLER_BAND) and hours <= base_hours * QUICKER_SHARE


def quicker_at_about_equal_cost(options: Sequence[Option], choice: Option | None) -> Option | None:
    """The fastest of `options` (Options) that costs at most SIMPLER_BAND more than `choice` and finishes
    clearly sooner (QUICKER_SHARE of its time), or None: what a plan keeps among its alternatives whatever
    else fills them, so a reader sees that the same money buys a shorter run."""
    from gpudesk.core.engine.cost import objective_cost

    if choice is None or choice.time.hours is None:
        return None
    base = objective_cost(choice.cost) if choice.cost is not None else None
    if base is None:
        return None
    best: tuple[float, Option] | None = None
    for o in options:
        hours = o.time.hours
        cost = objective_cost(o.cost) if o.cost is not None else None
        if o is choice or hours is None or cost is None:
            continue
        if quicker_for_about_the_same(cost, hours, base, choice.time.hours) and (best is None or hours < best[0]):
            best = (hours, o)
    return best[1] if best is not None else None
