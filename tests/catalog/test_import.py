"""Price sheets: every problem listed with row and column, nothing changed on a bad sheet, one
transaction for a good one, and export/import round trips."""

import json

import pytest

from gpudesk.catalog.importer import SheetRejected, import_sheet, validate_sheet
from gpudesk.export.offers import export_offers

from .conftest import FIXTURES

HEADER = "provider,gpu,server,region,gpus_per_node,price_per_gpu_hour,price_per_gpu_month,price_kind,price_date,billing,source\n"


def _user_offers(cat):
    db = cat.user_rows()
    return [] if db is None else db.rows("offers")


def test_the_acceptance_bad_sheet_is_rejected(cat):
    with pytest.raises(SheetRejected) as exc:
        import_sheet(FIXTURES / "bad-offers.csv", cat)
    problems = [str(p) for p in exc.value.problems]
    assert any("column price" in p and "price_per_gpu_hour" in p for p in problems)
    assert any(p.startswith("line 2") and "malformed CSV" in p for p in problems)
    assert "nothing changed" in str(exc.value)
    assert _user_offers(cat) == []


def test_every_problem_is_listed_and_nothing_is_applied(cat, tmp_path):
    sheet = tmp_path / "sheet.csv"
    sheet.write_text(
        HEADER + "autodl,rtx-4090,pcie4-1x,西北,1,1.98,,quoted,2026-11-01,hourly,price page\n"  # good
        "autodl,rtx-4909,,,1,2.0,,,2026-11-01,hourly,x\n"  # unknown gpu
        "nobody,h20,,,8,-3,,,2026-11-01,hourly,x\n"  # provider, price
        "aliyun,l40s,pcie4-8x,,4,5,,,2026-11-01,hourly,x\n"  # node size
        "aliyun,l40s,,,1,5,,,,hourly,x\n"  # no date
        "aliyun,l40s,,,1,5,,guess,2026-11-01,fortnightly,x\n",  # kind, billing
        encoding="utf-8",
    )
    with pytest.raises(SheetRejected) as exc:
        import_sheet(sheet, cat)
    got = {(p.row, p.column) for p in exc.value.problems}
    assert ("line 3", "gpu") in got
    assert ("line 4", "price_per_gpu_hour") in got and ("line 4", "provider") in got
    assert ("line 5", "gpus_per_node") in got
    assert ("line 6", "price_date") in got
    assert ("line 7", "price_kind") in got and ("line 7", "billing") in got
    assert "rtx-4090" in str(exc.value)  # the close match is suggested
    assert _user_offers(cat) == []  # the good first row was not applied either


def test_a_good_sheet_is_applied_in_one_go(cat, tmp_path):
    sheet = tmp_path / "quote.csv"
    sheet.write_text(
        HEADER
        + "jianmi,a100-sxm-80gb,dgx-a100-640gb,山东 济南,8,7.2,4800,quoted,2026-11-15,hourly;monthly,sales quote 2026-11\n"
        "jianmi,rtx-4090,pcie4-8x,山东 济南,,2.1,,quoted,2026-11-15,hourly,sales quote 2026-11\n",
        encoding="utf-8",
    )
    res = import_sheet(sheet, cat)
    assert res.offers == 2 and len(res.offers_added) == 2
    mine = [o for o in cat.offers() if o.user]
    assert {o.gpu for o in mine} == {"a100-sxm-80gb", "rtx-4090"}
    a100 = next(o for o in mine if o.gpu == "a100-sxm-80gb")
    assert (a100.price_per_gpu_hour, a100.price_per_gpu_month, a100.billing) == (7.2, 4800, ["hourly", "monthly"])
    assert next(o for o in mine if o.gpu == "rtx-4090").gpus_per_node == 8  # taken from the node type
    again = import_sheet(sheet, cat)  # same ids: replaced, not duplicated
    assert len(again.offers_updated) == 2 and len([o for o in cat.offers() if o.user]) == 2


def test_json_sheet_with_a_new_provider(cat, tmp_path):
    sheet = tmp_path / "sheet.json"
    sheet.write_text(
        json.dumps(
            {
                "providers": [
                    {
                        "id": "qd-idc",
                        "name_zh": "青岛某机房",
                        "regions": ["山东 青岛"],
                        "source": "visit",
                        "checked": "2026-11-02",
                    }
                ],
                "offers": [
                    {
                        "id": "qd-h20",
                        "provider": "qd-idc",
                        "gpu": "h20",
                        "server": "hgx-h20-8x",
                        "gpus_per_node": 8,
                        "price_per_gpu_month": 3900,
                        "price_kind": "quoted",
                        "price_date": "2026-11-02",
                        "billing": ["monthly"],
                    }
                ],
            },
            ensure_ascii=False,
        ),
        encoding="utf-8",
    )
    import_sheet(sheet, cat)
    assert cat.provider("qd-idc").user and cat.offer("qd-h20").price_per_gpu_month == 3900


def test_gbk_csv_from_excel_is_read(cat, tmp_path):
    sheet = tmp_path / "excel.csv"
    sheet.write_bytes(
        (HEADER + "kufanyun,l20,pcie4-8x,山东,8,3.6,,quoted,2026-11-03,hourly,报价单\n").encode("gb18030")
    )
    _providers, offers, problems = validate_sheet(sheet, cat)
    assert not problems and offers[0].region == "山东" and offers[0].source == "报价单"


def test_export_and_reimport_round_trip(cat, tmp_path):
    for suffix in (".csv", ".json"):
        out = tmp_path / f"offers{suffix}"
        n = export_offers(out, cat)
        assert n == len(cat.offers())
        _, offers, problems = validate_sheet(out, cat)
        assert not problems
        assert [o.model_dump(exclude={"user"}) for o in offers] == [
            o.model_dump(exclude={"user"}) for o in cat.offers()
        ]


def test_unknown_format_and_missing_file(cat, tmp_path):
    from gpudesk.errors import CatalogError

    with pytest.raises(CatalogError, match="not found"):
        import_sheet(tmp_path / "nope.csv", cat)
    (tmp_path / "x.xlsx").write_bytes(b"PK")
    with pytest.raises(CatalogError, match="use .csv or .json"):
        import_sheet(tmp_path / "x.xlsx", cat)
