"""The one mechanism pages word themselves with (`set_texts`, `set_item_texts`)."""

from PySide6.QtWidgets import QComboBox, QGroupBox, QLabel, QLineEdit, QPlainTextEdit, QPushButton, QWidget

from gpudesk.ui.widgets.page import set_item_texts, set_texts


class _Page(QWidget):
    def __init__(self) -> None:
        super().__init__()
        self.box = QGroupBox(self)
        self.edit = QLineEdit(self)
        self.notes = QPlainTextEdit(self)
        self.label = QLabel(self)
        self.button = QPushButton(self)


def test_each_widget_kind_gets_its_own_text(qtbot):
    page = _Page()
    qtbot.addWidget(page)
    set_texts(
        page,
        {
            "box": "Plan facts",
            "edit": "Your name",
            "notes": "Reviewer\nApprover",
            "label": "Why",
            "button": ("Evaluate", "Show the engine's answer"),
        },
    )
    assert page.box.title() == "Plan facts"
    assert (page.edit.placeholderText(), page.edit.text()) == ("Your name", "")  # a hint, never the value
    assert (page.notes.placeholderText(), page.notes.toPlainText()) == ("Reviewer\nApprover", "")
    assert page.label.text() == "Why" and page.label.toolTip() == ""
    assert (page.button.text(), page.button.toolTip()) == ("Evaluate", "Show the engine's answer")


def test_combo_items_reworded_from_their_data_after_start(qtbot):
    combo = QComboBox()
    qtbot.addWidget(combo)
    for data in (None, "hourly", "monthly"):
        combo.addItem("?", data)
    combo.setItemText(0, "Whichever is cheaper")
    set_item_texts(combo, {"hourly": "按小时", "monthly": "包月"}.__getitem__, start=1)
    assert [combo.itemText(i) for i in range(3)] == ["Whichever is cheaper", "按小时", "包月"]
    assert [combo.itemData(i) for i in range(3)] == [None, "hourly", "monthly"]  # the data stays
