"""Model states: bytes per parameter of weights, gradients and optimizer states, and where they live.

ZeRO paper (Rajbhandari et al. 2020): mixed-precision Adam = 2 (16-bit weights) + 2 (gradients) +
12 (fp32 master 4, momentum 4, variance 4) = 16 B/param. Megatron keeps fp32 main gradients beside
bf16 weights (18 B/param, Megatron-LM dist_optimizer.md). Pure bf16 (torchtune, LLaMA-Factory
`pure_bf16`, torchtitan `dtype=bfloat16`): 2 + 2 + 4. 8-bit optimizer states (bitsandbytes): one
byte per moment. `--optimizer` sets how many moments there are (AdamW 2, SGD 1, Adafactor factored).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from gpudesk.core.engine.architecture import ParamCounts, count_params
from gpudesk.core.engine.frameworks import model_states_of, profile_of
from gpudesk.core.engine.lora import lora_adapter_params
from gpudesk.core.models import Job, ModelArch, ModelStates, Optimizer, Precision, TaskKind

NF4_BYTES_PER_PARAM = (4 + 0.127) / 8  # QLoRA NF4 + double-quantised constants (Dettmers et al. 2023)
_ELEMENT_BYTES = {ModelStates.MIXED: 4, ModelStates.BF16: 2, ModelStates.EIGHT_BIT: 1}


@dataclass(frozen=True, slots=True)
class StateBytes:
    """Bytes per trained parameter."""

    weights: float
    gradients: float
    optimizer: float

    @property
    def total(self) -> float:
        return self.weights + self.gradients + self.optimizer


def optimizer_bytes(opt: Optimizer, master: bool, element: int, factored: float = 0.0) -> float:
    """Optimizer-state bytes per trainable parameter (`element` bytes per moment; `factored`: Adafactor's
    fp32 row + column factors per parameter), the fp32 master copy included when `master`."""
    extra = 4 if master else 0
    if opt is Optimizer.ADAMW:
        return extra + 2 * element  # momentum + variance
    if opt is Optimizer.ADAMW_8BIT:
        return extra + 2  # bitsandbytes: 1-byte momentum + 1-byte variance (block constants negligible)
    if opt is Optimizer.SGD:
        return extra + element  # momentum
    return extra + factored * element / 4  # Adafactor: row + column second moments, no momentum


def full_state_bytes(job: Job, factored: float = 0.0) -> StateBytes:
    """Full training: bytes per parameter of the model's states under the job's framework and precision."""
    if job.precision is Precision.FP32:
        return StateBytes(4, 4, optimizer_bytes(job.optimizer, False, 4, factored))
    states = model_states_of(job)
    mixed = states is ModelStates.MIXED
    grads = 4 if (mixed and profile_of(job).fp32_main_grads) else 2
    # FP8 training keeps BF16 weights and, when mixed, the fp32 master (Transformer Engine)
    return StateBytes(2, grads, optimizer_bytes(job.optimizer, mixed, _ELEMENT_BYTES[states], factored))


def adapter_state_bytes(job: Job) -> StateBytes:
    """LoRA / QLoRA adapters. Mixed: LoRA adapters in fp32 (PEFT / LLaMA-Factory upcast them), QLoRA
    adapters in 16-bit as the QLoRA reference code, both with fp32 optimizer state; bf16 / 8bit: adapters
    in bf16 with bf16 / 8-bit moments (torchtune)."""
    states = model_states_of(job)
    factored = 4 / max(job.lora_rank, 1)
    if states is ModelStates.MIXED or job.precision is Precision.FP32:
        ab = 2 if (job.task is TaskKind.QLORA and job.precision is not Precision.FP32) else 4
        return StateBytes(ab, ab, optimizer_bytes(job.optimizer, False, 4, factored))
    return StateBytes(2, 2, optimizer_bytes(job.optimizer, False, _ELEMENT_BYTES[states], factored))


def stage_fraction(arch: ModelArch, pc: ParamCounts, tp: int, pp: int) -> float:
    """Share of all parameters held by the fullest GPU of one model-parallel group."""
    if tp == 1 and pp == 1:
        return 1.0
    if not pc.num_layers or arch.components:
        return 1.0 / (tp * pp)
    computed = pc.embedding + pc.blocks + pc.lm_head + pc.other
    per_stage = math.ceil(pc.num_layers / pp) * pc.blocks / pc.num_layers
    if pp == 1:
        biggest: float = computed
    else:
        first = per_stage + pc.embedding
        last = per_stage + pc.lm_head + pc.other + (pc.embedding if arch.tied_embeddings else 0)
        biggest = max(first, last)
    return biggest / computed / tp


def checkpoint_bytes(job: Job) -> int | None:
    """What one checkpoint of the job writes: the unique weights and optimizer states (fp32 master copy
    included) of the whole model; LoRA/QLoRA: the adapters in 16-bit and their states (the frozen base
    is not rewritten). None for serving."""
    task = job.task
    if not task.trains:
        return None
    if task is TaskKind.LORA or task is TaskKind.QLORA:
        adapters = lora_adapter_params(job.model, job.lora_rank, job.lora_targets)
        return int(adapters * (2 + adapter_state_bytes(job).optimizer))
    pc = count_params(job.model)
    factored = adafactor_factored(pc, job.model) if job.optimizer is Optimizer.ADAFACTOR else 0.0
    s = full_state_bytes(job, factored)
    return int(pc.total * (s.weights + s.optimizer))


def adafactor_factored(pc: ParamCounts, arch: ModelArch) -> float:
    """Adafactor state bytes per parameter: 4·(rows + cols) per matrix instead of 4·rows·cols."""
    if not pc.num_layers or not pc.total:
        return 0.0
    matrices = sum((d_in + d_out) * copies for _, d_in, d_out, copies in pc.linear)
    h = arch.hidden_size or 0
    vocab = arch.vocab_size or 0
    tables = (vocab + h) * (2 if pc.lm_head else 1)
    vectors = pc.num_layers * pc.norm_per_layer + pc.other  # 1-D parameters keep full state (approx.)
    return 4 * (matrices + tables + vectors) / pc.total
