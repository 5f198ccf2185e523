"""The import contracts in pyproject.toml ([tool.importlinter]) hold: no Qt in core or catalog, no
upward import between gpudesk's layers or between core's wings, no cycle between them."""

import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _lint_imports() -> list[str]:
    exe = shutil.which("lint-imports", path=str(Path(sys.executable).parent)) or shutil.which("lint-imports")
    assert exe, "import-linter is not installed (it is in the test extra: python3 dev.py test installs it)"
    return [exe]


def test_import_contracts_are_kept():
    run = subprocess.run([*_lint_imports(), "--no-cache"], cwd=ROOT, capture_output=True, text=True, timeout=300)
    report = run.stdout + run.stderr
    assert run.returncode == 0, report[-3000:]
    assert " 0 broken" in report, report[-1000:]
