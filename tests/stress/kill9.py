#!/usr/bin/env python3
"""Nothing lost, proven: writers killed with SIGKILL at random moments always leave the old or the new
valid plan file, never a truncated one.

    python tests/stress/kill9.py --kills 240            # the full run (figures printed at the end)
    python tests/stress/kill9.py --kills 20 --kind gui  # one kind

Kinds: `plan-new` (`gpudesk plan new -o EXISTING`), `checklist-set`, `quote-add`, `gui-save` (the window's
save path: MainWindow.save_to in an offscreen window saving in a loop) and `save-loop` (save_plan back
to back, so nearly every kill lands inside a write). After each kill the plan must load and be either
byte-identical to the version before or the complete new one (the change that command makes is in it);
its .bak must load too. The suite runs 20 kills (tests/hardening/test_kill9.py). POSIX only.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

KINDS = ("plan-new", "checklist-set", "quote-add", "gui-save", "save-loop")
ITEMS = ("driver-branch", "growth-path", "data-wipe", "storage-iops")

_GUI = """
import sys
from PySide6.QtWidgets import QApplication, QMessageBox
app = QApplication([])
QMessageBox.question = lambda *a, **k: QMessageBox.Save
QMessageBox.warning = lambda *a, **k: QMessageBox.Ok
from gpudesk.ui.main_window import MainWindow
win = MainWindow(autosave=False)
assert win.open_plan(sys.argv[1], ask=False)
print("ready", flush=True)
n = 0
while True:
    n += 1
    win.session.set_fact("title", f"gui {sys.argv[2]} save {n}")
    assert win.save_to(win.session.path)
    print(n, flush=True)
"""

_LOOP = """
import sys
from gpudesk.core.plan import load_plan, save_plan
plan = load_plan(sys.argv[1])
print("ready", flush=True)
n = 0
while True:
    n += 1
    plan.title = f"loop {sys.argv[2]} save {n}"
    plan.notes = "x" * (1000 * (n % 50))  # sizes vary: a short new file over a long old one, and back
    save_plan(plan, sys.argv[1])
"""


@dataclass
class Tally:
    kills: int = 0
    old: int = 0  # the file as it was before the writer started
    new: int = 0  # the writer's complete new version
    broken: list[str] = field(default_factory=list)
    leftover_temps: int = 0  # temporary files a killed writer could not remove (cleared by the next save)


def gpudesk() -> list[str]:
    return [sys.executable, "-m", "gpudesk"]


def env(home: Path) -> dict:
    return dict(os.environ, GPUDESK_HOME=str(home), QT_QPA_PLATFORM="offscreen", PYTHONUNBUFFERED="1")


def make_plan(folder: Path, home: Path) -> Path:
    plan = folder / "p.gpudesk"
    for _ in range(2):  # twice: the second save leaves a .bak
        subprocess.run(
            [*gpudesk(), "plan", "new", "--model", "gpt2", "--tokens", "1e9", "-o", str(plan)],
            env=env(home),
            check=True,
            stdout=subprocess.DEVNULL,
        )
    return plan


def _command(kind: str, plan: Path, i: int) -> tuple[list[str], str | None]:
    """(argv, marker): the marker is what the complete new version must contain."""
    if kind == "plan-new":
        return [
            *gpudesk(),
            "plan",
            "new",
            "--model",
            "gpt2",
            "--tokens",
            "1e9",
            "--title",
            f"kill {i}",
            "--notes",
            "n" * (i % 7) * 9000,
            "-o",
            str(plan),
        ], f'"title": "kill {i}"'
    if kind == "checklist-set":
        item = ITEMS[i % len(ITEMS)]
        return [*gpudesk(), "checklist", str(plan), "--set", f"{item}=pass", "--note", f"kill {i}"], f'"kill {i}"'
    if kind == "quote-add":
        return [
            *gpudesk(),
            "quote",
            "add",
            str(plan),
            "--provider",
            "autodl",
            "--gpu",
            "rtx-4090",
            "--gpus-per-node",
            "1",
            "--nodes",
            "1",
            "--price-per-gpu-hour",
            "2.1",
            "--reference",
            f"kill-{i}",
        ], f'"kill-{i}"'
    if kind == "gui-save":
        return [sys.executable, "-c", _GUI, str(plan), str(i)], f'"title": "gui {i} save'
    return [sys.executable, "-c", _LOOP, str(plan), str(i)], f'"title": "loop {i} save'


def _valid(path: Path) -> str | None:
    """None when `path` is a whole, valid plan; else what is wrong."""
    from gpudesk.core.plan import load_plan
    from gpudesk.errors import GpudeskError

    try:
        load_plan(path)
    except GpudeskError as exc:
        return str(exc)
    return None


def one_kill(kind: str, plan: Path, home: Path, i: int, rng: random.Random, window: float, tally: Tally) -> None:
    before = plan.read_bytes()
    argv, marker = _command(kind, plan, i)
    proc = subprocess.Popen(argv, env=env(home), stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    if kind in ("gui-save", "save-loop"):  # wait until it is writing, then kill it some time into the loop
        proc.stdout.readline()
        time.sleep(rng.uniform(0.0, window))
    else:  # most of a CLI run is start-up: spread the kills over its second half, where it writes
        time.sleep(rng.uniform(0.4 * window, window))
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    proc.stdout.close()
    tally.kills += 1
    problem = _valid(plan)
    if problem is None and plan.with_name(plan.name + ".bak").exists():
        problem = _valid(plan.with_name(plan.name + ".bak"))
    now = plan.read_bytes() if plan.exists() else b""
    if problem is not None:
        tally.broken.append(f"{kind} #{i}: {problem}")
    elif now == before:
        tally.old += 1
    elif marker in now.decode("utf-8"):
        tally.new += 1
    else:
        tally.broken.append(f"{kind} #{i}: neither the old file nor the new version")
    tally.leftover_temps += len([p for p in plan.parent.iterdir() if p.name.endswith(".tmp")])


def calibrate(kind: str, plan: Path, home: Path) -> float:
    """How long one uninterrupted run of a CLI writer takes here (kills are spread over that time)."""
    if kind in ("gui-save", "save-loop"):
        return 0.5  # seconds into the save loop
    argv, _ = _command(kind, plan, 0)
    start = time.perf_counter()
    subprocess.run(argv, env=env(home), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    return (time.perf_counter() - start) * 1.1


def run(kills: int, kinds: tuple[str, ...] = KINDS, seed: int = 18, folder: Path | None = None) -> dict[str, Tally]:
    rng = random.Random(seed)
    folder = Path(folder or tempfile.mkdtemp(prefix="kill9-"))
    home = folder / "home"
    out: dict[str, Tally] = {}
    per_kind = max(1, kills // len(kinds))
    for kind in kinds:
        work = folder / kind
        work.mkdir(parents=True, exist_ok=True)
        plan = make_plan(work, home)
        window = calibrate(kind, plan, home)
        tally = out[kind] = Tally()
        for i in range(1, per_kind + 1):
            one_kill(kind, plan, home, i, rng, window, tally)
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--kills", type=int, default=240, help="kills in total, shared by the kinds (default 240)")
    ap.add_argument("--kind", choices=KINDS, action="append", help="only this kind (repeatable)")
    ap.add_argument("--seed", type=int, default=18)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    start = time.perf_counter()
    result = run(args.kills, tuple(args.kind or KINDS), args.seed)
    if args.json:
        print(json.dumps({k: vars(v) for k, v in result.items()}, indent=1))
    else:
        for kind, t in result.items():
            print(
                f"{kind:14} kills {t.kills:4}  old {t.old:4}  new {t.new:4}  broken {len(t.broken)}  "
                f"temps left {t.leftover_temps}"
            )
        total = sum(t.kills for t in result.values())
        broken = [b for t in result.values() for b in t.broken]
        print(f"{total} kills in {time.perf_counter() - start:.0f} s: {len(broken)} broken")
        for b in broken:
            print("  BROKEN", b)
    return 1 if any(t.broken for t in result.values()) else 0


if __name__ == "__main__":
    sys.exit(main())
