"""Argument helpers the subcommands share: a subcommand that takes a plan file, the --lang option, numbers
checked against core's ranges, and options described as rows of a table (Opt, Num, OneOf, Group).

A table of options reads as what the command takes, one row an option in the order its help lists them;
`add_groups` turns it into argparse calls. A row that `sets` a core model's field takes that field's
default from core (gpudesk.core.defaults), so the CLI and the GUI form start from the same values.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from dataclasses import dataclass
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


SIZED = frozenset({"params", "tokens", "global_batch_tokens"})  # counts people write as 7B, 350M, 1.5T


def ranged(name: str):
    """An argparse type: a number inside core's range `name` (gpudesk.core.limits.RANGES), else a one-line error.
    The counts in SIZED also take sizes as people write them (7B, 1.5T: gpudesk.core.parse.scaled_count)."""

    def parse(text: str):
        from gpudesk.core.i18n import t
        from gpudesk.core.limits import RANGES

        r = RANGES[name]
        try:
            value = float(text)
        except ValueError:
            if name not in SIZED:
                raise argparse.ArgumentTypeError(t("{v!r} is not a number", "{v!r} 不是数字", v=text)) from None
            from gpudesk.core.parse import scaled_count

            try:
                value = scaled_count(text)
            except ValueError as exc:
                raise argparse.ArgumentTypeError(str(exc)) from None
        if not r.contains(value):
            raise argparse.ArgumentTypeError(
                t("{v}: out of range (allowed: {r})", "{v}：超出范围（允许：{r}）", v=text, r=r.describe())
            )
        return int(value) if r.whole else value

    parse.__name__ = "number"  # argparse names the type in its messages
    return parse


# --- options as table rows ------------------------------------------------------------------------


def plain(value: Any) -> Any:
    """A default as the command line holds it: an enum member's value, anything else as it is."""
    return getattr(value, "value", value)


def model_default(model: str, name: str) -> Any:
    """The default of field `name` of the core model `model` ("job", "layout", "constraints"), as the command
    line holds it."""
    from gpudesk.core import defaults as D

    of = {"job": D.job_default, "layout": D.layout_default, "constraints": D.constraint_default}[model]
    return plain(of(name))


@dataclass(frozen=True)
class Opt:
    """One option. `sets` names the core model ("job", "layout", "constraints") whose field of the option's
    name (--micro-batch: micro_batch) it fills and whose default it takes; without it the default is
    `default`. The other fields are argparse's own."""

    flag: str
    sets: str | None = None
    help: str | None = None
    metavar: str | None = None
    choices: Sequence[Any] | None = None
    default: Any = None
    nargs: str | None = None
    action: Any = None
    type: Callable[[str], Any] | None = None
    required: bool = False

    @property
    def name(self) -> str:
        return self.flag.removeprefix("--").replace("-", "_")

    def add(self, group: Any) -> None:
        given = {
            "action": self.action,
            "nargs": self.nargs,
            "type": self.argument_type(),
            "choices": self.choices,
            "default": model_default(self.sets, self.name) if self.sets else self.default,
            "metavar": self.metavar,
            "help": self.help,
            "required": self.required or None,
        }
        group.add_argument(self.flag, **{k: v for k, v in given.items() if v is not None})

    def argument_type(self) -> Callable[[str], Any] | None:
        return self.type


@dataclass(frozen=True)
class Num(Opt):
    """A number, checked against core's range of the option's name (gpudesk.core.limits.RANGES), or the one
    `range` names."""

    metavar: str | None = "N"
    range: str | None = None

    def argument_type(self) -> Callable[[str], Any]:
        return ranged(self.range or self.name)


class OneOf:
    """Options of which at most one may be given (argparse's mutually exclusive group)."""

    def __init__(self, *options: Opt) -> None:
        self.options = options


class Group:
    """Options under one heading of the help: the title in both languages (en, zh_CN), or one text shown in
    both, or None for the command's own "options". Two groups of the same title are one heading: the
    second's options follow the first's there."""

    def __init__(self, title: tuple[str, str] | str | None, *options: Opt | OneOf) -> None:
        self.title = title
        self.options = options


def add_groups(parser: argparse.ArgumentParser, groups: Sequence[Group]) -> None:
    """Every group's options, in order, under its heading in the current language."""
    from gpudesk.core.i18n import t

    headings: dict[tuple[str, str] | str | None, Any] = {None: parser}
    for g in groups:
        if g.title not in headings:
            headings[g.title] = parser.add_argument_group(t(*g.title) if isinstance(g.title, tuple) else g.title)
        _add(headings[g.title], g.options)


def _add(group: Any, options: Sequence[Opt | OneOf]) -> None:
    for o in options:
        if isinstance(o, OneOf):
            _add(group.add_mutually_exclusive_group(), o.options)
        else:
            o.add(group)


def options_of(groups: Sequence[Group]) -> list[Opt]:
    """Every option of the groups, those of mutually exclusive sets included."""
    return [o for g in groups for item in g.options for o in (item.options if isinstance(item, OneOf) else (item,))]
