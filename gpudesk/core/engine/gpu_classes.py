"""What the engine assumes about a GPU beyond its datasheet: class, default MFU, link bandwidths.

Default MFU (model FLOPs utilisation, against the dense peak at the training precision) per class,
from published large runs: Megatron-LM on A100 SXM reaches 45–55 % (Narayanan et al. 2021),
Llama 3 on H100 SXM 38–43 % in BF16 (Meta 2024), PaLM 46 % on TPU; framework-level fine-tuning
(HF Trainer, DeepSpeed) typically lands lower, so the defaults sit at the lower end. PCIe and
consumer cards lose more to memory bandwidth, power limits and host links; Volta/Turing lack
BF16 and modern fused kernels (FlashAttention 2 needs Ampere or newer).
"""

from __future__ import annotations

from gpudesk.core.i18n import t
from gpudesk.core.models import Cluster, GpuSpec, Precision

# class -> (default MFU, English label, Chinese label)
CLASSES: dict[str, tuple[float, str, str]] = {
    "hopper-sxm": (0.40, "Hopper/Blackwell SXM (H100, H200, H800, B200)", "Hopper/Blackwell SXM（H100、H200、H800、B200）"),
    "ampere-sxm": (0.45, "Ampere SXM (A100, A800)", "Ampere SXM（A100、A800）"),
    "datacentre-pcie": (0.35, "data-centre PCIe (A100/H100 PCIe, L40S, L40, A40, A10, L20)",
                        "数据中心 PCIe 卡（A100/H100 PCIe、L40S、L40、A40、A10、L20）"),
    "consumer": (0.30, "consumer (RTX 4090, 3090 ...)", "消费级（RTX 4090、3090 等）"),
    "volta": (0.30, "Volta (V100)", "Volta（V100）"),
    "turing": (0.20, "Turing (T4, RTX 20xx)", "Turing（T4、RTX 20 系）"),
    "other": (0.35, "other", "其他"),
}


def class_label(cls: str) -> str:
    _, en, zh = CLASSES[cls]
    return t(en, zh)


FP8_MFU_FACTOR = 0.75  # FP8 runs reach a smaller share of their (twice as high) peak
QLORA_MFU_FACTOR = 0.75  # NF4 dequantisation on every matmul slows QLoRA vs LoRA

_cache: dict[str, str] = {}


def gpu_class(gpu: GpuSpec) -> str:
    hit = _cache.get(gpu.id)
    if hit is not None:
        return hit
    text = f"{gpu.id} {gpu.name} {gpu.architecture or ''}".lower()
    form = (gpu.form_factor or "").lower()
    if "v100" in text or "volta" in text:
        cls = "volta"
    elif "t4" in text.split() or "turing" in text or "rtx 20" in text or "-t4" in text or " t4" in text:
        cls = "turing"
    elif gpu.consumer or "rtx" in text or "geforce" in text:
        cls = "consumer"
    elif form in ("sxm", "oam") or "sxm" in text:
        cls = "hopper-sxm" if any(k in text for k in ("h100", "h200", "h800", "h20", "hopper", "b200", "b100",
                                                       "blackwell", "gb200")) else "ampere-sxm"
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


def default_mfu(gpu: GpuSpec) -> float:
    return CLASSES[gpu_class(gpu)][0]


def peak_tflops(gpu: GpuSpec, precision: Precision, notes: list | None = None) -> float | None:
    """Dense tensor peak at the training precision, with the fallbacks stated in notes."""
    precision = Precision(precision)
    if precision is Precision.FP8:
        if gpu.tflops_fp8:
            return gpu.tflops_fp8
        if notes is not None:
            notes.append(t("{gpu}: no FP8 peak (unsupported or unknown): timed at its BF16/FP16 peak",
                           "{gpu}：无 FP8 峰值（不支持或未知）：按 BF16/FP16 峰值计时", gpu=gpu.name))
        return gpu.tflops_bf16 or gpu.tflops_fp16 or gpu.tflops_fp32
    if precision is Precision.BF16:
        if gpu.tflops_bf16:
            return gpu.tflops_bf16
        if notes is not None and gpu.tflops_fp16:
            notes.append(t("{gpu}: no BF16 peak (unsupported or unknown): timed at its FP16 peak; train in FP16 "
                           "with loss scaling", "{gpu}：无 BF16 峰值（不支持或未知）：按 FP16 峰值计时；需用 FP16 加损失缩放训练",
                           gpu=gpu.name))
        return gpu.tflops_fp16 or gpu.tflops_fp32
    if precision is Precision.FP16:
        return gpu.tflops_fp16 or gpu.tflops_bf16 or gpu.tflops_fp32
    # FP32: TF32 tensor cores when the GPU has them and the framework allows them
    if gpu.tflops_tf32:
        if notes is not None:
            notes.append(t("FP32 timed on TF32 tensor cores (PyTorch: torch.backends.cuda.matmul.allow_tf32 = True); "
                           "without TF32 it runs several times slower",
                           "FP32 按 TF32 张量核心计时（PyTorch 需设置 torch.backends.cuda.matmul.allow_tf32 = True）；"
                           "不开 TF32 会慢数倍"))
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
