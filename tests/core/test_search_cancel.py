"""The search's cancellation hook (the GUI cancels a running recompute on a newer edit or on close)
and the collector hold around it."""

from __future__ import annotations

import gc

import pytest
from search_fakes import ENGINE, catalog, job

from gpudesk.core import search as rec
from gpudesk.core.models import Constraints
from gpudesk.core.quiet_gc import no_gc


class StopAfter:
    """A should_stop that answers True from its k-th call on, counting the calls."""

    def __init__(self, k: int):
        self.k, self.calls = k, 0

    def __call__(self) -> bool:
        self.calls += 1
        return self.calls >= self.k


def test_a_stop_request_ends_the_search_with_cancelled():
    stop = StopAfter(5)
    with pytest.raises(rec.Cancelled):
        rec.recommend(job(7e9), Constraints(), catalog(), engine=ENGINE, should_stop=stop)
    assert stop.calls == 5  # it stopped at the first True, not at the end


def test_the_hook_is_asked_throughout_the_search():
    never = StopAfter(10**9)
    plain = rec.recommend(job(7e9), Constraints(), catalog(), engine=ENGINE)
    asked = rec.recommend(job(7e9), Constraints(), catalog(), engine=ENGINE, should_stop=never)
    # four offers, up to 12 GPU counts each, and every option built: far more than one check per offer
    assert never.calls > 30
    assert [(o.gpu, o.gpus, o.offer) for o in asked.options] == [(o.gpu, o.gpus, o.offer) for o in plain.options]
    # stopping late (after the ranked answer) still stops: the lazily built feasible list asks too
    first = StopAfter(10**9)
    rec.recommend(job(7e9), Constraints(top=2), catalog(), engine=ENGINE, should_stop=first)
    late = StopAfter(first.calls + 1)
    r = rec.recommend(job(7e9), Constraints(top=2), catalog(), engine=ENGINE, should_stop=late)
    with pytest.raises(rec.Cancelled):
        r.feasible  # noqa: B018


def test_cancel_is_the_same_hook_under_the_guis_name():
    with pytest.raises(rec.Cancelled):
        rec.recommend(job(7e9), Constraints(), catalog(), engine=ENGINE, cancel=lambda: True)


def test_cancelled_is_a_gpudesk_error_and_the_collector_comes_back():
    from gpudesk.errors import GpudeskError

    assert issubclass(rec.Cancelled, GpudeskError)
    assert gc.isenabled()
    with pytest.raises(rec.Cancelled):
        rec.recommend(job(7e9), Constraints(), catalog(), engine=ENGINE, should_stop=lambda: True)
    assert gc.isenabled()


def test_no_gc_nests_and_keeps_a_disabled_collector_disabled():
    with no_gc():
        with no_gc():
            assert not gc.isenabled()
        assert not gc.isenabled()
    assert gc.isenabled()
    gc.disable()
    try:
        with no_gc():
            pass
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_the_best_of_each_gpu_type_asks_the_hook_while_it_ranks():
    """The plan's alternatives (the best option of each GPU type) are ranked among every entry group by
    group, asking the hook for each: at 10,000 offers that ranking took a third of a second that a
    closing window could not stop."""
    hook = StopAfter(10**9)
    r = rec.recommend(job(7e9, tokens=2e10), Constraints(top=1), catalog(), engine=ENGINE, should_stop=hook)
    before = hook.calls
    best = r.best_per_gpu()
    assert len(best) >= 2 and best[0].rank == 1
    assert hook.calls - before > len(best)  # asked throughout the ranking, not only per option built
    # the ranks counted per group are the ranks of the whole answer, sorted once
    assert [o.rank for o in best] == [min(x.rank for x in r.feasible if x.gpu == o.gpu) for o in best]
    stop = StopAfter(10**9)
    r = rec.recommend(job(7e9, tokens=2e10), Constraints(top=1), catalog(), engine=ENGINE, should_stop=stop)
    stop.k = stop.calls + 1  # a newer edit arrives now
    with pytest.raises(rec.Cancelled):
        r.compared()
