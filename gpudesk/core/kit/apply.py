"""Results -> the plan: verdicts re-judged against the plan as it is now, written into the checklist
items (status, evidence, who and when), the measurement kept in `plan.kit_results`, and measured
against planned. Nothing is written when the file does not validate (see `results`).

Several nodes: each node's file is imported on its own; an item passes only when as many nodes as
the plan has passed it, fails as soon as one node fails it, and otherwise keeps its status with the
evidence so far ("2 of 4 nodes"; rules in core.plan.kit_record).
"""

from __future__ import annotations

import os

from gpudesk.core.i18n import LANGUAGES, current_language, named, t, use_language
from gpudesk.core.kit import expect, probe, recalibrate
from gpudesk.core.kit.compare import measured_vs_planned
from gpudesk.core.kit.results import load_results
from gpudesk.core.kit.probe import Doc
from gpudesk.core.plan import checklist
from gpudesk.core.plan.model import ChecklistState, KitResult, Plan, configuration_key, now_iso
from gpudesk.core.plan.kit_record import combined_status, kit_checked_by, kit_evidence

GPU_CHECKS = {"gpu-inventory", "driver-branch", "ecc-health", "nvlink-topology", "pcie-topology", "rack-power"}


def rejudge(doc: Doc, e: Doc) -> list[Doc]:
    """The file's verdicts, judged again with the plan's current thresholds (same rules as the probe).
    A check the probe skipped, or whose data the rules cannot read, keeps the probe's verdict."""
    j = probe.judge()
    inv = doc.get("inventory") or {}
    gpu = inv.get("gpu") or {}
    gpus = gpu.get("gpus") or []
    thermal = (doc.get("thermal") or {}).get("gpus") or {}
    loaded = bool((doc.get("training") or {}).get("tokens_per_s")) or bool(doc.get("burn_in"))
    ar = doc.get("allreduce")
    fns = {
        "cpu-as-ordered": lambda: j.cpu_as_ordered(inv.get("cpu"), e),
        "host-ram": lambda: j.host_ram(inv.get("memory"), e),
        "gpu-inventory": lambda: j.gpu_inventory(gpus, e),
        "driver-branch": lambda: j.driver_branch(gpu.get("driver_version"), gpu.get("cuda_version"), e),
        "cuda-pytorch": lambda: j.cuda_pytorch(inv.get("torch"), gpu.get("cuda_version"), e),
        "ecc-health": lambda: j.ecc_health(gpus, e),
        "nvlink-topology": lambda: j.nvlink_topology(gpu.get("topology"), e),
        "pcie-topology": lambda: j.pcie_topology(gpus, gpu.get("topology"), e),
        "rack-power": lambda: j.rack_power(gpus, e),
        "allreduce-nvlink": lambda: j.allreduce(ar, e, "nvlink"),
        "allreduce-pcie": lambda: j.allreduce(ar, e, "pcie"),
        "allreduce-internode": lambda: j.allreduce(ar, e, "internode"),
        "nccl-errors": lambda: j.nccl_errors(ar),
        "storage-iops": lambda: j.storage_iops(doc.get("storage"), e),
        "storage-throughput": lambda: j.storage_throughput(doc.get("storage"), e),
        "micro-training-run": lambda: j.micro_training_run(doc.get("training"), e),
        "temperature-throttling": lambda: j.temperature_throttling(thermal, e, loaded),
        "hardware-errors": lambda: j.hardware_errors(doc.get("xid"), doc.get("burn_in")),
    }
    out = []
    for c in doc.get("checks") or []:
        fresh = c
        internode_here = c["id"] == "allreduce-internode" and doc.get("kind") != "internode"
        if (
            c["status"] != "skipped"
            and c["id"] in fns
            and not (c["id"] in GPU_CHECKS and not gpus)
            and not internode_here
        ):
            try:
                fresh = fns[c["id"]]()
            except Exception:  # noqa: BLE001 - data the rules cannot read: the probe's verdict stands
                fresh = c
            if fresh.get("status") == "skipped":
                fresh = c
        fresh = dict(fresh, probe_status=c["status"])
        out.append(fresh)
    return out


# fmt: off
# a bilingual name per probe verdict: data, kept as a compact table
_VERDICTS = {"pass": ("pass", "通过"), "fail": ("fail", "未通过"), "info": ("evidence only", "仅作证据"),
             "skipped": ("skipped", "跳过")}
# fmt: on


def verdict_label(status: str) -> str:
    return named(_VERDICTS, status)


def _text(v: Doc, lang: str) -> str:
    text = v.get("text") or {}
    value = text.get(lang) or text.get("en") or ""
    return value if isinstance(value, str) else str(value)


def import_results(
    plan: Plan, path: str | os.PathLike[str], *, who: str | None = None, recalibrate_plan: bool = False
) -> Doc:
    """Validate `path` against `plan`, then apply it (in place; the caller saves the plan).
    Returns {"plan", "host", "applied", "skipped", "measured", "planned", "comparison",
    "recalibration", "warnings"}."""
    doc, sha = load_results(path, plan)
    return apply_document(plan, doc, sha, who=who, recalibrate_plan=recalibrate_plan, source=str(path))


def apply_document(
    plan: Plan, doc: Doc, sha: str, *, who: str | None = None, recalibrate_plan: bool = False, source: str | None = None
) -> Doc:
    """Apply a validated results document. The plan changes only when everything succeeded (the work
    is done on a copy, then its checklist, kit results and, when asked, recalibrated figures are kept)."""
    work = plan.model_copy(deep=True)
    lang = current_language()
    e = expect.kit_expect(work)
    verdicts = rejudge(doc, e)
    host = str((doc.get("host") or {}).get("hostname") or "?")
    kind = doc.get("kind", "node")
    when = doc.get("finished_at") or doc.get("created_at") or now_iso()
    items = {i.id: i for i in checklist.tailor(work)}
    applied: list[Doc] = []
    skipped: list[Doc] = []
    warnings: list[str] = []
    if doc.get("complete") is False:
        warnings.append(
            t(
                "the run did not finish (interrupted or failed): importing what it measured",
                "运行未完成（被中断或出错）：导入已测得的部分",
            )
        )
    record = KitResult(host=host, kind=kind, file_sha256=sha, fingerprint=doc["plan"]["fingerprint"], measured_at=when)
    for v in verdicts:
        iid, status = v["id"], v["status"]
        item = items.get(iid)
        if item is None or not item.applicable:
            skipped.append({"item": iid, "reason": t("not applicable to this plan", "不适用于本方案")})
        elif status == "skipped":
            skipped.append({"item": iid, "reason": _text(v, lang)})
        else:
            record.statuses[iid] = status
            record.evidence[iid] = {
                "en": v["text"].get("en", ""),
                "zh_CN": v["text"].get("zh_CN") or v["text"].get("en", ""),
            }
            if v.get("probe_status") not in (None, status):
                warnings.append(
                    t(
                        "{i}: the kit said {a}; judged against the plan as it is now: {b}",
                        "{i}：套件结论为{a}；按方案当前阈值判定为{b}",
                        i=item.title,
                        a=verdict_label(v["probe_status"]),
                        b=verdict_label(status),
                    )
                )
    cmp: dict[str, Doc] = {}
    for language in LANGUAGES:
        with use_language(language):
            cmp[language] = measured_vs_planned(doc, e, work, record.statuses)
    record.measured, record.planned = cmp[lang]["measured"], cmp[lang]["planned"]
    record.comparison = {language: c["rows"] for language, c in cmp.items()}
    work.kit_results = [r for r in work.kit_results if not (r.host == host and r.kind == kind)] + [record]
    for iid, status in record.statuses.items():
        state = (work.checklist.get(iid) or ChecklistState()).model_copy()
        final = combined_status(work, iid, kind)
        if final is not None:
            state.status = final
            state.waiver_reason = None
        state.evidence = kit_evidence(work, iid)
        state.checked_by = who or kit_checked_by(work, iid)
        state.checked_at, state.configuration = when, configuration_key(work.choice)
        work.checklist[iid] = state
        applied.append(
            {
                "item": iid,
                "status": status,
                "evidence": record.evidence[iid].get(lang) or "",
                "checklist_status": state.status,
                "title": items[iid].title,
            }
        )
    proposal = recalibrate.propose(work, doc) if kind == "node" else None
    if proposal is not None and recalibrate_plan:
        recalibrate.apply_recalibration(work, proposal, source=f"{host} {sha[:12]}")
    for name in ("checklist", "kit_results", "job", "choice", "revisions"):
        setattr(plan, name, getattr(work, name))
    return {
        "plan": dict(expect.plan_ref(plan), file=source),
        "host": host,
        "kind": kind,
        "applied": applied,
        "skipped": skipped,
        "measured": cmp[lang]["measured"],
        "planned": cmp[lang]["planned"],
        "comparison": cmp[lang]["rows"],
        "recalibration": proposal,
        "warnings": warnings,
    }
