"""The acceptance kit's results as the plan holds them (`plan.kit_results`): the evidence text of
one checklist item in a given language, from every node's imported file. The import writes it into
the checklist; the report prints it in the report's language."""

from __future__ import annotations

from typing import Literal

from gpudesk.core.i18n import t, use_language
from gpudesk.core.plan.model import Plan


def nodes_needed(plan: Plan, kind: str = "node") -> int:
    """How many nodes must pass an item before it passes: every node for per-node checks."""
    if kind == "internode" or plan.choice is None:
        return 1
    return max(1, plan.choice.nodes)


def combined_status(plan: Plan, item_id: str, kind: str = "node") -> Literal["pass", "fail"] | None:
    """fail if one node failed the item, pass once every node passed it, else None (no verdict yet)."""
    statuses = [r.statuses[item_id] for r in plan.kit_results if r.kind == kind and item_id in r.statuses]
    if "fail" in statuses:
        return "fail"
    if statuses.count("pass") >= nodes_needed(plan, kind):
        return "pass"
    return None


def kit_evidence(plan: Plan, item_id: str, lang: str | None = None) -> str | None:
    """'host: verdict' per node that measured the item, how many nodes are still to come, and when."""
    records = [r for r in plan.kit_results if item_id in r.evidence]
    if not records:
        return None
    with use_language(lang) as language:
        lines = [f"{r.host}: {r.evidence[item_id].get(language) or r.evidence[item_id].get('en', '')}" for r in records]
        kind = records[-1].kind
        needed = nodes_needed(plan, kind)
        hosts = {r.host for r in records if r.kind == kind}
        if needed > 1 and combined_status(plan, item_id, kind) is None:
            lines.append(
                t("{k} of {n} nodes checked so far.", "目前已检查 {n} 个节点中的 {k} 个。", k=len(hosts), n=needed)
            )
        when = max((r.measured_at or r.imported_at) for r in records)
        stamp = when[:16].replace("T", " ") + (" UTC" if when.endswith("Z") else "")
        lines.append(t("(gpudesk acceptance kit, measured {w})", "（gpudesk 验收套件，测量于 {w}）", w=stamp))
        return "\n".join(lines)


def kit_checked_by(plan: Plan, item_id: str, lang: str | None = None) -> str | None:
    """Who checked an item the kit measured ('gpudesk kit on node01, node02'), in `lang`."""
    hosts = sorted({r.host for r in plan.kit_results if item_id in r.statuses})
    if not hosts:
        return None
    with use_language(lang):
        return t("gpudesk kit on {h}", "gpudesk 验收套件（{h}）", h=", ".join(hosts))


def is_kit_checker(plan: Plan, item_id: str, who: str | None) -> bool:
    """True when `who` is the kit's own name for the checker (in either language), not a person's."""
    return who is not None and who in {kit_checked_by(plan, item_id, lang) for lang in ("en", "zh_CN")}
