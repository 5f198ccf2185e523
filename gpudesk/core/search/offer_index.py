"""The catalogue's offers grouped by platform shape (GPU, node type, GPUs per node), with what pricing reads
from each: nothing here depends on the job, so it is built once per catalogue content and every search
after it starts from the groups (at 10,000 offers, reading and grouping every offer again was a quarter
of a search). A catalogue that changes (an import, an own price) hands out new rows: the index is rebuilt.
"""

from __future__ import annotations

import operator
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from gpudesk.core.models import GpuSpec
from gpudesk.core.protocols import Catalogue


class IndexedOffer(NamedTuple):
    pos: int  # position in catalogue order (among the offers of a known GPU)
    offer: Any
    max_nodes: int | None  # the offer's own limit; None or 0: the node type's default (per search)
    provider: str | None
    region: str  # lower case, "" when not stated (the region filter is a substring match)
    price_hour: float | None
    price_month: float | None


@dataclass(eq=False)
class ShapeOffers:
    """The offers of one shape in catalogue order; `cache` holds what a search derives from them for one
    set of inputs (pricing's rows per billing and GPU cap), so the next search with those inputs reuses it."""

    gpu: GpuSpec
    server: Any
    gpn: int
    offers: list[IndexedOffer]
    cache: dict[tuple[object, ...], Any] = field(default_factory=dict)


@dataclass(eq=False)
class OfferIndex:
    shapes: list[ShapeOffers]  # in the order of their first offer
    offered: set[str]  # GPU ids any offer names (known to the catalogue or not)
    gpus: dict[str, GpuSpec]
    servers: dict[str, Any]
    size: int  # offers of a known GPU (the positions run from 0 to size - 1)


def build_index(
    gpus: Sequence[GpuSpec],
    servers: Sequence[Any],
    offers: Sequence[Any],
    check: Callable[[], None] | None = None,
) -> OfferIndex:
    by_id = {g.id: g for g in gpus}
    by_server = {s.id: s for s in servers}
    shapes: dict[tuple[str, str | None, int], ShapeOffers] = {}
    offered: set[str] = set()
    pos = 0
    for i, offer in enumerate(offers):
        if check is not None and not i % 2048:
            check()
        offered.add(offer.gpu)
        gpu = by_id.get(offer.gpu)
        if gpu is None:
            continue
        server = by_server.get(offer.server) if offer.server else None
        gpn = offer.gpus_per_node or getattr(server, "gpus_per_node", None) or 1
        key = (offer.gpu, getattr(server, "id", None), gpn)
        shape = shapes.get(key)
        if shape is None:
            shape = shapes[key] = ShapeOffers(gpu, server, gpn, [])
        shape.offers.append(
            IndexedOffer(
                pos,
                offer,
                offer.max_nodes,
                getattr(offer, "provider", None),
                (getattr(offer, "region", None) or "").lower(),
                getattr(offer, "price_per_gpu_hour", None),
                getattr(offer, "price_per_gpu_month", None),
            )
        )
        pos += 1
    return OfferIndex(list(shapes.values()), offered, by_id, by_server, pos)


# The last index built, with the rows it was built from (kept alive, so an identity check is exact).
_lock = threading.Lock()
_last: tuple[tuple[Sequence[Any], ...], OfferIndex] | None = None


def offer_index(catalog: Catalogue, check: Callable[[], None] | None = None) -> OfferIndex:
    """The index of the catalogue's offers: the last one built when the catalogue hands out the very same
    rows (reading them is a list copy), else a new one."""
    global _last
    rows = (list(catalog.gpus()), list(catalog.servers()), list(catalog.offers()))
    last = _last
    if last is not None and all(_same_rows(a, b) for a, b in zip(last[0], rows)):
        return last[1]
    index = build_index(*rows, check=check)
    with _lock:
        _last = (rows, index)
    return index


def _same_rows(a: Sequence[Any], b: Sequence[Any]) -> bool:
    return len(a) == len(b) and all(map(operator.is_, a, b))
