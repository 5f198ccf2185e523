"""Reading values people type or Excel saves: amounts, counts, shares, dates, yes/no. No Qt, no I/O.

The one reader for the CLI's price options, the GUI's quote fields and every price-sheet cell (catalogue
import and quote import). Each function returns the value or raises ValueError with the reason in the
current language; a caller adds the row and column.

Rules, decided once:
- Text is NFKC-normalised first (full-width digits and signs, "￥", "，" become ASCII).
- An amount may carry a currency mark (¥, 元, RMB, CNY, 人民币), a unit (元/小时, /卡·时, /h, /天, /月,
  /年, /GB/月) and a tax mark (含税 / 不含税); `amount()` returns them beside the number so a sheet's
  column can check the unit and keep the tax fact.
- A comma separates thousands only in groups of three after one to three digits ("1,234.50", "12,000"):
  "6,50" and "1,5" are refused as decimal commas (never read as 650 or 15), and so is "12,34,567".
- Only plain decimals: "inf", "NaN", "1e400" and other exponents are refused; so are absurd sizes.
- A date is YYYY-MM-DD (also / . or 年月日 as separators) and must exist: 2026-13-45 is refused, and so
  is an Excel serial number (format the column as a date).
"""

from __future__ import annotations

import datetime as _dt
import difflib
import math
import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass

from gpudesk.core.i18n import named, t

MAX_AMOUNT = 1e12  # CNY: beyond any rental; a typo or an overflow
BLANKS = frozenset({"", "-", "—", "–", "/", "n/a", "na", "null", "none", "unknown", "未知", "无", "空"})

_CURRENCY = re.compile(r"^(?:¥|RMB|CNY|人民币)\s*|\s*(?:元|RMB|CNY|人民币)$", re.IGNORECASE)
_TAX = re.compile(
    r"[（(]?\s*(不含税|未税|税前|不含增值税|含税|含增值税|税后|excl\.?\s*vat|incl\.?\s*vat)\s*[)）]?", re.IGNORECASE
)
_UNITS = {
    "hour": r"(?:卡\s*[·*]?\s*)?(?:小时|时|h|hr|hour)|gpu\s*[-·]?\s*(?:h|hour)|卡时",
    "day": r"(?:卡\s*[·*]?\s*)?(?:天|日|day|d)",
    "month": r"(?:卡\s*[·*]?\s*)?(?:月|month|mo)",
    "year": r"(?:卡\s*[·*]?\s*)?(?:年|year|yr)",
    "gb-month": r"gb\s*[/·*]?\s*(?:月|month)",
    "gb": r"gb",
}
_UNIT = re.compile(
    r"\s*(?:元)?\s*/\s*(" + "|".join(f"(?P<{k.replace('-', '_')}>{v})" for k, v in _UNITS.items()) + r")\s*$",
    re.IGNORECASE,
)
_PLAIN = re.compile(r"^[+-]?\d+(?:\.\d+)?$")
_THOUSANDS = re.compile(r"^[+-]?\d{1,3}(?:,\d{3})+(?:\.\d+)?$")
_DECIMAL_COMMA = re.compile(r"^[+-]?\d+,\d{1,2}$|^[+-]?\d+,\d{4,}$")


@dataclass(frozen=True)
class Amount:
    value: float
    unit: str | None = None  # hour, day, month, year, gb-month, gb
    tax_included: bool | None = None  # 含税 True, 不含税 False, not said None


def normalise(text: object) -> str:
    s = unicodedata.normalize("NFKC", str(text)).replace("\u00a0", " ").strip()
    return s


def blank(text: object) -> bool:
    return text is None or normalise(text).lower() in BLANKS


def _refused(text: object, en: str, zh: str, **fmt: object) -> ValueError:
    """The error for `text` that cannot be read: the reason in the current language, `{v!r}` the text."""
    return ValueError(t(en, zh, v=str(text), **fmt))


def number(text: object, *, what: str | None = None) -> float:
    """A plain decimal number, thousands in groups of three allowed; ValueError with the reason otherwise."""
    s = normalise(text).replace(" ", "")
    if not s:
        raise ValueError(t("empty", "为空"))
    low = s.lower().lstrip("+-")
    if low in ("inf", "infinity", "nan", "∞") or "e" in low and re.fullmatch(r"[\d.]+e[+-]?\d+", low):
        raise _refused(
            text,
            "{v!r} is not a finite plain number (write the digits out)",
            "{v!r} 不是有限的普通数字（请直接写出数字）",
        )
    if _PLAIN.match(s):
        v = float(s)
    elif _THOUSANDS.match(s):
        v = float(s.replace(",", ""))
    elif _DECIMAL_COMMA.match(s):
        raise _refused(
            text,
            "{v!r}: a decimal comma is not read (a comma separates thousands in groups of three); "
            "write it with a point, e.g. {p}",
            "{v!r}：不接受小数逗号（逗号只用作三位一组的千位分隔符）；请用小数点，例如 {p}",
            p=s.replace(",", "."),
        )
    elif "," in s and re.fullmatch(r"[+-]?[\d,]+(?:\.\d+)?", s):
        raise _refused(
            text,
            "{v!r}: commas must separate thousands in groups of three",
            "{v!r}：逗号只能三位一组分隔千位",
        )
    else:
        raise _refused(text, "not a number: {v!r}", "不是数字：{v!r}")
    if abs(v) > MAX_AMOUNT:
        raise _refused(text, "{v!r} is beyond any sensible value", "{v!r} 超出合理范围")
    return v


def amount(text: object) -> Amount:
    """A money amount as people write it: "¥1,234.50", "1.88元/小时", "6元/卡·时（含税）", "0.3 元/GB/月"."""
    s = normalise(text)
    tax = None
    m = _TAX.search(s)
    if m:
        word = m.group(1).lower()
        tax = not (word.startswith(("不", "未", "税前", "excl")))
        s = (s[: m.start()] + s[m.end() :]).strip()
    unit = None
    u = _UNIT.search(s)
    if u:
        unit = next(k.replace("_", "-") for k, v in u.groupdict().items() if v)
        s = s[: u.start()].strip()
    s = _CURRENCY.sub("", s).strip()
    s = _CURRENCY.sub("", s).strip()  # "¥12元" has both
    return Amount(number(s), unit, tax)


def price(text: object, *, unit: str | None = None) -> Amount:
    """An amount that is not negative, in the `unit` the column says (when the cell names one)."""
    a = amount(text)
    if a.value < 0:
        raise ValueError(t("a price cannot be negative: {v}", "价格不能为负：{v}", v=normalise(text)))
    if unit is not None and a.unit is not None and a.unit != unit:
        raise ValueError(
            t(
                "{v!r} is per {got}, the column is per {want}",
                "{v!r} 的单位是每{got}，而该列是每{want}",
                v=normalise(text),
                got=unit_label(a.unit),
                want=unit_label(unit),
            )
        )
    return a


# fmt: off
# a bilingual name per price unit: data, kept as a compact table
_UNIT_NAMES = {"hour": ("hour", "小时"), "day": ("day", "天"), "month": ("month", "月"), "year": ("year", "年"),
               "gb-month": ("GB-month", "GB·月"), "gb": ("GB", "GB")}
# fmt: on


def unit_label(unit: str) -> str:
    return named(_UNIT_NAMES, unit)


def count(text: object, *, low: int = 0, high: int = 10**9) -> int:
    """A whole number ("8", "8卡", "1,024"), within [low, high]."""
    s = re.sub(r"\s*(?:卡|张|台|个|节点|nodes?|gpus?|x|×)$", "", normalise(text), flags=re.IGNORECASE)
    v = number(s or text)  # a unit alone ("x", "卡") is not a number, not an empty field
    if v != int(v):
        raise ValueError(t("{v!r} is not a whole number", "{v!r} 不是整数", v=normalise(text)))
    if not low <= v <= high:
        raise ValueError(t("{v} is outside {lo}–{hi}", "{v} 超出 {lo}–{hi} 的范围", v=int(v), lo=low, hi=high))
    return int(v)


def share(text: object) -> float:
    """A rate or share: "20%", "0.2", "6 %" -> 0.2, 0.06. A bare number above 1 is refused (ambiguous)."""
    s = normalise(text).replace(" ", "")
    if s.endswith("%"):
        v = number(s[:-1]) / 100
    else:
        v = number(s)
        if v > 1:
            raise ValueError(
                t(
                    "{v!r}: write a share as a percentage (20%) or a fraction (0.2)",
                    "{v!r}：比例请写成百分数（20%）或小数（0.2）",
                    v=normalise(text),
                )
            )
    if not 0 <= v <= 1:
        raise ValueError(t("{v!r} is not a share between 0 and 100 %", "{v!r} 不在 0 到 100% 之间", v=normalise(text)))
    return v


def date(text: object) -> str:
    """An existing date as YYYY-MM-DD, from 2026-12-01, 2026/12/1, 2026.12.01 or 2026年12月1日."""
    s = normalise(text)
    m = re.fullmatch(r"(\d{4})\s*[-/.年]\s*(\d{1,2})\s*[-/.月]\s*(\d{1,2})\s*日?(?:[ T]00:00(?::00)?)?", s)
    if not m:
        if re.fullmatch(r"\d{5}(?:\.0)?", s):
            raise ValueError(
                t(
                    "{v!r} looks like an Excel date number: format the column as a date (YYYY-MM-DD)",
                    "{v!r} 像是 Excel 的日期序号：请把该列设为日期格式（YYYY-MM-DD）",
                    v=s,
                )
            )
        raise ValueError(t("date must be YYYY-MM-DD, got {v!r}", "日期须为 YYYY-MM-DD 格式，实际为 {v!r}", v=s))
    y, mo, d = (int(g) for g in m.groups())
    try:
        return _dt.date(y, mo, d).isoformat()
    except ValueError:
        raise ValueError(t("no such date: {v}", "日期不存在：{v}", v=s)) from None


_SIZE_UNITS = {
    "b": 1,
    "byte": 1,
    "bytes": 1,
    "kb": 10**3,
    "mb": 10**6,
    "gb": 10**9,
    "tb": 10**12,
    "pb": 10**15,
    "kib": 2**10,
    "mib": 2**20,
    "gib": 2**30,
    "tib": 2**40,
    "pib": 2**50,
}
_SIZE = re.compile(r"^(?P<num>[\d.,]+)\s*(?P<unit>[kmgtp]i?b|bytes?|b)?$", re.IGNORECASE)
BYTES_FROM = 10**6  # a bare number this large is a byte count (no memory or disk is a million GB)
MAX_SIZE = 10**18  # an exabyte: beyond any node's memory or disk


def size(text: object) -> int:
    """A memory or disk size in bytes as people write it: "80 GB", "80GB", "74.5 GiB", "2 TiB", "30 TB",
    "512 MB" (GB/TB decimal as sold, GiB/TiB binary); a bare number is in GB ("80"), or a byte count from
    a million up ("80000000000", as the catalogue stores it)."""
    s = normalise(text).replace(" ", "")
    m = _SIZE.match(s)
    if not m:
        raise _refused(
            text,
            "not a size: {v!r} (write e.g. 80 GB, 74.5 GiB or 2 TiB)",
            "不是容量：{v!r}（请写成如 80 GB、74.5 GiB 或 2 TiB）",
        )
    num = m.group("num")
    # a byte count passes MAX_AMOUNT (2 TiB of host RAM is 2.2e12 bytes): digits only, the cap is on the result
    value = float(num.replace(",", "")) if _PLAIN.match(num) or _THOUSANDS.match(num) else number(num)
    unit = (m.group("unit") or "").lower()
    if not unit:
        unit = "b" if value >= BYTES_FROM else "gb"
    out = round(value * _SIZE_UNITS[unit])
    if out > MAX_SIZE:
        raise _refused(text, "{v!r} is beyond any sensible size", "{v!r} 超出合理容量")
    if out <= 0:
        raise _refused(text, "{v!r} is not a size above zero", "{v!r} 不是大于零的容量")
    return out


def yes_no(text: object) -> bool:
    s = normalise(text).lower()
    if s in ("yes", "y", "true", "1", "是", "有", "含税", "included", "incl", "incl."):
        return True
    if s in ("no", "n", "false", "0", "否", "无", "不含税", "excluded", "excl", "excl."):
        return False
    raise ValueError(t("{v!r}: answer yes or no", "{v!r}：请填“是”或“否”", v=normalise(text)))


_SCALED = re.compile(r"^([+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?)\s*(k|m|b|t|万|亿)?$", re.IGNORECASE)
SCALE_SUFFIXES = {"k": 1e3, "m": 1e6, "b": 1e9, "t": 1e12, "万": 1e4, "亿": 1e8}


def scaled_count(text: object) -> float:
    """A count as people write model and data sizes: "7e9", "7B", "1.5b", "350M", "1.2T", "20k", "70亿".

    K, M, B, T are thousand, million, billion (10^9) and trillion (10^12), in either case; a plain or
    exponent number is read as it is. "inf", "nan" and anything else are refused; the caller checks the range.
    """
    s = normalise(text).replace(" ", "")
    head = s.rstrip("kKmMbBtT万亿")
    if "," in head and _THOUSANDS.match(head):  # "1,000M"
        s = s.replace(",", "")
    m = _SCALED.match(s)
    if not m:
        raise _refused(
            text,
            "{v!r} is not a number or a size such as 7B, 350M or 1.5T",
            "{v!r} 不是数字，也不是 7B、350M、1.5T 这样的规模",
        )
    value = float(m.group(1)) * SCALE_SUFFIXES.get((m.group(2) or "").lower(), 1.0)
    if not math.isfinite(value):
        raise _refused(text, "{v!r} is beyond any sensible value", "{v!r} 超出合理范围")
    return value


def suggest(typed: str, known: Iterable[str], n: int = 4) -> list[str]:
    """The known ids closest to a mistyped one, best first: ids that start with what was typed, then ids
    that contain it (ignoring case and punctuation: "a100" finds a100-sxm-80gb before a10), then
    difflib's close matches. The one rule for every "unknown id; close matches: ..." message."""
    ids = sorted(dict.fromkeys(k for k in known if isinstance(k, str)))
    low = normalise(typed).lower()
    squash = re.sub(r"[\W_]+", "", low)
    if not low:
        return []

    def flat(k: str) -> str:
        return re.sub(r"[\W_]+", "", k.lower())

    starts = [k for k in ids if k.lower().startswith(low) or squash and flat(k).startswith(squash)]
    contains = [k for k in ids if low in k.lower() or squash and squash in flat(k)]
    starts.sort(key=lambda k: (len(k), k))
    contains.sort(key=lambda k: (len(k), k))
    by_low = {k.lower(): k for k in ids}
    close = [by_low[c] for c in difflib.get_close_matches(low, list(by_low), n=n, cutoff=0.5)]
    return list(dict.fromkeys(starts + contains + close))[:n]
