"""Reading quantities people type ("7B", "1.5e9", "350M"). Formatting what people read is core's:
`gpudesk.core.units` (one formatter for the GUI, the CLI and the PDF)."""

from __future__ import annotations

from gpudesk.ui.i18n import translator

_tr = translator("Format")


def parse_quantity(text: str) -> float:
    """'7B', '1.5e9', '350M', '2k', '7,000,000' -> float; ValueError with the reason otherwise."""
    raw = text.strip().replace(",", "").replace("_", "").replace(" ", "")
    if not raw:
        raise ValueError(_tr("empty"))
    factor = 1.0
    suffixes = {"k": 1e3, "m": 1e6, "b": 1e9, "g": 1e9, "t": 1e12}
    if raw[-1].lower() in suffixes:
        factor = suffixes[raw[-1].lower()]
        raw = raw[:-1]
    try:
        value = float(raw) * factor
    except ValueError:
        raise ValueError(_tr("not a number (try 7B, 350M or 1.5e9)")) from None
    if value != value or value in (float("inf"), float("-inf")):
        raise ValueError(_tr("not a finite number"))
    return value
