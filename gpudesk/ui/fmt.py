"""Locale-aware formatting of core's figures for display (never computes a figure itself)."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QLocale

CURRENCY_SIGNS = {"CNY": "¥", "USD": "$", "EUR": "€"}


def _tr(text: str) -> str:
    return QCoreApplication.translate("Format", text)


def number(value: float | None, decimals: int = 0) -> str:
    if value is None:
        return _tr("unknown")
    return QLocale().toString(float(value), "f", decimals)


def money(value: float | None, currency: str = "CNY", decimals: int = 0) -> str:
    """'¥12,345 CNY' — the sign for the eye, the ISO code so it is never ambiguous."""
    if value is None:
        return _tr("unknown")
    sign = CURRENCY_SIGNS.get(currency, "")
    return f"{sign}{number(value, decimals)} {currency}"


def gib(value: float | None, decimals: int = 1) -> str:
    if value is None:
        return _tr("unknown")
    return _tr("%1 GiB").replace("%1", number(value, decimals))


def days(value: float | None) -> str:
    if value is None:
        return _tr("unknown")
    if value < 1:
        return _tr("%1 h").replace("%1", number(value * 24, 1))
    return _tr("%1 days").replace("%1", number(value, 1))


def percent(fraction: float | None, decimals: int = 0) -> str:
    if fraction is None:
        return _tr("unknown")
    return f"{number(fraction * 100, decimals)} %"


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
