#!/usr/bin/env python3
"""One command to set up and run gpudesk, or its tests, on a fresh machine with Python 3.11+.

    python3 dev.py app     # create .venv, install gpudesk, open the window
    python3 dev.py test    # create .venv, install gpudesk with test tools, run the whole suite
    python3 dev.py check   # the same venv; ruff check, ruff format --check, mypy, lint-imports (CI runs these)

Works the same on Windows (`py dev.py app`), macOS and Linux. The virtual environment is
(re)installed only when pyproject.toml changes.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = Path(os.environ.get("GPUDESK_VENV", ROOT / ".venv"))
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PY = BIN / ("python.exe" if os.name == "nt" else "python")

# The habits CI gates besides the tests (configured in pyproject.toml). The kit's probe (resources/kit)
# is left unformatted: it must stay Python 3.6 syntax, and the formatter writes for 3.11.
FORMATTED = ("gpudesk", "tests", "benchmarks", "packaging", "dev.py")
CHECKS = (
    ("ruff", "check", "gpudesk", "tests"),
    ("ruff", "format", "--check", *FORMATTED),
    ("mypy",),
    ("lint-imports",),
)


def ensure_venv(extras: str) -> None:
    if sys.version_info < (3, 11):  # noqa: UP036 - dev.py itself may run on an older Python
        sys.exit(f"gpudesk needs Python 3.11 or newer; this is {sys.version.split()[0]}")
    stamp_file = VENV / ".gpudesk-stamp"
    stamp = hashlib.sha256((ROOT / "pyproject.toml").read_bytes() + extras.encode()).hexdigest()
    if stamp_file.exists() and stamp_file.read_text() == stamp and PY.exists():
        return
    if not PY.exists():
        print(f"creating virtual environment in {VENV}", flush=True)
        venv.EnvBuilder(with_pip=True).create(VENV)
    print("installing gpudesk and its dependencies", flush=True)
    subprocess.run(
        [str(PY), "-m", "pip", "install", "-q", "--disable-pip-version-check", "-e", f"{ROOT}{extras}"], check=True
    )
    stamp_file.write_text(stamp)


def compile_bytecode() -> None:
    """Byte-compile gpudesk once (quick when up to date). An editable install leaves that to the first import,
    and where PYTHONDONTWRITEBYTECODE is set no import ever writes it: every start compiled the whole app again
    (measured 0.72 s against 0.61 s to the first window). compileall writes it regardless."""
    subprocess.run([str(PY), "-m", "compileall", "-q", str(ROOT / "gpudesk")], check=False)


def _coverage(args: list[str]) -> list[str]:
    """The whole suite measures branch coverage against the floor in pyproject.toml ([tool.coverage]);
    a run of chosen tests (a path, -k or -m) does not, since it covers only a part."""
    chosen = any(a in ("-k", "-m") or a.startswith(("-k", "-m")) or not a.startswith("-") for a in args)
    return [] if chosen else ["--cov"]


def main(argv: list[str]) -> int:
    what = argv[0] if argv else "app"
    rest = argv[1:]
    if what == "app":
        ensure_venv("")
        compile_bytecode()
        return subprocess.call([str(PY), "-m", "gpudesk", *rest])
    if what == "test":
        ensure_venv("[test]")
        compile_bytecode()
        env = dict(os.environ, QT_QPA_PLATFORM=os.environ.get("QT_QPA_PLATFORM", "offscreen"))
        return subprocess.call([str(PY), "-m", "pytest", *_coverage(rest), *rest], cwd=ROOT, env=env)
    if what == "check":
        ensure_venv("[test]")
        failed = 0
        for step in CHECKS:
            print("$", " ".join(step), flush=True)
            failed |= subprocess.call([str(BIN / step[0]), *step[1:]], cwd=ROOT) != 0
        return int(failed)
    sys.exit(f"usage: python3 dev.py [app|test|check] [extra arguments]; got {what!r}")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
