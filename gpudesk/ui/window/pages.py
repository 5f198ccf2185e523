"""The main window's tabs: built on first view, filled from the session, wired to it (options, plan
facts and the hand-set configuration, quotes, catalogue, checklist). A mixin of MainWindow."""

from __future__ import annotations

import importlib

from PySide6.QtWidgets import QMessageBox, QWidget

from gpudesk import __version__
from gpudesk.core import units
from gpudesk.errors import GpudeskError
from gpudesk.ui.i18n import language_manager, translator
from gpudesk.ui.window.actions import TAB_KEYS

_tr = translator("MainWindow")
# login names that are accounts, not people: never offered as who checked an item
ACCOUNT_NAMES = frozenset({"root", "admin", "administrator", "user", "guest", "ubuntu", "pi"})

# tab key -> the class of its page, in the module gpudesk.ui.pages.KEY_page (imported when first shown)
_PAGE_CLASSES = {
    "options": "OptionsPage",
    "plan": "PlanPage",
    "quotes": "QuotesPage",
    "catalogue": "CataloguePage",
    "checklist": "ChecklistPage",
}


class PagesMixin:
    """Pages of MainWindow (needs `session`, `catalog`, `tabs`, `_pages`, `settings`)."""

    # --- a configuration set by hand ------------------------------------------------------------

    def evaluate_manual(self, manual):
        """The engine's answer for exactly `manual` (raises GpudeskError with the reason)."""
        from gpudesk.core.plan import evaluate_manual

        plan = self.session.plan
        return evaluate_manual(plan.job, self.catalog, manual, plan.constraints)

    def _manual(self, manual, *, use: bool) -> None:
        page = self.plan_page()
        try:
            option = self.evaluate_manual(manual)
        except GpudeskError as exc:
            page.picker.show_result(error=str(exc))
            return
        page.picker.show_result(option)
        if use and self.session.choose(option, manual=manual):
            self._display()
            self._touched()

    def _manual_reset(self) -> None:
        self.session.clear_manual()
        self.plan_page().picker.show_result()
        self._touched()
        self.schedule_recompute()

    def _from_choice(self) -> None:
        from gpudesk.core.plan import manual_from

        choice = self.plan_choice()
        if choice is not None:
            self.plan_page().picker.show_manual(self.session.manual or manual_from(choice))

    # --- pages ----------------------------------------------------------------------------------

    def show_tab(self, key: str) -> None:
        self.tabs.setCurrentIndex(TAB_KEYS.index(key))

    def _tab_changed(self, index: int) -> None:
        key = TAB_KEYS[index]
        if key == "options":
            self.options_page  # noqa: B018 - built on first view
        elif key == "plan":
            self.plan_page()
        elif key == "catalogue":
            self.catalogue_page()
        elif key == "quotes":
            self.quotes_page()
        elif key == "checklist":
            page = self.checklist_page()
            if getattr(self, "_checklist_stale", False):
                page.set_plan(self.session.plan)
                self._checklist_stale = False

    def _page(self, key: str, wire, *args) -> QWidget:
        """The tab `key`'s page: built on first use (its module imported then), put in its tab, then wired to
        the window by `wire(page)`."""
        page = self._pages.get(key)
        if page is None:
            page = getattr(importlib.import_module(f"gpudesk.ui.pages.{key}_page"), _PAGE_CLASSES[key])(*args)
            self._pages[key] = page
            self._pages[key + "_holder"].layout().addWidget(page)
            wire(page)
        return page

    def _show_options(self, options, chosen, provider_names, searched) -> None:
        self._options_args = (options, chosen, provider_names, searched)
        page = self._pages.get("options")
        if page is not None:
            page.set_options(*self._options_args)

    @property
    def options_page(self):
        """The Options tab, built (and filled with the current answer) on first use."""
        return self._page("options", self._wire_options)

    def _wire_options(self, page) -> None:
        page.set_options(*getattr(self, "_options_args", ([], None, None, None)))
        page.option_chosen.connect(self.choose_option)

    def plan_page(self):
        return self._page("plan", self._wire_plan)

    def _wire_plan(self, page) -> None:
        page.fact_edited.connect(self._fact_edited)
        page.auto_title_requested.connect(self._auto_title)
        picker = page.picker
        picker.set_catalog(self.catalog)
        picker.evaluate_requested.connect(lambda m: self._manual(m, use=False))
        picker.use_requested.connect(lambda m: self._manual(m, use=True))
        picker.reset_requested.connect(self._manual_reset)
        picker.from_choice_button.clicked.connect(self._from_choice)
        self._from_choice()
        self._show_plan_facts()

    def _show_plan_facts(self) -> None:
        page = self._pages.get("plan")
        if page is None or self.session.plan is None:
            return
        page.show_plan(self.session.plan, title_auto=self.session.title_auto)
        page.show_choice(self._choice_text())

    def _choice_text(self) -> str:
        from gpudesk.core.rules import same_configuration
        from gpudesk.core.search.options_view import layout_text

        choice = self.plan_choice()
        if choice is None:
            return _tr("No configuration chosen yet")
        plan, rec = self.session.plan, self.recommendation
        if self.session.manual is not None:
            how = _tr("set by hand")
        elif plan is not None and plan.quote_selection is not None:
            how = _tr("from the selected quote %1").replace("%1", plan.quote_selection.quote)
        elif rec is not None and rec.options and same_configuration(rec.options[0], choice):
            how = _tr("the recommendation")
        else:  # kept from the plan file (a named configuration, a row picked in Options)
            how = _tr("kept from the plan")
        who = self._provider_names().get(choice.provider or "", choice.provider or "")
        head = _tr("Chosen: %1 (%2)").replace("%1", f"{choice.gpus}× {units.gpu_name(choice)}").replace("%2", how)
        return f"<b>{head}</b><br>{who} · {layout_text(choice.layout)}"

    def quotes_page(self):
        return self._page("quotes", self._wire_quotes)

    def _wire_quotes(self, page) -> None:
        page.who = self.checker_name
        page.new_provider = self.new_provider_dialog
        page.quotes_edited.connect(self._quotes_edited)
        page.choice_changed.connect(self._quote_choice_changed)
        page.set_plan(self.session.plan, self.catalog)
        if self.tabs.currentWidget() is self._pages["quotes_holder"]:
            page.refresh()  # its first showEvent may come a turn later

    def _refresh_quotes(self) -> None:
        page = self._pages.get("quotes")
        if page is not None:
            page.set_plan(self.session.plan, self.catalog)  # compared again when shown

    def _quotes_edited(self, key: str) -> None:
        self.session.recorded(key)
        self._touched()

    def _quote_choice_changed(self) -> None:
        """A quote was selected (the choice follows it) or the selection cleared: answer again."""
        self.session.wanted = self.session.plan.choice if self.session.plan.quote_selection else None
        self.session.manual = None
        self._update_status()
        self.schedule_recompute()

    def new_provider_dialog(self) -> str | None:
        """Add a provider to the user's catalogue (for a quote); its id, or None when cancelled."""
        from gpudesk.catalog import schema
        from gpudesk.ui.widgets.row_editor import RowEditor

        dialog = RowEditor(schema.Provider, {}, _tr("New provider"), self)
        if dialog.exec() != RowEditor.Accepted or dialog.row is None:
            return None
        try:
            self.catalog.user_db().upsert_rows("providers", [dialog.row])
        except (GpudeskError, OSError) as exc:
            QMessageBox.warning(self, _tr("New provider"), str(exc))
            return None
        self.catalog_changed()
        return dialog.row.id

    def catalogue_page(self):
        return self._page("catalogue", lambda page: page.catalog_edited.connect(self.catalog_changed), self.catalog)

    def checklist_page(self):
        return self._page("checklist", self._wire_checklist)

    def _wire_checklist(self, page) -> None:
        page.plan_edited.connect(self._checklist_edited)
        page.who = self.checker_name
        page.set_plan(self.session.plan)

    def checker_name(self) -> str | None:
        """Who records checklist results: asked once, then kept in the settings."""
        name = str(self.settings.value("user/name", "") or "")
        if name:
            return name
        from PySide6.QtWidgets import QInputDialog

        name, ok = QInputDialog.getText(
            self,
            _tr("Your name"),
            _tr("Checklist results record who checked them. Your name:"),
            text=self._suggested_name(),
        )
        name = name.strip() if ok else ""
        if name:
            self.settings.setValue("user/name", name)
        return name or None

    def _suggested_name(self) -> str:
        """What the name prompt offers: the plan's author (who prepared it usually records its results),
        else the login name unless it names an account rather than a person ("root" was offered, and
        recorded as the checker, on a server)."""
        import getpass

        author = (self.session.plan.author or "").strip() if self.session.plan is not None else ""
        if author:
            return author
        try:
            login = getpass.getuser()
        except Exception:  # noqa: BLE001 - no login name (containers, services): no suggestion
            return ""
        return "" if login.lower() in ACCOUNT_NAMES else login

    def _refresh_checklist(self) -> None:
        page = self._pages.get("checklist")
        if page is None:
            return
        if page.isVisible():
            page.set_plan(self.session.plan)
            self._checklist_stale = False
        else:
            self._checklist_stale = True  # re-tailored when its tab is shown, not on every keystroke

    # --- help and about ---------------------------------------------------------------------

    def show_guide(self) -> None:
        self._show_help("guide")

    def show_first_steps(self) -> None:
        self._show_help("first_steps")

    def _show_help(self, name: str) -> None:
        from gpudesk.ui.help import HelpDialog

        if self._help is None:
            self._help = HelpDialog(name, language_manager().language, self)
            self._help.resize(min(820, self.width()), min(680, self.height()))
        else:
            self._help.load(name, language_manager().language)
        self._help.show()
        self._help.raise_()

    def about(self) -> None:
        meta = self.catalog.meta
        parts = (
            __version__,
            _tr("Offline planning assistant for renting GPU servers for AI training."),
            _tr("Catalogue dated %1 (content %2).")
            .replace("%1", meta.catalog_date or _tr("unknown"))
            .replace("%2", (meta.content_hash or "")[:12]),
            _tr("Chinese text uses the bundled WenQuanYi Micro Hei font (Apache-2.0)."),
        )
        QMessageBox.about(self, _tr("About gpudesk"), "<h3>gpudesk {}</h3><p>{}</p><p>{}</p><p>{}</p>".format(*parts))
