"""Results -> checklist -> recalibration, round-tripped through files, and every way a results
file can be refused (with the plan left untouched)."""

import copy
import json

import pytest
from _results_doc import MEASURED_AT, TRAIN, healthy_doc, write

from gpudesk.core.engine.timing import time_estimate
from gpudesk.core.kit import apply, expect, recalibrate
from gpudesk.core.kit.results import load_results, validate
from gpudesk.core.plan import load_plan, plan_from_dict, plan_document, save_plan
from gpudesk.core.plan.checklist import tailor
from gpudesk.errors import GpudeskError


def fresh(plan):
    return plan_from_dict(copy.deepcopy(plan_document(plan)))


def test_healthy_machine_fills_the_checklist(plans, tmp_path):
    plan = fresh(plans["a100x4"])
    path = write(healthy_doc(plan), tmp_path / "gpudesk-results.json")
    report = apply.import_results(plan, path)
    got = {a["item"]: a["status"] for a in report["applied"]}
    assert got == {
        "cpu-as-ordered": "pass",
        "host-ram": "pass",
        "gpu-inventory": "pass",
        "driver-branch": "pass",
        "cuda-pytorch": "pass",
        "ecc-health": "pass",
        "nvlink-topology": "pass",
        "rack-power": "info",
        "allreduce-nvlink": "pass",
        "nccl-errors": "info",
        "storage-iops": "pass",
        "storage-throughput": "pass",
        "micro-training-run": "pass",
        "temperature-throttling": "pass",
        "hardware-errors": "pass",
    }
    items = {i.id: i for i in tailor(plan)}
    assert items["allreduce-nvlink"].status == "pass" and items["rack-power"].status == "open"  # info: evidence only
    for iid in got:
        it = items[iid]
        assert it.evidence.startswith("node01: ") and "gpudesk acceptance kit" in it.evidence
        assert it.checked_by == "gpudesk kit on node01" and it.checked_at == MEASURED_AT
    assert "busbw 229.0 GB/s at 1,024 MiB over 4 GPUs" in items["allreduce-nvlink"].evidence
    m, p = report["measured"], report["planned"]
    assert m["gpus"] == 4 and m["gpu_names"] == ["NVIDIA A100-SXM4-80GB"] and m["gpu_memory_mib"] == 81920
    assert m["link_pairs"] == {"NV12": 6} and m["busbw_gbps"] == pytest.approx(229.0)
    assert m["busbw_link_share"] == pytest.approx(229.0 / 300) and p["busbw_expected_share"] == pytest.approx(0.77)
    assert m["iops"] == 412345.6 and p["iops_min"] == 20000 and m["seq_write_mbs"] == pytest.approx(2400)
    # 5 layers: (983,101,440 + 5 × 2,029,117,440) × 13,000 = 144.67 TFLOPS = 46.37 % of 312
    assert m["tflops"] == pytest.approx(144.67295, abs=1e-4) and m["mfu"] == pytest.approx(0.463695, abs=1e-5)
    assert p["mfu"] == 0.466 and p["tflops"] == pytest.approx(312 * 0.466)  # HF on A100 at hidden 5120 (mfu.py)
    keys = {r["key"] for r in report["comparison"]}
    assert {
        "gpus",
        "gpu_memory",
        "links",
        "busbw",
        "iops",
        "throughput",
        "host_ram",
        "cpu",
        "tflops",
        "temperature",
    } <= keys
    rec = plan.kit_results[0]
    assert rec.host == "node01" and rec.statuses["ecc-health"] == "pass" and rec.evidence["ecc-health"]["zh_CN"]


def test_recalibration_hand_computed(plans, tmp_path):
    plan = fresh(plans["a100x4"])
    old = plan.choice.model_copy(deep=True)
    doc = healthy_doc(plan)
    doc["training"]["tokens_per_s"] = 11214.4  # 124.80 TFLOPS = MFU 40.0 % (predicted 46.6 %)
    report = apply.import_results(plan, write(doc, tmp_path / "r.json"))
    rc = report["recalibration"]
    f = 983_101_440 + 5 * 2_029_117_440
    measured = f * 11214.4 / 1e12 / 312
    assert rc["mfu"]["measured_synthetic"] == pytest.approx(measured)
    assert rc["mfu"]["predicted_synthetic"] == pytest.approx(0.466) and rc["mfu"]["planned"] == pytest.approx(0.466)
    assert rc["mfu"]["new"] == round(0.466 * measured / 0.466, 4) == 0.4
    # overhead: context 35.5 GiB used − 34 GiB reserved = 1.5 GiB; slack 34/32.4 − 1 on the plan's own tensors
    per = old.memory.per_gpu_bytes
    want = int((int(35.5 * 2**30) - 34 * 2**30) + (34 * 2**30 / int(32.4 * 2**30) - 1) * (per.total - per.overhead))
    assert rc["job"]["overhead_bytes"] == want and rc["overhead_bytes"]["new"] == want
    assert rc["memory_per_gpu_bytes"]["new"] == per.total - per.overhead + want
    # time from the engine itself, for the plan's layout at the new MFU
    job, layout = recalibrate._variant(plan, plan.job.model_copy(update={"mfu": 0.4, "overhead_bytes": want}))
    t = time_estimate(job, layout, recalibrate._cluster(plan))
    assert rc["hours"]["new"] == pytest.approx(t.hours) and rc["hours"]["planned"] == old.time.hours
    assert 1.14 < rc["hours"]["new"] / old.time.hours < 1.18  # ≈ 0.466 / 0.40 with a little more overlap
    assert rc["cost"]["new"] == pytest.approx(
        rc["cost"]["planned"] * rc["gpu_hours"]["new"] / rc["gpu_hours"]["planned"]
    )
    assert rc["baseline"]["differs"] is False  # the engine reproduces the stored plan from its own inputs
    assert rc["applied"] is False and plan.revisions == [] and plan.job.mfu is None  # offered, not applied


def test_recalibration_applied_keeps_the_original(plans, tmp_path):
    plan = fresh(plans["a100x4"])
    old_hours, old_cost, fp = plan.choice.time.hours, plan.choice.cost.with_trial_margin, expect.fingerprint(plan)
    doc = healthy_doc(plan)
    doc["training"]["tokens_per_s"] = 11214.4
    path = write(doc, tmp_path / "r.json")
    report = apply.import_results(plan, path, recalibrate_plan=True)
    assert report["recalibration"]["applied"] is True
    assert plan.job.mfu == 0.4 and plan.choice.time.mfu == 0.4
    assert plan.choice.time.hours == pytest.approx(report["recalibration"]["hours"]["new"])
    rev = plan.revisions[0]
    assert rev.version == 2 and rev.changes["mfu"] == [None, 0.4] and "overhead_bytes" in rev.changes
    assert rev.before["hours"] == old_hours and rev.before["cost_with_trial_margin"] == old_cost
    assert rev.after["hours"] == plan.choice.time.hours and "MFU 47 % → 40 %" in rev.reason["en"]
    assert expect.fingerprint(plan) == fp  # the kit's other results still belong to the plan
    saved = save_plan(plan, tmp_path / "p.gpudesk")
    back = load_plan(saved)
    assert back.revisions[0].before["hours"] == old_hours and back.kit_results[0].host == "node01"
    assert apply.import_results(back, path)["applied"]  # the same file imports again after recalibration


def test_no_training_no_recalibration(plans, tmp_path):
    plan = fresh(plans["a100x4"])
    doc = healthy_doc(plan)
    doc["training"] = {"skipped": ["needs PyTorch with CUDA", "需要支持 CUDA 的 PyTorch"]}
    doc["checks"] = [
        c
        if c["id"] != "micro-training-run"
        else dict(c, status="skipped", text={"en": "Skipped here.", "zh_CN": "此处跳过。"})
        for c in doc["checks"]
    ]
    report = apply.import_results(plan, write(doc, tmp_path / "r.json"))
    assert report["recalibration"] is None
    assert {"item": "micro-training-run", "reason": "Skipped here."} in report["skipped"]


def test_rejudged_against_the_plan_now(plans, tmp_path):
    plan = fresh(plans["a100x4"])
    doc = healthy_doc(plan)
    doc["inventory"]["memory"]["total_bytes"] = 128 * 10**9  # the file still says "pass" for host-ram
    report = apply.import_results(plan, write(doc, tmp_path / "r.json"))
    assert {a["item"]: a["status"] for a in report["applied"]}["host-ram"] == "fail"
    assert "Host RAM as ordered: the kit said pass; judged against the plan as it is now: fail" in report["warnings"]


def test_several_nodes_combine(plans, tmp_path):
    plan = fresh(plans["a100x16"])  # 2 nodes × 8 GPUs
    a = apply.import_results(plan, write(healthy_doc(plan, "node01", n=8), tmp_path / "a.json"))
    st = {i.id: i for i in tailor(plan)}
    assert {x["item"]: x["checklist_status"] for x in a["applied"]}["gpu-inventory"] == "open"
    assert st["gpu-inventory"].status == "open" and st["cpu-as-ordered"].status == "open"
    assert "1 of 2 nodes checked so far." in st["gpu-inventory"].evidence
    apply.import_results(plan, write(healthy_doc(plan, "node02", n=8), tmp_path / "b.json"))
    st = {i.id: i for i in tailor(plan)}
    assert st["gpu-inventory"].status == "pass" and st["gpu-inventory"].checked_by == "gpudesk kit on node01, node02"
    assert st["cpu-as-ordered"].status == "pass"  # 2× AMD EPYC 7742 as the node type lists
    assert st["gpu-inventory"].evidence.count("8 × NVIDIA A100-SXM4-80GB") == 2
    bad = healthy_doc(plan, "node02", n=8)
    bad["inventory"]["gpu"]["gpus"] = bad["inventory"]["gpu"]["gpus"][:7]  # a card missing on node02
    apply.import_results(plan, write(bad, tmp_path / "c.json"))
    st = {i.id: i for i in tailor(plan)}
    assert st["gpu-inventory"].status == "fail" and len(plan.kit_results) == 2  # node02 replaced, not added
    assert st["allreduce-internode"].status == "open"  # measured by its own torchrun run only


def test_internode_results(plans, tmp_path):
    plan = fresh(plans["a100x16"])
    e = expect.kit_expect(plan)  # 1,600 Gb/s per node = 200 GB/s; × 0.9 = 180, capped by NVLink's 231; pass ≥ 144
    assert e["busbw_internode_min_gbps"] == pytest.approx(144.0)
    doc = healthy_doc(plan, "node01", kind="internode", n=8)
    doc["allreduce"] = {
        "world_size": 16,
        "sizes": [
            {"bytes": 2**30, "time_us": 14000.0, "algbw_gbps": 82.0, "busbw_gbps": 82.0 * 30 / 16, "iterations": 25}
        ],
    }
    doc["checks"] = [{"id": "allreduce-internode", "status": "pass", "text": {"en": "x", "zh_CN": "x"}}]
    report = apply.import_results(plan, write(doc, tmp_path / "i.json"))
    assert report["applied"][0]["item"] == "allreduce-internode" and report["applied"][0]["status"] == "pass"
    assert report["recalibration"] is None  # the cross-node run trains nothing


@pytest.mark.parametrize(
    "mutate, message",
    [
        (lambda d: d.update(format="something-else"), "not a gpudesk kit results file"),
        (lambda d: d.update(schema_version=99), "written by a newer kit (results schema 99"),
        (lambda d: d.update(schema_version="1"), "schema_version: expected a whole number"),
        (
            lambda d: d["plan"].update(
                fingerprint="0123456789abcdef", created="2020-01-01T00:00:00Z", title="Other plan"
            ),
            "belongs to another plan ('Other plan', fingerprint 0123456789abcdef)",
        ),
        (lambda d: d["training"].update(tokens_per_s=-5), "implausible value at training.tokens_per_s: -5"),
        (
            lambda d: d["inventory"]["gpu"]["gpus"][1].update(memory_total_mib=10**9),
            "implausible value at inventory.gpu.gpus[1].memory_total_mib",
        ),
        (
            lambda d: d["allreduce"]["sizes"][3].update(busbw_gbps="fast"),
            "allreduce.sizes[3].busbw_gbps: expected a number",
        ),
        (
            lambda d: d["checks"].append({"id": "make-coffee", "status": "pass", "text": {"en": "x"}}),
            "unknown check 'make-coffee'",
        ),
        (
            lambda d: d["checks"][0].update(status="great"),
            "checks[0].status: expected one of pass, fail, info, skipped",
        ),
        (lambda d: d.update(checks={"a": 1}), "checks: expected a list"),
        (lambda d: d.pop("plan"), "plan.fingerprint is missing"),
    ],
)
def test_refused_files_say_what_is_wrong(plans, mutate, message):
    plan = fresh(plans["a100x4"])
    doc = healthy_doc(plan)
    mutate(doc)
    with pytest.raises(GpudeskError) as exc:
        validate(doc, plan, "r.json")
    assert message in str(exc.value) and "\n" not in str(exc.value)


def test_other_configuration_of_the_same_plan(plans):
    plan = fresh(plans["a100x4"])
    doc = healthy_doc(plan)
    changed = fresh(plan)
    changed.choice.gpus = 8
    with pytest.raises(GpudeskError, match=r"measured for configuration 4xa100-sxm-80gb/1n@.*but the plan now has 8x"):
        validate(doc, changed, "r.json")


def test_damaged_bytes(plans, tmp_path):
    plan = fresh(plans["a100x4"])
    text = json.dumps(healthy_doc(plan), indent=1)
    cases = {
        "trunc.json": (text[: len(text) // 2], "truncated results file: it breaks off after"),
        "empty.json": ("", "the results file is empty"),
        "list.json": ("[1, 2]", "the top level is not a JSON object"),
        "comma.json": (text.replace('"complete": true', '"complete": true,,'), "not valid JSON at line"),
    }
    for name, (body, message) in cases.items():
        p = tmp_path / name
        p.write_text(body, encoding="utf-8")
        with pytest.raises(GpudeskError, match=message):
            load_results(p, plan)
    (tmp_path / "bin.json").write_bytes(b"\xff\xfe\x00garbage")
    with pytest.raises(GpudeskError, match="not UTF-8"):
        load_results(tmp_path / "bin.json", plan)
    with pytest.raises(GpudeskError, match="no such file"):
        load_results(tmp_path / "missing.json", plan)


def test_a_refused_file_changes_nothing(plans, tmp_path):
    plan = fresh(plans["a100x4"])
    before = plan_document(plan)
    doc = healthy_doc(plan)
    doc["training"]["loss_last"] = float("nan")  # json writes NaN; the check refuses it
    with pytest.raises(GpudeskError, match="training.loss_last: expected a number"):
        apply.import_results(plan, write(doc, tmp_path / "nan.json"))
    assert plan_document(plan) == before


def test_training_record_is_the_slowest_gpu():
    from gpudesk.core.kit import probe

    bench = probe.module("bench_torch")
    per = [
        dict(TRAIN, gpu=0, tokens_per_s=5600.0),
        dict(TRAIN, gpu=1, tokens_per_s=5100.0),
        dict(TRAIN, gpu=2, tokens_per_s=5550.0, peak_allocated_bytes=34 * 2**30),
    ]
    s = bench.summarise(per, {"hidden": 5120, "seq_len": 2048, "micro_batch": 1, "dtype": "bf16", "vocab": 32000})
    assert s["tokens_per_s"] == 5100.0 and s["tokens_per_s_fastest"] == 5600.0 and s["gpus"] == 3
    assert s["peak_allocated_bytes"] == 34 * 2**30 and "error" not in s
    broken = bench.summarise(
        per + [{"gpu": 3, "error": "CUDA error: an illegal memory access was encountered"}],
        {"hidden": 5120, "seq_len": 2048, "micro_batch": 1, "dtype": "bf16", "vocab": 32000},
    )
    assert broken["error"].startswith("GPU 3: CUDA error: an illegal memory access")


def test_a_second_recalibration_is_not_scaled_twice(plans, tmp_path):
    plan = fresh(plans["a100x4"])
    doc = healthy_doc(plan)
    doc["training"]["tokens_per_s"] = 11214.4  # MFU 40 % where 46.6 % was predicted
    path = write(doc, tmp_path / "r.json")
    apply.import_results(plan, path, recalibrate_plan=True)
    again = apply.import_results(plan, path, recalibrate_plan=True)["recalibration"]
    assert again["mfu"]["planned"] == 0.4 and again["mfu"]["default"] == pytest.approx(0.466)
    assert again["mfu"]["new"] == 0.4 and len(plan.revisions) == 2 and plan.revisions[1].changes["mfu"] == [0.4, 0.4]
