"""Cost: GPU-hours x price, the +30 % trial margin, hourly vs monthly billing."""

import pytest

from gpudesk.core.engine.architecture import from_params
from gpudesk.core.engine.cost import HOURS_PER_MONTH, cost_estimate
from gpudesk.core.models import Billing, Job, TimeEstimate

JOB = Job(model=from_params(7e9))


def te(hours, gpus):
    return TimeEstimate(
        training_flops=1.0, tokens_per_second=1.0, hours=hours, gpu_hours=hours * gpus, mfu=0.4, scaling_efficiency=0.9
    )


def test_hourly_cost_with_margin():
    c = cost_estimate(JOB, te(12.5, 8), 10.0)  # 100 GPU-hours at 10 CNY
    assert c.currency == "CNY"
    assert c.compute_cost == pytest.approx(1000.0)
    assert c.with_trial_margin == pytest.approx(1300.0)  # the guide's +30 %
    assert c.cheaper_billing is Billing.HOURLY


def test_job_price_and_margin_are_used():
    job = JOB.model_copy(update={"price_per_gpu_hour": 20.0, "trial_margin": 0.5})
    c = cost_estimate(job, te(10, 1))
    assert (c.price_per_gpu_hour, c.compute_cost, c.with_trial_margin) == (20.0, 200.0, 300.0)


def test_monthly_break_even():
    # 5000 CNY/month vs 10 CNY/hour: monthly pays off beyond 500 hours of use per month
    short = cost_estimate(JOB, te(100, 8), 10.0, 5000.0)
    assert short.break_even_hours == pytest.approx(500.0)
    assert short.monthly_cost == pytest.approx(5000.0 * 8)  # one month, 8 GPUs
    assert short.cheaper_billing is Billing.HOURLY  # 8 000 x 1.3 = 10 400 < 40 000
    long = cost_estimate(JOB, te(1000, 8), 10.0, 5000.0)
    # 1000 h x 1.3 = 1300 h -> 2 months (730 h each): 80 000 vs hourly 8000 x 10 x 1.3 = 104 000
    assert long.monthly_cost == pytest.approx(5000.0 * 8 * 2)
    assert long.cheaper_billing is Billing.MONTHLY
    assert HOURS_PER_MONTH == 730.0


def test_missing_price_or_duration_is_null():
    c = cost_estimate(JOB, te(10, 1))
    assert c.compute_cost is None and c.with_trial_margin is None and c.cheaper_billing is None
    none = TimeEstimate(
        training_flops=None, tokens_per_second=1.0, hours=None, gpu_hours=None, mfu=0.4, scaling_efficiency=1.0
    )
    c = cost_estimate(JOB, none, 10.0, 5000.0)
    assert c.compute_cost is None and c.monthly_cost is None and c.break_even_hours == 500.0
