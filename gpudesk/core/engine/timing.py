"""Training time: FLOPs, the GPU's dense peak, MFU, and a communication model for scaling.

FLOPs per token (forward + backward) follow PaLM (Chowdhery et al. 2022, appendix B):
6·N + 12·L·H·Q·T, N the matmul parameters that a token goes through (MoE: active experts),
L layers, H heads, Q head dimension, T sequence length. Full recomputation runs the forward again
(+2·N + 4·L·H·Q·T, i.e. x4/3, Korthikanti et al. 2022); selective recomputation only redoes the
attention scores (+4·L·H·Q·T). LoRA/QLoRA skip the frozen weights' gradients: 4·N + 6·N_adapter.

Scaling efficiency compares the step time with and without communication:
- data parallel: the gradient all-reduce moves 2(n−1)/n of the gradient bytes per GPU (ring; ZeRO-1/2
  reduce-scatter + all-gather move the same; ZeRO-3 1.5x that, per micro-batch — ZeRO paper §7);
  half of it is assumed hidden behind the backward pass (DDP/DeepSpeed bucketing);
- tensor parallel: 4 all-reduces of s·b·h activations per layer per micro-batch, not hidden;
- pipeline: the 1F1B bubble (p−1)/(m+p−1) with m micro-batches;
- links: NVLink at half NVIDIA's bidirectional figure per direction, PCIe per direction, and the
  inter-node network per node; NCCL reaches about 75–85 % of a link's rate.
"""

from __future__ import annotations

import math

from gpudesk.core.engine.architecture import count_params
from gpudesk.core.engine.gpu_classes import (
    FP8_MFU_FACTOR,
    QLORA_MFU_FACTOR,
    default_mfu,
    intra_node_gbps,
    pcie_gbps,
    peak_tflops,
)
from gpudesk.core.engine.layout_rules import check_layout
from gpudesk.core.engine.memory import _kv_cache, trainable_params
from gpudesk.core.engine.quantisation import kv_bytes
from gpudesk.core.models import (
    Cluster,
    Job,
    Layout,
    ModelArch,
    Offload,
    Precision,
    Recompute,
    TaskKind,
    TimeEstimate,
)

DP_OVERLAP = 0.5  # share of gradient traffic hidden behind backward compute
NVLINK_EFFICIENCY = 0.75  # NCCL bus bandwidth / link rate (A100: ~230 of 300 GB/s)
PCIE_EFFICIENCY = 0.80
NETWORK_EFFICIENCY = 0.85
CPU_ADAM_PARAMS_PER_S = 4.0e9  # DeepSpeed CPU-Adam per node (ZeRO-Offload paper: ~0.2-0.3 s per 1B params on one socket)


def _attention_flops_per_token(arch: ModelArch, seq: int) -> float:
    """12·L·H·Q·T (forward + backward) for one token, summed over towers."""
    parts = arch.components or [arch]
    total = 0.0
    for m in parts:
        if m.num_layers and m.num_heads and m.hidden_size:
            hd = m.head_dim or m.hidden_size // m.num_heads
            s = (m.max_seq_len or seq) if arch.components else seq
            total += 12 * m.num_layers * m.num_heads * hd * s
    return total


def matmul_params(arch: ModelArch) -> int:
    """Active parameters a token multiplies through (input embedding lookups are not matmuls)."""
    pc = count_params(arch)
    n = pc.active - pc.embedding
    if arch.tied_embeddings and not arch.encoder_only and arch.vocab_size and arch.hidden_size:
        n += arch.vocab_size * arch.hidden_size  # the tied table is used again as the LM head
    return max(n, 1) if pc.num_layers or arch.components else pc.active


def flops_per_token(job: Job) -> float:
    arch = job.model
    n = matmul_params(arch)
    attn = _attention_flops_per_token(arch, job.seq_len)
    task = job.task
    if task is TaskKind.LORA or task is TaskKind.QLORA:
        base = 4 * n + 6 * trainable_params(job) + attn
    else:
        base = 6 * n + attn
    if job.recompute is Recompute.FULL:
        base += 2 * n + attn / 3
    elif job.recompute is Recompute.SELECTIVE and not job.flash_attention:
        base += attn / 3
    return base


def time_estimate(job: Job, layout: Layout, cluster: Cluster) -> TimeEstimate:
    return _time(job, layout, cluster, None)


def _time(job: Job, layout: Layout, cluster: Cluster, notes: list[str] | None) -> TimeEstimate:
    check_layout(layout, job.model)
    gpu = cluster.gpu
    prec = job.precision
    peak = peak_tflops(gpu, prec, notes)
    mfu = job.mfu if job.mfu is not None else _default_mfu(job, gpu)
    details: dict = {}
    if job.task is TaskKind.INFERENCE:
        return _serving(job, layout, cluster, peak, mfu, details)
    fpt = flops_per_token(job)
    details["flops_per_token"] = fpt
    eff, comm = _scaling(job, layout, cluster, fpt, peak, mfu)
    details.update(comm)
    offload_eff = comm.pop("offload_efficiency", 1.0)
    details["offload_efficiency"] = offload_eff
    if not peak:
        return TimeEstimate.model_construct(training_flops=fpt * job.tokens if job.tokens else None,
                                            tokens_per_second=None, hours=None, gpu_hours=None, mfu=mfu,
                                            scaling_efficiency=eff, peak_tflops=None, details=details,
                                            serving=_mixed_serving(job, layout, cluster))
    tps = layout.gpus * peak * 1e12 * mfu * eff * offload_eff / fpt
    if job.tokens:
        flops = fpt * job.tokens
        hours = job.tokens / tps / 3600
        gpu_hours = hours * layout.gpus
    else:
        flops = hours = gpu_hours = None
    return TimeEstimate.model_construct(training_flops=flops, tokens_per_second=tps, hours=hours,
                                        gpu_hours=gpu_hours, mfu=mfu, scaling_efficiency=eff,
                                        peak_tflops=peak, details=details, serving=_mixed_serving(job, layout, cluster))


def _mixed_serving(job: Job, layout: Layout, cluster: Cluster):
    """A mixed job's serving half, on the same GPUs (None for pure training)."""
    if job.task is not TaskKind.MIXED:
        return None
    from gpudesk.core.engine.serving import serving_speed

    return serving_speed(job, layout, cluster)


def _default_mfu(job: Job, gpu) -> float:
    mfu = default_mfu(gpu)
    if job.precision is Precision.FP8 and gpu.tflops_fp8:
        mfu *= FP8_MFU_FACTOR
    if job.task is TaskKind.QLORA:
        mfu *= QLORA_MFU_FACTOR
    return round(mfu, 4)


def _links(layout: Layout, cluster: Cluster) -> tuple[float, float, str]:
    """(intra-node bytes/s, slowest link bytes/s for a group spanning all GPUs, its name)."""
    intra, name = intra_node_gbps(cluster, min(layout.gpus, cluster.gpus_per_node))
    if name == "node":  # a server's figure: NVIDIA's bidirectional convention like the GPU's
        intra = intra / 2
        name = "NVLink" if cluster.gpu.nvlink_gbps else "PCIe"
    eff = NVLINK_EFFICIENCY if name == "NVLink" else PCIE_EFFICIENCY
    intra_bps = intra * eff * 1e9
    gpn = cluster.gpus_per_node
    if layout.gpus <= gpn:
        return intra_bps, intra_bps, name
    inter = cluster.inter_node_gbps or 12.5  # unknown network: a 100 Gb/s Ethernet port per node
    inter_bps = inter * NETWORK_EFFICIENCY * 1e9
    return intra_bps, min(intra_bps, inter_bps), "network"


def _scaling(job: Job, layout: Layout, cluster: Cluster, fpt: float, peak: float | None,
             mfu: float) -> tuple[float, dict]:
    n_gpus = layout.gpus
    tp, pp = layout.tp, layout.pp
    dp = n_gpus // (tp * pp)
    arch = job.model
    pc = count_params(arch)
    micro_tokens = job.micro_batch * job.seq_len
    m = job.grad_accum
    info: dict = {"dp": dp}
    if n_gpus == 1 and layout.offload is Offload.NONE:
        return 1.0, info
    rate = (peak or 100.0) * 1e12 * mfu  # FLOP/s one GPU sustains
    # one micro-batch on one model-parallel group, per GPU
    t_micro = fpt * micro_tokens / (tp * pp) / rate
    t_compute = t_micro * m
    intra_bps, slow_bps, link = _links(layout, cluster)
    info["link"] = link
    info["link_gbps_effective"] = slow_bps / 1e9
    # data parallel: bytes of gradients (trainable shard) per GPU
    trainable = trainable_params(job)
    share = 1.0 / (tp * pp)
    gb = 4 if job.precision is Precision.FP32 else 2
    wb = gb
    t_dp = 0.0
    if dp > 1:
        ring = 2 * (dp - 1) / dp
        dp_bps = slow_bps if n_gpus > cluster.gpus_per_node else intra_bps
        grad_bytes = trainable * share * gb
        zero = layout.zero
        if zero == 3 or layout.offload is Offload.OPTIMIZER_PARAMS:
            # per micro-batch: all-gather params for forward and backward, reduce-scatter gradients
            weights_bytes = pc.total * share * wb
            volume = m * ((dp - 1) / dp * (2 * weights_bytes + grad_bytes))
            window = t_compute
        elif zero == 2:
            volume = (m + 1) * (dp - 1) / dp * grad_bytes  # reduce-scatter per micro-batch + all-gather
            window = t_compute * 2 / 3
        else:
            volume = ring * grad_bytes  # one all-reduce (or reduce-scatter + all-gather) per step
            window = t_micro * 2 / 3  # backward of the last micro-batch
        t_comm = volume / dp_bps
        hidden = min(DP_OVERLAP * t_comm, window)
        t_dp = t_comm - hidden
        info["dp_comm_seconds"] = t_comm
    t_tp = 0.0
    if tp > 1 and arch.hidden_size and pc.num_layers:
        a = 4 if job.precision is Precision.FP32 else 2
        if tp <= cluster.gpus_per_node:
            g, kind = intra_node_gbps(cluster, tp)
            if kind == "node":
                g = g / 2
            tp_bps = g * (PCIE_EFFICIENCY if kind == "PCIe" else NVLINK_EFFICIENCY) * 1e9
        else:
            tp_bps = slow_bps
        per_layer = 4 * 2 * (tp - 1) / tp * micro_tokens * arch.hidden_size * a
        t_tp = m * math.ceil(pc.num_layers / pp) * per_layer / tp_bps
        info["tp_comm_seconds"] = t_tp
    bubble = (pp - 1) / (m + pp - 1) if pp > 1 else 0.0
    info["pipeline_bubble"] = bubble
    step = t_compute / (1 - bubble) + t_dp + t_tp
    eff = t_compute / step if step > 0 else 1.0
    info["step_seconds"] = step
    # CPU offload: gradients down and parameters up over PCIe, Adam on the host CPU
    if layout.offload is not Offload.NONE:
        bps = pcie_gbps(cluster.gpu) * PCIE_EFFICIENCY * 1e9
        part = trainable * share / max(dp, 1)
        xfer = part * (gb + wb) / bps
        gpus_on_node = min(n_gpus, cluster.gpus_per_node)
        cpu = part * gpus_on_node / CPU_ADAM_PARAMS_PER_S
        extra = xfer + cpu
        if layout.offload is Offload.OPTIMIZER_PARAMS:
            extra += m * 2 * pc.total * share / max(dp, 1) * wb / bps  # parameters fetched fwd + bwd
        info["offload_seconds_per_step"] = extra
        info["offload_efficiency"] = step / (step + extra)
    return eff, info


def _serving(job: Job, layout: Layout, cluster: Cluster, peak: float | None, mfu: float,
             details: dict) -> TimeEstimate:
    """Serving: decode and prefill speed (engine/serving.py); hours only for a batch of --tokens."""
    from gpudesk.core.engine.serving import serving_speed  # serving reads this module's FLOP counts

    s = serving_speed(job, layout, cluster)
    tps = s.tokens_per_second
    details["decode_step_seconds"] = s.decode_step_seconds
    details["kv_cache_bytes_read_per_step"] = _kv_cache(job, layout, kv_bytes(job))
    hours = job.tokens / tps / 3600 if (job.tokens and tps) else None
    return TimeEstimate.model_construct(
        training_flops=None, tokens_per_second=tps, hours=hours,
        gpu_hours=hours * layout.gpus if hours is not None else None, mfu=s.prefill_mfu, scaling_efficiency=1.0,
        peak_tflops=peak_tflops(cluster.gpu, Precision(s.compute)), details=details, serving=s)
