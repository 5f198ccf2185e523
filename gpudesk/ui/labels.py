"""What the window shows of the catalogue's text: names and notes in the UI's language, regions.

The names of core's enumerations and every figure a person reads are formatted by `gpudesk.core.units`
(one formatter for the GUI, the CLI and the PDF): `units.label(kind, value)`, `units.memory(bytes)`,
`units.money(amount, currency)`, `units.hours(h)`; `capitalised` is how a name starts a field label.
"""

from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication


def capitalised(text: str) -> str:
    """A name as the first word of a label or a list entry ("hourly" -> "Hourly"; Chinese unchanged)."""
    return text[:1].upper() + text[1:]


def _lang() -> str:
    from gpudesk.core.i18n import current_language

    return current_language()


def provider_name(provider) -> str:
    """A provider's name in the UI's language (the other language's name, then its id, when missing)."""
    zh, en = getattr(provider, "name_zh", None), getattr(provider, "name_en", None)
    return ((zh or en) if _lang() == "zh_CN" else (en or zh)) or provider.id


def row_text(row, field: str) -> str:
    """A catalogue row's free text (`notes`) in the UI's language: `notes_zh` beside `notes` (core.units)."""
    from gpudesk.core.units import localised

    return localised(row, field) or ""


_REGIONS = {  # region values written in English only in the catalogue
    "other mainland regions": QT_TRANSLATE_NOOP("Labels", "other mainland regions"),
}


def region_text(region: str | None) -> str:
    """A catalogue region as the UI shows it (core.units.region: the Chinese UI shows the Chinese part);
    the few regions written in English only are translated here."""
    if not region:
        return ""
    english = _REGIONS.get(region)
    if english:
        return QCoreApplication.translate("Labels", english)
    from gpudesk.core.units import region as region_name

    return region_name(region)


def verdict_head(v) -> list[str]:
    """A verdict's first two parts, as the overview and the configuration picker show them: "✔ Fits: 8× A100"
    (bold, green; red when it does not fit) and the memory it takes of the usable memory per GPU."""
    from gpudesk.core import units
    from gpudesk.core.i18n import colon

    mark = (
        '<span style="color:#4e9a06">✔ ' + QCoreApplication.translate("Verdict", "Fits") + "</span>"
        if v.fits
        else '<span style="color:#cc0000">✘ ' + QCoreApplication.translate("Verdict", "Does not fit") + "</span>"
    )
    used = (
        QCoreApplication.translate("Verdict", "%1 of %2 usable per GPU")
        .replace("%1", units.memory(v.total_bytes))
        .replace("%2", units.memory(v.usable_bytes))
    )
    return [f"<b>{colon(mark, v.label)}</b>", used]
