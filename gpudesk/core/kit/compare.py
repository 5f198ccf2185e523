"""Measured against planned: the figures a results file shows beside the plan's, as numbers
(`measured`, `planned`, for JSON and the plan file) and as rows of text (for the app, the CLI and
the report): GPU model and count, memory, driver, links, bus bandwidth as a share of the link's
peak, storage, host RAM, CPU, achieved TFLOPS against the MFU the plan assumed, temperatures."""

from __future__ import annotations

from gpudesk.core import units
from gpudesk.core.engine.memory import memory_estimate
from gpudesk.core.i18n import t
from gpudesk.core.kit import expect, probe
from gpudesk.core.models import Layout
from gpudesk.core.kit.probe import Doc
from gpudesk.core.plan.model import Plan


def _measured(doc: Doc, e: Doc, plan: Plan) -> Doc:
    j = probe.judge()
    inv = doc.get("inventory") or {}
    gpu = inv.get("gpu") or {}
    gpus = gpu.get("gpus") or []
    topo = gpu.get("topology") or {}
    pairs: dict[str, int] = {}
    names = topo.get("gpus") or []
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            cell = ((topo.get("links") or {}).get(a) or {}).get(b) or "?"
            pairs[cell] = pairs.get(cell, 0) + 1
    ar = doc.get("allreduce") or {}
    busbw, at = j.busbw_figure(ar.get("sizes") or [])
    link = e.get("internode_gbps") if doc.get("kind") == "internode" else e.get("link_gbps_per_direction")
    st = doc.get("storage") or {}
    train = doc.get("training") or {}
    tflops, mfu = j.training_mfu(train, e)
    thermal = doc.get("thermal") or {}
    maxes = [g.get("max_c") for g in (thermal.get("gpus") or {}).values() if g.get("max_c") is not None]
    predicted_peak = None
    if train.get("layers"):
        synth = expect.synthetic_job(plan, train["layers"])
        if synth is not None and plan.hardware.gpu is not None:
            m = memory_estimate(synth, Layout(gpus=1), plan.hardware.gpu.memory_bytes)
            predicted_peak = m.per_gpu_bytes.total - m.per_gpu_bytes.overhead
    mem_total = (inv.get("memory") or {}).get("total_bytes")
    return {
        "host": (doc.get("host") or {}).get("hostname"),
        "gpu_names": sorted({g.get("name") for g in gpus if g.get("name")}),
        "gpus": len(gpus),
        "gpu_memory_mib": min((g["memory_total_mib"] for g in gpus if g.get("memory_total_mib")), default=None),
        "driver": gpu.get("driver_version"),
        "cuda": gpu.get("cuda_version"),
        "torch": (inv.get("torch") or {}).get("version"),
        "link_pairs": pairs,
        "nvlink_pairs": sum(v for k, v in pairs.items() if k.upper().startswith("NV")),
        "pairs": sum(pairs.values()),
        "busbw_gbps": busbw,
        "busbw_message_bytes": at,
        "busbw_link_share": busbw / link if busbw and link else None,
        "iops": st.get("read_iops"),
        "storage_tool": st.get("tool"),
        "seq_read_mbs": st["seq_read_bytes_per_s"] / 1e6 if st.get("seq_read_bytes_per_s") else None,
        "seq_write_mbs": st["seq_write_bytes_per_s"] / 1e6 if st.get("seq_write_bytes_per_s") else None,
        "host_ram_bytes": mem_total,
        "cpu": (inv.get("cpu") or {}).get("model"),
        "cpu_cores": (inv.get("cpu") or {}).get("physical_cores"),
        "training_layers": train.get("layers"),
        "tokens_per_s": train.get("tokens_per_s"),
        "tflops": tflops,
        "mfu": mfu,
        "peak_memory_bytes": train.get("peak_allocated_bytes"),
        "peak_memory_predicted_bytes": predicted_peak,
        "temperature_max_c": max(maxes) if maxes else None,
        "temperature_spread_c": (max(maxes) - min(maxes)) if len(maxes) > 1 else (0.0 if maxes else None),
    }


def _planned(e: Doc) -> Doc:
    cfg = e.get("train") or {}
    peak = cfg.get("peak_tflops")
    return {
        "gpu_name": e.get("gpu_name"),
        "gpus_per_node": e.get("gpus_per_node"),
        "nodes": e.get("nodes"),
        "gpu_memory_mib_min": e.get("memory_mib_min"),
        "driver_min": e.get("driver_min"),
        "topology": e.get("topology"),
        "link_name": e.get("link_name"),
        "link_gbps_per_direction": e.get("link_gbps_per_direction"),
        "busbw_expected_gbps": e.get("busbw_expected_gbps"),
        "busbw_min_gbps": e.get("busbw_min_gbps"),
        "busbw_expected_share": (
            e["busbw_expected_gbps"] / e["link_gbps_per_direction"]
            if e.get("busbw_expected_gbps") and e.get("link_gbps_per_direction")
            else None
        ),
        "busbw_internode_min_gbps": e.get("busbw_internode_min_gbps"),
        "iops_min": e.get("iops_min"),
        "throughput_min_mbs": e.get("throughput_min_mbs"),
        "host_ram_min_bytes": e.get("host_ram_min_bytes"),
        "cpu": e.get("cpu"),
        "mfu": e.get("planned_mfu"),
        "mfu_predicted_for_run": cfg.get("predicted_mfu"),
        "peak_tflops": peak,
        "tflops": peak * cfg["predicted_mfu"] if peak and cfg.get("predicted_mfu") else None,
        "peak_memory_bytes": e.get("peak_memory_bytes"),
        "temperature_max_c": e.get("temperature_max_c"),
        "temperature_spread_max_c": e.get("temperature_spread_max_c"),
    }


def _ok(status: str | None) -> bool | None:
    return True if status == "pass" else False if status == "fail" else None


def measured_vs_planned(doc: Doc, e: Doc, plan: Plan, statuses: dict[str, str] | None = None) -> Doc:
    m, p = _measured(doc, e, plan), _planned(e)
    s = statuses or {}
    rows: list[Doc] = []

    def row(key: str, item: str, label: str, planned: str, measured: str, judged: bool = True) -> None:
        rows.append(
            {
                "key": key,
                "item": item,
                "label": label,
                "planned": planned,
                "measured": measured,
                "ok": _ok(s.get(item)) if judged else None,
            }
        )

    if m["gpus"] or "gpu-inventory" in s:
        row(
            "gpus",
            "gpu-inventory",
            t("GPU model and count", "GPU 型号与数量"),
            f"{p['gpus_per_node']} × {p['gpu_name']}",
            f"{m['gpus']} × {' / '.join(m['gpu_names']) or '—'}",
        )
        row(
            "gpu_memory",
            "gpu-inventory",
            t("GPU memory", "显存"),
            f"≥ {units.number(p['gpu_memory_mib_min'])} MiB",
            f"{units.number(m['gpu_memory_mib'])} MiB" if m["gpu_memory_mib"] else "—",
        )
    if m["driver"] or "driver-branch" in s:
        row(
            "driver",
            "driver-branch",
            t("Driver", "驱动"),
            f"≥ {p['driver_min'] or '?'}",
            f"{m['driver'] or '—'} (CUDA {m['cuda'] or '?'})",
        )
    if m["pairs"]:
        item = "nvlink-topology" if p["topology"] == "nvlink" else "pcie-topology"
        kinds = ", ".join(f"{k} × {v}" for k, v in sorted(m["link_pairs"].items()))
        row(
            "links",
            item,
            t("Links between GPUs", "GPU 间链路"),
            (p["link_name"] or "NVLink") if p["topology"] == "nvlink" else (p["link_name"] or "PCIe"),
            kinds,
        )
    if m["busbw_gbps"] is not None:
        item = {"nvlink": "allreduce-nvlink", "pcie": "allreduce-pcie"}.get(p["topology"], "allreduce-internode")
        if doc.get("kind") == "internode":
            item = "allreduce-internode"
            plan_text = t(
                "≥ {x} GB/s across nodes", "跨节点 ≥ {x} GB/s", x=units.number(p["busbw_internode_min_gbps"], 1)
            )
        else:
            plan_text = t(
                "≈ {x} GB/s ({s} of {l} GB/s per direction), pass ≥ {m}",
                "约 {x} GB/s（单向 {l} GB/s 的 {s}），合格 ≥ {m}",
                x=units.number(p["busbw_expected_gbps"], 1),
                s=units.percent(p["busbw_expected_share"]),
                l=units.number(p["link_gbps_per_direction"]),
                m=units.number(p["busbw_min_gbps"], 1),
            )
        row(
            "busbw",
            item,
            t("all_reduce bus bandwidth", "all_reduce 总线带宽"),
            plan_text,
            t(
                "{x} GB/s = {s} of the link's peak",
                "{x} GB/s = 链路峰值的 {s}",
                x=units.number(m["busbw_gbps"], 1),
                s=units.percent(m["busbw_link_share"]),
            ),
        )
    if m["iops"] is not None:
        row(
            "iops",
            "storage-iops",
            t("Storage 4k random read", "存储 4k 随机读"),
            f"≥ {units.number(p['iops_min'])} IOPS",
            f"{units.number(m['iops'])} IOPS ({m['storage_tool'] or '?'})",
        )
    if m["seq_read_mbs"] is not None:
        row(
            "throughput",
            "storage-throughput",
            t("Storage sequential read / write", "存储顺序读 / 写"),
            f"≥ {units.number(p['throughput_min_mbs'])} MB/s",
            f"{units.number(m['seq_read_mbs'])} / {units.number(m['seq_write_mbs'])} MB/s",
        )
    if m["host_ram_bytes"]:
        row(
            "host_ram",
            "host-ram",
            t("Host RAM", "主机内存"),
            f"≥ {units.number(p['host_ram_min_bytes'] / 1e9)} GB",
            f"{units.number(m['host_ram_bytes'] / 1e9)} GB",
        )
    if m["cpu"]:
        row(
            "cpu",
            "cpu-as-ordered",
            t("CPU", "CPU"),
            p["cpu"] or t("AMD EPYC or Xeon Ice Lake or newer", "AMD EPYC 或 Xeon Ice Lake 及更新"),
            f"{m['cpu']} ({units.number(m['cpu_cores'])} {t('cores', '核')})",
        )
    if m["tflops"] is not None:
        row(
            "tflops",
            "micro-training-run",
            t("Achieved TFLOPS per GPU (synthetic run)", "每卡实测 TFLOPS（合成训练）"),
            t(
                "MFU {m} → {x} TFLOPS of {pk}",
                "MFU {m} → {x} TFLOPS（峰值 {pk}）",
                m=units.percent(p["mfu_predicted_for_run"]),
                x=units.number(p["tflops"], 1),
                pk=units.number(p["peak_tflops"], 1),
            ),
            t(
                "{x} TFLOPS = MFU {m}",
                "{x} TFLOPS = MFU {m}",
                x=units.number(m["tflops"], 1),
                m=units.percent(m["mfu"]),
            ),
        )
    if m["peak_memory_bytes"]:
        row(
            "run_memory",
            "micro-training-run",
            t("Peak memory of the synthetic run", "合成训练峰值显存"),
            t("{x} estimated", "估算 {x}", x=units.memory(m["peak_memory_predicted_bytes"]))
            if m["peak_memory_predicted_bytes"]
            else "—",
            units.memory(m["peak_memory_bytes"]),
            judged=False,
        )
    if m["temperature_max_c"] is not None:
        row(
            "temperature",
            "temperature-throttling",
            t("Temperature", "温度"),
            t(
                "≤ {a} °C, spread ≤ {b} °C",
                "≤ {a} °C，温差 ≤ {b} °C",
                a=units.number(p["temperature_max_c"]),
                b=units.number(p["temperature_spread_max_c"]),
            ),
            t(
                "max {a} °C, spread {b} °C",
                "最高 {a} °C，温差 {b} °C",
                a=units.number(m["temperature_max_c"]),
                b=units.number(m["temperature_spread_c"]),
            ),
        )
    return {"measured": m, "planned": p, "rows": rows}
