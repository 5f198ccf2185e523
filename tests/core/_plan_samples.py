"""Hand-made plans for the plan and checklist tests (no engine, recommender or catalogue needed).

GPU figures are the datasheets': A100 SXM 80GB (NVLink 3, 600 GB/s total = 300 GB/s per direction,
400 W, PCIe 4.0), RTX 4090 (24 GB, 450 W, PCIe 4.0 x16 = 31.5 GB/s per direction, no NVLink).
"""

from gpudesk.core.models import (
    CostEstimate,
    GpuSpec,
    Job,
    MemoryEstimate,
    MemoryPerGpu,
    ModelArch,
    Offload,
    Option,
    OptionLayout,
    Recompute,
    TaskKind,
    Tier,
    TimeEstimate,
)
from gpudesk.core.plan import Hardware, Plan

GB = 10**9
GIB = 2**30

A100 = GpuSpec(
    id="a100-sxm-80gb",
    name="NVIDIA A100 80GB SXM",
    architecture="Ampere",
    memory_bytes=80 * GB,
    tflops_bf16=312,
    nvlink_gbps=600,
    nvlink_generation=3,
    pcie_generation=4,
    pcie_gbps=32,
    form_factor="sxm",
    tdp_watts=400,
)
RTX4090 = GpuSpec(
    id="rtx-4090",
    name="NVIDIA GeForce RTX 4090",
    architecture="Ada Lovelace",
    memory_bytes=24 * GB,
    tflops_bf16=165.2,
    pcie_generation=4,
    pcie_gbps=32,
    form_factor="pcie",
    tdp_watts=450,
    consumer=True,
)
HGX_A100 = {
    "id": "hgx-a100-8x",
    "name": "8× A100 SXM (HGX, NVSwitch)",
    "gpus_per_node": 8,
    "topology": "nvswitch",
    "intra_node_gbps": 600,
    "cpu": "2× AMD EPYC 7763",
    "host_ram_bytes": 1024 * GB,
    "network": "infiniband",
    "network_gbps": 1600,
    "power_kw": None,
}
PCIE_4090 = {
    "id": "pcie-4090-8x",
    "name": "8× RTX 4090 PCIe",
    "gpus_per_node": 8,
    "topology": "pcie",
    "cpu": None,
    "host_ram_bytes": None,
    "network": None,
    "network_gbps": None,
    "power_kw": None,
}
PROVIDER = {
    "id": "p1",
    "name_en": "Example Cloud",
    "name_zh": "示例云",
    "licence_number": "豫B2-20261089",
    "icp_filing": None,
    "certifications": ["ISO 9001", "ISO 27001"],
    "regions": ["Jinan"],
    "support_7x24": True,
    "spare_parts": None,
    "billing_modes": ["hourly", "monthly"],
    "data_destruction": None,
}


def _option(
    gpu: GpuSpec,
    gpus: int,
    *,
    nodes=1,
    gpn=None,
    server=None,
    weights,
    grads,
    opt,
    act,
    tp=1,
    zero=0,
    tps=7000.0,
    hours=100.0,
    price=10.0,
    interconnect="",
    network=None,
    host=None,
) -> Option:
    parts = dict(weights=weights, gradients=grads, optimizer_states=opt, activations=act, kv_cache=0, overhead=1 * GIB)
    total = sum(parts.values())
    cost = hours * gpus * price
    return Option(
        rank=1,
        gpu=gpu.id,
        gpu_name=gpu.name,
        gpus=gpus,
        nodes=nodes,
        gpus_per_node=gpn or gpus,
        offer=f"p1-{gpu.id}",
        provider="p1",
        server=server,
        interconnect=interconnect,
        network=network,
        host=host or {},
        layout=OptionLayout(
            tp=tp, pp=1, dp=gpus // tp, zero=zero, offload=Offload.NONE, recompute=Recompute.NONE, micro_batch=1
        ),
        memory=MemoryEstimate(
            per_gpu_bytes=MemoryPerGpu(**parts, total=total),
            gpu_capacity_bytes=gpu.memory_bytes,
            usable_bytes=int(gpu.memory_bytes * 0.9),
            headroom=0.1,
            fits=True,
            host_ram_bytes=0,
            quick_estimate_bytes=None,
        ),
        time=TimeEstimate(
            training_flops=1e21,
            tokens_per_second=tps,
            hours=hours,
            gpu_hours=hours * gpus,
            mfu=0.4,
            scaling_efficiency=0.95,
        ),
        cost=CostEstimate(price_per_gpu_hour=price, compute_cost=cost, with_trial_margin=cost * 1.3),
        tier=Tier.ADVANCED if gpus > 1 else Tier.ENTRY,
        price_kind="list",
        price_date="2026-11-01",
    )


def big_plan() -> Plan:
    """Llama-2-13B full training on 4× A100 SXM 80GB with NVSwitch, ZeRO-1 over 4 GPUs."""
    model = ModelArch(
        id="llama-2-13b",
        name="Llama-2-13B",
        family="llama",
        hidden_size=5120,
        num_layers=40,
        num_heads=40,
        num_kv_heads=40,
        intermediate_size=13824,
        gated_mlp=True,
        vocab_size=32000,
        max_seq_len=4096,
    )
    n = 13_015_864_320  # Llama-2-13B parameters
    opt = _option(
        A100,
        4,
        server="hgx-a100-8x",
        weights=2 * n,
        grads=2 * n // 4,
        opt=12 * n // 4,
        act=6 * GIB,
        zero=2,
        interconnect="NVSwitch, NVLink 3 (600 GB/s)",
        host={"cpu": "2× AMD EPYC 7763", "ram_bytes": 256 * GB, "server_ram_bytes": 1024 * GB, "power_kw": None},
    )
    return Plan(
        title="13B full",
        job=Job(model=model, task=TaskKind.FULL, seq_len=4096),
        choice=opt,
        hardware=Hardware(gpu=A100, server=HGX_A100, provider=PROVIDER),
    )


def small_plan() -> Plan:
    """GPT-2 (124M) full fine-tuning on one RTX 4090."""
    model = ModelArch(
        id="gpt2",
        name="GPT-2",
        family="gpt2",
        hidden_size=768,
        num_layers=12,
        num_heads=12,
        intermediate_size=3072,
        vocab_size=50257,
        max_seq_len=1024,
        norm="layernorm",
    )
    n = 124_439_808
    opt = _option(
        RTX4090,
        1,
        weights=2 * n,
        grads=2 * n,
        opt=12 * n,
        act=4 * GIB,
        tps=30000.0,
        hours=5.0,
        price=2.0,
        interconnect="PCIe 4.0 (32 GB/s)",
    )
    return Plan(
        title="GPT-2 fine-tune",
        job=Job(model=model, task=TaskKind.FULL, seq_len=1024),
        choice=opt,
        hardware=Hardware(gpu=RTX4090, provider=PROVIDER),
    )


def pcie_plan() -> Plan:
    """Four RTX 4090 in one PCIe node."""
    plan = small_plan()
    n = 124_439_808
    plan.choice = _option(
        RTX4090,
        4,
        server="pcie-4090-8x",
        weights=2 * n,
        grads=2 * n,
        opt=12 * n,
        act=4 * GIB,
        tps=100000.0,
        hours=2.0,
        price=2.0,
        interconnect="PCIe 4.0 (32 GB/s)",
    )
    plan.hardware = Hardware(gpu=RTX4090, server=PCIE_4090, provider=PROVIDER)
    return plan


def multinode_plan() -> Plan:
    """Two 8× A100 NVSwitch nodes over 8× 200 Gb/s InfiniBand (1600 Gb/s per node)."""
    plan = big_plan()
    n = 13_015_864_320
    plan.choice = _option(
        A100,
        16,
        nodes=2,
        gpn=8,
        server="hgx-a100-8x",
        weights=2 * n,
        grads=2 * n // 16,
        opt=12 * n // 16,
        act=6 * GIB,
        zero=2,
        interconnect="NVSwitch, NVLink 3 (600 GB/s)",
        network="InfiniBand 1600 Gb/s",
    )
    return plan
