"""The whole window, driven like a user: edits recompute, a row becomes the choice, plans round-trip."""

import pytest
from PySide6.QtCore import Qt

from gpudesk.core.report.chart_data import GIB
from gpudesk.core.report.option_names import option_label
from tests.ui.conftest import wait_recompute

# the offscreen platform cannot resize a real window; nothing of ours
pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


def test_first_answer_fills_charts_table_and_status(window):
    rec = window.recommendation
    assert rec is not None and rec.options
    choice = window.plan_choice()
    assert choice is not None and choice == rec.options[0]
    bars = window.overview.memory_data.bars
    assert bars[0].chosen and bars[0].label == option_label(choice)
    assert bars[0].total_gib == pytest.approx(choice.memory.per_gpu_bytes.total / GIB)
    assert bars[0].capacity_gib == pytest.approx(choice.memory.gpu_capacity_bytes / GIB)
    from gpudesk.core.search.options_view import dedupe, group_by_gpu

    model = window.options_page.model
    assert model.rowCount() == len(group_by_gpu(rec.options)) == len({o.gpu for o in rec.options})
    assert model.option_count() == len(dedupe(rec.options))
    status = window.status_verdict.text()
    assert status.startswith("✔ Fits" if choice.memory.fits else "✘ Does not fit")
    from gpudesk.core import units

    assert option_label(choice) in status and units.money(choice.cost.compute_cost) in status  # core's formatter
    assert units.memory(choice.memory.per_gpu_bytes.total) in status


def test_options_tab_is_built_on_first_view_with_the_current_answer(window, qtbot):
    from gpudesk.core.search.options_view import dedupe

    assert "options" not in window._pages  # start-up did not pay for it
    window.show_tab("options")
    page = window._pages["options"]
    qtbot.waitUntil(page.isVisible, timeout=2000)
    assert page.model.option_count() == len(dedupe(window.recommendation.options))
    rows = page.table.selectionModel().selectedRows()
    assert rows and page.model.option(page.proxy.mapToSource(rows[0])) == window.plan_choice()
    # later answers go straight to the built table
    wait_recompute(qtbot, window, lambda: window.form.seq_spin.setValue(window.form.seq_spin.value() * 2))
    assert page.model.option_count() == len(dedupe(window.recommendation.options))


def test_editing_the_form_recomputes(window, qtbot):
    assert not window.dirty  # a fresh window has nothing to save
    before = window.plan_choice()
    combo = window.form.model_combo
    wait_recompute(qtbot, window, lambda: combo.setCurrentIndex(combo.findData("llama-2-13b")))
    after = window.plan_choice()
    assert window.plan.job.model.id == "llama-2-13b"
    assert (
        after.memory.per_gpu_bytes.weights * after.layout.tp * after.layout.pp >= before.memory.per_gpu_bytes.weights
    )  # a bigger model never weighs less in all
    assert window.dirty


def test_typing_is_debounced_into_one_recompute(window, qtbot):
    calls = []
    window.scheduler._start = lambda request: calls.append(request.generation)
    for ch in "4096":
        qtbot.keyClicks(window.form.seq_spin.lineEdit(), ch)
    assert calls == []  # nothing yet: the debounce timer waits for a pause
    qtbot.waitUntil(lambda: len(calls) == 1, timeout=2000)
    qtbot.wait(100)
    assert len(calls) == 1


def test_stale_answers_are_dropped(window):
    from gpudesk.ui.state import Answer

    shown = window.plan_choice()
    old = window.scheduler.generation
    window.scheduler.generation += 1  # a newer edit is on its way
    window.worker._mailbox.post(Answer(old, rec=window.recommendation))
    window._on_answer(old)
    assert window.plan_choice() is shown


def test_selecting_an_option_makes_it_the_choice(window, qtbot):
    page = window.options_page
    view = page.table
    index = page.proxy.index(2, 0)
    view.setCurrentIndex(index)
    picked = page.model.option(page.proxy.mapToSource(index))
    assert window.plan_choice() == picked
    assert window.overview.memory_data.bars[0].label == option_label(picked)
    assert window.overview.memory_data.bars[0].chosen
    assert option_label(picked) in window.status_verdict.text()
    chosen_points = [p for p in window.overview.cost_data.points if p.chosen]
    assert len(chosen_points) == 1 and chosen_points[0].cost == pytest.approx(picked.cost.compute_cost)
    # the choice survives a recompute of the same job
    wait_recompute(qtbot, window, window.recompute_now)
    assert option_label(window.plan_choice()) == option_label(picked)


def test_options_filter(window, qtbot):
    page = window.options_page
    total = page.proxy.rowCount()
    name = page.model.option(page.model.index(1, 0)).gpu_name
    qtbot.keyClicks(page.filter_edit, name)
    assert 0 < page.proxy.rowCount() < total
    for r in range(page.proxy.rowCount()):
        assert page.proxy.index(r, 1).data().startswith(name)


def test_save_and_reopen_plan(window, qtbot, tmp_path, settings):
    from gpudesk.ui.main_window import MainWindow

    page = window.options_page
    page.table.setCurrentIndex(page.proxy.index(1, 0))
    chosen = window.plan_choice()
    path = tmp_path / "plan.gpudesk"
    assert window.save_to(path)
    assert not window.dirty and window.windowTitle().startswith("plan.gpudesk")
    assert window.recent_files()[0] == str(path.resolve())

    other = MainWindow(settings=settings, autosave=False)
    qtbot.addWidget(other)
    with qtbot.waitSignal(other.recomputed, timeout=20000):
        assert other.open_plan(path, ask=False)
    assert other.plan.job == window.plan.job
    assert option_label(other.plan_choice()) == option_label(chosen)
    assert other.plan_choice().offer == chosen.offer
    assert other.form.job_and_constraints()[0].model.id == window.plan.job.model.id
    other.dirty = False


def test_new_plan_resets_the_form(window, qtbot):
    combo = window.form.model_combo
    wait_recompute(qtbot, window, lambda: combo.setCurrentIndex(combo.findData("gpt2")))
    wait_recompute(qtbot, window, window.new_plan)
    assert window.path is None
    assert window.plan.job.model.id == "llama-2-7b"


def test_language_switch_without_restart(window, qtbot):
    wait_recompute(qtbot, window, lambda: window.set_language("zh_CN"))
    assert window.tabs.tabText(0) == "总览"
    assert window.form.model_box.title() == "模型"
    assert window.file_menu.title() == "文件(&F)"
    assert "显存够用" in window.status_verdict.text() or "显存不足" in window.status_verdict.text()
    assert window.settings.value("language") == "zh_CN"
    from gpudesk.core.i18n import current_language

    assert current_language() == "zh_CN"
    # the choice's notes (ids with parameters) are worded in the window's language, and follow the switch
    profile = next(n for n in window.plan.choice.notes if n.id == "framework-profile")
    assert "训练框架 " in profile.render("zh_CN") and profile.render("zh_CN") in window.overview.advice_label.text()
    wait_recompute(qtbot, window, lambda: window.set_language("en"))
    assert window.tabs.tabText(0) == "Overview"
    assert profile.render("en").startswith("Framework ") and profile.render("en") in window.overview.advice_label.text()


def test_checklist_keys_record_results_in_the_plan(window, qtbot):
    window.show_tab("checklist")
    page = window.checklist_page()
    assert page.model.rowCount() > 10
    page.table.setFocus()
    page.table.selectRow(0)
    item = page.model.item(page.proxy.mapToSource(page.proxy.index(0, 0)).row())
    qtbot.keyClick(page.table, Qt.Key_P)
    assert window.plan.checklist[item.id].status == "pass"
    assert window.dirty
    qtbot.keyClick(page.table, Qt.Key_F)
    assert window.plan.checklist[item.id].status == "fail"
    qtbot.keyClick(page.table, Qt.Key_O)
    assert window.plan.checklist[item.id].status == "open"


def test_catalogue_page_lists_rows_and_saves_user_entries(window):
    from gpudesk.catalog.schema import Offer

    window.show_tab("catalogue")
    page = window.catalogue_page()
    assert page.models["gpus"].rowCount() == len(window.catalog.gpus())
    offer = Offer(
        id="my-a100-offer",
        provider=window.catalog.providers()[0].id,
        gpu="a100-sxm-80gb",
        gpus_per_node=8,
        price_per_gpu_hour=7.5,
        price_kind="quoted",
        price_date="2026-11-30",
    )
    page.save_row("offers", offer)
    ids = [row.id for row in page.models["offers"].rows()]
    assert "my-a100-offer" in ids
    row = page.models["offers"].rows()[ids.index("my-a100-offer")]
    assert row.user and row.price_per_gpu_hour == 7.5


def test_window_layout_is_remembered(window, settings):
    window.save_layout()
    assert settings.value("window/geometry") is not None
    assert settings.value("window/state") is not None


def test_autosave_writes_and_recovery_finds_it(window, monkeypatch):
    from gpudesk.core import plan as plan_mod
    from gpudesk.core.plan import autosave

    window.session.autosave_enabled = True
    window.dirty = True
    window.autosave()
    file = plan_mod.autosave_path_for(None)
    assert file.exists()
    monkeypatch.setattr(autosave, "_pid_alive", lambda pid: False)  # as if this session had crashed
    found = plan_mod.find_recoverable()
    assert found and found[0].autosave == file
    from PySide6.QtWidgets import QMessageBox

    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: QMessageBox.Yes)
    title = window.plan.title
    assert window.offer_recovery()
    assert window.plan.title == title and window.dirty
    assert not file.exists()  # taken: a second start does not offer it again


def test_export_pdf_writes_the_plan_document(window, tmp_path):
    path = window.export_pdf(str(tmp_path / "plan.pdf"))
    assert path and (tmp_path / "plan.pdf").read_bytes()[:5] == b"%PDF-"


def test_dropping_a_config_json_imports_it(window, qtbot, tmp_path):
    import json

    from PySide6.QtCore import QMimeData, QPointF, QUrl
    from PySide6.QtGui import QDropEvent

    from tests.ui.test_job_form import LLAMA_2_7B

    path = tmp_path / "my-llama" / "config.json"
    path.parent.mkdir()
    path.write_text(json.dumps(LLAMA_2_7B))
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(path))])
    event = QDropEvent(QPointF(10, 10), Qt.CopyAction, mime, Qt.LeftButton, Qt.NoModifier)
    wait_recompute(qtbot, window, lambda: window.dropEvent(event))
    assert window.plan.job.model.hidden_size == 4096 and window.plan.job.model.source == str(path)
    assert "my-llama" in window.form.model_combo.currentText()


def test_edits_during_a_computation_coalesce_into_one_rerun(window, qtbot):
    started = []
    real_start = window.scheduler._start
    window.scheduler._start = lambda request: (started.append(request.generation), real_start(request))
    drawn = []
    window.recomputed.connect(lambda: drawn.append(window.plan.job.seq_len))
    spin = window.form.seq_spin
    window.recompute_now()  # busy now
    assert window.busy and len(started) == 1
    for value in (1024, 2048, 4096):  # three edits while the first computation runs
        spin.setValue(value)
        window.recompute_now()
    assert len(started) == 1  # none started on top of the running one
    qtbot.waitUntil(lambda: bool(drawn) and not window.busy, timeout=20000)
    assert len(started) == 2  # one rerun for the three edits
    assert drawn == [4096]  # the stale first answer was never drawn
    assert window.plan.job.seq_len == 4096


def test_catalogue_figures_and_names_read_as_written(window, qtbot):
    """Seen on screen: 'Huawei Ascend 910B (variant not stated)' in the zh catalogue (name_zh exists) and
    bandwidths printed as Python floats ('2039.0', '1555.0')."""
    from tests.ui.conftest import wait_recompute

    wait_recompute(qtbot, window, lambda: window.set_language("zh_CN"))
    window.show_tab("catalogue")
    model = window.catalogue_page().models["gpus"]
    cols = {key: c for c, (key, _h, _g) in enumerate(model._columns)}
    rows = {r.id: i for i, r in enumerate(model.rows())}
    cell = lambda gpu, key: model.index(rows[gpu], cols[key]).data()  # noqa: E731
    assert cell("a100-sxm-80gb", "bw") == "2,039" and cell("a100-sxm-80gb", "bf16") == "312"
    assert cell("a100-sxm-80gb", "memory") == "74.5"
    assert cell("ascend-910b", "name") == "华为昇腾 910B（未注明型号）"
    servers = window.catalogue_page().models["servers"]
    names = [servers.index(i, 1).data() for i in range(servers.rowCount())]
    assert not any("class" in n or "host" in n for n in names), names[:5]


def test_options_tab_shows_time_and_cost_unscrolled_at_1366x768(window, qtbot):
    """A purchaser on a 1366×768 laptop compares GPU, count, time and cost without scrolling sideways
    (they were past the right edge, behind a 420-pixel provider column)."""
    from gpudesk.ui.models.options_model import COLUMNS

    window.resize(1366, 768)
    window.show_tab("options")
    page = window._pages["options"]
    qtbot.waitUntil(page.isVisible, timeout=2000)
    header, width = page.table.header(), page.table.viewport().width()
    assert width < 1000  # the job panel takes its share: the table really is laptop-sized here
    for key in ("gpu", "gpus", "time", "cost", "margin"):
        column = COLUMNS.index(key)
        right = header.sectionViewportPosition(column) + header.sectionSize(column)
        assert 0 < right <= width, (key, right, width)
    provider = COLUMNS.index("provider")
    name = page.model.index(0, provider).data()
    assert name and page.model.index(0, provider).data(Qt.ToolTipRole) == name  # the full name when it elides
