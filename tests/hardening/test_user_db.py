"""A damaged user database: detected, set aside with a copy kept, the user told which file and what was
found, and every command goes on with the bundled catalogue."""

import os
import sqlite3

import pytest

from gpudesk.catalog.schema import Offer
from gpudesk.catalog.userdb import UserDB

from .helpers import cli


def _user_db(home):
    db = UserDB(home / "user.sqlite")
    db.upsert_rows(
        "offers",
        [
            Offer(
                id=f"mine-{i}",
                provider="autodl",
                gpu="rtx-4090",
                price_per_gpu_hour=1.9 + i,
                price_kind="quoted",
                price_date="2026-10-01",
                region=f"region {i}" * 20,
            )
            for i in range(300)
        ],
    )  # several pages, so half the file is not a whole database
    db.set_price_override("ref-h20-8x", price_per_gpu_hour=7.1)
    db.close()
    return home / "user.sqlite"


def _sql(path, *statements):
    con = sqlite3.connect(path)
    for s in statements:
        con.execute(s)
    con.commit()
    con.close()


DAMAGE = {
    "invalid JSON": lambda p: _sql(p, "UPDATE offers SET data = '{not json' WHERE id = 'mine-3'"),
    "row not an object": lambda p: _sql(p, "UPDATE offers SET data = '[1, 2]' WHERE id = 'mine-4'"),
    "NaN in a row": lambda p: _sql(p, 'UPDATE offers SET data = \'{"id": "mine-5", "x": NaN}\' WHERE id = \'mine-5\''),
    "invalid row": lambda p: _sql(p, "UPDATE offers SET data = '{\"id\": \"mine-6\"}' WHERE id = 'mine-6'"),
    "dropped offers table": lambda p: _sql(p, "DROP TABLE offers"),
    "override of the wrong type": lambda p: _sql(p, "UPDATE price_overrides SET price_per_gpu_hour = 'cheap'"),
    "negative override": lambda p: _sql(p, "UPDATE price_overrides SET price_per_gpu_hour = -3"),
    "half-truncated file": lambda p: os.truncate(p, p.stat().st_size // 2),
    "0-byte file": lambda p: os.truncate(p, 0),
    "garbage": lambda p: p.write_bytes(b"\x00garbage" * 5000),
}
FOUND = {
    "invalid JSON": "mine-3",
    "row not an object": "mine-4",
    "NaN in a row": "mine-5",
    "invalid row": "mine-6",
    "dropped offers table": "offers",
    "override of the wrong type": "cheap",
    "negative override": "-3",
    "0-byte file": "0 bytes",
}


@pytest.mark.parametrize("damage", list(DAMAGE))
@pytest.mark.parametrize(
    "command",
    [["catalog", "offers"], ["recommend", "--model", "gpt2", "--task", "full"], ["catalog", "show", "ref-h20-8x"]],
)
def test_commands_go_on_with_the_bundled_catalogue(capsys, _private_user_data, damage, command):
    path = _user_db(_private_user_data)
    DAMAGE[damage](path)
    before = path.read_bytes()
    rc, out, err = cli(capsys, *command)
    assert rc == 0, err
    assert "Traceback" not in err
    (warning,) = [line for line in err.splitlines() if "warning" in line]
    assert str(path) in warning and "damaged" in warning and "set aside as" in warning
    if damage in FOUND:
        assert FOUND[damage] in warning  # what was found, not just "damaged"
    kept = list(path.parent.glob("user.sqlite.damaged-*"))
    assert len(kept) == 1 and kept[0].read_bytes() == before  # the copy is the file as it was
    assert not path.exists()
    rc, _out, err = cli(capsys, *command)  # told once: the next run is clean
    assert rc == 0 and "warning" not in err


@pytest.mark.parametrize("damage", list(DAMAGE))
def test_estimate_reads_only_what_it_needs_and_never_fails(capsys, _private_user_data, damage):
    DAMAGE[damage](_user_db(_private_user_data))
    rc, _out, err = cli(capsys, "estimate", "--model", "gpt2", "--gpu", "rtx-4090")
    assert rc == 0 and "Traceback" not in err, err


@pytest.mark.parametrize("damage", ["invalid JSON", "dropped offers table", "half-truncated file", "0-byte file"])
def test_import_into_a_damaged_database_starts_a_new_one(capsys, _private_user_data, tmp_path, damage):
    path = _user_db(_private_user_data)
    DAMAGE[damage](path)
    sheet = tmp_path / "s.csv"
    sheet.write_text(
        "id,provider,gpu,gpus_per_node,price_per_gpu_hour,price_kind,price_date,billing\n"
        "new-1,autodl,rtx-4090,1,2.5,quoted,2026-10-01,hourly\n",
        encoding="utf-8",
    )
    rc, out, err = cli(capsys, "catalog", "import", str(sheet))
    assert rc == 0, err
    assert "warning" in err and "damaged" in err
    rc, out, err = cli(capsys, "catalog", "offers", "--json")
    assert rc == 0 and '"new-1"' in out and "mine-1" not in out and "warning" not in err


def test_gui_catalogue_model_starts_with_a_truncated_database(_private_user_data):
    """The GUI reads through the same catalogue: a half-truncated file no longer stops it."""
    from gpudesk.catalog import open_catalog
    from gpudesk.errors import take_notices

    path = _user_db(_private_user_data)
    DAMAGE["half-truncated file"](path)
    cat = open_catalog(refresh=True)
    assert cat.offers() and cat.gpus() and cat.providers()
    assert any(str(path) in n for n in take_notices())
