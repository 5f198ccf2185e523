"""Property tests over the engine's and the recommender's inputs (hypothesis): no crash but a one-line
GpudeskError, no NaN, no infinity, no negative figure, and monotonic sanity (more GPUs never raise
per-GPU model-state memory under ZeRO-3; longer sequences never lower activations; a higher price never
lowers a cost). Cases tried per run: the max_examples below (1,790 in all)."""

import json
import math
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, event, given, settings
from hypothesis import strategies as st

from gpudesk.catalog import open_catalog
from gpudesk.core.engine.architecture import from_config_file, from_params
from gpudesk.core.engine.estimate import estimate, estimate_json
from gpudesk.core.engine.layout_rules import pp_problem, tp_problem
from gpudesk.core.engine.memory import memory_estimate
from gpudesk.core.limits import RANGES
from gpudesk.core.models import Cluster, Constraints, Job, Layout
from gpudesk.core.search import recommend, recommendation_json
from gpudesk.errors import GpudeskError

FIX = Path(__file__).parent.parent / "core" / "fixtures"
MODELS = [
    from_config_file(FIX / n)
    for n in (
        "gpt2.json",
        "llama-3-8b.json",
        "mixtral-8x7b.json",
        "llama-2-70b.json",
        "clip-vit-base-patch32.json",
        "falcon-7b.json",
        "bert-base-uncased.json",
        "qwen2-0.5b.json",
    )
]
CAT = open_catalog()
GPUS = sorted(CAT.gpus(), key=lambda g: g.id)
SETTINGS = dict(deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])


def _log(lo, hi):
    """Log-uniform floats between lo and hi (both > 0): small and huge values alike."""
    return st.floats(math.log10(lo), math.log10(hi)).map(lambda e: 10**e)


models = st.one_of(st.sampled_from(MODELS), _log(1e5, 1e14).map(from_params))
jobs = st.builds(
    dict,
    model=models,
    task=st.sampled_from(["pretrain", "full", "lora", "qlora", "inference", "mixed"]),
    precision=st.sampled_from(["fp32", "bf16", "fp16", "fp8"]),
    optimizer=st.sampled_from(["adamw", "adamw-8bit", "sgd", "adafactor"]),
    recompute=st.sampled_from(["none", "selective", "full"]),
    flash_attention=st.booleans(),
    micro_batch=st.integers(1, RANGES["micro_batch"].hi),
    seq_len=_log(1, RANGES["seq_len"].hi).map(int),
    grad_accum=st.integers(1, RANGES["grad_accum"].hi),
    tokens=st.none() | _log(1, RANGES["tokens"].hi),
    concurrency=st.integers(1, RANGES["concurrency"].hi),
    mfu=st.none() | st.floats(0.01, 1.0),
    price_per_gpu_hour=st.none() | st.floats(0, RANGES["price_per_gpu_hour"].hi),
    headroom=st.floats(0, RANGES["headroom"].hi),
    trial_margin=st.floats(0, RANGES["trial_margin"].hi),
    overhead_bytes=st.none() | st.integers(0, int(RANGES["overhead_bytes"].hi)),
)


def _walk(obj, path=""):
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield from _walk(v, f"{path}.{k}")
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            yield from _walk(v, f"{path}[{i}]")
    elif isinstance(obj, (int, float)) and not isinstance(obj, bool):
        yield path, obj


def _sane(doc):
    """Strict JSON (no NaN/Infinity) and no negative figure anywhere."""
    json.dumps(doc, allow_nan=False)
    bad = [(p, v) for p, v in _walk(doc) if not math.isfinite(v) or v < 0]
    assert bad == [], bad[:5]


def _layout(draw, model):
    tp = draw(st.sampled_from([1, 2, 4, 8]))
    pp = draw(st.sampled_from([1, 2, 4]))
    assume(tp_problem(model, tp) is None and pp_problem(model, pp) is None)
    dp = draw(st.sampled_from([1, 2, 3, 8, 64]))
    return Layout(
        gpus=tp * pp * dp,
        tp=tp,
        pp=pp,
        zero=draw(st.integers(0, 3)),
        offload=draw(st.sampled_from(["none", "optimizer", "optimizer+params"])),
    )


@settings(max_examples=700, **SETTINGS)
@given(fields=jobs, gpu=st.sampled_from(GPUS), data=st.data(), month=st.none() | st.floats(0, 1e8))
def test_estimate_never_crashes_and_stays_finite(fields, gpu, data, month):
    job = Job(**fields)
    layout = _layout(data.draw, job.model)
    try:
        est = estimate(job, layout, Cluster(gpu=gpu, gpus_per_node=min(8, layout.gpus)), price_per_gpu_month=month)
    except GpudeskError as exc:  # a refusal with a message is fine; any other exception is a bug
        event("refused")
        assert str(exc).strip() and "\n" not in str(exc)
        return
    doc = estimate_json(est)
    _sane(doc)
    per = doc["memory"]["per_gpu_bytes"]
    assert sum(v for k, v in per.items() if k != "total") == per["total"]


@settings(max_examples=300, **SETTINGS)
@given(
    model=st.sampled_from(MODELS),
    task=st.sampled_from(["pretrain", "full"]),
    n=st.sampled_from([1, 2, 4, 8, 16, 32]),
    extra=st.sampled_from([2, 3, 4, 8]),
    precision=st.sampled_from(["fp32", "bf16", "fp8"]),
    optimizer=st.sampled_from(["adamw", "adamw-8bit", "sgd", "adafactor"]),
)
def test_more_gpus_never_raise_model_state_memory_under_zero3(model, task, n, extra, precision, optimizer):
    job = Job(model=model, task=task, precision=precision, optimizer=optimizer)

    def states(gpus):
        m = memory_estimate(job, Layout(gpus=gpus, zero=3), 80 * 10**9).per_gpu_bytes
        return m.weights + m.gradients + m.optimizer_states

    assert states(n * extra) <= states(n)


@settings(max_examples=300, **SETTINGS)
@given(fields=jobs, short=st.integers(1, 1 << 16), factor=st.sampled_from([1, 2, 3, 16, 1000]), data=st.data())
def test_longer_sequences_never_lower_activations(fields, short, factor, data):
    model = fields["model"]
    layout = _layout(data.draw, model)
    long = min(short * factor, RANGES["seq_len"].hi)
    try:
        a = memory_estimate(Job(**{**fields, "seq_len": short}), layout, 80 * 10**9).per_gpu_bytes
        b = memory_estimate(Job(**{**fields, "seq_len": long}), layout, 80 * 10**9).per_gpu_bytes
    except GpudeskError:
        return
    if fields["task"] == "mixed":  # the stricter of training and serving is shown: it may switch, its total grows
        assert b.total >= a.total
    else:
        assert b.activations >= a.activations and b.kv_cache >= a.kv_cache


@settings(max_examples=300, **SETTINGS)
@given(
    fields=jobs,
    gpu=st.sampled_from(GPUS),
    price=st.floats(0, 1e4),
    more=st.floats(0, 1e4),
    data=st.data(),
    month=st.floats(0, 1e6),
    more_month=st.floats(0, 1e6),
)
def test_a_higher_price_never_lowers_a_cost(fields, gpu, price, more, data, month, more_month):
    fields = {**fields, "tokens": fields["tokens"] or 1e9}
    layout = _layout(data.draw, fields["model"])
    cluster = Cluster(gpu=gpu, gpus_per_node=min(8, layout.gpus))
    try:
        low = estimate(Job(**{**fields, "price_per_gpu_hour": price}), layout, cluster, price_per_gpu_month=month)
        high = estimate(
            Job(**{**fields, "price_per_gpu_hour": price + more}),
            layout,
            cluster,
            price_per_gpu_month=month + more_month,
        )
    except GpudeskError:
        return
    for a, b in (
        (low.cost.compute_cost, high.cost.compute_cost),
        (low.cost.with_trial_margin, high.cost.with_trial_margin),
        (low.cost.monthly_cost, high.cost.monthly_cost),
    ):
        if a is not None:
            assert b is not None and b >= a


@settings(max_examples=120, **SETTINGS)
@given(
    fields=jobs,
    objective=st.sampled_from(["cheapest", "fastest", "deadline", "budget"]),
    budget=st.none() | _log(1, 1e12),
    deadline=st.none() | _log(0.01, 1e6),
    max_gpus=st.sampled_from([1, 8, 64, 4096]),
    billing=st.none() | st.sampled_from(["hourly", "monthly"]),
    top=st.integers(1, 30),
)
def test_recommender_never_crashes_and_stays_finite(fields, objective, budget, deadline, max_gpus, billing, top):
    job = Job(**fields)
    try:
        rec = recommend(
            job,
            Constraints(
                objective=objective, budget=budget, deadline_hours=deadline, max_gpus=max_gpus, billing=billing, top=top
            ),
            CAT,
        )
    except GpudeskError as exc:
        assert str(exc).strip()
        return
    doc = recommendation_json(rec)
    _sane(doc["options"])
    assert len(doc["options"]) <= top
    for o in rec.options:
        assert o.gpus <= max_gpus and o.memory.fits


@settings(max_examples=70, **SETTINGS)
@given(model=st.sampled_from(MODELS), tokens=_log(1e6, 1e12), factor=st.floats(1.0, 10.0))
def test_recommender_a_higher_price_never_lowers_the_cost_of_an_option(model, tokens, factor):
    """Priced by the job's own price per GPU-hour: every option costs at least as much at a higher price."""
    job = Job(model=model, tokens=tokens, price_per_gpu_hour=3.0)
    dearer = Job(model=model, tokens=tokens, price_per_gpu_hour=3.0 * factor)
    try:
        a = recommend(job, Constraints(top=5), CAT)
        b = recommend(dearer, Constraints(top=5), CAT)
    except GpudeskError:
        return
    costs_b = {(o.gpu, o.gpus, o.offer): o.cost.with_trial_margin for o in b.options}
    for o in a.options:
        key = (o.gpu, o.gpus, o.offer)
        if key in costs_b and o.cost.with_trial_margin is not None and costs_b[key] is not None:
            assert costs_b[key] >= o.cost.with_trial_margin * (1 - 1e-9)


def test_property_case_count_in_the_docstring():
    import inspect
    import re
    import sys

    module = sys.modules[__name__]
    counts = [int(n) for n in re.findall(r"max_examples=(\d+)", inspect.getsource(module))]
    assert f"{sum(counts):,} in all" in module.__doc__, sum(counts)


pytestmark = pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning")
