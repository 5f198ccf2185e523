"""Absurd numbers: every numeric option has a range (gpudesk.core.limits), refused beyond it at once."""

import math

import pytest

from gpudesk.core.limits import RANGES
from gpudesk.core.models import Constraints, Job, Layout
from gpudesk.errors import GpudeskError

from .helpers import cli, refused, strict_json

ESTIMATE = ["estimate", "--model", "gpt2"]


@pytest.mark.parametrize(
    "option",
    [
        "--params",
        "--overhead-gb",
        "--micro-batch",
        "--concurrency",
        "--tokens",
        "--seq-len",
        "--grad-accum",
        "--lora-rank",
        "--serving-context",
        "--mfu",
        "--price-per-gpu-hour",
        "--headroom",
        "--gpus",
        "--tp",
        "--pp",
        "--price-per-gpu-month",
    ],
)
@pytest.mark.parametrize("value", ["1e300", "1.7e308", "inf", "nan", "-1"])
def test_estimate_option_out_of_range(capsys, option, value):
    base = ["estimate"] if option == "--params" else ESTIMATE
    err = refused(capsys, *base, option, value)
    assert option in err


@pytest.mark.parametrize(
    "option", ["--budget", "--deadline-hours", "--max-gpus", "--top", "--gpus", "--micro-batch", "--tokens"]
)
def test_recommend_and_plan_new_options_out_of_range(capsys, tmp_path, option):
    refused(capsys, "recommend", "--model", "gpt2", option, "1e300")
    out = tmp_path / "p.gpudesk"
    refused(capsys, "plan", "new", "--model", "gpt2", option, "1e300", "-o", out)
    assert not out.exists()  # nothing written: every later command would choke on it


def test_largest_allowed_values_give_finite_json(capsys):
    """At the top of every range the estimate is finite: no Infinity or NaN reaches JSON."""
    rc, out, err = cli(
        capsys,
        "estimate",
        "--params",
        "1e14",
        "--tokens",
        "1e16",
        "--micro-batch",
        "65536",
        "--seq-len",
        "134217728",
        "--grad-accum",
        "1048576",
        "--price-per-gpu-hour",
        "100000",
        "--price-per-gpu-month",
        "1e8",
        "--gpus",
        "131072",
        "--json",
    )
    assert rc == 0, err
    doc = strict_json(out)
    assert doc["time"]["hours"] > 0 and math.isfinite(doc["cost"]["with_trial_margin"])


def test_inference_at_the_top_of_the_ranges(capsys):
    rc, out, err = cli(
        capsys,
        "estimate",
        "--model",
        "llama-2-7b",
        "--task",
        "inference",
        "--concurrency",
        "1048576",
        "--serving-context",
        "134217728",
        "--json",
    )
    assert rc == 0, err
    strict_json(out)


def test_empty_gpu_id_refused(capsys):
    assert "--gpu" in refused(capsys, *ESTIMATE, "--gpu", "")
    assert "--gpu" in refused(capsys, *ESTIMATE, "--gpu", "  ")


@pytest.mark.parametrize("what", ["", " ", "!!!"])
def test_catalog_show_empty_id_refused(capsys, what):
    refused(capsys, "catalog", "show", what)


def test_models_share_the_ranges():
    """Plan files and the GUI build these models: the same bounds apply there."""
    gpt2 = {"hidden_size": 768, "num_layers": 12, "num_heads": 12, "vocab_size": 50257}
    for field, bad in [
        ("micro_batch", 1e300),
        ("tokens", math.inf),
        ("tokens", 1e17),
        ("seq_len", 0),
        ("headroom", 0.95),
        ("concurrency", 2**21),
        ("overhead_bytes", 2e12),
    ]:
        with pytest.raises(ValueError):
            Job.model_validate({"model": gpt2, field: bad})
    with pytest.raises(ValueError):
        Layout(gpus=2**18)
    with pytest.raises(ValueError):
        Constraints(budget=math.nan)
    with pytest.raises(ValueError):
        Job.model_validate({"model": {**gpt2, "hidden_size": 2**21}})


def test_range_messages_name_the_limits():
    with pytest.raises(GpudeskError, match="65,536"):
        RANGES["micro_batch"].check(1e300, "micro-batch")
    assert RANGES["micro_batch"].check(8.0, "x") == 8 and isinstance(RANGES["micro_batch"].check(8.0, "x"), int)
