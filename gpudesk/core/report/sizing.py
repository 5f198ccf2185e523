"""Sizing: memory per GPU, the quick estimate beside the detailed one, smaller configurations, assumptions."""

from __future__ import annotations

import math
from typing import Any

from gpudesk.core import units
from gpudesk.core.i18n import t
from gpudesk.core.models import Option
from gpudesk.core.report.chart_data import memory_chart_data
from gpudesk.core.report.option_names import option_label
from gpudesk.core.report.blocks import Bullets, Heading, KeyValues, MemoryChart, RowStyle, Section, Style, Table, Text
from gpudesk.core.engine.formulas import flops_rule, quick_rule
from gpudesk.core.report import service
from gpudesk.core.report.context import ReportContext


class SizingSection(ReportContext):
    def _sizing(self) -> Section | None:
        o = self.choice
        if o is None:
            return None
        mem = o.memory
        per = mem.per_gpu_bytes
        total = per.total or 1
        rows: list[list[str]] = []
        styles: list[RowStyle] = []
        for key in ("weights", "gradients", "optimizer_states", "activations", "kv_cache", "overhead"):
            value = getattr(per, key)
            rows.append([units.label("component", key), units.memory(value, 2), units.percent(value / total, 1)])
            styles.append("")
        headroom_bytes = mem.gpu_capacity_bytes - mem.usable_bytes
        rows += [
            [t("Total per GPU", "单卡合计"), units.memory(per.total, 2), "100 %"],
            [
                t("Headroom kept free ({p})", "预留余量（{p}）", p=units.percent(mem.headroom)),
                units.memory(headroom_bytes, 2),
                "",
            ],
            [
                t("Usable per GPU", "单卡可用"),
                units.memory(mem.usable_bytes, 2),
                t(
                    "{p} used",
                    "已用 {p}",
                    p=units.percent(per.total / mem.usable_bytes if mem.usable_bytes else None, 0),
                ),
            ],
            [
                t("GPU capacity ({card} card)", "单卡显存（{card} 显卡）", card=units.marketed(mem.gpu_capacity_bytes)),
                units.memory(mem.gpu_capacity_bytes, 2),
                "",
            ],
        ]
        styles += ["strong", "muted", "ok" if mem.fits else "critical", ""]
        blocks: list[Any] = [
            Heading(t("Memory per GPU ({cfg})", "单卡显存构成（{cfg}）", cfg=option_label(o))),
            Table(
                [t("Component", "组成"), t("Per GPU", "每卡"), t("Share", "占比")],
                rows,
                widths=[0.5, 0.25, 0.25],
                align="lrr",
                row_styles=styles,
            ),
        ]
        chart = memory_chart_data(self.alternatives, o)
        if not chart.empty:
            blocks.append(
                MemoryChart(
                    chart,
                    t("Memory per GPU: chosen configuration and alternatives", "单卡显存：推荐配置与备选"),
                    {k: units.label("component", k) for k in chart.components},
                    t("GiB per GPU", "每卡 GiB"),
                    t("usable", "可用"),
                    t("GPU capacity", "单卡显存"),
                    t("headroom kept free", "预留余量"),
                    t("quick estimate ÷ {n}", "快速估算 ÷ {n}", n=chart.quick_estimate_gpus or ""),
                )
            )
            if chart.quick_hint:
                blocks.append(
                    Text(
                        t(
                            "Quick-estimate bar: {rule}, {hint}.",
                            "快速估算柱：{rule}，{hint}。",
                            rule=quick_rule(self.job),
                            hint=chart.quick_hint,
                        ),
                        "muted",
                    )
                )
        blocks += [
            Heading(t("Quick estimate beside the detailed one", "快速估算与详细估算对照")),
            self._quick_vs_detailed(o),
        ]
        blocks += [Heading(t("Why smaller configurations were rejected", "为何不选更小的配置")), self._rejected(o)]
        blocks += [
            Heading(t("Assumptions", "估算假设")),
            KeyValues(self._assumptions(o), label_width=0.5, pairs_per_row=2),
        ]
        return Section(t("Sizing", "容量测算"), blocks)

    def _quick_vs_detailed(self, o: Option) -> Table:
        mem = o.memory
        quick = mem.quick_estimate_bytes
        detailed_total = mem.per_gpu_bytes.total * o.gpus
        quick_gpus = math.ceil(quick / mem.usable_bytes) if quick and mem.usable_bytes else None
        rows = [
            [
                t("Guide's rule of thumb ({rule})", "指南经验法则（{rule}）", rule=quick_rule(self.job))
                if self.job.task.trains
                else t("Whole service ({rule})", "整个服务（{rule}）", rule=quick_rule(self.job)),
                units.memory(quick, 0),
                t("at least {n} × {gpu}", "至少 {n} 张 {gpu}", n=quick_gpus, gpu=units.gpu_name(o))
                if quick_gpus
                else units.unknown(),
            ],
            [
                t(
                    "Detailed estimate (ZeRO / activation formulas, this layout)",
                    "详细估算（ZeRO 与激活值公式，按此并行方式）",
                ),
                t(
                    "{per} per GPU × {n} = {tot}",
                    "每卡 {per} × {n} = {tot}",
                    per=units.memory(mem.per_gpu_bytes.total),
                    n=o.gpus,
                    tot=units.memory(detailed_total, 0),
                ),
                t("{n} × {gpu} chosen", "选用 {n} 张 {gpu}", n=o.gpus, gpu=units.gpu_name(o)),
            ],
        ]
        return Table(
            [t("Method", "方法"), t("Memory", "显存"), t("GPUs it implies", "对应 GPU 数")],
            rows,
            widths=[0.46, 0.3, 0.24],
            align="lrr",
        )

    def _rejected(self, o: Option) -> Any:
        """Smaller configurations and why they were not chosen: the plan's alternatives with less GPU
        memory in all (what the search found when the choice was made; nothing is evaluated here)."""
        items: list[tuple[Style, str]] = []
        seen = {(o.gpu, o.gpus)}
        total = o.gpus * o.memory.gpu_capacity_bytes  # "smaller": less GPU memory in all
        for alt in self.alternatives:
            if alt.gpus * alt.memory.gpu_capacity_bytes >= total or (alt.gpu, alt.gpus) in seen:
                continue
            seen.add((alt.gpu, alt.gpus))
            items.append(("critical" if not alt.memory.fits else "body", self._why_not(alt, o)))
            if len(items) >= 5:
                break
        if not items:
            items = [
                (
                    "muted",
                    t(
                        "None of the alternatives kept in this plan is smaller than the chosen configuration.",
                        "本方案保留的备选方案中没有比推荐配置更小的配置。",
                    ),
                )
            ]
        return Bullets(items)

    def _why_not(self, alt: Option, o: Option) -> str:
        label = option_label(alt)
        if not alt.memory.fits:
            return t(
                "{cfg}: needs {need} per GPU, only {usable} usable — does not fit.",
                "{cfg}：每卡需要 {need}，可用仅 {usable} —— 装不下。",
                cfg=label,
                need=units.memory(alt.memory.per_gpu_bytes.total),
                usable=units.memory(alt.memory.usable_bytes),
            )
        reasons = []
        if alt.time.hours and o.time.hours and alt.time.hours > o.time.hours * 1.05:
            reasons.append(t("slower: {h}", "更慢：{h}", h=units.hours(alt.time.hours)))
        ca, co = alt.cost.with_trial_margin, o.cost.with_trial_margin
        if ca is not None and co is not None and ca > co * 1.01:
            reasons.append(t("dearer: {c}", "更贵：{c}", c=units.money(ca, alt.cost.currency)))
        sep = "; " if self.lang == "en" else "；"
        if not reasons:
            # not slower, not dearer: a named or hand-picked choice, or a quote's. Say what it is better
            # at ("ranked lower" was printed for a 4× H800 both faster and cheaper than the choice)
            better = []
            if alt.time.hours and o.time.hours and alt.time.hours < o.time.hours * 0.95:
                better.append(t("faster: {h}", "更快：{h}", h=units.hours(alt.time.hours)))
            if ca is not None and co is not None and ca < co * 0.99:
                better.append(t("cheaper: {c}", "更便宜：{c}", c=units.money(ca, alt.cost.currency)))
            if better:
                return t(
                    "{cfg}: fits and is {what}; the plan keeps the configuration chosen for it.",
                    "{cfg}：装得下，且{what}；本方案保留了为其选定的配置。",
                    cfg=label,
                    what=sep.join(better),
                )
            reasons.append(t("ranked lower for this plan's objective", "按本方案的优化目标排名靠后"))
        return t("{cfg}: fits, but {why}.", "{cfg}：装得下，但{why}。", cfg=label, why=sep.join(reasons))

    def _assumptions(self, o: Option) -> list[tuple[str, str]]:
        job = self.job
        mem, tim = o.memory, o.time
        overhead = mem.per_gpu_bytes.overhead
        rows = [
            (t("Precision", "数值精度"), units.label("precision", job.precision)),
            (t("Optimizer", "优化器"), units.label("optimizer", job.optimizer)),
            (t("Sequence length, micro-batch", "序列长度、微批次"), f"{job.seq_len}, {o.layout.micro_batch}"),
            (t("Training tokens", "训练数据量"), units.tokens(job.tokens)),
            (
                t("Model FLOPs utilisation (MFU)", "算力利用率（MFU）"),
                units.percent(tim.mfu)
                + (
                    t(" (set by the user)", "（用户设定）")
                    if job.mfu
                    else t(" (default for this GPU class)", "（该类 GPU 默认值）")
                ),
            ),
            (t("Multi-GPU scaling efficiency", "多卡扩展效率"), units.percent(tim.scaling_efficiency)),
            (
                t("Peak throughput per GPU", "单卡峰值算力"),
                units.unknown() if tim.peak_tflops is None else f"{tim.peak_tflops:,.0f} TFLOPS",
            ),
            (t("Memory headroom kept free", "显存预留余量"), units.percent(mem.headroom)),
            (t("CUDA context and overhead per GPU", "单卡 CUDA 上下文等开销"), units.memory(overhead, 1)),
            (t("Trial-and-error margin", "试错余量"), units.percent(o.cost.trial_margin)),
            (
                t("Training compute", "训练计算量"),
                t(
                    "{rule} = {f} FLOPs",
                    "{rule} = {f} FLOPs",
                    rule=flops_rule(job),
                    f=units.scientific(tim.training_flops),
                ),
            ),
        ]
        if job is not None and not job.task.trains:  # serving: no training fields; what the service assumes instead
            drop = {
                t("Optimizer", "优化器"),
                t("Training tokens", "训练数据量"),
                t("Training compute", "训练计算量"),
                t("Multi-GPU scaling efficiency", "多卡扩展效率"),
                t("Trial-and-error margin", "试错余量"),
                t("Model FLOPs utilisation (MFU)", "算力利用率（MFU）"),
                t("Sequence length, micro-batch", "序列长度、微批次"),
            }
            rows = [r for r in rows if r[0] not in drop]
        if o.serving is not None:
            rows += service.assumption_rows(o.serving, job)
        from gpudesk.core.engine.architecture import model_notes

        shape = model_notes(job.model)  # e.g. a bare parameter count: the layers and widths are guesses (P7)
        if shape:
            rows.append((t("Model shape", "模型结构"), t("; ", "；").join(shape)))
        return rows

    # ---- alternatives ----
