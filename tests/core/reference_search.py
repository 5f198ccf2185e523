"""The search as it was before it searched once per platform shape (issue 17): every offer × GPU count
searched on its own, every result priced through the engine's cost estimate, all of them sorted.

Kept only as a reference for tests: the package's search must give the same top options. It reuses the
package's layout search for one platform and count (unchanged in substance), its option builder and its
rank key (the ranking rule is pinned by its own tests), but keeps its own copies of the loop and the
pricing as they were.
"""

from __future__ import annotations

from gpudesk.core.engine.cost import objective_cost
from gpudesk.core.models import Billing, Constraints, Job, Option
from gpudesk.core.rules import HOURS_PER_MONTH, MAX_RUN_HOURS, PRETRAIN_GLOBAL_BATCH_TOKENS, pareto_front
from gpudesk.core.search import advice as advice_rules
from gpudesk.core.search.layout_search import Engine, Found, LayoutSearch, default_engine
from gpudesk.core.search.options import OptionBuilder, value_point
from gpudesk.core.search.platforms import gpu_counts, rentable_platforms
from gpudesk.core.search.pricing import is_short
from gpudesk.core.search.ranking import rank_key as _rank_key

MIN_SCALING_EFFICIENCY = 0.5
MAX_GLOBAL_BATCH_TOKENS = PRETRAIN_GLOBAL_BATCH_TOKENS
MIN_CLUSTER_HOURS = 1.0


def _price(f: Found, job: Job, c: Constraints, engine: Engine) -> None:
    te = f.time
    ph, pm = f.platform.price_hour, f.platform.price_month
    if c.billing is Billing.HOURLY:
        pm = None
    elif c.billing is Billing.MONTHLY:
        ph = None
    f.cost = engine.cost(job, te, ph, pm)
    f.cost_key = objective_cost(f.cost, c.billing)
    tps = te.tokens_per_second
    if te.hours is not None:
        f.time_key = te.hours
        f.deadline_hours = te.hours
    elif tps:
        f.time_key = 1.0 / tps
    ph = ph if ph is not None else job.price_per_gpu_hour
    per_gpu = ph if ph is not None else (pm / HOURS_PER_MONTH if pm is not None else None)
    f.rate = per_gpu * f.n if per_gpu is not None else None
    f.short = is_short(job, f.deadline_hours)
    if f.cost_key is None and te.hours is None and f.rate is not None:
        if not job.task.trains:
            f.cost_key = f.rate
        elif tps:
            f.cost_key = f.rate / 3600 / tps


def reference_recommend(
    job: Job, c: Constraints, catalog, engine: Engine | None = None, top: int | None = None
) -> tuple[list[Option], dict[str, int], int]:
    """(every feasible option in rank order — or the first `top` —, rejected counts, configurations searched)."""
    engine = engine or default_engine()
    search = LayoutSearch(job, c, engine)
    found: list[Found] = []
    for p in rentable_platforms(job, c, catalog, search.rejected):
        smallest = None
        for n in gpu_counts(p.gpn, p.max_nodes, c.max_gpus):
            if smallest is not None and n > smallest * job.concurrency:
                search.reject("idle_replicas", 1)
                continue
            f = search.best(p, n)
            if f is not None:
                if job.task.trains and n > 1 and search.global_batch_tokens(f) > MAX_GLOBAL_BATCH_TOKENS:
                    search.reject("global_batch_too_large", 1)
                    break
                if job.task.trains and f.time.hours is not None and f.time.hours > MAX_RUN_HOURS:
                    search.reject("run_over_a_year", 1)
                    continue
                found.append(f)
                if not job.task.trains and smallest is None:
                    smallest = n
                if n > p.gpn and f.time.scaling_efficiency < MIN_SCALING_EFFICIENCY:
                    break
                if job.task.trains and n >= p.gpn and f.time.hours is not None and f.time.hours < MIN_CLUSTER_HOURS:
                    break
    kept = []
    for f in found:
        _price(f, job, c, engine)
        if (
            c.deadline_hours is not None
            and f.deadline_hours is not None
            and f.deadline_hours * (1 + job.trial_margin) > c.deadline_hours
        ):
            search.reject("misses_deadline")
            continue
        if c.budget is not None and f.cost_key is not None and f.cost_key > c.budget:
            search.reject("over_budget")
            continue
        kept.append(f)
    kept.sort(key=_rank_key(c.objective, kept, job.tokens is not None or not job.task.trains))
    front = pareto_front([(f.time_key, f.cost_key) for f in kept])
    builder = OptionBuilder(job, engine, search)
    points = [value_point(f, job) for f in kept]
    by_cost = sorted((pt for pt in points if pt.cost is not None and pt.hours is not None), key=lambda pt: pt.cost)
    out = []
    for i in range(min(len(kept), top if top is not None else len(kept))):
        o = builder.option(kept[i], front[i])
        a = advice_rules.better_value(points[i], by_cost, job.task, by_cost=True)
        if a is not None:
            o.advice.append(a)
        o.rank = i + 1
        out.append(o)
    return out, dict(search.rejected), search.searched
