"""Shared test setup: headless Qt, and a private user-data folder so tests never touch the real one."""

import os

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


@pytest.fixture(autouse=True)
def _private_user_data(tmp_path_factory, monkeypatch):
    home = tmp_path_factory.mktemp("gpudesk-home")
    monkeypatch.setenv("GPUDESK_HOME", str(home))
    yield home


@pytest.fixture(autouse=True)
def _english_unless_asked(monkeypatch):
    """Core text in English whatever the machine's locale; a test that switches language is undone."""
    from gpudesk.core import i18n

    monkeypatch.setenv("GPUDESK_LANG", "en")
    i18n.set_language(None)
    yield
    i18n.set_language(None)


@pytest.fixture(autouse=True)
def _no_leftover_notices():
    """Warnings meant for the user (gpudesk.errors.notify) never leak from one test into the next."""
    from gpudesk.errors import take_notices

    take_notices()
    yield
    take_notices()
