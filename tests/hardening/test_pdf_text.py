"""The PDF never drops text: long text wraps (anywhere inside a word wider than the line), flows onto
further pages, and every word survives (checked in the PDF's own text with pdftotext or pypdf)."""

import re
import shutil
import subprocess

import pytest

from gpudesk.core.plan import ChecklistState, load_plan, save_plan
from gpudesk.core.plan.checklist import tailor
from gpudesk.report import export_pdf

from .helpers import cli


def _text(pdf) -> str:
    """The PDF's text in drawing order, without line breaks or spaces (a wrapped word joins up again)."""
    if shutil.which("pdftotext"):
        out = subprocess.run(["pdftotext", "-raw", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    else:
        from pypdf import PdfReader

        out = "".join(page.extract_text() or "" for page in PdfReader(str(pdf)).pages)
    return re.sub(r"\s+", "", out)


@pytest.fixture
def plan(capsys, tmp_path):
    path = tmp_path / "p.gpudesk"
    rc, _o, err = cli(capsys, "plan", "new", "--model", "gpt2", "--tokens", "1e9", "-o", path)
    assert rc == 0, err
    return path


def test_everything_at_its_limit_survives(plan, tmp_path):
    p = load_plan(plan)
    p.title = "Ж" * 150 + "标题" * 75  # 300 characters, no space anywhere
    p.author = "作" * 80
    p.approvers = ["审" * 80, "Щ" * 80]
    p.notes = " ".join(f"n{i:05d}" for i in range(16_666))[:100_000]  # the notes limit: ~40 pages
    items = [i.id for i in tailor(p)][:12]
    for k, item in enumerate(items):
        p.checklist[item] = ChecklistState(
            status="pass",
            notes=" ".join(f"c{k:02d}{j:04d}" for j in range(300))[:2000],
            evidence="Ю" * 2000,
            waiver_reason=None,
            checked_by="ы" * 80,
        )
    save_plan(p, plan)
    pdf = tmp_path / "p.pdf"
    pages = export_pdf(load_plan(plan), pdf, "en")
    text = _text(pdf)
    assert p.title in text and p.author in text and all(a in text for a in p.approvers)
    notes = set(re.findall(r"n\d{5}", p.notes))
    assert notes <= set(re.findall(r"n\d{5}", text)), len(notes - set(re.findall(r"n\d{5}", text)))
    item_words = {w for s in p.checklist.values() for w in re.findall(r"c\d{6}", s.notes)}
    assert item_words <= set(re.findall(r"c\d{6}", text))
    assert text.count("Ю") == 2000 * len(items)  # no-space evidence taller than a page: split, not clipped
    assert pages > 40


def test_newline_in_title_and_notes(plan, tmp_path):
    p = load_plan(plan)
    p.title = "first line\nsecond line"  # as a hand-edited file could hold it before loading normalised it
    p.notes = "para one\n\npara two\r\npara three"
    pdf = tmp_path / "p.pdf"
    export_pdf(p, pdf, "zh_CN")
    text = _text(pdf)
    assert "firstlinesecondline" in text and "paraone" in text and "parathree" in text
