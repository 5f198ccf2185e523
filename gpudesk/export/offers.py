"""The catalogue's offers as a price sheet (`gpudesk catalog export`): CSV, TSV or .xlsx through the same
writers as every other table (formula cells escaped), or JSON. Columns are the Offer field ids, so the
file imports back unchanged (`gpudesk catalog import` undoes the escaping)."""

from __future__ import annotations

from gpudesk.core.i18n import colon, t

import json
from pathlib import Path

from gpudesk.errors import CatalogError
from gpudesk.export.tables import Table
from gpudesk.export.writers import csv_bytes, xlsx_bytes


def offers_table(offers) -> Table:
    from gpudesk.catalog.importer import OFFER_COLUMNS

    rows = []
    for o in offers:
        d = o.model_dump(mode="json")
        rows.append([None if d[c] is None else ";".join(d[c]) if c == "billing" else d[c] for c in OFFER_COLUMNS])
    return Table("offers", list(OFFER_COLUMNS), rows)


def export_offers(path: str | Path, catalog=None, *, user_only: bool = False) -> int:
    """Write the catalogue's offers (merged, or the user's own) to `path` by its suffix; atomic. Returns the count."""
    from gpudesk.catalog import open_catalog
    from gpudesk.core.plan import refuse_export_over
    from gpudesk.fileio import atomic_write
    from gpudesk.paths import make_folder

    catalog = catalog or open_catalog()
    path = refuse_export_over(path)
    offers = [o for o in catalog.offers() if o.user or not user_only]
    suffix = path.suffix.lower()
    if suffix == ".json":
        data = (
            json.dumps(
                [o.model_dump(mode="json", exclude={"user"}) for o in offers],
                ensure_ascii=False,
                indent=2,
                allow_nan=False,
            )
            + "\n"
        ).encode("utf-8")
    elif suffix in (".csv", ".tsv"):
        data = csv_bytes(offers_table(offers), delimiter="\t" if suffix == ".tsv" else ",")
    elif suffix == ".xlsx":
        data = xlsx_bytes(offers_table(offers))
    else:
        raise CatalogError(
            colon(
                path.name,
                t(
                    "unknown export format {s}; use .csv, .xlsx or .json",
                    "未知的导出格式 {s}；请使用 .csv、.xlsx 或 .json",
                    s=suffix or t("(none)", "（无）"),
                ),
            )
        )
    make_folder(path.parent if str(path.parent) else Path("."), "the export folder")
    atomic_write(path, data)
    return len(offers)
