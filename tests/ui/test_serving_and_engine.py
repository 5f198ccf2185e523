"""A serving plan in the window (its own charts, no training-only fields) and the engine inputs of the
advanced fold (virtual stages, global batch, CP, EP): checked beside the field, in the job, undoable."""

import pytest

from tests.ui.conftest import wait_recompute

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")

TRAINING_ROWS = (
    "optimizer",
    "micro_batch",
    "grad_accum",
    "recompute",
    "framework",
    "model_states",
    "loss",
    "tokens",
    "epochs",
    "virtual_stages",
    "global_batch_tokens",
)


def _serve(window, qtbot, model="llama-2-13b"):
    form = window.form
    wait_recompute(qtbot, window, lambda: form.model_combo.setCurrentIndex(form.model_combo.findData(model)))
    wait_recompute(qtbot, window, lambda: form.task_combo.setCurrentIndex(form.task_combo.findData("inference")))
    wait_recompute(qtbot, window, lambda: form.target_edit.setText("20"))


def test_a_service_shows_what_it_needs_not_a_training_run(window, qtbot):
    _serve(window, qtbot)
    choice = window.plan_choice()
    assert choice.serving is not None and choice.time.hours is None
    service = window.overview.cost_data.service
    assert service is not None and not service.empty and service.target == 20
    # the chosen configuration is on the chart at its own figures (core's priced serving block)
    [chosen] = [p for ps in service.by_gpu.values() for p in ps if p.chosen]
    assert chosen.cost_per_month == pytest.approx(choice.serving.cost_per_month)
    assert chosen.per_user == pytest.approx(choice.serving.tokens_per_second_per_user)
    plots = window.overview.plots
    assert plots["cost"].titleLabel.text == "Cost per month vs speed per user"
    assert plots["days"].titleLabel.text == "Cost per million tokens vs GPU count"
    assert plots["pareto"].titleLabel.text == "Time to first token vs GPU count"
    assert "empty" not in {k[0] for k in plots["cost"]._gd_items}  # drawn, not "No priced configuration"
    assert ("target", None) in plots["cost"]._gd_items  # the user's target as a line
    window.overview._fill_export_menu()
    names = [a.text() for a in window.overview.export_menu.actions()]
    assert "Cost per month vs speed per user" in names and "Time vs cost" not in names
    # the verdict speaks of the service: no days, no trial margin
    text = window.overview.verdict_label.text()
    assert "tokens/s per user" in text and "per month" in text
    assert "trial margin" not in text and "days" not in text
    assert "trial margin" not in window.status_text()


def test_a_service_hides_the_training_fields_and_a_training_job_the_serving_ones(window, qtbot):
    form = window.form
    assert not form.serving_box.isVisibleTo(form)
    assert all(
        form._labels[k].isVisibleTo(form) for k in TRAINING_ROWS if k not in ("virtual_stages", "global_batch_tokens")
    )
    _serve(window, qtbot)
    assert form.serving_box.isVisibleTo(form)
    for key in TRAINING_ROWS:
        assert not getattr(form, f"_field_{key}").isVisibleTo(form), key
        assert not form._labels[key].isVisibleTo(form), key
    assert not form.total_tokens.isVisibleTo(form)
    assert form._labels["cp"].isVisibleTo(form.advanced_box) and form._labels["ep"].isVisibleTo(form.advanced_box)
    wait_recompute(qtbot, window, lambda: form.task_combo.setCurrentIndex(form.task_combo.findData("mixed")))
    assert form.serving_box.isVisibleTo(form) and form._labels["tokens"].isVisibleTo(form)  # mixed: both


def test_the_advanced_fold_is_closed_until_opened_or_a_plan_sets_it(window, qtbot):
    form = window.form
    assert not form.advanced_box.isVisibleTo(form) and not form.advanced_button.isChecked()
    form.advanced_button.click()
    assert form.advanced_box.isVisibleTo(form)
    form.advanced_button.click()
    plan_job = window.plan.job.model_copy(update={"cp": 2})
    form.set_values(plan_job, window.plan.constraints, emit=False)
    assert form.advanced_box.isVisibleTo(form) and form.cp_spin.value() == 2
    assert form.advanced_button.text().endswith("(set)")


def test_engine_inputs_reach_the_job_and_undo_restores_them(window, qtbot):
    form = window.form
    combo = form.framework_combo  # context parallelism needs a stack that does it (not Hugging Face's)
    wait_recompute(qtbot, window, lambda: combo.setCurrentIndex(combo.findData("fsdp2")))
    form.advanced_button.click()
    wait_recompute(qtbot, window, lambda: form.virtual_stages_spin.setValue(2))
    wait_recompute(qtbot, window, lambda: form.cp_spin.setValue(2))
    wait_recompute(qtbot, window, lambda: form.batch_edit.setText("4M"))
    job = window.plan.job
    assert (job.virtual_stages, job.cp, job.global_batch_tokens) == (2, 2, 4_000_000)
    assert not form.accum_spin.isEnabled()  # the global batch sets the accumulation
    assert window.plan_choice() is not None and window.plan_choice().memory.fits
    for expected in (None, 1):  # the batch back to automatic, then CP back to 1
        with qtbot.waitSignal(window.recomputed, timeout=20000):
            window.actions_by_name["undo"].trigger()
        if expected is None:  # a fine-tune with accumulation 1 and no batch typed: no global batch
            assert form.batch_edit.text() == "" and window.plan.job.global_batch_tokens is None
            assert form.accum_spin.isEnabled()
        else:
            assert form.cp_spin.value() == 1 and window.plan.job.cp == 1
    assert window.plan.job.virtual_stages == 2


def test_engine_inputs_are_checked_beside_their_field(window, qtbot):
    form = window.form
    form.advanced_button.click()
    wait_recompute(qtbot, window, lambda: form.ep_spin.setValue(4))  # Llama 2 7B is dense: no experts to split
    error = form._error_labels["ep"]
    assert error.isVisible() and "mixture-of-experts" in error.text()
    assert window.plan.job.ep == 1  # the last valid value is used until corrected
    assert "Expert parallel" in window.overview.advice_label.text()
    wait_recompute(qtbot, window, lambda: form.batch_edit.setText("lots"))
    assert form._error_labels["global_batch_tokens"].isVisible()
    assert "not a number" in form._error_labels["global_batch_tokens"].text()
    wait_recompute(qtbot, window, lambda: form.batch_edit.setText("1e13"))  # beyond core's range (2^40)
    assert "out of range" in form._error_labels["global_batch_tokens"].text()
    wait_recompute(qtbot, window, lambda: form.batch_edit.clear())
    combo = form.model_combo
    wait_recompute(qtbot, window, lambda: combo.setCurrentIndex(combo.findData("mixtral-8x7b")))  # 8 experts
    assert not error.isVisible() and window.plan.job.ep == 4
    wait_recompute(qtbot, window, lambda: form.ep_spin.setValue(3))
    assert error.isVisible() and "does not divide the model's 8 experts" in error.text()
    assert form.ep_spin.maximum() == 1 << 16 and form.cp_spin.maximum() == 1024  # core.limits.RANGES


def test_engine_inputs_in_chinese(window, qtbot):
    from gpudesk.ui.i18n import language_manager

    language_manager().set_language("zh_CN")
    form = window.form
    assert form._labels["virtual_stages"].text() == "虚拟流水线阶段"
    assert form._labels["ep"].text() == "专家并行"
    assert form.advanced_button.text().startswith("高级")
