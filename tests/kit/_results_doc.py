"""A complete results file as the probe writes it on a healthy 4× A100 SXM server with PyTorch,
built from the recorded nvidia-smi outputs (GPUs 0–3 of the 8-GPU fixtures) and measurements
typical of such a machine; its verdicts come from the same rules the probe runs."""

import copy
import json

from _kit_fixtures import fixture_text

from gpudesk.core.kit import expect, probe
from gpudesk.core.kit.apply import rejudge

MEASURED_AT = "2026-11-20T08:30:00Z"
# the synthetic run: 5 layers of the 13B shape (what fits in 45 % of 80 GB) at 13,000 tokens/s on the
# slowest GPU; peak memory a little above the estimator's 31.0 GiB of tensors for it
TRAIN = {
    "layers": 5,
    "steps": 40,
    "seconds": 30.2,
    "tokens_per_s": 13000.0,
    "loss_first": 10.61,
    "loss_last": 3.05,
    "params": 1_914_000_000,
    "hidden": 5120,
    "seq_len": 2048,
    "micro_batch": 1,
    "dtype": "bf16",
    "vocab": 32000,
    "gpus": 4,
    "peak_allocated_bytes": int(32.4 * 2**30),
    "peak_reserved_bytes": 34 * 2**30,
    "device_used_bytes": int(35.5 * 2**30),
    "device_total_bytes": 80 * 2**30,
    "per_gpu": [],
}


def _matrix(m8: dict, n: int) -> dict:
    names = [f"GPU{i}" for i in range(n)]
    return {
        "gpus": names,
        "nics": [],
        "nic_names": {},
        "links": {a: {b: m8["links"][a][b] for b in names} for a in names},
        "affinity": {a: m8["affinity"][a] for a in names},
    }


def healthy_doc(plan, host="node01", kind="node", n=4) -> dict:
    parsers = probe.module("parsers")
    gpus = parsers.gpus_from_query(parsers.query_csv(fixture_text("query_a100x8.csv")))
    gpus = parsers.merge_gpu_records(gpus, parsers.gpus_from_q(fixture_text("q_a100x8.txt")))[:n]
    for g in gpus:  # a healthy machine: a current driver, GPU 6's memory error repaired
        g.update(
            driver_version="550.54.14",
            ecc_uncorrected_volatile=0,
            ecc_uncorrected_aggregate=0,
            remapped_rows={"correctable": 0, "uncorrectable": 0, "pending": False, "failure": False},
        )
    topo = _matrix(parsers.topo_matrix(fixture_text("topo_a100x8_nvswitch.txt")), n)
    rows = []
    for k in range(11):  # 1 MiB .. 1 GiB; busbw rising to 229 GB/s (DGX A100 class, nccl-tests #149)
        size = 2**20 << k
        busbw = 229.0 * min(1.0, 0.08 * (k + 1) ** 1.1)
        algbw = busbw * n / (2 * (n - 1))  # busbw = algbw × 2(n−1)/n
        rows.append(
            {
                "bytes": size,
                "time_us": size / (algbw * 1e9) * 1e6,
                "algbw_gbps": algbw,
                "busbw_gbps": busbw,
                "iterations": 55 if size < 64 * 2**20 else 25,
            }
        )
    doc = {
        "format": "gpudesk-kit-results",
        "schema_version": 1,
        "probe_version": "1.0",
        "kit_version": 1,
        "kind": kind,
        "plan": expect.plan_ref(plan),
        "created_at": "2026-11-20T08:25:00Z",
        "finished_at": MEASURED_AT,
        "complete": True,
        "host": {
            "hostname": host,
            "kernel": "5.15.0-91-generic",
            "os": "Ubuntu 22.04.3 LTS",
            "python": "3.10.12",
            "machine": "x86_64",
        },
        "tools": {"nvidia-smi": "/usr/bin/nvidia-smi", "fio": "/usr/bin/fio"},
        "missing": [],
        "options": {},
        "inventory": {
            "cpu": {
                "model": "AMD EPYC 7742 64-Core Processor",
                "sockets": 2,
                "cores_per_socket": 64,
                "threads_per_core": 2,
                "logical_cpus": 256,
                "physical_cores": 128,
                "numa_nodes": 2,
            },
            "memory": {"total_bytes": 1056 * 10**9, "available_bytes": 1000 * 10**9, "swap_total_bytes": 0},
            "disks": [],
            "filesystems": [],
            "gpu": {
                "gpus": gpus,
                "driver_version": "550.54.14",
                "cuda_version": "12.4",
                "topology": topo,
                "error": None,
            },
            "torch": {
                "installed": True,
                "version": "2.3.1+cu121",
                "cuda": "12.1",
                "available": True,
                "device_count": n,
                "device_name": "NVIDIA A100-SXM4-80GB",
                "nccl": "2.20.5",
                "bf16": True,
            },
        },
        "allreduce": {"world_size": n, "sizes": rows},
        "storage": {
            "tool": "fio",
            "direct": True,
            "dir": "/data",
            "mount": "/data",
            "fs": "xfs",
            "read_iops": 412345.6,
            "seq_read_bytes_per_s": 3.1e9,
            "seq_write_bytes_per_s": 2.4e9,
        },
        "training": dict(copy.deepcopy(TRAIN), gpus=n),
        "burn_in": None,
        "thermal": {
            "gpus": {str(i): {"max_c": 61.0 + i % 4, "min_c": 33.0, "reasons": ["sw_power_cap"]} for i in range(n)},
            "series": [],
            "seconds": 31,
            "hottest_c": 64.0,
            "spread_c": 3.0,
        },
        "xid": {"readable": True, "source": "dmesg", "events": []},
        "checks": [
            {
                "id": c["id"],
                "status": "skipped" if c["id"] == "allreduce-internode" else "info",
                "text": {"en": "Skipped here.", "zh_CN": "此处跳过。"},
            }
            for c in expect.kit_checks(plan)
        ],
        "raw": {},
    }
    doc["checks"] = [{k: v for k, v in c.items() if k != "probe_status"} for c in rejudge(doc, expect.kit_expect(plan))]
    return doc


def write(doc: dict, path) -> str:
    path.write_text(json.dumps(doc, ensure_ascii=False, indent=1), encoding="utf-8")
    return str(path)
