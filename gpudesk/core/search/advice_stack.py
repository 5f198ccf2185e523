"""Advice about the accelerator's software stack: a framework or a precision the card does not run.

Domestic accelerators (Ascend on CANN, Hygon DCU on DTK, Kunlunxin on its XPU runtime) run PyTorch
through vendor back-ends, with their own ports of Megatron (MindSpeed-LLM, DCU-Megatron), DeepSpeed
and LLaMA-Factory; Triton-kernel stacks (Unsloth) are CUDA-only. FP8 needs FP8 tensor cores: none of
the Ascend 910B parts or Hygon DCUs has them (catalogue notes, engine/frameworks.py). Rule ids are a
public contract like those in advice.py.
"""

from __future__ import annotations

from gpudesk.core import messages as msg
from gpudesk.core.engine.frameworks import profile_of, software_stack
from gpudesk.core.models import Advice, Precision
from gpudesk.core.search.advice_context import AdviceContext, rule_advice

_PORTS = ("cann", "dtk", "xpu")  # stacks with ports of the frameworks (core.messages.advice_texts)


def fp8_unsupported(ctx: AdviceContext) -> Advice | None:
    if ctx.job.precision is not Precision.FP8 or ctx.gpu.tflops_fp8:
        return None
    return rule_advice("fp8-unsupported", "warning", gpu=msg.gpu_name(ctx.gpu))


def framework_unsupported(ctx: AdviceContext) -> Advice | None:
    stack = software_stack(ctx.gpu)
    prof = profile_of(ctx.job)
    if stack is None or stack in prof.stacks:
        return None
    return rule_advice(
        "framework-unsupported",
        "warning",
        f=prof.label(),
        gpu=msg.gpu_name(ctx.gpu),
        s=msg.label("stack", stack),
        p=msg.part("framework-unsupported/port", x=msg.part(f"framework-unsupported/port-{stack}"))
        if stack in _PORTS
        else "",
    )


def non_cuda_stack(ctx: AdviceContext) -> Advice | None:
    stack = software_stack(ctx.gpu)
    if stack in (None, "cuda") or stack not in profile_of(ctx.job).stacks:
        return None
    return rule_advice("non-cuda-stack", "info", gpu=msg.gpu_name(ctx.gpu), s=msg.label("stack", stack))


def bf16_rate_unknown(ctx: AdviceContext) -> Advice | None:
    gpu = ctx.gpu
    if ctx.job.precision is not Precision.BF16 or gpu.tflops_bf16 or not gpu.tflops_fp16:
        return None
    if software_stack(gpu) in (None, "cuda"):
        return None  # NVIDIA cards without a BF16 figure lack BF16: advice.no_bf16_support says so
    return rule_advice("bf16-rate-unknown", "info", gpu=msg.gpu_name(gpu))


STACK_RULES = (fp8_unsupported, framework_unsupported, non_cuda_stack, bf16_rate_unknown)
STACK_RULE_IDS = ("fp8-unsupported", "framework-unsupported", "non-cuda-stack", "bf16-rate-unknown")
