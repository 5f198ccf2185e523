"""Framework profiles, state precision, loss, recomputation kinds, MFU/HFU, interleaving, global batch, CP, EP.

Values are hand-computed from the formulas and sources cited in gpudesk/core/engine (frameworks.py,
states.py, activations.py, timing.py)."""

from pathlib import Path

import pytest
from engine_gpus import A100_SXM, H100_SXM

from gpudesk.core.engine.activations import LOGITS_FP32_COPIES, op_selective_recompute_params
from gpudesk.core.engine.architecture import count_params, from_config_file
from gpudesk.core.engine.estimate import estimate
from gpudesk.core.engine.memory import NF4_BYTES_PER_PARAM, memory_estimate
from gpudesk.core.engine.mfu import default_mfu
from gpudesk.core.engine.parallel import check_job_layout, micro_batches, rebatched
from gpudesk.core.engine.timing import RECOMPUTE_SPEEDUP, model_flops_per_token, time_estimate
from gpudesk.core.i18n import use_language
from gpudesk.core.models import Cluster, GpuSpec, Job, Layout, Recompute
from gpudesk.errors import GpudeskError

FIX = Path(__file__).parent / "fixtures"
L7 = from_config_file(FIX / "llama-2-7b.json")
L8 = from_config_file(FIX / "llama-3-8b.json")
N7 = 6_738_415_616
CAP = 80 * 10**9


def states(job, layout=None):
    p = memory_estimate(job, layout or Layout(), CAP).per_gpu_bytes
    return p.weights, p.gradients, p.optimizer_states


# --- model-state precision per framework ----------------------------------------------------------


def test_state_bytes_per_framework():
    assert states(Job(model=L7, framework="hf")) == (2 * N7, 2 * N7, 12 * N7)  # ZeRO paper: 16 B/param
    # Megatron keeps fp32 main gradients: 18 B/param; the distributed optimizer (ZeRO-1) over d: 6 + 12/d
    assert states(Job(model=L7, framework="megatron")) == (2 * N7, 4 * N7, 12 * N7)
    w, g, o = states(Job(model=L7, framework="megatron"), Layout(gpus=8, zero=1))
    assert (w, g, o) == (2 * N7, 4 * N7, 12 * N7 / 8)
    assert states(Job(model=L7, framework="fsdp2", model_states="bf16")) == (2 * N7, 2 * N7, 4 * N7)  # torchtune
    assert states(Job(model=L7, model_states="8bit")) == (2 * N7, 2 * N7, 2 * N7)  # bf16 + 8-bit AdamW
    assert states(Job(model=L7, model_states="bf16", optimizer="sgd")) == (2 * N7, 2 * N7, 2 * N7)
    # the framework default: megatron for pre-training, hf otherwise
    assert states(Job(model=L7, task="pretrain"))[1] == 4 * N7 and states(Job(model=L7))[1] == 2 * N7


def test_lora_adapter_states_follow_the_precision():
    ad = 16_777_216  # r=16 on q, k, v, o of Llama-2-7B
    p = memory_estimate(Job(model=L7, task="lora", model_states="bf16"), Layout(), CAP).per_gpu_bytes
    assert (p.weights, p.gradients, p.optimizer_states) == (2 * N7 + 2 * ad, 2 * ad, 4 * ad)


def test_zero3_gathers_a_qlora_base_in_nf4():
    job = Job(model=L7, task="qlora")
    pc = count_params(L7)
    one = memory_estimate(job, Layout(gpus=1), CAP).per_gpu_bytes.weights
    eight = memory_estimate(job, Layout(gpus=8, zero=3), CAP).per_gpu_bytes.weights
    assert eight == int(one / 8 + 2 * pc.per_layer * NF4_BYTES_PER_PARAM)  # two live layers, 4.127 bit each


def test_fsdp2_with_pipeline_keeps_the_stage_unsharded():
    job = Job(model=L7, framework="fsdp2", grad_accum=8)
    lay = Layout(gpus=16, pp=2, zero=3)
    m = memory_estimate(job, lay, CAP)
    shard = m.details["params_per_gpu_before_zero"]
    assert m.details["unsharded_stage_bytes"] == pytest.approx(2 * shard, rel=1e-6)  # bf16 parameters
    # sharded 2 B/param over dp 8 + the unsharded fp32 gradient of the stage (gradient sync off until the last micro-batch)
    assert m.per_gpu_bytes.gradients == pytest.approx(2 * shard / 8 + 4 * shard, rel=1e-6)


# --- loss and recomputation -------------------------------------------------------------------------


def test_chunked_loss_keeps_one_chunk_of_the_fp32_logits():
    base = dict(model=L8, task="lora", micro_batch=2, seq_len=2048)
    full = memory_estimate(Job(**base, loss="fp32-logits"), Layout(), CAP).details["logits_bytes"]
    chunked = memory_estimate(Job(**base, loss="chunked"), Layout(), CAP).details["logits_bytes"]
    elems = 2 * 2048 * 128256
    assert full == int(LOGITS_FP32_COPIES * 4 * elems) and chunked == int(LOGITS_FP32_COPIES * 4 / 8 * elems)
    unsloth = memory_estimate(Job(**base, framework="unsloth"), Layout(), CAP).details["logits_bytes"]
    assert unsloth == int(LOGITS_FP32_COPIES * 4 / 64 * elems)  # fused loss: the chunked default


def test_op_selective_keeps_attention_outputs_and_every_other_matmul():
    s, h = 2048, 4096
    m = memory_estimate(Job(model=L8, recompute="op-selective"), Layout(), CAP)
    # block input 4096 + attention output 4096 + q 4096 + v 1024 + gate 14336 + down 4096, bf16; fp32 logsumexp
    per_layer = 2 * s * (4096 + 4096 + 4096 + 1024 + 14336 + 4096) + 4 * 32 * s
    full_layer = memory_estimate(Job(model=L8), Layout(), CAP).details["activation_per_layer_bytes"]
    edge, logits = 2 * 2 * s * h, int(LOGITS_FP32_COPIES * 4 * s * 128256)
    assert m.per_gpu_bytes.activations == 32 * per_layer + full_layer + edge + logits
    # and it recomputes k, o and up: 2 FLOPs per parameter per token
    assert op_selective_recompute_params(L8, count_params(L8)) == 32 * (4096 * 1024 + 4096 * 4096 + 4096 * 14336)


def test_selective_saves_nothing_with_flash_attention():
    none = memory_estimate(Job(model=L8), Layout(), CAP).per_gpu_bytes.activations
    sel = memory_estimate(Job(model=L8, recompute="selective"), Layout(), CAP).per_gpu_bytes.activations
    assert sel == none


def test_recomputation_costs_flops_not_mfu_at_the_same_rate():
    cl = Cluster(gpu=A100_SXM)
    plain = time_estimate(Job(model=L7, tokens=1e9), Layout(), cl)
    full = time_estimate(Job(model=L7, tokens=1e9, recompute="full"), Layout(), cl)
    model = model_flops_per_token(Job(model=L7))
    extra = full.details["flops_per_token"] - model  # 2N + attention/3
    assert full.mfu == pytest.approx(plain.mfu * model / (model + extra / RECOMPUTE_SPEEDUP))
    assert full.details["hfu"] > plain.mfu > full.mfu
    slow = plain.tokens_per_second / full.tokens_per_second
    assert slow == pytest.approx(1 + extra / model / RECOMPUTE_SPEEDUP)  # ~1.27, not 4/3
    given = time_estimate(Job(model=L7, tokens=1e9, recompute="full", mfu=0.4), Layout(), cl)
    assert given.mfu == 0.4 and given.details["hfu"] == pytest.approx(0.4 * (model + extra) / model)


# --- pipeline, global batch, context and expert parallel ------------------------------------------------


def test_interleaved_bubble_and_memory():
    job = Job(model=L7, task="pretrain", grad_accum=4)
    lay = Layout(gpus=4, pp=4)
    one = time_estimate(job, lay, Cluster(gpu=A100_SXM)).details["pipeline_bubble"]
    two = time_estimate(job.model_copy(update={"virtual_stages": 2}), lay, Cluster(gpu=A100_SXM))
    assert one == pytest.approx(3 / 7) and two.details["pipeline_bubble"] == pytest.approx(3 / 11)  # (p-1)/(vm+p-1)
    a1 = memory_estimate(job, lay, CAP).per_gpu_bytes.activations
    a2 = memory_estimate(job.model_copy(update={"virtual_stages": 2}), lay, CAP).per_gpu_bytes.activations
    assert a2 / a1 == pytest.approx(1 + 3 / (4 * 2), rel=0.01)  # Korthikanti: (1 + (p-1)/(p·v)) on the first stage


def test_global_batch_sets_the_micro_batches():
    job = Job(model=L7, task="pretrain", seq_len=4096, global_batch_tokens=4 * 2**20)
    lay = Layout(gpus=2048, tp=8, pp=4)
    assert micro_batches(job, lay) == 16  # 4,194,304 / (4096 · 1 · dp 64)
    te = time_estimate(job, lay, Cluster(gpu=A100_SXM, inter_node_gbps=200))
    assert te.details["pipeline_bubble"] == pytest.approx(3 / 19)


def test_context_parallel_splits_the_sequence():
    job = Job(model=L8, seq_len=8192, recompute="full")
    one = memory_estimate(job, Layout(gpus=8, zero=3), CAP)
    two = memory_estimate(job.model_copy(update={"cp": 2}), Layout(gpus=8, zero=3), CAP)
    assert two.details["logits_bytes"] == one.details["logits_bytes"] // 2
    assert two.details["dp"] == 4
    te = time_estimate(job.model_copy(update={"cp": 2}), Layout(gpus=8, zero=3), Cluster(gpu=H100_SXM))
    assert te.details["cp_comm_seconds"] > 0
    with pytest.raises(GpudeskError, match="tp·pp·cp"):
        check_job_layout(job.model_copy(update={"cp": 3}), Layout(gpus=8))


def test_expert_parallel_splits_the_experts():
    q = from_config_file(FIX / "qwen3-30b-a3b.json")
    pc = count_params(q)
    job = Job(model=q, task="inference")
    one = memory_estimate(job, Layout(gpus=8), CAP).per_gpu_bytes.weights
    ep8 = memory_estimate(job.model_copy(update={"ep": 8}), Layout(gpus=8), CAP).per_gpu_bytes.weights
    assert one - ep8 == 2 * int(pc.expert_params * 7 / 8)
    te = time_estimate(Job(model=q, tokens=1e9, ep=8), Layout(gpus=8, zero=3), Cluster(gpu=H100_SXM))
    assert te.details["ep_comm_seconds"] > 0
    with pytest.raises(GpudeskError, match="mixture-of-experts"):
        check_job_layout(Job(model=L7, ep=2), Layout(gpus=8))
    with pytest.raises(GpudeskError, match="experts"):
        check_job_layout(Job(model=q, ep=3), Layout(gpus=3))


# --- notes ----------------------------------------------------------------------------------------------


def test_profile_and_stack_notes():
    ascend = GpuSpec(
        id="ascend-910b2",
        name="Ascend 910B2",
        vendor="Huawei",
        memory_bytes=64 * 10**9,
        tflops_bf16=353.9,
        software_stack="cann",
    )
    with use_language("en"):
        hf = estimate(Job(model=L8, task="lora", tokens=1e8), Layout(), Cluster(gpu=A100_SXM)).notes
        uns = estimate(
            Job(model=L8, task="qlora", framework="unsloth", tokens=1e8), Layout(), Cluster(gpu=ascend)
        ).notes
        pp = estimate(Job(model=L7, tokens=1e9), Layout(gpus=8, pp=4), Cluster(gpu=A100_SXM)).notes
    assert any("framework Hugging Face" in n and "default for fine-tuning" in n for n in hf)
    assert any("model states: mixed" in n and "16 B" in n for n in hf)
    assert any("Unsloth is not known to run on Ascend 910B2" in n for n in uns)
    assert any("has no pipeline parallelism" in n for n in pp)  # HF Trainer
    assert any("pipeline bubble takes" in n for n in pp)  # grad_accum 1 with pp 4: 75 %
    with use_language("zh_CN"):
        zh = estimate(Job(model=L8, task="lora", tokens=1e8), Layout(), Cluster(gpu=A100_SXM)).notes
    assert any("训练框架" in n for n in zh) and any("模型状态" in n for n in zh)


def test_default_mfu_for_unsourced_classes_is_said():
    dcu = GpuSpec(
        id="hygon-bw1000",
        name="Hygon BW1000",
        vendor="Hygon",
        memory_bytes=64 * 10**9,
        tflops_fp16=480,
        software_stack="dtk",
    )
    with use_language("en"):
        notes = estimate(Job(model=L7, tokens=1e9), Layout(), Cluster(gpu=dcu)).notes
    assert any("no published training MFU" in n for n in notes)
    assert default_mfu(Job(model=L7), dcu) < default_mfu(Job(model=L7), A100_SXM)


def test_rebatched_keeps_the_samples_per_step():
    job = Job(model=L7, micro_batch=4, grad_accum=8)  # 32 samples a step on each replica
    half = rebatched(job, Recompute.FULL, 2)
    assert (half.recompute, half.micro_batch, half.grad_accum) == (Recompute.FULL, 2, 16)
    assert rebatched(job, Recompute.NONE, 64).grad_accum == 1  # never below one micro-batch
    assert (job.micro_batch, job.grad_accum) == (4, 8)  # the job itself unchanged
