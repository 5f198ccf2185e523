"""The acceptance and SLA checklist, tailored to a plan's chosen configuration. No Qt.

Templates live in `data/checklist/*.toml` (both languages). `tailor(plan)` renders them in the
current language with the figures this module derives from the plan (expected GPU count and
memory, NVLink vs PCIe, all_reduce bus bandwidth, storage IOPS and throughput, host RAM, rack
power) and merges the state recorded in the plan. `set_status` records a result.

Every checklist figure is computed here (`expectations`), nowhere else.
"""

from __future__ import annotations

import difflib
import functools
import math
import string
import tomllib
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from gpudesk.core.i18n import current_language, t, use_language
from gpudesk.core.models import GpuSpec, Option
from gpudesk.core.plan import STATUSES, ChecklistState, Plan, Status, configuration_key, now_iso
from gpudesk.errors import GpudeskError

PHASES = ("due_diligence", "delivery", "operations", "end_of_rental")
CONDITIONS = ("multi_gpu", "nvlink", "pcie_multi", "multi_node", "nvidia", "not_nvidia",
              "datacentre_gpu", "trains", "serves")

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
GIB = 2**30
MB = 1e6
# Storage: raw text averages ~4 bytes per token (UTF-8, English ~4 chars/token, Chinese ~1.5
# chars × 3 bytes); vision samples are image files of ~150 kB (JPEG/WebP at 512 px).
TEXT_BYTES_PER_TOKEN = 4
IMAGE_BYTES_PER_SAMPLE = 150_000
VISION_FAMILIES = {"clip", "unet", "vit", "sdxl"}
DATA_RATE_SAFETY = 4  # shuffling, several loader workers, re-reads: ask for 4× the steady rate
IOPS_FLOOR = 20_000  # high-performance cloud disk class; ordinary cloud disks give 3–5 k
THROUGHPUT_FLOOR_MBS = 500  # any NVMe (or SATA SSD) sustains this; below it is a network disk
CHECKPOINT_SECONDS = 300  # a synchronous checkpoint should stall training for ≤ 5 minutes
ADAM_STATE_BYTES = 12  # fp32 master + momentum + variance per trainable parameter (ZeRO paper)
MULTI_GPU_HOST_RAM = 256 * 10**9  # the guide: ≥ 256 GB for multi-GPU training (as the recommender)
# Without a figure from the plan: host RAM ≥ 2× the node's GPU memory (pinned staging buffers and
# the loader's queue; NVIDIA's DGX A100/H100 ship 1–2 TB for 320–640 GB of GPU memory).
HOST_RAM_PER_GPU_MEMORY = 2
FREE_SHOWS = 0.97  # `free -g` (GiB) shows a few % less than installed (kernel, firmware reservations)
# Node power when the catalogue has no figure: GPU TDP plus host (CPUs, RAM, NICs, fans,
# NVSwitch). DGX H100: 8 × 700 W = 5.6 kW of GPUs, 10.2 kW system max (≈ +0.8×); a 1-GPU box
# still needs ~0.5 kW of host.
HOST_POWER_SHARE = 0.8
HOST_POWER_MIN_KW = 0.5
NVIDIA_DRIVER_MIN = 550  # CUDA 12.x needs a current branch; old ones cause illegal memory access
BLACKWELL_DRIVER_MIN = 570  # Blackwell (B200, RTX 50) is supported from R570 / CUDA 12.8
THROUGHPUT_PASS_SHARE = 0.8  # micro run: at least 80 % of the planned tokens/s
MEMORY_NIB_SHARE = 0.99  # nvidia-smi memory.total is a little below the card's nominal MiB


class ChecklistItem(BaseModel):
    model_config = ConfigDict(extra="forbid")

    id: str
    phase: str
    title: str
    why: str
    how: str
    criterion: str
    applicable: bool = True
    status: Status = "open"
    notes: str = ""
    evidence: str | None = None
    checked_by: str | None = None
    checked_at: str | None = None
    waiver_reason: str | None = None
    stale: bool = False  # recorded against another configuration than the plan's current choice


class Expectations(BaseModel):
    """The figures the checklist holds the delivered machines to (None = not applicable/unknown)."""

    gpu: str | None = None
    gpu_name: str | None = None
    vendor: str | None = None
    gpus: int = 1
    nodes: int = 1
    gpus_per_node: int = 1
    gpu_memory_bytes: int | None = None
    topology: Literal["single", "nvlink", "pcie"] = "single"
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
    conditions: dict[str, bool] = Field(default_factory=dict)


# --- templates ------------------------------------------------------------------------------


def template_dir() -> Path:
    from gpudesk.paths import DATA

    return DATA / "checklist"


@functools.cache
def _templates_cached(folder: str) -> tuple[dict, ...]:
    items: list[dict] = []
    seen: set[str] = set()
    files = sorted(Path(folder).glob("*.toml"))
    if not files:
        raise GpudeskError(f"no checklist templates in {folder}")
    for file in files:
        try:
            doc = tomllib.loads(file.read_text(encoding="utf-8"))
        except (OSError, tomllib.TOMLDecodeError) as exc:
            raise GpudeskError(f"checklist template {file.name}: {exc}") from None
        phase = doc.get("phase")
        if phase not in PHASES:
            raise GpudeskError(f"checklist template {file.name}: unknown phase {phase!r}")
        for raw in doc.get("items", []):
            item = dict(raw, phase=phase)
            iid = item.get("id")
            if not iid or iid in seen:
                raise GpudeskError(f"checklist template {file.name}: missing or repeated id {iid!r}")
            seen.add(iid)
            for key in ("title", "why", "how", "criterion") + (("na",) if "na" in item else ()):
                text = item.get(key)
                if not isinstance(text, dict) or not text.get("en") or not text.get("zh"):
                    raise GpudeskError(f"checklist template {file.name}: {iid}.{key} needs en and zh text")
            for key, text in (item.get("fallback") or {}).items():
                if key not in ("title", "why", "how", "criterion") or not isinstance(text, dict) \
                        or not text.get("en") or not text.get("zh"):
                    raise GpudeskError(f"checklist template {file.name}: {iid}.fallback.{key} needs en and zh text")
            if item.get("fallback") and not item.get("needs"):
                raise GpudeskError(f"checklist template {file.name}: {iid}: a fallback needs `needs`")
            bad = [c for c in item.get("when", []) if c not in CONDITIONS]
            if bad:
                raise GpudeskError(f"checklist template {file.name}: {iid}: unknown condition {bad[0]!r}")
            items.append(item)
    return tuple(items)


def templates(folder: str | Path | None = None) -> tuple[dict, ...]:
    """The raw templates (validated: ids unique, every text in both languages)."""
    return _templates_cached(str(folder or template_dir()))


def item_ids() -> list[str]:
    return [i["id"] for i in templates()]


def phase_label(phase: str) -> str:
    return {
        "due_diligence": t("Provider due diligence and contract/SLA", "服务商尽职调查与合同/SLA"),
        "delivery": t("Delivery acceptance", "交付验收"),
        "operations": t("During training", "训练期间"),
        "end_of_rental": t("End of rental", "租用结束"),
    }.get(phase, phase)


def status_label(status: str) -> str:
    return {"open": t("open", "待检查"), "pass": t("pass", "通过"), "fail": t("fail", "未通过"),
            "n/a": t("n/a", "不适用"), "waived": t("waived", "豁免")}.get(status, status)


# --- figures --------------------------------------------------------------------------------


def _gpu_spec(plan: Plan) -> GpuSpec | None:
    if plan.hardware.gpu is not None:
        return plan.hardware.gpu
    if plan.choice is None:
        return None
    try:
        from gpudesk.catalog import open_catalog

        return open_catalog().gpu(plan.choice.gpu)
    except Exception:  # noqa: BLE001 - no catalogue or unknown id: tailor without the spec
        return None


def _catalog_row(plan: Plan, kind: str, key: str | None) -> dict | None:
    stored = getattr(plan.hardware, kind)
    if stored:
        return stored
    if not key:
        return None
    try:
        from gpudesk.catalog import open_catalog

        row = getattr(open_catalog(), kind)(key)
    except Exception:  # noqa: BLE001
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


def _topology(choice: Option, gpu: GpuSpec | None, server: dict | None) -> str:
    if choice.gpus_per_node <= 1 and choice.gpus <= 1:
        return "single"
    if choice.gpus_per_node <= 1:
        return "pcie"  # one GPU per node: GPUs meet only over the network
    topo = (server or {}).get("topology")
    if topo == "nvswitch":
        return "nvlink"
    if topo == "nvlink-bridge":
        # SXM/OAM baseboards without NVSwitch (HGX 4-GPU) wire every GPU to every other one;
        # bridges on PCIe cards join pairs only, so beyond two cards the gradients cross PCIe.
        sxm = gpu is not None and (gpu.form_factor or "").lower() in ("sxm", "oam")
        return "nvlink" if (sxm or choice.gpus_per_node == 2) else "pcie"
    if topo == "pcie":
        return "pcie"
    text = (choice.interconnect or "").lower()
    if "nvlink" in text or "nvswitch" in text:
        return "nvlink"
    if "pcie" in text:
        return "pcie"
    if gpu is not None and gpu.nvlink_gbps and (gpu.form_factor or "").lower() in ("sxm", "oam"):
        return "nvlink"
    return "pcie"


def _checkpoint_bytes(plan: Plan, choice: Option) -> int | None:
    """Unique weights + optimizer states across the job (what one checkpoint writes)."""
    if not plan.job.task.trains:
        return None
    per = choice.memory.per_gpu_bytes
    lay = choice.layout
    model_shards = lay.tp * lay.pp
    weights = per.weights * (choice.gpus if lay.zero >= 3 else model_shards)
    optim = per.optimizer_states * (choice.gpus if lay.zero >= 1 else model_shards)
    if optim == 0 and str(lay.offload) != "none":
        # states offloaded to host RAM still get checkpointed: count them from the parameters
        try:
            from gpudesk.core.architecture import count_params

            optim = count_params(plan.job.model).total * ADAM_STATE_BYTES
        except Exception:  # noqa: BLE001 - without an architecture the weights are the best we know
            optim = 0
    if str(plan.job.task) in ("lora", "qlora"):
        # the frozen base is not rewritten: a checkpoint holds the adapters (16-bit) and their states
        return int(optim * (2 + ADAM_STATE_BYTES) / ADAM_STATE_BYTES)
    return int(weights + optim)


def expectations(plan: Plan) -> Expectations:
    """Derive every checklist threshold from the plan's choice and the catalogue rows."""
    job = plan.job
    ex = Expectations(trains=job.task.trains, serves=str(job.task) in ("inference", "mixed"))
    choice = plan.choice
    gpu = _gpu_spec(plan)
    if choice is None:
        ex.conditions = _conditions(ex, gpu)
        return ex
    server = _catalog_row(plan, "server", choice.server)
    ex.gpu, ex.gpu_name = choice.gpu, choice.gpu_name or (gpu.name if gpu else choice.gpu)
    ex.vendor = gpu.vendor if gpu else None
    ex.gpus, ex.nodes = choice.gpus, max(1, choice.nodes)
    ex.gpus_per_node = max(1, min(choice.gpus_per_node, choice.gpus))
    ex.gpu_memory_bytes = gpu.memory_bytes if gpu else choice.memory.gpu_capacity_bytes
    ex.peak_memory_bytes = choice.memory.per_gpu_bytes.total
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
        ex.data_rate_bytes_per_s = (ex.samples_per_second * IMAGE_BYTES_PER_SAMPLE if vision
                                    else tps * TEXT_BYTES_PER_TOKEN)
        ex.iops_min = max(IOPS_FLOOR, _round_up(ex.samples_per_second * DATA_RATE_SAFETY, 1000))
    ex.checkpoint_bytes = _checkpoint_bytes(plan, choice)
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
    floor = MULTI_GPU_HOST_RAM if (ex.gpus > 1 and job.task.trains) else 0
    if not floor and not ex.host_ram_needed_bytes and ex.gpu_memory_bytes:
        floor = HOST_RAM_PER_GPU_MEMORY * ex.gpus_per_node * ex.gpu_memory_bytes
    ex.host_ram_min_bytes = int(max(floor, ex.host_ram_needed_bytes or 0))

    # power: the plan's own node figure, else the catalogue's, else from the GPUs' TDP
    if choice.host.get("power_kw"):
        ex.node_power_kw, ex.node_power_basis = float(choice.host["power_kw"]), "plan"
    elif server and server.get("power_kw"):
        ex.node_power_kw, ex.node_power_basis = float(server["power_kw"]), "catalog"
    elif ex.tdp_watts:
        ex.node_power_basis = "tdp"
        gpu_kw = ex.tdp_watts * ex.gpus_per_node / 1000
        ex.node_power_kw = gpu_kw + max(HOST_POWER_MIN_KW, HOST_POWER_SHARE * gpu_kw)
    if ex.node_power_kw:
        ex.rack_power_kw = ex.node_power_kw * ex.nodes

    if ex.vendor is None or ex.vendor.upper() == "NVIDIA":
        arch = ((gpu.architecture or "") if gpu else "").lower()
        blackwell = "blackwell" in arch or choice.gpu.lower().startswith(("b100", "b200", "gb200", "rtx-50"))
        ex.driver_min = BLACKWELL_DRIVER_MIN if blackwell else NVIDIA_DRIVER_MIN
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
    }


def _round_up(x: float, step: int) -> int:
    return int(math.ceil(x / step) * step) if x > 0 else 0


# --- rendering ------------------------------------------------------------------------------


UNKNOWN = "?"


def _num(x: float | None, digits: int = 0) -> str:
    if x is None:
        return UNKNOWN
    if digits == 0 or abs(x) >= 100:
        return f"{x:,.0f}"
    return f"{x:,.{digits}f}"


def _bw(x: float | None) -> str:
    """GB/s: whole numbers from 10 up, one decimal below (and never rounded up past a minimum)."""
    if x is None:
        return UNKNOWN
    return f"{math.floor(x):,d}" if x >= 10 else f"{math.floor(x * 10) / 10:.1f}"


def _money(amount: float | None, currency: str) -> str:
    if amount is None:
        return t("unknown (no price)", "未知（无价格）")
    sym = "¥" if currency == "CNY" else f"{currency} "
    return f"{sym}{amount:,.0f}"


def _known(value: Any, en: str, zh: str) -> str:
    if value in (None, "", []):
        return t("Not recorded in the catalogue: ask for it.", "目录中未记录：请向服务商索取。")
    if isinstance(value, list):
        value = ", ".join(map(str, value))
    if isinstance(value, bool):
        value = t("yes", "是") if value else t("no", "否")
    return t(en, zh, value=value)


def _context(plan: Plan, ex: Expectations) -> dict[str, str]:
    job, choice = plan.job, plan.choice
    provider = _catalog_row(plan, "provider", choice.provider if choice else None) or {}
    cost = choice.cost if choice else None
    currency = (cost.currency if cost else None) or job.currency
    hours = choice.time.hours if choice else None
    lay = choice.layout if choice else None
    mem_gb = ex.gpu_memory_bytes / GB if ex.gpu_memory_bytes else None
    mem_mib = ex.gpu_memory_bytes / 2**20 if ex.gpu_memory_bytes else None
    ctx: dict[str, str] = {
        "gpus": str(ex.gpus), "nodes": str(ex.nodes), "gpus_per_node": str(ex.gpus_per_node),
        "gpu_name": ex.gpu_name or t("the chosen GPU", "所选 GPU"),
        "mem_gb": _num(mem_gb), "mem_mib": _num(mem_mib),
        "mem_mib_min": _num(math.floor(mem_mib * MEMORY_NIB_SHARE) if mem_mib else None),
        "interconnect": (choice.interconnect if choice and choice.interconnect else (ex.link_name or "NVLink")),
        "driver_min": str(ex.driver_min or NVIDIA_DRIVER_MIN),
        "link_name": ex.link_name or "?", "link_gbps": _bw(ex.link_gbps_per_direction),
        "busbw_expected": _bw(ex.busbw_expected_gbps), "busbw_min": _bw(ex.busbw_min_gbps),
        "busbw_eff_pct": _num(100 * BUSBW_EFFICIENCY.get(ex.topology, 0)),
        "busbw_min_pct": _num(100 * BUSBW_MIN_FRACTION.get(ex.topology, 0)),
        "busbw_inter_expected": _bw(ex.busbw_internode_expected_gbps),
        "busbw_inter_min": _bw(ex.busbw_internode_min_gbps),
        "iops_min": _num(ex.iops_min), "throughput_min": _num(ex.throughput_min_mbs),
        "samples_per_s": _num(ex.samples_per_second, 1) if ex.samples_per_second else t("an unknown number of", "数量未知的"),
        "tdp_w": _num(ex.tdp_watts), "p60": _num(ex.tdp_watts * 0.6 if ex.tdp_watts else None),
        "p70": _num(ex.tdp_watts * 0.7 if ex.tdp_watts else None),
        "p80": _num(ex.tdp_watts * 0.8 if ex.tdp_watts else None),
        "node_kw": _num(ex.node_power_kw, 1), "rack_kw": _num(ex.rack_power_kw, 1),
        "peak_gib": _num(ex.peak_memory_bytes / GIB if ex.peak_memory_bytes else None, 1),
        "tps": _num(ex.tokens_per_second), "tps_min": _num(ex.tokens_per_second * THROUGHPUT_PASS_SHARE
                                                           if ex.tokens_per_second else None),
        "concurrency": str(job.concurrency), "context": str(job.serving_context or job.seq_len),
        "provider": provider.get("name_zh" if current_language() == "zh_CN" else "name_en")
        or provider.get("name_zh") or provider.get("name_en") or t("the provider", "服务商"),
    }
    ctx["tp_note"] = (t(", and runs tensor parallelism (TP={tp}) across them", "，且在其上运行张量并行（TP={tp}）",
                        tp=lay.tp) if lay and lay.tp > 1 else "")
    ctx["layout_text"] = (f"TP={lay.tp}, PP={lay.pp}, DP={lay.dp}, ZeRO-{lay.zero}, "
                          f"offload={str(lay.offload)}, recompute={str(lay.recompute)}, "
                          f"micro-batch={lay.micro_batch}" if lay else t("the planned layout", "方案中的布局"))
    ctx["hours_text"] = (t("{h:,.0f}-hour", "{h:,.0f} 小时", h=hours) if hours
                         else t("long", "长时间"))
    ctx["cost_per_day"] = (_money(cost.price_per_gpu_hour * ex.gpus * 24, currency)
                           if cost and cost.price_per_gpu_hour is not None else t("unknown (no price)", "未知（无价格）"))
    ctx["cost_text"] = (t("{total} including the {m:.0f} % trial-and-error margin", "{total}（含 {m:.0f}% 试错余量）",
                          total=_money(cost.with_trial_margin, currency), m=100 * cost.trial_margin)
                        if cost and cost.with_trial_margin is not None else t("no priced total yet", "尚无定价总额"))
    ctx["price_per_gpu_hour"] = (t("{p}/GPU-hour", "{p}/卡时", p=_price(cost.price_per_gpu_hour, currency))
                                 if cost and cost.price_per_gpu_hour is not None else t("planned price", "方案价格"))
    kind = choice.price_kind if choice else None
    kinds = {"quoted": t("a quoted price", "报价"), "list": t("a public list price", "公开目录价"),
             "estimate": t("a market reference estimate", "市场参考估计价")}
    ctx["price_text"] = (t("{kind} dated {date}", "{date} 的{kind}", kind=kinds.get(kind, kind),
                           date=choice.price_date or t("unknown date", "未知日期"))
                         if kind else t("a price of unknown kind and date", "类型和日期未知的价格"))
    be = cost.break_even_hours if cost else None
    cheaper = str(cost.cheaper_billing) if cost and cost.cheaper_billing else None
    ctx["billing_advice"] = (
        t("For this plan {mode} billing is cheaper{be}.", "本方案以{mode}计费更便宜{be}。",
          mode=t(cheaper, {"hourly": "按小时", "monthly": "按月"}.get(cheaper, cheaper)),
          be=t(" (monthly pays off beyond {h:,.0f} hours of use a month)", "（每月使用超过 {h:,.0f} 小时则按月更划算）",
               h=be) if be else "")
        if cheaper else "")
    # provider facts from the catalogue, or a prompt to ask
    ctx["licence_recorded"] = _known(provider.get("licence_number"), "The catalogue records {value}.",
                                     "目录记录的编号为 {value}。")
    ctx["icp_recorded"] = _known(provider.get("icp_filing"), "The catalogue records {value}.", "目录记录为 {value}。")
    ctx["certs_recorded"] = _known(provider.get("certifications"), "The catalogue lists {value}.", "目录记录：{value}。")
    dc = provider.get("data_centres") or (", ".join(provider.get("regions") or []) or None)
    ctx["dc_recorded"] = _known(dc, "The catalogue lists {value}.", "目录记录：{value}。")
    ctx["support_recorded"] = _known(provider.get("support_7x24"), "Catalogue: 7×24 support {value}.",
                                     "目录：7×24 支持 {value}。")
    ctx["spares_recorded"] = _known(provider.get("spare_parts"), "Catalogue: spare parts {value}.", "目录：备件 {value}。")
    modes = [t(m, {"hourly": "按小时", "daily": "按天", "monthly": "按月", "yearly": "按年", "reserved": "预留",
                   "spot": "竞价"}.get(m, m)) for m in provider.get("billing_modes") or []]
    ctx["billing_recorded"] = _known(modes, "Catalogue billing modes: {value}.",
                                     "目录记录的计费方式：{value}。")
    ctx["destruction_recorded"] = _known(provider.get("data_destruction"), "Catalogue: {value}.", "目录：{value}。")
    # power, storage, host
    ctx["power_basis"] = (t("catalogue figure for the node", "目录中的节点功耗") if ex.node_power_basis == "catalog"
                          else t("the plan's node power estimate", "方案中的节点功耗估算") if ex.node_power_basis == "plan"
                          else t("{n}× {w:,.0f} W GPU TDP plus the host", "{n}× {w:,.0f} W GPU TDP 加主机",
                                 n=ex.gpus_per_node, w=ex.tdp_watts or 0) if ex.tdp_watts
                          else t("no power figure in the catalogue: ask", "目录无功耗数据：请询问"))
    if ex.nodes > 1:
        ctx["power_basis"] += t(", × {n} nodes", "，× {n} 个节点", n=ex.nodes)
    ctx["iops_basis"] = (t("{n:,.0f} samples/s × {s} for shuffling and re-reads, at least {f:,} for many small files",
                           "{n:,.0f} 样本/秒 × {s}（随机打乱与重复读取），小文件场景不低于 {f:,}",
                           n=ex.samples_per_second, s=DATA_RATE_SAFETY, f=IOPS_FLOOR)
                         if ex.samples_per_second else
                         t("at least {f:,} for many small files", "小文件场景不低于 {f:,}", f=IOPS_FLOOR))
    ctx["data_rate"] = (_rate(ex.data_rate_bytes_per_s) if ex.data_rate_bytes_per_s
                        else t("an unknown rate", "未知速率"))
    ctx["checkpoint_text"] = (t("checkpoints of about {size}", "约 {size} 的检查点",
                                size=_size(ex.checkpoint_bytes)) if ex.checkpoint_bytes
                              else t("checkpoints and results", "检查点和结果"))
    parts = []
    if ex.checkpoint_bytes:
        parts.append(t("a {size} checkpoint written in ≤ {m} min", "{size} 检查点在 {m} 分钟内写完",
                       size=_size(ex.checkpoint_bytes), m=CHECKPOINT_SECONDS // 60))
    if ex.data_rate_bytes_per_s:
        parts.append(t("{s}× the data rate", "数据速率的 {s} 倍", s=DATA_RATE_SAFETY))
    parts.append(t("at least {f} MB/s", "不低于 {f} MB/s", f=THROUGHPUT_FLOOR_MBS))
    ctx["throughput_basis"] = t("; ", "；").join(parts)
    ctx["cpu_text"] = (t("lscpu shows the ordered CPU: {cpu}", "lscpu 显示订购的 CPU：{cpu}", cpu=ex.cpu)
                       if ex.cpu else t("lscpu shows the CPU model and core count in the contract",
                                        "lscpu 显示合同约定的 CPU 型号与核数"))
    ctx["ram_min_gb"] = _num(ex.host_ram_min_bytes / GB)
    ctx["ram_free_min"] = _num(math.floor(ex.host_ram_min_bytes / GIB * FREE_SHOWS))
    reasons = []
    if ex.gpus > 1 and ex.trains:
        reasons.append(t("Multi-GPU training needs ≥ 256 GB per node", "多卡训练每节点需要 ≥ 256 GB"))
    if ex.host_ram_needed_bytes and ex.host_ram_needed_bytes > (MULTI_GPU_HOST_RAM if reasons else 0):
        reasons.append(t("The plan needs {gb:,.0f} GB per node{off}", "方案估算每节点需要 {gb:,.0f} GB{off}",
                         gb=ex.host_ram_needed_bytes / GB,
                         off=t(" (optimizer offload keeps states in host RAM)", "（优化器卸载把状态放在主机内存）")
                         if lay and str(lay.offload) != "none" else ""))
    if not reasons and ex.host_ram_min_bytes:
        reasons.append(t("Without a figure in the plan, ask for at least twice the node's GPU memory",
                         "方案中没有内存数据时，按节点显存总量的两倍要求"))
    ctx["ram_why"] = (t("; ", "；").join(reasons) + t(".", "。")) if reasons else ""
    if ex.host_ram_ordered_bytes:
        short = ex.host_ram_ordered_bytes < ex.host_ram_min_bytes
        ctx["ram_ordered_text"] = t("the offer lists {gb:,.0f} GB{warn}.", "报价中的配置为 {gb:,.0f} GB{warn}。",
                                    gb=ex.host_ram_ordered_bytes / GB,
                                    warn=t(": less than needed, ask for more", "：低于需要，请要求加配") if short else "")
    else:
        ctx["ram_ordered_text"] = t("and equal to the contract.", "且与合同一致。")
    ctx["network_text"] = _network_text(plan, ex)
    pcie_gen = _pcie_gbps(_gpu_spec(plan))[1] or "PCIe"
    ctx["pcie_text"] = (pcie_gen.replace("PCIe ", "") + " x16" if pcie_gen != "PCIe"
                        else t("x16 (generation as ordered)", "x16（代数与订购一致）"))
    nvidia = ex.conditions.get("nvidia", True)
    ctx["power_limit_how"] = (t("nvidia-smi -q -d POWER  (enforced and default power limit)",
                                "nvidia-smi -q -d POWER（实际与默认功率上限）") if nvidia
                              else t("the vendor's tool for the power limit (Ascend: npu-smi info)",
                                     "用厂商工具查看功率上限（昇腾：npu-smi info）"))
    ctx["na_collective"] = (t("a single GPU needs no NCCL communication.", "单卡不需要 NCCL 通信。") if ex.gpus <= 1
                            else t("not an NVIDIA GPU: watch the vendor's collective library instead (e.g. HCCL on "
                                   "Ascend).", "不是 NVIDIA GPU：请关注厂商的集合通信库（如昇腾的 HCCL）。"))
    ctx["na_vendor_collective"] = (t("a single accelerator has no peers.", "单卡没有对端。") if ex.gpus <= 1
                                   else t("NVIDIA GPUs are tested with nccl-tests.", "NVIDIA GPU 用 nccl-tests 测试。"))
    ctx["na_topology"] = (t("a single GPU has no NVLink peers.", "单卡没有 NVLink 对端。") if ex.gpus_per_node <= 1
                          else t("not an NVIDIA GPU (see the vendor interconnect item).", "不是 NVIDIA GPU（见厂商互联检查项）。")
                          if not nvidia
                          else t("the GPUs in a node are joined by PCIe, not NVLink (see the PCIe items).",
                                 "节点内 GPU 通过 PCIe 而非 NVLink 连接（见 PCIe 相关项）。"))
    ctx["na_pcie"] = (t("a single GPU per node has no PCIe peers.", "每节点单卡，没有 PCIe 对端。") if ex.gpus_per_node <= 1
                      else t("not an NVIDIA GPU (see the vendor interconnect item).", "不是 NVIDIA GPU（见厂商互联检查项）。")
                      if not nvidia
                      else t("the GPUs in a node are joined by NVLink (see the NVLink items).",
                             "节点内 GPU 通过 NVLink 连接（见 NVLink 相关项）。"))
    return ctx


def _price(p: float, currency: str) -> str:
    sym = "¥" if currency == "CNY" else f"{currency} "
    return f"{sym}{p:,.2f}"


def _size(n: float) -> str:
    if n >= 10 * GB:
        return f"{n / GB:,.0f} GB"
    if n >= GB:
        return f"{n / GB:.1f} GB"
    return f"{max(1, round(n / MB)):,d} MB"


def _rate(bps: float) -> str:
    if bps >= GB:
        return f"{bps / GB:,.1f} GB/s"
    if bps >= MB:
        return f"{bps / MB:,.1f} MB/s"
    return f"{bps / 1e3:,.0f} kB/s" if bps >= 1e3 else "< 1 kB/s"


def _network_text(plan: Plan, ex: Expectations) -> str:
    choice = plan.choice
    if choice and choice.network:
        return choice.network
    server = _catalog_row(plan, "server", choice.server if choice else None) or {}
    net, gbps = server.get("network"), server.get("network_gbps")
    if net or gbps:
        name = {"infiniband": "InfiniBand", "roce": "RoCE", "ethernet": "Ethernet"}.get(net, net or "")
        return f"{name} {gbps:,.0f} Gb/s".strip() if gbps else name
    return t("the ordered network", "订购的网络")


class _Safe(dict):
    def __missing__(self, key: str) -> str:  # a template typo shows as {key}, never crashes
        return "{" + key + "}"


def _render(text: dict, ctx: dict, lang: str) -> str:
    raw = text["zh"] if lang == "zh_CN" else text["en"]
    return string.Formatter().vformat(raw, (), _Safe(ctx))


def tailor(plan: Plan, lang: str | None = None) -> list[ChecklistItem]:
    """The checklist for this plan in `lang` (default: the current language), with its state."""
    with use_language(lang) as language:
        ex = expectations(plan)
        ctx = _context(plan, ex)
        out: list[ChecklistItem] = []
        for tpl in templates():
            applicable = all(ex.conditions.get(c, False) for c in tpl.get("when", []))
            state = plan.checklist.get(tpl["id"])
            texts = {k: tpl[k] for k in ("title", "why", "how", "criterion")}
            if any(ctx.get(k, UNKNOWN) == UNKNOWN for k in tpl.get("needs", [])):
                texts.update(tpl.get("fallback") or {})  # a figure is unknown: say what to check instead
            if applicable:
                how, criterion = _render(texts["how"], ctx, language), _render(texts["criterion"], ctx, language)
            else:
                how, criterion = "", _render(tpl.get("na") or {"en": "Not applicable to this plan.",
                                                               "zh": "不适用于本方案。"}, ctx, language)
            item = ChecklistItem(id=tpl["id"], phase=tpl["phase"], title=_render(texts["title"], ctx, language),
                                 why=_render(texts["why"], ctx, language) if applicable else "",
                                 how=how, criterion=criterion, applicable=applicable)
            if not applicable:
                item.status = "n/a"
            elif state is not None:
                item.status = state.status
            if state is not None:
                item.notes, item.evidence = state.notes, state.evidence
                item.checked_by, item.checked_at = state.checked_by, state.checked_at
                item.waiver_reason = state.waiver_reason
                item.stale = (applicable and state.status != "open" and state.configuration is not None
                              and state.configuration != configuration_key(plan.choice))
            out.append(item)
    return out


def progress(items: list[ChecklistItem]) -> dict[str, dict[str, int]]:
    """Per phase: counts by status over all items, `applicable`, `to_check` (applicable and not marked
    n/a: what progress is out of) and `done` (pass + waived; n/a is never done, only not counted)."""
    out: dict[str, dict[str, int]] = {}
    for phase in PHASES:
        mine = [i for i in items if i.phase == phase]
        counts = {s: sum(1 for i in mine if i.status == s) for s in STATUSES}
        counts["total"] = len(mine)
        counts["applicable"] = sum(1 for i in mine if i.applicable)
        counts["to_check"] = sum(1 for i in mine if i.applicable and i.status != "n/a")
        counts["done"] = sum(1 for i in mine if i.applicable and i.status in ("pass", "waived"))
        out[phase] = counts
    return out


# --- recording results ----------------------------------------------------------------------

_ALIASES = {"na": "n/a", "n-a": "n/a", "not-applicable": "n/a", "passed": "pass", "ok": "pass",
            "failed": "fail", "waive": "waived", "todo": "open", "reopen": "open"}


def normalise_status(status: str) -> str:
    s = str(status).strip().lower()
    s = _ALIASES.get(s, s)
    if s not in STATUSES:
        raise GpudeskError(f"unknown status {status!r}; use one of {', '.join(STATUSES)}")
    return s


def set_status(plan: Plan, item_id: str, status: str, note: str | None = None, who: str | None = None,
               evidence: str | None = None, reason: str | None = None, when: str | None = None) -> Plan:
    """Record a result for one item in the plan (in place; returns the plan). Save it afterwards.

    `note`/`evidence` replace what was there when given; waiving needs a `reason`.
    """
    ids = item_ids()
    if item_id not in ids:
        close = difflib.get_close_matches(item_id, ids, n=3, cutoff=0.5)
        hint = f"; did you mean {', '.join(close)}?" if close else ""
        raise GpudeskError(f"unknown checklist item {item_id!r}{hint}")
    s = normalise_status(status)
    if s == "waived" and not (reason and reason.strip()):
        raise GpudeskError(f"waiving {item_id} needs a reason (say why the check is not needed)")
    ex = expectations(plan)
    tpl = next(x for x in templates() if x["id"] == item_id)
    if s != "n/a" and not all(ex.conditions.get(c, False) for c in tpl.get("when", [])):
        raise GpudeskError(f"{item_id} does not apply to this plan's configuration (it is n/a)")
    prev = plan.checklist.get(item_id) or ChecklistState()
    state = prev.model_copy()
    state.status = s
    if note is not None:
        state.notes = note
    if evidence is not None:
        state.evidence = evidence or None
    state.waiver_reason = reason.strip() if s == "waived" else None
    if s == "open":
        state.checked_by = state.checked_at = state.configuration = None
    else:
        state.checked_by = who if who is not None else prev.checked_by
        state.checked_at = when or now_iso()
        state.configuration = configuration_key(plan.choice)
    plan.checklist[item_id] = state
    return plan
