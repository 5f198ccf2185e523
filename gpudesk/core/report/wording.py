"""How the printed plan words its figures and enumerations, in the current language."""

from __future__ import annotations

from typing import Any

from gpudesk.core.i18n import t
from gpudesk.core.report.chart_data import GIB

def _num(x: float, digits: int = 1) -> str:
    return f"{x:,.{digits}f}"


def fmt_gib(n_bytes: float | None, digits: int = 1) -> str:
    return t("unknown", "未知") if n_bytes is None else f"{n_bytes / GIB:,.{digits}f} GiB"


def fmt_money(amount: float | None, currency: str = "CNY") -> str:
    if amount is None:
        return t("unknown", "未知")
    symbol = "¥" if currency == "CNY" else currency + " "
    return f"{symbol}{amount:,.0f}"


def fmt_price(amount: float | None, currency: str = "CNY") -> str:
    if amount is None:
        return t("unknown", "未知")
    symbol = "¥" if currency == "CNY" else currency + " "
    return f"{symbol}{amount:,.2f}"


def fmt_hours(hours: float | None) -> str:
    if hours is None:
        return t("unknown", "未知")
    days = hours / 24.0
    if hours < 48:
        return t("{h} h", "{h} 小时", h=_num(hours))
    return t("{h} h (≈ {d} days)", "{h} 小时（约 {d} 天）", h=_num(hours, 0), d=_num(days))


def fmt_pct(x: float | None, digits: int = 0) -> str:
    return t("unknown", "未知") if x is None else f"{x * 100:.{digits}f} %"


def fmt_params(n: float | None) -> str:
    if not n:
        return t("unknown", "未知")
    if n >= 1e9:
        return t("{x} B parameters", "{x}B 参数", x=f"{n / 1e9:.2f}")
    return t("{x} M parameters", "{x}M 参数", x=f"{n / 1e6:.1f}")


def fmt_tokens(n: float | None) -> str:
    if not n:
        return t("not given", "未填写")
    if n >= 1e9:
        return t("{x} billion tokens", "{x}B tokens", x=f"{n / 1e9:.2f}")
    return t("{x} million tokens", "{x}M tokens", x=f"{n / 1e6:.1f}")


def _unknown(value: Any) -> str:
    if value is None or value == "" or value == []:
        return t("unknown (not recorded)", "未知（未记录）")
    if isinstance(value, bool):
        return t("yes", "是") if value else t("no", "否")
    if isinstance(value, list | tuple):
        return ", ".join(str(v) for v in value)
    return str(value)


def _enum(value: Any) -> str:
    return str(getattr(value, "value", value))


_PRECISION = {"fp32": ("FP32 (single precision)", "FP32（单精度）"),
              "bf16": ("BF16 mixed precision", "BF16 混合精度"),
              "fp16": ("FP16 mixed precision with loss scaling", "FP16 混合精度（损失缩放）"),
              "fp8": ("FP8 mixed precision", "FP8 混合精度")}
_OPTIMIZER = {"adamw": ("AdamW", "AdamW"), "adamw-8bit": ("8-bit AdamW", "8 位 AdamW"),
              "sgd": ("SGD with momentum", "带动量 SGD"), "adafactor": ("Adafactor", "Adafactor")}
_TASK = {"pretrain": ("Pre-training", "预训练"), "full": ("Full-parameter training", "全参数训练"),
         "lora": ("LoRA fine-tuning", "LoRA 微调"), "qlora": ("QLoRA fine-tuning", "QLoRA 微调"),
         "inference": ("Inference serving", "推理服务"), "mixed": ("Training with concurrent serving", "训练 + 并发推理")}
_RECOMPUTE = {"none": ("none", "不重计算"), "selective": ("selective", "选择性重计算"), "full": ("full", "完全重计算")}
_OFFLOAD = {"none": ("none", "无"), "optimizer": ("optimizer states to CPU", "优化器状态卸载到 CPU"),
            "optimizer+params": ("optimizer states and weights to CPU", "优化器状态和权重卸载到 CPU")}
_BILLING = {"hourly": ("hourly (pay as you go)", "按小时计费"), "monthly": ("monthly", "包月"),
            "daily": ("daily", "按天"), "yearly": ("yearly", "包年"), "reserved": ("reserved", "预留"),
            "spot": ("spot", "竞价")}
_BILLING_SHORT = {"hourly": ("hourly", "按小时"), "monthly": ("monthly", "包月")}
_PRICE_KIND = {"quoted": ("quoted by the provider", "供应商报价"), "list": ("list price", "公开标价"),
               "estimate": ("estimate", "估算价")}
_COMPONENTS = {"weights": ("Weights", "权重"), "gradients": ("Gradients", "梯度"),
               "optimizer_states": ("Optimizer states", "优化器状态"), "activations": ("Activations", "激活值"),
               "kv_cache": ("KV cache", "KV 缓存"), "overhead": ("CUDA context and overhead", "CUDA 上下文等开销")}
_STATUS = {"open": ("open", "待检查"), "pass": ("passed", "通过"), "passed": ("passed", "通过"),
           "ok": ("passed", "通过"), "done": ("passed", "通过"), "fail": ("failed", "未通过"),
           "failed": ("failed", "未通过"), "waived": ("waived", "已豁免"), "n/a": ("n/a", "不适用"),
           "na": ("n/a", "不适用"), "skipped": ("not applicable", "不适用")}


def _word(table: dict[str, tuple[str, str]], value: Any) -> str:
    key = _enum(value)
    pair = table.get(key)
    return t(*pair) if pair else (key if key not in (None, "None") else t("unknown", "未知"))


def _status_label(status: str) -> str:
    key = {"pass": "pass", "passed": "pass", "fail": "fail", "failed": "fail", "open": "open",
           "n/a": "n/a", "na": "n/a", "waived": "waived"}.get(status.lower(), status)
    return _word(_STATUS, key).upper() if key == "fail" else _word(_STATUS, key)


_TIER_SHORT = {"entry": ("Entry", "入门级"), "advanced": ("Advanced", "进阶档"),
               "flagship": ("Flagship", "旗舰级"), "multi-node": ("Multi-node", "跨节点")}
