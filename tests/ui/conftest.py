"""Real widgets, offscreen: the bundled font, English by default, settings in a temporary folder."""

import pytest


@pytest.fixture(scope="session", autouse=True)
def _gpudesk_app(qapp):
    from gpudesk.ui.app import register_font
    from gpudesk.ui.i18n import language_manager

    register_font(qapp)
    language_manager().set_language("en")
    yield qapp


@pytest.fixture(autouse=True)
def _english_again():
    yield
    from gpudesk.ui.i18n import language_manager

    language_manager().set_language("en")


@pytest.fixture
def settings(tmp_path):
    from PySide6.QtCore import QSettings

    return QSettings(str(tmp_path / "settings.ini"), QSettings.IniFormat)


@pytest.fixture
def window(qtbot, settings, monkeypatch):
    """The main window after its first answer, never asking questions (tests answer for it)."""
    from PySide6.QtWidgets import QInputDialog, QMessageBox

    from gpudesk.ui.main_window import MainWindow

    monkeypatch.setattr(QInputDialog, "getText", lambda *a, **k: ("Wang Fang", True))
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: QMessageBox.Discard)
    monkeypatch.setattr(QMessageBox, "warning", lambda *a, **k: QMessageBox.Ok)
    monkeypatch.setattr(QMessageBox, "information", lambda *a, **k: QMessageBox.Ok)
    win = MainWindow(settings=settings, autosave=False)
    qtbot.addWidget(win)
    win.show()
    with qtbot.waitSignal(win.recomputed, timeout=20000):
        win.recompute_now()
    yield win
    win.dirty = False


def wait_recompute(qtbot, win, action):
    """Run `action` (an edit) and wait for the answer it triggers."""
    with qtbot.waitSignal(win.recomputed, timeout=20000):
        action()
