"""The `gpudesk` command line: argument parsing and printing only; every figure comes from core.

Each subcommand lives in its own module exposing `register(subparsers)`, which adds the
parser and sets `func` to a callable taking the parsed args and returning an exit status.
Modules import core lazily inside their handlers to keep start-up fast.
"""

from __future__ import annotations

import argparse
import importlib
import sys

from gpudesk import __version__
from gpudesk.cli.words import frame, install, language_of
from gpudesk.errors import GpudeskError

SUBCOMMANDS = ("estimate", "recommend", "catalog", "plan", "checklist", "quote", "report", "kit")
# `gpudesk kit import …` is its own parser (the export form `gpudesk kit PLAN -o DIR` has no action word)
ALIASES: dict[tuple[str, ...], str] = {("kit", "import"): "kit-import"}


class _Parser(argparse.ArgumentParser):
    def error(self, message: str):  # one line, exit 2, never a traceback
        self.exit(2, frame(self.prog, "error", message) + "\n")


def build_parser() -> argparse.ArgumentParser:
    """The whole command line, its words (argparse's, group titles, descriptions) in the current language."""
    from gpudesk.core.i18n import t

    install()
    parser = _Parser(
        prog="gpudesk",
        description=t("Plan GPU server rentals for AI training (offline).", "为 AI 训练规划 GPU 服务器租用（离线）。"),
    )
    parser.add_argument("--version", action="version", version=f"gpudesk {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    for name in SUBCOMMANDS:
        try:
            module = importlib.import_module(f"gpudesk.cli.{name}")
        except ModuleNotFoundError as exc:  # a subcommand not built yet
            if exc.name != f"gpudesk.cli.{name}":
                raise
            continue
        module.register(sub)
    return parser


def run_cli(argv: list[str]) -> int:
    """Run `gpudesk ARGV`; every message, argparse's included, in the command's --lang or the system's."""
    from gpudesk.core.i18n import use_language

    with use_language(language_of(argv)):
        try:
            return _run(argv)
        finally:
            _print_notices()


def _print_notices() -> None:
    """What the user must know though nothing failed (a damaged database set aside): on stderr, once."""
    from gpudesk.errors import take_notices

    for message in take_notices():
        print(frame("gpudesk", "warning", message), file=sys.stderr)


def _run(argv: list[str]) -> int:
    parser = build_parser()
    alias = ALIASES.get(tuple(argv[:2]))
    args = parser.parse_args([alias, *argv[2:]] if alias else argv)
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
    try:
        return int(args.func(args) or 0)
    except BrokenPipeError:  # output piped into `head` and closed early: not an error
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except GpudeskError as exc:
        _print_notices()  # the warning that explains the error comes first
        from gpudesk.core.i18n import current_language
        from gpudesk.errors import localised

        print(
            frame(
                f"gpudesk {getattr(args, 'command_name', args.command)}", "error", localised(exc, current_language())
            ),
            file=sys.stderr,
        )
        return 2
    except Exception as exc:  # pydantic's ValidationError, without importing pydantic up front
        errors = getattr(exc, "errors", None)
        if type(exc).__name__ != "ValidationError" or errors is None:
            raise
        from gpudesk.core.i18n import colon, t
        from gpudesk.core.validation import reason

        first = errors()[0]
        where = ".".join(str(p) for p in first.get("loc", ())) or t("input", "输入")
        print(frame(f"gpudesk {args.command}", "error", colon(where, reason(first))), file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
