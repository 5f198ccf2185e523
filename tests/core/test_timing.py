"""Training time: FLOPs per token, peaks, MFU defaults, the communication model, public GPU-hours."""

from pathlib import Path

import pytest
from engine_gpus import A100_PCIE, A100_SXM, H100_SXM, RTX_4090, V100

from gpudesk.core.engine.architecture import from_config_file, from_params
from gpudesk.core.engine.gpu_classes import class_mfu, gpu_class, peak_tflops
from gpudesk.core.engine.mfu import default_mfu, size_factor
from gpudesk.core.models import Cluster, Job, Layout
from gpudesk.core.engine.timing import flops_per_token, matmul_params, time_estimate

FIX = Path(__file__).parent / "fixtures"
L7 = from_config_file(FIX / "llama-2-7b.json")
# PaLM appendix B: 6·N + 12·L·H·Q·T; N without the input embedding (a lookup, not a matmul)
N7 = 6_738_415_616 - 32000 * 4096  # 6,607,343,616
ATTN7 = 12 * 32 * 32 * 128 * 2048  # 3,221,225,472


def test_flops_per_token_palm():
    assert flops_per_token(Job(model=L7)) == 6 * N7 + ATTN7 == 42_865_287_168


def test_full_recompute_adds_a_forward():
    assert flops_per_token(Job(model=L7, recompute="full")) == pytest.approx((6 * N7 + ATTN7) * 4 / 3)


def test_moe_uses_active_params():
    m = from_config_file(FIX / "mixtral-8x7b.json")
    active = 12_879_925_248 - 32000 * 4096
    assert flops_per_token(Job(model=m)) == 6 * active + 12 * 32 * 32 * 128 * 2048


def test_tied_embedding_counts_once_as_lm_head():
    g = from_config_file(FIX / "gpt2.json")
    assert matmul_params(g) == 124_439_808 - 1024 * 768  # only the position table is a pure lookup


def test_lora_skips_frozen_weight_gradients():
    # forward 2N + input gradients 2N + adapters 6·N_adapter + attention
    assert flops_per_token(Job(model=L7, task="lora")) == 4 * N7 + 6 * 16_777_216 + ATTN7


def test_chinchilla_gpt3_budget():
    # GPT-3 175B on 300B tokens: 6·N·D = 3.15e23 FLOPs (Brown et al. 2020 report 3.14e23)
    te = time_estimate(Job(model=from_params(175e9), tokens=300e9, seq_len=2048), Layout(), Cluster(gpu=A100_SXM))
    assert te.training_flops == pytest.approx(3.15e23, rel=0.06)


def test_peaks_per_precision():
    notes = []
    assert peak_tflops(A100_SXM, "bf16") == 312
    assert peak_tflops(A100_SXM, "fp32", notes) == 156  # TF32 tensor cores
    assert peak_tflops(A100_SXM, "fp8", notes) == 312 and any("FP8" in n for n in notes)
    assert peak_tflops(H100_SXM, "fp8") == 1979
    assert peak_tflops(V100, "bf16") == 125  # no BF16: FP16 peak


def test_mfu_reference_per_class():
    # Megatron-Core on H100: 47 % end to end at 7.1B (README); Llama 2 7B on A100: 44.5 % (Meta's GPU-hours)
    assert gpu_class(A100_SXM) == "ampere-sxm" and class_mfu(A100_SXM) == 0.48
    assert gpu_class(H100_SXM) == "hopper-sxm" and class_mfu(H100_SXM) == 0.50
    assert gpu_class(A100_PCIE) == "datacentre-pcie" and class_mfu(A100_PCIE) == 0.40
    assert gpu_class(RTX_4090) == "consumer" and class_mfu(RTX_4090) == 0.35
    assert gpu_class(V100) == "volta"


def test_default_mfu_by_framework_size_and_precision():
    l7 = Job(model=L7)  # hf by default for fine-tuning
    # HF on Ampere: 95 % of the class reference at hidden 4096 (the reference width)
    assert size_factor(4096) == 1.0 and size_factor(2304) == pytest.approx(0.87) and size_factor(8192) > 1.04
    assert default_mfu(l7, A100_SXM) == round(0.48 * 0.95, 4)
    assert default_mfu(Job(model=L7, framework="megatron"), H100_SXM) == 0.50
    assert default_mfu(l7, H100_SXM) == round(0.50 * 0.85, 4)  # HF on Hopper
    # FP8 on H100 with Megatron: 1.5x the BF16 tokens/s, as a share of the FP8 peak (1979 = 2 x 989)
    fp8 = Job(model=L7, framework="megatron", precision="fp8")
    assert default_mfu(fp8, H100_SXM) == pytest.approx(0.50 * 1.5 * 989 / 1979, abs=1e-4)
    moe = Job(model=from_config_file(FIX / "mixtral-8x7b.json"))
    assert default_mfu(moe, A100_SXM) < default_mfu(l7, A100_SXM)


def test_single_gpu_throughput_and_mfu_override():
    te = time_estimate(Job(model=L7, tokens=1e9), Layout(), Cluster(gpu=A100_SXM))
    mfu = default_mfu(Job(model=L7), A100_SXM)
    assert te.mfu == mfu and te.tokens_per_second == pytest.approx(312e12 * mfu / 42_865_287_168)  # ~3,300 tok/s
    assert te.hours == pytest.approx(1e9 / te.tokens_per_second / 3600)
    assert te.scaling_efficiency == 1.0
    te2 = time_estimate(Job(model=L7, tokens=1e9, mfu=0.3), Layout(), Cluster(gpu=A100_SXM))
    assert te2.mfu == 0.3 and te2.hours == pytest.approx(te.hours * mfu / 0.3)


def test_no_tokens_no_duration():
    te = time_estimate(Job(model=L7), Layout(gpus=8), Cluster(gpu=A100_SXM))
    assert te.training_flops is None and te.hours is None and te.gpu_hours is None
    assert te.tokens_per_second > 0


def test_eight_nvlink_gpus_scale_like_the_guide():
    te = time_estimate(Job(model=L7, tokens=1e10), Layout(gpus=8, zero=1), Cluster(gpu=A100_SXM))
    # step compute per GPU: 42,865,287,168 · 2048 / (312e12 · MFU) = 0.62 s
    # all-reduce: 2·7/8 · 6,738,415,616 · 2 B / (300 GB/s · 0.75) = 0.10482 s, half hidden behind backward (HF)
    t_compute = 42_865_287_168 * 2048 / (312e12 * te.mfu)
    t_comm = 2 * 7 / 8 * 6_738_415_616 * 2 / 225e9
    assert te.scaling_efficiency == pytest.approx(t_compute / (t_compute + t_comm / 2))
    assert 0.90 <= te.scaling_efficiency <= 0.95  # the guide: 7.2-7.6x on 8 GPUs


def test_pcie_and_multi_node_scale_worse():
    job = Job(model=L7, tokens=1e10)
    nvlink = time_estimate(job, Layout(gpus=8, zero=1), Cluster(gpu=A100_SXM)).scaling_efficiency
    pcie = time_estimate(job, Layout(gpus=8, zero=1), Cluster(gpu=A100_PCIE)).scaling_efficiency
    ib = time_estimate(job, Layout(gpus=16, zero=1), Cluster(gpu=A100_SXM, inter_node_gbps=50)).scaling_efficiency
    eth = time_estimate(job, Layout(gpus=16, zero=1), Cluster(gpu=A100_SXM, inter_node_gbps=12.5)).scaling_efficiency
    assert pcie < nvlink - 0.15
    assert eth < ib < nvlink


def test_pipeline_bubble():
    te = time_estimate(Job(model=L7, grad_accum=4), Layout(gpus=4, pp=4), Cluster(gpu=A100_SXM))
    assert te.details["pipeline_bubble"] == pytest.approx(3 / 7)  # (p-1)/(m+p-1)
    assert te.scaling_efficiency < 4 / 7 + 1e-9


def test_offload_is_slower():
    base = time_estimate(Job(model=L7), Layout(gpus=8, zero=1), Cluster(gpu=A100_SXM))
    off = time_estimate(Job(model=L7), Layout(gpus=8, zero=1, offload="optimizer"), Cluster(gpu=A100_SXM))
    assert off.tokens_per_second < base.tokens_per_second * 0.8
    assert off.details["offload_efficiency"] < 0.8


def test_llama2_7b_gpu_hours_match_meta():
    # Llama 2 paper, table 2: 184,320 A100-80GB GPU-hours for 7B on 2T tokens (context 4096)
    te = time_estimate(Job(model=L7, tokens=2e12, seq_len=4096), Layout(gpus=8, zero=1), Cluster(gpu=A100_SXM))
    # the README claims within 2 % (the engine gives 187,071, +1.5 %); the test holds it to that claim
    assert te.gpu_hours == pytest.approx(184_320, rel=0.02)


def test_h100_about_two_to_three_times_a100():
    job = Job(model=L7, tokens=1e9)
    a = time_estimate(job, Layout(), Cluster(gpu=A100_SXM)).tokens_per_second
    h = time_estimate(job, Layout(), Cluster(gpu=H100_SXM)).tokens_per_second
    assert 2.0 <= h / a <= 3.0  # the guide: ~2x; NVIDIA: up to 3x in BF16


def test_serving_is_memory_bound():
    te = time_estimate(
        Job(model=L7, task="inference", concurrency=1, tokens=1e6, seq_len=1024), Layout(), Cluster(gpu=A100_SXM)
    )
    # weights read once per decode step + the KV cache (524,288 B/token x 1024 tokens), at the 1397 GB/s
    # gpt-fast measured for Llama-2-7B bf16 on an A100-80GB
    step = (2 * 6_738_415_616 + 524_288 * 1024) / 1397.31e9
    assert te.tokens_per_second == pytest.approx(1 / step)
    assert te.training_flops is None and te.hours == pytest.approx(1e6 / te.tokens_per_second / 3600)


def test_bridged_pcie_cards_use_nvlink_only_in_pairs():
    bridged = A100_PCIE.model_copy(update={"nvlink_gbps": 600.0})  # A100 PCIe with NVLink bridges
    job = Job(model=L7, tokens=1e9)
    pair = time_estimate(job, Layout(gpus=2, zero=1), Cluster(gpu=bridged, gpus_per_node=2))
    eight = time_estimate(job, Layout(gpus=8, zero=1), Cluster(gpu=bridged))
    assert pair.details["link"] == "NVLink" and eight.details["link"] == "PCIe"


def test_unknown_peak_gives_no_time():
    gpu = A100_SXM.model_copy(update={"id": "x", "tflops_bf16": None, "tflops_fp16": None, "tflops_fp32": None})
    te = time_estimate(Job(model=L7, tokens=1e9), Layout(), Cluster(gpu=gpu))
    assert te.peak_tflops is None and te.hours is None and te.tokens_per_second is None
