"""Verdicts: measured values against the thresholds gpudesk put in kit.json ("expect").

The one home of these rules: the probe prints them as it goes, and gpudesk re-runs the same
functions on import (so a results file is judged against the plan as it is now). Every threshold
comes from `expect`; nothing here is a planning figure. Python 3.6+ standard library only.

Each function returns {"id": checklist item, "status": pass|fail|info|skipped, "text": {"en", "zh_CN"},
"measured": {...}}; `info` means measured evidence without a verdict (the criterion needs more
than a probe can see), `skipped` means the check could not run (what is missing is in the text).
"""

import re

FORM_WORDS = {"sxm", "sxm2", "sxm3", "sxm4", "sxm5", "pcie", "nvl", "hgx", "oam", "module"}
PCIE_ONLY_WORDS = {"pcie", "nvl"}  # an SXM plan must not get these
LARGE_MESSAGE_BYTES = 256 * 2**20  # busbw is judged on messages this large or larger (the plateau)


def verdict(item, status, en, zh, **measured):
    return {"id": item, "status": status, "text": {"en": en, "zh_CN": zh}, "measured": measured}


def _n(x, digits=0):
    if x is None:
        return "?"
    return "{:,.{d}f}".format(x, d=digits)


def _gib(b):
    return "?" if b is None else "{:.1f} GiB".format(b / 2**30)


# --- names ---------------------------------------------------------------------------------------


def tokens(text):
    return [t for t in re.split(r"[^a-z0-9]+", (text or "").lower()) if t]


def name_tokens(gpu_id):
    """The model tokens of a catalogue GPU id ('a100-sxm-80gb' -> ['a100']; 'rtx-4090d' -> ['rtx', '4090d'])."""
    return [t for t in tokens(gpu_id) if t not in FORM_WORDS and not re.match(r"^\d+gb$", t)]


def name_matches(name, want, form_factor=None):
    """True when the nvidia-smi name is the planned model: every planned token is a whole token of
    the name, no variant letter follows the model number ('RTX 4090 D' is not an 'RTX 4090'), and an
    SXM plan does not get a PCIe/NVL card."""
    have = tokens(name)
    if not want:
        return True
    for w in want:
        if w not in have:
            return False
        i = have.index(w)
        nxt = have[i + 1] if i + 1 < len(have) else ""
        if re.match(r"^\d+$", w) and len(nxt) == 1 and nxt.isalpha() and nxt not in want:
            return False
    if (form_factor or "").lower() in ("sxm", "oam") and PCIE_ONLY_WORDS & set(have):
        return False
    return True


def _no_gpu(item, why):
    en, zh = why
    return verdict(item, "skipped", "Skipped: " + en.rstrip(".") + ".", "已跳过：" + zh.rstrip("。") + "。")


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
    best = max(pool, key=lambda r: r["busbw_gbps"])
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


# --- storage, host ---------------------------------------------------------------------------------


def storage_iops(st, expect):
    item = "storage-iops"
    if not st or st.get("skipped"):
        return _no_gpu(item, tuple((st or {}).get("skipped") or ("storage test not run", "未运行存储测试")))
    iops, want = st.get("read_iops"), expect.get("iops_min")
    if iops is None:
        return verdict(item, "fail", "Random-read test failed: {}.".format(st.get("error") or "?"),
                       "随机读测试失败：{}。".format(st.get("error") or "?"), error=st.get("error"))
    ok = want is None or iops >= want
    tool = st.get("tool") or "?"
    en = "4k random read {} IOPS on {} ({}, {}) (plan: ≥ {})".format(_n(iops), st.get("dir") or "?", st.get("fs") or "?",
                                                                     tool, _n(want))
    zh = "{}（{}，{}）4k 随机读 {} IOPS（方案：≥ {}）".format(st.get("dir") or "?", st.get("fs") or "?", tool, _n(iops), _n(want))
    status = "pass" if ok else "fail"
    if not st.get("direct"):
        status = "info"  # through the page cache: not a measurement of the disk
        en += "; measured through the page cache (O_DIRECT unsupported here), so not conclusive"
        zh += "；经由页缓存测得（此处不支持 O_DIRECT），结论仅供参考"
    return verdict(item, status, en + ".", zh + "。", read_iops=iops, tool=tool, direct=bool(st.get("direct")))


def storage_throughput(st, expect):
    item = "storage-throughput"
    if not st or st.get("skipped"):
        return _no_gpu(item, tuple((st or {}).get("skipped") or ("storage test not run", "未运行存储测试")))
    rd, wr = st.get("seq_read_bytes_per_s"), st.get("seq_write_bytes_per_s")
    want = expect.get("throughput_min_mbs")
    if rd is None or wr is None:
        return verdict(item, "fail", "Sequential test failed: {}.".format(st.get("error") or "?"),
                       "顺序读写测试失败：{}。".format(st.get("error") or "?"), error=st.get("error"))
    rd_mb, wr_mb = rd / 1e6, wr / 1e6
    ok = want is None or (rd_mb >= want and wr_mb >= want)
    en = "Sequential read {} MB/s, write {} MB/s on {} ({}) (plan: both ≥ {} MB/s)".format(
        _n(rd_mb), _n(wr_mb), st.get("dir") or "?", st.get("tool") or "?", _n(want))
    zh = "{}（{}）顺序读 {} MB/s，写 {} MB/s（方案：均 ≥ {} MB/s）".format(
        st.get("dir") or "?", st.get("tool") or "?", _n(rd_mb), _n(wr_mb), _n(want))
    status = "pass" if ok else "fail"
    if not st.get("direct"):
        status = "info"
        en += "; through the page cache, so not conclusive"
        zh += "；经由页缓存测得，结论仅供参考"
    return verdict(item, status, en + ".", zh + "。", seq_read_mbs=rd_mb, seq_write_mbs=wr_mb, direct=bool(st.get("direct")))


def _xeon_generation(model):
    """Xeon Scalable generation from the model number (x1xx Skylake ... x3xx Ice Lake, x4xx Sapphire
    Rapids); 6 for Xeon 6 (6xxxP/E); None when it cannot be told."""
    m = re.search(r"xeon\(r\)?\s*(?:platinum|gold|silver|bronze)\s*(\d)(\d)(\d\d)", (model or "").lower())
    if m:
        return int(m.group(2))
    if re.search(r"xeon\(r\)?\s*6\d{3}[pe]\b", (model or "").lower()):
        return 6
    return None


def cpu_as_ordered(cpu, expect):
    item = "cpu-as-ordered"
    model = (cpu or {}).get("model")
    if not model:
        return verdict(item, "skipped", "Skipped: lscpu and /proc/cpuinfo name no CPU model.",
                       "已跳过：lscpu 和 /proc/cpuinfo 均未给出 CPU 型号。")
    desc = "{} ({} socket(s), {} cores, {} threads)".format(model, cpu.get("sockets") or "?", cpu.get("physical_cores") or "?",
                                                           cpu.get("logical_cpus") or "?")
    desc_zh = "{}（{} 路，{} 核，{} 线程）".format(model, cpu.get("sockets") or "?", cpu.get("physical_cores") or "?",
                                            cpu.get("logical_cpus") or "?")
    want = expect.get("cpu")
    low = model.lower()
    if want:
        need = [t for t in tokens(want) if t not in ("intel", "amd", "r", "tm", "processor", "cpu", "core")]
        ok = all(t in tokens(model) for t in need)
        return verdict(item, "pass" if ok else "fail", "{} (ordered: {}).".format(desc, want),
                       "{}（订购：{}）。".format(desc_zh, want), model=model, cores=cpu.get("physical_cores"))
    gen = _xeon_generation(model)
    if "epyc" in low or (gen is not None and gen >= 3):
        status = "pass"
    elif gen is not None:
        status = "fail"
        desc += ": a Xeon older than Ice Lake"
        desc_zh += "：早于 Ice Lake 的 Xeon"
    else:
        status = "info"
    return verdict(item, status, desc + " (criterion: AMD EPYC or Intel Xeon Ice Lake or newer).",
                   desc_zh + "（标准：AMD EPYC 或 Intel Xeon Ice Lake 及更新）。", model=model, cores=cpu.get("physical_cores"))


def host_ram(mem, expect):
    item = "host-ram"
    total = (mem or {}).get("total_bytes")
    if not total:
        return verdict(item, "skipped", "Skipped: /proc/meminfo not readable.", "已跳过：无法读取 /proc/meminfo。")
    need_gib = expect.get("host_ram_free_min_gib")
    gib = total / 2**30
    ok = need_gib is None or gib >= need_gib
    en = "MemTotal {} ({} GB) (plan: ≥ {} GB installed, free -g total ≥ {})".format(
        _gib(total), _n(total / 1e9), _n((expect.get("host_ram_min_bytes") or 0) / 1e9), _n(need_gib))
    zh = "MemTotal {}（{} GB）（方案：安装 ≥ {} GB，free -g 总量 ≥ {}）".format(
        _gib(total), _n(total / 1e9), _n((expect.get("host_ram_min_bytes") or 0) / 1e9), _n(need_gib))
    return verdict(item, "pass" if ok else "fail", en + ".", zh + "。", total_bytes=total)


def rack_power(gpus, expect, missing=None):
    item = "rack-power"
    if not gpus:
        return _no_gpu(item, missing or ("no GPU to read power limits from", "没有可读取功率上限的 GPU"))
    tdp = expect.get("tdp_w")
    capped = [g for g in gpus if g.get("power_limit_w") and g.get("power_default_limit_w")
              and g["power_limit_w"] < g["power_default_limit_w"] - 1]
    reduced = [g for g in gpus if tdp and g.get("power_default_limit_w") and g["power_default_limit_w"] < tdp - 1]
    limits = sorted({g.get("power_limit_w") for g in gpus if g.get("power_limit_w")})
    en = "Enforced power limit {} W on {} GPU(s) (plan: {} W per GPU)".format(
        "/".join(_n(x) for x in limits) or "?", len(gpus), _n(tdp))
    zh = "{} 张 GPU 实际功率上限 {} W（方案：每卡 {} W）".format(len(gpus), "/".join(_n(x) for x in limits) or "?", _n(tdp))
    if capped:
        en += "; capped below the default on GPU " + ", ".join(str(g.get("index")) for g in capped)
        zh += "；GPU {} 被限制在默认值以下".format("、".join(str(g.get("index")) for g in capped))
    if reduced:
        en += "; default limit below the planned TDP on GPU " + ", ".join(str(g.get("index")) for g in reduced)
        zh += "；GPU {} 的默认上限低于方案 TDP".format("、".join(str(g.get("index")) for g in reduced))
    if capped or reduced:
        return verdict(item, "fail", en + ".", zh + "。", capped=len(capped), reduced=len(reduced), limits_w=limits)
    return verdict(item, "info", en + "; the rack supply needs the provider's PDU reading.",
                   zh + "；机柜供电需服务商提供 PDU 读数。", capped=0, reduced=0, limits_w=limits)


# --- training, temperature, errors ---------------------------------------------------------------


def training_mfu(train, expect):
    """(achieved TFLOPS per GPU, MFU) of the synthetic run, with gpudesk's FLOPs per token
    (flops_per_token_base + layers × flops_per_token_per_layer, from the plan's estimator) against
    the dense peak at the run's precision. The slowest GPU counts (it sets a data-parallel step)."""
    cfg = expect.get("train") or {}
    tps, layers = (train or {}).get("tokens_per_s"), (train or {}).get("layers")
    a, b, peak = cfg.get("flops_per_token_base"), cfg.get("flops_per_token_per_layer"), cfg.get("peak_tflops")
    if not tps or not layers or a is None or b is None:
        return None, None
    tflops = (a + b * layers) * tps / 1e12
    return tflops, (tflops / peak if peak else None)


def micro_training_run(train, expect, missing=None):
    item = "micro-training-run"
    if not train or train.get("skipped"):
        why = (train or {}).get("skipped") or missing or ("the training run did not start", "训练测试未启动")
        return _no_gpu(item, tuple(why))
    if train.get("error"):
        return verdict(item, "fail", "The synthetic training run failed: {}.".format(train["error"]),
                       "合成训练测试失败：{}。".format(train["error"]), error=train["error"])
    tflops, mfu = training_mfu(train, expect)
    predicted = (expect.get("train") or {}).get("predicted_mfu")
    planned = expect.get("planned_mfu")
    share = expect.get("throughput_pass_share") or 0.8
    loss_ok = (train.get("loss_last") is not None and train.get("loss_first") is not None
               and train["loss_last"] < train["loss_first"])
    fast = mfu is not None and predicted is not None and mfu >= share * predicted
    shape = "{} layer(s) of the plan's shape (hidden {}, seq {}, micro-batch {}, {}) on {} GPU(s)".format(
        train.get("layers"), train.get("hidden"), train.get("seq_len"), train.get("micro_batch"), train.get("dtype"),
        train.get("gpus") or 1)
    shape_zh = "按方案形状的 {} 层（hidden {}，seq {}，micro-batch {}，{}），{} 张 GPU".format(
        train.get("layers"), train.get("hidden"), train.get("seq_len"), train.get("micro_batch"), train.get("dtype"),
        train.get("gpus") or 1)
    en = ("Synthetic Transformer, {}: slowest GPU {} tokens/s, {} TFLOPS = MFU {} (gpudesk predicts {} for this run; "
          "the plan assumes {}); peak memory {}; loss {}").format(
        shape, _n(train.get("tokens_per_s")), _n(tflops, 1), _pct(mfu), _pct(predicted), _pct(planned),
        _gib(train.get("peak_allocated_bytes")), "falls" if loss_ok else "does not fall")
    zh = ("合成 Transformer，{}：最慢 GPU {} tokens/s，{} TFLOPS = MFU {}（gpudesk 对此测试的预测为 {}，"
          "方案假设 {}）；峰值显存 {}；loss {}").format(
        shape_zh, _n(train.get("tokens_per_s")), _n(tflops, 1), _pct(mfu), _pct(predicted), _pct(planned),
        _gib(train.get("peak_allocated_bytes")), "下降" if loss_ok else "未下降")
    ok = loss_ok and (fast or predicted is None)
    if not fast and predicted is not None and mfu is not None:
        en += "; below {:.0%} of the predicted MFU".format(share)
        zh += "；低于预测 MFU 的 {:.0%}".format(share)
    return verdict(item, "pass" if ok else "fail", en + ".", zh + "。", tflops=tflops, mfu=mfu, predicted_mfu=predicted,
                   planned_mfu=planned, tokens_per_s=train.get("tokens_per_s"),
                   peak_allocated_bytes=train.get("peak_allocated_bytes"))


def _pct(x):
    return "?" if x is None else "{:.0%}".format(x)


def temperature_throttling(samples, expect, under_load, missing=None):
    """samples: {"GPU index": {"max_c", "reasons": [...]}} over the load (training run or burn-in)."""
    item = "temperature-throttling"
    if not samples:
        return _no_gpu(item, missing or ("no temperature samples", "没有温度采样"))
    limit = expect.get("temperature_max_c")
    spread_max = expect.get("temperature_spread_max_c")
    maxes = [s.get("max_c") for s in samples.values() if s.get("max_c") is not None]
    hottest = max(maxes) if maxes else None
    spread = (max(maxes) - min(maxes)) if len(maxes) > 1 else 0.0
    thermal = sorted(k for k, s in samples.items() if set(s.get("reasons") or []) & {"sw_thermal_slowdown",
                                                                                      "hw_thermal_slowdown", "hw_slowdown"})
    bad_en, bad_zh = [], []
    if hottest is not None and limit is not None and hottest > limit:
        bad_en.append("above {} °C".format(_n(limit)))
        bad_zh.append("超过 {} °C".format(_n(limit)))
    if spread_max is not None and spread > spread_max:
        bad_en.append("spread above {} °C".format(_n(spread_max)))
        bad_zh.append("温差超过 {} °C".format(_n(spread_max)))
    if thermal:
        bad_en.append("thermal/HW slowdown on GPU " + ", ".join(thermal))
        bad_zh.append("GPU {} 出现过热/硬件降频".format("、".join(thermal)))
    en = "{}: hottest GPU {} °C, spread {} °C across {} GPU(s)".format(
        "Under load" if under_load else "At idle", _n(hottest), _n(spread), len(samples))
    zh = "{}：最高 {} °C，{} 张 GPU 温差 {} °C".format("满载" if under_load else "空闲", _n(hottest), len(samples), _n(spread))
    if bad_en:
        return verdict(item, "fail", en + "; " + "; ".join(bad_en) + ".", zh + "；" + "；".join(bad_zh) + "。",
                       max_c=hottest, spread_c=spread, throttled=thermal)
    if not under_load:
        return verdict(item, "info", en + "; not tested under load (needs PyTorch, or run with --burn-in).",
                       zh + "；未在负载下测试（需要 PyTorch，或使用 --burn-in）。", max_c=hottest, spread_c=spread, throttled=[])
    return verdict(item, "pass", en + ", no thermal slowdown.", zh + "，无过热降频。", max_c=hottest, spread_c=spread,
                   throttled=[])


def hardware_errors(xid, burn=None):
    """xid: {"readable": bool, "events": [...], "source": "dmesg"|"journalctl -k"}; burn: the burn-in
    summary (new Xid events and ECC count changes while every GPU was loaded)."""
    item = "hardware-errors"
    events = list((xid or {}).get("events") or []) + list((burn or {}).get("xid_new") or [])
    ecc_new = sum((s.get("ecc_uncorrected_delta") or 0) for s in ((burn or {}).get("gpus") or {}).values())
    corr_new = sum((s.get("ecc_corrected_delta") or 0) for s in ((burn or {}).get("gpus") or {}).values())
    burn_en = burn_zh = ""
    if burn:
        burn_en = "; {:.1f} h burn-in: {} new uncorrectable and {} new correctable ECC errors".format(
            burn.get("hours") or 0, ecc_new, corr_new)
        burn_zh = "；{:.1f} 小时老化测试：新增不可纠正 ECC 错误 {} 个、可纠正 {} 个".format(burn.get("hours") or 0, ecc_new, corr_new)
    if events or ecc_new:
        codes = sorted({e.get("xid") for e in events})
        en = "{} Xid event(s) in the kernel log{}{}".format(len(events), ": Xid " + ", ".join(map(str, codes)) if codes else "",
                                                             burn_en)
        zh = "内核日志中有 {} 个 Xid 事件{}{}".format(len(events), "：Xid " + "、".join(map(str, codes)) if codes else "", burn_zh)
        return verdict(item, "fail", en + ".", zh + "。", events=len(events), codes=codes, ecc_uncorrected_new=ecc_new)
    if not xid or not xid.get("readable"):
        return verdict(item, "skipped" if not burn else "info",
                       "The kernel log is not readable (run the kit with sudo to read dmesg){}.".format(burn_en),
                       "无法读取内核日志（用 sudo 运行套件以读取 dmesg）{}。".format(burn_zh), events=None,
                       ecc_uncorrected_new=ecc_new)
    return verdict(item, "pass", "No Xid error in the kernel log ({}){}.".format(xid.get("source") or "dmesg", burn_en),
                   "内核日志中无 Xid 错误（{}）{}。".format(xid.get("source") or "dmesg", burn_zh), events=0, codes=[],
                   ecc_uncorrected_new=ecc_new)
