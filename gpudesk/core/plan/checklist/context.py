"""What the checklist's templates are filled in with (`context`): the plan's figures and the expectations
worded in the reader's language, one string per placeholder ("{gpus}", "{busbw_min}", "{ram_why}" …)."""

from __future__ import annotations

from typing import Any

from gpudesk.core import units
from gpudesk.core.i18n import current_language, t
from gpudesk.core.models import CostEstimate
from gpudesk.core.plan.budget import Budget, plan_budget
from gpudesk.core.plan.checklist.expectations import (
    BUSBW_EFFICIENCY,
    BUSBW_MIN_FRACTION,
    CHECKPOINT_SECONDS,
    DATA_RATE_SAFETY,
    GB,
    GIB,
    IOPS_FLOOR,
    NVIDIA_DRIVER_MIN,
    THROUGHPUT_FLOOR_MBS,
    THROUGHPUT_PASS_SHARE,
    Expectations,
    _catalog_row,
    _gpu_spec,
    _pcie_gbps,
)
from gpudesk.core.plan.model import Plan
from gpudesk.core.protocols import Catalogue
from gpudesk.core.rules import HOST_RAM_MULTI_GPU

UNKNOWN = "?"

# provider facts the catalogue may record, each worded for the item that asks for it: (placeholder, the
# provider row's field, English, Chinese); a fact not recorded reads as a prompt to ask for it
_PROVIDER_FACTS = (
    ("licence_recorded", "licence_number", "The catalogue records {value}.", "目录记录的编号为 {value}。"),
    ("icp_recorded", "icp_filing", "The catalogue records {value}.", "目录记录为 {value}。"),
    ("certs_recorded", "certifications", "The catalogue lists {value}.", "目录记录：{value}。"),
    ("support_recorded", "support_7x24", "Catalogue: 7×24 support {value}.", "目录：7×24 支持 {value}。"),
    ("spares_recorded", "spare_parts", "Catalogue: spare parts {value}.", "目录：备件 {value}。"),
    ("destruction_recorded", "data_destruction", "Catalogue: {value}.", "目录：{value}。"),
)
NOT_NVIDIA_LINK = ("not an NVIDIA GPU (see the vendor interconnect item).", "不是 NVIDIA GPU（见厂商互联检查项）。")


def _num(x: float | None, digits: int = 0) -> str:
    return UNKNOWN if x is None else units.compact(x, digits)


def _money(amount: float | None, currency: str) -> str:
    return t("unknown (no price)", "未知（无价格）") if amount is None else units.money(amount, currency)


def _known(value: Any, en: str, zh: str, *, chosen: bool = True) -> str:
    if not chosen:
        return t(
            "No provider is chosen yet: record the providers' written quotes on the 比价 page and select one.",
            "尚未选定服务商：请在比价页录入各服务商的书面报价并选定一份。",
        )
    if value in (None, "", []):
        return t("Not recorded in the catalogue: ask for it.", "目录中未记录：请向服务商索取。")
    if isinstance(value, list):
        value = ", ".join(map(str, value))
    if isinstance(value, bool):
        value = units.yes_no(value)
    return t(en, zh, value=value)


def context(plan: Plan, ex: Expectations, catalog: Catalogue | None) -> dict[str, str]:
    """Every placeholder of the templates for this plan, in the current language."""
    provider = _catalog_row(plan, "provider", plan.choice.provider if plan.choice else None, catalog) or {}
    ctx = _figures(plan, ex, provider)
    ctx.update(_cost_context(plan, ex))
    ctx.update(_provider_context(provider, chosen=not ex.no_provider))
    ctx.update(_power_and_storage(ex))
    ctx.update(_host_context(plan, ex))
    ctx["network_text"] = _network_text(plan, catalog)
    ctx.update(_serving_context(plan))
    pcie_gen = _pcie_gbps(_gpu_spec(plan, catalog))[1] or "PCIe"
    ctx["pcie_text"] = (
        pcie_gen.replace("PCIe ", "") + " x16"
        if pcie_gen != "PCIe"
        else t("x16 (generation as ordered)", "x16（代数与订购一致）")
    )
    ctx.update(_not_applicable(ex))
    return ctx


def _figures(plan: Plan, ex: Expectations, provider: dict[str, Any]) -> dict[str, str]:
    """The configuration and the figures the delivered machines are held to."""
    job, choice = plan.job, plan.choice
    lay = choice.layout if choice else None
    mem_gb = ex.gpu_memory_bytes / GB if ex.gpu_memory_bytes else None
    mem_mib = ex.gpu_memory_bytes / 2**20 if ex.gpu_memory_bytes else None
    ctx: dict[str, str] = {
        "gpus": str(ex.gpus),
        "nodes": str(ex.nodes),
        "gpus_per_node": str(ex.gpus_per_node),
        "gpu_name": ex.gpu_name or t("the chosen GPU", "所选 GPU"),
        "mem_gb": _num(mem_gb),
        "mem_mib": _num(mem_mib),
        "mem_mib_min": _num(ex.memory_mib_min),
        "interconnect": (choice.interconnect if choice and choice.interconnect else (ex.link_name or "NVLink")),
        "driver_min": str(ex.driver_min or NVIDIA_DRIVER_MIN),
        "link_name": ex.link_name or "?",
        "link_gbps": units.bandwidth(ex.link_gbps_per_direction),
        "busbw_expected": units.bandwidth(ex.busbw_expected_gbps),
        "busbw_min": units.bandwidth(ex.busbw_min_gbps),
        "busbw_eff_pct": _num(100 * BUSBW_EFFICIENCY.get(ex.topology, 0)),
        "busbw_min_pct": _num(100 * BUSBW_MIN_FRACTION.get(ex.topology, 0)),
        "busbw_inter_expected": units.bandwidth(ex.busbw_internode_expected_gbps),
        "busbw_inter_min": units.bandwidth(ex.busbw_internode_min_gbps),
        "iops_min": _num(ex.iops_min),
        "throughput_min": _num(ex.throughput_min_mbs),
        "samples_per_s": _num(ex.samples_per_second, 1)
        if ex.samples_per_second
        else t("an unknown number of", "数量未知的"),
        "tdp_w": _num(ex.tdp_watts),
        "p60": _num(ex.tdp_watts * 0.6 if ex.tdp_watts else None),
        "p70": _num(ex.tdp_watts * 0.7 if ex.tdp_watts else None),
        "p80": _num(ex.tdp_watts * 0.8 if ex.tdp_watts else None),
        "node_kw": _num(ex.node_power_kw, 1),
        "rack_kw": _num(ex.rack_power_kw, 1),
        "peak_gib": _num(ex.peak_memory_bytes / GIB if ex.peak_memory_bytes else None, 1),
        "tps": _num(ex.tokens_per_second),
        "tps_min": _num(ex.tokens_per_second * THROUGHPUT_PASS_SHARE if ex.tokens_per_second else None),
        "concurrency": str(job.concurrency),
        "context": str(job.serving_context or job.seq_len),
        # before a provider is chosen (market reference, or a price the user typed) the items speak of the provider
        # still to be chosen, never of the market reference (C2)
        "provider": t("the provider you choose", "拟选服务商")
        if ex.no_provider
        else provider.get("name_zh" if current_language() == "zh_CN" else "name_en")
        or provider.get("name_zh")
        or provider.get("name_en")
        or t("the provider", "服务商"),
    }
    ctx["tp_note"] = (
        t(", and runs tensor parallelism (TP={tp}) across them", "，且在其上运行张量并行（TP={tp}）", tp=lay.tp)
        if lay and lay.tp > 1
        else ""
    )
    # the layout in the reader's words (the zh checklist printed "offload=none, recompute=none, micro-batch=1")
    ctx["layout_text"] = (
        f"TP={lay.tp}, PP={lay.pp}, DP={lay.dp}, ZeRO-{lay.zero}"
        + t(
            ", offload: {o}, recompute: {r}, micro-batch {m}",
            "，卸载：{o}，重计算：{r}，微批次 {m}",
            o=units.label("offload", lay.offload),
            r=units.label("recompute", lay.recompute),
            m=lay.micro_batch,
        )
        if lay
        else t("the planned layout", "方案中的布局")
    )
    ctx["nodes_text"] = t("1 node" if ex.nodes == 1 else "{n} nodes", "{n} 个节点", n=ex.nodes)
    return ctx


def _cost_context(plan: Plan, ex: Expectations) -> dict[str, str]:
    """Time, price and budget as the billing items quote them."""
    job, choice = plan.job, plan.choice
    cost = choice.cost if choice else None
    currency = (cost.currency if cost else None) or job.currency
    hours = choice.time.hours if choice else None
    ctx = {
        "hours_text": t("{h:,.0f}-hour", "{h:,.0f} 小时", h=hours) if hours else t("long", "长时间"),
        "cost_per_day": (
            _money(cost.price_per_gpu_hour * ex.gpus * 24, currency)
            if cost and cost.price_per_gpu_hour is not None
            else t("unknown (no price)", "未知（无价格）")
        ),
    }
    budget = plan_budget(plan)  # the plan's one budget figure (C1): the selected quote's all-in, else the estimate
    ctx["cost_text"] = budget.text()
    ctx["price_per_gpu_hour"] = _plan_price(cost, currency, ex.monthly)
    ctx.update(_quote_context(plan, budget))
    kind = choice.price_kind if choice else None
    kinds = {
        "quoted": t("a quoted price", "报价"),
        "list": t("a public list price", "公开目录价"),
        "estimate": t("a market reference estimate", "市场参考估计价"),
    }
    ctx["price_text"] = (
        t(
            "{kind} dated {date}",
            "{date} 的{kind}",
            kind=kinds.get(kind, kind),
            date=(choice.price_date if choice else None) or t("unknown date", "未知日期"),
        )
        if kind
        else t("a price of unknown kind and date", "类型和日期未知的价格")
    )
    be = cost.break_even_hours if cost else None
    cheaper = str(cost.cheaper_billing) if cost and cost.cheaper_billing else None
    ctx["billing_advice"] = (
        t(
            "For this plan {mode} billing is cheaper{be}.",
            "本方案以{mode}计费更便宜{be}。",
            mode=units.label("billing_short", cheaper),
            be=t(
                " (monthly pays off beyond {h:,.0f} hours of use a month)",
                "（每月使用超过 {h:,.0f} 小时则按月更划算）",
                h=be,
            )
            if be
            else "",
        )
        if cheaper
        else ""
    )
    return ctx


def _provider_context(provider: dict[str, Any], *, chosen: bool) -> dict[str, str]:
    """The provider's facts from the catalogue, or a prompt to ask (or to choose a provider first)."""
    ctx = {key: _known(provider.get(field), en, zh, chosen=chosen) for key, field, en, zh in _PROVIDER_FACTS}
    dc = units.localised(provider, "data_centres") or (
        t(", ", "、").join(units.region(r) for r in provider.get("regions") or []) or None
    )
    ctx["dc_recorded"] = _known(dc, "The catalogue lists {value}.", "目录记录：{value}。", chosen=chosen)
    modes = [units.label("billing_short", m) for m in provider.get("billing_modes") or []]
    ctx["billing_recorded"] = _known(
        modes, "Catalogue billing modes: {value}.", "目录记录的计费方式：{value}。", chosen=chosen
    )
    return ctx


def _power_and_storage(ex: Expectations) -> dict[str, str]:
    """Where the power figure comes from; the storage figures' basis (data rate, checkpoints, floors)."""
    ctx = {
        "power_basis": (
            t("catalogue figure for the node", "目录中的节点功耗")
            if ex.node_power_basis == "catalog"
            else t("the plan's node power estimate", "方案中的节点功耗估算")
            if ex.node_power_basis == "plan"
            else t(
                "{n}× {w:,.0f} W GPU TDP plus the host",
                "{n}× {w:,.0f} W GPU TDP 加主机",
                n=ex.gpus_per_node,
                w=ex.tdp_watts or 0,
            )
            if ex.tdp_watts
            else t("no power figure in the catalogue: ask", "目录无功耗数据：请询问")
        )
    }
    if ex.nodes > 1:
        ctx["power_basis"] += t(", × {n} nodes", "，× {n} 个节点", n=ex.nodes)
    ctx["iops_basis"] = (
        t(
            "{n:,.0f} samples/s × {s} for shuffling and re-reads, at least {f:,} for many small files",
            "{n:,.0f} 样本/秒 × {s}（随机打乱与重复读取），小文件场景不低于 {f:,}",
            n=ex.samples_per_second,
            s=DATA_RATE_SAFETY,
            f=IOPS_FLOOR,
        )
        if ex.samples_per_second
        else t("at least {f:,} for many small files", "小文件场景不低于 {f:,}", f=IOPS_FLOOR)
    )
    ctx["data_rate"] = (
        units.data_rate(ex.data_rate_bytes_per_s) if ex.data_rate_bytes_per_s else t("an unknown rate", "未知速率")
    )
    ctx["checkpoint_text"] = (
        t("checkpoints of about {size}", "约 {size} 的检查点", size=units.data_size(ex.checkpoint_bytes))
        if ex.checkpoint_bytes
        else t("checkpoints and results", "检查点和结果")
    )
    parts = []
    if ex.checkpoint_bytes:
        parts.append(
            t(
                "a {size} checkpoint written in ≤ {m} min",
                "{size} 检查点在 {m} 分钟内写完",
                size=units.data_size(ex.checkpoint_bytes),
                m=CHECKPOINT_SECONDS // 60,
            )
        )
    if ex.data_rate_bytes_per_s:
        parts.append(t("{s}× the data rate", "数据速率的 {s} 倍", s=DATA_RATE_SAFETY))
    parts.append(t("at least {f} MB/s", "不低于 {f} MB/s", f=THROUGHPUT_FLOOR_MBS))
    ctx["throughput_basis"] = t("; ", "；").join(parts)
    return ctx


def _host_context(plan: Plan, ex: Expectations) -> dict[str, str]:
    """The host to check on delivery: CPU, RAM to order and why, RAM the offer lists."""
    lay = plan.choice.layout if plan.choice else None
    ctx = {
        "cpu_text": (
            t("lscpu shows the ordered CPU: {cpu}", "lscpu 显示订购的 CPU：{cpu}", cpu=units.cpu(ex.cpu))
            if ex.cpu
            else t("lscpu shows the CPU model and core count in the contract", "lscpu 显示合同约定的 CPU 型号与核数")
        ),
        "ram_min": units.host_ram(ex.host_ram_min_bytes),
        "ram_free_min": _num(ex.host_ram_free_min_gib),
    }
    reasons = []
    if ex.gpus > 1 and ex.trains:
        reasons.append(
            t(
                "Multi-GPU training needs ≥ {x} per node",
                "多卡训练每节点需要 ≥ {x}",
                x=units.host_ram(HOST_RAM_MULTI_GPU),
            )
        )
    if ex.host_ram_needed_bytes and ex.host_ram_needed_bytes > (HOST_RAM_MULTI_GPU if reasons else 0):
        reasons.append(
            t(
                "The plan needs {x} per node{off}",
                "方案估算每节点需要 {x}{off}",
                x=units.host_ram(ex.host_ram_needed_bytes),
                off=t(" (optimizer offload keeps states in host RAM)", "（优化器卸载把状态放在主机内存）")
                if lay and str(lay.offload) != "none"
                else "",
            )
        )
    if not reasons and ex.host_ram_min_bytes:
        reasons.append(
            t(
                "Without a figure in the plan, ask for at least twice the node's GPU memory",
                "方案中没有内存数据时，按节点显存总量的两倍要求",
            )
        )
    ctx["ram_why"] = (t("; ", "；").join(reasons) + t(".", "。")) if reasons else ""
    if ex.host_ram_ordered_bytes:
        short = ex.host_ram_ordered_bytes < ex.host_ram_min_bytes
        ctx["ram_ordered_text"] = t(
            "the offer lists {x}{warn}.",
            "报价中的配置为 {x}{warn}。",
            x=units.host_ram(ex.host_ram_ordered_bytes),
            warn=t(": less than needed, ask for more", "：低于需要，请要求加配") if short else "",
        )
    else:
        ctx["ram_ordered_text"] = t("and equal to the contract.", "且与合同一致。")
    return ctx


def _not_applicable(ex: Expectations) -> dict[str, str]:
    """Why an item does not apply to this plan, and the vendor-dependent ways to check (NVIDIA or not)."""
    nvidia = ex.conditions.get("nvidia", True)
    return {
        "na_power": (
            t("not an NVIDIA GPU (use the vendor's monitoring).", "不是 NVIDIA GPU（使用厂商监控工具）。")
            if not nvidia
            else t(
                "a service's power follows its load (decoding is bound by memory bandwidth, not compute): watch "
                "the load test's speed instead.",
                "推理服务的功耗随负载变化（解码受显存带宽限制而非算力）：请以压测速度为准。",
            )
        ),
        "na_rack": t(
            "one card is rented (a cloud instance or one GPU of a shared server): the rack and its power are "
            "the provider's; the card's own power limit is checked on delivery.",
            "只租用一张卡（云实例或共享服务器中的一张卡）：机柜及其供电由服务商负责；交付时检查该卡自身的功率上限。",
        ),
        "power_limit_how": (
            t(
                "nvidia-smi -q -d POWER  (enforced and default power limit)",
                "nvidia-smi -q -d POWER（实际与默认功率上限）",
            )
            if nvidia
            else t(
                "the vendor's tool for the power limit (Ascend: npu-smi info)",
                "用厂商工具查看功率上限（昇腾：npu-smi info）",
            )
        ),
        "na_collective": (
            t("a single GPU needs no NCCL communication.", "单卡不需要 NCCL 通信。")
            if ex.gpus <= 1
            else t(
                "not an NVIDIA GPU: watch the vendor's collective library instead (e.g. HCCL on Ascend).",
                "不是 NVIDIA GPU：请关注厂商的集合通信库（如昇腾的 HCCL）。",
            )
        ),
        "na_vendor_collective": (
            t("a single accelerator has no peers.", "单卡没有对端。")
            if ex.gpus <= 1
            else t("NVIDIA GPUs are tested with nccl-tests.", "NVIDIA GPU 用 nccl-tests 测试。")
        ),
        "na_topology": _link_not_applicable(
            ex,
            ("a single GPU has no NVLink peers.", "单卡没有 NVLink 对端。"),
            (
                "the GPUs in a node are joined by PCIe, not NVLink (see the PCIe items).",
                "节点内 GPU 通过 PCIe 而非 NVLink 连接（见 PCIe 相关项）。",
            ),
        ),
        "na_pcie": _link_not_applicable(
            ex,
            ("a single GPU per node has no PCIe peers.", "每节点单卡，没有 PCIe 对端。"),
            (
                "the GPUs in a node are joined by NVLink (see the NVLink items).",
                "节点内 GPU 通过 NVLink 连接（见 NVLink 相关项）。",
            ),
        ),
    }


def _link_not_applicable(ex: Expectations, single: tuple[str, str], other_link: tuple[str, str]) -> str:
    """Why a check of the GPUs' link inside a node (NVLink or PCIe) is n/a: one GPU per node has no peers,
    another vendor's GPUs are checked by the vendor interconnect item, else the node uses the other link."""
    if ex.gpus_per_node <= 1:
        return t(*single)
    if not ex.conditions.get("nvidia", True):
        return t(*NOT_NVIDIA_LINK)
    return t(*other_link)


def _plan_price(cost: CostEstimate | None, currency: str, monthly: bool) -> str:
    """The price the plan is billed at, as a quote must match it: per GPU-month when the plan bills monthly."""
    if cost is None:
        return t("planned price", "方案价格")
    if monthly and cost.price_per_gpu_month is not None:
        return t(
            "{p}/GPU-month (monthly billing)", "{p}/卡·月（包月）", p=units.price(cost.price_per_gpu_month, currency)
        )
    if cost.price_per_gpu_hour is not None:
        return t("{p}/GPU-hour", "{p}/卡·时", p=units.price(cost.price_per_gpu_hour, currency))
    return t("planned price", "方案价格")


def _quote_context(plan: Plan, budget: Budget) -> dict[str, str]:
    """The selected written quote as the checklist names it (reference, provider, dates, prices, unstated items)."""
    from gpudesk.core.plan.comparison import price_summary

    sel = plan.quote_selection
    q = next((x for x in plan.quotes if sel is not None and x.id == sel.quote), None)
    if q is None:
        return {"quote_ref": "", "quote_prices": "", "quote_unstated": ""}
    name = q.provider_name or q.provider
    ref = t(
        "{ref} of {p}, dated {d}, valid until {u}",
        "{p}的 {ref}（日期 {d}，有效期至 {u}）",
        ref=q.reference or q.id,
        p=name,
        d=q.date or units.unknown(),
        u=q.valid_until or units.unknown(),
    )
    return {
        "quote_ref": ref,
        "quote_prices": price_summary(q),
        "quote_unstated": (
            t("; it does not state: {u}", "；报价未说明：{u}", u=budget.unstated_text()) if budget.unstated else ""
        ),
    }


def _serving_context(plan: Plan) -> dict[str, str]:
    """The service's planned speed and first-token time, the load test's pass marks (80 % of the plan's speed)."""
    s = plan.choice.serving if plan.choice is not None else None
    if s is None:
        return {"tpu": UNKNOWN, "tpu_min": UNKNOWN, "ttft": UNKNOWN, "ttft_max": UNKNOWN}
    ttft = s.time_to_first_token_seconds
    return {
        "tpu": _num(s.tokens_per_second_per_user, 1),
        "tpu_min": _num(
            s.tokens_per_second_per_user * THROUGHPUT_PASS_SHARE if s.tokens_per_second_per_user else None, 1
        ),
        "ttft": _num(ttft, 2),
        "ttft_max": _num(ttft / THROUGHPUT_PASS_SHARE if ttft else None, 2),
    }


def _network_text(plan: Plan, catalog: Catalogue | None) -> str:
    choice = plan.choice
    if choice and choice.network:
        return choice.network
    server = _catalog_row(plan, "server", choice.server if choice else None, catalog) or {}
    net: str = server.get("network") or ""
    gbps = server.get("network_gbps")
    if net or gbps:
        name = units.label("network", net) if net else ""
        return f"{name} {gbps:,.0f} Gb/s".strip() if gbps else name
    return t("the ordered network", "订购的网络")
