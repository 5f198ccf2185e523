"""The main window: job form on the left; overview, plan, options, catalogue and checklist tabs.

The window only wires widgets to the Qt-free state model (`gpudesk.ui.state`): an edit goes to
the PlanSession (the plan, its undo history, dirtiness, autosave), the Scheduler decides when
the recommender runs on the worker thread (a newer edit cancels the running search; edits
meanwhile coalesce into one rerun), and the answer that comes back is shown everywhere at once.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSettings, Qt, QTimer, Signal
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import (
    QDockWidget,
    QLabel,
    QMainWindow,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from gpudesk import paths
from gpudesk.core import units
from gpudesk.ui.i18n import language_manager
from gpudesk.ui.labels import provider_name
from gpudesk.ui.pages.overview import OverviewPage
from gpudesk.ui.state import PlanSession, Scheduler
from gpudesk.ui.widgets.job_form import JobForm
from gpudesk.ui.window import actions
from gpudesk.ui.window.actions import TAB_KEYS
from gpudesk.ui.window.files import FilesMixin
from gpudesk.ui.window.pages import PagesMixin
from gpudesk.ui.worker import Worker
from gpudesk.ui.widgets.page import Retranslated, ask_open, attempt

AUTOSAVE_MS = 60_000
AUTOSAVE_SOON_MS = 2_000


class MainWindow(Retranslated, FilesMixin, PagesMixin, QMainWindow):
    recomputed = Signal()  # an answer was shown (a result or an error)
    plan_changed = Signal()

    def __init__(
        self, settings: QSettings | None = None, *, autosave: bool = True, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        from gpudesk.catalog import open_catalog

        self.settings = settings if settings is not None else QSettings()
        self.catalog = open_catalog()
        self.session = PlanSession(self.catalog, autosave=autosave)
        self.worker = Worker(self.catalog, self)
        self.worker.answered.connect(self._on_answer)
        self.scheduler = Scheduler(self.worker.start)
        self.last_error = ""
        self.last_recompute_s: float | None = None
        self._problems: dict[str, str] = {}  # optional fields left out of the job, with the reason
        self._form_read = False  # the form's latest values are in the session already
        self._closing = False
        self._help = None
        self._pages: dict[str, QWidget] = {}
        self._debounce = QTimer(self, singleShot=True, interval=0)  # one recompute per event-loop turn
        self._debounce.timeout.connect(self.recompute_now)
        self._autosave_timer = QTimer(self, interval=AUTOSAVE_MS)
        self._autosave_timer.timeout.connect(self.autosave)
        self._autosave_soon = QTimer(self, singleShot=True, interval=AUTOSAVE_SOON_MS)
        self._autosave_soon.timeout.connect(self.autosave)
        if autosave:
            self._autosave_timer.start()
        self._setup_ui()
        actions.build(self)
        self.retranslate_ui()
        self._fill_form()
        self.setAcceptDrops(True)
        self.setWindowIcon(QIcon(str(paths.ICONS / "gpudesk.png")))
        language_manager().language_changed.connect(self._language_changed)

    # --- compatibility with what callers read -------------------------------------------------

    @property
    def plan(self):
        return self.session.plan

    @property
    def path(self) -> Path | None:
        return self.session.path

    @property
    def dirty(self) -> bool:
        return self.session.dirty

    @dirty.setter
    def dirty(self, value: bool) -> None:  # tests and the self-test: "nothing to ask about"
        if not value:
            self.session.undo.mark_clean()
            self.session._unsaved = False
        else:
            self.session._unsaved = True

    @property
    def recommendation(self):
        answer = self.session.answer
        return answer.rec if answer is not None else None

    @property
    def busy(self) -> bool:
        return self.scheduler.busy

    def plan_choice(self):
        return None if self.session.plan is None else self.session.plan.choice

    # --- building ---------------------------------------------------------------------------

    def _setup_ui(self) -> None:
        self.resize(1400, 900)
        self.form = JobForm()
        self.form.edited.connect(self._form_edited)
        self.form.import_requested.connect(self.import_config_dialog)
        self.dock = QDockWidget()
        self.dock.setObjectName("job_dock")
        self.dock.setWidget(self.form)
        self.dock.setFeatures(
            QDockWidget.DockWidgetMovable | QDockWidget.DockWidgetFloatable | QDockWidget.DockWidgetClosable
        )
        self.dock.setMinimumWidth(300)
        self.addDockWidget(Qt.LeftDockWidgetArea, self.dock)

        self.tabs = QTabWidget()
        self.tabs.setDocumentMode(True)
        self.overview = OverviewPage()
        self.tabs.addTab(self.overview, "")
        # built on first view: start-up pays only for what the first paint shows
        for key in TAB_KEYS[1:]:
            holder = QWidget()
            holder.setLayout(QVBoxLayout())
            holder.layout().setContentsMargins(0, 0, 0, 0)
            self._pages[key + "_holder"] = holder
            self.tabs.addTab(holder, "")
        self.tabs.currentChanged.connect(self._tab_changed)
        self.setCentralWidget(self.tabs)

        self.status_verdict = QLabel()
        self.status_verdict.setObjectName("status_verdict")
        self.statusBar().addWidget(self.status_verdict, 1)
        self.status_busy = QLabel()
        self.statusBar().addPermanentWidget(self.status_busy)

    def fit_to_screen(self) -> None:
        """Never larger than the screen's free area (a 1366×768 laptop shows the whole window)."""
        screen = self.screen() or None
        if screen is None:
            return
        free = screen.availableGeometry()
        width, height = min(self.width(), free.width()), min(self.height(), free.height())
        if (width, height) != (self.width(), self.height()):
            self.resize(width, height)
            self.move(
                max(free.x(), min(self.x(), free.right() - width)), max(free.y(), min(self.y(), free.bottom() - height))
            )

    # --- translation --------------------------------------------------------------------------

    def retranslate_ui(self) -> None:
        actions.retranslate(self)
        names = actions.tab_names()
        for i, key in enumerate(TAB_KEYS):
            self.tabs.setTabText(i, names[key])
        self._update_title()
        self._update_status()

    def set_language(self, lang: str) -> None:
        language_manager().set_language(lang)
        self.settings.setValue("language", lang)

    def _language_changed(self, lang: str) -> None:
        for code, act in self.language_actions.items():
            act.setChecked(code == lang)
        if self._help is not None:
            self._help.set_language(lang)
        # core's own text (advice, notes, checklist) follows the language: ask core again
        self.form.blockSignals(True)
        self.form.retranslate_ui()
        self.form.blockSignals(False)
        self.schedule_recompute()

    # --- the form and the catalogue -----------------------------------------------------------

    def _catalog_lists(self):
        cat = self.catalog
        providers = cat.providers()
        regions = sorted({r for p in providers for r in p.regions} | {o.region for o in cat.offers() if o.region})
        return cat.models(), providers, regions

    def _fill_form(self) -> None:
        # prime every table in this thread: the worker thread then only reads cached rows
        self.catalog.gpus()
        self.catalog.servers()
        self.form.set_catalog(*self._catalog_lists())

    def catalog_changed(self) -> None:
        """The user's catalogue entries changed: reload the lists and recompute."""
        from gpudesk.catalog import open_catalog

        self.catalog = self.session.catalog = self.worker.catalog = open_catalog(refresh=True)
        self._fill_form()
        page = self._pages.get("plan")
        if page is not None:
            page.picker.set_catalog(self.catalog)
        self._refresh_quotes()
        self.schedule_recompute()

    def import_config_dialog(self) -> None:
        ask_open(
            self,
            self.tr("Import Hugging Face config.json"),
            self.tr("Model configuration (*.json)"),
            self.import_config,
        )

    def import_config(self, path: str) -> bool:
        def read() -> None:
            arch = self.form.import_config(path)
            self.statusBar().showMessage(self.tr("Imported %1").replace("%1", arch.name), 4000)

        return attempt(self, self.tr("Import config.json"), read)

    def dragEnterEvent(self, event) -> None:
        urls = event.mimeData().urls() if event.mimeData().hasUrls() else []
        if urls and urls[0].toLocalFile().lower().endswith((".json", ".gpudesk")):
            event.acceptProposedAction()

    def dropEvent(self, event) -> None:
        path = event.mimeData().urls()[0].toLocalFile()
        event.acceptProposedAction()
        if path.lower().endswith(".gpudesk"):
            self.open_plan(path)
        else:
            self.import_config(path)

    # --- edits ----------------------------------------------------------------------------------

    def _read_form(self, key: str | None = None) -> bool:
        """Take the form's job into the session (one undo step); False when a required field is bad."""
        try:
            plan = self.session.plan
            job, constraints, problems = self.form.read((plan.job, plan.constraints) if plan is not None else None)
        except Exception as exc:  # noqa: BLE001 - GpudeskError, or pydantic's ValidationError
            self._problems = {}
            self.last_error = self._validation_text(exc)
            self.scheduler.invalidate()
            self._show_error(self.last_error)
            return False
        self._problems = problems
        self.session.edit_inputs(job, constraints, key, key or "")
        return True

    def _form_edited(self, key: str) -> None:
        if key == "plan":  # a whole plan was shown: the session already holds it
            return
        if self._read_form(key):
            self._form_read = True  # the recompute this schedules need not read the form again
            self._touched()
            self.schedule_recompute()

    def _fact_edited(self, name: str, value) -> None:
        if self.session.set_fact(name, value):
            self._touched()
            self._show_plan_facts()

    def _auto_title(self) -> None:
        if self.session.use_auto_title():
            self._touched()
            self._show_plan_facts()

    def _checklist_edited(self) -> None:
        self.session.recorded("checklist")
        self._touched()

    def _touched(self, *, autosave: bool = True) -> None:
        """After any edit, undo or save: title bar, undo actions, autosave soon."""
        if autosave and self.session.dirty and self.session.autosave_enabled:
            self._autosave_soon.start()
        self._update_title()
        actions.update_undo(self)
        self.plan_changed.emit()
        self.show_notices()  # e.g. a damaged user database found by the edit's catalogue read

    def undo(self) -> None:
        if self.session.undo_step():
            self._restored()

    def redo(self) -> None:
        if self.session.redo_step():
            self._restored()

    def _restored(self) -> None:
        """An undo or redo put back an earlier state: show it (its answer at once when kept)."""
        self._show_inputs()
        self._touched()
        self._refresh_quotes()
        self._refresh_checklist()
        if self.session.answer is not None:
            self.scheduler.invalidate()  # whatever runs answers a state that is gone
            self._display()
            self.recomputed.emit()
        else:
            self.schedule_recompute()

    def _plan_shown(self) -> None:
        """A plan was opened, recovered or started afresh: show its inputs, then answer it."""
        self._show_inputs()
        self._update_status()
        self._refresh_checklist()
        self._touched(autosave=self.session.dirty)
        self.schedule_recompute()

    def _show_inputs(self) -> None:
        plan = self.session.plan
        self.form.set_values(plan.job, plan.constraints, emit=False)
        self._problems = {}
        self.last_error = ""
        self._show_plan_facts()

    # --- recomputing --------------------------------------------------------------------------

    def schedule_recompute(self) -> None:
        self._debounce.start()

    def recompute_now(self) -> None:
        """Ask the worker for the answer to the current state (the form is read first)."""
        self._debounce.stop()
        if self._closing:
            return
        fresh, self._form_read = self._form_read, False
        if not fresh and not self._read_form():
            self.recomputed.emit()
            return
        plan = self.session.plan
        self.scheduler.request(
            plan.job, plan.constraints, self.session.wanted, self.session.manual, self.session.selected_quote()
        )
        self.status_busy.setText(self.tr("computing…"))

    @staticmethod
    def _validation_text(exc: Exception) -> str:
        errors = getattr(exc, "errors", None)
        if callable(errors):
            first = errors()[0]
            return f"{'.'.join(str(p) for p in first.get('loc', ()))}: {first.get('msg')}"
        return str(exc)

    def _on_answer(self, generation: int) -> None:
        from gpudesk.core.quiet_gc import no_gc

        with no_gc():  # thousands of feasible options: the collector's passes would dominate
            self._take_answer(generation)

    def _take_answer(self, generation: int) -> None:
        answer = self.worker.take(generation)
        if answer is None or self._closing:
            return
        shown = self.scheduler.finished(answer)
        if shown is None:
            return  # stale (a newer edit's answer is on its way) or cancelled
        self.status_busy.setText("")
        self.last_recompute_s = answer.seconds
        self.last_error = answer.error
        self.session.apply_answer(answer)
        self._display()
        self.recomputed.emit()

    def _display(self, *, same_options: bool = False) -> None:
        """Show the session's current answer in every view (`same_options`: only the choice moved,
        so the options table keeps its rows and selection)."""
        answer = self.session.answer
        plan = self.session.plan
        if answer is None or answer.error:
            self._show_error(answer.error if answer is not None else self.last_error)
            return
        self.last_error = ""
        message = "" if answer.options else self.tr("No configuration fits within the constraints.")
        if self._problems:
            message = self._problem_text()
        if answer.quote_error:
            message = self.tr(
                "The selected quote's configuration cannot run this job (%1): the recommendation is shown."
            ).replace("%1", answer.quote_error)
            answer.quote_error = ""
        if answer.manual_error:
            message = self.tr(
                "The configuration set by hand no longer works (%1): the recommendation is shown."
            ).replace("%1", answer.manual_error)
            answer.manual_error = ""  # said once
        options = answer.options
        choice = plan.choice
        if same_options:
            self._options_args = (options, choice, *getattr(self, "_options_args", ([], None, None, None))[2:])
            if "options" in self._pages:
                self._pages["options"].set_chosen(choice)
        else:
            self._show_options(options, choice, self._provider_names(), getattr(answer.rec, "searched", None))
        charts = answer.charts if answer.charts is not None and answer.charts_for is answer.choice else None
        self.overview.show_result(options, answer.feasible, choice, message, charts=charts)
        self._update_status()
        self._refresh_checklist()
        self._refresh_quotes()
        self._show_plan_facts()

    def _problem_text(self) -> str:
        from gpudesk.core.i18n import colon, t

        left = t("; ", "；").join(colon(name, why) for name, why in self._problems.items())
        return self.tr("The last valid value is used until corrected — %1").replace("%1", left)

    def _show_error(self, message: str) -> None:
        self.status_busy.setText("")
        self.overview.show_result([], [], None, message)
        self._show_options([], None, None, None)
        self._update_status()

    def choose_option(self, option) -> None:
        """Make an option of the table the plan's choice (charts and status follow)."""
        if self.session.choose(option):
            self._display(same_options=True)
            self._touched()

    # --- status bar ---------------------------------------------------------------------------

    def status_text(self) -> str:
        from gpudesk.core.report.chart_data import verdict

        if self.last_error:
            return "✘ " + self.last_error
        v = verdict(self.plan_choice())
        if v.fits is None:
            return self.tr("No configuration chosen yet")
        head = ("✔ " + self.tr("Fits")) if v.fits else ("✘ " + self.tr("Does not fit"))
        from gpudesk.core.i18n import colon, t

        manual = t(" ({x})", "（{x}）", x=self.tr("set by hand")) if self.session.manual is not None else ""
        parts = [
            colon(head, v.label + manual),
            units.memory(v.total_bytes) + " / " + units.memory(v.usable_bytes),
        ]
        if v.service is None or v.days:  # training (mixed: both)
            parts += [
                units.hours(v.hours),
                units.money(v.cost, v.currency),
                self.tr("%1 with trial margin").replace("%1", units.money(v.cost_with_margin, v.currency)),
            ]
        if v.service is not None:
            parts.append(v.service)
        return " · ".join(parts)

    def _update_status(self) -> None:
        text = self.status_text()
        self.status_verdict.setText(text)
        choice = self.plan_choice()
        ok = not self.last_error and choice is not None and choice.memory.fits
        sheet = "" if ok else "color: #cc0000;"
        if self.status_verdict.styleSheet() != sheet:  # a new style sheet re-polishes and re-lays out the bar
            self.status_verdict.setStyleSheet(sheet)

    def _provider_names(self) -> dict[str, str]:
        return {p.id: provider_name(p) for p in self.catalog.providers()}

    # --- title, help, about, closing -------------------------------------------------------------

    def _update_title(self) -> None:
        name = self.session.file_name or self.tr("Untitled plan")
        self.setWindowTitle(f"{name}[*] — gpudesk")
        self.setWindowModified(self.session.dirty)

    def shutdown(self) -> None:
        """Stop the worker: the running search is cancelled and returns within milliseconds."""
        self._closing = True
        self._debounce.stop()
        self._autosave_timer.stop()
        self._autosave_soon.stop()
        self.scheduler.invalidate()
        self.worker.stop()

    def closeEvent(self, event) -> None:
        if not self.maybe_save():
            event.ignore()
            return
        self.save_layout()
        self.discard_changes()
        self.shutdown()
        if self._help is not None:
            self._help.close()
        event.accept()
