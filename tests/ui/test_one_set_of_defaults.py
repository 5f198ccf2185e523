"""One set of defaults (issue 13 point 3): the GUI form starts from core's defaults, and the same job entered
in the GUI and on the command line gives the same top option."""

import json

import pytest

from gpudesk.cli import run_cli
from gpudesk.core import defaults as D
from gpudesk.core.models import WeightPrecision
from tests.ui.conftest import wait_recompute

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


def _cli_top(capsys, *args):
    assert run_cli(["recommend", *args, "--json"]) == 0
    return json.loads(capsys.readouterr().out)["options"][0]


def _same(gui, cli):
    assert (gui.gpu, gui.gpus, gui.offer) == (cli["gpu"], cli["gpus"], cli["offer"])
    assert gui.cost.with_trial_margin == pytest.approx(cli["cost"]["with_trial_margin"])
    assert gui.layout.model_dump(mode="json") == cli["layout"]


def test_form_starts_from_core_defaults(window):
    form = window.form
    job, constraints = form.job_and_constraints()
    for name in (
        "grad_accum",
        "micro_batch",
        "seq_len",
        "lora_rank",
        "headroom",
        "concurrency",
        "flash_attention",
        "optimizer",
        "precision",
        "recompute",
        "task",
        "service_hours",
        "weight_precision",
        "kv_precision",
    ):
        assert getattr(job, name) == D.job_default(name), name
    assert constraints.max_gpus == D.constraint_default("max_gpus")
    assert constraints.objective == D.constraint_default("objective")
    assert job.model.id == D.STARTING_MODELS[0] and job.tokens == D.STARTING_TOKENS


def test_gui_and_cli_pick_the_same_option_for_llama_2_7b_on_1b_tokens(window, capsys):
    # the case: gradient accumulation 8 in the GUI and 1 in the CLI once gave 4x H800 vs 2x H800
    gui = window.plan_choice()
    cli = _cli_top(capsys, "--model", "llama-2-7b", "--task", "full", "--tokens", "1e9")
    _same(gui, cli)


def test_gui_and_cli_pick_the_same_serving_setup(window, qtbot, capsys):
    form = window.form
    wait_recompute(qtbot, window, lambda: form.task_combo.setCurrentIndex(form.task_combo.findData("inference")))
    wait_recompute(qtbot, window, lambda: form.concurrency_spin.setValue(50))
    gui = window.plan_choice()
    assert gui.serving is not None and gui.serving.cost_per_month is not None
    cli = _cli_top(capsys, "--model", "llama-2-7b", "--task", "inference", "--concurrency", "50")
    _same(gui, cli)
    assert gui.serving.tokens_per_second_per_user == pytest.approx(cli["serving"]["tokens_per_second_per_user"])


def test_serving_inputs_reach_the_job(window, qtbot):
    form = window.form
    assert not form.serving_box.isVisibleTo(form)  # a training job: the serving inputs do not apply
    form.task_combo.setCurrentIndex(form.task_combo.findData("inference"))
    assert form.serving_box.isVisibleTo(form)
    form.weight_combo.setCurrentIndex(form.weight_combo.findData("int4"))
    form.kv_combo.setCurrentIndex(form.kv_combo.findData("fp8"))
    form.service_spin.setValue(3)
    form.context_spin.setValue(4096)
    qtbot.keyClicks(form.target_edit, "25")
    job, _ = form.job_and_constraints()
    assert (job.weight_precision, job.kv_precision) == ("int4", "fp8")
    assert job.service_hours == pytest.approx(3 * D.SERVICE_HOURS) and job.serving_context == 4096
    assert job.target_tokens_per_user == 25
    form.target_edit.clear()
    qtbot.keyClicks(form.target_edit, "fast")
    assert form._error_labels["target_tokens_per_user"].isVisible()
    job, constraints, left_out = form.read()  # a bad target is left out, named, and the rest still answers
    assert job.target_tokens_per_user is None and left_out
    form.set_values(
        job.model_copy(update={"weight_precision": WeightPrecision.INT8, "service_hours": 730.0}), constraints
    )
    assert form.weight_combo.currentData() == "int8" and form.service_spin.value() == pytest.approx(1)
