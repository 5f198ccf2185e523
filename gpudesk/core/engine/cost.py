"""Cost: GPU-hours × price, the trial-and-error margin, and hourly vs monthly billing; a service's period.

Serving (task inference) is priced for its service period (default one month) with no trial margin:
the main fields then describe the period (hourly: price × GPUs × hours; monthly: price × GPUs × whole
months). A mixed job is priced as both: the training run as for training, plus `service_cost`.
"""

from __future__ import annotations

import math

from gpudesk.core.models import Billing, CostEstimate, Job, ServingEstimate, TaskKind, TimeEstimate
from gpudesk.core.rules import HOURS_PER_MONTH


def cost_estimate(job: Job, time: TimeEstimate, price_per_gpu_hour: float | None = None,
                  price_per_gpu_month: float | None = None) -> CostEstimate:
    """Cost of the job's GPU-hours; `None` wherever a price or a duration is missing.

    The margin (job.trial_margin, default the guide's +30 %) covers tuning and re-runs.
    Break-even: a GPU rented by the month costs price_month; by the hour, price_hour per hour used,
    so monthly is cheaper beyond price_month / price_hour hours of use per month.
    """
    price = price_per_gpu_hour if price_per_gpu_hour is not None else job.price_per_gpu_hour
    if time.serving is not None and job.task is TaskKind.INFERENCE:
        return _service(job, time.serving, price, price_per_gpu_month)
    margin = job.trial_margin
    gpu_hours = time.gpu_hours
    compute = gpu_hours * price if (gpu_hours is not None and price is not None) else None
    with_margin = compute * (1 + margin) if compute is not None else None
    monthly = break_even = cheaper = None
    if price_per_gpu_month is not None:
        break_even = _break_even(price_per_gpu_month, price)
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
        break_even_hours=break_even, cheaper_billing=cheaper,
        service_cost=_period_cost(time.serving, price, price_per_gpu_month)[0] if time.serving is not None else None)


def _break_even(price_month: float | None, price_hour: float | None) -> float | None:
    """Hours of use a month beyond which monthly billing is cheaper; None when not a finite number (no
    hourly price, or one so small that the ratio overflows: found by the property tests)."""
    if price_month is None or not price_hour:
        return None
    hours = price_month / price_hour
    return hours if math.isfinite(hours) else None


def _period_cost(s: ServingEstimate, price_hour: float | None, price_month: float | None,
                 ) -> tuple[float | None, float | None, float | None]:
    """(cheaper known, by the hour, by the month) for the service period of `s`."""
    hourly = price_hour * s.gpus * s.period_hours if price_hour is not None else None
    months = max(1, math.ceil(s.period_hours / HOURS_PER_MONTH - 1e-9))
    monthly = price_month * s.gpus * months if price_month is not None else None
    known = [x for x in (hourly, monthly) if x is not None]
    return (min(known) if known else None), hourly, monthly


def _service(job: Job, s: ServingEstimate, price: float | None, price_month: float | None) -> CostEstimate:
    best, hourly, monthly = _period_cost(s, price, price_month)
    cheaper = None
    if hourly is not None:
        cheaper = Billing.MONTHLY if monthly is not None and monthly < hourly else Billing.HOURLY
    elif monthly is not None:
        cheaper = Billing.MONTHLY
    return CostEstimate.model_construct(
        currency=job.currency, price_per_gpu_hour=price, compute_cost=hourly, with_trial_margin=hourly,
        trial_margin=0.0, price_per_gpu_month=price_month, monthly_cost=monthly,
        break_even_hours=_break_even(price_month, price),
        cheaper_billing=cheaper, service_cost=None)


def priced_serving(s: ServingEstimate | None, cost: CostEstimate) -> ServingEstimate | None:
    """The serving estimate with its costs: the period, one month, and a million output tokens (the service
    loaded all the time), each at the cheaper billing the prices allow."""
    if s is None:
        return None
    ph, pm = cost.price_per_gpu_hour, cost.price_per_gpu_month
    period, _, _ = _period_cost(s, ph, pm)
    month = [x for x in (ph * s.gpus * HOURS_PER_MONTH if ph is not None else None,
                         pm * s.gpus if pm is not None else None) if x is not None]
    per_month = min(month) if month else None
    per_million = None
    if per_month is not None and s.tokens_per_second:
        per_million = (per_month / HOURS_PER_MONTH) / (s.tokens_per_second * 3600 / 1e6)
    return s.model_copy(update={"cost_per_period": period, "cost_per_month": per_month,
                                "cost_per_million_tokens": per_million, "currency": cost.currency})


def objective_cost(cost: CostEstimate, billing: Billing | None = None) -> float | None:
    """The total an objective compares: with the margin by the hour, or the monthly rental; without a
    billing preference the cheaper of the two that are known."""
    hourly, monthly = cost.with_trial_margin, cost.monthly_cost
    if billing is Billing.HOURLY:
        base = hourly
    elif billing is Billing.MONTHLY:
        base = monthly
    else:
        known = [x for x in (hourly, monthly) if x is not None]
        base = min(known) if known else None
    if base is None or cost.service_cost is None:
        return base
    return base + cost.service_cost  # mixed: the training run and the service period


def rental_month(cost: CostEstimate, gpus: int, *, steps: int = 24) -> tuple[list[float], list[float], float | None] | None:
    """One month's rental of `gpus` GPUs: hours of use (0 to HOURS_PER_MONTH in `steps`), the hourly
    bill at each, and the flat monthly price (None when not offered). None without an hourly price."""
    per_hour = cost.price_per_gpu_hour
    if per_hour is None:
        return None
    hours = [HOURS_PER_MONTH * i / steps for i in range(steps + 1)]
    monthly = None if cost.price_per_gpu_month is None else cost.price_per_gpu_month * gpus
    return hours, [h * per_hour * gpus for h in hours], monthly
