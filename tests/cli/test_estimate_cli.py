"""`gpudesk estimate`: the option contract, defaults, JSON, table and clean errors."""

import json
from pathlib import Path

import pytest

from gpudesk.cli import run_cli

FIX = Path(__file__).parent.parent / "core" / "fixtures"


def run(capsys, *args):
    rc = run_cli(["estimate", *args])
    out, err = capsys.readouterr()
    return rc, out, err


def est(capsys, *args):
    rc, out, err = run(capsys, *args, "--json")
    assert rc == 0, err
    return json.loads(out)


def test_defaults(capsys):
    j = est(capsys, "--params", "7e9")
    assert j["memory"]["gpu_capacity_bytes"] == 80_000_000_000  # an 80 GB data-centre GPU by default
    assert j["memory"]["quick_estimate_bytes"] == 140_000_000_000
    assert j["time"]["hours"] is None and j["cost"]["compute_cost"] is None  # no --tokens, no price
    assert j["memory"]["per_gpu_bytes"]["optimizer_states"] == 84_000_000_000  # full, adamw, zero 0


def test_seq_len_capped_at_model_max(capsys):
    capped = est(capsys, "--model-config", str(FIX / "gpt2.json"))  # n_positions 1024
    explicit = est(capsys, "--model-config", str(FIX / "gpt2.json"), "--seq-len", "1024")
    assert capped["memory"]["per_gpu_bytes"] == explicit["memory"]["per_gpu_bytes"]


def test_full_option_set(capsys):
    j = est(
        capsys,
        "--model-config",
        str(FIX / "llama-3-8b.json"),
        "--task",
        "lora",
        "--precision",
        "bf16",
        "--optimizer",
        "adamw-8bit",
        "--gpu",
        "a100-sxm-80gb",
        "--gpus",
        "8",
        "--tp",
        "2",
        "--pp",
        "2",
        "--zero",
        "1",
        "--offload",
        "none",
        "--micro-batch",
        "2",
        "--seq-len",
        "4096",
        "--grad-accum",
        "4",
        "--recompute",
        "selective",
        "--no-flash-attention",
        "--lora-rank",
        "8",
        "--tokens",
        "1e9",
        "--concurrency",
        "4",
        "--mfu",
        "0.3",
        "--price-per-gpu-hour",
        "12.5",
        "--lang",
        "en",
    )
    assert j["time"]["mfu"] == 0.3 and j["cost"]["price_per_gpu_hour"] == 12.5
    assert j["params"]["trainable"] == 32 * 8 * (2 * 8192 + 2 * 5120)  # r=8 on q, k, v, o (GQA k, v)


def test_model_preset(capsys):
    j = est(capsys, "--model", "llama-2-7b", "--task", "inference")
    assert j["memory"]["per_gpu_bytes"]["weights"] == 2 * 6_738_415_616


def test_table(capsys):
    rc, out, _ = run(
        capsys,
        "--params",
        "7e9",
        "--gpus",
        "8",
        "--zero",
        "3",
        "--tokens",
        "1e9",
        "--price-per-gpu-hour",
        "10",
        "--lang",
        "en",
    )
    assert rc == 0 and "optimizer states" in out and "GPU-hours" in out and "notes:" in out


@pytest.mark.parametrize(
    "args, words",
    [
        (["--model", "no-such-model-xyz"], "no-such-model-xyz"),
        (["--model-config", str(FIX / "broken-config.json")], "broken-config.json"),
        (["--model-config", "/nonexistent/config.json"], "not found"),
        (["--params", "7e9", "--gpus", "8", "--tp", "3"], "does not divide"),
        (["--params", "-5"], "--params"),
        (["--params", "7e9", "--micro-batch", "-1"], "--micro-batch"),
        (["--params", "7e9", "--gpu", "no-such-gpu-xyz"], "no-such-gpu-xyz"),
        (["--params", "7e9", "--mfu", "1.5"], "--mfu"),
        (["--task", "full"], "--params"),
        (["--params", "7e9", "--task", "lora", "--lora-targets", "bogus"], "bogus"),
    ],
)
def test_bad_input_exits_2_with_one_line(capsys, args, words):
    try:
        rc = run_cli(["estimate", *args, "--json"])
    except SystemExit as exc:  # argparse errors exit from inside the parser
        rc = exc.code
    out, err = capsys.readouterr()
    assert rc == 2
    text = (out + err).strip()
    assert words in text and "Traceback" not in text and len(text.splitlines()) == 1


def test_mixed_task_and_chinese_notes(capsys):
    j = est(capsys, "--params", "7e9", "--task", "mixed", "--concurrency", "16", "--lang", "zh_CN")
    d = j["memory"]["details"]
    # training holds 16 B/param of model states (112 GB for 7B) before activations; serving holds the 16-bit
    # weights (14 GB) and 16 sequences' KV cache (2 · 32 layers · 4096 · 2 B · 2048 · 16 = 17.2 GB): training is larger
    assert d["sized_by"] == "training"
    assert d["training_total_bytes"] > 112e9 > 14e9 + 17.2e9 + 5e9 > d["serving_total_bytes"] > 14e9 + 17.1e9
    assert j["memory"]["per_gpu_bytes"]["total"] == d["training_total_bytes"]
    assert any("混合任务" in n for n in j["notes"])


def test_monthly_break_even(capsys):
    short = est(
        capsys, "--params", "7e9", "--tokens", "1e9", "--price-per-gpu-hour", "10", "--price-per-gpu-month", "3000"
    )
    assert short["cost"]["break_even_hours"] == 300.0  # 3000 / 10
    # 6 · 7e9 · 1e9 = 4.2e19 FLOPs at 312 TFLOPS × 45 % MFU: about 83 h (88 h with attention); by the hour
    # with the 30 % margin ~1,150 CNY against one month (3,000 CNY): hourly is cheaper
    assert 80 < short["time"]["hours"] < 95 and short["cost"]["monthly_cost"] == 3000.0
    assert short["cost"]["cheaper_billing"] == "hourly"
    # ten times the tokens: ~880 h, ×1.3 = ~1,150 h of rental = 2 months (6,000 CNY) against ~11,500 by the hour
    long = est(
        capsys, "--params", "7e9", "--tokens", "1e10", "--price-per-gpu-hour", "10", "--price-per-gpu-month", "3000"
    )
    assert long["cost"]["monthly_cost"] == 6000.0 and long["cost"]["cheaper_billing"] == "monthly"
