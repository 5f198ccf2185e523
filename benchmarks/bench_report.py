#!/usr/bin/env python3
"""Time the PDF export of a typical plan (Llama-2-7B full training, recommender's choice).

Target: under 2 s per export in the app (the acceptance check allows 4 s for the whole
`gpudesk report` process, interpreter and Qt start-up included).
Prints: Qt + font start-up, building the report data, the first (cold) export and the median warm
export in each language, the page count and file size, and the whole CLI process time.

    python benchmarks/bench_report.py [--runs 5] [--plan FILE.gpudesk]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


def typical_plan():
    from gpudesk.catalog import open_catalog
    from gpudesk.core.models import Constraints, Job
    from gpudesk.core.plan import new_plan

    cat = open_catalog()
    job = Job(model=cat.model("llama-2-7b"), task="full", tokens=2e10)
    return new_plan(job, Constraints(), cat, title="Llama-2-7B full training", author="bench")


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--plan", help="a plan file to export instead of the typical one")
    args = ap.parse_args()

    from gpudesk.core.plan import load_plan, save_plan

    plan = load_plan(args.plan) if args.plan else typical_plan()
    out = Path(tempfile.mkdtemp(prefix="gpudesk-bench-"))

    t = time.perf_counter()
    from gpudesk.report.fonts import report_family

    report_family()
    print(f"Qt application + bundled font: {1000 * (time.perf_counter() - t):7.1f} ms")

    from gpudesk.core.report.report_data import build_report
    from gpudesk.report import export_pdf

    for lang in ("zh_CN", "en"):
        t = time.perf_counter()
        build_report(plan, lang)
        data_ms = 1000 * (time.perf_counter() - t)
        times = []
        pages = 0
        for _ in range(args.runs):
            t = time.perf_counter()
            pages = export_pdf(plan, out / f"plan-{lang}.pdf", lang)
            times.append(1000 * (time.perf_counter() - t))
        size = (out / f"plan-{lang}.pdf").stat().st_size
        print(
            f"{lang:5}: report data {data_ms:6.1f} ms | export cold {times[0]:7.1f} ms, "
            f"warm median {statistics.median(times[1:] or times):7.1f} ms | {pages} pages, {size / 1024:.0f} KiB"
        )

    plan_file = out / "plan.gpudesk"
    save_plan(plan, plan_file)
    exe = [sys.executable, "-m", "gpudesk"]
    for lang in ("zh_CN", "en"):
        t = time.perf_counter()
        r = subprocess.run(
            [*exe, "report", str(plan_file), "-o", str(out / f"cli-{lang}.pdf"), "--lang", lang, "-q"],
            capture_output=True,
            text=True,
            cwd=ROOT,
            check=False,
        )
        wall = time.perf_counter() - t
        print(f"{lang:5}: whole `gpudesk report` process {wall:5.2f} s (exit {r.returncode})")
    print(f"files in {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
