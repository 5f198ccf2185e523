"""The offer index: a search reuses the catalogue's grouped offers while the catalogue hands out the same rows,
and never a stale price once it hands out new ones; offers that read alike are listed once only where both
rent that many GPUs."""

from __future__ import annotations

import pytest

from gpudesk.catalog import open_catalog
from gpudesk.catalog.schema import Offer
from gpudesk.core import search as rec
from gpudesk.core.models import Billing, Constraints, Job
from gpudesk.core.search.offer_index import offer_index


class OnlyOffers:
    """The bundled catalogue's GPUs and node types with only these offers."""

    def __init__(self, base, offers: list[Offer]):
        self.base, self._offers = base, offers

    def offers(self):
        return list(self._offers)

    def offer(self, id):
        return next(o for o in self._offers if o.id == id)

    def __getattr__(self, name):
        return getattr(self.base, name)


def h100(id: str, price: float, max_nodes: int | None = 4, provider: str = "jianmi") -> Offer:
    return Offer.model_validate(
        {
            "id": id,
            "provider": provider,
            "gpu": "h100-sxm-80gb",
            "server": "dgx-h100",
            "region": "山东 Jinan",
            "gpus_per_node": 8,
            "max_nodes": max_nodes,
            "price_per_gpu_hour": price,
            "price_kind": "quoted",
            "price_date": "2026-11-20",
            "billing": ["hourly"],
            "source": "test quote",
        }
    )


@pytest.fixture(scope="module")
def base():
    return open_catalog()


@pytest.fixture(scope="module")
def job(base):
    return Job(model=base.model("llama-2-13b"), task="full", tokens=1e10)


def test_the_same_rows_reuse_the_index_and_new_rows_rebuild_it(base):
    a = OnlyOffers(base, [h100("q-1", 20.0)])
    first = offer_index(a)
    assert offer_index(a) is first  # the same rows: nothing read again
    assert offer_index(OnlyOffers(base, list(a.offers()))) is first  # another catalogue object, the same rows
    changed = OnlyOffers(base, [h100("q-1", 40.0)])  # the same id re-quoted: a new row
    assert offer_index(changed) is not first
    assert [r.price_hour for g in offer_index(changed).shapes for r in g.offers] == [40.0]


def test_a_new_price_is_used_at_once(base, job):
    c = Constraints(max_gpus=8, billing=Billing.HOURLY)
    cheap = rec.recommend(job, c, OnlyOffers(base, [h100("q-1", 20.0)])).options[0]
    dear = rec.recommend(job, c, OnlyOffers(base, [h100("q-1", 40.0)])).options[0]
    assert (dear.gpus, dear.layout) == (cheap.gpus, cheap.layout)  # the price does not move the layout
    # the same GPU-hours at twice the price: twice the cost, trial margin included
    assert dear.cost.with_trial_margin == pytest.approx(2 * cheap.cost.with_trial_margin, rel=1e-12)
    hours = cheap.time.gpu_hours
    assert cheap.cost.compute_cost == pytest.approx(hours * 20.0, rel=1e-12)
    assert dear.cost.compute_cost == pytest.approx(hours * 40.0, rel=1e-12)


def test_an_offer_alike_is_listed_where_only_it_rents_that_many(base, job):
    # one node only, then the same provider, region and price up to four nodes
    cat = OnlyOffers(base, [h100("one-node", 20.0, max_nodes=1), h100("four-nodes", 20.0, max_nodes=4)])
    r = rec.recommend(job, Constraints(max_gpus=32, top=50), cat)
    listed = {(o.offer, o.gpus) for o in r.feasible}
    counts_one = sorted(n for offer, n in listed if offer == "one-node")
    counts_four = sorted(n for offer, n in listed if offer == "four-nodes")
    assert counts_one and max(counts_one) <= 8
    assert counts_four and min(counts_four) > 8  # within a node it reads like the earlier offer: listed once
    assert r.rejected["same_as_listed"] == len(counts_one)
    # a different price is no twin: listed at every count it rents
    other = OnlyOffers(base, [h100("one-node", 20.0, max_nodes=1), h100("four-nodes", 21.0, max_nodes=4)])
    r2 = rec.recommend(job, Constraints(max_gpus=32, top=50), other)
    assert "same_as_listed" not in r2.rejected
    assert {n for o, n in ((o.offer, o.gpus) for o in r2.feasible) if o == "four-nodes"} >= set(counts_one)
