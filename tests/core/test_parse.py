"""Values as people type them or Excel saves them (gpudesk.core.parse): amounts with ¥, 元/小时 and 含税,
thousands separators vs decimal commas, inf/NaN/1e400, dates that do not exist, shares and counts."""

import pytest

from gpudesk.core import parse
from gpudesk.core.i18n import use_language


@pytest.mark.parametrize(
    "text, value, unit, tax",
    [
        ("1.88", 1.88, None, None),
        ("¥1,234.50", 1234.50, None, None),
        ("￥1，234．50", 1234.50, None, None),  # full-width, as a Chinese IME types it
        ("1.88元/小时", 1.88, "hour", None),
        ("6 元/卡·时（含税）", 6.0, "hour", True),
        ("6元/卡时 (不含税)", 6.0, "hour", False),
        ("3742.32 元/月", 3742.32, "month", None),
        ("0.3 元/GB/月", 0.3, "gb-month", None),
        ("RMB 12,000", 12000.0, None, None),
        ("12,000元", 12000.0, None, None),
        ("36.73/天", 36.73, "day", None),
        ("0.80 元/GB", 0.8, "gb", None),
        ("2 CNY/h", 2.0, "hour", None),
    ],
)
def test_amounts(text, value, unit, tax):
    a = parse.amount(text)
    assert (a.value, a.unit, a.tax_included) == (pytest.approx(value), unit, tax)


@pytest.mark.parametrize(
    "text, reason",
    [
        ("6,50", "decimal comma"),  # never 650
        ("1,5", "decimal comma"),  # never 15
        ("1,5000", "decimal comma"),
        ("12,34,567", "groups of three"),
        ("1234,567", "groups of three"),
        ("inf", "not a finite plain number"),
        ("-Infinity", "not a finite plain number"),
        ("NaN", "not a finite plain number"),
        ("1e400", "not a finite plain number"),
        ("1e3", "not a finite plain number"),
        ("1" + "0" * 400, "beyond any sensible value"),
        ("=cmd|' /C calc'!A0", "not a number"),
        ("-2+3", "not a number"),
        ("abc", "not a number"),
        ("", "empty"),
    ],
)
def test_refused_numbers(text, reason):
    with pytest.raises(ValueError, match=reason):
        parse.amount(text)


def test_price_checks_sign_and_unit():
    assert parse.price("1.5元/小时", unit="hour").value == 1.5
    assert parse.price("1.5", unit="month").value == 1.5  # a bare number takes the column's unit
    with pytest.raises(ValueError, match="per month, the column is per hour"):
        parse.price("1001.95元/月", unit="hour")
    with pytest.raises(ValueError, match="cannot be negative"):
        parse.price("-3")


@pytest.mark.parametrize(
    "text, iso",
    [
        ("2026-12-01", "2026-12-01"),
        ("2026/12/1", "2026-12-01"),
        ("2026.12.01", "2026-12-01"),
        ("2026年12月1日", "2026-12-01"),
        ("2026-02-28 00:00:00", "2026-02-28"),
        ("２０２６－１２－０１", "2026-12-01"),
    ],
)
def test_dates(text, iso):
    assert parse.date(text) == iso


@pytest.mark.parametrize(
    "text, reason",
    [
        ("2026-13-45", "no such date"),
        ("2026-02-30", "no such date"),
        ("46357", "Excel date number"),
        ("12/01/2026", "YYYY-MM-DD"),
        ("next week", "YYYY-MM-DD"),
    ],
)
def test_bad_dates(text, reason):
    with pytest.raises(ValueError, match=reason):
        parse.date(text)


def test_shares_counts_and_yes_no():
    assert parse.share("20%") == pytest.approx(0.2)
    assert parse.share("6 %") == pytest.approx(0.06)
    assert parse.share("0.2") == pytest.approx(0.2)
    with pytest.raises(ValueError, match="percentage"):
        parse.share("20")
    assert parse.count("8卡") == 8 and parse.count("1,024") == 1024
    with pytest.raises(ValueError, match="not a whole number"):
        parse.count("8.5")
    for unit_alone in ("x", "卡", "nodes"):  # a unit with no digits is not a number (it used to say "empty")
        with pytest.raises(ValueError, match="not a number") as e:
            parse.count(unit_alone)
        assert unit_alone in str(e.value)
    assert parse.yes_no("含税") is True and parse.yes_no("否") is False
    assert parse.blank(" 未知 ") and parse.blank("—") and not parse.blank("0")


def test_reasons_in_chinese():
    with use_language("zh_CN"), pytest.raises(ValueError) as e:
        parse.amount("6,50")
    assert "不接受小数逗号" in str(e.value) and "6.50" in str(e.value)


def test_sizes_as_people_write_them():
    from gpudesk.core import parse

    assert parse.size("80 GB") == parse.size("80GB") == parse.size("80") == 80 * 10**9  # a bare number is GB
    assert parse.size("74.5 GiB") == 79_993_765_888 and parse.size("2 TiB") == 2 * 2**40
    assert parse.size("８０ ＧＢ") == 80 * 10**9 and parse.size("1,000 GB") == 10**12
    assert parse.size("2199023255552") == 2 * 2**40  # a byte count (as the catalogue stores it), above MAX_AMOUNT
    for bad in ("eighty", "0", "-5 GB", "1e10", "6,5 GB", "9" * 25):
        with pytest.raises(ValueError):
            parse.size(bad)
