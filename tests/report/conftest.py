"""Fixtures for the report tests: a typical plan (see report_samples.py)."""

import pytest
from report_samples import sample_plan


@pytest.fixture
def plan():
    return sample_plan()
