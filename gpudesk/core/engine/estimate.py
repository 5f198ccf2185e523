"""One full estimate (memory, time, cost, notes) and its JSON form, the CLI contract."""

from __future__ import annotations

from typing import Any

from gpudesk.core import units
from gpudesk.core.engine.architecture import ParamCounts, count_params
from gpudesk.core.engine.cost import cost_estimate, priced_serving
from gpudesk.core.engine.formulas import quick_rule
from gpudesk.core.engine.explain import explain_framework, explain_time
from gpudesk.core.engine.frameworks import profile_of
from gpudesk.core.engine.gpu_classes import class_label, gpu_class
from gpudesk.core.engine.lora import trainable_params
from gpudesk.core.engine.memory import CUDA_CONTEXT_BYTES, FRAGMENTATION, _memory
from gpudesk.core.engine.parallel import check_job_layout
from gpudesk.core.engine.serving import serving_notes
from gpudesk.core.engine.timing import _time
from gpudesk.core.i18n import current_language, t, use_language
from gpudesk.core.models import (
    Cluster,
    CostEstimate,
    Estimate,
    Job,
    Layout,
    MemoryEstimate,
    Offload,
    Precision,
    TaskKind,
    TimeEstimate,
)


def estimate(job: Job, layout: Layout, cluster: Cluster, *, price_per_gpu_month: float | None = None) -> Estimate:
    """Memory per GPU, training time and cost of `job` laid out as `layout` on `cluster`, with notes."""
    with use_language(current_language()):  # resolve the locale once, not in every note
        return _estimate(job, layout, cluster, price_per_gpu_month)


def _estimate(job: Job, layout: Layout, cluster: Cluster, price_per_gpu_month: float | None) -> Estimate:
    notes: list[str] = []
    arch = job.model
    check_job_layout(job, layout)
    for m in [arch, *arch.components]:
        notes.extend(m.approximations)
    memory = _memory(job, layout, cluster.gpu.memory_bytes, notes)
    time = _time(job, layout, cluster, notes)
    cost = cost_estimate(job, time, job.price_per_gpu_hour, price_per_gpu_month)
    pc = count_params(arch)
    trainable = trainable_params(job) if job.task is not TaskKind.MIXED else pc.total
    serving = priced_serving(time.serving, cost)
    _explain(job, layout, cluster, memory, time, cost, pc, notes)
    if serving is not None:
        notes.extend(serving_notes(job, serving, cluster))
    return Estimate.model_construct(
        params_total=pc.total,
        params_active=pc.active,
        params_trainable=trainable,
        memory=memory,
        time=time,
        cost=cost,
        notes=list(dict.fromkeys(notes)),
        serving=serving,
    )


def _explain(
    job: Job,
    layout: Layout,
    cluster: Cluster,
    memory: MemoryEstimate,
    time: TimeEstimate,
    cost: CostEstimate,
    pc: ParamCounts,
    notes: list[str],
) -> None:
    per = memory.per_gpu_bytes
    task = job.task
    if memory.fits:
        notes.append(
            t(
                "fits: {tot} per GPU of {use} usable ({cap} card less {hr:.0%} headroom)",
                "可装下：每卡需 {tot}，可用 {use}（{cap} 显卡留 {hr:.0%} 余量）",
                tot=units.memory(per.total),
                use=units.memory(memory.usable_bytes),
                cap=units.marketed(memory.gpu_capacity_bytes),
                hr=memory.headroom,
            )
        )
    else:
        if task is TaskKind.INFERENCE:
            remedies = t(
                "more GPUs (tensor parallel), fewer sequences in flight, a shorter context, an FP8 KV cache "
                "(--kv-precision fp8) or quantised weights (--weight-precision int8/int4)",
                "增加 GPU（张量并行）、减少并发序列、缩短上下文、使用 FP8 KV 缓存（--kv-precision fp8）"
                "或量化权重（--weight-precision int8/int4）",
            )
        else:
            remedies = t(
                "more GPUs with ZeRO-3, activation recomputation, a smaller micro-batch, LoRA/QLoRA or CPU offload",
                "增加 GPU 并用 ZeRO-3、激活重计算、减小微批次、改用 LoRA/QLoRA 或 CPU 卸载",
            )
        notes.append(
            t(
                "does not fit: {tot} per GPU > {use} usable; try {how}",
                "装不下：每卡需 {tot}，超过可用 {use}；可{how}",
                tot=units.memory(per.total),
                use=units.memory(memory.usable_bytes),
                how=remedies,
            )
        )
    if memory.quick_estimate_bytes and task is not TaskKind.INFERENCE:
        notes.append(
            t(
                "the guide's quick estimate for the whole job: {q} ({rule})",
                "指南快速估算（整个任务）：{q}（{rule}）",
                q=units.memory(memory.quick_estimate_bytes, 0),
                rule=quick_rule(job),
            )
        )
    if job.overhead_bytes is None:
        cache = profile_of(job).allocator_cache if task.trains else FRAGMENTATION
        notes.append(
            t(
                "overhead per GPU: {c} CUDA context and library workspaces + {f:.0%} allocator cache and "
                "fragmentation (memory is what the allocator reserves, not only the live tensors; editable)",
                "每卡额外开销：CUDA 上下文与库工作区 {c} + 分配器缓存与碎片 {f:.0%}（显存按分配器预留量计，"
                "不只是在用张量；可修改）",
                c=units.memory(CUDA_CONTEXT_BYTES),
                f=cache,
            )
        )
    if job.precision is Precision.FP32 and task.trains:
        notes.append(
            t(
                "pure FP32: activations about double and it runs far slower than BF16 mixed precision; with Adam "
                "the model states stay 16 B/param (mixed precision keeps an FP32 master copy), so the guide's "
                "x2 applies to its quick estimate",
                "纯 FP32：激活值约翻倍，速度远低于 BF16 混合精度；使用 Adam 时模型状态仍为每参数 16 字节"
                "（混合精度本就保留 FP32 主权重），指南的“翻倍”适用于快速估算",
            )
        )
    if job.precision is Precision.FP8 and task.trains:
        notes.append(
            t(
                "FP8 training assumed as in Transformer Engine: BF16 weights and activations, FP32 master "
                "weights and Adam states; only the matmuls run in FP8",
                "FP8 训练按 Transformer Engine 方式估算：权重与激活为 BF16，主权重和 Adam 状态为 FP32，仅矩阵乘为 FP8",
            )
        )
    if job.model.num_experts > 1:
        notes.append(
            t(
                "MoE: {e} experts ({tot:.1f}B parameters) held over expert parallel {ep} (each GPU keeps "
                "1/{ep} of the routed experts); compute uses the {act:.1f}B active ones; the all-to-all of "
                "expert parallelism is in the communication model",
                "MoE：{e} 个专家（{tot:.1f}B 参数）按专家并行度 {ep} 存放（每卡保存 1/{ep} 的路由专家）；计算量按激活的 "
                "{act:.1f}B 参数；专家并行的 all-to-all 已计入通信模型",
                e=job.model.num_experts,
                tot=pc.total / 1e9,
                act=pc.active / 1e9,
                ep=job.ep,
            )
        )
    if task in (TaskKind.LORA, TaskKind.QLORA):
        notes.append(
            t(
                "LoRA: frozen layers keep no input copies for backward unless adapted (lora_dropout 0 assumed; "
                "dropout on adapters adds a copy per adapted matrix); adapters (FP32 for LoRA, 16-bit for QLoRA) "
                "with full 32-bit optimizer state",
                "LoRA：冻结层仅在被适配时为反向保留输入（假设 lora_dropout 为 0，开启则每个适配矩阵多一份拷贝）；"
                "适配器（LoRA 为 FP32，QLoRA 为 16 位）带完整 32 位优化器状态",
            )
        )
    if task is TaskKind.QLORA:
        notes.append(
            t(
                "QLoRA: NF4 base (4.127 bit/param with double quantisation), 16-bit compute; "
                "dequantisation makes it about 25 % slower than LoRA",
                "QLoRA：NF4 基座（含双重量化每参数 4.127 位），16 位计算；反量化使其比 LoRA 慢约 25%",
            )
        )
    if layout.offload is not Offload.NONE:
        eff = time.details.get("offload_efficiency")
        notes.append(
            t(
                "CPU offload: needs about {h} host RAM per node and runs at about {e:.0%} of the "
                "speed without offload (PCIe transfers, Adam on the CPU)",
                "CPU 卸载：每节点约需 {h} 内存，速度约为不卸载时的 {e:.0%}（PCIe 传输、CPU 上的 Adam）",
                h=units.memory(memory.host_ram_bytes, 0),
                e=eff if isinstance(eff, float) else 1.0,
            )
        )
    if layout.tp > cluster.gpus_per_node:
        notes.append(
            t(
                "tensor parallel degree {tp} spans more than one node ({g} GPUs per node): its all-reduces "
                "cross the network, usually far too slow",
                "张量并行度 {tp} 跨节点（每节点 {g} 卡）：其 all-reduce 走网络，通常太慢",
                tp=layout.tp,
                g=cluster.gpus_per_node,
            )
        )
    if layout.tp > 1 and not cluster.gpu.nvlink_gbps and not cluster.intra_node_gbps:
        notes.append(
            t(
                "tensor parallelism over PCIe is slow: prefer NVLink GPUs for tp > 1",
                "通过 PCIe 做张量并行很慢：tp > 1 时优先选 NVLink GPU",
            )
        )
    heads = job.model.num_heads
    if heads and layout.tp > 1 and heads % layout.tp:
        notes.append(
            t(
                "tensor parallel degree {tp} does not divide the {h} attention heads (Megatron requires it)",
                "张量并行度 {tp} 不能整除 {h} 个注意力头（Megatron 要求整除）",
                tp=layout.tp,
                h=heads,
            )
        )
    if layout.tp > 1:
        notes.append(
            t(
                "activations assume sequence parallelism with tensor parallelism (Megatron-LM)",
                "激活估算假设张量并行时开启序列并行（Megatron-LM）",
            )
        )
    cls = gpu_class(cluster.gpu)
    if task.trains:
        explain_framework(job, layout, cluster, memory, notes)
        explain_time(job, layout, cluster, time, notes)
    elif job.mfu is None:
        notes.append(
            t(
                "prefill MFU {m:.0%}: the training default for {c} GPUs (editable with --mfu)",
                "预填充 MFU {m:.0%}：取 {c} 类 GPU 的训练默认值（可用 --mfu 修改）",
                m=time.mfu,
                c=class_label(cls),
            )
        )
    if cls in ("volta", "turing") and task.trains:
        notes.append(
            t(
                "{g} is cheap to rent but slow on Transformers (no BF16, no FlashAttention 2): total cost is "
                "often higher",
                "{g} 租金低但跑 Transformer 慢（无 BF16、无 FlashAttention 2）：总成本常更高",
                g=units.localised(cluster.gpu, "name"),
            )
        )
    if task.trains and time.scaling_efficiency < 0.999 and layout.gpus > 1:
        notes.append(
            t(
                "{n} GPUs give about {x:.1f}x one GPU (scaling efficiency {e:.0%}, from the communication model)",
                "{n} 卡约为单卡的 {x:.1f} 倍（扩展效率 {e:.0%}，由通信模型得出）",
                n=layout.gpus,
                x=layout.gpus * time.scaling_efficiency,
                e=time.scaling_efficiency,
            )
        )
    if time.peak_tflops is None:
        notes.append(
            t(
                "no peak TFLOPS known for {g} at {p}: time and cost not computed (add the figure to the catalogue)",
                "未知 {g} 在 {p} 精度下的峰值算力：不计算时间与费用（可在目录中补充）",
                g=units.localised(cluster.gpu, "name"),
                p=job.precision.value,
            )
        )
    if task is TaskKind.INFERENCE:
        if cost.price_per_gpu_hour is None and cost.price_per_gpu_month is None:
            notes.append(
                t("no price per GPU-hour given: the service's cost is not computed", "未给出每卡时价格：不计算服务费用")
            )
    elif job.tokens is None:
        notes.append(
            t(
                "no training tokens given (--tokens): time and cost are not computed",
                "未给出训练 token 数（--tokens）：不计算时间与费用",
            )
        )
        if task is TaskKind.PRETRAIN:
            notes.append(
                t(
                    "compute-optimal pre-training uses about 20 tokens per parameter (Chinchilla, Hoffmann et "
                    "al. 2022): {d:.3g} tokens here",
                    "计算最优的预训练约为每参数 20 个 token（Chinchilla，Hoffmann 等 2022）：此处约 {d:.3g} 个 token",
                    d=20.0 * pc.total,
                )
            )
    if cost.price_per_gpu_hour is None and time.gpu_hours is not None:
        notes.append(t("no price per GPU-hour given: cost not computed", "未给出每卡时价格：不计算费用"))
    if cost.compute_cost is not None and task.trains:
        notes.append(
            t(
                "cost includes a {m:.0%} margin for trial and error (tuning, re-runs)",
                "费用含 {m:.0%} 的试错余量（调参、重跑）",
                m=cost.trial_margin,
            )
        )


def estimate_json(est: Estimate) -> dict[str, Any]:
    """The CLI's JSON contract: params, memory, time, cost, notes — the models' own serialisation."""
    doc = est.model_dump(mode="json", warnings=False, exclude={"params_total", "params_active", "params_trainable"})
    return {
        "params": {"total": est.params_total, "active": est.params_active, "trainable": est.params_trainable},
        **doc,
    }
