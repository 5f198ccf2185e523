"""Import and export of offers (a provider's price sheet) as CSV or JSON.

The sheet is read by the one price-sheet reader (`gpudesk.catalog.sheets`: GBK or UTF-8 with BOM, merged
header rows, Chinese column names, "¥1,234.50", "元/小时", "含税"), every cell parsed by `gpudesk.core.parse`
(a decimal comma, inf/1e400, an impossible date are refused with the row and column), each row validated
with the pydantic row models and checked against the catalogue (known provider, GPU and node type). Any
problem rejects the whole file, listing every problem, and changes nothing; a good file is applied to the
user database in one transaction. Columns are the Offer fields (or their aliases); `billing` holds modes
separated by ';'.

An offer without an id gets one derived from provider, GPU, node size and region (the region as a
12-hex-digit hash: 48 bits, so 100,000 distinct regions collide with odds of about 2 in 100 million, and a
collision between different rows still gets a distinct id); rows that repeat the same provider, GPU, node
size and region without ids are refused as duplicates.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pydantic import ValidationError

from gpudesk.catalog.schema import BILLING_MODES, Offer, Provider
from gpudesk.catalog.sheets import Column, Problem, SheetRejected, read_cell, read_sheet
from gpudesk.core.i18n import t
from gpudesk.core.parse import suggest

if TYPE_CHECKING:
    from gpudesk.catalog.store import Catalog

OFFER_COLUMNS = tuple(f for f in Offer.model_fields if f != "user")
REQUIRED_COLUMNS = ("provider", "gpu")
SHEET_COLUMNS = [
    Column("id", ("offer id", "offer_id", "编号", "报价编号")),
    Column("provider", ("provider id", "服务商", "供应商", "厂商", "云厂商")),
    Column("gpu", ("gpu id", "gpu model", "显卡", "gpu型号", "显卡型号", "型号", "卡型")),
    Column("server", ("node type", "服务器", "机型", "节点类型")),
    Column("region", ("地域", "地区", "区域", "机房", "可用区")),
    Column("gpus_per_node", ("gpus per node", "每节点卡数", "单机卡数", "卡数")),
    Column("max_nodes", ("max nodes", "最大节点数")),
    Column(
        "price_per_gpu_hour",
        ("price per gpu hour", "hourly", "按量", "按量价格", "按小时", "小时价", "每卡时价格", "每卡·时价格"),
        unit="hour",
        generic=True,
    ),
    Column(
        "price_per_gpu_month",
        ("price per gpu month", "monthly", "包月", "包月价格", "月价", "每卡月价格", "每卡·月价格"),
        unit="month",
        generic=True,
    ),
    Column("currency", ("币种",)),
    Column("price_kind", ("price kind", "价格类型")),
    Column("price_date", ("price date", "date", "报价日期", "价格日期", "日期")),
    Column("vat_included", ("vat", "vat included", "含税", "是否含税")),
    Column("billing", ("计费方式", "计费模式")),
    Column("source", ("来源", "出处")),
    Column("source_zh", ("source (chinese)", "中文来源")),
    Column("notes", ("备注", "说明")),
    Column("notes_zh", ("notes (chinese)", "中文备注")),
]
_KINDS = {
    "price_per_gpu_hour": ("price", "hour"),
    "price_per_gpu_month": ("price", "month"),
    "gpus_per_node": ("count", None),
    "max_nodes": ("count", None),
    "price_date": ("date", None),
    "billing": ("list", None),
    "vat_included": ("bool", None),
}


@dataclass
class ImportResult:
    path: Path
    offers_added: list[str] = field(default_factory=list)
    offers_updated: list[str] = field(default_factory=list)
    providers_added: list[str] = field(default_factory=list)
    providers_updated: list[str] = field(default_factory=list)
    user_db: Path | None = None

    @property
    def offers(self) -> int:
        return len(self.offers_added) + len(self.offers_updated)


# --- validating ------------------------------------------------------------------------------


def _cells(where: str, cells: dict[str, tuple[str, Any]], tax: dict[str, bool]) -> tuple[dict[str, Any], list[Problem]]:
    """Parse a row's cells (the one reader's rules); problems name the row and the column as written."""
    d: dict[str, Any] = {}
    problems: list[Problem] = []
    taxed: bool | None = None
    for name, (header, raw) in cells.items():
        kind, unit = _KINDS.get(name, ("text", None))
        try:
            cell = read_cell(kind, raw, unit=unit, low=1, high=4096 if name == "max_nodes" else 16)
        except ValueError as exc:
            problems.append(Problem(where, header, str(exc)))
            continue
        if cell is None:
            continue
        d[name] = cell.value
        if cell.tax_included is not None:
            taxed = cell.tax_included
        elif name in tax:
            taxed = tax[name]
    if taxed is not None and "vat_included" not in d:
        d["vat_included"] = taxed
    return d, problems


def region_hash(region: str) -> str:
    return hashlib.sha256(region.encode("utf-8")).hexdigest()[:12]


def _derive_id(d: dict[str, Any]) -> str:
    base = f"{d.get('provider')}-{d.get('gpu')}-{d.get('gpus_per_node') or 1}x"
    base = re.sub(r"[^a-z0-9._-]+", "-", base.lower()).strip("-")
    region = d.get("region")
    return base + ("-" + region_hash(str(region)) if region else "")


def _natural_key(d: dict[str, Any]) -> tuple[object, ...]:
    return (d.get("provider"), d.get("gpu"), d.get("gpus_per_node") or 1, d.get("region") or "")


def _pydantic_problems(where: str, exc: ValidationError, headers: dict[str, str]) -> list[Problem]:
    out = []
    for e in exc.errors():
        col = ".".join(str(p) for p in e["loc"]) or None
        msg = e["msg"]
        if e["type"] == "extra_forbidden":
            msg = t("unknown field", "无法识别的字段")
        out.append(Problem(where, headers.get(col or "", col), msg))
    return out


def validate_sheet(path: Path, catalog: Catalog) -> tuple[list[Provider], list[Offer], list[Problem]]:
    """Parse and validate a price sheet without touching any database."""
    sheet = read_sheet(path, SHEET_COLUMNS, json_key="offers", required=REQUIRED_COLUMNS, extra_keys=("providers",))
    problems = list(sheet.problems)
    raw_providers = sheet.extra.get("providers") or []
    providers: list[Provider] = []
    if not isinstance(raw_providers, list):
        problems.append(Problem("providers", None, t("must be a list", "必须是列表")))
        raw_providers = []
    for i, item in enumerate(raw_providers):
        try:
            providers.append(Provider.model_validate({**item, "user": True} if isinstance(item, dict) else item))
        except ValidationError as exc:
            problems += _pydantic_problems(f"providers[{i}]", exc, {})

    known_providers = {p.id for p in catalog.providers()} | {p.id for p in providers}
    known_gpus = {g.id for g in catalog.gpus()}
    servers = {s.id: s for s in catalog.servers()}
    offers: list[Offer] = []
    seen: dict[str, tuple[str, tuple[object, ...]]] = {}  # id -> (where, natural key)
    for row in sheet.rows:
        where = row.where
        headers = {f: h for f, (h, _) in row.cells.items()}
        d, row_problems = _cells(where, row.cells, sheet.tax)
        d.pop("user", None)
        if d.get("server") in servers and "gpus_per_node" not in d:
            d["gpus_per_node"] = servers[d["server"]].gpus_per_node
        derived = not d.get("id") and d.get("provider") and d.get("gpu")
        if derived:
            d["id"] = _derive_id(d)
            n = 2
            while d["id"] in seen and seen[d["id"]][1] != _natural_key(d):  # a hash collision, not a duplicate
                d["id"] = f"{_derive_id(d)}-{n}"
                n += 1
        if d.get("price_per_gpu_hour") is not None or d.get("price_per_gpu_month") is not None:
            d.setdefault("price_kind", "quoted")  # a provider's sheet quotes prices
        row_problems += _reference_problems(where, d, known_providers, known_gpus, servers, headers)
        if row_problems:  # a cell refused: the row is not checked further (its other columns would only repeat it)
            problems += row_problems
            continue
        try:
            offer = Offer.model_validate(d)
        except ValidationError as exc:
            problems += row_problems + _pydantic_problems(where, exc, headers)
            continue
        if offer.server in servers and not row_problems:
            node = servers[offer.server].gpus_per_node
            if node != offer.gpus_per_node:
                row_problems.append(
                    Problem(
                        where,
                        headers.get("gpus_per_node", "gpus_per_node"),
                        t(
                            "{n} differs from server {s} ({m} per node)",
                            "{n} 与服务器 {s}（每节点 {m} 卡）不一致",
                            n=offer.gpus_per_node,
                            s=offer.server,
                            m=node,
                        ),
                    )
                )
        if offer.priced and not offer.price_date:
            row_problems.append(
                Problem(
                    where,
                    headers.get("price_date", "price_date"),
                    t("required with a price (YYYY-MM-DD: when it was quoted)", "有价格时必填（YYYY-MM-DD：报价日期）"),
                )
            )
        if offer.id in seen:
            first = seen[offer.id][0]
            why = (
                t(
                    "duplicate of {w} (same provider, GPU, node size and region; give each row an id)",
                    "与{w}重复（服务商、显卡、节点规格和地域相同；请为每行填写编号）",
                    w=first,
                )
                if derived
                else t("duplicate of {w} ({i})", "与{w}重复（{i}）", w=first, i=offer.id)
            )
            row_problems.append(Problem(where, headers.get("id", "id"), why))
        seen.setdefault(offer.id, (where, _natural_key(d)))
        problems += row_problems
        if not row_problems:
            offers.append(offer.model_copy(update={"user": True}))
    return providers, offers, problems


def _reference_problems(
    where: str, d: dict[str, Any], providers: set[str], gpus: set[str], servers: dict[str, Any], headers: dict[str, str]
) -> list[Problem]:
    out = []
    for col, what, known in (
        ("provider", t("provider", "服务商"), providers),
        ("gpu", "GPU", gpus),
        ("server", t("server type", "服务器类型"), set(servers)),
    ):
        value = d.get(col)
        if isinstance(value, str) and value and value not in known:
            out.append(Problem(where, headers.get(col, col), _unknown_ref(what, value, known)))
    return out


def _unknown_ref(what: str, value: str, known: set[str]) -> str:
    close = suggest(value, known, n=3)
    return t("unknown {w} {v!r}", "未知的{w} {v!r}", w=what, v=value) + (
        t(" (close: {c})", "（相近：{c}）", c=", ".join(close)) if close else ""
    )


# --- applying and exporting ------------------------------------------------------------------


def import_sheet(path: str | Path, catalog: Catalog | None = None) -> ImportResult:
    """Validate `path` and apply it to the user database in one transaction, or change nothing."""
    from gpudesk.catalog import open_catalog

    catalog = catalog or open_catalog()
    path = Path(path)
    providers, offers, problems = validate_sheet(path, catalog)
    if problems:
        raise SheetRejected(path, problems)
    existing_offers = {o.id for o in catalog.offers()}  # read first: a damaged user database is set aside here
    existing_providers = {p.id for p in catalog.providers()}
    user = catalog.user_db()
    result = ImportResult(path=path, user_db=user.path)
    for p in providers:
        (result.providers_updated if p.id in existing_providers else result.providers_added).append(p.id)
    for o in offers:
        (result.offers_updated if o.id in existing_offers else result.offers_added).append(o.id)
    user.upsert_many({"providers": providers, "offers": offers})
    catalog.refresh()
    return result


__all__ = [
    "BILLING_MODES",
    "OFFER_COLUMNS",
    "ImportResult",
    "Problem",
    "SheetRejected",
    "import_sheet",
    "validate_sheet",
]
