"""Compile data/ (TOML + JSON, the reviewable source of truth) into the bundled SQLite file.

Reproducible: the same sources give the same bytes with the same SQLite library (rows in source
order, no timestamps but the data's own dates, VACUUM, rollback journal not WAL). The `meta`
table carries the schema version, a content hash over the validated sources and the catalogue
date (the newest checked/price date in the data).
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import tomllib
import typing
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError

from gpudesk.catalog.codec import KINDS, MODEL_COLUMNS, CatalogRow, columns, to_columns
from gpudesk.catalog.schema import SCHEMA_VERSION, TASK_CLASSES, ModelPreset, Offer, ServerType
from gpudesk.errors import CatalogError
from gpudesk.fileio import atomic_path

PRESET_KEYS = ("id", "name", "task_class", "source", "checked")
Preset = tuple[dict[str, Any], dict[str, Any]]  # a model preset file: (its PRESET_KEYS, the config fields)


@dataclass
class Sources:
    """The validated contents of data/: each kind's rows in source order, and the model presets."""

    rows: dict[str, list[CatalogRow]] = field(default_factory=dict)  # kind (codec.KINDS) -> rows
    models: list[Preset] = field(default_factory=list)

    def of(self, kind: str) -> list[CatalogRow]:
        return self.rows.get(kind, [])


def _sql_type(model: type[BaseModel], field: str) -> str:
    ann = model.model_fields[field].annotation
    args = [a for a in typing.get_args(ann) if a is not type(None)] if typing.get_args(ann) else [ann]
    base = args[0] if len(args) == 1 else ann
    if base in (int, bool):
        return "INTEGER"
    if base is float:
        return "REAL"
    return "TEXT"


def _problem(path: Path, where: str, exc: ValidationError | str) -> str:
    if isinstance(exc, str):
        return f"{path.name}: {where}: {exc}"
    parts = [f"{'.'.join(map(str, e['loc'])) or 'row'}: {e['msg']}" for e in exc.errors()]
    return f"{path.name}: {where}: " + "; ".join(parts)


def load_sources(data_dir: Path) -> Sources:
    """Read and validate every source file; CatalogError listing every problem found."""
    data_dir = Path(data_dir)
    if not data_dir.is_dir():
        raise CatalogError(f"catalogue sources {data_dir} not found (the build runs from a source checkout)")
    problems: list[str] = []
    out = Sources()
    for kind, model in KINDS.items():
        path = data_dir / f"{kind}.toml"
        try:
            raw = tomllib.loads(path.read_text(encoding="utf-8")).get(kind, [])
        except (OSError, tomllib.TOMLDecodeError) as exc:
            problems.append(f"{path.name}: {exc}")
            continue
        rows: list[CatalogRow] = []
        seen: set[str] = set()
        for i, item in enumerate(raw, 1):
            where = f"entry {i} ({item.get('id', '?')})"
            unknown = sorted(set(item) - set(columns(model)))
            if unknown:  # a typo would otherwise vanish silently
                problems.append(_problem(path, where, f"unknown field(s) {', '.join(unknown)}"))
                continue
            try:
                row = model.model_validate(item)
            except ValidationError as exc:
                problems.append(_problem(path, where, exc))
                continue
            if row.id in seen:
                problems.append(_problem(path, where, "duplicate id"))
            seen.add(row.id)
            if not row.source:
                problems.append(_problem(path, where, "no source: every bundled row names where it came from"))
            if not isinstance(row, Offer) and not row.checked:  # offers carry a price_date instead
                problems.append(_problem(path, where, "no checked date"))
            rows.append(row)
        out.rows[kind] = rows
    presets: list[Preset] = []
    for path in sorted((data_dir / "models").glob("*.json")):
        try:
            raw = json.loads(path.read_text(encoding="utf-8"))
            head = {k: raw.get(k) for k in PRESET_KEYS}
            config = {k: v for k, v in raw.items() if k not in PRESET_KEYS}
            presets.append((head, config))
        except (OSError, ValueError) as exc:
            problems.append(f"models/{path.name}: {exc}")
    order = list(TASK_CLASSES)  # list presets by the guide's task classes, then by id
    presets.sort(
        key=lambda hc: (
            order.index(hc[0]["task_class"]) if hc[0].get("task_class") in order else len(order),
            str(hc[0].get("id")),
        )
    )
    out.models = presets
    problems += _cross_check(out)
    if problems:
        raise CatalogError(f"{len(problems)} problem(s) in {data_dir}:\n  " + "\n  ".join(problems))
    return out


def _cross_check(src: Sources) -> list[str]:
    problems = []
    ids = {k: {r.id for r in src.of(k)} for k in KINDS}
    server_rows = [r for r in src.of("servers") if isinstance(r, ServerType)]  # all of them
    servers = {r.id: r for r in server_rows}
    for s in server_rows:
        if s.gpu and s.gpu not in ids["gpus"]:
            problems.append(f"servers.toml: {s.id}: unknown gpu {s.gpu!r}")
    for o in src.of("offers"):
        if not isinstance(o, Offer):  # never: the offers' rows are Offers
            continue
        where = f"offers.toml: {o.id}"
        if o.provider not in ids["providers"]:
            problems.append(f"{where}: unknown provider {o.provider!r}")
        if o.gpu not in ids["gpus"]:
            problems.append(f"{where}: unknown gpu {o.gpu!r}")
        if o.server:
            if o.server not in servers:
                problems.append(f"{where}: unknown server {o.server!r}")
            elif servers[o.server].gpus_per_node != o.gpus_per_node:
                problems.append(f"{where}: gpus_per_node {o.gpus_per_node} differs from server {o.server}")
        if o.priced and not (o.price_kind and o.price_date):
            problems.append(f"{where}: a price needs its price_kind and price_date")
        if o.price_kind == "estimate" and not o.notes:
            problems.append(f"{where}: an estimate must state its basis in notes")
    seen = set()
    for head, config in src.models:
        where = f"models/{head.get('id')}"
        if not head.get("id") or head["id"] in seen:
            problems.append(f"{where}: missing or duplicate id")
        seen.add(head.get("id"))
        if head.get("task_class") not in TASK_CLASSES:
            problems.append(f"{where}: task_class must be one of {', '.join(TASK_CLASSES)}")
        if not head.get("source") or not head.get("checked"):
            problems.append(f"{where}: needs source and checked")
        if not config:
            problems.append(f"{where}: no config fields")
    return problems


def content_hash(src: Sources) -> str:
    """sha256 over the validated sources in canonical JSON (formatting and comments don't count)."""
    canon: dict[str, object] = {"schema_version": SCHEMA_VERSION}
    for kind in KINDS:
        canon[kind] = [r.model_dump(exclude={"user"}) for r in src.rows[kind]]
    canon["models"] = [{"head": h, "config": c} for h, c in src.models]
    blob = json.dumps(canon, sort_keys=True, ensure_ascii=False, separators=(",", ":")).encode()
    return hashlib.sha256(blob).hexdigest()


def catalog_date(src: Sources) -> str | None:
    dates: list[str] = [
        d
        for kind in KINDS
        for r in src.rows[kind]
        for d in (getattr(r, "checked", None), getattr(r, "price_date", None))
        if d
    ]
    dates += [h["checked"] for h, _ in src.models if h.get("checked")]
    return max(dates) if dates else None


def check_presets(src: Sources) -> None:
    """Every preset must convert to a ModelArch through the engine's reader."""
    from gpudesk.catalog.store import preset_arch

    problems = []
    for head, config in src.models:
        try:
            arch = preset_arch(config, id=head["id"], name=head["name"], source=head["source"])
            ModelPreset(**head, arch=arch, config=config)
        except Exception as exc:  # noqa: BLE001 - reported with the file name
            problems.append(f"models/{head['id']}: {exc}")
    if problems:
        raise CatalogError("model presets that do not convert:\n  " + "\n  ".join(problems))


def write_db(src: Sources, out: Path) -> dict[str, str]:
    """Write the compiled database to `out` atomically; returns the meta values."""
    out = Path(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    meta = {
        "schema_version": str(SCHEMA_VERSION),
        "content_hash": content_hash(src),
        "catalog_date": catalog_date(src) or "",
    }
    with atomic_path(out) as tmp:
        conn = sqlite3.connect(tmp, isolation_level=None)
        try:
            conn.execute("PRAGMA page_size = 4096")
            conn.execute("PRAGMA journal_mode = DELETE")
            conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            conn.execute("BEGIN")
            conn.execute("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
            conn.executemany("INSERT INTO meta VALUES (?, ?)", sorted(meta.items()))
            for kind, model in KINDS.items():
                cols = columns(model)
                defs = ", ".join(f"{c} {_sql_type(model, c)}{' PRIMARY KEY' if c == 'id' else ''}" for c in cols)
                conn.execute(f"CREATE TABLE {kind} ({defs})")
                marks = ", ".join("?" for _ in cols)
                conn.executemany(
                    f"INSERT INTO {kind} ({', '.join(cols)}) VALUES ({marks})",
                    [tuple(to_columns(r)[c] for c in cols) for r in src.rows[kind]],
                )
            conn.execute(
                "CREATE TABLE models (id TEXT PRIMARY KEY, name TEXT, task_class TEXT, source TEXT, "
                "checked TEXT, config TEXT)"
            )
            conn.executemany(
                f"INSERT INTO models VALUES ({', '.join('?' for _ in MODEL_COLUMNS)})",
                [
                    (
                        h["id"],
                        h["name"],
                        h["task_class"],
                        h["source"],
                        h["checked"],
                        json.dumps(c, ensure_ascii=False, sort_keys=True, separators=(",", ":")),
                    )
                    for h, c in src.models
                ],
            )
            conn.execute("COMMIT")
            conn.execute("VACUUM")
        finally:
            conn.close()
    return meta


def build(data_dir: Path | None = None, out: Path | None = None, *, check_models: bool = True) -> dict[str, str]:
    from gpudesk import paths

    src = load_sources(Path(data_dir) if data_dir else paths.DATA)
    if check_models:
        check_presets(src)
    return write_db(src, Path(out) if out else paths.BUNDLED_CATALOG)


def dump(path: Path) -> list[str]:
    """The database's schema and rows as SQL text (independent of page layout)."""
    conn = sqlite3.connect(Path(path).resolve().as_uri() + "?mode=ro&immutable=1", uri=True)
    try:
        return list(conn.iterdump())
    finally:
        conn.close()


def same_content(a: Path, b: Path) -> tuple[bool, str]:
    """Whether two compiled catalogues hold the same schema, rows and meta (and why not)."""
    if not Path(b).is_file():
        return False, f"{b} is missing"
    da, db_ = dump(a), dump(b)
    if da == db_:
        return True, ""
    diff = next((x, y) for x, y in zip(da + [""] * len(db_), db_ + [""] * len(da)) if x != y)
    return False, f"first difference: {diff[1][:100]!r} vs fresh {diff[0][:100]!r}"
