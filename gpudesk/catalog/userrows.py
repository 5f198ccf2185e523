"""Reading the user's own database without writing it: plain sqlite3, read-only, so a command that only
reads (`gpudesk estimate` with a user database present) starts as fast as one without (no sqlite-utils,
no numpy). Writing and migrating is `gpudesk.catalog.userdb.UserDB`; both share the checks below.

A damaged file is moved aside (never deleted) and reported; a file written by a newer gpudesk is
refused untouched; rows are the validated JSON documents UserDB stored.
"""

from __future__ import annotations

import contextlib
import json
import sqlite3
from datetime import UTC, datetime
from pathlib import Path

from gpudesk.errors import CatalogError

MIGRATION_SET = "gpudesk-user"
# Every migration gpudesk knows, in order (UserDB registers exactly these): a database that has applied
# one not listed here was written by a newer gpudesk.
MIGRATION_NAMES = ("0001_rows_and_price_overrides", "0002_saved_plans_and_settings", "0003_drop_saved_plans_and_settings")
ROW_KINDS = ("gpus", "servers", "providers", "offers")


def move_aside(path: Path) -> Path:
    """Rename a damaged database (and its journal files) to PATH.damaged-<time>; returns the new name."""
    stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.damaged-{stamp}")
    n = 1
    while target.exists():
        target = path.with_name(f"{path.name}.damaged-{stamp}-{n}")
        n += 1
    path.replace(target)
    for suffix in ("-wal", "-shm", "-journal"):
        side = path.with_name(path.name + suffix)
        if side.exists():
            side.replace(target.with_name(target.name + suffix))
    return target


def applied_migrations(conn: sqlite3.Connection) -> list[str]:
    """Names of the migrations applied to this database (none for a new one)."""
    if not conn.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '_sqlite_migrations'").fetchone():
        return []
    return [r[0] for r in conn.execute("SELECT name FROM _sqlite_migrations WHERE migration_set = ? ORDER BY rowid",
                                       [MIGRATION_SET])]


def check_database(conn: sqlite3.Connection, path: Path) -> None:
    """Raise sqlite3.DatabaseError for a damaged file, CatalogError for one a newer gpudesk wrote."""
    if conn.execute("PRAGMA quick_check").fetchone()[0] != "ok":
        raise sqlite3.DatabaseError("integrity check failed")
    unknown = [name for name in applied_migrations(conn) if name not in MIGRATION_NAMES]
    if unknown:
        raise CatalogError(f"user database {path} was written by a newer gpudesk "
                           f"(migration {unknown[-1]}); update gpudesk to use it")


def open_checked(path: Path, *, read_only: bool) -> sqlite3.Connection:
    """A connection to the user database, checked (see check_database); damage moves it aside."""
    conn = None
    try:
        if read_only:
            conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True, check_same_thread=False)
        else:
            conn = sqlite3.connect(path, check_same_thread=False)
        check_database(conn, path)
        return conn
    except sqlite3.OperationalError as exc:  # locked, unreadable, disk full: not damage, keep it in place
        with contextlib.suppress(Exception):
            conn.close()
        raise CatalogError(f"cannot open user database {path} ({exc})") from None
    except sqlite3.DatabaseError as exc:  # not a database / malformed: damaged
        with contextlib.suppress(Exception):  # the file is what matters, not the half-open connection
            conn.close()
        kept = move_aside(path)
        raise CatalogError(f"user database {path} is damaged ({exc}); it was kept as {kept} "
                           "and a new empty one will be created on next use") from None
    except BaseException:
        with contextlib.suppress(Exception):
            conn.close()
        raise


def _table_exists(conn: sqlite3.Connection, name: str) -> bool:
    return conn.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", [name]).fetchone() is not None


class UserRows:
    """The user's rows and price overrides, read-only (the file must exist)."""

    def __init__(self, path: Path):
        self.path = Path(path)
        self.conn = open_checked(self.path, read_only=True)

    def close(self) -> None:
        self.conn.close()

    def rows(self, kind: str) -> list[dict]:
        if kind not in ROW_KINDS:
            raise ValueError(kind)
        if not _table_exists(self.conn, kind):
            return []
        return [json.loads(r[0]) for r in self.conn.execute(f"SELECT data FROM {kind} ORDER BY rowid")]

    def price_overrides(self) -> dict[str, dict]:
        if not _table_exists(self.conn, "price_overrides"):
            return {}
        cur = self.conn.execute("SELECT * FROM price_overrides ORDER BY rowid")
        names = [d[0] for d in cur.description]
        return {r[0]: dict(zip(names, r)) for r in cur}
