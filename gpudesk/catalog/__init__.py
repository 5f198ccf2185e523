"""The offline catalogue: bundled read-only SQLite built from data/, and the user database. No Qt.

    from gpudesk.catalog import open_catalog
    cat = open_catalog()          # cached per process (per bundled file + user database)
    cat.gpus(); cat.gpu("h100-sxm-80gb"); cat.models(); cat.model("llama-2-7b")
    cat.servers(); cat.providers(); cat.offers(); cat.meta

Rows load lazily on first use, so opening is cheap.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from gpudesk.catalog.store import Catalog

__all__ = ["invalidate_catalog", "open_catalog"]

_open: dict[tuple[str, str], Catalog] = {}


def open_catalog(
    *, bundled: str | Path | None = None, user_db: str | Path | None = None, refresh: bool = False
) -> Catalog:
    """The catalogue (bundled rows merged with the user's), cached per process.

    `refresh=True` drops the cached rows (after an import or an edit in another process).
    """
    from gpudesk import paths
    from gpudesk.catalog.store import Catalog

    b = Path(bundled) if bundled else paths.BUNDLED_CATALOG
    u = Path(user_db) if user_db else paths.user_db_path()
    key = (str(b), str(u))
    cat = _open.get(key)
    if cat is None:
        cat = _open[key] = Catalog(b, u)
    elif refresh:
        cat.refresh()
    return cat


def invalidate_catalog() -> None:
    """Forget every cached catalogue (their rows reload on next use)."""
    for cat in _open.values():
        cat.refresh()
