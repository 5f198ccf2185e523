"""Each advice rule fires exactly when its condition holds, with a stable id, severity and bilingual text."""

from __future__ import annotations

import pytest

from gpudesk.catalog.schema import ServerType
from gpudesk.core.search import advice as adv
from gpudesk.core.i18n import use_language
from gpudesk.core.models import (
    Billing,
    CostEstimate,
    GpuSpec,
    Job,
    MemoryEstimate,
    MemoryPerGpu,
    ModelArch,
    Offload,
    OptionLayout,
    Precision,
    Recompute,
    TaskKind,
    TimeEstimate,
)

GB = 10**9
H100 = GpuSpec(
    id="h100-sxm-80gb",
    name="H100 SXM 80GB",
    architecture="Hopper",
    memory_bytes=80 * GB,
    tflops_bf16=989,
    tdp_watts=700,
    nvlink_gbps=900,
)
V100 = GpuSpec(
    id="v100-sxm2-32gb",
    name="V100 32GB",
    architecture="Volta",
    memory_bytes=32 * GB,
    tflops_fp16=125,
    tflops_bf16=None,
    tdp_watts=300,
)
T4 = GpuSpec(id="t4", name="T4", architecture="Turing", memory_bytes=16 * GB, tflops_fp16=65, tdp_watts=70)
RTX4090 = GpuSpec(
    id="rtx-4090",
    name="RTX 4090",
    architecture="Ada Lovelace",
    memory_bytes=24 * GB,
    tflops_bf16=165,
    tdp_watts=450,
    consumer=True,
)
LLAMA = ModelArch(name="llama", family="llama", hidden_size=4096, num_layers=32, num_heads=32, params_hint=7 * 10**9)


def layout(tp=1, pp=1, dp=1, zero=0, offload=Offload.NONE):
    return OptionLayout(tp=tp, pp=pp, dp=dp, zero=zero, offload=offload, recompute=Recompute.NONE, micro_batch=1)


def mem(total=50 * GB, usable=72 * GB, host=0):
    return MemoryEstimate(
        per_gpu_bytes=MemoryPerGpu(
            weights=0, gradients=0, optimizer_states=0, activations=0, kv_cache=0, overhead=total, total=total
        ),
        gpu_capacity_bytes=80 * GB,
        usable_bytes=usable,
        headroom=0.1,
        fits=total <= usable,
        host_ram_bytes=host,
        quick_estimate_bytes=None,
    )


def ctx(gpu=H100, gpus=1, nodes=1, gpn=None, lay=None, job=None, **kw):
    return adv.AdviceContext(
        job=job or Job(model=LLAMA),
        gpu=gpu,
        gpus=gpus,
        nodes=nodes,
        gpus_per_node=gpn or gpus,
        layout=lay or layout(),
        **kw,
    )


def ids(c):
    return [a.id for a in adv.advise(c)]


def test_clean_option_gets_no_advice():
    assert ids(ctx(memory=mem())) == []


def test_fp32_doubles_memory():
    assert "fp32-doubles-memory" in ids(ctx(job=Job(model=LLAMA, precision=Precision.FP32)))
    assert "fp32-doubles-memory" not in ids(ctx(job=Job(model=LLAMA, precision=Precision.BF16)))
    assert "fp32-doubles-memory" not in ids(
        ctx(job=Job(model=LLAMA, precision=Precision.FP32, task=TaskKind.INFERENCE))
    )


@pytest.mark.parametrize("gpu, fires", [(V100, True), (T4, True), (H100, False), (RTX4090, False)])
def test_old_gpu_on_transformers(gpu, fires):
    assert ("old-gpu-transformers" in ids(ctx(gpu=gpu))) is fires


def test_old_gpu_not_for_non_transformers():
    unet = ModelArch(name="sdxl unet", family="unet", params_hint=2_600_000_000)
    assert "old-gpu-transformers" not in ids(ctx(gpu=V100, job=Job(model=unet)))


def test_no_bf16_on_volta():
    assert "no-bf16" in ids(ctx(gpu=V100))
    assert "no-bf16" not in ids(ctx(gpu=V100, job=Job(model=LLAMA, precision=Precision.FP16)))


@pytest.mark.parametrize(
    "topology, tp, gpn, fires",
    [
        ("pcie", 2, 8, True),
        ("pcie", 1, 8, False),
        ("nvswitch", 8, 8, False),
        ("nvlink-bridge", 2, 8, False),
        ("nvlink-bridge", 4, 8, True),
    ],
)
def test_tensor_parallel_over_pcie(topology, tp, gpn, fires):
    c = ctx(gpus=8, gpn=gpn, lay=layout(tp=tp, dp=8 // tp), topology=topology)
    assert ("tp-over-pcie" in ids(c)) is fires


def test_consumer_cards_multi_node_is_critical():
    c = ctx(gpu=RTX4090, gpus=16, nodes=2, gpn=8, lay=layout(dp=16), network="ethernet")
    a = {x.id: x for x in adv.advise(c)}
    assert a["consumer-multi-node"].severity == "critical"
    assert adv.advise(c)[0].severity == "critical"  # most severe first
    assert "consumer-multi-node" not in ids(ctx(gpu=RTX4090, gpus=8, gpn=8))


def test_host_ram_and_nvme():
    c = ctx(
        host={
            "ram_bytes": 256 * GB,
            "server_ram_bytes": 128 * GB,
            "nvme_bytes": 3000 * GB,
            "server_nvme_bytes": 2000 * GB,
        }
    )
    got = {a.id: a for a in adv.advise(c)}
    assert "host-ram-too-small" in got and "256 GB" in got["host-ram-too-small"].message
    assert "nvme-too-small" in got and "3,000 GB" in got["nvme-too-small"].message
    ok = ctx(
        host={"ram_bytes": 256 * GB, "server_ram_bytes": 512 * GB, "nvme_bytes": 3000 * GB, "server_nvme_bytes": None}
    )  # unknown: say nothing
    assert not {"host-ram-too-small", "nvme-too-small"} & set(ids(ok))


@pytest.mark.parametrize("offload", [Offload.OPTIMIZER, Offload.OPTIMIZER_PARAMS])
def test_every_offload_carries_advice(offload):
    assert "offload-slow" in ids(ctx(lay=layout(zero=3, offload=offload)))


def test_scaling_below_norm():
    def time(eff):
        return TimeEstimate(
            training_flops=None, tokens_per_second=1.0, hours=None, gpu_hours=None, mfu=0.4, scaling_efficiency=eff
        )

    assert "scaling-below-norm" in ids(ctx(gpus=8, lay=layout(dp=8), time=time(0.85)))  # 6.8× < 7.2×
    assert "scaling-below-norm" not in ids(ctx(gpus=8, lay=layout(dp=8), time=time(0.92)))  # 7.36×
    assert "scaling-below-norm" not in ids(ctx(gpus=1, time=time(0.5)))


def test_rack_power_8x_h100():
    # no server figure: 8 × 700 W × 1.8 = 10.08 kW > 10 kW; 4 × 700 W × 1.8 = 5.04 kW
    assert "rack-power" in ids(ctx(gpus=8, lay=layout(dp=8)))
    assert adv.node_power_kw(ctx(gpus=8)) == pytest.approx(10.08)
    assert "rack-power" not in ids(ctx(gpus=4, lay=layout(dp=4)))
    server = ServerType(id="s", name="s", gpus_per_node=8, topology="nvswitch", power_kw=6.5)
    assert "rack-power" not in ids(ctx(gpus=8, lay=layout(dp=8), server=server))
    dgx = ServerType(id="dgx", name="DGX H100", gpus_per_node=8, topology="nvswitch", power_kw=10.2)
    assert "rack-power" in ids(ctx(gpus=8, lay=layout(dp=8), server=dgx))
    # two GPUs of someone's 8-GPU server: a quarter of its power, not the renter's rack problem
    assert adv.node_power_kw(ctx(gpus=2, lay=layout(dp=2), server=dgx)) == pytest.approx(2.55)
    assert "rack-power" not in ids(ctx(gpus=2, lay=layout(dp=2), server=dgx))


def test_monthly_cheaper_past_break_even():
    c = CostEstimate(
        price_per_gpu_hour=20,
        compute_cost=100000,
        with_trial_margin=130000,
        price_per_gpu_month=9000,
        monthly_cost=72000,
        break_even_hours=450,
        cheaper_billing=Billing.MONTHLY,
    )
    a = [x for x in adv.advise(ctx(cost=c)) if x.id == "monthly-cheaper"]
    assert a and "450" in a[0].message and "72,000" in a[0].message
    c2 = c.model_copy(update={"cheaper_billing": Billing.HOURLY})
    assert "monthly-cheaper" not in ids(ctx(cost=c2))


def test_multi_node_needs_infiniband_and_slurm():
    ib = [
        a
        for a in adv.advise(ctx(gpus=16, nodes=2, gpn=8, lay=layout(dp=16), network="infiniband"))
        if a.id == "multi-node-ib-slurm"
    ]
    assert ib[0].severity == "info" and "SLURM" in ib[0].message
    eth = [
        a
        for a in adv.advise(ctx(gpus=16, nodes=2, gpn=8, lay=layout(dp=16), network="ethernet"))
        if a.id == "multi-node-ib-slurm"
    ]
    assert eth[0].severity == "warning"
    assert "multi-node-ib-slurm" not in ids(ctx(gpus=8, lay=layout(dp=8)))


def test_does_not_fit_is_critical():
    a = adv.advise(ctx(memory=mem(total=90 * GB)))
    assert a[0].id == "does-not-fit" and a[0].severity == "critical"


def test_better_value_gpu():
    a100 = adv.ValuePoint("a100-sxm-80gb", "A100", 4, cost=10000, hours=50)
    l40s = adv.ValuePoint("l40s", "L40S", 4, cost=7000, hours=60)
    slow = adv.ValuePoint("t4", "T4", 8, cost=5000, hours=200)
    got = adv.better_value(a100, [a100, l40s, slow], TaskKind.MIXED)
    assert got.id == "better-value-gpu" and "L40S" in got.message and "30%" in got.message
    assert "serv" in got.message
    assert adv.better_value(l40s, [a100, l40s, slow]) is None  # T4 saves 29 % but takes 3× longer
    assert adv.better_value(adv.ValuePoint("x", "X", 1, None, 1), [l40s]) is None
    a100_cheap = adv.ValuePoint("a100-sxm-80gb", "A100", 4, cost=5000, hours=50)
    got = adv.better_value(l40s, [a100_cheap], TaskKind.MIXED)
    assert "A100" in got.message and "serv" not in got.message  # the serving remark is L40S's


def test_messages_are_bilingual_and_ids_stable():
    c = ctx(
        gpu=V100,
        gpus=16,
        nodes=2,
        gpn=8,
        lay=layout(tp=2, dp=8, zero=3, offload=Offload.OPTIMIZER),
        job=Job(model=LLAMA, precision=Precision.FP32),
        network="ethernet",
        topology="pcie",
        memory=mem(total=90 * GB),
    )
    made = adv.advise(c)  # ids with parameters: worded when shown, in either language
    assert all(a.id in adv.RULE_IDS for a in made)
    assert len(made) >= 6
    for a in made:
        en, zh = a.render("en"), a.render("zh_CN")
        assert en != zh and any("\u4e00" <= ch <= "\u9fff" for ch in zh)
        assert "\n" not in en
        with use_language("zh_CN"):
            assert a.message == zh  # `message`: the current language


def test_better_value_sorted_scan_matches_full_scan():
    import random

    rnd = random.Random(4)
    gpus = ["a", "b", "c", "d"]
    pts = [
        adv.ValuePoint(
            rnd.choice(gpus), "G", rnd.randint(1, 64), cost=rnd.uniform(100, 10000), hours=rnd.uniform(1, 500)
        )
        for _ in range(300)
    ]
    by_cost = sorted(pts, key=lambda p: p.cost)
    for me in pts:
        full = adv.better_value(me, pts)
        fast = adv.better_value(me, by_cost, by_cost=True)
        assert (full is None) == (fast is None)
        if full is not None:
            assert full.message == fast.message


def test_long_run_past_two_months():
    from gpudesk.core.models import TimeEstimate

    def timed(hours):
        return TimeEstimate(
            training_flops=1.0, tokens_per_second=1.0, hours=hours, gpu_hours=hours, mfu=0.4, scaling_efficiency=1.0
        )

    assert "long-run" in ids(ctx(time=timed(61 * 24)))
    assert "long-run" not in ids(ctx(time=timed(59 * 24)))
    assert "long-run" not in ids(ctx(time=timed(None)))
    with use_language("en"):
        msg = next(a.message for a in adv.advise(ctx(time=timed(1867.6 * 24))) if a.id == "long-run")
    assert "1,868 days" in msg


# --- the accelerator's software stack (issue 14) ------------------------------------------------------


def _stack_ctx(gpu, **job):
    from gpudesk.core.search.advice_context import AdviceContext

    return AdviceContext(
        job=Job(model=LLAMA, **job), gpu=gpu, gpus=8, nodes=1, gpus_per_node=8, layout=layout(dp=8, zero=1)
    )


def test_stack_advice_on_domestic_accelerators():
    from gpudesk.core.search.advice import RULE_IDS, advise
    from gpudesk.core.search.advice_stack import STACK_RULE_IDS

    assert set(STACK_RULE_IDS) <= set(RULE_IDS)
    bw1000 = GpuSpec(
        id="hygon-bw1000",
        name="Hygon DCU BW1000",
        vendor="Hygon",
        memory_bytes=64 * 10**9,
        tflops_fp16=480,
        software_stack="dtk",
    )
    ids = {a.id for a in advise(_stack_ctx(bw1000, precision="fp8"))}
    assert {"fp8-unsupported", "non-cuda-stack"} <= ids and "framework-unsupported" not in ids
    ids = {a.id for a in advise(_stack_ctx(bw1000))}  # BF16: supported, rate not published
    assert "bf16-rate-unknown" in ids and "no-bf16" not in ids
    ascend = bw1000.model_copy(
        update={
            "id": "ascend-910b2",
            "name": "Ascend 910B2",
            "vendor": "Huawei",
            "software_stack": "cann",
            "tflops_bf16": 353.9,
        }
    )
    with use_language("en"):
        adv = {a.id: a for a in advise(_stack_ctx(ascend, task="qlora", framework="unsloth"))}
    assert "framework-unsupported" in adv and "MindSpeed-LLM" in adv["framework-unsupported"].message
    a100 = GpuSpec(id="a100-sxm-80gb", name="A100", memory_bytes=80 * 10**9, tflops_bf16=312, form_factor="sxm")
    ids = {a.id for a in advise(_stack_ctx(a100, precision="fp8"))}
    assert "fp8-unsupported" in ids and not ids & {"framework-unsupported", "non-cuda-stack", "bf16-rate-unknown"}
