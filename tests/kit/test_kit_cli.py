"""`gpudesk kit PLAN -o DIR` and `gpudesk kit import RESULTS --plan PLAN [--json]` (the contract)."""

import hashlib
import json
import stat
import zipfile

import pytest
from _results_doc import healthy_doc, write

from gpudesk.cli import run_cli
from gpudesk.core.kit import probe
from gpudesk.core.plan import load_plan, plan_document, plan_from_dict, save_plan


@pytest.fixture
def plan_file(plans, tmp_path):
    return save_plan(plan_from_dict(plan_document(plans["a100x4"])), tmp_path / "p.gpudesk")


def sha(path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_export_folder_and_zip(plan_file, tmp_path, capsys):
    assert run_cli(["kit", str(plan_file), "-o", str(tmp_path / "kit"), "--json", "--lang", "zh_CN"]) == 0
    j = json.loads(capsys.readouterr().out)
    assert j["lang"] == "zh_CN" and j["zip"].endswith("kit.zip") and len(j["checks"]) == 15
    kit = tmp_path / "kit"
    src = probe.kit_source_dir()
    assert (kit / "run.sh").read_bytes() == (src / "run.sh").read_bytes()  # copied, never generated
    assert stat.S_IMODE((kit / "run.sh").stat().st_mode) == 0o755
    doc = json.loads((kit / "kit.json").read_text(encoding="utf-8"))
    assert doc["format"] == "gpudesk-kit" and doc["plan"]["fingerprint"] == j["fingerprint"]
    assert doc["expect"]["busbw_min_gbps"] == pytest.approx(184.8) and doc["multi_node"] is None
    assert (kit / "kit-fingerprint.txt").read_text().strip() == j["fingerprint"]
    readme = (kit / "README.md").read_text(encoding="utf-8")
    assert readme.startswith("# gpudesk 验收套件") and "节点内 all_reduce 带宽" in readme and "≥ 184 GB/s" in readme
    with zipfile.ZipFile(tmp_path / "kit.zip") as zf:
        names = set(zf.namelist())
        assert {"kit/run.sh", "kit/kit.json", "kit/README.md", "kit/gpudesk_probe/judge.py"} <= names
        assert stat.S_IMODE(zf.getinfo("kit/run.sh").external_attr >> 16) == 0o755
        assert zf.read("kit/kit.json") == (kit / "kit.json").read_bytes()
    assert not (kit / "slurm").exists()  # one node: no SLURM files


def test_the_kit_folder_takes_the_umask_as_plans_and_exports_do(plan_file, tmp_path, capsys):
    # one file-mode rule (gpudesk.fileio): 0666 / 0777 less the umask; under 027 that is 0640, scripts 0750
    import os

    old = os.umask(0o027)
    try:
        assert run_cli(["kit", str(plan_file), "-o", str(tmp_path / "kit")]) == 0
    finally:
        os.umask(old)
    kit = tmp_path / "kit"
    assert stat.S_IMODE((kit / "run.sh").stat().st_mode) == 0o750
    assert stat.S_IMODE((kit / "kit.json").stat().st_mode) == 0o640
    assert stat.S_IMODE(kit.stat().st_mode) == 0o750
    assert stat.S_IMODE((tmp_path / "kit.zip").stat().st_mode) == 0o640


def test_export_refreshes_an_earlier_kit_and_refuses_other_folders(plan_file, tmp_path, capsys):
    kit = tmp_path / "kit"
    assert run_cli(["kit", str(plan_file), "-o", str(kit)]) == 0
    (kit / "gpudesk-results.json").write_text("{}")  # a result the user left there stays
    assert run_cli(["kit", str(plan_file), "-o", str(kit), "--lang", "en"]) == 0
    assert (kit / "gpudesk-results.json").exists() and (kit / "README.md").read_text().startswith(
        "# gpudesk acceptance"
    )
    other = tmp_path / "photos"
    other.mkdir()
    (other / "cat.jpg").write_bytes(b"x")
    capsys.readouterr()
    assert run_cli(["kit", str(plan_file), "-o", str(other)]) == 2
    err = capsys.readouterr().err
    assert "is not empty and holds no gpudesk kit" in err and len(err.strip().splitlines()) == 1
    assert sorted(p.name for p in other.iterdir()) == ["cat.jpg"]


def test_export_needs_a_choice(plan_file, tmp_path, capsys):
    plan = load_plan(plan_file)
    plan.choice = None
    save_plan(plan, plan_file)
    assert run_cli(["kit", str(plan_file), "-o", str(tmp_path / "kit")]) == 2
    assert "no chosen configuration" in capsys.readouterr().err and not (tmp_path / "kit").exists()


def test_multi_node_kit_has_slurm(plans, tmp_path, capsys):
    plan_file = save_plan(plan_from_dict(plan_document(plans["a100x16"])), tmp_path / "p16.gpudesk")
    assert run_cli(["kit", str(plan_file), "-o", str(tmp_path / "kit"), "--lang", "en"]) == 0
    kit = tmp_path / "kit"
    assert json.loads((kit / "kit.json").read_text())["multi_node"] == {"nodes": 2, "gpus_per_node": 8, "port": 29500}
    readme = (kit / "README.md").read_text()
    assert "## Across nodes (2 nodes × 8 GPUs)" in readme and "torchrun --nnodes=2 --nproc-per-node=8" in readme
    assert "bash /path/to/kit/slurm/submit.sh" in readme


def test_import_json_contract_and_checklist(plan_file, tmp_path, capsys):
    results = write(healthy_doc(load_plan(plan_file)), tmp_path / "gpudesk-results.json")
    assert run_cli(["kit", "import", results, "--plan", str(plan_file), "--json"]) == 0
    j = json.loads(capsys.readouterr().out)
    for key in ("plan", "applied", "measured", "planned", "recalibration"):
        assert key in j
    assert j["plan"]["title"] == "13B on 4× A100" and j["saved"] is True
    assert all(set(a) >= {"item", "status", "evidence"} for a in j["applied"]) and len(j["applied"]) == 15
    assert j["recalibration"]["mfu"]["new"] == 0.4637 and j["recalibration"]["applied"] is False
    assert run_cli(["checklist", str(plan_file), "--json"]) == 0
    items = {i["id"]: i for i in json.loads(capsys.readouterr().out)["items"]}
    touched = [i for i in items.values() if i["evidence"]]
    assert len(touched) == 15
    assert all(
        i["checked_by"] == "gpudesk kit on node01" and i["checked_at"] == "2026-11-20T08:30:00Z" for i in touched
    )
    assert items["allreduce-nvlink"]["status"] == "pass" and items["rack-power"]["status"] == "open"


def test_import_text_and_recalibrate(plan_file, tmp_path, capsys):
    results = write(healthy_doc(load_plan(plan_file)), tmp_path / "r.json")
    assert run_cli(["kit", "import", results, "--plan", str(plan_file), "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert "Results of node01 for plan '13B on 4× A100':" in out and "Measured against planned:" in out
    assert "Recalibration from the training run: MFU 47 % → 46 %" in out and "Apply it with --recalibrate" in out
    before = load_plan(plan_file).choice.time.hours
    assert run_cli(["kit", "import", results, "--plan", str(plan_file), "--recalibrate", "--lang", "zh_CN"]) == 0
    out = capsys.readouterr().out
    assert "已重新校准：MFU 47 % → 46 %" in out
    plan = load_plan(plan_file)
    assert len(plan.revisions) == 1 and plan.revisions[0].before["hours"] == before and plan.job.mfu == 0.4637


def test_dry_run_changes_nothing(plan_file, tmp_path, capsys):
    results = write(healthy_doc(load_plan(plan_file)), tmp_path / "r.json")
    before = sha(plan_file)
    assert run_cli(["kit", "import", results, "--plan", str(plan_file), "--dry-run"]) == 0
    assert "(dry run: the plan was not changed)" in capsys.readouterr().out and sha(plan_file) == before


@pytest.mark.parametrize(
    "body, message",
    [
        (lambda text: text[: len(text) // 3], "truncated results file"),
        (lambda text: text.replace('"gpudesk-kit-results"', '"something"'), "not a gpudesk kit results file"),
        (lambda text: text.replace('"fingerprint": "', '"fingerprint": "f'), "does not match this plan"),
        (lambda text: "not json at all", "not valid JSON at line 1"),
    ],
)
def test_refused_import_one_line_exit_2_plan_untouched(plan_file, tmp_path, capsys, body, message):
    text = json.dumps(healthy_doc(load_plan(plan_file)), indent=1)
    bad = tmp_path / "bad.json"
    bad.write_text(body(text), encoding="utf-8")
    before = sha(plan_file)
    assert run_cli(["kit", "import", str(bad), "--plan", str(plan_file)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("gpudesk kit import: error: ") and message in err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
    assert sha(plan_file) == before


def test_import_usage_errors(plan_file, tmp_path, capsys):
    assert run_cli(["kit", "import", str(tmp_path / "none.json"), "--plan", str(plan_file)]) == 2
    assert "no such file" in capsys.readouterr().err
    with pytest.raises(SystemExit) as exc:
        run_cli(["kit", "import", "x.json"])  # --plan is required
    assert exc.value.code == 2
    assert "--plan" in capsys.readouterr().err
