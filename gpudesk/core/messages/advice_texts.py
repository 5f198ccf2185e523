"""The advice rules' texts (core.search.advice, advice_stack), keyed by the advice id: a public contract,
never rename one. A key with "/" is a variant or a fragment of one advice's text (a nested message)."""

from __future__ import annotations

# fmt: off
# each template in English and Chinese: data, one entry an id
ADVICE_TEXTS: dict[str, tuple[str, str]] = {
    "does-not-fit": (
        "Does not fit: needs {need} per GPU, {usable} usable on {gpu}. Add GPUs, use LoRA, or a larger card.",
        "显存不足：每卡需要 {need}，{gpu} 可用 {usable}。请增加显卡、改用 LoRA 或换更大显存的卡。"),
    "fp32-doubles-memory": (
        "Pure FP32 roughly doubles memory and runs slower; BF16 mixed precision is the norm.",
        "纯 FP32 显存约翻倍且更慢；主流做法是 BF16 混合精度。"),
    "old-gpu-transformers": (
        "{gpu} is an older card: cheap per hour but slow on Transformers (no BF16, weak tensor cores), "
        "so the whole job often costs more.",
        "{gpu} 属老一代显卡：单价低，但跑 Transformer 慢（无 BF16、张量核心弱），总成本往往更高。"),
    "no-bf16": (
        "{gpu} has no BF16: train in FP16 with loss scaling (risk of overflow on large models).",
        "{gpu} 不支持 BF16：需用 FP16 加损失缩放训练（大模型有溢出风险）。"),
    "tp-over-pcie": (
        "Tensor parallel across {tp} GPUs without NVLink between them: communication over PCIe "
        "will dominate. Prefer an NVLink/NVSwitch server.",
        "{tp} 卡张量并行但卡间无 NVLink：PCIe 通信将成为瓶颈，建议选用 NVLink/NVSwitch 服务器。"),
    "consumer-multi-node": (
        "Consumer cards ({gpu}) across {nodes} nodes: no NVLink, slow inter-node links, rarely offered "
        "as a cluster. Use data-centre cards for multi-node training.",
        "消费级显卡（{gpu}）跨 {nodes} 个节点：无 NVLink、节点间带宽低，少有机房按集群提供。多节点训练请用数据中心卡。"),
    "host-ram-too-small": (  # RAM to install: sold in GB, as the guide says
        "Host RAM {have} per node is below the {need} this job needs (data loading{offload}); "
        "ask for a larger memory configuration.",
        "每节点内存 {have} 低于本任务所需 {need}（数据加载{offload}）；请向机房要求更大内存配置。"),
    "host-ram-too-small/offload": (" and CPU offload", "及 CPU 卸载"),
    "host-ram-unknown": (
        "Host RAM of this server is not stated in the catalogue: CPU offload needs {need} per node; confirm the "
        "memory configuration with the provider before renting.",
        "目录未注明此服务器的内存：CPU 卸载每节点需要 {need}；租用前请向服务商确认内存配置。"),
    "nvme-too-small": (
        "Local NVMe {have} per node is below the {need} the data set and checkpoints need; "
        "add NVMe or a high-IOPS shared file system.",
        "每节点本地 NVMe {have} 小于数据集与检查点所需 {need}；请增加 NVMe 或高 IOPS 共享存储。"),
    "offload-slow": (
        "Fits only by offloading {what} to CPU memory: much slower (PCIe-bound). "
        "More GPUs, LoRA or a larger card avoid it.",
        "仅靠把{what}卸载到 CPU 内存才能放下：速度会明显变慢（受 PCIe 限制）。增加显卡、改用 LoRA 或更大显存的卡可避免。"),
    "offload-slow/optimizer": ("optimizer states", "优化器状态"),
    "offload-slow/optimizer+params": ("optimizer states and weights", "优化器状态与权重"),
    "scaling-below-norm": (
        "{n} GPUs work like {x:.1f} (scaling {eff:.0%}); 8 NVLink GPUs normally give 7.2–7.6×. Communication "
        "is not hidden behind compute: more gradient accumulation, a larger micro-batch or a faster link help.",
        "{n} 卡实际相当于 {x:.1f} 卡（扩展效率 {eff:.0%}）；8 卡 NVLink 通常可达 7.2–7.6 倍。通信未被计算掩盖："
        "增大梯度累积或微批次、换更快的互联可改善。"),
    "rack-power": (
        "Each {g}-GPU node draws about {kw:.1f} kW: confirm the rack's power quota and cooling with the data centre.",
        "每个 {g} 卡节点功耗约 {kw:.1f} kW：请与机房确认机柜电力配额与散热。"),
    "monthly-cheaper": (
        "Monthly rental is cheaper here ({monthly} vs {hourly} by the hour; break-even {be} h of use per month).",
        "此方案包月更便宜（包月 {monthly}，按小时 {hourly}；盈亏平衡点为每月使用 {be} 小时）。"),
    "multi-node-ib-slurm": (
        "{nodes} nodes: needs InfiniBand between nodes and SLURM scheduling; ask for the provider's "
        "HPC cluster experience and run nccl-tests on delivery.",
        "{nodes} 个节点：需要节点间 InfiniBand 与 SLURM 调度；请了解机房的 HPC 集群经验，交付时运行 nccl-tests。"),
    "multi-node-ib-slurm/no-ib": (
        "{nodes} nodes over {net}: multi-node training wants InfiniBand (or RoCE at least) and SLURM "
        "scheduling; expect poor scaling otherwise.",
        "{nodes} 个节点经 {net} 互联：多节点训练需要 InfiniBand（至少 RoCE）与 SLURM 调度，否则扩展效率很差。"),
    "multi-node-ib-slurm/unknown-network": ("an unknown network", "未知网络"),
    "better-value-gpu": (
        "Better value: {n}× {gpu} does this job for {saving:.0%} less ({cost}, {hours:,.0f} h){serving}.",
        "更高性价比：{n} 张 {gpu} 完成同一任务可省 {saving:.0%}（{cost}，{hours:,.0f} 小时）{serving}。"),
    "better-value-gpu/serving": (" and serves well alongside training", "，且适合训练与在线推理并行"),
    "long-run": (
        "One clean run takes {days:,.0f} days on this configuration: failures, re-runs and price changes add up "
        "over that span. Set a deadline or allow more GPUs (--max-gpus) to see larger configurations.",
        "该配置跑完一次需要 {days:,.0f} 天：期间的故障、重跑和价格变化都会累积。请设置工期或允许更多显卡（--max-gpus）以查看更大的配置。"),
    # advice_stack.py: the accelerator's software stack
    "fp8-unsupported": (
        "{gpu} has no FP8 tensor cores (or no published FP8 rate): the time is for BF16/FP16; train in BF16, and "
        "do not plan on FP8 checkpoints loading on it.",
        "{gpu} 没有 FP8 张量核心（或无公开的 FP8 算力）：时间按 BF16/FP16 估算；请用 BF16 训练，也不要指望在其上加载 FP8 "
        "模型。"),
    "framework-unsupported": (
        "{f} is not known to run on {gpu} ({s}){p}.",
        "{f} 未见可在 {gpu}（{s}）上运行的支持{p}。"),
    "framework-unsupported/port": ("; use {x} instead", "；请改用{x}"),
    "framework-unsupported/port-cann": (
        "MindSpeed-LLM (Megatron), MindSpeed's FSDP2 back-end, LLaMA-Factory with torch_npu, DeepSpeed's NPU "
        "accelerator",
        "MindSpeed-LLM（对应 Megatron）、MindSpeed 的 FSDP2 后端、LLaMA-Factory + torch_npu、DeepSpeed 的 NPU "
        "加速器支持"),
    "framework-unsupported/port-dtk": (
        "PyTorch, DeepSpeed and Megatron built for DTK", "适配 DTK 的 PyTorch、DeepSpeed 与 Megatron"),
    "framework-unsupported/port-xpu": ("PaddlePaddle's XPU build", "飞桨 XPU 版"),
    "non-cuda-stack": (
        "{gpu} runs {s}, not CUDA: before renting, run the job's own code on it for an hour (kernels such as flash "
        "attention, the framework port and its version); the throughput here has no published measurement behind it.",
        "{gpu} 使用 {s} 而非 CUDA：租用前请先用自己的训练代码在其上跑一小时（FlashAttention 等算子、框架适配及其版本）；"
        "此处的吞吐量没有公开实测支撑。"),
    "bf16-rate-unknown": (
        "{gpu}: no BF16 rate published, timed at its FP16 figure; ask the provider which variant it is and its "
        "BF16 rate.",
        "{gpu}：未公布 BF16 算力，按 FP16 数值计时；请向服务商确认具体型号及其 BF16 算力。"),
}
# fmt: on
