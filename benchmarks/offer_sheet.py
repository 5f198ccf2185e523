#!/usr/bin/env python3
"""A deterministic synthetic price sheet of N offers, for the search benchmarks and the tests that compare
the search with its reference: varied GPUs, node types, providers, regions, hourly and monthly prices and
cluster sizes, all of them ids the bundled catalogue knows; and a throw-away GPUDESK_HOME holding it.

    python benchmarks/offer_sheet.py 1000 sheet.csv      # just the sheet (then: gpudesk catalog import sheet.csv)
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

PROVIDERS = (
    "jianmi",
    "kufanyun",
    "aliyun",
    "tencent-cloud",
    "huawei-cloud",
    "volcengine",
    "baidu-ai-cloud",
    "autodl",
    "compshare",
)
REGIONS = ("山东 Jinan", "山东 Qingdao", "北京 Beijing", "上海 Shanghai", "广东 Guangzhou", "四川 Chengdu", None)
_PCIE4 = (("pcie4-1x", 1), ("pcie4-2x", 2), ("pcie4-4x", 4), ("pcie4-8x", 8))
_PCIE5 = (("pcie5-1x", 1), ("pcie5-8x", 8))
# GPU id -> (typical CNY per GPU-hour, node types it comes in)
GPUS: dict[str, tuple[float, tuple[tuple[str | None, int], ...]]] = {
    "rtx-3090": (1.3, _PCIE4),
    "rtx-4090": (2.0, _PCIE4),
    "rtx-4090d": (1.9, _PCIE4),
    "l40s": (5.2, _PCIE4),
    "l20": (3.8, _PCIE4),
    "a100-pcie-40gb": (4.4, _PCIE4),
    "a100-pcie-80gb": (5.8, _PCIE4),
    "a100-sxm-40gb": (6.0, (("dgx-a100-320gb", 8),)),
    "a100-sxm-80gb": (8.0, (("dgx-a100-640gb", 8), ("hgx-a100-4x", 4))),
    "a800-sxm-80gb": (7.4, (("hgx-a800-8x", 8),)),
    "h100-sxm-80gb": (17.0, (("dgx-h100", 8), ("hgx-h100-4x", 4))),
    "h800-sxm-80gb": (15.0, (("hgx-h800-8x", 8),)),
    "h20": (7.8, (("hgx-h20-8x", 8),)),
    "h200-sxm-141gb": (24.0, (("dgx-h200", 8),)),
    "b200-sxm-180gb": (38.0, (("dgx-b200", 8),)),
}
COLUMNS = (
    "id",
    "provider",
    "gpu",
    "server",
    "region",
    "gpus_per_node",
    "max_nodes",
    "price_per_gpu_hour",
    "price_per_gpu_month",
    "price_kind",
    "price_date",
    "billing",
    "source",
    "notes",
)


def offers(n: int, seed: int = 17) -> list[dict]:
    """N offer rows (catalogue Offer fields), the same every time for the same n and seed."""
    rng = random.Random(seed * 1_000_003 + n)
    names = sorted(GPUS)
    out = []
    for i in range(n):
        gpu = names[i % len(names)] if i < len(names) else rng.choice(names)
        base, nodes = GPUS[gpu]
        server, gpn = nodes[rng.randrange(len(nodes))]
        hour = round(base * rng.uniform(0.75, 1.35), 2)
        month = round(hour * 730 * rng.uniform(0.55, 0.8)) if rng.random() < 0.35 else None
        if gpn == 8:
            max_nodes = rng.choice((None, 1, 2, 4, 8, 16, 32))
        else:
            max_nodes = rng.choice((None, 1))
        out.append(
            {
                "id": f"syn-{i:05d}-{gpu}",
                "provider": rng.choice(PROVIDERS),
                "gpu": gpu,
                "server": server,
                "region": rng.choice(REGIONS),
                "gpus_per_node": gpn,
                "max_nodes": max_nodes,
                "price_per_gpu_hour": hour,
                "price_per_gpu_month": month,
                "price_kind": "quoted",
                "price_date": f"2026-{rng.randint(1, 11):02d}-{rng.randint(1, 28):02d}",
                "billing": ["hourly", "monthly"] if month is not None else ["hourly"],
                "source": "synthetic benchmark sheet",
                "notes": None,
            }
        )
    return out


def write_csv(rows: list[dict], path: str | Path) -> None:
    with open(path, "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(COLUMNS)
        for r in rows:
            w.writerow(["" if r[c] is None else (";".join(r[c]) if c == "billing" else r[c]) for c in COLUMNS])


def write_sheet(n: int, path: str | Path) -> Path:
    write_csv(offers(n), path)
    return Path(path)


def imported_home(n: int) -> str:
    """A temporary GPUDESK_HOME whose user database holds an n-offer sheet (n = 0: the bundled catalogue)."""
    home = tempfile.mkdtemp(prefix=f"gpudesk-bench-{n}-")
    if n:
        sheet = write_sheet(n, Path(home) / "sheet.csv")
        subprocess.run(
            [sys.executable, "-m", "gpudesk", "catalog", "import", str(sheet)],
            check=True,
            env=dict(os.environ, GPUDESK_HOME=home),
            capture_output=True,
        )
    return home


if __name__ == "__main__":
    print(write_sheet(int(sys.argv[1]), sys.argv[2]))
