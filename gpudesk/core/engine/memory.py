"""GPU memory per device for a training or serving job, part by part.

Sources (cited where used):
- model states: Rajbhandari et al. 2020, "ZeRO" (mixed-precision Adam 2 + 2 + 12 B/param, fp32
  master weights counted with the optimizer states; stage 1/2/3 partition over data parallel N);
- activations: Korthikanti et al. 2022, "Reducing Activation Recomputation in Large Transformer
  Models", per layer s·b·h·(34 + 5·a·s/h) bytes in 16-bit, generalised below term by term;
- QLoRA: Dettmers et al. 2023 (NF4 4 bit + double quantisation 0.127 bit/param of constants);
- KV cache: 2 (K and V) · layers · kv_heads · head_dim · bytes · tokens in flight.

What real frameworks keep beyond the idealised minimum is modelled and stated: the loss upcasts
logits to fp32 (HF transformers, Megatron), SwiGLU written as separate ops keeps four tensors of
the MLP width, HF's gelu_new keeps five, an SDPA/flash kernel's output is copied once more
before the output projection.
"""

from __future__ import annotations

import math

from gpudesk.core import units
from gpudesk.core.engine.architecture import ParamCounts, count_params
from gpudesk.core.engine.layout_rules import check_layout
from gpudesk.core.engine.quantisation import (
    block_linear_params,
    kv_bytes,
    kv_precision,
    serving_weight_bytes,
    weight_precision,
)
from gpudesk.core.i18n import t
from gpudesk.core.models import (
    Job,
    Layout,
    MemoryEstimate,
    MemoryPerGpu,
    ModelArch,
    Offload,
    Optimizer,
    Precision,
    Recompute,
    TaskKind,
)
from gpudesk.core.rules import usable_bytes
from gpudesk.errors import GpudeskError

GiB = 1024**3
CUDA_CONTEXT_BYTES = int(1.5 * GiB)  # CUDA context + cuBLAS/cuDNN/NCCL workspaces, per GPU
FRAGMENTATION = 0.05  # caching-allocator slack over the tensors' own bytes
HOST_BASE_BYTES = 32 * GiB  # OS, framework, data-loader workers per node
NF4_BYTES_PER_PARAM = (4 + 0.127) / 8  # QLoRA NF4 + double-quantised constants
LOGITS_FP32_COPIES = 2  # fp32 logits for the loss + the log-softmax output kept for backward
ZERO3_LIVE_LAYERS = 2  # ZeRO-3 / FSDP: the layer being computed + the one prefetched
QUICK_FULL_BYTES_PER_PARAM = 20  # the guide's rule for full training (x2 in fp32)
QUICK_LORA_FRACTION = 0.10  # the guide: LoRA needs 5-10 % of full-training memory (upper end)
QUICK_QLORA_FRACTION = 0.05

_LORA_ALIASES = {
    "q_proj": "q", "k_proj": "k", "v_proj": "v", "o_proj": "o", "out_proj": "o", "dense": "o",
    "gate_proj": "gate", "up_proj": "up", "down_proj": "down", "w1": "gate", "w3": "up", "w2": "down",
    "fc1": "up", "fc2": "down", "c_fc": "up", "query": "q", "key": "k", "value": "v",
}
_ALL_LINEAR = ("q", "k", "v", "o", "gate", "up", "down")


# --- helpers shared with timing --------------------------------------------------------------


def trainable_params(job: Job) -> int:
    """Parameters that get gradients and optimizer state."""
    task = job.task
    if task is TaskKind.LORA or task is TaskKind.QLORA:
        return lora_adapter_params(job.model, job.lora_rank, job.lora_targets)
    if task is TaskKind.INFERENCE:
        return 0
    return count_params(job.model).total


def lora_adapter_params(arch: ModelArch, rank: int, targets: list[str] | tuple[str, ...]) -> int:
    """r·(d_in + d_out) per adapted matrix and layer (Hu et al. 2021), experts each adapted."""
    if arch.components:
        return sum(lora_adapter_params(c, rank, targets) for c in arch.components)
    pc = count_params(arch)
    names: list[str] = []
    for raw in targets:
        key = raw.strip().lower()
        if key in ("all", "all-linear", "all_linear"):
            names.extend(_ALL_LINEAR)
            continue
        key = _LORA_ALIASES.get(key, key)
        if key not in _ALL_LINEAR:
            raise GpudeskError(t("unknown LoRA target {x!r} (use q, k, v, o, gate, up, down or all)",
                                 "未知的 LoRA 目标模块 {x!r}（可用 q、k、v、o、gate、up、down 或 all）", x=raw))
        names.append(key)
    total = 0
    for name in dict.fromkeys(names):
        m = pc.matrices.get(name)
        if m is None and name == "gate":
            continue  # non-gated MLP: no gate matrix
        if m is not None:
            d_in, d_out, copies = m
            total += rank * (d_in + d_out) * copies
    return total * pc.num_layers


def activation_bytes_per_element(precision: Precision) -> int:
    return 4 if precision is Precision.FP32 else 2  # FP8 training keeps activations in BF16 (stated)


# --- activations -----------------------------------------------------------------------------


def layer_activation_bytes(arch: ModelArch, seq: int, batch: int, a: int, flash: bool,
                           drop_scores: bool, adapted: frozenset[str] | None = None) -> int:
    """Bytes one transformer block keeps for backward (no tensor parallelism).

    Korthikanti et al. eq. (1) term by term, 16-bit: attention 11·sbh + 5·a·s²·b (QKV input 2,
    Q and K 4, V 2, output-projection input 2, dropout mask 1; softmax output 2, its dropout mask
    1 and output 2), MLP 19·sbh (input 2, GeLU input 8, GeLU output 8, dropout mask 1), two
    LayerNorm inputs 4. Generalised: Q/K/V widths from heads and KV heads, the MLP's real width,
    SwiGLU's four saved tensors (gate, up, act(gate), product), `a` bytes per element with masks
    at 1 byte, no masks without dropout, flash attention's log-sum-exp instead of the scores.

    `adapted` (LoRA): the names of the adapted matrices. A frozen linear layer needs no copy of its
    input for backward (no weight gradient), so the inputs of frozen-only matrices are not kept;
    each adapter keeps its r-wide A output.
    """
    h = arch.hidden_size
    heads = arch.num_heads
    hd = arch.head_dim or h // heads
    q = heads * hd
    kv = (arch.num_kv_heads or heads) * hd
    inter = arch.intermediate_size or 4 * h
    sb = seq * batch
    drop = arch.dropout
    if adapted is None:
        qkv_in = o_in = mlp_in = down_in = True
        lora = 0
    else:
        qkv_in = not adapted.isdisjoint(("q", "k", "v"))
        o_in = "o" in adapted
        mlp_in = not adapted.isdisjoint(("gate", "up"))
        down_in = "down" in adapted
        lora = len(adapted)  # r-wide adapter activations, scaled by the rank below
    attn = a * sb * ((h if qkv_in else 0) + q + (q if o_in else 0) + 2 * kv) + (sb * h if drop else 0)
    if flash:
        # kernel output kept for its backward, plus the contiguous copy fed to o_proj; fp32 logsumexp
        attn += a * sb * q + 4 * heads * sb
    elif not drop_scores:
        s2 = heads * seq * seq * batch
        attn += a * s2 + ((s2 + a * s2) if drop else 0)
    if arch.gated_mlp:
        width_tensors = 4
    elif arch.unfused_activation:
        width_tensors = 5
    else:
        width_tensors = 2
    if not down_in:
        width_tensors -= 1  # the down projection's input (the activation's output)
    k = min(arch.experts_per_token, arch.num_experts)
    mlp = k * ((a * sb * h if mlp_in else 0) + width_tensors * a * sb * inter) + (sb * h if drop else 0)
    if arch.num_experts > 1:
        mlp += 4 * sb * arch.num_experts  # fp32 router probabilities
    norms = arch.norms_per_layer * a * sb * h
    return attn + mlp + norms + lora * a * sb


def adapted_matrices(targets: list[str] | tuple[str, ...]) -> frozenset[str]:
    names: set[str] = set()
    for raw in targets:
        key = raw.strip().lower()
        if key in ("all", "all-linear", "all_linear"):
            names.update(_ALL_LINEAR)
        else:
            names.add(_LORA_ALIASES.get(key, key))
    return frozenset(names)


def _layer(arch: ModelArch, s: int, b: int, a: int, job: Job, drop_scores: bool, adapted) -> int:
    if adapted is None:
        return layer_activation_bytes(arch, s, b, a, job.flash_attention, drop_scores)
    plain = layer_activation_bytes(arch, s, b, a, job.flash_attention, drop_scores, adapted)
    # the r-wide adapter outputs were counted at width 1: scale to the rank
    return plain + len(adapted) * a * s * b * (job.lora_rank - 1)


def _activations(job: Job, layout: Layout, pc: ParamCounts) -> tuple[int, dict]:
    arch = job.model
    a = activation_bytes_per_element(job.precision)
    adapted = adapted_matrices(job.lora_targets) if job.task in (TaskKind.LORA, TaskKind.QLORA) else None
    b = job.micro_batch
    tp, pp = layout.tp, layout.pp
    rec = job.recompute
    if arch.components:  # e.g. CLIP: each tower at its own fixed input length, no vocabulary logits
        total = 0
        for comp in arch.components:
            s = comp.max_seq_len or job.seq_len
            layer = _layer(comp, s, b, a, job, rec is not Recompute.NONE, adapted)
            if rec is Recompute.FULL:
                total += comp.num_layers * a * s * b * comp.hidden_size + layer
            else:
                total += comp.num_layers * layer
        total = total // tp
        return total, {"activation_per_layer_bytes": None, "logits_bytes": 0, "in_flight_micro_batches": 1}
    if not arch.hidden_size or not arch.num_layers or not arch.num_heads:
        return 0, {"activation_per_layer_bytes": None, "logits_bytes": 0, "in_flight_micro_batches": 1}
    s = job.seq_len
    h = arch.hidden_size
    layer = _layer(arch, s, b, a, job, rec is not Recompute.NONE, adapted) // tp  # + sequence parallel
    if rec is Recompute.FULL:
        stored = a * s * b * h // tp  # only the block input; the block is rebuilt during backward
        working = layer
    else:
        stored = layer
        working = 0
    layers = arch.num_layers
    per_stage = math.ceil(layers / pp)
    in_flight = min(pp, job.grad_accum) if pp > 1 else 1  # 1F1B: the first stage holds pp micro-batches
    edge = a * s * b * h * 2 // tp  # final norm input + LM-head input
    vocab = arch.vocab_size or 0
    logits = LOGITS_FP32_COPIES * 4 * s * b * vocab // tp if vocab else 0
    embed_mask = s * b * h if arch.dropout else 0
    if pp == 1:
        total = layers * stored + working + edge + logits + embed_mask
    else:
        first = in_flight * per_stage * stored + working + embed_mask
        last = per_stage * stored + working + edge + logits
        total = max(first, last)
    return total, {"activation_per_layer_bytes": layer, "logits_bytes": logits, "in_flight_micro_batches": in_flight}


# --- model states ----------------------------------------------------------------------------


def _stage_fraction(arch: ModelArch, pc: ParamCounts, tp: int, pp: int) -> float:
    """Share of all parameters held by the fullest GPU of one model-parallel group."""
    if tp == 1 and pp == 1:
        return 1.0
    if not pc.num_layers or arch.components:
        return 1.0 / (tp * pp)
    computed = pc.embedding + pc.num_layers * pc.per_layer + pc.lm_head + pc.other
    per_stage = math.ceil(pc.num_layers / pp) * pc.per_layer
    if pp == 1:
        biggest = computed
    else:
        first = per_stage + pc.embedding
        last = per_stage + pc.lm_head + pc.other + (pc.embedding if arch.tied_embeddings else 0)
        biggest = max(first, last)
    return biggest / computed / tp


def _optimizer_bytes_per_param(opt: Optimizer, mixed: bool, factored: float) -> float:
    """Optimizer-state bytes per trainable parameter, fp32 master copy included when mixed."""
    master = 4 if mixed else 0
    if opt is Optimizer.ADAMW:
        return master + 8  # momentum + variance in fp32
    if opt is Optimizer.ADAMW_8BIT:
        return master + 2  # bitsandbytes: 1-byte momentum + 1-byte variance (block constants negligible)
    if opt is Optimizer.SGD:
        return master + 4  # momentum
    return master + factored  # Adafactor: row + column second-moment factors, no momentum


def checkpoint_bytes(job: Job) -> int | None:
    """What one checkpoint of the job writes: the unique weights and optimizer states (fp32 master copy
    included) of the whole model; LoRA/QLoRA: the adapters in 16-bit and their states (the frozen base
    is not rewritten). None for serving."""
    task = job.task
    if not task.trains:
        return None
    if task is TaskKind.LORA or task is TaskKind.QLORA:
        adapters = lora_adapter_params(job.model, job.lora_rank, job.lora_targets)
        return int(adapters * (2 + _optimizer_bytes_per_param(job.optimizer, False, 4 / max(job.lora_rank, 1))))
    pc = count_params(job.model)
    fp32 = job.precision is Precision.FP32
    factored = _adafactor_factored(pc, job.model) if job.optimizer is Optimizer.ADAFACTOR else 0.0
    return int(pc.total * ((4 if fp32 else 2) + _optimizer_bytes_per_param(job.optimizer, not fp32, factored)))


_block_linear_params = block_linear_params  # what QLoRA stores in NF4


def _adafactor_factored(pc: ParamCounts, arch: ModelArch) -> float:
    """Adafactor state bytes per parameter: 4·(rows + cols) per matrix instead of 4·rows·cols."""
    if not pc.num_layers or not pc.total:
        return 0.0
    per_layer = sum((d_in + d_out) * copies for d_in, d_out, copies in pc.matrices.values())
    h = arch.hidden_size or 0
    vocab = arch.vocab_size or 0
    tables = (vocab + h) * (2 if pc.lm_head else 1)
    vectors = pc.num_layers * pc.norm_per_layer + pc.other  # 1-D parameters keep full state (approx.)
    return 4 * (pc.num_layers * per_layer + tables + vectors) / pc.total


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
            notes.append(t("mixed job: sized by the stricter of training ({tr}) and serving ({sv}) "
                           "per GPU", "混合任务：按训练（每卡 {tr}）与推理服务（每卡 {sv}）中更高者计",
                           tr=units.memory(train.per_gpu_bytes.total), sv=units.memory(serve.per_gpu_bytes.total)))
        return pick
    return _memory_one(job, layout, capacity_bytes, notes, task)


def _memory_one(job: Job, layout: Layout, capacity: int, notes: list[str] | None, task: TaskKind) -> MemoryEstimate:
    arch = job.model
    pc = count_params(arch)
    n = pc.total
    prec = job.precision
    fp32 = prec is Precision.FP32
    tp, pp = layout.tp, layout.pp
    dp = layout.gpus // (tp * pp)
    frac = _stage_fraction(arch, pc, tp, pp)
    shard = n * frac  # parameters on the fullest GPU before ZeRO
    zero = layout.zero
    offload = layout.offload
    details: dict = {"params_total": n, "params_active": pc.active, "dp": dp, "params_per_gpu_before_zero": round(shard)}
    kv_cache = 0
    host_offload = 0.0
    weights = grads = opt = 0.0
    activations = 0

    if task is TaskKind.INFERENCE:
        served = serving_weight_bytes(job)  # at --weight-precision, quantisation scales included
        weights = served * frac
        kv_cache = _kv_cache(job, layout, kv_bytes(job))
        activations = _inference_activations(job, layout, 4 if fp32 else 2)
        details["trainable_params"] = 0
        details["weight_precision"] = weight_precision(job)
        details["kv_precision"] = kv_precision(job)
        quick = int(served + kv_cache * tp * pp)
    else:
        if zero == 3 or offload is Offload.OPTIMIZER_PARAMS:
            if offload is Offload.OPTIMIZER_PARAMS and zero != 3 and notes is not None:
                notes.append(t("offloading parameters needs ZeRO-3 / FSDP full sharding: computed as ZeRO-3",
                               "参数卸载需要 ZeRO-3 / FSDP 全分片：按 ZeRO-3 计算"))
            zero = 3 if offload is Offload.OPTIMIZER_PARAMS else zero
        if offload is not Offload.NONE and zero == 0:
            if notes is not None:
                notes.append(t("optimizer offload runs through ZeRO (DeepSpeed ZeRO-Offload): computed as ZeRO-1",
                               "优化器卸载依赖 ZeRO（DeepSpeed ZeRO-Offload）：按 ZeRO-1 计算"))
            zero = 1
        details["zero_effective"] = zero
        mixed = not fp32
        wb = 4 if fp32 else 2  # FP8 training keeps BF16 weights (Transformer Engine); master in fp32
        if task is TaskKind.LORA or task is TaskKind.QLORA:
            trainable = lora_adapter_params(arch, job.lora_rank, job.lora_targets)
            if task is TaskKind.QLORA:
                quantised = _block_linear_params(arch)
                quantised = min(quantised, n) if quantised else int(n * 0.95)
                base = quantised * NF4_BYTES_PER_PARAM + (n - quantised) * wb
                details["quantised_params"] = quantised
            else:
                base = n * wb
            base *= frac
            # LoRA adapters in fp32 (PEFT's default), so no separate master copy; QLoRA adapters in
            # 16-bit with 32-bit optimizer states, as in the QLoRA reference code (paged AdamW 32-bit)
            tr_shard = trainable * frac
            ab = wb if task is TaskKind.QLORA else 4
            weights = base + tr_shard * ab
            grads = tr_shard * ab
            factored = 4 * (1 / max(job.lora_rank, 1))
            opt = tr_shard * _optimizer_bytes_per_param(job.optimizer, False, factored)
            quick = int(n * QUICK_FULL_BYTES_PER_PARAM * (2 if fp32 else 1)
                        * (QUICK_QLORA_FRACTION if task is TaskKind.QLORA else QUICK_LORA_FRACTION))
        else:
            trainable = n
            weights = shard * wb
            grads = shard * wb
            factored = _adafactor_factored(pc, arch) if job.optimizer is Optimizer.ADAFACTOR else 0.0
            opt = shard * _optimizer_bytes_per_param(job.optimizer, mixed, factored)
            quick = int(n * QUICK_FULL_BYTES_PER_PARAM * (2 if fp32 else 1))
        details["trainable_params"] = trainable
        # ZeRO stages (Rajbhandari et al. 2020, fig. 1): 1 partitions optimizer states, 2 also
        # gradients, 3 also parameters, each over the data-parallel degree.
        if zero >= 1:
            opt /= dp
        if zero >= 2:
            grads /= dp
        live = 0.0
        if zero == 3:
            weights /= dp
            if pc.num_layers:
                # gathered full layers (tp-split) while they are computed + prefetched; kept even at
                # dp = 1 so that memory stays replicated + sharded/dp (the recommender relies on it)
                live = min(ZERO3_LIVE_LAYERS, pc.num_layers) * pc.per_layer / tp * wb
                weights += live
        if offload is not Offload.NONE:
            # ZeRO-Offload: optimizer states and an fp32 gradient copy live in host RAM, Adam runs on the CPU
            host_offload += opt + (trainable * frac / (dp if zero >= 1 else 1)) * 4
            opt = 0.0
            if offload is Offload.OPTIMIZER_PARAMS:
                # ZeRO-Infinity style: 16-bit parameters in host RAM too; the GPU keeps the live layers
                host_offload += weights - live
                weights = live or (pc.per_layer / tp * wb * ZERO3_LIVE_LAYERS)
                grads = min(grads, weights)
        activations, act_details = _activations(job, layout, pc)
        details.update(act_details)
        if job.seq_len > (arch.max_seq_len or job.seq_len) and notes is not None and not arch.components:
            notes.append(t("sequence length {s} exceeds the model's maximum context {m}",
                           "序列长度 {s} 超过模型最大上下文 {m}", s=job.seq_len, m=arch.max_seq_len))

    weights_i, grads_i, opt_i = int(weights), int(grads), int(opt)
    activations = int(activations)
    tensors = weights_i + grads_i + opt_i + activations + kv_cache
    if job.overhead_bytes is not None:
        overhead = job.overhead_bytes
    else:
        overhead = CUDA_CONTEXT_BYTES + int(tensors * FRAGMENTATION)
    total = tensors + overhead
    per_gpu = MemoryPerGpu.model_construct(
        weights=weights_i, gradients=grads_i, optimizer_states=opt_i, activations=activations,
        kv_cache=kv_cache, overhead=overhead, total=total)
    usable = usable_bytes(capacity, job.headroom)
    gpus_on_node = layout.gpus  # host RAM is reported per node; nodes hold up to all GPUs here
    host = HOST_BASE_BYTES + int(n * 2)  # + one 16-bit copy of the model for loading/saving checkpoints
    if host_offload:
        host += int(host_offload * min(gpus_on_node, 8))
    details["host_offload_bytes_per_gpu"] = int(host_offload)
    return MemoryEstimate.model_construct(
        per_gpu_bytes=per_gpu, gpu_capacity_bytes=capacity, usable_bytes=usable, headroom=job.headroom,
        fits=total <= usable, host_ram_bytes=host, quick_estimate_bytes=quick, details=details)


def sequences_per_replica(job: Job, layout: Layout) -> int:
    """`concurrency` is the whole service's sequences in flight; each model replica (DP group) serves
    its share. Replicas beyond the concurrency would sit idle (the recommender does not offer them)."""
    replicas = max(1, layout.gpus // (layout.tp * layout.pp))
    return max(1, math.ceil(job.concurrency / replicas))


def _kv_cache(job: Job, layout: Layout, kv_bytes: int) -> int:
    """2 · layers · kv_heads · head_dim · bytes · tokens in flight, split over TP (heads) and PP (layers)."""
    arch = job.model
    tokens = sequences_per_replica(job, layout) * (job.serving_context or job.seq_len)
    parts = arch.components or [arch]
    total = 0
    for m in parts:
        if not m.num_layers or not m.num_heads or not m.hidden_size or m.encoder_only:
            continue  # encoders (BERT, CLIP towers) attend over the whole input at once: no cache
        kv_heads = m.num_kv_heads or m.num_heads
        hd = m.head_dim or m.hidden_size // m.num_heads
        heads_per_gpu = math.ceil(kv_heads / min(layout.tp, kv_heads))  # fewer KV heads than TP: replicated
        layers = math.ceil(m.num_layers / layout.pp)
        total += 2 * layers * heads_per_gpu * hd * kv_bytes * tokens
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
