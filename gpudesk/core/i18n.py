"""Language for text that core produces (advice, notes, checklist items), without Qt.

Qt Linguist translates the widgets; core text is written in both languages at the point of
use: `t("English", "中文")`. The language follows the system locale unless set explicitly
(the GUI's language switch, the CLI's and the report's `--lang`).
"""

from __future__ import annotations

import contextlib
import locale
import os
from collections.abc import Iterator, Mapping

LANGUAGES = ("en", "zh_CN")
_current: str | None = None
_system: str | None = None  # the system's language, resolved once per process (t() runs in hot loops)


def normalise(lang: str | None) -> str:
    """Map 'zh', 'zh_CN.UTF-8', 'zh-Hans', 'en_US' ... onto a supported language."""
    if not lang:
        return "en"
    low = lang.replace("-", "_").lower()
    return "zh_CN" if low.startswith("zh") else "en"


def system_language() -> str:
    for var in ("GPUDESK_LANG", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var)
        if value and value not in ("C", "POSIX", "C.UTF-8"):
            return normalise(value)
    with contextlib.suppress(Exception):
        loc = locale.getlocale()[0]
        if loc:
            return normalise(loc)
    return "en"


def current_language() -> str:
    global _system
    if _current:
        return _current
    if _system is None:
        _system = system_language()
    return _system


def set_language(lang: str | None) -> None:
    """Use `lang` from now on; None follows the system again (looked up afresh, once)."""
    global _current, _system
    _current = normalise(lang) if lang else None
    if not lang:
        _system = None


@contextlib.contextmanager
def use_language(lang: str | None) -> Iterator[str]:
    """Temporarily produce text in `lang` (e.g. a Chinese PDF from an English session)."""
    global _current
    before = _current
    set_language(lang) if lang else None
    try:
        yield current_language()
    finally:
        _current = before


def t(en: str, zh: str, **fmt: object) -> str:
    """The text in the current language, formatted with `fmt` if given."""
    text = zh if current_language() == "zh_CN" else en
    return text.format(**fmt) if fmt else text


def colon(head: str, text: str = "") -> str:
    """`head`, the language's colon (": ", or the full-width "：" in Chinese), then `text`: 显存够用：8× …"""
    return head + t(": ", "：") + text


def named(names: Mapping[str, tuple[str, str]], key: str) -> str:
    """`key`'s name in the current language from a bilingual table {key: (English, 中文)}; a key the table
    does not name passes through as it is."""
    pair = names.get(key)
    return t(*pair) if pair else key
