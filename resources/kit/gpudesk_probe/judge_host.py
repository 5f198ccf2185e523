"""Verdicts on the host, storage, power, the training run, temperatures and hardware errors
(re-exported by judge). Python 3.6+ standard library only."""

import re

from .verdicts import _gib, _n, _pct, skipped as _no_gpu, tokens, verdict


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
        # "2× AMD EPYC 7742 (64 cores each)": the count is the sockets, the bracket a comment
        bare = re.sub(r"\(.*?\)", "", re.sub(r"^\s*\d+\s*[×x*]\s*", "", want))
        need = [t for t in tokens(bare) if t not in ("intel", "amd", "r", "tm", "processor", "cpu", "core")]
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
    if under_load and spread_max is not None and spread > spread_max:  # the spec's spread is under full load
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
