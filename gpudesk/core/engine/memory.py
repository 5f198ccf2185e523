"""GPU memory per device for a training or serving job, part by part.

Sources (cited where used):
- model states: Rajbhandari et al. 2020, "ZeRO" (stage 1/2/3 partition over data parallel N), per
  framework and state precision in states.py;
- activations: Korthikanti et al. 2022, per layer s·b·h·(34 + 5·a·s/h) bytes in 16-bit, generalised
  term by term in activations.py;
- QLoRA: Dettmers et al. 2023 (NF4 4 bit + double quantisation 0.127 bit/param of constants);
- KV cache: 2 (K and V) · layers · kv_heads · head_dim · bytes · tokens in flight (MLA: the latent
  kv_lora_rank + rope key per token and layer; sliding-window layers keep at most the window).

What real frameworks keep beyond the idealised minimum is modelled and stated (frameworks.py): the
loss upcasts logits to fp32, ZeRO-3 / FSDP gathers layers in their stored precision (NF4 for a
QLoRA base), FSDP2 with pipeline parallelism keeps a stage's unsharded parameters, SwiGLU written
as separate ops keeps four tensors of the MLP width, an SDPA/flash kernel's output is copied once
more before the output projection.
"""

from __future__ import annotations

import math

from gpudesk.core.engine.activations import (  # noqa: F401 (re-exported: tests and callers import them here)
    LOGITS_FP32_COPIES,
    activation_bytes_per_element,
    activations,
    layer_activation_bytes,
)
from gpudesk.core import units
from gpudesk.core.engine.architecture import count_params
from gpudesk.core.engine.frameworks import model_states_of, profile_of
from gpudesk.core.engine.layout_rules import check_layout
from gpudesk.core.engine.lora import adapted_matrices, lora_adapter_params, trainable_params  # noqa: F401
from gpudesk.core.engine.parallel import data_parallel
from gpudesk.core.engine.quantisation import (
    block_linear_params,
    kv_bytes,
    kv_precision,
    serving_weight_bytes,
    weight_precision,
)
from gpudesk.core.engine.states import (  # noqa: F401
    NF4_BYTES_PER_PARAM,
    adafactor_factored,
    adapter_state_bytes,
    checkpoint_bytes,
    full_state_bytes,
    stage_fraction,
)
from gpudesk.core.i18n import t
from gpudesk.core.models import (
    Framework,
    Job,
    Layout,
    MemoryEstimate,
    MemoryPerGpu,
    ModelStates,
    Offload,
    Optimizer,
    Precision,
    TaskKind,
)
from gpudesk.core.rules import usable_bytes

GiB = 1024**3
CUDA_CONTEXT_BYTES = int(1.5 * GiB)  # CUDA context + cuBLAS/cuDNN/NCCL workspaces, per GPU
FRAGMENTATION = 0.05  # caching-allocator slack over the tensors' own bytes (per framework: frameworks.py)
HOST_BASE_BYTES = 32 * GiB  # OS, framework, data-loader workers per node
ZERO3_LIVE_LAYERS = 2  # ZeRO-3 / FSDP: the layer being computed + the one prefetched
QUICK_FULL_BYTES_PER_PARAM = 20  # the guide's rule for full training (x2 in fp32)
QUICK_LORA_FRACTION = 0.10  # the guide: LoRA needs 5-10 % of full-training memory (upper end)
QUICK_QLORA_FRACTION = 0.05


# --- the estimate ----------------------------------------------------------------------------


def memory_estimate(job: Job, layout: Layout, capacity_bytes: int) -> MemoryEstimate:
    """Memory per GPU (the fullest one) for `job` spread as `layout` on GPUs of `capacity_bytes`."""
    return _memory(job, layout, capacity_bytes, None)


def _memory(job: Job, layout: Layout, capacity_bytes: int, notes: list[str] | None) -> MemoryEstimate:
    check_layout(layout, job.model)
    task = job.task
    if task is TaskKind.MIXED:
        train = _memory_one(job, layout, capacity_bytes, notes, TaskKind.FULL)
        serve = _memory_one(job, layout, capacity_bytes, None, TaskKind.INFERENCE)
        pick = train if train.per_gpu_bytes.total >= serve.per_gpu_bytes.total else serve
        pick.details["sized_by"] = "training" if pick is train else "serving"
        pick.details["training_total_bytes"] = train.per_gpu_bytes.total
        pick.details["serving_total_bytes"] = serve.per_gpu_bytes.total
        q = max(train.quick_estimate_bytes or 0, serve.quick_estimate_bytes or 0)
        pick.quick_estimate_bytes = q
        if notes is not None:
            notes.append(
                t(
                    "mixed job: sized by the stricter of training ({tr}) and serving ({sv}) per GPU",
                    "混合任务：按训练（每卡 {tr}）与推理服务（每卡 {sv}）中更高者计",
                    tr=units.memory(train.per_gpu_bytes.total),
                    sv=units.memory(serve.per_gpu_bytes.total),
                )
            )
        return pick
    return _memory_one(job, layout, capacity_bytes, notes, task)


def _memory_one(job: Job, layout: Layout, capacity: int, notes: list[str] | None, task: TaskKind) -> MemoryEstimate:
    arch = job.model
    pc = count_params(arch)
    n = pc.total
    prec = job.precision
    fp32 = prec is Precision.FP32
    tp, pp = layout.tp, layout.pp
    dp = data_parallel(job, layout)
    frac = stage_fraction(arch, pc, tp, pp)
    # expert parallelism splits the routed experts over ep GPUs; ZeRO shards the dense states over the
    # data x context-parallel ranks and the experts' over dp·cp/ep of them (Megatron-Core's expert-DP)
    ep = job.ep if arch.num_experts > 1 else 1
    expert = pc.expert_params * (1 - 1 / ep)  # routed-expert parameters another GPU holds
    shard = (n - expert) * frac  # parameters on the fullest GPU before ZeRO
    exp_share = (pc.expert_params / ep) / max(n - expert, 1)  # share of `shard` that is expert parameters
    dp_z = dp * job.cp
    dp_div = 1 / ((1 - exp_share) / dp_z + exp_share / (dp_z / ep))  # one divisor for mixed sharding
    zero = layout.zero
    offload = layout.offload
    prof = profile_of(job)
    details: dict[str, int | float | str | None] = {
        "params_total": n,
        "params_active": pc.active,
        "dp": dp,
        "params_per_gpu_before_zero": round(shard),
        "framework": prof.id.value,
    }
    kv_cache = 0
    host_offload = 0.0
    weights = grads = opt = 0.0
    activations_b = 0
    layer_gpu = (pc.per_layer - (pc.expert_params / max(pc.num_layers - pc.dense_layers, 1)) * (1 - 1 / ep)) / tp

    if task is TaskKind.INFERENCE:
        served = serving_weight_bytes(job)  # at --weight-precision, quantisation scales included
        weights = served * shard / n  # this GPU's share (tp/pp stage, 1/ep of the routed experts)
        kv_cache = _kv_cache(job, layout, kv_bytes(job))
        activations_b = _inference_activations(job, layout, 4 if fp32 else 2)
        details["trainable_params"] = 0
        details["weight_precision"] = weight_precision(job)
        details["kv_precision"] = kv_precision(job)
        quick = int(served + kv_cache * tp * pp)
    else:
        if zero == 3 or offload is Offload.OPTIMIZER_PARAMS:
            if offload is Offload.OPTIMIZER_PARAMS and zero != 3 and notes is not None:
                notes.append(
                    t(
                        "offloading parameters needs ZeRO-3 / FSDP full sharding: computed as ZeRO-3",
                        "参数卸载需要 ZeRO-3 / FSDP 全分片：按 ZeRO-3 计算",
                    )
                )
            zero = 3 if offload is Offload.OPTIMIZER_PARAMS else zero
        if offload is not Offload.NONE and zero == 0:
            if notes is not None:
                notes.append(
                    t(
                        "optimizer offload runs through ZeRO (DeepSpeed ZeRO-Offload): computed as ZeRO-1",
                        "优化器卸载依赖 ZeRO（DeepSpeed ZeRO-Offload）：按 ZeRO-1 计算",
                    )
                )
            zero = 1
        details["zero_effective"] = zero
        wb = 4 if fp32 else 2  # FP8 training keeps BF16 weights (Transformer Engine)
        gather: float = wb  # bytes per parameter of a gathered (unsharded) layer
        if task is TaskKind.LORA or task is TaskKind.QLORA:
            trainable = lora_adapter_params(arch, job.lora_rank, job.lora_targets)
            if task is TaskKind.QLORA:
                quantised = block_linear_params(arch)
                quantised = min(quantised, n) if quantised else int(n * 0.95)
                base: float = quantised * NF4_BYTES_PER_PARAM + (n - quantised) * wb
                details["quantised_params"] = quantised
                gather = NF4_BYTES_PER_PARAM  # the base is stored, sharded and gathered in NF4
            else:
                base = n * wb
            base *= shard / n
            tr_shard = trainable * frac
            sb = adapter_state_bytes(job)
            weights = base + tr_shard * sb.weights
            grads = tr_shard * sb.gradients
            opt = tr_shard * sb.optimizer
            quick = int(
                n
                * QUICK_FULL_BYTES_PER_PARAM
                * (2 if fp32 else 1)
                * (QUICK_QLORA_FRACTION if task is TaskKind.QLORA else QUICK_LORA_FRACTION)
            )
        else:
            trainable = n
            factored = adafactor_factored(pc, arch) if job.optimizer is Optimizer.ADAFACTOR else 0.0
            sb = full_state_bytes(job, factored)
            weights = shard * sb.weights
            grads = shard * sb.gradients
            opt = shard * sb.optimizer
            quick = int(n * QUICK_FULL_BYTES_PER_PARAM * (2 if fp32 else 1))
        details["trainable_params"] = trainable
        details["state_bytes_per_param"] = round(sb.total, 3)
        # ZeRO stages (Rajbhandari et al. 2020, fig. 1): 1 partitions optimizer states, 2 also
        # gradients, 3 also parameters, each over the data-parallel degree.
        if zero >= 1:
            opt /= dp_div
        if zero >= 2:
            grads /= dp_div
        live = 0.0
        if zero == 3:
            weights /= dp_div
            if pp > 1 and not prof.reshard_with_pp:
                # FSDP2 with pipeline parallelism does not reshard after forward (torchtitan fsdp.py), and
                # PyTorch's pipeline schedules turn gradient sync off for all but the last micro-batch
                # (set_requires_gradient_sync(False)): the stage's unsharded parameters and its unsharded
                # gradients (in the reduce dtype: fp32 when mixed) stay resident for the whole step
                live = shard * gather
                grads += (
                    shard * (4 if sb.gradients >= 2 and model_states_of(job) is ModelStates.MIXED else 2)
                    if task is TaskKind.FULL or task is TaskKind.PRETRAIN
                    else 0.0
                )
                details["unsharded_stage_bytes"] = int(live)
            elif pc.num_layers:
                # gathered full layers (tp-split) while they are computed + prefetched; kept even at
                # dp = 1 so that memory stays replicated + sharded/dp (the recommender relies on it)
                live = min(prof.zero3_live_layers, pc.num_layers) * layer_gpu * gather
            weights += live
        if offload is not Offload.NONE:
            # ZeRO-Offload: optimizer states and an fp32 gradient copy live in host RAM, Adam runs on the CPU
            host_offload += opt + (trainable * frac / (dp_div if zero >= 1 else 1)) * 4
            opt = 0.0
            if offload is Offload.OPTIMIZER_PARAMS:
                # ZeRO-Infinity style: 16-bit parameters in host RAM too; the GPU keeps the live layers
                host_offload += weights - live
                weights = live or (layer_gpu * gather * ZERO3_LIVE_LAYERS)
                grads = min(grads, weights)
        activations_b, act_details = activations(job, layout, pc)
        details.update(**act_details)
        if job.seq_len > (arch.max_seq_len or job.seq_len) and notes is not None and not arch.components:
            notes.append(
                t(
                    "sequence length {s} exceeds the model's maximum context {m}",
                    "序列长度 {s} 超过模型最大上下文 {m}",
                    s=job.seq_len,
                    m=arch.max_seq_len,
                )
            )
        if prof.id is Framework.UNSLOTH and notes is not None and job.recompute == "full":
            notes.append(
                t(
                    "Unsloth keeps the checkpointed layer inputs in host RAM, not on the GPU",
                    "Unsloth 把检查点保存的层输入放在内存而非显存中",
                )
            )

    weights_i, grads_i, opt_i = int(weights), int(grads), int(opt)
    activations_b = int(activations_b)
    tensors = weights_i + grads_i + opt_i + activations_b + kv_cache
    if job.overhead_bytes is not None:
        overhead = job.overhead_bytes
    else:
        cache = FRAGMENTATION if task is TaskKind.INFERENCE else profile_of(job).allocator_cache
        overhead = CUDA_CONTEXT_BYTES + int(tensors * cache)
    total = tensors + overhead
    per_gpu = MemoryPerGpu.model_construct(
        weights=weights_i,
        gradients=grads_i,
        optimizer_states=opt_i,
        activations=activations_b,
        kv_cache=kv_cache,
        overhead=overhead,
        total=total,
    )
    usable = usable_bytes(capacity, job.headroom)
    gpus_on_node = layout.gpus  # host RAM is reported per node; nodes hold up to all GPUs here
    host = HOST_BASE_BYTES + int(n * 2)  # + one 16-bit copy of the model for loading/saving checkpoints
    if host_offload:
        host += int(host_offload * min(gpus_on_node, 8))
    details["host_offload_bytes_per_gpu"] = int(host_offload)
    return MemoryEstimate.model_construct(
        per_gpu_bytes=per_gpu,
        gpu_capacity_bytes=capacity,
        usable_bytes=usable,
        headroom=job.headroom,
        fits=total <= usable,
        host_ram_bytes=host,
        quick_estimate_bytes=quick,
        details=details,
    )


def sequences_per_replica(job: Job, layout: Layout) -> int:
    """`concurrency` is the whole service's sequences in flight; each model replica (DP group) serves
    its share. Replicas beyond the concurrency would sit idle (the recommender does not offer them)."""
    replicas = max(1, layout.gpus // (layout.tp * layout.pp))
    return max(1, math.ceil(job.concurrency / replicas))


def _kv_cache(job: Job, layout: Layout, kv_bytes: int) -> int:
    """2 · layers · kv_heads · head_dim · bytes · tokens in flight, split over TP (heads) and PP (layers).
    MLA (DeepSeek-V2/V3) caches the compressed latent: (kv_lora_rank + rope dim) · bytes per token and
    layer, the same on every TP rank; sliding-window layers keep at most the window (Gemma 2/3)."""
    arch = job.model
    seqs = sequences_per_replica(job, layout)
    context = job.serving_context or job.seq_len
    parts = arch.components or [arch]
    total = 0
    for m in parts:
        if not m.num_layers or not m.num_heads or not m.hidden_size or m.encoder_only:
            continue  # encoders (BERT, CLIP towers) attend over the whole input at once: no cache
        if m.kv_lora_rank:
            per_token = (m.kv_lora_rank + (m.qk_rope_head_dim or 0)) * kv_bytes
        else:
            kv_heads = m.num_kv_heads or m.num_heads
            hd = m.head_dim or m.hidden_size // m.num_heads
            heads_per_gpu = math.ceil(kv_heads / min(layout.tp, kv_heads))  # fewer KV heads than TP: replicated
            per_token = 2 * heads_per_gpu * hd * kv_bytes
        layers = math.ceil(m.num_layers / layout.pp)
        local = round(layers * m.sliding_layers) if m.sliding_window else 0
        window = min(context, m.sliding_window or context)
        total += per_token * seqs * ((layers - local) * context + local * window)
    return total


def _inference_activations(job: Job, layout: Layout, a: int) -> int:
    """Transient working set of one prefill chunk (nothing is kept for backward)."""
    arch = job.model
    if not arch.hidden_size or not arch.num_heads or arch.components:
        return 0
    s = min(job.serving_context or job.seq_len, 8192)  # engines prefill in chunks of a few thousand tokens
    h = arch.hidden_size
    inter = arch.intermediate_size or 4 * h
    width = (3 if arch.gated_mlp else 2) * inter
    work = a * s * (4 * h + width)
    if not job.flash_attention:
        work += a * arch.num_heads * s * s
    work += 4 * sequences_per_replica(job, layout) * (arch.vocab_size or 0)  # last-token logits in fp32
    return work // layout.tp
