#!/usr/bin/env python3
"""Desktop app speed: cold start to the first painted window, and edit-to-repainted-charts latency.

    QT_QPA_PLATFORM=offscreen python benchmarks/bench_ui.py [--runs 5] [--edits 20]

Cold start runs whole processes (interpreter start included), alternating with the bare stack
(PySide6 + pyqtgraph showing one plot) so machine load affects both alike. Latency is measured in
one process: a form edit, the edit coalescing (one event-loop turn), the recommender on its worker
thread, the charts updated, and the window repainted. Targets (issue 5): cold start under 1.5 s, latency under 50 ms.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time

FIRST_PAINT = r"""
import sys, time
t0 = float(sys.argv[1])
from gpudesk.ui.app import _preload_core, create_application
_preload_core()
app = create_application(lang="en")
from PySide6.QtCore import QSettings
from gpudesk.ui.main_window import MainWindow
settings = QSettings(sys.argv[2], QSettings.IniFormat)
window = MainWindow(settings=settings, autosave=False)
window.resize(1280, 820)
window.show()
app.processEvents()
print(f"{time.time() - t0:.4f}", flush=True)
from gpudesk.ui.app import _teardown
_teardown(app, window)
"""

BARE = r"""
import sys, time
t0 = float(sys.argv[1])
from PySide6.QtWidgets import QApplication, QMainWindow
import pyqtgraph as pg, pydantic, sqlite_utils
app = QApplication(sys.argv[:1])
w = QMainWindow(); pw = pg.PlotWidget(); w.setCentralWidget(pw); pw.plot([1, 2, 3], [3, 1, 2]); w.resize(1280, 820); w.show()
app.processEvents()
print(f"{time.time() - t0:.4f}")
"""


def cold_start(runs: int) -> tuple[list[float], list[float]]:
    import tempfile

    env = dict(os.environ, QT_QPA_PLATFORM=os.environ.get("QT_QPA_PLATFORM", "offscreen"))
    ini = os.path.join(tempfile.mkdtemp(prefix="gpudesk-bench-"), "settings.ini")
    mine, bare = [], []
    for _ in range(runs):
        for code, out in ((FIRST_PAINT, mine), (BARE, bare)):
            r = subprocess.run([sys.executable, "-c", code, repr(time.time()), ini], capture_output=True, text=True,
                               env=env, timeout=120)
            if r.returncode != 0:
                raise SystemExit(f"cold-start run failed:\n{r.stderr[-600:]}")
            out.append(float(r.stdout.strip().splitlines()[-1]))
    return mine, bare


def latency(edits: int) -> dict[str, list[float]]:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from gpudesk.ui.app import _preload_core, create_application

    _preload_core()
    app = create_application(lang="en")
    import tempfile

    from PySide6.QtCore import QEventLoop, QSettings, QTimer

    from gpudesk.ui.main_window import MainWindow

    settings = QSettings(os.path.join(tempfile.mkdtemp(prefix="gpudesk-bench-"), "s.ini"), QSettings.IniFormat)
    window = MainWindow(settings=settings, autosave=False)
    window.resize(1280, 820)
    window.show()
    app.processEvents()

    def wait_answer() -> None:
        loop = QEventLoop()
        window.recomputed.connect(loop.quit)
        QTimer.singleShot(20000, loop.quit)
        loop.exec()
        window.recomputed.disconnect(loop.quit)
        app.processEvents()  # the repaint of the rebuilt charts

    window.recompute_now()
    wait_answer()
    out: dict[str, list[float]] = {"edit to repainted (as typed)": [], "edit to repainted (recompute_now)": [],
                                   "recommender alone": [], "keystroke handling": []}
    spin = window.form.seq_spin
    for i in range(edits):
        t = time.perf_counter()
        spin.setValue(2048 if i % 2 else 4096)  # what typing a digit does
        out["keystroke handling"].append(time.perf_counter() - t)
        wait_answer()
        out["edit to repainted (as typed)"].append(time.perf_counter() - t)
        out["recommender alone"].append(window.last_recompute_s or 0.0)
        t = time.perf_counter()
        window.form.micro_spin.setValue(2 if i % 2 else 1)
        window.recompute_now()  # no event-loop turn first: what the worker, the charts and the paint cost
        wait_answer()
        out["edit to repainted (recompute_now)"].append(time.perf_counter() - t)
    window.discard_changes()
    window.close()
    window.deleteLater()
    app.processEvents()
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--edits", type=int, default=20)
    args = parser.parse_args()
    mine, bare = cold_start(args.runs)
    m, b = statistics.median(mine), statistics.median(bare)
    print(f"cold start to first painted window: gpudesk {m:.2f} s (median of {args.runs}; "
          f"min {min(mine):.2f}), bare PySide6+pyqtgraph window {b:.2f} s, ratio {m / b:.2f}x (target < 1.5 s)")
    for name, values in latency(args.edits).items():
        ms = sorted(v * 1000 for v in values)
        print(f"{name}: median {statistics.median(ms):.1f} ms, p90 {ms[int(0.9 * (len(ms) - 1))]:.1f} ms "
              f"over {len(ms)} edits")
    print("(edit-to-repaint target < 50 ms)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
