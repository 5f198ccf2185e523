"""The whole estimate and its JSON contract."""

from pathlib import Path

import pytest

from engine_gpus import A100_SXM, V100

from gpudesk.core.engine.architecture import from_config_file
from gpudesk.core.engine.estimate import estimate, estimate_json
from gpudesk.core.i18n import use_language
from gpudesk.core.models import Cluster, Job, Layout

FIX = Path(__file__).parent / "fixtures"
L7 = from_config_file(FIX / "llama-2-7b.json")


def test_json_contract_and_sums():
    est = estimate(Job(model=L7, tokens=1e9, price_per_gpu_hour=10), Layout(gpus=8, zero=3), Cluster(gpu=A100_SXM))
    j = estimate_json(est)
    per = j["memory"]["per_gpu_bytes"]
    parts = ["weights", "gradients", "optimizer_states", "activations", "kv_cache", "overhead"]
    assert all(isinstance(per[k], int) for k in parts + ["total"])
    assert sum(per[k] for k in parts) == per["total"]
    for k in ("gpu_capacity_bytes", "fits", "host_ram_bytes", "quick_estimate_bytes"):
        assert k in j["memory"]
    for k in ("training_flops", "tokens_per_second", "hours", "gpu_hours", "mfu", "scaling_efficiency"):
        assert isinstance(j["time"][k], float)
    assert j["cost"]["currency"] == "CNY"
    assert j["cost"]["with_trial_margin"] == j["cost"]["compute_cost"] * 1.3
    assert j["params"] == {"total": 6_738_415_616, "active": 6_738_415_616, "trainable": 6_738_415_616}
    assert j["notes"] and all(isinstance(n, str) for n in j["notes"])


def test_notes_are_bilingual_and_flag_problems():
    job = Job(model=L7, tokens=1e9)
    with use_language("zh_CN"):
        zh = estimate(job, Layout(), Cluster(gpu=V100)).notes
    with use_language("en"):
        en = estimate(job, Layout(), Cluster(gpu=V100)).notes
    assert any("装不下" in n for n in zh) and any("does not fit" in n for n in en)
    assert any("Transformer" in n and "V100" in n for n in en)  # old cards: cheap but slow


def test_offload_and_cross_node_tp_notes():
    with use_language("en"):
        notes = estimate(
            Job(model=L7), Layout(gpus=16, tp=16, offload="optimizer", zero=1), Cluster(gpu=A100_SXM, gpus_per_node=8)
        ).notes
    assert any("host RAM" in n for n in notes)
    assert any("spans more than one node" in n for n in notes)


# --- the guide's worked examples ------------------------------------------------------------------

from gpudesk.core.engine.memory import memory_estimate  # noqa: E402
from gpudesk.core.engine.timing import time_estimate  # noqa: E402

L13 = from_config_file(FIX / "llama-2-13b.json")
GB80, GB40, GB24 = 80 * 10**9, 40 * 10**9, 24 * 10**9


def test_guide_small_transformers_fit_one_24gb_card():
    # "BERT, GPT-2 domain adaptation, LoRA: 10-24 GB, one RTX 4090"
    for name, mb, seq in (("gpt2.json", 8, 1024), ("bert-large-uncased.json", 16, 512)):
        m = memory_estimate(Job(model=from_config_file(FIX / name), micro_batch=mb, seq_len=seq), Layout(), GB24)
        assert m.fits and 10e9 <= m.per_gpu_bytes.total <= 24e9


def test_guide_7b_full_training():
    # "7B needs ~140 GB: 2x A100 80G barely, 4x leave room for activations"; one card needs > 60 GB
    one = memory_estimate(Job(model=L7), Layout(), GB80)
    two = memory_estimate(Job(model=L7), Layout(gpus=2, zero=3), GB80)
    four = memory_estimate(Job(model=L7), Layout(gpus=4, zero=3), GB80)
    assert not one.fits and one.per_gpu_bytes.total > 60e9
    assert two.fits and two.per_gpu_bytes.total > 0.9 * two.usable_bytes  # barely
    assert four.per_gpu_bytes.total < 0.65 * four.usable_bytes  # comfortable


def test_guide_13b_on_4x_a100_80g_or_8x_a100_40g():
    job = Job(model=L13, recompute="full")
    assert memory_estimate(job, Layout(gpus=4, zero=3), GB80).fits
    assert memory_estimate(job, Layout(gpus=8, zero=3), GB40).fits
    assert not memory_estimate(job, Layout(), GB80).fits


def test_guide_old_cards_cost_several_times_the_time():
    job = Job(model=L7, tokens=1e9)
    a100 = time_estimate(job, Layout(), Cluster(gpu=A100_SXM)).hours
    v100 = time_estimate(job, Layout(), Cluster(gpu=V100)).hours
    assert v100 / a100 > 3


# --- properties over many jobs ----------------------------------------------------------------------

from hypothesis import assume, given, settings  # noqa: E402

from gpudesk.core.engine.layout_rules import tp_problem  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

MODELS = [
    from_config_file(FIX / n)
    for n in ("gpt2.json", "llama-3-8b.json", "mixtral-8x7b.json", "clip-vit-base-patch32.json", "falcon-7b.json")
]


@settings(max_examples=150, deadline=None)
@given(
    model=st.sampled_from(MODELS),
    task=st.sampled_from(["pretrain", "full", "lora", "qlora", "inference", "mixed"]),
    precision=st.sampled_from(["fp32", "bf16", "fp16", "fp8"]),
    optimizer=st.sampled_from(["adamw", "adamw-8bit", "sgd", "adafactor"]),
    recompute=st.sampled_from(["none", "selective", "full"]),
    flash=st.booleans(),
    mb=st.integers(1, 16),
    seq=st.sampled_from([128, 512, 2048]),
    accum=st.integers(1, 8),
    nodes=st.integers(0, 3),
    tp=st.sampled_from([1, 2, 4]),
    pp=st.sampled_from([1, 2]),
    zero=st.integers(0, 3),
    offload=st.sampled_from(["none", "optimizer", "optimizer+params"]),
)
def test_any_job_sums_and_stays_sane(
    model, task, precision, optimizer, recompute, flash, mb, seq, accum, nodes, tp, pp, zero, offload
):
    gpus = tp * pp * 2**nodes
    assume(tp_problem(model, tp) is None)  # falcon-7b's 71 heads split no way (tested in test_layout_rules)
    job = Job(
        model=model,
        task=task,
        precision=precision,
        optimizer=optimizer,
        recompute=recompute,
        flash_attention=flash,
        micro_batch=mb,
        seq_len=seq,
        grad_accum=accum,
        tokens=1e9,
        price_per_gpu_hour=5,
    )
    est = estimate(job, Layout(gpus=gpus, tp=tp, pp=pp, zero=zero, offload=offload), Cluster(gpu=A100_SXM))
    j = estimate_json(est)
    per = j["memory"]["per_gpu_bytes"]
    assert all(v >= 0 for v in per.values())
    assert sum(v for k, v in per.items() if k != "total") == per["total"]
    assert j["memory"]["fits"] == (per["total"] <= j["memory"]["usable_bytes"])
    assert 0 < j["time"]["scaling_efficiency"] <= 1 and j["time"]["hours"] > 0
    if task == "inference":  # a service: its period priced with no trial margin
        assert j["cost"]["with_trial_margin"] == j["cost"]["compute_cost"] > 0
        assert j["serving"]["cost_per_month"] == pytest.approx(5 * gpus * 730)
    else:
        assert j["cost"]["with_trial_margin"] > j["cost"]["compute_cost"] > 0
        assert (j["serving"] is not None) == (task == "mixed")


@settings(max_examples=40, deadline=None)
@given(model=st.sampled_from(MODELS), n=st.sampled_from([2, 4, 8, 16, 32]))
def test_zero3_memory_shrinks_with_more_gpus(model, n):
    job = Job(model=model)
    fewer = memory_estimate(job, Layout(gpus=n, zero=3), GB80).per_gpu_bytes
    more = memory_estimate(job, Layout(gpus=2 * n, zero=3), GB80).per_gpu_bytes
    assert more.total <= fewer.total and more.activations == fewer.activations
