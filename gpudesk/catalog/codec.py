"""How catalogue rows map to SQLite columns (bundled file) and back. No Qt."""

from __future__ import annotations

import json
import typing
from functools import cache
from typing import TypeVar

from pydantic import BaseModel

from gpudesk.catalog.schema import GpuSpec, Offer, Provider, ServerType

# One row of a catalogue table (model presets are kept apart: they are stored as a config).
CatalogRow = GpuSpec | ServerType | Provider | Offer
M = TypeVar("M", bound=BaseModel)

# kind -> (table, row model); also the order of the CLI's listing commands.
KINDS: dict[str, type[CatalogRow]] = {
    "gpus": GpuSpec,
    "servers": ServerType,
    "providers": Provider,
    "offers": Offer,
}
# Columns of the bundled model-preset table (the config itself is one JSON column).
MODEL_COLUMNS = ("id", "name", "task_class", "source", "checked", "config")


@cache
def columns(model: type[BaseModel]) -> tuple[str, ...]:
    """Stored columns of a row model, in declaration order; `user` is never stored in the bundle."""
    return tuple(f for f in model.model_fields if f != "user")


@cache
def list_fields(model: type[BaseModel]) -> frozenset[str]:
    out = set()
    for name, info in model.model_fields.items():
        ann = info.annotation
        args = typing.get_args(ann) if typing.get_origin(ann) is typing.Union else (ann,)
        if any(typing.get_origin(a) is list or a is list for a in args):
            out.add(name)
    return frozenset(out)


def to_columns(row: BaseModel) -> dict[str, object]:
    """A validated row as SQLite column values (lists as compact JSON)."""
    data = row.model_dump()
    lists = list_fields(type(row))
    out: dict[str, object] = {}
    for col in columns(type(row)):
        v = data.get(col)
        out[col] = json.dumps(v, ensure_ascii=False, separators=(",", ":")) if col in lists else v
    return out


def from_columns(model: type[M], values: dict[str, object], *, user: bool = False) -> M:
    lists = list_fields(model)
    data = {
        k: (json.loads(v) if k in lists and isinstance(v, str) else v)
        for k, v in values.items()
        if k in model.model_fields
    }
    data["user"] = user
    return model.model_validate(data)
