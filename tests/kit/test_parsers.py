"""The probe's parsers on recorded outputs of the real tools (formats as nvidia-smi R450–R550 prints
them: `--query-gpu` CSV with and without units, `-q` trees old and new, `topo -m` matrices for
NVSwitch, NVLink bridges, PCIe and single-GPU machines, with and without the terminal's underline)."""

import pytest
from _kit_fixtures import fixture_text


def test_query_csv_8x_a100_with_units(parsers):
    gpus = parsers.gpus_from_query(parsers.query_csv(fixture_text("query_a100x8.csv")))
    assert len(gpus) == 8
    g0, g5 = gpus[0], gpus[5]
    assert g0["name"] == "NVIDIA A100-SXM4-80GB" and g0["memory_total_mib"] == 81920
    assert g0["driver_version"] == "535.129.03" and g0["bus_id"] == "00000000:07:00.0"
    assert g0["power_limit_w"] == 400.0 and g0["power_default_limit_w"] == 400.0
    # the header names the canonical field (`clocks.current.sm [MHz]`) for the alias queried (`clocks.sm`)
    assert g0["clocks_sm_mhz"] == 210.0 and g0["clocks_max_sm_mhz"] == 1410.0
    assert g0["ecc_mode"] == "Enabled" and g0["ecc_uncorrected_aggregate"] == 0
    assert gpus[3]["ecc_corrected_aggregate"] == 2
    assert g5["pcie_gen_current"] == 1 and g5["pcie_gen_max"] == 4 and g5["pcie_width_current"] == 16
    assert g0["clock_event_mask"] == 1 and g0["clock_event_reasons"] == ["gpu_idle"]
    assert [g["index"] for g in gpus] == list(range(8))


def test_query_csv_nounits_and_not_supported_fields(parsers):
    gpus = parsers.gpus_from_query(parsers.query_csv(fixture_text("query_rtx4090x8_nounits.csv")))
    assert len(gpus) == 8
    assert gpus[0]["memory_total_mib"] == 24564 and gpus[0]["serial"] is None  # "[N/A]"
    assert gpus[0]["ecc_mode"] is None and gpus[0]["ecc_uncorrected_volatile"] is None
    assert gpus[6]["pcie_width_current"] == 8 and gpus[6]["pcie_width_max"] == 16
    assert gpus[2]["power_limit_w"] == 350.0 and gpus[2]["power_default_limit_w"] == 450.0
    one = parsers.gpus_from_query(parsers.query_csv(fixture_text("query_rtx4090x1.csv")))
    assert len(one) == 1 and one[0]["memory_used_mib"] == 305 and one[0]["temperature_c"] == 41.0


def test_query_csv_ignores_warning_lines(parsers):
    text = "index, name, memory.total [MiB]\n0, NVIDIA L40S, 46068 MiB\nWARNING: infoROM is corrupted at gpu 0000:03:00.0\n"
    rows = parsers.query_csv(text)
    assert rows == [{"index": "0", "name": "NVIDIA L40S", "memory.total": "46068 MiB"}]


def test_q_8x_a100_ecc_remapped_rows_power_pcie(parsers):
    q = parsers.gpus_from_q(fixture_text("q_a100x8.txt"))
    assert (q["driver_version"], q["cuda_version"], q["attached_gpus"]) == ("535.129.03", "12.2", 8)
    assert len(q["gpus"]) == 8
    g6 = q["gpus"][6]
    assert g6["bus_id"] == "00000000:B7:00.0" and g6["ecc_mode"] == "Enabled"
    assert g6["ecc_uncorrected_volatile"] == 1 and g6["ecc_uncorrected_aggregate"] == 1
    assert g6["remapped_rows"] == {"correctable": 0, "uncorrectable": 1, "pending": True, "failure": False}
    g3 = q["gpus"][3]
    assert g3["ecc_corrected_aggregate"] == 2 and g3["remapped_rows"]["pending"] is False
    g0 = q["gpus"][0]
    assert (g0["power_limit_w"], g0["power_default_limit_w"], g0["power_max_limit_w"]) == (400.0, 400.0, 400.0)
    assert (g0["pcie_gen_max"], g0["pcie_width_max"], g0["pcie_width_current"]) == (4, 16, 16)
    assert g0["temperature_c"] == 31.0 and g0["temperature_slowdown_c"] == 89.0
    assert g0["clock_event_reasons"] == ["gpu_idle"]


def test_q_consumer_card_has_no_ecc(parsers):
    q = parsers.gpus_from_q(fixture_text("q_rtx4090x1.txt"))
    assert (q["driver_version"], q["cuda_version"]) == ("550.54.14", "12.4")
    g = q["gpus"][0]
    assert g["name"] == "NVIDIA GeForce RTX 4090" and g["serial"] is None
    assert g["ecc_mode"] is None and g["ecc_uncorrected_aggregate"] is None and g["remapped_rows"] is None
    assert g["power_limit_w"] == 450.0 and g["pcie_gen_current"] == 1 and g["pcie_gen_max"] == 4


def test_q_old_driver_format(parsers):
    """R450: "Ecc Mode", Single/Double Bit totals, "Clocks Throttle Reasons", "Power Readings"."""
    q = parsers.gpus_from_q(fixture_text("q_v100x1_r450.txt"))
    g = q["gpus"][0]
    assert q["driver_version"] == "450.80.02" and g["name"] == "Tesla V100-SXM2-16GB"
    assert g["ecc_mode"] == "Enabled" and g["ecc_uncorrected_aggregate"] == 0 and g["ecc_corrected_aggregate"] == 3
    assert g["retired_pages_pending"] is False and g["remapped_rows"] is None
    assert g["power_limit_w"] == 300.0 and g["clock_event_reasons"] == ["gpu_idle", "sw_thermal_slowdown"]


@pytest.mark.parametrize(
    "name, gpus, nics, cell01, cell07",
    [
        ("topo_a100x8_nvswitch.txt", 8, 4, "NV12", "NV12"),
        ("topo_h100x8_nv18_ansi.txt", 8, 0, "NV18", "NV18"),
        ("topo_rtx4090x8_pcie.txt", 8, 0, "PIX", "SYS"),
        ("topo_a100pcie_x4_bridges_r470.txt", 4, 0, "NV12", None),
    ],
)
def test_topo_matrices(parsers, name, gpus, nics, cell01, cell07):
    m = parsers.topo_matrix(fixture_text(name))
    assert len(m["gpus"]) == gpus and len(m["nics"]) == nics
    assert m["links"]["GPU0"]["GPU1"] == cell01
    if cell07:
        assert m["links"]["GPU0"]["GPU7"] == cell07
    pairs = parsers.gpu_pairs(m)
    assert len(pairs) == gpus * (gpus - 1) // 2
    assert all(m["links"][a][b] == m["links"][b][a] for a, b, _ in pairs)  # the matrix is symmetric


def test_topo_affinity_legend_and_single_gpu(parsers):
    m = parsers.topo_matrix(fixture_text("topo_a100x8_nvswitch.txt"))
    assert m["affinity"]["GPU0"] == {"cpu": "0-31,64-95", "numa": "0", "gpu_numa": None}
    assert m["affinity"]["GPU7"]["numa"] == "1"
    assert m["nic_names"] == {"NIC0": "mlx5_0", "NIC1": "mlx5_1", "NIC2": "mlx5_2", "NIC3": "mlx5_3"}
    assert m["links"]["GPU0"]["NIC0"] == "PXB" and m["links"]["GPU7"]["NIC3"] == "PXB"
    one = parsers.topo_matrix(fixture_text("topo_1gpu.txt"))
    assert one["gpus"] == ["GPU0"] and parsers.gpu_pairs(one) == []
    pcie = parsers.topo_matrix(fixture_text("topo_rtx4090x8_pcie.txt"))
    kinds = {parsers.link_kind(c)[0] for _, _, c in parsers.gpu_pairs(pcie)}
    assert kinds == {"pcie", "sys"}
    assert parsers.link_kind("NV18") == ("nvlink", 18) and parsers.link_kind(" X ") == ("self", 0)


def test_topo_copied_with_spaces(parsers):
    """A matrix pasted from a ticket, tabs turned into spaces (as in many published outputs)."""
    text = (
        "        GPU0    GPU1    GPU2    GPU3    mlx4_0  CPU Affinity\n"
        "GPU0     X      PIX     PHB     PHB     PHB     0-9,20-29\n"
        "GPU1    PIX      X      PHB     PHB     PHB     0-9,20-29\n"
        "GPU2    PHB     PHB      X      PIX     PHB     0-9,20-29\n"
        "GPU3    PHB     PHB     PIX      X      PHB     0-9,20-29\n"
    )
    m = parsers.topo_matrix(text)
    assert m["gpus"] == ["GPU0", "GPU1", "GPU2", "GPU3"] and m["nics"] == ["mlx4_0"]
    assert m["links"]["GPU2"]["GPU3"] == "PIX" and m["links"]["GPU0"]["GPU3"] == "PHB"


def test_not_a_matrix(parsers):
    assert parsers.topo_matrix("") is None
    assert parsers.topo_matrix("NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver.") is None


def test_host_parsers(hp):
    lscpu = (
        "Architecture:            x86_64\nCPU(s):                  256\nModel name:              AMD EPYC 7763 64-Core "
        "Processor\nThread(s) per core:      2\nCore(s) per socket:      64\nSocket(s):               2\nNUMA node(s):   "
        "         8\n"
    )
    c = hp.lscpu(lscpu)
    assert c == {
        "model": "AMD EPYC 7763 64-Core Processor",
        "sockets": 2,
        "cores_per_socket": 64,
        "threads_per_core": 2,
        "logical_cpus": 256,
        "physical_cores": 128,
        "numa_nodes": 8,
    }
    mem = hp.meminfo(
        "MemTotal:       2113389876 kB\nMemFree:        2000000000 kB\nMemAvailable:   2100000000 kB\n"
        "SwapTotal:             0 kB\n"
    )
    assert mem["total_bytes"] == 2113389876 * 1024 and mem["swap_total_bytes"] == 0
    info = hp.cpuinfo(
        "processor\t: 0\nmodel name\t: Intel(R) Xeon(R) Platinum 8380 CPU @ 2.30GHz\nphysical id\t: 0\n"
        "core id\t\t: 0\nprocessor\t: 1\nmodel name\t: Intel(R) Xeon(R) Platinum 8380 CPU @ 2.30GHz\n"
        "physical id\t: 0\ncore id\t\t: 1\n"
    )
    assert info["logical_cpus"] == 2 and info["physical_cores"] == 2 and info["sockets"] == 1
    disks = hp.lsblk_json(
        '{"blockdevices": [{"name": "nvme0n1", "size": 3840755982336, "type": "disk", "rota": false,'
        ' "model": "SAMSUNG MZQL23T8HCLS-00A07", "tran": "nvme"}, {"name": "loop0", "size": 1, "type": '
        '"loop", "rota": false, "model": null, "tran": null}]}'
    )
    assert disks == [
        {
            "name": "nvme0n1",
            "size_bytes": 3840755982336,
            "model": "SAMSUNG MZQL23T8HCLS-00A07",
            "transport": "nvme",
            "rotational": False,
        }
    ]
    mounts = hp.mounts(
        "/dev/nvme0n1p2 / ext4 rw 0 0\nproc /proc proc rw 0 0\n/dev/md0 /data xfs rw 0 0\ntmpfs /run tmpfs rw 0 0\n"
    )
    assert mounts == [("/dev/nvme0n1p2", "/", "ext4"), ("/dev/md0", "/data", "xfs")]


def test_fio_json_and_xid(hp):
    fio = (
        "note: both iodepth >= 1 and synchronous I/O engine are selected\n"
        '{"fio version": "fio-3.28", "jobs": [{"jobname": "gpudesk", "read": {"iops": 412345.6, "bw_bytes": 1688968602,'
        ' "bw": 1649383}, "write": {"iops": 0.0, "bw_bytes": 0, "bw": 0}}]}'
    )
    r = hp.fio_json(fio)
    assert r["read_iops"] == 412345.6 and r["read_bytes_per_s"] == 1688968602 and r["fio_version"] == "fio-3.28"
    old = '{"jobs": [{"read": {"iops": 10.0, "bw": 40}, "write": {"iops": 0, "bw": 0}}]}'  # fio 2.x: KiB/s only
    assert hp.fio_json(old)["read_bytes_per_s"] == 40 * 1024
    log = (
        "[Tue Mar 12 09:41:07 2024] NVRM: Xid (PCI:0000:b7:00): 63, pid=1234, name=python, Row Remapper: New row "
        "marked for remapping, reset gpu to activate.\n[ 812.5] NVRM: Xid (PCI:0000:07:00): 79, pid='<unknown>', "
        "name=<unknown>, GPU has fallen off the bus.\nunrelated line\n"
    )
    ev = hp.xid_events(log)
    assert [(e["bus_id"], e["xid"]) for e in ev] == [("0000:b7:00", 63), ("0000:07:00", 79)]
    assert "fallen off the bus" in ev[1]["text"]


def test_numbers_and_versions(parsers):
    assert parsers.number("81920 MiB") == 81920 and parsers.number("[N/A]") is None
    assert parsers.number("16x") == 16 and parsers.hex_int("0x0000000000000044") == 0x44
    assert parsers.reasons_from_mask(0x44) == ["sw_power_cap", "hw_thermal_slowdown"]
    banner = "| NVIDIA-SMI 535.154.05             Driver Version: 535.154.05   CUDA Version: 12.2     |"
    assert parsers.nvidia_smi_versions(banner) == ("535.154.05", "12.2")
    assert parsers.driver_major("550.54.14") == 550 and parsers.driver_major(None) is None
