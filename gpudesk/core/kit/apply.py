"""Results -> the plan: verdicts re-judged against the plan as it is now, written into the checklist
items (status, evidence, who and when), the measurement kept in `plan.kit_results`, and measured
against planned. Nothing is written when the file does not validate (see `results`).

Several nodes: each node's file is imported on its own; an item passes only when as many nodes as
the plan has passed it, fails as soon as one node fails it, and otherwise keeps its status with the
evidence so far ("2 of 4 nodes").
"""

from __future__ import annotations

from gpudesk.core.i18n import current_language, t
from gpudesk.core.kit import expect, probe, recalibrate
from gpudesk.core.kit.compare import measured_vs_planned
from gpudesk.core.kit.results import load_results
from gpudesk.core.plan import ChecklistState, KitResult, Plan, checklist, configuration_key, now_iso

GPU_CHECKS = {"gpu-inventory", "driver-branch", "ecc-health", "nvlink-topology", "pcie-topology", "rack-power"}


def rejudge(doc: dict, e: dict) -> list[dict]:
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
        if c["status"] != "skipped" and c["id"] in fns and not (c["id"] in GPU_CHECKS and not gpus) and not internode_here:
            try:
                fresh = fns[c["id"]]()
            except Exception:  # noqa: BLE001 - data the rules cannot read: the probe's verdict stands
                fresh = c
            if fresh.get("status") == "skipped":
                fresh = c
        fresh = dict(fresh, probe_status=c["status"])
        out.append(fresh)
    return out


def _text(v: dict, lang: str) -> str:
    text = v.get("text") or {}
    return text.get(lang) or text.get("en") or ""


def _combine(statuses: list[str], needed: int) -> str | None:
    """The checklist status from every node's verdict: fail if one failed, pass once `needed` passed,
    else None (keep the status)."""
    if "fail" in statuses:
        return "fail"
    if statuses.count("pass") >= needed:
        return "pass"
    return None


def import_results(plan: Plan, path, *, who: str | None = None, recalibrate_plan: bool = False) -> dict:
    """Validate `path` against `plan`, then apply it (in place; the caller saves the plan).
    Returns {"plan", "host", "applied", "skipped", "measured", "planned", "comparison",
    "recalibration", "warnings"}."""
    doc, sha = load_results(path, plan)
    return apply_document(plan, doc, sha, who=who, recalibrate_plan=recalibrate_plan, source=str(path))


def apply_document(plan: Plan, doc: dict, sha: str, *, who: str | None = None, recalibrate_plan: bool = False,
                   source: str | None = None) -> dict:
    lang = current_language()
    e = expect.kit_expect(plan)
    verdicts = rejudge(doc, e)
    host = str((doc.get("host") or {}).get("hostname") or "?")
    kind = doc.get("kind", "node")
    when = doc.get("finished_at") or doc.get("created_at") or now_iso()
    items = {i.id: i for i in checklist.tailor(plan)}
    fp = expect.fingerprint(plan)
    others = [r for r in plan.kit_results if r.kind == kind and r.host != host and r.fingerprint == fp]
    needed = 1 if kind == "internode" else max(1, e.get("nodes") or 1)
    applied, skipped, warnings = [], [], []
    if doc.get("complete") is False:
        warnings.append(t("the run did not finish (interrupted or failed): importing what it measured",
                          "运行未完成（被中断或出错）：导入已测得的部分"))
    record = KitResult(host=host, kind=kind, file_sha256=sha, fingerprint=doc["plan"]["fingerprint"], measured_at=when)
    for v in verdicts:
        iid, status = v["id"], v["status"]
        item = items.get(iid)
        if item is None or not item.applicable:
            skipped.append({"item": iid, "reason": t("not applicable to this plan", "不适用于本方案")})
            continue
        if status == "skipped":
            skipped.append({"item": iid, "reason": _text(v, lang)})
            continue
        record.statuses[iid] = status
        record.evidence[iid] = {"en": v["text"].get("en", ""), "zh_CN": v["text"].get("zh_CN") or v["text"].get("en", "")}
        if v.get("probe_status") not in (None, status):
            warnings.append(t("{i}: the kit said {a}; judged against the plan as it is now: {b}",
                              "{i}：套件结论为 {a}；按方案当前阈值判定为 {b}", i=iid, a=v["probe_status"], b=status))
        lines = [f"{r.host}: {r.evidence[iid].get(lang) or r.evidence[iid].get('en')}" for r in others if iid in r.evidence]
        lines.append(f"{host}: {_text(v, lang)}")
        statuses = [r.statuses[iid] for r in others if iid in r.statuses] + [status]
        final = _combine(statuses, needed)
        hosts = sorted({r.host for r in others if iid in r.statuses} | {host})
        if needed > 1 and final is None:
            lines.append(t("{k} of {n} nodes checked so far.", "目前已检查 {n} 个节点中的 {k} 个。", k=len(hosts), n=needed))
        evidence = "\n".join(lines) + "\n" + t("(gpudesk acceptance kit, measured {w})", "（gpudesk 验收套件，测量于 {w}）", w=when)
        by = who or t("gpudesk kit on {h}", "gpudesk 验收套件（{h}）", h=", ".join(hosts))
        prev = plan.checklist.get(iid) or ChecklistState()
        state = prev.model_copy()
        if final is not None:
            state.status = final
        state.evidence, state.checked_by, state.checked_at = evidence, by, when
        state.configuration = configuration_key(plan.choice)
        if state.status != "waived":
            state.waiver_reason = None
        plan.checklist[iid] = state
        applied.append({"item": iid, "status": status, "evidence": _text(v, lang), "checklist_status": state.status,
                        "title": item.title})
    cmp = measured_vs_planned(doc, e, plan, {v["id"]: v["status"] for v in verdicts})
    record.measured, record.planned = cmp["measured"], cmp["planned"]
    plan.kit_results = [r for r in plan.kit_results if not (r.host == host and r.kind == kind)] + [record]
    proposal = recalibrate.propose(plan, doc) if kind == "node" else None
    if proposal is not None and recalibrate_plan:
        recalibrate.apply_recalibration(plan, proposal, source=f"{host} {sha[:12]}")
    return {"plan": dict(expect.plan_ref(plan), file=source), "host": host, "kind": kind, "applied": applied,
            "skipped": skipped, "measured": cmp["measured"], "planned": cmp["planned"], "comparison": cmp["rows"],
            "recalibration": proposal, "warnings": warnings}

