"""Cost: GPU-hours × price, the trial-and-error margin, and hourly vs monthly billing."""

from __future__ import annotations

import math

from gpudesk.core.models import Billing, CostEstimate, Job, TimeEstimate
from gpudesk.core.rules import HOURS_PER_MONTH


def cost_estimate(job: Job, time: TimeEstimate, price_per_gpu_hour: float | None = None,
                  price_per_gpu_month: float | None = None) -> CostEstimate:
    """Cost of the job's GPU-hours; `None` wherever a price or a duration is missing.

    The margin (job.trial_margin, default the guide's +30 %) covers tuning and re-runs.
    Break-even: a GPU rented by the month costs price_month; by the hour, price_hour per hour used,
    so monthly is cheaper beyond price_month / price_hour hours of use per month.
    """
    price = price_per_gpu_hour if price_per_gpu_hour is not None else job.price_per_gpu_hour
    margin = job.trial_margin
    gpu_hours = time.gpu_hours
    compute = gpu_hours * price if (gpu_hours is not None and price is not None) else None
    with_margin = compute * (1 + margin) if compute is not None else None
    monthly = break_even = cheaper = None
    if price_per_gpu_month is not None:
        if price:
            break_even = price_per_gpu_month / price
        if time.hours is not None and gpu_hours is not None and time.hours > 0:
            gpus = gpu_hours / time.hours
            months = max(1, math.ceil(time.hours * (1 + margin) / HOURS_PER_MONTH - 1e-9))
            monthly = price_per_gpu_month * gpus * months
            if with_margin is not None:
                cheaper = Billing.MONTHLY if monthly < with_margin else Billing.HOURLY
    elif compute is not None:
        cheaper = Billing.HOURLY
    return CostEstimate.model_construct(
        currency=job.currency, price_per_gpu_hour=price, compute_cost=compute, with_trial_margin=with_margin,
        trial_margin=margin, price_per_gpu_month=price_per_gpu_month, monthly_cost=monthly,
        break_even_hours=break_even, cheaper_billing=cheaper)


def objective_cost(cost: CostEstimate, billing: Billing | None = None) -> float | None:
    """The total an objective compares: with the margin by the hour, or the monthly rental; without a
    billing preference the cheaper of the two that are known."""
    hourly, monthly = cost.with_trial_margin, cost.monthly_cost
    if billing is Billing.HOURLY:
        return hourly
    if billing is Billing.MONTHLY:
        return monthly
    known = [x for x in (hourly, monthly) if x is not None]
    return min(known) if known else None


def rental_month(cost: CostEstimate, gpus: int, *, steps: int = 24) -> tuple[list[float], list[float], float | None] | None:
    """One month's rental of `gpus` GPUs: hours of use (0 to HOURS_PER_MONTH in `steps`), the hourly
    bill at each, and the flat monthly price (None when not offered). None without an hourly price."""
    per_hour = cost.price_per_gpu_hour
    if per_hour is None:
        return None
    hours = [HOURS_PER_MONTH * i / steps for i in range(steps + 1)]
    monthly = None if cost.price_per_gpu_month is None else cost.price_per_gpu_month * gpus
    return hours, [h * per_hour * gpus for h in hours], monthly
