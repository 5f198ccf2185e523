"""Reading the user's own database without writing it: plain sqlite3, read-only, so a command that only
reads (`gpudesk estimate` with a user database present) starts as fast as one without (no sqlite-utils,
no numpy). Writing and migrating is `gpudesk.catalog.userdb.UserDB`; both share the checks below.

A damaged file is moved aside (never deleted) and reported; a file written by a newer gpudesk is
refused untouched; rows are the validated JSON documents UserDB stored.
"""

from __future__ import annotations

import contextlib
import math
import sqlite3
from datetime import UTC, datetime
from pathlib import Path
from typing import TypedDict

from gpudesk.core.i18n import t
from gpudesk.errors import CatalogError, GpudeskError, UserDatabaseDamaged
from gpudesk.fileio import parse_json

MIGRATION_SET = "gpudesk-user"
# Every migration gpudesk knows, in order (UserDB registers exactly these): a database that has applied
# one not listed here was written by a newer gpudesk.
MIGRATION_NAMES = (
    "0001_rows_and_price_overrides",
    "0002_saved_plans_and_settings",
    "0003_drop_saved_plans_and_settings",
)
ROW_KINDS = ("gpus", "servers", "providers", "offers")
_OVERRIDE_COLUMNS = (
    "offer",
    "price_per_gpu_hour",
    "price_per_gpu_month",
    "price_kind",
    "price_date",
    "note",
    "modified",
)


class PriceOverride(TypedDict):
    """One row of `price_overrides`, as checked on reading (prices finite and not negative)."""

    offer: str
    price_per_gpu_hour: float | None
    price_per_gpu_month: float | None
    price_kind: str | None
    price_date: str | None
    note: str | None
    modified: str | None


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
    return [
        r[0]
        for r in conn.execute(
            "SELECT name FROM _sqlite_migrations WHERE migration_set = ? ORDER BY rowid", [MIGRATION_SET]
        )
    ]


def check_database(conn: sqlite3.Connection, path: Path) -> None:
    """Raise sqlite3.DatabaseError for a damaged file, CatalogError for one a newer gpudesk wrote."""
    if conn.execute("PRAGMA quick_check").fetchone()[0] != "ok":
        raise sqlite3.DatabaseError("integrity check failed")
    unknown = [name for name in applied_migrations(conn) if name not in MIGRATION_NAMES]
    if unknown:
        raise CatalogError(
            f"user database {path} was written by a newer gpudesk (migration {unknown[-1]}); update gpudesk to use it"
        )


def open_checked(path: Path, *, read_only: bool) -> sqlite3.Connection:
    """A connection to the user database, checked (see check_database). A damaged file is moved aside and
    UserDatabaseDamaged raised (the caller goes on without it); one that cannot be opened is a CatalogError."""
    conn: sqlite3.Connection | None = None
    try:
        if path.exists() and path.stat().st_size == 0:  # a database always has a header: this one was cut off
            raise sqlite3.DatabaseError(t("the file is empty (0 bytes)", "文件为空（0 字节）"))
        if read_only:
            conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True, check_same_thread=False)
        else:
            conn = sqlite3.connect(path, check_same_thread=False)
        check_database(conn, path)
        return conn
    except sqlite3.OperationalError as exc:  # locked, unreadable, disk full: not damage, keep it in place
        _close(conn)
        raise CatalogError(
            t("cannot open user database {p} ({exc})", "无法打开用户数据库 {p}（{exc}）", p=path, exc=exc)
        ) from None
    except sqlite3.DatabaseError as exc:  # not a database / malformed: damaged
        _close(conn)  # the file is what matters, not the half-open connection
        raise damaged(path, str(exc)) from None
    except BaseException:
        _close(conn)
        raise


def _close(conn: sqlite3.Connection | None) -> None:
    """Close a connection that may not have been opened, ignoring whatever closing it raises."""
    if conn is not None:
        with contextlib.suppress(Exception):
            conn.close()


def damaged(path: Path, reason: str) -> UserDatabaseDamaged:
    """Set the damaged database aside (a copy kept, never deleted) and word what happened for the user."""
    try:
        kept = move_aside(path)
    except OSError as exc:
        return UserDatabaseDamaged(
            t(
                "user database {p} is damaged ({r}) and could not be set aside ({e}); it is not used now, "
                "the bundled catalogue is",
                "用户数据库 {p} 已损坏（{r}），且无法移到一旁（{e}）；现在不使用它，改用内置目录",
                p=path,
                r=reason,
                e=exc.strerror or exc,
            )
        )
    return UserDatabaseDamaged(
        t(
            "user database {p} is damaged ({r}); it was set aside as {k} (your own rows are in that copy) and the "
            "bundled catalogue is used; a new database is made when you next import or edit",
            "用户数据库 {p} 已损坏（{r}）；已另存为 {k}（您自己的条目保存在该副本中），现在使用内置目录；"
            "下次导入或编辑时会新建数据库",
            p=path,
            r=reason,
            k=kept,
        ),
        kept=kept,
    )


def _table_exists(conn: sqlite3.Connection, name: str) -> bool:
    return conn.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", [name]).fetchone() is not None


class UserRows:
    """The user's rows and price overrides, read-only (the file must exist). Damage found while reading
    (a row that is not a JSON object, a missing table, a price of the wrong type) raises
    UserDatabaseDamaged after setting the file aside."""

    def __init__(self, path: Path):
        self.path = Path(path)
        self.conn = open_checked(self.path, read_only=True)

    def close(self) -> None:
        self.conn.close()

    def _damaged(self, reason: str) -> UserDatabaseDamaged:
        self.close()
        return damaged(self.path, reason)

    def _query(self, sql: str, table: str) -> list[tuple[object, ...]]:
        """Rows of `sql`; [] when `table` never existed; damage when a migration made it and it is gone."""
        try:
            if not _table_exists(self.conn, table):
                if applied_migrations(self.conn):
                    raise self._damaged(t("table '{n}' is missing", "缺少数据表“{n}”", n=table))
                return []
            return self.conn.execute(sql).fetchall()
        except sqlite3.DatabaseError as exc:  # a malformed page met only now
            raise self._damaged(str(exc)) from None

    def raw_rows(self, kind: str) -> list[tuple[object, ...]]:
        """(id, stored JSON text) of every row, as stored (the fast path: one validation pass over all)."""
        if kind not in ROW_KINDS:
            raise ValueError(kind)
        return self._query(f"SELECT id, data FROM {kind} ORDER BY rowid", kind)

    def rows(self, kind: str) -> list[dict[str, object]]:
        if kind not in ROW_KINDS:
            raise ValueError(kind)
        out: list[dict[str, object]] = []
        for row_id, data in self._query(f"SELECT id, data FROM {kind} ORDER BY rowid", kind):
            try:
                doc = parse_json(data if isinstance(data, (str, bytes)) else "", f"{kind} row {row_id!r}")
            except GpudeskError:
                raise self._damaged(
                    t("{k} row {i!r} is not valid JSON", "{k} 中的条目 {i!r} 不是有效的 JSON", k=kind, i=row_id)
                ) from None
            if not isinstance(doc, dict):
                raise self._damaged(
                    t("{k} row {i!r} is not a JSON object", "{k} 中的条目 {i!r} 不是 JSON 对象", k=kind, i=row_id)
                )
            out.append(doc)
        return out

    def price_overrides(self) -> dict[str, PriceOverride]:
        cur = self._query(
            f"SELECT {', '.join(_OVERRIDE_COLUMNS)} FROM price_overrides ORDER BY rowid", "price_overrides"
        )
        out: dict[str, PriceOverride] = {}
        for r in cur:
            ov = dict(zip(_OVERRIDE_COLUMNS, r, strict=True))
            for key, value in ov.items():
                problem = _override_problem(key, value)
                if problem:
                    raise self._damaged(
                        t(
                            "price override for {o!r}: {k} {p}",
                            "报价 {o!r} 的自定价格：{k} {p}",
                            o=ov["offer"],
                            k=key,
                            p=problem,
                        )
                    )
            checked = _checked_override(ov)
            out[checked["offer"]] = checked
        return out


def _checked_override(ov: dict[str, object]) -> PriceOverride:
    """The override row as its TypedDict, once _override_problem found nothing wrong with any value."""

    def price(key: str) -> float | None:
        v = ov[key]
        return v if isinstance(v, (int, float)) and not isinstance(v, bool) else None

    def text(key: str) -> str | None:
        v = ov[key]
        return v if isinstance(v, str) else None

    return PriceOverride(
        offer=text("offer") or "",
        price_per_gpu_hour=price("price_per_gpu_hour"),
        price_per_gpu_month=price("price_per_gpu_month"),
        price_kind=text("price_kind"),
        price_date=text("price_date"),
        note=text("note"),
        modified=text("modified"),
    )


def _override_problem(key: str, value: object) -> str | None:
    if key.startswith("price_per_"):
        if value is None:
            return None
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            return t("is {v!r}, not a number", "为 {v!r}，不是数字", v=value)
        if not math.isfinite(value) or value < 0 or value > 1e8:
            return t("is {v!r}, not a price", "为 {v!r}，不是有效价格", v=value)
        return None
    if value is not None and not isinstance(value, str):
        return t("is {v!r}, not text", "为 {v!r}，不是文本", v=value)
    if key == "offer" and not value:
        return t("is empty", "为空")
    return None
