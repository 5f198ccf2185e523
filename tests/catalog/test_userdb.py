"""The user's database: created on first use, migrated, merged over the bundle, kept when damaged."""

import re
import sqlite3
from pathlib import Path

import pytest
import sqlite_utils

from gpudesk.catalog.schema import GpuSpec, Offer, Provider
from gpudesk.catalog.userdb import UserDB, migrations
from gpudesk.errors import CatalogError, take_notices

ALL = ["0001_rows_and_price_overrides", "0002_saved_plans_and_settings", "0003_drop_saved_plans_and_settings"]


def test_created_and_migrated_from_empty(tmp_path):
    path = tmp_path / "sub" / "user.sqlite"
    db = UserDB(path)
    assert path.exists()
    assert db.version == ALL
    tables = set(db.db.table_names())
    assert {"gpus", "servers", "providers", "offers", "price_overrides"} <= tables
    assert not {"saved_plans", "settings"} & tables  # settings and recent plans live in QSettings, plans in files
    db.close()
    assert UserDB(path).version == ALL  # reopening applies nothing twice


def test_migrated_from_an_older_version_keeping_its_rows(tmp_path):
    path = tmp_path / "user.sqlite"
    old = sqlite_utils.Database(path)
    migrations.apply(old, stop_before="0002_saved_plans_and_settings")  # what gpudesk 0.0 left behind
    old["offers"].insert(
        {
            "id": "mine",
            "data": Offer(
                id="mine",
                provider="autodl",
                gpu="rtx-4090",
                price_per_gpu_hour=1.9,
                price_kind="quoted",
                price_date="2026-10-01",
            ).model_dump_json(),
            "modified": "x",
        }
    )
    old.conn.close()
    db = UserDB(path)
    assert db.version == ALL
    assert [r["id"] for r in db.rows("offers")] == ["mine"]


def test_the_unused_tables_of_version_2_are_dropped(tmp_path):
    path = tmp_path / "user.sqlite"
    old = sqlite_utils.Database(path)
    migrations.apply(old, stop_before="0003_drop_saved_plans_and_settings")  # what gpudesk 0.1 left behind
    old["settings"].insert({"key": "language", "value": '"zh_CN"'})
    assert {"saved_plans", "settings"} <= set(old.table_names())
    old.conn.close()
    db = UserDB(path)
    assert db.version == ALL and not {"saved_plans", "settings"} & set(db.db.table_names())


def test_reading_the_user_database_needs_no_sqlite_utils(tmp_path):
    """`estimate` with a user database starts as fast as without one: reading uses plain sqlite3."""
    import os
    import subprocess
    import sys

    db = UserDB(tmp_path / "user.sqlite")
    db.upsert_rows(
        "offers",
        [
            Offer(
                id="mine",
                provider="autodl",
                gpu="rtx-4090",
                price_per_gpu_hour=1.9,
                price_kind="quoted",
                price_date="2026-10-01",
            )
        ],
    )
    db.close()
    code = (
        "import sys; from gpudesk.catalog import open_catalog; cat = open_catalog(); "
        "assert cat.offer('mine').user; print(sorted(m for m in ('sqlite_utils', 'numpy') if m in sys.modules))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        timeout=120,
        env=dict(os.environ, GPUDESK_HOME=str(tmp_path)),
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"


def test_a_damaged_database_found_while_reading_is_kept_aside(cat):
    bundled = (Path(__file__).parents[2] / "data" / "gpus.toml").read_text(encoding="utf-8").count("[[gpus]]")
    cat.user_db_path.write_bytes(b"this is not a database" * 100)
    assert len(cat.gpus()) == bundled  # the bundled catalogue serves
    assert list(cat.user_db_path.parent.glob("user.sqlite.damaged-*"))
    assert any("damaged" in n and str(cat.user_db_path) in n for n in take_notices())


def test_damaged_database_is_kept_aside_and_reported(tmp_path):
    path = tmp_path / "user.sqlite"
    path.write_bytes(b"this is not a database" * 100)
    assert UserDB(path).version == ALL  # a writer starts afresh at once
    (msg,) = take_notices()
    assert str(path) in msg and "damaged" in msg
    kept = list(tmp_path.glob("user.sqlite.damaged-*"))
    assert len(kept) == 1 and kept[0].read_bytes() == b"this is not a database" * 100
    assert str(kept[0]) in msg


def test_newer_database_is_refused_untouched(tmp_path):
    path = tmp_path / "user.sqlite"
    UserDB(path).close()
    conn = sqlite3.connect(path)
    conn.execute(
        "INSERT INTO _sqlite_migrations (migration_set, name, applied_at) VALUES (?, ?, ?)",
        ("gpudesk-user", "0099_from_the_future", "2030"),
    )
    conn.commit()
    conn.close()
    with pytest.raises(CatalogError, match="newer gpudesk"):
        UserDB(path)
    assert path.exists()


def test_user_rows_override_and_extend_bundled_rows(cat):
    base = cat.gpu("l20")
    assert not base.user
    bundled = len(cat.gpus())
    user = cat.user_db()
    user.upsert_rows(
        "gpus",
        [
            base.model_copy(update={"tdp_watts": 300.0, "notes": "measured"}),
            GpuSpec(
                id="my-card",
                name="My card",
                memory_bytes=32_000_000_000,
                tflops_bf16=100,
                source="own test",
                checked="2026-11-01",
            ),
        ],
    )
    user.upsert_rows("providers", [Provider(id="local-idc", name_zh="本地机房", source="visit", checked="2026-11-01")])
    cat.refresh()
    assert cat.gpu("l20").tdp_watts == 300 and cat.gpu("l20").user
    assert cat.gpu("my-card").user and len(cat.gpus()) == bundled + 1
    assert cat.provider("local-idc").user
    assert not cat.gpu("h20").user


def test_price_override_turns_an_offer_into_the_users(cat):
    cat.user_db().set_price_override(
        "ref-h20-8x", price_per_gpu_hour=7.1, price_per_gpu_month=4200, price_date="2026-11-20", note="quote from sales"
    )
    cat.refresh()
    o = cat.offer("ref-h20-8x")
    assert (o.price_per_gpu_hour, o.price_per_gpu_month, o.price_kind, o.price_date, o.user) == (
        7.1,
        4200,
        "quoted",
        "2026-11-20",
        True,
    )
    assert "quote from sales" in o.notes
    with pytest.raises(CatalogError):
        cat.user_db().set_price_override("ref-h20-8x", price_per_gpu_hour=-1)


def test_reading_does_not_create_the_user_database(cat):
    cat.gpus()
    assert not cat.user_db_path.exists()


def test_an_invalid_user_row_is_reported_with_its_file_and_id(cat):
    cat.user_db().db["offers"].insert({"id": "broken", "data": '{"id": "broken", "provider": "x"}', "modified": "x"})
    cat.refresh()
    assert "broken" not in {o.id for o in cat.offers()}  # the bundled offers serve
    (msg,) = take_notices()
    assert re.search(r"user\.sqlite is damaged \(offers row 'broken' is invalid \(gpu", msg), msg


def test_an_unopenable_database_is_reported_but_never_moved(tmp_path):
    path = tmp_path / "user.sqlite"
    path.mkdir()  # e.g. a permissions or locking problem: not damage
    with pytest.raises(CatalogError, match="cannot open user database"):
        UserDB(path)
    assert path.is_dir() and not list(tmp_path.glob("*.damaged-*"))
