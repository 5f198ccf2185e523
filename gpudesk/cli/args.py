"""Argument helpers the subcommands share: a subcommand that takes a plan file, and the --lang option."""

from __future__ import annotations

import argparse
from typing import Any

LANGUAGES = ("zh_CN", "en")


def plan_command(
    subparsers: Any,
    name: str,
    *,
    plan_help: str | None = "plan file",
    plan_metavar: str = "PLAN.gpudesk",
    **kwargs: Any,
) -> argparse.ArgumentParser:
    """A subcommand (help, description, … as for add_parser) whose first argument is a plan file."""
    parser: argparse.ArgumentParser = subparsers.add_parser(name, **kwargs)
    parser.add_argument("plan", metavar=plan_metavar, help=plan_help)
    return parser


def add_lang(parser: argparse.ArgumentParser | argparse._ArgumentGroup, help: str) -> None:
    """--lang zh_CN|en: the language the command writes in (the system's when not given)."""
    parser.add_argument("--lang", choices=LANGUAGES, help=help)
