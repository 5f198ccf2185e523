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


def test_the_lower_charts_keep_their_axes_and_the_page_scrolls_at_1366x768(window, qtbot):
    """Seen on screen (1366×768 less a desktop's panels, both languages): the five charts were squeezed
    into 470 px and the bottom row lost its x axis titles; the page did not scroll."""
    from PySide6.QtCore import QPointF

    window.resize(1366, 700)
    window.show_tab("overview")
    qtbot.wait(50)
    page = window.overview
    assert page.charts.height() >= 700
    assert page.verticalScrollBar().maximum() > 0  # the rest is reached by scrolling
    for kind in ("pareto", "billing"):
        plot = page.plots[kind]
        axis = plot.getAxis("bottom")
        bottom = page.charts.mapFromScene(axis.mapToScene(QPointF(0, axis.boundingRect().height()))).y()
        assert bottom <= page.charts.height(), kind  # its x axis (title included) is inside the view
        assert plot.getViewBox().height() >= 110, (kind, plot.getViewBox().height())
    assert page.export_button.text().endswith("▾")


def test_chart_axes_name_the_currency_in_the_uis_language(window, qtbot):
    """Seen on screen (zh): "成本（CNY）" on the charts, while the PDF and the form say 元."""
    from tests.ui.conftest import wait_recompute

    wait_recompute(qtbot, window, lambda: window.set_language("zh_CN"))
    labels = [window.overview.plots[k].getAxis("left").labelText for k in ("cost", "pareto", "billing")]
    assert labels[0] == "成本（元）" and all("CNY" not in x and "元" in x for x in labels), labels
    wait_recompute(qtbot, window, lambda: window.set_language("en"))
    assert window.overview.plots["cost"].getAxis("left").labelText == "Cost (CNY)"


def test_the_verdict_and_the_status_bar_punctuate_as_the_language_does(window, qtbot):
    """Seen on screen (zh): "✔ 显存够用: 8× A100 …" with an ASCII colon, in the verdict and the status bar."""
    from tests.ui.conftest import wait_recompute

    wait_recompute(qtbot, window, lambda: window.set_language("zh_CN"))
    assert "显存够用</span>：" in window.overview.verdict_label.text()
    assert window.status_text().startswith("✔ 显存够用：") and ": " not in window.status_text().split(" · ")[0]
    wait_recompute(qtbot, window, lambda: window.set_language("en"))
    assert window.status_text().startswith("✔ Fits: ")
