#!/usr/bin/env python3
"""Times one full estimate (memory + time + cost + notes) and a sweep of 10,000 estimates.

Target: a single estimate well under 1 ms, so the GUI can recompute on every keystroke and the
recommender can search thousands of layouts. Run: python benchmarks/bench_estimate.py
"""

from __future__ import annotations

import itertools
import statistics
import time
from pathlib import Path

from gpudesk.core.engine.architecture import from_config_file
from gpudesk.core.engine.cost import cost_estimate
from gpudesk.core.engine.estimate import estimate
from gpudesk.core.engine.memory import memory_estimate
from gpudesk.core.models import Cluster, GpuSpec, Job, Layout
from gpudesk.core.engine.timing import time_estimate

FIX = Path(__file__).resolve().parent.parent / "tests" / "core" / "fixtures"
A100 = GpuSpec(
    id="a100-sxm-80gb",
    name="A100 SXM 80GB",
    memory_bytes=80 * 10**9,
    memory_bandwidth_gbps=2039,
    tflops_bf16=312,
    tflops_fp16=312,
    tflops_tf32=156,
    tflops_fp32=19.5,
    nvlink_gbps=600,
    form_factor="sxm",
    pcie_generation=4,
    pcie_gbps=32,
)


def best_of(fn, repeat=2000) -> float:
    samples = []
    for _ in range(5):
        t0 = time.perf_counter()
        for _ in range(repeat):
            fn()
        samples.append((time.perf_counter() - t0) / repeat)
    return min(samples), statistics.median(samples)


def main() -> None:
    arch = from_config_file(FIX / "llama-2-7b.json")
    job = Job(model=arch, tokens=1e10, price_per_gpu_hour=10.0)
    layout = Layout(gpus=8, zero=3)
    cluster = Cluster(gpu=A100)
    best, med = best_of(lambda: estimate(job, layout, cluster))
    print(f"one full estimate (with notes):          best {best * 1e6:7.1f} us   median {med * 1e6:7.1f} us")

    def pieces():
        te = time_estimate(job, layout, cluster)
        memory_estimate(job, layout, A100.memory_bytes)
        cost_estimate(job, te, 10.0, None)

    best, med = best_of(pieces)
    print(f"memory + time + cost (no notes):         best {best * 1e6:7.1f} us   median {med * 1e6:7.1f} us")

    jobs = [
        job.model_copy(update=dict(micro_batch=b, recompute=r))
        for b in (1, 2, 4, 8)
        for r in ("none", "selective", "full")
    ]
    layouts = [
        Layout(gpus=g, tp=tp, pp=pp, zero=z)
        for g in (1, 2, 4, 8, 16, 32, 64)
        for tp, pp in ((1, 1), (2, 1), (1, 2), (2, 2))
        if g % (tp * pp) == 0
        for z in (0, 1, 2, 3)
    ]
    combos = list(itertools.islice(itertools.cycle(itertools.product(jobs, layouts)), 10_000))
    t0 = time.perf_counter()
    for j, lay in combos:
        te = time_estimate(j, lay, cluster)
        memory_estimate(j, lay, A100.memory_bytes)
        cost_estimate(j, te, 10.0, None)
    sweep = time.perf_counter() - t0
    print(f"sweep of 10,000 estimates (no notes):    {sweep * 1e3:7.1f} ms total, {sweep / 1e4 * 1e6:6.1f} us each")
    t0 = time.perf_counter()
    for j, lay in combos:
        estimate(j, lay, cluster)
    sweep = time.perf_counter() - t0
    print(f"sweep of 10,000 full estimates (notes):  {sweep * 1e3:7.1f} ms total, {sweep / 1e4 * 1e6:6.1f} us each")


if __name__ == "__main__":
    main()
