"""The Quotes tab: the Add quote dialog driven in both languages, validation beside the field, three
quotes compared all-in, a selection with its reason that the plan's choice follows, undo, export."""

import pytest
from PySide6.QtCore import QDate

from tests.ui.conftest import wait_recompute

pytestmark = pytest.mark.qt_log_ignore(
    "This plugin does not support propagateSizeHints", "This plugin does not support raise"
)


def _fill(dialog, provider, gpu, gpn, price, *, month=None, valid="2099-12-31"):
    dialog.provider_combo.setCurrentIndex(dialog.provider_combo.findData(provider))
    dialog.gpu_combo.setCurrentIndex(dialog.gpu_combo.findData(gpu))
    dialog.gpn_spin.setValue(gpn)
    dialog.nodes_spin.setValue(1)
    dialog.price_edits["hourly"].setText(price)
    if month:
        dialog.price_edits["monthly"].setText(month)
    dialog.date_edit.set_value("2026-11-20")
    dialog.valid_edit.set_value(valid)
    dialog.reference_edit.setText(f"{provider}-2026-118")


def _add(page, monkeypatch, provider, gpu, gpn, price, **kw):
    from gpudesk.ui.widgets.quote_dialog import QuoteDialog

    def run(dialog):
        _fill(dialog, provider, gpu, gpn, price, **kw)
        dialog._accept()
        return dialog.result()

    monkeypatch.setattr(QuoteDialog, "exec", run)
    return page.add_quote()


def test_the_dialog_names_problems_beside_the_field(window, qtbot):
    from gpudesk.ui.widgets.quote_dialog import QuoteDialog

    dialog = QuoteDialog(window.catalog)
    qtbot.addWidget(dialog)
    assert dialog.provider_combo.findData("market-reference") < 0  # a quote comes from a provider
    assert dialog.provider_combo.itemData(dialog.provider_combo.count() - 1) == "__new__"
    _fill(dialog, "aliyun", "a100-sxm-80gb", 8, "-3")
    dialog._accept()
    error = dialog.errors["price_hourly"]
    assert dialog.data is None and not error.isHidden() and "negative" in error.text()
    dialog.price_edits["hourly"].setText("¥7.50")
    dialog.valid_edit.set_value("2026-01-01")  # before the quote date
    dialog._accept()
    assert dialog.data is None and "before the quote date" in dialog.summary.text()
    dialog.valid_edit.set_value("2026-12-31")
    dialog._accept()
    assert dialog.data["rates"] == [{"billing": "hourly", "per": "gpu", "price": 7.5}]
    assert dialog.data["valid_until"] == "2026-12-31" and dialog.data["setup_fee"] is None  # unknown, not zero


def test_the_dialog_speaks_chinese(window, qtbot):
    from gpudesk.ui.widgets.quote_dialog import QuoteDialog
    from tests.ui.test_chinese_ui import _names
    from tests.ui.walk import english_words, texts

    wait_recompute(qtbot, window, lambda: window.set_language("zh_CN"))
    dialog = QuoteDialog(window.catalog)
    qtbot.addWidget(dialog)
    dialog.show()
    assert dialog.windowTitle() == "添加报价"
    allowed = _names(window)
    bad = [(w, t) for w, t in texts(dialog) if english_words(t, allowed)]
    assert not bad, bad[:10]
    _fill(dialog, "aliyun", "a100-sxm-80gb", 8, "七块")
    dialog._accept()
    assert "数" in dialog.errors["price_hourly"].text()  # the reason in Chinese
    assert isinstance(dialog.date_edit.edit.date(), QDate)


def test_three_quotes_compared_selected_and_followed(window, qtbot, monkeypatch, tmp_path):
    from PySide6.QtWidgets import QInputDialog

    window.show_tab("quotes")
    page = window.quotes_page()
    assert "No written quote yet" in page.notes.text()
    for provider, price in (("aliyun", "¥9.80"), ("tencent-cloud", "8.40元/小时"), ("volcengine", "11")):
        assert _add(page, monkeypatch, provider, "a100-sxm-80gb", 8, price)
    c = page.comparison
    assert [r.quote.id for r in c.rows] == ["q1", "q2", "q3"] and c.enough_quotes
    # none of the three has a licence on record: the tab says the rule is unmet and what to do, as the PDF does
    notes = page.notes.text()
    assert "Valid quotes from 3 providers, 0 of them with a licence recorded" in notes
    assert "record the telecom licence number (增值电信业务经营许可证) of the 3 quoted providers" in notes
    cheapest = c.row(c.cheapest)
    assert cheapest.quote.provider == "tencent-cloud"  # 8.40 < 9.80 < 11 for the same configuration
    assert all(r.cost.all_in is not None for r in c.rows)
    ratio = c.row("q1").cost.items["compute"] / cheapest.cost.items["compute"]
    assert ratio == pytest.approx(9.80 / 8.40, rel=0.02)  # same hours, prices in proportion
    assert window.dirty and window.actions_by_name["undo"].isEnabled()
    # select the dearer one with a reason: the plan's choice follows the quote
    page.table.selectRow(0)
    monkeypatch.setattr(QInputDialog, "getMultiLineText", lambda *a, **k: ("licensed, data centre in Shandong", True))
    with qtbot.waitSignal(window.recomputed, timeout=20000):
        assert page.select_quote()
    plan = window.plan
    assert plan.quote_selection.quote == "q1" and plan.quote_selection.by == "Wang Fang"
    assert (plan.choice.gpu, plan.choice.gpus, plan.choice.provider) == ("a100-sxm-80gb", 8, "aliyun")
    assert plan.choice.cost.price_per_gpu_hour == pytest.approx(9.80)
    assert "Selected: q1" in page.selection.text()
    # an edit of the job keeps following the quote
    wait_recompute(qtbot, window, lambda: window.form.seq_spin.setValue(4096))
    assert window.plan.choice.provider == "aliyun" and window.plan.quote_selection.quote == "q1"
    path = window.export_spreadsheet("quotes", str(tmp_path / "q.xlsx"))
    import openpyxl

    rows = list(openpyxl.load_workbook(path).active.iter_rows(values_only=True))
    assert len(rows) == 4 and rows[1][0] == "q1"
    # undo takes the quotes back out one by one
    window.undo()  # the seq_len edit
    window.undo()  # the selection
    assert window.plan.quote_selection is None
    window.undo()
    assert [q.id for q in window.plan.quotes] == ["q1", "q2"]


def test_a_broken_quote_sheet_adds_nothing(window, tmp_path):
    window.show_tab("quotes")
    page = window.quotes_page()
    sheet = tmp_path / "quotes.csv"
    sheet.write_text(
        "provider,gpu,gpus_per_node,price_per_gpu_hour\naliyun,a100-sxm-80gb,8,7.5\nnobody,a100-sxm-80gb,8,6\n",
        encoding="utf-8",
    )
    assert page.import_sheet(str(sheet)) == 0 and window.plan.quotes == []
    sheet.write_text("provider,gpu,gpus_per_node,price_per_gpu_hour\naliyun,a100-sxm-80gb,8,7.5\n", encoding="utf-8")
    assert page.import_sheet(str(sheet)) == 1 and [q.id for q in window.plan.quotes] == ["q1"]


def test_a_new_quote_starts_from_the_plans_choice_named_in_the_uis_language(window, qtbot, monkeypatch):
    """Seen on screen (1366×768, zh): Add… opened on 'Huawei Ascend 910B (variant not stated)', one GPU
    per node, in English, whatever the plan had chosen."""
    from gpudesk.ui.widgets.quote_dialog import QuoteDialog

    wait_recompute(qtbot, window, lambda: window.set_language("zh_CN"))
    window.show_tab("quotes")
    page = window.quotes_page()
    seen = {}

    def run(dialog):
        seen.update(
            gpu=dialog.gpu_combo.currentData(),
            text=dialog.gpu_combo.currentText(),
            gpn=dialog.gpn_spin.value(),
            nodes=dialog.nodes_spin.value(),
            ascend=dialog.gpu_combo.itemText(dialog.gpu_combo.findData("ascend-910b")),
        )
        return 0

    monkeypatch.setattr(QuoteDialog, "exec", run)
    page.add_quote()
    choice = window.plan.choice
    assert seen["gpu"] == choice.gpu and seen["nodes"] == choice.nodes
    assert seen["gpn"] * seen["nodes"] == choice.gpus
    assert seen["ascend"] == "华为昇腾 910B（未注明型号）"  # name_zh from data/gpus.toml, not the English name


def test_the_flags_column_punctuates_as_the_language_does(window, qtbot, monkeypatch):
    """Seen on screen (zh): "未记录 ICP 备案; 未说明：网络" — an ASCII "; " between Chinese clauses."""
    from gpudesk.ui.models.quotes_model import COLUMNS

    wait_recompute(qtbot, window, lambda: window.set_language("zh_CN"))
    window.show_tab("quotes")
    page = window.quotes_page()
    assert _add(page, monkeypatch, "jianmi", "a100-sxm-80gb", 8, "8.5")  # licensed, no ICP filing recorded
    text = page.table.model().index(0, COLUMNS.index("flags")).data()
    assert "；" in text and "; " not in text, text
    assert text == "；".join(page.comparison.rows[0].flag_texts())


def test_the_configuration_column_reads_as_the_pdf(window, qtbot, monkeypatch):
    """Seen on screen (zh): the Quotes tab wrote "1×8 NVIDIA …" where the PDF says "1 个节点 × 8 张 …"."""
    from gpudesk.ui.models.quotes_model import COLUMNS

    wait_recompute(qtbot, window, lambda: window.set_language("zh_CN"))
    window.show_tab("quotes")
    page = window.quotes_page()
    assert _add(page, monkeypatch, "jianmi", "a100-sxm-80gb", 8, "8.5")
    text = page.table.model().index(0, COLUMNS.index("configuration")).data()
    assert text.startswith("1 个节点 × 8 张 NVIDIA A100 80GB SXM"), text


def test_editing_a_quote_shows_every_written_figure_and_reads_it_back(window, qtbot):
    """The edit dialog opens with the quote as written (texts, figures, rates) and, accepted unchanged,
    gives the same fields back: nothing is dropped or turned into zero on the way."""
    from gpudesk.core.plan.quotes import make_quote
    from gpudesk.ui.widgets.quote_dialog import QuoteDialog

    q = make_quote(dict(
        id="q1", provider="aliyun", gpu="a100-sxm-80gb", gpus_per_node=8, nodes=2,
        rates=[{"billing": "hourly", "per": "gpu", "price": 9.8}],
        reference="ALY-2026-7", contact="Li 138", region="华东 2（上海）", cpu="2× Xeon 8369B", network="RoCE 200G",
        host_ram_gb=1024, nvme_gb=7680, min_hours=24, setup_fee=500, storage_per_gb_month=0.35,
        storage_included_gb=500, egress_per_gb=0.8, bandwidth_per_month=1200, public_ips=2, ip_per_month=20,
    ))  # fmt: skip
    dialog = QuoteDialog(window.catalog, q)
    qtbot.addWidget(dialog)
    assert dialog.inputs["reference"].text() == "ALY-2026-7" and dialog.inputs["network"].text() == "RoCE 200G"
    assert dialog.inputs["storage_per_gb_month"].text() == "0.35" and dialog.inputs["public_ips"].text() == "2"
    assert dialog.inputs["vat_rate"].text() == "" and dialog.inputs["vat_rate"].placeholderText() == "unknown"
    dialog._accept()
    got = dialog.data
    for key in ("reference", "contact", "region", "cpu", "network", "host_ram_gb", "nvme_gb", "min_hours",
                "setup_fee", "storage_per_gb_month", "storage_included_gb", "egress_per_gb", "bandwidth_per_month",
                "public_ips", "ip_per_month"):  # fmt: skip
        assert got[key] == getattr(q, key), key
    assert got["rates"] == [{"billing": "hourly", "per": "gpu", "price": 9.8}] and got["nodes"] == 2


def test_an_empty_chart_shows_its_message_and_no_axis_values(window, monkeypatch):
    """Without a priced quote the chart says so and its axes carry no numbers (the placeholder range 0..1 would
    show ticks 0.1 … 0.9 that mean nothing); the first priced quote brings the bars' labels and the cost axis."""
    window.show_tab("quotes")
    page = window.quotes_page()
    page.refresh()  # what showing the tab does
    plot = page.plot
    message = plot._gd_items[("empty", None)]  # the chart helpers key their items (name, series)
    assert message.isVisible() and "No priced quote yet" in message.toPlainText()
    assert plot.getAxis("bottom")._tickLevels == [[]] and plot.getAxis("left")._tickLevels == [[]]
    assert _add(page, monkeypatch, "aliyun", "a100-sxm-80gb", 8, "9.80")
    assert ("empty", None) not in plot._gd_items
    labels = [text for _, text in plot.getAxis("bottom")._tickLevels[0]]
    assert labels and all(text.strip() for text in labels)  # the quote's own bar label
    assert plot.getAxis("left")._tickLevels is None  # the cost axis ticks by itself again
