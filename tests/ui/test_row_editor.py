"""The catalogue row form ("New provider…" for a quote, Add/Edit in the Catalogue tab)."""

from PySide6.QtWidgets import QFormLayout

from gpudesk.catalog import schema
from gpudesk.ui.widgets.row_editor import RowEditor


def _order(dialog) -> list[str]:
    form = dialog.findChild(QFormLayout)
    fields = [
        form.itemAt(r, QFormLayout.FieldRole).widget()
        for r in range(form.rowCount())
        if form.itemAt(r, QFormLayout.FieldRole) is not None
    ]
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


def test_sizes_are_typed_as_written_not_in_bytes(qtbot):
    """Seen on screen: the GPU form asked for "Memory (bytes)" (80000000000 to type); "80 GB" was refused."""
    dialog = RowEditor(schema.GpuSpec, {}, "New GPU")
    qtbot.addWidget(dialog)
    assert "80 GB" in dialog.findChild(QFormLayout).labelForField(dialog.edits["memory_bytes"]).text()
    for name, text in (("name", "Acme X1"), ("id", "acme-x1"), ("memory_bytes", "74.5 GiB")):
        dialog.edits[name].setText(text)
    dialog._accept()
    assert dialog.row is not None and dialog.row.memory_bytes == 79_993_765_888  # 74.5 × 2^30
    dialog.row = None
    dialog.edits["memory_bytes"].setText("eighty")
    dialog._accept()
    assert dialog.row is None and "80 GB" in dialog.errors["memory_bytes"].text()
    # a stored row shows its sizes as written, and saves them back unchanged
    server = RowEditor(
        schema.ServerType,
        {
            "id": "s",
            "name": "S",
            "gpus_per_node": 8,
            "topology": "nvswitch",
            "host_ram_bytes": 2 * 2**40,
            "nvme_bytes": 30 * 10**12,
        },
        "Edit",
    )
    qtbot.addWidget(server)
    assert server.edits["host_ram_bytes"].text() == "2 TiB" and server.edits["nvme_bytes"].text() == "30 TB"
    server._accept()
    assert server.row is not None and server.row.host_ram_bytes == 2 * 2**40 and server.row.nvme_bytes == 30 * 10**12
