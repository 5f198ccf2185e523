"""Candidate layouts for one GPU count: job variants (more recomputation, smaller micro-batches), the
valid tensor/pipeline degrees, and every (offload, ZeRO, TP, PP, variant) combination in search order."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from gpudesk.core.engine.layout_rules import pp_problem, tp_problem
from gpudesk.core.engine.parallel import rebatched
from gpudesk.core.models import Job, Loss, Offload, Recompute

TP_DEGREES = (1, 2, 4, 8, 16)
PP_DEGREES = (2, 4, 8, 16, 32)
_OFFLOADS = (Offload.NONE, Offload.OPTIMIZER, Offload.OPTIMIZER_PARAMS)
_RECOMPUTES = (Recompute.NONE, Recompute.SELECTIVE, Recompute.FULL)
_RECOMPUTE_ORDER = (Recompute.NONE, Recompute.SELECTIVE, Recompute.OP_SELECTIVE, Recompute.FULL)  # least saving first
_RECOMPUTE_SCORE = {Recompute.NONE: 0.0, Recompute.SELECTIVE: 0.5, Recompute.OP_SELECTIVE: 2.0, Recompute.FULL: 8.0}
_ZERO_SCORE = (0.0, 0.1, 0.3, 2.0)


class Candidate(NamedTuple):
    """One layout to try for a GPU count. The search takes the lowest `level` that fits (4 × offload
    index, + 2 when tensor parallelism leaves the NVLink group, + 1 for a chunked loss the job did not ask
    for), so a chunked cross-entropy comes before TP over PCIe and both before CPU offload, each used only
    when nothing cheaper fits; inside a level, the lowest static slowness `score` first."""

    level: int
    score: float
    variant: int  # index into the job's variants (recompute, micro-batch, loss)
    tp: int
    pp: int
    zero: int
    offload: Offload


NO_OFFLOAD_LEVELS = 4  # levels below this keep everything on the GPUs (see Candidate)


@dataclass
class Variant:
    job: Job
    recompute: Recompute
    micro_batch: int
    score: float
    chunked: bool = False  # the loss switched to chunked cross-entropy (the framework supports it)


def variants(job: Job) -> list[Variant]:
    """The job with more activation recomputation and smaller micro-batches (same global batch), then the
    same with a chunked cross-entropy when the job leaves the loss to a framework that can chunk it
    (each group ends with its least-memory variant: full recomputation, micro-batch 1)."""
    if not job.task.trains:
        return [Variant(job, job.recompute, job.micro_batch, 0.0)]
    out = _variants(job)
    from gpudesk.core.engine.frameworks import loss_of, profile_of

    if job.loss is None and loss_of(job) is not Loss.CHUNKED and profile_of(job).chunked_loss:
        chunked = job.model_copy(update={"loss": Loss.CHUNKED})
        out += [
            Variant(
                v.job.model_copy(update={"loss": Loss.CHUNKED}) if v.job is not job else chunked,
                v.recompute,
                v.micro_batch,
                v.score,
                chunked=True,
            )
            for v in _variants(job)
        ]
    return out


def _variants(job: Job) -> list[Variant]:
    out = []
    own = Recompute(job.recompute)
    # the job's own recomputation, then the search's heavier ones (op-selective, asked for, sits before full)
    ladder = [own, *(r for r in _RECOMPUTES if _RECOMPUTE_ORDER.index(r) > _RECOMPUTE_ORDER.index(own))]
    mbs, mb = [], job.micro_batch
    while True:
        mbs.append(mb)
        if mb == 1:
            break
        mb = max(1, mb // 2)
    for r in ladder:
        if r is Recompute.SELECTIVE and job.flash_attention and job.recompute is not Recompute.SELECTIVE:
            continue  # flash attention already drops the attention scores: same memory as none
        for halvings, mb in enumerate(mbs):
            v = job if (r is job.recompute and mb == job.micro_batch) else rebatched(job, r, mb)
            out.append(Variant(v, r, mb, _RECOMPUTE_SCORE[r] + halvings))
    return out


def degrees(job: Job, n: int, gpn: int) -> tuple[tuple[int, ...], tuple[int, ...], int, int]:
    """Tensor and pipeline degrees valid for n GPUs on nodes of gpn, how many were invalid, and how many
    the job's framework does not do (training: Hugging Face and Unsloth have no tensor or pipeline stages)."""
    from gpudesk.core.engine.frameworks import profile_of

    prof = profile_of(job)
    tp_ok = prof.tensor_parallel or not job.task.trains  # serving (vLLM-style) splits heads whatever trained it
    pp_ok = prof.pipeline or not job.task.trains
    nodes = n // gpn if n > gpn else 1
    invalid = unsupported = 0
    tps = []
    for tp in TP_DEGREES:
        if tp > n or tp > gpn:
            continue
        if n % tp or tp_problem(job.model, tp):
            invalid += 1
            continue
        if tp > 1 and not tp_ok:
            unsupported += 1
            continue
        tps.append(tp)
    pps = [1]
    if nodes > 1:  # pipeline stages of whole nodes, for models too large for TP + ZeRO alone
        for pp in PP_DEGREES:
            if pp > nodes:
                break
            if nodes % pp or pp_problem(job.model, pp):
                invalid += 1
                continue
            if not pp_ok:
                unsupported += 1
                continue
            pps.append(pp)
    return tuple(tps), tuple(pps), invalid, unsupported


def candidates(
    job: Job,
    variants: Sequence[Variant],
    tps: Sequence[int],
    pps: Sequence[int],
    sharded: Sequence[bool],
    multi_node: bool,
    nvlink_group: int,
) -> list[Candidate]:
    """Layouts from these degrees, sorted by (level, score). `sharded[i]`: dp > 1 for the i-th (tp, pp)."""
    from gpudesk.core.engine.frameworks import profile_of

    trains = job.task.trains
    prof = profile_of(job)
    fsdp_with_pp = prof.fsdp_with_pp
    # ZeRO-Offload is DeepSpeed's: a single-GPU stack without it (Unsloth) offloads nothing
    offloads = _OFFLOADS if trains and not prof.single_gpu else _OFFLOADS[:1]
    out: list[Candidate] = []
    i = 0
    for tp in tps:
        tp_score = math.log2(tp) * 1.5
        pcie = 1 if tp > nvlink_group else 0
        for pp in pps:
            dp_gt1 = sharded[i]
            i += 1
            base = tp_score + math.log2(pp) * 2.5
            for oi, offload in enumerate(offloads):
                zeros: tuple[int, ...]
                if offload is Offload.NONE:
                    zeros = (0, 1, 2, 3) if trains and dp_gt1 else (0,)
                elif offload is Offload.OPTIMIZER:
                    zeros = (2, 3)  # ZeRO-Offload keeps optimizer states on the CPU (stage 2+)
                else:
                    zeros = (3,)  # parameters offload needs ZeRO-3 (ZeRO-Infinity)
                for zero in zeros:
                    # pipeline + ZeRO-2/3 is not supported (DeepSpeed, Megatron); FSDP2 shards with PP (torchtitan)
                    if pp > 1 and zero > 1 and not (zero == 3 and fsdp_with_pp):
                        continue
                    zs = _ZERO_SCORE[zero] * (2 if multi_node and zero == 3 else 1)
                    for vi, v in enumerate(variants):
                        level = 4 * oi + 2 * pcie + (1 if v.chunked else 0)
                        out.append(Candidate(level, base + zs + v.score, vi, tp, pp, zero, offload))
    out.sort(key=lambda c: (c.level, c.score))
    return out
