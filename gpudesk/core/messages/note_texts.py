"""The texts of an option's notes (core.search.options), keyed by the note's kind: stable ids, as the
advice ids are. A key with "/" is a fragment of one note's text."""

from __future__ import annotations

# fmt: off
# each template in English and Chinese: data, one entry an id
NOTE_TEXTS: dict[str, tuple[str, str]] = {
    "no-offer": (
        "Nobody in the catalogue offers this GPU: price unknown, ranked after priced options.",
        "目录中无此显卡的报价：价格未知，排在有报价的方案之后。"),
    "no-billing-price": (
        "This offer has no price for the chosen billing: ranked after priced options.",
        "该报价没有所选计费方式的价格：排在有报价的方案之后。"),
    "layout-changes-job": (
        "Layout changes the job: recompute {r}, micro-batch {mb} (gradient accumulation keeps the global batch).",
        "布局调整了任务：重计算 {r}，微批次 {mb}（梯度累积保持全局批次不变）。"),
    "chunked-loss": (
        "Memory is short for the whole fp32 logits: the loss is computed in chunks ({how}) "
        "rather than offloading to the CPU.",
        "显存放不下完整的 FP32 logits：损失改为分块计算（{how}），而不是卸载到 CPU。"),
    "framework-profile": (
        "Framework {f}: model states {m}, {b:g} B per trained parameter; loss: {l}.",
        "训练框架 {f}：模型状态为{m}，每个可训练参数 {b:g} 字节；损失计算：{l}。"),
}
# fmt: on
