"""Providers the user records, with what due diligence asks for (legal name, 增值电信业务经营许可证 number,
scope and region, ICP filing, certifications, 等保 level, regions, contact). They go to the user database;
the bundled rows stay exactly as sourced (a user row with the same id shows instead of it)."""

from __future__ import annotations

import datetime as _dt
import re
from typing import TYPE_CHECKING, Any

from pydantic import ValidationError

from gpudesk.catalog.schema import Provider
from gpudesk.core.i18n import t
from gpudesk.errors import CatalogError

if TYPE_CHECKING:
    from gpudesk.catalog.store import Catalog

# The value-added telecom services a provider's licence may cover (工信部《电信业务分类目录》):
# B11 IDC 互联网数据中心, B12 CDN 内容分发网络, B13 IP-VPN 国内互联网虚拟专用网, B14 ISP 互联网接入, B25 ICP 信息服务.
LICENCE_SCOPES = {"IDC": "B11", "CDN": "B12", "IP-VPN": "B13", "ISP": "B14", "ICP": "B25"}
_LICENCE = re.compile(r"^(?:[A-Za-z]\d-\d{8}|[\u4e00-\u9fff]{1,2}[A-Za-z]\d-\d{8})$")  # B1-20201234, 豫B2-20261089


def licence_scope(text: str) -> str:
    """ "idc, isp" -> "IDC (B11), ISP (B14)"; unknown codes refused."""
    out = []
    for part in re.split(r"[,;/、，\s]+", text.strip()):
        if not part:
            continue
        code = part.upper()
        if code not in LICENCE_SCOPES:
            code = next((k for k, v in LICENCE_SCOPES.items() if v == code), "")
        if not code:
            raise CatalogError(
                t("licence scope {s!r}: use {k}", "许可范围 {s!r}：请使用 {k}", s=part, k=", ".join(LICENCE_SCOPES))
            )
        out.append(f"{code} ({LICENCE_SCOPES[code]})")
    return ", ".join(dict.fromkeys(out))


def add_provider(catalog: Catalog, fields: dict[str, Any], *, update: bool = False) -> Provider:
    """Validate and store a provider in the user database; `update` merges into an existing row (bundled
    or the user's). CatalogError naming the problem; nothing stored then."""
    pid = str(fields.get("id") or "").strip()
    exists = any(p.id == pid for p in catalog.providers())
    if exists and not update:
        raise CatalogError(
            t(
                "provider {p} exists; use --update to record more facts about it (the bundled entry "
                "itself is never changed)",
                "服务商 {p} 已存在；如需补充信息请加 --update（内置条目本身不会被修改）",
                p=pid,
            )
        )
    if update and not exists:
        raise CatalogError(t("no provider {p} to update", "没有可更新的服务商 {p}", p=pid))
    base = catalog.provider(pid).model_dump(exclude={"user"}) if exists else {"id": pid}
    given = {k: v for k, v in fields.items() if v not in (None, "", [])}
    lic = given.get("licence_number")
    if lic and not _LICENCE.match(str(lic).strip()):
        raise CatalogError(
            t(
                "licence number {n!r} does not look like 豫B2-20261089 or B1-20201234",
                "许可证编号 {n!r} 的格式应类似 豫B2-20261089 或 B1-20201234",
                n=lic,
            )
        )
    doc = {**base, **given}
    if update and base.get("source"):
        doc["source"] = f"{base['source']}; " + t("facts added by the user", "用户补充的信息")
    doc.setdefault("source", t("entered by the user", "用户录入"))
    doc["checked"] = given.get("checked") or _dt.date.today().isoformat()
    try:
        row = Provider.model_validate(doc)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first.get("loc", ())) or "provider"
        raise CatalogError(f"{where}: {first.get('msg')}") from None
    catalog.user_db().upsert_rows("providers", [row])
    catalog.refresh()
    return catalog.provider(row.id)
