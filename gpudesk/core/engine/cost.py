"""Cost: GPU-hours × price, the trial-and-error margin, and hourly vs monthly billing; a service's period.

Serving (task inference) is priced for its service period (default one month) with no trial margin:
the main fields then describe the period (hourly: price × GPUs × hours; monthly: price × GPUs × whole
months), `service_cost` is the period at the cheaper known billing (the serving block's cost_per_period)
and `service_only` says so: the objective does not add it again. A mixed job is priced as both: the
training run as for training, plus `service_cost`.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

from gpudesk.core.models import Billing, CostEstimate, Job, ServingEstimate, TaskKind, TimeEstimate
from gpudesk.core.rules import HOURS_PER_MONTH


def cost_estimate(
    job: Job, time: TimeEstimate, price_per_gpu_hour: float | None = None, price_per_gpu_month: float | None = None
) -> CostEstimate:
    """Cost of the job's GPU-hours; `None` wherever a price or a duration is missing.

    The margin (job.trial_margin, default the guide's +30 %) covers tuning and re-runs.
    Break-even: a GPU rented by the month costs price_month; by the hour, price_hour per hour used,
    so monthly is cheaper beyond price_month / price_hour hours of use per month.
    """
    price = price_per_gpu_hour if price_per_gpu_hour is not None else job.price_per_gpu_hour
    if time.serving is not None and job.task is TaskKind.INFERENCE:
        return _service(job, time.serving, price, price_per_gpu_month)
    compute, with_margin, monthly = _run_cost(job, time, price, price_per_gpu_month)
    cheaper = None
    if price_per_gpu_month is not None:
        if monthly is not None and with_margin is not None:
            cheaper = Billing.MONTHLY if monthly < with_margin else Billing.HOURLY
    elif compute is not None:
        cheaper = Billing.HOURLY
    return _estimate(
        job,
        price,
        price_per_gpu_month,
        compute_cost=compute,
        with_trial_margin=with_margin,
        trial_margin=job.trial_margin,
        monthly_cost=monthly,
        cheaper_billing=cheaper,
        service_cost=_period_cost(time.serving, price, price_per_gpu_month)[0] if time.serving is not None else None,
    )


def _estimate(job: Job, price: float | None, price_month: float | None, **costs: Any) -> CostEstimate:
    """A CostEstimate of `costs` at these prices: the currency, both prices and the break-even between them
    are stated the same way for a run and for a service."""
    return CostEstimate.model_construct(
        currency=job.currency,
        price_per_gpu_hour=price,
        price_per_gpu_month=price_month,
        break_even_hours=_break_even(price_month, price),
        **costs,
    )


def _break_even(price_month: float | None, price_hour: float | None) -> float | None:
    """Hours of use a month beyond which monthly billing is cheaper; None when not a finite number (no
    hourly price, or one so small that the ratio overflows: found by the property tests)."""
    if price_month is None or not price_hour:
        return None
    hours = price_month / price_hour
    return hours if math.isfinite(hours) else None


def objective_total(
    job: Job,
    time: TimeEstimate,
    price_per_gpu_hour: float | None = None,
    price_per_gpu_month: float | None = None,
    billing: Billing | None = None,
) -> float | None:
    """`objective_cost(cost_estimate(job, time, ph, pm), billing)` in plain numbers, the same figure to the
    last bit, without building the estimate."""
    return objective_pricer(job, time, billing)([price_per_gpu_hour], [price_per_gpu_month])[0]


Pricer = Callable[[Sequence[float | None], Sequence[float | None]], list[float | None]]


def objective_pricer(job: Job, time: TimeEstimate, billing: Billing | None = None) -> Pricer:
    """The objective's totals for many offers' prices at once (lists of ph and pm) for one time estimate:
    what does not depend on the price is worked out once and the rest is a few floats an offer, so the
    search prices thousands of offers cheaply. Same figures as `objective_total`."""
    user = job.price_per_gpu_hour
    if time.serving is not None and job.task is TaskKind.INFERENCE:
        period = _period_terms(time.serving)

        def serving(phs: Sequence[float | None], pms: Sequence[float | None]) -> list[float | None]:
            prices = phs if user is None else [user if p is None else p for p in phs]
            _, hourly, monthly = _period_costs(period, prices, pms)
            return _objectives(hourly, monthly, None, billing)

        return serving
    run = _run_terms(job, time)
    service = _period_terms(time.serving) if time.serving is not None else None

    def training(phs: Sequence[float | None], pms: Sequence[float | None]) -> list[float | None]:
        prices = phs if user is None else [user if p is None else p for p in phs]
        _, hourly, monthly = _run_costs(run, prices, pms)
        return _objectives(hourly, monthly, _period_costs(service, prices, pms)[0] if service else None, billing)

    return training


# (GPU-hours, 1 + trial margin, GPUs, whole months): the run's cost terms; GPUs and months None together
_RunTerms = tuple[float | None, float, float | None, int | None]
_PeriodTerms = tuple[int, float, int]  # (GPUs, period hours, whole months) of a service period
_Costs = list[float | None]  # one cost per price; None where the price is unknown


def _run_terms(job: Job, time: TimeEstimate) -> _RunTerms:
    """What the run's cost does not take from the price: (GPU-hours, 1 + margin, GPUs, whole months
    rented by the month)."""
    gpu_hours, hours = time.gpu_hours, time.hours
    k = 1 + job.trial_margin
    if hours is not None and gpu_hours is not None and hours > 0:
        return gpu_hours, k, gpu_hours / hours, max(1, math.ceil(hours * k / HOURS_PER_MONTH - 1e-9))
    return gpu_hours, k, None, None


def _run_costs(
    terms: _RunTerms,
    prices: Sequence[float | None],
    month_prices: Sequence[float | None],
) -> tuple[_Costs, _Costs, _Costs]:
    """(compute, with the trial margin, by the month) for the run's GPU-hours at each price; None where unknown."""
    gpu_hours, k, gpus, months = terms
    none: _Costs = [None] * len(prices)
    compute = none if gpu_hours is None else [None if p is None else gpu_hours * p for p in prices]
    with_margin = none if gpu_hours is None else [None if c is None else c * k for c in compute]
    monthly = (
        none if gpus is None or months is None else [None if p is None else p * gpus * months for p in month_prices]
    )
    return compute, with_margin, monthly


def _run_cost(
    job: Job,
    time: TimeEstimate,
    price: float | None,
    price_month: float | None,
) -> tuple[float | None, float | None, float | None]:
    compute, with_margin, monthly = _run_costs(_run_terms(job, time), [price], [price_month])
    return compute[0], with_margin[0], monthly[0]


def _period_terms(s: ServingEstimate) -> _PeriodTerms:
    return s.gpus, s.period_hours, max(1, math.ceil(s.period_hours / HOURS_PER_MONTH - 1e-9))


def _period_costs(
    terms: _PeriodTerms,
    prices: Sequence[float | None],
    month_prices: Sequence[float | None],
) -> tuple[_Costs, _Costs, _Costs]:
    """(cheaper known, by the hour, by the month) for a service period at each price."""
    gpus, period_hours, months = terms
    hourly: _Costs = [None if p is None else p * gpus * period_hours for p in prices]
    monthly: _Costs = [None if p is None else p * gpus * months for p in month_prices]
    return _objectives(hourly, monthly, None, None), hourly, monthly


def _period_cost(
    s: ServingEstimate,
    price_hour: float | None,
    price_month: float | None,
) -> tuple[float | None, float | None, float | None]:
    """(cheaper known, by the hour, by the month) for the service period of `s`."""
    best, hourly, monthly = _period_costs(_period_terms(s), [price_hour], [price_month])
    return best[0], hourly[0], monthly[0]


def _service(job: Job, s: ServingEstimate, price: float | None, price_month: float | None) -> CostEstimate:
    best, hourly, monthly = _period_cost(s, price, price_month)
    cheaper = None
    if hourly is not None:
        cheaper = Billing.MONTHLY if monthly is not None and monthly < hourly else Billing.HOURLY
    elif monthly is not None:
        cheaper = Billing.MONTHLY
    return _estimate(
        job,
        price,
        price_month,
        compute_cost=hourly,
        with_trial_margin=hourly,
        trial_margin=0.0,
        monthly_cost=monthly,
        cheaper_billing=cheaper,
        service_cost=best,
        service_only=True,
    )


def priced_serving(s: ServingEstimate | None, cost: CostEstimate) -> ServingEstimate | None:
    """The serving estimate with its costs: the period, one month, and a million output tokens (the service
    loaded all the time), each at the cheaper billing the prices allow."""
    if s is None:
        return None
    ph, pm = cost.price_per_gpu_hour, cost.price_per_gpu_month
    period, _, _ = _period_cost(s, ph, pm)
    month = [
        x
        for x in (ph * s.gpus * HOURS_PER_MONTH if ph is not None else None, pm * s.gpus if pm is not None else None)
        if x is not None
    ]
    per_month = min(month) if month else None
    per_million = None
    if per_month is not None and s.tokens_per_second:
        per_million = (per_month / HOURS_PER_MONTH) / (s.tokens_per_second * 3600 / 1e6)
    return s.model_copy(
        update={
            "cost_per_period": period,
            "cost_per_month": per_month,
            "cost_per_million_tokens": per_million,
            "currency": cost.currency,
        }
    )


def objective_cost(cost: CostEstimate, billing: Billing | None = None) -> float | None:
    """The total an objective compares: with the margin by the hour, or the monthly rental; without a
    billing preference the cheaper of the two that are known."""
    service = None if cost.service_only else cost.service_cost  # inference: the period is the base already
    return _objective(cost.with_trial_margin, cost.monthly_cost, service, billing)


def _objective(
    hourly: float | None, monthly: float | None, service: float | None, billing: Billing | None
) -> float | None:
    return _objectives([hourly], [monthly], None if service is None else [service], billing)[0]


def _objectives(hourly: _Costs, monthly: _Costs, service: _Costs | None, billing: Billing | None) -> _Costs:
    """The total each objective compares: by the hour, by the month, or the cheaper known; plus the
    service period of a mixed job."""
    if billing is Billing.HOURLY:
        base = hourly
    elif billing is Billing.MONTHLY:
        base = monthly
    else:
        base = [h if m is None else m if h is None else (m if m < h else h) for h, m in zip(hourly, monthly)]
    if service is None:
        return base
    # mixed: the training run and the service period
    return [b if (b is None or s is None) else b + s for b, s in zip(base, service)]


def rental_month(
    cost: CostEstimate, gpus: int, *, steps: int = 24
) -> tuple[list[float], list[float], float | None] | None:
    """One month's rental of `gpus` GPUs: hours of use (0 to HOURS_PER_MONTH in `steps`), the hourly
    bill at each, and the flat monthly price (None when not offered). None without an hourly price."""
    per_hour = cost.price_per_gpu_hour
    if per_hour is None:
        return None
    hours = [HOURS_PER_MONTH * i / steps for i in range(steps + 1)]
    monthly = None if cost.price_per_gpu_month is None else cost.price_per_gpu_month * gpus
    return hours, [h * per_hour * gpus for h in hours], monthly
