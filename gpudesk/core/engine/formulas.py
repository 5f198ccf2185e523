"""The formulas the engine used for a job, in words: what the report, the notes and the GUI show beside a
figure must be the formula that produced it (issue 13 point 4). Each text follows the code it describes:
memory.py (the quick estimate), timing.py (training FLOPs per token)."""

from __future__ import annotations

from gpudesk.core.engine.memory import QUICK_FULL_BYTES_PER_PARAM, QUICK_LORA_FRACTION, QUICK_QLORA_FRACTION
from gpudesk.core.engine.timing import RECOMPUTE_SPEEDUP
from gpudesk.core.i18n import t
from gpudesk.core.models import Job, Precision, Recompute, TaskKind


def quick_bytes_per_param(job: Job) -> float | None:
    """Bytes per parameter of the guide's rule as applied to this job (None for serving: weights + KV)."""
    full = QUICK_FULL_BYTES_PER_PARAM * (2 if job.precision is Precision.FP32 else 1)
    if job.task is TaskKind.LORA:
        return full * QUICK_LORA_FRACTION
    if job.task is TaskKind.QLORA:
        return full * QUICK_QLORA_FRACTION
    if job.task is TaskKind.INFERENCE:
        return None
    return full


def quick_rule(job: Job) -> str:
    """How the quick estimate of `job` was computed, e.g. "LoRA: about 10 % of full training's 20 bytes per
    parameter = 2 bytes per parameter"."""
    fp32 = job.precision is Precision.FP32
    full = t("20 bytes per parameter{x}", "每参数 20 字节{x}", x=t(", doubled in FP32", "，FP32 翻倍") if fp32 else "")
    per = quick_bytes_per_param(job)
    if job.task is TaskKind.LORA or job.task is TaskKind.QLORA:
        share = QUICK_LORA_FRACTION if job.task is TaskKind.LORA else QUICK_QLORA_FRACTION
        return t(
            "{kind}: about {p:.0%} of full training's {full} = {b:g} bytes per parameter",
            "{kind}：约为全参训练（{full}）的 {p:.0%}，即每参数 {b:g} 字节",
            kind="LoRA" if job.task is TaskKind.LORA else "QLoRA",
            p=share,
            full=full,
            b=per,
        )
    if job.task is TaskKind.INFERENCE:
        return t(
            "weights at the serving precision + the KV cache of every sequence in flight (no rule of thumb)",
            "按推理精度计的权重 + 所有并发序列的 KV 缓存（非经验法则）",
        )
    if job.task is TaskKind.MIXED:
        return t(
            "the larger of training ({full}) and serving (weights + KV cache)",
            "训练（{full}）与推理服务（权重 + KV 缓存）中的较大者",
            full=full,
        )
    return t("full training: {full}", "全参训练：{full}", full=full)


def flops_rule(job: Job) -> str:
    """How the training FLOPs of `job` were counted (timing.flops_per_token), in words."""
    attention = t(
        "12 × layers × heads × head size × sequence length per token for attention",
        "注意力每 token 12 × 层数 × 头数 × 头维度 × 序列长度",
    )
    if job.task is TaskKind.LORA or job.task is TaskKind.QLORA:
        base = t(
            "(4 × N + 6 × adapter parameters) × tokens (frozen weights get no weight gradient)",
            "（4 × N + 6 × 适配器参数量）× token 数（冻结权重不计算权重梯度）",
        )
    else:
        base = t("6 × N × tokens", "6 × N × token 数")
    extra = ""
    rec = Recompute(job.recompute)
    if rec is Recompute.FULL:
        extra = t(
            ", + 2 × N × tokens and 1/3 of the attention for full recomputation",
            "，完全重计算另加 2 × N × token 数及 1/3 注意力计算量",
        )
    elif rec is Recompute.OP_SELECTIVE:
        extra = t(
            ", + 2 × the recomputed matmul parameters (every other matmul) × tokens for op-level selective "
            "recomputation",
            "，算子级选择性重计算另加 2 × 重算的矩阵乘参数量（每隔一个矩阵乘）× token 数",
        )
    elif rec is Recompute.SELECTIVE and not job.flash_attention:
        extra = t(", + 1/3 of the attention for selective recomputation", "，选择性重计算另加 1/3 注意力计算量")
    if extra:
        extra += t(
            " (recomputed FLOPs run {x:g}x faster than the average: HFU above MFU)",
            "（重算部分按比平均快 {x:g} 倍计：HFU 高于 MFU）",
            x=RECOMPUTE_SPEEDUP,
        )
    moe = t(" (active experts only)", "（仅激活的专家）") if job.model.num_experts > 1 else ""
    return t(
        "{base} + {attn}{extra}; N = the weights a token multiplies through{moe}",
        "{base} + {attn}{extra}；N 为每个 token 经过的矩阵乘参数量{moe}",
        base=base,
        attn=attention,
        extra=extra,
        moe=moe,
    )
