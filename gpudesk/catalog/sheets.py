"""The one price-sheet reader (catalogue import and quote import): files as Chinese Excel saves them.

    table = read_sheet(path, COLUMNS, json_key="offers")   # SheetRejected for a file it cannot read at all
    for row in table.rows: row.cells["price_per_gpu_hour"] -> (header text, raw cell text or JSON value)

- Encodings: UTF-8 (with or without BOM), UTF-16 with BOM ("Unicode text"), else GB18030 (a superset of
  GBK, what Excel saves CSV as on a Chinese Windows).
- CSV (comma; tab for .tsv, or when the header row has tabs and no commas), blank lines skipped, title rows
  above the header skipped, and merged header rows (a group cell over several sub-columns, e.g. "价格" over
  "按量（元/小时）" and "包月（元/月）") read as one header.
- A header cell names a column by the field's id ("price_per_gpu_hour"), by a Chinese or English alias
  ("按量", "服务商"), or by a generic word plus its unit in brackets ("单价（元/卡·时）"). A "含税"/"不含税" in
  a header says the column's prices include or exclude VAT.
- JSON: a list of objects, or {json_key: [...], ...}. Infinity, NaN and numbers beyond a float (1e400)
  stay text here, so the cell reader refuses them with the row and column.
Cell values are parsed by the caller with gpudesk.core.parse; `Problem`s carry the row, the column and the
reason in the user's language, and a sheet with any problem changes nothing.
"""

from __future__ import annotations

import csv
import functools
import io
import json
import math
import re
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gpudesk.core import parse
from gpudesk.core.i18n import colon, t
from gpudesk.errors import CatalogError

FORMULA_START = ("=", "+", "-", "@", "\t", "\r")  # what a spreadsheet reads as a formula (OWASP CSV injection)
HEADER_SEARCH_ROWS = 6  # a header is looked for in the first rows only (title rows, merged groups)
MAX_SHEET_BYTES = 64 * 2**20


@dataclass
class Problem:
    row: str  # "line 3" / "第 3 行", "offers[2]", "header", "file"
    column: str | None
    reason: str

    def __str__(self) -> str:
        if self.column:
            return t(
                "{row}, column {col}: {why}", "{row}，{col} 列：{why}", row=self.row, col=self.column, why=self.reason
            )
        return colon(self.row, self.reason)


class SheetRejected(CatalogError):
    """A price sheet with problems; nothing was changed. `problems` lists every one."""

    def __init__(self, path: Path, problems: list[Problem]):
        self.path = Path(path)
        self.problems = problems
        lines = "\n  ".join(str(p) for p in problems)
        super().__init__(
            t(
                "{name} rejected, nothing changed ({n} problem{s}):\n  {lines}",
                "{name} 未被接受，未做任何修改（{n} 处问题）：\n  {lines}",
                name=self.path.name,
                n=len(problems),
                s="s" if len(problems) != 1 else "",
                lines=lines,
            )
        )


@dataclass(frozen=True)
class Column:
    """A field a sheet may carry: its id, the header words that name it, and the unit its prices are in."""

    field: str
    aliases: tuple[str, ...] = ()
    unit: str | None = None  # hour, day, month, year, gb-month, gb: a price column in this unit
    generic: bool = False  # a generic price word ("单价") plus this column's unit in brackets names it


@dataclass
class SheetRow:
    where: str
    cells: dict[str, tuple[str, Any]]  # field -> (header as written, raw value)


@dataclass
class Sheet:
    path: Path
    rows: list[SheetRow] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    columns: dict[str, str] = field(default_factory=dict)  # field -> header as written
    tax: dict[str, bool] = field(default_factory=dict)  # field -> its header says 含税 (True) / 不含税 (False)
    extra: dict[str, Any] = field(default_factory=dict)  # JSON: other top-level keys (e.g. "providers")


def line(n: int) -> str:
    return t("line {n}", "第 {n} 行", n=n)


def _text(path: Path) -> str:
    try:
        size = path.stat().st_size
        if size > MAX_SHEET_BYTES:
            raise SheetRejected(
                path,
                [
                    Problem(
                        t("file", "文件"),
                        None,
                        t(
                            "{mb:.0f} MB is too large for a price sheet (at most {m:.0f} MB)",
                            "{mb:.0f} MB 的价格表过大（最多 {m:.0f} MB）",
                            mb=size / 2**20,
                            m=MAX_SHEET_BYTES / 2**20,
                        ),
                    )
                ],
            )
        raw = path.read_bytes()
    except OSError as exc:
        raise CatalogError(t("cannot read {p}: {e}", "无法读取 {p}：{e}", p=path, e=exc.strerror or exc)) from None
    if raw.startswith((b"\xff\xfe", b"\xfe\xff")):
        encodings: tuple[str, ...] = ("utf-16",)
    else:
        encodings = ("utf-8-sig", "gb18030")
    for enc in encodings:
        try:
            return raw.decode(enc)
        except UnicodeDecodeError:
            continue
    raise SheetRejected(
        path,
        [
            Problem(
                t("file", "文件"),
                None,
                t("not UTF-8, UTF-16 or GBK/GB18030 text", "不是 UTF-8、UTF-16 或 GBK/GB18030 文本"),
            )
        ],
    )


# --- header words -------------------------------------------------------------------------------

_BRACKETS = re.compile(r"[（(\[【]([^）)\]】]*)[）)\]】]")
_GENERIC_PRICE = ("单价", "价格", "报价", "租金", "费用", "price", "rate", "cost", "金额")
_UNIT_HINTS = (  # (pattern in a header's brackets or words, unit), most specific first
    (r"gb\s*[/·]?\s*(?:月|month)", "gb-month"),
    (r"/\s*gb\b|元/gb", "gb"),
    (r"小时|/\s*时|卡\s*[·]?\s*时|/\s*h\b|hour", "hour"),
    (r"/\s*[天日]|包日|day", "day"),
    (r"/\s*月|包月|month", "month"),
    (r"/\s*年|包年|year", "year"),
)


@functools.lru_cache(maxsize=4096)
def key(text: str) -> str:
    """A header word as compared: NFKC, lower case, no spaces or underscores."""
    return re.sub(r"[\s_\-·]+", "", unicodedata.normalize("NFKC", str(text)).lower())


def _tax_word(text: str) -> bool | None:
    s = unicodedata.normalize("NFKC", text)
    if re.search(r"不含税|未税|税前|excl", s, re.IGNORECASE):
        return False
    if re.search(r"含税|税后|incl", s, re.IGNORECASE):
        return True
    return None


def _unit_of(text: str) -> str | None:
    s = unicodedata.normalize("NFKC", text).lower()
    for pattern, unit in _UNIT_HINTS:
        if re.search(pattern, s):
            return unit
    return None


def match_header(text: str, columns: list[Column]) -> str | None:
    """The field a header cell names, or None."""
    whole = key(text)
    if not whole:
        return None
    base = key(_BRACKETS.sub("", str(text)))
    for c in columns:
        names = {key(c.field), *(key(a) for a in c.aliases)}
        if whole in names or base in names:
            return c.field
    if any(base.startswith(key(g)) or base.endswith(key(g)) for g in _GENERIC_PRICE):
        unit = _unit_of(text)
        for c in columns:
            if c.generic and unit is not None and c.unit == unit:
                return c.field
    return None


def _header(rows: list[list[str]], columns: list[Column]) -> tuple[int, list[str | None], list[str]] | None:
    """(index of the last header row, field per column, header text per column) of the best header found."""
    best: tuple[int, int, list[str | None], list[str]] | None = None
    for last in range(min(HEADER_SEARCH_ROWS, len(rows))):
        for first in range(last, -1, -1):
            block = rows[first : last + 1]
            width = max(len(r) for r in block)
            filled = []
            for r in block[:-1]:  # group rows: a merged cell spans the blank cells to its right
                cur, out = "", []
                for i in range(width):
                    v = r[i].strip() if i < len(r) else ""
                    cur = v or cur
                    out.append(cur)
                filled.append(out)
            lowest = [(block[-1][i].strip() if i < len(block[-1]) else "") for i in range(width)]
            fields, texts = [], []
            for i in range(width):
                parts = [f[i] for f in filled if f[i]] + ([lowest[i]] if lowest[i] else [])
                text = " ".join(dict.fromkeys(parts))
                got = match_header(lowest[i], columns) if lowest[i] else None
                if got is None and text:
                    got = match_header(text, columns) or next(
                        (m for p in reversed(parts) if (m := match_header(p, columns))), None
                    )
                fields.append(got)
                texts.append(text)
            matched = sum(f is not None for f in fields)
            score = matched - sum(1 for f, x in zip(fields, texts, strict=True) if f is None and x)
            if matched and (best is None or score > best[0]):
                best = (score, last, fields, texts)
    if best is None:
        return None
    return best[1], best[2], best[3]


def _delimiter(text: str, suffix: str) -> str:
    if suffix == ".tsv":
        return "\t"
    first = next((ln for ln in text.splitlines() if ln.strip()), "")
    if "\t" in first and "," not in first:
        return "\t"
    if ";" in first and "," not in first:
        return ";"
    return ","


def read_csv(path: Path, columns: list[Column], required: tuple[str, ...]) -> Sheet:
    text = _text(path)
    sheet = Sheet(path)
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=_delimiter(text, path.suffix.lower()), strict=True)
    raw: list[tuple[int, list[str]]] = []
    try:
        for values in reader:
            if any(v.strip() for v in values):
                raw.append((reader.line_num, values))
    except csv.Error as exc:
        sheet.problems.append(
            Problem(
                line(reader.line_num),
                None,
                t("malformed CSV ({e}; an unclosed quote?)", "CSV 格式错误（{e}；引号未闭合？）", e=exc),
            )
        )
    if not raw:
        if not sheet.problems:
            sheet.problems.append(
                Problem(t("file", "文件"), None, t("empty file: expected a header row", "空文件：缺少表头行"))
            )
        return sheet
    found = _header([v for _, v in raw], columns)
    if found is None:
        sheet.problems.append(
            Problem(
                t("header", "表头"),
                None,
                t(
                    "no known column in the first rows; expected e.g. {cols}",
                    "前几行中没有可识别的列；应有例如 {cols}",
                    cols=", ".join(c.field for c in columns[:6]),
                ),
            )
        )
        return sheet
    last, fields, texts = found
    seen: dict[str, str] = {}
    for f, text in zip(fields, texts, strict=True):
        if f is None:
            if text:
                sheet.problems.append(Problem(t("header", "表头"), text, _unknown_column(text, columns)))
            continue
        if f in seen:
            sheet.problems.append(
                Problem(
                    t("header", "表头"),
                    text,
                    t("names the same column as {o!r} ({f})", "与 {o!r} 是同一列（{f}）", o=seen[f], f=f),
                )
            )
        seen[f] = text
        tax = _tax_word(text)
        if tax is not None:
            sheet.tax[f] = tax
    sheet.columns = seen
    for req in required:
        if req not in seen:
            sheet.problems.append(Problem(t("header", "表头"), req, t("required column missing", "缺少必需的列")))
    for n, values in raw[last + 1 :]:
        if len(values) > len(fields) and any(v.strip() for v in values[len(fields) :]):
            sheet.problems.append(
                Problem(
                    line(n),
                    None,
                    t("{n} fields, the header has {h}", "有 {n} 个字段，表头只有 {h} 列", n=len(values), h=len(fields)),
                )
            )
            continue
        cells = {f: (texts[i], values[i] if i < len(values) else "") for i, f in enumerate(fields) if f is not None}
        sheet.rows.append(SheetRow(line(n), cells))
    return sheet


def _unknown_column(text: str, columns: list[Column]) -> str:
    import difflib

    close = difflib.get_close_matches(key(text), [c.field for c in columns], n=2, cutoff=0.5)
    if any(key(text).startswith(key(g)) for g in _GENERIC_PRICE):  # a price without its unit
        close = [c.field for c in columns if c.generic][:2]
    hint = t(" (did you mean {c}?)", "（是否指 {c}？）", c=t(" or ", " 或 ").join(close)) if close else ""
    return t("unknown column{h}", "无法识别的列{h}", h=hint)


def read_json(path: Path, columns: list[Column], json_key: str, extra_keys: tuple[str, ...] = ()) -> Sheet:
    sheet = Sheet(path)

    def keep_text(s: str) -> Any:  # 1e400 would be inf, NaN/Infinity are not JSON: keep them as text
        v = float(s)
        return v if math.isfinite(v) else s

    try:
        data = json.loads(_text(path), parse_float=keep_text, parse_constant=lambda s: s)
    except (ValueError, RecursionError) as exc:
        sheet.problems.append(
            Problem(t("file", "文件"), None, t("not valid JSON ({e})", "不是有效的 JSON（{e}）", e=str(exc)[:200]))
        )
        return sheet
    if isinstance(data, dict):
        unknown = sorted(set(data) - {json_key, *extra_keys})
        if unknown:
            sheet.problems.append(
                Problem(
                    t("file", "文件"),
                    unknown[0],
                    t("unknown key; expected {k!r}", "无法识别的键；应为 {k!r}", k=json_key),
                )
            )
            return sheet
        sheet.extra = {k: data[k] for k in extra_keys if k in data}
        data = data.get(json_key)
    if not isinstance(data, list):
        sheet.problems.append(
            Problem(
                t("file", "文件"),
                None,
                t('expected a list of {k}, or {{"{k}": [...]}}', '应为 {k} 的列表，或 {{"{k}": [...]}}', k=json_key),
            )
        )
        return sheet
    known = {c.field for c in columns}
    for i, item in enumerate(data):
        where = f"{json_key}[{i}]"
        if not isinstance(item, dict):
            sheet.problems.append(Problem(where, None, t("not an object", "不是对象")))
            continue
        bad = [k for k in item if k not in known]
        for k in bad:
            sheet.problems.append(Problem(where, str(k), _unknown_column(str(k), columns)))
        if not bad:
            sheet.rows.append(SheetRow(where, {k: (k, v) for k, v in item.items()}))
    return sheet


def read_sheet(
    path: str | Path,
    columns: list[Column],
    *,
    json_key: str,
    required: tuple[str, ...] = (),
    extra_keys: tuple[str, ...] = (),
) -> Sheet:
    """Read a .csv/.tsv/.json sheet into rows of raw cells (problems collected, nothing parsed yet)."""
    path = Path(path)
    if not path.is_file():
        raise CatalogError(t("price sheet {p} not found", "找不到价格表 {p}", p=path))
    suffix = path.suffix.lower()
    if suffix in (".csv", ".tsv", ".txt"):
        sheet = read_csv(path, columns, required)
    elif suffix == ".json":
        sheet = read_json(path, columns, json_key, extra_keys)
    elif suffix in (".xlsx", ".xls", ".et"):
        raise CatalogError(
            t(
                "{n}: save the workbook as CSV (UTF-8 or GBK) and import that; use .csv or .json",
                "{n}：请把工作簿另存为 CSV（UTF-8 或 GBK）再导入；请使用 .csv 或 .json",
                n=path.name,
            )
        )
    else:
        raise CatalogError(
            t(
                "{n}: unknown sheet format {s}; use .csv or .json",
                "{n}：无法识别的表格格式 {s}；请使用 .csv 或 .json",
                n=path.name,
                s=suffix or t("(none)", "（无）"),
            )
        )
    if not sheet.rows and not sheet.problems:
        sheet.problems.append(Problem(t("file", "文件"), None, t("no rows in the file", "文件中没有数据行")))
    return sheet


# --- cells --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Cell:
    """A parsed cell: the value, and the tax fact a price cell carried ("含税")."""

    value: Any
    tax_included: bool | None = None


def read_cell(kind: str, raw: Any, *, unit: str | None = None, low: int = 0, high: int = 10**9) -> Cell | None:
    """One cell as `kind` (text, price, number, count, date, share, bool, list); None when blank.
    ValueError with the reason in the user's language otherwise. Text is kept verbatim (a cell starting
    with = + - @ is stored as typed; the export writers escape it)."""
    if raw is None or (isinstance(raw, str) and (not raw.strip() or parse.blank(raw))):
        return None
    if kind == "text":
        if not isinstance(raw, str):
            raise ValueError(t("expected text, got {v!r}", "应为文字，实际为 {v!r}", v=raw))
        text = raw.strip()
        if text[:1] == "'" and text[1:2] in FORMULA_START:  # our own exports escape formulas so: undo it
            text = text[1:]
        return Cell(text)
    if kind == "list":
        items = raw if isinstance(raw, list) else re.split(r"[;|/、，,\s]+", str(raw))
        if not all(isinstance(i, str) for i in items):
            raise ValueError(t("expected a list of words, got {v!r}", "应为词语列表，实际为 {v!r}", v=raw))
        return Cell([i.strip().lower() for i in items if i.strip()])
    if isinstance(raw, bool) and kind != "bool":
        raise ValueError(t("expected a number, got {v!r}", "应为数字，实际为 {v!r}", v=raw))
    if isinstance(raw, int | float) and not isinstance(raw, bool):
        if not math.isfinite(raw) or abs(raw) > parse.MAX_AMOUNT:
            raise ValueError(t("{v!r} is not a finite sensible number", "{v!r} 不是合理的有限数字", v=raw))
        raw = repr(raw) if isinstance(raw, float) else str(raw)
        raw = raw if "e" not in raw else f"{float(raw):f}"
    if isinstance(raw, list | dict):
        raise ValueError(t("expected a single value, got {v!r}", "应为单个值，实际为 {v!r}", v=raw))
    if kind == "price":
        a = parse.price(raw, unit=unit)
        return Cell(a.value, a.tax_included)
    if kind == "number":
        v = parse.number(raw)
        if v < 0:
            raise ValueError(t("cannot be negative: {v}", "不能为负：{v}", v=raw))
        return Cell(v)
    if kind == "count":
        return Cell(parse.count(raw, low=low, high=high))
    if kind == "date":
        return Cell(parse.date(raw))
    if kind == "share":
        return Cell(parse.share(raw))
    if kind == "bool":
        return Cell(raw if isinstance(raw, bool) else parse.yes_no(raw))
    raise AssertionError(kind)
