"""The desktop application: QApplication set-up (font, language, icon) and the self-test.

`run_app(argv)` is called by `gpudesk` with no arguments, `--lang en|zh_CN`, or
`--selftest [--screenshot PATH]` (offscreen start, one recompute, exit 0 only if all went well).
Only what the first paint needs is imported before the window shows.
"""

from __future__ import annotations

import argparse
import gc
import os
import sys
import time

_T0 = time.perf_counter()


def _parse(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="gpudesk", description="gpudesk desktop application")
    parser.add_argument("--selftest", action="store_true", help="start offscreen, recompute once, exit")
    parser.add_argument("--screenshot", metavar="PATH", help="with --selftest: save a PNG of the main window")
    parser.add_argument("--lang", choices=("en", "zh_CN"), help="user interface language (default: system)")
    parser.add_argument("plan", nargs="?", help="a .gpudesk plan file to open")
    return parser.parse_args(argv)


def register_font(app) -> str | None:
    """Register the bundled CJK font and make it the application font (screen, PNG and PDF agree)."""
    from PySide6.QtGui import QFont, QFontDatabase

    from gpudesk import paths

    font_id = QFontDatabase.addApplicationFont(str(paths.FONTS / "WenQuanYiMicroHei.ttf"))
    families = QFontDatabase.applicationFontFamilies(font_id) if font_id >= 0 else []
    if not families:
        return None
    font = QFont(families[0])
    font.setPointSizeF(max(app.font().pointSizeF(), 9.5))
    app.setFont(font)
    return families[0]


def use_home_for_settings() -> None:
    """With GPUDESK_HOME set (a portable install, tests), settings follow it: GPUDESK_HOME/settings/
    gpudesk/gpudesk.ini; without it they go to the platform's settings store (README: User data)."""
    home = os.environ.get("GPUDESK_HOME")
    if not home:
        return
    from PySide6.QtCore import QSettings

    QSettings.setDefaultFormat(QSettings.Format.IniFormat)
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, os.path.join(home, "settings"))


def create_application(argv: list[str] | None = None, *, lang: str | None = None):
    """The QApplication with gpudesk's names, font, icon and language (reused by tests and the report)."""
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or _application_class()(argv or [sys.argv[0] if sys.argv else "gpudesk"])
    app.setOrganizationName("gpudesk")
    app.setApplicationName("gpudesk")
    use_home_for_settings()
    from gpudesk import __version__

    app.setApplicationVersion(__version__)
    register_font(app)
    from gpudesk.ui.i18n import language_manager

    language_manager().set_language(lang)
    return app


def _preload_core() -> None:
    """Import the pure-Python core before Qt.

    Once PySide6 is imported, its import hook reads the source of every later module to look for
    `__feature__` switches; modules imported first skip that scan. Only what the first answer
    needs: the quotes' arithmetic, exports and the report are imported when first used.
    """
    import numpy  # pyqtgraph's arrays: ~90 modules, none of which uses Qt

    import gpudesk.catalog.codec  # the catalogue's row models, read as the form fills
    import gpudesk.catalog.store
    import gpudesk.core.defaults  # the form's defaults and framework profiles
    import gpudesk.core.engine.architecture  # the presets' config.json reader
    import gpudesk.core.engine.explain  # the engine as the first search runs it (memory, time, layouts)
    import gpudesk.core.engine.frameworks
    import gpudesk.core.engine.memory
    import gpudesk.core.engine.parallel
    import gpudesk.core.engine.timing
    import gpudesk.core.plan.files  # the plan model and its file (a plan is opened or started at once)
    import gpudesk.core.plan.making
    import gpudesk.core.report.chart_data
    import gpudesk.core.search
    import gpudesk.core.search.advice_stack
    import gpudesk.core.search.options_view
    import gpudesk.ui.state  # noqa: F401 - the window's Qt-free state model

    del numpy
    _read_catalogue()


def _read_catalogue() -> None:
    """The catalogue's rows, read (and their pydantic schemas built, with pydantic's plugin lookup and
    the stdlib it imports) before Qt too: the window's form needs every table at once. A catalogue
    that cannot be read is left to the window, which reports it as before."""
    from gpudesk.catalog import open_catalog

    try:
        catalog = open_catalog()
        for kind in ("gpus", "servers", "providers", "offers", "models"):
            getattr(catalog, kind)()
    except Exception:  # noqa: BLE001 - the window reads it again and shows what is wrong
        pass


def hold_collector() -> None:
    """Start-up allocates several hundred thousand objects that live as long as the window (modules,
    pydantic schemas, Qt wrappers) and almost no garbage (about a thousand objects): the cyclic
    collector's ~200 passes over them were 60-90 ms of a one-second cold start. It stays off until
    the first answer is on screen (`release_collector`)."""
    gc.disable()


def release_collector() -> None:
    """After the first painted answer: what start-up made is frozen (never scanned again, so later
    collections during editing are shorter too) and the collector runs as usual. Idempotent."""
    global _collector_held
    if _collector_held:
        _collector_held = False
        gc.freeze()
        gc.enable()


_collector_held = False


def run_app(argv: list[str]) -> int:
    global _collector_held
    if gc.isenabled():
        hold_collector()
        _collector_held = True
    args = _parse(argv)
    _preload_core()
    if args.selftest:
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
        status = run_selftest(args.screenshot, args.lang)
        _before_exit()
        return status
    app = create_application(lang=args.lang)
    from PySide6.QtCore import QSettings, QTimer

    saved = QSettings().value("language")
    if not args.lang and saved:  # the Language menu's last choice beats the system locale
        from gpudesk.ui.i18n import language_manager

        language_manager().set_language(str(saved))

    from gpudesk.ui.main_window import MainWindow

    window = MainWindow()
    window.restore_layout()
    window.show()
    window.recomputed.connect(release_collector)  # the first answer is painted (or shown failing)
    QTimer.singleShot(5000, release_collector)  # at the latest
    if hasattr(app, "plan_handed_over"):  # macOS: a plan double-clicked in the Finder arrives as an event
        app.plan_handed_over.connect(lambda path: window.open_plan(path))
    if args.plan:
        QTimer.singleShot(0, lambda: window.open_plan(args.plan, ask=False) or window.schedule_recompute())
    else:
        QTimer.singleShot(0, window.start_up)
    status = app.exec()
    _teardown(app, window)
    _before_exit()
    return status


def _before_exit() -> None:
    """The window is gone and the process is about to end: spare the interpreter's shutdown its
    garbage-collection passes over every object loaded (pydantic schemas, numpy, Qt wrappers),
    ~150 ms here, more than the window's whole teardown. Objects are still released by reference
    count at shutdown; only cyclic garbage is left to the operating system."""
    import gc

    gc.freeze()


def _application_class():
    """QApplication that hands on the plans the desktop opens with gpudesk: Qt sends a QFileOpenEvent to the
    application object itself, so only that object's events pass through Python (an application-wide event
    filter saw every event of every widget: ~10 ms more per edit while the search ran)."""
    from PySide6.QtCore import QEvent, Signal
    from PySide6.QtWidgets import QApplication

    class Application(QApplication):
        plan_handed_over = Signal(str)

        def event(self, e) -> bool:
            if e.type() == QEvent.FileOpen and e.file().lower().endswith(".gpudesk"):
                self.plan_handed_over.emit(e.file())
                return True
            return super().event(e)  # anything else (a file that is not a plan, too) as Qt handles it

    return Application


def _teardown(app, window) -> None:
    """Destroy the window while Python is still fully alive.

    Left to interpreter shutdown, PySide 6 can free pyqtgraph's items in an order that
    trips a reference-count check ("deallocating None") and aborts the process. The worker is
    stopped first (its search cancelled): a window torn down under a running search crashed.
    """
    shutdown = getattr(window, "shutdown", None)
    if shutdown is not None:
        shutdown()
    window.deleteLater()
    app.processEvents()
    del window


def run_selftest(screenshot: str | None, lang: str | None) -> int:
    """Start the whole app offscreen with a private settings file, load a sample plan, recompute."""
    import tempfile

    from PySide6.QtCore import QElapsedTimer, QEventLoop, QSettings, QTimer

    problems: list[str] = []
    app = create_application(lang=lang)
    t_app = time.perf_counter()
    from gpudesk.ui.main_window import MainWindow

    settings_dir = tempfile.mkdtemp(prefix="gpudesk-selftest-")
    settings = QSettings(os.path.join(settings_dir, "settings.ini"), QSettings.IniFormat)
    window = MainWindow(settings=settings, autosave=False)
    window.resize(1280, 820)
    window.fit_to_screen()  # a 1366×768 laptop screen shows the whole window
    t_built = time.perf_counter()

    # answer first, then paint once: the charts of a hidden page are drawn when it is shown
    t_sample = time.perf_counter()
    sample = window.load_sample_plan()
    t_sample = time.perf_counter() - t_sample
    clock = QElapsedTimer()
    clock.start()
    loop = QEventLoop()
    window.recomputed.connect(loop.quit)
    QTimer.singleShot(30000, loop.quit)
    window.recompute_now()
    if window.busy:
        loop.exec()
    recompute_ms = clock.elapsed()
    t_answer = time.perf_counter()
    window.show()
    app.processEvents()
    t_events = time.perf_counter()
    image = window.grab() if screenshot else None  # processEvents has painted it already
    t_shown = time.perf_counter()
    release_collector()  # as the app does once its first answer is painted
    if os.environ.get("GPUDESK_SELFTEST_TIMING"):
        print(
            f"phases: preload+QApplication {1000 * (t_app - _T0):.0f} ms, window {1000 * (t_built - t_app):.0f} ms, "
            f"sample+answer {1000 * (t_answer - t_built):.0f} ms, show+draw {1000 * (t_events - t_answer):.0f} ms, "
            f"grab {1000 * (t_shown - t_events):.0f} ms"
        )
    if window.busy:
        problems.append("recompute did not finish within 30 s")
    if window.last_error:
        problems.append(f"recompute failed: {window.last_error}")
    if window.recommendation is None or not window.recommendation.options:
        problems.append("the recommender returned no options")
    if window.plan_choice() is None:
        problems.append("no configuration chosen")
    elif window.overview.memory_data is None or window.overview.memory_data.empty:
        problems.append("memory chart is empty")
    if screenshot:
        if not image.save(screenshot, "PNG"):
            problems.append(f"could not write {screenshot}")
    print(f"gpudesk selftest: sample {sample or 'built in memory'} ({1000 * t_sample:.0f} ms to load)")
    print(
        f"startup: {1000 * (t_shown - _T0):.0f} ms to the first painted window with the sample's answer "
        f"(QApplication {1000 * (t_app - _T0):.0f} ms, window built {1000 * (t_built - _T0):.0f} ms)"
    )
    searched = window.last_recompute_s
    print(
        f"recompute: {recompute_ms} ms (recommender {1000 * (searched or 0):.0f} ms), "
        f"{len(window.recommendation.options) if window.recommendation else 0} options"
    )
    choice = window.plan_choice()
    if choice is not None:
        print(f"verdict: {window.statusBar().currentMessage() or window.status_text()}")
    if screenshot and not problems:
        print(f"screenshot: {screenshot}")
    t_end = time.perf_counter()
    window.discard_changes()
    window.close()
    _teardown(app, window)
    if os.environ.get("GPUDESK_SELFTEST_TIMING"):
        print(f"teardown: {1000 * (time.perf_counter() - t_end):.0f} ms")
    for problem in problems:
        print(f"selftest problem: {problem}", file=sys.stderr)
    print("selftest " + ("ok" if not problems else "FAILED"))
    return 0 if not problems else 1
