"""Import and export of offers (a provider's price sheet) as CSV or JSON.

A sheet is validated row by row with the pydantic row models and checked against the catalogue
(known provider, GPU and node type). Any problem rejects the whole file, listing every problem
with its row and column, and changes nothing; a good file is applied to the user database in one
transaction. CSV columns are the Offer fields; `billing` holds modes separated by ';'.
"""

from __future__ import annotations

import csv
import difflib
import hashlib
import io
import json
import re
from dataclasses import dataclass, field
from pathlib import Path

from pydantic import ValidationError

from gpudesk.catalog.schema import BILLING_MODES, Offer, Provider
from gpudesk.errors import CatalogError
from gpudesk.fileio import atomic_write

OFFER_COLUMNS = tuple(f for f in Offer.model_fields if f != "user")
REQUIRED_COLUMNS = ("provider", "gpu")
_NUMBER_COLUMNS = {"price_per_gpu_hour", "price_per_gpu_month"}
_INT_COLUMNS = {"gpus_per_node", "max_nodes"}


@dataclass
class Problem:
    row: str  # "line 3" (CSV) or "offers[2]" (JSON), "header", "file"
    column: str | None
    reason: str

    def __str__(self) -> str:
        col = f", column {self.column}" if self.column else ""
        return f"{self.row}{col}: {self.reason}"


class SheetRejected(CatalogError):
    """A price sheet with problems; nothing was changed. `problems` lists every one."""

    def __init__(self, path: Path, problems: list[Problem]):
        self.path = Path(path)
        self.problems = problems
        lines = "\n  ".join(str(p) for p in problems)
        super().__init__(f"{self.path.name} rejected, nothing changed ({len(problems)} problem"
                         f"{'s' if len(problems) != 1 else ''}):\n  {lines}")


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


# --- reading ---------------------------------------------------------------------------------


def _read_text(path: Path) -> str:
    raw = path.read_bytes()
    for enc in ("utf-8-sig", "gb18030"):  # Excel in a Chinese locale saves CSV as GBK
        try:
            return raw.decode(enc)
        except UnicodeDecodeError:
            continue
    raise SheetRejected(path, [Problem("file", None, "not UTF-8 or GB18030 text")])


def _read_csv(path: Path) -> tuple[list[tuple[str, dict]], list[dict], list[Problem]]:
    text = _read_text(path)
    problems: list[Problem] = []
    reader = csv.reader(io.StringIO(text, newline=""), delimiter="\t" if path.suffix == ".tsv" else ",",
                        strict=True)
    rows: list[tuple[str, dict]] = []
    try:
        header = next(reader, None)
    except csv.Error as exc:
        return [], [], [Problem("line 1", None, f"malformed CSV ({exc})")]
    if not header:
        return [], [], [Problem("file", None, "empty file: expected a header row with the offer columns")]
    cols = [h.strip().lower().replace(" ", "_") for h in header]
    for c in cols:
        if c not in OFFER_COLUMNS:
            close = difflib.get_close_matches(c, OFFER_COLUMNS, n=2, cutoff=0.4)
            if "price" in c and "kind" not in c and "date" not in c:
                close = ["price_per_gpu_hour", "price_per_gpu_month"]
            hint = f" (did you mean {' or '.join(close)}?)" if close else ""
            problems.append(Problem("header", c or "(empty)", f"unknown column{hint}"))
    for req in REQUIRED_COLUMNS:
        if req not in cols:
            problems.append(Problem("header", req, "required column missing"))
    seen = set()
    for c in cols:
        if c in seen:
            problems.append(Problem("header", c, "column appears twice"))
        seen.add(c)
    while True:
        try:
            values = next(reader)
        except StopIteration:
            break
        except csv.Error as exc:
            problems.append(Problem(f"line {reader.line_num}", None,
                                    f"malformed CSV ({exc}; an unclosed quote?)"))
            break
        where = f"line {reader.line_num}"
        if not any(v.strip() for v in values):
            continue
        if len(values) != len(cols):
            problems.append(Problem(where, None, f"{len(values)} fields, the header has {len(cols)}"))
            continue
        rows.append((where, {c: v for c, v in zip(cols, values) if c in OFFER_COLUMNS}))
    return rows, [], problems


def _read_json(path: Path) -> tuple[list[tuple[str, dict]], list[dict], list[Problem]]:
    try:
        data = json.loads(_read_text(path))
    except ValueError as exc:
        return [], [], [Problem("file", None, f"not valid JSON ({exc})")]
    providers: list = []
    if isinstance(data, dict):
        unknown = sorted(set(data) - {"offers", "providers"})
        if unknown:
            return [], [], [Problem("file", unknown[0], "unknown key; expected 'offers' and optional 'providers'")]
        providers = data.get("providers") or []
        data = data.get("offers")
    if not isinstance(data, list):
        return [], [], [Problem("file", None, "expected a list of offers, or {\"offers\": [...], \"providers\": [...]}")]
    problems, rows = [], []
    for i, item in enumerate(data):
        if not isinstance(item, dict):
            problems.append(Problem(f"offers[{i}]", None, "not an object"))
            continue
        rows.append((f"offers[{i}]", item))
    if not isinstance(providers, list):
        problems.append(Problem("providers", None, "must be a list"))
        providers = []
    return rows, providers, problems


# --- validating ------------------------------------------------------------------------------


def _clean_csv_value(col: str, v: str):
    v = v.strip()
    if v == "" or v.lower() in ("null", "none", "unknown", "未知"):
        return None
    if col in _NUMBER_COLUMNS:
        return v.replace("¥", "").replace("￥", "").replace(",", "").strip()
    if col == "billing":
        return [b for b in re.split(r"[;|/\s]+", v.lower()) if b]
    return v


def _derive_id(d: dict) -> str:
    base = f"{d.get('provider')}-{d.get('gpu')}-{d.get('gpus_per_node') or 1}x"
    base = re.sub(r"[^a-z0-9._-]+", "-", base.lower()).strip("-")
    region = d.get("region")
    if region:
        base += "-" + hashlib.sha1(str(region).encode()).hexdigest()[:6]
    return base


def _pydantic_problems(where: str, exc: ValidationError) -> list[Problem]:
    out = []
    for e in exc.errors():
        col = ".".join(str(p) for p in e["loc"]) or None
        msg = e["msg"]
        if e["type"] == "extra_forbidden":
            msg = "unknown field"
        out.append(Problem(where, col, msg))
    return out


def validate_sheet(path: Path, catalog) -> tuple[list[Provider], list[Offer], list[Problem]]:
    """Parse and validate a price sheet without touching any database."""
    path = Path(path)
    if not path.is_file():
        raise CatalogError(f"price sheet {path} not found")
    suffix = path.suffix.lower()
    if suffix in (".csv", ".tsv"):
        raw_rows, raw_providers, problems = _read_csv(path)
        csv_mode = True
    elif suffix == ".json":
        raw_rows, raw_providers, problems = _read_json(path)
        csv_mode = False
    else:
        raise CatalogError(f"{path.name}: unknown sheet format {suffix or '(none)'}; use .csv or .json")

    providers: list[Provider] = []
    for i, item in enumerate(raw_providers):
        try:
            providers.append(Provider.model_validate({**item, "user": True} if isinstance(item, dict) else item))
        except ValidationError as exc:
            problems += _pydantic_problems(f"providers[{i}]", exc)

    known_providers = {p.id for p in catalog.providers()} | {p.id for p in providers}
    known_gpus = {g.id for g in catalog.gpus()}
    servers = {s.id: s for s in catalog.servers()}
    offers: list[Offer] = []
    seen: dict[str, str] = {}
    for where, item in raw_rows:
        d = {k: _clean_csv_value(k, v) for k, v in item.items()} if csv_mode else dict(item)
        d = {k: v for k, v in d.items() if v is not None}
        d.pop("user", None)
        if d.get("server") in servers and "gpus_per_node" not in d:
            d["gpus_per_node"] = servers[d["server"]].gpus_per_node
        if not d.get("id") and d.get("provider") and d.get("gpu"):
            d["id"] = _derive_id(d)
        if d.get("price_per_gpu_hour") is not None or d.get("price_per_gpu_month") is not None:
            d.setdefault("price_kind", "quoted")  # a provider's sheet quotes prices
        row_problems = _reference_problems(where, d, known_providers, known_gpus, servers)
        try:
            offer = Offer.model_validate(d)
        except ValidationError as exc:
            problems += _pydantic_problems(where, exc) + row_problems
            continue
        if offer.server in servers and not row_problems:
            node = servers[offer.server].gpus_per_node
            if node != offer.gpus_per_node:
                row_problems.append(Problem(where, "gpus_per_node", f"{offer.gpus_per_node} differs from server "
                                                                    f"{offer.server} ({node} per node)"))
        if offer.priced and not offer.price_date:
            row_problems.append(Problem(where, "price_date", "required with a price (YYYY-MM-DD: when it was quoted)"))
        if offer.id in seen:
            row_problems.append(Problem(where, "id", f"duplicate of {seen[offer.id]} ({offer.id})"))
        seen.setdefault(offer.id, where)
        problems += row_problems
        if not row_problems:
            offers.append(offer.model_copy(update={"user": True}))
    if not raw_rows and not problems:
        problems.append(Problem("file", None, "no offers in the file"))
    return providers, offers, problems


def _reference_problems(where: str, d: dict, providers: set[str], gpus: set[str], servers: dict) -> list[Problem]:
    out = []
    for col, what, known in (("provider", "provider", providers), ("gpu", "GPU", gpus),
                             ("server", "server type", set(servers))):
        value = d.get(col)
        if isinstance(value, str) and value and value not in known:
            out.append(Problem(where, col, _unknown_ref(what, value, known)))
    return out


def _unknown_ref(what: str, value: str, known: set[str]) -> str:
    close = difflib.get_close_matches(value, sorted(known), n=3, cutoff=0.5)
    return f"unknown {what} {value!r}" + (f" (close: {', '.join(close)})" if close else "")


# --- applying and exporting ------------------------------------------------------------------


def import_sheet(path: str | Path, catalog=None) -> ImportResult:
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


def export_offers(path: str | Path, catalog=None, *, user_only: bool = False) -> int:
    """Write the catalogue's offers (merged, or the user's own) as CSV or JSON; atomic. Returns the count."""
    from gpudesk.catalog import open_catalog

    catalog = catalog or open_catalog()
    path = Path(path)
    offers = [o for o in catalog.offers() if o.user or not user_only]
    suffix = path.suffix.lower()
    if suffix == ".json":
        text = json.dumps([o.model_dump(mode="json", exclude={"user"}) for o in offers],
                          ensure_ascii=False, indent=2) + "\n"
    elif suffix in (".csv", ".tsv"):
        buf = io.StringIO(newline="")
        w = csv.writer(buf, delimiter="\t" if suffix == ".tsv" else ",", lineterminator="\r\n")
        w.writerow(OFFER_COLUMNS)
        for o in offers:
            d = o.model_dump(mode="json")
            w.writerow(["" if d[c] is None else ";".join(d[c]) if c == "billing" else d[c]
                        for c in OFFER_COLUMNS])
        text = "\ufeff" + buf.getvalue()  # BOM: Excel opens UTF-8 Chinese text correctly
    else:
        raise CatalogError(f"{path.name}: unknown export format {suffix or '(none)'}; use .csv or .json")
    path.parent.mkdir(parents=True, exist_ok=True)
    atomic_write(path, text)
    return len(offers)


__all__ = [
    "BILLING_MODES",
    "OFFER_COLUMNS",
    "ImportResult",
    "Problem",
    "SheetRejected",
    "export_offers",
    "import_sheet",
    "validate_sheet",
]
