"""Sample plans for the report tests, built from the shared models (no engine needed).

Figures are consistent by hand: Llama-2-7B (6.74 B parameters), BF16 + AdamW, ZeRO-3 over the
data-parallel GPUs (16 bytes/param spread over N: 2+2+12 B), 20 B tokens, 6·N·D FLOPs.
"""

from __future__ import annotations

from gpudesk.core.models import (
    Advice,
    CostEstimate,
    GpuSpec,
    Job,
    MemoryEstimate,
    MemoryPerGpu,
    ModelArch,
    Option,
    OptionLayout,
    Tier,
    TimeEstimate,
)
from gpudesk.core.plan import ChecklistState, Hardware, Plan

GIB = 1 << 30
PARAMS = 6_738_415_616  # Llama-2-7B exact count (embeddings + 32 layers + head)
TOKENS = 20e9
PEAK = {"a100-sxm-80gb": 312.0, "h100-sxm-80gb": 989.0, "l40s": 362.0}
NAMES = {"a100-sxm-80gb": "A100 SXM 80GB", "h100-sxm-80gb": "H100 SXM 80GB", "l40s": "L40S 48GB"}
CAPACITY = {"a100-sxm-80gb": 80 * GIB, "h100-sxm-80gb": 80 * GIB, "l40s": 48 * GIB}
PRICE = {"a100-sxm-80gb": 12.0, "h100-sxm-80gb": 28.0, "l40s": 6.5}


def option(
    gpu: str,
    gpus: int,
    *,
    rank: int = 1,
    provider: str | None = "jianmi",
    pareto: bool = False,
    activations_gib: float = 18.0,
    advice: list[Advice] | None = None,
) -> Option:
    weights = 2 * PARAMS // gpus
    grads = 2 * PARAMS // gpus
    optim = 12 * PARAMS // gpus
    act = int(activations_gib * GIB)
    overhead = 1 * GIB
    total = weights + grads + optim + act + overhead
    cap = CAPACITY[gpu]
    usable = int(cap * 0.9)
    flops = 6 * PARAMS * TOKENS
    eff = 0.93 if gpus > 1 else 1.0
    seconds = flops / (gpus * PEAK[gpu] * 1e12 * 0.45 * eff)
    hours = seconds / 3600
    price = PRICE[gpu]
    cost = hours * gpus * price
    nodes = max(1, gpus // 8)
    return Option(
        rank=rank,
        gpu=gpu,
        gpu_name=NAMES[gpu],
        gpus=gpus,
        nodes=nodes,
        gpus_per_node=min(gpus, 8),
        offer=f"{provider}-{gpu}" if provider else None,
        provider=provider,
        region="山东济南" if provider else None,
        server="hgx-a100-8x" if gpu == "a100-sxm-80gb" else None,
        interconnect="NVLink 3 (600 GB/s)" if gpu == "a100-sxm-80gb" else "NVLink 4 (900 GB/s)",
        network="InfiniBand 4× 200 Gb/s" if nodes > 1 else None,
        layout=OptionLayout(tp=1, pp=1, dp=gpus, zero=3, offload="none", recompute="selective", micro_batch=2),
        memory=MemoryEstimate(
            per_gpu_bytes=MemoryPerGpu(
                weights=weights,
                gradients=grads,
                optimizer_states=optim,
                activations=act,
                kv_cache=0,
                overhead=overhead,
                total=total,
            ),
            gpu_capacity_bytes=cap,
            usable_bytes=usable,
            headroom=0.10,
            fits=total <= usable,
            host_ram_bytes=256 * GIB,
            quick_estimate_bytes=20 * PARAMS,
            details={"params_total": PARAMS},
        ),  # the engine records the count it used
        time=TimeEstimate(
            training_flops=flops,
            tokens_per_second=TOKENS / seconds,
            hours=hours,
            gpu_hours=hours * gpus,
            mfu=0.45,
            scaling_efficiency=eff,
            peak_tflops=PEAK[gpu],
        ),
        cost=CostEstimate(
            price_per_gpu_hour=price,
            compute_cost=cost,
            with_trial_margin=cost * 1.3,
            trial_margin=0.30,
            price_per_gpu_month=price * 500,
            monthly_cost=price * 500 * gpus * max(1.0, hours / 730),
            break_even_hours=500.0,
            cheaper_billing="hourly" if hours < 500 else "monthly",
        ),
        tier=Tier.FLAGSHIP if gpus == 8 else (Tier.MULTI_NODE if nodes > 1 else Tier.ADVANCED),
        pareto=pareto,
        price_kind="quoted" if provider else None,
        price_date="2026-11-20" if provider else None,
        advice=advice or [],
    )


def sample_plan(*, checklist: bool = True) -> Plan:
    job = Job(
        model=ModelArch(
            id="llama-2-7b",
            name="Llama-2-7B",
            family="llama",
            hidden_size=4096,
            num_layers=32,
            num_heads=32,
            num_kv_heads=32,
            intermediate_size=11008,
            gated_mlp=True,
            vocab_size=32000,
            max_seq_len=4096,
        ),
        task="full",
        precision="bf16",
        optimizer="adamw",
        micro_batch=2,
        seq_len=4096,
        grad_accum=8,
        tokens=TOKENS,
        recompute="selective",
    )
    choice = option(
        "a100-sxm-80gb",
        8,
        pareto=True,
        advice=[
            Advice(
                id="rack-power",
                severity="warning",
                message="An 8-GPU node draws about 6.5 kW: confirm the rack power quota.",
            ),
            Advice(id="monthly-cheaper", severity="info", message="Monthly billing is cheaper beyond 500 h a month."),
        ],
    )
    alternatives = [
        option("h100-sxm-80gb", 8, rank=2, pareto=True),
        option("a100-sxm-80gb", 16, rank=3, activations_gib=18.0),
        option("h100-sxm-80gb", 4, rank=4, provider="kufanyun", pareto=True, activations_gib=30.0),
        option("a100-sxm-80gb", 4, rank=5, activations_gib=30.0),
        option("l40s", 8, rank=6, provider="kufanyun", activations_gib=22.0),
    ]
    states = {}
    if checklist:
        states = {
            "gpu-inventory": ChecklistState(
                status="pass",
                evidence="nvidia-smi: 8× A100-SXM4-80GB, driver 550.54",
                checked_by="王工",
                checked_at="2026-11-28T09:30:00Z",
            ),
            "nvlink-topology": ChecklistState(
                status="fail",
                notes="GPU 4–7 show PIX instead of NV12",
                checked_by="Li Wei",
                checked_at="2026-11-28T10:00:00Z",
            ),
        }
    return Plan(
        title="Llama-2-7B 全参数训练 GPU 租用方案",
        organisation="示例科技有限公司 AI 实验室",
        author="张三",
        created="2026-11-27T08:00:00Z",
        modified="2026-11-28T12:00:00Z",
        job=job,
        choice=choice,
        alternatives=alternatives,
        notes="预算来自 2026 年第四季度研发经费。",
        checklist=states,
        hardware=Hardware(
            gpu=GpuSpec(
                id="a100-sxm-80gb",
                name="A100 SXM 80GB",
                architecture="ampere",
                memory_bytes=80 * GIB,
                tflops_bf16=312,
                tflops_fp16=312,
                nvlink_gbps=600,
                nvlink_generation=3,
                pcie_generation=4,
                form_factor="sxm",
                tdp_watts=400,
            ),
            server={
                "id": "hgx-a100-8x",
                "name": "HGX A100 8-GPU",
                "gpus_per_node": 8,
                "topology": "nvswitch",
                "intra_node_gbps": 600,
                "host_ram_bytes": 1024 * GIB,
                "power_kw": 6.5,
            },
            provider={
                "id": "jianmi",
                "name_zh": "简米科技",
                "name_en": "Jianmi Technology",
                "licence_number": "豫B2-20261089",
                "certifications": [],
                "regions": ["山东"],
                "self_operated": True,
                "founded": 2003,
                "source": "guide",
                "checked": "2026-12-02",
            },
            offer={
                "id": "jianmi-a100-sxm-80gb",
                "provider": "jianmi",
                "gpu": "a100-sxm-80gb",
                "billing": ["hourly", "monthly"],
                "price_kind": "quoted",
                "price_date": "2026-11-20",
                "source": "quote by e-mail",
                "notes": None,
            },
        ),
    )
