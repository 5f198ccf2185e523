"""The plan's one budget figure (core.plan.budget) and the checklist that quotes it: a selected quote's all-in, a
service's billing, items a quote does not state; serving and single-card plans get their own checks (C1–C5)."""

from __future__ import annotations

import datetime as dt

import pytest

from gpudesk.catalog import open_catalog
from gpudesk.core import units
from gpudesk.core.i18n import use_language
from gpudesk.core.models import Job, TaskKind
from gpudesk.core.plan import add_quote, new_plan, select_quote
from gpudesk.core.plan.budget import plan_budget
from gpudesk.core.plan.checklist import phase_label, tailor


@pytest.fixture(scope="module")
def cat():
    return open_catalog()


def _items(plan, lang="en"):
    return {i.id: i for i in tailor(plan, lang)}


@pytest.fixture(scope="module")
def lora(cat):
    """Qwen2.5-7B LoRA on one H800 rented from an 8-GPU market-reference node, 2e8 tokens."""
    return new_plan(
        Job(model=cat.model("qwen2.5-7b"), task=TaskKind.LORA, tokens=2e8), None, cat, gpu_id="h800-sxm-80gb", gpus=1
    )


@pytest.fixture(scope="module")
def serve(cat):
    """Qwen2.5-7B for 50 users on 2× RTX 4090 for one month: billed monthly (¥1,320 a card-month)."""
    job = Job(model=cat.model("qwen2.5-7b"), task=TaskKind.INFERENCE, concurrency=50, seq_len=2048)
    return new_plan(job, None, cat, gpu_id="rtx-4090", gpus=2)


def test_estimate_budget_is_the_cost_with_margin(lora):
    b = plan_budget(lora)
    assert b.kind == "estimate" and b.amount == lora.choice.cost.with_trial_margin
    assert b.hours == pytest.approx(lora.choice.time.hours * 1.3)


def test_service_budget_follows_the_billing_and_the_checklist_quotes_it(serve):
    """C1: a monthly-billed service's budget is the service period at the monthly price, never the hourly total."""
    o = serve.choice
    assert str(o.cost.cheaper_billing) == "monthly" and o.cost.price_per_gpu_month == 1320
    b = plan_budget(serve)
    assert b.kind == "service" and b.amount == o.serving.cost_per_period == pytest.approx(2 * 1320)
    items = _items(serve, "zh_CN")
    assert units.money(2640) in items["billing-stopped"].how and "试错余量" not in items["billing-stopped"].how
    assert "¥1,320.00/卡·月（包月）" in items["written-quote"].criterion  # the price the plan is billed at
    # C3: a service's checks, not a training run's
    with use_language("zh_CN"):
        assert phase_label("operations", trains=False) == "服务期间"
    assert items["power-draw-data-loading"].status == "n/a" and "显存带宽" in items["power-draw-data-loading"].criterion
    assert "续" in items["idle-billing"].how and "按小时计费的闲置节点立即释放" not in items["idle-billing"].how
    assert "模型目录" in items["storage-throughput"].how and "检查点" not in items["storage-throughput"].how
    tpu = units.compact(o.serving.tokens_per_second_per_user, 1)
    crit = _items(serve, "en")["serving-load-test"].criterion
    assert f"(80 % of the planned {tpu})" in crit and "first token within" in crit


def test_selected_quote_sets_the_budget_everywhere(cat):
    """C1/Q1/Q3: once a quote is selected its all-in is the budget of the checklist too, with the items it does
    not state named; the written-quote item asks for the signed copy instead of a new quote."""
    plan = new_plan(
        Job(model=cat.model("llama-2-7b"), task=TaskKind.LORA, tokens=1e8), None, cat, gpu_id="rtx-4090", gpus=1
    )
    add_quote(
        plan,
        {
            "provider": "jianmi",
            "gpu": "rtx-4090",
            "gpus_per_node": 1,
            "nodes": 1,
            "min_hours": 24,
            "valid_until": (dt.date.today() + dt.timedelta(days=30)).isoformat(),
            "reference": "JM-1",
            "rates": [{"billing": "hourly", "price": 2.5}],
        },
        cat,
    )
    select_quote(plan, "q1", "licensed", cat)
    b = plan_budget(plan)
    assert b.from_quote and b.quote == "q1" and b.amount == pytest.approx(2.5 * b.hours) and b.hours >= 24
    assert set(b.unstated) == {"storage", "network", "fees", "tax"}
    with use_language("zh_CN"):
        assert b.unstated_text() == "存储、网络、费用、税费未报价，未计入"
    items = _items(plan, "zh_CN")
    assert (
        units.money(b.amount) in items["billing-stopped"].how and "选定报价 q1 的总价" in items["billing-stopped"].how
    )
    assert "报价原件" in items["written-quote"].how and "JM-1" in items["written-quote"].why
    assert "获取注明日期的书面报价" not in items["written-quote"].how


def test_no_provider_yet_is_worded_for_the_provider_to_choose(lora):
    """C2: before a quote, due diligence asks the provider still to be chosen, never the market reference."""
    zh, en = _items(lora, "zh_CN"), _items(lora, "en")
    assert "向拟选服务商索取" in zh["licence-number"].how and "市场参考" not in zh["licence-number"].how
    assert (
        "Market reference" not in en["licence-number"].how and "No provider is chosen yet" in en["licence-number"].how
    )
    assert all("Market reference" not in i.how + i.why for i in en.values())


def test_single_card_gets_no_rack_items(lora):
    """C4: one card of a shared 8-GPU node: no rack power quota, only the card's power limit."""
    items = _items(lora, "en")
    assert (
        items["power-quota"].status == "n/a"
        and "the rack and its power are the provider's" in items["power-quota"].criterion
    )
    assert items["rack-power"].title == "GPU power limit as agreed" and "kW" not in items["rack-power"].criterion


def test_checked_by_is_never_the_login(tmp_path, lora, capsys):
    """C5: `checklist --set` without --by leaves "checked by" empty."""
    from gpudesk.cli import run_cli
    from gpudesk.core.plan import load_plan, save_plan

    path = save_plan(lora.model_copy(deep=True), tmp_path / "p.gpudesk")
    assert run_cli(["checklist", str(path), "--set", "driver-branch=pass"]) == 0
    assert load_plan(path).checklist["driver-branch"].checked_by is None
    assert run_cli(["checklist", str(path), "--set", "cuda-pytorch=pass", "--by", "李娜"]) == 0
    assert load_plan(path).checklist["cuda-pytorch"].checked_by == "李娜"
