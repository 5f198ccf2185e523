"""Platforms: where the GPUs can be rented. An offer (or a GPU nobody offers, shown unpriced when the
user names it) with its node type, links and the GPU counts searched on it."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from gpudesk.core.models import Constraints, GpuSpec, Job
from gpudesk.core.protocols import Catalogue
from gpudesk.core.search.offer_index import IndexedOffer, ShapeOffers, build_index, offer_index
from gpudesk.core.rules import (
    IN_NODE_COUNTS,
    NODE_COUNTS,
    guess_topology,
    nvlink_group,
    usable_bytes,
)

SEARCH_MAX_GPUS = 4096  # the search space's end when the user sets no limit (512 nodes of 8)


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
    def host_ram_max(self) -> int | None:
        """Host RAM of a node as the catalogue states it (the server type's), or None: unknown, never guessed
        (an offloading option on such a node is offered with advice to confirm the RAM it needs)."""
        return getattr(self.server, "host_ram_bytes", None) or None

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


@dataclass
class Shape:
    """Offers that rent the same platform (GPU, node type, GPUs per node): everything the layout search
    looks at is the same for all of them, so it runs once per shape and GPU count; the offers differ
    only in price, provider, region and how many nodes they rent (a prefix of the shape's counts)."""

    platform: Platform  # the first offer's: the search's input
    offers: list[tuple[int, Any, int]]  # (position in catalogue order, offer or None, max_nodes)
    rows: list[IndexedOffer] = field(default_factory=list)  # the same offers with the prices pricing reads
    source: ShapeOffers | None = None  # the index's group when these are all of its offers (pricing caches there)

    def platform_for(self, offer: Any, max_nodes: int) -> Platform:
        """The platform of one of the shape's offers."""
        p = self.platform
        if p.offer is offer and p.max_nodes == max_nodes:
            return p
        return dataclasses.replace(p, offer=offer, max_nodes=max_nodes)


def rentable_shapes(
    job: Job,
    constraints: Constraints,
    catalog: Catalogue,
    rejected: dict[str, int],
    check: Callable[[], None] | None = None,
    offers: Sequence[Any] | None = None,
) -> list[Shape]:
    """The platforms the constraints allow, grouped by shape (in the order of their first offer);
    `check` (the search's cancellation check) is called every few thousand offers; `offers`: only these
    of the catalogue's offers (one configuration evaluated on its own offer)."""
    if offers is None:
        index = offer_index(catalog, check)
    else:
        index = build_index(catalog.gpus(), catalog.servers(), offers, check)
    gpus, servers = index.gpus, index.servers
    allow, exclude = set(constraints.gpu_allow), set(constraints.gpu_exclude)
    providers = set(constraints.providers)
    region = (constraints.region or "").strip().lower()
    most = search_max_gpus(constraints)

    def gpu_ok(gid: str) -> bool:
        return (not allow or gid in allow) and gid not in exclude

    out: list[Shape] = []
    gpu_filtered = provider_filtered = 0
    for group in index.shapes:
        if not gpu_ok(group.gpu.id):
            gpu_filtered += len(group.offers)
            continue
        rows = group.offers
        if providers or region:
            rows = [
                r for r in rows if (not providers or r.provider in providers) and (not region or region in r.region)
            ]
            provider_filtered += len(group.offers) - len(rows)
            if not rows:
                continue
        whole = rows is group.offers
        listed = group.cache.get(("listed", most)) if whole else None
        if listed is None:
            default = default_max_nodes(group.server, group.gpn, most)
            listed = [(r.pos, r.offer, r.max_nodes or default) for r in rows]
            if whole:
                group.cache[("listed", most)] = listed
        _, first, first_nodes = listed[0]
        plat = _platform(job, group.gpu, first, group.server, group.gpn, first_nodes)
        out.append(Shape(plat, listed, rows, group if whole else None))
    if providers or region:
        out.sort(key=lambda shape: shape.offers[0][0])  # a shape's place is that of its first offer left
    if gpu_filtered:
        rejected["gpu_filtered"] = rejected.get("gpu_filtered", 0) + gpu_filtered
    if provider_filtered:
        rejected["provider_filtered"] = rejected.get("provider_filtered", 0) + provider_filtered
    # A GPU nobody offers cannot be rented: it is searched (unpriced) only when the user names it
    # (--gpu-allow, `plan new --gpu`), so a card missing from every price sheet — e.g. one not sold
    # in China — never crowds the list. Otherwise it is counted under "no_offer".
    if not providers and not region:
        position = index.size
        for gpu in gpus.values():
            if gpu.id in index.offered or not gpu_ok(gpu.id):
                continue
            if gpu.id not in allow:
                rejected["no_offer"] = rejected.get("no_offer", 0) + 1
                continue
            server = next((s for s in servers.values() if getattr(s, "gpu", None) == gpu.id), None)
            gpn = getattr(server, "gpus_per_node", None) or 8
            max_nodes = default_max_nodes(server, gpn, most)
            row = IndexedOffer(position, None, None, None, "", None, None)
            out.append(Shape(_platform(job, gpu, None, server, gpn, max_nodes), [(position, None, max_nodes)], [row]))
            position += 1
    return out


def rentable_platforms(
    job: Job,
    constraints: Constraints,
    catalog: Catalogue,
    rejected: dict[str, int],
    offers: Sequence[Any] | None = None,
) -> list[Platform]:
    """One platform per offer the constraints allow (and per GPU nobody offers, when named), in catalogue
    order; `offers`: only these of the catalogue's."""
    plats = [
        (pos, shape.platform_for(offer, m))
        for shape in rentable_shapes(job, constraints, catalog, rejected, offers=offers)
        for pos, offer, m in shape.offers
    ]
    return [p for _, p in sorted(plats, key=lambda x: x[0])]


def _platform(job: Job, gpu: GpuSpec, offer: Any, server: Any, gpn: int, max_nodes: int) -> Platform:
    return Platform(
        gpu=gpu,
        offer=offer,
        server=server,
        gpn=gpn,
        max_nodes=max_nodes,
        topology=getattr(server, "topology", None) or guess_topology(gpu),
        intra_gbps=getattr(server, "intra_node_gbps", None),
        network=getattr(server, "network", None),
        network_gbps=getattr(server, "network_gbps", None),
        usable=usable_bytes(gpu.memory_bytes, job.headroom),
    )


def search_max_gpus(constraints: Constraints) -> int:
    """The most GPUs the search may look at: the user's limit, else SEARCH_MAX_GPUS (the recommender
    then settles on one node unless the job needs more: `recommender.auto_cap`)."""
    return constraints.max_gpus if constraints.max_gpus is not None else SEARCH_MAX_GPUS


def default_max_nodes(server: Any, gpn: int, max_gpus: int) -> int:
    """Nodes of this type that can form one cluster when the offer does not say: clusters are built
    from full 8-GPU servers or from servers with a stated inter-node network, not from 1–4-GPU
    cloud instances."""
    if gpn < 8 and not getattr(server, "network", None):
        return 1
    return max(1, max_gpus // gpn)


def gpu_counts(gpn: int, max_nodes: int, max_gpus: int) -> list[int]:
    """GPU counts searched on nodes of `gpn` GPUs: 1, 2, 4, 8 within a node, then whole nodes."""
    counts = [n for n in IN_NODE_COUNTS if n < gpn and n <= max_gpus] + ([gpn] if gpn <= max_gpus else [])
    counts += [k * gpn for k in NODE_COUNTS if k <= max_nodes and k * gpn <= max_gpus]
    return counts
