"""Reading and writing plan files: versioned JSON, migrated on load, saved atomically with a .bak.

save_plan(plan, "13b.gpudesk")          # temp file + fsync + os.replace; keeps 13b.gpudesk.bak
plan = load_plan("13b.gpudesk")         # PlanFileError naming file and field on any damage
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Callable
from contextlib import AbstractContextManager
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from gpudesk.core.i18n import colon, t
from gpudesk.core.messages import WORDED
from gpudesk.core.plan.model import FORMAT, SUFFIX, VERSION, Plan, now_iso
from gpudesk.core.validation import reason
from gpudesk.core.limits import MAX_JSON_DEPTH, MAX_PLAN_BYTES
from gpudesk.errors import GpudeskError, PlanFileError
from gpudesk.fileio import atomic_write, locked, read_json, remove_stale_temps


# version N -> function turning a version-N document into a version-(N+1) one.
# Version 0 was the pre-release draft: checklist state was a list of {"id", "status", ...}.
def _from_v0(doc: dict[str, Any]) -> dict[str, Any]:
    items = doc.get("checklist")
    if isinstance(items, list):
        doc["checklist"] = {i.pop("id"): i for i in items if isinstance(i, dict) and "id" in i}
    doc["version"] = 1
    return doc


def _from_v1(doc: dict[str, Any]) -> dict[str, Any]:
    """Version 2 only makes room for optional fields (e.g. `wording`): nothing to change."""
    doc["version"] = 2
    return doc


def _from_v2(doc: dict[str, Any]) -> dict[str, Any]:
    """Version 3 stores advice and notes as ids with parameters; version 2 stored them worded, in the
    language they were made in, with the choice's in both languages beside (`wording`: language -> advice
    id -> message, and notes one for one). Each keeps its texts (core.messages: `text`, "" for the language
    it was made in), so nothing a user saw is lost; a note's kind is recognised from its text."""
    from gpudesk.core.messages import LEGACY, recognise

    wording = doc.pop("wording", None) or {}
    for key in ("choice", "alternatives"):
        options = doc.get(key)
        for option in options if isinstance(options, list) else [options]:
            if not isinstance(option, dict):
                continue
            worded = wording if key == "choice" else {}
            for advice in option.get("advice") or []:
                if isinstance(advice, dict) and "message" in advice:
                    text = {"": advice.pop("message")}
                    for lang, w in worded.items():
                        said = (w.get("advice") or {}).get(advice.get("id"))
                        if said:
                            text[lang] = said
                    advice.update(params=None, text=text)
            notes = option.get("notes") or []
            kept = []
            for n, note in enumerate(notes):
                if not isinstance(note, str):
                    kept.append(note)
                    continue
                text = {"": note}
                for lang, w in worded.items():
                    theirs = w.get("notes")
                    if isinstance(theirs, list) and len(theirs) == len(notes):
                        text[lang] = theirs[n]
                kept.append({"id": recognise(note) or LEGACY, "params": None, "text": text})
            option["notes"] = kept
    doc["version"] = 3
    return doc


MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {0: _from_v0, 1: _from_v1, 2: _from_v2}


def _field_path(loc: tuple[int | str, ...]) -> str:
    out = ""
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out or "plan"


def plan_from_dict(doc: Any, source: str = "plan") -> Plan:
    """Validate (and migrate) a decoded plan document; PlanFileError names the problem."""
    if not isinstance(doc, dict):
        raise PlanFileError(
            colon(
                source,
                t(
                    "not a gpudesk plan (the top level is not a JSON object)",
                    "不是 gpudesk 方案文件（顶层不是 JSON 对象）",
                ),
            )
        )
    if doc.get("format") != FORMAT:
        raise PlanFileError(
            colon(
                source,
                t(
                    "not a gpudesk plan (format tag is {got!r}, expected {want!r})",
                    "不是 gpudesk 方案文件（格式标记为 {got!r}，应为 {want!r}）",
                    got=doc.get("format"),
                    want=FORMAT,
                ),
            )
        )
    version = doc.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 0:
        raise PlanFileError(
            colon(
                source, t("version: expected a whole number, got {v!r}", "version：应为整数，实际为 {v!r}", v=version)
            )
        )
    if version > VERSION:
        raise PlanFileError(
            colon(
                source,
                t(
                    "written by a newer gpudesk (plan format version {v}; this one reads up to {max}); "
                    "update gpudesk to open it",
                    "由更新版本的 gpudesk 保存（方案格式版本 {v}；本版本最高可读 {max}）；请升级 gpudesk 后再打开",
                    v=version,
                    max=VERSION,
                ),
            )
        )
    doc = dict(doc)
    while doc["version"] < VERSION:
        step = MIGRATIONS.get(doc["version"])
        if step is None:
            raise PlanFileError(
                colon(
                    source,
                    t(
                        "plan format version {v} cannot be migrated",
                        "方案格式版本 {v} 无法迁移",
                        v=doc["version"],
                    ),
                )
            )
        try:
            doc = step(doc)
        except (AttributeError, KeyError, TypeError, ValueError) as exc:
            raise PlanFileError(
                colon(
                    source,
                    t(
                        "migrating from version {v} failed: {why}",
                        "从版本 {v} 迁移失败：{why}",
                        v=doc["version"],
                        why=exc,
                    ),
                )
            ) from None
    try:
        return Plan.model_validate(doc)
    except ValidationError as exc:
        first = exc.errors()[0]
        more = (
            t(" (and {n} more problems)", "（另有 {n} 处问题）", n=exc.error_count() - 1)
            if exc.error_count() > 1
            else ""
        )
        raise PlanFileError(
            colon(str(source), colon(_field_path(tuple(first.get("loc", ()))), reason(first) + more))
        ) from None


def load_plan(path: str | os.PathLike[str]) -> Plan:
    """Read, check and migrate a plan file. Refused before parsing: files over MAX_PLAN_BYTES; then
    anything that is not strict JSON (NaN, Infinity, 1e400), nesting beyond MAX_JSON_DEPTH, and every
    field the schema does not allow, each named with the file."""
    p = Path(path)
    try:
        doc = read_json(p, max_bytes=MAX_PLAN_BYTES, what="plan file", max_depth=MAX_JSON_DEPTH)
    except PlanFileError:
        raise
    except GpudeskError as exc:
        raise PlanFileError(str(exc), zh=exc.zh) from None
    return plan_from_dict(doc, str(p))


# --- what an export may not replace -------------------------------------------------------------


def _sniff(path: Path) -> str | None:
    """What kind of gpudesk file `path` holds ("plan", "autosave", "database"), from its first bytes."""
    try:
        with open(path, "rb") as fh:
            head = fh.read(4096)
    except OSError:
        return None
    if head.startswith(b"SQLite format 3\0"):
        return "database"
    text = head.lstrip(b"\xef\xbb\xbf \t\r\n")
    if text.startswith(b"{"):
        if b'"gpudesk-plan"' in text:
            return "plan"
        if b'"gpudesk-autosave"' in text:
            return "autosave"
    return None


def _same(a: Path, b: Path) -> bool:
    try:
        return a.resolve() == b.resolve() or (a.exists() and b.exists() and os.path.samefile(a, b))
    except OSError:
        return False


def refuse_export_over(path: str | os.PathLike[str], *sources: str | os.PathLike[str]) -> Path:
    """`path` as a target for an export (PDF, spreadsheet, kit, price sheet); PlanFileError when writing it
    would destroy something: one of the `sources` it was made from (or its .bak), a plan file, its backup,
    an autosave, a database. Every exporter calls this before writing anything."""
    p = Path(path)
    kind = "plan" if p.name.lower().endswith((SUFFIX, SUFFIX + ".bak")) else (_sniff(p) if p.is_file() else None)
    if kind is not None:
        what = {
            "plan": t("a gpudesk plan file", "gpudesk 方案文件"),
            "autosave": t("a gpudesk autosave", "gpudesk 自动保存文件"),
            "database": t("a database", "数据库文件"),
        }[kind]
        raise PlanFileError(
            t(
                "{p}: is {w}; an export never replaces it, choose another output name",
                "{p}：是{w}，导出不会覆盖它；请另选输出文件名",
                p=p,
                w=what,
            )
        )
    for src in sources:
        src = Path(src)
        if _same(p, src) or _same(p, src.with_name(src.name + ".bak")):
            raise PlanFileError(
                t(
                    "{p}: is the file this export is made from; choose another output name",
                    "{p}：正是导出所依据的文件；请另选输出文件名",
                    p=p,
                )
            )
    return p


# --- writing --------------------------------------------------------------------------------


def plan_document(plan: Plan, *, worded: bool = False) -> dict[str, Any]:
    """The plan as its file holds it (advice and notes as ids with parameters); `worded`: as people and
    scripts read it (`plan show --json`), each advice's `message` and the notes as text in the current
    language, the ids and parameters beside."""
    # warnings off: Options built by the recommender with model_construct carry ints where the
    # schema says float; JSON keeps the number and loading coerces it back.
    return plan.model_dump(mode="json", warnings=False, context=WORDED if worded else None)


def plan_bytes(plan: Plan) -> bytes:
    try:  # strict JSON: a plan holding Infinity or NaN could not be read back by other tools
        text = json.dumps(plan_document(plan), ensure_ascii=False, indent=1, allow_nan=False)
    except ValueError:
        raise PlanFileError("the plan holds a figure that is not a finite number; nothing was saved") from None
    return (text + "\n").encode("utf-8")


class ChangedOnDisk(PlanFileError):
    """The plan file was replaced since it was read (another program, or another gpudesk, saved it)."""


def file_stamp(path: str | os.PathLike[str]) -> tuple[int, int, int] | None:
    """What tells one version of a file from the next (modification time, size, inode: a save replaces
    the inode); None when there is no file. Compare the stamp taken when a plan was read with the
    current one before writing over it."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    return (st.st_mtime_ns, st.st_size, st.st_ino)


def plan_lock(path: str | os.PathLike[str]) -> AbstractContextManager[Path]:
    """Hold the plan's lock across a read-modify-write, so concurrent edits (two `checklist --set`, the GUI
    and a `quote add`) all land: `with plan_lock(p): plan = load_plan(p); ...; save_plan(plan, p)`."""
    return locked(path)


def save_plan(plan: Plan, path: str | os.PathLike[str], *, touch: bool = True) -> Path:
    """Save atomically under the plan's lock; `touch` stamps `modified`. Returns the path written."""
    p = Path(path)
    before = plan.modified
    if touch:
        plan.modified = now_iso()
    try:
        data = plan_bytes(plan)
        with locked(p):
            remove_stale_temps(p)  # what a writer killed mid-save left behind (kill -9, power loss)
            atomic_write(p, data, backup=True)
    except BaseException:
        plan.modified = before  # nothing was saved
        raise
    return p


def plan_hash(plan: Plan) -> str:
    """Short stable hash of what the plan says (not when it was last saved)."""
    doc = plan_document(plan)
    doc.pop("modified", None)
    canon = json.dumps(doc, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(canon.encode("utf-8")).hexdigest()[:12]
