"""Notes that say what the framework profile, the state precision, the loss, the MFU table and the
parallel layout assumed, and where the layout loses time (pipeline bubble, communication)."""

from __future__ import annotations

from collections.abc import Mapping

from gpudesk.core import messages as msg
from gpudesk.core import units
from gpudesk.core.engine.frameworks import (
    framework_of,
    loss_of,
    model_states_of,
    profile_of,
    software_stack,
    unsupported,
)
from gpudesk.core.engine.gpu_classes import class_label, gpu_class
from gpudesk.core.engine.mfu import is_sourced
from gpudesk.core.engine.parallel import data_parallel, global_batch_tokens, micro_batches
from gpudesk.core.i18n import colon, t
from gpudesk.core.messages import Message
from gpudesk.core.models import Cluster, Framework, Job, Layout, MemoryEstimate, Recompute, TaskKind, TimeEstimate

BUBBLE_WARN = 0.10  # a pipeline bubble above a tenth of the step is worth fixing
POOR_SCALING = 0.80

_STACK_HINT = {
    "cann": (
        "on Ascend: Megatron -> MindSpeed-LLM, FSDP2 -> MindSpeed's FSDP2 back-end, HF -> LLaMA-Factory with "
        "torch_npu, DeepSpeed through its NPU accelerator",
        "昇腾上：Megatron 对应 MindSpeed-LLM，FSDP2 对应 MindSpeed "
        "的 FSDP2 后端，Hugging Face 对应 LLaMA-Factory + torch_npu，DeepSpeed 使用其 NPU 加速器支持",
    ),
    "dtk": (
        "on Hygon DCU: PyTorch, DeepSpeed and Megatron builds for DTK",
        "海光 DCU 上：使用适配 DTK 的 PyTorch、DeepSpeed 与 Megatron",
    ),
}


def profile_note(job: Job) -> Message:
    """The note on the training stack the figures assume (for the recommender's options), with the bytes
    per trained parameter the memory estimate uses for it (18 for Megatron's mixed precision with Adam)."""
    from gpudesk.core.engine.states import adapter_state_bytes, full_state_bytes

    per = (adapter_state_bytes(job) if job.task in (TaskKind.LORA, TaskKind.QLORA) else full_state_bytes(job)).total
    return msg.note(
        "framework-profile",
        f=profile_of(job).label(),
        m=msg.label("model_states", model_states_of(job)),
        b=round(per, 2),
        l=msg.label("loss", loss_of(job)),
    )


def explain_framework(job: Job, layout: Layout, cluster: Cluster, memory: MemoryEstimate, notes: list[str]) -> None:
    prof = profile_of(job)
    fw = framework_of(job)
    name = prof.label()
    if job.framework is None:
        why = (
            t("default for pre-training", "预训练默认")
            if job.task is TaskKind.PRETRAIN
            else t("default for fine-tuning", "微调默认")
        )
        notes.append(
            t(
                "framework {f} ({w}; --framework to change): {s}",
                "训练框架 {f}（{w}；可用 --framework 修改）：{s}",
                f=name,
                w=why,
                s=prof.summary(),
            )
        )
    else:
        notes.append(t("framework {f}: {s}", "训练框架 {f}：{s}", f=name, s=prof.summary()))
    d = memory.details
    per_param = d.get("state_bytes_per_param")
    if per_param is not None:
        what = t("per trained parameter", "每个可训练参数")
        notes.append(
            t(
                "model states: {m}: {b:g} B {w}",
                "模型状态：{m}：{w} {b:g} 字节",
                m=units.label("model_states", model_states_of(job)),
                b=per_param,
                w=what,
            )
        )
    logits = _number(d, "logits_bytes")
    if logits:
        notes.append(
            t(
                "loss: {l}: {g} of logits per GPU",
                "损失计算：{l}：每卡全词表输出占 {g}",
                l=units.label("loss", loss_of(job)),
                g=units.memory(logits),
            )
        )
    rec = Recompute(job.recompute)  # model_copy(update=...) may leave a plain string
    if rec is not Recompute.NONE:
        notes.append(t("recomputation: {r}", "重计算：{r}", r=units.label("recompute", rec)))
    if rec is Recompute.SELECTIVE and job.flash_attention:
        notes.append(
            t(
                "selective recomputation (Megatron's attention core) saves nothing with flash attention, "
                "which never stores the scores: use op-selective or full to save memory",
                "选择性重计算（Megatron 的注意力核心）在使用 FlashAttention 时不省显存（本就不保存注意力分数）："
                "要省显存请用 op-selective 或 full",
            )
        )
    if d.get("unsharded_stage_bytes"):
        notes.append(
            t(
                "FSDP2 with pipeline parallelism keeps each stage's unsharded parameters ({g} per GPU) "
                "for all its micro-batches",
                "FSDP2 与流水线并行同时使用时，每个阶段的未分片参数（每卡 {g}）在所有微批次期间常驻",
                g=units.memory(_number(d, "unsharded_stage_bytes")),
            )
        )
    _capabilities(job, layout, cluster, fw, notes)


def _number(details: Mapping[str, object], key: str) -> float:
    """A numeric entry of an estimate's details (which hold texts too); 0 when absent."""
    value = details.get(key)
    return value if isinstance(value, (int, float)) else 0.0


def _capabilities(job: Job, layout: Layout, cluster: Cluster, fw: Framework, notes: list[str]) -> None:
    prof = profile_of(job)
    name = prof.label()
    lacks = unsupported(job, layout)
    if lacks:
        notes.append(
            t(
                "{f} has no {x}: the estimate models it anyway; use Megatron-LM, FSDP2 or DeepSpeed for this layout",
                "{f} 不支持{x}：估算仍按此布局计算；此布局请用 Megatron-LM、FSDP2 或 DeepSpeed",
                f=name,
                x=t(", ", "、").join(lacks),
            )
        )
    if job.virtual_stages > 1 and layout.pp == 1:
        notes.append(
            t("virtual stages apply only with pipeline parallelism (pp > 1)", "虚拟阶段只在流水线并行（pp > 1）时生效")
        )
    stack = software_stack(cluster.gpu)
    gpu = units.localised(cluster.gpu, "name")
    if stack is None:
        notes.append(
            t(
                "{g}: software stack unknown: check that {f} runs on it before renting",
                "{g}：软件栈未知：租用前请确认 {f} 能在其上运行",
                g=gpu,
                f=name,
            )
        )
    elif stack not in prof.stacks:
        hint = _STACK_HINT.get(stack)
        notes.append(
            t(
                "{f} is not known to run on {g} ({s}){h}",
                "{f} 未见可在 {g}（{s}）上运行的支持{h}",
                f=name,
                g=gpu,
                s=units.label("stack", stack),
                h=(t("; ", "；") + t(*hint)) if hint else "",
            )
        )
    elif stack != "cuda":
        hint = _STACK_HINT.get(stack)
        notes.append(
            t(
                "{g} runs {s}, not CUDA{h}",
                "{g} 使用 {s}，不是 CUDA{h}",
                g=gpu,
                s=units.label("stack", stack),
                h=colon("", t(*hint)) if hint else "",
            )
        )


def explain_time(job: Job, layout: Layout, cluster: Cluster, time: TimeEstimate, notes: list[str]) -> None:
    d = time.details
    hfu = d.get("hfu")
    achieved = d.get("achieved_mfu")
    if job.mfu is None:
        cls = gpu_class(cluster.gpu)
        basis = [
            class_label(cls),
            profile_of(job).label(),
            t("hidden size {h}", "隐藏层维度 {h}", h=job.model.hidden_size or "?"),
        ]
        if job.model.num_experts > 1:
            basis.append("MoE")
        if job.task is TaskKind.QLORA:
            basis.append("QLoRA")
        if job.precision.value == "fp8" and cluster.gpu.tflops_fp8:
            basis.append(t("FP8 peak", "FP8 峰值"))
        src = (
            t("from published runs", "依据公开实测")
            if is_sourced(cluster.gpu)
            else t("no published training MFU for this GPU class: an assumption", "此类 GPU 无公开训练 MFU：为假设值")
        )
        notes.append(
            t(
                "MFU {m:.0%} while computing ({b}; {s}; --mfu to change)",
                "计算时 MFU {m:.0%}（{b}；{s}；可用 --mfu 修改）",
                m=time.mfu,
                b=t(", ", "，").join(basis),
                s=src,
            )
        )
    if isinstance(hfu, float) and hfu > time.mfu * 1.005:
        notes.append(
            t(
                "recomputation adds {x:.0%} hardware FLOPs: HFU {h:.0%}, MFU {m:.0%} (recomputed forward "
                "passes run faster than the average FLOP)",
                "重计算增加 {x:.0%} 的硬件计算量：HFU {h:.0%}，MFU {m:.0%}（重算的前向比平均更快）",
                x=_number(d, "flops_per_token") / _number(d, "model_flops_per_token") - 1,
                h=hfu,
                m=time.mfu,
            )
        )
    if isinstance(achieved, float) and layout.gpus > 1:
        notes.append(
            t(
                "MFU after communication and pipeline losses: {a:.0%} (what training reports show)",
                "计入通信与流水线损失后的 MFU：{a:.0%}（训练日志所报的值）",
                a=achieved,
            )
        )
    m = micro_batches(job, layout)
    dp = data_parallel(job, layout)
    if job.global_batch_tokens:
        real = global_batch_tokens(job, layout)
        notes.append(
            t(
                "global batch {g:,} tokens: {m} micro-batches of {b} x {s} tokens per step on {dp} data-parallel "
                "replicas",
                "全局批次 {g:,} 个 token：每步 {m} 个 {b} x {s} token 的微批次，{dp} 个数据并行副本",
                g=job.global_batch_tokens,
                m=m,
                b=job.micro_batch,
                s=job.seq_len,
                dp=dp,
            )
        )
        if real > job.global_batch_tokens * 1.1:
            notes.append(
                t(
                    "the data-parallel replicas alone process {r:,} tokens per step, more than the requested "
                    "global batch: use fewer GPUs or more model parallelism",
                    "仅数据并行副本每步就处理 {r:,} 个 token，超过所要求的全局批次：请减少 GPU 或增加模型并行",
                    r=real,
                )
            )
    bubble = _number(d, "pipeline_bubble")
    if bubble > BUBBLE_WARN:
        v = job.virtual_stages
        notes.append(
            t(
                "the pipeline bubble takes {b:.0%} of each step ({m} micro-batches per step, {p} stages{v}): raise "
                "the global batch (--global-batch-tokens), interleave virtual stages (--virtual-stages) or use "
                "fewer stages",
                "流水线气泡占每步 {b:.0%}（每步 {m} 个微批次，{p} 个阶段{v}）：请增大全局批次"
                "（--global-batch-tokens）、使用交错虚拟阶段（--virtual-stages）或减少阶段数",
                b=bubble,
                m=m,
                p=layout.pp,
                v=t(", {v} virtual stages", "，{v} 个虚拟阶段", v=v) if v > 1 else "",
            )
        )
    if time.scaling_efficiency < POOR_SCALING and layout.gpus > 1:
        parts = {
            t("data-parallel gradients", "数据并行梯度"): _number(d, "dp_comm_seconds"),
            t("tensor-parallel all-reduces", "张量并行 all-reduce"): _number(d, "tp_comm_seconds"),
            t("context-parallel ring attention", "上下文并行环形注意力"): _number(d, "cp_comm_seconds"),
            t("expert-parallel all-to-all", "专家并行 all-to-all"): _number(d, "ep_comm_seconds"),
        }
        worst = max(parts, key=parts.__getitem__)
        if parts[worst] > 0:
            notes.append(
                t(
                    "scaling is poor ({e:.0%}); the largest communication cost is the {w}",
                    "扩展效率偏低（{e:.0%}）；最大的通信开销来自{w}",
                    e=time.scaling_efficiency,
                    w=worst,
                )
            )
