"""Shared test setup: headless Qt, and a private user-data folder so tests never touch the real one."""

import os

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


@pytest.fixture(autouse=True)
def _private_user_data(tmp_path_factory, monkeypatch):
    home = tmp_path_factory.mktemp("gpudesk-home")
    monkeypatch.setenv("GPUDESK_HOME", str(home))
    yield home
