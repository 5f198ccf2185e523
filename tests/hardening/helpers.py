"""Shared by the hardening tests: run the CLI in-process and read what a user would see."""

from __future__ import annotations

import json
from pathlib import Path

from gpudesk.cli import run_cli

FIX = Path(__file__).parent.parent / "core" / "fixtures"


def cli(capsys, *args: str) -> tuple[int, str, str]:
    """(exit status, stdout, stderr) of `gpudesk ARGS`; argparse's exit counts as a status."""
    try:
        rc = run_cli([str(a) for a in args])
    except SystemExit as exc:
        rc = exc.code if isinstance(exc.code, int) else 2
    out, err = capsys.readouterr()
    return rc, out, err


def refused(capsys, *args: str) -> str:
    """stderr of a command that must end with exit 2 and a one-line message (no traceback)."""
    rc, out, err = cli(capsys, *args)
    assert rc == 2, (rc, out[-300:], err[-300:])
    assert "Traceback" not in err and err.strip(), err
    return err.strip()


def strict_json(text: str):
    """json.loads that refuses NaN and Infinity, as strict parsers (JavaScript, Go) do."""
    def bad(name):
        raise ValueError(f"{name} in JSON output")
    return json.loads(text, parse_constant=bad)
