"""`gpudesk recommend`: the JSON contract, the table, and one-line errors with exit status 2."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gpudesk.cli import run_cli

FIXTURES = Path(__file__).resolve().parent.parent / "core" / "fixtures"


def cli(capsys, *args):
    code = run_cli(["recommend", *args])
    out, err = capsys.readouterr()
    return code, out, err


def cli_json(capsys, *args):
    code, out, err = cli(capsys, *args, "--json")
    assert code == 0, err
    return json.loads(out)


def test_json_contract(capsys):
    d = cli_json(capsys, "--model-config", str(FIXTURES / "llama-2-7b.json"), "--task", "full", "--top", "5")
    assert set(d) >= {"options", "rejected", "searched"}
    assert 0 < len(d["options"]) <= 5 and d["searched"] > 100
    assert isinstance(d["rejected"], dict) and all(isinstance(v, int) for v in d["rejected"].values())
    o = d["options"][0]
    for key in ("gpu", "gpus", "offer", "layout", "memory", "time", "cost", "tier", "pareto", "advice"):
        assert key in o
    assert set(o["layout"]) == {"tp", "pp", "dp", "zero", "offload", "recompute", "micro_batch"}
    assert set(o["memory"]["per_gpu_bytes"]) == {
        "weights",
        "gradients",
        "optimizer_states",
        "activations",
        "kv_cache",
        "overhead",
        "total",
    }
    assert {"hours", "tokens_per_second", "scaling_efficiency"} <= set(o["time"])
    assert {"currency", "price_per_gpu_hour", "compute_cost", "with_trial_margin"} <= set(o["cost"])
    assert o["tier"] in ("entry", "advanced", "flagship", "multi-node")
    for a in o["advice"]:
        assert set(a) == {"id", "severity", "message", "params"}
    assert [x["rank"] for x in d["options"]] == list(range(1, len(d["options"]) + 1))


def test_table(capsys):
    code, out, err = cli(capsys, "--model-config", str(FIXTURES / "gpt2.json"), "--task", "full", "--top", "3")
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0].split()[0] in ("rank", "排名")
    assert len([ln for ln in lines[1:4] if ln.strip()]) == 3
    assert "searched" in out or "搜索" in out


@pytest.mark.parametrize(
    "args, words",
    [
        (["--objective", "deadline"], "deadline-hours"),
        (["--objective", "budget"], "--budget"),
        (["--gpu-allow", "no-such-gpu"], "no-such-gpu"),
        (["--provider", "no-such-provider"], "no-such-provider"),
        (["--region", "Atlantis"], "Atlantis"),
    ],
)
def test_bad_input_one_line_exit_2(capsys, args, words):
    code, out, err = cli(capsys, "--model-config", str(FIXTURES / "gpt2.json"), *args)
    assert code == 2
    assert words in err and len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_fits_nowhere_exit_2(capsys):
    code, out, err = cli(capsys, "--params", "2e12", "--task", "full", "--max-gpus", "8")
    assert code == 2 and "fits nowhere" in err and "--max-gpus" in err and "LoRA" in err
    assert "host RAM" in err  # 2T parameters: only offload would fit, and its states exceed any node's RAM


def test_allowed_and_excluded(capsys):
    code, _, err = cli(
        capsys,
        "--model-config",
        str(FIXTURES / "gpt2.json"),
        "--gpu-allow",
        "a100-sxm-80gb",
        "--gpu-exclude",
        "a100-sxm-80gb",
    )
    assert code == 2 and "both allowed and excluded" in err


def test_deadline_and_budget(capsys):
    base = ["--model-config", str(FIXTURES / "llama-2-7b.json"), "--task", "full", "--tokens", "1e10", "--top", "50"]
    d = cli_json(capsys, *base, "--objective", "deadline", "--deadline-hours", "24")
    assert d["options"] and all(o["time"]["hours"] * 1.3 <= 24 for o in d["options"])
    assert d["rejected"].get("misses_deadline", 0) > 0
    b = cli_json(capsys, *base, "--objective", "budget", "--budget", "20000", "--billing", "hourly")
    priced = [o for o in b["options"] if o["cost"]["with_trial_margin"] is not None]
    assert priced and all(o["cost"]["with_trial_margin"] <= 20000 for o in priced)
    hours = [o["time"]["hours"] for o in b["options"]]
    assert hours == sorted(hours)  # fastest first within the budget


def test_provider_and_gpu_filters(capsys):
    d = cli_json(
        capsys, "--model-config", str(FIXTURES / "gpt2.json"), "--gpu-allow", "rtx-4090", "l40s", "--top", "100"
    )
    assert {o["gpu"] for o in d["options"]} <= {"rtx-4090", "l40s"}
    assert d["rejected"].get("gpu_filtered", 0) > 0
    d = cli_json(capsys, "--model-config", str(FIXTURES / "gpt2.json"), "--max-gpus", "4", "--top", "500")
    assert max(o["gpus"] for o in d["options"]) <= 4


def test_lang(capsys):
    d = cli_json(
        capsys, "--model-config", str(FIXTURES / "llama-2-7b.json"), "--task", "full", "--top", "50", "--lang", "zh_CN"
    )
    messages = [a["message"] for o in d["options"] for a in o["advice"]] + d["notes"]
    assert messages and all(any("\u4e00" <= ch <= "\u9fff" for ch in m) for m in messages)
    from gpudesk.core.i18n import _current

    assert _current is None  # the command's language does not leak into the process
