"""Autosave and crash recovery (used by the GUI): one autosave file per open plan, offered back
after a session ended without saving."""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from gpudesk.core.plan.files import plan_document, plan_from_dict
from gpudesk.core.plan.model import Plan, now_iso
from gpudesk.core.limits import MAX_JSON_DEPTH, MAX_PLAN_BYTES
from gpudesk.errors import GpudeskError, PlanFileError
from gpudesk.fileio import atomic_write, read_json

AUTOSAVE_FORMAT = "gpudesk-autosave"


class Recoverable(BaseModel):
    autosave: Path  # the autosave file
    original: str | None  # the plan file it belongs to; None = never saved
    saved_at: str
    title: str


def autosave_path_for(path: str | os.PathLike[str] | None, *, key: str | None = None) -> Path:
    """Where the autosave of the plan at `path` goes (an untitled plan: per process, or per `key`)."""
    from gpudesk.paths import autosave_dir

    if path is None:
        name = f"untitled-{key or os.getpid()}"
    else:
        full = str(Path(path).resolve())
        name = f"{Path(path).stem}-{hashlib.sha256(full.encode('utf-8')).hexdigest()[:10]}"
    return autosave_dir(create=False) / f"{name}.autosave"


def write_autosave(plan: Plan, path: str | os.PathLike[str] | None = None, *, key: str | None = None) -> Path:
    from gpudesk.paths import autosave_dir

    autosave_dir(create=True)  # GpudeskError naming the folder when it cannot be made
    target = autosave_path_for(path, key=key)
    doc = {
        "format": AUTOSAVE_FORMAT,
        "version": 1,
        "original": str(Path(path).resolve()) if path else None,
        "pid": os.getpid(),
        "saved_at": now_iso(),
        "plan": plan_document(plan),
    }
    atomic_write(target, json.dumps(doc, ensure_ascii=False))
    return target


def discard_autosave(path: str | os.PathLike[str] | None = None, *, key: str | None = None) -> None:
    """Drop the autosave after a clean save or close."""
    with contextlib.suppress(FileNotFoundError):
        autosave_path_for(path, key=key).unlink()


def _read_autosave(file: Path) -> dict[str, Any]:
    try:
        doc = read_json(file, max_bytes=MAX_PLAN_BYTES, what="autosave", max_depth=MAX_JSON_DEPTH)
    except GpudeskError as exc:
        raise ValueError(str(exc)) from None
    if not isinstance(doc, dict) or doc.get("format") != AUTOSAVE_FORMAT:
        raise ValueError("not an autosave")
    return doc


def _pid_alive(pid: Any) -> bool:
    if not isinstance(pid, int) or pid <= 0:
        return False
    if pid == os.getpid():
        return True
    if os.name == "nt":
        return False  # cannot probe cheaply; treat as gone (worst case: an extra recovery offer)
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def find_recoverable() -> list[Recoverable]:
    """Autosaves left by sessions that ended without saving (newest first).

    Skipped: those of running gpudesk processes, and those older than their saved plan file.
    """
    from gpudesk.paths import autosave_dir

    found: list[Recoverable] = []
    for file in autosave_dir(create=False).glob("*.autosave"):
        try:
            doc = _read_autosave(file)
        except (OSError, ValueError):
            continue
        if _pid_alive(doc.get("pid")):
            continue
        original = doc.get("original")
        if original and Path(original).exists() and Path(original).stat().st_mtime >= file.stat().st_mtime:
            continue
        plan = doc.get("plan") or {}
        found.append(
            Recoverable(
                autosave=file,
                original=original,
                saved_at=str(doc.get("saved_at", "")),
                title=str(plan.get("title", "") if isinstance(plan, dict) else ""),
            )
        )
    found.sort(key=lambda r: r.saved_at, reverse=True)
    return found


def load_autosave(file: str | os.PathLike[str]) -> Plan:
    p = Path(file)
    try:
        doc = _read_autosave(p)
    except (OSError, ValueError) as exc:
        raise PlanFileError(f"{p}: unreadable autosave ({exc})") from None
    return plan_from_dict(doc.get("plan"), str(p))
