"""Entry point for `gpudesk`, `python -m gpudesk` and the PyInstaller build.

No arguments (or a .gpudesk plan file) opens the window; a subcommand runs headless. Heavy modules (Qt, pydantic,
the catalogue) are imported only by the command that needs them, so `gpudesk --version`
and the CLI start fast.
"""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv or argv[0] in ("--selftest", "--lang") or argv[0].startswith("--screenshot") or _is_plan(argv[0]):
        from gpudesk.ui.app import run_app

        return run_app(argv)
    from gpudesk.cli import run_cli

    return run_cli(argv)


def _is_plan(arg: str) -> bool:
    """`gpudesk FILE.gpudesk` (as a file manager or the macOS bundle opens a plan) starts the window."""
    return arg.lower().endswith(".gpudesk") and not arg.startswith("-")


if __name__ == "__main__":
    sys.exit(main())
