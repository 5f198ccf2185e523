"""Published measurements of memory and throughput that the engine is pinned against (issue 14).

Each case names its source and table, the framework the publication used, the layout as published,
and the measured figure. Sources (repository files were read at the commits given):
- [TT-2412] pytorch/torchtitan benchmarks/llama3_h100_202412_torchtitan.md (820504e2): 8x H100 96 GB
  HBM2e at 500 W per host, 400 Gb/s RDMA per GPU; memory = max reserved; TPS per GPU at step 90.
- [TUNE] pytorch/torchtune README "Memory and training speed" and "Optimization flags" (30b8519e).
- [QWEN] QwenLM/Qwen README "Profiling of Memory and Speed" (2df8e8ac): HF Transformers + PEFT
  (+ DeepSpeed ZeRO-3), flash attention 2, gradient checkpointing, batch 1, A100-SXM4-80G.
- [UNS] unslothai/unsloth README "Context length benchmarks" (e3162dc5): QLoRA r=32 on all linear
  layers, batch 1; the longest sequence that fits a GPU of the stated memory.
- [MLM] NVIDIA/Megatron-LM README model table (image added f2e5db40, 2024-07): H100, seq 4096, DP 48.
- [KORT] Korthikanti et al. 2022, arXiv 2205.05198, table 5: MFU / HFU with selective recompute.
- [AUTO] NVIDIA-NeMo/Automodel docs/performance-summary.mdx (36044ad3, 2025-10-02): FSDP2, BF16, DGX-H100.
- [NEMO] NVIDIA/NeMo docs/source/performance/performance_summary.md (a2aa70a2^, NeMo 24.07): FP8, DGX-H100.
- [LLAMA2] Touvron et al. 2023, table 2: 184,320 A100-80GB GPU-hours for Llama 2 7B on 2T tokens.
- [LLAMA3] Grattafiori et al. 2024, arXiv 2407.21783, table 4: 400 TFLOPS/GPU at 16,384 H100, BF16.
- [DSV3] deepseek-ai/DeepSeek-V3 README (9b4e9788): 2.664M H800 GPU-hours to pre-train on 14.8T tokens.
Published memory is in GiB (torchtitan, torchtune) or "GB" (Qwen, Unsloth: taken as decimal GB).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from engine_gpus import A100_SXM, H100_SXM, RTX_4090

from gpudesk.core.engine.architecture import from_config_file
from gpudesk.core.engine.estimate import estimate
from gpudesk.core.models import Cluster, GpuSpec, Job, Layout, ModelArch

FIX = Path(__file__).parent / "fixtures"
GiB = 2**30
GB = 1e9

L31_8B = from_config_file(FIX / "meta-llama-3.1-8b.json")
L31_70B = from_config_file(FIX / "meta-llama-3.1-70b.json")
L2_7B = from_config_file(FIX / "llama-2-7b.json")
QWEN3_30B = from_config_file(FIX / "qwen3-30b-a3b.json")
DSV3 = from_config_file(FIX / "deepseek-v3.json")
# Llama 3.1 405B (Meta's config.json: 126 layers, hidden 16384, 128 heads, 8 KV heads, MLP 53248)
L31_405B = L31_70B.model_copy(
    update=dict(name="Llama 3.1 405B", hidden_size=16384, num_layers=126, num_heads=128, intermediate_size=53248)
)
# Llama 3.2 3B (config.json: 28 layers, hidden 3072, 24 heads, 8 KV heads, MLP 8192, tied embeddings)
L32_3B = L31_8B.model_copy(
    update=dict(
        name="Llama 3.2 3B",
        hidden_size=3072,
        num_layers=28,
        num_heads=24,
        num_kv_heads=8,
        head_dim=128,
        intermediate_size=8192,
        tied_embeddings=True,
    )
)


def qwen1(name: str, h: int, layers: int, heads: int, inter: int, vocab: int) -> ModelArch:
    """Qwen (v1) from its config.json (model_type "qwen": fused c_attn with bias, SwiGLU of
    intermediate_size / 2 per branch, untied head)."""
    return ModelArch(
        name=name,
        family="qwen",
        hidden_size=h,
        num_layers=layers,
        num_heads=heads,
        num_kv_heads=heads,
        head_dim=h // heads,
        intermediate_size=inter // 2,
        gated_mlp=True,
        vocab_size=vocab,
        max_seq_len=32768,
        qkv_bias=True,
    )


QWEN_1_8B = qwen1("Qwen-1.8B", 2048, 24, 16, 11008, 151936)
QWEN_7B = qwen1("Qwen-7B", 4096, 32, 32, 22016, 151936)
QWEN_14B = qwen1("Qwen-14B", 5120, 40, 40, 27392, 152064)
QWEN_72B = qwen1("Qwen-72B", 8192, 80, 64, 49152, 152064)
QWEN_LORA = ["c_attn", "c_proj", "w1", "w2"]  # Qwen finetune.py default lora_target_modules


def gpt(name: str, h: int, layers: int) -> ModelArch:
    """Megatron's GPT models of the README table (vocab 131,072, non-gated 4h MLP, untied)."""
    return ModelArch(
        name=name,
        family="custom",
        hidden_size=h,
        num_layers=layers,
        num_heads=h // 128,
        num_kv_heads=h // 128,
        head_dim=128,
        intermediate_size=4 * h,
        vocab_size=131072,
        max_seq_len=4096,
    )


H100_NODE = dict(gpus_per_node=8, inter_node_gbps=400.0)  # 8x 400 Gb/s InfiniBand per node
A100_NODE = dict(gpus_per_node=8, inter_node_gbps=200.0)  # 8x 200 Gb/s HDR (Selene)
# H800 SXM: H100's compute, NVLink cut to 400 GB/s (NVIDIA H800 datasheet)
H800 = H100_SXM.model_copy(update=dict(id="h800-sxm-80gb", name="H800 SXM 80GB", nvlink_gbps=400))
A6000 = GpuSpec(
    id="rtx-a6000",
    name="RTX A6000",
    memory_bytes=48 * 10**9,
    memory_bandwidth_gbps=768,
    tflops_fp32=38.7,
    tflops_fp16=154.8,
    tflops_bf16=154.8,
    pcie_generation=4,
    pcie_gbps=32,
    form_factor="pcie",
)


@dataclass
class Case:
    id: str
    source: str
    framework: str
    what: str
    kind: str  # "reserved" (total per GPU), "active" (tensors per GPU), "fits" (total vs capacity),
    #            "tok/s" (tokens per second per GPU), "mfu" (achieved MFU), "ratio" (tok/s of a / b)
    measured: float
    job: dict
    layout: dict
    gpu: GpuSpec = field(default_factory=lambda: H100_SXM)
    node: dict = field(default_factory=lambda: dict(H100_NODE))
    unit: float = GiB
    other: dict | None = None  # for "ratio": the job update of the second run
    miss: str | None = None  # why the engine is known to land outside the target (not pinned)

    @property
    def tolerance(self) -> float:
        """The issue's target: within 25 % of published peak memory, 20 % of published throughput."""
        return 0.25 if self.kind in ("reserved", "active", "fits") else 0.20

    def run(self, job_update: dict | None = None):
        job = Job(**{**self.job, **(job_update or {})})
        layout = Layout(**self.layout)
        cluster = Cluster(gpu=self.gpu, **{**self.node, "gpus_per_node": min(self.node["gpus_per_node"], layout.gpus)})
        return estimate(job, layout, cluster)

    def predicted(self) -> float:
        e = self.run()
        p = e.memory.per_gpu_bytes
        if self.kind == "reserved":
            return p.total / self.unit
        if self.kind == "active":
            return (p.total - p.overhead) / self.unit
        if self.kind == "fits":
            return p.total / e.memory.gpu_capacity_bytes
        if self.kind == "tok/s":
            return e.time.tokens_per_second / self.layout.get("gpus", 1)
        if self.kind == "mfu":
            return e.time.details["achieved_mfu"]
        if self.kind == "ratio":
            return e.time.tokens_per_second / self.run(self.other).time.tokens_per_second
        raise ValueError(self.kind)

    def ratio(self) -> float:
        return self.predicted() / self.measured


def _j(model, task="full", **kw) -> dict:
    return dict(model=model, task=task, **kw)


TT = dict(framework="fsdp2", micro_batch=2, seq_len=8192, recompute="op-selective")
TUNE = dict(framework="fsdp2", model_states="bf16", loss="chunked", recompute="full")
HF = dict(framework="hf", micro_batch=1, recompute="full")

MEMORY = [
    Case(
        "M1",
        "[TT-2412] table 1",
        "fsdp2",
        "torchtitan Llama 3.1 8B, 8x H100, FSDP 8, LBS 2 x 8192, op-level SAC",
        "reserved",
        82.4,
        _j(L31_8B, **TT),
        dict(gpus=8, zero=3),
    ),
    Case(
        "M2",
        "[TT-2412] table 3",
        "fsdp2",
        "same on 128 H100 (FSDP 128)",
        "reserved",
        67.0,
        _j(L31_8B, **TT),
        dict(gpus=128, zero=3),
    ),
    Case(
        "M4",
        "[TT-2412] table 4",
        "fsdp2",
        "torchtitan Llama 3.1 70B, 256 H100, FSDP 32 x TP 8, LBS 16 x 8192, full AC, Float8",
        "reserved",
        71.9,
        _j(L31_70B, framework="fsdp2", micro_batch=16, seq_len=8192, recompute="full", precision="fp8"),
        dict(gpus=256, tp=8, zero=3),
    ),
    Case(
        "M5",
        "[TT-2412] table 5",
        "fsdp2",
        "torchtitan Llama 3.1 405B, 512 H100, FSDP 8 x TP 8 x PP 8, 1F1B, LBS 32, full AC",
        "reserved",
        82.5,
        _j(L31_405B, framework="fsdp2", micro_batch=1, grad_accum=32, seq_len=8192, recompute="full", precision="fp8"),
        dict(gpus=512, tp=8, pp=8, zero=3),
        miss="0.74: the unsharded stage parameters and fp32 gradients that FSDP2 keeps with pipeline parallelism "
        "are counted; what else fills the other quarter of the 82.5 GiB reserved (Float8, AsyncTP buffers, "
        "allocator cache across 32 micro-batches) is not known from the benchmark page",
    ),
    Case(
        "M10",
        "[TUNE] memory table",
        "fsdp2",
        "torchtune LoRA r8 (q, v) Llama 3.1 8B, 1x RTX 4090, bs 2 x 2048, AC, chunked CE",
        "active",
        16.2,
        _j(L31_8B, "lora", lora_rank=8, lora_targets=["q", "v"], micro_batch=2, seq_len=2048, **TUNE),
        dict(gpus=1),
        gpu=RTX_4090,
    ),
    Case(
        "M12",
        "[TUNE] memory table",
        "fsdp2",
        "torchtune QLoRA Llama 3.1 8B, 1x RTX 4090, bs 2 x 2048, AC",
        "active",
        7.4,
        _j(L31_8B, "qlora", lora_rank=8, lora_targets=["all"], micro_batch=2, seq_len=2048, **TUNE),
        dict(gpus=1),
        gpu=RTX_4090,
    ),
    Case(
        "M14",
        "[TUNE] memory table",
        "fsdp2",
        "torchtune LoRA Llama 3.1 70B, 8x A100, FSDP, bs 2 x 2048, AC",
        "active",
        27.6,
        _j(L31_70B, "lora", lora_rank=16, lora_targets=["q", "v", "o"], micro_batch=2, seq_len=2048, **TUNE),
        dict(gpus=8, zero=3),
        gpu=A100_SXM,
        node=A100_NODE,
    ),
    Case(
        "M16a",
        "[TUNE] optimization flags",
        "fsdp2",
        "torchtune Llama 3.2 3B full FT, 1x A100, bf16, bs 2 x 4096, compile",
        "active",
        51.0,
        _j(L32_3B, framework="fsdp2", model_states="bf16", loss="fp32-logits", micro_batch=2, seq_len=4096),
        dict(gpus=1),
        gpu=A100_SXM,
    ),
    Case(
        "M16b",
        "[TUNE] optimization flags",
        "fsdp2",
        "same + chunked cross-entropy",
        "active",
        42.9,
        _j(L32_3B, framework="fsdp2", model_states="bf16", loss="chunked", micro_batch=2, seq_len=4096),
        dict(gpus=1),
        gpu=A100_SXM,
    ),
    Case(
        "M16c",
        "[TUNE] optimization flags",
        "fsdp2",
        "same + activation checkpointing",
        "active",
        24.9,
        _j(L32_3B, micro_batch=2, seq_len=4096, **TUNE),
        dict(gpus=1),
        gpu=A100_SXM,
    ),
    Case(
        "M17a",
        "[QWEN] LoRA table",
        "hf",
        "HF + PEFT LoRA r64 Qwen-7B, 1x A100, bs 1 x 2048, GC",
        "reserved",
        23.8,
        _j(QWEN_7B, "lora", lora_rank=64, lora_targets=QWEN_LORA, seq_len=2048, **HF),
        dict(gpus=1),
        gpu=A100_SXM,
        unit=GB,
    ),
    Case(
        "M17b",
        "[QWEN] LoRA table",
        "hf",
        "same at 8192 tokens",
        "reserved",
        36.6,
        _j(QWEN_7B, "lora", lora_rank=64, lora_targets=QWEN_LORA, seq_len=8192, **HF),
        dict(gpus=1),
        gpu=A100_SXM,
        unit=GB,
    ),
    Case(
        "M18a",
        "[QWEN] Q-LoRA table",
        "hf",
        "HF + PEFT Q-LoRA r64 Qwen-7B, 1x A100, bs 1 x 2048, GC",
        "reserved",
        13.9,
        _j(QWEN_7B, "qlora", lora_rank=64, lora_targets=QWEN_LORA, seq_len=2048, **HF),
        dict(gpus=1),
        gpu=A100_SXM,
        unit=GB,
    ),
    Case(
        "M18b",
        "[QWEN] Q-LoRA table",
        "hf",
        "same at 8192 tokens",
        "reserved",
        23.5,
        _j(QWEN_7B, "qlora", lora_rank=64, lora_targets=QWEN_LORA, seq_len=8192, **HF),
        dict(gpus=1),
        gpu=A100_SXM,
        unit=GB,
    ),
    Case(
        "M19",
        "[QWEN] full-parameter table",
        "hf",
        "HF + DeepSpeed ZeRO-3 full FT Qwen-7B, 2x A100, bs 1 x 512, GC",
        "reserved",
        148.0 / 2,
        _j(QWEN_7B, seq_len=512, **HF),
        dict(gpus=2, zero=3),
        gpu=A100_SXM,
        unit=GB,
    ),
    Case(
        "M20",
        "[QWEN] LoRA table",
        "hf",
        "HF + PEFT LoRA r64 Qwen-14B, 1x A100, bs 1 x 8192, GC",
        "reserved",
        55.2,
        _j(QWEN_14B, "lora", lora_rank=64, lora_targets=QWEN_LORA, seq_len=8192, **HF),
        dict(gpus=1),
        gpu=A100_SXM,
        unit=GB,
    ),
    Case(
        "M21",
        "[QWEN] LoRA table",
        "hf",
        "HF + PEFT LoRA r64 + ZeRO-3 Qwen-72B, 4x A100, bs 1 x 8192, GC",
        "reserved",
        289.2 / 4,
        _j(QWEN_72B, "lora", lora_rank=64, lora_targets=QWEN_LORA, seq_len=8192, **HF),
        dict(gpus=4, zero=3),
        gpu=A100_SXM,
        unit=GB,
    ),
    Case(
        "M22",
        "[QWEN] full-parameter table",
        "hf",
        "HF full FT Qwen-1.8B, 1x A100, bs 1 x 8192, GC",
        "reserved",
        48.3,
        _j(QWEN_1_8B, seq_len=8192, **HF),
        dict(gpus=1),
        gpu=A100_SXM,
        unit=GB,
    ),
    Case(
        "M23a",
        "[UNS] context table, HF + FA2",
        "hf",
        "QLoRA r32 all linear Llama 3.1 8B: 5,789 tokens fill 24 GB",
        "fits",
        1.0,
        _j(L31_8B, "qlora", lora_rank=32, lora_targets=["all"], seq_len=5789, **HF),
        dict(gpus=1),
        gpu=RTX_4090.model_copy(update={"memory_bytes": 24 * 10**9}),
    ),
    Case(
        "M23b",
        "[UNS] context table, HF + FA2",
        "hf",
        "same: 28,454 tokens fill 80 GB",
        "fits",
        1.0,
        _j(L31_8B, "qlora", lora_rank=32, lora_targets=["all"], seq_len=28454, **HF),
        dict(gpus=1),
        gpu=A100_SXM,
    ),
    Case(
        "M23c",
        "[UNS] context table, Unsloth",
        "unsloth",
        "Unsloth QLoRA r32 Llama 3.1 8B: 78,475 tokens fill 24 GB",
        "fits",
        1.0,
        _j(L31_8B, "qlora", lora_rank=32, lora_targets=["all"], seq_len=78475, framework="unsloth", recompute="full"),
        dict(gpus=1),
        gpu=RTX_4090.model_copy(update={"memory_bytes": 24 * 10**9}),
    ),
    Case(
        "M24",
        "[UNS] context table, HF + FA2",
        "hf",
        "QLoRA r32 all linear Llama 3.3 70B: 6,916 tokens fill 80 GB",
        "fits",
        1.0,
        _j(L31_70B, "qlora", lora_rank=32, lora_targets=["all"], seq_len=6916, **HF),
        dict(gpus=1),
        gpu=A100_SXM,
    ),
]

THROUGHPUT = [
    Case(
        "T1a",
        "[MLM] model table",
        "megatron",
        "Megatron-Core GPT 7.1B, 96 H100, TP 2, DP 48, seq 4096: 47 % MFU",
        "mfu",
        0.47,
        _j(gpt("GPT 7.1B", 4096, 32), "pretrain", framework="megatron", seq_len=4096, grad_accum=8),
        dict(gpus=96, tp=2, zero=1),
    ),
    Case(
        "T1b",
        "[MLM] model table",
        "megatron",
        "Megatron-Core GPT 70B, 768 H100, TP 8, PP 2, DP 48, GBS 384: 42 % MFU",
        "mfu",
        0.42,
        _j(gpt("GPT 70B", 8192, 80), "pretrain", framework="megatron", seq_len=4096, grad_accum=8),
        dict(gpus=768, tp=8, pp=2, zero=1),
    ),
    Case(
        "T3",
        "[KORT] table 5",
        "megatron",
        "Megatron-LM GPT-3 175B, 64 A100, TP 8 PP 8, seq 2048, selective: 51.4 % MFU",
        "mfu",
        0.514,
        _j(
            ModelArch(
                name="GPT-3 175B",
                hidden_size=12288,
                num_layers=96,
                num_heads=96,
                intermediate_size=49152,
                vocab_size=51200,
                max_seq_len=2048,
                norm="layernorm",
                attention_bias=True,
                mlp_bias=True,
            ),
            "pretrain",
            framework="megatron",
            seq_len=2048,
            grad_accum=64,
            recompute="selective",
        ),
        dict(gpus=64, tp=8, pp=8, zero=1),
        gpu=A100_SXM,
        node=A100_NODE,
    ),
    Case(
        "T4",
        "[LLAMA3] table 4",
        "megatron",
        "Llama 3 405B, 16,384 H100, TP 8 PP 16, 16M-token batches, seq 8192: 400 TFLOPS",
        "mfu",
        400 / 989,
        _j(L31_405B, "pretrain", framework="megatron", seq_len=8192, global_batch_tokens=16 * 2**20, virtual_stages=2),
        dict(gpus=16384, tp=8, pp=16, zero=1),
    ),
    Case(
        "T7",
        "[NEMO] pre-training table",
        "megatron",
        "NeMo Llama 2 7B FP8, 8 H100, GBS 128 x 4096",
        "tok/s",
        16934,
        _j(L2_7B, "pretrain", framework="megatron", precision="fp8", seq_len=4096, global_batch_tokens=128 * 4096),
        dict(gpus=8, zero=1),
    ),
    Case(
        "T12",
        "[AUTO] pre-training",
        "fsdp2",
        "AutoModel DeepSeek-V3, 256 H100, PP 4 VP 8 EP 64, GBS 512 x 4096",
        "tok/s",
        1002,
        _j(
            DSV3,
            "pretrain",
            framework="fsdp2",
            seq_len=4096,
            global_batch_tokens=512 * 4096,
            virtual_stages=8,
            ep=64,
            recompute="full",
        ),
        dict(gpus=256, pp=4, zero=3),
    ),
    Case(
        "T13",
        "[AUTO] pre-training",
        "fsdp2",
        "AutoModel Qwen3-30B-A3B, 8 H100, EP 8, GBS 512, MBS 4 x 4096",
        "tok/s",
        12040,
        _j(QWEN3_30B, "pretrain", framework="fsdp2", seq_len=4096, micro_batch=4, global_batch_tokens=512 * 4096, ep=8),
        dict(gpus=8, zero=3),
    ),
    Case(
        "T14",
        "[AUTO] pre-training",
        "fsdp2",
        "AutoModel Llama 3 70B, 64 H100, FSDP 32 CP 2, GBS 128 x 8192",
        "tok/s",
        866.77,
        _j(
            L31_70B, "pretrain", framework="fsdp2", seq_len=8192, global_batch_tokens=128 * 8192, cp=2, recompute="full"
        ),
        dict(gpus=64, zero=3),
    ),
    Case(
        "T15",
        "[AUTO] LoRA",
        "fsdp2",
        "AutoModel LoRA Llama 3 8B, 1 H100, GBS 32 MBS 2 x 4096",
        "tok/s",
        12472.87,
        _j(L31_8B, "lora", framework="fsdp2", seq_len=4096, micro_batch=2, grad_accum=16),
        dict(gpus=1),
    ),
    Case(
        "T17",
        "[TT-2412] table 1",
        "fsdp2",
        "torchtitan Llama 3.1 8B, 8x H100 (500 W), FSDP 8, LBS 2 x 8192, op-level SAC",
        "tok/s",
        5762,
        _j(L31_8B, **TT),
        dict(gpus=8, zero=3),
    ),
    Case(
        "T18",
        "[TT-2412] table 5",
        "fsdp2",
        "torchtitan 405B PP 8: interleaved 1F1B over 1F1B (128 / 100 TPS)",
        "ratio",
        1.28,
        _j(
            L31_405B,
            framework="fsdp2",
            micro_batch=1,
            grad_accum=32,
            seq_len=8192,
            recompute="full",
            precision="fp8",
            virtual_stages=2,
        ),
        dict(gpus=512, tp=8, pp=8, zero=3),
        other=dict(virtual_stages=1),
    ),
    Case(
        "T21",
        "[DSV3] README",
        "megatron",
        "DeepSeek-V3 pre-training, 2,048 H800, FP8, PP 16, EP 64: 1,543 tok/s/GPU",
        "tok/s",
        14.8e12 / 2.664e6 / 3600,
        _j(
            DSV3,
            "pretrain",
            framework="megatron",
            precision="fp8",
            seq_len=4096,
            global_batch_tokens=15360 * 4096,
            ep=64,
            recompute="none",
        ),
        dict(gpus=2048, pp=16, zero=1),
        gpu=H800,
    ),
    Case(
        "T24",
        "[QWEN] LoRA table",
        "hf",
        "HF + PEFT LoRA r64 Qwen-7B, 1x A100, bs 1 x 2048, GA 8, GC: 5.2 s/it",
        "tok/s",
        8 * 2048 / 5.2,
        _j(QWEN_7B, "lora", lora_rank=64, lora_targets=QWEN_LORA, seq_len=2048, grad_accum=8, **HF),
        dict(gpus=1),
        gpu=A100_SXM,
    ),
    Case(
        "T24b",
        "[QWEN] LoRA table",
        "hf",
        "same at 8192 tokens: 21.3 s/it",
        "tok/s",
        8 * 8192 / 21.3,
        _j(QWEN_7B, "lora", lora_rank=64, lora_targets=QWEN_LORA, seq_len=8192, grad_accum=8, **HF),
        dict(gpus=1),
        gpu=A100_SXM,
    ),
    Case(
        "T25",
        "[LLAMA2] table 2",
        "hf",
        "Llama 2 7B, 2T tokens at 4096 on A100 80GB: 184,320 GPU-hours",
        "tok/s",
        2e12 / 184_320 / 3600,
        _j(L2_7B, seq_len=4096),
        dict(gpus=8, zero=1),
        gpu=A100_SXM,
        node=A100_NODE,
    ),
]

CASES = MEMORY + THROUGHPUT


def report() -> str:
    rows = [
        "| case | source | framework | what | measured | engine | ratio | within |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for c in CASES:
        p = c.predicted()
        unit = {
            "reserved": "GiB" if c.unit == GiB else "GB",
            "active": "GiB active",
            "fits": "x VRAM",
            "tok/s": "tok/s/GPU",
            "mfu": "MFU",
            "ratio": "x",
        }[c.kind]
        fmt = "{:,.0f}" if c.kind == "tok/s" else "{:.3g}"
        rows.append(
            f"| {c.id} | {c.source} | {c.framework} | {c.what} | {fmt.format(c.measured)} {unit} | "
            f"{fmt.format(p)} | {p / c.measured:.2f} | "
            f"{'yes' if abs(p / c.measured - 1) <= c.tolerance else 'NO (known: see miss)'} |"
        )
    return "\n".join(rows)


if __name__ == "__main__":
    print(report())
