"""The window under hostile conditions (issue 18): a damaged user database, a failing autosave, a plan
changed on disk, text beyond the limits, fast typing everywhere during recomputes, a kill mid-edit."""

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QMessageBox

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


def _damaged_user_db(home: Path) -> Path:
    from gpudesk.catalog.schema import Offer
    from gpudesk.catalog.userdb import UserDB

    db = UserDB(home / "user.sqlite")
    db.upsert_rows(
        "offers",
        [
            Offer(id=f"mine-{i}", provider="autodl", gpu="rtx-4090", price_per_gpu_hour=1.9, region="r" * 200)
            for i in range(300)
        ],
    )
    db.close()
    path = home / "user.sqlite"
    os.truncate(path, path.stat().st_size // 2)
    return path


def test_the_window_starts_with_a_half_truncated_user_database(qtbot, settings, monkeypatch, _private_user_data):
    from gpudesk.catalog import invalidate_catalog
    from gpudesk.ui.main_window import MainWindow

    path = _damaged_user_db(_private_user_data)
    invalidate_catalog()
    warned = []
    monkeypatch.setattr(QMessageBox, "warning", lambda _w, _t, text, *a, **k: warned.append(text))
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: QMessageBox.No)
    settings.setValue("first_run_done", True)  # no first-steps dialog
    win = MainWindow(settings=settings, autosave=False)  # used to raise in __init__
    qtbot.addWidget(win)
    with qtbot.waitSignal(win.recomputed, timeout=20000):
        win.start_up()
    assert win.recommendation is not None and win.recommendation.options  # the bundled catalogue serves
    assert len(warned) == 1 and str(path) in warned[0] and "set aside" in warned[0]
    assert list(path.parent.glob("user.sqlite.damaged-*"))
    win.dirty = False


def test_a_failing_autosave_tells_the_user_once(window, monkeypatch, _private_user_data):
    (_private_user_data / "autosave").write_text("a file where the folder should be")
    warned = []
    monkeypatch.setattr(QMessageBox, "warning", lambda _w, title, text, *a, **k: warned.append((title, text)))
    window.session.autosave_enabled = True
    window.session.set_fact("notes", "an edit worth keeping")
    window.autosave()  # raised before; now caught
    window.autosave()
    assert len(warned) == 1 and "Autosave failed" in warned[0][1] and "autosave" in warned[0][1]
    assert "Autosave failed" in window.statusBar().currentMessage()
    window.session.autosave_enabled = False


def test_settings_follow_gpudesk_home(_private_user_data):
    from gpudesk.ui.app import use_home_for_settings

    try:
        use_home_for_settings()
        s = QSettings()
        s.setValue("probe", 1)
        s.sync()
        assert Path(s.fileName()).is_relative_to(_private_user_data), s.fileName()
        assert Path(s.fileName()).exists()
    finally:
        QSettings.setDefaultFormat(QSettings.Format.NativeFormat)


def test_saving_over_a_plan_changed_on_disk_asks_first(window, monkeypatch, tmp_path):
    from gpudesk.core.plan import ChecklistState, load_plan, save_plan

    path = tmp_path / "p.gpudesk"
    assert window.save_to(path)
    other = load_plan(path)
    other.checklist["from-the-cli"] = ChecklistState(status="pass")
    time.sleep(0.01)
    save_plan(other, path)
    window.session.set_fact("notes", "mine")
    asked = []
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: (asked.append(a[2]), QMessageBox.Cancel)[1])
    assert not window.save_to(path)
    assert asked and "changed by another program" in asked[0]
    assert "from-the-cli" in load_plan(path).checklist  # the other version is untouched
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: QMessageBox.Save)
    assert window.save_to(path)
    assert load_plan(path).notes == "mine"


def test_plan_facts_keep_to_the_limits(window, qtbot):
    from gpudesk.core.limits import TEXT_LIMITS

    window.show_tab("plan")
    page = window._pages["plan"]
    assert page.title_edit.maxLength() == TEXT_LIMITS["title"] and page.author_edit.maxLength() == TEXT_LIMITS["author"]
    page.notes_edit.setPlainText("n" * (TEXT_LIMITS["notes"] + 500))
    assert len(window.plan.notes) == TEXT_LIMITS["notes"] == len(page.notes_edit.toPlainText())
    page.approvers_edit.setPlainText("\n".join(f"person {i} " + "x" * 100 for i in range(30)))
    assert len(window.plan.approvers) == 20 and all(len(a) <= TEXT_LIMITS["approver"] for a in window.plan.approvers)


def test_typing_fast_into_every_field_ends_with_the_final_input(window, qtbot):
    """Random keystrokes into every text and number field and random picks in every list, with no pause,
    while recomputations run; once quiet, the figures shown are core's for what the fields finally say."""
    from gpudesk.core.search import recommend

    form = window.form
    rng = random.Random(18)
    spins = [
        form.seq_spin,
        form.micro_spin,
        form.accum_spin,
        form.lora_spin,
        form.headroom_spin,
        form.concurrency_spin,
        form.context_spin,
        form.max_gpus_spin,
        form.epochs_spin,
        form.service_spin,
    ]
    edits = [form.params_edit, form.tokens_edit, form.budget_edit, form.deadline_edit, form.target_edit]
    combos = [
        form.model_combo,
        form.task_combo,
        form.precision_combo,
        form.optimizer_combo,
        form.recompute_combo,
        form.objective_combo,
        form.billing_combo,
        form.weight_combo,
        form.kv_combo,
    ]
    keys = "0123456789.eEkMB-x " + "\b" * 6
    started = []
    real_start = window.scheduler._start
    window.scheduler._start = lambda request: (started.append(1), real_start(request))
    for _round in range(40):  # hostile typing: garbage, partial numbers, deletions
        kind = rng.random()
        if kind < 0.45:
            spin = rng.choice(spins)
            spin.lineEdit().selectAll()
            qtbot.keyClicks(spin.lineEdit(), "".join(rng.choice("0123456789") for _ in range(rng.randint(1, 4))))
        elif kind < 0.75:
            edit = rng.choice(edits)
            if edit.isEnabled():
                qtbot.keyClicks(edit, "".join(rng.choice(keys) for _ in range(rng.randint(1, 6))))
        else:
            combo = rng.choice(combos)
            if combo.count():
                combo.setCurrentIndex(rng.randrange(combo.count()))
        if rng.random() < 0.3:
            qtbot.wait(rng.randint(0, 30))  # sometimes an answer lands in the middle of the typing
    # the final input, typed just as fast: valid values in every field
    combos[0].setCurrentIndex(combos[0].findData("llama-2-7b"))
    combos[1].setCurrentIndex(combos[1].findData("full"))
    for spin, text in (
        (form.seq_spin, "1024"),
        (form.micro_spin, "2"),
        (form.accum_spin, "4"),
        (form.headroom_spin, "10"),
        (form.max_gpus_spin, "64"),
    ):
        spin.lineEdit().selectAll()
        qtbot.keyClicks(spin.lineEdit(), text)
    for edit, text in (
        (form.tokens_edit, "3B"),
        (form.budget_edit, ""),
        (form.deadline_edit, ""),
        (form.target_edit, ""),
    ):
        edit.selectAll()
        qtbot.keyClick(edit, Qt.Key.Key_Delete)
        if text:
            qtbot.keyClicks(edit, text)
    combos[5].setCurrentIndex(combos[5].findData("cheapest"))
    # settle: the last edit's answer arrives and nothing is pending
    qtbot.waitUntil(lambda: not window.busy and not window._debounce.isActive(), timeout=60000)
    qtbot.wait(50)
    qtbot.waitUntil(lambda: not window.busy, timeout=60000)
    assert len(started) >= 2  # recomputations did run while typing
    job, constraints = form.job_and_constraints()
    assert job.seq_len == 1024 and job.micro_batch == 2 and job.model.id == "llama-2-7b"
    assert window.plan.job == job and window.plan.constraints == constraints
    answer = window.session.answer
    try:
        fresh = recommend(job, constraints, window.catalog)
    except Exception:  # noqa: BLE001 - nothing fits: the window shows the error, no answer
        assert window.last_error
        return
    assert answer is not None and answer.rec is not None
    shown = [(o.gpu, o.gpus, o.offer, o.cost.with_trial_margin) for o in answer.rec.options]
    assert shown == [(o.gpu, o.gpus, o.offer, o.cost.with_trial_margin) for o in fresh.options]


_EDITOR = """
import sys, time
from PySide6.QtWidgets import QApplication, QMessageBox
app = QApplication([])
QMessageBox.question = lambda *a, **k: QMessageBox.No
from gpudesk.ui.main_window import MainWindow
win = MainWindow(autosave=True)
assert win.open_plan(sys.argv[1], ask=False)
win.session.set_fact("title", "edited, never saved")
win.session.set_fact("notes", "typed after the last save")
win.autosave()
print("autosaved", flush=True)
while True:  # still editing when the power goes
    app.processEvents()
    time.sleep(0.01)
"""


@pytest.mark.skipif(os.name != "posix", reason="SIGKILL is POSIX")
def test_killing_the_app_mid_edit_leaves_an_autosave_that_recovers(window, monkeypatch, tmp_path, _private_user_data):
    from gpudesk.core.plan import find_recoverable, load_plan

    path = tmp_path / "p.gpudesk"
    assert window.save_to(path)
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", GPUDESK_HOME=str(_private_user_data))
    proc = subprocess.Popen([sys.executable, "-c", _EDITOR, str(path)], env=env, stdout=subprocess.PIPE, text=True)
    assert proc.stdout.readline().strip() == "autosaved"
    time.sleep(random.uniform(0, 0.3))
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    proc.stdout.close()
    assert load_plan(path).notes == ""  # the plan file itself is the last saved version
    (found,) = [r for r in find_recoverable() if r.original == str(path.resolve())]
    assert found.title == "edited, never saved"
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: QMessageBox.Yes)
    assert window.offer_recovery()
    assert window.plan.notes == "typed after the last save" and window.dirty
    window.dirty = False


def test_chart_export_never_replaces_a_plan_and_is_atomic(window, monkeypatch, tmp_path):
    page = window.overview
    warned = []
    monkeypatch.setattr(QMessageBox, "warning", lambda _w, _t, text, *a, **k: warned.append(text))
    plan = tmp_path / "p.gpudesk"
    assert window.save_to(plan)
    disguised = tmp_path / "looks-like.png"
    disguised.write_bytes(plan.read_bytes())
    before = disguised.read_bytes()
    assert page.export_chart("memory", str(disguised)) is None
    assert disguised.read_bytes() == before and "plan file" in warned[-1]
    out = page.export_chart("pareto", str(tmp_path / "c.svg"))
    assert out and Path(out).read_bytes().rstrip().endswith(b"</svg>")
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


@pytest.mark.parametrize("content", ["bom", "gbk", "deep", "nan"])
def test_importing_a_hostile_config_json_in_the_window(window, tmp_path, content):
    import json

    from gpudesk.errors import GpudeskError
    from tests.hardening.helpers import FIX

    cfg = json.loads((FIX / "llama-2-7b.json").read_text())
    path = tmp_path / "config.json"
    if content == "bom":
        path.write_text(json.dumps(cfg), encoding="utf-8-sig")
        assert window.form.import_config(path).hidden_size == 4096  # what Notepad saves is accepted
        return
    if content == "gbk":
        path.write_bytes(json.dumps({**cfg, "_name_or_path": "模型"}, ensure_ascii=False).encode("gbk"))
    elif content == "deep":
        path.write_text("[" * 100000 + "]" * 100000)
    else:
        path.write_text(json.dumps({**cfg, "hidden_size": float("nan")}))
    with pytest.raises(GpudeskError, match="config.json"):
        window.form.import_config(path)
