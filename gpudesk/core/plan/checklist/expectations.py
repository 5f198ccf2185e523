"""The figures the checklist holds the delivered machines to, derived from the plan's choice: GPU count
and memory, NVLink vs PCIe and the all_reduce bus bandwidth it should give, storage IOPS and
throughput, host RAM, power, driver branch. Every checklist figure is computed here, nowhere else."""

from __future__ import annotations

import math
from typing import Any, Literal

from pydantic import BaseModel, Field

from gpudesk.core import units
from gpudesk.core.engine.states import checkpoint_bytes
from gpudesk.core.models import GpuSpec, Option
from gpudesk.core.plan.model import Plan
from gpudesk.core.protocols import Catalogue
from gpudesk.core.rules import (
    DATA_BYTES_PER_TOKEN,
    HOST_RAM_MULTI_GPU,
    guess_topology,
    host_ram_to_order,
    node_power_kw,
    nvlink_group,
)
from gpudesk.errors import GpudeskError

# --- constants behind the thresholds (each says where it comes from) ------------------------

# NCCL all_reduce busbw as a share of the per-direction link bandwidth. nccl-tests on 8× A100
# SXM (NVSwitch, 300 GB/s per direction) reach ~230 GB/s busbw on DGX A100 (≈ 0.77) and ~200 GB/s
# on other HGX servers (NVIDIA/nccl-tests#149); 8× H100 SXM without NVLS ~360 of 450 GB/s.
# PCIe: NCCL over host bridges keeps ~0.45–0.6 of x16 (8× RTX 5090 on Gen5: 28 GB/s for 8 GPUs,
# 35 GB/s for 4, NVIDIA/nccl#1639). Inter-node: busbw ≈ the node's NIC bandwidth (4× HDR 200 Gb/s
# = 100 GB/s per node gave 85–96 GB/s, NVIDIA/nccl-tests#119).
BUSBW_EFFICIENCY = {"nvlink": 0.77, "pcie": 0.60, "network": 0.90}
# Below this share of the expectation the node is suspect ("far below -> change node"); PCIe
# varies more with the host, so its floor is lower.
BUSBW_MIN_FRACTION = {"nvlink": 0.80, "pcie": 0.60, "network": 0.80}
# PCIe x16 per direction, GB/s, by generation (PCI-SIG: 8/16/32 GT/s per lane, 128b/130b).
PCIE_X16_GBPS = {3: 15.75, 4: 31.5, 5: 63.0, 6: 121.0}
GB = 1e9

Topology = Literal["single", "nvlink", "pcie"]  # how the GPUs of a node reach each other
GIB = 2**30
MB = 1e6
# Storage: text at rules.DATA_BYTES_PER_TOKEN; vision samples are image files of ~150 kB (JPEG/WebP
# at 512 px).
IMAGE_BYTES_PER_SAMPLE = 150_000
VISION_FAMILIES = {"clip", "unet", "vit", "sdxl"}
DATA_RATE_SAFETY = 4  # shuffling, several loader workers, re-reads: ask for 4× the steady rate
IOPS_FLOOR = 20_000  # high-performance cloud disk class; ordinary cloud disks give 3–5 k
THROUGHPUT_FLOOR_MBS = 500  # any NVMe (or SATA SSD) sustains this; below it is a network disk
CHECKPOINT_SECONDS = 300  # a synchronous checkpoint should stall training for ≤ 5 minutes
# Without a figure from the plan: host RAM ≥ 2× the node's GPU memory (pinned staging buffers and
# the loader's queue; NVIDIA's DGX A100/H100 ship 1–2 TB for 320–640 GB of GPU memory).
HOST_RAM_PER_GPU_MEMORY = 2
FREE_SHOWS = 0.97  # `free -g` (GiB) shows a few % less than installed (kernel, firmware reservations)
NVIDIA_DRIVER_MIN = 550  # CUDA 12.x needs a current branch; old ones cause illegal memory access
BLACKWELL_DRIVER_MIN = 570  # Blackwell (B200, RTX 50) is supported from R570 / CUDA 12.8
THROUGHPUT_PASS_SHARE = 0.8  # micro run: at least 80 % of the planned tokens/s
MEMORY_NIB_SHARE = 0.99  # nvidia-smi memory.total is a little below the card's nominal MiB
TEMPERATURE_MAX_C = 85  # the guide: above ~85 °C a GPU throttles its clocks
# A public H100 acceptance specification fails a machine with more than 5 °C spread across its
# GPUs, or any throttling, under full load (domain.md, "Acceptance practice").
TEMPERATURE_SPREAD_MAX_C = 5


class Expectations(BaseModel):
    """The figures the checklist holds the delivered machines to (None = not applicable/unknown)."""

    gpu: str | None = None
    gpu_name: str | None = None
    vendor: str | None = None
    gpus: int = 1
    nodes: int = 1
    gpus_per_node: int = 1
    gpu_memory_bytes: int | None = None
    memory_mib_min: int | None = None  # nvidia-smi memory.total at least (MiB)
    topology: Topology = "single"
    link_name: str | None = None
    link_gbps_per_direction: float | None = None
    busbw_expected_gbps: float | None = None
    busbw_min_gbps: float | None = None
    internode_gbps: float | None = None  # per node, GB/s (network_gbps / 8)
    busbw_internode_expected_gbps: float | None = None
    busbw_internode_min_gbps: float | None = None
    tokens_per_second: float | None = None
    samples_per_second: float | None = None
    data_rate_bytes_per_s: float | None = None
    checkpoint_bytes: int | None = None
    iops_min: int = IOPS_FLOOR
    throughput_min_mbs: int = THROUGHPUT_FLOOR_MBS
    host_ram_min_bytes: int = 0
    host_ram_free_min_gib: int = 0  # what `free -g` (and /proc/meminfo) shows for host_ram_min_bytes
    host_ram_needed_bytes: int | None = None  # what the estimate says the job needs per node
    host_ram_ordered_bytes: int | None = None
    cpu: str | None = None
    tdp_watts: float | None = None
    node_power_kw: float | None = None
    node_power_basis: Literal["plan", "catalog", "tdp"] | None = None
    rack_power_kw: float | None = None
    driver_min: int | None = None
    peak_memory_bytes: int | None = None
    trains: bool = True
    serves: bool = False
    quoted: bool = False  # a written quote is selected and sets the budget
    no_provider: bool = True  # priced at the market reference or by the user: no provider chosen yet
    monthly: bool = False  # the plan's billing includes monthly (or longer) periods
    conditions: dict[str, bool] = Field(default_factory=dict)


def _gpu_spec(plan: Plan, catalog: Catalogue | None = None) -> GpuSpec | None:
    if plan.hardware.gpu is not None:
        return plan.hardware.gpu
    if plan.choice is None:
        return None
    if catalog is None:
        return None
    try:
        return catalog.gpu(plan.choice.gpu)
    except GpudeskError:  # unknown id: tailor without the spec
        return None


def _catalog_row(plan: Plan, kind: str, key: str | None, catalog: Catalogue | None = None) -> dict[str, Any] | None:
    stored: dict[str, Any] | None = getattr(plan.hardware, kind)
    if stored:
        return stored
    if not key or catalog is None:
        return None
    try:
        row = getattr(catalog, kind)(key)
    except GpudeskError:  # an entry this catalogue does not have
        return None
    return row.model_dump() if isinstance(row, BaseModel) else dict(row)


def _pcie_gbps(gpu: GpuSpec | None) -> tuple[float | None, str | None]:
    if gpu is None:
        return None, None
    gen = gpu.pcie_generation
    if gpu.pcie_gbps:
        return float(gpu.pcie_gbps), f"PCIe {gen}.0" if gen else "PCIe"
    if gen in PCIE_X16_GBPS:
        return PCIE_X16_GBPS[gen], f"PCIe {gen}.0"
    return None, "PCIe"


def _topology(choice: Option, gpu: GpuSpec | None, server: dict[str, Any] | None) -> Topology:
    if choice.gpus_per_node <= 1 and choice.gpus <= 1:
        return "single"
    if choice.gpus_per_node <= 1:
        return "pcie"  # one GPU per node: GPUs meet only over the network
    topo = (server or {}).get("topology")
    if topo in ("nvswitch", "nvlink-bridge", "pcie"):
        # NVLink when every GPU of the node is on it; bridged pairs of PCIe cards beyond two GPUs
        # send the gradients over PCIe
        return "nvlink" if nvlink_group(topo, choice.gpus_per_node, gpu) >= choice.gpus_per_node else "pcie"
    text = (choice.interconnect or "").lower()
    if "nvlink" in text or "nvswitch" in text:
        return "nvlink"
    if "pcie" in text:
        return "pcie"
    if gpu is not None and guess_topology(gpu) == "nvswitch":
        return "nvlink"
    return "pcie"


def expectations(plan: Plan, catalog: Catalogue | None = None) -> Expectations:
    """Derive every checklist threshold from the plan's choice and the catalogue rows it stores (rows it
    lacks are looked up in `catalog` when one is given)."""
    job = plan.job
    ex = Expectations(trains=job.task.trains, serves=str(job.task) in ("inference", "mixed"))
    choice = plan.choice
    gpu = _gpu_spec(plan, catalog)
    if choice is None:
        ex.conditions = _conditions(ex, gpu)
        return ex
    server = _catalog_row(plan, "server", choice.server, catalog)
    ex.gpu = choice.gpu
    ex.gpu_name = units.gpu_name(choice) if choice.gpu_name else (units.localised(gpu, "name") or choice.gpu)
    ex.vendor = gpu.vendor if gpu else None
    ex.gpus, ex.nodes = choice.gpus, max(1, choice.nodes)
    ex.gpus_per_node = max(1, min(choice.gpus_per_node, choice.gpus))
    ex.gpu_memory_bytes = gpu.memory_bytes if gpu else choice.memory.gpu_capacity_bytes
    ex.peak_memory_bytes = choice.memory.per_gpu_bytes.total
    if ex.gpu_memory_bytes:
        ex.memory_mib_min = math.floor(ex.gpu_memory_bytes / 2**20 * MEMORY_NIB_SHARE)
    ex.tdp_watts = gpu.tdp_watts if gpu else None

    # interconnect inside a node and the all_reduce busbw it should give
    ex.topology = _topology(choice, gpu, server)
    if ex.topology == "nvlink" and ex.gpus_per_node > 1:
        total = (gpu.nvlink_gbps if gpu else None) or (server or {}).get("intra_node_gbps")
        if total:
            ex.link_gbps_per_direction = float(total) / 2  # NVIDIA quotes both directions together
        gen = gpu.nvlink_generation if gpu else None
        ex.link_name = f"NVLink {gen}" if gen else "NVLink"
        if (server or {}).get("topology") == "nvswitch":
            ex.link_name += " / NVSwitch"
    elif ex.topology == "pcie" and ex.gpus_per_node > 1:
        ex.link_gbps_per_direction, ex.link_name = _pcie_gbps(gpu)
    if ex.link_gbps_per_direction and ex.gpus_per_node > 1:
        kind = ex.topology
        ex.busbw_expected_gbps = ex.link_gbps_per_direction * BUSBW_EFFICIENCY[kind]
        ex.busbw_min_gbps = ex.busbw_expected_gbps * BUSBW_MIN_FRACTION[kind]

    if ex.nodes > 1:
        net = (server or {}).get("network_gbps")
        if net:
            ex.internode_gbps = float(net) / 8  # Gb/s per node -> GB/s
            inter = ex.internode_gbps * BUSBW_EFFICIENCY["network"]
            ex.busbw_internode_expected_gbps = min(inter, ex.busbw_expected_gbps or inter)
            ex.busbw_internode_min_gbps = ex.busbw_internode_expected_gbps * BUSBW_MIN_FRACTION["network"]

    # storage: the job's data rate and checkpoint size
    tps = choice.time.tokens_per_second
    ex.tokens_per_second = tps
    if tps and job.task.trains:
        seq = max(1, job.seq_len)
        ex.samples_per_second = tps / seq
        vision = (job.model.family or "").lower() in VISION_FAMILIES
        ex.data_rate_bytes_per_s = (
            ex.samples_per_second * IMAGE_BYTES_PER_SAMPLE if vision else tps * DATA_BYTES_PER_TOKEN
        )
        ex.iops_min = max(IOPS_FLOOR, _round_up(ex.samples_per_second * DATA_RATE_SAFETY, 1000))
    ex.checkpoint_bytes = checkpoint_bytes(job)
    need_mbs = 0.0
    if ex.data_rate_bytes_per_s:
        need_mbs = ex.data_rate_bytes_per_s * DATA_RATE_SAFETY / MB
    if ex.checkpoint_bytes:
        need_mbs = max(need_mbs, ex.checkpoint_bytes / CHECKPOINT_SECONDS / MB)
    ex.throughput_min_mbs = max(THROUGHPUT_FLOOR_MBS, _round_up(need_mbs, 100))

    # host
    ex.cpu = (server or {}).get("cpu")  # the option's host text is generic when the server's CPU is unknown
    ordered = choice.host.get("server_ram_bytes") or (server or {}).get("host_ram_bytes")
    ex.host_ram_ordered_bytes = int(ordered) if ordered else None
    # the recommender's host requirement (already floored), else the estimate's own figure
    needed = choice.host.get("ram_bytes") or choice.memory.host_ram_bytes
    ex.host_ram_needed_bytes = int(needed) if needed else None
    floor = HOST_RAM_MULTI_GPU if (ex.gpus > 1 and job.task.trains) else 0
    if not floor and not ex.host_ram_needed_bytes and ex.gpu_memory_bytes:  # as a server's memory is sold (GiB)
        floor = host_ram_to_order(HOST_RAM_PER_GPU_MEMORY * ex.gpus_per_node * ex.gpu_memory_bytes) or 0
    ex.host_ram_min_bytes = int(max(floor, ex.host_ram_needed_bytes or 0))
    ex.host_ram_free_min_gib = math.floor(ex.host_ram_min_bytes / GIB * FREE_SHOWS)

    # power: the plan's own node figure, else the catalogue's, else from the GPUs' TDP
    planned_kw = choice.host.get("power_kw")
    if planned_kw:
        ex.node_power_kw, ex.node_power_basis = float(planned_kw), "plan"
    elif server and server.get("power_kw"):
        ex.node_power_basis = "catalog"
        ex.node_power_kw = node_power_kw(
            ex.gpus_per_node, ex.tdp_watts, server["power_kw"], server.get("gpus_per_node")
        )
    elif ex.tdp_watts:
        ex.node_power_kw, ex.node_power_basis = node_power_kw(ex.gpus_per_node, ex.tdp_watts), "tdp"
    if ex.node_power_kw:
        ex.rack_power_kw = ex.node_power_kw * ex.nodes

    if ex.vendor is None or ex.vendor.upper() == "NVIDIA":
        arch = ((gpu.architecture or "") if gpu else "").lower()
        blackwell = "blackwell" in arch or choice.gpu.lower().startswith(("b100", "b200", "gb200", "rtx-50"))
        ex.driver_min = BLACKWELL_DRIVER_MIN if blackwell else NVIDIA_DRIVER_MIN
    from gpudesk.core.plan.budget import plan_budget
    from gpudesk.core.rules import MARKET_REFERENCE

    budget = plan_budget(plan)
    ex.quoted = budget.from_quote
    ex.no_provider = choice.provider in (None, "", MARKET_REFERENCE)
    ex.monthly = any(b in (budget.billing or "").split("+") for b in ("monthly", "yearly"))
    ex.conditions = _conditions(ex, gpu)
    return ex


def _conditions(ex: Expectations, gpu: GpuSpec | None) -> dict[str, bool]:
    nvidia = ex.vendor is None or ex.vendor.upper() == "NVIDIA"
    return {
        "multi_gpu": ex.gpus > 1,
        "nvlink": ex.topology == "nvlink" and ex.gpus_per_node > 1,
        "pcie_multi": ex.topology == "pcie" and ex.gpus_per_node > 1,
        "multi_node": ex.nodes > 1,
        "nvidia": nvidia,
        "not_nvidia": not nvidia,
        "datacentre_gpu": not (gpu.consumer if gpu else False),
        "trains": ex.trains,
        "serves": ex.serves,
        "serves_only": ex.serves and not ex.trains,
        "quoted": ex.quoted,
        "no_provider": ex.no_provider,
        "monthly": ex.monthly,
        # multi-GPU nodes: their rack power is the renter's to agree; one card (a cloud instance, or one GPU of a
        # shared server) has no rack of its own, only the card's power limit
        "rack": ex.gpus_per_node > 1 or ex.nodes > 1,
        "single_card": ex.gpus_per_node <= 1 and ex.nodes <= 1,
    }


def _round_up(x: float, step: int) -> int:
    return int(math.ceil(x / step) * step) if x > 0 else 0
