"""Checklist templates (`data/checklist/*.toml`, both languages): loaded once, validated (ids unique,
every text in both languages, known phases and conditions), and the phase and status labels."""

from __future__ import annotations

import functools
import tomllib
from pathlib import Path
from typing import Any

from gpudesk.core.i18n import named, t
from gpudesk.errors import GpudeskError

PHASES = ("due_diligence", "delivery", "operations", "end_of_rental")
CONDITIONS = (
    "multi_gpu",
    "nvlink",
    "pcie_multi",
    "multi_node",
    "nvidia",
    "not_nvidia",
    "datacentre_gpu",
    "trains",
    "serves",
    "serves_only",
    "quoted",
    "no_provider",
    "monthly",
    "rack",
    "single_card",
)


def template_dir() -> Path:
    from gpudesk.paths import DATA

    return DATA / "checklist"


@functools.cache
def _templates_cached(folder: str) -> tuple[dict[str, Any], ...]:
    items: list[dict[str, Any]] = []
    seen: set[str] = set()
    files = sorted(Path(folder).glob("*.toml"))
    if not files:
        raise GpudeskError(f"no checklist templates in {folder}")
    for file in files:
        try:
            doc = tomllib.loads(file.read_text(encoding="utf-8"))
        except (OSError, tomllib.TOMLDecodeError) as exc:
            raise GpudeskError(f"checklist template {file.name}: {exc}") from None
        phase = doc.get("phase")
        if phase not in PHASES:
            raise GpudeskError(f"checklist template {file.name}: unknown phase {phase!r}")
        for raw in doc.get("items", []):
            item = dict(raw, phase=phase)
            iid = item.get("id")
            if not iid or iid in seen:
                raise GpudeskError(f"checklist template {file.name}: missing or repeated id {iid!r}")
            seen.add(iid)
            for key in ("title", "why", "how", "criterion") + (("na",) if "na" in item else ()):
                text = item.get(key)
                if not isinstance(text, dict) or not text.get("en") or not text.get("zh"):
                    raise GpudeskError(f"checklist template {file.name}: {iid}.{key} needs en and zh text")
            for key, text in (item.get("fallback") or {}).items():
                if (
                    key not in ("title", "why", "how", "criterion")
                    or not isinstance(text, dict)
                    or not text.get("en")
                    or not text.get("zh")
                ):
                    raise GpudeskError(f"checklist template {file.name}: {iid}.fallback.{key} needs en and zh text")
            if item.get("fallback") and not item.get("needs"):
                raise GpudeskError(f"checklist template {file.name}: {iid}: a fallback needs `needs`")
            for cond, texts in (item.get("variant") or {}).items():  # texts that replace the base when cond holds
                if cond not in CONDITIONS or not isinstance(texts, dict):
                    raise GpudeskError(f"checklist template {file.name}: {iid}: unknown variant {cond!r}")
                for key, text in texts.items():
                    if (
                        key not in ("title", "why", "how", "criterion")
                        or not isinstance(text, dict)
                        or not text.get("en")
                        or not text.get("zh")
                    ):
                        raise GpudeskError(
                            f"checklist template {file.name}: {iid}.variant.{cond}.{key} needs en and zh text"
                        )
            bad = [c for c in item.get("when", []) if c not in CONDITIONS]
            if bad:
                raise GpudeskError(f"checklist template {file.name}: {iid}: unknown condition {bad[0]!r}")
            items.append(item)
    return tuple(items)


def templates(folder: str | Path | None = None) -> tuple[dict[str, Any], ...]:
    """The raw templates (validated: ids unique, every text in both languages)."""
    return _templates_cached(str(folder or template_dir()))


def item_ids() -> list[str]:
    return [i["id"] for i in templates()]


def phase_label(phase: str, *, trains: bool = True) -> str:
    """A phase's name; `trains` False (a plan that only serves): the operations phase is the service's."""
    return {
        "due_diligence": t("Provider due diligence and contract/SLA", "服务商尽职调查与合同/SLA"),
        "delivery": t("Delivery acceptance", "交付验收"),
        "operations": t("During training", "训练期间") if trains else t("During the service", "服务期间"),
        "end_of_rental": t("End of rental", "租用结束"),
    }.get(phase, phase)


# fmt: off
# a bilingual name per checklist item status, as the checklist says it: data, kept as a compact table
_STATUSES = {"open": ("open", "待检查"), "pass": ("pass", "通过"), "fail": ("fail", "未通过"), "n/a": ("n/a", "不适用"),
             "waived": ("waived", "豁免")}
# fmt: on


def status_label(status: str) -> str:
    return named(_STATUSES, status)
