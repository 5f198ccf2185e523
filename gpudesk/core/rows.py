"""The fields of the catalogue's rows that a plan copies (node type, provider, offer): their one definition.

`gpudesk.catalog.schema` builds its row models on these (adding id and date rules, refusing unknown
fields); a plan file's `hardware` snapshots are checked against them on load (unknown fields kept, so a
plan written by a newer gpudesk still opens), so a hand-edited provider name given as an object or an
offer's billing given as a number is refused with the file and the field, never met later as a crash.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field


class _Fields(BaseModel):
    model_config = ConfigDict(extra="allow", allow_inf_nan=False, defer_build=True)


class ServerFields(_Fields):
    """A node type: how many GPUs, how they are linked, and the host around them."""

    id: str
    name: str
    name_zh: str | None = None  # the same name in Chinese (the Chinese UI and PDF)
    gpu: str | None = None  # GPU id the node is built around; None = any GPU of that form factor
    gpus_per_node: int = Field(ge=1, le=16)
    topology: Literal["nvswitch", "nvlink-bridge", "pcie"]
    intra_node_gbps: float | None = Field(default=None, gt=0)  # GB/s per GPU inside the node
    cpu: str | None = None
    host_ram_bytes: int | None = Field(default=None, gt=0)
    nvme_bytes: int | None = Field(default=None, gt=0)
    network: Literal["infiniband", "roce", "ethernet"] | None = None
    network_gbps: float | None = Field(default=None, gt=0)  # Gb/s per node between nodes
    power_kw: float | None = Field(default=None, gt=0)
    notes: str | None = None
    notes_zh: str | None = None  # the same notes in Chinese (shown in the Chinese UI and PDF)
    source: str | None = None
    checked: str | None = None
    user: bool = False


class ProviderFields(_Fields):
    """A GPU rental provider; catalogue entries, never a ranking or an endorsement."""

    id: str
    name_zh: str | None = None
    name_en: str | None = None
    licence_number: str | None = None  # 增值电信业务经营许可证 number
    licence_scope: str | None = None
    licence_scope_zh: str | None = None
    icp_filing: str | None = None
    certifications: list[str] = Field(default_factory=list)
    # due diligence the user records (issue 11); bundled rows carry only what their source states
    legal_name: str | None = None  # the contracting company's registered name
    licence_region: str | None = None  # nationwide (MIIT) or the province whose bureau issued it
    mlps_level: int | None = Field(default=None, ge=1, le=5)  # 等保 (MLPS 2.0) level certified
    contact: str | None = None
    regions: list[str] = Field(default_factory=list)
    data_centres: str | None = None
    data_centres_zh: str | None = None
    self_operated: bool | None = None
    support_7x24: bool | None = None
    spare_parts: bool | None = None
    billing_modes: list[str] = Field(default_factory=list)
    data_destruction: str | None = None
    registered_capital: str | None = None
    registered_capital_zh: str | None = None
    founded: int | None = Field(default=None, ge=1900, le=2100)
    website: str | None = None
    notes: str | None = None
    notes_zh: str | None = None  # the same notes in Chinese (shown in the Chinese UI and PDF)
    source: str | None = None
    source_zh: str | None = None  # the citation in Chinese
    checked: str | None = None
    user: bool = False


class OfferFields(_Fields):
    """What one provider rents: a node type with a GPU in a region, and its price if known."""

    id: str
    provider: str
    gpu: str
    server: str | None = None
    region: str | None = None
    gpus_per_node: int = Field(default=1, ge=1, le=16)
    max_nodes: int | None = Field(default=None, ge=1)
    price_per_gpu_hour: float | None = Field(default=None, ge=0)
    price_per_gpu_month: float | None = Field(default=None, ge=0)
    currency: Literal["CNY"] = "CNY"
    price_kind: Literal["quoted", "list", "estimate"] | None = None
    price_date: str | None = None
    billing: list[str] = Field(default_factory=list)
    source: str | None = None
    source_zh: str | None = None  # the citation in Chinese
    notes: str | None = None
    notes_zh: str | None = None  # the same notes in Chinese (shown in the Chinese UI and PDF)
    vat_included: bool | None = None  # whether the prices include VAT (含税); None: not stated
    user: bool = False


SNAPSHOTS: dict[str, type[_Fields]] = {"server": ServerFields, "provider": ProviderFields, "offer": OfferFields}
