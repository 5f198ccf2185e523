#!/usr/bin/env python3
"""Print the frozen build's start-up times, cold (bundle evicted from the page cache) and warm.

    python packaging/startup_time.py [dist/gpudesk/gpudesk]

Cold start evicts only the bundle's own files (posix_fadvise DONTNEED), not the whole system
cache, so system libraries stay warm as they would on a desktop in use. Linux only.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def evict(folder: Path) -> None:
    for f in folder.rglob("*"):
        if f.is_file() and not f.is_symlink():
            fd = os.open(f, os.O_RDONLY)
            try:
                os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)
            finally:
                os.close(fd)


def timed(exe: Path, args: list[str], home: str) -> tuple[float, str]:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", GPUDESK_HOME=home)
    t = time.perf_counter()
    r = subprocess.run([str(exe), *args], capture_output=True, text=True, env=env, timeout=300)
    seconds = time.perf_counter() - t
    if r.returncode != 0:
        sys.exit(f"{exe.name} {' '.join(args)} exited {r.returncode}: {(r.stdout + r.stderr).strip()[-300:]}")
    return seconds, r.stdout


def main() -> int:
    exe = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "dist" / "gpudesk" / "gpudesk"
    folder = exe.parent
    with tempfile.TemporaryDirectory() as home:
        for args in (["--version"], ["estimate", "--params", "7e9", "--task", "full", "--json"], ["--selftest"]):
            evict(folder)
            cold, cold_out = timed(exe, args, home)
            warm, warm_out = timed(exe, args, home)
            painted = [re.search(r"startup: (\d+) ms to first painted window", o) for o in (cold_out, warm_out)]
            extra = (
                f"; window painted after {painted[0].group(1)} ms cold, {painted[1].group(1)} ms warm"
                if all(painted)
                else ""
            )
            print(f"{' '.join(args)[:40]:<40} cold {cold:5.2f} s   warm {warm:5.2f} s{extra}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
