"""The series behind a serving plan's charts (task inference): what a service costs against how fast
each user is served, per GPU type and count (no Qt).

A service has no run time, so the training charts (cost and days against GPU count, time vs cost) say
nothing about it. These say what a service needs instead: cost per month against output tokens/s per
user (the user's target as a line), cost per million output tokens and time to first token against GPU
count. Every figure is the engine's: the speed is the time estimate's serving block, priced by
`engine.cost.priced_serving` with the point's own prices, the same function the options are priced by.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from gpudesk.core.engine.cost import priced_serving
from gpudesk.core.models import Option, ServingEstimate
from gpudesk.core.report.option_names import Configuration, gpu_label, option_label
from gpudesk.core.rules import same_configuration


@dataclass(frozen=True)
class ServicePoint:
    gpus: int
    label: str  # "2× L20"
    per_user: float  # output tokens/s each user gets
    throughput: float | None  # output tokens/s of the whole service
    first_token_s: float | None  # prefill of one full-context prompt, no queueing
    cost_per_month: float  # the cheaper known billing, loaded all month
    cost_per_million: float | None  # per million output tokens at full load
    meets: bool | None  # against the user's target (None: no target)
    chosen: bool = False


@dataclass(frozen=True)
class ServiceChartData:
    currency: str
    by_gpu: dict[str, list[ServicePoint]]  # GPU display name -> cheapest configuration at each count
    target: float | None  # the user's tokens/s per user (None: no target set)
    concurrency: int = 1
    context_tokens: int = 0

    @property
    def empty(self) -> bool:
        return not self.by_gpu


def serving_of(option: Configuration) -> ServingEstimate | None:
    """A configuration's priced serving estimate: an Option carries it; a chart point (FeasiblePoint)
    carries the speed in its time estimate and its prices in its cost, priced here by the engine."""
    s: ServingEstimate | None = getattr(option, "serving", None)
    if s is not None:
        return s
    speed: ServingEstimate | None = getattr(option.time, "serving", None)
    return priced_serving(speed, option.cost) if speed is not None else None


def is_service(option: Configuration | None) -> bool:
    """A serving-only configuration (task inference): a serving estimate and no training run."""
    return option is not None and option.time.hours is None and serving_of(option) is not None


def _point(option: Configuration, s: ServingEstimate | None, chosen: bool) -> ServicePoint | None:
    if s is None or s.cost_per_month is None or not s.tokens_per_second_per_user:
        return None
    return ServicePoint(
        option.gpus,
        option_label(option),
        s.tokens_per_second_per_user,
        s.tokens_per_second,
        s.time_to_first_token_seconds,
        s.cost_per_month,
        s.cost_per_million_tokens,
        s.meets_target,
        chosen,
    )


def service_chart_data(
    feasible: Sequence[Configuration], chosen: Option | None = None, *, max_types: int = 5
) -> ServiceChartData:
    """Per GPU type, the cheapest configuration per month at each GPU count; the `max_types` types with
    the cheapest service (plus the chosen one's type) are kept, so the chart stays readable."""
    by_gpu: dict[str, dict[int, ServicePoint]] = {}
    basis = serving_of(chosen) if chosen is not None else None  # the currency, target and load shown
    for option in feasible:
        s = serving_of(option)
        point = _point(option, s, same_configuration(option, chosen))
        if point is None:
            continue
        basis = basis or s
        per_count = by_gpu.setdefault(gpu_label(option), {})
        current = per_count.get(option.gpus)
        if current is None or (not current.chosen and (point.chosen or point.cost_per_month < current.cost_per_month)):
            per_count[option.gpus] = point
    if chosen is not None and not any(p.chosen for per_count in by_gpu.values() for p in per_count.values()):
        point = _point(chosen, serving_of(chosen), True)  # chosen outside the points (set by hand, a quote)
        if point is not None:
            by_gpu.setdefault(gpu_label(chosen), {})[chosen.gpus] = point
    cheapest = sorted(by_gpu, key=lambda name: min(p.cost_per_month for p in by_gpu[name].values()))
    keep = set(cheapest[:max_types])
    if chosen is not None and gpu_label(chosen) in by_gpu:
        keep.add(gpu_label(chosen))
    return ServiceChartData(
        currency=basis.currency if basis is not None else "CNY",
        by_gpu={name: [by_gpu[name][n] for n in sorted(by_gpu[name])] for name in sorted(keep)},
        target=basis.target_tokens_per_user if basis is not None else None,
        concurrency=basis.concurrency if basis is not None else 1,
        context_tokens=basis.context_tokens if basis is not None else 0,
    )
