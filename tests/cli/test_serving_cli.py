"""Serving from the command line: the `serving` block of `estimate --json`, the serving options, and
`--target-tokens-per-user` in `recommend` (issue 13)."""

import json

import pytest

from gpudesk.cli import run_cli

SERVING_KEYS = {
    "tokens_per_second",
    "tokens_per_second_per_user",
    "time_to_first_token_seconds",
    "period_hours",
    "cost_per_month",
    "cost_per_million_tokens",
}


def run(capsys, *args):
    rc = run_cli(list(args))
    out, err = capsys.readouterr()
    return rc, out, err


def js(capsys, *args):
    rc, out, err = run(capsys, *args, "--json")
    assert rc == 0, err
    return json.loads(out)


def test_fifty_user_7b_service_has_speed_and_cost(capsys):
    j = js(
        capsys,
        "estimate",
        "--model",
        "llama-2-7b",
        "--task",
        "inference",
        "--concurrency",
        "50",
        "--seq-len",
        "2048",
        "--gpu",
        "a100-sxm-80gb",
        "--gpus",
        "1",
        "--price-per-gpu-hour",
        "8",
    )
    s = j["serving"]
    assert SERVING_KEYS <= set(s) and all(s[k] is not None for k in SERVING_KEYS)
    assert s["cost_per_month"] == pytest.approx(8 * 730)  # one GPU for one month (rules.HOURS_PER_MONTH)
    assert s["cost_per_million_tokens"] == pytest.approx(8 / (s["tokens_per_second"] * 3600 / 1e6))
    assert 10 < s["tokens_per_second_per_user"] < 2039e9 / j["memory"]["per_gpu_bytes"]["weights"]


def test_costs_are_null_without_a_price(capsys):
    s = js(capsys, "estimate", "--model", "llama-2-7b", "--task", "inference")["serving"]
    assert s["cost_per_month"] is None and s["cost_per_million_tokens"] is None and s["period_hours"] == 730


def test_training_has_no_serving_block(capsys):
    assert js(capsys, "estimate", "--params", "7e9")["serving"] is None


def test_service_period_and_quantisation_options(capsys):
    base = ["estimate", "--model", "llama-2-7b", "--task", "inference", "--price-per-gpu-hour", "10"]
    s = js(capsys, *base, "--service-months", "3")["serving"]
    assert s["period_hours"] == 3 * 730 and s["cost_per_period"] == pytest.approx(10 * 3 * 730)
    assert js(capsys, *base, "--service-hours", "100")["serving"]["cost_per_period"] == pytest.approx(1000)
    q = js(capsys, *base, "--weight-precision", "int4", "--kv-precision", "fp8")
    assert q["serving"]["weight_precision"] == "int4" and q["serving"]["kv_precision"] == "fp8"
    plain = js(capsys, *base)
    assert q["memory"]["per_gpu_bytes"]["weights"] < plain["memory"]["per_gpu_bytes"]["weights"] / 3


def test_serving_table_shows_a_service_not_a_run(capsys):
    rc, out, _ = run(
        capsys,
        "estimate",
        "--model",
        "llama-2-7b",
        "--task",
        "inference",
        "--concurrency",
        "50",
        "--price-per-gpu-hour",
        "8",
        "--target-tokens-per-user",
        "10",
        "--lang",
        "en",
    )
    assert rc == 0 and "tokens/s per user" in out and "cost per million tokens" in out and "met" in out
    assert "MFU" in out and "training FLOPs" not in out and "trial margin" not in out.split("notes:")[0]


@pytest.mark.parametrize(
    "args",
    [
        ["--service-hours", "0"],
        ["--service-months", "-1"],
        ["--weight-precision", "int3"],
        ["--target-tokens-per-user", "x"],
        ["--service-hours", "5", "--service-months", "1"],
    ],
)
def test_bad_serving_input_is_one_line(capsys, args):
    try:
        rc = run_cli(["estimate", "--params", "7e9", "--task", "inference", *args])
    except SystemExit as exc:
        rc = exc.code
    out, err = capsys.readouterr()
    assert rc == 2 and "Traceback" not in err and len((out + err).strip().splitlines()) == 1


def test_target_speed_keeps_only_setups_that_meet_it(capsys):
    args = ["recommend", "--model", "llama-2-7b", "--task", "inference", "--concurrency", "50", "--top", "50"]
    free = js(capsys, *args)["options"]
    fast = js(capsys, *args, "--target-tokens-per-user", "40")
    assert fast["rejected"].get("below_target_speed", 0) > 0
    speeds = [o["serving"]["tokens_per_second_per_user"] for o in fast["options"]]
    assert speeds and min(speeds) >= 40
    assert min(o["serving"]["tokens_per_second_per_user"] for o in free) < 40  # the filter removed some


def test_unreachable_target_says_so(capsys):
    rc, out, err = run(
        capsys,
        "recommend",
        "--model",
        "llama-2-7b",
        "--task",
        "inference",
        "--concurrency",
        "50",
        "--target-tokens-per-user",
        "5000",
        "--max-gpus",
        "8",
    )
    assert rc == 2 and "5000" in err and "tokens/s per user" in err and len(err.strip().splitlines()) == 1
