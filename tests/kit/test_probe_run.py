"""run.sh itself: on this machine (no GPU, no PyTorch), with a stand-in nvidia-smi printing the
recorded 8× A100 outputs, and without Python; the probe's code stays runnable on Python 3.6."""

import ast
import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest
from _kit_fixtures import FAKE_BIN, FIX

from gpudesk.core.kit import apply, probe
from gpudesk.core.kit.generate import write_kit
from gpudesk.core.kit.results import load_results
from gpudesk.core.plan import plan_document, plan_from_dict

HOSTILE = "$(touch {m}) `touch {m}` ; touch {m} \"; touch {m}; echo \" '; touch {m}; '"


def _run(kit: Path, cwd: Path, *args, path="/usr/bin:/bin", extra=None, timeout=300):
    env = {"PATH": path, "HOME": str(cwd), "LANG": "C.UTF-8", **(extra or {})}
    return subprocess.run(
        ["/bin/bash", str(kit / "run.sh"), *args], cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout
    )


@pytest.fixture(scope="module")
def hostile_kit(plans, tmp_path_factory):
    tmp = tmp_path_factory.mktemp("kit-run")
    marker = tmp / "PWNED"
    plan = plan_from_dict(plan_document(plans["a100x4"]))
    plan.title = HOSTILE.format(m=marker)
    folder, _ = write_kit(plan, tmp / "kit", "en")
    return plan, folder, marker, tmp


def test_here_without_gpu(hostile_kit):
    plan, kit, marker, tmp = hostile_kit
    work = tmp / "server"
    work.mkdir()
    r = _run(kit, work, "--quick")
    out = r.stdout + r.stderr
    assert "nvidia-smi not found: no NVIDIA GPU driver here; every GPU check is skipped." in out
    assert "No GPU found: nvidia-smi is not installed or not on PATH" in out
    assert "PyTorch not installed" in out or "PyTorch cannot use CUDA" in out
    assert "[ 1/15]" in out and "[15/15]" in out  # a line per check, with progress
    assert r.returncode == 1  # the GPU inventory failed; the run still finished
    assert not marker.exists()  # the title never reached a shell
    doc, _ = load_results(work / "gpudesk-results.json", plan)  # valid, and this plan's
    assert doc["complete"] is True and doc["plan"]["title"] == plan.title
    statuses = {c["id"]: c["status"] for c in doc["checks"]}
    assert statuses["gpu-inventory"] == "fail" and statuses["driver-branch"] == "skipped"
    assert statuses["storage-iops"] in ("pass", "fail", "info") and statuses["host-ram"] in ("pass", "fail")
    assert {m["what"] for m in doc["missing"]} >= {"nvidia-smi", "torch"}
    assert not any(p.name.startswith(".gpudesk-kit-io") for p in work.iterdir())  # storage test cleaned up
    report = apply.import_results(plan_from_dict(plan_document(plan)), work / "gpudesk-results.json")
    assert {a["item"] for a in report["applied"]} >= {"gpu-inventory", "host-ram", "cpu-as-ordered", "storage-iops"}


def test_with_recorded_nvidia_smi(plans, tmp_path):
    plan = plan_from_dict(plan_document(plans["a100x16"]))  # 8 GPUs per node, like the recorded machine
    kit, _ = write_kit(plan, tmp_path / "kit", "zh_CN")
    work = tmp_path / "srv"
    work.mkdir()
    r = _run(
        kit,
        work,
        "--skip-storage",
        path=f"{FAKE_BIN}:/usr/bin:/bin",
        extra={"FAKE_SMI_DIR": str(FIX), "FAKE_SMI_SET": "a100x8", "FAKE_SMI_TOPO": "topo_a100x8_nvswitch.txt"},
    )
    out = r.stdout
    assert "通过" in out and "未通过" in out and "nvidia-smi 显示全部 GPU 及显存" in out  # the plan's language
    doc, _ = load_results(work / "gpudesk-results.json", plan)
    st = {c["id"]: c["status"] for c in doc["checks"]}
    assert st["gpu-inventory"] == "pass" and st["nvlink-topology"] == "pass"
    assert st["ecc-health"] == "fail" and st["driver-branch"] == "fail"  # GPU 6's pending remap; R535 < 550
    assert st["allreduce-internode"] == "skipped" and st["storage-iops"] == "skipped"
    gpus = doc["inventory"]["gpu"]["gpus"]
    assert len(gpus) == 8 and gpus[6]["remapped_rows"]["pending"] is True  # -q merged into --query-gpu
    assert doc["inventory"]["gpu"]["topology"]["links"]["GPU3"]["GPU4"] == "NV12"
    assert doc["raw"]["nvidia-smi topo -m"].startswith("\tGPU0")


def test_without_python(plans, tmp_path):
    plan = plan_from_dict(plan_document(plans["rtx4090x1"]))
    kit, _ = write_kit(plan, tmp_path / "kit", "en")
    tools = tmp_path / "bin"
    tools.mkdir()
    for name in ("dirname", "head", "tr"):
        os.symlink(shutil.which(name), tools / name)
    work = tmp_path / "srv"
    work.mkdir()
    r = _run(kit, work, path=str(tools))
    assert r.returncode == 2 and "Python 3.6 or newer not found" in r.stderr and "nvidia-smi not found" in r.stderr
    doc, _ = load_results(work / "gpudesk-results.json", plan)
    assert doc["complete"] is False and doc["checks"] == []
    report = apply.import_results(plan, work / "gpudesk-results.json")
    assert report["applied"] == [] and report["warnings"]


def test_probe_help_and_bad_option(hostile_kit):
    _, kit, _, tmp = hostile_kit
    r = _run(kit, tmp, "--help")
    assert r.returncode == 0 and "--burn-in HOURS" in r.stdout and "--storage-dir" in r.stdout
    r = _run(kit, tmp, "--burn-in", "-3")
    assert r.returncode == 2 and "--burn-in wants hours" in r.stderr


def test_slurm_args_are_numbers(plans, tmp_path):
    kit, _ = write_kit(plan_from_dict(plan_document(plans["a100x16"])), tmp_path / "kit", "en")
    r = subprocess.run(
        ["python3", "-B", "-m", "gpudesk_probe", "slurm-args", "--kit", str(kit / "kit.json")],
        env={"PYTHONPATH": str(kit), "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
    )
    assert r.stdout.strip() == "2 8"
    assert (kit / "slurm" / "allreduce.sbatch").exists() and os.access(kit / "slurm" / "submit.sh", os.X_OK)
    sbatch = (kit / "slurm" / "allreduce.sbatch").read_text()
    assert "torchrun" in sbatch and "-m gpudesk_probe internode" in sbatch


def test_probe_source_runs_on_python_36():
    """Servers run their own Python (CentOS 7: 3.6). No 3.7+ syntax, and none of the 3.7+ APIs."""
    folder = probe.kit_source_dir() / probe.PACKAGE
    files = sorted(folder.glob("*.py"))
    assert len(files) >= 10
    for f in files:
        src = f.read_text(encoding="utf-8")
        tree = ast.parse(src, filename=str(f), feature_version=(3, 6))
        for later in (
            "capture_output=",
            "text=True",
            "from __future__ import annotations",
            "asyncio.run(",
            "functools.cache",
            "dataclasses",
            ":=",
        ):
            assert later not in src, f"{f.name} uses {later} (Python 3.7+)"
        for node in ast.walk(tree):  # the standard library only (PyTorch where installed)
            if isinstance(node, ast.Import):
                names = [a.name.split(".")[0] for a in node.names]
            elif isinstance(node, ast.ImportFrom) and not node.level:
                names = [node.module.split(".")[0]]
            else:
                continue
            assert all(n in STDLIB or n == "torch" for n in names), f"{f.name} imports {names}"


STDLIB = {
    "argparse",
    "ast",
    "csv",
    "io",
    "json",
    "os",
    "re",
    "shutil",
    "socket",
    "subprocess",
    "sys",
    "time",
    "datetime",
    "platform",
    "mmap",
    "random",
    "threading",
    "tempfile",
}


def test_python_fallback_storage(tmp_path):
    storage = probe.module("storage")
    r = storage.run_storage(str(tmp_path), 64 * 2**20, 1, progress=None)
    assert r["tool"] in ("python", "fio") and r["read_iops"] > 0 and r["seq_read_bytes_per_s"] > 0
    assert r["seq_write_bytes_per_s"] > 0 and r["size_bytes"] == 64 * 2**20
    assert list(tmp_path.iterdir()) == []  # its files are gone
    full = storage.run_storage(str(tmp_path / "missing"), 64 * 2**20, 1)
    assert full["skipped"][0].startswith("cannot use")


def test_sampler_reads_recorded_samples(monkeypatch):
    monkeypatch.setenv("FAKE_SMI_DIR", str(FIX))
    monkeypatch.setenv("FAKE_SMI_SET", "a100x8")
    burnin = probe.module("burnin")
    s = burnin.Sampler(str(FAKE_BIN / "nvidia-smi"))
    s.sample()
    s.sample()
    out = s.summary()
    assert len(out["gpus"]) == 8 and out["hottest_c"] == 66.0 and out["spread_c"] == 6.0
    assert out["gpus"]["3"]["reasons"] == [] and out["gpus"]["0"]["reasons"] == ["sw_power_cap"]
    assert out["gpus"]["6"]["ecc_uncorrected_first"] == 1 and out["gpus"]["0"]["samples"] == 2
    assert json.dumps(out)  # goes into the results file as it is
