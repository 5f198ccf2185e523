"""All-in cost of a quote, hand-computed: minimum period, granularity, the cheapest billing mix, break-even,
storage, network, fees, the subsidy cap and VAT (gpudesk.core.plan.quote_cost)."""

import pytest

from gpudesk.core.plan.quote_cost import JobNeeds, all_in_cost, sensitivity
from gpudesk.core.plan.quotes import Quote

GB = 10**9


def quote(**kw) -> Quote:
    base = dict(id="q1", provider="p1", gpu="rtx-4090", gpus_per_node=1, nodes=1)
    base.update(kw)
    return Quote.model_validate(base)


def hourly(price, per="gpu"):
    return {"billing": "hourly", "price": price, "per": per}


def test_minimum_period_decides_a_short_job():
    # 10 h clean run × 1.3 margin = 13 h; the provider bills at least 100 h: 2.0 × 1 GPU × 100 h = 200
    c = all_in_cost(quote(rates=[hourly(2.0)], min_hours=100), JobNeeds(hours=10))
    assert c.duration_hours == pytest.approx(13.0)
    assert c.rental_hours == 100
    assert c.items["compute"] == pytest.approx(200.0)
    assert c.billing == "hourly"


def test_minimum_period_below_the_job_changes_nothing():
    c = all_in_cost(quote(rates=[hourly(2.0)], min_hours=5), JobNeeds(hours=10, trial_margin=0))
    assert c.items["compute"] == pytest.approx(20.0)


@pytest.mark.parametrize(
    "granularity, billed",
    [
        ("second", 10.2),  # 36,720 s exactly
        ("minute", 10.2),  # 612 min exactly
        ("hour", 11.0),  # rounded up to 11 h
        ("day", 24.0),  # a whole day
        (None, 11.0),  # not stated: whole hours, and the assumption is said
    ],
)
def test_granularity_rounds_the_hourly_part_up(granularity, billed):
    c = all_in_cost(
        quote(rates=[hourly(3.0)], granularity=granularity, gpus_per_node=4), JobNeeds(hours=10.2, trial_margin=0)
    )
    assert c.items["compute"] == pytest.approx(3.0 * 4 * billed)
    assert any("granularity" in a for a in c.assumptions) == (granularity is None)


def test_cheapest_mix_of_monthly_daily_and_hourly():
    # 8 GPUs for 900 h. Per GPU: hourly 10, daily 200, monthly 5,000 (a month is 730 h).
    #   hourly alone: 900 × 10 × 8 = 72,000; monthly alone: 2 months × 5,000 × 8 = 80,000
    #   1 month + 170 h: 170 h = 7 days (168 h) + 2 h -> 40,000 + 7 × 200 × 8 + 2 × 10 × 8 = 51,360
    q = quote(
        gpus_per_node=8, rates=[hourly(10), {"billing": "daily", "price": 200}, {"billing": "monthly", "price": 5000}]
    )
    c = all_in_cost(q, JobNeeds(hours=900, trial_margin=0))
    assert c.items["compute"] == pytest.approx(51_360)
    assert c.billing == "monthly+daily+hourly"
    assert [(x.form, x.units) for x in c.lines] == [("monthly", 1), ("daily", 7), ("hourly", 2)]
    assert c.forms == {
        "hourly": pytest.approx(72_000),
        "daily": pytest.approx(38 * 200 * 8),
        "monthly": pytest.approx(80_000),
    }
    # break-even: a day pays off from 20 h of use (200 / 10), a month from 600 h (5,000 / (200/24))
    be = {(b.coarse, b.fine): b.hours for b in c.break_even}
    assert be == {("daily", "hourly"): pytest.approx(20), ("monthly", "daily"): pytest.approx(600)}


def test_billing_restricted_to_what_the_user_accepts():
    q = quote(rates=[hourly(10), {"billing": "monthly", "price": 5000}], billing=["monthly"])
    c = all_in_cost(q, JobNeeds(hours=100, trial_margin=0))
    assert c.items["compute"] == pytest.approx(5000)  # one month, although 100 h by the hour would be 1,000


def test_node_prices_count_nodes():
    q = quote(gpus_per_node=8, nodes=2, rates=[hourly(80, per="node")])
    c = all_in_cost(q, JobNeeds(hours=10, trial_margin=0))
    assert c.items["compute"] == pytest.approx(80 * 2 * 10)
    assert q.gpu_hour_price() == pytest.approx(10)


def test_spot_is_priced_beside_but_not_chosen_while_another_form_exists():
    q = quote(rates=[hourly(10), {"billing": "spot", "price": 3, "interruption": "5-minute notice"}])
    c = all_in_cost(q, JobNeeds(hours=10, trial_margin=0))
    assert c.items["compute"] == pytest.approx(100)
    assert c.forms["spot"] == pytest.approx(30)
    only = all_in_cost(quote(rates=[{"billing": "spot", "price": 3}]), JobNeeds(hours=10, trial_margin=0))
    assert only.items["compute"] == pytest.approx(30) and only.billing == "spot"


def test_storage_above_the_included_quota_over_the_rental():
    # 600 GB needed, 100 GB included: 500 GB × 0.3 per GB-month × 365/730 months = 75
    q = quote(rates=[hourly(1)], storage_per_gb_month=0.3, storage_included_gb=100)
    c = all_in_cost(q, JobNeeds(hours=365, trial_margin=0, storage_bytes=600 * GB))
    assert c.items["storage"] == pytest.approx(75)
    within = all_in_cost(
        quote(rates=[hourly(1)], storage_included_gb=1000), JobNeeds(hours=365, trial_margin=0, storage_bytes=600 * GB)
    )
    assert within.items["storage"] == 0 and "storage" not in within.unknown  # no price needed within the quota
    unpriced = all_in_cost(quote(rates=[hourly(1)]), JobNeeds(hours=365, trial_margin=0, storage_bytes=600 * GB))
    assert unpriced.items["storage"] is None and "storage" in unpriced.unknown


def test_network_egress_bandwidth_and_ips():
    # 50 GB egress × 0.8 + 100/month bandwidth + 2 IPs × 20/month, over 1,460 h = 2 months: 40 + 200 + 80 = 320
    q = quote(rates=[hourly(1)], egress_per_gb=0.8, bandwidth_per_month=100, public_ips=2, ip_per_month=20)
    c = all_in_cost(q, JobNeeds(hours=1460, trial_margin=0, egress_bytes=50 * GB))
    assert c.items["network"] == pytest.approx(320)
    assert all_in_cost(quote(rates=[hourly(1)]), JobNeeds(hours=1)).items["network"] is None


def test_subsidy_cap_and_vat_all_in():
    # compute 10 × 100 h = 1,000; storage 500 GB × 0.3 × (100/730) months = 20.55; setup 500
    # subsidy 20 % of compute + storage = 204.11, capped at 150
    # VAT 6 % on what is charged (the subsidy is a rebate): 0.06 × 1,520.55 = 91.23
    q = quote(
        rates=[hourly(10)],
        storage_per_gb_month=0.3,
        setup_fee=500,
        prices_include_vat=False,
        vat_rate=0.06,
        subsidy={"rate": 0.2, "cap": 150, "items": ["compute", "storage"]},
        egress_per_gb=0,
    )
    c = all_in_cost(q, JobNeeds(hours=100, trial_margin=0, storage_bytes=500 * GB))
    storage = 500 * 0.3 * 100 / 730
    assert c.items["storage"] == pytest.approx(storage)
    assert c.items["subsidy"] == pytest.approx(-150)
    assert c.items["tax"] == pytest.approx(0.06 * (1000 + storage + 500))
    assert c.all_in == pytest.approx(1000 + storage + 500 - 150 + 0.06 * (1000 + storage + 500))
    assert c.all_in == pytest.approx(sum(v for v in c.items.values() if v is not None))
    assert c.unknown == []


def test_subsidy_below_its_cap_and_tax_included():
    q = quote(rates=[hourly(10)], subsidy={"rate": 0.1, "cap": 1000}, prices_include_vat=True, vat_rate=0.06)
    c = all_in_cost(q, JobNeeds(hours=100, trial_margin=0))
    assert c.items["subsidy"] == pytest.approx(-100)
    assert c.items["tax"] == 0
    assert c.vat_inside == pytest.approx(1000 * 0.06 / 1.06)


def test_unknown_terms_stay_unknown():
    c = all_in_cost(quote(rates=[hourly(2)]), JobNeeds(hours=10, storage_bytes=GB))
    assert c.unknown == ["storage", "network", "fees", "tax"]
    assert c.items["tax"] is None and c.items["fees"] is None
    assert c.all_in == pytest.approx(26)  # the known items only: compute 2 × 13 h
    no_time = all_in_cost(quote(rates=[hourly(2)]), JobNeeds(hours=None))
    assert no_time.all_in is None and no_time.unknown == ["compute"]
    no_price = all_in_cost(quote(), JobNeeds(hours=10))
    assert no_price.all_in is None and "compute" in no_price.unknown


def test_sensitivity_at_plus_30_and_plus_100_percent():
    # 100 h × 1.3 = 130 h planned; +30 %: 169 h; +100 %: 260 h, at 2.0 per hour
    s = sensitivity(quote(rates=[hourly(2)]), JobNeeds(hours=100))
    assert s == {1.3: pytest.approx(338), 2.0: pytest.approx(520)}


def test_a_service_period_is_rented_without_the_trial_margin():
    # serving for one month (730 h) at 2 per GPU-hour on 2 GPUs, monthly 1,000 per GPU: the month wins
    q = quote(gpus_per_node=2, rates=[hourly(2), {"billing": "monthly", "price": 1000}])
    c = all_in_cost(q, JobNeeds(hours=None, service_hours=730))
    assert c.duration_hours == pytest.approx(730) and c.items["compute"] == pytest.approx(2000)
    # mixed: a 100 h training run with its 30 % margin, then the service period
    mixed = all_in_cost(quote(rates=[hourly(2)]), JobNeeds(hours=100, service_hours=200))
    assert mixed.duration_hours == pytest.approx(330) and mixed.items["compute"] == pytest.approx(660)
