"""Bytes of a served model: its weights at the serving precision (quantisation scales included) and the KV
cache's element size. Memory (what fits) and serving speed (what a decode step reads) both use these.

Formats, as the common serving stacks store them:
- int4 weight-only (GPTQ, AWQ; AutoGPTQ / AutoAWQ default group size 128): 4-bit weights packed in int32,
  one fp16 scale and one 4-bit zero point per group of 128 input weights: 0.5 + (2 + 0.5) / 128 B/param;
- int8 weight-only (LLM.int8-style per-output-channel): 1 byte + one fp16 scale per output row, i.e.
  2 / d_in B/param (d_in taken as the hidden size);
- fp8 (E4M3, vLLM / TensorRT-LLM FP8): 1 byte, one fp32 scale per tensor (negligible);
- only the transformer blocks' linear layers are quantised: embeddings, the LM head and norms stay
  16-bit (AWQ, GPTQ and vLLM's FP8 keep the LM head unquantised).
"""

from __future__ import annotations

from gpudesk.core.engine.architecture import count_params
from gpudesk.core.models import Job, KvPrecision, ModelArch, Precision, WeightPrecision

INT4_GROUP = 128
INT4_BYTES_PER_PARAM = 0.5 + (2 + 0.5) / INT4_GROUP  # 4-bit weight + fp16 scale and 4-bit zero per group
FP16_SCALE_BYTES = 2

_FROM_PRECISION = {Precision.BF16: "bf16", Precision.FP16: "fp16", Precision.FP8: "fp8", Precision.FP32: "fp32"}


def block_linear_params(arch: ModelArch) -> int:
    """Weights of the blocks' linear layers (what quantisation and QLoRA's NF4 store), towers summed."""
    if arch.components:
        return sum(block_linear_params(c) for c in arch.components)
    return sum(d_in * d_out * c for _, d_in, d_out, c in count_params(arch).linear)  # dense and MoE layers


def weight_precision(job: Job) -> str:
    """The serving weights' format: --weight-precision, else the job's precision ("fp32" possible)."""
    if job.weight_precision is not None:
        return WeightPrecision(job.weight_precision).value  # model_copy leaves plain strings
    return _FROM_PRECISION[Precision(job.precision)]


def kv_precision(job: Job) -> str:
    """The KV cache's format: --kv-precision, else 16-bit (FP32 jobs: FP32). An FP8 model keeps its KV cache in
    BF16 unless asked (vLLM's kv_cache_dtype "auto" follows the activations, not the weights)."""
    if job.kv_precision is not None:
        return KvPrecision(job.kv_precision).value
    return "fp32" if job.precision is Precision.FP32 else ("fp16" if job.precision is Precision.FP16 else "bf16")


def kv_bytes(job: Job) -> int:
    """Bytes per KV-cache element."""
    return {"fp32": 4, "bf16": 2, "fp16": 2, "fp8": 1}[kv_precision(job)]


def quantised_bytes_per_param(fmt: str, arch: ModelArch) -> float:
    """Bytes per weight of a quantised linear layer, scales included."""
    if fmt == "int4":
        return INT4_BYTES_PER_PARAM
    if fmt == "int8":
        return 1 + FP16_SCALE_BYTES / (arch.hidden_size or 4096)
    if fmt == "fp8":
        return 1.0
    return 4.0 if fmt == "fp32" else 2.0


def serving_weight_bytes(job: Job) -> float:
    """All the model's weights at the serving precision, bytes (before any tensor/pipeline split)."""
    arch = job.model
    n = count_params(arch).total
    fmt = weight_precision(job)
    if fmt in ("fp32", "bf16", "fp16"):
        return n * (4 if fmt == "fp32" else 2)
    linear = min(block_linear_params(arch), n) or int(n * 0.95)  # bare parameter count: ~95 % in the blocks
    return linear * quantised_bytes_per_param(fmt, arch) + (n - linear) * 2


def weight_bytes_per_param(job: Job) -> float:
    """The whole model's average (what a person reads: "0.52 B/param" for int4 g128)."""
    n = count_params(job.model).total
    return serving_weight_bytes(job) / n if n else 2.0


__all__ = [
    "INT4_GROUP",
    "block_linear_params",
    "kv_bytes",
    "kv_precision",
    "quantised_bytes_per_param",
    "serving_weight_bytes",
    "weight_bytes_per_param",
    "weight_precision",
]
