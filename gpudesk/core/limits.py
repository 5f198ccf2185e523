"""The sane range of every number a person can type, and the longest text each field takes: defined once.

The pydantic models (Job, Layout, ModelArch, Constraints, Plan) take their Field bounds from here,
so a plan file, a config.json, a CLI option and a GUI field all refuse the same values with the same
limits (the CLI and the GUI check first, to word the message; loading a file relies on the model).
Ranges are wide on purpose: far beyond any real job, small enough that no estimate overflows a
float, turns into Infinity in JSON or runs for more than a moment. README "Limits" lists them.

    RANGES["micro_batch"].check(value, "--micro-batch")   # the value, or GpudeskError naming the range
    micro_batch: int = ranged("micro_batch", 1)           # a pydantic Field with the same bounds
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, TypedDict

from pydantic import Field

from gpudesk.core.i18n import t
from gpudesk.errors import GpudeskError


class Bounds(TypedDict, total=False):
    """The keyword arguments of pydantic's Field that bound a number."""

    gt: float
    ge: float
    lt: float
    le: float


@dataclass(frozen=True, slots=True)
class Range:
    lo: float
    hi: float
    whole: bool = True  # an integer
    lo_open: bool = False  # lo itself is excluded (> lo)
    hi_open: bool = False  # hi itself is excluded (< hi)

    def bounds(self) -> Bounds:
        """pydantic Field keyword arguments for this range."""
        out: Bounds = {}
        if self.lo_open:
            out["gt"] = self.lo
        else:
            out["ge"] = self.lo
        if self.hi_open:
            out["lt"] = self.hi
        else:
            out["le"] = self.hi
        return out

    def describe(self) -> str:
        lo = f"above {_fmt(self.lo)}" if self.lo_open else f"from {_fmt(self.lo)}"
        hi = f"below {_fmt(self.hi)}" if self.hi_open else f"to {_fmt(self.hi)}"
        lo_zh = f"大于 {_fmt(self.lo)}" if self.lo_open else f"不小于 {_fmt(self.lo)}"
        hi_zh = f"小于 {_fmt(self.hi)}" if self.hi_open else f"不大于 {_fmt(self.hi)}"
        return t(
            f"{lo} {hi}" + (", a whole number" if self.whole else ""),
            f"{lo_zh}，{hi_zh}" + (" 的整数" if self.whole else ""),
        )

    def contains(self, value: float) -> bool:
        if not math.isfinite(value):
            return False
        above = value > self.lo if self.lo_open else value >= self.lo
        below = value < self.hi if self.hi_open else value <= self.hi
        return above and below and (not self.whole or value == int(value))

    def check(self, value: Any, label: str) -> int | float:
        """`value` as a number inside the range (int when whole); GpudeskError naming `label` otherwise."""
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise GpudeskError(t("{label}: {v!r} is not a number", "{label}：{v!r} 不是数字", label=label, v=value))
        if not self.contains(value):
            raise GpudeskError(
                t(
                    "{label} {v}: out of range (allowed: {r})",
                    "{label} {v}：超出范围（允许：{r}）",
                    label=label,
                    v=_fmt(value),
                    r=self.describe(),
                )
            )
        return int(value) if self.whole else float(value)


def _fmt(x: float) -> str:
    if not math.isfinite(x):
        return str(x)
    if x == int(x) and abs(x) < 1e7:
        return f"{int(x):,}"
    return f"{x:.6g}".replace("e+", "e")


# Bounds several fields share, each named once.
_TOKENS = Range(1, 1 << 27)  # a length in tokens: 134 million tokens of context
_COUNT = Range(1, 1 << 16)  # heads, experts, head widths, LoRA ranks, sequences in a batch
_WIDTH = Range(1, 1 << 20)  # hidden widths, MLA low ranks, accumulation steps, users served at once
_FFN = Range(1, 1 << 24)  # feed-forward widths and vocabularies
_LAYERS = Range(1, 4096)  # layers and pipeline stages
_DEGREE = Range(1, 1024)  # a parallel degree or a number of chunks
_GPUS = Range(1, 1 << 17)  # 131,072 GPUs
_HOURS = Range(0, 1e6, whole=False, lo_open=True)  # a period in hours: ~114 years at most

# Every numeric input. Keys are the model field names (and a few CLI-only quantities).
RANGES: dict[str, Range] = {
    # the model (config.json, presets, --params)
    "params": Range(1e5, 1e14, whole=False),  # a bare parameter count: 100 thousand to 100 trillion
    "hidden_size": _WIDTH,
    "num_layers": _LAYERS,
    "num_heads": _COUNT,
    "num_kv_heads": _COUNT,
    "head_dim": _COUNT,
    "intermediate_size": _FFN,
    "vocab_size": _FFN,
    "max_seq_len": _TOKENS,
    "type_vocab_size": Range(0, 1 << 20),
    "num_experts": _COUNT,
    "experts_per_token": _COUNT,
    "norms_per_layer": Range(0, 64),
    "extra_params": Range(0, 1e14),
    "q_lora_rank": _WIDTH,  # MLA (DeepSeek-V2/V3)
    "kv_lora_rank": _WIDTH,
    "qk_rope_head_dim": _COUNT,
    "v_head_dim": _COUNT,
    "moe_intermediate_size": _FFN,
    "shared_experts": Range(0, 1 << 16),
    "dense_layers": Range(0, 4096),
    "sliding_window": _TOKENS,
    # the job
    "micro_batch": _COUNT,
    "seq_len": _TOKENS,
    "grad_accum": _WIDTH,
    "lora_rank": _COUNT,
    "virtual_stages": _DEGREE,  # interleaved 1F1B chunks per stage (NVIDIA recipes use up to 24)
    "global_batch_tokens": Range(1, 1 << 40),  # tokens per step (Llama 3: 16M)
    "cp": _DEGREE,
    "ep": _COUNT,
    "tokens": Range(0, 1e16, whole=False, lo_open=True),  # 10 quadrillion (Llama 3: 1.5e13)
    "concurrency": _WIDTH,
    "serving_context": _TOKENS,
    "service_hours": _HOURS,  # a serving period
    "service_months": Range(0, 1200, whole=False, lo_open=True),
    "target_tokens_per_user": Range(0, 1e6, whole=False, lo_open=True),  # output tokens/s per user
    "mfu": Range(0, 1, whole=False, lo_open=True),
    "overhead_bytes": Range(0, 1e12),
    "overhead_gb": Range(0, 1000, whole=False),
    "headroom": Range(0, 0.9, whole=False),
    "trial_margin": Range(0, 10, whole=False),
    "price_per_gpu_hour": Range(0, 1e5, whole=False),  # CNY; an H100 rents for ~20
    "price_per_gpu_month": Range(0, 1e8, whole=False),
    # the layout
    "gpus": _GPUS,
    "tp": _DEGREE,
    "pp": _LAYERS,
    "zero": Range(0, 3),
    # the search
    "budget": Range(0, 1e12, whole=False, lo_open=True),  # CNY
    "deadline_hours": _HOURS,
    "max_gpus": _GPUS,
    "top": Range(1, 1000),
}

MAX_PARAMS = 1e14  # a counted model beyond this is a typo in config.json, not a model to rent GPUs for


def ranged(name: str, default: Any = ..., **kw: Any) -> Any:
    """A pydantic Field with the bounds of RANGES[name]; None stays allowed when the type allows it."""
    return Field(default, **RANGES[name].bounds(), **kw)


# Text fields: the longest each takes (characters). Single-line fields hold no line breaks.
TEXT_LIMITS: dict[str, int] = {
    "title": 300,
    "author": 80,  # a name: it is printed in the sign-off block's name field
    "organisation": 200,
    "approver": 80,
    "notes": 100_000,  # the plan's free notes (~40 printed pages)
    "item_notes": 2_000,  # a checklist result's notes, evidence, waiver reason
    "id": 200,  # catalogue ids typed on the command line
}
SINGLE_LINE = frozenset({"title", "author", "organisation", "approver", "id"})
MAX_APPROVERS = 20

# Files read whole: refused beyond these sizes before anything is parsed.
MAX_PLAN_BYTES = 20_000_000
MAX_CONFIG_BYTES = 5_000_000
MAX_JSON_DEPTH = 64


def check_text(value: str, field: str, label: str) -> str:
    """`value` if it fits TEXT_LIMITS[field] (and is one line where it must be); GpudeskError otherwise."""
    limit = TEXT_LIMITS[field]
    if len(value) > limit:
        raise GpudeskError(
            t(
                "{label}: {n:,} characters, at most {limit:,} allowed",
                "{label}：{n:,} 个字符，最多 {limit:,} 个",
                label=label,
                n=len(value),
                limit=limit,
            )
        )
    if field in SINGLE_LINE and ("\n" in value or "\r" in value):
        raise GpudeskError(
            t("{label}: must be one line (no line breaks)", "{label}：只能是一行（不能换行）", label=label)
        )
    return value


def limited_text(field: str, default: str | None = "", **kw: Any) -> Any:
    """A pydantic Field for a text field of TEXT_LIMITS."""
    return Field(default, max_length=TEXT_LIMITS[field], **kw)
