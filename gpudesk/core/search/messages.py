"""What the recommender says besides its options: the notes under the answer, and the errors when nothing
is left to rank (no platform, nothing fits, nothing within the budget or deadline)."""

from __future__ import annotations

from gpudesk.core import units
from gpudesk.core.i18n import t
from gpudesk.core.messages import Message, note
from gpudesk.core.models import Constraints, Job
from gpudesk.core.rules import COST_TIE_BAND
from gpudesk.core.search.layout_search import LayoutSearch
from gpudesk.core.search.pricing import Priced
from gpudesk.errors import GpudeskError


def notes(job: Job, c: Constraints, unpriced: bool, unpriced_budget: int) -> list[Message]:
    out = []
    if unpriced:
        out.append(note("unpriced-ranked-last"))
    if unpriced_budget:
        out.append(note("unpriced-budget", n=unpriced_budget))
    if job.tokens is None and job.task.trains:
        out.append(note("no-tokens", b=COST_TIE_BAND))
    if c.deadline_hours is not None:
        out.append(note("deadline-margin", m=job.trial_margin))
    if c.budget is not None:
        out.append(note("budget-ceiling"))
    return out


def nothing_kept(job: Job, c: Constraints, priced: Priced) -> GpudeskError:
    if c.budget is not None and priced.rejected.get("over_budget"):
        return GpudeskError(
            t(
                "no option fits the budget of {b:,.0f} {cur}; the cheapest that fits costs {x:,.0f}: "
                "raise --budget or use LoRA / fewer tokens",
                "没有方案在 {b:,.0f} {cur} 预算内；能放下的最便宜方案需 {x:,.0f}：请提高 --budget，"
                "或改用 LoRA / 减少 token",
                b=c.budget,
                cur=job.currency,
                x=priced.cheapest,
            )
        )
    if c.deadline_hours is not None and priced.rejected.get("misses_deadline") and priced.fastest_hours is not None:
        return GpudeskError(
            t(
                "no option meets the deadline of {d:g} h; the fastest takes {h:,.1f} h with the "
                "trial margin: allow more GPUs or a later deadline",
                "没有方案能在 {d:g} 小时内完成；最快的方案含试错余量需 {h:,.1f} 小时：请允许更多显卡或放宽截止时间",
                d=c.deadline_hours,
                h=priced.fastest_hours * (1 + job.trial_margin),
            )
        )
    return GpudeskError(t("no rental configuration matches the constraints", "没有符合约束条件的租用方案"))


def no_platform(c: Constraints) -> GpudeskError:
    where = []
    if c.providers:
        where.append(t("from {p}", "来自 {p}", p=", ".join(c.providers)))
    if c.region:
        where.append(t("in region {r!r}", "位于地区 {r!r}", r=c.region))
    if c.gpu_allow or c.gpu_exclude:
        where.append(t("for the allowed GPUs", "针对所允许的显卡"))
    return GpudeskError(
        t(
            "the catalogue has no offer {where}; add the provider's price sheet (gpudesk catalog import "
            "FILE) or drop --provider / --region / --gpu-allow",
            "目录中没有{where}的报价；请导入该服务商的价格表（gpudesk catalog import FILE），"
            "或去掉 --provider / --region / --gpu-allow",
            where=" ".join(where) or t("at all", "任何"),
        )
    )


def nothing_fits(job: Job, search: LayoutSearch, rejected: dict[str, int]) -> GpudeskError:
    if rejected.get("below_target_speed") and job.target_tokens_per_user is not None:
        return GpudeskError(
            t(
                "no setup reaches {x:g} tokens/s per user; the fastest that fits gives {best:.1f}: allow more GPUs "
                "(--max-gpus), serve fewer users per setup, shorten the context, quantise the weights or lower the target",
                "没有配置能达到每用户每秒 {x:g} 个 token；能放下的最快配置为 {best:.1f}：请允许更多显卡（--max-gpus）、"
                "减少并发、缩短上下文、量化权重或降低目标",
                x=job.target_tokens_per_user,
                best=search.fastest_per_user,
            )
        )
    if rejected.get("run_over_a_year") and search.shortest_over_a_year is not None:
        return GpudeskError(
            t(
                "every option that fits would run for more than a year (the shortest: {d:,.0f} days): allow more GPUs "
                "(--max-gpus), train on fewer tokens or use LoRA",
                "所有能放下的方案都要运行一年以上（最短 {d:,.0f} 天）：请允许更多显卡（--max-gpus）、减少训练 token 或改用 LoRA",
                d=search.shortest_over_a_year / 24,
            )
        )
    if search.closest is None and search.host_closest is None and search.unsupported_reason is not None:
        return GpudeskError(search.unsupported_reason)  # the framework refuses every count it was tried on
    advice = t(
        "allow more GPUs (--max-gpus), use LoRA or QLoRA, a shorter --seq-len, or a GPU with more memory",
        "请允许更多显卡（--max-gpus）、改用 LoRA 或 QLoRA、缩短 --seq-len，或选择显存更大的显卡",
    )
    if search.host_closest is not None:
        _, p, n, need = search.host_closest
        why = t(
            "fits GPU memory only by CPU offload, which needs {need} of host RAM per node (at most {most})",
            "只有把状态卸载到 CPU 才能放下显存，但每节点需要 {need} 内存（最多 {most}）",
            need=units.marketed(need),
            most=units.marketed(p.host_ram_max or 0),
        )
    elif search.closest is None:
        return GpudeskError(
            t(
                "no GPU in the catalogue matches the constraints (check --gpu-allow / --gpu-exclude, "
                "--provider and --region)",
                "目录中没有符合约束的显卡（请检查 --gpu-allow / --gpu-exclude、--provider 与 --region）",
            )
        )
    else:
        _, p, n, need = search.closest
        why = t(
            "needs {need} per GPU with every saving on (ZeRO-3, CPU offload, full recompute, micro-batch 1) but "
            "has {usable} usable",
            "在启用全部节省手段（ZeRO-3、CPU 卸载、完全重计算、微批次 1）后每卡仍需 {need}，而可用仅 {usable}",
            need=units.memory(need),
            usable=units.memory(p.usable),
        )
    return GpudeskError(
        t(
            "the job fits nowhere: the closest option tried, {n}× {gpu}, {why}; {advice}",
            "任务在任何配置上都放不下：最接近的 {n} 张 {gpu} {why}；{advice}",
            n=n,
            gpu=units.localised(p.gpu, "name"),
            why=why,
            advice=advice,
        )
    )
