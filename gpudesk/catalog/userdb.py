"""The user's own database: GPUs, node types, providers, offers, price overrides, saved plans, settings.

Lives at `gpudesk.paths.user_db_path()`, is created on first use and carries versioned
migrations (sqlite-utils' `Migrations`, recorded in `_sqlite_migrations`). Rows are stored as
validated JSON documents keyed by id, so adding an optional field to a row model needs no
migration. A damaged file is moved aside (never deleted) and reported as a CatalogError.
"""

from __future__ import annotations

import contextlib
import json
import sqlite3
from datetime import UTC, datetime
from pathlib import Path

import sqlite_utils
from sqlite_utils.migrations import Migrations

from gpudesk.errors import CatalogError

MIGRATION_SET = "gpudesk-user"
migrations = Migrations(MIGRATION_SET)
ROW_KINDS = ("gpus", "servers", "providers", "offers")


@migrations(name="0001_rows_and_price_overrides")
def _m0001(db: sqlite_utils.Database) -> None:
    for kind in ROW_KINDS:
        db[kind].create({"id": str, "data": str, "modified": str}, pk="id")
    db["price_overrides"].create({"offer": str, "price_per_gpu_hour": float, "price_per_gpu_month": float,
                                  "price_kind": str, "price_date": str, "note": str, "modified": str},
                                 pk="offer")


@migrations(name="0002_saved_plans_and_settings")
def _m0002(db: sqlite_utils.Database) -> None:
    db["saved_plans"].create({"path": str, "title": str, "catalog_hash": str, "modified": str,
                              "opened": str}, pk="path")
    db["settings"].create({"key": str, "value": str}, pk="key")


def _now() -> str:
    return datetime.now(UTC).replace(microsecond=0).isoformat()


def _move_aside(path: Path) -> Path:
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


class UserDB:
    """Open (creating and migrating as needed) the user database at `path`."""

    def __init__(self, path: Path):
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        try:
            conn = sqlite3.connect(self.path, check_same_thread=False)
            self.db = sqlite_utils.Database(conn)
            if conn.execute("PRAGMA quick_check").fetchone()[0] != "ok":
                raise sqlite3.DatabaseError("integrity check failed")
            self._check_not_newer()
            migrations.apply(self.db)
        except sqlite3.OperationalError as exc:  # locked, unreadable, disk full: not damage, keep it in place
            with contextlib.suppress(Exception):
                conn.close()
            raise CatalogError(f"cannot open user database {self.path} ({exc})") from None
        except sqlite3.DatabaseError as exc:  # not a database / malformed: damaged
            with contextlib.suppress(Exception):  # the file is what matters, not the half-open connection
                conn.close()
            kept = _move_aside(self.path)
            raise CatalogError(f"user database {self.path} is damaged ({exc}); it was kept as {kept} "
                               "and a new empty one will be created on next use") from None

    def _check_not_newer(self) -> None:
        known = {m.name for m in migrations._migrations}
        unknown = [m.name for m in migrations.applied(self.db) if m.name not in known]
        if unknown:
            raise CatalogError(f"user database {self.path} was written by a newer gpudesk "
                               f"(migration {unknown[-1]}); update gpudesk to use it")

    def close(self) -> None:
        self.db.conn.close()

    @property
    def version(self) -> list[str]:
        return [m.name for m in migrations.applied(self.db)]

    # --- rows -------------------------------------------------------------------------------

    def rows(self, kind: str) -> list[dict]:
        if kind not in ROW_KINDS:
            raise ValueError(kind)
        return [json.loads(r[0]) for r in self.db.conn.execute(f"SELECT data FROM {kind} ORDER BY rowid")]

    def upsert_rows(self, kind: str, rows: list) -> None:
        """Insert or replace validated rows (pydantic models) in one transaction."""
        now = _now()
        docs = [{"id": r.id, "data": r.model_dump_json(exclude={"user"}), "modified": now} for r in rows]
        with self.db.atomic():
            self.db[kind].upsert_all(docs, pk="id")

    def upsert_many(self, rows_by_kind: dict[str, list]) -> None:
        """Several kinds at once, all or nothing."""
        with self.db.atomic():
            for kind, rows in rows_by_kind.items():
                if rows:
                    self.upsert_rows(kind, rows)

    def delete_row(self, kind: str, id: str) -> bool:
        with self.db.atomic():
            cur = self.db.conn.execute(f"DELETE FROM {kind} WHERE id = ?", [id])
        return cur.rowcount > 0

    # --- price overrides ----------------------------------------------------------------------

    def price_overrides(self) -> dict[str, dict]:
        cur = self.db.conn.execute("SELECT * FROM price_overrides ORDER BY rowid")
        names = [d[0] for d in cur.description]
        return {r[0]: dict(zip(names, r)) for r in cur}

    def set_price_override(self, offer: str, *, price_per_gpu_hour: float | None = None,
                           price_per_gpu_month: float | None = None, price_kind: str = "quoted",
                           price_date: str | None = None, note: str | None = None) -> None:
        if price_per_gpu_hour is None and price_per_gpu_month is None:
            raise CatalogError("a price override needs a price per GPU-hour or per GPU-month")
        for v in (price_per_gpu_hour, price_per_gpu_month):
            if v is not None and v < 0:
                raise CatalogError(f"a price cannot be negative: {v}")
        with self.db.atomic():
            self.db["price_overrides"].upsert(
                {"offer": offer, "price_per_gpu_hour": price_per_gpu_hour,
                 "price_per_gpu_month": price_per_gpu_month, "price_kind": price_kind,
                 "price_date": price_date, "note": note, "modified": _now()}, pk="offer")

    def clear_price_override(self, offer: str) -> None:
        with self.db.atomic():
            self.db.conn.execute("DELETE FROM price_overrides WHERE offer = ?", [offer])

    # --- saved plans and settings (for the UI) ------------------------------------------------

    def saved_plans(self) -> list[dict]:
        cur = self.db.conn.execute("SELECT * FROM saved_plans ORDER BY opened DESC, path")
        names = [d[0] for d in cur.description]
        return [dict(zip(names, r)) for r in cur]

    def remember_plan(self, path: str | Path, title: str | None = None, catalog_hash: str | None = None,
                      modified: str | None = None) -> None:
        with self.db.atomic():
            self.db["saved_plans"].upsert({"path": str(path), "title": title, "catalog_hash": catalog_hash,
                                           "modified": modified, "opened": _now()}, pk="path")

    def forget_plan(self, path: str | Path) -> None:
        with self.db.atomic():
            self.db.conn.execute("DELETE FROM saved_plans WHERE path = ?", [str(path)])

    def setting(self, key: str, default=None):
        row = self.db.conn.execute("SELECT value FROM settings WHERE key = ?", [key]).fetchone()
        return default if row is None else json.loads(row[0])

    def set_setting(self, key: str, value) -> None:
        with self.db.atomic():
            self.db["settings"].upsert({"key": key, "value": json.dumps(value, ensure_ascii=False)}, pk="key")
