"""Recording checklist results in a plan: who checked what, when, with which evidence (or why waived)."""

from __future__ import annotations

from typing import TypeGuard

from gpudesk.core.plan.checklist.expectations import expectations
from gpudesk.core.plan.checklist.templates import item_ids, templates
from gpudesk.core.plan.model import STATUSES, ChecklistState, Plan, Status, configuration_key, now_iso
from gpudesk.core.i18n import t
from gpudesk.core.parse import suggest
from gpudesk.core.protocols import Catalogue
from gpudesk.errors import GpudeskError

_ALIASES = {
    "na": "n/a",
    "n-a": "n/a",
    "not-applicable": "n/a",
    "passed": "pass",
    "ok": "pass",
    "failed": "fail",
    "waive": "waived",
    "todo": "open",
    "reopen": "open",
}


def normalise_status(status: str) -> Status:
    s = str(status).strip().lower()
    s = _ALIASES.get(s, s)
    if not _is_status(s):
        raise GpudeskError(
            t(
                "unknown status {s!r}; use one of {all}",
                "未知状态 {s!r}；可用状态：{all_zh}",
                s=status,
                all=", ".join(map(repr, STATUSES)),
                all_zh="、".join(map(repr, STATUSES)),
            )
        )
    return s


def _is_status(s: str) -> TypeGuard[Status]:
    return s in STATUSES


def set_status(
    plan: Plan,
    item_id: str,
    status: str,
    *,  # five optional texts of one type: by name only, so a note can never land in the evidence
    note: str | None = None,
    who: str | None = None,
    evidence: str | None = None,
    reason: str | None = None,
    when: str | None = None,
    catalog: Catalogue | None = None,
) -> Plan:
    """Record a result for one item in the plan (in place; returns the plan). Save it afterwards.

    `note`/`evidence` replace what was there when given; waiving needs a `reason`.
    """
    ids = item_ids()
    if item_id not in ids:
        close = suggest(item_id, ids, n=3)
        hint = t("; did you mean {c}?", "；是否想输入 {c}？", c=", ".join(close)) if close else ""
        raise GpudeskError(t("unknown checklist item {id!r}", "未知的检查项 {id!r}", id=item_id) + hint)
    s = normalise_status(status)
    if s == "waived" and not (reason and reason.strip()):
        raise GpudeskError(
            t(
                "waiving {id} needs a reason (say why the check is not needed)",
                "豁免 {id} 需要理由（说明为何不需要这项检查）",
                id=item_id,
            )
        )
    ex = expectations(plan, catalog)
    tpl = next(x for x in templates() if x["id"] == item_id)
    if s != "n/a" and not all(ex.conditions.get(c, False) for c in tpl.get("when", [])):
        raise GpudeskError(f"{item_id} does not apply to this plan's configuration (it is n/a)")
    prev = plan.checklist.get(item_id) or ChecklistState()
    state = prev.model_copy()
    state.status = s
    if note is not None:
        state.notes = note
    if evidence is not None:
        state.evidence = evidence or None
    state.waiver_reason = reason.strip() if s == "waived" and reason else None  # a waiver has one (checked above)
    if s == "open":
        state.checked_by = state.checked_at = state.configuration = None
    else:
        state.checked_by = who if who is not None else prev.checked_by
        state.checked_at = when or now_iso()
        state.configuration = configuration_key(plan.choice)
    plan.checklist[item_id] = state
    return plan
