#!/usr/bin/env python3
"""Regenerate gpudesk's Qt translations: scan the UI sources, merge the translations, compile.

    python resources/translations/update.py          # .ts refreshed, .qm compiled
    python resources/translations/update.py --check  # exit 1 if a visible string lacks Chinese

Sources: `pyside6-lupdate` finds `self.tr()`, `QCoreApplication.translate()` and QT_TRANSLATE_NOOP;
this script adds the strings passed to module-level `_tr("...")` helpers (lupdate cannot see through
them). Translations come from the current .ts (what a translator edited in Qt Linguist wins), then
from `zh_CN.json` (source text -> Chinese). Needs PySide6's tools (pyside6-lupdate/-lrelease).
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
UI = ROOT / "gpudesk" / "ui"
TS = HERE / "gpudesk_zh_CN.ts"
QM = HERE / "gpudesk_zh_CN.qm"
GLOSSARY = HERE / "zh_CN.json"

_HELPER = re.compile(r'def _tr\(text: str\) -> str:\s*return QCoreApplication\.translate\("(\w+)", text\)'
                     r'|^_tr = translator\("(\w+)"\)', re.M)
# `_tr("...")`, `_tr('...')`, and adjacent literals joined as Python joins them: `_tr("a "\n "b")`
_CALL = re.compile(r"""\b_tr\(\s*((?:(?:"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')\s*)+)\)""")
_LITERAL = re.compile(r""""((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)'""")


def _tool(name: str) -> str:
    here = Path(sys.executable).parent / name
    found = str(here) if here.exists() else shutil.which(name)
    if not found:
        sys.exit(f"{name} not found: install PySide6 (it ships the Qt Linguist tools)")
    return found


def _existing() -> dict[str, str]:
    if not TS.exists():
        return {}
    out = {}
    for message in ET.parse(TS).getroot().iter("message"):
        tr = message.find("translation")
        if tr is not None and tr.text and tr.get("type") not in ("unfinished", "obsolete", "vanished"):
            out[message.find("source").text] = tr.text
    return out


_IMPORTED = re.compile(r"from (gpudesk\.ui[\w.]*) import \(?[^)]*?\b_tr\b", re.S)


def _helper_strings() -> dict[str, list[tuple[str, str, int]]]:
    """context -> [(source, file, line)] for `_tr("...")` helpers that lupdate cannot follow (defined in the
    file itself, or imported from the module that defines one, e.g. ui/charts/plots.py from style.py)."""
    found: dict[str, list[tuple[str, str, int]]] = {}
    files = sorted(UI.rglob("*.py"))
    contexts = {}
    for file in files:
        helper = _HELPER.search(file.read_text(encoding="utf-8"))
        if helper:
            contexts[".".join(file.relative_to(ROOT).with_suffix("").parts)] = helper.group(1) or helper.group(2)
    for file in files:
        text = file.read_text(encoding="utf-8")
        helper = _HELPER.search(text)
        imported = _IMPORTED.search(text)
        context = (helper.group(1) or helper.group(2)) if helper else (contexts.get(imported.group(1)) if imported else None)
        if not context:
            continue
        for call in _CALL.finditer(text):
            line = text.count("\n", 0, call.start()) + 1
            raw = "".join(a + b for a, b in _LITERAL.findall(call.group(1)))  # one of the two is empty
            source = raw.encode().decode("unicode_escape").encode("latin-1").decode("utf-8")
            found.setdefault(context, []).append((source, file.relative_to(ROOT).as_posix(), line))
    return found


def update() -> list[str]:
    keep = _existing()
    glossary = json.loads(GLOSSARY.read_text(encoding="utf-8")) if GLOSSARY.exists() else {}
    files = [str(p) for p in sorted(UI.rglob("*.py"))]
    subprocess.run([_tool("pyside6-lupdate"), *files, "-ts", str(TS), "-no-obsolete", "-silent"], check=True)
    tree = ET.parse(TS)
    root = tree.getroot()
    contexts = {c.find("name").text or "": c for c in root.iter("context")}
    for name, strings in _helper_strings().items():
        context = contexts.get(name)
        if context is None:
            context = ET.SubElement(root, "context")
            ET.SubElement(context, "name").text = name
            contexts[name] = context
        have = {m.find("source").text for m in context.iter("message")}
        for source, file, line in strings:
            if source in have:
                continue
            have.add(source)
            message = ET.SubElement(context, "message")
            ET.SubElement(message, "location", filename=f"../../{file}", line=str(line))
            ET.SubElement(message, "source").text = source
            ET.SubElement(message, "translation", type="unfinished")
    missing = []
    for message in root.iter("message"):
        source = message.find("source").text
        tr = message.find("translation")
        text = keep.get(source) or glossary.get(source)
        if text:
            tr.text = text
            tr.attrib.pop("type", None)
        else:
            missing.append(source)
    ET.indent(tree, space="    ")
    with open(TS, "wb") as out:
        out.write(b'<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE TS>\n')
        tree.write(out, encoding="utf-8", xml_declaration=False)
    subprocess.run([_tool("pyside6-lrelease"), str(TS), "-qm", str(QM), "-silent"], check=True)
    return missing


if __name__ == "__main__":
    missing = update()
    for source in missing:
        print(f"untranslated: {source!r}")
    print(f"{TS.name}: {len(missing)} untranslated; compiled {QM.name}")
    sys.exit(1 if missing and "--check" in sys.argv else 0)
