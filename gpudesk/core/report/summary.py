"""The one-page summary: the job in plain words, the recommended configuration, time and cost, risks."""

from __future__ import annotations

from typing import Any

from gpudesk.core import units
from gpudesk.core.i18n import t
from gpudesk.core.models import Advice, Option, Tier
from gpudesk.core.rules import same_configuration
from gpudesk.core.search.tiers import TIER_PRESETS
from gpudesk.core.report.blocks import Bullets, Heading, KeyValues, Section, Style, Text
from gpudesk.core.report import service
from gpudesk.core.report.context import ReportContext


class SummarySection(ReportContext):

    def _job_sentence(self) -> str:
        job = self.job
        model = job.model
        choice = self.choice
        params = choice.memory.details.get("params_total") if choice is not None else None  # counted by the engine
        params = params or model.params_hint
        s = choice.serving if choice is not None else None
        if not job.task.trains:
            text = t("{task} of {model} ({params}): {n} users in flight, {ctx} tokens of context each",
                     "{task}：模型 {model}（{params}），并发 {n} 个用户，每个上下文 {ctx} token",
                     task=units.label("task", job.task), model=model.name, params=units.params(params),
                     n=job.concurrency, ctx=job.serving_context or job.seq_len)
            if s is None:  # a plan saved before serving had its own figures
                text += t(", in {prec}", "，{prec}", prec=units.label("precision", job.precision))
            else:
                text += t(", weights in {w}, KV cache in {kv}, for {period}", "，权重 {w}，KV 缓存 {kv}，服务期 {period}",
                          w=units.label("weight_precision", s.weight_precision),
                          kv=units.label("kv_precision", s.kv_precision), period=service.period_text(s.period_hours))
            if job.target_tokens_per_user is not None:
                text += t("; each user should get at least {x} tokens/s", "；每个用户至少应得到每秒 {x} 个 token",
                          x=units.compact(job.target_tokens_per_user, 1))
            return text + t(".", "。")
        over = (t(", over {tokens}", "，训练数据量 {tokens}", tokens=units.tokens(job.tokens)) if job.tokens
                else t("; the amount of training data is not given", "；未填写训练数据量"))
        return t(
            "{task} of {model} ({params}) in {prec} with the {opt} optimizer, sequence length {seq}, "
            "micro-batch {mb} × gradient accumulation {ga}{over}.",
            "{task}：模型 {model}（{params}），{prec}，优化器 {opt}，序列长度 {seq}，"
            "微批次 {mb} × 梯度累积 {ga}{over}。", over=over,
            task=units.label("task", job.task), model=model.name, params=units.params(params),
            prec=units.label("precision", job.precision), opt=units.label("optimizer", job.optimizer), seq=job.seq_len,
            mb=job.micro_batch, ga=job.grad_accum,
        )

    def _summary(self) -> Section:
        o = self.choice
        trains = self.job.task.trains
        blocks: list[Any] = [Heading(t("The job", "训练任务") if trains else t("The service", "推理服务任务")),
                             Text(self._job_sentence(), "lead")]
        if o is None:
            blocks.append(Text(t("No configuration has been chosen yet: this plan cannot be approved as it stands.",
                                 "尚未选定配置：本方案目前不能审批。"), "critical"))
            return Section(t("Summary", "方案摘要"), blocks)
        blocks += [Heading(t("Recommended configuration", "推荐配置")), KeyValues(self._config_rows(o))]
        if trains:
            rows = self._cost_rows(o)
            styles: list[Any] = ["", "", "", "strong" if not self.written_quote else ""] + [""] * (len(rows) - 4)
            if self.written_quote:
                styles[4] = "strong"
            blocks += [Heading(t("Time and cost", "时间与费用")), KeyValues(rows, row_styles=styles)]
        if o.serving is not None:
            costs = service.cost_rows(o.serving, o)
            rows = service.speed_rows(o.serving) + costs
            styles = [""] * len(rows)
            if trains:  # mixed: the budget is the training run plus the service
                rows.append((t("Total: training with margin + service period", "合计：训练（含余量）+ 服务期"),
                             units.money(service.mixed_total(o), o.cost.currency)))
                styles.append("strong")
            else:
                styles[len(rows) - len(costs) + 1] = "strong"  # the cost of the service period
                rows.append((t("Price basis", "价格依据"), self._price_basis(o)))
                styles.append("")
            blocks += [Heading(t("Speed and cost of the service", "服务速度与费用")), KeyValues(rows, row_styles=styles)]
        blocks.append(Heading(t("Main risks and advice", "主要风险与建议")))
        blocks.append(self._advice_bullets(o))
        notes = self.plan.notes
        if notes:
            blocks += [Heading(t("Notes", "备注")), Text(str(notes))]
        return Section(t("Summary", "方案摘要"), blocks)

    def _config_rows(self, o: Option) -> list[tuple[str, str]]:
        server = self.row("server", o.server)
        node = t("{n} node(s) × {g} GPUs", "{n} 个节点 × 每节点 {g} 卡", n=o.nodes, g=o.gpus_per_node)
        if server is not None:
            node += f" — {server.name}"
        network = t("not needed (single node)", "不需要（单节点）") if o.nodes <= 1 else (o.network or t("unknown", "未知"))
        lay = o.layout
        if self.job.task.trains:
            layout = t("TP {tp} × PP {pp} × DP {dp}, ZeRO stage {z}, recompute: {rc}, offload: {off}",
                       "张量并行 {tp} × 流水线并行 {pp} × 数据并行 {dp}，ZeRO {z}，重计算：{rc}，卸载：{off}",
                       tp=lay.tp, pp=lay.pp, dp=lay.dp, z=lay.zero, rc=units.label("recompute", lay.recompute),
                       off=units.label("offload", lay.offload))
        else:
            layout = t("TP {tp} × PP {pp} per model copy, {dp} cop{ies} serving in parallel",
                       "每份模型张量并行 {tp} × 流水线并行 {pp}，{dp} 份副本并行服务", tp=lay.tp, pp=lay.pp, dp=lay.dp,
                       ies="y" if lay.dp == 1 else "ies")
        billing = o.cost.cheaper_billing or self.plan.constraints.billing
        provider = self._rent_from(o.provider) or t("not chosen (priced by the user)", "未指定（用户自定价格）")
        return [
            (t("GPU", "GPU 型号"), f"{o.gpu_name or o.gpu} ({units.marketed(o.memory.gpu_capacity_bytes)})"),
            (t("GPU count", "GPU 数量"), str(o.gpus)),
            (t("Nodes", "节点"), node),
            (t("GPU interconnect", "卡间互联"), o.interconnect or t("unknown", "未知")),
            (t("Network between nodes", "节点间网络"), network),
            (t("Provider and region", "供应商与地域"), provider + (f" / {o.region}" if o.region else "")),
            (t("Billing mode", "计费方式"), units.label("billing", billing) if billing else t("unknown", "未知")),
            (t("Parallel layout", "并行方式"), layout),
            (t("Memory per GPU", "单卡显存占用"),
             t("{need} of {usable} usable — {fits}", "需要 {need}，可用 {usable} — {fits}",
               need=units.memory(o.memory.per_gpu_bytes.total), usable=units.memory(o.memory.usable_bytes),
               fits=t("fits", "装得下") if o.memory.fits else t("DOES NOT FIT", "装不下"))),
            (t("Tier", "档次"), _tier_label(o.tier)),
        ]

    def _cost_rows(self, o: Option) -> list[tuple[str, str]]:
        c = o.cost
        return [
            (t("Training time (clean run)", "训练时间（一次跑通）"), units.hours(o.time.hours)),
            (t("GPU-hours", "GPU 时"), t("unknown", "未知") if o.time.gpu_hours is None else units.number(o.time.gpu_hours, 0)),
            (t("Compute cost (clean run)", "算力费用（一次跑通）"),
             t("{cost} at {price} per GPU-hour", "{cost}（{price} / 卡·时）",
               cost=units.money(c.compute_cost, c.currency), price=units.price(c.price_per_gpu_hour, c.currency))),
            (t("Total budget with trial-and-error margin", "含试错余量的总预算"),
             t("{cost} (+{m} for tuning and re-runs)", "{cost}（另加 {m} 用于调参和重跑）",
               cost=units.money(c.with_trial_margin, c.currency), m=units.percent(c.trial_margin))),
            *self._quote_cost_rows(),
            (t("Price basis", "价格依据"), self._price_basis(o)),
        ]

    def _quote_cost_rows(self) -> list[tuple[str, str]]:
        sel = self.selected_quote
        if sel is None:
            return []
        from gpudesk.core.plan.quote_cost import SENSITIVITY

        more = " · ".join(t("+{p} time: {x}", "时长 +{p}：{x}", p=units.percent(f - 1), x=units.money(v, self.currency))
                          for f, v in sel.sensitivity.items() if f in SENSITIVITY)
        return [(t("All-in cost of the selected quote", "选定报价的总价"),
                 t("{x} (compute, storage, network, fees, subsidy and tax; see the 比价 page)",
                   "{x}（算力、存储、网络、费用、补贴和税费；见比价页）", x=units.money(sel.cost.all_in, self.currency))),
                (t("If the job takes longer", "如果任务耗时更长"), more)]

    def _price_basis(self, o: Option) -> str:
        sel = self.selected_quote
        if sel is not None:
            q = sel.quote
            return t("written quote {ref} of {p}, dated {d}", "{p} 的书面报价 {ref}，日期 {d}", ref=q.reference or q.id,
                     p=sel.provider_name, d=q.date or t("unknown", "未知"))
        kind = units.label("price_kind", o.price_kind) if o.price_kind else t("unknown kind", "类型未知")
        date = o.price_date or t("date unknown", "日期未知")
        basis = f"{kind}, {date}" if self.lang == "en" else f"{kind}，{date}"
        return basis + t(" — budget estimate, no written quote yet", " —— 预算估算，尚无书面报价")

    def _advice_bullets(self, o: Option) -> Bullets:
        order = {"critical": 0, "warning": 1, "info": 2}
        advice = sorted(self._localised_advice(o), key=lambda a: order.get(a.severity, 3))
        items: list[tuple[Style, str]] = [(a.severity, a.message) for a in advice]  # type: ignore[misc]
        items += [("muted", n) for n in self._localised_notes(o)]
        if o.cost.price_per_gpu_hour is None and o.cost.price_per_gpu_month is None:
            items.insert(0, ("warning", t("No price is recorded for this configuration: get a written quote before approving.",
                                          "该配置没有记录价格：批准前请取得书面报价。")))
        if o.time.hours is None and self.job.task.trains and not self.job.tokens:
            items.insert(0, ("warning", t("The amount of training data (tokens) is not given, so training time and total "
                                          "cost are unknown: enter it before asking for approval.",
                                          "未填写训练数据量（token 数），训练时间和总费用无法估算：请补全后再提交审批。")))
        if not o.memory.fits:
            items.insert(0, ("critical", t("The job does not fit in this configuration's GPU memory.",
                                           "该配置的显存装不下此任务。")))
        if not self.written_quote:  # the first risk a purchaser reads
            items.insert(0, ("critical", self._no_quote_text() + t(" ", "") + t(
                "Get written quotes from at least three licensed providers and compare them all-in before approval.",
                "审批前请向至少三家持牌服务商取得书面报价，并按总价比较。")))
        if not items:
            items = [("ok", t("No risks were flagged for this configuration.", "该配置未发现需要提示的风险。"))]
        return Bullets(items)

    def _localised_notes(self, o: Option) -> list[str]:
        """The choice's notes in the report's language as the plan worded them when the choice was made
        (`plan.wording`), else as stored with the option."""
        wording = self.plan.wording.get(self.lang)
        if wording is not None and wording.notes is not None and same_configuration(o, self.choice):
            return list(wording.notes)
        return list(o.notes)

    def _localised_advice(self, o: Option) -> list[Advice]:
        """The choice's advice, each message in the report's language as the plan worded it (by advice id),
        else as stored with the option."""
        wording = self.plan.wording.get(self.lang) if same_configuration(o, self.choice) else None
        if wording is None:
            return list(o.advice)
        return [a.model_copy(update={"message": wording.advice[a.id]}) if a.id in wording.advice else a
                for a in o.advice]


def _tier_label(tier: Tier | str) -> str:
    preset = TIER_PRESETS.get(Tier(tier))
    return f"{preset.label()} — {preset.use()}" if preset is not None else str(tier)
