"""The catalogue a process reads: the bundled read-only SQLite file merged with the user database.

Rows load lazily per kind on first use and are cached; `refresh()` drops the cache. The bundled
file is opened with `mode=ro&immutable=1` (it may sit in a read-only install folder) and is never
written. User rows replace bundled rows with the same id, extend them otherwise, and always
carry `user=True`; a user price override turns a bundled offer into a user row too.
"""

from __future__ import annotations

import contextlib
import functools
import json
import sqlite3
import threading
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar, cast

from gpudesk.core.i18n import t
from gpudesk.core.parse import suggest
from gpudesk.core.quiet_gc import no_gc
from gpudesk.errors import CatalogError, UserDatabaseDamaged, notify

if TYPE_CHECKING:  # pydantic and the row models load with the first rows, not on open
    from pydantic import BaseModel, TypeAdapter

    from gpudesk.catalog.codec import CatalogRow
    from gpudesk.catalog.schema import CatalogMeta, GpuSpec, ModelPreset, Offer, Provider, ServerType
    from gpudesk.catalog.userdb import UserDB
    from gpudesk.catalog.userrows import PriceOverride, UserRows
    from gpudesk.core.models import ModelArch

R = TypeVar("R", bound="CatalogRow")

KIND_NAMES = ("gpus", "servers", "providers", "offers")

# fmt: off
# a bilingual name per kind of row: data, kept as a compact table
_SINGULAR = {"gpus": ("GPU", "GPU"), "servers": ("server type", "服务器类型"), "providers": ("provider", "服务商"),
             "offers": ("offer", "报价"), "models": ("model preset", "模型预设")}
# fmt: on


def open_bundled(path: Path) -> sqlite3.Connection:
    """Read-only connection to the bundled file; any write through it fails."""
    if not path.is_file():
        raise CatalogError(
            t(
                "bundled catalogue {p} is missing; run `gpudesk catalog build`",
                "内置目录 {p} 缺失；请运行 `gpudesk catalog build`",
                p=path,
            )
        )
    uri = Path(path).resolve().as_uri() + "?mode=ro&immutable=1"
    try:
        conn = sqlite3.connect(uri, uri=True, check_same_thread=False)
        conn.row_factory = sqlite3.Row
        conn.execute("SELECT 1 FROM meta LIMIT 1")
    except sqlite3.DatabaseError as exc:
        raise CatalogError(
            f"bundled catalogue {path} cannot be read ({exc}); reinstall gpudesk or run `gpudesk catalog build`"
        ) from None
    return conn


def _norm(s: str) -> str:
    return "".join(ch for ch in s.lower() if ch.isalnum())


class Catalog:
    """Bundled + user catalogue rows. Cheap to create: nothing is read until asked for."""

    def __init__(self, bundled: Path, user_db: Path):
        self.bundled_path = Path(bundled)
        self.user_db_path = Path(user_db)
        self._lock = threading.RLock()
        self._conn: sqlite3.Connection | None = None
        self._meta: CatalogMeta | None = None
        self._rows: dict[str, Mapping[str, CatalogRow]] = {}  # kind -> id -> row of that kind's model
        self._presets: dict[str, ModelPreset] | None = None
        self._user: UserRows | None = None  # the user database as read (UserRows) or written (UserDB)
        self._writer: UserDB | None = None
        self._user_off = False  # a damaged user database that could not be set aside: not read again

    # --- plumbing ---------------------------------------------------------------------------

    def _db(self) -> sqlite3.Connection:
        if self._conn is None:
            self._conn = open_bundled(self.bundled_path)
        return self._conn

    def user_db(self) -> UserDB:
        """The user's database for writing (created and migrated on first use; imports sqlite-utils).
        A damaged one is set aside first (the user is told) and a new one made."""
        with self._lock:
            if self._writer is None:
                from gpudesk.catalog.userdb import UserDB

                if self._user is not None:
                    self._user.close()
                    self._user = None
                self._writer = UserDB(self.user_db_path)
                self._user = self._writer
                self._user_off = False
            return self._writer

    def user_rows(self) -> UserRows | None:
        """The user's rows for reading (plain sqlite3, read-only), or None when there is no usable user
        database: none yet, or a damaged one (set aside, the user told; the bundled catalogue serves)."""
        with self._lock:
            if self._user is None:
                if self._user_off or not self.user_db_path.exists():
                    return None
                from gpudesk.catalog.userrows import UserRows

                try:
                    self._user = rows = UserRows(self.user_db_path)
                except UserDatabaseDamaged as exc:
                    self._without_user(exc)
                    return None
                return rows
            return self._user

    def _without_user(self, exc: UserDatabaseDamaged) -> None:
        """Go on with the bundled rows only: the damaged database is closed, and the user is told."""
        notify(str(exc))
        if self._user is not None:
            with contextlib.suppress(Exception):
                self._user.close()
        self._user = self._writer = None
        self._user_off = exc.kept is None  # set aside: a later write starts a fresh one; else leave it alone
        self._rows.clear()

    def refresh(self) -> None:
        with self._lock:
            self._rows.clear()
            self._presets = None
            self._meta = None

    def close(self) -> None:
        with self._lock:
            if self._conn is not None:
                self._conn.close()
                self._conn = None
            if self._user is not None:
                self._user.close()
                self._user = self._writer = None

    @property
    def meta(self) -> CatalogMeta:
        with self._lock:
            if self._meta is None:
                from gpudesk.catalog.schema import CatalogMeta

                rows = dict(self._db().execute("SELECT key, value FROM meta").fetchall())
                self._meta = CatalogMeta(
                    schema_version=int(rows["schema_version"]),
                    content_hash=rows["content_hash"],
                    catalog_date=rows.get("catalog_date"),
                )
            return self._meta

    def _load(self, kind: str, model: type[R]) -> Mapping[str, R]:
        """The rows of one kind (`model` is that kind's row model, codec.KINDS[kind])."""
        with self._lock:
            cached = self._rows.get(kind)
            if cached is not None:
                # the cache for a kind holds only rows that kind's model validated (stored just below)
                return cast("Mapping[str, R]", cached)
            from gpudesk.catalog.codec import from_columns

            rows: dict[str, R] = {}
            for r in self._db().execute(f"SELECT * FROM {kind} ORDER BY rowid"):
                row = from_columns(model, dict(r))
                rows[row.id] = row
            try:
                with no_gc():  # thousands of new rows, none of them garbage: no collector passes over them
                    self._merge_user(kind, model, rows)
            except UserDatabaseDamaged as exc:  # bundled rows only, for every kind (the cache is cleared)
                self._without_user(exc)
                return self._load(kind, model)
            self._rows[kind] = rows
            return rows

    def _kind(self, kind: str) -> Mapping[str, CatalogRow]:
        """The rows of a kind named at run time (any row model)."""
        from gpudesk.catalog.codec import KINDS

        return self._load(kind, KINDS[kind])

    def _merge_user(self, kind: str, model: type[R], rows: dict[str, R]) -> None:
        user = self.user_rows()
        if user is None:
            return
        from pydantic import ValidationError

        from gpudesk.catalog.schema import Offer
        from gpudesk.catalog.userrows import damaged

        fast = _validate_stored(model, user.raw_rows(kind))
        if fast is not None:
            for row in fast:
                rows[row.id] = row
            data_rows: list[dict[str, object]] = []
        else:  # something is wrong in there: row by row, to name it
            data_rows = user.rows(kind)
        for data in data_rows:
            try:
                row = _validated(model, {**data, "user": True})
            except ValueError as exc:  # pydantic's ValidationError is a ValueError
                first: Mapping[str, Any] = exc.errors()[0] if isinstance(exc, ValidationError) else {}
                where = ".".join(map(str, first.get("loc", ()))) or "?"
                user.close()
                raise damaged(
                    user.path, f"{kind} row {data.get('id')!r} is invalid ({where}: {first.get('msg', exc)})"
                ) from None
            rows[row.id] = row
        if kind == "offers":
            for offer_id, ov in user.price_overrides().items():
                offer = rows.get(offer_id)
                if isinstance(offer, Offer):  # always, in the offers' rows
                    rows[offer_id] = _apply_override(offer, ov)

    def _get(self, kind: str, model: type[R], id: str) -> R:
        rows = self._load(kind, model)
        found = _lookup(rows, id)
        if found is None:
            raise CatalogError(_unknown(kind, id, rows))
        return found

    # --- the public API -------------------------------------------------------------------

    # (the row models are imported where used: opening the catalogue loads no pydantic)

    def gpus(self) -> list[GpuSpec]:
        from gpudesk.catalog.schema import GpuSpec

        return list(self._load("gpus", GpuSpec).values())

    def gpu(self, id: str) -> GpuSpec:
        from gpudesk.catalog.schema import GpuSpec

        return self._get("gpus", GpuSpec, id)

    def servers(self) -> list[ServerType]:
        from gpudesk.catalog.schema import ServerType

        return list(self._load("servers", ServerType).values())

    def server(self, id: str) -> ServerType:
        from gpudesk.catalog.schema import ServerType

        return self._get("servers", ServerType, id)

    def providers(self) -> list[Provider]:
        from gpudesk.catalog.schema import Provider

        return list(self._load("providers", Provider).values())

    def provider(self, id: str) -> Provider:
        from gpudesk.catalog.schema import Provider

        return self._get("providers", Provider, id)

    def offers(self) -> list[Offer]:
        from gpudesk.catalog.schema import Offer

        return list(self._load("offers", Offer).values())

    def offer(self, id: str) -> Offer:
        from gpudesk.catalog.schema import Offer

        return self._get("offers", Offer, id)

    def offers_for(self, gpu: str) -> list[Offer]:
        return [o for o in self.offers() if o.gpu == gpu]

    def models(self) -> list[ModelPreset]:
        return list(self._load_presets().values())

    def preset(self, id: str) -> ModelPreset:
        presets = self._load_presets()
        found = _lookup(presets, id)
        if found is None:
            raise CatalogError(_unknown("models", id, presets))
        return found

    def model(self, id: str) -> ModelArch:
        return self.preset(id).arch

    def find(self, id: str) -> tuple[str, CatalogRow | ModelPreset]:
        """(kind, row) for an id of any kind (GPUs first, model presets last); CatalogError naming close
        matches."""
        everything: dict[str, object] = {}
        for kind in KIND_NAMES:
            rows = self._kind(kind)
            found = _lookup(rows, id)
            if found is not None:
                return kind, found
            everything.update(rows)
        presets = self._load_presets()
        preset = _lookup(presets, id)
        if preset is not None:
            return "models", preset
        everything.update(presets)
        close = suggest(id, everything)
        hint = t("; close matches: {c}", "；相近的有：{c}", c=", ".join(close)) if close else ""
        raise CatalogError(
            t("nothing in the catalogue has id {id!r}", "资源目录中没有 id 为 {id!r} 的条目", id=id) + hint
        )

    def _load_presets(self) -> dict[str, ModelPreset]:
        with self._lock:
            if self._presets is None:
                presets: dict[str, ModelPreset] = {}
                for r in self._db().execute("SELECT * FROM models ORDER BY rowid"):
                    presets[r["id"]] = _preset(dict(r))
                self._presets = presets
            return self._presets


def _preset(r: dict[str, Any]) -> ModelPreset:
    from gpudesk.catalog.schema import ModelPreset

    config = json.loads(r["config"])
    arch = preset_arch(config, id=r["id"], name=r["name"], source=r["source"])
    arch = arch.model_copy(update={"task_class": r["task_class"]})
    return ModelPreset(
        id=r["id"],
        name=r["name"],
        task_class=r["task_class"],
        source=r["source"],
        checked=r["checked"],
        arch=arch,
        config=config,
    )


def preset_arch(config: dict[str, Any], *, id: str, name: str, source: str | None) -> ModelArch:
    """ModelArch of a preset through the engine's reader (config.json fields, or "gpudesk_arch")."""
    from gpudesk.core.engine.architecture import from_hf_config

    return from_hf_config(config, id=id, name=name, source=source)


@functools.cache
def _list_of(model: type[BaseModel]) -> TypeAdapter[list[Any]]:
    from pydantic import TypeAdapter

    return TypeAdapter(list[model])  # type: ignore[valid-type]  # a list of a row model chosen at run time


def _validate_stored(model: type[R], raw: list[tuple[object, ...]]) -> list[R] | None:
    """Every stored row validated in one pass (JSON parsed and checked by pydantic-core at once: 10,000
    offers in tens of milliseconds, not a Python loop over them), each marked as the user's; None when
    any row fails, so the caller goes row by row and names the bad one."""
    if not raw:
        return []
    parts: list[str] = []
    for _, data in raw:
        if not isinstance(data, str) or not data.startswith("{") or data.startswith("{}"):
            return None
        parts.append('{"user":true,' + data[1:])
    try:
        base: type[BaseModel] = model  # the cache's key (a class is hashable; a TypeVar's class not to mypy)
        return _list_of(base).validate_json("[" + ",".join(parts) + "]")  # a list[model], so list[R]
    except ValueError:  # pydantic's ValidationError is a ValueError
        return None


M = TypeVar("M", bound="BaseModel")


def _validated(model: type[M], data: dict[str, object]) -> M:
    return model.model_validate(data)


OfferT = TypeVar("OfferT", bound="Offer")


def _apply_override(offer: OfferT, ov: PriceOverride) -> OfferT:
    update: dict[str, object] = {}
    if ov["price_per_gpu_hour"] is not None:
        update["price_per_gpu_hour"] = ov["price_per_gpu_hour"]
    if ov["price_per_gpu_month"] is not None:
        update["price_per_gpu_month"] = ov["price_per_gpu_month"]
    if ov["price_date"] is not None:
        update["price_date"] = ov["price_date"]
    update["price_kind"] = ov.get("price_kind") or "quoted"
    note = ov.get("note")
    if note:
        update["notes"] = f"{offer.notes} | {note}" if offer.notes else note
    update["user"] = True
    return offer.model_copy(update=update)


T = TypeVar("T")


def _lookup(rows: Mapping[str, T], id: str) -> T | None:
    if not isinstance(id, str) or not id.strip():
        return None  # an empty id names nothing (it used to match rows without a name)
    if id in rows:
        return rows[id]
    low = id.strip().lower()
    if low in rows:
        return rows[low]
    want = _norm(id)
    if not want:
        return None
    for key, row in rows.items():
        if _norm(key) == want or _norm(getattr(row, "name", "") or "") == want:
            return row
    return None


def _unknown(kind: str, id: str, rows: Mapping[str, object]) -> str:
    close = suggest(id, rows)
    hint = (
        t("; close matches: {c}", "；相近的有：{c}", c=", ".join(close))
        if close
        else t("; see `gpudesk catalog {kind}`", "；可用 `gpudesk catalog {kind}` 查看", kind=kind)
    )
    en, zh = _SINGULAR[kind]
    return (
        t(
            "unknown {what} {id!r}",
            "未知的 {what} {id!r}" if zh.isascii() else "未知的{what} {id!r}",
            what=t(en, zh),
            id=id,
        )
        + hint
    )
