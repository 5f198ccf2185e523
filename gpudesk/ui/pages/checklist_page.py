"""Checklist: the plan's tailored acceptance and operations checklist, recorded item by item.

Keys on the table: P pass, F fail, N n/a, W waive (asks for the reason), O reopen.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPlainTextEdit,
    QProgressBar,
    QPushButton,
    QScrollArea,
    QSplitter,
    QTableView,
    QWidget,
)

from gpudesk.errors import GpudeskError
from gpudesk.ui.models.checklist_model import (
    STATUS_KEYS,
    ChecklistFilter,
    ChecklistModel,
)
from gpudesk.ui.widgets.tables import row_view
from gpudesk.ui.widgets.page import Retranslated, hint_label, labelled, page_layout, set_item_texts, set_texts


class _KeyTable(QTableView):
    status_key = Signal(str)

    def keyPressEvent(self, event) -> None:
        status = STATUS_KEYS.get(event.key())
        if status and not event.modifiers() & (Qt.ControlModifier | Qt.AltModifier):
            self.status_key.emit(status)
            return
        super().keyPressEvent(event)


class _WrappedText(QLabel):
    """A wrapped label that claims the height its text needs at its width: in the detail's form a word-wrapped
    label got its minimum (two lines) and lost the third at 1366×768 ("…written quotes on the 比价 page and
    select one" cut through); the detail scrolls instead."""

    def __init__(self) -> None:
        super().__init__()
        self.setWordWrap(True)

    def _fit(self) -> None:
        need = self.heightForWidth(self.width()) if self.text() else 0
        if need > 0 and need != self.minimumHeight():
            self.setMinimumHeight(need)

    def setText(self, text: str) -> None:  # noqa: N802 - Qt's name
        super().setText(text)
        self._fit()

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt's name
        super().resizeEvent(event)
        self._fit()


class ChecklistPage(Retranslated, QWidget):
    plan_edited = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = ChecklistModel(self)
        self.proxy = ChecklistFilter(self)
        self.proxy.setSourceModel(self.model)
        self.model.edited.connect(lambda _id: self._after_edit())
        self.who = lambda: None  # who records a result (the window asks the user's name once)
        self._setup_ui()
        self.retranslate_ui()

    def _setup_ui(self) -> None:
        from gpudesk.core.plan.checklist import PHASES

        layout = page_layout(self)
        bar = QHBoxLayout()
        self.phase_combo, self.status_combo = QComboBox(), QComboBox()
        for combo, values in (
            (self.phase_combo, (None, *PHASES)),
            (self.status_combo, ("all", "todo", "fail", "open", "pass", "waived", "n/a")),
        ):
            for value in values:
                combo.addItem("", value)  # texts set on retranslate
        self.phase_combo.currentIndexChanged.connect(lambda: self.proxy.set_phase(self.phase_combo.currentData()))
        self.status_combo.currentIndexChanged.connect(self._status_filter)
        self.phase_label = labelled(bar, self.phase_combo)
        self.status_label = labelled(bar, self.status_combo)
        bar.addStretch(1)
        layout.addLayout(bar)

        self.progress_grid = QGridLayout()
        self.progress_bars: dict[str, tuple[QLabel, QProgressBar]] = {}
        for i, phase in enumerate(PHASES):
            name = QLabel()
            progress = QProgressBar()
            progress.setTextVisible(True)
            self.progress_grid.addWidget(name, i // 2, (i % 2) * 2)
            self.progress_grid.addWidget(progress, i // 2, (i % 2) * 2 + 1)
            self.progress_bars[phase] = (name, progress)
        layout.addLayout(self.progress_grid)

        splitter = QSplitter(Qt.Vertical)
        self.table = row_view(_KeyTable(), self.proxy, sortable=False)
        self.table.setWordWrap(False)
        self.table.status_key.connect(self.set_current_status)
        self.table.selectionModel().currentRowChanged.connect(lambda *_: self._show_detail())
        splitter.addWidget(self.table)

        detail = QWidget()
        form = QFormLayout(detail)
        form.setContentsMargins(0, 4, 0, 0)
        self.detail_title = QLabel()
        self.detail_title.setWordWrap(True)
        self.detail_title.setStyleSheet("font-weight: bold;")
        form.addRow(self.detail_title)
        self.why_label, self.why = QLabel(), _WrappedText()
        self.how_label, self.how = QLabel(), _WrappedText()
        self.criterion_label, self.criterion = QLabel(), _WrappedText()
        for lab, text in (
            (self.why_label, self.why),
            (self.how_label, self.how),
            (self.criterion_label, self.criterion),
        ):
            text.setWordWrap(True)
            text.setTextInteractionFlags(Qt.TextSelectableByMouse)
            form.addRow(lab, text)
        self.notes_label = QLabel()
        self.notes_edit = QPlainTextEdit()
        self.notes_edit.setMaximumHeight(60)
        form.addRow(self.notes_label, self.notes_edit)
        self.evidence_label = QLabel()
        self.evidence_edit = QLineEdit()
        form.addRow(self.evidence_label, self.evidence_edit)
        buttons = QHBoxLayout()
        self.status_buttons = {}
        for status in ("pass", "fail", "n/a", "waived", "open"):
            button = QPushButton()
            button.clicked.connect(lambda _=False, s=status: self.set_current_status(s))
            buttons.addWidget(button)
            self.status_buttons[status] = button
        self.save_notes_button = QPushButton()
        self.save_notes_button.clicked.connect(self.save_notes)
        buttons.addStretch(1)
        buttons.addWidget(self.save_notes_button)
        form.addRow(buttons)
        # the detail scrolls when the splitter leaves it less than its text needs (1366×768: the "How"
        # text lost its third line)
        detail_area = QScrollArea()
        detail_area.setObjectName("checklist_detail")
        detail_area.setWidgetResizable(True)
        detail_area.setFrameShape(QFrame.NoFrame)
        detail_area.setWidget(detail)
        splitter.addWidget(detail_area)
        splitter.setStretchFactor(0, 3)
        splitter.setStretchFactor(1, 2)
        layout.addWidget(splitter, 1)
        self.hint = hint_label(wrap=False)
        layout.addWidget(self.hint)

    def retranslate_ui(self) -> None:
        from gpudesk.core.plan.checklist import phase_label

        self.phase_label.setText(self.tr("Phase:"))
        self.status_label.setText(self.tr("Show:"))
        self.phase_combo.setItemText(0, self.tr("All phases"))
        set_item_texts(self.phase_combo, phase_label, start=1)
        names = {
            "all": self.tr("All items"),
            "todo": self.tr("Still to do (open or failed)"),
            "fail": self.tr("Failed"),
            "open": self.tr("Open"),
            "pass": self.tr("Passed"),
            "waived": self.tr("Waived"),
            "n/a": self.tr("Not applicable"),
        }
        set_item_texts(self.status_combo, names.__getitem__)
        set_texts(
            self,
            {
                "why_label": self.tr("Why"),
                "how_label": self.tr("How"),
                "criterion_label": self.tr("Pass if"),
                "notes_label": self.tr("Notes"),
                "evidence_label": self.tr("Evidence"),
                "evidence_edit": self.tr("command output, file path, ticket number…"),
                "save_notes_button": self.tr("Save notes"),
                "hint": self.tr(
                    "Keys on the list: P pass, F fail, N not applicable, W waive (asks why), O reopen. "
                    "Results are saved in the plan."
                ),
            },
        )
        texts = {
            "pass": self.tr("&Pass (P)"),
            "fail": self.tr("&Fail (F)"),
            "n/a": self.tr("&N/A (N)"),
            "waived": self.tr("&Waive… (W)"),
            "open": self.tr("Re&open (O)"),
        }
        for status, button in self.status_buttons.items():
            button.setText(texts[status])
        self.model.refresh()
        if getattr(self, "_sized", False):
            self._fit_status_column()  # the other language's words
        self._update_progress()
        self._show_detail()

    # --- data ---------------------------------------------------------------------------------

    def set_plan(self, plan) -> None:
        current = self._current_id()
        if plan is not None and plan is self.model.plan():
            self.model.refresh()
        else:
            self.model.set_plan(plan)
        if not getattr(self, "_sized", False) and self.model.rowCount():
            self.table.resizeColumnsToContents()
            for column in range(self.model.columnCount()):
                self.table.setColumnWidth(column, min(self.table.columnWidth(column), 360))
            self._fit_status_column()
            self._sized = True
        self._select(current)
        self._update_progress()
        self._show_detail()

    def _fit_status_column(self) -> None:
        """Wide enough for every status, not only those shown when the columns were sized (a fresh
        plan is all "open": "passed" was cut to "pa…" after the first result)."""
        from gpudesk.core import units

        fm = self.table.fontMetrics()
        widest = max(fm.horizontalAdvance(units.label("status", s)) for s in ("open", "pass", "fail", "n/a", "waived"))
        header = self.table.horizontalHeader()
        need = max(
            widest + 2 * self.table.style().pixelMetric(self.table.style().PixelMetric.PM_FocusFrameHMargin) + 12,
            header.sectionSizeFromContents(0).width(),
        )
        if self.table.columnWidth(0) < need:
            self.table.setColumnWidth(0, need)

    def _status_filter(self) -> None:
        key = self.status_combo.currentData()
        self.proxy.set_statuses(None if key == "all" else ({"open", "fail"} if key == "todo" else {key}))

    def _current_row(self) -> int:
        index = self.table.currentIndex()
        return self.proxy.mapToSource(index).row() if index.isValid() else -1

    def _current_id(self) -> str | None:
        row = self._current_row()
        return self.model.item(row).id if row >= 0 else None

    def _select(self, item_id: str | None) -> None:
        row = self.model.row_of(item_id) if item_id else -1
        if row < 0:
            return
        index = self.proxy.mapFromSource(self.model.index(row, 0))
        if index.isValid():
            self.table.setCurrentIndex(index)

    def _update_progress(self) -> None:
        from gpudesk.core.plan.checklist import phase_label

        progress = self.model.progress()
        for phase, (name, bar) in self.progress_bars.items():
            counts = progress.get(phase, {})
            total = counts.get("to_check", 0)
            plan = self.model.plan() if callable(getattr(self.model, "plan", None)) else None
            name.setText(phase_label(phase, trains=plan is None or plan.job.task.trains))
            bar.setRange(0, max(total, 1))
            bar.setValue(min(counts.get("done", 0), max(total, 1)))
            fails = counts.get("fail", 0)
            bar.setFormat(
                self.tr("%1 of %2 done").replace("%1", str(counts.get("done", 0))).replace("%2", str(total))
                + (" · " + self.tr("%1 failed").replace("%1", str(fails)) if fails else "")
            )
            bar.setStyleSheet("QProgressBar::chunk { background: #cc0000; }" if fails else "")

    def _show_detail(self) -> None:
        row = self._current_row()
        enabled = row >= 0
        for w in (*self.status_buttons.values(), self.save_notes_button, self.notes_edit, self.evidence_edit):
            w.setEnabled(enabled)
        if not enabled:
            self.detail_title.setText(self.tr("Select an item to see why it matters and how to check it."))
            for w in (self.why, self.how, self.criterion):
                w.setText("")
            self.notes_edit.setPlainText("")
            self.evidence_edit.setText("")
            return
        item = self.model.item(row)
        self.detail_title.setText(item.title)
        self.why.setText(item.why)
        self.how.setText(item.how)
        self.criterion.setText(item.criterion)
        self.notes_edit.setPlainText(item.notes)
        self.evidence_edit.setText(item.evidence or "")

    # --- recording ------------------------------------------------------------------------------

    def set_current_status(self, status: str) -> bool:
        row = self._current_row()
        if row < 0:
            return False
        item = self.model.item(row)
        reason = None
        if status == "waived":
            reason, ok = QInputDialog.getText(
                self, self.tr("Waive item"), self.tr("Why is “%1” waived?").replace("%1", item.title)
            )
            if not ok or not reason.strip():
                return False
        try:
            self.model.set_status(
                row,
                status,
                reason=reason,
                note=self.notes_edit.toPlainText() or None,
                evidence=self.evidence_edit.text() or None,
                who=self.who(),
            )
        except GpudeskError as exc:
            QMessageBox.warning(self, self.tr("Checklist"), str(exc))
            return False
        return True

    def save_notes(self) -> None:
        row = self._current_row()
        if row < 0:
            return
        item = self.model.item(row)
        try:
            self.model.set_status(
                row,
                item.status,
                note=self.notes_edit.toPlainText(),
                evidence=self.evidence_edit.text() or None,
                reason=item.waiver_reason if item.status == "waived" else None,
            )
        except GpudeskError as exc:
            QMessageBox.warning(self, self.tr("Checklist"), str(exc))

    def _after_edit(self) -> None:
        self._update_progress()
        self._show_detail()
        self.plan_edited.emit()
