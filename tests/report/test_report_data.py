"""build_report: what the document says, in each language, from the plan's own figures (no Qt)."""

from __future__ import annotations

import datetime as dt

from gpudesk.core.i18n import use_language
from gpudesk.core.report.blocks import BillingChart, Bullets, KeyValues, MemoryChart, ParetoChart, SignOff, Table
from gpudesk.core.report.report_data import build_report
from gpudesk.core import units

DAY = dt.date(2026, 12, 2)


def _blocks(data, kind):
    return [b for s in data.sections for b in s.blocks if isinstance(b, kind)]


def _all_text(data) -> str:
    out = [data.title, data.subtitle, *[f"{a} {b}" for a, b in data.cover_rows + data.cover_summary]]
    for s in data.sections:
        out.append(s.title)
        for b in s.blocks:
            if isinstance(b, Table):
                out += [" ".join(b.columns)] + [" ".join(r) for r in b.rows]
            elif isinstance(b, KeyValues):
                out += [f"{a} {v}" for a, v in b.rows]
            elif isinstance(b, Bullets):
                out += [t for _, t in b.items]
            elif isinstance(b, SignOff):
                out += [b.title, b.statement, *[r.role for r in b.roles]]
            elif hasattr(b, "text"):
                out.append(b.text)
    return "\n".join(out)


def test_sections_in_order_and_languages(plan):
    en = build_report(plan, "en", generated=DAY)
    zh = build_report(plan, "zh_CN", generated=DAY)
    assert [s.title for s in en.sections] == [
        "Summary",
        "Sizing",
        "Alternatives",
        "Quotes and comparison (比价)",
        "Provider",
        "Acceptance checklist",
    ]
    assert [s.title for s in zh.sections] == [
        "方案摘要",
        "容量测算",
        "备选方案",
        "报价与比价",
        "供应商",
        "验收检查清单",
    ]
    assert en.page_format.format(n=2, N=7) == "Page 2 of 7"
    assert zh.page_format.format(n=2, N=7) == "第 2 页 / 共 7 页"
    assert en.generated == "2026-12-02" and "2026-12-02" in en.footer_left


def test_key_figures_come_from_the_plan(plan):
    o = plan.choice
    text = _all_text(build_report(plan, "en", generated=DAY))
    # 8× A100 at ¥12/GPU-h: 6·N·D / (8 · 312 TFLOPS · 0.45 · 0.93) = 215 h, ¥20,643 clean, ×1.3 = ¥26,836
    assert round(o.time.hours) == 215
    assert "¥20,643" in text and "¥26,836" in text and units.money(o.cost.with_trial_margin) == "¥26,836"
    assert "A100 SXM 80GB" in text and "8× A100 SXM 80GB" in text
    assert "215 h (≈ 9.0 days)" in text
    assert "+30 %" in text  # the guide's trial-and-error margin
    assert "Flagship" in text  # the tier
    assert "豫B2-20261089" in text  # the provider's licence as recorded in the plan
    assert "2026-11-20" in text and "quoted by the provider" in text  # price date and kind


def test_unknown_provider_facts_say_unknown(plan):
    data = build_report(plan, "en", generated=DAY)
    provider = next(s for s in data.sections if s.title == "Provider")
    rows = dict(next(b for b in provider.blocks if isinstance(b, KeyValues)).rows)
    assert rows["ICP filing"] == "unknown (not recorded)"
    assert rows["Founded"] == "2003"
    assert rows["Self-operated data centres"] == "yes"


def test_memory_table_and_quick_estimate(plan):
    o = plan.choice
    data = build_report(plan, "en", generated=DAY)
    sizing = next(s for s in data.sections if s.title == "Sizing")
    memory = next(b for b in sizing.blocks if isinstance(b, Table))
    rows = {r[0]: r[1] for r in memory.rows}
    # ZeRO-3 over 8: weights 2Ψ/8 = 2·6,738,415,616/8 B = 1.57 GiB; optimizer 12Ψ/8 = 9.41 GiB
    assert rows["Weights"] == "1.57 GiB" and rows["Optimizer states"] == "9.41 GiB"
    assert rows["Total per GPU"] == units.memory(o.memory.per_gpu_bytes.total, 2) == "31.55 GiB"
    quick = [b for b in sizing.blocks if isinstance(b, Table)][1]
    # 20 B/param · 6.74e9 = 134.8e9 B = 125.5 GiB -> 126 GiB; 72 GiB usable per A100 -> at least 2 GPUs
    assert quick.rows[0][1] == "126 GiB" and quick.rows[0][2] == "at least 2 × A100 SXM 80GB"
    assert quick.rows[1][1] == "31.6 GiB per GPU × 8 = 252 GiB"


def test_charts_reuse_chart_data(plan):
    data = build_report(plan, "en", generated=DAY)
    mem = _blocks(data, MemoryChart)[0]
    assert mem.data.bars[0].chosen and mem.data.bars[0].label == "8× A100 SXM 80GB"
    pareto = _blocks(data, ParetoChart)[0]
    assert sum(p.chosen for p in pareto.data.points) == 1
    billing = _blocks(data, BillingChart)[0]
    assert billing.data.monthly_cost == 6000.0 * 8  # ¥6,000 per GPU-month × 8 GPUs


def test_checklist_rows_stand_out(plan):
    data = build_report(plan, "en", generated=DAY)
    section = next(s for s in data.sections if s.title == "Acceptance checklist")
    table = next(b for b in section.blocks if isinstance(b, Table))
    by_status = {}
    for row, style in zip(table.rows, table.row_styles, strict=True):
        by_status.setdefault(row[2], set()).add(style)
    assert by_status["FAILED"] == {"critical"}
    assert by_status["open"] == {"open"}
    assert by_status["passed"] == {"ok"}
    assert by_status["n/a"] == {"muted"}
    failed = next(r for r, s in zip(table.rows, table.row_styles, strict=True) if s == "critical")
    assert "GPU 4–7 show PIX instead of NV12" in failed[3] and "Li Wei" in failed[4]
    groups = [r[0] for r, s in zip(table.rows, table.row_styles, strict=True) if s == "group"]
    assert groups == [
        "Provider due diligence and contract/SLA",
        "Delivery acceptance",
        "During training",
        "End of rental",
    ]
    numbers = [int(r[0]) for r, s in zip(table.rows, table.row_styles, strict=True) if s != "group"]
    assert numbers == list(range(1, len(numbers) + 1))


def test_signoff_block(plan):
    en = build_report(plan, "en", generated=DAY)
    zh = build_report(plan, "zh_CN", generated=DAY)
    s_en, s_zh = _blocks(en, SignOff)[0], _blocks(zh, SignOff)[0]
    assert [r.role for r in s_en.roles] == ["Prepared by", "Reviewed by", "Approved by"]
    assert s_en.roles[0].name == "张三"
    assert s_zh.title == "审批签字" and "批准" in [r.role for r in s_zh.roles] and s_zh.signature_label == "签名"
    assert "¥26,836" in s_en.statement


def test_language_is_restored_and_deterministic(plan):
    with use_language("en"):
        a = build_report(plan, "zh_CN", generated=DAY)
        b = build_report(plan, "zh_CN", generated=DAY)
        from gpudesk.core.i18n import current_language

        assert current_language() == "en"
    assert _all_text(a) == _all_text(b)


def test_plan_without_choice_says_so(plan):
    plan.choice = None
    data = build_report(plan, "en", generated=DAY)
    assert "cannot be approved" in _all_text(data)
    assert "do not approve" in _blocks(data, SignOff)[0].statement


def test_job_in_plain_words(plan):
    en = build_report(plan, "en", generated=DAY).sections[0].blocks[1].text
    zh = build_report(plan, "zh_CN", generated=DAY).sections[0].blocks[1].text
    assert en.startswith("Full-parameter training of Llama-2-7B (6.74 B parameters) in BF16 mixed precision")
    assert en.endswith("over 20.00 billion tokens.")
    assert zh.startswith("全参数训练：模型 Llama-2-7B（6.74B 参数），BF16 混合精度") and zh.endswith(
        "训练数据量 200 亿个 token。"
    )
    # P4: the batch as the engine ran it: 8 replicas × 8 micro-batches × 2 × 4096 = 524,288 tokens per step
    assert "global batch 524,288 tokens per step (8 micro-batches of 2 × 4096 tokens on each of 8" in en
    assert "全局批次每步 524,288 个 token" in zh and "梯度累积 1" not in zh
    plan.job.tokens = None
    data = build_report(plan, "en", generated=DAY)
    assert data.sections[0].blocks[1].text.endswith("the amount of training data is not given.")


def test_smaller_configuration_that_does_not_fit(plan):
    from report_samples import option

    # 2× L40S: 16 B/param · 6.74e9 / 2 = 50.2 GiB of states + 60 GiB activations + 1 GiB > 43.2 GiB usable
    plan.alternatives.append(option("l40s", 2, rank=7, activations_gib=60.0))
    data = build_report(plan, "en", generated=DAY)
    sizing = next(s for s in data.sections if s.title == "Sizing")
    bullets = next(b for b in sizing.blocks if isinstance(b, Bullets))
    style, text = next((st, tx) for st, tx in bullets.items if tx.startswith("2× L40S 48GB"))
    assert style == "critical"
    assert text == "2× L40S 48GB: needs 111.2 GiB per GPU, only 43.2 GiB usable — does not fit."


def test_serving_job_in_plain_words(plan):
    from gpudesk.core.models import TaskKind

    plan.job.task = TaskKind.INFERENCE
    plan.job.concurrency = 16
    data = build_report(plan, "en", generated=DAY)
    assert data.sections[0].blocks[1].text == (
        "Inference serving of Llama-2-7B (6.74 B parameters): 16 users in flight, 4096 tokens of context each, "
        "in BF16 mixed precision."
    )
    sizing = next(s for s in data.sections if s.title == "Sizing")
    assumptions = dict(next(b for b in sizing.blocks if isinstance(b, KeyValues)).rows)
    assert "Optimizer" not in assumptions and "Training tokens" not in assumptions


def test_advice_and_notes_are_worded_in_the_readers_language_from_their_ids(plan):
    """The report re-derives nothing: the choice's advice and notes are ids with parameters, worded in the
    reader's language; one an older plan stored as text only prints that text (in the reader's language
    where the plan had it)."""
    from gpudesk.core.messages import label, note
    from gpudesk.core.models import Advice

    plan.choice.advice = [
        Advice(id="rack-power", severity="warning", params={"g": 8, "kw": 10.24}),
        Advice(id="retired-rule", severity="info", params=None, text={"": "As stored.", "zh_CN": "原样保存。"}),
    ]
    plan.choice.notes = [note("no-offer"), note("layout-changes-job", r=label("recompute", "full"), mb=2)]

    def risks(lang):
        summary = build_report(plan, lang, generated=DAY).sections[0]
        return [text for _, text in next(b for b in summary.blocks if isinstance(b, Bullets)).items]

    # the first risk: no written quote on file (the plan is a budget estimate)
    assert risks("zh_CN")[0].startswith("预算估算，尚无书面报价。审批前")
    assert risks("en")[0].startswith("Budget estimate, no written quote yet. Get written quotes")
    assert risks("zh_CN")[1:] == [
        "每个 8 卡节点功耗约 10.2 kW：请与机房确认机柜电力配额与散热。",
        "原样保存。",
        "目录中无此显卡的报价：价格未知，排在有报价的方案之后。",
        "布局调整了任务：完全重计算，微批次 2（梯度累积保持全局批次不变）。",
    ]
    assert risks("en")[1:] == [
        "Each 8-GPU node draws about 10.2 kW: confirm the rack's power quota and cooling with the data centre.",
        "As stored.",
        "Nobody in the catalogue offers this GPU: price unknown, ranked after priced options.",
        "Layout changes the job: recompute full, micro-batch 2 (gradient accumulation keeps the global batch).",
    ]


def test_smaller_configurations_come_only_from_the_stored_alternatives(plan):
    """Nothing is evaluated at print time: without a smaller alternative in the plan the report says so."""
    plan.alternatives = [
        a
        for a in plan.alternatives
        if a.gpus * a.memory.gpu_capacity_bytes >= plan.choice.gpus * plan.choice.memory.gpu_capacity_bytes
    ]
    sizing = next(s for s in build_report(plan, "en", generated=DAY).sections if s.title == "Sizing")
    bullets = [b for b in sizing.blocks if isinstance(b, Bullets)][-1]
    assert [text for _, text in bullets.items] == [
        "None of the alternatives kept in this plan is smaller than the chosen configuration."
    ]


def test_the_host_cpu_and_the_alternatives_read_as_the_reader_reads(plan):
    """Seen in the zh PDF: "CPU 2× AMD EPYC 7742 (64 cores each)" in English on the summary (the checklist
    said 每颗 64 核), and two alternatives rows that read the same."""
    from report_samples import option

    plan.choice.host = {**(plan.choice.host or {}), "cpu": "2× AMD EPYC 7742 (64 cores each)"}
    twin = plan.alternatives[3].model_copy(update={"offer": "another-offer-same-price", "rank": 7})
    plan.alternatives = [*plan.alternatives, twin, option("a100-sxm-80gb", 8, rank=8)]  # the last reads as the choice
    zh = build_report(plan, "zh_CN", generated=DAY)
    summary = next(b for b in _blocks(zh, KeyValues) if any(k == "CPU" for k, _ in b.rows))
    assert dict(summary.rows)["CPU"] == "2× AMD EPYC 7742（每颗 64 核）"
    table = next(b for b in _blocks(zh, Table) if b.columns[0] == "排名")
    configs = [(r[1], r[2], r[4]) for r in table.rows]
    assert len(configs) == len(set(configs)) == 6  # the choice and the five distinct alternatives
    en = build_report(plan, "en", generated=DAY)
    summary = next(b for b in _blocks(en, KeyValues) if any(k == "CPU" for k, _ in b.rows))
    assert dict(summary.rows)["CPU"] == "2× AMD EPYC 7742 (64 cores each)"


def test_a_smaller_option_that_is_faster_and_cheaper_is_not_said_to_rank_lower(plan):
    """Seen in the PDF of a plan made with --gpu a100-sxm-80gb --gpus 8: "4× H800 80GB SXM: fits, but
    ranked lower for this plan's objective" — the H800 was the search's first option, faster and cheaper."""
    o = plan.choice
    small = plan.alternatives[3]  # 4× A100 80GB: half the GPU memory in all
    assert small.gpus * small.memory.gpu_capacity_bytes < o.gpus * o.memory.gpu_capacity_bytes
    small.time = small.time.model_copy(update={"hours": o.time.hours / 2})  # 107.5 h against 215 h
    small.cost = small.cost.model_copy(update={"with_trial_margin": o.cost.with_trial_margin * 0.8})
    plan.alternatives = [small]
    text = _all_text(build_report(plan, "en", generated=DAY))
    line = next(x for x in text.splitlines() if x.startswith("4× A100"))
    assert "ranked lower" not in line
    assert "faster: 108 h" in line and "cheaper: " + units.money(o.cost.with_trial_margin * 0.8) in line, line
    zh = _all_text(build_report(plan, "zh_CN", generated=DAY))
    line = next(x for x in zh.splitlines() if x.startswith("4× A100"))
    assert "更快" in line and "更便宜" in line and "排名靠后" not in line, line


def test_a_domestic_card_is_named_in_the_reader_language(plan):
    """The PDF printed the option's English name: 昇腾 read "Huawei Ascend 910B4" in the zh document."""
    plan.choice = plan.choice.model_copy(update={"gpu_name": "Huawei Ascend 910B4", "gpu_name_zh": "华为昇腾 910B4"})
    zh = _all_text(build_report(plan, "zh_CN", generated=DAY))
    assert "华为昇腾 910B4" in zh and "Huawei Ascend" not in zh
    en = _all_text(build_report(plan, "en", generated=DAY))
    assert "Huawei Ascend 910B4" in en and "华为昇腾" not in en


def test_building_the_report_evaluates_nothing(plan, monkeypatch):
    """Issue 16: the report shows the plan; no search, evaluation or estimate runs at print time, even
    with the catalogue at hand (any call would raise here)."""
    import importlib

    from gpudesk.catalog import open_catalog

    # the modules themselves (the package's `evaluate` and `estimate` attributes are the functions)
    search, recommender, search_evaluate, engine_estimate = (
        importlib.import_module(f"gpudesk.core.{m}")
        for m in ("search", "search.recommender", "search.evaluate", "engine.estimate")
    )

    catalog = open_catalog()

    def refuse(*args, **kwargs):
        raise AssertionError("the report computed an option at print time")

    for module, name in (
        (search, "evaluate"),
        (search, "recommend"),
        (recommender, "evaluate"),
        (recommender, "recommend"),
        (search_evaluate, "evaluate"),
        (engine_estimate, "estimate"),
    ):
        monkeypatch.setattr(module, name, refuse)
    for lang in ("en", "zh_CN"):
        data = build_report(plan, lang, generated=DAY, catalog=catalog)
        assert [s.title for s in data.sections][:2] == (
            ["Summary", "Sizing"] if lang == "en" else ["方案摘要", "容量测算"]
        )


def test_the_configuration_reads_in_chinese_without_english_or_repeated_words(plan):
    """The zh PDF printed the stored English interconnect ("no NVSwitch") and "重计算：完全重计算"."""
    plan.choice = plan.choice.model_copy(update={"interconnect": "NVLink 3, no NVSwitch (600 GB/s)"})
    plan.choice.layout = plan.choice.layout.model_copy(update={"recompute": "full"})
    zh = _all_text(build_report(plan, "zh_CN", generated=DAY))
    assert "NVLink 3，无 NVSwitch（600 GB/s）" in zh and "no NVSwitch" not in zh
    assert "完全重计算" in zh and "重计算：完全重计算" not in zh
    en = _all_text(build_report(plan, "en", generated=DAY))
    assert "NVLink 3, no NVSwitch (600 GB/s)" in en and "recompute: full" in en
