"""The recommender: search every catalogue offer × GPU count × parallel layout, rank what fits.

The guide's rule: derive the GPU model and cluster size from the job's memory and precision needs,
never just take the most expensive card. For every "platform" (an offer, or a GPU nobody offers,
shown unpriced so the user still sees it) and every GPU count (1, 2, 4, 8 inside a node, then whole
nodes), the search finds the best layout: the least CPU offload that fits, then the fastest of the
few layouts that a static slowness score ranks first. Only that layout is kept per count.

Speed (the GUI reruns this on every form edit) comes from what does not depend on the GPU model:
memory per GPU depends on the job and layout only (the GPU decides only whether it fits), so it is
computed once per (job variant, dp, tp, pp, zero, offload) and reused across GPU models; time once
per (GPU, node topology, count, layout); cost per offer is arithmetic. Pydantic `Option`s are built
only for the survivors.

Accounting: `searched` counts configurations (platform × GPU count × layout) and every one ends in
`feasible` (the best layout per platform and count) or in `rejected[reason]`; offers dropped by
the user's filters count under "provider_filtered" / "gpu_filtered" per offer, and GPUs nobody offers
(searched only when named) under "no_offer" per GPU.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from gpudesk.core import advice as advice_rules
from gpudesk.core.i18n import t
from gpudesk.core.models import (
    Billing,
    Cluster,
    Constraints,
    CostEstimate,
    GpuSpec,
    Job,
    Layout,
    MemoryEstimate,
    Objective,
    Offload,
    Optimizer,
    Option,
    OptionLayout,
    Precision,
    Recompute,
    TaskKind,
    TimeEstimate,
)
from gpudesk.core.tiers import tier_for
from gpudesk.errors import GpudeskError

# GPU counts inside one node, and node counts beyond one (whole nodes only, ×1.33–1.5 apart so the
# Pareto curve is smooth without searching every count).
IN_NODE_COUNTS = (1, 2, 4, 8, 16)
NODE_COUNTS = (2, 3, 4, 6, 8, 12, 16, 24, 32, 48, 64, 96, 128, 192, 256, 384, 512)
TP_DEGREES = (1, 2, 4, 8, 16)
PP_DEGREES = (2, 4, 8, 16, 32)
COST_TIE_BAND = 0.25  # without --tokens, per-token costs this close to the cheapest count as equal
# With --tokens, totals within 5 % of the cheapest are within the estimate's own error (MFU, prices):
# an expert takes the simpler cluster — one node before several, fewer GPUs before more.
SIMPLER_BAND = 0.05
MIN_SCALING_EFFICIENCY = 0.5  # stop adding nodes once half of every GPU-hour goes to waiting
# Llama 2 and GPT-3 trained with 3–4M-token global batches; beyond that, more data-parallel replicas
# change the optimisation (a bigger batch), not just the speed, so the search stops there.
MAX_GLOBAL_BATCH_TOKENS = 4 * 1024 * 1024
MIN_CLUSTER_HOURS = 1.0  # a job a node-sized cluster finishes within the hour gains nothing from more nodes
TIMED_PER_COUNT = 2  # layouts timed per (platform, count): the first that fit by static score

# Host requirements (domain.md §3): multi-GPU training wants >= 256 GB RAM per node.
HOST_RAM_MULTI_GPU = 256 * 10**9
HOST_RAM_SINGLE_GPU = 64 * 10**9
# Largest host RAM assumed when the catalogue does not say (offload needs it): DGX-class servers
# carry 2 TB for 8 GPUs; small cloud instances far less.
HOST_RAM_MAX_PER_NODE = 2 * 10**12
HOST_RAM_MAX_PER_GPU = 256 * 10**9
# Data set on disk: tokenised ids (uint16/uint32) or raw text run ~2-4 bytes per token; take 4.
DATA_BYTES_PER_TOKEN = 4
CHECKPOINTS_KEPT = 2
# Optimizer state saved per parameter in a checkpoint (fp32 master copy included, ZeRO paper's K).
_CHECKPOINT_OPTIMIZER_BYTES = {Optimizer.ADAMW: 12, Optimizer.ADAMW_8BIT: 6, Optimizer.SGD: 8, Optimizer.ADAFACTOR: 4}

_OFFLOADS = (Offload.NONE, Offload.OPTIMIZER, Offload.OPTIMIZER_PARAMS)
_RECOMPUTES = (Recompute.NONE, Recompute.SELECTIVE, Recompute.FULL)
_RECOMPUTE_SCORE = {Recompute.NONE: 0.0, Recompute.SELECTIVE: 0.5, Recompute.FULL: 8.0}
_ZERO_SCORE = (0.0, 0.1, 0.3, 2.0)
HOURS_PER_MONTH = 730.0
_ANY_CAPACITY = 80 * 10**9  # memory per GPU does not depend on capacity; only `fits` does


# --- the engine, injectable for tests -----------------------------------------------------------


@dataclass(frozen=True)
class Engine:
    """The estimators the search calls (the real ones by default; tests pass synthetic ones)."""

    memory: Callable[[Job, Layout, int], MemoryEstimate]
    time: Callable[[Job, Layout, Cluster], TimeEstimate]
    cost: Callable[[Job, TimeEstimate, float | None, float | None], CostEstimate]
    params: Callable[[Job], int]


def default_engine() -> Engine:
    from gpudesk.core.architecture import count_params
    from gpudesk.core.cost import cost_estimate
    from gpudesk.core.memory import memory_estimate
    from gpudesk.core.timing import time_estimate

    return Engine(memory_estimate, time_estimate, cost_estimate, lambda job: count_params(job.model).total)


# --- results ------------------------------------------------------------------------------------


@dataclass
class Recommendation:
    """The ranked answer. `feasible` (every platform × count that fits, same order, for charts) is
    built on first use: a command that prints the top N never pays for the rest."""

    options: list[Option]  # ranked, top N
    rejected: dict[str, int]
    searched: int
    objective: Objective = Objective.CHEAPEST
    notes: list[str] = field(default_factory=list)
    feasible_count: int = 0
    _rest: Callable[[], list[Option]] | None = field(default=None, repr=False, compare=False)
    _feasible: list[Option] | None = field(default=None, repr=False, compare=False)

    @property
    def feasible(self) -> list[Option]:
        if self._feasible is None:
            self._feasible = list(self.options) + (self._rest() if self._rest else [])
            self._rest = None
        return self._feasible


def recommendation_json(rec: Recommendation) -> dict:
    """The CLI contract: {"options": [...], "rejected": {...}, "searched": N} plus extras."""
    return {
        "options": [o.model_dump(mode="json", warnings=False) for o in rec.options],
        "rejected": dict(sorted(rec.rejected.items())),
        "searched": rec.searched,
        "feasible": rec.feasible_count,
        "objective": str(rec.objective),
        "notes": list(rec.notes),
    }


# --- platforms: where GPUs can be rented ----------------------------------------------------------


@dataclass
class _Platform:
    gpu: GpuSpec
    offer: Any  # catalogue Offer or None (nobody offers this GPU: price unknown)
    server: Any  # catalogue ServerType or None
    gpn: int  # GPUs per node
    max_nodes: int
    topology: str  # nvswitch | nvlink-bridge | pcie
    intra_gbps: float | None  # GB/s per GPU inside a node
    network: str | None
    network_gbps: float | None  # Gb/s per node
    usable: int  # bytes per GPU the job may use (capacity minus headroom)

    @property
    def host_ram_max(self) -> int:
        """Host RAM a node can have: the server type's, else DGX-class limits (256 GB a GPU, 2 TB a node)."""
        ram = getattr(self.server, "host_ram_bytes", None)
        return ram or min(HOST_RAM_MAX_PER_NODE, HOST_RAM_MAX_PER_GPU * self.gpn)

    @property
    def nvlink_group(self) -> int:
        return nvlink_group(self.topology, self.gpn, self.gpu)

    @property
    def inter_gbytes(self) -> float | None:
        return self.network_gbps / 8 if self.network_gbps else None

    @property
    def price_hour(self) -> float | None:
        return getattr(self.offer, "price_per_gpu_hour", None)

    @property
    def price_month(self) -> float | None:
        return getattr(self.offer, "price_per_gpu_month", None)


def nvlink_group(topology: str, gpus_per_node: int, gpu: GpuSpec) -> int:
    """GPUs that reach each other over NVLink: the node behind NVSwitch; with NVLink without a switch,
    pairs of PCIe cards (bridges) but all of a 4-GPU SXM board (HGX 4-GPU: every pair linked)."""
    if topology == "nvswitch":
        return gpus_per_node
    if topology == "nvlink-bridge":
        sxm = (gpu.form_factor or "").lower() in ("sxm", "oam")
        return gpus_per_node if sxm and gpus_per_node <= 4 else min(2, gpus_per_node)
    return 1


def _guess_topology(gpu: GpuSpec) -> str:
    if gpu.nvlink_gbps and (gpu.form_factor or "").lower() in ("sxm", "oam"):
        return "nvswitch"
    if gpu.nvlink_gbps:
        return "nvlink-bridge"
    return "pcie"


def usable_bytes(job: Job, capacity: int) -> int:
    """GPU memory the job may fill: capacity minus the headroom kept free (same rule as the engine)."""
    return int(capacity * (1 - job.headroom))


def _platforms(job: Job, constraints: Constraints, catalog, rejected: dict[str, int]) -> list[_Platform]:
    gpus = {g.id: g for g in catalog.gpus()}
    servers = {s.id: s for s in catalog.servers()}
    allow, exclude = set(constraints.gpu_allow), set(constraints.gpu_exclude)
    providers = set(constraints.providers)
    region = (constraints.region or "").strip().lower()

    def gpu_ok(gid: str) -> bool:
        return (not allow or gid in allow) and gid not in exclude

    out: list[_Platform] = []
    offered: set[str] = set()
    for offer in catalog.offers():
        offered.add(offer.gpu)
        gpu = gpus.get(offer.gpu)
        if gpu is None:
            continue
        if not gpu_ok(offer.gpu):
            rejected["gpu_filtered"] = rejected.get("gpu_filtered", 0) + 1
            continue
        if (providers and offer.provider not in providers) or (region and region not in (offer.region or "").lower()):
            rejected["provider_filtered"] = rejected.get("provider_filtered", 0) + 1
            continue
        server = servers.get(offer.server) if offer.server else None
        gpn = offer.gpus_per_node or getattr(server, "gpus_per_node", None) or 1
        topology = getattr(server, "topology", None) or _guess_topology(gpu)
        out.append(_Platform(
            gpu=gpu, offer=offer, server=server, gpn=gpn,
            max_nodes=offer.max_nodes or _default_max_nodes(server, gpn, constraints),
            topology=topology, intra_gbps=getattr(server, "intra_node_gbps", None),
            network=getattr(server, "network", None), network_gbps=getattr(server, "network_gbps", None),
            usable=usable_bytes(job, gpu.memory_bytes)))
    # A GPU nobody offers cannot be rented: it is searched (unpriced) only when the user names it
    # (--gpu-allow, `plan new --gpu`), so a card missing from every price sheet — e.g. one not sold
    # in China — never crowds the list. Otherwise it is counted under "no_offer".
    if not providers and not region:
        for gpu in gpus.values():
            if gpu.id in offered or not gpu_ok(gpu.id):
                continue
            if gpu.id not in allow:
                rejected["no_offer"] = rejected.get("no_offer", 0) + 1
                continue
            server = next((s for s in servers.values() if getattr(s, "gpu", None) == gpu.id), None)
            gpn = getattr(server, "gpus_per_node", None) or 8
            out.append(_Platform(
                gpu=gpu, offer=None, server=server, gpn=gpn, max_nodes=_default_max_nodes(server, gpn, constraints),
                topology=getattr(server, "topology", None) or _guess_topology(gpu),
                intra_gbps=getattr(server, "intra_node_gbps", None),
                network=getattr(server, "network", None), network_gbps=getattr(server, "network_gbps", None),
                usable=usable_bytes(job, gpu.memory_bytes)))
    return out


def _default_max_nodes(server: Any, gpn: int, constraints: Constraints) -> int:
    """Nodes of this type that can form one cluster when the offer does not say: clusters are built
    from full 8-GPU servers or from servers with a stated inter-node network, not from 1–4-GPU
    cloud instances."""
    if gpn < 8 and not getattr(server, "network", None):
        return 1
    return max(1, constraints.max_gpus // gpn)


def gpu_counts(gpn: int, max_nodes: int, max_gpus: int) -> list[int]:
    """GPU counts searched on nodes of `gpn` GPUs: 1, 2, 4, 8 within a node, then whole nodes."""
    counts = [n for n in IN_NODE_COUNTS if n < gpn and n <= max_gpus] + ([gpn] if gpn <= max_gpus else [])
    counts += [k * gpn for k in NODE_COUNTS if k <= max_nodes and k * gpn <= max_gpus]
    return counts


# --- layouts --------------------------------------------------------------------------------------

# A candidate: (level, score, variant index, tp, pp, zero, offload)
# level = 2 × offload index + (1 if tensor parallel leaves the NVLink domain): the search takes the
# lowest level that fits, so offload and TP over PCIe are used only when nothing else fits.
_Cand = tuple[int, float, int, int, int, int, Offload]


@dataclass
class _Variant:
    job: Job
    recompute: Recompute
    micro_batch: int
    score: float


def _variants(job: Job) -> list[_Variant]:
    """The job with more activation recomputation and smaller micro-batches (same global batch)."""
    if not job.task.trains:
        return [_Variant(job, job.recompute, job.micro_batch, 0.0)]
    out = []
    start = _RECOMPUTES.index(job.recompute)
    mbs, mb = [], job.micro_batch
    while True:
        mbs.append(mb)
        if mb == 1:
            break
        mb = max(1, mb // 2)
    for r in _RECOMPUTES[start:]:
        if r is Recompute.SELECTIVE and job.flash_attention and job.recompute is not Recompute.SELECTIVE:
            continue  # flash attention already drops the attention scores: same memory as none
        for halvings, mb in enumerate(mbs):
            update = {"recompute": r, "micro_batch": mb,
                      "grad_accum": max(1, job.grad_accum * job.micro_batch // mb)}
            v = job if (r is job.recompute and mb == job.micro_batch) else job.model_copy(update=update)
            out.append(_Variant(v, r, mb, _RECOMPUTE_SCORE[r] + halvings))
    return out


def _degrees(job: Job, n: int, gpn: int) -> tuple[tuple[int, ...], tuple[int, ...], int]:
    """Tensor and pipeline degrees valid for n GPUs on nodes of gpn, and how many were invalid."""
    heads = job.model.num_heads or 0
    layers = job.model.num_layers or 0
    nodes = n // gpn if n > gpn else 1
    invalid = 0
    tps = []
    for tp in TP_DEGREES:
        if tp > n or tp > gpn:
            continue
        if n % tp or (tp > 1 and (not heads or heads % tp)):
            invalid += 1
            continue
        tps.append(tp)
    pps = [1]
    if nodes > 1:  # pipeline stages of whole nodes, for models too large for TP + ZeRO alone
        for pp in PP_DEGREES:
            if pp > nodes:
                break
            if nodes % pp or not layers or pp > layers:
                invalid += 1
                continue
            pps.append(pp)
    return tuple(tps), tuple(pps), invalid


def _candidates(job: Job, variants: Sequence[_Variant], tps: Sequence[int], pps: Sequence[int],
                sharded: Sequence[bool], multi_node: bool, nvlink_group: int) -> list[_Cand]:
    """Layouts from these degrees, sorted by (level, score). `sharded[i]`: dp > 1 for the i-th (tp, pp)."""
    trains = job.task.trains
    out: list[_Cand] = []
    i = 0
    for tp in tps:
        tp_score = math.log2(tp) * 1.5
        pcie = 1 if tp > nvlink_group else 0
        for pp in pps:
            dp_gt1 = sharded[i]
            i += 1
            base = tp_score + math.log2(pp) * 2.5
            for oi, offload in enumerate(_OFFLOADS if trains else _OFFLOADS[:1]):
                if offload is Offload.NONE:
                    zeros = (0, 1, 2, 3) if trains and dp_gt1 else (0,)
                elif offload is Offload.OPTIMIZER:
                    zeros = (2, 3)  # ZeRO-Offload keeps optimizer states on the CPU (stage 2+)
                else:
                    zeros = (3,)  # parameters offload needs ZeRO-3 (ZeRO-Infinity)
                for zero in zeros:
                    if pp > 1 and zero > 1:  # pipeline + ZeRO-2/3 is not supported (DeepSpeed, Megatron)
                        continue
                    zs = _ZERO_SCORE[zero] * (2 if multi_node and zero == 3 else 1)
                    for vi, v in enumerate(variants):
                        out.append((2 * oi + pcie, base + zs + v.score, vi, tp, pp, zero, offload))
    out.sort(key=lambda c: (c[0], c[1]))
    return out


# --- the search -----------------------------------------------------------------------------------


@dataclass
class _Found:
    """The best layout for one platform and GPU count (plain data; an Option is built only if kept)."""

    platform: _Platform
    n: int
    nodes: int
    gpn: int
    cand: _Cand
    layout: Layout
    memory_total: int
    time: TimeEstimate
    cost: CostEstimate | None = None
    cost_key: float | None = None  # the objective's cost (or the cost of one token when no --tokens)
    rate: float | None = None  # rental per hour of all the GPUs
    time_key: float | None = None  # hours (or seconds per token when no --tokens)
    deadline_hours: float | None = None


class _Search:
    def __init__(self, job: Job, constraints: Constraints, engine: Engine):
        self.job = job
        self.constraints = constraints
        self.engine = engine
        self.variants = _variants(job)
        self.mem_cache: dict[tuple, tuple[int, int, MemoryEstimate]] = {}
        self.total_cache: dict[tuple, int] = {}
        self.time_cache: dict[tuple, TimeEstimate] = {}
        self.cand_cache: dict[tuple, tuple[list, int]] = {}  # degrees -> (levels, candidate count)
        self.rejected: dict[str, int] = {}
        self.searched = 0
        self.closest: tuple[float, _Platform, int, int] | None = None  # (need/usable, platform, n, need)
        self.host_closest: tuple[float, _Platform, int, int] | None = None  # the same for offload's host RAM
        # The guide's quick rule (20 B/param for full training, less for LoRA) for the whole job: a
        # layout without offload must also pass it over all its GPUs (7B full: 140 GB, "2× 80 GB barely").
        self.guide_bytes = 0
        if job.task.trains:
            self.guide_bytes = engine.memory(job, Layout(), _ANY_CAPACITY).quick_estimate_bytes or 0

    def global_batch_tokens(self, f: _Found) -> int:
        """Tokens per optimizer step: replicas × micro-batch × accumulation × sequence length."""
        v = self.variants[f.cand[2]]
        return f.layout.dp * v.micro_batch * v.job.grad_accum * self.job.seq_len

    def reject(self, reason: str, k: int = 1) -> None:
        if k:
            self.rejected[reason] = self.rejected.get(reason, 0) + k

    def exact(self, vi: int, dp: int, tp: int, pp: int, zero: int, offload: Offload) -> tuple[int, int, MemoryEstimate]:
        """(GPU bytes per GPU, host RAM bytes per node, the estimate) from the engine, cached."""
        key = (vi, dp, tp, pp, zero, offload)
        got = self.mem_cache.get(key)
        if got is None:
            layout = Layout(gpus=dp * tp * pp, tp=tp, pp=pp, zero=zero, offload=offload)
            m = self.engine.memory(self.variants[vi].job, layout, _ANY_CAPACITY)
            got = self.mem_cache[key] = (m.per_gpu_bytes.total, m.host_ram_bytes or 0, m)
        return got

    def memory_block(self, f: _Found) -> MemoryEstimate:
        """The engine's memory estimate for a found option on its GPU (the cached one, re-fitted to the
        GPU's capacity: nothing else in it depends on the GPU model)."""
        _, _, vi, tp, pp, zero, offload = f.cand
        m = self.exact(vi, f.n // (tp * pp), tp, pp, zero, offload)[2]
        cap = f.platform.gpu.memory_bytes
        usable = usable_bytes(self.job, cap)
        return MemoryEstimate.model_construct(**{
            **m.__dict__, "gpu_capacity_bytes": cap, "usable_bytes": usable,
            "fits": m.per_gpu_bytes.total <= usable, "details": dict(m.details)})

    def exact_memory(self, vi: int, dp: int, tp: int, pp: int, zero: int, offload: Offload) -> int:
        return self.exact(vi, dp, tp, pp, zero, offload)[0]

    def memory_total(self, c: _Cand, n: int) -> int:
        key = (c, n)
        total = self.total_cache.get(key)
        if total is None:
            total = self.total_cache[key] = self._memory_total(c, n)
        return total

    def _memory_total(self, c: _Cand, n: int) -> int:
        """Memory per GPU of candidate c on n GPUs (does not depend on the GPU model).

        ZeRO shards model states over the data-parallel degree, so for a fixed layout the total is
        replicated + sharded / dp for every dp >= 2 (ZeRO paper, fig. 1): two engine calls (dp = 2, 4)
        give it for any dp. Parameter offload caps gradients at the live layers (not of that form):
        computed exactly, as are small dp. The chosen layout is always checked with an exact call.
        """
        _, _, vi, tp, pp, zero, offload = c
        dp = n // (tp * pp)
        if zero == 0:
            return self.exact_memory(vi, 1, tp, pp, 0, offload)
        if dp <= 4 or offload is Offload.OPTIMIZER_PARAMS:
            return self.exact_memory(vi, dp, tp, pp, zero, offload)
        t2 = self.exact_memory(vi, 2, tp, pp, zero, offload)
        t4 = self.exact_memory(vi, 4, tp, pp, zero, offload)
        sharded = 4 * (t2 - t4)
        return math.ceil(t2 - sharded / 2 + sharded / dp)

    def cluster(self, p: _Platform, n: int) -> Cluster:
        return Cluster(gpu=p.gpu, gpus_per_node=min(p.gpn, n), intra_node_gbps=p.intra_gbps,
                       inter_node_gbps=p.inter_gbytes, host_ram_bytes=getattr(p.server, "host_ram_bytes", None))

    def time_of(self, p: _Platform, n: int, c: _Cand) -> TimeEstimate:
        _, _, vi, tp, pp, zero, offload = c
        key = (p.gpu.id, p.gpn, p.topology, p.intra_gbps, p.network_gbps, n, vi, tp, pp, zero, offload)
        te = self.time_cache.get(key)
        if te is None:
            layout = Layout(gpus=n, tp=tp, pp=pp, zero=zero, offload=offload)
            te = self.time_cache[key] = self.engine.time(self.variants[vi].job, layout, self.cluster(p, n))
        return te

    def levels(self, p: _Platform, n: int) -> tuple[list[tuple[int, list[_Cand], list[_Cand]]], int, int]:
        """Candidates grouped by level: (level, by score, the least-memory ones), invalid count, total."""
        tps, pps, invalid = _degrees(self.job, n, p.gpn)
        sharded = tuple(n > tp * pp for tp in tps for pp in pps)
        multi = n > p.gpn
        ckey = (tps, pps, sharded, multi, p.nvlink_group)
        got = self.cand_cache.get(ckey)
        if got is None:
            cands = _candidates(self.job, self.variants, tps, pps, sharded, multi, p.nvlink_group)
            last_vi = len(self.variants) - 1
            groups: dict[int, list[_Cand]] = {}
            for c in cands:
                groups.setdefault(c[0], []).append(c)
            levels = []
            for level, cs in sorted(groups.items()):
                # memory falls with ZeRO stage, recompute and smaller micro-batches: per (tp, pp) the
                # highest ZeRO stage with the last variant bounds the level from below
                extremal: dict[tuple[int, int], _Cand] = {}
                for c in cs:
                    if c[2] == last_vi and ((c[3], c[4]) not in extremal or c[5] > extremal[(c[3], c[4])][5]):
                        extremal[(c[3], c[4])] = c
                levels.append((level, cs, list(extremal.values())))
            got = self.cand_cache[ckey] = (levels, len(cands))
        return got[0], invalid, got[1]

    def best(self, p: _Platform, n: int) -> _Found | None:
        """The best layout for n GPUs on platform p, or None (rejections counted)."""
        levels, invalid, total_cands = self.levels(p, n)
        self.searched += total_cands + invalid
        self.reject("layout_invalid", invalid)
        if not total_cands:
            return None
        fits: list[tuple[_Cand, int]] = []
        skipped = 0  # candidates known not to fit (their level's floor is too high, or tried)
        floor_seen = math.inf
        guide_ok = self.guide_bytes <= n * p.usable
        for level, cands, extremal in levels:
            if level < 2 and not guide_ok:  # no offload: the guide's rule of thumb must hold too
                skipped += len(cands)
                continue
            floor = min(self.memory_total(c, n) for c in extremal)
            floor_seen = min(floor_seen, floor)
            if floor > p.usable:
                skipped += len(cands)
                continue
            for c in cands:
                total = self.memory_total(c, n)
                if total <= p.usable:
                    fits.append((c, total))
                    if len(fits) >= TIMED_PER_COUNT:
                        break
                else:
                    skipped += 1
            if fits:
                break
        if not fits:
            if floor_seen is math.inf:  # only the guide's rule was checked
                floor_seen = math.ceil(self.guide_bytes / n)
            self._note_closest(p, n, int(floor_seen))
            self.reject("does_not_fit", total_cands)
            return None
        best: tuple | None = None
        host_short = 0
        for c, total in fits:
            _, _, vi, tp, pp, zero, offload = c
            total, host, _ = self.exact(vi, n // (tp * pp) if zero else 1, tp, pp, zero, offload)
            if total > p.usable:  # the dp model was off by rounding at the very edge
                continue
            if offload is not Offload.NONE and host > p.host_ram_max:
                host_short += 1  # offloaded states would not fit in the node's RAM
                if self.host_closest is None or host / p.host_ram_max < self.host_closest[0]:
                    self.host_closest = (host / p.host_ram_max, p, n, host)
                continue
            te = self.time_of(p, n, c)
            key = (-(te.tokens_per_second or 0.0), c[1])
            if best is None or key < best[0]:
                best = (key, c, total, te)
        if best is None:
            self.reject("host_ram_too_small", host_short)
            self.reject("does_not_fit", total_cands - host_short)
            return None
        _, c, total, te = best
        self.reject("host_ram_too_small", host_short)
        self.reject("does_not_fit", skipped)
        self.reject("not_best_layout", total_cands - skipped - host_short - 1)
        nodes = n // p.gpn if n > p.gpn else 1
        layout = Layout(gpus=n, tp=c[3], pp=c[4], zero=c[5], offload=c[6])
        return _Found(p, n, nodes, min(p.gpn, n), c, layout, total, te)

    def _note_closest(self, p: _Platform, n: int, need: int) -> None:
        ratio = need / max(p.usable, 1)
        if self.closest is None or ratio < self.closest[0] or (ratio == self.closest[0] and n > self.closest[2]):
            self.closest = (ratio, p, n, need)


def _check_constraints(job: Job, c: Constraints, catalog) -> None:
    both = sorted(set(c.gpu_allow) & set(c.gpu_exclude))
    if both:
        raise GpudeskError(t("GPU {g} is both allowed and excluded", "显卡 {g} 同时被允许和排除", g=both[0]))
    for gid in [*c.gpu_allow, *c.gpu_exclude]:
        catalog.gpu(gid)  # CatalogError naming close matches
    for pid in c.providers:
        catalog.provider(pid)
    if c.region:
        want = c.region.strip().lower()
        known = {(o.region or "") for o in catalog.offers()}
        for prov in catalog.providers():
            known.update(getattr(prov, "regions", None) or [])
        if not any(want in r.lower() for r in known if r):
            names = ", ".join(sorted(r for r in known if r)[:8]) or t("none", "无")
            raise GpudeskError(t("unknown region {r!r}; known regions: {names}", "未知地区 {r!r}；已知地区：{names}",
                                 r=c.region, names=names))
    if c.objective is Objective.DEADLINE and c.deadline_hours is None:
        raise GpudeskError(t("objective 'deadline' needs --deadline-hours", "目标 deadline 需要 --deadline-hours"))
    if c.objective is Objective.BUDGET and c.budget is None:
        raise GpudeskError(t("objective 'budget' needs --budget", "目标 budget 需要 --budget"))
    if (c.objective in (Objective.DEADLINE, Objective.BUDGET) or c.budget or c.deadline_hours) \
            and job.tokens is None and job.task.trains:
        raise GpudeskError(t("a budget or deadline needs the training tokens (--tokens) to compute hours and cost",
                             "预算或截止时间需要训练 token 数（--tokens）才能计算时长与成本"))


def _objective_cost(cost: CostEstimate, billing: Billing | None) -> float | None:
    hourly, monthly = cost.with_trial_margin, cost.monthly_cost
    if billing is Billing.HOURLY:
        return hourly
    if billing is Billing.MONTHLY:
        return monthly
    known = [x for x in (hourly, monthly) if x is not None]
    return min(known) if known else None


def _price_keys(f: _Found, job: Job, constraints: Constraints, engine: Engine) -> None:
    p = f.platform
    te = f.time
    ph, pm = p.price_hour, p.price_month
    if constraints.billing is Billing.HOURLY:
        pm = None
    elif constraints.billing is Billing.MONTHLY:
        ph = None
    f.cost = engine.cost(job, te, ph, pm)
    f.cost_key = _objective_cost(f.cost, constraints.billing)
    tps = te.tokens_per_second
    if te.hours is not None:
        f.time_key = te.hours
        f.deadline_hours = te.hours
    elif tps:
        f.time_key = 1.0 / tps  # no --tokens: compare seconds per token
    ph = ph if ph is not None else job.price_per_gpu_hour
    per_gpu = ph if ph is not None else (pm / HOURS_PER_MONTH if pm is not None else None)
    f.rate = per_gpu * f.n if per_gpu is not None else None
    if f.cost_key is None and te.hours is None and f.rate is not None:
        if not job.task.trains:
            f.cost_key = f.rate  # serving is paid by the hour of service: the cheapest setup that holds it
        elif tps:
            f.cost_key = f.rate / 3600 / tps  # no --tokens: the cost of one token


def _rank_key(objective: Objective, found: Sequence[_Found], job_size_known: bool) -> Callable[[_Found], tuple]:
    """Sort key for the objective. Without a job size (no --tokens) costs per token within
    COST_TIE_BAND of the cheapest are within the estimate's own uncertainty (default MFU, estimated
    prices), so they tie and the lower hourly rate (the smaller commitment) ranks first: this is how
    one RTX 4090 comes first for BERT fine-tuning, as the guide says, not a far larger card."""
    inf = math.inf
    priced = [f.cost_key for f in found if f.cost_key is not None]
    band = min(priced) * (1 + (SIMPLER_BAND if job_size_known else COST_TIE_BAND)) if priced else None

    def cheap(f: _Found) -> tuple:
        if f.cost_key is None:  # unpriced last; among them, fewest GPU-hours is cheapest at any price
            return (2, f.time_key * f.n if f.time_key is not None else inf, 0.0, f.n)
        if band is not None and f.cost_key <= band:
            if job_size_known:  # near-equal totals: the simpler cluster (fewer nodes, fewer GPUs) first
                return (0, f.nodes, f.n, f.cost_key)
            if f.rate is not None:
                return (0, f.rate, f.time_key if f.time_key is not None else inf, f.n)
        return (1, f.cost_key, f.time_key if f.time_key is not None else inf, f.n)

    def fast(f: _Found) -> tuple:
        return (f.time_key if f.time_key is not None else inf, f.cost_key is None,
                f.cost_key if f.cost_key is not None else inf, f.n)

    return fast if objective in (Objective.FASTEST, Objective.BUDGET) else cheap


def pareto_front(points: Sequence[tuple[float | None, float | None]]) -> list[bool]:
    """For (time, cost) points, whether each is on the Pareto front (no other is at least as good in both
    and better in one). Points missing either figure are never on it."""
    idx = sorted((i for i, (tm, c) in enumerate(points) if tm is not None and c is not None),
                 key=lambda i: (points[i][0], points[i][1]))
    out = [False] * len(points)
    best_cost = math.inf
    last: tuple | None = None
    for i in idx:
        tm, c = points[i]
        if c < best_cost:
            out[i] = True
            best_cost = c
            last = (tm, c)
        elif last is not None and (tm, c) == last:
            out[i] = True  # identical point (another offer at the same price) is equally optimal
    return out


# --- options ------------------------------------------------------------------------------------


def _interconnect_text(p: _Platform) -> str:
    g = p.gpu
    if p.topology == "nvswitch":
        gen = f" {g.nvlink_generation}" if g.nvlink_generation else ""
        bw = p.intra_gbps or g.nvlink_gbps
        return f"NVSwitch, NVLink{gen}" + (f" ({bw:.0f} GB/s)" if bw else "")
    if p.topology == "nvlink-bridge":
        bw = p.intra_gbps or g.nvlink_gbps
        return "NVLink bridge (pairs)" + (f" ({bw:.0f} GB/s)" if bw else "")
    gen = f" {g.pcie_generation}.0" if g.pcie_generation else ""
    return f"PCIe{gen}" + (f" ({g.pcie_gbps:.0f} GB/s)" if g.pcie_gbps else "")


def _network_text(p: _Platform) -> str | None:
    if not p.network:
        return None
    name = {"infiniband": "InfiniBand", "roce": "RoCE", "ethernet": "Ethernet"}.get(p.network, p.network)
    return name + (f" {p.network_gbps:.0f} Gb/s" if p.network_gbps else "")


def _host(job: Job, f: _Found, memory: MemoryEstimate, params: int) -> dict[str, Any]:
    p = f.platform
    trains = job.task.trains
    floor = HOST_RAM_MULTI_GPU if (trains and f.n > 1) else HOST_RAM_SINGLE_GPU
    ram = max(floor, memory.host_ram_bytes or 0)
    wbytes = 4 if job.precision is Precision.FP32 else 2
    data = int(job.tokens * DATA_BYTES_PER_TOKEN) if job.tokens else 0
    ckpt = 0
    if job.task in (TaskKind.FULL, TaskKind.PRETRAIN, TaskKind.MIXED):
        ckpt = params * (wbytes + _CHECKPOINT_OPTIMIZER_BYTES[job.optimizer])  # weights + optimizer states
    nvme = data + params * wbytes + (CHECKPOINTS_KEPT * int(ckpt)) // max(f.nodes, 1)
    server = p.server
    return {
        "cpu": getattr(server, "cpu", None) or t("AMD EPYC or Intel Xeon (Ice Lake or newer)",
                                                  "AMD EPYC 或 Intel Xeon（Ice Lake 及更新）"),
        "ram_bytes": int(ram),
        "nvme_bytes": int(nvme),
        "server_ram_bytes": getattr(server, "host_ram_bytes", None),
        "server_nvme_bytes": getattr(server, "nvme_bytes", None),
        "power_kw": None,
    }


class _Builder:
    def __init__(self, job: Job, engine: Engine, search: _Search):
        self.job = job
        self.engine = engine
        self.search = search
        self.params: int | None = None

    def option(self, f: _Found, pareto: bool = False) -> Option:
        job, p = self.job, f.platform
        v = self.search.variants[f.cand[2]]
        memory = self.search.memory_block(f)
        if self.params is None:
            self.params = self.engine.params(job)
        layout = OptionLayout.model_construct(tp=f.layout.tp, pp=f.layout.pp, dp=f.layout.dp, zero=f.layout.zero,
                                              offload=f.layout.offload, recompute=v.recompute,
                                              micro_batch=v.micro_batch)
        host = _host(v.job, f, memory, self.params)
        offer = p.offer
        ctx = advice_rules.AdviceContext(
            job=v.job, gpu=p.gpu, gpus=f.n, nodes=f.nodes, gpus_per_node=f.gpn, layout=layout,
            memory=memory, time=f.time, cost=f.cost, server=p.server, offer=offer, topology=p.topology,
            network=p.network, host=host)
        host["power_kw"] = advice_rules.node_power_kw(ctx)
        notes = []
        if offer is None:
            notes.append(t("Nobody in the catalogue offers this GPU: price unknown, ranked after priced options.",
                           "目录中无此显卡的报价：价格未知，排在有报价的方案之后。"))
        elif f.cost_key is None:
            notes.append(t("This offer has no price for the chosen billing: ranked after priced options.",
                           "该报价没有所选计费方式的价格：排在有报价的方案之后。"))
        if v.recompute is not job.recompute or v.micro_batch != job.micro_batch:
            notes.append(t("Layout changes the job: recompute {r}, micro-batch {mb} (gradient accumulation keeps "
                           "the global batch).", "布局调整了任务：重计算 {r}，微批次 {mb}（梯度累积保持全局批次不变）。",
                           r=str(v.recompute), mb=v.micro_batch))
        return Option.model_construct(
            rank=0, gpu=p.gpu.id, gpu_name=p.gpu.name, gpus=f.n, nodes=f.nodes, gpus_per_node=f.gpn,
            offer=getattr(offer, "id", None), provider=getattr(offer, "provider", None),
            region=getattr(offer, "region", None), server=getattr(p.server, "id", None) or getattr(offer, "server", None),
            interconnect=_interconnect_text(p), network=_network_text(p), host=host, layout=layout,
            memory=memory, time=f.time, cost=f.cost, tier=tier_for(f.n, f.nodes), pareto=pareto,
            price_kind=getattr(offer, "price_kind", None), price_date=getattr(offer, "price_date", None),
            advice=advice_rules.advise(ctx), notes=notes)


def _value_point(f: _Found, job: Job) -> advice_rules.ValuePoint:
    return advice_rules.ValuePoint(f.platform.gpu.id, f.platform.gpu.name, f.n,
                                   f.cost_key if f.cost is not None else None, f.time_key, job.currency)


def _finish(job: Job, constraints: Constraints, found: list[_Found], search: _Search, engine: Engine,
            ) -> Recommendation:
    c = constraints
    kept: list[_Found] = []
    unpriced_budget = 0
    for f in found:
        _price_keys(f, job, c, engine)
        if c.deadline_hours is not None and f.deadline_hours is not None \
                and f.deadline_hours * (1 + job.trial_margin) > c.deadline_hours:
            search.reject("misses_deadline")
            continue
        if c.budget is not None and f.cost_key is not None and f.cost_key > c.budget:
            search.reject("over_budget")
            continue
        if c.budget is not None and f.cost_key is None:
            unpriced_budget += 1
        kept.append(f)
    if c.budget is not None and search.rejected.get("over_budget") and all(f.cost_key is None for f in kept):
        kept = []  # only unpriced options left: nothing is known to be within the budget
    if not kept:
        if c.budget is not None and search.rejected.get("over_budget"):
            cheapest = min((f.cost_key for f in found if f.cost_key is not None), default=None)
            raise GpudeskError(t("no option fits the budget of {b:,.0f} {cur}; the cheapest that fits costs {x:,.0f}: "
                                 "raise --budget or use LoRA / fewer tokens",
                                 "没有方案在 {b:,.0f} {cur} 预算内；能放下的最便宜方案需 {x:,.0f}：请提高 --budget，"
                                 "或改用 LoRA / 减少 token", b=c.budget, cur=job.currency, x=cheapest))
        if c.deadline_hours is not None and search.rejected.get("misses_deadline"):
            fastest = min(f.deadline_hours for f in found if f.deadline_hours is not None)
            raise GpudeskError(t("no option meets the deadline of {d:g} h; the fastest takes {h:,.1f} h with the "
                                 "trial margin: allow more GPUs or a later deadline",
                                 "没有方案能在 {d:g} 小时内完成；最快的方案含试错余量需 {h:,.1f} 小时：请允许更多显卡"
                                 "或放宽截止时间", d=c.deadline_hours, h=fastest * (1 + job.trial_margin)))
        raise GpudeskError(t("no rental configuration matches the constraints", "没有符合约束条件的租用方案"))
    kept.sort(key=_rank_key(c.objective, kept, job.tokens is not None or not job.task.trains))
    front = pareto_front([(f.time_key, f.cost_key) for f in kept])
    builder = _Builder(job, engine, search)
    points = [_value_point(f, job) for f in kept]
    by_cost = sorted((pt for pt in points if pt.cost is not None and pt.hours is not None), key=lambda pt: pt.cost)

    def build(first: int, last: int) -> list[Option]:
        out = []
        for i in range(first, min(last, len(kept))):
            o = builder.option(kept[i], front[i])
            a = advice_rules.better_value(points[i], by_cost, job.task, by_cost=True)
            if a is not None:
                o.advice.append(a)
            o.rank = i + 1
            out.append(o)
        return out
    notes = []
    if any(f.cost_key is None for f in kept):
        notes.append(t("Options without a known price are ranked after priced ones for cost.",
                       "价格未知的方案在按成本排序时排在有报价的方案之后。"))
    if unpriced_budget:
        notes.append(t("{n} unpriced options could not be checked against the budget.",
                       "{n} 个方案价格未知，无法核对预算。", n=unpriced_budget))
    if job.tokens is None and job.task.trains:
        notes.append(t("No training tokens given (--tokens): options are compared per token; costs within {b:.0%} "
                       "of the cheapest count as equal and the lower hourly rate ranks first.",
                       "未给出训练 token 数（--tokens）：按每个 token 比较；成本与最低者相差 {b:.0%} 以内视为相同，"
                       "小时租金更低者优先。", b=COST_TIE_BAND))
    if c.deadline_hours is not None:
        notes.append(t("Deadline checked against hours including the {m:.0%} trial-and-error margin.",
                       "截止时间按含 {m:.0%} 试错余量的时长核对。", m=job.trial_margin))
    return Recommendation(options=build(0, c.top), rejected=dict(search.rejected), searched=search.searched,
                          objective=c.objective, notes=notes, feasible_count=len(kept),
                          _rest=lambda: build(c.top, len(kept)))


def _no_platform(c: Constraints) -> GpudeskError:
    where = []
    if c.providers:
        where.append(t("from {p}", "来自 {p}", p=", ".join(c.providers)))
    if c.region:
        where.append(t("in region {r!r}", "位于地区 {r!r}", r=c.region))
    if c.gpu_allow or c.gpu_exclude:
        where.append(t("for the allowed GPUs", "针对所允许的显卡"))
    return GpudeskError(t("the catalogue has no offer {where}; add the provider's price sheet (gpudesk catalog import "
                          "FILE) or drop --provider / --region / --gpu-allow",
                          "目录中没有{where}的报价；请导入该服务商的价格表（gpudesk catalog import FILE），"
                          "或去掉 --provider / --region / --gpu-allow",
                          where=" ".join(where) or t("at all", "任何")))


def _nothing_fits(job: Job, search: _Search) -> GpudeskError:
    if search.closest is None and search.host_closest is None:
        return GpudeskError(t("no GPU in the catalogue matches the constraints (check --gpu-allow / --gpu-exclude, "
                              "--provider and --region)",
                              "目录中没有符合约束的显卡（请检查 --gpu-allow / --gpu-exclude、--provider 与 --region）"))
    advice = t("allow more GPUs (--max-gpus), use LoRA or QLoRA, a shorter --seq-len, or a GPU with more memory",
               "请允许更多显卡（--max-gpus）、改用 LoRA 或 QLoRA、缩短 --seq-len，或选择显存更大的显卡")
    if search.host_closest is not None:
        _, p, n, need = search.host_closest
        return GpudeskError(t(
            "the job fits nowhere: the closest option tried, {n}× {gpu}, fits GPU memory only by CPU offload, which "
            "needs {need:,.2f} TB of host RAM per node (at most {most:,.2f} TB); {advice}",
            "任务在任何配置上都放不下：最接近的 {n} 张 {gpu} 只有把状态卸载到 CPU 才能放下显存，但每节点需要 "
            "{need:,.2f} TB 内存（最多 {most:,.2f} TB）；{advice}",
            n=n, gpu=p.gpu.name, need=need / 1e12, most=p.host_ram_max / 1e12, advice=advice))
    _, p, n, need = search.closest
    return GpudeskError(t(
        "the job fits nowhere: the closest option tried, {n}× {gpu}, needs {need:,.1f} GB per GPU with every saving "
        "on (ZeRO-3, CPU offload, full recompute, micro-batch 1) but has {usable:,.1f} GB usable; {advice}",
        "任务在任何配置上都放不下：最接近的 {n} 张 {gpu} 在启用全部节省手段（ZeRO-3、CPU 卸载、完全重计算、微批次 1）"
        "后每卡仍需 {need:,.1f} GB，而可用仅 {usable:,.1f} GB；{advice}",
        n=n, gpu=p.gpu.name, need=need / 1e9, usable=p.usable / 1e9, advice=advice))


class Cancelled(GpudeskError):
    """The caller no longer wants this answer (a newer edit, the window closing)."""


def recommend(job: Job, constraints: Constraints, catalog, *, engine: Engine | None = None,
              cancel: Callable[[], bool] | None = None) -> Recommendation:
    """Ranked rental options for `job` under `constraints`, from every offer in `catalog`.

    `cancel`, when given, is asked between search steps; once it returns True the search stops
    at once with `Cancelled` (the GUI's answer to a newer edit).
    """
    return _recommend(job, constraints, catalog, engine or default_engine(), cancel)


def _recommend(job: Job, constraints: Constraints, catalog, engine: Engine,
               cancel: Callable[[], bool] | None = None) -> Recommendation:
    _check_constraints(job, constraints, catalog)
    search = _Search(job, constraints, engine)
    platforms = _platforms(job, constraints, catalog, search.rejected)
    if not platforms:
        raise _no_platform(constraints)
    found: list[_Found] = []
    for p in platforms:
        if cancel is not None and cancel():
            raise Cancelled("search cancelled")
        smallest = None  # serving: the fewest GPUs that hold one replica
        for n in gpu_counts(p.gpn, p.max_nodes, constraints.max_gpus):
            if smallest is not None and n > smallest * job.concurrency:
                search.reject("idle_replicas", 1)  # more replicas than sequences in flight: they would idle
                continue
            f = search.best(p, n)
            if f is not None:
                if job.task.trains and n > 1 and search.global_batch_tokens(f) > MAX_GLOBAL_BATCH_TOKENS:
                    search.reject("global_batch_too_large", 1)
                    break
                found.append(f)
                if not job.task.trains and smallest is None:
                    smallest = n
                if n > p.gpn and f.time.scaling_efficiency < MIN_SCALING_EFFICIENCY:
                    break  # more nodes would only add cost: the network already dominates
                if job.task.trains and n >= p.gpn and f.time.hours is not None and f.time.hours < MIN_CLUSTER_HOURS:
                    break  # done within the hour already: more nodes add provisioning, not value
    if not found:
        raise _nothing_fits(job, search)
    return _finish(job, constraints, found, search, engine)


def evaluate(job: Job, catalog, gpu_id: str, gpus: int, offer_id: str | None = None,
             constraints: Constraints | None = None, *, engine: Engine | None = None,
             layout: FixedLayout | None = None) -> Option:
    """The best layout for a configuration the user names (GPU model and count, optionally an offer).

    Without an offer, the cheapest offer of that GPU that can hold `gpus` is used (unpriced if none).
    When nothing fits, the least-memory layout is returned with memory.fits false and critical advice.
    With `layout`, exactly that layout is evaluated (GpudeskError with the reason if it is invalid).
    """
    engine = engine or default_engine()
    constraints = constraints or Constraints()
    if gpus < 1:
        raise GpudeskError(t("--gpus must be at least 1, got {n}", "--gpus 至少为 1，实际为 {n}", n=gpus))
    if layout is not None and job.task.trains:
        mb = layout.micro_batch
        job = job.model_copy(update={"recompute": layout.recompute, "micro_batch": mb,
                                     "grad_accum": max(1, job.grad_accum * job.micro_batch // mb)})
    gpu = catalog.gpu(gpu_id)
    if offer_id is not None:
        offer = catalog.offer(offer_id)
        if offer.gpu != gpu.id:
            raise GpudeskError(t("offer {o} rents {g1}, not {g2}", "报价 {o} 出租的是 {g1}，不是 {g2}",
                                 o=offer_id, g1=offer.gpu, g2=gpu.id))
        scoped = Constraints(max_gpus=max(gpus, Constraints().max_gpus))
    else:
        scoped = constraints.model_copy(update={"gpu_allow": [gpu.id], "gpu_exclude": [],
                                                "max_gpus": max(gpus, constraints.max_gpus)})
    search = _Search(job, scoped, engine)
    platforms = [p for p in _platforms(job, scoped, catalog, search.rejected) if p.gpu.id == gpu.id]
    if offer_id is not None:
        platforms = [p for p in platforms if p.offer is not None and p.offer.id == offer_id]
    if not platforms:  # filtered out (provider/region): fall back to the GPU unpriced
        anywhere = Constraints(gpu_allow=[gpu.id], max_gpus=max(gpus, Constraints().max_gpus))
        platforms = [p for p in _platforms(job, anywhere, catalog, {})
                     if p.gpu.id == gpu.id and (offer_id is None or getattr(p.offer, "id", None) == offer_id)]
    usable = [p for p in platforms if _split(gpus, p) is not None]
    if not usable:
        most = max((p.gpn * p.max_nodes for p in platforms), default=0)
        if gpus > most:
            raise GpudeskError(t("no offer of {g} provides {n} GPUs (at most {most} in one cluster)",
                                 "没有 {g} 的报价能提供 {n} 张卡（单个集群最多 {most} 张）", g=gpu.name, n=gpus, most=most))
        gpn = min((p.gpn for p in platforms if p.max_nodes > 1), default=min(p.gpn for p in platforms))
        raise GpudeskError(t("{n} GPUs do not split into whole nodes of {gpn} GPUs; use a multiple of {gpn}",
                             "{n} 张卡无法拆分为每节点 {gpn} 张的整节点；请使用 {gpn} 的倍数", n=gpus, gpn=gpn))
    results = []
    for p in usable:
        f = _fixed(search, p, gpus, layout) if layout is not None else \
            (search.best(p, gpus) or _least_memory(search, p, gpus))
        if f is None:
            continue
        _price_keys(f, job, scoped, engine)
        results.append(f)
    if not results:
        raise GpudeskError(t("no valid layout for {n}× {g} (tensor parallel must divide the attention heads)",
                             "{n} 张 {g} 没有可行的并行布局（张量并行度须整除注意力头数）", n=gpus, g=gpu.name))
    results.sort(key=_rank_key(constraints.objective, results, True))
    opt = _Builder(job, engine, search).option(results[0])
    opt.rank = 1
    return opt


def _split(gpus: int, p: _Platform) -> tuple[int, int] | None:
    if gpus <= p.gpn:
        return 1, gpus
    if gpus % p.gpn == 0 and gpus // p.gpn <= p.max_nodes:
        return gpus // p.gpn, p.gpn
    return None


def _least_memory(search: _Search, p: _Platform, n: int) -> _Found | None:
    levels, _, _ = search.levels(p, n)
    cands = [c for _, cs, _ in levels for c in cs]
    if not cands:
        return None
    c = min(cands, key=lambda c: (search.memory_total(c, n), c[0], c[1]))
    layout = Layout(gpus=n, tp=c[3], pp=c[4], zero=c[5], offload=c[6])
    te = search.time_of(p, n, c)
    nodes = n // p.gpn if n > p.gpn else 1
    return _Found(p, n, nodes, min(p.gpn, n), c, layout, search.memory_total(c, n), te)


@dataclass(frozen=True)
class FixedLayout:
    """A parallel layout named by the user (the GUI's hand-set configuration)."""

    tp: int = 1
    pp: int = 1
    zero: int = 0
    offload: Offload = Offload.NONE
    recompute: Recompute = Recompute.NONE
    micro_batch: int = 1


def _fixed(search: _Search, p: _Platform, n: int, lay: FixedLayout) -> _Found:
    """Exactly this layout on n GPUs of platform p; GpudeskError says why it cannot run."""
    job = search.job
    heads, layers = job.model.num_heads or 0, job.model.num_layers or 0
    tp, pp, zero, offload = lay.tp, lay.pp, lay.zero, Offload(lay.offload)
    if n % (tp * pp):
        raise GpudeskError(t("{n} GPUs do not split into tensor parallel {tp} × pipeline {pp}",
                             "{n} 张卡无法拆分为张量并行 {tp} × 流水线并行 {pp}", n=n, tp=tp, pp=pp))
    if tp > min(n, p.gpn):
        raise GpudeskError(t("tensor parallel {tp} needs {tp} GPUs in one node; nodes here have {g}",
                             "张量并行 {tp} 需要单节点内 {tp} 张卡；此节点只有 {g} 张", tp=tp, g=min(n, p.gpn)))
    if tp > 1 and (not heads or heads % tp):
        raise GpudeskError(t("tensor parallel {tp} must divide the {h} attention heads",
                             "张量并行度 {tp} 须整除 {h} 个注意力头", tp=tp, h=heads or "?"))
    if pp > 1 and (not layers or pp > layers):
        raise GpudeskError(t("pipeline parallel {pp} needs at least {pp} layers (the model has {l})",
                             "流水线并行 {pp} 至少需要 {pp} 层（模型有 {l} 层）", pp=pp, l=layers or "?"))
    if pp > 1 and zero > 1:
        raise GpudeskError(t("pipeline parallelism does not combine with ZeRO-2/3 (DeepSpeed, Megatron)",
                             "流水线并行不能与 ZeRO-2/3 同时使用（DeepSpeed、Megatron）"))
    if offload is Offload.OPTIMIZER and zero < 2 or offload is Offload.OPTIMIZER_PARAMS and zero < 3:
        need = 2 if offload is Offload.OPTIMIZER else 3
        raise GpudeskError(t("CPU offload of {what} needs ZeRO stage {z} or higher",
                             "卸载{what}到 CPU 需要 ZeRO {z} 级或更高", z=need,
                             what=t("optimizer states", "优化器状态") if need == 2 else
                             t("optimizer states and parameters", "优化器状态与参数")))
    if not job.task.trains and (zero or offload is not Offload.NONE):
        zero, offload = 0, Offload.NONE  # serving keeps no optimizer state to shard or offload
    dp = n // (tp * pp)
    level = 2 * _OFFLOADS.index(offload) + (1 if tp > p.nvlink_group else 0)
    c: _Cand = (level, 0.0, 0, tp, pp, zero, offload)
    total = search.exact(0, dp if zero else 1, tp, pp, zero, offload)[0]
    te = search.time_of(p, n, c)
    nodes = n // p.gpn if n > p.gpn else 1
    return _Found(p, n, nodes, min(p.gpn, n), c, Layout(gpus=n, tp=tp, pp=pp, zero=zero, offload=offload), total, te)
