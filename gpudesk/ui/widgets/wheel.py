"""No silent edits: the mouse wheel changes a combo box, spin box or slider only when it has focus.

Without this, scrolling the job form with the wheel changes whatever field passes under the
pointer (billing switched to monthly unnoticed). An unfocused field passes the wheel on to the
scroll area around it, so the page scrolls instead.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QEvent, QObject, Qt
from PySide6.QtWidgets import QAbstractScrollArea, QAbstractSlider, QAbstractSpinBox, QComboBox, QWidget

_GUARDED = (QComboBox, QAbstractSpinBox, QAbstractSlider)


class _WheelGuard(QObject):
    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Wheel and isinstance(watched, QWidget) and not watched.hasFocus():
            area = watched.parentWidget()
            while area is not None and not isinstance(area, QAbstractScrollArea):
                area = area.parentWidget()
            if area is not None:  # the page scrolls instead
                QCoreApplication.sendEvent(area.viewport(), event)
            return True  # the field itself never sees it
        return False


_guard: _WheelGuard | None = None


def guard_wheel(root: QWidget) -> None:
    """Guard every combo box, spin box and slider under `root` (and `root` itself)."""
    global _guard
    if _guard is None:
        _guard = _WheelGuard()
    widgets = [root, *root.findChildren(QWidget)]
    for widget in widgets:
        if isinstance(widget, _GUARDED) and not widget.property("_gd_wheel"):
            widget.setFocusPolicy(Qt.StrongFocus)  # click or Tab focuses it; the wheel alone does not
            widget.installEventFilter(_guard)
            widget.setProperty("_gd_wheel", True)
