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

from gpudesk.core.engine.architecture import count_params
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


# Model size: MFU rises with width (T1, H100 Megatron: 1.7B 41 %, 7.1B 47 %, 16B 49 %; T3, A100: 175B
# 51 %, 530B-1T 56 % with selective recomputation). Points: (active parameters, factor), log-interpolated.
SIZE_POINTS = ((1.0e9, 0.82), (1.7e9, 0.87), (7.0e9, 1.0), (16e9, 1.04), (175e9, 1.06), (1e12, 1.10))

# Mixture of experts: small expert GEMMs, routing and token permutation, the all-to-all counted apart
# (timing.py). Set so that NeMo AutoModel (FSDP2, BF16) Qwen3-30B-A3B on 8 H100 (12,040 tok/s/GPU, T13)
# and DeepSeek-V3 on 256 H100 (1,002, T12) and DeepSeek-V3's own run (2.664M H800 GPU-hours for 14.8T
# tokens, T21) come out within 20 %.
MOE_FACTOR = 0.90
# NF4 dequantisation on every matmul slows QLoRA against LoRA; the cost falls with sequence length
# (Qwen README, Qwen-7B on one A100: 256 tokens 1.2 vs 3.0 s/it, 8192 tokens 21.3 vs 22.3 s/it). The
# factor is the old default (unsourced at the typical 1-4k tokens).
QLORA_FACTOR = 0.75


def size_factor(active_params: float) -> float:
    pts = SIZE_POINTS
    if active_params <= pts[0][0]:
        return pts[0][1]
    for (x0, y0), (x1, y1) in zip(pts, pts[1:]):
        if active_params <= x1:
            f = (math.log(active_params) - math.log(x0)) / (math.log(x1) - math.log(x0))
            return y0 + f * (y1 - y0)
    return pts[-1][1]


def default_mfu(job: Job, gpu: GpuSpec) -> float:
    """MFU at the job's precision (FP8: of the FP8 peak) for the GPU class, framework and model."""
    arch = job.model
    pc = count_params(arch)
    hopper, other = FRAMEWORK_FACTOR[framework_of(job)]
    mfu = class_mfu(gpu) * (hopper if gpu_class(gpu) == "hopper-sxm" else other) * size_factor(pc.active)
    if arch.num_experts > 1:
        mfu *= MOE_FACTOR
    if job.task is TaskKind.QLORA:
        mfu *= QLORA_FACTOR
    if job.precision is Precision.FP8 and gpu.tflops_fp8 and (gpu.tflops_bf16 or gpu.tflops_fp16):
        # FP8 matmuls give the framework's measured speed-up, not the peak's 2x (frameworks.py)
        mfu *= profile_of(job).fp8_speedup * (gpu.tflops_bf16 or gpu.tflops_fp16) / gpu.tflops_fp8
    return round(min(mfu, 0.75), 4)


def is_sourced(gpu: GpuSpec) -> bool:
    return gpu_class(gpu) in SOURCED_CLASSES
