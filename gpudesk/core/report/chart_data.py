"""The series behind gpudesk's charts, computed from the recommender's answer (no Qt).

The GUI's pyqtgraph builders (`gpudesk.ui.charts`) and the PDF report draw exactly these
numbers, so the screen and the printed plan never disagree. Memory is in GiB (2**30 bytes,
the unit GPU vendors' "80 GB" cards are actually sized in); money in the options' currency.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from gpudesk.core.models import Option
from gpudesk.core.search.recommender import FeasiblePoint
from gpudesk.core.engine.cost import rental_month
from gpudesk.core.report.option_names import Configuration, gpu_label, option_label
from gpudesk.core.report.service_chart import ServiceChartData, is_service, service_chart_data
from gpudesk.core.rules import HOURS_PER_MONTH, pareto_front, same_configuration

if TYPE_CHECKING:
    from gpudesk.core.plan.comparison import Comparison

GIB = float(1 << 30)
MEMORY_COMPONENTS = ("weights", "gradients", "optimizer_states", "activations", "kv_cache", "overhead")
# a quick-estimate bar taller than this many times the real bars' top is drawn cut off (its value printed), in
# the window and the PDF alike: the whole-job rule of thumb would squash the real bars into the chart's bottom
QUICK_CLIP = 1.6


# --- memory -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class MemoryBar:
    label: str
    gpu: str
    gpus: int
    components_gib: dict[str, float]  # per GPU, keys in MEMORY_COMPONENTS order
    total_gib: float
    capacity_gib: float
    usable_gib: float  # capacity minus the headroom kept free
    fits: bool
    chosen: bool


@dataclass(frozen=True)
class MemoryChartData:
    bars: list[MemoryBar]
    quick_estimate_gib: float | None = None  # the guide's whole-job rule (20 B/param; LoRA a share of it)
    quick_estimate_per_gpu_gib: float | None = None  # the same, split over the GPUs that share one model copy
    quick_estimate_gpus: int | None = None  # that divisor: TP × PP (× DP with ZeRO-3), never the replicas
    quick_hint: str = ""  # what the divisor is, in words (current language)
    components: tuple[str, ...] = MEMORY_COMPONENTS
    unit: str = "GiB"

    @property
    def empty(self) -> bool:
        return not self.bars


def memory_chart_data(options: Sequence[Option], chosen: Option | None = None, *, limit: int = 4) -> MemoryChartData:
    """Stacked per-GPU memory of the chosen option followed by the top alternatives.

    The chosen option comes first; alternatives follow in rank order, skipping repeats of the
    same GPU count and model, up to `limit` bars in all.
    """
    picked: list[Option] = []
    if chosen is not None:
        picked.append(chosen)
    seen = {(o.gpu, o.gpus) for o in picked}
    for option in options:
        if len(picked) >= limit:
            break
        if (option.gpu, option.gpus) in seen:
            continue
        seen.add((option.gpu, option.gpus))
        picked.append(option)
    bars = []
    for i, option in enumerate(picked):
        mem = option.memory
        per = mem.per_gpu_bytes
        bars.append(
            MemoryBar(
                label=option_label(option),
                gpu=option.gpu,
                gpus=option.gpus,
                components_gib={name: getattr(per, name) / GIB for name in MEMORY_COMPONENTS},
                total_gib=per.total / GIB,
                capacity_gib=mem.gpu_capacity_bytes / GIB,
                usable_gib=mem.usable_bytes / GIB,
                fits=mem.fits,
                chosen=chosen is not None and i == 0,
            )
        )
    quick = picked[0].memory.quick_estimate_bytes if picked else None
    share = model_copy_gpus(picked[0]) if picked else None
    return MemoryChartData(
        bars=bars,
        quick_estimate_gib=None if quick is None else quick / GIB,
        quick_estimate_per_gpu_gib=None if quick is None or not share else quick / GIB / share,
        quick_estimate_gpus=share if quick is not None else None,
        quick_hint="" if quick is None else _quick_hint(picked[0], share),
    )


def model_copy_gpus(option: Option) -> int:
    """GPUs that share one copy of the model: tensor × pipeline parallel, × data parallel only when ZeRO-3
    shards the whole model state over the replicas. Data-parallel replicas otherwise each hold their own copy,
    so the whole-job quick estimate is not divided by them."""
    lay = option.layout
    return max(1, lay.tp * lay.pp * (lay.dp if lay.zero == 3 else 1))


def _quick_hint(option: Option, share: int | None) -> str:
    from gpudesk.core.i18n import t

    lay = option.layout
    if lay.zero == 3 and lay.dp > 1:
        return t(
            "split over the {k} GPUs that shard one copy of the model (TP × PP × DP with ZeRO-3)",
            "按共同分片一份模型的 {k} 张卡均分（张量并行 × 流水线并行 × 数据并行，ZeRO-3）",
            k=share,
        )
    gpus = "the GPU that holds" if share == 1 else "the {k} GPUs that hold"
    replicas = "the data-parallel replica holds" if lay.dp == 1 else "each of the {r} data-parallel replicas holds"
    return t(
        f"split over {gpus} one copy of the model (TP × PP); {replicas} its own",
        "按共同容纳一份模型的 {k} 张卡均分（张量并行 × 流水线并行）；{r} 个数据并行副本各自保存一份",
        k=share,
        r=lay.dp,
    )


# --- cost and time ----------------------------------------------------------------------------


@dataclass(frozen=True)
class CostPoint:
    """One costed option as the cost, days and time-vs-cost charts draw it."""

    gpus: int
    cost: float  # clean-run compute cost
    cost_with_margin: float  # plus the trial-and-error margin
    days: float
    label: str
    chosen: bool = False
    pareto: bool = False  # on the time-cost Pareto front (set on the Pareto chart's points)


@dataclass(frozen=True)
class BillingLines:
    """Cost of one month's rental of the chosen GPUs against the hours used in that month."""

    label: str
    hours: list[float]
    hourly_cost: list[float]
    monthly_cost: float | None  # flat: the monthly price does not depend on use
    break_even_hours: float | None
    job_hours: float | None  # the job's own duration, marked on the axis


@dataclass(frozen=True)
class CostChartData:
    currency: str
    by_gpu: dict[str, list[CostPoint]]  # GPU display name -> cheapest option at each count
    points: list[CostPoint]  # every costed feasible option (time vs cost)
    front: list[CostPoint]  # the Pareto front, by increasing days
    billing: BillingLines | None
    trial_margin: float = 0.30
    service: ServiceChartData | None = None  # a serving job's charts (it has no run time to draw)

    @property
    def empty(self) -> bool:
        return not self.points


def _cost_and_days(option: Configuration) -> tuple[float, float, float] | None:
    """The option's clean-run cost, the cost with the margin (both from the cost module) and its days."""
    cost, with_margin, hours = option.cost.compute_cost, option.cost.with_trial_margin, option.time.hours
    if cost is None or with_margin is None or hours is None:
        return None
    return cost, with_margin, hours / 24.0


def billing_lines(option: Option, *, steps: int = 24) -> BillingLines | None:
    """Hourly vs monthly rental for one option over the hours used in a month (the cost module's
    figures: `rental_month` and the break-even it computed)."""
    month = rental_month(option.cost, option.gpus, steps=steps)
    if month is None:
        return None
    hours, hourly, monthly = month
    return BillingLines(
        label=option_label(option),
        hours=hours,
        hourly_cost=hourly,
        monthly_cost=monthly,
        break_even_hours=option.cost.break_even_hours,
        job_hours=HOURS_PER_MONTH if is_service(option) else option.time.hours,  # a service runs all month
    )


def cost_chart_data(
    feasible: Sequence[Option | FeasiblePoint], chosen: Option | None = None, *, max_types: int = 5
) -> CostChartData:
    """Cost and days against GPU count per GPU type, the time-cost Pareto front, and billing.

    The per-type series keep the `max_types` GPU types with the cheapest option (plus the chosen
    one's type), so the chart stays readable; the Pareto points keep every option.
    """
    by_gpu: dict[str, dict[int, CostPoint]] = {}
    points: list[CostPoint] = []
    currency = chosen.cost.currency if chosen is not None else (feasible[0].cost.currency if feasible else "CNY")
    margin = chosen.cost.trial_margin if chosen is not None else (feasible[0].cost.trial_margin if feasible else 0.30)
    for option in feasible:
        figures = _cost_and_days(option)
        if figures is None:
            continue
        cost, with_margin, days = figures
        is_chosen = same_configuration(option, chosen)
        name = gpu_label(option)
        point = CostPoint(option.gpus, cost, with_margin, days, option_label(option), is_chosen)
        current = by_gpu.setdefault(name, {}).get(option.gpus)
        if current is None or cost < current.cost or is_chosen:
            by_gpu[name][option.gpus] = point
        points.append(point)
    if chosen is not None and not any(p.chosen for p in points):
        figures = _cost_and_days(chosen)
        if figures is not None:
            points.append(CostPoint(chosen.gpus, *figures, option_label(chosen), True))
    cheapest = sorted(by_gpu, key=lambda name: min(p.cost for p in by_gpu[name].values()))
    keep = set(cheapest[:max_types])
    if chosen is not None and gpu_label(chosen) in by_gpu:
        keep.add(gpu_label(chosen))
    by_gpu = {name: per_count for name, per_count in by_gpu.items() if name in keep}
    on_front = pareto_front([(p.days, p.cost) for p in points])
    points = [replace(p, pareto=on_front[i]) for i, p in enumerate(points)]
    front = sorted((p for p in points if p.pareto), key=lambda p: p.days)
    serving = chosen if chosen is not None else (feasible[0] if feasible else None)
    return CostChartData(
        currency=currency,
        by_gpu={name: [per_count[n] for n in sorted(per_count)] for name, per_count in sorted(by_gpu.items())},
        points=points,
        front=front,
        billing=billing_lines(chosen) if chosen is not None else None,
        trial_margin=margin,
        service=service_chart_data(feasible, chosen) if is_service(serving) else None,
    )


def chart_key(kind: str, data: MemoryChartData | CostChartData | None) -> object:
    """What one chart (`kind`: memory, cost, days, pareto, billing) draws from `data`, as a
    comparable value: equal keys mean an identical chart, so a redraw can be skipped."""
    if data is None or kind == "memory" or not isinstance(data, CostChartData):
        return data
    if data.service is not None and kind in ("cost", "days", "pareto"):  # a service's charts in these places
        return (kind, data.service)
    if kind == "cost":
        return (data.currency, data.trial_margin, data.by_gpu)
    if kind == "days":
        return tuple(
            (name, tuple((p.gpus, p.days, p.label, p.chosen) for p in points)) for name, points in data.by_gpu.items()
        )
    if kind == "pareto":
        return (data.currency, data.points)
    if kind == "billing":
        return (data.currency, data.billing)
    raise ValueError(f"unknown chart kind {kind!r}")


# --- quotes: all-in cost stacked by item ------------------------------------------------------

QUOTE_ITEMS = ("compute", "storage", "network", "fees", "tax", "subsidy")  # stacking order; subsidy below zero


@dataclass(frozen=True)
class QuoteBar:
    quote: str  # quote id
    label: str  # "q1 简米科技"
    items: dict[str, float]  # known items (subsidy negative), in QUOTE_ITEMS order
    all_in: float | None
    unknown: tuple[str, ...]  # items the quote does not state
    cheapest: bool = False
    selected: bool = False
    flagged: bool = False  # expired or does not fit


@dataclass(frozen=True)
class QuoteChartData:
    bars: list[QuoteBar]
    currency: str = "CNY"
    items: tuple[str, ...] = QUOTE_ITEMS

    @property
    def empty(self) -> bool:
        return not any(b.all_in is not None for b in self.bars)


def quote_chart_data(comparison: Comparison) -> QuoteChartData:
    """Each quote's all-in cost by item, from core.plan's comparison (the figures it computed)."""
    bars = []
    for r in comparison.rows:
        items = {k: v for k in QUOTE_ITEMS if (v := r.cost.items.get(k)) is not None}
        bars.append(
            QuoteBar(
                r.quote.id,
                f"{r.quote.id} {r.provider_name}",
                items,
                r.cost.all_in,
                tuple(r.cost.unknown),
                r.cheapest,
                r.selected,
                "expired" in r.flags or "does-not-fit" in r.flags,
            )
        )
    return QuoteChartData(bars)


# --- the verdict the status bar and the overview show -----------------------------------------


@dataclass(frozen=True)
class Verdict:
    fits: bool | None  # None: nothing chosen yet
    label: str = ""
    total_gib: float | None = None
    usable_gib: float | None = None
    total_bytes: int | None = None  # per GPU (what people read is formatted from these: core.units.memory)
    usable_bytes: int | None = None
    cost: float | None = None
    cost_with_margin: float | None = None
    currency: str = "CNY"
    hours: float | None = None
    days: float | None = None
    tier: str | None = None
    billing: str | None = None
    warnings: list[str] = field(default_factory=list)
    service: str | None = None  # a service's speed and cost in one line (serving plans show this, not days)


def verdict(option: Option | None) -> Verdict:
    if option is None:
        return Verdict(fits=None)
    hours = option.time.hours
    return Verdict(
        fits=option.memory.fits,
        label=option_label(option),
        total_gib=option.memory.per_gpu_bytes.total / GIB,
        usable_gib=option.memory.usable_bytes / GIB,
        total_bytes=option.memory.per_gpu_bytes.total,
        usable_bytes=option.memory.usable_bytes,
        cost=option.cost.compute_cost,
        cost_with_margin=option.cost.with_trial_margin,
        currency=option.cost.currency,
        hours=hours,
        days=None if hours is None else hours / 24.0,
        tier=str(option.tier),
        billing=None if option.cost.cheaper_billing is None else str(option.cost.cheaper_billing),
        warnings=[a.message for a in option.advice if a.severity != "info"],
        service=_service_line(option),
    )


def _service_line(option: Option) -> str | None:
    s = option.serving
    if s is None:
        return None
    from gpudesk.core import units
    from gpudesk.core.i18n import t
    from gpudesk.core.report.service import per_user_text

    return t(
        "{speed} · {month} per month · {million} per million tokens · first token {ttft} s",
        "{speed} · 每月 {month} · 每百万 token {million} · 首 token {ttft} 秒",
        speed=per_user_text(s),
        month=units.money(s.cost_per_month, s.currency),
        million=units.money(s.cost_per_million_tokens, s.currency, 2),
        ttft=units.compact(s.time_to_first_token_seconds, 2),
    )
