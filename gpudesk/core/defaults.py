"""One set of defaults for every front end: the CLI's option defaults, the GUI form's first values and
`plan new` read them here, so the same job gives the same answer wherever it is entered.

The values themselves are the pydantic models' field defaults (core/models.py: Job, Layout, Constraints);
this module hands them out by name and adds what a model field cannot say (the sequence length capped at
the model's context, the GPU an estimate uses when none is named, the service period in months). The
serving inputs of issue 13 are described once here too (range, unit, labels and help in both languages),
for the CLI's help and the GUI form.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any

from gpudesk.core.i18n import t
from gpudesk.core.limits import RANGES, Range
from gpudesk.core.models import (
    Constraints,
    Framework,
    Job,
    KvPrecision,
    Layout,
    Loss,
    ModelArch,
    ModelStates,
    Recompute,
    WeightPrecision,
)
from gpudesk.core.rules import HOURS_PER_MONTH
from gpudesk.core.rules import PRETRAIN_GLOBAL_BATCH_TOKENS as _PRETRAIN_GBT
from gpudesk.core.rules import default_global_batch_tokens as _default_gbt


def job_default(name: str) -> Any:
    """The default of a Job field (e.g. "grad_accum" -> 1)."""
    return Job.model_fields[name].get_default(call_default_factory=True)


def layout_default(name: str) -> Any:
    return Layout.model_fields[name].get_default(call_default_factory=True)


def constraint_default(name: str) -> Any:
    """The default of a Constraints field (e.g. "max_gpus")."""
    return Constraints.model_fields[name].get_default(call_default_factory=True)


SEQ_LEN: int = job_default("seq_len")
# The example a new GUI form starts from (the CLI names its model and gives --tokens itself): the guide's
# 7B class with one billion training tokens; the first preset the catalogue has when these are missing.
STARTING_MODELS = ("llama-2-7b", "qwen2-7b", "mistral-7b")
STARTING_TOKENS = 1e9
GPU = "a100-sxm-80gb"  # the GPU `estimate` uses when --gpu is not given (falls back to an 80 GB data-centre card)
SERVICE_HOURS = HOURS_PER_MONTH  # a serving job's period when none is given (Job.service_hours None)


def seq_len_for(arch: ModelArch | None) -> int:
    """The default sequence length for a model: SEQ_LEN, capped at the model's own maximum context."""
    cap = arch.max_seq_len if arch is not None else None
    return min(SEQ_LEN, cap or SEQ_LEN)


def service_months(hours: float | None) -> float:
    """A service period in months (what the GUI field shows)."""
    return (hours if hours is not None else SERVICE_HOURS) / HOURS_PER_MONTH


@dataclass(frozen=True)
class Input:
    """One input a person sets: its default, range and words (both languages). `range` names the bounds in
    core.limits.RANGES (the one definition the models, the CLI and the GUI check against); without it,
    `minimum`/`maximum` give them."""

    key: str  # the Job field
    default: Any
    minimum: float | None
    maximum: float | None
    en: str
    zh: str
    help_en: str
    help_zh: str
    choices: tuple[str, ...] = ()
    range: str | None = None

    @property
    def limits(self) -> Range | None:
        if self.range:
            return RANGES[self.range]
        if self.minimum is None or self.maximum is None:
            return None
        return Range(self.minimum, self.maximum, whole=False)

    def label(self) -> str:
        return t(self.en, self.zh)

    def help(self) -> str:
        return t(self.help_en, self.help_zh)


SERVING_INPUTS: dict[str, Input] = {
    "weight_precision": Input(
        "weight_precision",
        None,
        None,
        None,
        "Weight precision (serving)",
        "权重精度（推理服务）",
        "How the served weights are stored; default: the job's precision. int8/int4 are weight-only "
        "(GPTQ/AWQ group 128 for int4), FP8 runs FP8 matmuls only where the card has FP8",
        "推理时权重的存储格式；默认与任务精度相同。int8/int4 为仅权重量化（int4 按 GPTQ/AWQ 分组 128），"
        "FP8 仅在支持 FP8 的显卡上以 FP8 计算",
        tuple(p.value for p in WeightPrecision),
    ),
    "kv_precision": Input(
        "kv_precision",
        None,
        None,
        None,
        "KV cache precision",
        "KV 缓存精度",
        "How the KV cache is stored; default 16-bit. FP8 halves its memory and the bytes each decode step reads",
        "KV 缓存的存储格式；默认 16 位。FP8 使其显存占用和每步解码读取量减半",
        tuple(p.value for p in KvPrecision),
    ),
    "service_months": Input(
        "service_hours",
        1.0,
        None,
        None,
        "Service period (months)",
        "服务期（月）",
        f"How long the GPUs serve; one month = {HOURS_PER_MONTH:g} hours",
        f"显卡提供服务的时长；一个月按 {HOURS_PER_MONTH:g} 小时计",
        range="service_months",
    ),
    "target_tokens_per_user": Input(
        "target_tokens_per_user",
        None,
        None,
        None,
        "Target tokens/s per user",
        "每用户目标速度（token/秒）",
        "Output tokens per second each user must get; setups slower than this are not recommended "
        "(reading speed is about 5–10 tokens/s)",
        "每个用户至少应得到的每秒输出 token 数；达不到的配置不予推荐（阅读速度约每秒 5–10 个 token）",
        range="target_tokens_per_user",
    ),
    "concurrency": Input(
        "concurrency",
        job_default("concurrency"),
        None,
        None,
        "Concurrent users",
        "并发用户数",
        "Sequences in flight at once across the whole service",
        "整个服务同时处理的序列数",
        range="concurrency",
    ),
    "serving_context": Input(
        "serving_context",
        None,
        None,
        None,
        "Context per user (tokens)",
        "每用户上下文（token）",
        "Prompt plus output tokens each sequence holds in the KV cache; default: the sequence length",
        "每个序列在 KV 缓存中保留的提示与输出 token 数；默认等于序列长度",
        range="serving_context",
    ),
}


# --- the training stack (issue 14) -------------------------------------------------------------------

PRETRAIN_GLOBAL_BATCH_TOKENS = _PRETRAIN_GBT


def global_batch_tokens_for(task: str) -> int | None:
    """The global batch a job gets when neither it nor its gradient accumulation is given (pre-training:
    PRETRAIN_GLOBAL_BATCH_TOKENS; fine-tuning: one micro-batch per step unless told)."""
    return _default_gbt(task)


def _choices(enum: type[Enum]) -> tuple[str, ...]:
    return tuple(x.value for x in enum)


# Labels and help for the GUI form (the names of the values: gpudesk.core.units.label)
ENGINE_INPUTS: dict[str, Input] = {
    "framework": Input(
        "framework",
        None,
        None,
        None,
        "Training framework",
        "训练框架",
        "The training stack: what it keeps in memory and how fast it runs. Default: HF Trainer for fine-tuning "
        "and LoRA/QLoRA, Megatron-LM for pre-training",
        "训练所用的软件栈，决定显存占用与速度。默认：微调与 LoRA/QLoRA 用 Hugging Face Trainer，预训练用 Megatron-LM",
        _choices(Framework),
    ),
    "model_states": Input(
        "model_states",
        None,
        None,
        None,
        "Model-state precision",
        "模型状态精度",
        "mixed: 16-bit weights and gradients, fp32 master weights and Adam (16 B/param); bf16: everything in "
        "bf16 (8 B/param); 8bit: bf16 with 8-bit optimizer states. Default: the framework's",
        "混合精度：16 位权重与梯度，FP32 主权重与 Adam（每参数 16 字节）；纯 BF16：全部为 BF16（每参数 8 字节）；"
        "BF16 + 8 位优化器：优化器状态为 8 位。默认取框架的设置",
        _choices(ModelStates),
    ),
    "loss": Input(
        "loss",
        None,
        None,
        None,
        "Loss computation",
        "损失计算方式",
        "fp32-logits: the whole logits tensor upcast to fp32 (large for 100k+ vocabularies); chunked: "
        "chunked or fused cross-entropy, one chunk at a time. Default: the framework's",
        "FP32 logits：整个 logits 升为 FP32（词表超过 10 万时很大）；分块交叉熵：分块或融合计算，每次只处理一块。"
        "默认取框架的设置",
        _choices(Loss),
    ),
    "recompute": Input(
        "recompute",
        job_default("recompute"),
        None,
        None,
        "Recomputation",
        "重计算",
        "Recompute activations in the backward pass: selective (Megatron's attention core; nothing to save "
        "with flash attention), op-selective (torchtitan: keeps every other matmul), full (whole blocks)",
        "反向时重算激活：selective（Megatron 的注意力核心，使用 FlashAttention 时不省显存）、op-selective"
        "（torchtitan，保留每隔一个矩阵乘的输出）、full（整块重算）",
        _choices(Recompute),
    ),
    "virtual_stages": Input(
        "virtual_stages",
        job_default("virtual_stages"),
        None,
        None,
        "Virtual pipeline stages",
        "虚拟流水线阶段",
        "Interleaved 1F1B: model chunks per pipeline stage; the bubble shrinks to (p-1)/(v·m+p-1)",
        "交错式 1F1B：每个流水线阶段的模型块数；气泡降为 (p-1)/(v·m+p-1)",
        range="virtual_stages",
    ),
    "global_batch_tokens": Input(
        "global_batch_tokens",
        None,
        None,
        None,
        "Global batch (tokens)",
        "全局批次（token）",
        "Tokens per optimizer step; gradient accumulation follows from it and the data-parallel degree "
        f"(pre-training default {_PRETRAIN_GBT:,})",
        f"每个优化步的 token 数；梯度累积由它和数据并行度决定（预训练默认 {_PRETRAIN_GBT:,}）",
        range="global_batch_tokens",
    ),
    "cp": Input(
        "cp",
        job_default("cp"),
        None,
        None,
        "Context parallel",
        "上下文并行",
        "Split each sequence over this many GPUs (long contexts)",
        "把每个序列切分到这么多张卡上（长上下文）",
        range="cp",
    ),
    "ep": Input(
        "ep",
        job_default("ep"),
        None,
        None,
        "Expert parallel",
        "专家并行",
        "Split a MoE model's routed experts over this many GPUs; adds the all-to-all of token dispatch",
        "把 MoE 模型的路由专家分到这么多张卡上；会增加分发 token 的 all-to-all 通信",
        range="ep",
    ),
}
