"""Quotes in a plan: validation, a three-quote comparison round-tripped through the plan file, flags, the
cheapest, selection (the plan's choice follows it), a configuration other than the choice evaluated by the
engine, and stale fits after the job changes."""

import datetime as dt

import pytest

from gpudesk.catalog import open_catalog
from gpudesk.core.i18n import use_language
from gpudesk.core.models import Job, TaskKind
from gpudesk.core.plan import (
    add_quote,
    compare,
    comparison_json,
    get_quote,
    job_key,
    load_plan,
    make_quote,
    new_plan,
    refresh_fits,
    remove_quote,
    save_plan,
    select_quote,
)
from gpudesk.errors import GpudeskError, PlanFileError

TODAY = dt.date(2026, 12, 2)


@pytest.fixture(scope="module")
def cat():
    return open_catalog()


@pytest.fixture
def plan(cat):
    job = Job(model=cat.model("llama-2-7b"), task=TaskKind.LORA, tokens=1e8)
    return new_plan(job, None, cat, gpu_id="rtx-4090", gpus=1)


def q(provider, price, min_hours=None, valid_until="2027-01-31", **kw):
    return dict(
        provider=provider,
        gpu="rtx-4090",
        gpus_per_node=1,
        nodes=1,
        min_hours=min_hours,
        valid_until=valid_until,
        rates=[{"billing": "hourly", "price": price}],
        **kw,
    )


def test_three_quotes_compared_and_round_tripped(plan, cat, tmp_path):
    add_quote(
        plan, q("jianmi", 2.0, 100, subsidy={"rate": 0.2, "cap": 10}, reference="JM-2026-118", date="2026-11-20"), cat
    )
    add_quote(plan, q("kufanyun", 1.8, 200), cat)
    add_quote(plan, q("jianmi", 1.5, 1, valid_until="2026-11-01"), cat)
    path = save_plan(plan, tmp_path / "p.gpudesk")
    back = load_plan(path)
    assert back.quotes == plan.quotes and [x.id for x in back.quotes] == ["q1", "q2", "q3"]
    c = comparison_json(compare(back, None, today=TODAY))  # no catalogue: the plan stands alone
    rows = {r["id"]: r for r in c["quotes"]}
    assert rows["q1"]["items"]["compute"] == pytest.approx(200)  # 2.0 × 100 h minimum
    assert rows["q1"]["items"]["subsidy"] == pytest.approx(-10)  # 20 % of 200 = 40, capped at 10
    assert rows["q1"]["all_in_cost"] == pytest.approx(190)
    assert rows["q2"]["items"]["compute"] == pytest.approx(360)  # 1.8 × 200 h minimum
    hours = plan.choice.time.hours
    assert rows["q3"]["items"]["compute"] == pytest.approx(1.5 * -(-hours * 1.3 // 1))  # whole hours
    assert "expired" in rows["q3"]["flags"] and "expired" not in rows["q1"]["flags"]
    assert "no-icp" in rows["q1"]["flags"] and "no-licence" not in rows["q1"]["flags"]  # 简米: licence, no ICP
    assert "no-licence" in rows["q2"]["flags"] and "no-icp" not in rows["q2"]["flags"]  # 酷番云: ICP, no number
    assert c["cheapest"] == "q1"  # q3 is cheaper but expired
    assert c["enough_quotes"] is True and c["providers_with_valid_quotes"] == 2
    assert any("Only 2 providers" in n for n in c["notes"])
    assert all(r["fits"] is True and r["hours"] == pytest.approx(hours, abs=0.01) for r in c["quotes"])


def test_selection_moves_the_choice_and_survives_the_file(plan, cat, tmp_path):
    add_quote(plan, q("jianmi", 2.0, 100), cat)
    add_quote(plan, q("kufanyun", 1.8, 200), cat)
    first = plan.choice
    select_quote(plan, "q2", "licensed, cheapest valid", cat, by="li")
    assert plan.alternatives[0].provider == first.provider  # the replaced choice stays among the alternatives
    assert plan.choice.provider == "kufanyun" and plan.choice.price_kind == "quoted"
    assert plan.choice.cost.price_per_gpu_hour == pytest.approx(1.8)
    assert plan.hardware.provider["name_zh"] == "酷番云"
    back = load_plan(save_plan(plan, tmp_path / "s.gpudesk"))
    c = compare(back, cat, today=TODAY)
    assert c.selected == "q2" and c.selection.reason == "licensed, cheapest valid"
    assert c.row("q2").selected and not c.row("q1").selected
    with pytest.raises(GpudeskError, match="reason"):
        select_quote(plan, "q1", "  ", cat)
    remove_quote(plan, "q2")
    assert plan.quote_selection is None and plan.choice.provider == "kufanyun"


def test_other_configuration_is_evaluated_by_the_engine(plan, cat):
    from gpudesk.core.search import evaluate

    qq = add_quote(
        plan,
        dict(
            provider="jianmi",
            gpu="a100-sxm-80gb",
            gpus_per_node=8,
            nodes=1,
            rates=[{"billing": "hourly", "price": 70, "per": "node"}],
        ),
        cat,
    )
    again = evaluate(plan.job, cat, "a100-sxm-80gb", 8, offer_id=None, constraints=plan.constraints)
    assert qq.fit.source == "engine" and qq.fit.fits is True
    assert qq.fit.job_key == job_key(plan)
    assert qq.fit.hours == pytest.approx(again.time.hours, rel=0.05)  # on an 8-GPU node type of the catalogue
    assert qq.fit.hours < plan.choice.time.hours  # 8 A100s finish sooner than one 4090


def test_a_configuration_that_does_not_fit_is_flagged(cat):
    job = Job(model=cat.model("llama-2-70b"), task=TaskKind.INFERENCE)
    plan = new_plan(job, None, cat, gpu_id="a100-sxm-80gb", gpus=4)
    add_quote(plan, q("kufanyun", 1.8), cat)  # one 24 GB card cannot hold 70B weights (140 GB in BF16)
    row = compare(plan, cat, today=TODAY).rows[0]
    assert row.fit.fits is False and "does-not-fit" in row.flags
    assert compare(plan, cat, today=TODAY).cheapest is None


def test_stale_fit_is_recomputed_after_the_job_changes(plan, cat):
    add_quote(
        plan,
        dict(provider="jianmi", gpu="rtx-4090", gpus_per_node=2, nodes=1, rates=[{"billing": "hourly", "price": 2}]),
        cat,
    )
    before = plan.quotes[0].fit.hours
    plan.job = plan.job.model_copy(update={"tokens": 2e8})
    assert compare(plan, None, today=TODAY).rows[0].fit is None  # stale, and no catalogue to redo it
    assert "not-evaluated" in compare(plan, None, today=TODAY).rows[0].flags
    assert refresh_fits(plan, cat) == 1
    assert plan.quotes[0].fit.hours == pytest.approx(2 * before, rel=0.01)


@pytest.mark.parametrize(
    "change, message",
    [
        ({"rates": [{"billing": "hourly", "price": -3}]}, "price: must be at least 0"),
        ({"rates": [{"billing": "hourly", "price": float("inf")}]}, "price: must be a finite number"),
        ({"valid_until": "2026-13-45"}, "valid until: no such date: 2026-13-45"),
        ({"date": "2026-12-01", "valid_until": "2026-11-01"}, "valid-until 2026-11-01 is before the quote date"),
        ({"gpus_per_node": 0}, "GPUs per node: must be at least 1"),
        ({"subsidy": {"rate": 1.5}}, "subsidy rate: must be at most 1"),
        ({"billing": ["monthly"]}, "billing monthly has no price"),
        ({"vat_rate": 0.06}, "say whether prices include VAT"),
    ],
)
def test_contradictions_are_refused_with_the_field_named(change, message):
    d = dict(id="q1", provider="p", gpu="g", gpus_per_node=1, rates=[{"billing": "hourly", "price": 1}])
    d.update(change)
    with pytest.raises(GpudeskError) as e:
        make_quote(d)
    assert message in str(e.value)


def test_messages_in_chinese():
    with use_language("zh_CN"), pytest.raises(GpudeskError) as e:
        make_quote(dict(id="q1", provider="p", gpu="g", gpus_per_node=1, valid_until="2026-02-30"))
    assert str(e.value) == "有效期至：日期不存在：2026-02-30"


def test_unknown_provider_gpu_and_the_market_reference_are_refused(plan, cat):
    with pytest.raises(GpudeskError, match="unknown provider"):
        add_quote(plan, q("nobody", 1), cat)
    with pytest.raises(GpudeskError, match="unknown GPU"):
        add_quote(plan, dict(q("jianmi", 1), gpu="rtx-9999"), cat)
    with pytest.raises(GpudeskError, match="market reference"):
        add_quote(plan, q("market-reference", 1), cat)
    add_quote(plan, q("jianmi", 1, id="JM-1"), cat)
    with pytest.raises(GpudeskError, match="already has a quote JM-1"):
        add_quote(plan, q("jianmi", 1, id="JM-1"), cat)
    assert [x.id for x in plan.quotes] == ["JM-1"]
    with pytest.raises(GpudeskError, match="no quote q9"):
        get_quote(plan, "q9")


def test_duplicate_ids_in_a_hand_edited_file_are_refused(plan, cat, tmp_path):
    add_quote(plan, q("jianmi", 1), cat)
    path = save_plan(plan, tmp_path / "d.gpudesk")
    text = path.read_text(encoding="utf-8")
    import json

    doc = json.loads(text)
    doc["quotes"].append(doc["quotes"][0])
    path.write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(PlanFileError, match="two quotes have the id 'q1'"):
        load_plan(path)
