"""The verdict record and the helpers every rule module shares (Python 3.6+ standard library only)."""

import re

def verdict(item, status, en, zh, **measured):
    return {"id": item, "status": status, "text": {"en": en, "zh_CN": zh}, "measured": measured}


def _n(x, digits=0):
    if x is None:
        return "?"
    return "{:,.{d}f}".format(x, d=digits)


def _gib(b):
    return "?" if b is None else "{:.1f} GiB".format(b / 2**30)


def _pct(x):
    return "?" if x is None else "{:.0%}".format(x)


def tokens(text):
    return [t for t in re.split(r"[^a-z0-9]+", (text or "").lower()) if t]


def skipped(item, why):
    en, zh = why
    return verdict(item, "skipped", "Skipped: " + en.rstrip(".") + ".", "已跳过：" + zh.rstrip("。") + "。")
