"""Default MFU: by GPU class, framework, model size, architecture and precision, each factor sourced.

MFU here is the share of the dense peak (at the training precision) that the model's FLOPs
(6·N + attention, PaLM appendix B) reach while the GPUs compute, before the losses the timing
model adds itself (data/tensor/context/expert-parallel communication, the pipeline bubble,
recomputation, offload). Published figures include those losses, so each reference below was
set so that the whole estimate reproduces the published run (tests/core/test_published.py pins
every case; T#/M# are the rows of /work/notes/engine-research/measurements.md, sources there and in
the test). The user's `--mfu` replaces the table.
"""

from __future__ import annotations

import math

from gpudesk.core.engine.frameworks import framework_of, profile_of
from gpudesk.core.engine.gpu_classes import SOURCED_CLASSES, class_mfu, gpu_class
from gpudesk.core.models import Framework, GpuSpec, Job, Precision, TaskKind

# Framework relative to Megatron-Core on the same GPU and model. On Hopper the other stacks reach about
# 85 % of Megatron's MFU: torchtitan Llama 3.1 8B on 8x H100, 5,762 tok/s/GPU with op-level SAC (T17);
# NeMo AutoModel FSDP2 Llama3 70B 39 % MFU on 64 H100 (T14) and LoRA 8B 12,473 tok/s on one H100 (T15),
# against Megatron-Core's 47-49 % (T1). On slower GPUs framework overheads weigh less: HF + PEFT LoRA of
# Qwen-7B on one A100, 3,151 tok/s with gradient checkpointing (T24), is 95 % of the Ampere reference.
# DeepSpeed and Unsloth: no MFU measurement found at 7-70B; taken as the HF stack (unsourced; Unsloth's
# "2x faster than HF + FA2" comes mostly from less memory traffic and cheaper checkpointing).
FRAMEWORK_FACTOR: dict[Framework, tuple[float, float]] = {  # (Hopper and newer, other GPUs)
    Framework.MEGATRON: (1.0, 1.0),
    Framework.FSDP2: (0.85, 0.95),
    Framework.HF: (0.85, 0.95),
    Framework.DEEPSPEED: (0.85, 0.95),
    Framework.UNSLOTH: (0.85, 0.95),
}


# Model width: MFU rises with the hidden size, which sets the GEMM shapes (T1, H100 Megatron: GPT 1.7B with
# hidden 2304 41 %, 7.1B (4096) 47 %, 16B (6144) 49 %; T3, A100: 175B (12288) 51 %, 530B (20480) and 1T (25600)
# 56 % with selective recomputation). Points: (hidden size, factor), log-interpolated.
SIZE_POINTS = ((1024, 0.75), (2304, 0.87), (4096, 1.0), (6144, 1.04), (12288, 1.06), (25600, 1.10))


# Mixture of experts: small expert GEMMs, routing and token permutation, the all-to-all counted apart
# (timing.py). Set so that NeMo AutoModel (FSDP2, BF16) Qwen3-30B-A3B on 8 H100 (12,040 tok/s/GPU, T13)
# and DeepSeek-V3 on 256 H100 (1,002, T12) and DeepSeek-V3's own run (2.664M H800 GPU-hours for 14.8T
# tokens, T21) come out within 20 %.
MOE_FACTOR = 0.90
# NF4 dequantisation on every matmul slows QLoRA against LoRA; the cost falls with sequence length
# (Qwen README, Qwen-7B on one A100: 256 tokens 1.2 vs 3.0 s/it, 8192 tokens 21.3 vs 22.3 s/it). The
# factor is the old default (unsourced at the typical 1-4k tokens).
QLORA_FACTOR = 0.75


def size_factor(hidden: float) -> float:
    pts = SIZE_POINTS
    if hidden <= pts[0][0]:
        return pts[0][1]
    for (x0, y0), (x1, y1) in zip(pts, pts[1:]):
        if hidden <= x1:
            f = (math.log(hidden) - math.log(x0)) / (math.log(x1) - math.log(x0))
            return y0 + f * (y1 - y0)
    return pts[-1][1]


def default_mfu(job: Job, gpu: GpuSpec) -> float:
    """MFU at the job's precision (FP8: of the FP8 peak) for the GPU class, framework and model."""
    arch = job.model
    width = arch.hidden_size or (arch.components[0].hidden_size if arch.components else None) or 4096
    hopper, other = FRAMEWORK_FACTOR[framework_of(job)]
    mfu = class_mfu(gpu) * (hopper if gpu_class(gpu) == "hopper-sxm" else other) * size_factor(width)
    if arch.num_experts > 1:
        mfu *= MOE_FACTOR
    if job.task is TaskKind.QLORA:
        mfu *= QLORA_FACTOR
    peak16 = gpu.tflops_bf16 or gpu.tflops_fp16
    if job.precision is Precision.FP8 and gpu.tflops_fp8 and peak16:
        # FP8 matmuls give the framework's measured speed-up, not the peak's 2x (frameworks.py)
        mfu *= profile_of(job).fp8_speedup * peak16 / gpu.tflops_fp8
    return round(min(mfu, 0.75), 4)


def is_sourced(gpu: GpuSpec) -> bool:
    return gpu_class(gpu) in SOURCED_CLASSES
