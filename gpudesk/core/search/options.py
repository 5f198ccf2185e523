"""Building `Option`s: the pydantic answer for a found layout (interconnect and network in words, the
host it needs, advice, notes). Only the options that are kept are built."""

from __future__ import annotations

from typing import Any

from gpudesk.core import messages as msg
from gpudesk.core import rules
from gpudesk.core.engine.cost import priced_serving
from gpudesk.core.i18n import t
from gpudesk.core.models import Job, MemoryEstimate, Option, OptionLayout
from gpudesk.core.rules import HOST_RAM_MULTI_GPU, HOST_RAM_SINGLE_GPU
from gpudesk.core.search import advice as advice_rules
from gpudesk.core.search.advice_context import AdviceContext
from gpudesk.core.search.layout_search import Engine, Found, LayoutSearch
from gpudesk.core.search.platforms import Platform
from gpudesk.core.search.tiers import tier_for


def interconnect_text(p: Platform) -> str:
    g = p.gpu
    if p.topology == "nvswitch":
        gen = f" {g.nvlink_generation}" if g.nvlink_generation else ""
        bw = p.intra_gbps or g.nvlink_gbps
        return f"NVSwitch, NVLink{gen}" + (f" ({bw:.0f} GB/s)" if bw else "")
    if p.topology == "nvlink-bridge":
        bw = p.intra_gbps or g.nvlink_gbps
        if p.nvlink_group >= p.gpn:  # an SXM board without NVSwitch: every GPU on the board's NVLink
            gen = f" {g.nvlink_generation}" if g.nvlink_generation else ""
            return f"NVLink{gen}, no NVSwitch" + (f" ({bw:.0f} GB/s)" if bw else "")
        return "NVLink bridge (pairs)" + (f" ({bw:.0f} GB/s)" if bw else "")
    gen = f" {g.pcie_generation}.0" if g.pcie_generation else ""
    return f"PCIe{gen}" + (f" ({g.pcie_gbps:.0f} GB/s)" if g.pcie_gbps else "")


def network_text(p: Platform) -> str | None:
    if not p.network:
        return None
    name = {"infiniband": "InfiniBand", "roce": "RoCE", "ethernet": "Ethernet"}.get(p.network, p.network)
    return name + (f" {p.network_gbps:.0f} Gb/s" if p.network_gbps else "")


def host_needs(job: Job, f: Found, memory: MemoryEstimate, params: int) -> dict[str, Any]:
    from gpudesk.core.engine.states import checkpoint_bytes

    p = f.platform
    trains = job.task.trains
    floor = HOST_RAM_MULTI_GPU if (trains and f.n > 1) else HOST_RAM_SINGLE_GPU
    ram = max(floor, memory.host_ram_bytes or 0)
    nvme = rules.storage_bytes(job, params, checkpoint_bytes(job), f.nodes)
    server = p.server
    return {
        "cpu": getattr(server, "cpu", None)
        or t("AMD EPYC or Intel Xeon (Ice Lake or newer)", "AMD EPYC 或 Intel Xeon（Ice Lake 及更新）"),
        "ram_bytes": int(ram),
        "nvme_bytes": int(nvme),
        "server_ram_bytes": getattr(server, "host_ram_bytes", None),
        "server_nvme_bytes": getattr(server, "nvme_bytes", None),
        "power_kw": rules.node_power_kw(
            f.gpn, p.gpu.tdp_watts, getattr(server, "power_kw", None), getattr(server, "gpus_per_node", None)
        ),
    }


class OptionBuilder:
    def __init__(self, job: Job, engine: Engine, search: LayoutSearch):
        self.job = job
        self.engine = engine
        self.search = search
        self.params: int | None = None

    def option(self, f: Found, pareto: bool = False) -> Option:
        job, p = self.job, f.platform
        cost = f.cost
        assert cost is not None, "options are built from priced layouts (ranking.price_keys, _Answer.found)"
        v = self.search.variants[f.cand.variant]
        memory = self.search.memory_block(f)
        if self.params is None:
            self.params = self.engine.params(job)
        layout = OptionLayout.model_construct(
            tp=f.layout.tp,
            pp=f.layout.pp,
            dp=f.layout.dp,
            zero=f.layout.zero,
            offload=f.layout.offload,
            recompute=v.recompute,
            micro_batch=v.micro_batch,
        )
        host = host_needs(v.job, f, memory, self.params)
        offer = p.offer
        notes = []
        if offer is None:
            notes.append(msg.note("no-offer"))
        elif f.cost_key is None:
            notes.append(msg.note("no-billing-price"))
        if v.recompute is not job.recompute or v.micro_batch != job.micro_batch:
            notes.append(msg.note("layout-changes-job", r=msg.label("recompute", v.recompute), mb=v.micro_batch))
        if v.chunked:
            from gpudesk.core.engine.frameworks import profile_of

            notes.append(msg.note("chunked-loss", how=msg.names(*profile_of(job).chunked_how)))
        if job.task.trains:
            from gpudesk.core.engine.explain import profile_note

            notes.append(profile_note(v.job))
        option = Option.model_construct(
            rank=0,
            gpu=p.gpu.id,
            gpu_name=p.gpu.name,
            gpu_name_zh=getattr(p.gpu, "name_zh", None),
            gpus=f.n,
            nodes=f.nodes,
            gpus_per_node=f.gpn,
            offer=getattr(offer, "id", None),
            provider=getattr(offer, "provider", None),
            region=getattr(offer, "region", None),
            server=getattr(p.server, "id", None) or getattr(offer, "server", None),
            interconnect=interconnect_text(p),
            network=network_text(p),
            host=host,
            layout=layout,
            memory=memory,
            time=f.time,
            cost=cost,
            pareto=pareto,
            tier=tier_for(f.n, f.nodes, gpu=p.gpu, linked=p.nvlink_group >= f.n, job=job, params=self.params),
            price_kind=getattr(offer, "price_kind", None),
            price_date=getattr(offer, "price_date", None),
            advice=[],  # just below, from the option's own figures
            notes=notes,
            serving=priced_serving(f.time.serving, cost),
        )
        ctx = AdviceContext.of_option(
            option, v.job, p.gpu, server=p.server, offer=offer, topology=p.topology, network=p.network
        )
        option.advice = advice_rules.advise(ctx)
        return option


def value_point(f: Found, job: Job) -> advice_rules.ValuePoint:
    return advice_rules.ValuePoint(
        f.platform.gpu.id,
        f.platform.gpu.name,
        f.n,
        f.cost_key if f.cost is not None else None,
        f.time_key,
        job.currency,
        getattr(f.platform.gpu, "name_zh", None),
    )
