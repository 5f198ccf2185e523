#!/usr/bin/env python3
"""Time a full recommender search: Llama-2-70B full training over the whole catalogue.

Target: under 100 ms on one core, so the GUI can rerun it on every form edit.
Prints the first (cold caches) and the median warm time, the configurations searched, and how many
memory and time estimates the engine actually computed (the rest are reused or pruned).

    python benchmarks/bench_recommend.py [--model llama-2-70b] [--runs 7]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--model", default="llama-2-70b", help="catalogue model preset id")
    ap.add_argument("--task", default="full")
    ap.add_argument("--tokens", type=float, default=2e12)
    ap.add_argument("--runs", type=int, default=7)
    args = ap.parse_args()

    from gpudesk.catalog import open_catalog
    from gpudesk.core import search as rec
    from gpudesk.core.search.layout_search import Engine, default_engine
    from gpudesk.core.models import Constraints, Job

    cat = open_catalog()
    job = Job(model=cat.model(args.model), task=args.task, tokens=args.tokens)
    engine = default_engine()
    calls = {"memory": 0, "time": 0, "cost": 0}

    def counted(name, fn):
        def wrapper(*a, **kw):
            calls[name] += 1
            return fn(*a, **kw)
        return wrapper

    counting = Engine(counted("memory", engine.memory), counted("time", engine.time),
                          counted("cost", engine.cost), engine.params)
    cat.gpus(), cat.offers(), cat.servers(), cat.providers()  # catalogue rows loaded once per process

    t0 = time.perf_counter()
    r = rec.recommend(job, Constraints(), cat, engine=counting)
    cold = time.perf_counter() - t0
    warm, cpu, full = [], [], []
    for _ in range(args.runs):
        t0, c0 = time.perf_counter(), time.process_time()
        answer = rec.recommend(job, Constraints(), cat, engine=engine)
        warm.append(time.perf_counter() - t0)
        cpu.append(time.process_time() - c0)
        _ = answer.feasible  # the GUI's charts want every feasible option as well
        full.append(time.perf_counter() - t0)

    best = r.options[0]
    print(f"model {args.model} ({args.task}, {args.tokens:.3g} tokens); catalogue: {len(cat.gpus())} GPUs, "
          f"{len(cat.offers())} offers")
    print(f"search: first {cold * 1000:.1f} ms, median of {args.runs} {statistics.median(warm) * 1000:.1f} ms "
          f"(min {min(warm) * 1000:.1f} ms); CPU time median {statistics.median(cpu) * 1000:.1f} ms")
    print(f"with every feasible option built (the GUI's charts): median {statistics.median(full) * 1000:.1f} ms "
          f"(min {min(full) * 1000:.1f} ms)")
    print(f"configurations searched: {r.searched:,}; feasible (best layout per offer × count): {len(r.feasible)}")
    print(f"engine calls (first run): memory {calls['memory']:,}, time {calls['time']:,}, cost {calls['cost']:,}")
    print(f"rejected: {dict(sorted(r.rejected.items()))}")
    print(f"cheapest: {best.gpus}× {best.gpu} ({best.offer}), layout {best.layout.model_dump(mode='json')}, "
          f"{best.time.hours:,.0f} h" if best.time.hours else "")
    return 0


if __name__ == "__main__":
    sys.exit(main())
