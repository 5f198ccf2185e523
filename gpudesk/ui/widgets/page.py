"""What every page and form is built from: the language-change hook, the page's layout, buttons, grey hint
lines, red per-field error lines, a file to open, a user-facing failure shown instead of raised."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QEvent
from PySide6.QtWidgets import (
    QComboBox,
    QFileDialog,
    QFormLayout,
    QFrame,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPlainTextEdit,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

HINT_STYLE = "color: #555753;"
ERROR_STYLE = "color: #cc0000;"


class Retranslated:
    """Mixin for a widget with `retranslate_ui()`: the LanguageChange event (a translator installed)
    re-sets every text it shows."""

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.LanguageChange:
            self.retranslate_ui()
        super().changeEvent(event)


def page_layout(widget: QWidget, margin: int = 6) -> QVBoxLayout:
    """The column a page lays its parts in, with the pages' margin."""
    layout = QVBoxLayout(widget)
    layout.setContentsMargins(margin, margin, margin, margin)
    return layout


def scroll_page(area: QScrollArea, margin: int = 6) -> QVBoxLayout:
    """A page that scrolls as a whole (no frame): the column inside it."""
    area.setWidgetResizable(True)
    area.setFrameShape(QFrame.NoFrame)
    inner = QWidget()
    area.setWidget(inner)
    return page_layout(inner, margin)


def hint_label(*, wrap: bool = True) -> QLabel:
    """A grey line under a table or form that explains it."""
    label = QLabel()
    label.setWordWrap(wrap)
    label.setStyleSheet(HINT_STYLE)
    return label


def error_label(name: str = "", *, hidden: bool = True) -> QLabel:
    """A red line naming what is wrong (under a field: hidden while the field is fine)."""
    label = QLabel()
    if name:
        label.setObjectName(name)
    label.setStyleSheet(ERROR_STYLE)
    label.setWordWrap(True)
    if hidden:
        label.hide()  # (never show(): a label with no parent yet would open as a window)
    return label


def grow_form(widget: QWidget) -> QFormLayout:
    """A form on `widget` whose fields take the width they are given."""
    form = QFormLayout(widget)
    form.setFieldGrowthPolicy(QFormLayout.AllNonFixedFieldsGrow)
    return form


def push_button(handler: Callable[[], object]) -> QPushButton:
    """A button that runs `handler()` when clicked (its text set on retranslate; the clicked signal's
    `checked` argument is not passed on)."""
    button = QPushButton()
    button.clicked.connect(lambda _=False: handler())
    return button


def labelled(bar: QHBoxLayout, field: QWidget, stretch: int = 0) -> QLabel:
    """A label (the field's buddy, text set on retranslate) and the field, side by side in a bar of filters."""
    label = QLabel()
    label.setBuddy(field)
    bar.addWidget(label)
    bar.addWidget(field, stretch)
    return label


def field_row(form: QFormLayout, key: str, field: QWidget, *, span: bool = True) -> tuple[QLabel, QLabel]:
    """A form row: a label (the field's buddy, text set on retranslate) and the field, then the field's red
    error line `error_KEY` (hidden; across the form, or with `span=False` under the field). Returns both labels."""
    label = QLabel()
    label.setBuddy(field)
    form.addRow(label, field)
    error = error_label(f"error_{key}")
    if span:
        form.addRow(error)
    else:
        form.addRow("", error)
    return label, error


def set_texts(owner: object, texts: dict[str, str | tuple[str, str]]) -> None:
    """Give each of `owner`'s widgets, named by attribute, its text, or (text, tooltip): a group box its
    title, a line edit its placeholder, any other widget (label, button) its text. One mechanism for
    every page's `retranslate_ui`, so a page lists its words as data."""
    for name, value in texts.items():
        text, tip = (value, None) if isinstance(value, str) else value
        widget = getattr(owner, name)
        if isinstance(widget, QGroupBox):
            widget.setTitle(text)
        elif isinstance(widget, (QLineEdit, QPlainTextEdit)):
            widget.setPlaceholderText(text)
        else:
            widget.setText(text)
        if tip is not None:
            widget.setToolTip(tip)


def set_item_texts(combo: QComboBox, name_of: Callable[[Any], str], start: int = 0) -> None:
    """Word each of a combo box's items again from its data (`name_of(data)`), from item `start` on (the
    items before it are worded by the caller, e.g. "Any region")."""
    for i in range(start, combo.count()):
        combo.setItemText(i, name_of(combo.itemData(i)))


def set_field_texts(labels: dict[str, QLabel], texts: dict[str, tuple[str, str]]) -> None:
    """Each field's label text, and its tooltip on the label and on the field (the label's buddy)."""
    for key, (text, tip) in texts.items():
        label = labels[key]
        label.setText(text)
        label.setToolTip(tip)
        label.buddy().setToolTip(tip)


def ask_open(parent: QWidget, title: str, filters: str, then, start: str = "") -> None:
    """Ask for a file to open (from the folder `start`); `then(path)` when one was chosen."""
    path, _ = QFileDialog.getOpenFileName(parent, title, start, filters)
    if path:
        then(path)


def attempt(parent: QWidget, title: str, action, *errors: type[BaseException]) -> bool:
    """Run `action()`; one of `errors` (by default GpudeskError, a message for people) is shown in a
    warning box titled `title` and gives False."""
    if not errors:
        from gpudesk.errors import GpudeskError

        errors = (GpudeskError,)
    try:
        action()
    except errors as exc:
        QMessageBox.warning(parent, title, str(exc))
        return False
    return True
