"""Verdicts: measured values against the thresholds gpudesk put in kit.json ("expect").

The one home of these rules: the probe prints them as it goes, and gpudesk re-runs the same
functions on import (so a results file is judged against the plan as it is now). Every threshold
comes from `expect`; nothing here is a planning figure. Python 3.6+ standard library only.

Each function returns {"id": checklist item, "status": pass|fail|info|skipped, "text": {"en", "zh_CN"},
"measured": {...}}; `info` means measured evidence without a verdict (the criterion needs more
than a probe can see), `skipped` means the check could not run (what is missing is in the text).
"""

import re

from .judge_host import (  # noqa: F401 - one module for callers: every rule is judge.<name>
    cpu_as_ordered,
    hardware_errors,
    host_ram,
    micro_training_run,
    rack_power,
    storage_iops,
    storage_throughput,
    temperature_throttling,
    training_mfu,
)
from .verdicts import _gib, _n, skipped as _no_gpu, tokens, verdict  # noqa: F401

FORM_WORDS = {"sxm", "sxm2", "sxm3", "sxm4", "sxm5", "pcie", "nvl", "hgx", "oam", "module"}
PCIE_ONLY_WORDS = {"pcie", "nvl"}  # an SXM plan must not get these
LARGE_MESSAGE_BYTES = 256 * 2**20  # busbw is judged on messages this large or larger (the plateau)

# --- names ---------------------------------------------------------------------------------------


def name_tokens(gpu_id):
    """The model tokens of a catalogue GPU id ('a100-sxm-80gb' -> ['a100']; 'rtx-4090d' -> ['rtx', '4090d'])."""
    return [t for t in tokens(gpu_id) if t not in FORM_WORDS and not re.match(r"^\d+gb$", t)]


def name_matches(name, want, form_factor=None):
    """True when the nvidia-smi name is the planned model: every planned token is a token of the name
    (or two adjacent ones: '4090d' in 'RTX 4090 D'), no variant letter follows the model number
    ('RTX 4090 D' is not an 'RTX 4090'), and an SXM plan does not get a PCIe/NVL card."""
    have = tokens(name)
    if not want:
        return True
    joined = set(have) | {a + b for a, b in zip(have, have[1:])}
    for w in want:
        if w not in joined:
            return False
        if w in have:
            i = have.index(w)
            nxt = have[i + 1] if i + 1 < len(have) else ""
            if re.match(r"^\d+$", w) and len(nxt) == 1 and nxt.isalpha() and nxt not in want:
                return False
    if (form_factor or "").lower() in ("sxm", "oam") and PCIE_ONLY_WORDS & set(have):
        return False
    return True


# --- inventory, driver, framework ----------------------------------------------------------------


def gpu_inventory(gpus, expect, missing=None):
    """gpus: records from `nvidia-smi --query-gpu`; missing: (en, zh) why there are none."""
    item = "gpu-inventory"
    want_n = expect.get("gpus_per_node") or 1
    want_name = expect.get("gpu_name") or "?"
    mib_min = expect.get("memory_mib_min")
    if not gpus:
        en, zh = missing or ("nvidia-smi lists no GPU", "nvidia-smi 未列出任何 GPU")
        return verdict(item, "fail", "No GPU found: {}. The plan expects {} × {}.".format(en, want_n, want_name),
                       "未找到 GPU：{}。方案需要 {} × {}。".format(zh, want_n, want_name), count=0)
    names = sorted({g.get("name") or "?" for g in gpus})
    mems = [g.get("memory_total_mib") for g in gpus]
    wrong = [g for g in gpus if not name_matches(g.get("name"), expect.get("name_tokens"), expect.get("form_factor"))]
    small = [g for g in gpus if mib_min and (g.get("memory_total_mib") or 0) < mib_min]
    ok = len(gpus) == want_n and not wrong and not small
    low = min([m for m in mems if m is not None] or [0])
    en = "{} × {}, {} MiB each (plan: {} × {}, each ≥ {} MiB)".format(
        len(gpus), " / ".join(names), _n(low), want_n, want_name, _n(mib_min))
    zh = "{} × {}，每张 {} MiB（方案：{} × {}，每张 ≥ {} MiB）".format(
        len(gpus), " / ".join(names), _n(low), want_n, want_name, _n(mib_min))
    if len(gpus) != want_n:
        en += "; count differs"
        zh += "；数量不符"
    if wrong:
        en += "; not the planned model: GPU {}".format(", ".join(str(g.get("index")) for g in wrong))
        zh += "；型号不符：GPU {}".format("、".join(str(g.get("index")) for g in wrong))
    if small:
        en += "; too little memory: GPU {}".format(", ".join(str(g.get("index")) for g in small))
        zh += "；显存不足：GPU {}".format("、".join(str(g.get("index")) for g in small))
    return verdict(item, "pass" if ok else "fail", en + ".", zh + "。", count=len(gpus), names=names,
                   memory_total_mib_min=low, serials=[g.get("serial") for g in gpus])


def driver_branch(driver_version, cuda_version, expect, missing=None):
    item = "driver-branch"
    if not driver_version:
        return _no_gpu(item, missing or ("no driver version (nvidia-smi did not run)", "无驱动版本（nvidia-smi 未运行）"))
    m = re.match(r"\s*(\d+)", driver_version)
    major = int(m.group(1)) if m else None
    want = expect.get("driver_min")
    ok = major is not None and (want is None or major >= want)
    en = "Driver {}, CUDA {} (plan: driver ≥ {})".format(driver_version, cuda_version or "?", want or "?")
    zh = "驱动 {}，CUDA {}（方案：驱动 ≥ {}）".format(driver_version, cuda_version or "?", want or "?")
    if not ok:
        en += ": too old, ask for a current stable branch"
        zh += "：版本过旧，请要求升级到当前稳定分支"
    return verdict(item, "pass" if ok else "fail", en + ".", zh + "。", driver=driver_version, driver_major=major,
                   cuda=cuda_version)


def _version_tuple(v):
    return tuple(int(x) for x in re.findall(r"\d+", v or "")[:2])


def cuda_pytorch(torch_info, driver_cuda, expect):
    item = "cuda-pytorch"
    want_n = expect.get("gpus_per_node") or 1
    if not torch_info or not torch_info.get("installed"):
        why = (torch_info or {}).get("error")
        return verdict(item, "skipped",
                       "Skipped: PyTorch is not installed for this Python{}; install the build your training uses and "
                       "run the kit again.".format(" ({})".format(why) if why else ""),
                       "已跳过：此 Python 未安装 PyTorch{}；请安装训练所用的版本后重新运行。".format(
                           "（{}）".format(why) if why else ""))
    ver, tcuda = torch_info.get("version"), torch_info.get("cuda")
    avail, count, name = torch_info.get("available"), torch_info.get("device_count"), torch_info.get("device_name")
    problems_en, problems_zh = [], []
    if not avail:
        problems_en.append("torch.cuda.is_available() is False")
        problems_zh.append("torch.cuda.is_available() 为 False")
    if avail and count != want_n:
        problems_en.append("device_count() = {}, the plan has {} per node".format(count, want_n))
        problems_zh.append("device_count() = {}，方案每节点 {} 张".format(count, want_n))
    if avail and name and not name_matches(name, expect.get("name_tokens"), expect.get("form_factor")):
        problems_en.append("device is {}".format(name))
        problems_zh.append("设备为 {}".format(name))
    if tcuda and driver_cuda and _version_tuple(tcuda) > _version_tuple(driver_cuda):
        problems_en.append("PyTorch's CUDA {} is newer than the driver's {}".format(tcuda, driver_cuda))
        problems_zh.append("PyTorch 的 CUDA {} 高于驱动支持的 {}".format(tcuda, driver_cuda))
    en = "PyTorch {} (CUDA {}), CUDA available: {}, {} device(s){}".format(
        ver, tcuda or "none", "yes" if avail else "no", count if count is not None else 0,
        ": " + "; ".join(problems_en) if problems_en else "")
    zh = "PyTorch {}（CUDA {}），CUDA 可用：{}，{} 个设备{}".format(
        ver, tcuda or "无", "是" if avail else "否", count if count is not None else 0,
        "：" + "；".join(problems_zh) if problems_zh else "")
    return verdict(item, "fail" if problems_en else "pass", en + ".", zh + "。", torch=ver, torch_cuda=tcuda,
                   available=bool(avail), device_count=count)


def ecc_health(gpus, expect, missing=None):
    item = "ecc-health"
    if not gpus:
        return _no_gpu(item, missing or ("no GPU to read ECC from", "没有可读取 ECC 的 GPU"))
    off = [g for g in gpus if (g.get("ecc_mode") or "").lower() != "enabled"]
    unc = [g for g in gpus if (g.get("ecc_uncorrected_volatile") or 0) + (g.get("ecc_uncorrected_aggregate") or 0) > 0]
    rows = [g for g in gpus if (g.get("remapped_rows") or {}).get("pending") or (g.get("remapped_rows") or {}).get("failure")
            or g.get("retired_pages_pending")]
    corr = sum(g.get("ecc_corrected_aggregate") or 0 for g in gpus)

    def idx(gs):
        return ", ".join(str(g.get("index", i)) for i, g in enumerate(gs))
    bad_en, bad_zh = [], []
    if off:
        bad_en.append("ECC not enabled on GPU " + idx(off))
        bad_zh.append("GPU {} 未开启 ECC".format(idx(off)))
    if unc:
        bad_en.append("uncorrectable errors on GPU " + idx(unc))
        bad_zh.append("GPU {} 有不可纠正错误".format(idx(unc)))
    if rows:
        bad_en.append("row remapping pending or failed / pages pending retirement on GPU " + idx(rows))
        bad_zh.append("GPU {} 有待处理或失败的行重映射 / 待退役页".format(idx(rows)))
    en = "ECC on {} GPU(s): {}; {} correctable error(s) in all (aggregate)".format(
        len(gpus), "; ".join(bad_en) if bad_en else "enabled, no uncorrectable errors, no pending remaps", corr)
    zh = "{} 张 GPU 的 ECC：{}；累计可纠正错误共 {} 个".format(
        len(gpus), "；".join(bad_zh) if bad_zh else "已开启，无不可纠正错误，无待处理的行重映射", corr)
    return verdict(item, "fail" if bad_en else "pass", en + ".", zh + "。", ecc_off=len(off), uncorrectable_gpus=len(unc),
                   remap_problem_gpus=len(rows), corrected_aggregate=corr)


# --- topology ------------------------------------------------------------------------------------


def _pair_cells(matrix):
    gpus = (matrix or {}).get("gpus") or []
    links = (matrix or {}).get("links") or {}
    out = []
    for i, a in enumerate(gpus):
        for b in gpus[i + 1:]:
            out.append((a, b, (links.get(a) or {}).get(b) or "?"))
    return out


def nvlink_topology(matrix, expect, missing=None):
    item = "nvlink-topology"
    if not matrix:
        return _no_gpu(item, missing or ("no `nvidia-smi topo -m` output", "无 `nvidia-smi topo -m` 输出"))
    pairs = _pair_cells(matrix)
    nv = [p for p in pairs if re.match(r"^NV\d+$", p[2].strip().upper())]
    other = [p for p in pairs if p not in nv]
    want_n = expect.get("gpus_per_node") or 1
    n = len(matrix.get("gpus") or [])
    ok = not other and n == want_n and bool(pairs)
    bonds = sorted({p[2] for p in nv})
    en = "topo -m: {} GPU(s), {} of {} pairs over NVLink ({})".format(n, len(nv), len(pairs), ", ".join(bonds) or "none")
    zh = "topo -m：{} 张 GPU，{} 对中 {} 对经 NVLink（{}）".format(n, len(pairs), len(nv), "、".join(bonds) or "无")
    if other:
        show = ", ".join("{}-{} {}".format(a, b, c) for a, b, c in other[:6]) + (" …" if len(other) > 6 else "")
        en += "; without NVLink: " + show
        zh += "；无 NVLink：" + show
    if n != want_n:
        en += "; the plan has {} GPUs per node".format(want_n)
        zh += "；方案每节点 {} 张 GPU".format(want_n)
    return verdict(item, "pass" if ok else "fail", en + ".", zh + "。", gpus=n, pairs=len(pairs), nvlink_pairs=len(nv),
                   bonds=bonds)


def pcie_topology(gpus, matrix, expect, missing=None):
    item = "pcie-topology"
    if not gpus:
        return _no_gpu(item, missing or ("no GPU to read the PCIe link from", "没有可读取 PCIe 链路的 GPU"))
    want_gen = expect.get("pcie_gen")
    narrow = [g for g in gpus if (g.get("pcie_width_current") or 0) < 16]
    slow = [g for g in gpus if want_gen and (g.get("pcie_gen_max") or 0) < want_gen]
    counts = {}
    for _, _, cell in _pair_cells(matrix):
        counts[cell] = counts.get(cell, 0) + 1
    kinds = ", ".join("{} {}".format(k, v) for k, v in sorted(counts.items())) or "?"
    gens = sorted({g.get("pcie_gen_max") for g in gpus if g.get("pcie_gen_max")})
    widths = sorted({g.get("pcie_width_current") for g in gpus if g.get("pcie_width_current")})
    en = "PCIe Gen {} x{} (plan: Gen {} x16); topo -m pairs: {}".format(
        "/".join(map(str, gens)) or "?", "/".join(map(str, widths)) or "?", want_gen or "?", kinds)
    zh = "PCIe Gen {} x{}（方案：Gen {} x16）；topo -m 各对：{}".format(
        "/".join(map(str, gens)) or "?", "/".join(map(str, widths)) or "?", want_gen or "?", kinds)
    if narrow:
        en += "; narrower than x16: GPU " + ", ".join(str(g.get("index")) for g in narrow)
        zh += "；低于 x16：GPU " + "、".join(str(g.get("index")) for g in narrow)
    if slow:
        en += "; below Gen {}: GPU ".format(want_gen) + ", ".join(str(g.get("index")) for g in slow)
        zh += "；低于 Gen {}：GPU ".format(want_gen) + "、".join(str(g.get("index")) for g in slow)
    return verdict(item, "fail" if (narrow or slow) else "pass", en + ".", zh + "。", pcie_gen_max=gens,
                   pcie_width=widths, pair_kinds=counts)


# --- all_reduce ----------------------------------------------------------------------------------


def bus_bandwidth(algbw, ranks):
    """nccl-tests' bus bandwidth for all_reduce: algbw × 2(n−1)/n (NVIDIA/nccl-tests doc/PERFORMANCE.md)."""
    return algbw * 2 * (ranks - 1) / ranks if ranks > 1 else 0.0


def busbw_figure(rows):
    """(busbw GB/s, message bytes) the check judges: the best busbw among large messages (the plateau)."""
    large = [r for r in rows if r.get("bytes", 0) >= LARGE_MESSAGE_BYTES and r.get("busbw_gbps") is not None]
    pool = large or [r for r in rows if r.get("busbw_gbps") is not None]
    if not pool:
        return None, None
    best = max(pool, key=lambda r: (r["busbw_gbps"], r.get("bytes", 0)))
    return best["busbw_gbps"], best["bytes"]


def allreduce(result, expect, kind, missing=None):
    """kind: nvlink | pcie | internode."""
    item = {"nvlink": "allreduce-nvlink", "pcie": "allreduce-pcie", "internode": "allreduce-internode"}[kind]
    if not result or result.get("skipped"):
        why = (result or {}).get("skipped") or missing or ("the all_reduce test did not run", "all_reduce 测试未运行")
        return _no_gpu(item, tuple(why))
    if result.get("error"):
        return verdict(item, "fail", "all_reduce failed: {}.".format(result["error"]),
                       "all_reduce 失败：{}。".format(result["error"]), error=result["error"])
    bw, size = busbw_figure(result.get("sizes") or [])
    if kind == "internode":
        want, expected, link = (expect.get("busbw_internode_min_gbps"), expect.get("busbw_internode_expected_gbps"),
                                expect.get("internode_gbps"))
        link_name = expect.get("network_text") or "network"
    else:
        want, expected, link = (expect.get("busbw_min_gbps"), expect.get("busbw_expected_gbps"),
                                expect.get("link_gbps_per_direction"))
        link_name = expect.get("link_name") or kind
    share = bw / link if (bw is not None and link) else None
    ok = bw is not None and (want is None or bw >= want)
    status = "pass" if ok else "fail"
    if want is None and bw is not None:
        status = "info"  # no threshold in the plan (the catalogue had no link figure)
    size_text = "{:,.0f} MiB".format(size / 2**20) if size else "?"
    en = "busbw {} GB/s at {} over {} GPUs (plan: ≥ {} GB/s, about {} expected{})".format(
        _n(bw, 1), size_text, result.get("world_size", "?"), _n(want, 1), _n(expected, 1),
        "; {:.0%} of {} {} GB/s per direction".format(share, link_name, _n(link)) if share is not None else "")
    zh = "{} 张 GPU 在 {} 消息下 busbw {} GB/s（方案：≥ {} GB/s，预期约 {}{}）".format(
        result.get("world_size", "?"), size_text, _n(bw, 1), _n(want, 1), _n(expected, 1),
        "；为 {} 单向 {} GB/s 的 {:.0%}".format(link_name, _n(link), share) if share is not None else "")
    return verdict(item, status, en + ".", zh + "。", busbw_gbps=bw, at_bytes=size, link_share=share,
                   world_size=result.get("world_size"))


def nccl_errors(result, missing=None):
    item = "nccl-errors"
    if not result or result.get("skipped"):
        why = (result or {}).get("skipped") or missing or ("the all_reduce test did not run", "all_reduce 测试未运行")
        return _no_gpu(item, tuple(why))
    if result.get("error"):
        return verdict(item, "fail", "NCCL error during the all_reduce test: {}.".format(result["error"]),
                       "all_reduce 测试中出现 NCCL 错误：{}。".format(result["error"]), error=result["error"])
    calls = sum(r.get("iterations", 0) for r in result.get("sizes") or [])
    return verdict(item, "info", "No NCCL error or timeout in {:,} all_reduce calls at delivery; keep watching during "
                   "the first 24 h of training.".format(calls),
                   "交付时 {:,} 次 all_reduce 调用无 NCCL 错误或超时；训练前 24 小时仍需观察。".format(calls), calls=calls)
