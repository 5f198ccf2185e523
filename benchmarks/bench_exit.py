#!/usr/bin/env python3
"""Closing the window while its first recompute runs: how often the process exits cleanly, and how
long the close takes.

    QT_QPA_PLATFORM=offscreen python benchmarks/bench_exit.py [--runs 100] [--offers 0,10000]

Each run is a whole process (like bench_ui's cold-start child): it builds the window, paints it,
starts the first recompute and closes the window at once, so the close lands in the middle of the search
(with 10,000 offers imported the search alone takes a few hundred ms). A run is clean when the
process exits with status 0, no signal, and nothing on stderr that names an exception (a traceback,
"Qt Concurrent has caught an exception"). Target (issue 17): 100 clean exits in 100, the close
(search cancelled, worker joined, window torn down) within 50 ms, never seconds.
"""

from __future__ import annotations

import argparse
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

CLOSE_DURING_SEARCH = r"""
import sys, time
from gpudesk.ui.app import _preload_core, create_application, _teardown
_preload_core()
app = create_application(lang="en")
from PySide6.QtCore import QSettings
from gpudesk.ui.main_window import MainWindow
window = MainWindow(settings=QSettings(sys.argv[1], QSettings.IniFormat), autosave=False)
window.resize(1280, 820)
window.show()
app.processEvents()  # painted
window.recompute_now()  # the first search is running on the worker thread
busy = window.busy
t = time.perf_counter()
window.close()  # the search cancelled and the worker joined
closed = time.perf_counter() - t
_teardown(app, window)
print(f"{1000 * closed:.2f} {1000 * (time.perf_counter() - t):.2f} {int(busy)}", flush=True)
"""

BAD_WORDS = ("Traceback", "Qt Concurrent", "Exception", "Error:", "Segmentation", "Aborted")


def runs(n: int, home: str) -> tuple[list[tuple[float, float]], int, list[str]]:
    ini = os.path.join(tempfile.mkdtemp(prefix="gpudesk-exit-"), "settings.ini")
    env = dict(os.environ, QT_QPA_PLATFORM=os.environ.get("QT_QPA_PLATFORM", "offscreen"), GPUDESK_HOME=home)
    closes, during, failures = [], 0, []
    for _ in range(n):
        r = subprocess.run(
            [sys.executable, "-c", CLOSE_DURING_SEARCH, ini], capture_output=True, text=True, env=env, timeout=120
        )
        bad = [w for w in BAD_WORDS if w in r.stderr]
        if r.returncode != 0 or bad:
            how = f"signal {signal.Signals(-r.returncode).name}" if r.returncode < 0 else f"exit {r.returncode}"
            failures.append(
                f"{how}{' (stderr names ' + ', '.join(bad) + ')' if bad else ''}: {r.stderr.strip()[-200:]}"
            )
            continue
        close_ms, all_ms, busy = r.stdout.split()[-3:]
        closes.append((float(close_ms), float(all_ms)))
        during += int(busy)
    return closes, during, failures


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=100)
    parser.add_argument("--offers", default="0,10000", help="catalogue sizes added to the bundled one")
    args = parser.parse_args()
    from offer_sheet import imported_home

    failed = 0
    for n in (int(x) for x in args.offers.split(",") if x.strip()):
        home = imported_home(n)
        t = time.time()
        closes, during, failures = runs(args.runs, home)
        failed += len(failures)
        label = "bundled catalogue" if n == 0 else f"+{n:,} offers"
        print(
            f"{label}: clean exits {len(closes)} of {args.runs} (non-zero exits or signals: {len(failures)}); "
            f"closed during the search {during} times; {time.time() - t:.0f} s"
        )
        for i, what in enumerate(("close (search cancelled, worker joined)", "close and window torn down")):
            ms = sorted(c[i] for c in closes)
            if ms:
                print(f"{label}: {what}: median {statistics.median(ms):.1f} ms, min {ms[0]:.1f}, max {ms[-1]:.1f}")
        for f in failures[:5]:
            print(f"  {f}")
    print("(targets: 100 clean exits in 100; close within 50 ms)")
    return 0 if not failed else 1


if __name__ == "__main__":
    sys.exit(main())
