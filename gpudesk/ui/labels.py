"""Translatable display names for core's enumerations and chart components.

Strings live in tables marked with QT_TRANSLATE_NOOP (context "Labels") so lupdate finds them;
`label(value)` translates at call time, so a language switch takes effect on the next repaint.
"""

from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication

_LABELS = {
    # tasks
    "pretrain": QT_TRANSLATE_NOOP("Labels", "Pre-training"),
    "full": QT_TRANSLATE_NOOP("Labels", "Full fine-tuning"),
    "lora": QT_TRANSLATE_NOOP("Labels", "LoRA fine-tuning"),
    "qlora": QT_TRANSLATE_NOOP("Labels", "QLoRA fine-tuning (4-bit base)"),
    "inference": QT_TRANSLATE_NOOP("Labels", "Inference / serving"),
    "mixed": QT_TRANSLATE_NOOP("Labels", "Training + serving"),
    # precisions
    "fp32": QT_TRANSLATE_NOOP("Labels", "FP32 (full precision)"),
    "bf16": QT_TRANSLATE_NOOP("Labels", "BF16 mixed precision"),
    "fp16": QT_TRANSLATE_NOOP("Labels", "FP16 mixed precision"),
    "fp8": QT_TRANSLATE_NOOP("Labels", "FP8 (Hopper and newer)"),
    # optimizers
    "adamw": QT_TRANSLATE_NOOP("Labels", "AdamW"),
    "adamw-8bit": QT_TRANSLATE_NOOP("Labels", "AdamW 8-bit"),
    "sgd": QT_TRANSLATE_NOOP("Labels", "SGD with momentum"),
    "adafactor": QT_TRANSLATE_NOOP("Labels", "Adafactor"),
    # recomputation
    "none": QT_TRANSLATE_NOOP("Labels", "None"),
    "selective": QT_TRANSLATE_NOOP("Labels", "Selective"),
    "op-selective": QT_TRANSLATE_NOOP("Labels", "Op-level selective"),
    # "full" is shared with the task label above on purpose: the combo shows it in context
    # objectives
    "cheapest": QT_TRANSLATE_NOOP("Labels", "Cheapest"),
    "fastest": QT_TRANSLATE_NOOP("Labels", "Fastest"),
    "deadline": QT_TRANSLATE_NOOP("Labels", "Cheapest that meets the deadline"),
    "budget": QT_TRANSLATE_NOOP("Labels", "Fastest within the budget"),
    # billing
    "hourly": QT_TRANSLATE_NOOP("Labels", "Hourly"),
    "monthly": QT_TRANSLATE_NOOP("Labels", "Monthly"),
    "daily": QT_TRANSLATE_NOOP("Labels", "Daily"),
    "weekly": QT_TRANSLATE_NOOP("Labels", "Weekly"),
    "yearly": QT_TRANSLATE_NOOP("Labels", "Yearly"),
    "reserved": QT_TRANSLATE_NOOP("Labels", "Reserved"),
    "spot": QT_TRANSLATE_NOOP("Labels", "Spot"),
    # tiers
    "entry": QT_TRANSLATE_NOOP("Labels", "Entry"),
    "advanced": QT_TRANSLATE_NOOP("Labels", "Advanced"),
    "flagship": QT_TRANSLATE_NOOP("Labels", "Flagship"),
    "multi-node": QT_TRANSLATE_NOOP("Labels", "Multi-node cluster"),
    # memory components
    "weights": QT_TRANSLATE_NOOP("Labels", "Weights"),
    "gradients": QT_TRANSLATE_NOOP("Labels", "Gradients"),
    "optimizer_states": QT_TRANSLATE_NOOP("Labels", "Optimizer states"),
    "activations": QT_TRANSLATE_NOOP("Labels", "Activations"),
    "kv_cache": QT_TRANSLATE_NOOP("Labels", "KV cache"),
    "overhead": QT_TRANSLATE_NOOP("Labels", "Overhead"),
    # price kinds
    "quoted": QT_TRANSLATE_NOOP("Labels", "Quoted"),
    "list": QT_TRANSLATE_NOOP("Labels", "List price"),
    "estimate": QT_TRANSLATE_NOOP("Labels", "Estimate"),
    # checklist status
    "open": QT_TRANSLATE_NOOP("Labels", "Open"),
    "pass": QT_TRANSLATE_NOOP("Labels", "Pass"),
    "fail": QT_TRANSLATE_NOOP("Labels", "Fail"),
    "na": QT_TRANSLATE_NOOP("Labels", "N/A"),
    "n/a": QT_TRANSLATE_NOOP("Labels", "N/A"),
    "waived": QT_TRANSLATE_NOOP("Labels", "Waived"),
    "waive": QT_TRANSLATE_NOOP("Labels", "Waived"),
    # topology / network
    "nvswitch": QT_TRANSLATE_NOOP("Labels", "NVSwitch"),
    "nvlink-bridge": QT_TRANSLATE_NOOP("Labels", "NVLink bridge"),
    "pcie": QT_TRANSLATE_NOOP("Labels", "PCIe"),
    "infiniband": QT_TRANSLATE_NOOP("Labels", "InfiniBand"),
    "roce": QT_TRANSLATE_NOOP("Labels", "RoCE"),
    "ethernet": QT_TRANSLATE_NOOP("Labels", "Ethernet"),
    # severities
    "info": QT_TRANSLATE_NOOP("Labels", "Info"),
    "warning": QT_TRANSLATE_NOOP("Labels", "Warning"),
    "critical": QT_TRANSLATE_NOOP("Labels", "Critical"),
    "unknown": QT_TRANSLATE_NOOP("Labels", "unknown"),
    "yes": QT_TRANSLATE_NOOP("Labels", "yes"),
    "no": QT_TRANSLATE_NOOP("Labels", "no"),
}


def label(value: object) -> str:
    """The translated display name of an enum value or key; unknown keys pass through."""
    if value is None:
        return QCoreApplication.translate("Labels", "unknown")
    key = str(getattr(value, "value", value))
    text = _LABELS.get(key)
    return QCoreApplication.translate("Labels", text) if text else key


def yes_no(value: bool | None) -> str:
    return label("unknown" if value is None else ("yes" if value else "no"))


def _lang() -> str:
    from gpudesk.core.i18n import current_language

    return current_language()


def provider_name(provider) -> str:
    """A provider's name in the UI's language (the other language's name, then its id, when missing)."""
    zh, en = getattr(provider, "name_zh", None), getattr(provider, "name_en", None)
    return ((zh or en) if _lang() == "zh_CN" else (en or zh)) or provider.id


def row_text(row, field: str) -> str:
    """A catalogue row's free text (`notes`) in the UI's language: `notes_zh` beside `notes`."""
    en = getattr(row, field, None)
    zh = getattr(row, f"{field}_zh", None)
    return ((zh or en) if _lang() == "zh_CN" else (en or zh)) or ""


_REGIONS = {  # region values written in English only in the catalogue
    "other mainland regions": QT_TRANSLATE_NOOP("Labels", "other mainland regions"),
}


def region_text(region: str | None) -> str:
    """A catalogue region as the UI shows it. Regions are matched as written ("山东 Shandong",
    "华北1（青岛）cn-qingdao (Shandong)"); the Chinese UI shows their Chinese part only."""
    if not region:
        return ""
    english = _REGIONS.get(region)
    if english:
        return QCoreApplication.translate("Labels", english)
    from gpudesk.core import units

    return units.region(region)  # core's rule: the Chinese part for Chinese readers
