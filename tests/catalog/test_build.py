"""The bundled database is a reproducible compilation of data/, and is never written."""

import hashlib
import shutil
import sqlite3

import pytest

from gpudesk import paths
from gpudesk.catalog import build as catbuild
from gpudesk.catalog.schema import SCHEMA_VERSION
from gpudesk.errors import CatalogError


def _sqlite_version_in_header(path) -> int:
    return int.from_bytes(path.read_bytes()[96:100], "big")


def test_shipped_database_equals_a_fresh_build(tmp_path):
    fresh = tmp_path / "catalog.sqlite"
    meta = catbuild.build(paths.DATA, fresh)
    ok, why = catbuild.same_content(fresh, paths.BUNDLED_CATALOG)
    assert ok, f"resources/catalog.sqlite is stale ({why}): run `gpudesk catalog build`"
    if (
        _sqlite_version_in_header(paths.BUNDLED_CATALOG)
        == sqlite3.sqlite_version_info[0] * 1000000
        + sqlite3.sqlite_version_info[1] * 1000
        + sqlite3.sqlite_version_info[2]
    ):
        assert fresh.read_bytes() == paths.BUNDLED_CATALOG.read_bytes()
    assert meta["content_hash"] == catbuild.content_hash(catbuild.load_sources(paths.DATA))


def test_build_is_byte_for_byte_reproducible(tmp_path):
    a, b = tmp_path / "a.sqlite", tmp_path / "b.sqlite"
    catbuild.build(paths.DATA, a)
    catbuild.build(paths.DATA, b)
    assert hashlib.sha256(a.read_bytes()).digest() == hashlib.sha256(b.read_bytes()).digest()


def test_meta_and_journal_mode(cat):
    meta = cat.meta
    assert meta.schema_version == SCHEMA_VERSION
    assert len(meta.content_hash) == 64
    src = catbuild.load_sources(paths.DATA)
    assert meta.catalog_date == catbuild.catalog_date(src)
    header = paths.BUNDLED_CATALOG.read_bytes()[:100]
    assert header[18] == 1 and header[19] == 1  # rollback journal (legacy), not WAL (2)


def test_content_hash_follows_the_data_not_its_formatting(tmp_path):
    data = tmp_path / "data"
    shutil.copytree(paths.DATA, data)
    before = catbuild.content_hash(catbuild.load_sources(data))
    gpus = data / "gpus.toml"
    gpus.write_text("# a new comment\n" + gpus.read_text(encoding="utf-8"), encoding="utf-8")
    assert catbuild.content_hash(catbuild.load_sources(data)) == before
    gpus.write_text(gpus.read_text(encoding="utf-8").replace("tdp_watts = 72", "tdp_watts = 75"), encoding="utf-8")
    assert catbuild.content_hash(catbuild.load_sources(data)) != before


def test_bad_sources_are_rejected_listing_every_problem(tmp_path):
    data = tmp_path / "data"
    shutil.copytree(paths.DATA, data)
    with open(data / "gpus.toml", "a", encoding="utf-8") as f:
        f.write(
            '\n[[gpus]]\nid = "l4"\nname = "dup"\nmemory_bytes = 1\nsource = "x"\nchecked = "2026-01-01"\n'
            '\n[[gpus]]\nid = "typo"\nname = "t"\nmemory_bytes = 1\ntflops_bf61 = 3\n'
        )
    with open(data / "offers.toml", "a", encoding="utf-8") as f:
        f.write(
            '\n[[offers]]\nid = "x1"\nprovider = "nobody"\ngpu = "h100-sxm-80gb"\nsource = "s"\n'
            '\n[[offers]]\nid = "x2"\nprovider = "autodl"\ngpu = "rtx-4090"\nprice_per_gpu_hour = 2\n'
            'price_kind = "estimate"\nprice_date = "2026-01-01"\nsource = "s"\n'
        )
    with pytest.raises(CatalogError) as exc:
        catbuild.load_sources(data)
    msg = str(exc.value)
    for expected in ("duplicate id", "tflops_bf61", "unknown provider 'nobody'", "estimate must state its basis"):
        assert expected in msg


def test_bundled_file_is_read_only():
    from gpudesk.catalog.store import open_bundled

    before = paths.BUNDLED_CATALOG.read_bytes()
    conn = open_bundled(paths.BUNDLED_CATALOG)
    with pytest.raises(sqlite3.OperationalError, match="readonly"):
        conn.execute("INSERT INTO meta VALUES ('x', 'y')")
    with pytest.raises(sqlite3.OperationalError):
        conn.execute("DELETE FROM gpus")
    conn.close()
    assert paths.BUNDLED_CATALOG.read_bytes() == before


def test_using_the_catalogue_never_touches_the_bundle(cat):
    before = paths.BUNDLED_CATALOG.read_bytes()
    cat.gpus(), cat.offers(), cat.models()
    cat.user_db().set_price_override("ref-l40s-1x", price_per_gpu_hour=4.2, price_date="2026-11-30")
    cat.refresh()
    assert cat.offer("ref-l40s-1x").price_per_gpu_hour == 4.2
    assert paths.BUNDLED_CATALOG.read_bytes() == before


def test_missing_bundle_is_a_clear_error(tmp_path):
    from gpudesk.catalog.store import Catalog

    with pytest.raises(CatalogError, match="missing"):
        Catalog(tmp_path / "none.sqlite", tmp_path / "u.sqlite").gpus()
