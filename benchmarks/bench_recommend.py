#!/usr/bin/env python3
"""Time the recommender's search over catalogues of 18 (bundled), 1,000 and 10,000 offers.

Targets (issue 17), for 7B LoRA, 13B full and 70B full: under 50 ms at 1,000 offers and under 150 ms at
10,000 on the 2-core machine. The larger catalogues are the bundled one plus a deterministic synthetic
sheet (benchmarks/offer_sheet.py) held in memory, so this times the search, not the database; the
catalogue's own load time is printed apart (a user database of that many imported offers, read cold).

For each size and job it prints the median and min–max of the warm runs, wall-clock and CPU time (each a
fresh search: the catalogue's rows are loaded once per process, as in the app; on a shared machine the
CPU time is the steadier figure), the first run, and the longest interval between two asks of the
cancellation hook (the GUI's cancel latency).

    python benchmarks/bench_recommend.py [--sizes 18 1000 10000] [--runs 7] [--max-gpus N]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

JOBS = (
    ("7B LoRA", "llama-2-7b", "lora", 2e9),
    ("13B full", "llama-2-13b", "full", 2e10),
    ("70B full", "llama-2-70b", "full", 2e11),
)


class WithOffers:
    """The bundled catalogue with more offers, as if imported."""

    def __init__(self, base, extra):
        self.base = base
        self._offers = [*base.offers(), *extra]

    def offers(self):
        return self._offers

    def __getattr__(self, name):
        return getattr(self.base, name)


def fmt(xs: list[float]) -> str:
    return f"median {statistics.median(xs) * 1000:7.1f} ms  (min–max {min(xs) * 1000:.1f}–{max(xs) * 1000:.1f})"


def load_time(n: int) -> str:
    """Cold load of n imported offers from a user database (a fresh catalogue object each time)."""
    from offer_sheet import imported_home

    from gpudesk.catalog import open_catalog

    home = Path(imported_home(n))
    times = []
    for _ in range(5):
        cat = open_catalog(user_db=home / "user.sqlite", refresh=True)
        t0 = time.perf_counter()
        got = len(cat.offers())
        times.append(time.perf_counter() - t0)
    return f"{got:,} offers: {fmt(times)}"


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--sizes", type=int, nargs="+", default=[18, 1000, 10000])
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--max-gpus", type=int, default=None, help="the search's limit (default: the recommender's)")
    ap.add_argument("--load", action="store_true", help="also time loading that many offers from a user database")
    args = ap.parse_args()

    from offer_sheet import offers

    from gpudesk.catalog import open_catalog
    from gpudesk.catalog.schema import Offer
    from gpudesk.core import search as rec
    from gpudesk.core.models import Constraints, Job

    base = open_catalog()
    base.gpus(), base.servers(), base.providers()
    bundled = len(base.offers())
    for size in args.sizes:
        extra = [Offer.model_validate(r) for r in offers(max(0, size - bundled))] if size > bundled else []
        cat = WithOffers(base, extra) if extra else base
        shapes = len({(o.gpu, o.server, o.gpus_per_node) for o in cat.offers()})
        print(f"\n{len(cat.offers()):,} offers ({shapes} platform shapes)")
        for label, model, task, tokens in JOBS:
            job = Job(model=cat.model(model), task=task, tokens=tokens)
            c = Constraints(max_gpus=args.max_gpus)
            t0 = time.perf_counter()
            r = rec.recommend(job, c, cat)
            first = time.perf_counter() - t0
            warm, cpu = [], []
            gaps: list[float] = []
            for _ in range(args.runs):
                stamps = [time.perf_counter()]

                def asked(stamps: list[float] = stamps) -> bool:
                    stamps.append(time.perf_counter())
                    return False

                c0 = time.process_time()
                r = rec.recommend(job, c, cat, should_stop=asked)
                cpu.append(time.process_time() - c0)
                stamps.append(time.perf_counter())
                warm.append(stamps[-1] - stamps[0])
                gaps.append(max(b - a for a, b in zip(stamps, stamps[1:])))
            best = r.options[0]
            print(f"  {label:9s} wall {fmt(warm)}; CPU {fmt(cpu)}")
            print(
                f"            first {first * 1000:.1f} ms; cancel gap max {max(gaps) * 1000:.1f} ms; "
                f"{r.feasible_count:,} feasible, {r.searched:,} searched, up to {r.max_gpus} GPUs; "
                f"top: {best.gpus}× {best.gpu}"
            )
        if args.load and size > bundled:
            print(f"  load from a user database: {load_time(size - bundled)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
