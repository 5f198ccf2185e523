"""Cold start: what the first painted answer imports, and the collector held off until then.

Speed itself is measured by benchmarks/bench_ui.py and the acceptance check; these tests keep the
mechanisms in place (a module pulled in at start-up again, or a collector left off, fails here)."""

from __future__ import annotations

import gc
import json
import os
import subprocess
import sys

# Modules the first paint does not need: the pages not shown, dialogs, export, report, quotes'
# arithmetic, the acceptance kit. Each is imported when first used.
NOT_AT_START = (
    "gpudesk.ui.pages.quotes_page",
    "gpudesk.ui.pages.catalogue_page",
    "gpudesk.ui.pages.checklist_page",
    "gpudesk.ui.pages.options_page",
    "gpudesk.ui.pages.plan_page",
    "gpudesk.ui.kit_dialog",
    "gpudesk.ui.widgets.quote_dialog",
    "gpudesk.ui.widgets.row_editor",
    "gpudesk.ui.help",
    "gpudesk.export",
    "gpudesk.report",
    "gpudesk.core.plan.comparison",
    "gpudesk.core.plan.quote_cost",
    "gpudesk.core.plan.quote_ops",
    "gpudesk.core.plan.autosave",
    "gpudesk.core.plan.checklist",
    "gpudesk.core.kit",
    "sqlite_utils",
)

PROBE = r"""
import contextlib, gc, io, json, sys
from gpudesk.ui.app import run_app
with contextlib.redirect_stdout(io.StringIO()) as out:
    status = run_app(["--selftest"])
print(json.dumps({"status": status, "gc": gc.isenabled(), "out": out.getvalue(),
                  "modules": sorted(m for m in sys.modules if m.startswith(("gpudesk", "sqlite_utils")))}))
"""


def _selftest_probe(tmp_path) -> dict:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", GPUDESK_HOME=str(tmp_path / "home"))
    r = subprocess.run([sys.executable, "-c", PROBE], env=env, capture_output=True, text=True, timeout=180)
    assert r.returncode == 0, r.stderr[-2000:]
    return json.loads(r.stdout.strip().splitlines()[-1])


def test_the_first_answer_imports_only_what_it_shows(tmp_path):
    probe = _selftest_probe(tmp_path)
    assert probe["status"] == 0, probe["out"]
    assert "selftest ok" in probe["out"]
    loaded = set(probe["modules"])
    early = [m for m in NOT_AT_START if m in loaded or any(x.startswith(m + ".") for x in loaded)]
    assert early == [], f"imported before the first paint: {early}"
    # and what it does need is there (the probe would pass vacuously if the app never started)
    assert {"gpudesk.ui.main_window", "gpudesk.ui.pages.overview", "gpudesk.core.plan.files"} <= loaded
    assert probe["gc"], "the collector must run again once the first answer is painted"


def test_the_collector_is_held_until_released_once():
    from gpudesk.ui import app

    assert gc.isenabled()
    try:
        app.hold_collector()
        app._collector_held = True
        assert not gc.isenabled()
        app.release_collector()
        assert gc.isenabled()
        assert gc.get_freeze_count() > 0  # start-up's objects are never scanned again
        gc.disable()
        app.release_collector()  # a second release changes nothing
        assert not gc.isenabled()
    finally:
        gc.enable()
        gc.unfreeze()
        app._collector_held = False


def test_plan_package_names_resolve_lazily():
    """`from gpudesk.core.plan import X` keeps working for every exported name (PEP 562)."""
    code = (
        "import json, sys; import gpudesk.core.plan as p; before = set(sys.modules); "
        "from gpudesk.core.plan import compare, Quote, load_plan, checklist; "
        "print(json.dumps([sorted(set(sys.modules) - before), [getattr(p, n).__name__ if hasattr(getattr(p, n), "
        "'__name__') else n for n in p.__all__]]))"
    )
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    new, names = json.loads(r.stdout)
    assert "gpudesk.core.plan.comparison" in new and "gpudesk.core.plan.checklist" in new
    assert len(names) == len(__import__("gpudesk.core.plan", fromlist=["__all__"]).__all__)


def test_what_the_first_answer_needs_is_imported_and_read_before_qt(tmp_path):
    """PySide6's import hook reads the source of every module imported after it (looking for
    `__feature__`): numpy, the engine the first search runs and the catalogue's rows (with pydantic's
    schema builds and the stdlib they import) come first. Measured: about 100 ms less CPU at start."""
    code = (
        "import json, sys; from gpudesk.ui.app import _preload_core; _preload_core(); "
        "from gpudesk.catalog import open_catalog; cat = open_catalog(); "
        "print(json.dumps({'qt': sorted(m for m in sys.modules if m.startswith(('PySide6', 'shiboken6'))), "
        "'numpy': 'numpy' in sys.modules, 'engine': 'gpudesk.core.engine.memory' in sys.modules, "
        "'tables': sorted(cat._rows), 'presets': len(cat._presets or {})}))"
    )
    env = dict(os.environ, GPUDESK_HOME=str(tmp_path / "home"))
    r = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr[-2000:]
    probe = json.loads(r.stdout.strip().splitlines()[-1])
    assert probe["qt"] == []
    assert probe["numpy"] and probe["engine"]
    assert probe["tables"] == ["gpus", "offers", "providers", "servers"]
    assert probe["presets"] >= 30  # the bundled model presets (38 today)


def test_a_catalogue_that_cannot_be_read_is_left_to_the_window(tmp_path, monkeypatch):
    """Reading the catalogue early never fails the start: the window reads it again and says what is wrong."""
    from gpudesk.catalog import store
    from gpudesk.errors import CatalogError
    from gpudesk.ui import app

    def broken(self, kind):
        raise CatalogError("bundled catalogue cannot be read")

    monkeypatch.setattr(store.Catalog, "_load", broken)
    app._read_catalogue()  # no exception


def test_a_plan_the_desktop_hands_over_reaches_the_app():
    """macOS sends a double-clicked plan as a QFileOpenEvent to the application object: the application's
    own event handler hands it on (`plan_handed_over`), with no application-wide event filter."""
    code = (
        "import json; from PySide6.QtCore import QCoreApplication; "
        "from PySide6.QtGui import QFileOpenEvent; from gpudesk.ui.app import create_application; "
        "app = create_application(lang='en'); got = []; app.plan_handed_over.connect(got.append); "
        "QCoreApplication.sendEvent(app, QFileOpenEvent('/tmp/a.GPUDESK')); "
        "QCoreApplication.sendEvent(app, QFileOpenEvent('/tmp/b.pdf')); "
        "print(json.dumps({'got': got, 'type': type(app).__name__}))"
    )
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    r = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr[-2000:]
    probe = json.loads(r.stdout.strip().splitlines()[-1])
    assert probe["got"] == ["/tmp/a.GPUDESK"]  # a plan, whatever the case of its suffix; a PDF is not handed on
    assert probe["type"] == "Application"
