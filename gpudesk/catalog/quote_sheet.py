"""A provider's quote sheet (`gpudesk quote import PLAN SHEET`): one quote a row, read by the one price-sheet
reader (gpudesk.catalog.sheets) and checked like `quote add` (gpudesk.core.plan.quotes), row by row.

Columns are named like the `quote add` options with underscores (provider, gpu, gpus_per_node, nodes,
price_per_gpu_hour, price_per_node_month, min_hours, storage_per_gb_month, subsidy_rate, valid_until, …) or
by the Chinese words providers use (服务商, 显卡, 每节点卡数, 节点数, 按量（元/卡·时）, 包月（元/节点·月）,
最短租期, 开通费, 有效期至, 报价编号, 含税, 税率, …). A sheet with any problem adds nothing.
"""

from __future__ import annotations

from pathlib import Path
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from gpudesk.catalog.sheets import Column, Problem, SheetRejected, read_cell, read_sheet
from gpudesk.core.i18n import t
from gpudesk.core.plan.quote_ops import provider_facts
from gpudesk.core.plan.quotes import Quote, next_quote_id, quote_error
from gpudesk.errors import GpudeskError

if TYPE_CHECKING:
    from gpudesk.core.protocols import Catalogue

_FORMS = (
    ("hourly", "hour", "按量", "小时"),
    ("daily", "day", "包日", "天"),
    ("monthly", "month", "包月", "月"),
    ("yearly", "year", "包年", "年"),
)


def _price_columns() -> list[Column]:
    out = []
    for form, unit, word, zh in _FORMS:
        out.append(
            Column(
                f"price_per_gpu_{unit}",
                (f"{word}", f"{word}价格", f"{word}（元/卡·{zh}）", f"每卡{zh}价格", f"price per gpu {unit}"),
                unit=unit,
                generic=(form == "hourly"),
            )
        )
        out.append(
            Column(
                f"price_per_node_{unit}",
                (
                    f"{word}（元/节点·{zh}）",
                    f"{word}（元/台·{zh}）",
                    f"每节点{zh}价格",
                    f"整机{word}",
                    f"price per node {unit}",
                ),
                unit=unit,
            )
        )
    out += [
        Column("spot_price_per_gpu_hour", ("竞价", "抢占式", "竞价价格", "抢占式价格", "spot"), unit="hour"),
        Column("spot_price_per_node_hour", ("整机竞价", "spot per node"), unit="hour"),
    ]
    return out


COLUMNS: list[Column] = [
    Column("id", ("quote id", "编号")),
    Column("provider", ("provider id", "服务商", "供应商", "厂商")),
    Column("gpu", ("gpu id", "显卡", "gpu型号", "显卡型号", "型号", "卡型")),
    Column("gpus_per_node", ("gpus per node", "每节点卡数", "单机卡数", "卡数")),
    Column("nodes", ("节点数", "台数", "服务器数量", "数量")),
    Column("reference", ("报价编号", "报价单号", "quote number", "ref")),
    Column("date", ("quote date", "报价日期", "日期")),
    Column("valid_until", ("valid until", "有效期至", "有效期", "报价有效期")),
    Column("contact", ("联系人", "联系方式")),
    Column("region", ("地域", "地区", "区域", "机房")),
    Column("cpu", ("处理器",)),
    Column("host_ram_gb", ("内存", "内存（gb）", "host ram")),
    Column("nvme_gb", ("硬盘", "nvme", "本地盘（gb）", "系统盘（gb）")),
    Column("network", ("网络", "节点间网络")),
    *_price_columns(),
    Column("spot_terms", ("中断条款", "竞价条款", "interruption terms")),
    Column("billing", ("计费方式",)),
    Column("granularity", ("计费粒度",)),
    Column("min_hours", ("最短租期", "最短租期（小时）", "minimum hours", "min period")),
    Column("setup_fee", ("开通费", "一次性费用", "安装费", "setup")),
    Column("storage_per_gb_month", ("存储单价", "存储（元/gb·月）", "存储", "storage"), unit="gb-month"),
    Column("storage_included_gb", ("赠送存储", "免费存储", "included storage")),
    Column("egress_per_gb", ("流量单价", "流量", "出网流量", "egress"), unit="gb"),
    Column("bandwidth_per_month", ("带宽", "带宽月费", "bandwidth"), unit="month"),
    Column("public_ips", ("公网ip", "公网ip数")),
    Column("ip_per_month", ("ip月费", "公网ip月费"), unit="month"),
    Column("vat", ("含税", "是否含税", "vat included")),
    Column("vat_rate", ("税率", "增值税率")),
    Column("subsidy_rate", ("补贴比例", "算力券比例")),
    Column("subsidy_cap", ("补贴上限", "算力券上限")),
    Column("subsidy_items", ("补贴项目",)),
    Column("subsidy_programme", ("补贴项目名称", "算力券项目")),
    Column("notes", ("备注", "说明")),
    # the plan's own shape (`gpudesk quote list --json` output): taken as they are, checked by the Quote model
    Column("rates"),
    Column("subsidy"),
    Column("prices_include_vat"),
    # recomputed when the quote is added: ignored on import
    Column("fit"),
    Column("added"),
    Column("provider_facts"),
    Column("provider_name"),
    Column("gpu_name"),
    Column("gpu_name_zh"),
]
_RAW = {"rates", "subsidy", "prices_include_vat"}
_IGNORED = {"fit", "added", "provider_facts", "provider_name", "gpu_name", "gpu_name_zh"}
_KIND: dict[str, tuple[str, str | None]] = {
    **{c.field: ("price", c.unit) for c in COLUMNS if c.unit is not None},
    "subsidy_cap": ("price", None),
    "setup_fee": ("price", None),
    "gpus_per_node": ("count", None),
    "nodes": ("count", None),
    "public_ips": ("count", None),
    "date": ("date", None),
    "valid_until": ("date", None),
    "min_hours": ("number", None),
    "host_ram_gb": ("number", None),
    "nvme_gb": ("number", None),
    "storage_included_gb": ("number", None),
    "vat": ("bool", None),
    "vat_rate": ("share", None),
    "subsidy_rate": ("share", None),
    "billing": ("list", None),
    "subsidy_items": ("list", None),
}
_LIMITS = {"gpus_per_node": (1, 64), "nodes": (1, 4096), "public_ips": (0, 100000)}


def _row_quote(cells: dict[str, Any]) -> dict[str, Any]:
    """The quote fields of one parsed row (the same shape `quote add` builds)."""
    rates = list(cells.pop("rates", None) or [])
    for form, unit, _w, _z in _FORMS:
        for per in ("gpu", "node"):
            v = cells.pop(f"price_per_{per}_{unit}", None)
            if v is not None:
                rates.append({"billing": form, "per": per, "price": v})
    terms = cells.pop("spot_terms", None)
    for per in ("gpu", "node"):
        v = cells.pop(f"spot_price_per_{per}_hour", None)
        if v is not None:
            rates.append({"billing": "spot", "per": per, "price": v, "interruption": terms})
    subsidy = cells.pop("subsidy", None)
    rate, cap = cells.pop("subsidy_rate", None), cells.pop("subsidy_cap", None)
    items, programme = cells.pop("subsidy_items", None), cells.pop("subsidy_programme", None)
    if rate is not None or cap is not None:
        subsidy = {"rate": rate, "cap": cap, "items": items or ["compute"], "programme": programme}
    vat = cells.pop("vat", None)
    if vat is None:
        vat = cells.pop("prices_include_vat", None)
    cells.pop("prices_include_vat", None)
    return {**cells, "rates": rates, "subsidy": subsidy, "prices_include_vat": vat}


def read_quote_sheet(path: str | Path, catalog: Catalogue, *, taken: Sequence[str] = ()) -> list[dict[str, Any]]:
    """Every row of a quote sheet as quote fields, checked (provider and GPU known, numbers sane, dates real);
    SheetRejected listing every problem when any row has one."""
    path = Path(path)
    sheet = read_sheet(
        path, COLUMNS, json_key="quotes", required=("provider", "gpu", "gpus_per_node"), extra_keys=("selected",)
    )  # `quote list --json` output imports as it is
    problems: list[Problem] = list(sheet.problems)
    out: list[dict[str, Any]] = []
    ids = list(taken)
    for row in sheet.rows:
        cells: dict[str, Any] = {}
        heads = {f: h for f, (h, _) in row.cells.items()}
        bad = False
        taxed = None
        for name, (header, raw) in row.cells.items():
            if name in _IGNORED:
                continue
            if name in _RAW:
                if raw is not None:
                    cells[name] = raw
                continue
            kind, unit = _KIND.get(name, ("text", None))
            lo, hi = _LIMITS.get(name, (0, 10**9))
            try:
                cell = read_cell(kind, raw, unit=unit, low=lo, high=hi)
            except ValueError as exc:
                problems.append(Problem(row.where, header, str(exc)))
                bad = True
                continue
            if cell is not None:
                cells[name] = cell.value
                if cell.tax_included is not None:
                    taxed = cell.tax_included
                elif name in sheet.tax:
                    taxed = sheet.tax[name]
        if bad:
            continue
        if taxed is not None and "vat" not in cells:
            cells["vat"] = taxed
        cells.setdefault("nodes", 1)
        d = _row_quote(cells)
        lookups: tuple[tuple[str, Callable[[str], str]], ...] = (
            ("provider", lambda v: provider_facts(catalog, v)[0]),
            ("gpu", lambda v: catalog.gpu(v).id),
        )
        for col, lookup in lookups:
            try:
                if not d.get(col):
                    raise GpudeskError(t("required", "必填"))
                d[col] = lookup(str(d[col]))
            except GpudeskError as exc:
                problems.append(Problem(row.where, heads.get(col, col), str(exc)))
                bad = True
        if bad:
            continue
        if not d.get("id"):
            d["id"] = next_quote_id(ids)
        if d["id"] in ids:
            problems.append(
                Problem(
                    row.where,
                    heads.get("id", "id"),
                    t("the plan or the sheet already has a quote {q}", "方案或表格中已有报价 {q}", q=d["id"]),
                )
            )
            continue
        try:
            Quote.model_validate(d)
        except ValueError as exc:
            err = quote_error(exc)  # type: ignore[arg-type]
            problems.append(Problem(row.where, None, str(err)))
            continue
        ids.append(d["id"])
        out.append(d)
    if problems:
        raise SheetRejected(path, problems)
    return out
