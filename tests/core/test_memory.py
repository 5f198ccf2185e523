"""Memory per GPU against hand-computed values from the published formulas and public measurements."""

from pathlib import Path

import pytest

from gpudesk.core.engine.architecture import count_params, from_config_file, from_params
from gpudesk.core.engine.memory import (
    layer_activation_bytes,
    lora_adapter_params,
    memory_estimate,
)
from gpudesk.core.models import Job, Layout, ModelArch
from gpudesk.errors import GpudeskError

FIX = Path(__file__).parent / "fixtures"
CAP = 80 * 10**9


def arch(name):
    return from_config_file(FIX / name)


def mem(job, layout=None, cap=CAP):
    return memory_estimate(job, layout or Layout(), cap)


def states(m):
    p = m.per_gpu_bytes
    return p.weights + p.gradients + p.optimizer_states


P7 = from_params(7e9)
PSI = 7_000_000_000


# --- ZeRO (Rajbhandari et al. 2020): 2 + 2 + 12 B/param, partitioned over N = dp ---------------


def test_zero0_mixed_adam_is_16_bytes_per_param():
    p = mem(Job(model=P7), Layout(gpus=8)).per_gpu_bytes
    assert (p.weights, p.gradients, p.optimizer_states) == (2 * PSI, 2 * PSI, 12 * PSI)


def test_zero_stages_over_8_gpus():
    s1 = mem(Job(model=P7), Layout(gpus=8, zero=1)).per_gpu_bytes
    assert (s1.weights, s1.gradients, s1.optimizer_states) == (14e9, 14e9, 12 * PSI / 8)  # 4Ψ + 12Ψ/N
    s2 = mem(Job(model=P7), Layout(gpus=8, zero=2)).per_gpu_bytes
    assert (s2.weights, s2.gradients, s2.optimizer_states) == (14e9, 2 * PSI / 8, 12 * PSI / 8)  # 2Ψ + 14Ψ/N
    s3 = mem(Job(model=P7), Layout(gpus=8, zero=3)).per_gpu_bytes
    live = 2 * count_params(P7).per_layer * 2  # two gathered layers in 16-bit
    assert s3.weights == 2 * PSI // 8 + live  # 16Ψ/N + live layers
    assert (s3.gradients, s3.optimizer_states) == (2 * PSI / 8, 12 * PSI / 8)
    ratio = (s3.weights + s3.gradients + s3.optimizer_states) / (16 * PSI)
    assert 0.125 < ratio < 0.14


@pytest.mark.parametrize(
    "precision, optimizer, per_param",
    [
        ("fp32", "adamw", (4, 4, 8)),  # fp32 weights, grads, m + v
        ("bf16", "adamw-8bit", (2, 2, 6)),  # master 4 + 1-byte m + 1-byte v
        ("fp32", "adamw-8bit", (4, 4, 2)),
        ("bf16", "sgd", (2, 2, 8)),  # master 4 + momentum 4
        ("fp32", "sgd", (4, 4, 4)),
        ("fp8", "adamw", (2, 2, 12)),  # FP8 training keeps BF16 weights and FP32 master + Adam
    ],
)
def test_optimizer_states(precision, optimizer, per_param):
    p = mem(Job(model=P7, precision=precision, optimizer=optimizer)).per_gpu_bytes
    assert (p.weights, p.gradients, p.optimizer_states) == tuple(k * PSI for k in per_param)


def test_adafactor_factored_states():
    a = arch("llama-2-7b.json")
    n = count_params(a).total
    opt = mem(Job(model=a, optimizer="adafactor")).per_gpu_bytes.optimizer_states
    # master 4 B/param + 4·(rows + cols) per matrix: 32·(4·8192 + 3·15104)·4 B ≈ 10 MB, tables 2·(32000+4096)·4
    factored = 4 * (32 * (4 * 8192 + 3 * (4096 + 11008)) + 2 * (32000 + 4096) + 32 * 8192 + 4096)
    assert opt == int(4 * n + factored)


def test_tensor_and_pipeline_parallel_divide_weights():
    a = arch("llama-2-7b.json")
    n = 6_738_415_616
    assert mem(Job(model=a), Layout(gpus=2, tp=2)).per_gpu_bytes.weights == n  # 2 B · Ψ / 2
    # pp=2: stage 1 = 16 blocks + embedding; stage 2 = 16 blocks + LM head + final norm (the fuller)
    per_layer = 4 * 4096**2 + 3 * 4096 * 11008 + 2 * 4096  # 202,383,360
    last = 16 * per_layer + 32000 * 4096 + 4096
    assert mem(Job(model=a), Layout(gpus=2, pp=2)).per_gpu_bytes.weights == 2 * last


# --- activations (Korthikanti et al. 2022) ------------------------------------------------------


MEGATRON_GPT = ModelArch(
    hidden_size=1024,
    num_layers=24,
    num_heads=16,
    intermediate_size=4096,
    vocab_size=51200,
    max_seq_len=2048,
    norm="layernorm",
    attention_bias=True,
    mlp_bias=True,
    dropout=True,
)


def test_korthikanti_per_layer_formula():
    s, b, h, a = 2048, 4, 1024, 16
    sbh = s * b * h
    # no recompute, no flash: s·b·h·(34 + 5·a·s/h)
    assert layer_activation_bytes(MEGATRON_GPT, s, b, 2, False, False) == sbh * 34 + 5 * a * s * s * b
    # selective recomputation drops the 5·a·s/h term
    assert layer_activation_bytes(MEGATRON_GPT, s, b, 2, False, True) == sbh * 34


def test_llama_layer_with_flash_and_swiglu():
    a = arch("llama-2-7b.json")
    s, b, h, i = 2048, 1, 4096, 11008
    attn = 2 * s * b * (h + 2 * h + 2 * h) + 2 * s * b * h + 4 * 32 * s * b  # QKV in, Q, K, V, out + copy, lse
    mlp = 2 * s * b * h + 4 * 2 * s * b * i  # input + gate, up, silu(gate), product
    norms = 2 * 2 * s * b * h
    assert layer_activation_bytes(a, s, b, 2, True, False) == attn + mlp + norms == 331_612_160


def test_activations_total_with_fp32_logits():
    a = arch("llama-3-8b.json")
    m = mem(Job(model=a, seq_len=2048))
    layer = m.details["activation_per_layer_bytes"]
    logits = 10 * 2048 * 128256  # fp32 log-softmax + its gradient + the logits' gradient at backward: 10 B each
    edge = 2 * 2 * 2048 * 4096  # final-norm input + LM-head input
    assert m.details["logits_bytes"] == logits
    assert m.per_gpu_bytes.activations == 32 * layer + edge + logits


def test_full_recompute_keeps_block_inputs():
    a = arch("llama-2-7b.json")
    m = mem(Job(model=a, recompute="full"))
    stored = 32 * 2 * 2048 * 4096  # 2·s·b·h per layer
    assert m.per_gpu_bytes.activations == stored + 331_612_160 + 2 * 2 * 2048 * 4096 + 10 * 2048 * 32000


def test_fp32_activations_roughly_double_but_logits_do_not():
    g = arch("gpt2.json")
    a16 = mem(Job(model=g, micro_batch=8, seq_len=1024)).per_gpu_bytes.activations
    a32 = mem(Job(model=g, micro_batch=8, seq_len=1024, precision="fp32")).per_gpu_bytes.activations
    assert 1.5 < a32 / a16 < 2.1


def test_tensor_parallel_with_sequence_parallel_divides_layers():
    a = arch("llama-2-7b.json")
    one = mem(Job(model=a)).details["activation_per_layer_bytes"]
    four = mem(Job(model=a), Layout(gpus=4, tp=4)).details["activation_per_layer_bytes"]
    assert four == one // 4


def test_pipeline_first_stage_holds_pp_micro_batches():
    a = arch("llama-2-7b.json")
    m = mem(Job(model=a, grad_accum=8), Layout(gpus=4, pp=4))
    layer = m.details["activation_per_layer_bytes"]
    assert m.details["in_flight_micro_batches"] == 4
    assert m.per_gpu_bytes.activations == 4 * 8 * layer  # 4 in flight x 8 layers per stage


def test_moe_holds_all_experts_computes_two():
    a = arch("mixtral-8x7b.json")
    p = mem(Job(model=a, task="inference")).per_gpu_bytes
    assert p.weights == 2 * 46_702_792_704
    dense = a.model_copy(update={"num_experts": 1, "experts_per_token": 1})
    s, h, i = 2048, 4096, 14336
    one_expert = 2 * s * h + 8 * s * i
    assert (
        layer_activation_bytes(a, s, 1, 2, True, False) - layer_activation_bytes(dense, s, 1, 2, True, False)
        == one_expert + 4 * s * 8
    )  # second routed expert + fp32 router probabilities


# --- LoRA / QLoRA ------------------------------------------------------------------------------


def test_lora_adapter_counts():
    a = arch("llama-2-7b.json")
    # PEFT prints "trainable params: 4,194,304" for r=8 on q_proj, v_proj: 32 · 2 · 8·(4096+4096)
    assert lora_adapter_params(a, 8, ["q_proj", "v_proj"]) == 4_194_304
    # all linear layers, r=16: 32 · 16 · (4·8192 + 3·(4096+11008))
    assert lora_adapter_params(a, 16, ["all"]) == 32 * 16 * (4 * 8192 + 3 * 15104) == 39_976_960
    # GQA: k and v are 4096 -> 1024 in Llama-3-8B
    assert lora_adapter_params(arch("llama-3-8b.json"), 8, ["k"]) == 32 * 8 * (4096 + 1024)
    with pytest.raises(GpudeskError, match="nonsense"):
        lora_adapter_params(a, 8, ["nonsense"])


def test_lora_memory_parts():
    a = arch("llama-2-7b.json")
    n, ad = 6_738_415_616, 16_777_216  # r=16 on q, k, v, o
    p = mem(Job(model=a, task="lora")).per_gpu_bytes
    assert (p.weights, p.gradients, p.optimizer_states) == (2 * n + 4 * ad, 4 * ad, 8 * ad)


def test_lora_keeps_fewer_activations():
    a = arch("llama-2-7b.json")
    full = mem(Job(model=a)).details["activation_per_layer_bytes"]
    lora = mem(Job(model=a, task="lora")).details["activation_per_layer_bytes"]
    # r=16 on q, k, v, o: the frozen MLP keeps neither its input (2·s·h) nor the down-projection input
    # (2·s·i); each adapter keeps its r-wide output (2·s·16)
    s, h, i = 2048, 4096, 11008
    assert full == 331_612_160
    assert lora == full - 2 * s * h - 2 * s * i + 4 * 2 * s * 16 == 270_008_320
    everything = mem(Job(model=a, task="lora", lora_targets=["all"])).details["activation_per_layer_bytes"]
    assert everything == full + 7 * 2 * s * 16


def test_qlora_nf4_base():
    a = arch("llama-2-7b.json")
    quantised = 32 * (4 * 4096**2 + 3 * 4096 * 11008)  # 6,476,005,376 block matrices in NF4
    rest = 6_738_415_616 - quantised  # embeddings, LM head, norms stay 16-bit
    ad = 16_777_216
    p = mem(Job(model=a, task="qlora")).per_gpu_bytes
    assert p.weights == int(quantised * 4.127 / 8 + rest * 2 + ad * 2)


def test_qlora_paper_65b_on_one_48gb_gpu():
    # Dettmers et al. 2023: Guanaco 65B fine-tuned on one 48 GB GPU (r=64 on all linear layers,
    # gradient checkpointing, paged 32-bit AdamW). Tensors must land just under 48 GB.
    a = arch("llama-65b.json")
    p = mem(
        Job(model=a, task="qlora", lora_rank=64, lora_targets=["all"], seq_len=512, recompute="full"), cap=48 * 10**9
    ).per_gpu_bytes
    tensors = p.total - p.overhead
    assert 40e9 < tensors < 48e9


def test_llama_7b_lora_fits_a_24gb_card():
    # The guide: a 24 GB RTX 4090 covers a 7B LoRA (with gradient checkpointing or short sequences).
    a = arch("llama-2-7b.json")
    assert mem(Job(model=a, task="lora", recompute="full"), cap=24 * 10**9).fits
    assert mem(Job(model=a, task="lora", seq_len=512), cap=24 * 10**9).fits
    assert not mem(Job(model=a, task="full"), cap=24 * 10**9).fits


# --- serving -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "name, per_token",
    [
        ("llama-2-7b.json", 2 * 32 * 32 * 128 * 2),  # 524,288 B/token
        ("llama-3-8b.json", 2 * 32 * 8 * 128 * 2),  # GQA: 131,072 B/token
        ("llama-2-70b.json", 2 * 80 * 8 * 128 * 2),
    ],
)
def test_kv_cache(name, per_token):
    p = mem(Job(model=arch(name), task="inference", concurrency=16, seq_len=4096)).per_gpu_bytes
    assert p.kv_cache == per_token * 16 * 4096
    assert p.gradients == p.optimizer_states == 0


def test_kv_cache_split_by_tensor_parallel():
    a = arch("llama-2-70b.json")
    p = mem(Job(model=a, task="inference", concurrency=4, seq_len=4096), Layout(gpus=8, tp=8)).per_gpu_bytes
    assert p.kv_cache == 2 * 80 * 1 * 128 * 2 * 4 * 4096  # 8 KV heads over 8 GPUs
    assert p.weights == 2 * 68_976_648_192 // 8


def test_inference_weight_bytes():
    a = arch("llama-2-7b.json")
    # Hugging Face `accelerate estimate-memory meta-llama/Llama-2-7b-hf`: float16 total 12.55 GiB
    assert mem(Job(model=a, task="inference")).per_gpu_bytes.weights / 2**30 == pytest.approx(12.55, abs=0.01)
    # FP8 quantises the blocks' linear layers only: embeddings (32000 x 4096), LM head and norms stay 16-bit
    kept = 2 * 32000 * 4096 + 65 * 4096
    assert (
        mem(Job(model=a, task="inference", precision="fp8")).per_gpu_bytes.weights == (6_738_415_616 - kept) + 2 * kept
    )
    assert mem(Job(model=a, task="inference", precision="fp32")).per_gpu_bytes.weights == 4 * 6_738_415_616


def test_mixed_sized_by_stricter():
    a = arch("llama-2-7b.json")
    train = mem(Job(model=a, task="full"))
    serve = mem(Job(model=a, task="inference", concurrency=64, seq_len=4096))
    mixed = mem(Job(model=a, task="mixed", concurrency=64, seq_len=4096))
    # serving 64 sequences of 4096 tokens keeps 2 · 32 layers · 32 KV heads · 128 · 2 B · 4096 · 64 = 137.4 GB of
    # KV cache beside the 13.5 GB of weights; training's model states are 16 B · 6.74e9 = 107.8 GB: serving is larger
    assert serve.per_gpu_bytes.kv_cache == 2 * 32 * 32 * 128 * 2 * 4096 * 64 == 137_438_953_472
    assert mixed.details["sized_by"] == "serving"
    assert mixed.per_gpu_bytes.total == serve.per_gpu_bytes.total > train.per_gpu_bytes.total


# --- overhead, headroom, quick estimate, offload -----------------------------------------------


def test_overhead_default_and_override():
    p = mem(Job(model=P7)).per_gpu_bytes
    # 7B full training on one GPU: 14 + 14 + 84 GB of model states and 11,632,115,712 B of activations
    # (seq 2048, micro-batch 1, 10 B of fp32 loss tensors per logit; see the activation tests) = 123,632,115,712 B
    # of tensors; the README's overhead is 1.5 GiB (1,610,612,736 B) of CUDA context + 5 % of the tensors
    # (6,181,605,785 B; the HF profile's allocator cache)
    assert (p.weights, p.gradients, p.optimizer_states, p.activations) == (14e9, 14e9, 84e9, 11_632_115_712)
    assert p.overhead == 1_610_612_736 + 6_181_605_785 == 7_792_218_521
    assert p.total == 123_632_115_712 + 7_792_218_521
    q = mem(Job(model=P7, overhead_bytes=123)).per_gpu_bytes
    assert q.overhead == 123


def test_headroom_and_fits():
    a = arch("gpt2.json")
    m = mem(Job(model=a), cap=10**10)
    assert m.usable_bytes == 9 * 10**9 and m.fits
    total = m.per_gpu_bytes.total
    assert not mem(Job(model=a, headroom=0.5), cap=int(total * 1.5)).fits
    assert mem(Job(model=a, headroom=0.0), cap=total).fits


@pytest.mark.parametrize(
    "params, task, precision, want",
    [
        (7e9, "full", "bf16", 140e9),  # the guide: 7B -> ~140 GB
        (13e9, "full", "bf16", 260e9),  # 13B -> ~260 GB
        (7e9, "full", "fp32", 280e9),  # x2 in FP32
        (7e9, "lora", "bf16", 14e9),  # LoRA: 10 % of full training
    ],
)
def test_quick_estimate(params, task, precision, want):
    assert mem(Job(model=from_params(params), task=task, precision=precision)).quick_estimate_bytes == want


def test_optimizer_offload_moves_states_to_host():
    on = mem(Job(model=P7), Layout(gpus=8, zero=1))
    off = mem(Job(model=P7), Layout(gpus=8, zero=1, offload="optimizer"))
    assert off.per_gpu_bytes.optimizer_states == 0
    # host: per GPU 12Ψ/8 states + 4Ψ/8 fp32 gradients, 8 GPUs on the node
    assert off.host_ram_bytes - on.host_ram_bytes == 8 * (12 * PSI // 8 + 4 * PSI // 8)
    both = mem(Job(model=P7), Layout(gpus=8, zero=3, offload="optimizer+params"))
    assert both.per_gpu_bytes.weights < on.per_gpu_bytes.weights / 10
    assert both.host_ram_bytes > off.host_ram_bytes


def test_deepspeed_zero3_estimator_agrees():
    # DeepSpeed estimate_zero3_model_states_mem_needs (no offload): per GPU
    # 4·largest_layer + 18·Ψ/N (it keeps fp32 gradient partitions too). Llama-2-7B, 8 GPUs:
    # largest layer = embedding 131,072,000 -> 0.52 GB + 18·6.738e9/8 = 15.16 GB -> 15.69 GB.
    a = arch("llama-2-7b.json")
    ds = 4 * 131_072_000 + 18 * 6_738_415_616 / 8
    ours = states(mem(Job(model=a), Layout(gpus=8, zero=3)))
    assert 0.85 < ours / ds < 1.0  # the ZeRO paper's 16 B/param, below DeepSpeed's 18


def test_clip_two_towers():
    a = arch("clip-vit-base-patch32.json")
    m = mem(Job(model=a, micro_batch=256))
    assert m.per_gpu_bytes.weights == 2 * 151_277_313
    # text tower at its 77 tokens + vision tower at 7·7 + 1 = 50 patches, 12 layers each, no logits
    text, vision = a.components
    want = 12 * layer_activation_bytes(text, 77, 256, 2, True, False) + 12 * layer_activation_bytes(
        vision, 50, 256, 2, True, False
    )
    assert m.per_gpu_bytes.activations == want


def test_encoders_have_no_kv_cache():
    p = mem(Job(model=arch("bert-large-uncased.json"), task="inference", concurrency=8, seq_len=512)).per_gpu_bytes
    assert p.kv_cache == 0


def test_impossible_layout():
    with pytest.raises(GpudeskError, match="does not divide"):
        mem(Job(model=P7), Layout(gpus=8, tp=3))


def test_serving_concurrency_is_shared_by_replicas():
    """KV cache per GPU holds only its replica's share of the sequences in flight:
    Llama-2-7B, 8 sequences of 1024 tokens over 4 replicas = 2 sequences each;
    2 · 32 layers · 32 heads · 128 · 2 bytes = 524,288 bytes per token → 2 · 1024 · 524,288."""
    import json
    import pathlib

    from gpudesk.core.engine.architecture import from_hf_config
    from gpudesk.core.engine.memory import memory_estimate
    from gpudesk.core.models import Job, Layout, TaskKind

    cfg = json.loads((pathlib.Path(__file__).parent / "fixtures" / "llama-2-7b.json").read_text())
    j = Job(model=from_hf_config(cfg), task=TaskKind.INFERENCE, concurrency=8, seq_len=1024)
    four = memory_estimate(j, Layout(gpus=4), 80 * 10**9)
    assert four.per_gpu_bytes.kv_cache == 2 * 1024 * 524_288
    one = memory_estimate(j, Layout(gpus=1), 80 * 10**9)
    assert one.per_gpu_bytes.kv_cache == 8 * 1024 * 524_288
