"""The main window: job form on the left, overview/options/catalogue/checklist tabs in the centre.

Data flows one way: form -> (coalesced) recommender on a worker thread -> options, charts,
status bar. One computation at a time: edits made while it runs are answered by one more run
started as soon as it ends (its now-stale answer is not drawn), so typing never waits.
"""

from __future__ import annotations

import threading
import time
from pathlib import Path

from PySide6.QtCore import (
    QEvent,
    QObject,
    QRunnable,
    QSettings,
    Qt,
    QThreadPool,
    QTimer,
    Signal,
)
from PySide6.QtGui import QAction, QActionGroup, QIcon, QKeySequence
from PySide6.QtWidgets import (
    QApplication,
    QDockWidget,
    QFileDialog,
    QLabel,
    QMainWindow,
    QMessageBox,
    QStyle,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from gpudesk import __version__, paths
from gpudesk.errors import GpudeskError
from gpudesk.ui import fmt
from gpudesk.ui.i18n import LANGUAGES, language_manager
from gpudesk.ui.pages.overview import OverviewPage
from gpudesk.ui.widgets.job_form import JobForm

# Edits made in one event-loop turn (a form being filled, a keystroke's several signals) make one
# recompute; the recommender runs off the GUI thread, so nothing waits for a pause in typing.
DEBOUNCE_MS = 0
AUTOSAVE_MS = 60_000
MAX_RECENT = 8
PLAN_FILTER_EN = "gpudesk plan (*.gpudesk)"


class _WorkerSignals(QObject):
    # Only the generation crosses threads: passing Python objects through queued signals
    # trips a reference-count bug in PySide 6 at exit; the answer waits in `results`.
    done = Signal(int)

    def __init__(self) -> None:
        super().__init__()
        self.results: dict[int, tuple] = {}
        self.lock = threading.Lock()

    def post(self, generation: int, rec, error: str, seconds: float) -> None:
        with self.lock:
            self.results[generation] = (rec, error, seconds)
        self.done.emit(generation)

    def take(self, generation: int):
        with self.lock:
            return self.results.pop(generation, None)


class _RecommendTask(QRunnable):
    """Runs the recommender off the GUI thread; the result goes back through a queued signal."""

    def __init__(self, generation: int, job, constraints, catalog, signals: _WorkerSignals, wanted=None) -> None:
        super().__init__()
        self.generation, self.job, self.constraints, self.catalog, self.signals = (
            generation, job, constraints, catalog, signals)
        self.wanted = wanted  # the configuration the plan chose: kept even when it leaves the top N

    def run(self) -> None:
        start = time.perf_counter()
        try:
            from gpudesk.core.rules import same_configuration
            from gpudesk.core.search import evaluate, recommend

            rec = recommend(self.job, self.constraints, self.catalog)
            rec.feasible  # noqa: B018 - built here, not on the GUI thread when the charts ask for it
            chosen = None
            if self.wanted is not None:
                chosen = next((o for o in rec.options if same_configuration(o, self.wanted)), None)
                if chosen is None:
                    try:
                        chosen = evaluate(self.job, self.catalog, self.wanted.gpu, self.wanted.gpus,
                                          offer_id=self.wanted.offer, constraints=self.constraints)
                    except GpudeskError:
                        chosen = None  # no longer possible (offer gone): take the top one
                if chosen is not None and not chosen.memory.fits:
                    chosen = None  # the edited job outgrew it: the top option is the better answer
            self.signals.post(self.generation, (rec, chosen), "", time.perf_counter() - start)
        except GpudeskError as exc:
            self.signals.post(self.generation, None, str(exc), time.perf_counter() - start)
        except Exception as exc:  # noqa: BLE001 - shown to the user, never a crash of the window
            self.signals.post(self.generation, None, f"{type(exc).__name__}: {exc}", time.perf_counter() - start)


class MainWindow(QMainWindow):
    recomputed = Signal()  # a recompute finished (with a result or an error)
    plan_changed = Signal()

    def __init__(self, settings: QSettings | None = None, *, autosave: bool = True,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        from gpudesk.catalog import open_catalog

        self.settings = settings if settings is not None else QSettings()
        self.catalog = open_catalog()
        self.plan = None  # gpudesk.core.plan.Plan
        self.path: Path | None = None
        self.dirty = False
        self.recommendation = None
        self.last_error = ""
        self.last_recompute_s: float | None = None
        self.busy = False
        self._wanted = None  # the configuration the user picked, kept across recomputes
        self._generation = 0
        self._rerun = False  # the form changed while the recommender was busy
        self._pool = QThreadPool(self)
        self._pool.setMaxThreadCount(1)
        self._pool.setExpiryTimeout(-1)
        self._signals = _WorkerSignals()
        self._signals.done.connect(self._on_result)
        self._debounce = QTimer(self, singleShot=True, interval=DEBOUNCE_MS)
        self._debounce.timeout.connect(self.recompute_now)
        self._autosave_enabled = autosave
        self._autosave_timer = QTimer(self, interval=AUTOSAVE_MS)
        self._autosave_timer.timeout.connect(self.autosave)
        self._autosave_soon = QTimer(self, singleShot=True, interval=2000)
        self._autosave_soon.timeout.connect(self.autosave)
        if autosave:
            self._autosave_timer.start()
        self._pages: dict[str, QWidget] = {}
        self._setup_ui()
        self._setup_actions()
        self.retranslate_ui()
        self._fill_form()
        self.dirty = False  # filling the form is not an edit: nothing to save yet
        self._update_title()
        self.setAcceptDrops(True)
        self.setWindowIcon(QIcon(str(paths.ICONS / "gpudesk.png")))
        language_manager().language_changed.connect(self._language_changed)

    # --- building ---------------------------------------------------------------------------

    def _setup_ui(self) -> None:
        self.resize(1400, 900)
        self.form = JobForm()
        self.form.edited.connect(self._form_edited)
        self.form.import_requested.connect(self.import_config_dialog)
        self.dock = QDockWidget()
        self.dock.setObjectName("job_dock")
        self.dock.setWidget(self.form)
        self.dock.setFeatures(QDockWidget.DockWidgetMovable | QDockWidget.DockWidgetFloatable
                              | QDockWidget.DockWidgetClosable)
        self.dock.setMinimumWidth(330)
        self.addDockWidget(Qt.LeftDockWidgetArea, self.dock)

        self.tabs = QTabWidget()
        self.tabs.setDocumentMode(True)
        self.overview = OverviewPage()
        self.tabs.addTab(self.overview, "")
        # built on first view: start-up pays only for what the first paint shows
        self._options_page = None
        self._options_args = ([], None, None, None)  # what the options table shows once built
        for key in ("options", "catalogue", "checklist"):
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

    def _action(self, handler, shortcut=None, icon=None) -> QAction:
        action = QAction(self)
        if shortcut is not None:
            action.setShortcut(shortcut)
        if icon is not None:
            action.setIcon(icon)
        action.triggered.connect(handler)
        return action

    def _icon(self, name: str, fallback) -> QIcon:
        file = paths.ICONS / f"{name}.png"
        return QIcon(str(file)) if file.exists() else self.style().standardIcon(fallback)

    def _setup_actions(self) -> None:
        a = self.actions_by_name = {}
        a["new"] = self._action(self.new_plan, QKeySequence.New, self._icon("new", QStyle.SP_FileIcon))
        a["open"] = self._action(self.open_plan_dialog, QKeySequence.Open, self._icon("open", QStyle.SP_DialogOpenButton))
        a["save"] = self._action(self.save, QKeySequence.Save, self._icon("save", QStyle.SP_DialogSaveButton))
        a["save_as"] = self._action(self.save_as, QKeySequence("Ctrl+Shift+S"))
        a["import"] = self._action(self.import_config_dialog, QKeySequence("Ctrl+I"))
        a["pdf"] = self._action(self.export_pdf, QKeySequence("Ctrl+P"), self._icon("pdf", QStyle.SP_FileDialogDetailedView))
        a["preview"] = self._action(self.print_preview, QKeySequence("Ctrl+Shift+P"))
        a["quit"] = self._action(self.close, QKeySequence("Ctrl+Q"))
        a["recompute"] = self._action(self.recompute_now, QKeySequence(Qt.Key_F5), self._icon("recompute", QStyle.SP_BrowserReload))
        a["show_form"] = self.dock.toggleViewAction()
        a["about"] = self._action(self.about)
        a["about_qt"] = self._action(QApplication.aboutQt)
        tab_keys = ("tab_overview", "tab_options", "tab_catalogue", "tab_checklist")
        for i, key in enumerate(tab_keys):
            a[key] = self._action(lambda _=False, i=i: self.tabs.setCurrentIndex(i), QKeySequence(f"Ctrl+{i + 1}"))

        bar = self.menuBar()
        self.file_menu = bar.addMenu("")
        for key in ("new", "open"):
            self.file_menu.addAction(a[key])
        self.recent_menu = self.file_menu.addMenu("")
        self.recent_menu.aboutToShow.connect(self._fill_recent)
        for key in ("save", "save_as"):
            self.file_menu.addAction(a[key])
        self.file_menu.addSeparator()
        self.file_menu.addAction(a["import"])
        self.file_menu.addAction(a["pdf"])
        self.file_menu.addAction(a["preview"])
        self.file_menu.addSeparator()
        self.file_menu.addAction(a["quit"])
        self.view_menu = bar.addMenu("")
        self.view_menu.addAction(a["show_form"])
        self.view_menu.addSeparator()
        for key in tab_keys:
            self.view_menu.addAction(a[key])
        self.view_menu.addSeparator()
        self.view_menu.addAction(a["recompute"])
        self.language_menu = bar.addMenu("")
        group = QActionGroup(self)
        self.language_actions = {}
        for code, name in LANGUAGES.items():
            act = QAction(name, self, checkable=True)
            act.setData(code)
            act.triggered.connect(lambda _=False, c=code: self.set_language(c))
            group.addAction(act)
            self.language_menu.addAction(act)
            self.language_actions[code] = act
        self.language_actions[language_manager().language].setChecked(True)
        self.help_menu = bar.addMenu("")
        self.help_menu.addAction(a["about"])
        self.help_menu.addAction(a["about_qt"])

        self.toolbar = self.addToolBar("")
        self.toolbar.setObjectName("main_toolbar")
        self.toolbar.setToolButtonStyle(Qt.ToolButtonTextBesideIcon)
        for key in ("new", "open", "save", "pdf", "recompute"):
            self.toolbar.addAction(a[key])

    # --- translation --------------------------------------------------------------------------

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.LanguageChange:
            self.retranslate_ui()
        super().changeEvent(event)

    def retranslate_ui(self) -> None:
        a = self.actions_by_name
        texts = {
            "new": (self.tr("&New plan"), self.tr("Start a new plan from the default job")),
            "open": (self.tr("&Open…"), self.tr("Open a .gpudesk plan file")),
            "save": (self.tr("&Save"), self.tr("Save the plan")),
            "save_as": (self.tr("Save &As…"), self.tr("Save the plan under a new name")),
            "import": (self.tr("&Import config.json…"), self.tr("Read a Hugging Face model configuration")),
            "pdf": (self.tr("Export &PDF…"), self.tr("Write the plan as a PDF for sign-off")),
            "preview": (self.tr("Print pre&view…"), self.tr("Preview the plan document and print it")),
            "quit": (self.tr("&Quit"), self.tr("Close gpudesk")),
            "recompute": (self.tr("&Recompute"), self.tr("Run the recommender again now")),
            "about": (self.tr("&About gpudesk"), ""),
            "about_qt": (self.tr("About &Qt"), ""),
            "tab_overview": (self.tr("&Overview"), ""),
            "tab_options": (self.tr("O&ptions"), ""),
            "tab_catalogue": (self.tr("&Catalogue"), ""),
            "tab_checklist": (self.tr("Chec&klist"), ""),
        }
        for key, (text, tip) in texts.items():
            a[key].setText(text)
            a[key].setStatusTip(tip)
            a[key].setToolTip(tip or text.replace("&", ""))
        a["show_form"].setText(self.tr("&Job form"))
        self.file_menu.setTitle(self.tr("&File"))
        self.recent_menu.setTitle(self.tr("Open &Recent"))
        self.view_menu.setTitle(self.tr("&View"))
        self.language_menu.setTitle(self.tr("&Language"))
        self.help_menu.setTitle(self.tr("&Help"))
        self.toolbar.setWindowTitle(self.tr("Main toolbar"))
        self.dock.setWindowTitle(self.tr("Job"))
        for i, name in enumerate((self.tr("Overview"), self.tr("Options"), self.tr("Catalogue"), self.tr("Checklist"))):
            self.tabs.setTabText(i, name)
        self._update_title()
        self._update_status()

    def set_language(self, lang: str) -> None:
        language_manager().set_language(lang)
        self.settings.setValue("language", lang)

    def _language_changed(self, lang: str) -> None:
        for code, act in self.language_actions.items():
            act.setChecked(code == lang)
        # core's own text (advice, notes, checklist) follows the language: ask core again
        self._fill_form_presets_only()
        self.schedule_recompute()

    # --- the form and the catalogue -----------------------------------------------------------

    def _catalog_lists(self):
        cat = self.catalog
        providers = cat.providers()
        regions = sorted({r for p in providers for r in p.regions} | {o.region for o in cat.offers() if o.region})
        return cat.models(), providers, regions

    def _fill_form(self) -> None:
        self.form.set_catalog(*self._catalog_lists())
        # prime every table in this thread: the worker thread then only reads cached rows
        self.catalog.gpus()
        self.catalog.servers()

    def _fill_form_presets_only(self) -> None:
        self.form.blockSignals(True)
        self.form._retranslate_models()
        self.form.blockSignals(False)

    def catalog_changed(self) -> None:
        """The user's catalogue entries changed: reload the lists and recompute."""
        from gpudesk.catalog import open_catalog

        self.catalog = open_catalog(refresh=True)
        self._fill_form()
        self.schedule_recompute()

    def import_config_dialog(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, self.tr("Import Hugging Face config.json"), "",
                                              self.tr("Model configuration (*.json)"))
        if path:
            self.import_config(path)

    def import_config(self, path: str) -> bool:
        try:
            arch = self.form.import_config(path)
        except GpudeskError as exc:
            QMessageBox.warning(self, self.tr("Import config.json"), str(exc))
            return False
        self.statusBar().showMessage(self.tr("Imported %1").replace("%1", arch.name), 4000)
        return True

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

    # --- recomputing --------------------------------------------------------------------------

    def _form_edited(self) -> None:
        self._set_dirty(True)
        self.schedule_recompute()

    def schedule_recompute(self) -> None:
        self._debounce.start()

    def recompute_now(self) -> None:
        """Send the form's job to the recommender (off the GUI thread); stale answers are dropped."""
        self._debounce.stop()
        if self.busy:
            self._rerun = True  # asked again as soon as the running computation ends
            return
        self._rerun = False
        self._generation += 1
        try:
            job, constraints = self.form.job_and_constraints()
        except GpudeskError as exc:
            self.last_error = str(exc)
            self.busy = False
            self._show_error(str(exc))
            self.recomputed.emit()
            return
        except Exception as exc:  # noqa: BLE001 - pydantic ValidationError from an odd combination
            self.last_error = self._validation_text(exc)
            self.busy = False
            self._show_error(self.last_error)
            self.recomputed.emit()
            return
        self._pending = (job, constraints)
        self.busy = True
        self.status_busy.setText(self.tr("computing…"))
        self._pool.start(_RecommendTask(self._generation, job, constraints, self.catalog, self._signals, self._wanted))

    @staticmethod
    def _validation_text(exc: Exception) -> str:
        errors = getattr(exc, "errors", None)
        if callable(errors):
            first = errors()[0]
            return f"{'.'.join(str(p) for p in first.get('loc', ()))}: {first.get('msg')}"
        return str(exc)

    def _on_result(self, generation: int) -> None:
        result = self._signals.take(generation)
        if result is None or generation != self._generation:
            return  # an older edit's answer: a newer one is on its way
        if self._rerun:  # the form changed meanwhile: this answer is stale, ask again now
            self.busy = False
            self.recompute_now()
            return
        answer, error, seconds = result
        rec, evaluated = answer if answer is not None else (None, None)
        self.busy = False
        self.status_busy.setText("")
        self.last_recompute_s = seconds
        job, constraints = self._pending
        if rec is None:
            self.last_error = error
            self.recommendation = None
            self._apply(job, constraints, [], [], None, error)
            self.recomputed.emit()
            return
        self.last_error = ""
        self.recommendation = rec
        chosen = evaluated or (rec.options[0] if rec.options else None)
        message = "" if rec.options else self.tr("No configuration fits within the constraints.")
        self._apply(job, constraints, rec.options, rec.feasible, chosen, message)
        self.recomputed.emit()

    @staticmethod
    def _match(options, wanted):
        from gpudesk.core.rules import same_configuration

        if wanted is None:
            return None
        for option in options:
            if same_configuration(option, wanted):
                return option
        return None

    def _apply(self, job, constraints, options, feasible, chosen, message: str) -> None:
        from gpudesk.core import plan as plan_mod

        if self.plan is None:
            self.plan = plan_mod.Plan(job=job, constraints=constraints)
        else:
            self.plan.job = job
            self.plan.constraints = constraints
        self._set_choice(chosen, options)
        self._show_options(options, chosen, self._provider_names(), getattr(self.recommendation, "searched", None))
        self.overview.show_result(options, feasible, chosen, message)
        self._update_status()
        self._refresh_checklist()

    def _set_choice(self, chosen, options) -> None:
        from gpudesk.core import plan as plan_mod
        from gpudesk.core.rules import same_configuration

        plan_mod.set_choice(self.plan, chosen, self.catalog)
        self.plan.alternatives = [o for o in options if not same_configuration(o, chosen)][:plan_mod.ALTERNATIVES_KEPT]
        if chosen is not None and not self.plan.title:
            self.plan.title = plan_mod.default_title(self.plan.job, chosen)

    def _provider_names(self) -> dict[str, str]:
        from gpudesk.core.i18n import current_language

        zh = current_language() == "zh_CN"
        return {p.id: ((p.name_zh or p.name_en) if zh else (p.name_en or p.name_zh)) or p.id
                for p in self.catalog.providers()}

    def choose_option(self, option) -> None:
        """Make an option of the table the plan's choice (charts and status follow)."""
        if self.plan is None or option is None:
            return
        from gpudesk.core.rules import same_configuration

        if same_configuration(option, self.plan.choice):
            return
        self._wanted = option
        options = self.recommendation.options if self.recommendation else [option]
        feasible = self.recommendation.feasible if self.recommendation else [option]
        self._set_choice(option, options)
        self._options_args = (self._options_args[0], option, *self._options_args[2:])
        if self._options_page is not None:
            self._options_page.set_chosen(option)
        self.overview.show_result(options, feasible, option)
        self._update_status()
        self._refresh_checklist()
        self._set_dirty(True)

    def plan_choice(self):
        return None if self.plan is None else self.plan.choice

    def _show_error(self, message: str) -> None:
        self.status_busy.setText("")
        self.overview.show_result([], [], None, message)
        self._show_options([], None, None, None)
        self._update_status()

    # --- status bar ---------------------------------------------------------------------------

    def status_text(self) -> str:
        from gpudesk.core.report.chart_data import verdict

        if self.last_error:
            return "✘ " + self.last_error
        v = verdict(self.plan_choice())
        if v.fits is None:
            return self.tr("No configuration chosen yet")
        head = ("✔ " + self.tr("Fits")) if v.fits else ("✘ " + self.tr("Does not fit"))
        return " · ".join([f"{head}: {v.label}", fmt.gib(v.total_gib) + " / " + fmt.gib(v.usable_gib),
                           fmt.days(v.days), fmt.money(v.cost, v.currency),
                           self.tr("%1 with trial margin").replace("%1", fmt.money(v.cost_with_margin, v.currency))])

    def _update_status(self) -> None:
        text = self.status_text()
        self.status_verdict.setText(text)
        ok = not self.last_error and self.plan_choice() is not None and self.plan_choice().memory.fits
        sheet = "" if ok else "color: #cc0000;"
        if self.status_verdict.styleSheet() != sheet:  # a new style sheet re-polishes and re-lays out the bar
            self.status_verdict.setStyleSheet(sheet)

    # --- lazy pages ---------------------------------------------------------------------------

    def _show_options(self, options, chosen, provider_names, searched) -> None:
        self._options_args = (options, chosen, provider_names, searched)
        if self._options_page is not None:
            self._options_page.set_options(*self._options_args)

    @property
    def options_page(self):
        """The Options tab, built (and filled with the current answer) on first use."""
        if self._options_page is None:
            from gpudesk.ui.pages.options_page import OptionsPage

            page = self._options_page = OptionsPage()
            page.set_options(*self._options_args)
            page.option_chosen.connect(self.choose_option)
            self._pages["options_holder"].layout().addWidget(page)
        return self._options_page

    def _tab_changed(self, index: int) -> None:
        if index == 1:
            self.options_page  # noqa: B018 - built on first view
        elif index == 2:
            self.catalogue_page()
        elif index == 3:
            page = self.checklist_page()
            if getattr(self, "_checklist_stale", False):
                page.set_plan(self.plan)
                self._checklist_stale = False

    def catalogue_page(self):
        page = self._pages.get("catalogue")
        if page is None:
            from gpudesk.ui.pages.catalogue_page import CataloguePage

            page = self._pages["catalogue"] = CataloguePage(self.catalog)
            page.catalog_edited.connect(self.catalog_changed)
            self._pages["catalogue_holder"].layout().addWidget(page)
        return page

    def checklist_page(self):
        page = self._pages.get("checklist")
        if page is None:
            from gpudesk.ui.pages.checklist_page import ChecklistPage

            page = self._pages["checklist"] = ChecklistPage()
            page.plan_edited.connect(lambda: self._set_dirty(True))
            self._pages["checklist_holder"].layout().addWidget(page)
            page.set_plan(self.plan)
        return page

    def _refresh_checklist(self) -> None:
        page = self._pages.get("checklist")
        if page is None:
            return
        if page.isVisible():
            page.set_plan(self.plan)
            self._checklist_stale = False
        else:
            self._checklist_stale = True  # re-tailored when its tab is shown, not on every keystroke

    # --- plan files ---------------------------------------------------------------------------

    def _plan_filter(self) -> str:
        return self.tr("gpudesk plan (*.gpudesk)")

    def _set_dirty(self, dirty: bool) -> None:
        if dirty and self.plan is not None and self._autosave_enabled:
            self._autosave_soon.start()
        if dirty != self.dirty:
            self.dirty = dirty
            self._update_title()
        self.plan_changed.emit()

    def _update_title(self) -> None:
        name = self.path.name if self.path else self.tr("Untitled plan")
        self.setWindowTitle(f"{name}[*] — gpudesk")
        self.setWindowModified(self.dirty)

    def maybe_save(self) -> bool:
        """Ask before losing unsaved changes; False means the user cancelled."""
        if not self.dirty or self.plan is None:
            return True
        answer = QMessageBox.question(
            self, self.tr("Unsaved changes"),
            self.tr("The plan has unsaved changes. Save them first?"),
            QMessageBox.Save | QMessageBox.Discard | QMessageBox.Cancel, QMessageBox.Save)
        if answer == QMessageBox.Save:
            return self.save()
        return answer == QMessageBox.Discard

    def discard_changes(self) -> None:
        from gpudesk.core import plan as plan_mod

        if self._autosave_enabled:
            plan_mod.discard_autosave(self.path)
        self.dirty = False

    def start_up(self) -> None:
        """After the first paint: offer to recover a crashed session, else compute the default job."""
        if not self.offer_recovery():
            self.schedule_recompute()

    def offer_recovery(self) -> bool:
        from gpudesk.core import plan as plan_mod

        found = plan_mod.find_recoverable()
        if not found:
            return False
        newest = found[0]
        answer = QMessageBox.question(
            self, self.tr("Recover unsaved plan"),
            self.tr("gpudesk closed without saving “%1” (autosaved %2). Recover it?")
            .replace("%1", newest.title or (newest.original or self.tr("Untitled plan")))
            .replace("%2", newest.saved_at),
            QMessageBox.Yes | QMessageBox.No, QMessageBox.Yes)
        if answer != QMessageBox.Yes:
            for item in found:
                item.autosave.unlink(missing_ok=True)
            return False
        try:
            plan = plan_mod.load_autosave(newest.autosave)
        except GpudeskError as exc:
            QMessageBox.warning(self, self.tr("Recover unsaved plan"), str(exc))
            return False
        self._show_plan(plan, Path(newest.original) if newest.original else None)
        newest.autosave.unlink(missing_ok=True)
        self._set_dirty(True)
        return True

    def autosave(self) -> None:
        if not (self._autosave_enabled and self.dirty and self.plan is not None):
            return
        from gpudesk.core import plan as plan_mod

        try:
            plan_mod.write_autosave(self.plan, self.path)
        except OSError as exc:
            self.statusBar().showMessage(self.tr("Autosave failed: %1").replace("%1", str(exc)), 5000)

    def new_plan(self) -> None:
        if not self.maybe_save():
            return
        from gpudesk.core import plan as plan_mod

        if self._autosave_enabled:
            plan_mod.discard_autosave(self.path)
        self.plan = None
        self.path = None
        self._wanted = None
        form = JobForm()  # defaults live in the form: take them from a fresh one
        form.set_catalog(*self._catalog_lists())
        job, constraints = form.job_and_constraints()
        form.deleteLater()
        self.form.set_values(job, constraints)
        self._set_dirty(False)
        self._update_title()

    def open_plan_dialog(self) -> None:
        if not self.maybe_save():
            return
        start = str(self.path.parent) if self.path else str(Path.home())
        path, _ = QFileDialog.getOpenFileName(self, self.tr("Open plan"), start, self._plan_filter())
        if path:
            self.open_plan(path, ask=False)

    def open_plan(self, path: str | Path, *, ask: bool = True) -> bool:
        from gpudesk.core import plan as plan_mod

        if ask and not self.maybe_save():
            return False
        try:
            plan = plan_mod.load_plan(path)
        except GpudeskError as exc:
            QMessageBox.warning(self, self.tr("Open plan"), str(exc))
            return False
        self._show_plan(plan, Path(path))
        self._add_recent(Path(path))
        self._set_dirty(False)
        return True

    def _show_plan(self, plan, path: Path | None) -> None:
        """Show a plan as saved (its choice and alternatives), then recompute with today's catalogue."""
        self.plan = plan
        self.path = path
        self._wanted = plan.choice
        self.form.blockSignals(True)
        self.form.set_values(plan.job, plan.constraints)
        self.form.blockSignals(False)
        # the charts and the table wait for the recompute (a frame or two): drawn once, not twice
        self.last_error = ""
        self._update_status()
        self._refresh_checklist()
        self._update_title()
        self.schedule_recompute()

    def load_sample_plan(self) -> str | None:
        """The self-test's plan: the first bundled sample, or the form's defaults when none is found."""
        for folder in (paths.ROOT / "samples", paths.RESOURCES / "samples"):
            for file in sorted(folder.glob("*.gpudesk")) if folder.is_dir() else []:
                if self.open_plan(file, ask=False):
                    return str(file)
        return None

    def save(self) -> bool:
        if self.path is None:
            return self.save_as()
        return self.save_to(self.path)

    def save_as(self) -> bool:
        default = str(self.path) if self.path else str(Path.home() / "plan.gpudesk")
        path, _ = QFileDialog.getSaveFileName(self, self.tr("Save plan as"), default, self._plan_filter())
        if not path:
            return False
        if not path.endswith(".gpudesk"):
            path += ".gpudesk"
        return self.save_to(Path(path))

    def save_to(self, path: Path) -> bool:
        from gpudesk.core import plan as plan_mod

        if self.plan is None:
            QMessageBox.information(self, self.tr("Save plan"), self.tr("Nothing to save yet: the job is still being computed."))
            return False
        old = self.path
        try:
            plan_mod.save_plan(self.plan, path)
        except (GpudeskError, OSError) as exc:
            QMessageBox.warning(self, self.tr("Save plan"), str(exc))
            return False
        if self._autosave_enabled:
            plan_mod.discard_autosave(old)
            plan_mod.discard_autosave(path)
        self.path = Path(path)
        self._add_recent(self.path)
        self._set_dirty(False)
        self._update_title()
        self.statusBar().showMessage(self.tr("Saved %1").replace("%1", str(path)), 4000)
        return True

    def print_preview(self) -> None:
        """The sign-off document in Qt's print preview (print from there)."""
        if self.plan is None or self.plan.choice is None:
            QMessageBox.information(self, self.tr("Print preview"), self.tr("Choose a configuration first."))
            return
        from PySide6.QtPrintSupport import QPrinter, QPrintPreviewDialog

        from gpudesk import report

        printer = QPrinter(QPrinter.HighResolution)
        dialog = QPrintPreviewDialog(printer, self)
        dialog.setWindowTitle(self.tr("Print preview"))
        plan, lang = self.plan, language_manager().language

        def paint(target) -> None:
            try:
                report.render_to_printer(plan, target, lang)
            except (GpudeskError, OSError) as exc:
                QMessageBox.warning(self, self.tr("Print preview"), str(exc))

        dialog.paintRequested.connect(paint)
        dialog.exec()

    def export_pdf(self, path: str | None = None) -> str | None:
        if self.plan is None or self.plan.choice is None:
            QMessageBox.information(self, self.tr("Export PDF"), self.tr("Choose a configuration first."))
            return None
        try:
            from gpudesk import report
        except ImportError:
            report = None
        export = getattr(report, "export_pdf", None)
        if export is None:
            QMessageBox.information(self, self.tr("Export PDF"), self.tr("PDF export is not available in this build."))
            return None
        if not path:
            default = str((self.path or Path.home() / "plan").with_suffix(".pdf"))
            path, _ = QFileDialog.getSaveFileName(self, self.tr("Export PDF"), default, self.tr("PDF document (*.pdf)"))
            if not path:
                return None
        try:
            export(self.plan, path, lang=language_manager().language)
        except (GpudeskError, OSError) as exc:
            QMessageBox.warning(self, self.tr("Export PDF"), str(exc))
            return None
        self.statusBar().showMessage(self.tr("Wrote %1").replace("%1", path), 5000)
        return path

    # --- recent files and window state ----------------------------------------------------------

    def recent_files(self) -> list[str]:
        value = self.settings.value("recent", [])
        if isinstance(value, str):
            value = [value]
        return [v for v in (value or []) if v]

    def _add_recent(self, path: Path) -> None:
        name = str(Path(path).resolve())
        recent = [name] + [p for p in self.recent_files() if p != name]
        self.settings.setValue("recent", recent[:MAX_RECENT])

    def _fill_recent(self) -> None:
        self.recent_menu.clear()
        recent = self.recent_files()
        for i, name in enumerate(recent):
            act = self.recent_menu.addAction(f"&{i + 1} {Path(name).name}")
            act.setToolTip(name)
            act.triggered.connect(lambda _=False, n=name: self.open_plan(n))
        if not recent:
            act = self.recent_menu.addAction(self.tr("(none)"))
            act.setEnabled(False)

    def restore_layout(self) -> None:
        geometry = self.settings.value("window/geometry")
        if geometry is not None:
            self.restoreGeometry(geometry)
        state = self.settings.value("window/state")
        if state is not None:
            self.restoreState(state)

    def save_layout(self) -> None:
        self.settings.setValue("window/geometry", self.saveGeometry())
        self.settings.setValue("window/state", self.saveState())

    def closeEvent(self, event) -> None:
        if not self.maybe_save():
            event.ignore()
            return
        self.save_layout()
        self.discard_changes()
        self._autosave_timer.stop()
        self._generation += 1  # any answer still on its way is now stale
        self._pool.waitForDone(5000)
        event.accept()

    # --- about ------------------------------------------------------------------------------------

    def about(self) -> None:
        meta = self.catalog.meta
        QMessageBox.about(
            self, self.tr("About gpudesk"),
            "<h3>gpudesk %s</h3><p>%s</p><p>%s</p><p>%s</p>" % (
                __version__,
                self.tr("Offline planning assistant for renting GPU servers for AI training."),
                self.tr("Catalogue dated %1 (content %2).").replace("%1", meta.catalog_date or self.tr("unknown"))
                .replace("%2", (meta.content_hash or "")[:12]),
                self.tr("Chinese text uses the bundled WenQuanYi Micro Hei font (Apache-2.0)."),
            ))
