"""Exports never replace what they were made from, a plan file, its backup or a database; exported cells
that a spreadsheet would run are escaped; exported files get the usual file mode."""

import hashlib
import os
import shutil
import stat

import pytest

from gpudesk.export.offers import export_offers

from .helpers import cli, refused


@pytest.fixture(scope="module")
def made_plan(tmp_path_factory):
    import os as _os

    folder = tmp_path_factory.mktemp("plan")
    _os.environ["GPUDESK_HOME"] = str(folder / "home")
    from gpudesk.cli import run_cli

    path = folder / "p.gpudesk"
    assert run_cli(["plan", "new", "--model", "gpt2", "--task", "full", "-o", str(path)]) == 0
    assert run_cli(["plan", "new", "--model", "gpt2", "--task", "full", "-o", str(path)]) == 0  # makes the .bak
    return path


@pytest.fixture
def plan(made_plan, tmp_path):
    path = tmp_path / "p.gpudesk"
    shutil.copy(made_plan, path)
    shutil.copy(made_plan.with_name("p.gpudesk.bak"), tmp_path / "p.gpudesk.bak")
    return path


def _digest(path):
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _targets(plan):
    pdf_named_plan = plan.with_name("looks-like.pdf")
    shutil.copy(plan, pdf_named_plan)
    db = plan.with_name("user.sqlite")
    import sqlite3

    con = sqlite3.connect(db)
    con.execute("CREATE TABLE t (x)")
    con.commit()
    con.close()
    return {"plan": plan, "backup": plan.with_name("p.gpudesk.bak"), "plan named .pdf": pdf_named_plan, "database": db}


@pytest.mark.parametrize("target", ["plan", "backup", "plan named .pdf", "database"])
def test_report_never_writes_over(capsys, plan, target):
    out = _targets(plan)[target]
    before = _digest(out)
    refused(capsys, "report", plan, "-o", out)
    assert _digest(out) == before


def test_report_of_a_plan_named_pdf_refused(capsys, plan):
    pdf_named_plan = _targets(plan)["plan named .pdf"]
    before = _digest(pdf_named_plan)
    refused(capsys, "report", pdf_named_plan)  # default output: the same name with .pdf
    assert _digest(pdf_named_plan) == before


@pytest.mark.parametrize(
    "command",
    [
        lambda plan, out: ["checklist", plan, "--export", out],
        lambda plan, out: ["catalog", "export", out],
        lambda plan, out: ["recommend", "--model", "gpt2", "--export", out],
    ],
)
@pytest.mark.parametrize("target", ["plan named .csv", "database named .csv", "backup"])
def test_table_exports_never_write_over(capsys, plan, command, target):
    targets = _targets(plan)
    out = {
        "plan named .csv": plan.with_name("x.csv"),
        "database named .csv": plan.with_name("db.csv"),
        "backup": targets["backup"],
    }[target]
    if target != "backup":
        shutil.copy(targets["plan" if target.startswith("plan") else "database"], out)
    before = _digest(out)
    refused(capsys, *command(plan, out))
    assert _digest(out) == before


def test_kit_zip_never_writes_over_a_plan(capsys, plan):
    shutil.copy(plan, plan.with_name("kit.zip"))
    before = _digest(plan.with_name("kit.zip"))
    refused(capsys, "kit", plan, "-o", plan.with_name("kit"))
    assert _digest(plan.with_name("kit.zip")) == before and not plan.with_name("kit").exists()


FORMULAS = ["=cmd|' /C calc'!A0", '=HYPERLINK("http://x","y")', "@SUM(1+1)", "-2+3", "+1"]


@pytest.mark.parametrize("suffix", [".csv", ".tsv", ".xlsx"])
def test_catalog_export_escapes_formulas_and_imports_back(capsys, tmp_path, suffix):
    import csv
    import io

    sheet = tmp_path / "in.csv"
    buf = io.StringIO()
    w = csv.writer(buf)
    w.writerow(
        ["id", "provider", "gpu", "gpus_per_node", "price_per_gpu_hour", "price_kind", "price_date", "billing", "notes"]
    )
    for i, n in enumerate(FORMULAS):
        w.writerow([f"f{i}", "autodl", "rtx-4090", 1, 2.5, "quoted", "2026-10-01", "hourly", n])
    sheet.write_text(buf.getvalue(), encoding="utf-8")
    rc, _out, err = cli(capsys, "catalog", "import", sheet)
    assert rc == 0, err
    out = tmp_path / f"offers{suffix}"
    assert export_offers(out, user_only=True) == len(FORMULAS)
    if suffix == ".xlsx":
        import zipfile
        from xml.sax.saxutils import escape

        book = zipfile.ZipFile(out)
        assert "<f>" not in book.read("xl/worksheets/sheet1.xml").decode()  # no formula cells at all
        strings = book.read("xl/sharedStrings.xml").decode()
        for f in FORMULAS[:5]:
            assert escape("'" + f, {'"': "&quot;"}) in strings or escape("'" + f) in strings, f
        return
    rows = list(
        csv.reader(io.StringIO(out.read_text(encoding="utf-8-sig")), delimiter="\t" if suffix == ".tsv" else ",")
    )
    notes = [r[rows[0].index("notes")] for r in rows[1:]]
    assert sorted(notes) == sorted("'" + f for f in FORMULAS)
    rc, _o, err = cli(capsys, "catalog", "import", out)  # the escaped sheet imports back to what was typed
    assert rc == 0, err
    from gpudesk.catalog import open_catalog

    back = {o.id: o.notes for o in open_catalog(refresh=True).offers() if o.id.startswith("f")}
    assert back["f0"] == FORMULAS[0] and back["f3"] == "-2+3" and back["f2"] == "@SUM(1+1)"


def test_exported_files_get_the_usual_mode(capsys, plan, tmp_path):
    old = os.umask(0o022)
    try:
        made = [tmp_path / "r.pdf", tmp_path / "c.csv", tmp_path / "o.xlsx", tmp_path / "new.gpudesk"]
        assert cli(capsys, "report", plan, "-o", made[0])[0] == 0
        assert cli(capsys, "checklist", plan, "--export", made[1])[0] == 0
        assert cli(capsys, "catalog", "export", made[2])[0] == 0
        assert cli(capsys, "plan", "new", "--model", "gpt2", "-o", made[3])[0] == 0
    finally:
        os.umask(old)
    for f in made:
        assert stat.S_IMODE(f.stat().st_mode) == 0o644, f
