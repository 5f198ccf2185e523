"""The CLI's one table printer: columns line up with Chinese text (East Asian wide characters take two
terminal columns)."""

from __future__ import annotations

from collections.abc import Collection, Sequence

from gpudesk.core.units import display_width as width  # terminal columns: the one width rule (core.units)


def pad(text: str, columns: int, right: bool = False) -> str:
    """`text` padded to `columns` terminal columns (right-aligned when `right`)."""
    gap = " " * max(0, columns - width(text))
    return gap + text if right else text + gap


def table(headers: Sequence[str], rows: Sequence[Sequence[str]], right: Collection[int] = frozenset()) -> str:
    """A plain-text table: a header, a rule, the rows; columns in `right` are right-aligned."""
    widths = [max([width(h)] + [width(r[i]) for r in rows]) for i, h in enumerate(headers)]

    def line(cells: Sequence[str]) -> str:
        return "  ".join(pad(c, widths[i], i in right) for i, c in enumerate(cells)).rstrip()

    return "\n".join([line(headers), line(["-" * w for w in widths]), *(line(r) for r in rows)])
