#!/usr/bin/env python3
"""Desktop app speed: cold start to the first painted window, edit-to-repainted-charts latency with
the bundled catalogue and with 1,000 and 10,000 offers imported, and a clean exit of the window.

    QT_QPA_PLATFORM=offscreen python benchmarks/bench_ui.py [--runs 5] [--edits 20] [--offers 0,1000,10000]
                                                            [--exit-runs 20]

Cold start runs whole processes (interpreter start included), alternating with the bare stack
(PySide6 + pyqtgraph showing one plot) so machine load affects both alike; each child builds the
window, paints it while its first recompute runs, and closes (the exit must be clean every time).
Latency is measured in one process per catalogue size (a throw-away GPUDESK_HOME with a generated
sheet imported, benchmarks/offer_sheet.py): a form edit, the recommender on its worker thread, the
charts updated and the window repainted. Targets (issues 12, 17): cold start within 1.3× of the
bare stack; edit-to-repaint median under 50 ms (bundled and 1,000 offers), under 150 ms at 10,000.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

FIRST_PAINT = r"""
import sys, time
t0 = float(sys.argv[1])
from gpudesk.ui.app import _preload_core, create_application, _teardown
_preload_core()
app = create_application(lang="en")
from PySide6.QtCore import QSettings
from gpudesk.ui.main_window import MainWindow
settings = QSettings(sys.argv[2], QSettings.IniFormat)
window = MainWindow(settings=settings, autosave=False)
window.resize(1280, 820)
window.show()
window.recompute_now()  # the first answer is on its way while the window paints and closes
app.processEvents()
print(f"{time.time() - t0:.4f}", flush=True)
window.close()
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


def _env(**extra) -> dict:
    return dict(os.environ, QT_QPA_PLATFORM=os.environ.get("QT_QPA_PLATFORM", "offscreen"), **extra)


def cold_start(runs: int, home: str) -> tuple[list[float], list[float], list[str]]:
    import tempfile

    ini = os.path.join(tempfile.mkdtemp(prefix="gpudesk-bench-"), "settings.ini")
    mine, bare, failures = [], [], []
    for _ in range(runs):
        for code, out in ((FIRST_PAINT, mine), (BARE, bare)):
            r = subprocess.run(
                [sys.executable, "-c", code, repr(time.time()), ini],
                capture_output=True,
                text=True,
                env=_env(GPUDESK_HOME=home),
                timeout=120,
            )
            if r.returncode != 0 or "Qt Concurrent" in r.stderr:
                failures.append(f"exit {r.returncode}: {r.stderr.strip()[-300:]}")
                continue
            out.append(float(r.stdout.strip().splitlines()[-1]))
    return mine, bare, failures


def latency(edits: int) -> dict[str, list[float]]:
    """In this process: edits of the form, each answered and painted (GPUDESK_HOME chooses the catalogue)."""
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
        QTimer.singleShot(60000, loop.quit)
        loop.exec()
        window.recomputed.disconnect(loop.quit)
        app.processEvents()  # the repaint of the rebuilt charts

    window.recompute_now()
    wait_answer()
    out: dict[str, list[float]] = {
        "edit to repainted (as typed)": [],
        "edit to repainted (recompute_now)": [],
        "recommender alone": [],
        "keystroke handling": [],
        "cancel to worker free": [],
    }
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
        # a newer edit (or closing) cancels a running search: how long until the worker is free again
        window.form.seq_spin.setValue(8192 if i % 2 else 1024)
        window.recompute_now()
        time.sleep(0.002)  # let the search get going
        t = time.perf_counter()
        window.scheduler.invalidate()
        window.worker._pool.waitForDone(5000)
        out["cancel to worker free"].append(time.perf_counter() - t)
        app.processEvents()
    window.discard_changes()
    window.close()
    from gpudesk.ui.app import _teardown

    _teardown(app, window)
    return out


def _summary(values: list[float]) -> str:
    ms = sorted(v * 1000 for v in values)
    return (
        f"median {statistics.median(ms):.1f} ms, min {ms[0]:.1f}, max {ms[-1]:.1f}, p90 "
        f"{ms[int(0.9 * (len(ms) - 1))]:.1f} over {len(ms)}"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="cold starts (each alternated with the bare stack)")
    parser.add_argument("--edits", type=int, default=20)
    parser.add_argument("--offers", default="0,1000,10000", help="catalogue sizes added to the bundled one")
    parser.add_argument("--exit-runs", type=int, default=0, help="extra cold-start children checked for a clean exit")
    parser.add_argument("--latency-child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.latency_child:  # one catalogue size, in its own process
        json.dump(latency(args.edits), sys.stdout)
        return 0
    from offer_sheet import imported_home

    bundled = imported_home(0)
    mine, bare, failures = cold_start(args.runs + args.exit_runs, bundled)
    m, b = statistics.median(mine), statistics.median(bare)
    print(
        f"cold start to first painted window: gpudesk {m:.2f} s (median of {len(mine)}; min {min(mine):.2f}, "
        f"max {max(mine):.2f}), bare PySide6+pyqtgraph window {b:.2f} s, ratio {m / b:.2f}x (target ≤ 1.3x)"
    )
    print(f"clean exits: {len(mine)} of {len(mine) + len(failures)}" + "".join(f"\n  {f}" for f in failures[:3]))
    for n in (int(x) for x in args.offers.split(",") if x.strip()):
        home = bundled if n == 0 else imported_home(n)
        r = subprocess.run(
            [sys.executable, __file__, "--latency-child", "--edits", str(args.edits)],
            capture_output=True,
            text=True,
            env=_env(GPUDESK_HOME=home),
            timeout=1800,
        )
        if r.returncode != 0:
            print(f"{n} offers: latency run failed: {r.stderr.strip()[-400:]}")
            continue
        label = "bundled catalogue" if n == 0 else f"+{n:,} offers"
        for name, values in json.loads(r.stdout.strip().splitlines()[-1]).items():
            print(f"{label}: {name}: {_summary(values)}")
    print("(targets: edit-to-repaint median < 50 ms bundled and at 1,000 offers, < 150 ms at 10,000; cancel < 50 ms)")
    return 0 if not failures else 1


if __name__ == "__main__":
    sys.exit(main())
