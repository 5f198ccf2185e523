"""Framework profiles: what each training stack keeps in GPU memory and how it runs.

A profile is chosen per job (`Job.framework`; default hf for fine-tuning, LoRA/QLoRA and serving,
megatron for pre-training) and supplies defaults for the model-state precision and the loss, and the
facts the memory and time models need. Each value carries its source; "measured" figures are in
tests/core/test_published.py with their tables.

Sources (read 2026-12-02):
- [HF]   transformers `loss/loss_utils.py` ForCausalLMLoss (`logits = logits.float()` on the whole tensor);
         LLaMA-Factory `model/adapter.py` (trainable params and LoRA adapters upcast to fp32 unless
         `pure_bf16`); `integrations/deepspeed.py` (ZeRO-3 prefetch 0.9·h², persistence 10·h).
- [DS]   deepspeed.readthedocs.io/en/stable/zero3.html (stage 3 partitions and gathers the 16-bit
         parameters layer by layer; stage 1 the fp32 master and moments; stage 2 the 16-bit gradients).
- [MLM]  Megatron-LM docs/user-guide/features/dist_optimizer.md (bf16 params + fp32 main grads:
         18 B/param, 6 + 12/d with the distributed optimizer); transformer_config.py (selective recompute
         default ["core_attn"]); interleaved 1F1B with virtual pipeline stages.
- [TT]   torchtitan config/configs.py (training.dtype float32 = fp32 sharded params, bf16 compute:
         mixed; "bfloat16" = pure bf16 states), distributed/activation_checkpoint.py (op-level SAC saves
         attention outputs and every other matmul), distributed/fsdp.py (no reshard after forward when
         pipeline parallel is on), components/metrics.py (memory reported = max reserved).
- [TUNE] torchtune recipes (dtype bf16, CEWithChunkedOutputLoss with 8 chunks, 8-bit paged AdamW,
         optimizer-in-backward) and README "Memory and training speed".
- [UNS]  unsloth models/llama.py (fused chunked cross-entropy: logits never materialised in full),
         models/_utils.py (gradient checkpointing with CPU offload of the saved layer inputs).

Which parallelisms each stack does (the search offers only those; `unsupported` names what a layout
asks beyond them):
- [HF]   transformers docs "Distributed training" / "FSDP" / "DeepSpeed": Trainer distributes by data
         parallelism (DDP), FSDP or DeepSpeed ZeRO 1-3 with ZeRO-Offload; LLaMA-Factory docs
         "Distributed training" (DDP, DeepSpeed, FSDP). Neither configures tensor or pipeline stages.
- [DS]   deepspeed.ai/tutorials/pipeline (PipelineModule, 1F1B), ZeRO 1-3 + offload, MoE expert parallel
         (deepspeed.ai/tutorials/mixture-of-experts); tensor slicing through Megatron-DeepSpeed / AutoTP.
- [MLM]  Megatron-LM README: tensor, pipeline (interleaved), context, expert and data parallelism.
- [TT]   torchtitan docs: FSDP2, tensor (async TP), pipeline (1F1B, interleaved), context and expert.
- [UNS]  unsloth README / docs "Multi-GPU training": the open-source release trains on one GPU (no ZeRO,
         ZeRO-Offload, FSDP, tensor or pipeline parallelism); LoRA and QLoRA.

Which stacks can chunk the loss when memory is short (the search tries that before CPU offload):
- [LIG]  Liger-Kernel README (LigerFusedLinearCrossEntropyLoss: the logits computed and reduced chunk by
         chunk, never whole); transformers TrainingArguments `use_liger_kernel` (v4.45+); LLaMA-Factory
         `enable_liger_kernel: true`.
- [TUNE] torchtune `loss: torchtune.modules.loss.CEWithChunkedOutputLoss` in its recipes.
- Megatron-LM and plain DeepSpeed compute the whole (vocab-parallel) logits: no chunked loss.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypedDict

from gpudesk.core.i18n import t
from gpudesk.core.models import Framework, GpuSpec, Job, Layout, Loss, ModelStates, TaskKind

CUDA_ONLY = frozenset({"cuda"})
# PyTorch stacks with vendor back-ends: Ascend CANN (torch_npu), Hygon DTK and AMD ROCm (HIP, CUDA semantics)
TORCH_STACKS = frozenset({"cuda", "rocm", "cann", "dtk"})
LOSS_CHUNKS = 8  # torchtune CEWithChunkedOutputLoss(num_output_chunks=8) [TUNE]
# Unsloth's fused loss picks "the best chunk size to reduce VRAM" [UNS] and computes each chunk's gradient
# in the forward pass: no full-size fp32 tensor survives. 64 chunks stands for that (an assumption, checked
# against its 78,475 tokens of Llama 3.1 8B QLoRA in 24 GB, tests/core/published.py M23c).
UNSLOTH_LOSS_CHUNKS = 64
# Allocator cache: PyTorch's caching allocator keeps freed blocks reserved (and per stream). 5 % over the
# live tensors by default; FSDP2 all-gathers and reduce-scatters on their own streams, and torchtitan reports
# max *reserved* memory [TT]: 10 %, set so that its Llama 3.1 8B runs (82.4 / 67.0 GiB) come out within 10 %.
FSDP2_ALLOCATOR_CACHE = 0.10


class Parallelism(TypedDict, total=False):
    """What a stack parallelises besides the data (Profile's fields of the same names; see the sources above)."""

    pipeline: bool
    tensor_parallel: bool
    virtual_stages: bool
    context_parallel: bool
    expert_parallel: bool


# [HF] [UNS]: no tensor or pipeline stages of their own
NO_MODEL_PARALLELISM = Parallelism(pipeline=False, tensor_parallel=False)
# [MLM] [TT]: tensor, pipeline (interleaved), context and expert parallelism
EVERY_PARALLELISM = Parallelism(virtual_stages=True, context_parallel=True, expert_parallel=True)


@dataclass(frozen=True, slots=True)
class Profile:
    id: Framework
    name: str  # the stack's own name (not translated)
    summary_en: str
    summary_zh: str
    dp_overlap: float  # share of data-parallel traffic hidden behind compute (bucketed, overlapped)
    fp8_speedup: float  # tokens/s with FP8 matmuls over BF16 on a GPU with FP8 tensor cores
    # Below: what the PyTorch stacks share unless a profile says otherwise.
    model_states: ModelStates = ModelStates.MIXED  # default precision of weights, gradients and optimizer states
    loss: Loss = Loss.FP32_LOGITS  # default loss computation
    fp32_main_grads: bool = False  # gradients accumulated in fp32 beside bf16 weights (Megatron: 18 B/param)
    zero3_live_layers: int = 2  # gathered layers held at once under ZeRO-3 / FSDP (computed + prefetched)
    reshard_with_pp: bool = True  # False: with pipeline parallelism a stage keeps its unsharded parameters
    fsdp_with_pp: bool = False  # ZeRO-3 / FSDP combined with pipeline parallelism is supported
    tp_overlap: float = 0.0  # share of tensor-parallel traffic hidden behind the GEMMs
    ep_overlap: float = 0.0  # share of the MoE all-to-all hidden behind expert compute
    loss_chunks: int = LOSS_CHUNKS  # a chunked loss holds the fp32 logits of one chunk of this many at a time
    allocator_cache: float = (
        0.05  # memory the caching allocator reserves beyond the live tensors (reserved / allocated - 1)
    )
    stacks: frozenset[str] = TORCH_STACKS  # software stacks the framework runs on
    pipeline: bool = True
    virtual_stages: bool = False
    context_parallel: bool = False
    expert_parallel: bool = False
    tensor_parallel: bool = True
    single_gpu: bool = False  # one GPU only: no data parallelism, ZeRO or CPU offload through DeepSpeed
    tasks: frozenset[TaskKind] | None = None  # None: all training tasks
    chunked_loss: bool = False  # can compute the loss in chunks (see the sources above); how: chunked_how
    chunked_how: tuple[str, str] = ("", "")  # the setting that turns it on (English, Chinese)

    def label(self) -> str:
        return self.name  # the stack's own name, the same in both languages

    def summary(self) -> str:
        return t(self.summary_en, self.summary_zh)


PROFILES: dict[Framework, Profile] = {
    Framework.HF: Profile(
        Framework.HF,
        "Hugging Face Trainer / PEFT / LLaMA-Factory",
        "mixed precision with fp32 master weights and fp32 Adam (16 B/param), LoRA adapters upcast to fp32, "
        "the whole logits tensor upcast to fp32 for the loss, ZeRO through DeepSpeed or FSDP; no tensor or "
        "pipeline parallelism of its own",
        "混合精度（FP32 主权重与 FP32 Adam，每参数 16 字节），LoRA 适配器升为 FP32，损失计算时整个 logits 升为 FP32，"
        "ZeRO 依赖 DeepSpeed 或 FSDP；自身不做张量并行和流水线并行",
        dp_overlap=0.5,
        fp8_speedup=1.2,
        **NO_MODEL_PARALLELISM,  # [HF] DDP, FSDP or DeepSpeed ZeRO: data parallelism only
        chunked_loss=True,
        chunked_how=(  # [LIG]
            "Liger kernel: use_liger_kernel=True (Trainer) or enable_liger_kernel: true (LLaMA-Factory)",
            "Liger 内核：use_liger_kernel=True（Trainer）或 enable_liger_kernel: true（LLaMA-Factory）",
        ),
    ),
    Framework.DEEPSPEED: Profile(
        Framework.DEEPSPEED,
        "DeepSpeed",
        "ZeRO stages 1-3 over 2 + 2 + 12 B/param (16-bit weights and gradients, fp32 master and Adam), "
        "ZeRO-3 gathers each layer in its stored precision, CPU offload (ZeRO-Offload), 1F1B pipeline",
        "ZeRO 1–3 阶段切分每参数 2 + 2 + 12 字节（16 位权重与梯度，FP32 主权重与 Adam），ZeRO-3 按存储精度逐层聚合，"
        "支持 CPU 卸载（ZeRO-Offload）与 1F1B 流水线",
        dp_overlap=0.5,
        fp8_speedup=1.2,
        expert_parallel=True,
    ),  # [DS] ZeRO, pipeline, tensor slicing, MoE expert parallel
    Framework.MEGATRON: Profile(
        Framework.MEGATRON,
        "Megatron-LM / Megatron-Core",
        "bf16 weights with fp32 main gradients and fp32 Adam (18 B/param; the distributed optimizer, ZeRO-1, "
        "shards 12 of them), sequence parallelism with tensor parallelism, selective recomputation of the "
        "attention core, interleaved 1F1B pipeline, context and expert parallelism",
        "BF16 权重 + FP32 主梯度 + FP32 Adam（每参数 18 字节；分布式优化器即 ZeRO-1，切分其中 12 字节），张量并行时开启"
        "序列并行，选择性重计算注意力核心，交错式 1F1B 流水线，支持上下文并行与专家并行",
        fp32_main_grads=True,
        dp_overlap=0.9,
        tp_overlap=0.5,
        ep_overlap=0.5,
        fp8_speedup=1.5,
        **EVERY_PARALLELISM,
    ),  # [MLM] all of them
    Framework.FSDP2: Profile(
        Framework.FSDP2,
        "PyTorch FSDP2 (torchtitan / torchtune)",
        "fully sharded fp32 parameters with bf16 compute (torchtitan's default, 16 B/param; torchtune trains "
        "in pure bf16: --model-states bf16 --loss chunked), op-level selective activation checkpointing, "
        "no reshard after forward with pipeline parallelism, float8 matmuls, context and expert parallelism",
        "全分片的 FP32 参数 + BF16 计算（torchtitan 默认，每参数 16 字节；torchtune 用纯 BF16：--model-states bf16 "
        "--loss chunked），算子级选择性激活检查点，流水线并行时前向后不重新分片，float8 矩阵乘，支持上下文并行与专家并行",
        reshard_with_pp=False,
        fsdp_with_pp=True,
        dp_overlap=0.9,
        ep_overlap=0.5,
        fp8_speedup=1.25,
        allocator_cache=FSDP2_ALLOCATOR_CACHE,
        **EVERY_PARALLELISM,  # [TT] FSDP2, TP, PP (interleaved), CP, EP
        chunked_loss=True,
        chunked_how=("CEWithChunkedOutputLoss (torchtune)", "CEWithChunkedOutputLoss（torchtune）"),
    ),
    Framework.UNSLOTH: Profile(
        Framework.UNSLOTH,
        "Unsloth",
        "single-GPU LoRA / QLoRA with fused chunked cross-entropy (no full logits) and gradient checkpointing "
        "that offloads the saved layer inputs to host RAM; Triton kernels, NVIDIA GPUs only",
        "单卡 LoRA / QLoRA，融合分块交叉熵（不生成完整 logits），梯度检查点把保存的层输入卸载到内存；Triton 内核，仅支持 NVIDIA GPU",
        loss=Loss.CHUNKED,
        dp_overlap=0.5,
        fp8_speedup=1.0,
        loss_chunks=UNSLOTH_LOSS_CHUNKS,
        stacks=CUDA_ONLY,
        tasks=frozenset({TaskKind.LORA, TaskKind.QLORA}),
        **NO_MODEL_PARALLELISM,
        single_gpu=True,  # [UNS] one GPU
        chunked_loss=True,
        chunked_how=("its default fused loss", "其默认的融合损失"),
    ),
}


def unsupported(job: Job, layout: Layout) -> list[str]:
    """What `layout` (and the job's own parallel degrees) asks of the job's framework that it does not do, in
    words; empty when the framework runs it. One rule for the search, `evaluate` and the estimate's notes."""
    prof = profile_of(job)
    lacks = []
    if layout.pp > 1 and not prof.pipeline:
        lacks.append(t("pipeline parallelism", "流水线并行"))
    if layout.tp > 1 and not prof.tensor_parallel:
        lacks.append(t("tensor parallelism", "张量并行"))
    if job.cp > 1 and not prof.context_parallel:
        lacks.append(t("context parallelism", "上下文并行"))
    if job.ep > 1 and not prof.expert_parallel:
        lacks.append(t("expert parallelism", "专家并行"))
    if job.virtual_stages > 1 and layout.pp > 1 and not prof.virtual_stages:
        lacks.append(t("interleaved virtual pipeline stages", "交错式虚拟流水线阶段"))
    if layout.zero == 3 and layout.pp > 1 and not prof.fsdp_with_pp:
        lacks.append(t("ZeRO-3 together with pipeline parallelism", "ZeRO-3 与流水线并行同时使用"))
    if prof.single_gpu and layout.gpus > 1:
        lacks.append(t("more than one GPU (the open-source release)", "多卡训练（开源版）"))
    if prof.tasks is not None and job.task not in prof.tasks:
        lacks.append(t("{task} training", "此类训练任务", task=job.task.value))
    return lacks


def layout_problem(job: Job, layout: Layout) -> str | None:
    """Why the job's framework cannot run `layout` (training only), or None when it can."""
    if not job.task.trains:
        return None
    lacks = unsupported(job, layout)
    if not lacks:
        return None
    return t(
        "{f} does not support {x}: choose another layout or another framework (--framework)",
        "{f} 不支持{x}：请换一种布局或换用其他训练框架（--framework）",
        f=profile_of(job).label(),
        x=t(", ", "、").join(lacks),
    )


def default_choice(key: str) -> str:
    """What the "not set" choice of a framework input means (GUI combo boxes); value names: units.label."""
    if key == "framework":
        return t("by task (default)", "按任务（默认）")  # the input's help says which: hf / megatron
    return t("framework's default", "随框架默认")


def framework_of(job: Job) -> Framework:
    if job.framework is not None:
        return Framework(job.framework)  # model_copy(update=...) may leave a plain string
    return Framework.MEGATRON if job.task == TaskKind.PRETRAIN else Framework.HF


def profile_of(job: Job) -> Profile:
    return PROFILES[framework_of(job)]


def model_states_of(job: Job) -> ModelStates:
    return ModelStates(job.model_states) if job.model_states is not None else profile_of(job).model_states


def loss_of(job: Job) -> Loss:
    return Loss(job.loss) if job.loss is not None else profile_of(job).loss


def software_stack(gpu: GpuSpec) -> str | None:
    """The accelerator's software stack; NVIDIA cards run CUDA unless the catalogue says otherwise."""
    if gpu.software_stack:
        return gpu.software_stack
    return "cuda" if (gpu.vendor or "").lower() == "nvidia" else None
