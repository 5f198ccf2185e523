"""The one-page summary: the job in plain words, the recommended configuration (with the host to order), the
constraints it was found under, time and cost (the plan's budget figure), risks."""

from __future__ import annotations

from typing import Any

from gpudesk.core import units
from gpudesk.core.engine.architecture import model_name
from gpudesk.core.i18n import t
from gpudesk.core.models import Advice, Option
from gpudesk.core.plan.host import host_cpu, host_facts
from gpudesk.core.rules import same_configuration
from gpudesk.core.report.blocks import Bullets, Heading, KeyValues, RowStyle, Section, Style, Text
from gpudesk.core.report import service
from gpudesk.core.report.context import ReportContext


PLAIN: RowStyle = ""  # a row without emphasis


def _text(value: object) -> str | None:
    return value if isinstance(value, str) else None


class SummarySection(ReportContext):
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

    # ---- the configuration ----

    def _node_text(self, o: Option) -> str:
        """ "1 node × 8 GPUs — 8× H800 …"; a share of a larger server is said as such ("1 GPU of a shared 8-GPU
        server"), never a 1-GPU rental named after an 8-GPU box."""
        server = self.row("server", o.server)
        whole = getattr(server, "gpus_per_node", None) if server is not None else None
        name = self._server_name(server) if server is not None else None
        if whole and o.nodes <= 1 and o.gpus_per_node < whole:
            return t(
                "{g} GPU{s} of a shared {w}-GPU server ({name})",
                "共享 {w} 卡服务器中的 {g} 卡（{name}）",
                g=o.gpus_per_node,
                s="" if o.gpus_per_node == 1 else "s",
                w=whole,
                name=name,
            )
        text = t(
            "{n} node{ns} × {g} GPU{gs}",
            "{n} 个节点 × 每节点 {g} 卡",
            n=o.nodes,
            ns="" if o.nodes == 1 else "s",
            g=o.gpus_per_node,
            gs="" if o.gpus_per_node == 1 else "s",
        )
        return text + (f" — {name}" if name else "")

    def _server_name(self, server: Any) -> str:
        zh: str | None = getattr(server, "name_zh", None)
        name: str = server.name
        return (zh or name) if self.lang == "zh_CN" else name

    def _config_rows(self, o: Option) -> list[tuple[str, str]]:
        from gpudesk.core.engine.frameworks import model_states_of, profile_of

        network = (
            t("not needed (single node)", "不需要（单节点）") if o.nodes <= 1 else (o.network or t("unknown", "未知"))
        )
        lay = o.layout
        if self.job.task.trains:
            layout = t(
                "TP {tp} × PP {pp} × DP {dp}, ZeRO stage {z}, recompute: {rc}, offload: {off}",
                "张量并行 {tp} × 流水线并行 {pp} × 数据并行 {dp}，ZeRO {z}，重计算：{rc}，卸载：{off}",
                tp=lay.tp,
                pp=lay.pp,
                dp=lay.dp,
                z=lay.zero,
                rc=units.label("recompute", lay.recompute),
                off=units.label("offload", lay.offload),
            )
        else:
            layout = t(
                "TP {tp} × PP {pp} per model copy, {dp} cop{ies} serving in parallel",
                "每份模型张量并行 {tp} × 流水线并行 {pp}，{dp} 份副本并行服务",
                tp=lay.tp,
                pp=lay.pp,
                dp=lay.dp,
                ies="y" if lay.dp == 1 else "ies",
            )
        billing = o.cost.cheaper_billing or self.plan.constraints.billing
        provider = self._rent_from(o.provider) or t("not chosen (priced by the user)", "未指定（用户自定价格）")
        rows = [
            (t("GPU", "GPU 型号"), f"{units.gpu_name(o)} ({units.marketed(o.memory.gpu_capacity_bytes)})"),
            (t("GPU count", "GPU 数量"), str(o.gpus)),
            (t("Nodes", "节点"), self._node_text(o)),
            (t("GPU interconnect", "卡间互联"), o.interconnect or t("unknown", "未知")),
            (t("Network between nodes", "节点间网络"), network),
            *self._host_rows(o),
            (t("Provider and region", "供应商与地域"), provider + (f" / {o.region}" if o.region else "")),
            (t("Billing mode", "计费方式"), units.label("billing", billing) if billing else t("unknown", "未知")),
            (t("Parallel layout", "并行方式"), layout),
        ]
        if self.job.task.trains:
            per = o.memory.details.get("state_bytes_per_param")
            rows.append(
                (
                    t("Training framework", "训练框架"),
                    t(
                        "{f}; model states {m}: {b} B per trained parameter",
                        "{f}；模型状态为{m}：每个可训练参数 {b} 字节",
                        f=profile_of(self.job).label(),
                        m=units.label("model_states", model_states_of(self.job)),
                        b=f"{per:g}" if per is not None else units.unknown(),
                    ),
                )
            )
        rows += [
            (
                t("Memory per GPU", "单卡显存占用"),
                t(
                    "{need} of {usable} usable — {fits}",
                    "需要 {need}，可用 {usable} — {fits}",
                    need=units.memory(o.memory.per_gpu_bytes.total),
                    usable=units.memory(o.memory.usable_bytes),
                    fits=t("fits", "装得下") if o.memory.fits else t("DOES NOT FIT", "装不下"),
                ),
            ),
            (t("Tier", "档次"), self._tier_text(o)),
        ]
        return rows

    def _host_rows(self, o: Option) -> list[tuple[str, str]]:
        """What to order for each node's host: RAM (GiB, as DRAM is sold), local NVMe, CPU (Z3)."""
        h = host_facts(o)
        ram = (
            t(
                "{order} per node (the job needs ≥ {need})",
                "每节点 {order}（本任务至少需要 {need}）",
                order=units.host_ram(h.ram_order_bytes),
                need=units.host_ram(h.ram_need_bytes),
            )
            if h.ram_need_bytes
            else units.unknown()
        )
        if h.ram_server_bytes:
            ram += t("; the server type has {x}", "；该服务器型号配置 {x}", x=units.host_ram(h.ram_server_bytes))
        what = (
            t("data set, base weights and {k} checkpoints", "数据集、基础权重和 {k} 个检查点", k=h.checkpoints)
            if self.job.task.trains
            else t("the model's weights", "模型权重")
        )
        nvme = (
            t("≥ {x} per node ({what})", "每节点 ≥ {x}（{what}）", x=units.data_size(h.nvme_need_bytes), what=what)
            if h.nvme_need_bytes
            else units.unknown()
        )
        return [
            (t("Host RAM to order", "需订购的内存"), ram),
            (t("Local NVMe", "本地 NVMe"), nvme),
            (t("CPU", "CPU"), host_cpu(_text(o.host.get("cpu")))),
        ]

    def _tier_text(self, o: Option) -> str:
        """The guide's tier, described by this plan's own facts (the tier rule is core.search.tiers')."""
        link = o.interconnect.split(",")[0].split(" (")[0] if o.interconnect else t("unknown interconnect", "互联未知")
        where = (
            t("one {gpu}", "1 张 {gpu}", gpu=units.gpu_name(o))
            if o.gpus == 1
            else t(
                "{n}× {gpu} in one node ({link})",
                "单节点 {n} 张 {gpu}（{link}）",
                n=o.gpus,
                gpu=units.gpu_name(o),
                link=link,
            )
            if o.nodes <= 1
            else t(
                "{n}× {gpu} over {k} nodes ({net})",
                "{n} 张 {gpu}，分布在 {k} 个节点（{net}）",
                n=o.gpus,
                gpu=units.gpu_name(o),
                k=o.nodes,
                net=o.network or t("network unknown", "网络未知"),
            )
        )
        return t(
            "{tier} — {where}, for {task} of {model}",
            "{tier} — {where}，用于 {model} {task}",
            tier=units.label("tier", o.tier),
            where=where,
            task=units.label("task", self.job.task).lower()
            if self.lang == "en"
            else units.label("task", self.job.task),
            model=model_name(self.job.model),
        )

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
                t("unknown", "未知") if o.time.gpu_hours is None else units.number(o.time.gpu_hours, 0),
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
                d=q.date or t("unknown", "未知"),
            )
        kind = units.label("price_kind", o.price_kind) if o.price_kind else t("unknown kind", "类型未知")
        date = o.price_date or t("date unknown", "日期未知")
        basis = f"{kind}, {date}" if self.lang == "en" else f"{kind}，{date}"
        return basis + t(" — budget estimate, no written quote yet", " —— 预算估算，尚无书面报价")

    # ---- risks ----

    def _advice_bullets(self, o: Option) -> Bullets:
        order = {"critical": 0, "warning": 1, "info": 2}
        advice = sorted(self._localised_advice(o), key=lambda a: order.get(a.severity, 3))
        items: list[tuple[Style, str]] = [(a.severity, a.message) for a in advice]
        items += [("muted", n) for n in self._localised_notes(o)]
        if o.cost.price_per_gpu_hour is None and o.cost.price_per_gpu_month is None:
            items.insert(
                0,
                (
                    "warning",
                    t(
                        "No price is recorded for this configuration: get a written quote before approving.",
                        "该配置没有记录价格：批准前请取得书面报价。",
                    ),
                ),
            )
        if o.time.hours is None and self.job.task.trains and not self.job.tokens:
            items.insert(
                0,
                (
                    "warning",
                    t(
                        "The amount of training data (tokens) is not given, so training time and total "
                        "cost are unknown: enter it before asking for approval.",
                        "未填写训练数据量（token 数），训练时间和总费用无法估算：请补全后再提交审批。",
                    ),
                ),
            )
        if not o.memory.fits:
            items.insert(
                0,
                (
                    "critical",
                    t("The job does not fit in this configuration's GPU memory.", "该配置的显存装不下此任务。"),
                ),
            )
        items[0:0] = self._quote_risks()
        if not self.written_quote:  # the first risk a purchaser reads
            items.insert(
                0,
                (
                    "critical",
                    self._no_quote_text()
                    + t(" ", "")
                    + t(
                        "Get written quotes from at least three licensed providers and compare them all-in before approval.",
                        "审批前请向至少三家持牌服务商取得书面报价，并按总价比较。",
                    ),
                ),
            )
        if not items:
            items = [("ok", t("No risks were flagged for this configuration.", "该配置未发现需要提示的风险。"))]
        return Bullets(items)

    def _quote_risks(self) -> list[tuple[Style, str]]:
        """The selected quote's own flags, first: expired (Q2), items not stated (Q1), licence, ICP, fit."""
        sel = self.selected_quote
        if sel is None:
            return []
        out: list[tuple[Style, str]] = []
        head = t("Selected quote {q} ({p}): ", "选定报价 {q}（{p}）：", q=sel.quote.id, p=sel.provider_name)
        if "expired" in sel.flags:
            out.append(
                (
                    "critical",
                    t(
                        "The selected quote {q} of {p} expired on {d}: ask for a current quote before approval.",
                        "所选报价 {q}（{p}）已于 {d} 过期：审批前请重新询价。",
                        q=sel.quote.id,
                        p=sel.provider_name,
                        d=sel.quote.valid_until,
                    ),
                )
            )
        if self.budget.unstated:
            out.append(
                (
                    "warning",
                    head
                    + t(
                        "{u}: the all-in counts them as nothing; ask the provider before signing.",
                        "{u}：总价按零计；签字前请向服务商确认。",
                        u=self.budget.unstated_text(),
                    ),
                )
            )
        rest = [txt for f, txt in zip(sel.flags, sel.flag_texts(), strict=True) if f not in ("expired", "incomplete")]
        if rest:
            severe = "does-not-fit" in sel.flags
            out.append(("critical" if severe else "warning", head + t("; ", "；").join(rest) + t(".", "。")))
        return out

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
        return [
            a.model_copy(update={"message": wording.advice[a.id]}) if a.id in wording.advice else a for a in o.advice
        ]
