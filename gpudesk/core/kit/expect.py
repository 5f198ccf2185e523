"""What the kit holds the servers to: the plan's tailored checklist figures, as the probe reads them.

`kit_expect(plan)` is written into kit.json at export and rebuilt on import (results are judged
against the plan as it is then); `kit_checks(plan)` lists the checklist items the probe measures;
`fingerprint(plan)` names the plan and configuration a results file belongs to.
"""

from __future__ import annotations

import hashlib
import json

from gpudesk.core.plan import checklist
from gpudesk.core.plan.checklist.expectations import (
    TEMPERATURE_MAX_C,
    TEMPERATURE_SPREAD_MAX_C,
    THROUGHPUT_PASS_SHARE,
)
from gpudesk.core.engine.gpu_classes import peak_tflops
from gpudesk.core.engine.model_shape import shape_of
from gpudesk.core.engine.timing import flops_per_token, time_estimate
from gpudesk.core.kit import probe
from gpudesk.core.kit.probe import Doc
from gpudesk.core.models import Cluster, GpuSpec, Job, Layout, ModelArch, Precision, Recompute, TaskKind
from gpudesk.core.plan.model import Plan, configuration_key

# The checklist items the probe measures, in the order it reports them.
MEASURED_ITEMS = (
    "cpu-as-ordered",
    "host-ram",
    "gpu-inventory",
    "driver-branch",
    "cuda-pytorch",
    "ecc-health",
    "nvlink-topology",
    "pcie-topology",
    "rack-power",
    "allreduce-nvlink",
    "allreduce-pcie",
    "nccl-errors",
    "storage-iops",
    "storage-throughput",
    "micro-training-run",
    "temperature-throttling",
    "hardware-errors",
    "allreduce-internode",
)
SYNTH_VOCAB_MAX = 32_768  # the synthetic run's vocabulary: a 150k-token head would not leave room for layers
GENERIC_SHAPE = {
    "hidden_size": 4096,
    "num_heads": 32,
    "intermediate_size": 11008,
    "gated_mlp": True,
    "vocab_size": 32_000,
    "num_layers": 32,
}  # Llama-2-7B, when the plan's model has no architecture


def fingerprint(plan: Plan) -> str:
    """The plan (its creation stamp and model) and the configuration the kit tests. A recalibration or
    a recorded result keeps it; choosing another GPU, count or offer changes it."""
    doc = {
        "created": plan.created,
        "model": plan.job.model.name,
        "task": str(plan.job.task),
        "configuration": configuration_key(plan.choice),
    }
    return hashlib.sha256(json.dumps(doc, sort_keys=True).encode("utf-8")).hexdigest()[:16]


def plan_ref(plan: Plan) -> Doc:
    return {
        "fingerprint": fingerprint(plan),
        "title": plan.title,
        "configuration": configuration_key(plan.choice),
        "created": plan.created,
        "model": plan.job.model.name,
    }


def kit_checks(plan: Plan, lang: str | None = None) -> list[Doc]:
    """[{"id", "title"}] of the applicable checklist items the probe measures (titles in `lang`)."""
    items = {i.id: i for i in checklist.tailor(plan, lang)}
    return [{"id": iid, "title": items[iid].title} for iid in MEASURED_ITEMS if iid in items and items[iid].applicable]


def _gpu(plan: Plan) -> GpuSpec | None:
    return plan.hardware.gpu


def _synthetic_source(plan: Plan) -> Doc | None:
    job, choice, gpu = plan.job, plan.choice, _gpu(plan)
    if choice is None or gpu is None or not job.task.trains:
        return None
    arch = max([job.model, *job.model.components], key=lambda m: m.hidden_size or 0)
    shape = shape_of(arch)
    generic = shape is None
    src: Doc = (
        dict(GENERIC_SHAPE)
        if shape is None
        else {
            "hidden_size": shape.hidden,
            "num_heads": shape.heads,
            "intermediate_size": arch.intermediate_size or 4 * shape.hidden,
            "gated_mlp": arch.gated_mlp,
            "vocab_size": arch.vocab_size or 32_000,
            "num_layers": shape.layers,
        }
    )
    heads = src["num_heads"]
    src["num_kv_heads"] = (arch.num_kv_heads or heads) if not generic else heads
    src["head_dim"] = (arch.head_dim if not generic else None) or src["hidden_size"] // heads
    src["vocab_size"] = min(src["vocab_size"], SYNTH_VOCAB_MAX)
    src["precision"] = Precision.BF16 if job.precision is Precision.FP8 else job.precision
    src["generic"] = generic
    return src


def synthetic_job(plan: Plan, layers: int) -> Job | None:
    """The synthetic run as a gpudesk job: `layers` layers of the plan's model shape, full training,
    the plan's sequence length and micro-batch, no recomputation, flash attention."""
    src, choice = _synthetic_source(plan), plan.choice
    if src is None or choice is None:
        return None
    model = ModelArch(
        name="gpudesk kit synthetic",
        family="custom",
        hidden_size=src["hidden_size"],
        num_layers=max(1, int(layers)),
        num_heads=src["num_heads"],
        num_kv_heads=src["num_kv_heads"],
        head_dim=src["head_dim"],
        intermediate_size=src["intermediate_size"],
        gated_mlp=src["gated_mlp"],
        vocab_size=src["vocab_size"],
        norm="layernorm",
    )
    return Job(
        model=model,
        task=TaskKind.FULL,
        precision=src["precision"],
        micro_batch=choice.layout.micro_batch,
        seq_len=plan.job.seq_len,
        recompute=Recompute.NONE,
        flash_attention=True,
    )


def synthetic_shape(plan: Plan) -> Doc | None:
    """The synthetic training run for kit.json: the shape, the estimator's FLOPs per token for it
    (base + per layer: the probe picks the layer count that fits), the dense peak at its precision
    and the MFU the estimator predicts for that run."""
    src, gpu, choice = _synthetic_source(plan), _gpu(plan), plan.choice
    one, two = synthetic_job(plan, 1), synthetic_job(plan, 2)
    if src is None or gpu is None or choice is None or one is None or two is None:  # all or none are known
        return None
    f1, f2 = flops_per_token(one), flops_per_token(two)
    precision = src["precision"]
    predicted = time_estimate(one, Layout(gpus=1), Cluster(gpu=gpu, gpus_per_node=1)).mfu
    return {
        "hidden": src["hidden_size"],
        "heads": src["num_heads"],
        "kv_heads": src["num_kv_heads"],
        "head_dim": src["head_dim"],
        "ffn": src["intermediate_size"],
        "gated": bool(src["gated_mlp"]),
        "vocab": src["vocab_size"],
        "seq_len": plan.job.seq_len,
        "micro_batch": choice.layout.micro_batch,
        "dtype": precision.value,
        "max_layers": src["num_layers"],
        "allow_tf32": precision is Precision.FP32 and bool(gpu.tflops_tf32),
        "generic_shape": src["generic"],
        "flops_per_token_base": f1 - (f2 - f1),
        "flops_per_token_per_layer": f2 - f1,
        "peak_tflops": peak_tflops(gpu, precision),
        "predicted_mfu": predicted,
    }


def kit_expect(plan: Plan) -> Doc:
    """Every threshold the probe compares against, from the checklist's expectations."""
    ex = checklist.expectations(plan)
    gpu = _gpu(plan)
    judge = probe.judge()
    choice = plan.choice
    return {
        "gpu": ex.gpu,
        "gpu_name": ex.gpu_name,
        "name_tokens": judge.name_tokens(ex.gpu or ""),
        "form_factor": gpu.form_factor if gpu else None,
        "vendor": ex.vendor,
        "gpus": ex.gpus,
        "nodes": ex.nodes,
        "gpus_per_node": ex.gpus_per_node,
        "gpu_memory_bytes": ex.gpu_memory_bytes,
        "memory_mib_min": ex.memory_mib_min,
        "driver_min": ex.driver_min,
        "topology": ex.topology,
        "link_name": ex.link_name,
        "link_gbps_per_direction": ex.link_gbps_per_direction,
        "busbw_expected_gbps": ex.busbw_expected_gbps,
        "busbw_min_gbps": ex.busbw_min_gbps,
        "internode_gbps": ex.internode_gbps,
        "busbw_internode_expected_gbps": ex.busbw_internode_expected_gbps,
        "busbw_internode_min_gbps": ex.busbw_internode_min_gbps,
        "network_text": choice.network if choice else None,
        "pcie_gen": gpu.pcie_generation if gpu else None,
        "iops_min": ex.iops_min,
        "throughput_min_mbs": ex.throughput_min_mbs,
        "host_ram_min_bytes": ex.host_ram_min_bytes,
        "host_ram_free_min_gib": ex.host_ram_free_min_gib,
        "cpu": ex.cpu,
        "tdp_w": ex.tdp_watts,
        "ecc_required": ex.conditions.get("datacentre_gpu", True),
        "temperature_max_c": TEMPERATURE_MAX_C,
        "temperature_spread_max_c": TEMPERATURE_SPREAD_MAX_C,
        "throughput_pass_share": THROUGHPUT_PASS_SHARE,
        "trains": ex.trains,
        "planned_mfu": choice.time.mfu if choice else None,
        "peak_memory_bytes": ex.peak_memory_bytes,
        "train": synthetic_shape(plan),
    }
