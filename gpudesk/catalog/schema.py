"""Row models of the catalogue: what one GPU, node type, provider, offer or model preset is.

Pure pydantic, no Qt. Unknown facts are None (shown as unknown), never guessed. Every row
names its `source` and the date it was `checked` (ISO yyyy-mm-dd). `user` marks rows that come
from the user's own database. GpuSpec lives in core/models.py (the engine's vocabulary).
"""

from __future__ import annotations

import datetime
import functools
import re
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, field_validator

from gpudesk.core.models import GpuSpec, ModelArch
from gpudesk.core.units import label_pairs
from gpudesk.core.rows import OfferFields, ProviderFields, ServerFields

__all__ = [
    "BILLING_MODES",
    "PRICE_KINDS",
    "SCHEMA_VERSION",
    "TASK_CLASSES",
    "CatalogMeta",
    "GpuSpec",
    "ModelPreset",
    "Offer",
    "Provider",
    "ServerType",
]

# Bump when a table's columns change; the bundled file and the build carry it in `meta`.
# 2: offers.vat_included; providers.legal_name, licence_region, mlps_level, contact
# 3: Chinese texts beside English ones: servers.name_zh; providers.licence_scope_zh, data_centres_zh,
#    registered_capital_zh, source_zh; offers.source_zh
SCHEMA_VERSION = 3

_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
_SLUG = re.compile(r"^[a-z0-9][a-z0-9._-]*$")

BILLING_MODES = ("hourly", "daily", "weekly", "monthly", "yearly", "reserved", "spot")
_BILLING_SET = frozenset(BILLING_MODES)
PRICE_KINDS = ("quoted", "list", "estimate")
# The guide's task classes (preset grouping), stable ids -> (English, Chinese) name; named in core.units.
TASK_CLASSES = label_pairs("task_class")


def _check_date(v: str | None) -> str | None:
    if v is None:
        return None
    return _checked_date(str(v).strip())


@functools.lru_cache(maxsize=4096)  # a price sheet repeats a few dates over thousands of rows
def _checked_date(v: str) -> str:
    if not _DATE.match(v):
        raise ValueError(f"date must be YYYY-MM-DD, got {v!r}")
    try:
        datetime.date.fromisoformat(v)
    except ValueError:
        raise ValueError(f"no such date: {v}") from None
    return v


def _check_slug(v: str) -> str:
    if not _SLUG.match(v or ""):
        raise ValueError(f"id must be a lowercase slug (a-z, 0-9, '-', '.', '_'), got {v!r}")
    return v


ROW_CONFIG = ConfigDict(extra="forbid", allow_inf_nan=False, defer_build=True)


class Row(BaseModel):
    model_config = ROW_CONFIG

    @field_validator("id", check_fields=False)
    @classmethod
    def _id_slug(cls, v: str) -> str:
        return _check_slug(v)

    @field_validator("checked", "price_date", check_fields=False)
    @classmethod
    def _date(cls, v: str | None) -> str | None:
        return _check_date(v)


class ServerType(Row, ServerFields):
    """A node type: how many GPUs, how they are linked, and the host around them."""

    model_config = ROW_CONFIG  # the fields are core's; the catalogue refuses unknown ones


def _known_billing_modes(v: list[str]) -> list[str]:
    if _BILLING_SET.issuperset(v):
        return v
    bad = [b for b in v if b not in BILLING_MODES]
    if bad:
        raise ValueError(f"unknown billing mode {bad[0]!r}; use one of {', '.join(BILLING_MODES)}")
    return v


def _billing_checked(field: str) -> Any:
    """The validator of a row's list of billing modes (`field`): unknown modes refused."""
    return field_validator(field)(_known_billing_modes)


class Provider(Row, ProviderFields):
    """A GPU rental provider; catalogue entries, never a ranking or an endorsement."""

    model_config = ROW_CONFIG  # the fields are core's; the catalogue refuses unknown ones
    _billing = _billing_checked("billing_modes")

    @property
    def display_name(self) -> str:
        return self.name_zh or self.name_en or self.id


class Offer(Row, OfferFields):
    """What one provider rents: a node type with a GPU in a region, and its price if known."""

    model_config = ROW_CONFIG  # the fields are core's; the catalogue refuses unknown ones
    _billing = _billing_checked("billing")

    @property
    def priced(self) -> bool:
        return self.price_per_gpu_hour is not None or self.price_per_gpu_month is not None


class ModelPreset(BaseModel):
    """A model preset: the real config.json numbers of a published model, grouped by task class."""

    model_config = ConfigDict(extra="forbid", defer_build=True)

    id: str
    name: str
    task_class: str
    source: str | None = None
    checked: str | None = None
    arch: ModelArch
    config: dict[str, Any] = Field(default_factory=dict, exclude=True)  # the raw config.json


class CatalogMeta(BaseModel):
    model_config = ConfigDict(defer_build=True)

    schema_version: int
    content_hash: str
    catalog_date: str | None = None  # the newest `checked`/`price_date` in the data
