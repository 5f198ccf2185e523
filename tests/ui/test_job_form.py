"""The job form: typed values become core's Job and Constraints; bad input is named beside its field."""

import json

import pytest
from PySide6.QtCore import Qt

from gpudesk.errors import GpudeskError
from gpudesk.ui.widgets.job_form import CUSTOM, JobForm

LLAMA_2_7B = {  # meta-llama/Llama-2-7b-hf config.json (the fields the importer reads)
    "architectures": ["LlamaForCausalLM"],
    "model_type": "llama",
    "hidden_size": 4096,
    "intermediate_size": 11008,
    "num_attention_heads": 32,
    "num_hidden_layers": 32,
    "num_key_value_heads": 32,
    "vocab_size": 32000,
    "max_position_embeddings": 4096,
    "rms_norm_eps": 1e-05,
    "tie_word_embeddings": False,
    "torch_dtype": "float16",
}


@pytest.fixture
def form(qtbot):
    from gpudesk.catalog import open_catalog

    cat = open_catalog()
    widget = JobForm()
    qtbot.addWidget(widget)
    widget.set_catalog(cat.models(), cat.providers(), ["华东"])
    widget.show()
    return widget


def test_defaults_describe_a_7b_full_fine_tune(form):
    job, constraints = form.job_and_constraints()
    assert job.model.id == "llama-2-7b"
    assert job.task.value == "full" and job.precision.value == "bf16"
    assert job.tokens == pytest.approx(1e9)
    assert job.headroom == pytest.approx(0.10)
    assert constraints.objective.value == "cheapest" and constraints.budget is None


def test_presets_are_grouped_by_task_class_with_headers(form):
    combo = form.model_combo
    headers = [combo.itemText(i) for i in range(combo.count()) if combo.itemData(i, Qt.UserRole + 1) == "header"]
    assert headers[0] == "Small Transformer fine-tuning"
    assert "7B–13B LLM full-parameter training" in headers
    combo.setCurrentIndex(combo.findData("llama-2-13b"))
    job, _ = form.job_and_constraints()
    assert job.model.id == "llama-2-13b" and job.model.hidden_size == 5120


def test_bad_parameter_count_is_named_beside_the_field(form, qtbot):
    form.model_combo.setCurrentIndex(form.model_combo.findData(CUSTOM))
    form.params_edit.clear()
    qtbot.keyClicks(form.params_edit, "seven")
    error = form._error_labels["params"]
    assert error.isVisible() and "not a number" in error.text()
    with pytest.raises(GpudeskError, match="Parameters"):
        form.job_and_constraints()
    form.params_edit.clear()
    qtbot.keyClicks(form.params_edit, "7B")
    assert not error.isVisible()
    job, _ = form.job_and_constraints()
    assert job.model.params_hint == 7_000_000_000


def test_dataset_tokens_times_epochs(form, qtbot):
    form.tokens_edit.clear()
    qtbot.keyClicks(form.tokens_edit, "2B")
    form.epochs_spin.setValue(3)
    job, _ = form.job_and_constraints()
    assert job.tokens == pytest.approx(6e9)
    assert "6,000,000,000" in form.total_tokens.text()


def test_budget_objective_requires_a_budget(form, qtbot):
    form.objective_combo.setCurrentIndex(form.objective_combo.findData("budget"))
    assert form._error_labels["budget"].text() == "required"
    qtbot.keyClicks(form.budget_edit, "50000")
    _, constraints = form.job_and_constraints()
    assert constraints.budget == 50000 and constraints.objective.value == "budget"
    qtbot.keyClicks(form.deadline_edit, "-3")
    assert (
        "must be more than zero" in form._error_labels["deadline"].text()
        or "not a number" in form._error_labels["deadline"].text()
    )


def test_lora_rank_only_for_adapter_tasks(form):
    assert not form.lora_spin.isVisibleTo(form) and not form._labels["lora_rank"].isVisibleTo(form)
    form.task_combo.setCurrentIndex(form.task_combo.findData("lora"))
    assert form.lora_spin.isVisibleTo(form) and form._labels["lora_rank"].isVisibleTo(form)
    form.lora_spin.setValue(64)
    job, _ = form.job_and_constraints()
    assert job.task.value == "lora" and job.lora_rank == 64


def test_import_config_json(form, tmp_path):
    path = tmp_path / "Llama-2-7b-hf" / "config.json"
    path.parent.mkdir()
    path.write_text(json.dumps(LLAMA_2_7B))
    arch = form.import_config(path)
    job, _ = form.job_and_constraints()
    assert job.model == arch
    assert (arch.hidden_size, arch.num_layers, arch.intermediate_size) == (4096, 32, 11008)
    assert "Llama-2-7b-hf" in form.model_combo.currentText()


def test_broken_config_json_names_the_problem(form, tmp_path):
    path = tmp_path / "config.json"
    path.write_text("{not json")
    with pytest.raises(GpudeskError, match="not valid JSON"):
        form.import_config(path)


def test_set_values_round_trip_keeps_fields_the_form_does_not_show(form):
    job, constraints = form.job_and_constraints()
    job = job.model_copy(update={"seq_len": 4096, "mfu": 0.45})
    constraints = constraints.model_copy(update={"gpu_allow": ["a100-sxm-80gb"], "deadline_hours": 72.0})
    form.set_values(job, constraints)
    again, again_c = form.job_and_constraints()
    assert again.seq_len == 4096 and again.mfu == 0.45
    assert again_c.gpu_allow == ["a100-sxm-80gb"] and again_c.deadline_hours == pytest.approx(72.0)
    assert form.deadline_edit.text() == "3"
