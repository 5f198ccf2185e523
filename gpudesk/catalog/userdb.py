"""Writing the user's own database: GPUs, node types, providers, offers and price overrides.

Lives at `gpudesk.paths.user_db_path()`, is created on first write and carries versioned migrations
(sqlite-utils' `Migrations`, recorded in `_sqlite_migrations`). Rows are stored as validated JSON
documents keyed by id, so adding an optional field to a row model needs no migration. A damaged file is
moved aside (never deleted) and reported as a CatalogError. Only writers import this module (it pulls
in sqlite-utils); reading goes through `gpudesk.catalog.userrows`.
"""

from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import Iterator, Mapping, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING

import sqlite_utils
from sqlite_utils.migrations import Migrations

from gpudesk.core.i18n import t
from gpudesk.catalog.userrows import MIGRATION_NAMES, MIGRATION_SET, ROW_KINDS, UserRows, open_checked
from gpudesk.errors import CatalogError, UserDatabaseDamaged, notify
from gpudesk.paths import make_folder

if TYPE_CHECKING:
    from gpudesk.catalog.codec import CatalogRow

migrations = Migrations(MIGRATION_SET)


@migrations(name="0001_rows_and_price_overrides")
def _m0001(db: sqlite_utils.Database) -> None:
    for kind in ROW_KINDS:
        db.table(kind).create({"id": str, "data": str, "modified": str}, pk="id")
    db.table("price_overrides").create(
        {
            "offer": str,
            "price_per_gpu_hour": float,
            "price_per_gpu_month": float,
            "price_kind": str,
            "price_date": str,
            "note": str,
            "modified": str,
        },
        pk="offer",
    )


@migrations(name="0002_saved_plans_and_settings")
def _m0002(db: sqlite_utils.Database) -> None:
    db.table("saved_plans").create(
        {"path": str, "title": str, "catalog_hash": str, "modified": str, "opened": str}, pk="path"
    )
    db.table("settings").create({"key": str, "value": str}, pk="key")


@migrations(name="0003_drop_saved_plans_and_settings")
def _m0003(db: sqlite_utils.Database) -> None:
    # the app keeps settings and recent plans in QSettings and plans in their files: the tables were never used
    for name in ("saved_plans", "settings"):
        if db[name].exists():
            db[name].drop()


assert tuple(m.name for m in migrations._migrations) == MIGRATION_NAMES  # one list of migrations


def _now() -> str:
    return datetime.now(UTC).replace(microsecond=0).isoformat()


class UserDB(UserRows):
    """Open (creating and migrating as needed) the user database at `path` for writing."""

    def __init__(self, path: Path):
        self.path = Path(path)
        make_folder(self.path.parent, "the folder of the user database")
        try:
            self.conn = open_checked(self.path, read_only=False)
        except UserDatabaseDamaged as exc:  # set aside (the user is told): start a new one
            if exc.kept is None:
                raise
            notify(str(exc))
            self.conn = open_checked(self.path, read_only=False)
        self.db = sqlite_utils.Database(self.conn)
        try:
            migrations.apply(self.db)
        except Exception as exc:  # noqa: BLE001 - a migration that fails leaves the file as it was
            self.conn.close()
            raise CatalogError(
                t("cannot migrate user database {p} ({exc})", "无法迁移用户数据库 {p}（{exc}）", p=self.path, exc=exc)
            ) from None

    @contextlib.contextmanager
    def writing(self) -> Iterator[None]:
        """One transaction; sqlite's errors (read-only folder, full disk, locked) become one-line messages."""
        try:
            with self.db.atomic():
                yield
        except sqlite3.Error as exc:
            raise CatalogError(
                t(
                    "cannot write user database {p} ({e}); nothing was changed",
                    "无法写入用户数据库 {p}（{e}）；没有改动任何内容",
                    p=self.path,
                    e=_sqlite_reason(exc),
                )
            ) from None

    @property
    def version(self) -> list[str]:
        return [m.name for m in migrations.applied(self.db)]

    def upsert_rows(self, kind: str, rows: Sequence[CatalogRow]) -> None:
        """Insert or replace validated rows (pydantic models) in one transaction."""
        if kind not in ROW_KINDS:
            raise ValueError(kind)
        now = _now()
        docs = [{"id": r.id, "data": r.model_dump_json(exclude={"user"}), "modified": now} for r in rows]
        with self.writing():
            self.db.table(kind).upsert_all(docs, pk="id")

    def upsert_many(self, rows_by_kind: Mapping[str, Sequence[CatalogRow]]) -> None:
        """Several kinds at once, all or nothing."""
        with self.writing():
            for kind, rows in rows_by_kind.items():
                if rows:
                    self.upsert_rows(kind, rows)

    def delete_row(self, kind: str, id: str) -> bool:
        if kind not in ROW_KINDS:
            raise ValueError(kind)
        with self.writing():
            cur = self.db.conn.execute(f"DELETE FROM {kind} WHERE id = ?", [id])
        return cur.rowcount > 0

    def set_price_override(
        self,
        offer: str,
        *,
        price_per_gpu_hour: float | None = None,
        price_per_gpu_month: float | None = None,
        price_kind: str = "quoted",
        price_date: str | None = None,
        note: str | None = None,
    ) -> None:
        if price_per_gpu_hour is None and price_per_gpu_month is None:
            raise CatalogError(
                t(
                    "a price override needs a price per GPU-hour or per GPU-month",
                    "自定价格需要填写每卡每小时或每卡每月的价格",
                )
            )
        for v in (price_per_gpu_hour, price_per_gpu_month):
            if v is not None and v < 0:
                raise CatalogError(t("a price cannot be negative: {v}", "价格不能为负数：{v}", v=v))
        with self.writing():
            self.db.table("price_overrides").upsert(
                {
                    "offer": offer,
                    "price_per_gpu_hour": price_per_gpu_hour,
                    "price_per_gpu_month": price_per_gpu_month,
                    "price_kind": price_kind,
                    "price_date": price_date,
                    "note": note,
                    "modified": _now(),
                },
                pk="offer",
            )

    def clear_price_override(self, offer: str) -> None:
        with self.writing():
            self.db.conn.execute("DELETE FROM price_overrides WHERE offer = ?", [offer])


_SQLITE_ZH = {
    "attempt to write a readonly database": "数据库是只读的",
    "database or disk is full": "数据库或磁盘已满",
    "database is locked": "数据库正被占用",
    "unable to open database file": "无法打开数据库文件",
    "disk I/O error": "磁盘读写错误",
}


def _sqlite_reason(exc: Exception) -> str:
    """sqlite's reason in the current language (sqlite words it in English)."""
    return t(str(exc), _SQLITE_ZH.get(str(exc), str(exc)))
