"""The texts of the notes (an option's, core.search.options, and the answer's, core.search.messages and
recommender), keyed by the note's kind: stable ids, as the advice ids are. A key with "/" is a fragment of
one note's text."""

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
        "布局调整了任务：{r}，微批次 {mb}（梯度累积保持全局批次不变）。"),
    "chunked-loss": (
        "Memory is short for the whole fp32 logits: the loss is computed in chunks ({how}) "
        "rather than offloading to the CPU.",
        "显存放不下完整的 FP32 logits：损失改为分块计算（{how}），而不是卸载到 CPU。"),
    "framework-profile": (
        "Framework {f}: model states {m}, {b:g} B per trained parameter; loss: {l}.",
        "训练框架 {f}：模型状态为{m}，每个可训练参数 {b:g} 字节；损失计算：{l}。"),
    # the answer's notes (Recommendation.notes)
    "unpriced-ranked-last": (
        "Options without a known price are ranked after priced ones for cost.",
        "价格未知的方案在按成本排序时排在有报价的方案之后。"),
    "unpriced-budget": (
        "{n} unpriced options could not be checked against the budget.",
        "{n} 个方案价格未知，无法核对预算。"),
    "no-tokens": (
        "No training tokens given (--tokens): options are compared per token; costs within {b:.0%} "
        "of the cheapest count as equal and the lower hourly rate ranks first.",
        "未给出训练 token 数（--tokens）：按每个 token 比较；成本与最低者相差 {b:.0%} 以内视为相同，"
        "小时租金更低者优先。"),
    "deadline-margin": (
        "Deadline checked against hours including the {m:.0%} trial-and-error margin.",
        "截止时间按含 {m:.0%} 试错余量的时长核对。"),
    "budget-ceiling": (
        "The budget is a ceiling, not a target: within it the options are ranked by the objective, "
        "and near-equal ones by the simpler rental (fewer nodes), then the shorter run.",
        "预算是上限而非目标：预算内按目标排序，相差无几时优先更简单的租用方案（更少节点），其次是更短的运行时间。"),
    "host-ram-unverified": (
        "Options that offload to the CPU on a server whose host RAM the catalogue does not state are "
        "ranked after the others: confirm the RAM they need with the provider.",
        "在目录未注明内存的服务器上做 CPU 卸载的方案排在其他方案之后：请向服务商确认所需内存。"),
    "larger-cluster": (
        "A larger cluster would finish sooner: {n}× {gpu} ({nodes} nodes) in {h} instead of {h0}, for {x} "
        "(the first option: {x0}); it ranks lower because fewer nodes finish in reasonable time for about "
        "the same cost, and are simpler to rent, wire and accept.",
        "更大的集群能更快完成：{n} 张 {gpu}（{nodes} 个节点）需 {h}，而非 {h0}，费用 {x}（首选方案：{x0}）；"
        "它排名靠后，因为更少的节点能以相近的费用在合理时间内完成，且更易租用、组网与验收。"),
    "larger-cluster/past-limit": (
        "A larger cluster would finish sooner: {n}× {gpu} ({nodes} nodes) in {h} instead of {h0}, for {x} "
        "(the first option: {x0}). The search stops at {cap} GPUs unless the job needs more; raise the most "
        "GPUs (--max-gpus {n}) to compare such clusters.",
        "更大的集群能更快完成：{n} 张 {gpu}（{nodes} 个节点）需 {h}，而非 {h0}，费用 {x}（首选方案：{x0}）。"
        "除非任务需要，搜索最多考虑 {cap} 张卡；如需比较这类集群，请提高最多显卡数（--max-gpus {n}）。"),
}
# fmt: on
