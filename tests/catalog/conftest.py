"""Catalogue test helpers: a fresh catalogue per test over the bundled file and a private user db."""

from pathlib import Path

import pytest

from gpudesk import paths

FIXTURES = Path("/work/shared/acceptance/fixtures")


@pytest.fixture
def cat(tmp_path):
    from gpudesk.catalog.store import Catalog

    c = Catalog(paths.BUNDLED_CATALOG, tmp_path / "user.sqlite")
    yield c
    c.close()
