#!/usr/bin/env python3
"""A deterministic synthetic price sheet of N offers (varied GPUs, node types, providers, regions,
prices and cluster sizes) for the scale benchmarks, and a throw-away GPUDESK_HOME holding it.

    python benchmarks/offer_sheet.py 1000 sheet.csv      # just the sheet
    home = imported_home(1000)                            # a temporary home with the sheet imported
"""

from __future__ import annotations

import csv
import os
import random
import subprocess
import sys
import tempfile
from pathlib import Path

PROVIDERS = ("jianmi", "kufanyun", "aliyun", "tencent-cloud", "huawei-cloud", "volcengine", "baidu-ai-cloud", "autodl")
REGIONS = ("山东 Shandong", "华北 Beijing", "华东 Shanghai", "华南 Guangzhou", "西南 Chengdu", "")
_PCIE4 = (("pcie4-1x", 1), ("pcie4-2x", 2), ("pcie4-4x", 4), ("pcie4-8x", 8))
_PCIE5 = (("pcie5-1x", 1), ("pcie5-8x", 8))
# GPU id -> (typical CNY per GPU-hour, node types it comes in)
GPUS = {
    "rtx-3090": (1.4, _PCIE4), "rtx-4090": (2.2, _PCIE4), "l20": (4.0, _PCIE4), "l40s": (5.5, _PCIE4),
    "a100-pcie-80gb": (6.0, _PCIE4), "a100-sxm-80gb": (8.0, (("dgx-a100-640gb", 8), ("hgx-a100-4x", 4))),
    "a800-sxm-80gb": (7.5, (("hgx-a800-8x", 8),)), "h100-pcie-80gb": (14.0, _PCIE5),
    "h100-sxm-80gb": (18.0, (("dgx-h100", 8), ("hgx-h100-4x", 4))), "h800-sxm-80gb": (15.0, (("hgx-h800-8x", 8),)),
    "h20": (8.0, (("hgx-h20-8x", 8),)), "h200-sxm-141gb": (25.0, (("dgx-h200", 8),)),
}
COLUMNS = ("id", "provider", "gpu", "server", "region", "gpus_per_node", "max_nodes", "price_per_gpu_hour",
           "price_per_gpu_month", "price_kind", "price_date", "billing")


def write_sheet(n: int, path: str | Path) -> Path:
    rng = random.Random(20261202 + n)
    names = list(GPUS)
    with open(path, "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(COLUMNS)
        for i in range(n):
            gpu = names[i % len(names)]
            base, servers = GPUS[gpu]
            server, gpn = rng.choice(servers)
            hour = round(base * rng.uniform(0.7, 1.4), 2)
            month = round(hour * 730 * rng.uniform(0.55, 0.8)) if rng.random() < 0.4 else ""
            nodes = rng.choice(("", 1, 2, 4, 8, 16, 32)) if gpn == 8 else ""
            w.writerow([f"bench-{i:05d}", rng.choice(PROVIDERS), gpu, server, rng.choice(REGIONS), gpn, nodes, hour,
                        month, "quoted", f"2026-{rng.randint(1, 11):02d}-{rng.randint(1, 28):02d}",
                        "hourly;monthly" if month != "" else "hourly"])
    return Path(path)


def imported_home(n: int) -> str:
    """A temporary GPUDESK_HOME whose user database holds an n-offer sheet (n = 0: the bundled catalogue)."""
    home = tempfile.mkdtemp(prefix=f"gpudesk-bench-{n}-")
    if n:
        sheet = write_sheet(n, Path(home) / "sheet.csv")
        subprocess.run([sys.executable, "-m", "gpudesk", "catalog", "import", str(sheet)], check=True,
                       env=dict(os.environ, GPUDESK_HOME=home), capture_output=True)
    return home


if __name__ == "__main__":
    print(write_sheet(int(sys.argv[1]), sys.argv[2]))
