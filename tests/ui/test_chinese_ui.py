"""The Chinese UI has no untranslated visible string: every widget's text, tooltip, menu, combo item,
table header and cell of every tab is walked, and English words other than technical terms and
names (GPU models, servers, model presets) fail the test."""

import pytest

from tests.ui.walk import english_words, menu_texts, texts

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


def _names(window) -> set[str]:
    """Product and brand names: GPU models, node types, model presets, providers' own names."""
    from tests.ui.walk import _WORD

    cat = window.catalog
    # a row with a Chinese name (name_zh) is shown by it: its English words are not names to allow
    names = [
        getattr(row, "name_zh", None) or getattr(row, "name", "")
        for row in [*cat.gpus(), *cat.servers(), *cat.models()]
    ]
    names += [p.name_zh or p.name_en or "" for p in cat.providers()]
    return {w for name in names for w in _WORD.findall(str(name))}


def _walk_everything(window, qtbot):
    from PySide6.QtCore import Qt

    from gpudesk.ui.window.actions import TAB_KEYS

    found = []
    for key in TAB_KEYS:
        window.show_tab(key)
        qtbot.wait(10)
        page = window.tabs.currentWidget()
        skip = {}
        if key == "catalogue":
            cat = window.catalogue_page()
            for kind, view in cat.views.items():
                cat.tabs.setCurrentWidget(view)
                # ids are identifiers (as the CLI uses them), sources are citations in their own language,
                # CPU models are product designations ("2× AMD EPYC 7742 (64 cores each)")
                cols = [c for c, (k, _h, _g) in enumerate(cat.models[kind]._columns) if k in ("id", "source", "cpu")]
                skip = {view: set(cols)}
                found += texts(view, skip)
            found += texts(cat.tabs.tabBar())
            found += texts(cat, {v: set(range(99)) for v in cat.views.values()})
            continue
        if key == "options":
            window.options_page.expand_button.setChecked(True)
        if key == "checklist":
            page_ = window.checklist_page()
            page_.table.setCurrentIndex(page_.proxy.index(0, 0))
        found += texts(page, skip)
    window.show_tab("overview")
    found += texts(window.dock) + texts(window.statusBar()) + texts(window.toolbar)
    found += [(f"tab {i}", window.tabs.tabText(i)) for i in range(window.tabs.count())]
    for menu in window.menuBar().findChildren(type(window.file_menu)):
        if menu.parent() is window.menuBar():
            found.append(("menu title", menu.title()))
            found += menu_texts(menu, menu.title())
    # the charts' own texts (titles, axes, legends, tick labels)
    for kind, plot in window.overview.plots.items():
        found.append((f"chart {kind} title", plot.titleLabel.text))
        for side in ("left", "bottom"):
            found.append((f"chart {kind} {side}", plot.getAxis(side).labelText))
            ticks = plot.getAxis(side)._tickLevels or []
            found += [(f"chart {kind} tick", t) for level in ticks for _, t in level]
        if plot._gd_legend is not None:
            found.append((f"chart {kind} legend", plot._gd_legend.text))
    del Qt
    return found


def test_the_chinese_ui_has_no_english_left(window, qtbot):
    from tests.ui.conftest import wait_recompute

    from gpudesk.core.plan import add_quote

    add_quote(
        window.plan,
        {
            "provider": "aliyun",
            "gpu": "a100-sxm-80gb",
            "gpus_per_node": 8,
            "nodes": 1,
            "valid_until": "2099-01-01",
            "rates": [{"billing": "hourly", "price": 9.8}],
        },
        window.catalog,
    )
    wait_recompute(qtbot, window, lambda: window.set_language("zh_CN"))
    allowed = _names(window)
    bad = []
    for where, text in _walk_everything(window, qtbot):
        words = english_words(text, allowed)
        if words:
            bad.append(f"{where}: {text[:90]!r} -> {sorted(set(words))}")
    assert not bad, "\n".join(bad[:60])


def test_qt_file_dialog_speaks_chinese(window, qtbot):
    from PySide6.QtWidgets import QFileDialog

    from tests.ui.conftest import wait_recompute

    wait_recompute(qtbot, window, lambda: window.set_language("zh_CN"))
    dialog = QFileDialog(window, "打开方案")
    dialog.setOption(QFileDialog.DontUseNativeDialog, True)
    qtbot.addWidget(dialog)
    dialog.show()
    labels = [t for _, t in texts(dialog) if t]
    assert "查找范围(&L)：" in labels and "文件类型(&T)：" in labels  # Qt's "&Look in:", "Files of &type:"
    dialog.close()
