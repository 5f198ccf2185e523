"""The verdict rules (resources/kit/gpudesk_probe/judge*.py) on recorded outputs, against the
thresholds gpudesk derives from real plans; figures hand-computed in the comments."""

import pytest
from _kit_fixtures import fixture_text

from gpudesk.core.kit.expect import kit_expect


@pytest.fixture(scope="module")
def a100_8(parsers, hp):
    """The 8× A100 machine as the probe sees it: --query-gpu merged with -q, and topo -m."""
    gpus = parsers.gpus_from_query(parsers.query_csv(fixture_text("query_a100x8.csv")))
    gpus = parsers.merge_gpu_records(gpus, parsers.gpus_from_q(fixture_text("q_a100x8.txt")))
    return gpus, parsers.topo_matrix(fixture_text("topo_a100x8_nvswitch.txt"))


@pytest.fixture(scope="module")
def rtx_8(parsers):
    gpus = parsers.gpus_from_query(parsers.query_csv(fixture_text("query_rtx4090x8_nounits.csv")))
    return gpus, parsers.topo_matrix(fixture_text("topo_rtx4090x8_pcie.txt"))


def test_bus_bandwidth_is_nccl_tests_definition(judge):
    # nccl-tests doc/PERFORMANCE.md: all_reduce busbw = algbw × 2(n−1)/n
    assert judge.bus_bandwidth(100.0, 8) == pytest.approx(175.0)
    assert judge.bus_bandwidth(100.0, 2) == pytest.approx(100.0)
    assert judge.bus_bandwidth(100.0, 4) == pytest.approx(150.0)
    assert judge.bus_bandwidth(100.0, 1) == 0.0


def test_busbw_is_judged_on_the_large_message_plateau(judge):
    rows = [
        {"bytes": 2**20, "busbw_gbps": 300.0},  # a small-message outlier is ignored
        {"bytes": 256 * 2**20, "busbw_gbps": 221.0},
        {"bytes": 2**30, "busbw_gbps": 228.5},
    ]
    assert judge.busbw_figure(rows) == (228.5, 2**30)
    assert judge.busbw_figure([{"bytes": 2**20, "busbw_gbps": 5.0}]) == (5.0, 2**20)
    assert judge.busbw_figure([]) == (None, None)


@pytest.mark.parametrize(
    "name, want, form, ok",
    [
        ("NVIDIA A100-SXM4-80GB", ["a100"], "sxm", True),
        ("NVIDIA A100 80GB PCIe", ["a100"], "sxm", False),  # an SXM plan getting the PCIe card
        ("NVIDIA A100-SXM4-80GB", ["a100"], "pcie", True),  # better than planned is not a mismatch
        ("NVIDIA H100 80GB HBM3", ["h100"], "sxm", True),  # nvidia-smi does not say "SXM" for H100 SXM5
        ("NVIDIA H100 NVL", ["h100"], "sxm", False),
        ("NVIDIA GeForce RTX 4090 D", ["rtx", "4090"], "pcie", False),  # the cut-down China SKU
        ("NVIDIA GeForce RTX 4090 D", ["rtx", "4090d"], "pcie", True),
        ("NVIDIA GeForce RTX 4090", ["rtx", "4090"], "pcie", True),
        ("NVIDIA L40S", ["l40"], "pcie", False),
        ("NVIDIA L40", ["l40s"], "pcie", False),
        ("Tesla V100-SXM2-32GB", ["v100"], "sxm", True),
        ("NVIDIA RTX 6000 Ada Generation", ["rtx", "6000", "ada"], "pcie", True),
        ("NVIDIA RTX A6000", ["rtx", "6000", "ada"], "pcie", False),
    ],
)
def test_gpu_names(judge, name, want, form, ok):
    assert judge.name_matches(name, want, form) is ok


def test_name_tokens_from_catalogue_ids(judge):
    assert judge.name_tokens("a100-sxm-80gb") == ["a100"]
    assert judge.name_tokens("h200-nvl-141gb") == ["h200"]
    assert judge.name_tokens("rtx-4090d") == ["rtx", "4090d"]
    assert judge.name_tokens("rtx-6000-ada") == ["rtx", "6000", "ada"]


def test_inventory_8x_a100(judge, plans, a100_8):
    gpus, _ = a100_8
    v = judge.gpu_inventory(gpus, kit_expect(plans["a100x16"]))  # 2 nodes × 8: eight per node
    assert v["status"] == "pass" and v["measured"]["count"] == 8 and v["measured"]["memory_total_mib_min"] == 81920
    assert "8 × NVIDIA A100-SXM4-80GB, 81,920 MiB each" in v["text"]["en"] and "≥ 75,531 MiB" in v["text"]["en"]
    four = judge.gpu_inventory(gpus, kit_expect(plans["a100x4"]))
    assert four["status"] == "fail" and "count differs" in four["text"]["en"] and "数量不符" in four["text"]["zh_CN"]
    wrong = judge.gpu_inventory(gpus, kit_expect(plans["rtx4090x8"]))
    assert wrong["status"] == "fail" and "not the planned model: GPU 0, 1" in wrong["text"]["en"]


def test_inventory_without_gpus(judge, plans):
    v = judge.gpu_inventory([], kit_expect(plans["a100x4"]), missing=("nvidia-smi not found", "未找到 nvidia-smi"))
    assert (
        v["status"] == "fail"
        and "nvidia-smi not found" in v["text"]["en"]
        and "4 × NVIDIA A100 80GB SXM" in v["text"]["en"]
    )


def test_driver_branch(judge, plans):
    e = kit_expect(plans["a100x4"])  # driver ≥ 550 (checklist: CUDA 12.x wants a current branch)
    assert judge.driver_branch("535.129.03", "12.2", e)["status"] == "fail"
    ok = judge.driver_branch("550.54.14", "12.4", e)
    assert ok["status"] == "pass" and ok["measured"]["driver_major"] == 550
    assert judge.driver_branch(None, None, e)["status"] == "skipped"


def test_ecc_health(judge, plans, a100_8, parsers):
    gpus, _ = a100_8
    v = judge.ecc_health(gpus, kit_expect(plans["a100x16"]))
    assert (
        v["status"] == "fail" and v["measured"]["uncorrectable_gpus"] == 1 and v["measured"]["remap_problem_gpus"] == 1
    )
    assert "uncorrectable errors on GPU 6" in v["text"]["en"] and "2 correctable" in v["text"]["en"]
    clean = [dict(g, ecc_uncorrected_volatile=0, ecc_uncorrected_aggregate=0, remapped_rows=None) for g in gpus]
    assert judge.ecc_health(clean, kit_expect(plans["a100x16"]))["status"] == "pass"
    old = parsers.gpus_from_q(fixture_text("q_v100x1_r450.txt"))["gpus"]
    assert judge.ecc_health(old, kit_expect(plans["a100x4"]))["status"] == "pass"  # 3 corrected, 0 uncorrected


def test_nvlink_topology(judge, parsers, plans, a100_8):
    _, topo = a100_8
    e8 = kit_expect(plans["a100x16"])
    v = judge.nvlink_topology(topo, e8)
    assert v["status"] == "pass" and v["measured"]["nvlink_pairs"] == 28 and v["measured"]["bonds"] == ["NV12"]
    pcie = judge.nvlink_topology(parsers.topo_matrix(fixture_text("topo_rtx4090x8_pcie.txt")), e8)
    assert pcie["status"] == "fail" and pcie["measured"]["nvlink_pairs"] == 0 and "GPU0-GPU1 PIX" in pcie["text"]["en"]
    bridges = judge.nvlink_topology(
        parsers.topo_matrix(fixture_text("topo_a100pcie_x4_bridges_r470.txt")), kit_expect(plans["a100x4"])
    )
    assert (
        bridges["status"] == "fail" and bridges["measured"]["nvlink_pairs"] == 2 and bridges["measured"]["pairs"] == 6
    )
    h100 = judge.nvlink_topology(parsers.topo_matrix(fixture_text("topo_h100x8_nv18_ansi.txt")), e8)
    assert h100["status"] == "pass"


def test_pcie_topology_and_power(judge, plans, rtx_8):
    gpus, topo = rtx_8
    e = kit_expect(plans["rtx4090x8"])
    v = judge.pcie_topology(gpus, topo, e)
    assert v["status"] == "fail" and "narrower than x16: GPU 6" in v["text"]["en"]
    assert v["measured"]["pair_kinds"] == {"PIX": 4, "NODE": 8, "SYS": 16}  # 4 switch pairs, 2×4 in-socket, 16 across
    p = judge.rack_power(gpus, e)
    assert p["status"] == "fail" and "capped below the default on GPU 2" in p["text"]["en"]
    fine = [dict(g, power_limit_w=450.0) for g in gpus]
    assert judge.rack_power(fine, e)["status"] == "info"  # the rack itself needs the PDU reading


def test_allreduce_verdicts(judge, plans):
    e = kit_expect(plans["a100x4"])  # NVLink 3: 300 GB/s per direction, expected 231, pass ≥ 184.8
    # 4 ranks, 1 GiB in 6.2 ms: algbw = 1.0737e9 / 6.2e-3 = 173.2 GB/s, busbw = ×1.5 = 259.8 GB/s
    size, t = 2**30, 6.2e-3
    algbw = size / t / 1e9
    good = {
        "world_size": 4,
        "sizes": [
            {
                "bytes": size,
                "time_us": t * 1e6,
                "algbw_gbps": algbw,
                "busbw_gbps": judge.bus_bandwidth(algbw, 4),
                "iterations": 25,
            }
        ],
    }
    v = judge.allreduce(good, e, "nvlink")
    assert v["status"] == "pass" and v["measured"]["busbw_gbps"] == pytest.approx(259.77, abs=0.01)
    assert v["measured"]["link_share"] == pytest.approx(259.77 / 300, abs=1e-4) and "87% of NVLink 3" in v["text"]["en"]
    slow = {"world_size": 4, "sizes": [dict(good["sizes"][0], busbw_gbps=150.0)]}
    assert judge.allreduce(slow, e, "nvlink")["status"] == "fail"
    assert judge.allreduce({"world_size": 4, "error": "NCCL timeout"}, e, "nvlink")["status"] == "fail"
    assert judge.nccl_errors({"world_size": 4, "error": "NCCL timeout"})["status"] == "fail"
    assert judge.nccl_errors(good)["status"] == "info" and judge.nccl_errors(good)["measured"]["calls"] == 25
    assert judge.allreduce({"skipped": ["needs PyTorch", "需要 PyTorch"]}, e, "nvlink")["status"] == "skipped"


def test_storage_and_host(judge, plans):
    e = kit_expect(plans["a100x4"])  # IOPS ≥ 20,000; throughput ≥ 700 MB/s; RAM ≥ 256 GiB (free shows ≥ 248 GiB)
    st = {
        "tool": "fio",
        "direct": True,
        "dir": "/data",
        "fs": "xfs",
        "read_iops": 412345.6,
        "seq_read_bytes_per_s": 3.1e9,
        "seq_write_bytes_per_s": 2.4e9,
    }
    assert judge.storage_iops(st, e)["status"] == "pass"
    assert judge.storage_throughput(st, e)["status"] == "pass"
    assert judge.storage_iops(dict(st, read_iops=4000), e)["status"] == "fail"  # an ordinary cloud disk
    assert judge.storage_throughput(dict(st, seq_write_bytes_per_s=5e8), e)["status"] == "fail"
    assert judge.storage_iops(dict(st, direct=False), e)["status"] == "info"  # page cache: not the disk
    assert e["host_ram_free_min_gib"] == 248  # floor(256 GiB × 0.97): host RAM is sold in GiB
    assert judge.host_ram({"total_bytes": 2113389876 * 1024}, e)["status"] == "pass"
    assert judge.host_ram({"total_bytes": 230 * 2**30}, e)["status"] == "fail"


@pytest.mark.parametrize(
    "model, status",
    [
        ("AMD EPYC 7763 64-Core Processor", "pass"),
        ("Intel(R) Xeon(R) Platinum 8380 CPU @ 2.30GHz", "pass"),  # Ice Lake (3rd gen Scalable)
        ("Intel(R) Xeon(R) Platinum 8480+", "pass"),  # Sapphire Rapids
        ("Intel(R) Xeon(R) Gold 6148 CPU @ 2.40GHz", "fail"),  # Skylake: older than Ice Lake
        ("Intel(R) Core(TM) i9-13900K", "info"),
    ],
)
def test_cpu(judge, plans, model, status):
    assert judge.cpu_as_ordered({"model": model, "physical_cores": 64}, kit_expect(plans["a100x4"]))["status"] == status


def test_cpu_against_the_ordered_model(judge):
    e = {"cpu": "2× AMD EPYC 7763"}
    assert judge.cpu_as_ordered({"model": "AMD EPYC 7763 64-Core Processor"}, e)["status"] == "pass"
    assert judge.cpu_as_ordered({"model": "AMD EPYC 7543 32-Core Processor"}, e)["status"] == "fail"
    e2 = {"cpu": "2× AMD EPYC 7742 (64 cores each)"}
    assert judge.cpu_as_ordered({"model": "AMD EPYC 7742 64-Core Processor"}, e2)["status"] == "pass"


def test_training_mfu_hand_computed(judge, plans):
    e = kit_expect(plans["a100x4"])
    cfg = e["train"]
    # Llama-2-13B shape: per layer 6·(4·5120² + 3·5120·13824) + 12·40·128·2048 = 2,029,117,440 FLOPs/token;
    # base 6 · 32000·5120 (LM head) = 983,101,440
    assert cfg["flops_per_token_per_layer"] == 2_029_117_440 and cfg["flops_per_token_base"] == 983_101_440
    # 10 layers at 5,000 tokens/s: (983,101,440 + 10 × 2,029,117,440) × 5,000 = 106.37 TFLOPS = 34.1 % of 312
    train = {
        "layers": 10,
        "tokens_per_s": 5000.0,
        "loss_first": 10.6,
        "loss_last": 2.1,
        "hidden": 5120,
        "seq_len": 2048,
        "micro_batch": 1,
        "dtype": "bf16",
        "peak_allocated_bytes": 40 * 2**30,
    }
    tflops, mfu = judge.training_mfu(train, e)
    assert tflops == pytest.approx(106.371, abs=1e-3) and mfu == pytest.approx(106.371 / 312, abs=1e-5)
    v = judge.micro_training_run(train, e)  # predicted 45 %: 34 % < 80 % of it
    assert v["status"] == "fail" and "below 80% of the predicted MFU" in v["text"]["en"]
    fast = dict(train, tokens_per_s=6000.0)  # 127.6 TFLOPS = 40.9 % ≥ 36 %
    assert judge.micro_training_run(fast, e)["status"] == "pass"
    flat = dict(fast, loss_last=10.7)
    assert judge.micro_training_run(flat, e)["status"] == "fail"


def test_temperature(judge, plans, parsers):
    e = kit_expect(plans["a100x16"])
    samples = {
        str(g["index"]): {
            "max_c": g["temperature_c"],
            "reasons": [r for r in g["clock_event_reasons"] if r != "gpu_idle"],
        }
        for g in parsers.gpus_from_query(parsers.query_csv(fixture_text("query_sample_a100x8.csv")))
    }
    v = judge.temperature_throttling(samples, e, under_load=True)  # 66 − 60 = 6 °C > 5 °C
    assert v["status"] == "fail" and v["measured"]["spread_c"] == 6 and "spread above 5 °C" in v["text"]["en"]
    assert judge.temperature_throttling(samples, e, under_load=False)["status"] == "info"  # spread counts under load
    cool = {k: dict(s, max_c=62) for k, s in samples.items()}
    assert judge.temperature_throttling(cool, e, under_load=True)["status"] == "pass"
    hot = dict(cool, **{"3": {"max_c": 88, "reasons": ["hw_thermal_slowdown"]}})
    bad = judge.temperature_throttling(hot, e, under_load=True)
    assert bad["status"] == "fail" and "above 85 °C" in bad["text"]["en"] and bad["measured"]["throttled"] == ["3"]


def test_hardware_errors(judge, hp):
    events = hp.xid_events("NVRM: Xid (PCI:0000:07:00): 79, pid=1, name=x, GPU has fallen off the bus.\n")
    assert judge.hardware_errors({"readable": True, "events": events})["status"] == "fail"
    assert judge.hardware_errors({"readable": True, "events": [], "source": "dmesg"})["status"] == "pass"
    assert judge.hardware_errors({"readable": False, "events": []})["status"] == "skipped"
    burn = {"hours": 24.0, "xid_new": [], "gpus": {"0": {"ecc_uncorrected_delta": 1, "ecc_corrected_delta": 3}}}
    v = judge.hardware_errors({"readable": True, "events": []}, burn)
    assert v["status"] == "fail" and "1 new uncorrectable" in v["text"]["en"]


def test_every_verdict_speaks_both_languages(judge, plans, a100_8):
    gpus, topo = a100_8
    e = kit_expect(plans["a100x16"])
    for v in (
        judge.gpu_inventory(gpus, e),
        judge.ecc_health(gpus, e),
        judge.nvlink_topology(topo, e),
        judge.rack_power(gpus, e),
        judge.cpu_as_ordered({"model": "AMD EPYC 7763"}, e),
    ):
        assert v["text"]["en"] and v["text"]["zh_CN"] and v["text"]["en"] != v["text"]["zh_CN"]
        assert any("\u4e00" <= ch <= "\u9fff" for ch in v["text"]["zh_CN"])
