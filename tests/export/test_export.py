"""Spreadsheet export: one header row, one row per option or item, numbers as numbers, formulas escaped,
atomic writes with the usual file mode, the same from the CLI and in both languages."""

from __future__ import annotations

import csv
import json
import os

import openpyxl
import pytest

from gpudesk.cli import run_cli
from gpudesk.errors import GpudeskError
from gpudesk.export import Table, export_table, options_table
from gpudesk.export.writers import safe_cell
from tests.ui.fakes import option


def _xlsx(path):
    return [list(row) for row in openpyxl.load_workbook(path).active.iter_rows(values_only=True)]


def _csv(path):
    with open(path, newline="", encoding="utf-8-sig") as f:
        return list(csv.reader(f))


@pytest.mark.parametrize(
    "text", ["=cmd|' /C calc'!A0", '=HYPERLINK("http://x")', "@SUM(A1:A9)", "-2+3", "+1", "\tx", "\rx"]
)
def test_cells_a_spreadsheet_would_run_are_escaped(text):
    assert safe_cell(text) == "'" + text
    assert safe_cell("GPU 4× H100") == "GPU 4× H100"
    assert safe_cell(-2.5) == -2.5  # a number stays a number, sign and all
    assert safe_cell(float("inf")) is None


def test_xlsx_and_csv_hold_the_same_rows(tmp_path):
    table = Table(
        "T", ["name", "count", "price", "fits", "note"], [["a", 4, 7.5, True, "=1+1"], ["b", 8, None, False, "plain"]]
    )
    x = export_table(table, tmp_path / "t.xlsx")
    c = export_table(table, tmp_path / "t.csv")
    assert _xlsx(x) == [
        ["name", "count", "price", "fits", "note"],
        ["a", 4, 7.5, True, "'=1+1"],
        ["b", 8, None, False, "plain"],
    ]
    assert _csv(c) == [
        ["name", "count", "price", "fits", "note"],
        ["a", "4", "7.5", "TRUE", "'=1+1"],
        ["b", "8", "", "FALSE", "plain"],
    ]
    assert (tmp_path / "t.csv").read_bytes()[:3] == b"\xef\xbb\xbf"  # Excel on Chinese Windows reads UTF-8
    if os.name != "nt":
        mask = os.umask(0o022)
        os.umask(mask)
        assert (tmp_path / "t.xlsx").stat().st_mode & 0o777 == 0o666 & ~mask  # not mkstemp's 0600
    assert sorted(p.name for p in tmp_path.iterdir()) == ["t.csv", "t.xlsx"]  # no temporary file left


def test_chinese_exports_write_yes_no_in_chinese(tmp_path):
    """X5: a zh export's yes/no columns (显存够用, 最低价, 已选定) read 是/否, not TRUE/FALSE."""
    from gpudesk.core.i18n import use_language

    table = Table("T", ["装得下"], [[True], [False]])
    with use_language("zh_CN"):
        x = export_table(table, tmp_path / "t.xlsx")
        c = export_table(table, tmp_path / "t.csv")
    assert _xlsx(x) == [["装得下"], ["是"], ["否"]] and _csv(c) == [["装得下"], ["是"], ["否"]]


def test_exports_never_replace_a_plan_and_name_the_format(tmp_path):
    table = Table("T", ["a"], [[1]])
    with pytest.raises(GpudeskError, match="plan file"):
        export_table(table, tmp_path / "p.gpudesk")
    with pytest.raises(GpudeskError, match=".xlsx or .csv"):
        export_table(table, tmp_path / "p.txt")
    with pytest.raises(GpudeskError, match="does not exist"):
        export_table(table, tmp_path / "missing" / "p.csv")


def test_options_table_copies_core_figures():
    o = option(gpus=4, hours=48.0, price=20.0, weights=20, grads=20, opt=40, act=5, over=1)
    table = options_table([o], {"p1": "Provider One"})
    row = dict(zip(table.headers, table.rows[0]))
    assert row["GPUs"] == 4 and row["Provider"] == "Provider One"
    assert row["Memory per GPU (GiB)"] == 86.0  # 20 + 20 + 40 + 5 + 1 GiB
    assert row["Cost (CNY)"] == 3840.0  # 48 h × ¥20 × 4 GPUs
    assert row["Cost with trial margin (CNY)"] == 4992.0  # +30 %
    assert row["Fits"] is False and row["Layout"] == "TP 1 · PP 1 · DP 4 · ZeRO-2 · micro-batch 1"


def test_cli_recommend_exports_numbers_in_the_chosen_language(capsys, tmp_path):
    args = ["recommend", "--model", "llama-2-13b", "--task", "full", "--tokens", "2e9", "--top", "6"]
    assert run_cli([*args, "--json", "--export", str(tmp_path / "r.xlsx")]) == 0
    options = json.loads(capsys.readouterr().out)["options"]
    rows = _xlsx(tmp_path / "r.xlsx")
    assert len(rows) == 1 + len(options)
    head = rows[0]
    first = dict(zip(head, rows[1]))
    assert first["Rank"] == 1 and first["GPU id"] == options[0]["gpu"] and first["GPUs"] == options[0]["gpus"]
    assert first["Cost with trial margin (CNY)"] == pytest.approx(options[0]["cost"]["with_trial_margin"], abs=0.01)
    assert isinstance(first["Hours"], float)
    assert run_cli([*args, "--lang", "zh_CN", "--export", str(tmp_path / "r.csv")]) == 0
    zh = _csv(tmp_path / "r.csv")
    assert zh[0][:4] == ["排名", "显卡", "显卡编号", "显卡数"] and len(zh) == 1 + len(options)


def test_cli_checklist_exports_one_row_per_item(capsys, tmp_path):
    plan = tmp_path / "p.gpudesk"
    assert run_cli(["plan", "new", "--model", "gpt2", "--task", "full", "--tokens", "1e8", "-o", str(plan)]) == 0
    capsys.readouterr()
    assert run_cli(["checklist", str(plan), "--json", "--export", str(tmp_path / "c.xlsx")]) == 0
    items = json.loads(capsys.readouterr().out)["items"]
    rows = _xlsx(tmp_path / "c.xlsx")
    assert len(rows) == 1 + len(items) and rows[0][0] == "Id"
    assert [r[0] for r in rows[1:]] == [i["id"] for i in items]
    assert run_cli(["checklist", str(plan), "--export", str(plan)]) == 2  # never over the plan
    assert "plan file" in capsys.readouterr().err


def test_one_display_width_rule_for_terminal_tables_and_workbook_columns(tmp_path):
    from gpudesk.cli.table import pad
    from gpudesk.core.units import display_width

    # hand-counted: ¥ , and digits are narrow (6); 单 价 元 are wide, and so are the fullwidth brackets (5 × 2)
    assert display_width("¥1,234") == 6
    assert display_width("单价（元）") == 10
    assert display_width("4× A100 — 简米科技") == 18  # × and — are narrow (ambiguous width, one column)
    assert pad("¥1,234", 10) == "¥1,234    " and pad("单价（元）", 10) == "单价（元）"
    # the workbook's column is as wide as its widest text by the same rule: max(10, 6) × 1.1 + 1 = 12 for the
    # Chinese header over a price, and the floor of 8 (× 1.1 + 1 = 9.8) for a short column; the file stores them
    # with XlsxWriter's cell padding (12 -> 12.71, 9.8 -> 10.57)
    path = export_table(Table("T", ["单价（元）", "id"], [["¥1,234", "a"]]), tmp_path / "w.xlsx")
    columns = openpyxl.load_workbook(path).active.column_dimensions
    assert [round(columns[c].width, 2) for c in "AB"] == [12.71, 10.57]
