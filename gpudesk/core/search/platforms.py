"""Platforms: where the GPUs can be rented. An offer (or a GPU nobody offers, shown unpriced when the
user names it) with its node type, links and the GPU counts searched on it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from gpudesk.core.models import Constraints, GpuSpec, Job
from gpudesk.core.rules import (
    HOST_RAM_MAX_PER_GPU,
    HOST_RAM_MAX_PER_NODE,
    IN_NODE_COUNTS,
    NODE_COUNTS,
    guess_topology,
    nvlink_group,
    usable_bytes,
)


@dataclass
class Platform:
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


def rentable_platforms(job: Job, constraints: Constraints, catalog, rejected: dict[str, int]) -> list[Platform]:
    gpus = {g.id: g for g in catalog.gpus()}
    servers = {s.id: s for s in catalog.servers()}
    allow, exclude = set(constraints.gpu_allow), set(constraints.gpu_exclude)
    providers = set(constraints.providers)
    region = (constraints.region or "").strip().lower()

    def gpu_ok(gid: str) -> bool:
        return (not allow or gid in allow) and gid not in exclude

    out: list[Platform] = []
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
        topology = getattr(server, "topology", None) or guess_topology(gpu)
        out.append(Platform(
            gpu=gpu, offer=offer, server=server, gpn=gpn,
            max_nodes=offer.max_nodes or default_max_nodes(server, gpn, constraints),
            topology=topology, intra_gbps=getattr(server, "intra_node_gbps", None),
            network=getattr(server, "network", None), network_gbps=getattr(server, "network_gbps", None),
            usable=usable_bytes(gpu.memory_bytes, job.headroom)))
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
            out.append(Platform(
                gpu=gpu, offer=None, server=server, gpn=gpn, max_nodes=default_max_nodes(server, gpn, constraints),
                topology=getattr(server, "topology", None) or guess_topology(gpu),
                intra_gbps=getattr(server, "intra_node_gbps", None),
                network=getattr(server, "network", None), network_gbps=getattr(server, "network_gbps", None),
                usable=usable_bytes(gpu.memory_bytes, job.headroom)))
    return out


def default_max_nodes(server: Any, gpn: int, constraints: Constraints) -> int:
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
