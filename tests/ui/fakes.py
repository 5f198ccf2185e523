"""Hand-made recommender answers, so chart and table tests do not depend on the engine's figures."""

from gpudesk.core.models import (
    Advice,
    CostEstimate,
    MemoryEstimate,
    MemoryPerGpu,
    Offload,
    Option,
    OptionLayout,
    Recompute,
    Tier,
    TimeEstimate,
)

GIB = 1 << 30


def option(
    gpu="h100-sxm-80gb",
    name="H100 SXM 80GB",
    gpus=4,
    *,
    weights=20,
    grads=20,
    opt=40,
    act=5,
    kv=0,
    over=1,
    capacity=80,
    headroom=0.10,
    hours=48.0,
    price=20.0,
    month=None,
    rank=1,
    provider="p1",
    offer=None,
    quick=None,
    tier=Tier.ADVANCED,
    advice=(),
):
    parts = dict(
        weights=weights * GIB,
        gradients=grads * GIB,
        optimizer_states=opt * GIB,
        activations=act * GIB,
        kv_cache=kv * GIB,
        overhead=over * GIB,
    )
    total = sum(parts.values())
    usable = int(capacity * GIB * (1 - headroom))
    cost = hours * price * gpus
    return Option(
        rank=rank,
        gpu=gpu,
        gpu_name=name,
        gpus=gpus,
        provider=provider,
        offer=offer or f"{provider}-{gpu}",
        layout=OptionLayout(tp=1, pp=1, dp=gpus, zero=2, offload=Offload.NONE, recompute=Recompute.NONE, micro_batch=1),
        memory=MemoryEstimate(
            per_gpu_bytes=MemoryPerGpu(**parts, total=total),
            gpu_capacity_bytes=capacity * GIB,
            usable_bytes=usable,
            headroom=headroom,
            fits=total <= usable,
            host_ram_bytes=0,
            quick_estimate_bytes=None if quick is None else quick * GIB,
        ),
        time=TimeEstimate(
            training_flops=1e20,
            tokens_per_second=1e4,
            hours=hours,
            gpu_hours=hours * gpus,
            mfu=0.4,
            scaling_efficiency=0.95,
        ),
        cost=CostEstimate(
            price_per_gpu_hour=price,
            compute_cost=cost,
            with_trial_margin=cost * 1.3,
            price_per_gpu_month=month,
            break_even_hours=None if month is None else month / price,
        ),
        tier=tier,
        advice=[Advice(id=a, severity="warning", message=a) for a in advice],
    )


def service_point(
    gpu="h20",
    name="H20",
    gpus=1,
    *,
    per_user=50.0,
    users=16,
    ttft=0.3,
    price=3.0,
    month=1500.0,
    provider="p1",
    target=20.0,
):
    """A chart point of a serving job as the recommender hands it over (core's FeasiblePoint): the speed in
    the time estimate's serving block, unpriced; the prices in the cost."""
    from types import SimpleNamespace

    from gpudesk.core.models import ServingEstimate

    speed = ServingEstimate(
        tokens_per_second=per_user * users,
        tokens_per_second_per_user=per_user,
        time_to_first_token_seconds=ttft,
        period_hours=730.0,
        gpus=gpus,
        concurrency=users,
        context_tokens=2048,
        target_tokens_per_user=target,
        meets_target=None if target is None else per_user >= target,
    )
    time = TimeEstimate(
        training_flops=None, tokens_per_second=None, hours=None, gpu_hours=None, mfu=0.4, scaling_efficiency=1.0
    )
    time.serving = speed
    cost = CostEstimate(
        price_per_gpu_hour=price,
        compute_cost=price * gpus * 730,
        with_trial_margin=price * gpus * 730,
        trial_margin=0.0,
        price_per_gpu_month=month,
    )
    return SimpleNamespace(
        gpu=gpu,
        gpu_name=name,
        gpus=gpus,
        nodes=1,
        offer=f"{provider}-{gpu}-{gpus}",
        provider=provider,
        region=None,
        cost=cost,
        time=time,
        pareto=False,
    )
