"""The exported PDF, read back with a real parser (pypdf) and poppler: figures, Chinese, sign-off, pages, fonts."""

from __future__ import annotations

import datetime as dt
import re
import shutil
import subprocess

import pytest
from pypdf import PdfReader
from report_samples import sample_plan

from gpudesk.cli import run_cli
from gpudesk.core.plan import ChecklistState, save_plan
from gpudesk.report import export_pdf

DAY = dt.date(2026, 12, 2)
RADICALS = re.compile(r"[\u2e80-\u2fdf]")  # CJK radicals / Kangxi radicals: look-alikes of real ideographs
CJK = re.compile(r"[\u4e00-\u9fff]")


@pytest.fixture(scope="module")
def pdfs(tmp_path_factory):
    folder = tmp_path_factory.mktemp("pdf")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("GPUDESK_HOME", str(tmp_path_factory.mktemp("home")))
        out = {}
        for lang in ("zh_CN", "en"):
            path = folder / f"plan-{lang}.pdf"
            pages = export_pdf(sample_plan(), path, lang, generated=DAY)
            out[lang] = (path, pages)
    return out


def _text(path) -> list[str]:
    """Each page's text, whitespace runs (pypdf gives tabs between words) made single spaces."""
    return [re.sub(r"\s+", " ", page.extract_text()) for page in PdfReader(path).pages]


@pytest.mark.parametrize("lang", ["zh_CN", "en"])
def test_a4_pages_numbered(pdfs, lang):
    path, pages = pdfs[lang]
    reader = PdfReader(path)
    assert len(reader.pages) == pages >= 5
    for page in reader.pages:  # A4 = 595.3 × 841.9 pt
        assert abs(float(page.mediabox.width) - 595.3) < 1 and abs(float(page.mediabox.height) - 841.9) < 1
    texts = _text(path)
    for n, text in enumerate(texts, 1):
        expected = f"Page {n} of {pages}" if lang == "en" else f"第 {n} 页 / 共 {pages} 页"
        assert expected in text
        assert "2026-12-02" in text  # generation date in the footer
        assert "Llama-2-7B" in text  # title in the header


def _squeezed(path) -> str:
    """All text without whitespace: pypdf's word spacing varies, the characters do not."""
    return re.sub(r"\s+", "", "".join(_text(path)))


@pytest.mark.parametrize("lang", ["zh_CN", "en"])
def test_key_figures(pdfs, lang):
    text = _squeezed(pdfs[lang][0])
    plan = sample_plan()
    o = plan.choice
    assert "A100SXM80GB" in text
    assert f"¥{o.cost.with_trial_margin:,.0f}" == "¥26,836"
    assert "¥26,836" in text and "¥20,643" in text  # 215 h × 8 GPUs × ¥12, and +30 %
    assert "豫B2-20261089" in text
    if lang == "en":
        assert "8×A100SXM80GB" in text and "GPUcount" in text and "215h(≈9.0days)" in text
    else:
        assert "8张A100SXM80GB" in text and "GPU数量" in text and "215小时（约9.0天）" in text


def test_chinese_extracts_as_real_characters(pdfs):
    path, _ = pdfs["zh_CN"]
    text = "\n".join(_text(path))
    assert not RADICALS.findall(text)
    assert len(CJK.findall(text)) > 500
    for phrase in (
        "方案摘要",
        "容量测算",
        "备选方案",
        "供应商",
        "验收检查清单",
        "审批签字",
        "批准",
        "签名",
        "增值电信业务经营许可证",
    ):
        assert phrase in text, phrase


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="poppler-utils not installed")
def test_poppler_sees_the_same(pdfs):
    zh = subprocess.run(
        ["pdftotext", "-layout", str(pdfs["zh_CN"][0]), "-"], capture_output=True, text=True, check=False
    ).stdout
    assert not RADICALS.findall(zh) and len(CJK.findall(zh)) > 500
    assert "审批" in zh and "批准" in zh
    en = subprocess.run(
        ["pdftotext", "-layout", str(pdfs["en"][0]), "-"], capture_output=True, text=True, check=False
    ).stdout
    assert "Approved by" in en and "Reviewed by" in en and "Prepared by" in en
    assert f"of {pdfs['en'][1]}" in en


@pytest.mark.parametrize("lang", ["zh_CN", "en"])
def test_signoff_block(pdfs, lang):
    last = _text(pdfs[lang][0])[-1]
    words = (
        ("Prepared by", "Reviewed by", "Approved by", "Signature", "Date")
        if lang == "en"
        else ("编制", "审核", "批准", "签名", "日期")
    )
    for word in words:
        assert word in last


@pytest.mark.parametrize("lang", ["zh_CN", "en"])
def test_every_font_embedded(pdfs, lang):
    reader = PdfReader(pdfs[lang][0])
    seen = 0
    for page in reader.pages:
        fonts = page["/Resources"].get_object().get("/Font", {})
        for ref in fonts.values():
            font = ref.get_object()
            descendants = font.get("/DescendantFonts")
            target = descendants[0].get_object() if descendants else font
            descriptor = target["/FontDescriptor"].get_object()
            assert any(k in descriptor for k in ("/FontFile", "/FontFile2", "/FontFile3")), font.get("/BaseFont")
            assert "WenQuanYi" in str(font["/BaseFont"])
            seen += 1
    assert seen >= 1


def test_metadata_and_determinism(tmp_path):
    a, b = tmp_path / "a.pdf", tmp_path / "b.pdf"
    export_pdf(sample_plan(), a, "en", generated=DAY)
    export_pdf(sample_plan(), b, "en", generated=DAY)
    meta = PdfReader(a).metadata
    assert meta.title == "Llama-2-7B 全参数训练 GPU 租用方案" and meta.creator.startswith("gpudesk")

    def masked(p):  # the creation timestamps are the only thing allowed to move
        return re.sub(rb"(D:\d{14}|\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+\-Z][0-9:]*)", b"DATE", p.read_bytes())

    assert masked(a) == masked(b)


def test_rows_never_split(tmp_path):
    """Long checklist notes: every table row sits whole inside one page's body."""
    from PySide6.QtGui import QPdfWriter

    from gpudesk.core.report.report_data import build_report
    from gpudesk.report.fonts import report_family
    from gpudesk.report.layout import Layout
    from gpudesk.report.pdf import _a4

    plan = sample_plan()
    long_note = "nccl-tests all_reduce_perf -b 8 -e 8G -f 2 -g 8 measured 182 GB/s bus bandwidth; " * 6
    for item in ("driver-branch", "cuda-pytorch", "ecc-health", "storage-iops", "host-ram", "rack-power"):
        plan.checklist[item] = ChecklistState(status="pass", evidence=long_note, checked_by="王工")
    writer = QPdfWriter(str(tmp_path / "x.pdf"))
    _a4(writer)
    writer.setResolution(1200)
    lay = Layout(build_report(plan, "zh_CN", generated=DAY), writer, report_family())
    pages = lay.layout()
    assert len({page for page, _, _ in lay.rows}) >= 4
    for page, top, height in lay.rows:
        assert lay.top - 1 <= top and top + height <= lay.bottom + 1, (page, top, height)
    assert len(pages) > 1


def test_progress_reports_every_page(tmp_path):
    calls = []
    pages = export_pdf(
        sample_plan(), tmp_path / "p.pdf", "en", progress=lambda done, total: calls.append((done, total))
    )
    assert calls[-1] == (pages + 1, pages + 1)
    assert [d for d, _ in calls] == sorted(d for d, _ in calls)


def test_failed_export_keeps_old_file(tmp_path):
    from gpudesk.errors import GpudeskError

    with pytest.raises(GpudeskError, match="folder does not exist"):
        export_pdf(sample_plan(), tmp_path / "missing" / "p.pdf", "en")


def test_cli_report(tmp_path, capsys):
    plan_file = tmp_path / "plan.gpudesk"
    save_plan(sample_plan(), plan_file)
    out = tmp_path / "plan.pdf"
    assert run_cli(["report", str(plan_file), "-o", str(out), "--lang", "en"]) == 0
    assert "pages" in capsys.readouterr().out
    assert len(PdfReader(out).pages) >= 5
    assert run_cli(["report", str(tmp_path / "nope.gpudesk"), "-o", str(out)]) == 2
    assert "nope.gpudesk" in capsys.readouterr().err


def test_cli_report_speaks_chinese_and_refuses_a_non_pdf_name(tmp_path, capsys):
    """Z8: the message in the report's language; `-o out.txt` is refused instead of writing a PDF into it."""
    plan_file = tmp_path / "plan.gpudesk"
    save_plan(sample_plan(), plan_file)
    assert run_cli(["report", str(plan_file), "-o", str(tmp_path / "p.pdf"), "--lang", "zh_CN"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("已写入 ") and "页）" in out
    assert run_cli(["report", str(plan_file), "-o", str(tmp_path / "out.txt"), "--lang", "en"]) == 2
    err = capsys.readouterr().err
    assert "name the file .pdf (e.g. out.pdf)" in err and not (tmp_path / "out.txt").exists()


def test_many_exports_then_a_clean_exit(tmp_path):
    """PySide6 6.12 on CPython 3.11 under-counts None on void calls; the process must still exit cleanly."""
    import os
    import sys
    from pathlib import Path

    script = (
        "import sys; sys.path.insert(0, sys.argv[1])\n"
        "from report_samples import sample_plan\n"
        "from gpudesk.report import export_pdf\n"
        "for i in range(12): export_pdf(sample_plan(), sys.argv[2], 'zh_CN')\n"
        "print('ok')\n"
    )
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    r = subprocess.run(
        [sys.executable, "-c", script, str(Path(__file__).parent), str(tmp_path / "x.pdf")],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=False,
    )
    assert r.returncode == 0, r.stderr[-500:]
    assert r.stdout.strip() == "ok"


def test_render_to_printer(tmp_path):
    """The GUI's preview and print path: the same document drawn on a QPrinter."""
    from PySide6.QtPrintSupport import QPrinter

    from gpudesk.report import render_to_printer
    from gpudesk.report.fonts import ensure_app

    ensure_app()  # a QPrinter needs the application first
    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
    printer.setOutputFileName(str(tmp_path / "printed.pdf"))
    pages = render_to_printer(sample_plan(), printer, "zh_CN")
    reader = PdfReader(tmp_path / "printed.pdf")
    assert len(reader.pages) == pages >= 5
    assert f"共 {pages} 页" in _text(tmp_path / "printed.pdf")[0]


def test_chart_colours_match_the_app():
    """The printed charts use the app's colours (gpudesk.ui.charts) for the same series."""
    ui_charts = pytest.importorskip("gpudesk.ui.charts")
    from PySide6.QtGui import QColor

    from gpudesk.report import style

    for name, colour in ui_charts.COMPONENT_COLOURS.items():
        assert style.COMPONENT_COLOURS[name] == QColor(colour), name
    from gpudesk.ui.charts.quotes_plot import ITEM_COLOURS

    assert set(ITEM_COLOURS) == set(style.QUOTE_COLOURS)  # a quote's cost items: the printed bars differed in two
    for name, colour in ITEM_COLOURS.items():
        assert style.QUOTE_COLOURS[name] == QColor(colour), name


def test_plan_without_a_choice_still_prints(tmp_path):
    plan = sample_plan()
    plan.choice = None
    pages = export_pdf(plan, tmp_path / "none.pdf", "en", generated=DAY)
    text = "".join(_text(tmp_path / "none.pdf"))
    assert pages >= 3 and "cannot be approved" in text and "do not approve" in text


def test_output_errors_name_the_file(tmp_path, capsys):
    import os

    from gpudesk.errors import GpudeskError

    (tmp_path / "adir.pdf").mkdir()
    with pytest.raises(GpudeskError, match="adir.pdf"):
        export_pdf(sample_plan(), tmp_path / "adir.pdf", "en")
    assert [p.name for p in tmp_path.iterdir()] == ["adir.pdf"]  # no temporary file left behind
    out = tmp_path / "ok.pdf"
    export_pdf(sample_plan(), out, "en")
    umask = os.umask(0)
    os.umask(umask)
    assert out.stat().st_mode & 0o777 == 0o666 & ~umask  # readable by others as any new file, not private
    plan_file = tmp_path / "p.gpudesk"
    save_plan(sample_plan(), plan_file)
    assert run_cli(["report", str(plan_file), "-o", str(tmp_path / "missing" / "x.pdf")]) == 2
    assert "folder does not exist" in capsys.readouterr().err
