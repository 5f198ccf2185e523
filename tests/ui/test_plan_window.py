"""Making a whole plan in the window: no silent wheel edits, undo, plan facts and a title that follows,
a configuration set by hand, export, help, opening a plan file, a window that fits 1366×768."""

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QKeySequence, QWheelEvent
from PySide6.QtWidgets import QApplication

from tests.ui.conftest import wait_recompute

pytestmark = pytest.mark.qt_log_ignore(
    "This plugin does not support propagateSizeHints", "This plugin does not support raise"
)


def _wheel(widget, notches: int = -1) -> None:
    pos = QPointF(widget.width() / 2, widget.height() / 2)
    event = QWheelEvent(
        pos,
        widget.mapToGlobal(pos),
        QPoint(0, 0),
        QPoint(0, 120 * notches),
        Qt.NoButton,
        Qt.NoModifier,
        Qt.NoScrollPhase,
        False,
    )
    QApplication.sendEvent(widget, event)


def test_the_wheel_edits_only_a_focused_field(window, qtbot):
    form = window.form
    window.resize(1000, 520)  # the form scrolls
    qtbot.wait(20)
    window.overview.setFocus()
    bar = form.verticalScrollBar()
    bar.setValue(0)
    billing, seq = form.billing_combo.currentIndex(), form.seq_spin.value()
    for widget in (form.billing_combo, form.seq_spin, form.task_combo):
        _wheel(widget)
    assert form.billing_combo.currentIndex() == billing and form.seq_spin.value() == seq  # nothing edited
    assert window.plan.job.seq_len == seq
    assert bar.value() > 0  # the form scrolled instead
    form.seq_spin.setFocus()
    qtbot.waitUntil(form.seq_spin.hasFocus, timeout=2000)
    wait_recompute(qtbot, window, lambda: _wheel(form.seq_spin, 1))
    assert form.seq_spin.value() == seq + 1  # a focused field takes the wheel as usual


def test_the_charts_hold_still_until_ctrl_wheel_and_reset(window):
    plot = window.overview.plots["memory"]
    before = plot.vb.viewRange()

    class Wheel:  # what pyqtgraph's ViewBox reads of a scene wheel event
        def __init__(self, mods):
            self.mods, self.ignored = mods, False

        def modifiers(self):
            return self.mods

        def delta(self):
            return 120

        def pos(self):
            return QPointF(5, 5)

        def ignore(self):
            self.ignored = True

        def accept(self):
            pass

    plain = Wheel(Qt.NoModifier)
    plot.vb.wheelEvent(plain)
    assert plain.ignored and plot.vb.viewRange() == before  # the page scrolls, the chart stays
    plot.vb.wheelEvent(Wheel(Qt.ControlModifier))
    assert plot.vb.viewRange() != before and plot.vb.zoomed
    window.actions_by_name["reset_charts"].trigger()
    assert sum(plot.vb.viewRange(), []) == pytest.approx(sum(before, [])) and not plot.vb.zoomed


def test_undo_restores_the_previous_answer(window, qtbot):
    a = window.actions_by_name
    assert a["undo"].shortcut() == QKeySequence(QKeySequence.Undo)
    assert QKeySequence("Ctrl+Shift+Z") in a["redo"].shortcuts()
    first = window.plan_choice()
    first_answer = window.session.answer
    combo = window.form.model_combo
    wait_recompute(qtbot, window, lambda: combo.setCurrentIndex(combo.findData("llama-2-13b")))
    bigger = window.plan_choice()
    assert window.plan.job.model.id == "llama-2-13b" and a["undo"].isEnabled()
    assert "model" in a["undo"].text()
    with qtbot.waitSignal(window.recomputed, timeout=2000):
        a["undo"].trigger()  # Ctrl+Z
    assert window.session.answer is first_answer  # the kept answer, not a new search
    assert window.plan.job.model.id == "llama-2-7b" and combo.currentData() == "llama-2-7b"
    assert window.plan_choice().gpus == first.gpus and window.plan_choice().gpu == first.gpu
    assert window.overview.memory_data.bars[0].total_gib == pytest.approx(first.memory.per_gpu_bytes.total / (1 << 30))
    assert not window.dirty
    with qtbot.waitSignal(window.recomputed, timeout=2000):
        a["redo"].trigger()
    assert window.plan.job.model.id == "llama-2-13b" and window.plan_choice().gpus == bigger.gpus


def test_plan_facts_and_the_title_that_follows(window, qtbot):
    window.show_tab("plan")
    page = window.plan_page()
    title = window.plan.title
    assert title.startswith("Llama 2 7B full fine-tuning on") and page.title_edit.text() == title
    combo = window.form.task_combo
    wait_recompute(qtbot, window, lambda: combo.setCurrentIndex(combo.findData("lora")))
    assert window.plan.title.startswith("Llama 2 7B LoRA fine-tuning on")  # followed the job
    assert page.title_edit.text() == window.plan.title
    page.title_edit.selectAll()
    qtbot.keyClicks(page.title_edit, "Contract-law assistant, pilot")
    qtbot.keyClicks(page.author_edit, "Wang Fang")
    page.approvers_edit.setPlainText("Li Wei\nChen Jun")
    assert window.plan.title == "Contract-law assistant, pilot" and window.plan.author == "Wang Fang"
    assert window.plan.approvers == ["Li Wei", "Chen Jun"] and not window.session.title_auto
    wait_recompute(qtbot, window, lambda: combo.setCurrentIndex(combo.findData("full")))
    assert window.plan.title == "Contract-law assistant, pilot"  # the user's title stays
    page.auto_title_button.click()
    assert window.plan.title.startswith("Llama 2 7B full fine-tuning on")
    window.actions_by_name["undo"].trigger()
    assert window.plan.title == "Contract-law assistant, pilot"


def test_a_configuration_set_by_hand(window, qtbot):
    window.show_tab("plan")
    picker = window.plan_page().picker
    picker.gpu_combo.setCurrentIndex(picker.gpu_combo.findData("a100-sxm-80gb"))
    picker.count_spin.setValue(1)
    picker.tp_combo.setCurrentIndex(picker.tp_combo.findData(1))  # the fields start from the current choice
    picker.pp_spin.setValue(1)
    picker.evaluate_button.click()
    assert "Does not fit" in picker.result.text() and "needs" in picker.result.text()  # with the reason
    assert window.plan_choice().gpu != "a100-sxm-80gb" or window.plan_choice().gpus != 1  # only evaluated
    picker.count_spin.setValue(8)
    picker.tp_combo.setCurrentIndex(picker.tp_combo.findData(2))
    picker.zero_combo.setCurrentIndex(picker.zero_combo.findData(1))
    picker.evaluate_button.click()  # the default Hugging Face stack has no tensor parallelism: says so
    assert "does not support tensor parallelism" in picker.result.text()
    combo = window.form.framework_combo
    wait_recompute(qtbot, window, lambda: combo.setCurrentIndex(combo.findData("deepspeed")))
    picker.count_spin.setValue(8)
    picker.tp_combo.setCurrentIndex(picker.tp_combo.findData(2))
    picker.zero_combo.setCurrentIndex(picker.zero_combo.findData(1))
    picker.use_button.click()
    choice = window.plan_choice()
    assert (choice.gpu, choice.gpus, choice.layout.tp, choice.layout.zero) == ("a100-sxm-80gb", 8, 2, 1)
    assert window.plan.manual is not None and "set by hand" in window.status_verdict.text()
    # a later edit keeps the hand-set layout, evaluated again for the new job
    wait_recompute(qtbot, window, lambda: window.form.seq_spin.setValue(4096))
    choice = window.plan_choice()
    assert (choice.gpu, choice.gpus, choice.layout.tp, choice.layout.zero) == ("a100-sxm-80gb", 8, 2, 1)
    picker.tp_combo.setCurrentIndex(picker.tp_combo.findData(8))
    picker.count_spin.setValue(4)
    picker.evaluate_button.click()
    assert "tensor parallel 8" in picker.result.text()  # cannot run: says why
    wait_recompute(qtbot, window, picker.reset_button.click)
    assert window.plan.manual is None


def test_a_bad_dataset_size_leaves_the_charts_alone(window, qtbot):
    before = window.overview.memory_data
    tokens = window.plan.job.tokens
    edit = window.form.tokens_edit
    wait_recompute(qtbot, window, lambda: edit.setText("lots"))
    assert window.overview.memory_data is not None and not window.overview.memory_data.empty
    assert window.overview.memory_data.bars[0].total_gib == pytest.approx(before.bars[0].total_gib)
    assert window.plan.job.tokens == tokens  # the last valid value until it is corrected
    assert "Dataset tokens" in window.overview.verdict_label.text() + window.overview.advice_label.text()
    wait_recompute(qtbot, window, lambda: edit.setText("3B"))
    assert window.plan.job.tokens == pytest.approx(3e9)


def test_the_parameter_field_shows_the_presets_count(window):
    form = window.form
    assert not form.params_edit.isEnabled() and form.params_edit.text() == "6.74B"  # Llama 2 7B
    assert form.params_edit.placeholderText() == ""
    form.model_combo.setCurrentIndex(form.model_combo.findData("__params__"))
    assert form.params_edit.isEnabled() and form.params_edit.text() == ""
    assert "7B" in form.params_edit.placeholderText()


def test_checklist_asks_the_name_once_and_records_it(window, qtbot, monkeypatch):
    from PySide6.QtWidgets import QInputDialog

    asked = []
    monkeypatch.setattr(QInputDialog, "getText", lambda *a, **k: (asked.append(1), ("Zhao Min", True))[1])
    window.show_tab("checklist")
    page = window.checklist_page()
    progress = page.progress_bars["due_diligence"][1]
    assert progress.value() == 0  # a fresh plan has nothing done
    page.table.setFocus()
    page.table.selectRow(0)
    item = page.model.item(page.proxy.mapToSource(page.proxy.index(0, 0)).row())
    qtbot.keyClick(page.table, Qt.Key_P)
    qtbot.keyClick(page.table, Qt.Key_F)
    assert window.plan.checklist[item.id].checked_by == "Zhao Min" and len(asked) == 1
    assert window.settings.value("user/name") == "Zhao Min"
    window.actions_by_name["undo"].trigger()
    assert window.plan.checklist[item.id].status == "pass"


def test_export_from_the_file_menu(window, tmp_path):
    import openpyxl

    path = window.export_spreadsheet("options", str(tmp_path / "o.xlsx"))
    rows = list(openpyxl.load_workbook(path).active.iter_rows(values_only=True))
    assert len(rows) == 1 + len(window.recommendation.options) and rows[1][0] == 1
    path = window.export_spreadsheet("checklist", str(tmp_path / "c.csv"))
    assert (tmp_path / "c.csv").read_text(encoding="utf-8-sig").count("\n") > 10


def test_help_opens_offline_in_both_languages(window, qtbot):
    assert window.actions_by_name["guide"].shortcut() == QKeySequence(Qt.Key_F1)
    window.actions_by_name["guide"].trigger()
    help_ = window._help
    assert help_.isVisible() and "gpudesk user guide" in help_.browser.toPlainText()
    wait_recompute(qtbot, window, lambda: window.set_language("zh_CN"))
    assert "用户指南" in help_.browser.toPlainText()
    window.show_first_steps()
    assert "快速入门" in help_.browser.toPlainText() and help_.guide_button.isVisible()
    help_.close()


def test_a_plan_file_on_the_command_line_opens_the_window(monkeypatch):
    import gpudesk.__main__ as entry
    import gpudesk.ui.app as app

    seen = []
    monkeypatch.setattr(app, "run_app", lambda argv: seen.append(argv) or 0)
    assert entry.main(["/home/li/13b.gpudesk"]) == 0 and seen == [["/home/li/13b.gpudesk"]]
    assert entry.main(["--lang", "zh_CN", "x.gpudesk"]) == 0
    assert not entry._is_plan("recommend") and not entry._is_plan("--export=x.gpudesk")


def test_closing_stops_a_running_search(window):
    window.recompute_now()
    assert window.busy
    token = window.scheduler.running.token
    window.shutdown()  # what closing the window does after asking about unsaved changes
    assert token.cancelled and window.worker._pool.activeThreadCount() == 0


def test_the_window_fits_1366x768_without_clipping(window, qtbot):
    from tests.ui.layout_check import clipped

    window.resize(1366, 768)
    problems = []
    from gpudesk.ui.window.actions import TAB_KEYS

    for lang in ("zh_CN", "en"):
        wait_recompute(qtbot, window, lambda lang=lang: window.set_language(lang))
        for key in TAB_KEYS:
            window.show_tab(key)
            qtbot.wait(20)
            problems += [f"{lang} {key}: {p}" for p in clipped(window)]
    assert window.minimumSizeHint().width() <= 1366 and window.minimumSizeHint().height() <= 768
    assert not problems, "\n".join(problems[:40])


def test_the_checklist_detail_and_status_fit_at_1366x768(window, qtbot):
    """Seen on screen (en, 1366×768 with a desktop's panels): after the first result the Status column
    read "pa…", and the selected item's "How" text lost its third line under the splitter."""
    from tests.ui.layout_check import clipped

    window.resize(1366, 700)
    window.show_tab("checklist")
    page = window.checklist_page()
    qtbot.wait(20)
    page.table.setCurrentIndex(page.proxy.index(0, 0))
    page.set_current_status("pass")
    qtbot.wait(20)
    status = page.proxy.index(0, 0).data()
    assert status == "passed"
    fm = page.table.fontMetrics()
    assert page.table.columnWidth(0) >= fm.horizontalAdvance(status) + 8
    assert not [p for p in clipped(window) if "QLabel" in p], clipped(window)[:10]
    # inside the detail's scroll area the layout check lets a label be short (it scrolls): each text must
    # still get the height it needs at its width (the "How" text lost its third line on screen)
    from PySide6.QtWidgets import QSplitter

    splitter = page.findChild(QSplitter)
    splitter.setSizes([splitter.height() - 150, 150])  # a short detail pane, as on screen
    qtbot.wait(20)
    for label in (page.why, page.how, page.criterion):
        assert label.height() >= label.heightForWidth(label.width()), (label.text()[:40], label.height())


def test_every_wheel_notch_over_a_chart_scrolls_the_page(window, qtbot):
    """Seen under a real X server at 1366×768: over a chart only the first notch scrolled the overview;
    the next ones (and the way back) did nothing, so the lower charts were out of reach by wheel."""
    window.resize(1366, 700)
    window.show_tab("overview")
    qtbot.wait(50)
    page = window.overview
    bar = page.verticalScrollBar()
    assert bar.maximum() > 0
    bar.setValue(0)
    seen = []
    for _ in range(3):
        _wheel(page.charts.viewport(), -1)
        seen.append(bar.value())
    assert seen[0] > 0 and seen[1] > seen[0] or seen[1] == bar.maximum(), seen
    _wheel(page.charts.viewport(), 1)
    assert bar.value() < seen[-1], (seen, bar.value())
    before = page.plots["memory"].vb.viewRange()
    assert page.plots["memory"].vb.viewRange() == before  # and the chart held still


def test_the_name_prompt_offers_the_plans_author_never_an_account(window, monkeypatch):
    """Seen on screen: the checklist's name prompt offered the login "root", and "root" was recorded."""
    from PySide6.QtWidgets import QInputDialog

    offered = []
    monkeypatch.setattr(QInputDialog, "getText", lambda *a, **k: offered.append(k.get("text")) or ("", False))
    window.settings.remove("user/name")
    window.plan.author = "李雷"
    window.checker_name()
    window.plan.author = ""
    monkeypatch.setattr("getpass.getuser", lambda: "root")
    window.checker_name()
    monkeypatch.setattr("getpass.getuser", lambda: "lilei")
    window.checker_name()
    assert offered == ["李雷", "", "lilei"]


def test_the_plan_tab_says_where_the_choice_came_from_in_the_uis_language(window, qtbot):
    """Seen on screen (zh): "已选择: 8× NVIDIA A100 80GB SXM (来自推荐)" for a configuration named on the
    command line (not the recommender's first), with ASCII colon and brackets."""
    from gpudesk.core.rules import same_configuration

    wait_recompute(qtbot, window, lambda: window.set_language("zh_CN"))
    assert same_configuration(window.recommendation.options[0], window.plan_choice())
    assert window._choice_text().startswith("<b>已选择：") and "（推荐方案）</b>" in window._choice_text()
    other = next(o for o in window.recommendation.options if o.gpu != window.plan_choice().gpu)
    window.choose_option(other)
    assert "（沿用方案中的配置）</b>" in window._choice_text(), window._choice_text()


def test_the_job_form_opens_without_a_horizontal_scroll_bar(window, qtbot):
    """Seen on screen at 1366×768 in both languages: the dock opened as wide as the form, then its vertical
    scroll bar took 14 px and a horizontal one appeared under the form."""
    window.resize(1366, 700)
    qtbot.wait(50)
    form = window.form
    assert form.verticalScrollBar().isVisible()  # the form is taller than the screen
    assert form.horizontalScrollBar().maximum() == 0, (form.viewport().width(), form.widget().minimumSizeHint().width())
    wait_recompute(qtbot, window, lambda: window.set_language("zh_CN"))
    qtbot.wait(20)
    assert form.horizontalScrollBar().maximum() == 0


def test_a_wrapped_detail_text_claims_the_height_it_needs(qtbot):
    """Under a real X server the checklist's "How" text got two lines' height for three (the form gave a
    wrapped label its minimum). The detail's texts claim their height for their width, and scroll."""
    from PySide6.QtWidgets import QFormLayout, QLabel, QScrollArea, QWidget

    from gpudesk.ui.pages.checklist_page import _WrappedText

    area = QScrollArea()
    area.setWidgetResizable(True)
    inner = QWidget()
    form = QFormLayout(inner)
    text = _WrappedText()
    form.addRow(QLabel("How"), text)
    area.setWidget(inner)
    area.resize(260, 60)  # far too short for the text: the area scrolls
    qtbot.addWidget(area)
    area.show()
    text.setText(
        "Ask the provider you choose for the licence certificate; look the number up in the public "
        "licence query and check the company name and the service scope."
    )
    qtbot.wait(20)
    need = text.heightForWidth(text.width())
    assert need >= 3 * text.fontMetrics().lineSpacing()  # several lines at this width
    assert text.minimumHeight() == need and text.height() >= need
    assert area.verticalScrollBar().maximum() > 0
