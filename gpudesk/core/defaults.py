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
from typing import Any

from gpudesk.core.i18n import t
from gpudesk.core.limits import RANGES, Range
from gpudesk.core.models import Constraints, Job, KvPrecision, Layout, ModelArch, WeightPrecision
from gpudesk.core.rules import HOURS_PER_MONTH


def job_default(name: str) -> Any:
    """The default of a Job field (e.g. "grad_accum" -> 1)."""
    return Job.model_fields[name].get_default(call_default_factory=True)


def layout_default(name: str) -> Any:
    return Layout.model_fields[name].get_default(call_default_factory=True)


def constraint_default(name: str) -> Any:
    """The default of a Constraints field (e.g. "max_gpus")."""
    return Constraints.model_fields[name].get_default(call_default_factory=True)


SEQ_LEN = job_default("seq_len")
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
    """One input a person sets: its default, words (both languages) and range (core.limits.RANGES, the one
    definition the models, the CLI and the GUI check against)."""

    key: str  # the Job field
    default: Any
    range: str | None  # key into RANGES; None for a choice
    en: str
    zh: str
    help_en: str
    help_zh: str
    choices: tuple[str, ...] = ()

    @property
    def limits(self) -> Range | None:
        return RANGES[self.range] if self.range else None

    def label(self) -> str:
        return t(self.en, self.zh)

    def help(self) -> str:
        return t(self.help_en, self.help_zh)


SERVING_INPUTS: dict[str, Input] = {
    "weight_precision": Input(
        "weight_precision", None, None, "Weight precision (serving)", "权重精度（推理服务）",
        "How the served weights are stored; default: the job's precision. int8/int4 are weight-only "
        "(GPTQ/AWQ group 128 for int4), FP8 runs FP8 matmuls only where the card has FP8",
        "推理时权重的存储格式；默认与任务精度相同。int8/int4 为仅权重量化（int4 按 GPTQ/AWQ 分组 128），"
        "FP8 仅在支持 FP8 的显卡上以 FP8 计算",
        tuple(p.value for p in WeightPrecision)),
    "kv_precision": Input(
        "kv_precision", None, None, "KV cache precision", "KV 缓存精度",
        "How the KV cache is stored; default 16-bit. FP8 halves its memory and the bytes each decode step reads",
        "KV 缓存的存储格式；默认 16 位。FP8 使其显存占用和每步解码读取量减半",
        tuple(p.value for p in KvPrecision)),
    "service_months": Input(
        "service_hours", 1.0, "service_months", "Service period (months)", "服务期（月）",
        f"How long the GPUs serve; one month = {HOURS_PER_MONTH:g} hours",
        f"显卡提供服务的时长；一个月按 {HOURS_PER_MONTH:g} 小时计"),
    "target_tokens_per_user": Input(
        "target_tokens_per_user", None, "target_tokens_per_user", "Target tokens/s per user", "每用户目标速度（token/秒）",
        "Output tokens per second each user must get; setups slower than this are not recommended "
        "(reading speed is about 5–10 tokens/s)",
        "每个用户至少应得到的每秒输出 token 数；达不到的配置不予推荐（阅读速度约每秒 5–10 个 token）"),
    "concurrency": Input(
        "concurrency", job_default("concurrency"), "concurrency", "Concurrent users", "并发用户数",
        "Sequences in flight at once across the whole service", "整个服务同时处理的序列数"),
    "serving_context": Input(
        "serving_context", None, "serving_context", "Context per user (tokens)", "每用户上下文（token）",
        "Prompt plus output tokens each sequence holds in the KV cache; default: the sequence length",
        "每个序列在 KV 缓存中保留的提示与输出 token 数；默认等于序列长度"),
}
