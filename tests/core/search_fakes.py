"""A synthetic engine and catalogue for the search's tests: ZeRO model states and Korthikanti
activations, 6·N·D time, four GPUs and four offers, so the search logic is tested on its own."""

from __future__ import annotations

import math

from gpudesk.catalog.schema import Offer, Provider, ServerType
from gpudesk.core import search as rec
from gpudesk.core.models import (
    Billing,
    Constraints,
    CostEstimate,
    GpuSpec,
    Job,
    MemoryEstimate,
    MemoryPerGpu,
    ModelArch,
    Offload,
    Recompute,
    TimeEstimate,
)
from gpudesk.core.search.layout_search import Engine
from gpudesk.errors import GpudeskError

GB = 10**9


def fake_params(job: Job) -> int:
    return job.model.params_hint


def fake_memory(job, layout, capacity):
    """ZeRO paper model states (16 B/param mixed-precision Adam) + 34·s·b·h per layer activations."""
    psi = job.model.params_hint / (layout.tp * layout.pp)
    dp = layout.gpus // (layout.tp * layout.pp)
    w, g, o = 2 * psi, 2 * psi, 12 * psi
    if layout.zero >= 1:
        o /= dp
    if layout.zero >= 2:
        g /= dp
    if layout.zero >= 3:
        w /= dp
    if layout.offload is not Offload.NONE:
        o = 0
    if layout.offload is Offload.OPTIMIZER_PARAMS:
        w = 0
    a = job.model
    per_layer = {Recompute.NONE: 34, Recompute.SELECTIVE: 34, Recompute.FULL: 2}[job.recompute]
    act = per_layer * job.seq_len * job.micro_batch * a.hidden_size * a.num_layers / (layout.tp * layout.pp)
    parts = [int(w), int(g), int(o), int(act), 0, GB]
    total = sum(parts)
    usable = int(capacity * (1 - job.headroom))
    return MemoryEstimate(
        per_gpu_bytes=MemoryPerGpu(
            weights=parts[0],
            gradients=parts[1],
            optimizer_states=parts[2],
            activations=parts[3],
            kv_cache=0,
            overhead=GB,
            total=total,
        ),
        gpu_capacity_bytes=capacity,
        usable_bytes=usable,
        headroom=job.headroom,
        fits=total <= usable,
        host_ram_bytes=int(12 * job.model.params_hint) if layout.offload is not Offload.NONE else 0,
        quick_estimate_bytes=20 * job.model.params_hint,
    )


def fake_time(job, layout, cluster):
    flops = 6 * job.model.params_hint * job.tokens if job.tokens else None
    eff = 1.0 if layout.gpus == 1 else 0.95 if layout.gpus <= cluster.gpus_per_node else 0.85
    if layout.tp > 1 and cluster.intra_node_gbps is not None and cluster.intra_node_gbps < 100:
        eff *= 0.5  # TP over PCIe
    slow = 3.0 if layout.offload is not Offload.NONE else 1.0
    slow *= 4 / 3 if job.recompute is Recompute.FULL else 1.0
    peak = cluster.gpu.tflops_bf16 * 1e12
    rate = layout.gpus * peak * 0.4 * eff / slow
    tps = rate / (6 * job.model.params_hint)
    hours = flops / rate / 3600 if flops else None
    return TimeEstimate(
        training_flops=flops,
        tokens_per_second=tps,
        hours=hours,
        gpu_hours=hours * layout.gpus if hours else None,
        mfu=0.4,
        scaling_efficiency=eff,
        peak_tflops=cluster.gpu.tflops_bf16,
    )


def fake_cost(job, time, ph, pm):
    gh = time.gpu_hours
    compute = gh * ph if gh is not None and ph is not None else None
    monthly = None
    if pm is not None and time.hours is not None:
        monthly = pm * (time.gpu_hours / time.hours) * math.ceil(time.hours / 730) * (1 + job.trial_margin)
    with_margin = compute * (1 + job.trial_margin) if compute is not None else None
    cheaper = None
    if with_margin is not None and monthly is not None:
        cheaper = Billing.MONTHLY if monthly < with_margin else Billing.HOURLY
    return CostEstimate(
        price_per_gpu_hour=ph,
        compute_cost=compute,
        with_trial_margin=with_margin,
        price_per_gpu_month=pm,
        monthly_cost=monthly,
        cheaper_billing=cheaper,
    )


ENGINE = Engine(fake_memory, fake_time, fake_cost, fake_params)

# --- a synthetic catalogue -------------------------------------------------------------------


def gpu(id, mem_gb, tflops, **kw):
    return GpuSpec(id=id, name=id.upper(), memory_bytes=mem_gb * GB, tflops_bf16=tflops, **kw)


class FakeCatalog:
    def __init__(self, gpus, servers, offers, providers):
        self._g = {g.id: g for g in gpus}
        self._s = {s.id: s for s in servers}
        self._o = {o.id: o for o in offers}
        self._p = {p.id: p for p in providers}

    def gpus(self):
        return list(self._g.values())

    def gpu(self, id):
        return self._get(self._g, id, "GPU")

    def servers(self):
        return list(self._s.values())

    def server(self, id):
        return self._get(self._s, id, "server type")

    def offers(self):
        return list(self._o.values())

    def offer(self, id):
        return self._get(self._o, id, "offer")

    def providers(self):
        return list(self._p.values())

    def provider(self, id):
        return self._get(self._p, id, "provider")

    @staticmethod
    def _get(d, id, what):
        if id not in d:
            raise GpudeskError(f"unknown {what} {id!r}")
        return d[id]


def catalog():
    gpus = [
        gpu("small-24", 24, 160, consumer=True, tdp_watts=450),
        gpu("dc-80", 80, 300, form_factor="sxm", nvlink_gbps=600, tdp_watts=400),
        gpu("big-141", 141, 990, form_factor="sxm", nvlink_gbps=900, tdp_watts=700),
        gpu("lonely-48", 48, 180),  # nobody offers it
    ]
    servers = [
        ServerType(
            id="pc-8",
            name="8x PCIe",
            gpus_per_node=8,
            topology="pcie",
            intra_node_gbps=32,
            host_ram_bytes=512 * GB,
            nvme_bytes=4000 * GB,
            network="ethernet",
            network_gbps=100,
        ),
        ServerType(
            id="hgx-80",
            name="HGX",
            gpus_per_node=8,
            topology="nvswitch",
            intra_node_gbps=600,
            host_ram_bytes=2000 * GB,
            nvme_bytes=30000 * GB,
            network="infiniband",
            network_gbps=1600,
        ),
        ServerType(
            id="hgx-141",
            name="HGX 141",
            gpus_per_node=8,
            topology="nvswitch",
            intra_node_gbps=900,
            host_ram_bytes=2000 * GB,
            nvme_bytes=30000 * GB,
            network="infiniband",
            network_gbps=3200,
            power_kw=10.2,
        ),
    ]
    offers = [
        Offer(
            id="a-small",
            provider="a",
            gpu="small-24",
            server="pc-8",
            region="Jinan",
            gpus_per_node=8,
            max_nodes=1,
            price_per_gpu_hour=2.0,
            price_per_gpu_month=1000,
        ),
        Offer(
            id="a-dc",
            provider="a",
            gpu="dc-80",
            server="hgx-80",
            region="Jinan",
            gpus_per_node=8,
            max_nodes=4,
            price_per_gpu_hour=10.0,
            price_per_gpu_month=5000,
        ),
        Offer(
            id="b-dc",
            provider="b",
            gpu="dc-80",
            server="hgx-80",
            region="Qingdao",
            gpus_per_node=8,
            max_nodes=64,
            price_per_gpu_hour=12.0,
        ),
        Offer(
            id="b-big",
            provider="b",
            gpu="big-141",
            server="hgx-141",
            region="Qingdao",
            gpus_per_node=8,
            max_nodes=64,
            price_per_gpu_hour=25.0,
        ),
    ]
    providers = [Provider(id="a", regions=["Jinan"]), Provider(id="b", regions=["Qingdao"])]
    return FakeCatalog(gpus, servers, offers, providers)


def model(params: float, hidden=4096, layers=32, heads=32):
    return ModelArch(
        name=f"{params / 1e9:g}B", hidden_size=hidden, num_layers=layers, num_heads=heads, params_hint=int(params)
    )


def job(params=7e9, tokens=1e9, **kw):
    return Job(model=model(params), tokens=tokens, **kw)


def run(j, **c):
    return rec.recommend(j, Constraints(**c), catalog(), engine=ENGINE)
