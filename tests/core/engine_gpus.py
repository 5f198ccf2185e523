"""GPU specs built from datasheets, so engine tests do not depend on the catalogue's rows."""

from gpudesk.core.models import GpuSpec

# NVIDIA A100 datasheet: 312 TFLOPS BF16 dense, 156 TF32, 19.5 FP32, 600 GB/s NVLink, 2039 GB/s HBM2e
A100_SXM = GpuSpec(
    id="a100-sxm-80gb",
    name="A100 SXM 80GB",
    architecture="Ampere",
    memory_bytes=80 * 10**9,
    memory_bandwidth_gbps=2039,
    tflops_fp32=19.5,
    tflops_tf32=156,
    tflops_fp16=312,
    tflops_bf16=312,
    nvlink_gbps=600,
    nvlink_generation=3,
    pcie_generation=4,
    pcie_gbps=32,
    form_factor="sxm",
)
A100_PCIE = A100_SXM.model_copy(
    update=dict(
        id="a100-pcie-80gb",
        name="A100 PCIe 80GB",
        nvlink_gbps=None,
        nvlink_generation=None,
        form_factor="pcie",
        memory_bandwidth_gbps=1935,
    )
)
# NVIDIA H100 SXM datasheet: 989 TFLOPS BF16 dense, 1979 FP8 dense, 900 GB/s NVLink, 3350 GB/s HBM3
H100_SXM = GpuSpec(
    id="h100-sxm-80gb",
    name="H100 SXM 80GB",
    architecture="Hopper",
    memory_bytes=80 * 10**9,
    memory_bandwidth_gbps=3350,
    tflops_fp32=67,
    tflops_tf32=495,
    tflops_fp16=989,
    tflops_bf16=989,
    tflops_fp8=1979,
    nvlink_gbps=900,
    nvlink_generation=4,
    pcie_generation=5,
    pcie_gbps=64,
    form_factor="sxm",
)
# GeForce RTX 4090: 24 GB, 165 TFLOPS FP16/BF16 with FP32 accumulation (dense), PCIe 4.0, no NVLink
RTX_4090 = GpuSpec(
    id="rtx-4090",
    name="GeForce RTX 4090",
    architecture="Ada",
    memory_bytes=24 * 10**9,
    memory_bandwidth_gbps=1008,
    tflops_fp32=82.6,
    tflops_fp16=165,
    tflops_bf16=165,
    pcie_generation=4,
    pcie_gbps=32,
    form_factor="pcie",
    consumer=True,
)
# V100 SXM2: 125 TFLOPS FP16 tensor, no BF16
V100 = GpuSpec(
    id="v100-sxm2-32gb",
    name="Tesla V100 SXM2 32GB",
    architecture="Volta",
    memory_bytes=32 * 10**9,
    tflops_fp32=15.7,
    tflops_fp16=125,
    nvlink_gbps=300,
    form_factor="sxm",
)
