"""Command-line options that describe a job and its layout (shared by estimate, recommend, plan new).

Option names and defaults are a contract (issue 2); `job_from_args` turns them into core models. Every
default comes from core (gpudesk.core.defaults, the models' own field defaults), which the GUI form reads
too: the same job gives the same answer in both.
"""

from __future__ import annotations

import argparse

from gpudesk.core import defaults as D

DEFAULT_GPU = D.GPU
DEFAULT_SEQ_LEN = D.SEQ_LEN


SIZED = frozenset({"params", "tokens", "global_batch_tokens"})  # counts people write as 7B, 350M, 1.5T


def ranged(name: str):
    """An argparse type: a number inside core's range `name` (gpudesk.core.limits.RANGES), else a one-line error.
    The counts in SIZED also take sizes as people write them (7B, 1.5T: gpudesk.core.parse.scaled_count)."""

    def parse(text: str):
        from gpudesk.core.i18n import t
        from gpudesk.core.limits import RANGES

        r = RANGES[name]
        try:
            value = float(text)
        except ValueError:
            if name not in SIZED:
                raise argparse.ArgumentTypeError(t("{v!r} is not a number", "{v!r} 不是数字", v=text)) from None
            from gpudesk.core.parse import scaled_count

            try:
                value = scaled_count(text)
            except ValueError as exc:
                raise argparse.ArgumentTypeError(str(exc)) from None
        if not r.contains(value):
            raise argparse.ArgumentTypeError(
                t("{v}: out of range (allowed: {r})", "{v}：超出范围（允许：{r}）", v=text, r=r.describe())
            )
        return int(value) if r.whole else value

    parse.__name__ = "number"  # argparse names the type in its messages
    return parse


def add_job_arguments(parser: argparse.ArgumentParser) -> None:
    """The job and layout options (without --json / --lang, which each command adds itself)."""
    from gpudesk.core.i18n import t

    m = parser.add_argument_group(t("model", "模型"))
    which = m.add_mutually_exclusive_group()
    which.add_argument("--model", metavar="ID", help="a model preset from the catalogue (gpudesk catalog models)")
    which.add_argument("--model-config", metavar="PATH", help="a Hugging Face config.json")
    which.add_argument(
        "--params", type=ranged("params"), metavar="N", help="only a parameter count: 7e9, 7B, 1.5B, 350M, 1.2T"
    )
    j = parser.add_argument_group(t("job", "任务"))
    j.add_argument(
        "--task",
        choices=["pretrain", "full", "lora", "qlora", "inference", "mixed"],
        default=D.job_default("task").value,
        help="default full (full-parameter fine-tuning); mixed = training + serving",
    )
    j.add_argument("--precision", choices=["fp32", "bf16", "fp16", "fp8"], default=D.job_default("precision").value)
    j.add_argument(
        "--optimizer", choices=["adamw", "adamw-8bit", "sgd", "adafactor"], default=D.job_default("optimizer").value
    )
    j.add_argument("--micro-batch", type=ranged("micro_batch"), default=D.job_default("micro_batch"), metavar="N")
    j.add_argument(
        "--seq-len",
        type=ranged("seq_len"),
        default=None,
        metavar="N",
        help=f"sequence length (default {DEFAULT_SEQ_LEN}, capped at the model's maximum)",
    )
    j.add_argument(
        "--grad-accum",
        type=ranged("grad_accum"),
        default=None,
        metavar="N",
        help=f"micro-batches per optimizer step (default {D.job_default('grad_accum')}; pre-training: "
        "from the global batch)",
    )
    j.add_argument(
        "--global-batch-tokens",
        type=ranged("global_batch_tokens"),
        default=None,
        metavar="N",
        help="tokens per optimizer step; gradient accumulation follows from it and the data-parallel "
        f"degree (pre-training default {D.PRETRAIN_GLOBAL_BATCH_TOKENS})",
    )
    j.add_argument(
        "--recompute",
        choices=D.ENGINE_INPUTS["recompute"].choices,
        default=D.job_default("recompute").value,
        help="activation recomputation: selective = Megatron's attention core, op-selective = torchtitan's "
        "op-level SAC, full = whole blocks",
    )
    j.add_argument(
        "--framework",
        choices=D.ENGINE_INPUTS["framework"].choices,
        default=None,
        help="training stack (default hf for fine-tuning and LoRA/QLoRA, megatron for pre-training)",
    )
    j.add_argument(
        "--model-states",
        choices=D.ENGINE_INPUTS["model_states"].choices,
        default=None,
        help="precision of weights, gradients and optimizer states: mixed = fp32 master + fp32 Adam "
        "(16 B/param), bf16 = all bf16 (8 B/param), 8bit = bf16 + 8-bit optimizer (default: the "
        "framework's)",
    )
    j.add_argument(
        "--loss",
        choices=D.ENGINE_INPUTS["loss"].choices,
        default=None,
        help="loss computation: the whole logits tensor in fp32, or chunked cross-entropy (default: the framework's)",
    )
    j.add_argument("--flash-attention", action=argparse.BooleanOptionalAction, default=D.job_default("flash_attention"))
    j.add_argument("--lora-rank", type=ranged("lora_rank"), default=D.job_default("lora_rank"), metavar="N")
    j.add_argument(
        "--lora-targets",
        nargs="+",
        default=None,
        metavar="NAME",
        help="matrices LoRA adapts: q k v o gate up down, or all (default q k v o)",
    )
    j.add_argument(
        "--tokens",
        type=ranged("tokens"),
        metavar="N",
        help="training tokens in total (all epochs): 1e10, 2B, 20B, 1.5T",
    )
    j.add_argument(
        "--concurrency",
        type=ranged("concurrency"),
        default=D.job_default("concurrency"),
        metavar="N",
        help="serving: sequences in flight (concurrent users)",
    )
    j.add_argument(
        "--serving-context",
        type=ranged("serving_context"),
        default=None,
        metavar="N",
        help="serving: tokens per sequence, prompt + output (default: --seq-len)",
    )
    s = parser.add_argument_group(
        t(
            "serving (task inference, and the serving half of mixed)",
            "推理服务（inference 任务，以及 mixed 的推理部分）",
        )
    )
    s.add_argument(
        "--weight-precision",
        choices=D.SERVING_INPUTS["weight_precision"].choices,
        default=None,
        help="how the served weights are stored (default: --precision); int8/int4 weight-only, "
        "int4 with group 128 (GPTQ/AWQ)",
    )
    s.add_argument(
        "--kv-precision",
        choices=D.SERVING_INPUTS["kv_precision"].choices,
        default=None,
        help="how the KV cache is stored (default 16-bit)",
    )
    period = s.add_mutually_exclusive_group()
    period.add_argument(
        "--service-hours",
        type=ranged("service_hours"),
        default=None,
        metavar="H",
        help=f"service period in hours (default one month = {D.SERVICE_HOURS:g} h)",
    )
    period.add_argument(
        "--service-months", type=ranged("service_months"), default=None, metavar="M", help="service period in months"
    )
    s.add_argument(
        "--target-tokens-per-user",
        type=ranged("target_tokens_per_user"),
        default=None,
        metavar="X",
        help="output tokens/s each user must get; recommend keeps only setups that meet it",
    )
    j.add_argument("--mfu", type=ranged("mfu"), metavar="X", help="model FLOPs utilisation (default: per GPU class)")
    j.add_argument(
        "--price-per-gpu-hour", type=ranged("price_per_gpu_hour"), metavar="X", help="price per GPU-hour (CNY)"
    )
    j.add_argument(
        "--headroom",
        type=ranged("headroom"),
        default=D.job_default("headroom"),
        metavar="X",
        help=f"fraction of GPU memory kept free (default {D.job_default('headroom'):g})",
    )
    over = j.add_mutually_exclusive_group()
    over.add_argument(
        "--overhead-gib",
        type=ranged("overhead_gb"),
        default=None,
        metavar="X",
        help="per-GPU overhead in GiB, the unit memory is shown in (default: CUDA context + fragmentation)",
    )
    over.add_argument(
        "--overhead-gb",
        type=ranged("overhead_gb"),
        default=None,
        metavar="X",
        help="the same in decimal GB (10^9 bytes), kept for existing scripts",
    )
    h = parser.add_argument_group(t("hardware and layout", "硬件与并行布局"))
    h.add_argument("--gpu", metavar="ID", help=f"catalogue GPU id (default {DEFAULT_GPU})")
    h.add_argument("--gpus", type=ranged("gpus"), default=D.layout_default("gpus"), metavar="N")
    h.add_argument(
        "--tp", type=ranged("tp"), default=D.layout_default("tp"), metavar="N", help="tensor parallel degree"
    )
    h.add_argument(
        "--pp", type=ranged("pp"), default=D.layout_default("pp"), metavar="N", help="pipeline parallel degree"
    )
    h.add_argument(
        "--zero",
        type=int,
        choices=[0, 1, 2, 3],
        default=D.layout_default("zero"),
        help="ZeRO stage (3 = FSDP full sharding)",
    )
    h.add_argument(
        "--virtual-stages",
        type=ranged("virtual_stages"),
        default=D.job_default("virtual_stages"),
        metavar="N",
        help="interleaved 1F1B: model chunks per pipeline stage (default 1)",
    )
    h.add_argument(
        "--cp",
        type=ranged("cp"),
        default=D.job_default("cp"),
        metavar="N",
        help="context parallel degree (each sequence split over N GPUs)",
    )
    h.add_argument(
        "--ep",
        type=ranged("ep"),
        default=D.job_default("ep"),
        metavar="N",
        help="expert parallel degree (MoE experts split over N GPUs)",
    )
    h.add_argument(
        "--offload", choices=["none", "optimizer", "optimizer+params"], default=D.layout_default("offload").value
    )


def _overhead_bytes(args: argparse.Namespace) -> int | None:
    if getattr(args, "overhead_gib", None) is not None:
        return int(args.overhead_gib * 2**30)
    return None if args.overhead_gb is None else int(args.overhead_gb * 1e9)


def _service_hours(args: argparse.Namespace) -> float | None:
    months = getattr(args, "service_months", None)
    if months is not None:
        return months * D.SERVICE_HOURS
    return getattr(args, "service_hours", None)


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
    accum = getattr(args, "grad_accum", None)
    gbt = getattr(args, "global_batch_tokens", None)
    if accum is not None and gbt is not None:
        raise GpudeskError(
            t(
                "give --grad-accum or --global-batch-tokens, not both",
                "--grad-accum 与 --global-batch-tokens 只能给一个",
            )
        )
    if accum is None and gbt is None:
        gbt = D.global_batch_tokens_for(args.task)
    fields = dict(
        model=arch,
        task=args.task,
        precision=args.precision,
        optimizer=args.optimizer,
        micro_batch=args.micro_batch,
        seq_len=seq,
        grad_accum=accum or D.job_default("grad_accum"),
        recompute=args.recompute,
        global_batch_tokens=gbt,
        framework=getattr(args, "framework", None),
        model_states=getattr(args, "model_states", None),
        loss=getattr(args, "loss", None),
        virtual_stages=getattr(args, "virtual_stages", 1),
        cp=getattr(args, "cp", 1),
        ep=getattr(args, "ep", 1),
        flash_attention=args.flash_attention,
        lora_rank=args.lora_rank,
        tokens=args.tokens,
        concurrency=args.concurrency,
        serving_context=args.serving_context,
        mfu=args.mfu,
        weight_precision=getattr(args, "weight_precision", None),
        kv_precision=getattr(args, "kv_precision", None),
        service_hours=_service_hours(args),
        target_tokens_per_user=getattr(args, "target_tokens_per_user", None),
        price_per_gpu_hour=args.price_per_gpu_hour,
        headroom=args.headroom,
        overhead_bytes=_overhead_bytes(args),
    )
    if args.lora_targets:
        fields["lora_targets"] = list(args.lora_targets)
    job = Job(**fields)
    if job.task in ("lora", "qlora"):
        from gpudesk.core.engine.lora import lora_adapter_params

        lora_adapter_params(arch, job.lora_rank, job.lora_targets)  # names checked here
    if args.tp > args.gpus or args.pp > args.gpus:
        raise GpudeskError(
            t(
                "impossible layout: --tp {tp} / --pp {pp} larger than --gpus {n}",
                "无法实现的并行布局：--tp {tp} / --pp {pp} 大于 --gpus {n}",
                tp=args.tp,
                pp=args.pp,
                n=args.gpus,
            )
        )
    layout = Layout(gpus=args.gpus, tp=args.tp, pp=args.pp, zero=args.zero, offload=args.offload)
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


def add_constraint_arguments(
    parser: argparse.ArgumentParser, *, top_help: str = "options to show (default 20)"
) -> None:
    """The recommender's search constraints, shared by `recommend` and `plan new`."""
    from gpudesk.core.i18n import t

    g = parser.add_argument_group(t("search", "搜索"))
    g.add_argument(
        "--objective",
        choices=["cheapest", "fastest", "deadline", "budget"],
        default=D.constraint_default("objective").value,
        help="cheapest, fastest, cheapest meeting --deadline-hours, fastest within --budget",
    )
    g.add_argument("--budget", type=ranged("budget"), metavar="X", help="budget in the job's currency (CNY)")
    g.add_argument(
        "--deadline-hours", type=ranged("deadline_hours"), metavar="X", help="wall-clock hours the run may take"
    )
    g.add_argument("--provider", nargs="+", default=[], metavar="ID", help="only these providers")
    g.add_argument("--region", metavar="NAME", help="only offers in this region (e.g. Jinan)")
    g.add_argument(
        "--billing",
        choices=["hourly", "monthly"],
        help="price by the hour or the month (default: whichever is cheaper)",
    )
    g.add_argument("--gpu-allow", nargs="+", default=[], metavar="ID", help="only these GPU models")
    g.add_argument("--gpu-exclude", nargs="+", default=[], metavar="ID", help="never these GPU models")
    g.add_argument(
        "--max-gpus",
        type=ranged("max_gpus"),
        default=D.constraint_default("max_gpus"),
        metavar="N",
        help="largest GPU count to consider (default: one 8-GPU node unless the job needs more)",
    )
    g.add_argument("--top", type=ranged("top"), default=D.constraint_default("top"), metavar="N", help=top_help)


def constraints_from_args(args: argparse.Namespace, *, narrow_to_gpu: bool = True):
    """The search constraints. `recommend --gpu X` narrows the search to X; `plan new --gpu X --gpus N`
    (narrow_to_gpu=False) keeps exactly that configuration as the choice but still compares it with
    other GPU types (the plan's alternatives answer "why not a cheaper card?"; `--gpu-allow` narrows)."""
    from gpudesk.core.models import Constraints

    allow = list(args.gpu_allow or [])
    if narrow_to_gpu and getattr(args, "gpu", None) and not allow:  # an estimate option narrowing the search
        allow = [args.gpu]
    return Constraints(
        objective=args.objective,
        budget=args.budget,
        deadline_hours=args.deadline_hours,
        providers=list(args.provider or []),
        region=args.region,
        billing=args.billing,
        gpu_allow=allow,
        gpu_exclude=list(args.gpu_exclude or []),
        max_gpus=args.max_gpus,
        top=args.top,
    )
