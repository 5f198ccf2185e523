"""Find clipped widgets: smaller than they need to show their text, or reaching outside the widget
that holds them (outside a scroll area's viewport is fine: that part scrolls into view)."""

from __future__ import annotations

from PySide6.QtCore import QRect
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QAbstractScrollArea,
    QAbstractSpinBox,
    QComboBox,
    QGroupBox,
    QLabel,
    QLineEdit,
    QProgressBar,
    QScrollBar,
    QWidget,
)

_CHECKED = (QLabel, QAbstractButton, QLineEdit, QComboBox, QAbstractSpinBox, QGroupBox, QProgressBar)


def _inside_scrolled_content(w: QWidget) -> bool:
    p = w.parentWidget()
    while p is not None:
        if isinstance(p, QAbstractItemView):
            return True  # cells and editors of a table: the view clips and scrolls them by design
        parent = p.parentWidget()
        if isinstance(parent, QAbstractScrollArea) and p is parent.viewport():
            return True
        p = parent
    return False


def _outside(w: QWidget, window: QWidget) -> str | None:
    """Where `w` reaches beyond an ancestor (up to the first scroll viewport or the window)."""
    rect = QRect(w.mapTo(window, w.rect().topLeft()), w.size())
    p = w.parentWidget()
    while p is not None:
        parent = p.parentWidget()
        if isinstance(parent, QAbstractScrollArea) and p is parent.viewport():
            return None
        area = QRect(p.mapTo(window, p.rect().topLeft()), p.size()).adjusted(-1, -1, 1, 1)
        if not area.contains(rect):
            return f"outside {type(p).__name__}({p.objectName()}) {area.getRect()} vs {rect.getRect()}"
        if p is window:
            return None
        p = parent
    return None


def clipped(window: QWidget) -> list[str]:
    out = []
    for w in window.findChildren(QWidget):
        if not w.isVisible() or isinstance(w, QScrollBar) or not isinstance(w, _CHECKED):
            continue
        if isinstance(w.parentWidget(), (QComboBox, QAbstractSpinBox)):
            continue  # a combo's or spin box's own line edit
        what = f"{type(w).__name__}({w.objectName() or getattr(w, 'text', lambda: '')()[:30]!r})"
        hint = w.minimumSizeHint()
        if isinstance(w, QLabel) and w.wordWrap() and w.text():
            need = w.heightForWidth(w.width())
            if need > w.height() + 1 and not _inside_scrolled_content(w):
                out.append(f"{what}: {w.height()} px tall, its text needs {need}")
        elif hint.isValid() and (w.width() + 1 < hint.width() or w.height() + 1 < hint.height()):
            out.append(f"{what}: {w.width()}×{w.height()} < needed {hint.width()}×{hint.height()}")
        where = _outside(w, window)
        if where:
            out.append(f"{what}: {where}")
    return out
