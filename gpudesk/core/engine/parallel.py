"""Degrees that follow from a job and its layout: data parallel, micro-batches per step, layout checks.

Context parallelism (cp) splits each sequence over cp GPUs, so the data-parallel degree is
gpus / (tp · pp · cp). Expert parallelism (ep) regroups the data- and context-parallel ranks for the
MoE layers (Megatron-Core: EP · expert-DP = DP · CP), so ep must divide dp · cp.
"""

from __future__ import annotations

import math

from gpudesk.core.i18n import colon, t
from gpudesk.core.models import Job, Layout, Recompute
from gpudesk.errors import GpudeskError


def data_parallel(job: Job, layout: Layout) -> int:
    return max(1, layout.gpus // (layout.tp * layout.pp * job.cp))


def micro_batches(job: Job, layout: Layout) -> int:
    """Micro-batches per optimizer step: from the global batch in tokens when one is given
    (global = dp · micro-batch · sequence · accumulation), else the job's gradient accumulation."""
    if job.global_batch_tokens:
        per_pass = job.micro_batch * job.seq_len * data_parallel(job, layout)
        return max(1, math.ceil(job.global_batch_tokens / per_pass - 1e-9))
    return job.grad_accum


def global_batch_tokens(job: Job, layout: Layout) -> int:
    """Tokens per optimizer step as run (at least the requested global batch)."""
    return data_parallel(job, layout) * job.micro_batch * job.seq_len * micro_batches(job, layout)


def expert_parallel_problem(ep: int, experts: int) -> str | None:
    """Why an expert-parallel degree cannot split a model with `experts` routed experts (None: it can);
    what the layout adds (the ranks it regroups) is checked with the layout."""
    if ep <= 1:
        return None
    if experts <= 1:
        return t("expert parallelism needs a mixture-of-experts model", "专家并行只适用于混合专家（MoE）模型")
    if experts % ep:
        return t("{ep} does not divide the model's {e} experts", "{ep} 不能整除模型的 {e} 个专家", ep=ep, e=experts)
    return None


def rebatched(job: Job, recompute: Recompute, micro_batch: int) -> Job:
    """The job run at `recompute` and `micro_batch` with its gradient accumulation scaled so that an optimizer
    step takes the same samples (at least one micro-batch): a layout's micro-batch as the search tries it and
    as a plan runs it."""
    accum = max(1, job.grad_accum * job.micro_batch // micro_batch)
    return job.model_copy(update={"recompute": recompute, "micro_batch": micro_batch, "grad_accum": accum})


def step_batch(job: Job, gpus: int, tp: int = 1, pp: int = 1, micro_batch: int | None = None) -> tuple[int, int, int]:
    """(tokens per optimizer step as run, micro-batches per step on each replica, data-parallel replicas) for
    a layout: what a plan states as its global batch and gradient accumulation (the figures the time
    estimate used; `micro_batch` is the layout's when it changed the job's)."""
    if micro_batch is not None and micro_batch != job.micro_batch:
        job = job.model_copy(update={"micro_batch": micro_batch})
    layout = Layout(gpus=gpus, tp=tp, pp=pp)
    return global_batch_tokens(job, layout), micro_batches(job, layout), data_parallel(job, layout)


def check_job_layout(job: Job, layout: Layout) -> None:
    """GpudeskError naming the problem when cp / ep do not fit the layout."""
    group = layout.tp * layout.pp * job.cp
    if layout.gpus % group:
        raise GpudeskError(
            t(
                "impossible layout: tp·pp·cp = {tp}·{pp}·{cp} = {m} does not divide {n} GPUs",
                "无法实现的并行布局：tp·pp·cp = {tp}·{pp}·{cp} = {m} 不能整除 GPU 数 {n}",
                tp=layout.tp,
                pp=layout.pp,
                cp=job.cp,
                m=group,
                n=layout.gpus,
            )
        )
    if job.ep > 1:
        problem = expert_parallel_problem(job.ep, job.model.num_experts)
        if problem:
            raise GpudeskError(colon(f"--ep {job.ep}", problem))
        ranks = data_parallel(job, layout) * job.cp
        if ranks % job.ep:
            raise GpudeskError(
                t(
                    "--ep {ep} does not divide the data- x context-parallel ranks ({r}) that expert parallelism "
                    "regroups",
                    "--ep {ep} 不能整除专家并行所重组的数据并行 × 上下文并行进程数（{r}）",
                    ep=job.ep,
                    r=ranks,
                )
            )
