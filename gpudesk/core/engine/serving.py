"""Serving speed: decode from memory bandwidth, prefill (time to first token) from compute.

One model replica is a tensor × pipeline group; replicas (data parallel) share the concurrency.
- Decode: each step reads every weight once for the whole batch plus every sequence's KV cache, taken at
  the full context (the worst case a service is sized for). A GPU reaches a fraction of its HBM bandwidth:
  gpt-fast (pytorch-labs/gpt-fast README, Llama-2-7B, batch 1, one A100-80GB of 2039 GB/s, power-limited to
  330 W) measured 1397 GB/s in bf16 (0.685), 1069 GB/s with int8 weight-only (0.52) and 863 GB/s with int4
  weight-only (0.42): dequantising kernels leave bandwidth unused at small batches. The step is at least
  the compute time (2·N_active + 4·L·heads·head_dim·context FLOPs per token at the prefill MFU); tokens/s
  per user = 1 / step, service tokens/s = concurrency / step.
- Pipeline stages run one after another for a token (no overlap assumed: conservative); tensor parallelism
  adds two all-reduces per layer (attention and MLP outputs, Megatron-style). Their latency is fitted to
  gpt-fast's tensor-parallel table (Llama-2-7B: 104.9 / 168.8 / 254.0 / 328.4 tok/s on 1 / 2 / 4 / 8 GPUs):
  about 17 µs on 2 GPUs + 6 µs per further doubling of the group, plus the bytes over the link.
- Prefill of one prompt of the full context: 2·N_active·s + 2·L·heads·head_dim·s² FLOPs (causal
  attention: half of the s² score and value products), at the dense peak of the matmul precision × the
  prefill MFU (the GPU class's default training MFU unless --mfu is given: a long prefill runs the same
  large GEMMs as a training step's forward pass, so the figure is a conservative stand-in).
- Matmul precision: FP8 weights run FP8 matmuls only where the card has an FP8 peak (Hopper, Ada and
  newer); otherwise, and for int8/int4, weights are dequantised to 16-bit (weight-only kernels).
"""

from __future__ import annotations

import math
from typing import Literal

from gpudesk.core import units
from gpudesk.core.engine.counting import count_params, matmul_params
from gpudesk.core.engine.gpu_classes import FP8_MFU_FACTOR, class_mfu, intra_node_gbps, peak_tflops
from gpudesk.core.engine.memory import _kv_cache, sequences_per_replica
from gpudesk.core.engine.quantisation import kv_bytes, kv_precision, serving_weight_bytes, weight_precision
from gpudesk.core.i18n import t
from gpudesk.core.models import Cluster, GpuSpec, Job, Layout, Precision, ServingEstimate, TaskKind
from gpudesk.core.rules import HOURS_PER_MONTH

# share of HBM bandwidth a decode step reaches, by how the weights are read (gpt-fast, see above)
BANDWIDTH_FRACTION = {"16-bit": 1397.31 / 2039, "int8": 1069.20 / 2039, "int4": 862.69 / 2039}
ALLREDUCE_BASE_S = 17e-6  # one small all-reduce over a 2-GPU NVLink group (fitted, see above)
ALLREDUCE_PER_DOUBLING_S = 6e-6
ALLREDUCES_PER_LAYER = 2
LINK_EFFICIENCY = 0.75  # NCCL bus bandwidth / link rate, as for training
GB = 1e9


def matmul_precision(job: Job, gpu: GpuSpec) -> Precision:
    """The precision the serving matmuls run at."""
    fmt = weight_precision(job)
    if fmt == "fp8" and gpu.tflops_fp8:
        return Precision.FP8
    if fmt == "fp32":
        return Precision.FP32
    if fmt == "fp16" or (job.precision == Precision.FP16 and fmt not in ("bf16",)):
        return Precision.FP16
    return Precision.BF16


def bandwidth_fraction(job: Job, gpu: GpuSpec) -> float:
    fmt = weight_precision(job)
    if fmt == "int4":
        return BANDWIDTH_FRACTION["int4"]
    if fmt == "int8" or (fmt == "fp8" and not gpu.tflops_fp8):  # weight-only dequantising kernels
        return BANDWIDTH_FRACTION["int8"]
    return BANDWIDTH_FRACTION["16-bit"]


def prefill_mfu(job: Job, gpu: GpuSpec, compute: Precision) -> float:
    if job.mfu is not None:
        return job.mfu
    mfu = class_mfu(gpu)
    return round(mfu * (FP8_MFU_FACTOR if compute is Precision.FP8 else 1.0), 4)


def context_tokens(job: Job) -> int:
    return job.serving_context or job.seq_len


def _attention_dims(job: Job) -> tuple[int, int]:
    """(layers, heads · head_dim) of the decoder that keeps a KV cache; (0, 0) for encoders."""
    parts = job.model.components or [job.model]
    layers = width = 0
    for m in parts:
        if m.num_layers and m.num_heads and m.hidden_size and not m.encoder_only:
            layers += m.num_layers
            width = max(width, m.num_heads * (m.head_dim or m.hidden_size // m.num_heads))
    return layers, width


def _decode_weight_bytes(job: Job, batch: int) -> float:
    """Weight bytes one decode step reads for `batch` sequences: MoE reads only the experts some token
    routes to, on average 1 − (1 − k/E)^batch of them (uniform routing)."""
    total = serving_weight_bytes(job)
    arch = job.model
    if arch.num_experts <= 1:
        return total
    pc = count_params(arch)
    expert_share = pc.num_layers * pc.mlp_per_layer / pc.total if pc.total else 0.0
    k, e = min(arch.experts_per_token, arch.num_experts), arch.num_experts
    touched = 1 - (1 - k / e) ** batch
    return total * (1 - expert_share) + total * expert_share * touched


def _allreduce_seconds(tp: int, message_bytes: float, link_bps: float) -> float:
    if tp <= 1:
        return 0.0
    latency = ALLREDUCE_BASE_S + ALLREDUCE_PER_DOUBLING_S * (math.log2(tp) - 1)
    return latency + 2 * (tp - 1) / tp * message_bytes / link_bps


def serving_speed(job: Job, layout: Layout, cluster: Cluster, period_hours: float | None = None) -> ServingEstimate:
    """Decode and prefill speed of `job` served as `layout` on `cluster` (costs unset)."""

    gpu = cluster.gpu
    tp, pp = layout.tp, layout.pp
    group = tp * pp
    replicas = max(1, layout.gpus // group)
    seqs = sequences_per_replica(job, layout)
    ctx = context_tokens(job)
    compute = matmul_precision(job, gpu)
    peak = peak_tflops(gpu, compute)
    mfu = prefill_mfu(job, gpu, compute)
    frac = bandwidth_fraction(job, gpu)
    n_mm = matmul_params(job.model)
    layers, width = _attention_dims(job)
    act_bytes = 4 if compute is Precision.FP32 else 2
    hidden = job.model.hidden_size or 0
    link_gbps, _ = intra_node_gbps(cluster, tp)
    link_bps = link_gbps * LINK_EFFICIENCY * GB

    step = per_user = service = ttft = None
    bound: Literal["memory", "compute"] | None = None
    if gpu.memory_bandwidth_gbps:
        bw = gpu.memory_bandwidth_gbps * GB * frac
        kv_per_gpu = _kv_cache(job, layout, kv_bytes(job))  # this GPU's share, every sequence at full context
        weights_per_gpu = _decode_weight_bytes(job, seqs) / group
        t_mem = pp * (weights_per_gpu + kv_per_gpu) / bw  # stages one after another
        t_compute = 0.0
        if peak:
            flops = seqs * (2 * n_mm + 4 * layers * width * ctx)
            t_compute = flops / (tp * peak * 1e12 * mfu)
        t_tp = layers * ALLREDUCES_PER_LAYER * _allreduce_seconds(tp, seqs * hidden * act_bytes, link_bps)
        step = max(t_mem, t_compute) + t_tp
        bound = "memory" if t_mem >= t_compute else "compute"
        per_user = 1 / step
        service = job.concurrency / step
    if peak:
        flops = 2 * n_mm * ctx + 2 * layers * width * ctx * ctx
        t_prefill = flops / (tp * peak * 1e12 * mfu)
        if gpu.memory_bandwidth_gbps:  # a short prompt still reads every weight once
            t_prefill = max(t_prefill, serving_weight_bytes(job) / tp / (gpu.memory_bandwidth_gbps * GB * frac))
        t_prefill += layers * ALLREDUCES_PER_LAYER * _allreduce_seconds(tp, ctx * hidden * act_bytes, link_bps)
        ttft = t_prefill
        if service is None:  # no bandwidth figure: compute-bound throughput only
            service = replicas * tp * peak * 1e12 * mfu / (2 * n_mm)
            per_user = service / job.concurrency
    if period_hours is None:
        period_hours = service_period(job, service)
    target = job.target_tokens_per_user
    return ServingEstimate(
        tokens_per_second=service,
        tokens_per_second_per_user=per_user,
        time_to_first_token_seconds=ttft,
        period_hours=period_hours,
        currency=job.currency,
        gpus=layout.gpus,
        replicas=replicas,
        concurrency=job.concurrency,
        context_tokens=ctx,
        weight_precision=weight_precision(job),
        kv_precision=kv_precision(job),
        weight_bytes_per_param=serving_weight_bytes(job) / max(count_params(job.model).total, 1),
        kv_bytes_per_element=float(kv_bytes(job)),
        decode_step_seconds=step,
        bound=bound,
        bandwidth_fraction=frac,
        compute=compute.value,
        prefill_mfu=mfu,
        target_tokens_per_user=target,
        meets_target=None if target is None or per_user is None else per_user >= target,
    )


def service_period(job: Job, tokens_per_second: float | None) -> float:
    """Hours the GPUs are rented for serving: --service-hours/--service-months; else, for a pure serving job
    given --tokens (a batch to generate), the time it takes; else one month."""
    if job.service_hours is not None:
        return job.service_hours
    if job.task is TaskKind.INFERENCE and job.tokens and tokens_per_second:
        return job.tokens / tokens_per_second / 3600
    return HOURS_PER_MONTH


def serving_notes(job: Job, s: ServingEstimate, cluster: Cluster) -> list[str]:
    """What the serving figures assume, in words (the formulas used, with their inputs)."""
    gpu = cluster.gpu
    out = []
    if s.decode_step_seconds is not None:
        out.append(
            t(
                "decode: each step reads the weights once for the {c} sequences in flight plus every sequence's KV cache at "
                "the full {ctx}-token context (worst case); {f:.0%} of the {gpu}'s {bw} GB/s is reached "
                "(gpt-fast measurements); {bound}-bound: {u:.1f} tokens/s per user, {s:,.0f} tokens/s for the service",
                "解码：每步为 {c} 个并发序列读取一次全部权重，并读取每个序列在完整 {ctx} token 上下文下的 KV 缓存"
                "（最坏情况）；按 {gpu} 显存带宽 {bw} GB/s 的 {f:.0%} 计（gpt-fast 实测）；{bound_zh}受限：每用户每秒 "
                "{u:.1f} token，整个服务每秒 {s:,.0f} token",
                c=s.concurrency,
                ctx=s.context_tokens,
                f=s.bandwidth_fraction,
                gpu=units.localised(gpu, "name"),
                bw=units.bandwidth(gpu.memory_bandwidth_gbps),
                bound=s.bound,
                bound_zh="访存" if s.bound == "memory" else "算力",
                u=s.tokens_per_second_per_user or 0,
                s=s.tokens_per_second or 0,
            )
        )
    if s.time_to_first_token_seconds is not None:
        out.append(
            t(
                "time to first token {x:.2f} s: prefill of one {ctx}-token prompt (2 × active parameters × tokens + "
                "causal attention) at {m:.0%} of the {p} peak, no queueing behind other requests",
                "首 token 时间 {x:.2f} 秒：预填充一个 {ctx} token 的提示（2 × 激活参数 × token 数 + 因果注意力），"
                "按 {p} 峰值算力的 {m:.0%} 计，不含排队",
                x=s.time_to_first_token_seconds,
                ctx=s.context_tokens,
                m=s.prefill_mfu,
                p=s.compute.upper(),
            )
        )
    fmt = s.weight_precision
    if fmt in ("int8", "int4", "fp8"):
        scheme = {
            "int4": t(
                "int4, group {g}: 4-bit weights + an FP16 scale and a 4-bit zero per {g} (GPTQ/AWQ)",
                "int4，分组 {g}：4 位权重 + 每 {g} 个一个 FP16 缩放和 4 位零点（GPTQ/AWQ）",
                g=128,
            ),
            "int8": t("int8 with one FP16 scale per output channel", "int8，每输出通道一个 FP16 缩放"),
            "fp8": t("FP8 (E4M3) with one scale per tensor", "FP8（E4M3），每张量一个缩放"),
        }[fmt]
        out.append(
            t(
                "weights in {scheme}: {b:.2f} B/parameter on average; embeddings and the LM head stay 16-bit",
                "权重为 {scheme}：平均每参数 {b:.2f} 字节；词嵌入与输出层保持 16 位",
                scheme=scheme,
                b=s.weight_bytes_per_param,
            )
        )
        if s.compute != "fp8":
            out.append(
                t(
                    "{fmt} weights are dequantised to 16-bit for the matmuls (weight-only kernels): they save "
                    "memory and bandwidth, not compute",
                    "{fmt} 权重在矩阵乘前反量化为 16 位（仅权重量化内核）：节省显存与带宽，不节省算力",
                    fmt=fmt.upper() if fmt == "fp8" else fmt,
                )
            )
    if fmt == "fp8" and not gpu.tflops_fp8:
        out.append(
            t(
                "{gpu} has no FP8 tensor cores: FP8 weights only save memory there",
                "{gpu} 没有 FP8 张量核心：FP8 权重在此只节省显存",
                gpu=units.localised(gpu, "name"),
            )
        )
    if s.kv_precision == "fp8":
        out.append(
            t(
                "KV cache in FP8: half the bytes of BF16, read and stored at 1 byte per element",
                "KV 缓存为 FP8：字节数为 BF16 的一半，每元素按 1 字节存取",
            )
        )
    if s.target_tokens_per_user is not None and s.tokens_per_second_per_user is not None:
        if s.meets_target:
            out.append(
                t(
                    "meets the target of {x:g} tokens/s per user ({u:.1f})",
                    "满足每用户每秒 {x:g} token 的目标（{u:.1f}）",
                    x=s.target_tokens_per_user,
                    u=s.tokens_per_second_per_user,
                )
            )
        else:
            out.append(
                t(
                    "misses the target of {x:g} tokens/s per user ({u:.1f}): use more GPUs (tensor parallel), "
                    "fewer users per replica, a shorter context or quantised weights",
                    "达不到每用户每秒 {x:g} token 的目标（{u:.1f}）：可增加 GPU（张量并行）、减少每副本并发、"
                    "缩短上下文或使用量化权重",
                    x=s.target_tokens_per_user,
                    u=s.tokens_per_second_per_user,
                )
            )
    out.append(
        t(
            "service priced for {h} with no trial-and-error margin; the cost per million tokens assumes the "
            "service fully loaded all the time",
            "服务按 {h} 计价，不含试错余量；每百万 token 费用假设服务始终满载",
            h=units.hours(s.period_hours),
        )
    )
    return out
