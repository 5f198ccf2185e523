"""Domain rules that more than one wing of core uses: each defined once, here.

The engine, the search, the plan (checklist) and the report all call these; none keeps its own
copy. Pure functions and constants, no gpudesk imports beyond the models.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Protocol

from gpudesk.core.models import GpuSpec, Job, Precision

# --- time and money ---------------------------------------------------------------------------

HOURS_PER_MONTH = 730.0  # 365 · 24 / 12: the month rental prices are quoted for
# A training run longer than about a year is not a rental plan (the hardware, the model and the prices
# will all have moved on): the recommender rejects it (`run_over_a_year`) rather than rank it.
MAX_RUN_HOURS = 365 * 24.0

# Without --tokens, per-token costs this close to the cheapest count as equal (the estimate's own
# uncertainty: default MFU, estimated prices), and the lower hourly rate ranks first.
COST_TIE_BAND = 0.25

# --- the training batch -------------------------------------------------------------------------

# Llama 2 (table 1: 4M tokens) and GPT-3 (3.2M at 175B) pre-trained with 3-4M-token global batches:
# the default global batch of a pre-training job, and the most the recommender grows a batch to.
PRETRAIN_GLOBAL_BATCH_TOKENS = 4 * 1024 * 1024


def default_global_batch_tokens(task: str) -> int | None:
    """The global batch a job gets when neither it nor its gradient accumulation is given: pre-training
    runs at PRETRAIN_GLOBAL_BATCH_TOKENS; fine-tuning keeps one micro-batch per step unless told."""
    return PRETRAIN_GLOBAL_BATCH_TOKENS if str(task) == "pretrain" else None


# --- cluster shapes ---------------------------------------------------------------------------

# GPU counts inside one node, and node counts beyond one (whole nodes only, ×1.33–1.5 apart so the
# Pareto curve is smooth without searching every count).
IN_NODE_COUNTS = (1, 2, 4, 8, 16)
NODE_COUNTS = (2, 3, 4, 6, 8, 12, 16, 24, 32, 48, 64, 96, 128, 192, 256, 384, 512)

# --- host requirements (domain.md §3) ---------------------------------------------------------

# Host RAM is DRAM, sold in binary sizes: a "256 GB" server has 256 GiB (DIMMs of 32/64 GiB), and
# `free -g` shows GiB. So every host-RAM figure is in GiB (units.host_ram), and the guide's
# ">= 256 GB per node" for multi-GPU training reads as 256 GiB.
GIB = 2**30
HOST_RAM_MULTI_GPU = 256 * GIB
HOST_RAM_SINGLE_GPU = 64 * GIB
# The CPU a host should have when the catalogue names none (the guide: EPYC or Xeon Ice Lake and newer), in
# English and Chinese: a plan stores it in the language it was made in; core.plan.host shows it in either.
GENERIC_CPU = ("AMD EPYC or Intel Xeon (Ice Lake or newer)", "AMD EPYC 或 Intel Xeon（Ice Lake 及更新）")
# Server memory configurations as sold (GiB: channels × DIMMs of 16/32/64/128 GiB); what to order is
# the smallest one that holds the need, and whole TiB beyond the largest.
HOST_RAM_SIZES_GIB = (32, 64, 128, 192, 256, 384, 512, 768, 1024, 1536, 2048, 3072, 4096)
# Training data on disk: tokenised ids or raw text run ~2–4 bytes per token (UTF-8, English ~4
# characters a token, Chinese ~1.5 characters × 3 bytes); take 4.
DATA_BYTES_PER_TOKEN = 4
CHECKPOINTS_KEPT = 2  # the latest checkpoint and the one before it stay on local disk

# The catalogue's pseudo-provider holding market-reference estimates: not a company, never a provider
# to rent from or to quote (data/providers.toml).
MARKET_REFERENCE = "market-reference"

# Node power when the catalogue has no figure: GPU TDP plus the host (CPUs, RAM, NICs, fans,
# NVSwitch). DGX H100: 8 × 700 W = 5.6 kW of GPUs, 10.2 kW system max (≈ +0.8×); DGX A100 6.5 kW
# for 8 × 400 W; a 1-GPU box still needs ~0.5 kW of host.
HOST_POWER_SHARE = 0.8
HOST_POWER_MIN_KW = 0.5


def host_ram_to_order(need_bytes: float | None) -> int | None:
    """The server memory configuration to order for a need: the smallest size in HOST_RAM_SIZES_GIB that
    holds it, beyond them whole TiB (bytes). None when the need is unknown."""
    if not need_bytes:
        return None
    for size in HOST_RAM_SIZES_GIB:
        if size * GIB >= need_bytes:
            return size * GIB
    return math.ceil(need_bytes / (1024 * GIB)) * 1024 * GIB


# --- memory -------------------------------------------------------------------------------------


def usable_bytes(capacity: int, headroom: float) -> int:
    """GPU memory a job may fill: the capacity minus the headroom fraction kept free."""
    return int(capacity * (1 - headroom))


def storage_bytes(job: Job, params: int, checkpoint: int | None, nodes: int = 1) -> int:
    """Disk a training job keeps: its data (DATA_BYTES_PER_TOKEN a token), the base weights in the training
    precision and CHECKPOINTS_KEPT checkpoints of `checkpoint` bytes (engine.memory.checkpoint_bytes),
    the checkpoints spread over `nodes` local disks (per node; nodes=1: one shared store holds it all)."""
    wbytes = 4 if job.precision is Precision.FP32 else 2
    data = int(job.tokens * DATA_BYTES_PER_TOKEN) if job.tokens else 0
    return data + params * wbytes + (CHECKPOINTS_KEPT * int(checkpoint or 0)) // max(nodes, 1)


# --- interconnect -------------------------------------------------------------------------------


def _sxm(gpu: GpuSpec | None) -> bool:
    return gpu is not None and (gpu.form_factor or "").lower() in ("sxm", "oam")


def nvlink_group(topology: str | None, gpus_per_node: int, gpu: GpuSpec | None) -> int:
    """How many GPUs of a node reach each other over NVLink.

    NVSwitch: the whole node. NVLink without a switch: on an SXM/OAM baseboard every GPU is on the
    board's NVLink mesh (HGX 4-GPU links every pair; the 8-GPU hybrid cube-mesh keeps NCCL's rings
    on NVLink), so the whole node; NVLink bridges on PCIe cards join pairs only. PCIe: none.
    """
    if topology == "nvswitch":
        return gpus_per_node
    if topology == "nvlink-bridge":
        return gpus_per_node if _sxm(gpu) else min(2, gpus_per_node)
    return 1


def guess_topology(gpu: GpuSpec) -> str:
    """The node topology when the catalogue names no server: SXM with NVLink means an NVSwitch board."""
    if gpu.nvlink_gbps and _sxm(gpu):
        return "nvswitch"
    if gpu.nvlink_gbps:
        return "nvlink-bridge"
    return "pcie"


# --- power --------------------------------------------------------------------------------------


def node_power_kw(
    gpus_per_node: int,
    tdp_watts: float | None,
    server_power_kw: float | None = None,
    server_gpus_per_node: int | None = None,
) -> float | None:
    """Power drawn by the GPUs an option uses in one node, with their host: the server type's figure
    (its share for part of a node), else the GPUs' TDP plus the host's share. None when unknown."""
    if server_power_kw:
        whole = server_gpus_per_node or gpus_per_node
        return float(server_power_kw) * min(1.0, gpus_per_node / whole)  # a share of a node draws its share
    if tdp_watts:
        watts = gpus_per_node * tdp_watts
        return max(watts * (1 + HOST_POWER_SHARE), watts + HOST_POWER_MIN_KW * 1000) / 1000
    return None


# --- comparing options --------------------------------------------------------------------------


class Rented(Protocol):
    """What names a rented configuration: an Option, or a chart point (core.search's FeasiblePoint)."""

    @property
    def gpu(self) -> str: ...
    @property
    def gpus(self) -> int: ...
    @property
    def offer(self) -> str | None: ...
    @property
    def provider(self) -> str | None: ...


def same_configuration(a: Rented | None, b: Rented | None) -> bool:
    """Whether two options rent the same thing (GPU model, count, offer and provider)."""
    if a is None or b is None:
        return False
    return (a.gpu, a.gpus, a.offer, a.provider) == (b.gpu, b.gpus, b.offer, b.provider)


def pareto_front(points: Sequence[tuple[float | None, float | None]]) -> list[bool]:
    """For (time, cost) points, whether each is on the Pareto front: no other point is at least as good
    in both and better in one. Identical points (the same figures from two offers) are equally
    optimal: all of them are on it. Points missing either figure never are."""
    known = sorted(
        ((tm, c, i) for i, (tm, c) in enumerate(points) if tm is not None and c is not None), key=lambda k: (k[0], k[1])
    )
    out = [False] * len(points)
    best_cost = math.inf
    last: tuple[float, float] | None = None
    for tm, c, i in known:
        if c < best_cost:
            out[i] = True
            best_cost = c
            last = (tm, c)
        elif last is not None and (tm, c) == last:
            out[i] = True
    return out
