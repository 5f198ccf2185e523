"""Advice about the accelerator's software stack: a framework or a precision the card does not run.

Domestic accelerators (Ascend on CANN, Hygon DCU on DTK, Kunlunxin on its XPU runtime) run PyTorch
through vendor back-ends, with their own ports of Megatron (MindSpeed-LLM, DCU-Megatron), DeepSpeed
and LLaMA-Factory; Triton-kernel stacks (Unsloth) are CUDA-only. FP8 needs FP8 tensor cores: none of
the Ascend 910B parts or Hygon DCUs has them (catalogue notes, engine/frameworks.py). Rule ids are a
public contract like those in advice.py.
"""

from __future__ import annotations

from gpudesk.core import units
from gpudesk.core.engine.frameworks import profile_of, software_stack
from gpudesk.core.i18n import t
from gpudesk.core.models import Advice, Precision
from gpudesk.core.search.advice_context import AdviceContext, rule_advice

_PORTS = {
    "cann": (
        "MindSpeed-LLM (Megatron), MindSpeed's FSDP2 back-end, LLaMA-Factory with torch_npu, DeepSpeed's NPU "
        "accelerator",
        "MindSpeed-LLM（对应 Megatron）、MindSpeed 的 FSDP2 后端、LLaMA-Factory + torch_npu、DeepSpeed 的 NPU "
        "加速器支持",
    ),
    "dtk": ("PyTorch, DeepSpeed and Megatron built for DTK", "适配 DTK 的 PyTorch、DeepSpeed 与 Megatron"),
    "xpu": ("PaddlePaddle's XPU build", "飞桨 XPU 版"),
}


def fp8_unsupported(ctx: AdviceContext) -> Advice | None:
    if ctx.job.precision is not Precision.FP8 or ctx.gpu.tflops_fp8:
        return None
    return rule_advice(
        "fp8-unsupported",
        "warning",
        "{gpu} has no FP8 tensor cores (or no published FP8 rate): the time is for BF16/FP16; train in BF16, and "
        "do not plan on FP8 checkpoints loading on it.",
        "{gpu} 没有 FP8 张量核心（或无公开的 FP8 算力）：时间按 BF16/FP16 估算；请用 BF16 训练，也不要指望在其上加载 FP8 "
        "模型。",
        gpu=units.localised(ctx.gpu, "name"),
    )


def framework_unsupported(ctx: AdviceContext) -> Advice | None:
    stack = software_stack(ctx.gpu)
    prof = profile_of(ctx.job)
    if stack is None or stack in prof.stacks:
        return None
    port = _PORTS.get(stack)
    return rule_advice(
        "framework-unsupported",
        "warning",
        "{f} is not known to run on {gpu} ({s}){p}.",
        "{f} 未见可在 {gpu}（{s}）上运行的支持{p}。",
        f=prof.label(),
        gpu=units.localised(ctx.gpu, "name"),
        s=units.label("stack", stack),
        p=(t("; use {x} instead", "；请改用{x}", x=t(*port))) if port else "",
    )


def non_cuda_stack(ctx: AdviceContext) -> Advice | None:
    stack = software_stack(ctx.gpu)
    if stack in (None, "cuda") or stack not in profile_of(ctx.job).stacks:
        return None
    return rule_advice(
        "non-cuda-stack",
        "info",
        "{gpu} runs {s}, not CUDA: before renting, run the job's own code on it for an hour (kernels such as flash "
        "attention, the framework port and its version); the throughput here has no published measurement behind it.",
        "{gpu} 使用 {s} 而非 CUDA：租用前请先用自己的训练代码在其上跑一小时（FlashAttention 等算子、框架适配及其版本）；"
        "此处的吞吐量没有公开实测支撑。",
        gpu=units.localised(ctx.gpu, "name"),
        s=units.label("stack", stack),
    )


def bf16_rate_unknown(ctx: AdviceContext) -> Advice | None:
    gpu = ctx.gpu
    if ctx.job.precision is not Precision.BF16 or gpu.tflops_bf16 or not gpu.tflops_fp16:
        return None
    if software_stack(gpu) in (None, "cuda"):
        return None  # NVIDIA cards without a BF16 figure lack BF16: advice.no_bf16_support says so
    return rule_advice(
        "bf16-rate-unknown",
        "info",
        "{gpu}: no BF16 rate published, timed at its FP16 figure; ask the provider which variant it is and its "
        "BF16 rate.",
        "{gpu}：未公布 BF16 算力，按 FP16 数值计时；请向服务商确认具体型号及其 BF16 算力。",
        gpu=units.localised(gpu, "name"),
    )


STACK_RULES = (fp8_unsupported, framework_unsupported, non_cuda_stack, bf16_rate_unknown)
STACK_RULE_IDS = ("fp8-unsupported", "framework-unsupported", "non-cuda-stack", "bf16-rate-unknown")
