"""Plan: what the signed document says about itself (title, author, organisation, approvers, notes)
and the chosen configuration, which the user may also set by hand."""

from __future__ import annotations

from PySide6.QtCore import QSignalBlocker, Qt, Signal
from PySide6.QtGui import QTextCursor
from PySide6.QtWidgets import (
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from gpudesk.ui.widgets.config_picker import ConfigPicker
from gpudesk.ui.i18n import translator
from gpudesk.ui.widgets.page import Retranslated, hint_label, scroll_page, set_field_texts, set_texts


_tr = translator("PlanPage")  # the page's own context (as self.tr)


def fact_texts() -> dict[str, tuple[str, str]]:
    """The plan facts' field names and tooltips."""
    return {
        "title": (_tr("Title"), _tr("The plan's title on the cover; follows the job and the choice until you edit it")),
        "author": (_tr("Prepared by"), _tr("Who wrote the plan (printed on the cover and the sign-off)")),
        "organisation": (_tr("Organisation"), _tr("Company or lab, printed on the cover and in the page header")),
        "approvers": (
            _tr("Reviewers and approvers"),
            _tr("One name per line, in signing order: reviewers first, the approver last"),
        ),
        "notes": (_tr("Notes"), _tr("Anything the reader should know (printed with the plan)")),
    }


class PlanPage(Retranslated, QScrollArea):
    fact_edited = Signal(str, object)  # fact name, new value (approvers: a list of names)
    auto_title_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._loading = False
        self._setup_ui()
        self.retranslate_ui()

    def _setup_ui(self) -> None:
        layout = scroll_page(self, 8)

        self.facts_box = QGroupBox()
        form = QFormLayout(self.facts_box)
        form.setFieldGrowthPolicy(QFormLayout.AllNonFixedFieldsGrow)
        self.fact_labels: dict[str, QLabel] = {}
        title_row = QHBoxLayout()
        self.title_edit = QLineEdit()
        self.title_edit.textEdited.connect(lambda text: self._emit("title", text))
        self.auto_title_button = QPushButton()
        self.auto_title_button.clicked.connect(self.auto_title_requested)
        title_row.addWidget(self.title_edit, 1)
        title_row.addWidget(self.auto_title_button)
        self.title_state = hint_label(wrap=False)
        self.author_edit = QLineEdit()
        self.author_edit.textEdited.connect(lambda text: self._emit("author", text))
        self.organisation_edit = QLineEdit()
        self.organisation_edit.textEdited.connect(lambda text: self._emit("organisation", text))
        self.approvers_edit = QPlainTextEdit()
        self.approvers_edit.setFixedHeight(4 * self.approvers_edit.fontMetrics().lineSpacing() + 12)
        self.approvers_edit.textChanged.connect(lambda: self._emit("approvers", self.approvers()))
        self.notes_edit = QPlainTextEdit()
        self.notes_edit.setFixedHeight(6 * self.notes_edit.fontMetrics().lineSpacing() + 12)
        self.notes_edit.textChanged.connect(lambda: self._emit("notes", self.notes_edit.toPlainText()))
        from gpudesk.core.limits import TEXT_LIMITS

        for name, line in (
            ("title", self.title_edit),
            ("author", self.author_edit),
            ("organisation", self.organisation_edit),
        ):
            line.setMaxLength(TEXT_LIMITS[name])  # the limits plan files and the CLI enforce (core.limits)
        for key, field in (
            ("title", title_row),
            ("title_state", self.title_state),
            ("author", self.author_edit),
            ("organisation", self.organisation_edit),
            ("approvers", self.approvers_edit),
            ("notes", self.notes_edit),
        ):
            if key == "title_state":
                form.addRow("", field)
                continue
            lab = QLabel()
            self.fact_labels[key] = lab
            lab.setBuddy(self.title_edit if key == "title" else field)
            form.addRow(lab, field)
        layout.addWidget(self.facts_box)

        self.config_box = QGroupBox()
        box = QVBoxLayout(self.config_box)
        self.choice_label = QLabel()
        self.choice_label.setObjectName("plan_choice")
        self.choice_label.setWordWrap(True)
        self.choice_label.setTextFormat(Qt.RichText)
        box.addWidget(self.choice_label)
        self.picker_hint = hint_label()
        box.addWidget(self.picker_hint)
        self.picker = ConfigPicker()
        box.addWidget(self.picker)
        layout.addWidget(self.config_box)
        layout.addStretch(1)

    def retranslate_ui(self) -> None:
        set_field_texts(self.fact_labels, fact_texts())
        set_texts(
            self,
            {
                "facts_box": self.tr("Plan facts"),
                "config_box": self.tr("Configuration"),
                "title_edit": self.tr("Set automatically from the job and the choice"),
                "author_edit": self.tr("Your name"),
                "organisation_edit": self.tr("Company or lab"),
                "approvers_edit": self.tr("Reviewer\nApprover"),
                "auto_title_button": (
                    self.tr("Automatic title"),
                    self.tr("Let the title follow the job and the choice again"),
                ),
                "picker_hint": self.tr(
                    "Pick a GPU, a count, an offer and a layout to see the engine's answer for "
                    "exactly that; “Use this configuration” makes it the plan's choice."
                ),
            },
        )
        self._show_title_state(getattr(self, "_title_auto", True))

    # --- data in ----------------------------------------------------------------------------

    def show_plan(self, plan, *, title_auto: bool) -> None:
        """Show the plan's facts without emitting edits (only fields that differ are touched)."""
        self._loading = True
        try:
            for edit, value in (
                (self.title_edit, plan.title),
                (self.author_edit, plan.author),
                (self.organisation_edit, plan.organisation),
            ):
                if edit.text() != value:
                    edit.setText(value)
            approvers = "\n".join(plan.approvers)
            if self.approvers() != plan.approvers:
                with QSignalBlocker(self.approvers_edit):
                    self.approvers_edit.setPlainText(approvers)
            if self.notes_edit.toPlainText() != plan.notes:
                with QSignalBlocker(self.notes_edit):
                    self.notes_edit.setPlainText(plan.notes)
        finally:
            self._loading = False
        self._show_title_state(title_auto)

    def _show_title_state(self, auto: bool) -> None:
        self._title_auto = auto
        self.auto_title_button.setEnabled(not auto)
        self.title_state.setText(
            self.tr("Automatic: follows the job and the choice")
            if auto
            else self.tr("Your own title: it no longer changes with the job")
        )

    def show_choice(self, text: str) -> None:
        self.choice_label.setText(text)

    # --- data out ---------------------------------------------------------------------------

    def approvers(self) -> list[str]:
        return [line.strip() for line in self.approvers_edit.toPlainText().splitlines() if line.strip()]

    def _emit(self, name: str, value) -> None:
        if self._loading:
            return
        if name in ("notes", "approvers"):
            value = self._within_limits(name, value)
        self.fact_edited.emit(name, value)

    def _within_limits(self, name: str, value):
        """Notes and approvers kept to core's limits, in the box itself (as a line edit's maximum length
        does), so what the plan holds is what the user sees."""
        from gpudesk.core.limits import MAX_APPROVERS, TEXT_LIMITS

        edit = self.notes_edit if name == "notes" else self.approvers_edit
        if name == "notes":
            fitted = value[: TEXT_LIMITS["notes"]]
            clipped = fitted != value
        else:
            fitted = [a[: TEXT_LIMITS["approver"]] for a in value[:MAX_APPROVERS]]
            clipped = fitted != value
        if clipped:
            with QSignalBlocker(edit):
                edit.setPlainText(fitted if name == "notes" else "\n".join(fitted))
                edit.moveCursor(QTextCursor.MoveOperation.End)
        return fitted
