"""The shared vocabulary of gpudesk: what a job, a layout, a GPU and an answer are.

Pure pydantic, no Qt. The estimators, the recommender, the catalogue, the CLI, the GUI and
the PDF all speak in these types; JSON keys produced from them are a public contract
(see the engine and recommender issues), so rename nothing here lightly.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, SerializationInfo, model_serializer

from gpudesk.core.limits import MAX_PARAMS, ranged
from gpudesk.core.messages import Message, worded


class Strict(BaseModel):
    model_config = ConfigDict(
        extra="forbid", frozen=False, validate_assignment=False, defer_build=True, allow_inf_nan=False
    )  # JSON has no Infinity: never take one in


# --- enumerations (values equal the CLI option values) -------------------------------------


class TaskKind(StrEnum):
    PRETRAIN = "pretrain"
    FULL = "full"
    LORA = "lora"
    QLORA = "qlora"
    INFERENCE = "inference"
    MIXED = "mixed"  # training + concurrent serving: sized by the stricter requirement

    @property
    def trains(self) -> bool:
        return self is not TaskKind.INFERENCE


class Precision(StrEnum):
    FP32 = "fp32"
    BF16 = "bf16"
    FP16 = "fp16"
    FP8 = "fp8"


class WeightPrecision(StrEnum):
    """Serving: how the weights are stored (int8/int4 are weight-only quantisation; fp8 runs FP8 matmuls
    where the card has FP8)."""

    BF16 = "bf16"
    FP16 = "fp16"
    FP8 = "fp8"
    INT8 = "int8"
    INT4 = "int4"


class KvPrecision(StrEnum):
    """Serving: how the KV cache is stored."""

    BF16 = "bf16"
    FP16 = "fp16"
    FP8 = "fp8"


class Optimizer(StrEnum):
    ADAMW = "adamw"
    ADAMW_8BIT = "adamw-8bit"
    SGD = "sgd"
    ADAFACTOR = "adafactor"


class Recompute(StrEnum):
    NONE = "none"
    SELECTIVE = "selective"  # Megatron's: the attention core only (nothing left to drop with flash attention)
    OP_SELECTIVE = "op-selective"  # torchtitan's op-level SAC: keeps attention outputs and every other matmul
    FULL = "full"  # whole blocks: only each block's input is kept


class Framework(StrEnum):
    """The training stack (gpudesk.core.engine.frameworks holds what each keeps and how fast it runs)."""

    HF = "hf"  # Hugging Face Transformers Trainer / PEFT / TRL / LLaMA-Factory
    DEEPSPEED = "deepspeed"
    MEGATRON = "megatron"  # Megatron-LM / Megatron-Core / NeMo / MindSpeed-LLM
    FSDP2 = "fsdp2"  # PyTorch fully_shard: torchtitan, torchtune, NeMo AutoModel
    UNSLOTH = "unsloth"  # single-GPU LoRA / QLoRA


class ModelStates(StrEnum):
    """Precision of weights, gradients and optimizer states."""

    MIXED = "mixed"  # 16-bit weights and gradients, fp32 master weights, fp32 Adam: 16 B/param
    BF16 = "bf16"  # everything in bf16, no master copy: 8 B/param with Adam
    EIGHT_BIT = "8bit"  # bf16 weights and gradients, 8-bit optimizer states, no master copy: 6 B/param


class Loss(StrEnum):
    FP32_LOGITS = "fp32-logits"  # the whole logits tensor upcast to fp32 for the loss
    CHUNKED = "chunked"  # chunked / fused cross-entropy: one chunk upcast at a time


class Offload(StrEnum):
    NONE = "none"
    OPTIMIZER = "optimizer"
    OPTIMIZER_PARAMS = "optimizer+params"


class Objective(StrEnum):
    CHEAPEST = "cheapest"
    FASTEST = "fastest"
    DEADLINE = "deadline"  # cheapest that meets the deadline
    BUDGET = "budget"  # fastest within budget


class Billing(StrEnum):
    HOURLY = "hourly"
    MONTHLY = "monthly"


class Tier(StrEnum):
    ENTRY = "entry"  # 入门级
    ADVANCED = "advanced"  # 进阶档
    FLAGSHIP = "flagship"  # 旗舰级
    MULTI_NODE = "multi-node"  # 跨节点集群


# --- the model being trained or served ------------------------------------------------------


class ModelArch(Strict):
    """A model's architecture, as read from a Hugging Face config.json or a preset.

    Transformer fields may be None when only a parameter count is known
    (`params_hint`); the estimators then fall back to stated approximations.
    """

    id: str | None = None
    name: str = "custom model"
    family: str = "custom"  # llama, mistral, mixtral, qwen2, gpt2, bert, gpt_neox, falcon, clip, unet, custom
    task_class: str | None = None  # the guide's task class (preset grouping)
    hidden_size: int | None = ranged("hidden_size", None)
    num_layers: int | None = ranged("num_layers", None)
    num_heads: int | None = ranged("num_heads", None)
    num_kv_heads: int | None = ranged("num_kv_heads", None)
    head_dim: int | None = ranged("head_dim", None)
    intermediate_size: int | None = ranged("intermediate_size", None)
    gated_mlp: bool = False  # SwiGLU/GeGLU: three MLP matrices instead of two
    vocab_size: int | None = ranged("vocab_size", None)
    max_seq_len: int | None = ranged("max_seq_len", None)
    tied_embeddings: bool = False
    learned_positions: bool = False  # GPT-2/BERT absolute position table
    type_vocab_size: int = ranged("type_vocab_size", 0)  # BERT token-type embeddings
    attention_bias: bool = False  # q/k/v/o biases (GPT-2, BERT, Qwen2 qkv only -> see qkv_bias)
    qkv_bias: bool = False
    mlp_bias: bool = False
    norm: Literal["layernorm", "rmsnorm"] = "rmsnorm"
    parallel_attention: bool = False  # falcon / gpt-neox parallel residual
    num_experts: int = ranged("num_experts", 1)  # MoE: experts per MoE layer
    experts_per_token: int = ranged("experts_per_token", 1)
    encoder_only: bool = False  # BERT: pooler, no LM head by default
    params_hint: int | None = Field(
        default=None, gt=0, le=MAX_PARAMS
    )  # bare parameter count when nothing else is known
    source: str | None = None  # where the numbers came from (config.json path, preset source)
    approximations: list[str] = Field(default_factory=list)
    # engine additions (additive): what the fields above cannot express
    norms_per_layer: int = ranged("norms_per_layer", 2)  # falcon-7b parallel block: 1
    final_norm: bool = True  # one more norm after the stack (BERT: the embedding LayerNorm)
    extra_params: int = ranged("extra_params", 0)  # parts outside the blocks: BERT pooler, CLIP patch conv...
    components: list[ModelArch] = Field(default_factory=list)  # towers counted apart (CLIP text + vision)
    dropout: bool = False  # trained with dropout (GPT-2, BERT): 1-byte masks are kept for backward
    unfused_activation: bool = False  # activation built from elementwise ops (HF gelu_new): 5 saved tensors, not 2
    # newer decoders (additive): Qwen3 / Gemma 3 q-k norms, MLA (DeepSeek-V2/V3), fine-grained MoE, sliding windows
    qk_norm: bool = False  # RMSNorm over each head's q and k (head_dim weights each)
    q_lora_rank: int | None = ranged("q_lora_rank", None)  # MLA: query down-projection rank (None: plain q_proj)
    kv_lora_rank: int | None = ranged("kv_lora_rank", None)  # MLA: compressed KV latent width (set = MLA attention)
    qk_rope_head_dim: int | None = ranged("qk_rope_head_dim", None)  # MLA: rotary part of q/k per head (k's is shared)
    v_head_dim: int | None = ranged("v_head_dim", None)  # MLA: value width per head (head_dim = q/k non-rope part)
    moe_intermediate_size: int | None = ranged(
        "moe_intermediate_size", None
    )  # width of one expert (None: intermediate_size)
    shared_experts: int = ranged("shared_experts", 0)  # experts every token goes through (DeepSeek)
    dense_layers: int = ranged("dense_layers", 0)  # leading layers with a dense MLP of intermediate_size (DeepSeek)
    router_bias: bool = False  # per-expert routing bias (DeepSeek-V3 e_score_correction_bias)
    sliding_window: int | None = ranged("sliding_window", None)  # local attention window of some layers
    sliding_layers: float = Field(default=0.0, ge=0, le=1)  # share of layers that use the window


# --- the job ----------------------------------------------------------------------------------


class Job(Strict):
    """What the user wants to do with the model (everything but the hardware layout)."""

    model: ModelArch
    task: TaskKind = TaskKind.FULL
    precision: Precision = Precision.BF16
    optimizer: Optimizer = Optimizer.ADAMW
    micro_batch: int = ranged("micro_batch", 1)
    seq_len: int = ranged("seq_len", 2048)
    grad_accum: int = ranged("grad_accum", 1)
    recompute: Recompute = Recompute.NONE
    flash_attention: bool = True
    lora_rank: int = ranged("lora_rank", 16)
    lora_targets: list[str] = Field(default_factory=lambda: ["q", "k", "v", "o"])
    tokens: float | None = ranged("tokens", None)  # training tokens in total (all epochs)
    concurrency: int = ranged("concurrency", 1)  # serving: sequences in flight
    serving_context: int | None = ranged("serving_context", None)  # tokens per served sequence; None = seq_len
    # serving (task inference, and the serving half of mixed); None = follow `precision`
    weight_precision: WeightPrecision | None = None
    kv_precision: KvPrecision | None = None
    service_hours: float | None = ranged(
        "service_hours", None
    )  # service period; None = one month (rules.HOURS_PER_MONTH)
    target_tokens_per_user: float | None = ranged("target_tokens_per_user", None)  # output tokens/s each user must get
    mfu: float | None = ranged("mfu", None)  # None = the GPU class default
    overhead_bytes: int | None = ranged("overhead_bytes", None)  # per-GPU CUDA context etc.; None = default
    headroom: float = ranged("headroom", 0.10)  # fraction of GPU memory kept free
    trial_margin: float = ranged("trial_margin", 0.30)  # the guide's +30 % for trial and error
    price_per_gpu_hour: float | None = ranged("price_per_gpu_hour", None)
    currency: str = "CNY"
    # engine v2 (optional, defaults keep older plan files valid); None = the framework profile's default
    framework: Framework | None = None  # None: hf for fine-tuning, LoRA and serving, megatron for pre-training
    model_states: ModelStates | None = None
    loss: Loss | None = None
    virtual_stages: int = ranged("virtual_stages", 1)  # interleaved 1F1B: model chunks per pipeline stage
    global_batch_tokens: int | None = ranged("global_batch_tokens", None)  # tokens per optimizer step; sets grad_accum
    cp: int = ranged("cp", 1)  # context parallel: the sequence split over cp GPUs
    ep: int = ranged("ep", 1)  # expert parallel: MoE experts split over ep GPUs


class Layout(Strict):
    """How the job is spread over GPUs."""

    gpus: int = ranged("gpus", 1)
    tp: int = ranged("tp", 1)
    pp: int = ranged("pp", 1)
    zero: int = ranged("zero", 0)
    offload: Offload = Offload.NONE

    @property
    def dp(self) -> int:
        return self.gpus // (self.tp * self.pp)


# --- hardware ---------------------------------------------------------------------------------


class GpuSpec(Strict):
    """One GPU model, as in the catalogue (figures are dense, not sparse)."""

    model_config = ConfigDict(extra="allow", defer_build=True)  # catalogue rows may carry more fields

    id: str
    name: str
    vendor: str = "NVIDIA"
    architecture: str | None = None
    memory_bytes: int
    memory_bandwidth_gbps: float | None = None  # GB/s
    tflops_fp32: float | None = None
    tflops_tf32: float | None = None
    tflops_fp16: float | None = None
    tflops_bf16: float | None = None
    tflops_fp8: float | None = None
    nvlink_gbps: float | None = None  # total NVLink bandwidth per GPU, GB/s (NVIDIA's convention)
    nvlink_generation: int | None = None
    pcie_generation: int | None = None
    pcie_gbps: float | None = None  # per direction, GB/s
    form_factor: str | None = None  # sxm, pcie, oam
    tdp_watts: float | None = None
    release_year: int | None = None
    consumer: bool = False
    confidence: Literal["high", "medium", "low"] = "high"
    source: str | None = None
    checked: str | None = None  # ISO date the figures were checked
    user: bool = False  # a row from the user's own database
    # Catalogue additions (kept after the figures so JSON key order stays stable).
    name_zh: str | None = None
    market: Literal["global", "china"] | None = None  # "china": export-control SKU sold in China
    notes: str | None = None
    notes_zh: str | None = None  # the same notes in Chinese
    # the software a training job runs on (None: CUDA for NVIDIA, unknown otherwise); see engine/frameworks.py
    software_stack: Literal["cuda", "rocm", "cann", "dtk", "xpu", "musa", "neuware"] | None = None


class Cluster(Strict):
    """The hardware an estimate runs on: GPU model, node size and the links between GPUs."""

    gpu: GpuSpec
    gpus_per_node: int = Field(default=8, ge=1)
    intra_node_gbps: float | None = None  # GB/s per GPU inside a node; None = from the GPU (NVLink or PCIe)
    inter_node_gbps: float | None = None  # GB/s per node between nodes (e.g. 400 Gb/s IB = 50 GB/s)
    host_ram_bytes: int | None = None  # per node, for offload checks


# --- the answer -------------------------------------------------------------------------------


class MemoryPerGpu(Strict):
    weights: int
    gradients: int
    optimizer_states: int
    activations: int
    kv_cache: int
    overhead: int
    total: int


class MemoryEstimate(Strict):
    per_gpu_bytes: MemoryPerGpu
    gpu_capacity_bytes: int
    usable_bytes: int  # capacity minus the headroom margin
    headroom: float
    fits: bool
    host_ram_bytes: int  # host RAM the job needs per node (offload + data loading)
    quick_estimate_bytes: int | None  # the guide's 20 B/param (x2 in fp32), whole job
    details: dict[str, int | float | str | None] = Field(default_factory=dict)


class ServingEstimate(Strict):
    """A serving setup's speed and, once priced, its cost (task inference, or the serving half of mixed).

    Speeds are for output tokens; costs assume the service runs loaded all the time (the concurrency
    is always in flight) for `period_hours`. The JSON keys of the first six fields are a contract (issue 13).
    """

    tokens_per_second: float | None  # the whole service: all replicas, all sequences in flight
    tokens_per_second_per_user: float | None  # one sequence: 1 / decode step time
    time_to_first_token_seconds: float | None  # prefill of one prompt of the full context, no queueing
    period_hours: float
    cost_per_month: float | None = None  # one month of the service at the cheaper known billing
    cost_per_million_tokens: float | None = None  # per million output tokens at full load
    cost_per_period: float | None = None  # the whole service period at the cheaper known billing
    currency: str = "CNY"
    gpus: int = 1
    replicas: int = 1  # model copies serving in parallel (data parallel)
    concurrency: int = 1
    context_tokens: int = 0  # tokens per sequence (prompt + output) the KV cache holds
    weight_precision: str = "bf16"
    kv_precision: str = "bf16"
    weight_bytes_per_param: float = 2.0  # quantised layers, scales included
    kv_bytes_per_element: float = 2.0
    decode_step_seconds: float | None = None
    bound: Literal["memory", "compute"] | None = None  # what limits a decode step
    bandwidth_fraction: float = 0.0  # share of HBM bandwidth a decode step is assumed to reach
    compute: str = "bf16"  # the matmuls' precision (fp8 only where the card has FP8)
    prefill_mfu: float = 0.0
    target_tokens_per_user: float | None = None
    meets_target: bool | None = None


class TimeEstimate(Strict):
    training_flops: float | None
    tokens_per_second: float | None
    hours: float | None
    gpu_hours: float | None
    mfu: float
    scaling_efficiency: float
    peak_tflops: float | None = None
    details: dict[str, float | str | None] = Field(default_factory=dict)
    # serving speed (costs unset), carried from the time estimate to the cost and the answer; not
    # serialised here: Estimate.serving / Option.serving hold the priced copy
    serving: ServingEstimate | None = Field(default=None, exclude=True)


class CostEstimate(Strict):
    currency: str = "CNY"
    price_per_gpu_hour: float | None
    compute_cost: float | None
    with_trial_margin: float | None
    trial_margin: float = 0.30
    price_per_gpu_month: float | None = None
    monthly_cost: float | None = None  # renting the GPUs by the month for the job's duration
    break_even_hours: float | None = None  # hours of use per month beyond which monthly is cheaper
    cheaper_billing: Billing | None = None
    # The service period at the cheaper known billing, for every job that serves (inference and mixed); None
    # without a price or a service. A mixed job's objective adds it to the training run; for inference
    # (service_only) the fields above already are the period and it is the same figure, not added again.
    service_cost: float | None = None
    service_only: bool = False  # inference: the main fields describe the service period, not a training run


class Note(Strict):
    id: str
    severity: Literal["info", "warning", "critical"] = "info"
    message: str


class Estimate(Strict):
    params_total: int
    params_active: int
    params_trainable: int
    memory: MemoryEstimate
    time: TimeEstimate
    cost: CostEstimate
    notes: list[str] = Field(default_factory=list)
    serving: ServingEstimate | None = None


# --- recommending -----------------------------------------------------------------------------


class Constraints(Strict):
    """What the user allows and wants optimised when searching rental configurations."""

    objective: Objective = Objective.CHEAPEST
    budget: float | None = ranged("budget", None)
    deadline_hours: float | None = ranged("deadline_hours", None)
    providers: list[str] = Field(default_factory=list)  # provider ids; empty = all
    region: str | None = None
    billing: Billing | None = None  # None = whichever is cheaper
    gpu_allow: list[str] = Field(default_factory=list)  # GPU ids; empty = all
    gpu_exclude: list[str] = Field(default_factory=list)
    max_gpus: int | None = ranged("max_gpus", None)  # None: one 8-GPU node unless the job needs more
    top: int = ranged("top", 20)


class OptionLayout(Strict):
    tp: int
    pp: int
    dp: int
    zero: int
    offload: Offload
    recompute: Recompute
    micro_batch: int


class Advice(Message):
    """What a rule says about an option: its stable id, its severity and its message as a template id with
    parameters (core.messages), worded when shown: `message` in the current language, `render(lang)`."""

    id: str  # stable, e.g. "fp32-doubles-memory"
    severity: Literal["info", "warning", "critical"]
    template: str | None = None  # the template's id where it is not `id` (a variant of the advice's text)

    @property
    def template_id(self) -> str:
        return self.template or self.id

    def worded_form(self) -> Any:
        return {"id": self.id, "severity": self.severity, "message": self.message, "params": self.params}


class Option(Strict):
    """One ranked rental configuration (the recommender's unit of answer)."""

    rank: int = 0
    gpu: str  # catalogue GPU id
    gpu_name: str = ""
    gpu_name_zh: str | None = None  # the catalogue's Chinese name (units.gpu_name picks one)
    gpus: int
    nodes: int = 1
    gpus_per_node: int = 1
    offer: str | None = None  # offer id, None when priced by the user or unknown
    provider: str | None = None
    region: str | None = None
    server: str | None = None  # server/node type id
    interconnect: str = ""  # e.g. "NVLink 4 (900 GB/s)", "PCIe 4.0"
    network: str | None = None  # inter-node, e.g. "InfiniBand 400 Gb/s"
    host: dict[str, int | float | str | None] = Field(default_factory=dict)  # cpu, ram_bytes, nvme_bytes
    layout: OptionLayout
    memory: MemoryEstimate
    time: TimeEstimate
    cost: CostEstimate
    tier: Tier
    pareto: bool = False
    price_kind: str | None = None
    price_date: str | None = None
    advice: list[Advice] = Field(default_factory=list)
    notes: list[Message] = Field(default_factory=list)  # ids with parameters (core.messages.note_texts)
    serving: ServingEstimate | None = None  # serving jobs: speed and cost of the service

    @model_serializer(mode="wrap")
    def _dump(self, handler: Any, info: SerializationInfo) -> Any:
        out = handler(self)
        if worded(info):  # notes as text in the current language (handler did that), their ids beside
            out["note_ids"] = [{"id": n.id, "params": n.params} for n in self.notes]
        return out
