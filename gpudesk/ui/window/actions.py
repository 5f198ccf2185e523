"""The main window's actions, menus and toolbar, and their texts in the UI's language."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QActionGroup, QIcon, QKeySequence
from PySide6.QtWidgets import QApplication, QStyle

from gpudesk import paths
from gpudesk.ui.i18n import LANGUAGES, language_manager, translator

TAB_KEYS = ("overview", "plan", "options", "quotes", "catalogue", "checklist")

_tr = translator("MainWindow")


def _icon(window, name: str, fallback) -> QIcon:
    file = paths.ICONS / f"{name}.png"
    return QIcon(str(file)) if file.exists() else window.style().standardIcon(fallback)


def _action(window, handler, shortcut=None, icon=None) -> QAction:
    action = QAction(window)
    if shortcut is not None:
        action.setShortcut(shortcut)
    if icon is not None:
        action.setIcon(icon)
    action.triggered.connect(lambda _=False: handler())
    return action


def _kit_dialog():
    from gpudesk.ui import kit_dialog  # imported when used: start-up does not compile it

    return kit_dialog


def build(w) -> None:
    """Create `w.actions_by_name`, the menus and the toolbar of MainWindow `w`."""
    a = w.actions_by_name = {}
    a["new"] = _action(w, w.new_plan, QKeySequence.New, _icon(w, "new", QStyle.SP_FileIcon))
    a["open"] = _action(w, w.open_plan_dialog, QKeySequence.Open, _icon(w, "open", QStyle.SP_DialogOpenButton))
    a["save"] = _action(w, w.save, QKeySequence.Save, _icon(w, "save", QStyle.SP_DialogSaveButton))
    a["save_as"] = _action(w, w.save_as, QKeySequence("Ctrl+Shift+S"))
    a["import"] = _action(w, w.import_config_dialog, QKeySequence("Ctrl+I"))
    a["pdf"] = _action(w, w.export_pdf, QKeySequence("Ctrl+P"), _icon(w, "pdf", QStyle.SP_FileDialogDetailedView))
    a["preview"] = _action(w, w.print_preview, QKeySequence("Ctrl+Shift+P"))
    a["export_options"] = _action(w, lambda: w.export_spreadsheet("options"), QKeySequence("Ctrl+E"))
    a["export_checklist"] = _action(w, lambda: w.export_spreadsheet("checklist"))
    a["export_quotes"] = _action(w, lambda: w.export_spreadsheet("quotes"))
    a["export_kit"] = _action(w, lambda: _kit_dialog().export_kit(w))
    a["import_kit"] = _action(w, lambda: _kit_dialog().import_kit_results(w))
    a["quit"] = _action(w, w.close, QKeySequence("Ctrl+Q"))
    a["undo"] = _action(w, w.undo, QKeySequence.Undo, w.style().standardIcon(QStyle.SP_ArrowBack))
    a["redo"] = _action(w, w.redo, QKeySequence("Ctrl+Shift+Z"), w.style().standardIcon(QStyle.SP_ArrowForward))
    a["redo"].setShortcuts([QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y")])
    a["recompute"] = _action(
        w, w.recompute_now, QKeySequence(Qt.Key_F5), _icon(w, "recompute", QStyle.SP_BrowserReload)
    )
    a["reset_charts"] = _action(w, w.overview.reset_views, QKeySequence("Ctrl+0"))
    a["show_form"] = w.dock.toggleViewAction()
    a["guide"] = _action(w, w.show_guide, QKeySequence.HelpContents)
    a["guide"].setShortcut(QKeySequence(Qt.Key_F1))
    a["first_steps"] = _action(w, w.show_first_steps)
    a["about"] = _action(w, w.about)
    a["about_qt"] = _action(w, QApplication.aboutQt)
    for i, key in enumerate(TAB_KEYS):
        a[f"tab_{key}"] = _action(w, lambda k=key: w.show_tab(k), QKeySequence(f"Ctrl+{i + 1}"))

    bar = w.menuBar()
    w.file_menu = bar.addMenu("")
    for key in ("new", "open"):
        w.file_menu.addAction(a[key])
    w.recent_menu = w.file_menu.addMenu("")
    w.recent_menu.aboutToShow.connect(w._fill_recent)
    for key in ("save", "save_as"):
        w.file_menu.addAction(a[key])
    w.file_menu.addSeparator()
    w.file_menu.addAction(a["import"])
    w.export_menu = w.file_menu.addMenu("")
    for key in ("pdf", "export_options", "export_checklist", "export_quotes"):
        w.export_menu.addAction(a[key])
    w.file_menu.addAction(a["preview"])
    w.file_menu.addSeparator()
    w.file_menu.addAction(a["export_kit"])
    w.file_menu.addAction(a["import_kit"])
    w.file_menu.addSeparator()
    w.file_menu.addAction(a["quit"])
    w.edit_menu = bar.addMenu("")
    w.edit_menu.addAction(a["undo"])
    w.edit_menu.addAction(a["redo"])
    w.view_menu = bar.addMenu("")
    w.view_menu.addAction(a["show_form"])
    w.view_menu.addSeparator()
    for key in TAB_KEYS:
        w.view_menu.addAction(a[f"tab_{key}"])
    w.view_menu.addSeparator()
    w.view_menu.addAction(a["recompute"])
    w.view_menu.addAction(a["reset_charts"])
    w.language_menu = bar.addMenu("")
    group = QActionGroup(w)
    w.language_actions = {}
    for code, name in LANGUAGES.items():
        act = QAction(name, w, checkable=True)
        act.setData(code)
        act.triggered.connect(lambda _=False, c=code: w.set_language(c))
        group.addAction(act)
        w.language_menu.addAction(act)
        w.language_actions[code] = act
    w.language_actions[language_manager().language].setChecked(True)
    w.help_menu = bar.addMenu("")
    for key in ("guide", "first_steps"):
        w.help_menu.addAction(a[key])
    w.help_menu.addSeparator()
    w.help_menu.addAction(a["about"])
    w.help_menu.addAction(a["about_qt"])

    w.toolbar = w.addToolBar("")
    w.toolbar.setObjectName("main_toolbar")
    w.toolbar.setToolButtonStyle(Qt.ToolButtonTextBesideIcon)
    for key in ("new", "open", "save", "undo", "redo", "pdf", "recompute"):
        w.toolbar.addAction(a[key])


def tab_names() -> dict[str, str]:
    # fmt: off
    # data: the tabs' names in the tab bar's order, kept as a compact table
    return {"overview": _tr("Overview"), "plan": _tr("Plan"), "options": _tr("Options"), "quotes": _tr("Quotes"),
            "catalogue": _tr("Catalogue"), "checklist": _tr("Checklist")}
    # fmt: on


def retranslate(w) -> None:
    a = w.actions_by_name
    # fmt: off
    # data: one action a row (menu text, status tip)
    texts = {
        "new": (_tr("&New plan"), _tr("Start a new plan from the default job")),
        "open": (_tr("&Open…"), _tr("Open a .gpudesk plan file")),
        "save": (_tr("&Save"), _tr("Save the plan")),
        "save_as": (_tr("Save &As…"), _tr("Save the plan under a new name")),
        "import": (_tr("&Import config.json…"), _tr("Read a Hugging Face model configuration")),
        "pdf": (_tr("Plan as &PDF…"), _tr("Write the plan as a PDF for sign-off")),
        "preview": (_tr("Print pre&view…"), _tr("Preview the plan document and print it")),
        "export_options": (_tr("&Options as spreadsheet…"), _tr("Write the ranked options to .xlsx or .csv")),
        "export_checklist": (_tr("&Checklist as spreadsheet…"), _tr("Write the checklist to .xlsx or .csv")),
        "export_quotes": (_tr("&Quotes as spreadsheet…"), _tr("Write the quote comparison to .xlsx or .csv")),
        "export_kit": (_tr("Export acceptance &kit…"), _tr("Write the scripts that check the delivered servers against this plan")),
        "import_kit": (_tr("Import kit res&ults…"), _tr("Record a gpudesk-results.json in the checklist; compare measured with planned")),
        "quit": (_tr("&Quit"), _tr("Close gpudesk")),
        "undo": (_tr("&Undo"), _tr("Undo the last edit")),
        "redo": (_tr("&Redo"), _tr("Redo the edit just undone")),
        "recompute": (_tr("&Recompute"), _tr("Run the recommender again now")),
        "reset_charts": (_tr("Reset &chart views"), _tr("Show every chart's default range again (after zooming)")),
        "guide": (_tr("&User guide"), _tr("How to make a plan with gpudesk, step by step")),
        "first_steps": (_tr("&Getting started"), _tr("What to do first")),
        "about": (_tr("&About gpudesk"), ""),
        "about_qt": (_tr("About &Qt"), ""),
    }
    # fmt: on
    menu_names = {
        "overview": _tr("&Overview"),
        "plan": _tr("P&lan"),
        "options": _tr("O&ptions"),
        "quotes": _tr("&Quotes"),
        "catalogue": _tr("&Catalogue"),
        "checklist": _tr("Chec&klist"),
    }
    for key in TAB_KEYS:
        texts[f"tab_{key}"] = (menu_names[key], "")
    for key, (text, tip) in texts.items():
        a[key].setText(text)
        a[key].setStatusTip(tip)
        a[key].setToolTip(tip or text.replace("&", ""))
    a["show_form"].setText(_tr("&Job form"))
    w.file_menu.setTitle(_tr("&File"))
    w.recent_menu.setTitle(_tr("Open &Recent"))
    w.export_menu.setTitle(_tr("&Export"))
    w.edit_menu.setTitle(_tr("&Edit"))
    w.view_menu.setTitle(_tr("&View"))
    w.language_menu.setTitle(_tr("&Language"))
    w.help_menu.setTitle(_tr("&Help"))
    w.toolbar.setWindowTitle(_tr("Main toolbar"))
    w.dock.setWindowTitle(_tr("Job"))
    update_undo(w)


def update_undo(w) -> None:
    a = w.actions_by_name
    stack = w.session.undo
    a["undo"].setEnabled(stack.can_undo())
    a["redo"].setEnabled(stack.can_redo())
    a["undo"].setText(
        _tr("&Undo %1").replace("%1", field_name(stack.undo_label())).rstrip() if stack.can_undo() else _tr("&Undo")
    )
    a["redo"].setText(
        _tr("&Redo %1").replace("%1", field_name(stack.redo_label())).rstrip() if stack.can_redo() else _tr("&Redo")
    )


def field_name(key: str) -> str:
    """What an undo step changed, in words ("Undo sequence length")."""
    return {
        "model": _tr("model"),
        "params": _tr("parameters"),
        "task": _tr("task"),
        "precision": _tr("precision"),
        "optimizer": _tr("optimizer"),
        "seq_len": _tr("sequence length"),
        "micro_batch": _tr("micro-batch"),
        "grad_accum": _tr("gradient accumulation"),
        "recompute": _tr("recomputation"),
        "flash": _tr("flash attention"),
        "lora_rank": _tr("LoRA rank"),
        "tokens": _tr("dataset tokens"),
        "epochs": _tr("epochs"),
        "concurrency": _tr("concurrency"),
        "headroom": _tr("memory headroom"),
        "objective": _tr("objective"),
        "budget": _tr("budget"),
        "deadline": _tr("deadline"),
        "billing": _tr("billing"),
        "region": _tr("region"),
        "providers": _tr("providers"),
        "max_gpus": _tr("most GPUs"),
        "title": _tr("title"),
        "author": _tr("author"),
        "organisation": _tr("organisation"),
        "approvers": _tr("approvers"),
        "notes": _tr("notes"),
        "choice": _tr("choice"),
        "checklist": _tr("checklist result"),
        "quote": _tr("quote"),
        "import": _tr("import"),
        "kit": _tr("kit results"),
    }.get(key, "")
