"""The main window's file commands: new, open, save, recover, export (PDF, spreadsheets), print.

A mixin of MainWindow: what a command does to the plan is the session's (`ui.state.session`);
this half asks the questions (file dialogs, "save first?") and shows the outcome.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QFileDialog, QMessageBox

from gpudesk.errors import GpudeskError
from gpudesk.ui.i18n import language_manager, translator
from gpudesk.ui.widgets.page import ask_open, attempt

MAX_RECENT = 8

_tr = translator("MainWindow")


class FilesMixin:
    """File commands of MainWindow (needs `session`, `settings`, `form`, `statusBar()`)."""

    def _plan_filter(self) -> str:
        return _tr("gpudesk plan (*.gpudesk)")

    def maybe_save(self) -> bool:
        """Ask before losing unsaved changes; False means the user cancelled."""
        if not self.session.dirty:
            return True
        answer = QMessageBox.question(
            self,
            _tr("Unsaved changes"),
            _tr("The plan has unsaved changes. Save them first?"),
            QMessageBox.Save | QMessageBox.Discard | QMessageBox.Cancel,
            QMessageBox.Save,
        )
        if answer == QMessageBox.Save:
            return self.save()
        return answer == QMessageBox.Discard

    def discard_changes(self) -> None:
        self.session.discard()
        self._touched(autosave=False)

    def show_notices(self) -> None:
        """What core and the catalogue asked to tell the user (a damaged database set aside): one dialog."""
        from gpudesk.errors import take_notices

        notices = take_notices()
        if notices:
            self.statusBar().showMessage(notices[-1], 15000)
            QMessageBox.warning(self, _tr("gpudesk"), "\n\n".join(notices))

    def start_up(self) -> None:
        """After the first paint: offer to recover a crashed session, else compute the default job."""
        self.show_notices()
        if not self.offer_recovery():
            self.schedule_recompute()
        if not self.settings.value("first_run_done", False, type=bool):
            self.settings.setValue("first_run_done", True)
            self.show_first_steps()

    def offer_recovery(self) -> bool:
        from gpudesk.core import plan as plan_mod

        found = plan_mod.find_recoverable()
        if not found:
            return False
        newest = found[0]
        answer = QMessageBox.question(
            self,
            _tr("Recover unsaved plan"),
            _tr("gpudesk closed without saving “%1” (autosaved %2). Recover it?")
            .replace("%1", newest.title or (newest.original or _tr("Untitled plan")))
            .replace("%2", newest.saved_at),
            QMessageBox.Yes | QMessageBox.No,
            QMessageBox.Yes,
        )
        if answer != QMessageBox.Yes:
            for item in found:
                item.autosave.unlink(missing_ok=True)
            return False
        if not attempt(self, _tr("Recover unsaved plan"), lambda: self.session.recover(newest)):
            return False
        self._plan_shown()
        return True

    def autosave(self) -> None:
        try:
            self.session.autosave()
        except (OSError, GpudeskError) as exc:
            message = _tr("Autosave failed: %1").replace("%1", str(exc))
            self.statusBar().showMessage(message, 15000)
            if not getattr(self, "_autosave_warned", False):  # once a session: the status bar repeats it
                self._autosave_warned = True
                QMessageBox.warning(
                    self,
                    _tr("Autosave failed"),
                    message
                    + "\n\n"
                    + _tr(
                        "Your edits are not lost while gpudesk stays open: save the plan to a folder you can write to."
                    ),
                )
        else:
            self._autosave_warned = False

    def new_plan(self) -> None:
        if not self.maybe_save():
            return
        self.session.discard()
        from gpudesk.ui.widgets.job_form import JobForm

        form = JobForm()  # defaults live in the form: take them from a fresh one
        form.set_catalog(*self._catalog_lists())
        job, constraints = form.job_and_constraints()
        form.deleteLater()
        self.session.start(job, constraints)
        self._plan_shown()

    def open_plan_dialog(self) -> None:
        if not self.maybe_save():
            return
        start = str(self.session.path.parent) if self.session.path else str(Path.home())
        ask_open(self, _tr("Open plan"), self._plan_filter(), lambda path: self.open_plan(path, ask=False), start)

    def open_plan(self, path: str | Path, *, ask: bool = True) -> bool:
        if ask and not self.maybe_save():
            return False
        if not attempt(self, _tr("Open plan"), lambda: self.session.load(path)):
            return False
        self._add_recent(Path(path))
        self._plan_shown()
        return True

    def load_sample_plan(self) -> str | None:
        """The self-test's plan: the first bundled sample, or the form's defaults when none is found."""
        from gpudesk import paths

        for folder in (paths.ROOT / "samples", paths.RESOURCES / "samples"):
            for file in sorted(folder.glob("*.gpudesk")) if folder.is_dir() else []:
                if self.open_plan(file, ask=False):
                    return str(file)
        return None

    def save(self) -> bool:
        if self.session.path is None:
            return self.save_as()
        return self.save_to(self.session.path)

    def save_as(self) -> bool:
        path = self.session.path
        default = str(path) if path else str(Path.home() / "plan.gpudesk")
        chosen, _ = QFileDialog.getSaveFileName(self, _tr("Save plan as"), default, self._plan_filter())
        if not chosen:
            return False
        if not chosen.endswith(".gpudesk"):
            chosen += ".gpudesk"
        return self.save_to(Path(chosen))

    def save_to(self, path: Path) -> bool:
        if self.session.plan is None:
            QMessageBox.information(
                self, _tr("Save plan"), _tr("Nothing to save yet: the job is still being computed.")
            )
            return False
        from gpudesk.core.plan import ChangedOnDisk

        try:
            try:
                self.session.save(path)
            except ChangedOnDisk:
                answer = QMessageBox.question(
                    self,
                    _tr("Save plan"),
                    _tr(
                        "“%1” was changed by another program (or another gpudesk) since you opened it. "
                        "Replace it with your version? (The other version is kept as %1.bak.)"
                    ).replace("%1", str(path)),
                    QMessageBox.Save | QMessageBox.Cancel,
                    QMessageBox.Cancel,
                )
                if answer != QMessageBox.Save:
                    return False
                self.session.save(path, overwrite_changed=True)
        except (GpudeskError, OSError) as exc:
            QMessageBox.warning(self, _tr("Save plan"), str(exc))
            return False
        self._add_recent(Path(path))
        self._touched(autosave=False)
        self.statusBar().showMessage(_tr("Saved %1").replace("%1", str(path)), 4000)
        return True

    # --- documents out ---------------------------------------------------------------------------

    def _has_choice(self, what: str) -> bool:
        plan = self.session.plan
        if plan is None or plan.choice is None:
            QMessageBox.information(self, what, _tr("Choose a configuration first."))
            return False
        return True

    def print_preview(self) -> None:
        """The sign-off document in Qt's print preview (print from there)."""
        if not self._has_choice(_tr("Print preview")):
            return
        from PySide6.QtPrintSupport import QPrinter, QPrintPreviewDialog

        from gpudesk import report

        printer = QPrinter(QPrinter.HighResolution)
        dialog = QPrintPreviewDialog(printer, self)
        dialog.setWindowTitle(_tr("Print preview"))
        plan, lang = self.session.plan, language_manager().language

        def paint(target) -> None:
            try:
                report.render_to_printer(plan, target, lang)
            except (GpudeskError, OSError) as exc:
                QMessageBox.warning(self, _tr("Print preview"), str(exc))

        dialog.paintRequested.connect(paint)
        dialog.exec()

    def export_pdf(self, path: str | None = None) -> str | None:
        if not self._has_choice(_tr("Export PDF")):
            return None
        from gpudesk import report

        if not path:
            default = str((self.session.path or Path.home() / "plan").with_suffix(".pdf"))
            path, _ = QFileDialog.getSaveFileName(self, _tr("Export PDF"), default, _tr("PDF document (*.pdf)"))
            if not path:
                return None
        try:
            report.export_pdf(
                self.session.plan,
                path,
                lang=language_manager().language,
                sources=tuple(p for p in (self.session.path,) if p),
            )
        except (GpudeskError, OSError) as exc:
            QMessageBox.warning(self, _tr("Export PDF"), str(exc))
            return None
        self.statusBar().showMessage(_tr("Wrote %1").replace("%1", path), 5000)
        return path

    def spreadsheet_table(self, what: str):
        """The export.Table for "options", "checklist" or "quotes" (None when there is nothing)."""
        from gpudesk import export

        plan = self.session.plan
        if what == "options":
            answer = self.session.answer
            options = answer.options if answer is not None else []
            return export.options_table(options, self._provider_names()) if options else None
        if what == "checklist":
            return export.checklist_table(plan) if plan is not None else None
        if plan is None or not plan.quotes:
            return None
        from gpudesk.core.plan import compare

        return export.quotes_table(compare(plan, self.catalog))

    def export_spreadsheet(self, what: str, path: str | None = None) -> str | None:
        """File ▸ Export: the options, the checklist or the quotes as .xlsx or .csv."""
        from gpudesk import export

        title = {
            "options": _tr("Export options"),
            "checklist": _tr("Export checklist"),
            "quotes": _tr("Export quotes"),
        }[what]
        table = self.spreadsheet_table(what)
        if table is None or not table.rows:
            QMessageBox.information(self, title, _tr("Nothing to export yet."))
            return None
        if not path:
            stem = (self.session.path.stem if self.session.path else "gpudesk") + f"-{what}"
            folder = self.session.path.parent if self.session.path else Path.home()
            filters = _tr("Excel workbook (*.xlsx)") + ";;" + _tr("CSV, UTF-8 (*.csv)")
            path, chosen = QFileDialog.getSaveFileName(self, title, str(folder / f"{stem}.xlsx"), filters)
            if not path:
                return None
            if Path(path).suffix.lower() not in export.FORMATS:
                path += ".csv" if "csv" in chosen.lower() else ".xlsx"
        try:
            export.export_table(table, path, sources=tuple(p for p in (self.session.path,) if p))
        except (GpudeskError, OSError) as exc:
            QMessageBox.warning(self, title, str(exc))
            return None
        self.statusBar().showMessage(_tr("Wrote %1").replace("%1", str(path)), 5000)
        return str(path)

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
            act = self.recent_menu.addAction(_tr("(none)"))
            act.setEnabled(False)

    def restore_layout(self) -> None:
        geometry = self.settings.value("window/geometry")
        if geometry is not None:
            self.restoreGeometry(geometry)
        state = self.settings.value("window/state")
        if state is not None:
            self.restoreState(state)
        self.fit_to_screen()

    def save_layout(self) -> None:
        self.settings.setValue("window/geometry", self.saveGeometry())
        self.settings.setValue("window/state", self.saveState())
