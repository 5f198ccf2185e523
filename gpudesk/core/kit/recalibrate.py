"""The plan's MFU and per-GPU memory overhead, recalibrated from the kit's synthetic training run;
time and cost recomputed by the engine for the plan's own layout and hardware.

MFU: the run measures the MFU of layers of the plan's model shape on the delivered GPU; the
estimator predicted an MFU for that same run. The estimator's default MFU for the plan's job is
scaled by measured / predicted (for a BF16 full fine-tune that is simply the measured value;
adjustments the job carries, such as FP8 or QLoRA factors, are kept; an earlier recalibration or
an MFU typed in is replaced, not scaled again).
Memory overhead: what the GPU holds beyond the tensors = the CUDA context and library workspaces
(device memory used − allocator reserved) + the allocator's slack (reserved / allocated − 1) applied
to the plan's own tensors per GPU.
`apply_recalibration` keeps the result as a new plan version; the figures it replaces stay in
`plan.revisions`.
"""

from __future__ import annotations

from gpudesk.core import units
from gpudesk.core.engine.cost import cost_estimate
from gpudesk.core.engine.memory import memory_estimate
from gpudesk.core.engine.parallel import rebatched
from gpudesk.core.engine.timing import time_estimate
from gpudesk.core.i18n import t
from gpudesk.core.kit import expect, probe
from gpudesk.core.models import Cluster, Job, Layout, Option
from gpudesk.core.kit.probe import Doc
from gpudesk.core.models import CostEstimate, MemoryEstimate, TimeEstimate
from gpudesk.core.plan.making import choice_summary
from gpudesk.core.plan.model import Plan, PlanRevision, now_iso
from gpudesk.errors import GpudeskError

MFU_MIN, MFU_MAX = 0.01, 0.95
SAME = 0.01  # a recomputed baseline within 1 % of the stored figure counts as the same estimator


def _chosen(plan: Plan) -> Option:
    if plan.choice is None:
        raise GpudeskError(t("the plan has no chosen configuration", "方案尚未选定配置"))
    return plan.choice


def _cluster(plan: Plan) -> Cluster:
    choice, hw = _chosen(plan), plan.hardware
    if hw.gpu is None:
        raise GpudeskError(
            t(
                "the plan holds no GPU specification: recalibration needs it (choose the configuration "
                "again to copy it from the catalogue)",
                "方案中没有 GPU 规格：重新校准需要它（请重新选定配置以从目录复制）",
            )
        )
    server = hw.server or {}
    net = server.get("network_gbps")
    return Cluster(
        gpu=hw.gpu,
        gpus_per_node=max(1, min(choice.gpus_per_node, choice.gpus)),
        intra_node_gbps=server.get("intra_node_gbps"),
        inter_node_gbps=net / 8 if net else None,
        host_ram_bytes=server.get("host_ram_bytes"),
    )


def _variant(plan: Plan, job: Job) -> tuple[Job, Layout]:
    """The job as the chosen layout runs it (its recompute and micro-batch) and the layout."""
    choice = _chosen(plan)
    lay = choice.layout
    layout = Layout(gpus=choice.gpus, tp=lay.tp, pp=lay.pp, zero=lay.zero, offload=lay.offload)
    return rebatched(job, lay.recompute, lay.micro_batch), layout


def reestimate(plan: Plan, job: Job) -> tuple[MemoryEstimate, TimeEstimate, CostEstimate]:
    """(memory, time, cost) of the plan's chosen configuration for `job`, by the engine."""
    v, layout = _variant(plan, job)
    cluster = _cluster(plan)
    memory = memory_estimate(v, layout, cluster.gpu.memory_bytes)
    time = time_estimate(v, layout, cluster)
    c = _chosen(plan).cost
    cost = cost_estimate(v, time, c.price_per_gpu_hour, c.price_per_gpu_month)
    return memory, time, cost


def _pair(before: object, after: object) -> Doc:
    return {"planned": before, "new": after}


def propose(plan: Plan, doc: Doc) -> Doc | None:
    """The recalibration a results file supports, or None (no successful training run, or a plan
    that does not train)."""
    train = doc.get("training") or {}
    choice = plan.choice
    if choice is None or not plan.job.task.trains or train.get("error") or not train.get("tokens_per_s"):
        return None
    e = expect.kit_expect(plan)
    cfg = e.get("train")
    if not cfg:
        return None
    tflops, measured = probe.judge().training_mfu(train, e)
    predicted, planned = cfg.get("predicted_mfu"), choice.time.mfu
    if not measured or not predicted or not planned:
        return None
    # scale what the estimator assumes for this job by its miss on the measured run (the estimator's own
    # default, so a plan recalibrated before, or with an MFU typed in, is not scaled twice)
    default = reestimate(plan, plan.job.model_copy(update={"mfu": None}))[1].mfu
    new_mfu = round(min(MFU_MAX, max(MFU_MIN, default * measured / predicted)), 4)
    per = choice.memory.per_gpu_bytes
    alloc, reserved, used = (
        train.get("peak_allocated_bytes"),
        train.get("peak_reserved_bytes"),
        train.get("device_used_bytes"),
    )
    context = max(0, used - reserved) if used and reserved else None
    slack = max(0.0, reserved / alloc - 1) if alloc and reserved else None
    new_overhead = (
        int(context + slack * (per.total - per.overhead)) if context is not None and slack is not None else None
    )
    job = plan.job.model_copy(
        update={"mfu": new_mfu, **({"overhead_bytes": new_overhead} if new_overhead is not None else {})}
    )
    base_mem, base_time, base_cost = reestimate(plan, plan.job)
    mem, time, cost = reestimate(plan, job)
    stored = choice.time.hours
    differs = bool(stored and base_time.hours and abs(base_time.hours / stored - 1) > SAME)
    return {
        "basis": {
            "host": (doc.get("host") or {}).get("hostname"),
            "measured_at": doc.get("finished_at") or doc.get("created_at"),
            "layers": train.get("layers"),
            "tokens_per_s": train.get("tokens_per_s"),
            "tflops": tflops,
            "peak_tflops": cfg.get("peak_tflops"),
            "dtype": cfg.get("dtype"),
        },
        "mfu": {
            "planned": planned,
            "default": default,
            "measured_synthetic": measured,
            "predicted_synthetic": predicted,
            "new": new_mfu,
        },
        "overhead_bytes": {
            "planned": per.overhead,
            "new": mem.per_gpu_bytes.overhead,
            "context_bytes": context,
            "allocator_slack": slack,
        },
        "memory_per_gpu_bytes": _pair(per.total, mem.per_gpu_bytes.total),
        "fits": _pair(choice.memory.fits, mem.fits),
        "tokens_per_second": _pair(choice.time.tokens_per_second, time.tokens_per_second),
        "hours": _pair(stored, time.hours),
        "gpu_hours": _pair(choice.time.gpu_hours, time.gpu_hours),
        "cost": {"planned": choice.cost.with_trial_margin, "new": cost.with_trial_margin, "currency": cost.currency},
        "baseline": {"hours": base_time.hours, "cost": base_cost.with_trial_margin, "differs": differs},
        "job": {"mfu": new_mfu, "overhead_bytes": new_overhead},
        "applied": False,
    }


def apply_recalibration(plan: Plan, proposal: Doc, source: str | None = None) -> PlanRevision:
    """Make the proposal the plan's figures (job MFU and overhead, the choice's memory, time and cost
    recomputed); the previous figures are kept in a new entry of plan.revisions."""
    if plan.choice is None:
        raise GpudeskError(t("the plan has no chosen configuration", "方案尚未选定配置"))
    before = choice_summary(plan.choice) or {}  # a summary of a choice is never None
    old_job = plan.job
    update = {k: v for k, v in proposal["job"].items() if v is not None}
    job = old_job.model_copy(update=update)
    mem, time, cost = reestimate(plan, job)
    choice = Option.model_validate(
        {
            **plan.choice.model_dump(warnings=False),
            "memory": mem.model_dump(warnings=False),
            "time": time.model_dump(warnings=False),
            "cost": cost.model_dump(warnings=False),
        }
    )
    plan.job, plan.choice = job, choice
    was = old_job.mfu if old_job.mfu is not None else proposal["mfu"]["planned"]
    rev = PlanRevision(
        version=len(plan.revisions) + 2,
        created=now_iso(),
        source=source,
        reason={
            "en": "Recalibrated from the acceptance kit's training run: MFU {} → {}{}.".format(
                units.percent(was),
                units.percent(job.mfu),
                ", memory overhead per GPU set from the measurement" if "overhead_bytes" in update else "",
            ),
            "zh_CN": "根据验收套件的训练测试重新校准：MFU {} → {}{}。".format(
                units.percent(was),
                units.percent(job.mfu),
                "，每卡显存开销按实测设定" if "overhead_bytes" in update else "",
            ),
        },
        changes={k: [getattr(old_job, k), getattr(job, k)] for k in update},
        before=before,
        after=choice_summary(choice) or {},
    )
    plan.revisions.append(rev)
    proposal["applied"] = True
    return rev
