"""The catalogue a process reads: the bundled read-only SQLite file merged with the user database.

Rows load lazily per kind on first use and are cached; `refresh()` drops the cache. The bundled
file is opened with `mode=ro&immutable=1` (it may sit in a read-only install folder) and is never
written. User rows replace bundled rows with the same id, extend them otherwise, and always
carry `user=True`; a user price override turns a bundled offer into a user row too.
"""

from __future__ import annotations

import contextlib
import difflib
import functools
import json
import sqlite3
import threading
from pathlib import Path
from typing import TYPE_CHECKING

from gpudesk.core.quiet_gc import no_gc
from gpudesk.errors import CatalogError, UserDatabaseDamaged, notify

if TYPE_CHECKING:  # pydantic and the row models load with the first rows, not on open
    from gpudesk.catalog.schema import CatalogMeta, GpuSpec, ModelPreset, Offer, Provider, ServerType
    from gpudesk.core.models import ModelArch

KIND_NAMES = ("gpus", "servers", "providers", "offers")

_SINGULAR = {"gpus": "GPU", "servers": "server type", "providers": "provider", "offers": "offer",
             "models": "model preset"}


def open_bundled(path: Path) -> sqlite3.Connection:
    """Read-only connection to the bundled file; any write through it fails."""
    if not path.is_file():
        raise CatalogError(f"bundled catalogue {path} is missing; run `gpudesk catalog build`")
    uri = Path(path).resolve().as_uri() + "?mode=ro&immutable=1"
    try:
        conn = sqlite3.connect(uri, uri=True, check_same_thread=False)
        conn.row_factory = sqlite3.Row
        conn.execute("SELECT 1 FROM meta LIMIT 1")
    except sqlite3.DatabaseError as exc:
        raise CatalogError(f"bundled catalogue {path} cannot be read ({exc}); reinstall gpudesk "
                           "or run `gpudesk catalog build`") from None
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
        self._rows: dict[str, dict[str, object]] = {}
        self._presets: dict[str, ModelPreset] | None = None
        self._user = None  # the user database as read (UserRows) or written (UserDB)
        self._writer = None
        self._user_off = False  # a damaged user database that could not be set aside: not read again

    # --- plumbing ---------------------------------------------------------------------------

    def _db(self) -> sqlite3.Connection:
        if self._conn is None:
            self._conn = open_bundled(self.bundled_path)
        return self._conn

    def user_db(self):
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

    def user_rows(self):
        """The user's rows for reading (plain sqlite3, read-only), or None when there is no usable user
        database: none yet, or a damaged one (set aside, the user told; the bundled catalogue serves)."""
        with self._lock:
            if self._user is None:
                if self._user_off or not self.user_db_path.exists():
                    return None
                from gpudesk.catalog.userrows import UserRows

                try:
                    self._user = UserRows(self.user_db_path)
                except UserDatabaseDamaged as exc:
                    self._without_user(exc)
                    return None
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
                self._meta = CatalogMeta(schema_version=int(rows["schema_version"]),
                                         content_hash=rows["content_hash"],
                                         catalog_date=rows.get("catalog_date"))
            return self._meta

    def _load(self, kind: str) -> dict[str, object]:
        with self._lock:
            rows = self._rows.get(kind)
            if rows is not None:
                return rows
            from gpudesk.catalog.codec import KINDS, from_columns

            model = KINDS[kind]
            rows = {}
            for r in self._db().execute(f"SELECT * FROM {kind} ORDER BY rowid"):
                row = from_columns(model, dict(r))
                rows[row.id] = row
            try:
                with no_gc():  # thousands of new rows, none of them garbage: no collector passes over them
                    self._merge_user(kind, model, rows)
            except UserDatabaseDamaged as exc:  # bundled rows only, for every kind (the cache is cleared)
                self._without_user(exc)
                return self._load(kind)
            self._rows[kind] = rows
            return rows

    def _merge_user(self, kind: str, model, rows: dict) -> None:
        user = self.user_rows()
        if user is None:
            return
        from gpudesk.catalog.userrows import damaged

        fast = _validate_stored(model, user.raw_rows(kind))
        if fast is not None:
            for row in fast:
                rows[row.id] = row
            data_rows: list[dict] = []
        else:  # something is wrong in there: row by row, to name it
            data_rows = user.rows(kind)
        for data in data_rows:
            try:
                row = model.model_validate({**data, "user": True})
            except ValueError as exc:  # pydantic's ValidationError is a ValueError
                first = exc.errors()[0] if hasattr(exc, "errors") else {}
                where = ".".join(map(str, first.get("loc", ()))) or "?"
                user.close()
                raise damaged(user.path, f"{kind} row {data.get('id')!r} is invalid "
                                         f"({where}: {first.get('msg', exc)})") from None
            rows[row.id] = row
        if kind == "offers":
            for offer_id, ov in user.price_overrides().items():
                if offer_id in rows:
                    rows[offer_id] = _apply_override(rows[offer_id], ov)

    def _get(self, kind: str, id: str):
        rows = self._load(kind)
        found = _lookup(rows, id)
        if found is None:
            raise CatalogError(_unknown(kind, id, rows))
        return found

    # --- the public API -------------------------------------------------------------------

    def gpus(self) -> list[GpuSpec]:
        return list(self._load("gpus").values())

    def gpu(self, id: str) -> GpuSpec:
        return self._get("gpus", id)

    def servers(self) -> list[ServerType]:
        return list(self._load("servers").values())

    def server(self, id: str) -> ServerType:
        return self._get("servers", id)

    def providers(self) -> list[Provider]:
        return list(self._load("providers").values())

    def provider(self, id: str) -> Provider:
        return self._get("providers", id)

    def offers(self) -> list[Offer]:
        return list(self._load("offers").values())

    def offer(self, id: str) -> Offer:
        return self._get("offers", id)

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

    def find(self, id: str) -> tuple[str, object]:
        """(kind, row) for an id of any kind (GPUs first); CatalogError naming close matches."""
        everything: dict[str, object] = {}
        for kind in (*KIND_NAMES, "models"):
            rows = self._load_presets() if kind == "models" else self._load(kind)
            found = _lookup(rows, id)
            if found is not None:
                return kind, found
            everything.update(rows)
        close = difflib.get_close_matches(id.lower(), list(everything), n=4, cutoff=0.5)
        hint = f"; close matches: {', '.join(close)}" if close else ""
        raise CatalogError(f"nothing in the catalogue has id {id!r}{hint}")

    def _load_presets(self) -> dict[str, ModelPreset]:
        with self._lock:
            if self._presets is None:
                presets = {}
                for r in self._db().execute("SELECT * FROM models ORDER BY rowid"):
                    presets[r["id"]] = _preset(dict(r))
                self._presets = presets
            return self._presets


def _preset(r: dict) -> ModelPreset:
    from gpudesk.catalog.schema import ModelPreset

    config = json.loads(r["config"])
    arch = preset_arch(config, id=r["id"], name=r["name"], source=r["source"])
    arch = arch.model_copy(update={"task_class": r["task_class"]})
    return ModelPreset(id=r["id"], name=r["name"], task_class=r["task_class"], source=r["source"],
                       checked=r["checked"], arch=arch, config=config)


def preset_arch(config: dict, *, id: str, name: str, source: str | None) -> ModelArch:
    """ModelArch of a preset through the engine's reader (config.json fields, or "gpudesk_arch")."""
    from gpudesk.core.engine.architecture import from_hf_config

    return from_hf_config(config, id=id, name=name, source=source)


@functools.cache
def _list_of(model):
    from pydantic import TypeAdapter

    return TypeAdapter(list[model])


def _validate_stored(model, raw: list[tuple]) -> list | None:
    """Every stored row validated in one pass (JSON parsed and checked by pydantic-core at once: 10,000
    offers in tens of milliseconds, not a Python loop over them), each marked as the user's; None when
    any row fails, so the caller goes row by row and names the bad one."""
    if not raw:
        return []
    parts = []
    for _, data in raw:
        if not isinstance(data, str) or not data.startswith("{") or data.startswith("{}"):
            return None
        parts.append('{"user":true,' + data[1:])
    try:
        return _list_of(model).validate_json("[" + ",".join(parts) + "]")
    except ValueError:  # pydantic's ValidationError is a ValueError
        return None


def _apply_override(offer: Offer, ov: dict) -> Offer:
    update = {k: ov[k] for k in ("price_per_gpu_hour", "price_per_gpu_month", "price_date")
              if ov.get(k) is not None}
    update["price_kind"] = ov.get("price_kind") or "quoted"
    note = ov.get("note")
    if note:
        update["notes"] = f"{offer.notes} | {note}" if offer.notes else note
    update["user"] = True
    return offer.model_copy(update=update)


def _lookup(rows: dict, id: str):
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


def _unknown(kind: str, id: str, rows: dict) -> str:
    close = difflib.get_close_matches(id.lower(), list(rows), n=4, cutoff=0.5)
    if not close:
        close = [k for k in rows if _norm(id) and _norm(id) in _norm(k)][:4]
    hint = f"; close matches: {', '.join(close)}" if close else \
        f"; see `gpudesk catalog {kind}`"
    return f"unknown {_SINGULAR[kind]} {id!r}{hint}"
