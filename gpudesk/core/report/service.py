"""How the printed plan words a service (task inference, and the serving half of mixed): the period, the
speed per user against the target, time to first token, cost per month and per million tokens. Every
figure is the option's own `serving` block (computed by the engine when the choice was made)."""

from __future__ import annotations

from gpudesk.core import units
from gpudesk.core.i18n import t
from gpudesk.core.models import Job, Option, ServingEstimate
from gpudesk.core.plan.budget import mixed_total as mixed_total  # re-exported: the report's sections read it here
from gpudesk.core.rules import HOURS_PER_MONTH


def period_text(hours: float | None) -> str:
    """ "1 month (730 h)", "3 months (2,190 h)", else the hours."""
    if hours is None:
        return units.unknown()
    months = hours / HOURS_PER_MONTH
    if abs(months - round(months)) < 1e-6 and round(months) >= 1:
        m = round(months)
        return t("{m} month{s} ({h} h)", "{m} 个月（{h} 小时）", m=m, s="" if m == 1 else "s", h=units.number(hours, 0))
    return units.hours(hours)


def per_user_text(s: ServingEstimate) -> str:
    speed = units.compact(s.tokens_per_second_per_user, 1)
    if s.target_tokens_per_user is None:
        return t("{x} tokens/s per user (no target set)", "每用户每秒 {x} 个 token（未设目标）", x=speed)
    verdict = t("meets", "满足") if s.meets_target else t("BELOW", "低于")
    return t(
        "{x} tokens/s per user — {v} the target of {tg}",
        "每用户每秒 {x} 个 token —— {v}目标 {tg}",
        x=speed,
        v=verdict,
        tg=units.compact(s.target_tokens_per_user, 1),
    )


def speed_rows(s: ServingEstimate) -> list[tuple[str, str]]:
    return [
        (t("Service period", "服务期"), period_text(s.period_hours)),
        (t("Speed per user", "每用户速度"), per_user_text(s)),
        (
            t("Service throughput", "服务总吞吐"),
            t(
                "{x} tokens/s with {n} users in flight ({r} model cop{ies})",
                "每秒 {x} 个 token，并发 {n} 个用户（{r} 份模型副本）",
                x=units.number(s.tokens_per_second),
                n=s.concurrency,
                r=s.replicas,
                ies="y" if s.replicas == 1 else "ies",
            ),
        ),
        (
            t("Time to first token", "首 token 时间"),
            t(
                "{x} s for one {ctx}-token prompt, without queueing",
                "{x} 秒（一个 {ctx} token 的提示，不含排队）",
                x=units.compact(s.time_to_first_token_seconds, 2),
                ctx=s.context_tokens,
            ),
        ),
        (
            t("Weights / KV cache", "权重 / KV 缓存"),
            f"{units.label('weight_precision', s.weight_precision)} / {units.label('kv_precision', s.kv_precision)}",
        ),
    ]


def cost_rows(s: ServingEstimate, o: Option) -> list[tuple[str, str]]:
    c = o.cost
    billing = units.label("billing", c.cheaper_billing) if c.cheaper_billing else units.unknown()
    monthly = str(c.cheaper_billing) == "monthly" and c.price_per_gpu_month is not None  # the price billed
    price = (
        t("{p} per GPU-month", "{p} / 卡·月", p=units.price(c.price_per_gpu_month, c.currency))
        if monthly
        else t("{p} per GPU-hour", "{p} / 卡·时", p=units.price(c.price_per_gpu_hour, c.currency))
    )
    return [
        (
            t("Cost per month", "每月费用"),
            t(
                "{cost} ({billing}; {price} × {n} GPU{pl})",
                "{cost}（{billing}；{price} × {n} 卡）",
                cost=units.money(s.cost_per_month, s.currency),
                billing=billing,
                price=price,
                n=s.gpus,
                pl="" if s.gpus == 1 else "s",
            ),
        ),
        (t("Cost of the service period", "服务期总费用"), units.money(s.cost_per_period, s.currency)),
        (
            t("Cost per million output tokens", "每百万输出 token 费用"),
            t(
                "{x} (the service fully loaded all the time)",
                "{x}（按服务始终满载计）",
                x=units.money(s.cost_per_million_tokens, s.currency, 2),
            ),
        ),
    ]


def signoff_text(cfg: str, s: ServingEstimate | None, o: Option) -> str:
    """The approval sentence for a serving plan."""
    if s is None:
        per_month = total = units.unknown()
        period = units.unknown()
    else:
        per_month = units.money(s.cost_per_month, s.currency)
        total = units.money(s.cost_per_period, s.currency)
        period = period_text(s.period_hours)
    return t(
        "By signing, the reviewers confirm the sizing above and the approver authorises renting {cfg} as a "
        "service for {period}, at about {per_month} per month and within {total} for the period, subject to the "
        "open checklist items being closed before payment.",
        "签字即表示：审核人确认上述容量测算，批准人同意租用 {cfg} 提供推理服务，服务期 {period}，"
        "预计每月费用 {per_month}，服务期合计不超过 {total}；付款前须关闭清单中的待检查项。",
        cfg=cfg,
        period=period,
        per_month=per_month,
        total=total,
    )


def assumption_rows(s: ServingEstimate, job: Job) -> list[tuple[str, str]]:
    """What the serving figures assume (the formulas used, with their inputs)."""
    return [
        (t("Users in flight, context each", "并发用户、每用户上下文"), f"{s.concurrency}, {s.context_tokens}"),
        (
            t("Decode step", "解码每步"),
            t(
                "reads the weights once for all users + every user's KV cache at the full context; {f} of the memory "
                "bandwidth reached (gpt-fast measurements)",
                "为全部用户读取一次权重 + 每个用户完整上下文的 KV 缓存；按显存带宽的 {f} 计（gpt-fast 实测）",
                f=units.percent(s.bandwidth_fraction),
            ),
        ),
        (
            t("Prefill (time to first token)", "预填充（首 token）"),
            t(
                "2 × active parameters × prompt tokens + causal attention, at {m} of the {p} peak{who}",
                "2 × 激活参数 × 提示 token 数 + 因果注意力，按 {p} 峰值的 {m} 计{who}",
                m=units.percent(s.prefill_mfu),
                p=s.compute.upper(),
                who=t(" (set by the user)", "（用户设定）")
                if job.mfu
                else t(" (the GPU class's training MFU)", "（该类 GPU 的训练 MFU）"),
            ),
        ),
        (
            t("Weight storage", "权重存储"),
            t(
                "{w}: {b} bytes per parameter on average",
                "{w}：平均每参数 {b} 字节",
                w=units.label("weight_precision", s.weight_precision),
                b=units.compact(s.weight_bytes_per_param, 2),
            ),
        ),
    ]
