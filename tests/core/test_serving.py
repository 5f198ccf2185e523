"""Serving: decode speed from memory bandwidth, prefill from compute, quantised weights and KV cache, and the
service's cost. Hand computations and published measurements (sources in the comments)."""

from pathlib import Path

import pytest
from engine_gpus import A100_SXM, H100_SXM

from gpudesk.core.engine.architecture import from_config_file
from gpudesk.core.engine.cost import cost_estimate, objective_cost, priced_serving
from gpudesk.core.engine.estimate import estimate, estimate_json
from gpudesk.core.engine.gpu_classes import class_mfu
from gpudesk.core.engine.memory import memory_estimate
from gpudesk.core.engine.serving import serving_speed
from gpudesk.core.engine.timing import time_estimate
from gpudesk.core.models import Cluster, Job, Layout

FIX = Path(__file__).parent / "fixtures"
L7 = from_config_file(FIX / "llama-2-7b.json")
L70 = from_config_file(FIX / "llama-2-70b.json")
N7 = 6_738_415_616  # Llama-2-7B parameters
KV_PER_TOKEN = 2 * 32 * 32 * 128 * 2  # K and V, 32 layers, 32 heads of 128, bf16: 524,288 B
NODE = Cluster(gpu=A100_SXM, gpus_per_node=8)


def serve(job: Job, layout: Layout = Layout(), cluster: Cluster = NODE):
    return serving_speed(job, layout, cluster)


def test_decode_speed_against_the_bandwidth_hand_computation():
    # Llama-2-7B bf16 on one A100 80GB SXM (2039 GB/s): 13.48 GB of weights read per token, so at most
    # 2039 / 13.48 = 151 tokens/s per sequence at batch 1 even at 100 % of the bandwidth.
    s = serve(Job(model=L7, task="inference", seq_len=200))
    ceiling = 2039e9 / (2 * N7)
    assert ceiling == pytest.approx(151.3, abs=0.1)
    assert s.tokens_per_second_per_user < ceiling
    # assumed: 1397 GB/s reached, as gpt-fast measured (pytorch-labs/gpt-fast README: Llama-2-7B bf16, batch 1,
    # A100-80GB, 104.9 tokens/s at 1397.31 GB/s); the step also reads 200 tokens of KV cache
    step = (2 * N7 + KV_PER_TOKEN * 200) / 1397.31e9
    assert s.tokens_per_second_per_user == pytest.approx(1 / step)
    assert s.tokens_per_second_per_user == pytest.approx(104.9, rel=0.03)  # the measurement itself
    assert s.bound == "memory" and s.bandwidth_fraction == pytest.approx(0.685, abs=0.001)


def test_fifty_users_read_every_kv_cache_each_step():
    s = serve(Job(model=L7, task="inference", concurrency=50, seq_len=2048))
    step = (2 * N7 + 50 * 2048 * KV_PER_TOKEN) / 1397.31e9  # weights once for the batch + 50 full caches
    assert s.decode_step_seconds == pytest.approx(step)
    assert s.tokens_per_second_per_user == pytest.approx(1 / step)  # 20.8 tokens/s each
    assert s.tokens_per_second == pytest.approx(50 / step)


@pytest.mark.parametrize(
    "arch, tp, measured",
    [
        # gpt-fast README, "Tensor Parallelism" table (8x A100-80GB, batch 1): tokens/s
        (L7, 2, 168.84),
        (L7, 4, 254.02),
        (L7, 8, 328.43),
        (L70, 2, 21.32),
        (L70, 4, 38.01),
        (L70, 8, 62.50),
    ],
)
def test_tensor_parallel_decode_against_gpt_fast(arch, tp, measured):
    s = serve(Job(model=arch, task="inference", seq_len=200), Layout(gpus=tp, tp=tp))
    # within 12 %: the 70B runs reached more of the bandwidth (1482 GB/s per GPU at TP 2) than the 7B one
    assert s.tokens_per_second_per_user == pytest.approx(measured, rel=0.12)
    assert s.tokens_per_second_per_user <= measured * 1.05  # never much faster than measured


def test_quantised_weights_against_gpt_fast():
    # gpt-fast, Llama-2-7B on one A100-80GB: int8 weight-only 155.58 tokens/s, int4 (group 32) 196.80
    int8 = serve(Job(model=L7, task="inference", seq_len=200, weight_precision="int8"))
    assert int8.tokens_per_second_per_user == pytest.approx(155.58, rel=0.05)
    int4 = serve(Job(model=L7, task="inference", seq_len=200, weight_precision="int4"))
    # group 128 (GPTQ/AWQ default) stores a quarter of group 32's scales: a little faster than measured
    assert 1.0 < int4.tokens_per_second_per_user / 196.80 < 1.15
    assert int8.compute == int4.compute == "bf16"  # weight-only kernels: 16-bit matmuls


def test_quantised_weight_bytes():
    kept = 2 * 32000 * 4096 + 65 * 4096  # embeddings, LM head and norms stay 16-bit
    linear = N7 - kept
    w = lambda **kw: memory_estimate(Job(model=L7, task="inference", **kw), Layout(), 80 * 10**9).per_gpu_bytes.weights  # noqa: E731
    assert w(weight_precision="int4") == int(linear * (0.5 + 2.5 / 128) + 2 * kept)  # GPTQ/AWQ group 128
    assert w(weight_precision="int8") == int(linear * (1 + 2 / 4096) + 2 * kept)  # FP16 scale per output row
    assert w(weight_precision="fp8") == linear + 2 * kept
    assert w(weight_precision="bf16") == w(weight_precision="fp16") == 2 * N7


def test_fp8_kv_cache_halves_memory_and_decode_bytes():
    job = Job(model=L7, task="inference", concurrency=32, seq_len=4096)
    bf16 = memory_estimate(job, Layout(), 80 * 10**9).per_gpu_bytes.kv_cache
    fp8 = memory_estimate(job.model_copy(update={"kv_precision": "fp8"}), Layout(), 80 * 10**9).per_gpu_bytes.kv_cache
    assert bf16 == 32 * 4096 * KV_PER_TOKEN and fp8 * 2 == bf16
    a, b = serve(job), serve(job.model_copy(update={"kv_precision": "fp8"}))
    assert b.decode_step_seconds == pytest.approx((2 * N7 + bf16 / 2) / 1397.31e9)
    assert b.tokens_per_second_per_user > a.tokens_per_second_per_user


def test_fp8_computes_in_fp8_only_where_the_card_has_it():
    job = Job(model=L7, task="inference", weight_precision="fp8")
    on_a100 = serve(job)
    on_h100 = serve(job, cluster=Cluster(gpu=H100_SXM))
    assert on_a100.compute == "bf16" and on_a100.bandwidth_fraction < on_h100.bandwidth_fraction
    assert on_h100.compute == "fp8"
    assert (
        on_h100.time_to_first_token_seconds
        < serve(Job(model=L7, task="inference"), cluster=Cluster(gpu=H100_SXM)).time_to_first_token_seconds
    )


def test_time_to_first_token_is_one_full_prefill():
    s = serve(Job(model=L7, task="inference", seq_len=2048))
    matmul = N7 - 32000 * 4096  # the input embedding is a lookup, not a matmul
    flops = 2 * matmul * 2048 + 2 * 32 * 4096 * 2048**2  # causal attention: half of QK^T and AV
    assert s.time_to_first_token_seconds == pytest.approx(flops / (312e12 * class_mfu(A100_SXM)))  # A100 class: 48 %
    assert 0.15 < s.time_to_first_token_seconds < 0.25


def test_service_cost_for_one_month_and_per_million_tokens():
    job = Job(model=L7, task="inference", concurrency=50, seq_len=2048, price_per_gpu_hour=8)
    est = estimate(job, Layout(gpus=2, tp=2), NODE)
    s = est.serving
    assert s.period_hours == 730 and s.gpus == 2
    assert s.cost_per_month == pytest.approx(8 * 2 * 730)
    assert s.cost_per_million_tokens == pytest.approx(16 / (s.tokens_per_second * 3600 / 1e6))
    assert est.cost.trial_margin == 0 and est.cost.with_trial_margin == pytest.approx(8 * 2 * 730)
    j = estimate_json(est)
    assert set(j["serving"]) >= {
        "tokens_per_second",
        "tokens_per_second_per_user",
        "time_to_first_token_seconds",
        "period_hours",
        "cost_per_month",
        "cost_per_million_tokens",
    }
    assert "serving" not in j["time"]  # one serving block, not two


def test_service_period_and_monthly_billing():
    job = Job(model=L7, task="inference", service_hours=3 * 730)
    te = time_estimate(job, Layout(), NODE)
    cost = cost_estimate(job, te, 10.0, 5000.0)
    assert cost.compute_cost == pytest.approx(10 * 3 * 730) and cost.monthly_cost == pytest.approx(3 * 5000)
    assert cost.cheaper_billing == "monthly" and objective_cost(cost) == pytest.approx(15000)
    s = priced_serving(te.serving, cost)
    assert s.cost_per_period == pytest.approx(15000) and s.cost_per_month == pytest.approx(5000)


def test_no_price_no_costs():
    s = estimate(Job(model=L7, task="inference"), Layout(), NODE).serving
    assert s.cost_per_month is None and s.cost_per_million_tokens is None and s.tokens_per_second > 0


def test_mixed_is_priced_as_training_plus_service():
    job = Job(model=L7, task="mixed", tokens=1e8, concurrency=8, price_per_gpu_hour=10)
    est = estimate(job, Layout(gpus=4, zero=3), NODE)
    assert est.serving is not None and est.cost.service_cost == pytest.approx(10 * 4 * 730)
    assert objective_cost(est.cost) == pytest.approx(est.cost.with_trial_margin + 10 * 4 * 730)


def test_target_speed_is_reported():
    s = serve(Job(model=L7, task="inference", concurrency=50, seq_len=2048, target_tokens_per_user=30))
    assert s.meets_target is False
    assert serve(Job(model=L7, task="inference", target_tokens_per_user=30)).meets_target is True
