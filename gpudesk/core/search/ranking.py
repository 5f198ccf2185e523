"""Ranking: the constraints checked up front, each found layout priced for the objective, and the sort
key (near-equal costs tie; then the simpler cluster or the smaller commitment first)."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from gpudesk.core.engine.cost import objective_cost
from gpudesk.core.i18n import t
from gpudesk.core.models import Billing, Constraints, Job, Objective
from gpudesk.core.rules import COST_TIE_BAND, HOURS_PER_MONTH
from gpudesk.core.search.layout_search import Engine, Found
from gpudesk.errors import GpudeskError

# With --tokens, totals within 5 % of the cheapest are within the estimate's own error (MFU, prices):
# an expert takes the simpler cluster — one node before several, fewer GPUs before more.
SIMPLER_BAND = 0.05


def check_constraints(job: Job, c: Constraints, catalog) -> None:
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
            raise GpudeskError(t("unknown region {r!r}; known regions: {names}", "未知地区 {r!r}；已知地区：{names}",
                                 r=c.region, names=names))
    if c.objective is Objective.DEADLINE and c.deadline_hours is None:
        raise GpudeskError(t("objective 'deadline' needs --deadline-hours", "目标 deadline 需要 --deadline-hours"))
    if c.objective is Objective.BUDGET and c.budget is None:
        raise GpudeskError(t("objective 'budget' needs --budget", "目标 budget 需要 --budget"))
    if (c.objective in (Objective.DEADLINE, Objective.BUDGET) or c.budget or c.deadline_hours) \
            and job.tokens is None and job.task.trains:
        raise GpudeskError(t("a budget or deadline needs the training tokens (--tokens) to compute hours and cost",
                             "预算或截止时间需要训练 token 数（--tokens）才能计算时长与成本"))


def price_keys(f: Found, job: Job, constraints: Constraints, engine: Engine) -> None:
    p = f.platform
    te = f.time
    ph, pm = p.price_hour, p.price_month
    if constraints.billing is Billing.HOURLY:
        pm = None
    elif constraints.billing is Billing.MONTHLY:
        ph = None
    f.cost = engine.cost(job, te, ph, pm)
    f.cost_key = objective_cost(f.cost, constraints.billing)
    tps = te.tokens_per_second
    if te.hours is not None:
        f.time_key = te.hours
        f.deadline_hours = te.hours
    elif tps:
        f.time_key = 1.0 / tps  # no --tokens: compare seconds per token
    ph = ph if ph is not None else job.price_per_gpu_hour
    per_gpu = ph if ph is not None else (pm / HOURS_PER_MONTH if pm is not None else None)
    f.rate = per_gpu * f.n if per_gpu is not None else None
    if f.cost_key is None and te.hours is None and f.rate is not None:
        if not job.task.trains:
            f.cost_key = f.rate  # serving is paid by the hour of service: the cheapest setup that holds it
        elif tps:
            f.cost_key = f.rate / 3600 / tps  # no --tokens: the cost of one token


def rank_key(objective: Objective, found: Sequence[Found], job_size_known: bool) -> Callable[[Found], tuple]:
    """Sort key for the objective. Without a job size (no --tokens) costs per token within
    COST_TIE_BAND of the cheapest are within the estimate's own uncertainty (default MFU, estimated
    prices), so they tie and the lower hourly rate (the smaller commitment) ranks first: this is how
    one RTX 4090 comes first for BERT fine-tuning, as the guide says, not a far larger card."""
    inf = math.inf
    priced = [f.cost_key for f in found if f.cost_key is not None]
    band = min(priced) * (1 + (SIMPLER_BAND if job_size_known else COST_TIE_BAND)) if priced else None

    def cheap(f: Found) -> tuple:
        if f.cost_key is None:  # unpriced last; among them, fewest GPU-hours is cheapest at any price
            return (2, f.time_key * f.n if f.time_key is not None else inf, 0.0, f.n)
        if band is not None and f.cost_key <= band:
            if job_size_known:  # near-equal totals: the simpler cluster (fewer nodes, fewer GPUs) first
                return (0, f.nodes, f.n, f.cost_key)
            if f.rate is not None:
                return (0, f.rate, f.time_key if f.time_key is not None else inf, f.n)
        return (1, f.cost_key, f.time_key if f.time_key is not None else inf, f.n)

    def fast(f: Found) -> tuple:
        return (f.time_key if f.time_key is not None else inf, f.cost_key is None,
                f.cost_key if f.cost_key is not None else inf, f.n)

    return fast if objective in (Objective.FASTEST, Objective.BUDGET) else cheap
