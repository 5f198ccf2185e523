"""`gpudesk catalog ...`: JSON contract, readable tables, errors as one message and exit 2."""

import json

import pytest

from gpudesk.cli import run_cli

from .conftest import FIXTURES


def _json(capsys, *argv):
    assert run_cli(list(argv)) == 0
    return json.loads(capsys.readouterr().out)


@pytest.mark.parametrize("kind", ["gpus", "servers", "providers", "offers", "models"])
def test_json_lists_have_id_and_source(capsys, kind):
    rows = _json(capsys, "catalog", kind, "--json")
    assert rows and all(r["id"] and "source" in r for r in rows)


def test_json_offers_carry_kind_and_date(capsys):
    for o in _json(capsys, "catalog", "offers", "--json"):
        assert {"price_kind", "price_date", "price_per_gpu_hour", "price_per_gpu_month", "currency"} <= set(o)


def test_show_finds_any_kind(capsys):
    assert _json(capsys, "catalog", "show", "h20", "--json")["kind"] == "gpus"
    assert _json(capsys, "catalog", "show", "jianmi", "--json")["licence_number"] == "豫B2-20261089"
    assert run_cli(["catalog", "show", "h20"]) == 0
    out = capsys.readouterr().out
    assert "ref-h20-8x" in out and "unknown" not in out.split("offers:")[0].split("tflops_fp32")[0][-50:]


def test_unknown_id_is_exit_2_with_a_hint(capsys):
    assert run_cli(["catalog", "show", "h10"]) == 2
    err = capsys.readouterr().err
    assert "h100" in err or "h20" in err


def test_bad_sheet_exit_2_no_traceback(capsys):
    assert run_cli(["catalog", "import", str(FIXTURES / "bad-offers.csv")]) == 2
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err and "rejected" in captured.err and "line 2" in captured.err


def test_import_then_export(capsys, tmp_path):
    sheet = tmp_path / "q.csv"
    sheet.write_text(
        "provider,gpu,server,price_per_gpu_hour,price_date\njianmi,l20,pcie4-8x,3.9,2026-11-20\n", encoding="utf-8"
    )
    assert run_cli(["catalog", "import", "--dry-run", str(sheet)]) == 0
    assert "nothing changed" in capsys.readouterr().out
    assert run_cli(["catalog", "import", str(sheet)]) == 0
    capsys.readouterr()
    mine = [o for o in _json(capsys, "catalog", "offers", "--json") if o["user"]]
    assert mine and mine[0]["price_kind"] == "quoted" and mine[0]["gpus_per_node"] == 8
    out = tmp_path / "mine.json"
    assert run_cli(["catalog", "export", "--kind", "offers", "--user-only", str(out)]) == 0
    assert [o["gpu"] for o in json.loads(out.read_text(encoding="utf-8"))] == ["l20"]


def test_tables_line_up_with_chinese_text(capsys):
    from gpudesk.cli.table import table
    from gpudesk.cli.table import width as _width

    text = table(["id", "名称"], [["jianmi", "简米科技"], ["x", "ab"]])
    lines = text.splitlines()
    assert _width(lines[1]) == _width(lines[2]) == 16  # the rule is exactly as wide as the Chinese row
    assert lines[3].startswith("x       ab")  # second column starts where the rule's does
    assert _width("简米科技") == 8
    assert run_cli(["catalog", "providers"]) == 0
    assert "简米科技" in capsys.readouterr().out


def test_build_check(capsys):
    assert run_cli(["catalog", "build", "--check"]) == 0
    assert "matches a fresh build" in capsys.readouterr().out


def test_offer_table_keeps_whole_number_zeros(capsys):
    """X1: ¥1,320 a month printed as "1,320" (not "1,32"), ¥2.20 an hour as "2.20"."""
    rows = {o["id"]: o for o in _json(capsys, "catalog", "offers", "--json")}
    assert (
        rows["ref-rtx-4090-1x"]["price_per_gpu_month"] == 1320 and rows["ref-rtx-3090-1x"]["price_per_gpu_month"] == 840
    )
    assert run_cli(["catalog", "offers"]) == 0
    lines = {line.split()[0]: line.split() for line in capsys.readouterr().out.splitlines() if line.strip()}
    assert "2.20" in lines["ref-rtx-4090-1x"] and "1,320" in lines["ref-rtx-4090-1x"]
    assert "1.40" in lines["ref-rtx-3090-1x"] and "840" in lines["ref-rtx-3090-1x"]
