"""One formatter: every figure and enumeration name the window shows comes from core.units (as the CLI's
and the PDF's), and the catalogue's English-only text has a Chinese rendering."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from gpudesk.core import units
from gpudesk.core.i18n import use_language

UI = Path(__file__).resolve().parents[2] / "gpudesk" / "ui"


def test_the_ui_has_no_formatter_or_label_table_of_its_own():
    own = re.compile(
        r"^def (number|money|gib|days|hours|percent|memory|price)\(|^_LABELS\s*=|QLocale\(\)\.toString", re.M
    )
    found = [
        str(p.relative_to(UI))
        for p in UI.rglob("*.py")
        if own.search(p.read_text(encoding="utf-8")) and p.name != "style.py"
    ]  # axis ticks: Qt's locale
    assert found == []


@pytest.mark.parametrize(
    "lang, text",
    [
        ("en", "2× AMD EPYC 7742 (64 cores each)"),
        ("zh_CN", "2× AMD EPYC 7742（每颗 64 核）"),
    ],
)
def test_catalogue_cpus_read_in_the_ui_language(lang, text):
    with use_language(lang):
        assert units.cpu("2× AMD EPYC 7742 (64 cores each)") == text
        assert units.cpu("Kunpeng 920, 2 sockets") == "Kunpeng 920, 2 sockets"  # other wording as written
        assert units.cpu(None) == units.unknown()


def test_the_catalogue_tab_shows_cpus_in_chinese(qtbot):
    from gpudesk.catalog import open_catalog
    from gpudesk.ui.i18n import language_manager
    from gpudesk.ui.pages.catalogue_page import CataloguePage

    language_manager().set_language("zh_CN")
    page = CataloguePage(open_catalog())
    qtbot.addWidget(page)
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QTableView

    texts = []
    for table in page.findChildren(QTableView):
        model = table.model()
        for c in range(model.columnCount()):
            if model.headerData(c, Qt.Horizontal) == "CPU":
                texts += [model.index(r, c).data() for r in range(model.rowCount())]
    assert texts and any("每颗" in (t or "") for t in texts)
    assert not any("cores each" in (t or "") for t in texts)
