"""Training time: FLOPs, the GPU's dense peak, MFU, and a communication model for scaling.

FLOPs per token (forward + backward) follow PaLM (Chowdhery et al. 2022, appendix B):
6·N + 12·L·H·Q·T, N the matmul parameters that a token goes through (MoE: active experts),
L layers, H heads, Q head dimension (MLA: the mean of the q/k and v widths), T sequence length
(sliding-window layers: at most the window). LoRA/QLoRA skip the frozen weights' gradients:
4·N + 6·N_adapter. Recomputation adds hardware FLOPs: full +2·N + 4·L·H·Q·T (a second forward,
Korthikanti et al. 2022), op-level selective 2 FLOPs per recomputed matmul parameter, Megatron's
selective the attention scores when they are not fused away.

MFU and HFU: `time.mfu` is the run's model-FLOPs utilisation while computing (model FLOPs / peak);
`details.hfu` counts the recomputed FLOPs too; `details.achieved_mfu` is the MFU after communication
and bubble losses (what papers report). The default table (mfu.py) is for runs without recomputation;
with recomputation the default MFU falls by less than the extra FLOPs, because recomputed (forward-only)
FLOPs run RECOMPUTE_SPEEDUP times faster than the average forward + backward FLOP (torchtune Llama 3.2
3B, +full AC: 9,174 -> 7,210 tok/s for a third more FLOPs, README "Optimization flags"). A given
`--mfu` is taken as the run's MFU, recomputation included.

Scaling efficiency compares the step time with and without communication:
- data parallel: the gradient all-reduce moves 2(n−1)/n of the gradient bytes per GPU (ring; ZeRO-1/2
  reduce-scatter + all-gather move the same; ZeRO-3 1.5x that, per micro-batch — ZeRO paper §7); the
  framework's overlap share is hidden behind the backward pass (frameworks.py);
- tensor parallel: 4 all-reduces of s·b·h activations per layer per micro-batch, not hidden;
- context parallel: ring attention passes each rank's K and V (forward) and K, V, dK, dV (backward)
  around the cp ranks, half hidden behind the attention;
- expert parallel: 4 all-to-alls per MoE layer and micro-batch (dispatch and combine, forward and
  backward) of the tokens' top-k copies, over NVLink inside a node and each GPU's share of the node's
  network across nodes;
- pipeline: the 1F1B bubble (p−1)/(v·m + p−1) with v virtual stages (interleaved 1F1B, Narayanan et
  al. 2021) and m micro-batches per step (from the global batch when one is given);
- links: NVLink at half NVIDIA's bidirectional figure per direction, PCIe per direction, and the
  inter-node network per node; NCCL reaches about 75–85 % of a link's rate.
"""

from __future__ import annotations

import math

from gpudesk.core.engine.activations import op_selective_recompute_params
from gpudesk.core.engine.counting import count_params, matmul_params
from gpudesk.core.engine.frameworks import profile_of
from gpudesk.core.engine.gpu_classes import intra_node_gbps, pcie_gbps, peak_tflops
from gpudesk.core.engine.model_shape import head_dim
from gpudesk.core.engine.lora import trainable_params
from gpudesk.core.engine.layout_rules import check_layout
from gpudesk.core.engine.memory import _kv_cache
from gpudesk.core.engine.mfu import default_mfu
from gpudesk.core.engine.quantisation import kv_bytes
from gpudesk.core.engine.serving import serving_speed
from gpudesk.core.engine.parallel import data_parallel, micro_batches
from gpudesk.core.models import (
    Cluster,
    Job,
    Layout,
    ModelArch,
    Offload,
    Precision,
    Recompute,
    TaskKind,
    ServingEstimate,
    TimeEstimate,
)

Details = dict[str, float | str | None]  # TimeEstimate.details

CP_OVERLAP = 0.5  # share of ring-attention traffic hidden behind the attention kernels
NVLINK_EFFICIENCY = 0.75  # NCCL bus bandwidth / link rate (A100: ~230 of 300 GB/s)
PCIE_EFFICIENCY = 0.80
NETWORK_EFFICIENCY = 0.85
CPU_ADAM_PARAMS_PER_S = (
    4.0e9  # DeepSpeed CPU-Adam per node (ZeRO-Offload paper: ~0.2-0.3 s per 1B params on one socket)
)
RECOMPUTE_SPEEDUP = 1.2  # recomputed (forward-only) FLOPs vs the average training FLOP; see the module doc


def _attention_flops_per_token(arch: ModelArch, seq: int) -> float:
    """12·L·H·Q·T (forward + backward) for one token, summed over towers."""
    parts = arch.components or [arch]
    total = 0.0
    for m in parts:
        if m.num_layers and m.num_heads and m.hidden_size:
            hd: float = m.head_dim or m.hidden_size // m.num_heads
            if m.kv_lora_rank:  # MLA: scores over head_dim + rope, values of v_head_dim
                hd = (hd + (m.qk_rope_head_dim or 0) + (m.v_head_dim or hd)) / 2
            s = (m.max_seq_len or seq) if arch.components else seq
            local = m.sliding_layers if m.sliding_window else 0.0
            span = (1 - local) * s + local * min(s, m.sliding_window or s)
            total += 12 * m.num_layers * m.num_heads * hd * span
    return total


def model_flops_per_token(job: Job) -> float:
    """The model's FLOPs per trained token (no recomputation): what MFU counts."""
    arch = job.model
    n = matmul_params(arch)
    attn = _attention_flops_per_token(arch, job.seq_len)
    if job.task is TaskKind.LORA or job.task is TaskKind.QLORA:
        return 4 * n + 6 * trainable_params(job) + attn
    return 6 * n + attn


def flops_per_token(job: Job) -> float:
    """Hardware FLOPs per trained token: the model's plus what recomputation runs again (HFU counts it)."""
    return model_flops_per_token(job) + _recompute_flops(job)


def _recompute_flops(job: Job) -> float:
    arch = job.model
    rec = Recompute(job.recompute)  # model_copy(update=...) may leave a plain string
    if rec is Recompute.NONE:
        return 0.0
    attn = _attention_flops_per_token(arch, job.seq_len)
    if rec is Recompute.FULL:
        return 2 * matmul_params(arch) + attn / 3
    if rec is Recompute.OP_SELECTIVE:
        return 2.0 * op_selective_recompute_params(arch, count_params(arch))
    return 0.0 if job.flash_attention else attn / 3  # selective: the attention scores


def time_estimate(job: Job, layout: Layout, cluster: Cluster) -> TimeEstimate:
    return _time(job, layout, cluster, None)


def _time(job: Job, layout: Layout, cluster: Cluster, notes: list[str] | None) -> TimeEstimate:
    check_layout(layout, job.model)
    gpu = cluster.gpu
    prec = job.precision
    peak = peak_tflops(gpu, prec, notes)
    base = job.mfu if job.mfu is not None else default_mfu(job, gpu)
    details: Details = {}
    if job.task is TaskKind.INFERENCE:
        return _serving(job, layout, cluster, peak, base, details)
    model = model_flops_per_token(job)
    hardware = model + _recompute_flops(job)
    if job.mfu is None:
        # the table is for runs without recomputation; recomputed FLOPs run faster than the average FLOP
        mfu = base * model / (model + (hardware - model) / RECOMPUTE_SPEEDUP)
    else:
        mfu = job.mfu  # the user's MFU is the run's, recomputation included
    details.update(flops_per_token=hardware, model_flops_per_token=model, hfu=mfu * hardware / model)
    eff, offload_eff, comm = _scaling(job, layout, cluster, model, peak, mfu)
    details.update(comm)
    details["offload_efficiency"] = offload_eff
    details["achieved_mfu"] = mfu * eff * offload_eff
    # without a peak rate at this precision the FLOPs are known, the speed and the hours are not
    tps = layout.gpus * peak * 1e12 * mfu * eff * offload_eff / model if peak else None
    hours: float | None = None
    gpu_hours: float | None = None
    if job.tokens and tps is not None:
        hours = job.tokens / tps / 3600
        gpu_hours = hours * layout.gpus
    return TimeEstimate.model_construct(
        training_flops=hardware * job.tokens if job.tokens else None,
        tokens_per_second=tps,
        hours=hours,
        gpu_hours=gpu_hours,
        mfu=mfu,
        scaling_efficiency=eff,
        peak_tflops=peak or None,
        details=details,
        serving=_mixed_serving(job, layout, cluster),
    )


def _mixed_serving(job: Job, layout: Layout, cluster: Cluster) -> ServingEstimate | None:
    """A mixed job's serving half, on the same GPUs (None for pure training)."""
    if job.task is not TaskKind.MIXED:
        return None
    return serving_speed(job, layout, cluster)


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


def _link_bps(cluster: Cluster, group: int, slow_bps: float) -> float:
    """Bytes/s per GPU for a group of `group` GPUs placed together (NVLink/PCIe inside a node)."""
    if group > cluster.gpus_per_node:
        return slow_bps
    g, kind = intra_node_gbps(cluster, group)
    if kind == "node":
        g = g / 2
    return g * (PCIE_EFFICIENCY if kind == "PCIe" else NVLINK_EFFICIENCY) * 1e9


def _scaling(
    job: Job, layout: Layout, cluster: Cluster, fpt: float, peak: float | None, mfu: float
) -> tuple[float, float, Details]:
    """(scaling efficiency, CPU-offload efficiency, what the step is made of) of the run's GPUs."""
    n_gpus = layout.gpus
    tp, pp, cp = layout.tp, layout.pp, job.cp
    dp = data_parallel(job, layout)
    arch = job.model
    pc = count_params(arch)
    prof = profile_of(job)
    micro_tokens = job.micro_batch * job.seq_len
    m = micro_batches(job, layout)
    v = job.virtual_stages if pp > 1 else 1
    info: Details = {"dp": dp, "micro_batches": m}
    if n_gpus == 1 and layout.offload is Offload.NONE:
        return 1.0, 1.0, info
    rate = (peak or 100.0) * 1e12 * mfu  # FLOP/s one GPU sustains
    # one micro-batch on one model-parallel group, per GPU
    t_micro = fpt * micro_tokens / (tp * pp * cp) / rate
    t_compute = t_micro * m
    intra_bps, slow_bps, link = _links(layout, cluster)
    info["link"] = link
    info["link_gbps_effective"] = slow_bps / 1e9
    a = 4 if job.precision is Precision.FP32 else 2
    # data parallel: bytes of gradients (the trainable shard) per GPU; routed experts split over ep
    ep = job.ep if arch.num_experts > 1 else 1
    trainable: float = trainable_params(job)
    if job.task.trains and trainable == pc.total and ep > 1:
        trainable -= pc.expert_params * (1 - 1 / ep)
    share = 1.0 / (tp * pp)
    gb = 4 if job.precision is Precision.FP32 else 2
    wb = gb
    t_dp = 0.0
    ranks = dp * cp  # gradients are reduced over the data- and context-parallel ranks
    if ranks > 1:
        ring = 2 * (ranks - 1) / ranks
        dp_bps = slow_bps if n_gpus > cluster.gpus_per_node else intra_bps
        grad_bytes = trainable * share * gb
        zero = layout.zero
        if zero == 3 or layout.offload is Offload.OPTIMIZER_PARAMS:
            # all-gather params for forward and backward, reduce-scatter gradients: per micro-batch, or
            # once per step when FSDP2 keeps a pipeline stage unsharded (no reshard after forward)
            weights_bytes = (pc.total - pc.expert_params * (1 - 1 / ep)) * share * wb
            gathers = 1 if (pp > 1 and not prof.reshard_with_pp) else m
            volume = gathers * ((ranks - 1) / ranks * (2 * weights_bytes + grad_bytes))
            window = t_compute
        elif zero == 2:
            volume = (m + 1) * (ranks - 1) / ranks * grad_bytes  # reduce-scatter per micro-batch + all-gather
            window = t_compute * 2 / 3
        else:
            volume = ring * grad_bytes  # one all-reduce (or reduce-scatter + all-gather) per step
            window = t_micro * 2 / 3  # backward of the last micro-batch
        t_comm = volume / dp_bps
        hidden = min(prof.dp_overlap * t_comm, window)
        t_dp = t_comm - hidden
        info["dp_comm_seconds"] = t_comm
    t_tp = 0.0
    if tp > 1 and arch.hidden_size and pc.num_layers:
        tp_bps = _link_bps(cluster, tp, slow_bps)
        per_layer = 4 * 2 * (tp - 1) / tp * micro_tokens / cp * arch.hidden_size * a
        t_tp = (1 - prof.tp_overlap) * m * math.ceil(pc.num_layers / pp) * per_layer / tp_bps
        info["tp_comm_seconds"] = t_tp
    t_cp = 0.0
    if cp > 1 and arch.num_heads and pc.num_layers:
        heads = arch.num_kv_heads or arch.num_heads
        kv_width = (arch.kv_lora_rank + (arch.qk_rope_head_dim or 0)) if arch.kv_lora_rank else heads * head_dim(arch)
        per_layer = 3 * (cp - 1) * (micro_tokens / cp) * 2 * kv_width * a / tp
        t_cp = (1 - CP_OVERLAP) * m * math.ceil(pc.num_layers / pp) * per_layer / _link_bps(cluster, tp * cp, slow_bps)
        info["cp_comm_seconds"] = t_cp
    t_ep = 0.0
    if ep > 1 and arch.hidden_size:
        k = min(arch.experts_per_token, arch.num_experts)
        moe_layers = math.ceil((pc.num_layers - pc.dense_layers) / pp)
        volume = 4 * (ep - 1) / ep * (micro_tokens / (cp * tp)) * k * arch.hidden_size * a
        group = tp * ep
        if group <= cluster.gpus_per_node:
            bps = _link_bps(cluster, group, slow_bps)
        else:  # the share of partners on other nodes goes through this GPU's share of the node's network
            inter = (cluster.inter_node_gbps or 12.5) * NETWORK_EFFICIENCY * 1e9 / cluster.gpus_per_node
            remote = 1 - cluster.gpus_per_node / group
            bps = 1 / (remote / inter + (1 - remote) / _link_bps(cluster, cluster.gpus_per_node, slow_bps))
        t_ep = (1 - prof.ep_overlap) * m * moe_layers * volume / bps
        info["ep_comm_seconds"] = t_ep
    bubble = (pp - 1) / (v * m + pp - 1) if pp > 1 else 0.0
    info["pipeline_bubble"] = bubble
    step = t_compute / (1 - bubble) + t_dp + t_tp + t_cp + t_ep
    eff = t_compute / step if step > 0 else 1.0
    info["step_seconds"] = step
    # CPU offload: gradients down and parameters up over PCIe, Adam on the host CPU
    offload_eff = 1.0
    if layout.offload is not Offload.NONE:
        bps = pcie_gbps(cluster.gpu) * PCIE_EFFICIENCY * 1e9
        part = trainable * share / max(ranks, 1)
        xfer = part * (gb + wb) / bps
        gpus_on_node = min(n_gpus, cluster.gpus_per_node)
        cpu = part * gpus_on_node / CPU_ADAM_PARAMS_PER_S
        extra = xfer + cpu
        if layout.offload is Offload.OPTIMIZER_PARAMS:
            extra += m * 2 * pc.total * share / max(ranks, 1) * wb / bps  # parameters fetched fwd + bwd
        info["offload_seconds_per_step"] = extra
        offload_eff = step / (step + extra)
    return eff, offload_eff, info


def _serving(
    job: Job, layout: Layout, cluster: Cluster, peak: float | None, mfu: float, details: Details
) -> TimeEstimate:
    """Serving: decode and prefill speed (engine/serving.py); hours only for a batch of --tokens."""
    s = serving_speed(job, layout, cluster)
    tps = s.tokens_per_second
    details["decode_step_seconds"] = s.decode_step_seconds
    details["kv_cache_bytes_read_per_step"] = _kv_cache(job, layout, kv_bytes(job))
    hours = job.tokens / tps / 3600 if (job.tokens and tps) else None
    return TimeEstimate.model_construct(
        training_flops=None,
        tokens_per_second=tps,
        hours=hours,
        gpu_hours=hours * layout.gpus if hours is not None else None,
        mfu=s.prefill_mfu,
        scaling_efficiency=1.0,
        peak_tflops=peak_tflops(cluster.gpu, Precision(s.compute)),
        details=details,
        serving=s,
    )
