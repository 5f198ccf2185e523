#!/usr/bin/env python3
"""How long opening the catalogue takes (target: well under 50 ms). Prints figures, asserts nothing.

Each figure is the median of several fresh interpreters (cold process, warm OS file cache):
  open        `open_catalog()` after `import gpudesk.catalog` (the API object; rows load lazily)
  import+open the two together (what a command pays, pydantic and core models included)
  gpus        first `cat.gpus()` (read + validate the GPU rows) after opening
  everything  first read of all kinds and all model presets (presets go through the engine reader)
  cached      a second `cat.gpus()` (from the per-process cache)
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile

PROBE = r"""
import json, sys, time
if "--preloaded" in sys.argv:  # as in the app and CLI, where pydantic and core models are already loaded
    import gpudesk.core.models, gpudesk.core.engine.architecture
t0 = time.perf_counter()
import gpudesk.catalog as c
t1 = time.perf_counter()
cat = c.open_catalog()
t2 = time.perf_counter()
cat.gpus()
t3 = time.perf_counter()
cat.servers(); cat.providers(); cat.offers(); cat.models(); cat.meta
t4 = time.perf_counter()
cat.gpus()
t5 = time.perf_counter()
print(json.dumps({"open": t2 - t1, "import+open": t2 - t0, "gpus": t3 - t2, "everything": t4 - t2,
                  "cached": t5 - t4}))
"""


def measure(runs: int, *extra: str) -> dict[str, list[float]]:
    results: dict[str, list[float]] = {}
    with tempfile.TemporaryDirectory() as home:
        env = dict(os.environ, GPUDESK_HOME=home)
        for _ in range(runs):
            out = subprocess.run(
                [sys.executable, "-c", PROBE, *extra], capture_output=True, text=True, env=env, check=True
            )
            for k, v in json.loads(out.stdout).items():
                results.setdefault(k, []).append(v * 1000)
    return results


def main(runs: int = 7) -> int:
    for title, extra in (
        ("cold process (pydantic not yet imported: the first rows pay for it)", ()),
        ("pydantic and core models already imported (as in the app and CLI)", ("--preloaded",)),
    ):
        results = measure(runs, *extra)
        print(f"catalogue start-up, {title}; median of {runs} processes (ms):")
        for k, v in results.items():
            print(f"  {k:12s} {statistics.median(v):8.2f}   (min {min(v):.2f}, max {max(v):.2f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
