"""The checklist rendered for a plan: templates filled in with the plan's figures in the reader's
language (`context`), merged with the results recorded in the plan (`tailor`), and progress per phase."""

from __future__ import annotations

import string
from collections.abc import Mapping

from pydantic import BaseModel, ConfigDict

from gpudesk.core.i18n import use_language
from gpudesk.core.plan.checklist.context import UNKNOWN, context
from gpudesk.core.plan.checklist.expectations import expectations
from gpudesk.core.plan.checklist.templates import PHASES, templates
from gpudesk.core.plan.model import STATUSES, Plan, Status, configuration_key
from gpudesk.core.protocols import Catalogue

__all__ = ["UNKNOWN", "ChecklistItem", "progress", "tailor"]


class ChecklistItem(BaseModel):
    model_config = ConfigDict(extra="forbid", defer_build=True)

    id: str
    phase: str
    title: str
    why: str
    how: str
    criterion: str
    applicable: bool = True
    status: Status = "open"
    notes: str = ""
    evidence: str | None = None
    checked_by: str | None = None
    checked_at: str | None = None
    waiver_reason: str | None = None
    stale: bool = False  # recorded against another configuration than the plan's current choice


class _Safe(dict[str, object]):
    def __missing__(self, key: str) -> str:  # a template typo shows as {key}, never crashes
        return "{" + key + "}"


def _render(text: Mapping[str, str], ctx: Mapping[str, object], lang: str) -> str:
    raw = text["zh"] if lang == "zh_CN" else text["en"]
    return string.Formatter().vformat(raw, (), _Safe(ctx))


def tailor(plan: Plan, lang: str | None = None, catalog: Catalogue | None = None) -> list[ChecklistItem]:
    """The checklist for this plan in `lang` (default: the current language), with its state. Catalogue
    rows the plan lacks (old plans) are looked up in `catalog` when the caller passes one."""
    with use_language(lang) as language:
        ex = expectations(plan, catalog)
        ctx = context(plan, ex, catalog)
        out: list[ChecklistItem] = []
        for tpl in templates():
            applicable = all(ex.conditions.get(c, False) for c in tpl.get("when", []))
            state = plan.checklist.get(tpl["id"])
            texts = {k: tpl[k] for k in ("title", "why", "how", "criterion")}
            for cond, variant in (tpl.get("variant") or {}).items():  # e.g. a serving plan, a monthly bill
                if ex.conditions.get(cond, False):
                    texts.update(variant)
            if any(ctx.get(k, UNKNOWN) == UNKNOWN for k in tpl.get("needs", [])):
                texts.update(tpl.get("fallback") or {})  # a figure is unknown: say what to check instead
            if applicable:
                how, criterion = _render(texts["how"], ctx, language), _render(texts["criterion"], ctx, language)
            else:
                how, criterion = (
                    "",
                    _render(
                        tpl.get("na") or {"en": "Not applicable to this plan.", "zh": "不适用于本方案。"}, ctx, language
                    ),
                )
            item = ChecklistItem(
                id=tpl["id"],
                phase=tpl["phase"],
                title=_render(texts["title"], ctx, language),
                why=_render(texts["why"], ctx, language) if applicable else "",
                how=how,
                criterion=criterion,
                applicable=applicable,
            )
            if not applicable:
                item.status = "n/a"
            elif state is not None:
                item.status = state.status
            if state is not None:
                item.notes, item.evidence = state.notes, state.evidence
                item.checked_by, item.checked_at = state.checked_by, state.checked_at
                item.waiver_reason = state.waiver_reason
                item.stale = (
                    applicable
                    and state.status != "open"
                    and state.configuration is not None
                    and state.configuration != configuration_key(plan.choice)
                )
            out.append(item)
    return out


def progress(items: list[ChecklistItem]) -> dict[str, dict[str, int]]:
    """Per phase: counts by status over all items, `applicable`, `to_check` (applicable and not marked
    n/a: what progress is out of) and `done` (pass + waived; n/a is never done, only not counted)."""
    out: dict[str, dict[str, int]] = {}
    for phase in PHASES:
        mine = [i for i in items if i.phase == phase]
        counts = {s: sum(1 for i in mine if i.status == s) for s in STATUSES}
        counts["total"] = len(mine)
        counts["applicable"] = sum(1 for i in mine if i.applicable)
        counts["to_check"] = sum(1 for i in mine if i.applicable and i.status != "n/a")
        counts["done"] = sum(1 for i in mine if i.applicable and i.status in ("pass", "waived"))
        out[phase] = counts
    return out
