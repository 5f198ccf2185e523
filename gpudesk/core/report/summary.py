"""The one-page summary: the job in plain words, the recommended configuration (with the host to order), the
constraints it was found under, time and cost (the plan's budget figure), risks."""

from __future__ import annotations

from typing import Any

from gpudesk.core import units
from gpudesk.core.engine.architecture import model_name
from gpudesk.core.i18n import t
from gpudesk.core.models import Option
from gpudesk.core.report import service
from gpudesk.core.report.blocks import Heading, KeyValues, RowStyle, Section, Text
from gpudesk.core.report.configuration import ConfigurationRows
from gpudesk.core.report.risks import RiskBullets

PLAIN: RowStyle = ""  # a row without emphasis


class SummarySection(ConfigurationRows, RiskBullets):
    """The summary: the job, the configuration (`configuration`), the constraints, time and cost, the risks
    (`risks`)."""

    def _job_sentence(self) -> str:
        job = self.job
        model = job.model
        choice = self.choice
        counted = choice.memory.details.get("params_total") if choice is not None else None  # counted by the engine
        params = (counted if isinstance(counted, (int, float)) else None) or model.params_hint
        s = choice.serving if choice is not None else None
        name = model_name(model)
        if not job.task.trains:
            text = t(
                "{task} of {model} ({params}): {n} users in flight, {ctx} tokens of context each",
                "{task}：模型 {model}（{params}），并发 {n} 个用户，每个上下文 {ctx} 个 token",
                task=units.label("task", job.task),
                model=name,
                params=units.params(params),
                n=job.concurrency,
                ctx=job.serving_context or job.seq_len,
            )
            if s is None:  # a plan saved before serving had its own figures
                text += t(", in {prec}", "，{prec}", prec=units.label("precision", job.precision))
            else:
                text += t(
                    ", weights in {w}, KV cache in {kv}, for {period}",
                    "，权重 {w}，KV 缓存 {kv}，服务期 {period}",
                    w=units.label("weight_precision", s.weight_precision),
                    kv=units.label("kv_precision", s.kv_precision),
                    period=service.period_text(s.period_hours),
                )
            if job.target_tokens_per_user is not None:
                text += t(
                    "; each user should get at least {x} tokens/s",
                    "；每个用户至少应得到每秒 {x} 个 token",
                    x=units.compact(job.target_tokens_per_user, 1),
                )
            return text + t(".", "。")
        over = (
            t(", over {tokens}", "，训练数据量 {tokens}", tokens=units.tokens(job.tokens))
            if job.tokens
            else t("; the amount of training data is not given", "；未填写训练数据量")
        )
        return t(
            "{task} of {model} ({params}) in {prec} with the {opt} optimizer, sequence length {seq}, {batch}{over}.",
            "{task}：模型 {model}（{params}），{prec}，优化器 {opt}，序列长度 {seq}，{batch}{over}。",
            over=over,
            task=units.label("task", job.task),
            model=name,
            params=units.params(params),
            prec=units.label("precision", job.precision),
            opt=units.label("optimizer", job.optimizer),
            seq=job.seq_len,
            batch=self._batch_text(choice),
        )

    def _batch_text(self, o: Option | None) -> str:
        """The global batch and gradient accumulation as the engine ran them for the chosen layout."""
        from gpudesk.core.engine.parallel import step_batch

        job = self.job
        mb = o.layout.micro_batch if o is not None else job.micro_batch
        if o is None:
            return t(
                "micro-batch {mb} × gradient accumulation {ga}", "微批次 {mb} × 梯度累积 {ga}", mb=mb, ga=job.grad_accum
            )
        tokens, accum, dp = step_batch(job, o.gpus, o.layout.tp, o.layout.pp, mb)
        return t(
            "global batch {g} tokens per step ({ga} micro-batch{es} of {mb} × {seq} tokens on each of {dp} "
            "data-parallel replica{s})",
            "全局批次每步 {g} 个 token（{dp} 个数据并行副本，每个副本 {ga} 个微批次 × 每批 {mb} 条 × {seq} 个 token）",
            g=units.number(tokens),
            ga=units.number(accum),
            mb=mb,
            seq=job.seq_len,
            dp=dp,
            s="" if dp == 1 else "s",
            es="" if accum == 1 else "es",
        )

    def _summary(self) -> Section:
        o = self.choice
        trains = self.job.task.trains
        blocks: list[Any] = [
            Heading(t("The job", "训练任务") if trains else t("The service", "推理服务任务")),
            Text(self._job_sentence(), "lead"),
        ]
        if o is None:
            blocks.append(
                Text(
                    t(
                        "No configuration has been chosen yet: this plan cannot be approved as it stands.",
                        "尚未选定配置：本方案目前不能审批。",
                    ),
                    "critical",
                )
            )
            return Section(t("Summary", "方案摘要"), blocks)
        blocks += [Heading(t("Recommended configuration", "推荐配置")), KeyValues(self._config_rows(o))]
        limits = self._constraint_rows(o)
        if limits:
            blocks += [
                Heading(t("Constraints set for this plan", "本方案的约束条件")),
                KeyValues([(k, v) for k, v, _ in limits], row_styles=[s for _, _, s in limits]),
            ]
        if trains:
            rows, styles = self._cost_rows(o)
            blocks += [Heading(t("Time and cost", "时间与费用")), KeyValues(rows, row_styles=styles)]
        if o.serving is not None:
            costs = service.cost_rows(o.serving, o)
            rows = service.speed_rows(o.serving) + costs
            sstyles: list[RowStyle] = [""] * len(rows)
            if trains:  # mixed: the budget is the training run plus the service
                rows.append(
                    (
                        t("Total: training with margin + service period", "合计：训练（含余量）+ 服务期"),
                        units.money(service.mixed_total(o), o.cost.currency),
                    )
                )
                sstyles.append("strong" if not self.written_quote else "")
                if self.written_quote:
                    rows += self._quote_cost_rows()
                    sstyles += ["strong", *[PLAIN] * (len(rows) - len(sstyles) - 1)]
            else:
                sstyles[len(rows) - len(costs) + 1] = "" if self.written_quote else "strong"  # the service period
                if self.written_quote:
                    rows += self._quote_cost_rows()
                    sstyles += ["strong", *[PLAIN] * (len(rows) - len(sstyles) - 1)]
                rows.append((t("Price basis", "价格依据"), self._price_basis(o)))
                sstyles.append("")
            blocks += [
                Heading(t("Speed and cost of the service", "服务速度与费用")),
                KeyValues(rows, row_styles=sstyles),
            ]
        blocks.append(Heading(t("Main risks and advice", "主要风险与建议")))
        blocks.append(self._advice_bullets(o))
        notes = self.plan.notes
        if notes:
            blocks += [Heading(t("Notes", "备注")), Text(str(notes))]
        return Section(t("Summary", "方案摘要"), blocks)

    # ---- the constraints the search was given (Z6) ----

    def _constraint_rows(self, o: Option) -> list[tuple[str, str, RowStyle]]:
        c = self.plan.constraints
        b = self.budget
        rows: list[tuple[str, str, RowStyle]] = []
        if c.budget is not None:
            over = b.amount is not None and b.amount > c.budget
            rows.append(
                (
                    t("Budget cap", "预算上限"),
                    t(
                        "{cap}; this plan: {x}{w}",
                        "{cap}；本方案：{x}{w}",
                        cap=units.money(c.budget, self.currency),
                        x=b.text(),
                        w=t(" — OVER THE CAP", " —— 超出上限") if over else "",
                    ),
                    "critical" if over else "",
                )
            )
        if c.deadline_hours is not None:
            hours = o.time.hours
            late = hours is not None and hours > c.deadline_hours
            rows.append(
                (
                    t("Deadline", "期限"),
                    t(
                        "{d} of training; this plan: {h}{w}",
                        "训练 {d}；本方案：{h}{w}",
                        d=units.hours(c.deadline_hours),
                        h=units.hours(hours),
                        w=t(" — LATER THAN THE DEADLINE", " —— 超出期限") if late else "",
                    ),
                    "critical" if late else "",
                )
            )
        if c.providers:
            rows.append(
                (t("Providers", "服务商"), t(", ", "、").join(self._provider_name(p) or p for p in c.providers), "")
            )
        if c.region:
            rows.append((t("Region", "地域"), c.region, ""))
        if c.billing is not None:
            rows.append((t("Billing", "计费方式"), units.label("billing", c.billing), ""))
        names = {o.gpu: units.gpu_name(o), **{a.gpu: units.gpu_name(a) for a in self.alternatives}}
        if c.gpu_allow:
            rows.append(
                (t("Only these GPUs", "仅限 GPU"), t(", ", "、").join(names.get(g, g) for g in c.gpu_allow), "")
            )
        if c.gpu_exclude:
            rows.append(
                (t("Never these GPUs", "排除 GPU"), t(", ", "、").join(names.get(g, g) for g in c.gpu_exclude), "")
            )
        if c.max_gpus is not None:
            rows.append((t("Most GPUs", "GPU 数量上限"), str(c.max_gpus), ""))
        if rows or str(c.objective) != "cheapest":
            rows.insert(0, (t("Objective", "优化目标"), units.label("objective", c.objective), ""))
        return rows

    # ---- time and cost ----

    def _cost_rows(self, o: Option) -> tuple[list[tuple[str, str]], list[RowStyle]]:
        c = o.cost
        quoted = self.written_quote
        rows = [
            (t("Training time (clean run)", "训练时间（一次跑通）"), units.hours(o.time.hours)),
            (
                t("GPU-hours", "GPU 时"),
                units.unknown() if o.time.gpu_hours is None else units.number(o.time.gpu_hours, 0),
            ),
            (
                t("Compute cost (clean run)", "算力费用（一次跑通）"),
                t(
                    "{cost} at {price} per GPU-hour",
                    "{cost}（{price} / 卡·时）",
                    cost=units.money(c.compute_cost, c.currency),
                    price=units.price(c.price_per_gpu_hour, c.currency),
                ),
            ),
            (
                t("Engine estimate with trial-and-error margin", "引擎估算（含试错余量）")
                if quoted
                else t("Total budget with trial-and-error margin", "含试错余量的总预算"),
                t(
                    "{cost} (+{m} for tuning and re-runs)",
                    "{cost}（另加 {m} 用于调参和重跑）",
                    cost=units.money(c.with_trial_margin, c.currency),
                    m=units.percent(c.trial_margin),
                ),
            ),
        ]
        styles: list[RowStyle] = ["", "", "", "" if quoted else "strong"]
        if quoted:
            extra = self._quote_cost_rows()
            rows += extra
            styles += ["strong", *[PLAIN] * (len(extra) - 1)]
        rows.append((t("Price basis", "价格依据"), self._price_basis(o)))
        styles.append("")
        return rows, styles

    def _quote_cost_rows(self) -> list[tuple[str, str]]:
        """The selected quote's all-in as the budget: what it counts, what the quote does not state (Q1), why it
        differs from the engine's estimate (Q3), and the sensitivity (Q7)."""
        sel, b = self.selected_quote, self.budget
        if sel is None:
            return []
        from gpudesk.core.plan.comparison import item_label
        from gpudesk.core.plan.quote_cost import SENSITIVITY

        sep = t(", ", "、")
        counted = sep.join(
            item_label(k) for k in ("compute", "storage", "network", "fees", "subsidy", "tax") if k not in b.unstated
        )
        what = t(
            "{x} — the plan's budget (counted: {c}{u}; see the 比价 page)",
            "{x} —— 本方案预算（已计入：{c}{u}；见比价页）",
            x=units.money(sel.cost.all_in, self.currency),
            c=counted,
            u=(t("; ", "；") + b.unstated_text()) if b.unstated else "",
        )
        rows = [(t("All-in cost of the selected quote", "选定报价的总价"), what)]
        if b.notes:
            rows.append((t("Why it differs from the estimate", "与估算不同的原因"), " ".join(b.notes)))
        more = " · ".join(
            t("{p} longer: {x}", "再延长 {p}：{x}", p=units.percent(f - 1), x=units.money(v, self.currency))
            for f, v in sel.sensitivity.items()
            if f in SENSITIVITY
        )
        rows.append((t("If the job takes longer", "如果任务耗时更长"), more))
        return rows

    def _price_basis(self, o: Option) -> str:
        sel = self.selected_quote
        if sel is not None:
            q = sel.quote
            return t(
                "written quote {ref} of {p}, dated {d}",
                "{p}的书面报价 {ref}，日期 {d}",
                ref=q.reference or q.id,
                p=sel.provider_name,
                d=q.date or units.unknown(),
            )
        kind = units.label("price_kind", o.price_kind) if o.price_kind else t("unknown kind", "类型未知")
        date = o.price_date or t("date unknown", "日期未知")
        basis = f"{kind}, {date}" if self.lang == "en" else f"{kind}，{date}"
        return basis + t(" — budget estimate, no written quote yet", " —— 预算估算，尚无书面报价")
