"""What the printed plan states (QA findings P3, P4, P7, Q2, Q5, Q7, Z3, Z5, Z6, Z7): built from plans the engine
made, read back as the blocks the PDF lays out."""

from __future__ import annotations

import datetime as dt

import pytest

from gpudesk.catalog import open_catalog
from gpudesk.core.engine.architecture import from_params
from gpudesk.core.models import Constraints, Job, TaskKind
from gpudesk.core.plan import add_quote, new_plan, select_quote
from gpudesk.core.report.blocks import BillingChart, Bullets, KeyValues, Table
from gpudesk.core.report.report_data import build_report
from test_quotes_page import _text  # the blocks as text, as the quotes page tests read them

DAY = dt.date(2026, 12, 2)


@pytest.fixture(scope="module")
def cat():
    return open_catalog()


@pytest.fixture(scope="module")
def pretrain(cat):
    """A 1B model known only by its parameter count, pre-trained on 5e10 tokens, made in Chinese."""
    from gpudesk.core.i18n import use_language

    with use_language("zh_CN"):
        plan = new_plan(
            Job(model=from_params(1e9), task=TaskKind.PRETRAIN, tokens=5e10, global_batch_tokens=4 * 1024 * 1024),
            None,
            cat,
        )
    plan.title = plan.title.replace("10 亿参数模型", "1B-parameter model")  # as gpudesk 0.1 stored it
    return plan


def _kv(data, section=0) -> dict[str, str]:
    out: dict[str, str] = {}
    for b in data.sections[section].blocks:
        if isinstance(b, KeyValues):
            out.update(dict(b.rows))
    return out


def test_automatic_title_and_custom_model_follow_the_reader(pretrain):
    """P3: a plan made in Chinese prints its automatic title, the model's name and the host text in English in
    an English report (and the reverse), as the plan stores facts, not sentences."""
    assert pretrain.title.startswith("1B-parameter model 预训练")  # as gpudesk 0.1 stored it, in the plan's language
    en = build_report(pretrain, "en", generated=DAY)
    zh = build_report(pretrain, "zh_CN", generated=DAY)
    # 8× H800: the node for the price of one GPU eight times as long (the shorter run at equal cost)
    assert en.title.startswith("1B-parameter model pre-training on 8× ") and "预训练" not in en.title
    assert zh.title.startswith("10 亿参数模型 预训练：")
    assert (
        "(1.00 B parameters)" in en.sections[0].blocks[1].text
        and "模型 10 亿参数模型（1.00B 参数）" in zh.sections[0].blocks[1].text
    )
    assert _kv(en)["CPU"] == "AMD EPYC or Intel Xeon (Ice Lake or newer)"
    assert _kv(zh)["CPU"] == "AMD EPYC 或 Intel Xeon（Ice Lake 及更新）"


def test_pretraining_states_the_engine_batch_and_bytes(pretrain):
    """P4: 4,194,304 tokens = 256 micro-batches × 1 × 2048 on each of 8 replicas; Megatron's 18 B per parameter."""
    en = build_report(pretrain, "en", generated=DAY)
    job = en.sections[0].blocks[1].text
    assert "global batch 4,194,304 tokens per step (256 micro-batches of 1 × 2048 tokens on each of 8 data" in job
    assert "gradient accumulation 1" not in job
    framework = _kv(en)["Training framework"]
    assert framework.startswith("Megatron-LM") and "18 B per trained parameter" in framework and "16" not in framework


def test_the_custom_models_guessed_shape_is_an_assumption(pretrain):
    """P7: hidden size, layers and heads guessed from the parameter count are printed with the assumptions."""
    for lang, words in (("en", "Llama-like guesses"), ("zh_CN", "按 Llama 结构推测")):
        sizing = build_report(pretrain, lang, generated=DAY).sections[1]
        shape = dict(next(b for b in sizing.blocks if isinstance(b, KeyValues)).rows)
        key = "Model shape" if lang == "en" else "模型结构"
        assert words in shape[key] and "2048" in shape[key]


def test_host_to_order_is_in_the_recommended_configuration(pretrain):
    """Z3: host RAM (GiB, as DRAM is sold), NVMe and CPU are in the summary's configuration."""
    rows = _kv(build_report(pretrain, "en", generated=DAY))
    assert rows["Host RAM to order"].startswith("256 GiB per node")  # multi-GPU training: the guide's floor
    assert rows["Local NVMe"].startswith("≥ ") and "GB per node" in rows["Local NVMe"]
    tier = rows["Tier"]  # Z5: the tier's description is this plan's facts, not the guide's typical use
    assert "8× NVIDIA H800 80GB SXM in one node" in tier and "pre-training of 1B-parameter model" in tier
    assert "few-shot" not in tier


def test_constraints_are_printed_with_the_plans_figure(cat):
    """Z6: the budget cap and the deadline the team lead set, beside the plan's own figures."""
    job = Job(model=cat.model("llama-2-13b"), task=TaskKind.FULL, tokens=2e9)
    plan = new_plan(job, Constraints(budget=20000, deadline_hours=100), cat)
    rows = _kv(build_report(plan, "zh_CN", generated=DAY))
    assert rows["预算上限"].startswith("¥20,000；本方案：¥") and "超出" not in rows["预算上限"]
    assert rows["期限"].startswith("训练 100 小时（约 4.2 天）；本方案：")


def test_expired_selected_quote_is_red_on_the_cover_and_the_first_risk(cat):
    """Q2: an expired selected quote is a critical line on the cover and the first risk in the summary."""
    plan = new_plan(
        Job(model=cat.model("llama-2-7b"), task=TaskKind.LORA, tokens=1e8), None, cat, gpu_id="rtx-4090", gpus=1
    )
    add_quote(
        plan,
        {
            "provider": "kufanyun",
            "gpu": "rtx-4090",
            "gpus_per_node": 1,
            "nodes": 1,
            "reference": "KF-1",
            "date": "2026-10-15",
            "valid_until": "2026-11-15",
            "rates": [{"billing": "hourly", "price": 1.8}],
            "subsidy": {"rate": 0.3, "cap": 5, "programme": "济南市算力券"},
        },
        cat,
    )
    select_quote(plan, "q1", "cheapest", cat)
    data = build_report(plan, "zh_CN", generated=DAY)
    assert data.cover_notice[0] == "critical" and "已于 2026-11-15 过期" in data.cover_notice[1]
    risks = next(b for b in data.sections[0].blocks if isinstance(b, Bullets)).items
    assert risks[0][0] == "critical" and "已于 2026-11-15 过期" in risks[0][1]
    page = _text(next(s for s in data.sections if s.title == "报价与比价").blocks)
    assert "济南市算力券" in page and "补贴 -¥5" in page  # Q5: the programme beside the rebate
    assert "再延长 30 %" in page and "时长 +30 %" not in page  # Q7: the sensitivity says what it adds
    assert "有效报价 0 家" in page  # Q6: the only quote has expired


def test_alternatives_rank_once_and_monthly_chart_only_when_relevant(cat):
    """Z7: the choice is marked ✔ (not a second rank 1); a short job gets a sentence, not a month's billing chart."""
    plan = new_plan(
        Job(model=cat.model("llama-2-13b"), task=TaskKind.FULL, tokens=2e9), None, cat, gpu_id="h800-sxm-80gb", gpus=8
    )
    add_quote(
        plan,
        {
            "provider": "jianmi",
            "gpu": "h800-sxm-80gb",
            "gpus_per_node": 8,
            "nodes": 1,
            "rates": [{"billing": "hourly", "price": 14.5}, {"billing": "monthly", "price": 8600}],
        },
        cat,
    )
    select_quote(plan, "q1", "licensed", cat)
    assert plan.choice.cost.break_even_hours > 500 and plan.choice.time.hours < 30
    alt = next(s for s in build_report(plan, "en", generated=DAY).sections if s.title == "Alternatives")
    table = next(b for b in alt.blocks if isinstance(b, Table))
    ranks = [r[0] for r in table.rows]
    assert ranks[0] == "✔" or "✔" in ranks and len(set(ranks)) == len(ranks)
    assert not any(isinstance(b, BillingChart) for b in alt.blocks)
    assert "Monthly billing does not pay off for this job" in _text(alt.blocks)
    assert "cost (CNY)" in [b for b in alt.blocks if type(b).__name__ == "ParetoChart"][0].y_label
    zh = next(s for s in build_report(plan, "zh_CN", generated=DAY).sections if s.title == "备选方案")
    assert [b for b in zh.blocks if type(b).__name__ == "ParetoChart"][0].y_label == "费用（元）"


def test_provider_and_offer_blocks_read_in_chinese(cat):
    """Z1/Z2: the zh provider page gives the catalogue's Chinese texts (licence scope, data centres, capital, the
    guide as a proper citation) and the offer block names the entry in words, not by its id."""
    plan = new_plan(
        Job(model=cat.model("llama-2-7b"), task=TaskKind.LORA, tokens=1e8), None, cat, gpu_id="rtx-4090", gpus=1
    )
    add_quote(
        plan,
        {
            "provider": "kufanyun",
            "gpu": "rtx-4090",
            "gpus_per_node": 1,
            "nodes": 1,
            "rates": [{"billing": "hourly", "price": 1.8}],
        },
        cat,
    )
    select_quote(plan, "q1", "licensed", cat)
    page = _text(next(s for s in build_report(plan, "zh_CN", generated=DAY).sections if s.title == "供应商").blocks)
    assert "工信部一类增值电信业务全牌照（IDC/CDN/ISP）" in page and "full class-1" not in page
    assert "山东节点提供多种 GPU 实例类型" in page and "1000 万元人民币" in page and "地域 山东\n" in page
    assert "《在山东做AI训练，租用GPU服务器时显卡配置的匹配》，服务商一节" in page and "seed" not in page
    estimate = new_plan(
        Job(model=cat.model("llama-2-7b"), task=TaskKind.LORA, tokens=1e8), None, cat, gpu_id="h800-sxm-80gb", gpus=1
    )
    assert estimate.choice.provider == "market-reference"
    zh = _text(next(s for s in build_report(estimate, "zh_CN", generated=DAY).sections if s.title == "供应商").blocks)
    assert "目录条目 市场参考估算价：每节点" in zh and estimate.choice.offer not in zh
    assert "gpudesk 维护者整理的市场参考价" in zh and "maintainers" not in zh
