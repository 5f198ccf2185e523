"""Command-line options that describe a job and its layout (shared by estimate, recommend, plan new).

Option names and defaults are a contract (issue 2); `job_from_args` turns them into core models. Every
default comes from core (gpudesk.core.defaults, the models' own field defaults), which the GUI form reads
too: the same job gives the same answer in both.

The options are a table (JOB_OPTIONS, SEARCH_OPTIONS): one row an option, in the order the help lists
them. A row that `sets` a core model's field takes that field's default, and `job_from_args` copies its
value into the model as it is; the others are read by hand below.
"""

from __future__ import annotations

import argparse
from dataclasses import replace
from typing import Any

from gpudesk.cli.args import Group, Num, OneOf, Opt, add_groups, options_of
from gpudesk.core import defaults as D

DEFAULT_GPU = D.GPU
DEFAULT_SEQ_LEN = D.SEQ_LEN


MODEL = ("model", "模型")
JOB = ("job", "任务")
SERVING = (
    "serving (task inference, and the serving half of mixed)",
    "推理服务（inference 任务，以及 mixed 的推理部分）",
)
HARDWARE = ("hardware and layout", "硬件与并行布局")
SEARCH = ("search", "搜索")

JOB_OPTIONS: tuple[Group, ...] = (
    Group(
        MODEL,
        OneOf(
            Opt("--model", metavar="ID", help="a model preset from the catalogue (gpudesk catalog models)"),
            Opt("--model-config", metavar="PATH", help="a Hugging Face config.json"),
            Num("--params", help="only a parameter count: 7e9, 7B, 1.5B, 350M, 1.2T"),
        ),
    ),
    Group(
        JOB,
        Opt(
            "--task",
            "job",
            choices=("pretrain", "full", "lora", "qlora", "inference", "mixed"),
            help="default full (full-parameter fine-tuning); mixed = training + serving",
        ),
        Opt("--precision", "job", choices=("fp32", "bf16", "fp16", "fp8")),
        Opt("--optimizer", "job", choices=("adamw", "adamw-8bit", "sgd", "adafactor")),
        Num("--micro-batch", "job"),
        Num("--seq-len", help=f"sequence length (default {DEFAULT_SEQ_LEN}, capped at the model's maximum)"),
        Num(
            "--grad-accum",
            help=f"micro-batches per optimizer step (default {D.job_default('grad_accum')}; pre-training: "
            "from the global batch)",
        ),
        Num(
            "--global-batch-tokens",
            help="tokens per optimizer step; gradient accumulation follows from it and the data-parallel "
            f"degree (pre-training default {D.PRETRAIN_GLOBAL_BATCH_TOKENS})",
        ),
        Opt(
            "--recompute",
            "job",
            choices=D.ENGINE_INPUTS["recompute"].choices,
            help="activation recomputation: selective = Megatron's attention core, op-selective = torchtitan's "
            "op-level SAC, full = whole blocks",
        ),
        Opt(
            "--framework",
            "job",
            choices=D.ENGINE_INPUTS["framework"].choices,
            help="training stack (default hf for fine-tuning and LoRA/QLoRA, megatron for pre-training)",
        ),
        Opt(
            "--model-states",
            "job",
            choices=D.ENGINE_INPUTS["model_states"].choices,
            help="precision of weights, gradients and optimizer states: mixed = fp32 master + fp32 Adam "
            "(16 B/param), bf16 = all bf16 (8 B/param), 8bit = bf16 + 8-bit optimizer (default: the "
            "framework's)",
        ),
        Opt(
            "--loss",
            "job",
            choices=D.ENGINE_INPUTS["loss"].choices,
            help="loss computation: the whole logits tensor in fp32, or chunked cross-entropy (default: the "
            "framework's)",
        ),
        Opt("--flash-attention", "job", action=argparse.BooleanOptionalAction),
        Num("--lora-rank", "job"),
        Opt(
            "--lora-targets",
            nargs="+",
            metavar="NAME",
            help="matrices LoRA adapts: q k v o gate up down, or all (default q k v o)",
        ),
        Num("--tokens", "job", help="training tokens in total (all epochs): 1e10, 2B, 20B, 1.5T"),
        Num("--concurrency", "job", help="serving: sequences in flight (concurrent users)"),
        Num("--serving-context", "job", help="serving: tokens per sequence, prompt + output (default: --seq-len)"),
    ),
    Group(
        SERVING,
        Opt(
            "--weight-precision",
            "job",
            choices=D.SERVING_INPUTS["weight_precision"].choices,
            help="how the served weights are stored (default: --precision); int8/int4 weight-only, "
            "int4 with group 128 (GPTQ/AWQ)",
        ),
        Opt(
            "--kv-precision",
            "job",
            choices=D.SERVING_INPUTS["kv_precision"].choices,
            help="how the KV cache is stored (default 16-bit)",
        ),
        OneOf(
            Num(
                "--service-hours",
                metavar="H",
                help=f"service period in hours (default one month = {D.SERVICE_HOURS:g} h)",
            ),
            Num("--service-months", metavar="M", help="service period in months"),
        ),
        Num(
            "--target-tokens-per-user",
            "job",
            metavar="X",
            help="output tokens/s each user must get; recommend keeps only setups that meet it",
        ),
    ),
    Group(  # the job's cost and memory options: after the serving ones on the usage line, as they always were
        JOB,
        Num("--mfu", "job", metavar="X", help="model FLOPs utilisation (default: per GPU class)"),
        Num("--price-per-gpu-hour", "job", metavar="X", help="price per GPU-hour (CNY)"),
        Num(
            "--headroom",
            "job",
            metavar="X",
            help=f"fraction of GPU memory kept free (default {D.job_default('headroom'):g})",
        ),
        OneOf(
            Num(
                "--overhead-gib",
                metavar="X",
                range="overhead_gb",
                help="per-GPU overhead in GiB, the unit memory is shown in (default: CUDA context + fragmentation)",
            ),
            Num("--overhead-gb", metavar="X", help="the same in decimal GB (10^9 bytes), kept for existing scripts"),
        ),
    ),
    Group(
        HARDWARE,
        Opt("--gpu", metavar="ID", help=f"catalogue GPU id (default {DEFAULT_GPU})"),
        Num("--gpus", "layout"),
        Num("--tp", "layout", help="tensor parallel degree"),
        Num("--pp", "layout", help="pipeline parallel degree"),
        Opt("--zero", "layout", type=int, choices=(0, 1, 2, 3), help="ZeRO stage (3 = FSDP full sharding)"),
        Num("--virtual-stages", "job", help="interleaved 1F1B: model chunks per pipeline stage (default 1)"),
        Num("--cp", "job", help="context parallel degree (each sequence split over N GPUs)"),
        Num("--ep", "job", help="expert parallel degree (MoE experts split over N GPUs)"),
        Opt("--offload", "layout", choices=("none", "optimizer", "optimizer+params")),
    ),
)

SEARCH_OPTIONS: tuple[Opt, ...] = (
    Opt(
        "--objective",
        "constraints",
        choices=("cheapest", "fastest", "deadline", "budget"),
        help="cheapest, fastest, cheapest meeting --deadline-hours, fastest within --budget",
    ),
    Num("--budget", "constraints", metavar="X", help="budget in the job's currency (CNY)"),
    Num("--deadline-hours", "constraints", metavar="X", help="wall-clock hours the run may take"),
    Opt("--provider", nargs="+", default=[], metavar="ID", help="only these providers"),
    Opt("--region", "constraints", metavar="NAME", help="only offers in this region (e.g. Jinan)"),
    Opt(
        "--billing",
        "constraints",
        choices=("hourly", "monthly"),
        help="price by the hour or the month (default: whichever is cheaper)",
    ),
    Opt("--gpu-allow", nargs="+", default=[], metavar="ID", help="only these GPU models"),
    Opt("--gpu-exclude", "constraints", nargs="+", metavar="ID", help="never these GPU models"),
    Num(
        "--max-gpus",
        "constraints",
        help="largest GPU count to consider (default: one 8-GPU node unless the job needs more)",
    ),
    Num("--top", "constraints"),  # its help is the command's (add_constraint_arguments)
)


def values(args: argparse.Namespace, model: str) -> dict[str, Any]:
    """The parsed values of the options that set fields of `model` ("job", "layout", "constraints"), by name."""
    return {o.name: getattr(args, o.name) for o in (*options_of(JOB_OPTIONS), *SEARCH_OPTIONS) if o.sets == model}


def add_job_arguments(parser: argparse.ArgumentParser) -> None:
    """The job and layout options (without --json / --lang, which each command adds itself)."""
    add_groups(parser, JOB_OPTIONS)


def add_constraint_arguments(
    parser: argparse.ArgumentParser, *, top_help: str = "options to show (default 20)"
) -> None:
    """The recommender's search constraints, shared by `recommend` and `plan new`."""
    *rest, top = SEARCH_OPTIONS
    add_groups(parser, [Group(SEARCH, *rest, replace(top, help=top_help))])


# --- parsed options -> core models ----------------------------------------------------------------


def _overhead_bytes(args: argparse.Namespace) -> int | None:
    if args.overhead_gib is not None:
        return int(args.overhead_gib * 2**30)
    return None if args.overhead_gb is None else int(args.overhead_gb * 1e9)


def _service_hours(args: argparse.Namespace) -> float | None:
    if args.service_months is not None:
        return args.service_months * D.SERVICE_HOURS
    return args.service_hours


def model_from_args(args: argparse.Namespace, catalog):
    from gpudesk.core.engine.architecture import from_config_file, from_params
    from gpudesk.errors import GpudeskError

    if getattr(args, "model", None):
        arch = catalog.model(args.model)
        _interpreted("--model", args.model, arch.id, arch.name)
        return arch
    if getattr(args, "model_config", None):
        return from_config_file(args.model_config)
    if getattr(args, "params", None) is not None:
        return from_params(args.params)
    from gpudesk.core.i18n import t

    raise GpudeskError(
        t(
            "give the model: --model ID, --model-config PATH or --params N",
            "请给出模型：--model ID、--model-config PATH 或 --params N",
        )
    )


def _interpreted(option: str, given: str, resolved: str | None, name: str | None) -> None:
    """Say on stderr when an id was read as another one (a typo such as qwen25-7b -> qwen2.5-7b)."""
    import sys

    from gpudesk.core.i18n import t

    if resolved and given.strip().lower() != resolved.lower():
        sys.stderr.write(
            t(
                "note: {opt} {given} interpreted as {id} ({name})\n",
                "注意：{opt} {given} 按 {id}（{name}）理解\n",
                opt=option,
                given=given,
                id=resolved,
                name=name or resolved,
            )
        )


def default_gpu_id(catalog) -> str:
    ids = [g.id for g in catalog.gpus()]
    if DEFAULT_GPU in ids:
        return DEFAULT_GPU
    big = [g for g in catalog.gpus() if g.memory_bytes >= 80e9 and not g.consumer]
    return big[0].id if big else ids[0]


def job_from_args(args: argparse.Namespace, catalog):
    """(Job, Layout, gpu_id) from parsed options; GpudeskError (exit 2) for bad input."""
    from gpudesk.core.engine.layout_rules import check_layout
    from gpudesk.core.i18n import t
    from gpudesk.core.models import Job, Layout
    from gpudesk.errors import GpudeskError

    arch = model_from_args(args, catalog)
    seq = args.seq_len
    if seq is None:
        seq = D.seq_len_for(arch)
    accum, gbt = args.grad_accum, args.global_batch_tokens
    if accum is not None and gbt is not None:
        raise GpudeskError(
            t(
                "give --grad-accum or --global-batch-tokens, not both",
                "--grad-accum 与 --global-batch-tokens 只能给一个",
            )
        )
    if accum is None and gbt is None:
        gbt = D.global_batch_tokens_for(args.task)
    fields = values(args, "job")
    fields.update(
        model=arch,
        seq_len=seq,
        grad_accum=accum or D.job_default("grad_accum"),
        global_batch_tokens=gbt,
        service_hours=_service_hours(args),
        overhead_bytes=_overhead_bytes(args),
    )
    if args.lora_targets:
        fields["lora_targets"] = list(args.lora_targets)
    job = Job(**fields)
    if job.task in ("lora", "qlora"):
        from gpudesk.core.engine.lora import lora_adapter_params

        lora_adapter_params(arch, job.lora_rank, job.lora_targets)  # names checked here
    layout = Layout(**values(args, "layout"))
    check_layout(layout)  # cp / ep against the layout: checked by the estimate itself (recommend searches layouts)
    if args.gpu is not None and not args.gpu.strip():
        raise GpudeskError(
            t(
                "--gpu: an empty GPU id; name one (see `gpudesk catalog gpus`) or leave --gpu out",
                "--gpu：GPU id 为空；请给出一个（见 `gpudesk catalog gpus`）或去掉 --gpu",
            )
        )
    gpu_id = args.gpu or default_gpu_id(catalog)
    gpu = catalog.gpu(gpu_id)  # unknown id -> CatalogError naming close matches
    if args.gpu:
        _interpreted("--gpu", args.gpu, gpu.id, gpu.name)
    return job, layout, gpu_id


def cluster_for(catalog, gpu_id: str, gpus: int):
    """The hardware for an estimate: the GPU in a node of 8 (or fewer when fewer GPUs are asked for).

    A catalogue node type for this GPU, if any, supplies the links and host RAM.
    """
    from gpudesk.core.models import Cluster

    gpu = catalog.gpu(gpu_id)
    server = next((s for s in catalog.servers() if getattr(s, "gpu", None) == gpu.id), None)
    gpn = getattr(server, "gpus_per_node", None) or 8
    network = getattr(server, "network_gbps", None)  # Gb/s per node
    return Cluster(
        gpu=gpu,
        gpus_per_node=max(1, min(gpn, gpus)),
        intra_node_gbps=getattr(server, "intra_node_gbps", None),
        inter_node_gbps=network / 8 if network else None,
        host_ram_bytes=getattr(server, "host_ram_bytes", None),
    )


def constraints_from_args(args: argparse.Namespace, *, narrow_to_gpu: bool = True):
    """The search constraints. `recommend --gpu X` narrows the search to X; `plan new --gpu X --gpus N`
    (narrow_to_gpu=False) keeps exactly that configuration as the choice but still compares it with
    other GPU types (the plan's alternatives answer "why not a cheaper card?"; `--gpu-allow` narrows)."""
    from gpudesk.core.models import Constraints

    allow = list(args.gpu_allow or [])
    if narrow_to_gpu and getattr(args, "gpu", None) and not allow:  # an estimate option narrowing the search
        allow = [args.gpu]
    return Constraints(**values(args, "constraints"), providers=list(args.provider or []), gpu_allow=allow)
