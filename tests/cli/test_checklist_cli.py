"""`gpudesk checklist`: JSON contract, filters, --set recording into the plan file, bad input -> exit 2."""

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parents[1] / "core"))
from _plan_samples import big_plan, small_plan  # noqa: E402

from gpudesk.cli import checklist as cli_checklist  # noqa: E402
from gpudesk.cli import run_cli  # noqa: E402
from gpudesk.core.plan import checklist as core_checklist  # noqa: E402
from gpudesk.core.plan import STATUSES, load_plan, save_plan  # noqa: E402


@pytest.fixture
def big(tmp_path):
    return str(save_plan(big_plan(), tmp_path / "big.gpudesk"))


def run_json(capsys, *argv):
    assert run_cli(list(argv)) == 0
    return json.loads(capsys.readouterr().out)


def test_cli_constants_match_core():
    assert cli_checklist.PHASES == core_checklist.PHASES
    assert cli_checklist.STATUSES == STATUSES


def test_json_contract(big, capsys):
    j = run_json(capsys, "checklist", big, "--json", "--lang", "en")
    assert j["plan"]["title"] == "13B full" and j["plan"]["file"].endswith("big.gpudesk")
    assert j["plan"]["choice"]["gpus"] == 4 and j["plan"]["choice"]["gpu"] == "a100-sxm-80gb"
    keys = {
        "id",
        "phase",
        "title",
        "why",
        "how",
        "criterion",
        "status",
        "notes",
        "evidence",
        "checked_by",
        "checked_at",
        "applicable",
        "waiver_reason",
    }
    assert all(keys <= set(i) for i in j["items"])
    assert len(j["items"]) == len(core_checklist.item_ids())
    ar = next(i for i in j["items"] if i["id"] == "allreduce-nvlink")
    assert "≥ 184 GB/s" in ar["criterion"] and ar["status"] == "open"
    assert j["expected"]["busbw_min_gbps"] == pytest.approx(184.8)
    assert set(j["progress"]) == set(core_checklist.PHASES)


def test_filters_and_language(big, capsys):
    j = run_json(capsys, "checklist", big, "--json", "--phase", "end_of_rental", "--lang", "zh_CN")
    assert {i["phase"] for i in j["items"]} == {"end_of_rental"}
    assert any("NIST SP 800-88" in i["title"] for i in j["items"])
    assert j["plan"]["language"] == "zh_CN"
    j = run_json(capsys, "checklist", big, "--json", "--status", "n/a")
    assert j["items"] and all(i["status"] == "n/a" for i in j["items"])


def test_set_records_the_result_in_the_plan_file(big, tmp_path, capsys):
    log = tmp_path / "nccl.log"
    log.write_text("busbw 228")
    j = run_json(
        capsys,
        "checklist",
        big,
        "--set",
        "allreduce-nvlink=pass",
        "--note",
        "228 GB/s at 4 GB",
        "--by",
        "Li Lei",
        "--evidence",
        str(log),
        "--json",
    )
    [item] = j["items"]
    assert item["id"] == "allreduce-nvlink" and item["status"] == "pass" and item["checked_by"] == "Li Lei"
    state = load_plan(big).checklist["allreduce-nvlink"]
    assert state.status == "pass" and state.notes == "228 GB/s at 4 GB" and state.evidence == str(log.resolve())
    assert Path(big + ".bak").exists()  # the previous version kept
    # several at once, text output
    assert (
        run_cli(
            [
                "checklist",
                big,
                "--set",
                "driver-branch=pass",
                "--set",
                "cuda-pytorch=fail",
                "--note",
                "torch built for CUDA 12.4, driver shows 12.2",
                "--lang",
                "en",
            ]
        )
        == 0
    )
    out = capsys.readouterr().out
    assert "saved the result" in out and "[fail]" in out and "cuda-pytorch" in out
    plan = load_plan(big)
    assert plan.checklist["cuda-pytorch"].status == "fail" and plan.checklist["driver-branch"].status == "pass"


@pytest.mark.parametrize(
    "argv, message",
    [
        (["--set", "growth-path=waived"], "needs a reason"),
        (["--set", "growth-path"], "ID=STATUS"),
        (["--set", "growth-path=great"], "unknown status"),
        (["--set", "nvlnk-topology=pass"], "did you mean nvlink-topology"),
        (["--note", "x"], "go with --set"),
    ],
)
def test_bad_input_exits_2_and_changes_nothing(big, capsys, argv, message):
    before = Path(big).read_bytes()
    assert run_cli(["checklist", big, *argv]) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err and len(err.strip().splitlines()) == 1
    assert Path(big).read_bytes() == before


def test_not_applicable_item_cannot_pass(tmp_path, capsys):
    small = str(save_plan(small_plan(), tmp_path / "small.gpudesk"))
    assert run_cli(["checklist", small, "--set", "allreduce-nvlink=pass"]) == 2
    assert "does not apply" in capsys.readouterr().err


def test_damaged_plan_is_a_one_line_error(tmp_path, capsys):
    bad = tmp_path / "bad.gpudesk"
    bad.write_text('{"format": "gpudesk-plan", "version": 1, "job": ')
    assert run_cli(["checklist", str(bad)]) == 2
    err = capsys.readouterr().err
    assert "not valid JSON" in err and str(bad) in err and "Traceback" not in err
