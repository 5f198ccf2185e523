"""The overview's verdict is never clipped: it wraps over the page's whole width and grows with its text."""

import pytest

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


@pytest.mark.parametrize("width", [800, 1366])
def test_the_verdict_is_tall_enough_for_its_text(window, qtbot, width):
    window.resize(width, 760)
    qtbot.wait(50)
    label = window.overview.verdict_label
    assert label.text()
    assert label.height() >= label.heightForWidth(label.width())  # every wrapped line shows
    assert label.width() >= window.overview.viewport().width() - 20  # the page's width, not beside the buttons
