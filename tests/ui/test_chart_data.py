"""The charts' series (pure, no Qt): hand-computed from the options they are drawn from."""

import pytest

from gpudesk.core.report.chart_data import (
    billing_lines,
    cost_chart_data,
    memory_chart_data,
    verdict,
)
from gpudesk.core.rules import HOURS_PER_MONTH
from tests.ui.fakes import option


def test_memory_bars_put_the_chosen_first_and_skip_repeats():
    a = option(gpus=4, rank=1, quick=140)
    b = option(gpus=8, rank=2, weights=10, grads=10, opt=20)
    b_again = option(gpus=8, rank=3, provider="p2")
    c = option(gpu="a100-80", name="A100 80GB", gpus=8, rank=4)
    data = memory_chart_data([a, b, b_again, c], chosen=b)
    assert [bar.label for bar in data.bars] == ["8× H100 SXM 80GB", "4× H100 SXM 80GB", "8× A100 80GB"]
    assert data.bars[0].chosen and not data.bars[1].chosen
    assert data.bars[0].components_gib["optimizer_states"] == pytest.approx(20.0)
    assert data.bars[1].total_gib == pytest.approx(86.0)  # 20+20+40+5+1
    assert data.bars[1].usable_gib == pytest.approx(72.0)  # 80 GiB less 10 % headroom
    assert not data.bars[1].fits and data.bars[0].fits
    assert data.quick_estimate_gib is None  # b carries no quick estimate


def test_quick_estimate_is_split_only_over_the_gpus_that_share_one_model_copy():
    a = option(gpus=4, quick=140)  # 4 data-parallel replicas with ZeRO-2: each holds a copy of the model
    data = memory_chart_data([a], chosen=a)
    assert data.quick_estimate_gib == pytest.approx(140)
    assert data.quick_estimate_per_gpu_gib == pytest.approx(140) and data.quick_estimate_gpus == 1
    assert "replica" in data.quick_hint
    sharded = option(gpus=4, quick=140)
    sharded.layout.zero = 3  # ZeRO-3 shards the one copy over all four
    data = memory_chart_data([sharded], chosen=sharded)
    assert data.quick_estimate_per_gpu_gib == pytest.approx(35) and data.quick_estimate_gpus == 4
    tp = option(gpus=8, quick=160)
    tp.layout.tp, tp.layout.dp = 4, 2  # two copies of the model, each over 4 GPUs
    assert memory_chart_data([tp], chosen=tp).quick_estimate_per_gpu_gib == pytest.approx(40)


def test_pareto_chart_marks_identical_points_alike():
    # the recommender's tie rule (gpudesk.core.rules.pareto_front): two offers at the same price are
    # equally optimal, so both points are on the chart's front; (4 GPUs, 48 h, 3840) beats the dearer one
    same = option(gpus=4, hours=48, price=20)
    twin = option(gpus=4, hours=48, price=20, provider="p2")
    dear = option(gpus=4, hours=48, price=30, provider="p3")
    data = cost_chart_data([same, twin, dear])
    assert [p.pareto for p in data.points] == [True, True, False]


def test_cost_series_per_gpu_type_take_the_cheapest_at_each_count():
    cheap = option(gpus=4, hours=48, price=20)  # 3840
    dear = option(gpus=4, hours=48, price=30, provider="p2")  # 5760
    eight = option(gpus=8, hours=25, price=20)  # 4000
    a100 = option(gpu="a100", name="A100 80GB", gpus=8, hours=60, price=10)  # 4800
    data = cost_chart_data([cheap, dear, eight, a100], chosen=eight)
    h100 = data.by_gpu["H100 SXM 80GB"]
    assert [(p.gpus, p.cost) for p in h100] == [(4, 3840), (8, 4000)]
    assert h100[0].cost_with_margin == pytest.approx(3840 * 1.3)
    assert h100[1].chosen and h100[1].days == pytest.approx(25 / 24)
    front = [(p.days, p.cost) for p in data.front]
    assert front == [(pytest.approx(25 / 24), 4000), (2.0, 3840)]
    assert sum(p.chosen for p in data.points) == 1


def test_billing_lines_take_the_break_even_from_the_cost_module():
    o = option(gpus=8, price=20, month=10000)
    lines = billing_lines(o)
    assert lines.hours[-1] == pytest.approx(HOURS_PER_MONTH)
    assert lines.hourly_cost[-1] == pytest.approx(HOURS_PER_MONTH * 20 * 8)
    assert lines.monthly_cost == pytest.approx(80000)
    assert lines.break_even_hours == pytest.approx(500)  # 10000 / 20


def test_verdict_reads_the_option():
    o = option(gpus=4, hours=48, price=20, advice=("tp-over-pcie",))
    v = verdict(o)
    assert v.fits is False and v.cost == pytest.approx(3840) and v.days == pytest.approx(2.0)
    assert v.warnings == ["tp-over-pcie"]
    assert verdict(None).fits is None


def test_chart_key_changes_only_for_the_charts_whose_series_changed():
    from gpudesk.core.report.chart_data import chart_key

    four = option(gpus=4, hours=48, price=20, month=10000)
    eight = option(gpus=8, hours=25, price=20, month=10000)
    before = cost_chart_data([four, eight], chosen=four)
    # same options, the other one chosen: the star moves on every chart, the billing lines follow the choice
    moved = cost_chart_data([four, eight], chosen=eight)
    for kind in ("cost", "days", "pareto", "billing"):
        assert chart_key(kind, moved) != chart_key(kind, before)
    # a dearer offer at 4 GPUs that is not the cheapest there: the cost series keeps the 3840 point and the
    # billing lines are the chosen option's, so only the Pareto chart (every option) changes
    dear = option(gpus=4, hours=48, price=30, provider="p2")
    more = cost_chart_data([four, eight, dear], chosen=four)
    assert chart_key("cost", more) == chart_key("cost", before)
    assert chart_key("days", more) == chart_key("days", before)
    assert chart_key("billing", more) == chart_key("billing", before)
    assert chart_key("pareto", more) != chart_key("pareto", before)
    # equal data gives equal keys (a rebuilt but identical answer is not redrawn)
    assert chart_key("memory", memory_chart_data([four], four)) == chart_key("memory", memory_chart_data([four], four))
    with pytest.raises(ValueError):
        chart_key("pie", before)


# --- a serving job's charts (task inference: no run time, so no cost/days/Pareto over time) --------------


def test_a_service_is_charted_by_cost_per_month_against_speed_per_user():
    from tests.ui.fakes import service_point

    one = service_point(gpus=1, per_user=50, price=3.0, month=1500)  # by the month: 1500 < 3 × 730 = 2190
    two = service_point(gpus=2, per_user=90, price=3.0, month=None)  # hourly only: 3 × 2 × 730 = 4380
    dear = service_point(gpus=2, per_user=90, price=4.0, month=None, provider="p2")  # same shape, dearer
    l20 = service_point(gpu="l20", name="L20", gpus=2, per_user=21, price=1.0, month=500)  # 2 × 500 = 1000
    data = cost_chart_data([one, two, dear, l20], chosen=None)
    service = data.service
    assert service is not None and data.empty  # the training charts have nothing to draw
    h20 = service.by_gpu["H20"]
    assert [(p.gpus, p.cost_per_month) for p in h20] == [(1, pytest.approx(1500)), (2, pytest.approx(4380))]
    # per million output tokens at full load: (¥/month ÷ 730 h) ÷ (tokens/s × 3600 ÷ 10⁶)
    assert h20[0].cost_per_million == pytest.approx(1500 / 730 / (50 * 16 * 3600 / 1e6))
    assert h20[0].per_user == 50 and h20[0].throughput == 800 and h20[0].first_token_s == pytest.approx(0.3)
    assert service.by_gpu["L20"][0].cost_per_month == pytest.approx(1000)
    assert service.target == 20 and service.concurrency == 16 and service.currency == "CNY"
    assert data.billing is None  # nothing chosen yet


def test_the_chosen_service_is_marked_and_billing_marks_a_whole_month():
    from gpudesk.core.report.chart_data import chart_key
    from tests.ui.fakes import service_point

    cheap = service_point(gpus=1, price=3.0, month=1500)
    chosen = service_point(gpus=1, price=3.5, month=1800, provider="p2")  # the user's pick, though dearer
    data = cost_chart_data([cheap, chosen], chosen=chosen)
    [point] = data.service.by_gpu["H20"]
    assert point.chosen and point.cost_per_month == pytest.approx(1800)  # the chosen offer, not the cheaper one
    assert data.billing.job_hours == pytest.approx(HOURS_PER_MONTH)  # a service runs all month
    assert data.billing.break_even_hours is None  # the fake cost gives none: taken from the cost module only
    # the service's charts take the training charts' places: their keys follow the service's series
    other = cost_chart_data([cheap, service_point(gpus=1, price=3.5, month=1900, provider="p2")], chosen=chosen)
    assert chart_key("cost", data) != chart_key("cost", other)


def test_a_training_job_has_no_service_charts():
    data = cost_chart_data([option(gpus=4, hours=48, price=20)])
    assert data.service is None and not data.empty
