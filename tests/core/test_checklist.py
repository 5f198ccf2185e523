"""The checklist: tailoring to the configuration (hand-computed thresholds), both languages, state."""

import json
import re
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from _plan_samples import big_plan, multinode_plan, pcie_plan, small_plan  # noqa: E402

from gpudesk.core.plan.checklist import (  # noqa: E402
    PHASES,
    expectations,
    item_ids,
    progress,
    set_status,
    tailor,
    templates,
)
from gpudesk.core.plan import load_plan, save_plan  # noqa: E402
from gpudesk.core.models import TaskKind  # noqa: E402
from gpudesk.errors import GpudeskError  # noqa: E402


def by_id(items):
    return {i.id: i for i in items}


def live(items):
    return [i for i in items if i.status != "n/a"]


def test_templates_cover_every_phase_in_both_languages():
    tpl = templates()
    assert {t["phase"] for t in tpl} == set(PHASES)
    assert len(item_ids()) == len(set(item_ids())) >= 30
    for t in tpl:
        for key in ("title", "why", "how", "criterion"):
            assert t[key]["en"].strip() and t[key]["zh"].strip()
            if key != "how":  # a bare command reads the same in both languages
                assert re.search(r"[\u4e00-\u9fff]", t[key]["zh"]), (t["id"], key)


def test_nvlink_plan_expects_topology_and_a_bandwidth_threshold_from_the_interconnect():
    plan = big_plan()  # 4× A100 SXM, NVSwitch, NVLink 3 = 600 GB/s both ways
    ex = expectations(plan)
    assert ex.topology == "nvlink"
    assert ex.link_gbps_per_direction == 300
    assert ex.busbw_expected_gbps == pytest.approx(231.0)  # 300 × 0.77 (DGX A100 nccl-tests ~230 GB/s)
    assert ex.busbw_min_gbps == pytest.approx(184.8)  # 80 % of the expectation
    items = by_id(tailor(plan, "en"))
    topo = items["nvlink-topology"]
    assert topo.applicable and topo.status == "open"
    assert "nvidia-smi topo -m" in topo.how and "between every pair of the 4 GPUs" in topo.criterion
    ar = items["allreduce-nvlink"]
    assert "-g 4" in ar.how and "all_reduce_perf" in ar.how
    assert "≥ 184 GB/s" in ar.criterion and "231 GB/s" in ar.criterion and "300 GB/s per direction" in ar.criterion
    assert items["allreduce-pcie"].status == "n/a" and items["pcie-topology"].status == "n/a"
    assert items["internode-network"].status == "n/a"  # one node
    assert items["nccl-errors"].applicable


def test_single_4090_has_no_live_nvlink_or_all_reduce_item():
    items = tailor(small_plan(), "en")
    for i in live(items):
        text = json.dumps(i.model_dump()).lower()
        assert not re.search(r"nvlink|all_?reduce", text), i.id
    d = by_id(items)
    for iid in ("nvlink-topology", "allreduce-nvlink", "allreduce-pcie", "nccl-errors", "ecc-health"):
        assert d[iid].status == "n/a" and not d[iid].applicable
    assert "single GPU" in d["nvlink-topology"].criterion
    assert "1 × NVIDIA GeForce RTX 4090 per node" in d["gpu-inventory"].criterion


def test_pcie_multi_gpu_plan_gets_a_pcie_all_reduce_threshold():
    ex = expectations(pcie_plan())
    assert ex.topology == "pcie" and ex.link_gbps_per_direction == 32
    assert ex.busbw_expected_gbps == pytest.approx(19.2)  # 32 × 0.60
    assert ex.busbw_min_gbps == pytest.approx(11.52)  # 60 %
    d = by_id(tailor(pcie_plan(), "en"))
    assert d["allreduce-pcie"].applicable and "≥ 11 GB/s" in d["allreduce-pcie"].criterion
    assert d["allreduce-nvlink"].status == "n/a" and d["nvlink-topology"].status == "n/a"
    assert d["pcie-topology"].applicable and "PCIe 4.0 x16" in d["pcie-topology"].criterion


def test_multi_node_plan_checks_the_network():
    ex = expectations(multinode_plan())  # 2 × 8 A100, 1600 Gb/s InfiniBand per node
    assert ex.nodes == 2 and ex.gpus_per_node == 8
    assert ex.internode_gbps == 200  # 1600 Gb/s / 8
    assert ex.busbw_internode_expected_gbps == pytest.approx(180)  # × 0.9
    assert ex.busbw_internode_min_gbps == pytest.approx(144)
    d = by_id(tailor(multinode_plan(), "en"))
    assert "≥ 144 GB/s" in d["allreduce-internode"].criterion
    assert "-np 16 -N 8" in d["allreduce-internode"].how
    assert d["hpc-network-experience"].applicable
    assert "InfiniBand 1600 Gb/s" in d["internode-network"].criterion


def test_storage_ram_and_power_figures_for_the_13b_plan():
    ex = expectations(big_plan())
    n = 13_015_864_320
    # ZeRO-2: bf16 weights replicated (one copy) + fp32 Adam states sharded over 4 GPUs (one copy)
    assert ex.checkpoint_bytes == 2 * n + 12 * n // 4 * 4
    # 182.2 GB in 300 s = 607 MB/s -> rounded up to 700 MB/s (above the 500 MB/s floor)
    assert ex.throughput_min_mbs == 700
    assert ex.iops_min == 20_000  # 7000 tokens/s / 4096 = 1.7 samples/s: the small-file floor wins
    assert ex.host_ram_min_bytes == 256 * 2**30  # the guide's ">= 256 GB" for multi-GPU training: DRAM, so GiB
    assert ex.node_power_kw == pytest.approx(4 * 0.4 + 0.8 * 1.6)  # TDP + host share
    assert ex.driver_min == 550
    d = by_id(tailor(big_plan(), "en"))
    assert "≥ 700 MB/s" in d["storage-throughput"].criterion
    assert "≥ 20,000 IOPS" in d["storage-iops"].criterion
    # one unit for host RAM wherever a person reads it: GiB (the server's 1,024 GB of the sample: 954 GiB)
    assert "≥ 256 GiB installed per node (free -g total ≥ 248)" in d["host-ram"].criterion
    assert "954 GiB" in d["host-ram"].criterion and " GB" not in d["host-ram"].criterion
    assert "≥ 2.9 kW" in d["power-quota"].criterion
    assert "320 W" in d["power-draw-data-loading"].criterion  # 80 % of 400 W
    assert "160–280 W" not in d["power-draw-data-loading"].why and "240–280 W" in d["power-draw-data-loading"].why
    assert "5,600 tokens/s" in d["micro-training-run"].criterion
    assert "豫B2-20261089" in d["licence-number"].how  # the provider's recorded licence
    assert "Not recorded" in d["icp-filing"].how


def test_single_gpu_host_ram_falls_back_to_twice_the_gpu_memory():
    # 2 × 24 GB = 44.7 GiB, ordered as the next size servers are sold with: 64 GiB
    assert expectations(small_plan()).host_ram_min_bytes == 64 * 2**30


def test_chinese_rendering():
    d = by_id(tailor(big_plan(), "zh_CN"))
    assert d["allreduce-nvlink"].title == "节点内 all_reduce 带宽（nccl-tests）"
    assert "≥ 184 GB/s" in d["allreduce-nvlink"].criterion
    assert "增值电信业务经营许可证" in d["licence-number"].title
    for i in d.values():
        assert "{" not in i.title + i.why + i.how + i.criterion, i.id  # every placeholder filled


def test_every_item_is_fully_rendered_in_english():
    for plan in (big_plan(), small_plan(), pcie_plan(), multinode_plan()):
        for i in tailor(plan, "en"):
            assert "{" not in i.title + i.why + i.how + i.criterion, i.id
            assert "?" not in i.criterion, (i.id, i.criterion)


def test_state_round_trips_through_the_plan_file(tmp_path):
    plan = big_plan()
    set_status(
        plan,
        "driver-branch",
        "pass",
        note="550.127.05 on all nodes",
        who="Li Lei",
        evidence="logs/nvidia-smi.txt",
        when="2026-12-02T10:00:00Z",
    )
    set_status(plan, "growth-path", "waived", who="Wang", reason="one-off job, no growth planned")
    set_status(plan, "storage-iops", "fail", note="12k IOPS measured")
    path = save_plan(plan, tmp_path / "p.gpudesk")
    d = by_id(tailor(load_plan(path), "en"))
    assert d["driver-branch"].status == "pass" and d["driver-branch"].notes == "550.127.05 on all nodes"
    assert d["driver-branch"].evidence == "logs/nvidia-smi.txt" and d["driver-branch"].checked_by == "Li Lei"
    assert d["driver-branch"].checked_at == "2026-12-02T10:00:00Z"
    assert d["growth-path"].status == "waived" and d["growth-path"].waiver_reason == "one-off job, no growth planned"
    assert d["storage-iops"].status == "fail" and d["storage-iops"].checked_at
    prog = progress(list(d.values()))
    assert prog["delivery"]["pass"] == 1 and prog["delivery"]["fail"] == 1
    assert prog["due_diligence"]["waived"] == 1
    assert sum(p["total"] for p in prog.values()) == len(d)


def test_waiving_needs_a_reason():
    plan = big_plan()
    with pytest.raises(GpudeskError, match="needs a reason"):
        set_status(plan, "growth-path", "waived")
    with pytest.raises(GpudeskError, match="needs a reason"):
        set_status(plan, "growth-path", "waived", reason="   ")
    assert "growth-path" not in plan.checklist


def test_bad_status_unknown_item_and_not_applicable_item():
    plan = small_plan()
    with pytest.raises(GpudeskError, match="unknown status 'great'"):
        set_status(plan, "driver-branch", "great")
    with pytest.raises(GpudeskError, match="did you mean driver-branch"):
        set_status(plan, "driver-brnch", "pass")
    with pytest.raises(GpudeskError, match="does not apply"):
        set_status(plan, "allreduce-nvlink", "pass")
    set_status(plan, "driver-branch", "na")  # alias
    assert plan.checklist["driver-branch"].status == "n/a"


def test_reopening_clears_who_and_when_and_the_waiver():
    plan = big_plan()
    set_status(plan, "growth-path", "waived", who="Wang", reason="not needed")
    set_status(plan, "growth-path", "open")
    st = plan.checklist["growth-path"]
    assert st.status == "open" and st.checked_by is None and st.checked_at is None and st.waiver_reason is None


def test_recorded_state_of_an_item_that_stopped_applying_is_kept_but_shown_na():
    plan = big_plan()
    set_status(plan, "nvlink-topology", "pass", note="NV12 everywhere")
    plan.choice = small_plan().choice
    plan.hardware = small_plan().hardware
    d = by_id(tailor(plan, "en"))
    assert d["nvlink-topology"].status == "n/a" and d["nvlink-topology"].notes == "NV12 everywhere"
    assert plan.checklist["nvlink-topology"].status == "pass"


def test_plan_without_a_choice_still_tailors():
    plan = big_plan()
    plan.choice = None
    plan.hardware.gpu = None
    items = tailor(plan, "en")
    assert len(items) == len(item_ids())


def test_hgx_4gpu_board_without_nvswitch_counts_as_nvlink():
    # the catalogue's HGX A100 4-GPU board: SXM cards wired directly to each other ("nvlink-bridge")
    plan = big_plan()
    plan.hardware.server = dict(plan.hardware.server, id="hgx-a100-4x", gpus_per_node=4, topology="nvlink-bridge")
    ex = expectations(plan)
    assert ex.topology == "nvlink" and ex.link_name == "NVLink 3" and ex.busbw_min_gbps == pytest.approx(184.8)
    # PCIe cards with bridges join pairs only: four of them talk over PCIe
    plan.hardware.gpu = plan.hardware.gpu.model_copy(update={"form_factor": "pcie"})
    assert expectations(plan).topology == "pcie"


def test_results_recorded_for_another_configuration_are_flagged_stale():
    plan = big_plan()
    set_status(plan, "gpu-inventory", "pass", note="4 cards seen")
    assert plan.checklist["gpu-inventory"].configuration == "4xa100-sxm-80gb/1n@p1-a100-sxm-80gb"
    assert not by_id(tailor(plan, "en"))["gpu-inventory"].stale
    plan.choice = plan.choice.model_copy(update={"gpus": 8, "gpus_per_node": 8})
    item = by_id(tailor(plan, "en"))["gpu-inventory"]
    assert item.stale and item.status == "pass"  # kept, but the view can say it was for 4 GPUs
    set_status(plan, "gpu-inventory", "pass")
    assert not by_id(tailor(plan, "en"))["gpu-inventory"].stale


def test_lora_checkpoint_holds_adapters_not_the_frozen_base():
    plan = big_plan()
    plan.job.task = TaskKind.LORA
    # Llama-2-13B, LoRA r=16 on q, k, v, o: 40 layers × 4 matrices × 16 × (5120 + 5120) = 26,214,400
    # adapter parameters, saved in 16-bit (2 B) with their fp32 Adam moments (8 B): 10 B each
    assert expectations(plan).checkpoint_bytes == 26_214_400 * 10


def test_unknown_figures_fall_back_to_words_and_other_vendors_skip_nvidia_tools():
    plan = pcie_plan()
    ascend = plan.hardware.gpu.model_copy(
        update={
            "id": "ascend-910b",
            "name": "Huawei Ascend 910B",
            "vendor": "Huawei",
            "tdp_watts": None,
            "pcie_gbps": None,
            "pcie_generation": None,
            "consumer": False,
        }
    )
    plan.hardware.gpu = ascend
    plan.choice.gpu, plan.choice.gpu_name, plan.choice.host = ascend.id, ascend.name, {}
    items = tailor(plan, "en")
    for i in items:
        assert not re.search(r"(^|[\s(])\?", i.title + i.why + i.how + i.criterion), (i.id, i.criterion)
        if i.status != "n/a":
            assert "nvidia-smi" not in i.how and "nccl" not in (i.how + i.criterion).lower(), i.id
    d = by_id(items)
    assert d["vendor-collective-test"].applicable and "hccl" in d["vendor-collective-test"].how
    assert d["nccl-errors"].status == "n/a" and "HCCL" in d["nccl-errors"].criterion
    assert d["rack-power"].criterion.startswith("Enforced power limit = the default limit")
    assert "rated power" in d["power-quota"].criterion
    zh = by_id(tailor(plan, "zh_CN"))
    assert "额定功率" in zh["power-quota"].criterion


def test_small_checkpoints_read_in_megabytes():
    plan = small_plan()
    plan.job.task = TaskKind.LORA
    # GPT-2, LoRA r=16 on q, k, v, o: 12 × 4 × 16 × (768 + 768) = 1,179,648 adapters × 10 B = 11.8 MB
    d = by_id(tailor(plan, "en"))
    assert "12 MB checkpoint" in d["storage-throughput"].criterion


def test_nodes_and_the_layout_read_as_the_reader_reads():
    """Seen in the printed checklist: "for the 1 node(s)" in English and "offload=none, recompute=none,
    micro-batch=1" in the Chinese one."""
    plan = big_plan()  # one node
    en, zh = by_id(tailor(plan, "en")), by_id(tailor(plan, "zh_CN"))
    assert "for the 1 node, with cooling" in en["power-quota"].criterion
    assert "(1 node)" in en["written-quote"].how and "node(s)" not in json.dumps(
        [i.how + i.why + i.criterion for i in en.values()]
    )
    assert "offload: none, recompute: " in en["micro-training-run"].how
    how = zh["micro-training-run"].how
    assert "卸载：无" in how and "offload" not in how and "recompute" not in how and "micro-batch" not in how
    two = multinode_plan()
    assert (
        "2 nodes" in by_id(tailor(two, "en"))["written-quote"].how
        or "nodes)" in by_id(tailor(two, "en"))["written-quote"].how
    )
