"""Everything the printed plan shows, assembled from the plan, the checklist and the catalogue (no Qt).

`build_report(plan, lang)` returns a `ReportData`: a cover, then sections made of simple blocks
(headings, text, tables, key-value lists, charts, the sign-off block). Every figure and every
sentence is decided here, in the chosen language; `gpudesk.report` only lays the blocks out on A4
pages and draws them, so the PDF, the print preview and any other view can never disagree.
Chart series come from `gpudesk.core.chart_data`, the same numbers the app's charts draw.

Output is deterministic for the same plan: the only moving part is the generation date, which the
caller may pass in.
"""

from __future__ import annotations

import datetime as _dt
import math
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any, Literal

from gpudesk.core.chart_data import (
    GIB,
    BillingLines,
    CostChartData,
    MemoryChartData,
    cost_chart_data,
    memory_chart_data,
    option_label,
    same_configuration,
)
from gpudesk.core.i18n import normalise, t, use_language
from gpudesk.core.models import Option

Style = Literal["body", "lead", "small", "muted", "info", "warning", "critical", "ok", "strong"]
RowStyle = Literal["", "info", "warning", "critical", "ok", "muted", "strong", "chosen", "open", "group"]


# --- blocks ----------------------------------------------------------------------------------


@dataclass
class Heading:
    text: str
    level: int = 2


@dataclass
class Text:
    text: str
    style: Style = "body"


@dataclass
class Bullets:
    items: list[tuple[Style, str]]


@dataclass
class Table:
    columns: list[str]
    rows: list[list[str]]
    widths: list[float] | None = None  # relative column widths
    align: str | None = None  # one letter per column: l, r, c
    row_styles: list[RowStyle] | None = None
    header: bool = True
    title_columns: tuple[int, ...] = ()  # columns whose first line is a title (drawn bold)


@dataclass
class KeyValues:
    """A two-column label/value table without a header."""

    rows: list[tuple[str, str]]
    row_styles: list[RowStyle] | None = None
    label_width: float = 0.34
    pairs_per_row: int = 1  # 2: two label/value pairs side by side (row_styles then ignored)


@dataclass
class MemoryChart:
    data: MemoryChartData
    title: str
    component_labels: dict[str, str]
    axis_label: str
    usable_label: str
    capacity_label: str
    headroom_label: str = ""
    quick_label: str = ""  # the guide's quick estimate bar, spread over the chosen GPU count


@dataclass
class ParetoChart:
    data: CostChartData
    title: str
    x_label: str
    y_label: str
    option_label: str
    front_label: str
    chosen_label: str


@dataclass
class BillingChart:
    data: BillingLines
    title: str
    x_label: str
    y_label: str
    hourly_label: str
    monthly_label: str
    break_even_label: str
    job_label: str


@dataclass
class SignRole:
    role: str
    name: str = ""


@dataclass
class SignOff:
    title: str
    statement: str
    roles: list[SignRole]
    name_label: str
    position_label: str
    date_label: str
    signature_label: str
    decisions: list[str] = field(default_factory=list)  # ticked by the approver


@dataclass
class PageBreak:
    pass


Block = Heading | Text | Bullets | Table | KeyValues | MemoryChart | ParetoChart | BillingChart | SignOff | PageBreak


@dataclass
class Section:
    title: str
    blocks: list[Any]
    new_page: bool = True


@dataclass
class ReportData:
    lang: str
    title: str  # the plan's title (cover, header, PDF metadata)
    subtitle: str
    cover_rows: list[tuple[str, str]]
    cover_summary: list[tuple[str, str]]
    sections: list[Section]
    header_right: str  # organisation, else the product name
    footer_left: str  # "Generated 2026-12-02 · plan 1a2b3c4d"
    page_format: str  # "Page {n} of {N}"
    generated: str  # ISO date
    plan_hash: str
    subject: str  # PDF metadata
    keywords: list[str] = field(default_factory=list)


# --- formatting (the report's wording of figures) -------------------------------------------


def _num(x: float, digits: int = 1) -> str:
    return f"{x:,.{digits}f}"


def fmt_gib(n_bytes: float | None, digits: int = 1) -> str:
    return t("unknown", "未知") if n_bytes is None else f"{n_bytes / GIB:,.{digits}f} GiB"


def fmt_money(amount: float | None, currency: str = "CNY") -> str:
    if amount is None:
        return t("unknown", "未知")
    symbol = "¥" if currency == "CNY" else currency + " "
    return f"{symbol}{amount:,.0f}"


def fmt_price(amount: float | None, currency: str = "CNY") -> str:
    if amount is None:
        return t("unknown", "未知")
    symbol = "¥" if currency == "CNY" else currency + " "
    return f"{symbol}{amount:,.2f}"


def fmt_hours(hours: float | None) -> str:
    if hours is None:
        return t("unknown", "未知")
    days = hours / 24.0
    if hours < 48:
        return t("{h} h", "{h} 小时", h=_num(hours))
    return t("{h} h (≈ {d} days)", "{h} 小时（约 {d} 天）", h=_num(hours, 0), d=_num(days))


def fmt_pct(x: float | None, digits: int = 0) -> str:
    return t("unknown", "未知") if x is None else f"{x * 100:.{digits}f} %"


def fmt_params(n: float | None) -> str:
    if not n:
        return t("unknown", "未知")
    if n >= 1e9:
        return t("{x} B parameters", "{x}B 参数", x=f"{n / 1e9:.2f}")
    return t("{x} M parameters", "{x}M 参数", x=f"{n / 1e6:.1f}")


def fmt_tokens(n: float | None) -> str:
    if not n:
        return t("not given", "未填写")
    if n >= 1e9:
        return t("{x} billion tokens", "{x}B tokens", x=f"{n / 1e9:.2f}")
    return t("{x} million tokens", "{x}M tokens", x=f"{n / 1e6:.1f}")


def _unknown(value: Any) -> str:
    if value is None or value == "" or value == []:
        return t("unknown (not recorded)", "未知（未记录）")
    if isinstance(value, bool):
        return t("yes", "是") if value else t("no", "否")
    if isinstance(value, list | tuple):
        return ", ".join(str(v) for v in value)
    return str(value)


def _enum(value: Any) -> str:
    return str(getattr(value, "value", value))


_PRECISION = {"fp32": ("FP32 (single precision)", "FP32（单精度）"),
              "bf16": ("BF16 mixed precision", "BF16 混合精度"),
              "fp16": ("FP16 mixed precision with loss scaling", "FP16 混合精度（损失缩放）"),
              "fp8": ("FP8 mixed precision", "FP8 混合精度")}
_OPTIMIZER = {"adamw": ("AdamW", "AdamW"), "adamw-8bit": ("8-bit AdamW", "8 位 AdamW"),
              "sgd": ("SGD with momentum", "带动量 SGD"), "adafactor": ("Adafactor", "Adafactor")}
_TASK = {"pretrain": ("Pre-training", "预训练"), "full": ("Full-parameter training", "全参数训练"),
         "lora": ("LoRA fine-tuning", "LoRA 微调"), "qlora": ("QLoRA fine-tuning", "QLoRA 微调"),
         "inference": ("Inference serving", "推理服务"), "mixed": ("Training with concurrent serving", "训练 + 并发推理")}
_RECOMPUTE = {"none": ("none", "不重计算"), "selective": ("selective", "选择性重计算"), "full": ("full", "完全重计算")}
_OFFLOAD = {"none": ("none", "无"), "optimizer": ("optimizer states to CPU", "优化器状态卸载到 CPU"),
            "optimizer+params": ("optimizer states and weights to CPU", "优化器状态和权重卸载到 CPU")}
_BILLING = {"hourly": ("hourly (pay as you go)", "按小时计费"), "monthly": ("monthly", "包月"),
            "daily": ("daily", "按天"), "yearly": ("yearly", "包年"), "reserved": ("reserved", "预留"),
            "spot": ("spot", "竞价")}
_BILLING_SHORT = {"hourly": ("hourly", "按小时"), "monthly": ("monthly", "包月")}
_PRICE_KIND = {"quoted": ("quoted by the provider", "供应商报价"), "list": ("list price", "公开标价"),
               "estimate": ("estimate", "估算价")}
_COMPONENTS = {"weights": ("Weights", "权重"), "gradients": ("Gradients", "梯度"),
               "optimizer_states": ("Optimizer states", "优化器状态"), "activations": ("Activations", "激活值"),
               "kv_cache": ("KV cache", "KV 缓存"), "overhead": ("CUDA context and overhead", "CUDA 上下文等开销")}
_STATUS = {"open": ("open", "待检查"), "pass": ("passed", "通过"), "passed": ("passed", "通过"),
           "ok": ("passed", "通过"), "done": ("passed", "通过"), "fail": ("failed", "未通过"),
           "failed": ("failed", "未通过"), "waived": ("waived", "已豁免"), "n/a": ("n/a", "不适用"),
           "na": ("n/a", "不适用"), "skipped": ("not applicable", "不适用")}
_PHASE = {"due_diligence": ("Provider due diligence", "服务商尽职调查"), "delivery": ("Delivery acceptance", "交付验收"),
          "operations": ("During training", "训练期间"), "end_of_rental": ("End of rental", "租用结束")}


def _word(table: dict[str, tuple[str, str]], value: Any) -> str:
    key = _enum(value)
    pair = table.get(key)
    return t(*pair) if pair else (key if key not in (None, "None") else t("unknown", "未知"))


def _phase_label(phase: str) -> str:
    try:
        from gpudesk.core.checklist import phase_label

        return phase_label(phase)
    except ImportError:
        return _word(_PHASE, phase)


def _status_label(status: str) -> str:
    key = {"pass": "pass", "passed": "pass", "fail": "fail", "failed": "fail", "open": "open",
           "n/a": "n/a", "na": "n/a", "waived": "waived"}.get(status.lower(), status)
    return _word(_STATUS, key).upper() if key == "fail" else _word(_STATUS, key)


def _tier_label(tier: Any) -> str:
    try:
        from gpudesk.core.tiers import TIER_PRESETS

        preset = TIER_PRESETS.get(tier)
        if preset is not None:
            return f"{preset.label()} — {preset.use()}"
    except ImportError:  # tiers not available: the bare value still says it
        pass
    return _enum(tier)


# --- access to the plan (tolerant: plan files evolve, old ones lack new fields) --------------


def _get(obj: Any, *names: str, default: Any = None) -> Any:
    for name in names:
        value = getattr(obj, name, None)
        if value is None and isinstance(obj, dict):
            value = obj.get(name)
        if value is not None:
            return value
    return default


def _date_text(value: Any) -> str:
    if value is None or value == "":
        return t("unknown", "未知")
    if isinstance(value, _dt.datetime):
        return value.strftime("%Y-%m-%d %H:%M")
    if isinstance(value, _dt.date):
        return value.isoformat()
    return str(value)[:16].replace("T", " ")


def _plan_hash(plan: Any) -> str:
    try:
        from gpudesk.core.plan import plan_hash

        return str(plan_hash(plan))
    except (ImportError, AttributeError, TypeError):
        import hashlib
        import json

        dump = plan.model_dump(mode="json") if hasattr(plan, "model_dump") else plan
        return hashlib.sha256(json.dumps(dump, sort_keys=True, default=str).encode()).hexdigest()


def _catalog():
    try:
        from gpudesk.catalog import open_catalog

        return open_catalog()
    except Exception:  # noqa: BLE001 - the report still prints without the catalogue: facts show as unknown
        return None


def _lookup(catalog: Any, kind: str, ident: str | None) -> Any:
    if catalog is None or not ident:
        return None
    try:
        return getattr(catalog, kind)(ident)
    except Exception:  # noqa: BLE001 - an entry the catalogue no longer has: shown as unknown
        return None


def _row(snapshot: Any) -> Any:
    """A catalogue row copied into the plan (a dict) as an object with attributes."""
    if snapshot is None or not isinstance(snapshot, dict):
        return snapshot
    return SimpleNamespace(**snapshot)


def _checklist_items(plan: Any) -> list[Any] | None:
    try:
        from gpudesk.core.checklist import tailor
    except ImportError:
        return None
    return list(tailor(plan))


# --- the builder -----------------------------------------------------------------------------


def build_report(plan: Any, lang: str | None = None, *, generated: _dt.date | None = None,
                 catalog: Any = None) -> ReportData:
    """The printed plan's contents for `plan` in `lang` ("zh_CN" or "en"; None: the current language)."""
    with use_language(normalise(lang) if lang else None) as language:
        return _Builder(plan, language, generated or _dt.date.today(), catalog).build()


class _Builder:
    def __init__(self, plan: Any, lang: str, generated: _dt.date, catalog: Any) -> None:
        self.plan = plan
        self.lang = lang
        self.generated = generated.isoformat()
        self.catalog = catalog if catalog is not None else _catalog()
        self.job = _get(plan, "job")
        self.choice: Option | None = _get(plan, "choice")
        self.alternatives: list[Option] = list(_get(plan, "alternatives", default=[]) or [])
        self.hash = _plan_hash(plan)
        self.currency = self.choice.cost.currency if self.choice else _get(self.job, "currency", default="CNY")
        self.hardware = _get(plan, "hardware")

    def row(self, kind: str, ident: str | None) -> Any:
        """The plan's own copy of a catalogue row when it is the one asked for, else the live catalogue."""
        snap = _row(_get(self.hardware, kind)) if self.hardware is not None else None
        if snap is not None and getattr(snap, "id", None) == ident:
            return snap
        return _lookup(self.catalog, kind, ident)

    # ---- cover ----
    def build(self) -> ReportData:
        plan, choice = self.plan, self.choice
        title = _get(plan, "title") or t("GPU server rental plan", "GPU 服务器租用方案")
        organisation = _get(plan, "organisation", "organization") or ""
        cover_rows = [
            (t("Organisation", "单位"), organisation or t("not given", "未填写")),
            (t("Prepared by", "编制人"), _get(plan, "author") or t("not given", "未填写")),
            (t("Plan date", "方案日期"), _date_text(_get(plan, "modified", "created"))),
            (t("Plan version", "方案版本"), str(_get(plan, "version", default="1"))),
            (t("Plan fingerprint", "方案指纹"), self.hash[:16]),
            (t("Catalogue date", "目录数据日期"), self._catalog_date()),
            (t("Generated", "生成日期"), self.generated),
        ]
        cover_summary: list[tuple[str, str]] = []
        if choice is not None:
            cover_summary = [
                (t("Recommended", "推荐配置"), self._config_text(choice)),
                (t("Training time", "训练时间"), fmt_hours(choice.time.hours)),
                (t("Budget incl. margin", "预算（含试错余量）"), fmt_money(choice.cost.with_trial_margin, self.currency)),
            ]
        sections = [self._summary(), self._sizing(), self._alternatives(), self._provider(), self._checklist()]
        return ReportData(
            lang=self.lang,
            title=title,
            subtitle=t("GPU server rental plan for approval", "GPU 服务器租用方案（审批用）"),
            cover_rows=cover_rows,
            cover_summary=cover_summary,
            sections=[s for s in sections if s is not None],
            header_right=organisation or "gpudesk",
            footer_left=t("Generated {d} · plan {h}", "生成于 {d} · 方案 {h}", d=self.generated, h=self.hash[:8]),
            page_format=t("Page {n} of {N}", "第 {n} 页 / 共 {N} 页"),
            generated=self.generated,
            plan_hash=self.hash,
            subject=t("GPU rental plan for management sign-off", "GPU 租用方案审批文件"),
            keywords=["gpudesk", self.hash[:16]],
        )

    def _catalog_date(self) -> str:
        date = _get(_get(self.plan, "catalog"), "catalog_date") if not isinstance(_get(self.plan, "catalog"), str) else None
        date = date or _get(self.plan, "catalog_date")
        if date is None and self.catalog is not None:
            date = _get(getattr(self.catalog, "meta", None), "catalog_date")
        return _date_text(date) if date else t("unknown", "未知")

    def _config_text(self, o: Option) -> str:
        where = self._provider_name(o.provider)
        text = t("{n}× {gpu}", "{n} 张 {gpu}", n=o.gpus, gpu=o.gpu_name or o.gpu)
        if where:
            text += t(" at {p}", "，{p}", p=where)
            if o.region:
                text += f" ({o.region})" if self.lang == "en" else f"（{o.region}）"
        return text

    def _provider_name(self, provider_id: str | None) -> str:
        if not provider_id:
            return ""
        p = self.row("provider", provider_id)
        if p is None:
            return provider_id
        if self.lang == "zh_CN":
            return p.name_zh or p.name_en or provider_id
        return p.name_en or p.name_zh or provider_id

    # ---- one-page summary ----
    def _job_sentence(self) -> str:
        job = self.job
        if job is None:
            return t("No job is described in this plan.", "本方案未描述训练任务。")
        model = job.model
        choice = self.choice
        params = None
        if choice is not None:
            params = choice.memory.details.get("params_total") if choice.memory.details else None
        params = params or model.params_hint
        if params is None:
            try:
                from gpudesk.core.architecture import count_params

                params = count_params(model).total
            except Exception:  # noqa: BLE001 - the count is a nicety in this sentence
                params = None
        if not job.task.trains:
            return t("{task} of {model} ({params}) in {prec}: {n} sequences in flight, {ctx} tokens each.",
                     "{task}：模型 {model}（{params}），{prec}，并发 {n} 个序列，每个 {ctx} token。",
                     task=_word(_TASK, job.task), model=model.name, params=fmt_params(params),
                     prec=_word(_PRECISION, job.precision), n=job.concurrency, ctx=job.serving_context or job.seq_len)
        over = (t(", over {tokens}", "，训练数据量 {tokens}", tokens=fmt_tokens(job.tokens)) if job.tokens
                else t("; the amount of training data is not given", "；未填写训练数据量"))
        return t(
            "{task} of {model} ({params}) in {prec} with the {opt} optimizer, sequence length {seq}, "
            "micro-batch {mb} × gradient accumulation {ga}{over}.",
            "{task}：模型 {model}（{params}），{prec}，优化器 {opt}，序列长度 {seq}，"
            "微批次 {mb} × 梯度累积 {ga}{over}。", over=over,
            task=_word(_TASK, job.task), model=model.name, params=fmt_params(params),
            prec=_word(_PRECISION, job.precision), opt=_word(_OPTIMIZER, job.optimizer), seq=job.seq_len,
            mb=job.micro_batch, ga=job.grad_accum,
        )

    def _summary(self) -> Section:
        o = self.choice
        blocks: list[Any] = [Heading(t("The job", "训练任务")), Text(self._job_sentence(), "lead")]
        if o is None:
            blocks.append(Text(t("No configuration has been chosen yet: this plan cannot be approved as it stands.",
                                 "尚未选定配置：本方案目前不能审批。"), "critical"))
            return Section(t("Summary", "方案摘要"), blocks)
        blocks += [Heading(t("Recommended configuration", "推荐配置")), KeyValues(self._config_rows(o))]
        blocks += [Heading(t("Time and cost", "时间与费用")), KeyValues(self._cost_rows(o), row_styles=["", "", "", "strong", ""])]
        blocks.append(Heading(t("Main risks and advice", "主要风险与建议")))
        blocks.append(self._advice_bullets(o))
        notes = _get(self.plan, "notes")
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
        layout = t("TP {tp} × PP {pp} × DP {dp}, ZeRO stage {z}, recompute: {rc}, offload: {off}",
                   "张量并行 {tp} × 流水线并行 {pp} × 数据并行 {dp}，ZeRO {z}，重计算：{rc}，卸载：{off}",
                   tp=lay.tp, pp=lay.pp, dp=lay.dp, z=lay.zero, rc=_word(_RECOMPUTE, lay.recompute),
                   off=_word(_OFFLOAD, lay.offload))
        billing = o.cost.cheaper_billing or _get(_get(self.plan, "constraints"), "billing")
        provider = self._provider_name(o.provider) or t("not chosen (priced by the user)", "未指定（用户自定价格）")
        return [
            (t("GPU", "GPU 型号"), f"{o.gpu_name or o.gpu} ({fmt_gib(o.memory.gpu_capacity_bytes)})"),
            (t("GPU count", "GPU 数量"), str(o.gpus)),
            (t("Nodes", "节点"), node),
            (t("GPU interconnect", "卡间互联"), o.interconnect or t("unknown", "未知")),
            (t("Network between nodes", "节点间网络"), network),
            (t("Provider and region", "供应商与地域"), provider + (f" / {o.region}" if o.region else "")),
            (t("Billing mode", "计费方式"), _word(_BILLING, billing) if billing else t("unknown", "未知")),
            (t("Parallel layout", "并行方式"), layout),
            (t("Memory per GPU", "单卡显存占用"),
             t("{need} of {usable} usable — {fits}", "需要 {need}，可用 {usable} — {fits}",
               need=fmt_gib(o.memory.per_gpu_bytes.total), usable=fmt_gib(o.memory.usable_bytes),
               fits=t("fits", "装得下") if o.memory.fits else t("DOES NOT FIT", "装不下"))),
            (t("Tier", "档次"), _tier_label(o.tier)),
        ]

    def _cost_rows(self, o: Option) -> list[tuple[str, str]]:
        c = o.cost
        return [
            (t("Training time (clean run)", "训练时间（一次跑通）"), fmt_hours(o.time.hours)),
            (t("GPU-hours", "GPU 时"), t("unknown", "未知") if o.time.gpu_hours is None else _num(o.time.gpu_hours, 0)),
            (t("Compute cost (clean run)", "算力费用（一次跑通）"),
             t("{cost} at {price} per GPU-hour", "{cost}（{price} / 卡·时）",
               cost=fmt_money(c.compute_cost, c.currency), price=fmt_price(c.price_per_gpu_hour, c.currency))),
            (t("Total budget with trial-and-error margin", "含试错余量的总预算"),
             t("{cost} (+{m} for tuning and re-runs)", "{cost}（另加 {m} 用于调参和重跑）",
               cost=fmt_money(c.with_trial_margin, c.currency), m=fmt_pct(c.trial_margin))),
            (t("Price basis", "价格依据"), self._price_basis(o)),
        ]

    def _price_basis(self, o: Option) -> str:
        kind = _word(_PRICE_KIND, o.price_kind) if o.price_kind else t("unknown kind", "类型未知")
        date = o.price_date or t("date unknown", "日期未知")
        return f"{kind}, {date}" if self.lang == "en" else f"{kind}，{date}"

    def _advice_bullets(self, o: Option) -> Bullets:
        order = {"critical": 0, "warning": 1, "info": 2}
        advice = sorted(self._localised_advice(o), key=lambda a: order.get(a.severity, 3))
        items: list[tuple[Style, str]] = [(a.severity, a.message) for a in advice]  # type: ignore[misc]
        items += [("muted", n) for n in self._localised_notes(o)]
        if o.cost.price_per_gpu_hour is None and o.cost.price_per_gpu_month is None:
            items.insert(0, ("warning", t("No price is recorded for this configuration: get a written quote before approving.",
                                          "该配置没有记录价格：批准前请取得书面报价。")))
        if o.time.hours is None and self.job is not None and self.job.task.trains and not self.job.tokens:
            items.insert(0, ("warning", t("The amount of training data (tokens) is not given, so training time and total "
                                          "cost are unknown: enter it before asking for approval.",
                                          "未填写训练数据量（token 数），训练时间和总费用无法估算：请补全后再提交审批。")))
        if not o.memory.fits:
            items.insert(0, ("critical", t("The job does not fit in this configuration's GPU memory.",
                                           "该配置的显存装不下此任务。")))
        if not items:
            items = [("ok", t("No risks were flagged for this configuration.", "该配置未发现需要提示的风险。"))]
        return Bullets(items)

    def _localised_notes(self, o: Option) -> list[str]:
        """The option's notes; when they were written in the other language, the engine's notes for
        the same configuration re-evaluated in the report's language (kept as stored if that fails)."""
        def chinese(text: str) -> bool:
            return any("\u4e00" <= ch <= "\u9fff" for ch in text)

        if not o.notes or all(chinese(n) == (self.lang == "zh_CN") for n in o.notes):
            return list(o.notes)
        try:
            from gpudesk.core.recommend import evaluate

            again = evaluate(self.job, self.catalog, o.gpu, o.gpus, o.offer)
        except Exception:  # noqa: BLE001 - the stored notes are right, only in the other language
            return list(o.notes)
        if same_configuration(again, o) and len(again.notes) == len(o.notes):
            return list(again.notes)
        return list(o.notes)

    def _localised_advice(self, o: Option) -> list[Any]:
        """The option's advice, its messages re-worded in the report's language from the same figures."""
        try:
            from gpudesk.core import advice as rules

            gpu = _get(self.hardware, "gpu")
            if gpu is None or getattr(gpu, "id", None) != o.gpu:
                gpu = _lookup(self.catalog, "gpu", o.gpu)
            server = self.row("server", o.server)
            ctx = rules.AdviceContext(
                job=self.job, gpu=gpu, gpus=o.gpus, nodes=o.nodes, gpus_per_node=o.gpus_per_node, layout=o.layout,
                memory=o.memory, time=o.time, cost=o.cost, server=server, offer=self.row("offer", o.offer),
                topology=getattr(server, "topology", None) or "pcie",
                network=getattr(server, "network", None) if o.nodes > 1 else None, host=dict(o.host))
            fresh = {a.id: a for a in rules.advise(ctx)} if gpu is not None else {}
        except Exception:  # noqa: BLE001 - the stored wording is still right, only maybe in the other language
            fresh = {}
        return [fresh.get(a.id, a) for a in o.advice]

    # ---- sizing ----
    def _sizing(self) -> Section | None:
        o = self.choice
        if o is None:
            return None
        mem = o.memory
        per = mem.per_gpu_bytes
        total = per.total or 1
        rows, styles = [], []
        for key in ("weights", "gradients", "optimizer_states", "activations", "kv_cache", "overhead"):
            value = getattr(per, key)
            rows.append([_word(_COMPONENTS, key), fmt_gib(value, 2), fmt_pct(value / total, 1)])
            styles.append("")
        headroom_bytes = mem.gpu_capacity_bytes - mem.usable_bytes
        rows += [
            [t("Total per GPU", "单卡合计"), fmt_gib(per.total, 2), "100 %"],
            [t("Headroom kept free ({p})", "预留余量（{p}）", p=fmt_pct(mem.headroom)), fmt_gib(headroom_bytes, 2), ""],
            [t("Usable per GPU", "单卡可用"), fmt_gib(mem.usable_bytes, 2), t("{p} used", "已用 {p}", p=fmt_pct(per.total / mem.usable_bytes if mem.usable_bytes else None, 0))],
            [t("GPU capacity", "单卡显存"), fmt_gib(mem.gpu_capacity_bytes, 2), ""],
        ]
        styles += ["strong", "muted", "ok" if mem.fits else "critical", ""]
        blocks: list[Any] = [
            Heading(t("Memory per GPU ({cfg})", "单卡显存构成（{cfg}）", cfg=option_label(o))),
            Table([t("Component", "组成"), t("Per GPU", "每卡"), t("Share", "占比")], rows,
                  widths=[0.5, 0.25, 0.25], align="lrr", row_styles=styles),
        ]
        chart = memory_chart_data(self.alternatives, o)
        if not chart.empty:
            blocks.append(MemoryChart(
                chart, t("Memory per GPU: chosen configuration and alternatives", "单卡显存：推荐配置与备选"),
                {k: _word(_COMPONENTS, k) for k in chart.components}, t("GiB per GPU", "每卡 GiB"),
                t("usable", "可用"), t("GPU capacity", "单卡显存"), t("headroom kept free", "预留余量"),
                t("quick estimate ÷ {n}", "快速估算 ÷ {n}", n=chart.quick_estimate_gpus or "")))
        blocks += [Heading(t("Quick estimate beside the detailed one", "快速估算与详细估算对照")), self._quick_vs_detailed(o)]
        blocks += [Heading(t("Why smaller configurations were rejected", "为何不选更小的配置")), self._rejected(o)]
        blocks += [Heading(t("Assumptions", "估算假设")), KeyValues(self._assumptions(o), label_width=0.5, pairs_per_row=2)]
        return Section(t("Sizing", "容量测算"), blocks)

    def _quick_vs_detailed(self, o: Option) -> Table:
        mem = o.memory
        quick = mem.quick_estimate_bytes
        detailed_total = mem.per_gpu_bytes.total * o.gpus
        quick_gpus = math.ceil(quick / mem.usable_bytes) if quick and mem.usable_bytes else None
        rows = [
            [t("Guide's rule of thumb (≈ 20 bytes per parameter{fp})", "指南经验法则（每参数约 20 字节{fp}）",
               fp=t(", doubled in FP32", "，FP32 翻倍") if _enum(_get(self.job, "precision")) == "fp32" else ""),
             fmt_gib(quick, 0),
             t("at least {n} × {gpu}", "至少 {n} 张 {gpu}", n=quick_gpus, gpu=o.gpu_name or o.gpu) if quick_gpus else t("unknown", "未知")],
            [t("Detailed estimate (ZeRO / activation formulas, this layout)", "详细估算（ZeRO 与激活值公式，按此并行方式）"),
             t("{per} per GPU × {n} = {tot}", "每卡 {per} × {n} = {tot}", per=fmt_gib(mem.per_gpu_bytes.total), n=o.gpus,
               tot=fmt_gib(detailed_total, 0)),
             t("{n} × {gpu} chosen", "选用 {n} 张 {gpu}", n=o.gpus, gpu=o.gpu_name or o.gpu)],
        ]
        return Table([t("Method", "方法"), t("Memory", "显存"), t("GPUs it implies", "对应 GPU 数")], rows,
                     widths=[0.46, 0.3, 0.24], align="lrr")

    def _rejected(self, o: Option) -> Any:
        """Smaller configurations and why they do not serve: half the chosen GPUs re-checked by the
        engine, then the plan's alternatives with less GPU memory in all."""
        items: list[tuple[Style, str]] = []
        seen = {(o.gpu, o.gpus)}
        total = o.gpus * o.memory.gpu_capacity_bytes  # "smaller": less GPU memory in all
        smaller = [a for a in self.alternatives if a.gpus * a.memory.gpu_capacity_bytes < total]
        for alt in [*self._half_the_gpus(o), *smaller]:
            if (alt.gpu, alt.gpus) in seen:
                continue
            seen.add((alt.gpu, alt.gpus))
            items.append(("critical" if not alt.memory.fits else "body", self._why_not(alt, o)))
            if len(items) >= 5:
                break
        if not items:
            items = [("muted", t("No smaller configuration was considered: the chosen one is the smallest that fits.",
                                 "没有更小的可行配置：推荐配置已是装得下的最小配置。"))]
        return Bullets(items)

    def _why_not(self, alt: Option, o: Option) -> str:
        label = option_label(alt)
        if not alt.memory.fits:
            return t("{cfg}: needs {need} per GPU, only {usable} usable — does not fit.",
                     "{cfg}：每卡需要 {need}，可用仅 {usable} —— 装不下。",
                     cfg=label, need=fmt_gib(alt.memory.per_gpu_bytes.total), usable=fmt_gib(alt.memory.usable_bytes))
        reasons = []
        if alt.time.hours and o.time.hours and alt.time.hours > o.time.hours * 1.05:
            reasons.append(t("slower: {h}", "更慢：{h}", h=fmt_hours(alt.time.hours)))
        ca, co = alt.cost.with_trial_margin, o.cost.with_trial_margin
        if ca is not None and co is not None and ca > co * 1.01:
            reasons.append(t("dearer: {c}", "更贵：{c}", c=fmt_money(ca, alt.cost.currency)))
        if not reasons:
            reasons.append(t("ranked lower for this plan's objective", "按本方案的优化目标排名靠后"))
        sep = "; " if self.lang == "en" else "；"
        return t("{cfg}: fits, but {why}.", "{cfg}：装得下，但{why}。", cfg=label, why=sep.join(reasons))

    def _half_the_gpus(self, o: Option) -> list[Option]:
        """The chosen GPU model with half as many GPUs, evaluated by the engine (nothing if it cannot be)."""
        if o.gpus < 2 or self.job is None or self.catalog is None:
            return []
        try:
            from gpudesk.core.recommend import evaluate
        except ImportError:
            return []
        for offer in (o.offer, None) if o.offer else (None,):
            try:
                return [evaluate(self.job, self.catalog, o.gpu, o.gpus // 2, offer)]
            except Exception:  # noqa: BLE001, S112 - offer or GPU gone from the catalogue, no valid split: try without
                continue
        return []

    def _assumptions(self, o: Option) -> list[tuple[str, str]]:
        job = self.job
        mem, tim = o.memory, o.time
        overhead = mem.per_gpu_bytes.overhead
        rows = [
            (t("Precision", "数值精度"), _word(_PRECISION, job.precision)),
            (t("Optimizer", "优化器"), _word(_OPTIMIZER, job.optimizer)),
            (t("Sequence length, micro-batch", "序列长度、微批次"), f"{job.seq_len}, {o.layout.micro_batch}"),
            (t("Training tokens", "训练数据量"), fmt_tokens(job.tokens)),
            (t("Model FLOPs utilisation (MFU)", "算力利用率（MFU）"),
             fmt_pct(tim.mfu) + (t(" (set by the user)", "（用户设定）") if job.mfu else t(" (default for this GPU class)", "（该类 GPU 默认值）"))),
            (t("Multi-GPU scaling efficiency", "多卡扩展效率"), fmt_pct(tim.scaling_efficiency)),
            (t("Peak throughput per GPU", "单卡峰值算力"),
             t("unknown", "未知") if tim.peak_tflops is None else f"{tim.peak_tflops:,.0f} TFLOPS"),
            (t("Memory headroom kept free", "显存预留余量"), fmt_pct(mem.headroom)),
            (t("CUDA context and overhead per GPU", "单卡 CUDA 上下文等开销"), fmt_gib(overhead, 1)),
            (t("Trial-and-error margin", "试错余量"), fmt_pct(o.cost.trial_margin)),
            (t("Training compute", "训练计算量"),
             t("6 × parameters × tokens = {f} FLOPs", "6 × 参数量 × token 数 = {f} FLOPs",
               f=t("unknown", "未知") if tim.training_flops is None else f"{tim.training_flops:.3g}")),
        ]
        if job is not None and not job.task.trains:  # serving: no optimizer, no training data, no training FLOPs
            drop = {t("Optimizer", "优化器"), t("Training tokens", "训练数据量"), t("Training compute", "训练计算量")}
            rows = [r for r in rows if r[0] not in drop]
        return rows

    # ---- alternatives ----
    def _alternatives(self) -> Section | None:
        o = self.choice
        options = list(self.alternatives)
        if o is not None and not any(same_configuration(a, o) for a in options):
            options.insert(0, o)
        if not options:
            return None
        rows, styles = [], []
        for a in options[:10]:
            chosen = same_configuration(a, o)
            rows.append([
                str(a.rank or "—"),
                option_label(a) + ("  ✔" if chosen else ""),
                self._provider_name(a.provider) + (f" / {a.region}" if a.region else "") or "—",
                fmt_hours(a.time.hours),
                fmt_money(a.cost.compute_cost, a.cost.currency),
                fmt_money(a.cost.with_trial_margin, a.cost.currency),
                _word(_TIER_SHORT, a.tier) + (" · P" if a.pareto else ""),
            ])
            styles.append("chosen" if chosen else ("critical" if not a.memory.fits else ""))
        blocks: list[Any] = [
            Heading(t("Top options side by side", "主要备选方案对比")),
            Table([t("Rank", "排名"), t("Configuration", "配置"), t("Provider / region", "供应商 / 地域"),
                   t("Time", "时间"), t("Cost", "费用"), t("With margin", "含余量"), t("Tier", "档次")],
                  rows, widths=[0.06, 0.2, 0.18, 0.2, 0.11, 0.11, 0.14], align="clllrrl", row_styles=styles),
            Text(t("✔ = recommended; P = on the time–cost Pareto front (no other option is both faster and cheaper).",
                   "✔ = 推荐配置；P = 位于时间–费用帕累托前沿（没有别的方案既更快又更便宜）。"), "muted"),
        ]
        costs = cost_chart_data(options, o)
        if not costs.empty:
            blocks.append(ParetoChart(
                costs, t("Training time vs cost (clean run)", "训练时间与费用（一次跑通）"),
                t("training time (days)", "训练时间（天）"), t("cost ({c})", "费用（{c}）", c=costs.currency),
                t("option", "备选方案"), t("Pareto front", "帕累托前沿"), t("recommended", "推荐")))
        blocks += [Heading(t("Hourly vs monthly billing", "按小时与包月计费对比")), self._billing_table(options[:8], o)]
        if costs.billing is not None and costs.billing.monthly_cost is not None:
            blocks.append(BillingChart(
                costs.billing, t("One month's rental of {cfg}", "{cfg} 一个月的租金", cfg=costs.billing.label),
                t("hours used in the month", "当月使用小时数"), t("cost ({c})", "费用（{c}）", c=costs.currency),
                t("hourly", "按小时"), t("monthly", "包月"), t("break-even", "盈亏平衡点"), t("this job", "本任务")))
        return Section(t("Alternatives", "备选方案"), blocks)

    def _billing_table(self, options: list[Option], o: Option | None) -> Any:
        rows, styles = [], []
        for a in options:
            c = a.cost
            rows.append([
                option_label(a),
                fmt_price(c.price_per_gpu_hour, c.currency),
                fmt_price(c.price_per_gpu_month, c.currency) if c.price_per_gpu_month is not None else t("not offered", "未提供"),
                fmt_money(c.compute_cost, c.currency),
                fmt_money(c.monthly_cost, c.currency) if c.monthly_cost is not None else "—",
                t("unknown", "未知") if c.break_even_hours is None else t("{h} h/month", "{h} 小时/月", h=_num(c.break_even_hours, 0)),
                _word(_BILLING_SHORT, c.cheaper_billing) if c.cheaper_billing else "—",
            ])
            styles.append("chosen" if same_configuration(a, o) else "")
        if not rows:
            return Text(t("No priced options.", "没有带价格的方案。"), "muted")
        return Table([t("Configuration", "配置"), t("Per GPU-hour", "每卡·时"), t("Per GPU-month", "每卡·月"),
                      t("Job, hourly", "本任务按时"), t("Job, monthly", "本任务包月"), t("Break-even", "盈亏平衡"),
                      t("Cheaper", "更省")], rows, widths=[0.19, 0.12, 0.13, 0.14, 0.14, 0.14, 0.14],
                     align="lrrrrrl", row_styles=styles)

    # ---- provider ----
    def _provider(self) -> Section | None:
        o = self.choice
        if o is None:
            return None
        blocks: list[Any] = []
        p = self.row("provider", o.provider)
        offer = self.row("offer", o.offer)
        if o.provider is None:
            blocks.append(Text(t("No provider is named in this plan: the price was entered by the user. "
                                 "Check the provider's facts below before signing.",
                                 "本方案未指定供应商，价格由用户填写。签字前请核实供应商资质。"), "warning"))
        blocks.append(Heading(t("Provider facts as recorded in the catalogue", "目录中记录的供应商信息")))
        name = self._provider_name(o.provider) or t("not named", "未指定")
        rows: list[tuple[str, str]] = [(t("Provider", "供应商"), name)]
        fields: list[tuple[str, str, str]] = [
            ("licence_number", "Value-added telecom licence (增值电信业务经营许可证)", "增值电信业务经营许可证"),
            ("licence_scope", "Licence scope", "许可范围"),
            ("icp_filing", "ICP filing", "ICP 备案"),
            ("certifications", "Certifications", "资质认证"),
            ("regions", "Regions", "地域"),
            ("data_centres", "Data centres", "数据中心"),
            ("self_operated", "Self-operated data centres", "自营机房"),
            ("support_7x24", "7×24 on-site operations", "7×24 驻场运维"),
            ("spare_parts", "Spare-parts pool", "备件池"),
            ("billing_modes", "Billing modes", "计费方式"),
            ("data_destruction", "Data destruction at end of rental", "租用结束数据销毁"),
            ("registered_capital", "Registered capital", "注册资本"),
            ("founded", "Founded", "成立年份"),
            ("notes", "SLA and other terms as recorded", "SLA 及其他条款（按记录）"),
            ("source", "Source", "信息来源"),
            ("checked", "Checked on", "核实日期"),
        ]
        styles: list[RowStyle] = [""]
        for attr, en, zh in fields:
            value = getattr(p, attr, None) if p is not None else None
            if attr == "billing_modes" and value:
                value = ", ".join(_word(_BILLING, v) for v in value) if self.lang == "en" else "、".join(_word(_BILLING, v) for v in value)
            rows.append((t(en, zh), _unknown(value)))
            styles.append("warning" if attr in ("licence_number", "support_7x24", "notes") and value in (None, "", []) else "")
        blocks.append(KeyValues(rows, row_styles=styles))
        blocks.append(Heading(t("The offer priced in this plan", "本方案采用的报价")))
        c = o.cost
        offer_rows = [
            (t("Offer", "报价条目"), o.offer or t("none (price entered by the user)", "无（用户自填价格）")),
            (t("Region", "地域"), _unknown(o.region)),
            (t("Price per GPU-hour", "每卡·时价格"), fmt_price(c.price_per_gpu_hour, c.currency)),
            (t("Price per GPU-month", "每卡·月价格"), fmt_price(c.price_per_gpu_month, c.currency)),
            (t("Price kind", "价格类型"), _word(_PRICE_KIND, o.price_kind) if o.price_kind else t("unknown", "未知")),
            (t("Price date", "价格日期"), _unknown(o.price_date)),
            (t("Billing offered", "可选计费方式"), _unknown([_word(_BILLING, b) for b in getattr(offer, "billing", [])] or None)),
            (t("Price source", "价格来源"), _unknown(getattr(offer, "source", None))),
            (t("Offer notes", "报价备注"), _unknown(getattr(offer, "notes", None))),
        ]
        kind_style: RowStyle = "warning" if o.price_kind in (None, "estimate") else ""
        blocks.append(KeyValues(offer_rows, row_styles=["", "", "", "", kind_style, kind_style, "", "", ""]))
        blocks.append(Text(t("Catalogue entries record what providers state; they are not endorsements. Verify the "
                             "licence number in the MIIT licence query system and get SLA compensation terms in writing.",
                             "目录条目只记录供应商自述信息，不构成推荐。请在工信部许可证查询系统核实许可证编号，"
                             "并以书面形式确认 SLA 赔付条款。"), "muted"))
        return Section(t("Provider", "供应商"), blocks)

    # ---- checklist and sign-off ----
    def _checklist(self) -> Section:
        blocks: list[Any] = []
        items = _checklist_items(self.plan)
        if items is None:
            blocks.append(Text(t("The acceptance checklist is not available in this build.",
                                 "此版本无法生成验收清单。"), "warning"))
        else:
            phases: list[str] = []
            for item in items:
                if _get(item, "phase", default="") not in phases:
                    phases.append(_get(item, "phase", default=""))
            # grouped by phase in template order; inside a phase, items that do not apply come last
            items = sorted(items, key=lambda i: (phases.index(_get(i, "phase", default="")),
                                                 _get(i, "applicable", default=True) is False))
            counts: dict[str, int] = {}
            for item in items:
                counts[self._status_key(item)] = counts.get(self._status_key(item), 0) + 1
            summary = t("{n} items: {p} passed, {o} open, {f} failed, {w} waived or not applicable.",
                        "共 {n} 项：通过 {p} 项，待检查 {o} 项，未通过 {f} 项，豁免或不适用 {w} 项。",
                        n=len(items), p=counts.get("pass", 0), o=counts.get("open", 0), f=counts.get("fail", 0),
                        w=counts.get("waived", 0))
            blocks.append(Text(summary, "critical" if counts.get("fail") else ("warning" if counts.get("open") else "ok")))
            rows, styles = [], []
            phase = None
            for n, item in enumerate(items, 1):
                if _get(item, "phase", default="") != phase:
                    phase = _get(item, "phase", default="")
                    rows.append([_phase_label(phase), "", "", "", ""])
                    styles.append("group")
                key = self._status_key(item)
                title = str(_get(item, "title", default=_get(item, "id", default="")))
                criterion = _get(item, "criterion")
                what = title + (f"\n{criterion}" if criterion else "")
                evidence = "\n".join(str(x) for x in (_get(item, "evidence"), _get(item, "notes"), _get(item, "waiver_reason")) if x)
                who = "\n".join(str(x) for x in (_get(item, "checked_by"), _date_text(_get(item, "checked_at")) if _get(item, "checked_at") else None) if x)
                rows.append([str(n), what, _status_label(_enum(_get(item, "status", default="open"))), evidence or "—", who or "—"])
                styles.append({"fail": "critical", "open": "open", "pass": "ok"}.get(key, "muted"))
            blocks.append(Table([t("#", "序号"), t("Item and pass criterion", "检查项与通过标准"),
                                 t("Status", "状态"), t("Evidence / notes", "证据 / 备注"), t("Checked by", "检查人")],
                                rows, widths=[0.06, 0.49, 0.1, 0.21, 0.14], align="clcll", row_styles=styles,
                                title_columns=(1,)))
        blocks.append(PageBreak())
        blocks.append(self._signoff())
        return Section(t("Acceptance checklist", "验收检查清单"), blocks)

    @staticmethod
    def _status_key(item: Any) -> str:
        status = _enum(_get(item, "status", default="open")).lower()
        if status in ("pass", "passed", "ok", "done"):
            return "pass"
        if status in ("fail", "failed"):
            return "fail"
        if status in ("open", "todo", "pending", ""):
            return "open"
        return "waived"

    def _signoff(self) -> SignOff:
        o = self.choice
        if o is not None:
            statement = t(
                "By signing, the reviewers confirm the sizing above and the approver authorises renting {cfg} "
                "for about {h}, within a budget of {cost} including the {m} trial-and-error margin, "
                "subject to the open checklist items being closed before payment.",
                "签字即表示：审核人确认上述容量测算，批准人同意租用 {cfg}，预计 {h}，预算不超过 {cost}"
                "（含 {m} 试错余量）；付款前须关闭清单中的待检查项。",
                cfg=self._config_text(o), h=fmt_hours(o.time.hours), cost=fmt_money(o.cost.with_trial_margin, o.cost.currency),
                m=fmt_pct(o.cost.trial_margin))
        else:
            statement = t("No configuration is chosen: do not approve.", "未选定配置：请勿批准。")
        return SignOff(
            title=t("Sign-off", "审批签字"),
            statement=statement,
            roles=[SignRole(t("Prepared by", "编制"), _get(self.plan, "author") or ""),
                   SignRole(t("Reviewed by", "审核"), ""),
                   SignRole(t("Approved by", "批准"), "")],
            name_label=t("Name", "姓名"), position_label=t("Position", "职务"),
            date_label=t("Date", "日期"), signature_label=t("Signature", "签名"),
            decisions=[t("Approved", "批准"), t("Approved with conditions", "有条件批准"), t("Not approved", "不批准")],
        )


_TIER_SHORT = {"entry": ("Entry", "入门级"), "advanced": ("Advanced", "进阶档"),
               "flagship": ("Flagship", "旗舰级"), "multi-node": ("Multi-node", "跨节点")}

