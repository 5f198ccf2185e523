"""What the engine assumes about a GPU beyond its datasheet: class, reference MFU, link bandwidths.

The reference MFU of a class is for a dense 7-16B decoder in BF16 with Megatron-Core kernels and no
recomputation, before the communication and pipeline losses the timing model adds; mfu.py scales it
by framework, model size, MoE and precision. Sources: Megatron-Core on H100 SXM, GPT 7.1B 47 % and
16B 49 % end to end at DP 48 (Megatron-LM README, 2024-07); Llama 2 7B, 184,320 A100-80GB GPU-hours
for 2T tokens (Llama 2 paper, table 2) = 44.5 % of 312 TFLOPS end to end. No training MFU was found
published for the other classes: their references are the earlier defaults (PCIe and consumer cards
lose to memory bandwidth, power limits and host links; Volta/Turing lack BF16 and FlashAttention 2),
and the notes say so.
"""

from __future__ import annotations

from gpudesk.core import units
from gpudesk.core.i18n import t
from gpudesk.core.models import Cluster, GpuSpec, Precision

# class -> (reference MFU, English label, Chinese label)
CLASSES: dict[str, tuple[float, str, str]] = {
    "hopper-sxm": (
        0.50,
        "Hopper/Blackwell SXM (H100, H200, H800, B200)",
        "Hopper/Blackwell SXM（H100、H200、H800、B200）",
    ),
    "ampere-sxm": (0.48, "Ampere SXM (A100, A800)", "Ampere SXM（A100、A800）"),
    "datacentre-pcie": (
        0.40,
        "data-centre PCIe (A100/H100 PCIe, L40S, L40, A40, A10, L20)",
        "数据中心 PCIe 卡（A100/H100 PCIe、L40S、L40、A40、A10、L20）",
    ),
    "consumer": (0.35, "consumer (RTX 4090, 3090 ...)", "消费级（RTX 4090、3090 等）"),
    "volta": (0.32, "Volta (V100)", "Volta（V100）"),
    "turing": (0.22, "Turing (T4, RTX 20xx)", "Turing（T4、RTX 20 系）"),
    "other": (0.38, "other accelerators (Ascend, Hygon DCU, ...)", "其他加速卡（昇腾、海光 DCU 等）"),
}
SOURCED_CLASSES = frozenset({"hopper-sxm", "ampere-sxm"})
# FP8 reaches a smaller share of its (twice as high) peak: 0.75 of the BF16 MFU = 1.5x the BF16 speed, as
# Megatron-Core / NeMo FP8 runs show against BF16 (training: frameworks.py fp8_speedup; serving's prefill)
FP8_MFU_FACTOR = 0.75


def class_label(cls: str) -> str:
    _, en, zh = CLASSES[cls]
    return t(en, zh)


_cache: dict[str, str] = {}


def gpu_class(gpu: GpuSpec) -> str:
    hit = _cache.get(gpu.id)
    if hit is not None:
        return hit
    text = f"{gpu.id} {gpu.name} {gpu.architecture or ''}".lower()
    form = (gpu.form_factor or "").lower()
    if (gpu.vendor or "NVIDIA").lower() != "nvidia":
        cls = "other"  # Ascend, Hygon DCU, Kunlunxin ...: no published training MFU found
    elif "v100" in text or "volta" in text:
        cls = "volta"
    elif "t4" in text.split() or "turing" in text or "rtx 20" in text or "-t4" in text or " t4" in text:
        cls = "turing"
    elif gpu.consumer or "rtx" in text or "geforce" in text:
        cls = "consumer"
    elif form in ("sxm", "oam") or "sxm" in text:
        cls = (
            "hopper-sxm"
            if any(k in text for k in ("h100", "h200", "h800", "h20", "hopper", "b200", "b100", "blackwell", "gb200"))
            else "ampere-sxm"
        )
    elif form == "pcie" or "pcie" in text or any(k in text for k in ("l40", "a40", "a10", "l20", "l4", "a30")):
        cls = "datacentre-pcie"
    elif any(k in text for k in ("a100", "a800")):
        cls = "ampere-sxm"
    elif any(k in text for k in ("h100", "h200", "h800")):
        cls = "hopper-sxm"
    else:
        cls = "other"
    _cache[gpu.id] = cls
    return cls


def class_mfu(gpu: GpuSpec) -> float:
    """The class's reference MFU (dense 7-16B, BF16, Megatron-Core kernels, no recomputation)."""
    return CLASSES[gpu_class(gpu)][0]


def peak_tflops(gpu: GpuSpec, precision: Precision, notes: list[str] | None = None) -> float | None:
    """Dense tensor peak at the training precision, with the fallbacks stated in notes."""
    precision = Precision(precision)
    if precision is Precision.FP8:
        if gpu.tflops_fp8:
            return gpu.tflops_fp8
        if notes is not None:
            notes.append(
                t(
                    "{gpu}: no FP8 peak (unsupported or unknown): timed at its BF16/FP16 peak",
                    "{gpu}：无 FP8 峰值（不支持或未知）：按 BF16/FP16 峰值计时",
                    gpu=units.localised(gpu, "name"),
                )
            )
        return gpu.tflops_bf16 or gpu.tflops_fp16 or gpu.tflops_fp32
    if precision is Precision.BF16:
        if gpu.tflops_bf16:
            return gpu.tflops_bf16
        if notes is not None and gpu.tflops_fp16:
            notes.append(
                t(
                    "{gpu}: no BF16 peak (unsupported or unknown): timed at its FP16 peak; train in FP16 "
                    "with loss scaling",
                    "{gpu}：无 BF16 峰值（不支持或未知）：按 FP16 峰值计时；需用 FP16 加损失缩放训练",
                    gpu=units.localised(gpu, "name"),
                )
            )
        return gpu.tflops_fp16 or gpu.tflops_fp32
    if precision is Precision.FP16:
        return gpu.tflops_fp16 or gpu.tflops_bf16 or gpu.tflops_fp32
    # FP32: TF32 tensor cores when the GPU has them and the framework allows them
    if gpu.tflops_tf32:
        if notes is not None:
            notes.append(
                t(
                    "FP32 timed on TF32 tensor cores (PyTorch: torch.backends.cuda.matmul.allow_tf32 = True); "
                    "without TF32 it runs several times slower",
                    "FP32 按 TF32 张量核心计时（PyTorch 需设置 torch.backends.cuda.matmul.allow_tf32 = True）；"
                    "不开 TF32 会慢数倍",
                )
            )
        return gpu.tflops_tf32
    return gpu.tflops_fp32


def intra_node_gbps(cluster: Cluster, group: int = 2) -> tuple[float, str]:
    """Per-GPU, per-direction bandwidth inside a node for a group of `group` GPUs, GB/s, and the link.

    NVIDIA quotes NVLink as the bidirectional total per GPU (A100 600 GB/s = 300 each way). PCIe
    cards with NVLink bridges link only pairs: a larger group talks over PCIe.
    """
    if cluster.intra_node_gbps:
        return cluster.intra_node_gbps, "node"
    gpu = cluster.gpu
    if gpu.nvlink_gbps and (group <= nvlink_domain(gpu)):
        return gpu.nvlink_gbps / 2, "NVLink"
    if gpu.pcie_gbps:
        return gpu.pcie_gbps, "PCIe"
    gen = gpu.pcie_generation or 4
    return {3: 16.0, 4: 32.0, 5: 64.0, 6: 128.0}.get(gen, 32.0) * 0.8, "PCIe"


def nvlink_domain(gpu: GpuSpec) -> int:
    """GPUs one NVLink reaches: all of an SXM board (NVSwitch), a bridged pair (or 4 for NVL cards) for PCIe."""
    if not gpu.nvlink_gbps:
        return 1
    if (gpu.form_factor or "").lower() == "pcie":
        return 4 if "nvl" in f"{gpu.id} {gpu.name}".lower() else 2
    return 1 << 30


def pcie_gbps(gpu: GpuSpec) -> float:
    """Host link per direction, GB/s (for offload traffic)."""
    if gpu.pcie_gbps:
        return gpu.pcie_gbps
    return {3: 16.0, 4: 32.0, 5: 64.0, 6: 128.0}.get(gpu.pcie_generation or 4, 32.0) * 0.8
