"""Price sheets as Chinese Excel saves them, through the one reader (gpudesk.catalog.sheets): GBK and UTF-8/16
with BOM, title and merged header rows, Chinese column names, "¥1,234.50", "元/小时", "含税", blank lines;
values stored exactly or refused with the row and column (decimal commas, inf/1e400/NaN, impossible dates);
derived ids that do not collide; formula-looking text kept verbatim; a bad sheet stores nothing."""

import json

import pytest

from gpudesk.catalog.importer import SheetRejected, _derive_id, import_sheet, validate_sheet
from gpudesk.core.i18n import use_language

EXCEL = (
    "山东某机房 GPU 报价单（2026年11月）,,,,,,,\n"  # a title row above the header
    ",,,,,,,\n"
    "服务商,显卡,机型,地域,单价,,报价日期,备注\n"  # a merged group cell over the two price columns
    ",,,,按量（元/卡·时，含税）,包月（元/卡·月，含税）,,\n"
    'jianmi,a100-sxm-80gb,dgx-a100-640gb,山东 济南,"¥7.20","¥4,800.00",2026/11/15,=HYPERLINK("http://x")\n'
    "\n"
    'jianmi,rtx-4090,pcie4-8x,山东 济南,2.1元/小时,"1,200元/月",2026年11月15日,@SUM(A1)\n'
)


def _user_offers(cat):
    db = cat.user_rows()
    return [] if db is None else db.rows("offers")


@pytest.mark.parametrize("encoding", ["gb18030", "utf-8-sig", "utf-16"])
def test_a_chinese_excel_sheet_is_read(cat, tmp_path, encoding):
    sheet = tmp_path / "报价.csv"
    sheet.write_bytes(EXCEL.encode(encoding))
    _providers, offers, problems = validate_sheet(sheet, cat)
    assert problems == []
    a100, rtx = offers
    assert (a100.price_per_gpu_hour, a100.price_per_gpu_month, a100.price_date) == (7.2, 4800.0, "2026-11-15")
    assert a100.vat_included is True  # the header says 含税
    assert (rtx.price_per_gpu_hour, rtx.price_per_gpu_month, rtx.price_date) == (2.1, 1200.0, "2026-11-15")
    assert rtx.gpus_per_node == 8  # from the node type
    # formula-looking text is stored verbatim (the export writers escape it)
    assert a100.notes == '=HYPERLINK("http://x")' and rtx.notes == "@SUM(A1)"


def _sheet(tmp_path, rows: str, header="provider,gpu,server,region,price_per_gpu_hour,price_date,notes\n"):
    p = tmp_path / "s.csv"
    p.write_text(header + rows, encoding="utf-8")
    return p


@pytest.mark.parametrize(
    "price, reason",
    [
        ("6,50", "decimal comma"),
        ("1,5", "decimal comma"),
        ("inf", "not a finite plain number"),
        ("1e400", "not a finite plain number"),
        ("NaN", "not a finite plain number"),
        ("-2+3", "not a number"),
        ("-3", "cannot be negative"),
        ("1001.95元/月", "per month, the column is per hour"),
    ],
)
def test_a_value_is_stored_exactly_or_refused_with_row_and_column(cat, tmp_path, price, reason):
    sheet = _sheet(
        tmp_path, f'autodl,rtx-4090,pcie4-1x,,1.98,2026-11-01,ok\nautodl,rtx-3090,pcie4-1x,,"{price}",2026-11-01,x\n'
    )
    with pytest.raises(SheetRejected) as e:
        import_sheet(sheet, cat)
    (p,) = e.value.problems
    assert (p.row, p.column) == ("line 3", "price_per_gpu_hour") and reason in p.reason
    assert _user_offers(cat) == []  # the good first row was not stored either


def test_thousands_in_groups_of_three_are_read(cat, tmp_path):
    sheet = _sheet(tmp_path, 'autodl,a100-sxm-80gb,dgx-a100-640gb,,"1,234.50",2026-11-01,x\n')
    _, offers, problems = validate_sheet(sheet, cat)
    assert problems == [] and offers[0].price_per_gpu_hour == 1234.5


@pytest.mark.parametrize(
    "date, reason",
    [
        ("2026-13-45", "no such date"),
        ("2026-02-29", "no such date"),
        ("46357", "Excel date number"),
        ("01/12/2026", "YYYY-MM-DD"),
    ],
)
def test_impossible_dates_are_refused(cat, tmp_path, date, reason):
    sheet = _sheet(tmp_path, f"autodl,rtx-4090,pcie4-1x,,1.98,{date},x\n")
    _, offers, problems = validate_sheet(sheet, cat)
    assert offers == [] and [(p.row, p.column) for p in problems] == [("line 2", "price_date")]
    assert reason in problems[0].reason


def test_json_sheet_refuses_infinity_nan_and_1e400(cat, tmp_path):
    p = tmp_path / "s.json"
    p.write_text(
        '[{"provider": "autodl", "gpu": "rtx-4090", "price_per_gpu_hour": 1e400, "price_date": "2026-11-01"},'
        ' {"provider": "autodl", "gpu": "rtx-3090", "price_per_gpu_hour": NaN, "price_date": "2026-11-01"},'
        ' {"provider": "autodl", "gpu": "l40s", "price_per_gpu_hour": -Infinity, "price_date": "2026-11-01"},'
        ' {"provider": "autodl", "gpu": "l20", "price_per_gpu_hour": 3.87, "price_date": "2026-13-45"}]',
        encoding="utf-8",
    )
    _, offers, problems = validate_sheet(p, cat)
    assert offers == []
    assert [(x.row, x.column) for x in problems] == [
        ("offers[0]", "price_per_gpu_hour"),
        ("offers[1]", "price_per_gpu_hour"),
        ("offers[2]", "price_per_gpu_hour"),
        ("offers[3]", "price_date"),
    ]


def test_derived_ids_do_not_collide_over_100000_regions():
    # the old 6-hex-digit hash gave 289 false duplicates over these 100,000 rows (birthday bound ≈ 298)
    ids = {
        _derive_id({"provider": "autodl", "gpu": "rtx-4090", "gpus_per_node": 1, "region": f"region {i:06d}"})
        for i in range(100_000)
    }
    assert len(ids) == 100_000


def test_distinct_regions_import_and_true_duplicates_are_named(cat, tmp_path):
    rows = "".join(f"autodl,rtx-4090,pcie4-1x,区域 {i},1.98,2026-11-01,\n" for i in range(2000))
    _, offers, problems = validate_sheet(_sheet(tmp_path, rows), cat)
    assert problems == [] and len({o.id for o in offers}) == 2000
    dup = _sheet(
        tmp_path, "autodl,rtx-4090,pcie4-1x,济南,1.98,2026-11-01,\nautodl,rtx-4090,pcie4-1x,济南,2.05,2026-11-01,\n"
    )
    _, _, problems = validate_sheet(dup, cat)
    assert [(p.row, p.column) for p in problems] == [("line 3", "id")]
    assert "duplicate of line 2 (same provider, GPU, node size and region" in problems[0].reason


def test_problems_in_the_users_language(cat, tmp_path):
    sheet = _sheet(tmp_path, 'autodl,rtx-4090,pcie4-1x,,"6,50",2026-11-01,x\n')
    with use_language("zh_CN"), pytest.raises(SheetRejected) as e:
        import_sheet(sheet, cat)
    text = str(e.value)
    assert "未被接受，未做任何修改" in text and "第 2 行，price_per_gpu_hour 列" in text and "小数逗号" in text


def test_unknown_and_missing_columns(cat, tmp_path):
    sheet = _sheet(tmp_path, "autodl,2.0\n", header="服务商,价钱\n")
    _, _, problems = validate_sheet(sheet, cat)
    got = {(p.row, p.column) for p in problems}
    assert ("header", "价钱") in got and ("header", "gpu") in got


def test_quote_sheet_rows_checked_like_quote_add(cat, tmp_path):
    from gpudesk.catalog.quote_sheet import read_quote_sheet

    p = tmp_path / "quotes.csv"
    p.write_text(
        "服务商,显卡,每节点卡数,节点数,按量（元/卡·时）,最短租期,有效期至,报价编号,含税,税率\n"
        "jianmi,rtx-4090,1,1,2.0,100,2027-01-31,JM-118,否,6%\n"
        'kufanyun,rtx-4090,8,2,"¥1.80",200,2027/01/31,KF-7,是,\n',
        encoding="gb18030",
    )
    rows = read_quote_sheet(p, cat, taken=["q1"])
    assert [r["id"] for r in rows] == ["q2", "q3"]
    assert rows[0]["rates"] == [{"billing": "hourly", "per": "gpu", "price": 2.0}]
    assert (rows[0]["prices_include_vat"], rows[0]["vat_rate"], rows[0]["min_hours"]) == (False, 0.06, 100)
    assert (rows[1]["gpus_per_node"], rows[1]["nodes"], rows[1]["valid_until"]) == (8, 2, "2027-01-31")
    bad = tmp_path / "bad.csv"
    bad.write_text(
        "provider,gpu,gpus_per_node,price_per_gpu_hour,valid_until\n"
        "jianmi,rtx-4090,1,2.0,2027-01-31\n"
        "market-reference,rtx-4090,1,2.0,2027-01-31\n"
        "jianmi,rtx-9999,1,2.0,2027-01-31\n"
        'jianmi,rtx-4090,1,"6,50",2026-13-45\n',
        encoding="utf-8",
    )
    with pytest.raises(SheetRejected) as e:
        read_quote_sheet(bad, cat)
    got = [(x.row, x.column) for x in e.value.problems]
    assert got == [
        ("line 3", "provider"),
        ("line 4", "gpu"),
        ("line 5", "price_per_gpu_hour"),
        ("line 5", "valid_until"),
    ]
    assert json.dumps(got)  # plain values
