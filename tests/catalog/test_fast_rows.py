"""The user's rows read in one validation pass give exactly the rows of the row-by-row reading."""

from __future__ import annotations

import sys
from pathlib import Path

from gpudesk.catalog import open_catalog
from gpudesk.catalog.schema import Offer
from gpudesk.catalog.store import _validate_stored

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
from offer_sheet import offers  # noqa: E402


def test_one_pass_equals_row_by_row(tmp_path):
    cat = open_catalog(user_db=tmp_path / "user.sqlite")
    rows = [Offer.model_validate(r) for r in offers(300)]
    cat.user_db().upsert_rows("offers", rows)
    user = cat.user_rows()
    fast = _validate_stored(Offer, user.raw_rows("offers"))
    slow = [Offer.model_validate({**d, "user": True}) for d in user.rows("offers")]
    assert fast == slow and len(fast) == 300 and all(o.user for o in fast)
    cat.refresh()
    assert [o for o in cat.offers() if o.user] == fast


def test_a_bad_row_sends_it_row_by_row():
    good = Offer.model_validate(offers(1)[0]).model_dump_json(exclude={"user"})
    assert _validate_stored(Offer, [("a", good), ("b", good.replace('"gpus_per_node":', '"gpus_per_node":-'))]) is None
    assert _validate_stored(Offer, [("a", "[1]")]) is None
    assert _validate_stored(Offer, [("a", good[:-1] + ',"price_per_gpu_hour":NaN}')]) is None
    assert _validate_stored(Offer, [("a", good[:-1] + ',"price_date":"2026-02-30"}')]) is None
    assert len(_validate_stored(Offer, [("a", good)])) == 1
