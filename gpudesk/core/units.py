"""THE people-facing formatter: memory, money, prices, durations, percentages, parameters, tokens and the
names of core's enumerations, in the current language (core.i18n). Every front end that shows a figure to a
person (CLI tables, advice, notes, checklist, PDF) formats it here, so one figure reads the same everywhere.

Units, decided once:
- memory a job needs or uses (per GPU, usable, host RAM needed, quick estimate) is in GiB (2**30 bytes):
  `memory(56.6 * GIB)` -> "56.6 GiB";
- host RAM (DRAM) is sold in binary sizes, so it is GiB everywhere too, needed or installed: a "256 GB"
  server has 256 GiB, the guide's ">= 256 GB per node" reads as 256 GiB (rules.HOST_RAM_MULTI_GPU):
  `host_ram(256 * GIB)` -> "256 GiB";
- GPU cards and disks as sold keep their marketed decimal size, as their names say (an "A100 40GB" has
  40 GB, never "37.3"; a 15 TB NVMe): `marketed(40e9)` -> "40 GB";
- files, disks and data rates are decimal (MB, GB, MB/s), as storage is sold and measured;
- money: "¥12,345" for CNY (other currencies by their code), prices per GPU-hour with two decimals.
"""

from __future__ import annotations

import math
import re
from typing import Any

from gpudesk.core.i18n import t

GIB = 2**30
GB = 10**9
MB = 10**6
TB = 10**12


def unknown() -> str:
    return t("unknown", "未知")


def number(x: float | None, digits: int = 0) -> str:
    """A plain number with thousands separators: "12,345", "1.5" (digits after the point)."""
    return unknown() if x is None else f"{x:,.{digits}f}"


def compact(x: float | None, digits: int = 0) -> str:
    """A number for a sentence: whole from 100 up, else `digits` decimals ("1,234", "7.2")."""
    if x is None:
        return unknown()
    return f"{x:,.0f}" if digits == 0 or abs(x) >= 100 else f"{x:,.{digits}f}"


# --- memory and sizes -----------------------------------------------------------------------------


def gib(n_bytes: float | None, digits: int = 1) -> str:
    """The GiB figure alone, for a table whose header names the unit: "56.6"."""
    return unknown() if n_bytes is None else f"{n_bytes / GIB:,.{digits}f}"


def memory(n_bytes: float | None, digits: int = 1) -> str:
    """Memory a job needs or uses, in GiB: "56.6 GiB"."""
    return unknown() if n_bytes is None else f"{n_bytes / GIB:,.{digits}f} GiB"


def host_ram(n_bytes: float | None) -> str:
    """Host RAM, needed or installed, in whole GiB (rounded up: a need is never shown smaller): "256 GiB"."""
    return unknown() if n_bytes is None else f"{math.ceil(n_bytes / GIB - 1e-9):,d} GiB"


def marketed(n_bytes: float | None) -> str:
    """Hardware as sold, in decimal units as its name says: "40 GB", "141 GB", "1 TB", "1.5 TB"."""
    if n_bytes is None:
        return unknown()
    if n_bytes >= TB:
        return f"{n_bytes / TB:,.4g} TB"
    return f"{n_bytes / GB:,.4g} GB"


def data_size(n_bytes: float) -> str:
    """A file or a data set on disk, decimal: "182 GB", "3.2 GB", "28 MB"."""
    if n_bytes >= 10 * GB:
        return f"{n_bytes / GB:,.0f} GB"
    if n_bytes >= GB:
        return f"{n_bytes / GB:.1f} GB"
    return f"{max(1, round(n_bytes / MB)):,d} MB"


def data_rate(bytes_per_s: float) -> str:
    """A storage or loader rate, decimal: "1.2 GB/s", "350.0 MB/s", "12 kB/s"."""
    if bytes_per_s >= GB:
        return f"{bytes_per_s / GB:,.1f} GB/s"
    if bytes_per_s >= MB:
        return f"{bytes_per_s / MB:,.1f} MB/s"
    return f"{bytes_per_s / 1e3:,.0f} kB/s" if bytes_per_s >= 1e3 else "< 1 kB/s"


def bandwidth(gbps: float | None) -> str:
    """A link or bus bandwidth in GB/s, never rounded up past a threshold: whole from 10 up, else one decimal."""
    if gbps is None:
        return "?"
    return f"{math.floor(gbps):,d}" if gbps >= 10 else f"{math.floor(gbps * 10) / 10:.1f}"


# --- money ---------------------------------------------------------------------------------------


def _sign(currency: str) -> str:
    return "¥" if currency == "CNY" else f"{currency} "


def money(amount: float | None, currency: str = "CNY", digits: int = 0) -> str:
    """An amount: "¥12,345" (CNY), "USD 12,345"."""
    if amount is None:
        return unknown()
    minus = "-" if amount < 0 and round(amount, digits) != 0 else ""  # "-¥10", not "¥-10"
    return f"{minus}{_sign(currency)}{abs(amount):,.{digits}f}"


def currency_unit(currency: str = "CNY") -> str:
    """The currency as an axis or column unit: "CNY" / "元"."""
    return t("CNY", "元") if currency == "CNY" else currency


def price(amount: float | None, currency: str = "CNY") -> str:
    """A unit price (per GPU-hour or GPU-month): "¥12.50"."""
    return money(amount, currency, 2)


# --- time, shares, counts ------------------------------------------------------------------------


def hours(h: float | None) -> str:
    """A duration: "36.5 h" below two days, "750 h (≈ 31.2 days)" from there."""
    if h is None:
        return unknown()
    if h < 48:
        return t("{h} h", "{h} 小时", h=f"{h:,.1f}")
    return t("{h} h (≈ {d} days)", "{h} 小时（约 {d} 天）", h=f"{h:,.0f}", d=f"{h / 24:,.1f}")


def scientific(x: float | None, digits: int = 3) -> str:
    """A very large or small number as a person writes it: "1.64 × 10^20" (never "1.64e+20"; the bundled
    font has no superscript digits)."""
    if x is None:
        return unknown()
    if x == 0 or 1e-3 <= abs(x) < 1e6:
        return f"{x:,.0f}" if abs(x) >= 100 else f"{x:.{digits}g}"
    exp = math.floor(math.log10(abs(x)))
    mant = x / 10**exp
    if round(abs(mant), digits - 1) >= 10:  # 9.999 rounds up to 10.0
        mant, exp = mant / 10, exp + 1
    return f"{mant:.{digits - 1}f} × 10^{exp}"


def percent(fraction: float | None, digits: int = 0) -> str:
    """A share: "45 %"."""
    return unknown() if fraction is None else f"{fraction * 100:.{digits}f} %"


def params(n: float | None) -> str:
    """A parameter count in words: "6.74 B parameters" / "6.74B 参数"."""
    if not n:
        return unknown()
    if n >= 1e9:
        return t("{x} B parameters", "{x}B 参数", x=f"{n / 1e9:.2f}")
    return t("{x} M parameters", "{x}M 参数", x=f"{n / 1e6:.1f}")


def tokens(n: float | None) -> str:
    """A token count in words: "2.00 billion tokens" / "20 亿个 token" (亿 = 10^8, 万 = 10^4)."""
    if not n:
        return t("not given", "未填写")
    en = f"{n / 1e9:,.2f} billion tokens" if n >= 1e9 else f"{n / 1e6:,.1f} million tokens"
    if n >= 1e8:
        zh = f"{_cn(n / 1e8)} 亿个 token"
    else:
        zh = f"{_cn(n / 1e4)} 万个 token"
    return t(en, zh)


def nodes_of(nodes: int, gpus_per_node: int, gpu: str) -> str:
    """A quoted configuration: "1 node × 8 NVIDIA A100 80GB SXM" / "2 nodes × 8 …" / "1 个节点 × 8 张 …"."""
    en = "{n} node × {g} {gpu}" if nodes == 1 else "{n} nodes × {g} {gpu}"
    return t(en, "{n} 个节点 × {g} 张 {gpu}", n=nodes, g=gpus_per_node, gpu=gpu)


def _cn(x: float) -> str:
    """A count of 亿 or 万 for a sentence: whole from 100 up ("1,500"), else three significant digits ("2.5")."""
    return f"{x:,.0f}" if x >= 100 else f"{x:.3g}"


# the GPU interconnect as the search words it (core.search.options.interconnect_text), name and bandwidth
_LINK = re.compile(
    r"^(NVSwitch, NVLink(?: \d+)?|NVLink(?: \d+)?, no NVSwitch|NVLink bridge \(pairs\)|PCIe(?: [\d.]+)?)(?: \((\d+) GB/s\))?$"
)


def interconnect(text: str | None, *, short: bool = False) -> str:
    """An option's GPU interconnect as stored ("NVLink 3, no NVSwitch (600 GB/s)") in the current language
    ("NVLink 3，无 NVSwitch（600 GB/s）"); `short`: the link's name alone ("NVLink 3"). Other wording passes
    through as written (a name of its own has no translation)."""
    if not text:
        return t("unknown interconnect", "互联未知")
    m = _LINK.match(text.strip())
    if m is None:
        return text.split(",")[0].split(" (")[0] if short else text
    name, bw = m.groups()
    first, _, rest = name.partition(", ")
    if short:
        return t("NVLink bridge", "NVLink 桥接") if first.startswith("NVLink bridge") else first
    if first.startswith("NVLink bridge"):
        worded = t("NVLink bridge (pairs)", "NVLink 桥接（两两成对）")
    elif rest == "no NVSwitch":
        worded = t("{link}, no NVSwitch", "{link}，无 NVSwitch", link=first)
    elif rest:
        worded = t("{a}, {b}", "{a}，{b}", a=first, b=rest)
    else:
        worded = first
    return worded + (t(" ({bw} GB/s)", "（{bw} GB/s）", bw=bw) if bw else "")


_CPU = re.compile(r"^(\d+)\s*[×x]\s*(.+?)\s*\((\d+) cores each\)$")


def cpu(text: str | None) -> str:
    """A catalogue CPU as written in data/ ("2× AMD EPYC 7742 (64 cores each)") in the current language
    ("2× AMD EPYC 7742（每颗 64 核）"); any other wording passes through as written."""
    if not text:
        return unknown()
    m = _CPU.match(text.strip())
    if m is None:
        return text
    n, model, cores = m.groups()
    return t("{n}× {model} ({c} cores each)", "{n}× {model}（每颗 {c} 核）", n=n, model=model, c=cores)


def localised(row: Any, field: str) -> Any:
    """A catalogue row's text in the current language: `field_zh` beside `field` (either when the other is
    missing). Rows may be plan snapshots (dicts) or catalogue models."""
    if row is None:
        return None
    from gpudesk.core.i18n import current_language

    def get(key: str) -> Any:
        return row.get(key) if isinstance(row, dict) else getattr(row, key, None)

    en, zh = get(field), get(f"{field}_zh")
    return (zh or en) if current_language() == "zh_CN" else (en or zh)


def gpu_name(row: Any) -> str:
    """The GPU of an option, a quote or a choice summary as a person reads it: its catalogue name in the
    current language (`gpu_name_zh` beside `gpu_name`), else its catalogue id."""
    name = localised(row, "gpu_name")
    if name:
        return str(name)
    gid = row.get("gpu") if isinstance(row, dict) else getattr(row, "gpu", None)
    return str(gid or unknown())


def region(text: str | None) -> str:
    """A catalogue region as a person reads it: regions are written as the provider names them, often with an
    English gloss ("山东 Shandong", "华北1（青岛）cn-qingdao (Shandong)"); Chinese readers get the Chinese part."""
    if not text:
        return ""
    from gpudesk.core.i18n import current_language

    if current_language() != "zh_CN" or not any("\u4e00" <= ch <= "\u9fff" for ch in text):
        return text
    import re

    return re.sub(r"\s*\(?[A-Za-z][A-Za-z0-9 ._()-]*\)?\s*$", "", text).strip() or text


def yes_no(value: bool) -> str:
    return t("yes", "是") if value else t("no", "否")


# --- text as laid out in columns ------------------------------------------------------------------


def display_width(text: str) -> int:
    """Columns `text` takes in a terminal or a spreadsheet cell: East Asian Wide and Fullwidth characters
    (汉字, fullwidth punctuation such as "（", "，") count two, everything else one: "¥1,234" is 6 columns,
    "单价（元）" 10. The one width rule for the CLI's tables and the exported workbooks' column widths."""
    import unicodedata

    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


# --- names of core's enumerations ---------------------------------------------------------------

# fmt: off
# the bilingual name of each value of core's enumerations: data, kept as a compact table (one kind a block)
_LABELS: dict[str, dict[str, tuple[str, str]]] = {
    "task": {"pretrain": ("Pre-training", "预训练"), "full": ("Full-parameter training", "全参数训练"),
             "lora": ("LoRA fine-tuning", "LoRA 微调"), "qlora": ("QLoRA fine-tuning", "QLoRA 微调"),
             "inference": ("Inference serving", "推理服务"),
             "mixed": ("Training with concurrent serving", "训练 + 并发推理")},
    "precision": {"fp32": ("FP32 (single precision)", "FP32（单精度）"),
                  "bf16": ("BF16 mixed precision", "BF16 混合精度"),
                  "fp16": ("FP16 mixed precision with loss scaling", "FP16 混合精度（损失缩放）"),
                  "fp8": ("FP8 mixed precision", "FP8 混合精度")},
    "optimizer": {"adamw": ("AdamW", "AdamW"), "adamw-8bit": ("8-bit AdamW", "8 位 AdamW"),
                  "sgd": ("SGD with momentum", "带动量 SGD"), "adafactor": ("Adafactor", "Adafactor")},
    "recompute": {"none": ("none", "不重计算"),
                  "selective": ("selective (attention core)", "选择性重计算（注意力核心）"),
                  "op-selective": ("op-level selective", "算子级选择性重计算"), "full": ("full", "完全重计算")},
    "framework": {"hf": ("Hugging Face Trainer / PEFT / LLaMA-Factory", "Hugging Face Trainer / PEFT / LLaMA-Factory"),
                  "deepspeed": ("DeepSpeed", "DeepSpeed"),
                  "megatron": ("Megatron-LM / Megatron-Core", "Megatron-LM / Megatron-Core"),
                  "fsdp2": ("PyTorch FSDP2 (torchtitan / torchtune)", "PyTorch FSDP2（torchtitan / torchtune）"),
                  "unsloth": ("Unsloth (one GPU, LoRA/QLoRA)", "Unsloth（单卡 LoRA/QLoRA）")},
    # the bytes per parameter depend on the framework too (Megatron keeps fp32 gradients: 18 with Adam):
    # the engine states them (memory details `state_bytes_per_param`), never the label
    "model_states": {
        "mixed": ("mixed (fp32 master weights + fp32 Adam states)", "混合精度（FP32 主权重 + FP32 Adam 状态）"),
        "bf16": ("pure bf16 (weights, gradients and Adam states in bf16)",
                 "纯 BF16（权重、梯度和 Adam 状态均为 BF16）"),
        "8bit": ("bf16 + 8-bit optimizer", "BF16 + 8 位优化器")},
    "loss": {"fp32-logits": ("fp32 logits", "全词表输出一次性按 FP32 计算"),
             "chunked": ("chunked cross-entropy", "分块交叉熵")},
    "offload": {"none": ("none", "无"), "optimizer": ("optimizer states to CPU", "优化器状态卸载到 CPU"),
                "optimizer+params": ("optimizer states and weights to CPU", "优化器状态和权重卸载到 CPU")},
    "billing": {"hourly": ("hourly (pay as you go)", "按小时计费"), "monthly": ("monthly", "包月"),
                "daily": ("daily", "按天"), "weekly": ("weekly", "按周"), "yearly": ("yearly", "包年"),
                "reserved": ("reserved", "预留"), "spot": ("spot", "竞价")},
    "billing_short": {"hourly": ("hourly", "按小时"), "monthly": ("monthly", "包月"), "daily": ("daily", "按天"),
                      "weekly": ("weekly", "按周"), "yearly": ("yearly", "包年"), "reserved": ("reserved", "预留"),
                      "spot": ("spot", "竞价")},
    "granularity": {"second": ("per second", "按秒"), "minute": ("per minute", "按分钟"),
                    "hour": ("per hour", "按小时"), "day": ("per day", "按天")},
    "price_kind": {"quoted": ("quoted by the provider", "供应商报价"), "list": ("list price", "公开标价"),
                   "estimate": ("estimate", "估算价")},
    "component": {"weights": ("Weights", "权重"), "gradients": ("Gradients", "梯度"),
                  "optimizer_states": ("Optimizer states", "优化器状态"), "activations": ("Activations", "激活值"),
                  "kv_cache": ("KV cache", "KV 缓存"), "overhead": ("CUDA context and overhead", "CUDA 上下文等开销")},
    "status": {"open": ("open", "待检查"), "pass": ("passed", "通过"), "fail": ("failed", "未通过"),
               "waived": ("waived", "已豁免"), "n/a": ("n/a", "不适用")},
    "weight_precision": {"fp32": ("FP32", "FP32"), "bf16": ("BF16", "BF16"), "fp16": ("FP16", "FP16"),
                         "fp8": ("FP8 (E4M3)", "FP8（E4M3）"), "int8": ("int8 weight-only", "int8 仅权重量化"),
                         "int4": ("int4 weight-only, group 128", "int4 仅权重量化（分组 128）")},
    "kv_precision": {"fp32": ("FP32", "FP32"), "bf16": ("BF16", "BF16"), "fp16": ("FP16", "FP16"),
                     "fp8": ("FP8", "FP8")},
    "severity": {"info": ("note", "提示"), "warning": ("warning", "警告"), "critical": ("critical", "严重")},
    "objective": {"cheapest": ("cheapest", "最便宜"), "fastest": ("fastest", "最快"),
                  "deadline": ("cheapest meeting the deadline", "满足期限的最便宜方案"),
                  "budget": ("fastest within the budget", "预算内最快")},
    "tier": {"entry": ("Entry", "入门级"), "advanced": ("Advanced", "进阶档"), "flagship": ("Flagship", "旗舰级"),
             "multi-node": ("Multi-node", "跨节点")},
    "topology": {"nvswitch": ("NVSwitch", "NVSwitch"), "nvlink-bridge": ("NVLink bridge", "NVLink 桥接"),
                 "pcie": ("PCIe", "PCIe")},
    "network": {"infiniband": ("InfiniBand", "InfiniBand"), "roce": ("RoCE", "RoCE"),
                "ethernet": ("Ethernet", "以太网")},
    # an accelerator's software stack (core.engine.frameworks.software_stack)
    "stack": {"cuda": ("CUDA", "CUDA"), "rocm": ("ROCm", "ROCm"),
              "cann": ("CANN (torch_npu, MindSpeed)", "CANN（torch_npu、MindSpeed）"),
              "dtk": ("DTK (HIP, ROCm-compatible)", "DTK（HIP，兼容 ROCm）"),
              "xpu": ("Kunlunxin XPU runtime", "昆仑芯 XPU 运行时"),
              "musa": ("MUSA", "MUSA"), "neuware": ("Cambricon NeuWare", "寒武纪 NeuWare")},
    # the guide's task classes (model presets are grouped by them), in the guide's order; stable ids
    "task_class": {"small-finetune": ("Small Transformer fine-tuning", "小型 Transformer 微调"),
                   "llm-7b-13b": ("7B–13B LLM full-parameter training", "7B–13B 大模型全参数训练"),
                   "multimodal-vision": ("Multimodal / vision", "多模态 / 视觉"),
                   "train-serve": ("Training + concurrent serving", "训练 + 并发推理"),
                   "large-llm": ("Large LLM (70B class)", "大模型（70B 级）")},
}
# fmt: on
LABEL_KINDS = tuple(_LABELS)


def label_pairs(kind: str) -> dict[str, tuple[str, str]]:
    """Every value of `kind` (one of LABEL_KINDS) with its (English, Chinese) name, in the table's order."""
    return dict(_LABELS[kind])


def label(kind: str, value: Any) -> str:
    """The name of an enumeration value in the current language (`kind`: one of LABEL_KINDS); a value
    without a name passes through, None reads "unknown"."""
    key = str(getattr(value, "value", value))
    pair = _LABELS[kind].get(key)
    if pair:
        return t(*pair)
    return key if value is not None and key not in ("", "None") else unknown()
