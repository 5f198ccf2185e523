"""The catalogue row form ("New provider…" for a quote, Add/Edit in the Catalogue tab)."""

from PySide6.QtWidgets import QFormLayout

from gpudesk.catalog import schema
from gpudesk.ui.widgets.row_editor import RowEditor


def _order(dialog) -> list[str]:
    form = dialog.findChild(QFormLayout)
    fields = [form.itemAt(r, QFormLayout.FieldRole).widget() for r in range(form.rowCount())
              if form.itemAt(r, QFormLayout.FieldRole) is not None]
    names = {id(e): n for n, e in dialog.edits.items()}
    return [names[id(w)] for w in fields if id(w) in names]


def test_names_first_then_the_id_that_follows_the_english_name(qtbot):
    dialog = RowEditor(schema.Provider, {}, "New provider")
    qtbot.addWidget(dialog)
    assert _order(dialog)[:3] == ["name_zh", "name_en", "id"]
    assert dialog.edits["id"].placeholderText() == "required"
    qtbot.keyClicks(dialog.edits["name_en"], "Acme Cloud (Jinan)")
    assert dialog.edits["id"].text() == "acme-cloud-jinan"
    dialog.edits["id"].clear()
    qtbot.keyClicks(dialog.edits["id"], "acme")  # typed: the name no longer moves it
    qtbot.keyClicks(dialog.edits["name_en"], " Ltd")
    assert dialog.edits["id"].text() == "acme"
    dialog._accept()
    assert dialog.row is not None and dialog.row.id == "acme" and dialog.row.name_en == "Acme Cloud (Jinan) Ltd"


def test_refusals_are_named_beside_the_field_in_chinese(qtbot):
    from gpudesk.ui.i18n import language_manager

    language_manager().set_language("zh_CN")
    dialog = RowEditor(schema.Provider, {}, "新建服务商")
    qtbot.addWidget(dialog)
    dialog.edits["id"].setText("Bad Id")
    dialog.edits["mlps_level"].setText("9")
    dialog._accept()
    assert dialog.row is None
    assert dialog.errors["id"].text().startswith("只能使用小写字母")
    assert dialog.errors["mlps_level"].text() == "不能大于 5"
    assert dialog.error.text() == "请改正标红的字段。"
