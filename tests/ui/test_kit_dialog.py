"""File ▸ Export acceptance kit… and Import kit results…: the kit in the app, both languages."""

import sys
from pathlib import Path

import pytest
from PySide6.QtWidgets import QDialog, QFileDialog, QPushButton, QTableWidget

sys.path.insert(0, str(Path(__file__).parents[1] / "kit"))
from _results_doc import healthy_doc, write  # noqa: E402

from gpudesk.core.plan import load_plan, plan_document  # noqa: E402
from gpudesk.ui import kit_dialog  # noqa: E402

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


@pytest.fixture
def plan_window(window, qtbot, tmp_path):
    """The window with the 13B-on-4×A100 plan open (made as `gpudesk plan new` does; on DeepSpeed, TP4 as
    tests/kit/conftest.py makes it: the default Hugging Face stack has no tensor parallelism)."""
    from gpudesk.cli import run_cli

    path = tmp_path / "p13.gpudesk"
    assert (
        run_cli(
            [
                "plan",
                "new",
                "--model",
                "llama-2-13b",
                "--task",
                "full",
                "--tokens",
                "2e9",
                "--gpu",
                "a100-sxm-80gb",
                "--gpus",
                "4",
                "--title",
                "13B",
                "--framework",
                "deepspeed",
                "-o",
                str(path),
            ]
        )
        == 0
    )
    with qtbot.waitSignal(window.recomputed, timeout=30000):
        assert window.open_plan(path, ask=False)
    return window, path


def _chinese(window, qtbot):
    with qtbot.waitSignal(window.recomputed, timeout=30000):
        window.set_language("zh_CN")


def test_menu_has_the_kit_in_both_languages(window, qtbot):
    a = window.actions_by_name
    assert a["export_kit"].text() == "Export acceptance &kit…" and a["import_kit"].text() == "Import kit res&ults…"
    assert a["export_kit"] in window.file_menu.actions() and a["import_kit"] in window.file_menu.actions()
    _chinese(window, qtbot)
    assert a["export_kit"].text() == "导出验收套件(&K)…" and a["import_kit"].text() == "导入验收结果(&U)…"


def test_export_writes_folder_and_zip(plan_window, tmp_path, monkeypatch):
    window, path = plan_window
    out = tmp_path / "out"
    out.mkdir()
    monkeypatch.setattr(QFileDialog, "getExistingDirectory", lambda *a, **k: str(out))
    folder = kit_dialog.export_kit(window)
    assert folder == out / "p13-kit" and (folder / "run.sh").exists() and (out / "p13-kit.zip").exists()
    assert (folder / "README.md").read_text(encoding="utf-8").startswith("# gpudesk acceptance kit")


def test_import_previews_then_records_and_recalibrates(plan_window, tmp_path, monkeypatch, qtbot):
    window, path = plan_window
    doc = healthy_doc(window.session.plan)
    doc["training"]["tokens_per_s"] = 11214.4  # MFU 40 %
    results = write(doc, tmp_path / "gpudesk-results.json")
    seen = {}

    def fake_exec(dialog):
        seen["title"] = dialog.windowTitle()
        tables = dialog.findChildren(QTableWidget)
        seen["rows"] = [t.rowCount() for t in tables]
        seen["cell"] = tables[0].item(0, 1).text()
        seen["buttons"] = [b.text() for b in dialog.findChildren(QPushButton)]
        dialog._record_and_recalibrate()
        return QDialog.Accepted

    monkeypatch.setattr(kit_dialog.KitResultsDialog, "exec", fake_exec)
    old_hours = window.session.plan.choice.time.hours
    with qtbot.waitSignal(window.recomputed, timeout=30000):
        assert kit_dialog.import_kit_results(window, results)
    assert seen["title"] == "Acceptance kit results: node01" and seen["rows"][1] == 15
    assert seen["cell"] == "4 × NVIDIA A100 80GB SXM" and "Record and recalibrate" in seen["buttons"]
    plan = window.session.plan
    assert plan.job.mfu == 0.4 and plan.revisions[0].before["hours"] == old_hours
    assert plan.checklist["allreduce-nvlink"].status == "pass" and window.session.dirty
    assert plan.choice.gpus == 4 and plan.choice.gpu == "a100-sxm-80gb"  # the same configuration after the rerun
    window.save()
    assert load_plan(path).kit_results[0].host == "node01"


def test_a_foreign_file_changes_nothing(plan_window, tmp_path, monkeypatch):
    from gpudesk.cli import run_cli

    window, _ = plan_window
    assert (
        run_cli(
            [
                "plan",
                "new",
                "--model",
                "gpt2",
                "--task",
                "full",
                "--tokens",
                "1e9",
                "--gpu",
                "rtx-4090",
                "--gpus",
                "1",
                "-o",
                str(tmp_path / "other.gpudesk"),
            ]
        )
        == 0
    )
    other = load_plan(tmp_path / "other.gpudesk")
    results = write(healthy_doc(other), tmp_path / "other.json")
    said = {}
    monkeypatch.setattr("PySide6.QtWidgets.QMessageBox.warning", lambda parent, title, text: said.update(text=text))
    before = plan_document(window.session.plan)
    assert not kit_dialog.import_kit_results(window, results)
    assert said["text"].startswith("Nothing was changed.") and "belongs to another plan" in said["text"]
    assert plan_document(window.session.plan) == before


def test_dialog_in_chinese(plan_window, tmp_path, qtbot):
    window, _ = plan_window
    _chinese(window, qtbot)
    from gpudesk.core.kit.apply import apply_document
    from gpudesk.core.kit.results import load_results
    from gpudesk.core.i18n import use_language

    plan = window.session.plan
    path = write(healthy_doc(plan), tmp_path / "r.json")
    with use_language("zh_CN"):
        doc, sha = load_results(path, plan)
        report = apply_document(plan.model_copy(deep=True), doc, sha)
    dialog = kit_dialog.KitResultsDialog(report, window)
    qtbot.addWidget(dialog)
    texts = [b.text() for b in dialog.findChildren(QPushButton)]
    assert "记录结果" in texts and "记录并重新校准" in texts and dialog.windowTitle() == "验收结果：node01"
    table = dialog.findChildren(QTableWidget)[0]
    assert table.horizontalHeaderItem(2).text() == "实测" and table.item(0, 0).text() == "GPU 型号与数量"
