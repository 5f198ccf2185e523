"""Atomic file writes: the one way gpudesk replaces a file (plans, autosaves, exports, the catalogue, PDFs).

A write goes to a temporary file in the target's folder, is flushed to disk, then renamed over the
target, so a crash at any moment leaves either the old file or the new one, never half of each.
One file-mode rule for every writer: a new file gets the mode any new file gets here (0666 less the
umask, e.g. 0644: a plan or a PDF is meant to be shared), a replaced file keeps its mode (mkstemp's
private 0600 never leaks out). The temporary file is removed on any failure, and an OSError becomes
a GpudeskError naming the file. A base module: every layer may use it (no Qt, no gpudesk imports
beyond the error type). It also holds THE way a JSON file the user hands us is read (`read_json`,
`parse_json`): size-capped, BOM-tolerant, strict numbers, bounded nesting, one-line errors.

    atomic_write("13b.gpudesk", data, backup=True)   # keeps the previous file as 13b.gpudesk.bak
    with atomic_path("plan.pdf") as tmp:              # for writers that want a path (sqlite, QPdfWriter)
        writer = QPdfWriter(str(tmp)) ...
"""

from __future__ import annotations

import contextlib
import glob
import json
import os
import re
import sys
import tempfile
import threading
import time
from collections.abc import Iterable, Iterator
from pathlib import Path

from gpudesk.errors import GpudeskError, os_reason


def new_file_mode(*, executable: bool = False) -> int:
    """The mode a new file gets here: 0666 (0777 for a script or a folder) less the umask, e.g. 0644 / 0755."""
    umask = os.umask(0o022)
    os.umask(umask)
    return (0o777 if executable else 0o666) & ~umask


def file_mode(target: Path) -> int:
    """The mode of the file being replaced, else the mode a new file gets here (umask applied)."""
    try:
        return target.stat().st_mode & 0o777
    except OSError:
        return new_file_mode()


def _fsync_file(path: str | Path) -> None:
    with open(path, "rb+") as fh:
        os.fsync(fh.fileno())


def _fsync_dir(folder: Path) -> None:
    if os.name == "nt":  # directories cannot be opened for fsync on Windows
        return
    with contextlib.suppress(OSError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def _temp_beside(target: Path, folder: Path, mode: int) -> str:
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
    os.close(fd)
    if os.name != "nt":
        os.chmod(tmp, mode)
    return tmp


def _backup(target: Path, folder: Path, mode: int) -> None:
    """Refresh TARGET.bak from the current file: a copy (the target exists at every moment), itself atomic."""
    bak = target.with_name(target.name + ".bak")
    tmp = _temp_beside(bak, folder, mode)
    try:
        with open(tmp, "wb") as fh:
            fh.write(target.read_bytes())
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, bak)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


@contextlib.contextmanager
def atomic_path(path: str | os.PathLike, *, backup: bool = False) -> Iterator[Path]:
    """Yield a temporary path beside `path`; when the block ends normally, make it `path` atomically.

    The block writes the temporary file however it likes (it exists, empty, with the final mode).
    With `backup`, an existing `path` is kept as PATH.bak first. On any failure inside the block or
    while replacing, the temporary file is removed and `path` is left as it was.
    """
    target = Path(path)
    folder = target.parent if str(target.parent) else Path(".")
    if not folder.is_dir():
        raise GpudeskError(f"{target}: folder does not exist: {folder}", zh=f"{target}：文件夹不存在：{folder}")
    existed = target.exists()
    try:
        tmp = _temp_beside(target, folder, file_mode(target))
    except OSError as exc:
        en, zh = os_reason(exc)
        raise GpudeskError(f"{target}: could not save: {en}", zh=f"{target}：无法保存：{zh}") from None
    try:
        yield Path(tmp)
        _fsync_file(tmp)
        if backup and target.is_file():
            _backup(target, folder, file_mode(target))
        os.replace(tmp, target)
    except BaseException as exc:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        if isinstance(exc, OSError):
            kept = "the previous file is unchanged" if existed else "nothing was written"
            kept_zh = "原文件未改动" if existed else "没有写入任何内容"
            en, zh = os_reason(exc)
            raise GpudeskError(
                f"{target}: could not save: {en}; {kept}", zh=f"{target}：无法保存：{zh}；{kept_zh}"
            ) from None
        raise
    _fsync_dir(folder)


def remove_stale_temps(path: str | os.PathLike) -> int:
    """Remove temporary files a killed writer left beside `path` (its .NAME.*.tmp and .NAME.bak.*.tmp).
    Call only while holding `locked(path)`: no live writer of this file can own one then."""
    target = Path(path)
    folder = target.parent if str(target.parent) else Path(".")
    removed = 0
    mine = re.compile(re.escape(f".{target.name}.") + r"(bak\.)?[A-Za-z0-9_]{8}\.tmp")  # mkstemp: 8 random chars
    for stale in folder.glob(f".{glob.escape(target.name)}.*.tmp"):
        if mine.fullmatch(stale.name):
            with contextlib.suppress(OSError):
                stale.unlink()
                removed += 1
    return removed


def atomic_write(path: str | os.PathLike, data: bytes | str, *, backup: bool = False, encoding: str = "utf-8") -> Path:
    """Write `data` (text is encoded, newlines kept as given) to `path` atomically; returns the path."""
    raw = data.encode(encoding) if isinstance(data, str) else data
    with atomic_path(path, backup=backup) as tmp, open(tmp, "wb") as fh:
        fh.write(raw)
    return Path(path)


# --- reading JSON that a person made (config.json, plan files, price sheets) ---------------------

DEFAULT_MAX_DEPTH = 64  # plans nest ~8 deep, HF configs ~4: anything deeper is damage, not data


class _BadConstant(ValueError):
    pass


def _constant(name: str):
    raise _BadConstant(f"{name} is not a number JSON allows", f"{name} 不是 JSON 允许的数")


def _finite_float(text: str) -> float:
    value = float(text)
    if value != value or value in (float("inf"), float("-inf")):
        raise _BadConstant(f"{text} is beyond the range of a number", f"{text} 超出了数的范围")
    return value


def _depth_exceeds(obj: object, limit: int) -> bool:
    """True when containers nest deeper than `limit` (iterative: no recursion on hostile input)."""
    stack = [(obj, 1)]
    while stack:
        item, depth = stack.pop()
        children: Iterable[object]
        if isinstance(item, dict):
            children = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        if depth > limit:
            return True
        stack.extend((c, depth + 1) for c in children if isinstance(c, (dict, list)))
    return False


def parse_json(raw: bytes | str, source: str, *, max_depth: int = DEFAULT_MAX_DEPTH, strict_numbers: bool = True):
    """Decode JSON text from a file a person may have edited; GpudeskError naming `source` on any problem.

    Accepted: a UTF-8 byte-order mark (Windows editors write one). Refused with a plain message:
    text that is not UTF-8 (e.g. saved as GBK), NaN/Infinity and numbers beyond a double (1e400),
    nesting deeper than `max_depth`, malformed JSON (with line and column). `strict_numbers=False` lets
    NaN and Infinity through for a caller that names the field holding one itself.
    """
    if isinstance(raw, bytes):
        try:
            text = raw.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise GpudeskError(
                f"{source}: not UTF-8 text (saved as GBK or another encoding?); save it as UTF-8 and try again",
                zh=f"{source}：不是 UTF-8 文本（是否以 GBK 等编码保存？）；请另存为 UTF-8 后重试",
            ) from None
    else:
        text = raw[1:] if raw.startswith("\ufeff") else raw
    try:
        doc = (
            json.loads(text, parse_constant=_constant, parse_float=_finite_float)
            if strict_numbers
            else json.loads(text)
        )
    except json.JSONDecodeError as exc:
        raise GpudeskError(
            f"{source}: not valid JSON at line {exc.lineno}, column {exc.colno} ({exc.msg})",
            zh=f"{source}：第 {exc.lineno} 行第 {exc.colno} 列不是有效的 JSON",
        ) from None
    except RecursionError:
        raise _too_deep(source, max_depth) from None
    except _BadConstant as exc:
        raise GpudeskError(
            f"{source}: not a usable number in the file: {exc.args[0]}",
            zh=f"{source}：文件中有无法使用的数：{exc.args[-1]}",
        ) from None
    except ValueError:  # an integer of more than 4300 digits
        raise GpudeskError(
            f"{source}: not a usable number in the file: a number with thousands of digits",
            zh=f"{source}：文件中有无法使用的数：一个有几千位数字的数",
        ) from None
    if _depth_exceeds(doc, max_depth):
        raise _too_deep(source, max_depth)
    return doc


_WHAT_ZH = {
    "file": "文件",
    "plan file": "方案文件",
    "autosave": "自动保存文件",
    "config.json": " config.json ",
}  # spaced: Latin text beside Chinese


def _zh(what: str) -> str:
    return _WHAT_ZH.get(what, what)


def _too_deep(source: object, max_depth: int) -> GpudeskError:
    return GpudeskError(
        f"{source}: not a usable file: JSON nested more than {max_depth} levels deep",
        zh=f"{source}：无法使用的文件：JSON 嵌套超过 {max_depth} 层",
    )


def read_json(path: str | os.PathLike, *, max_bytes: int, what: str = "file", max_depth: int = DEFAULT_MAX_DEPTH):
    """Read and decode the JSON file at `path` (see `parse_json`); files over `max_bytes` are refused
    before anything is read."""
    p = Path(path)
    try:
        size = p.stat().st_size
        if p.is_dir():
            raise GpudeskError(f"{p}: is a folder, not a {what}", zh=f"{p}：这是文件夹，不是{_zh(what)}")
        if size > max_bytes:
            raise GpudeskError(
                f"{p}: {size / 1e6:,.1f} MB is too large for a {what} (at most {max_bytes / 1e6:,.0f} MB)",
                zh=f"{p}：{size / 1e6:,.1f} MB，作为{_zh(what)}太大（最多 {max_bytes / 1e6:,.0f} MB）",
            )
        raw = p.read_bytes()
    except FileNotFoundError:
        raise GpudeskError(f"{p}: not found (no such file)", zh=f"{p}：找不到（文件不存在）") from None
    except OSError as exc:
        en, zh = os_reason(exc)
        raise GpudeskError(f"{p}: cannot read: {en}", zh=f"{p}：无法读取：{zh}") from None
    if len(raw) > max_bytes:  # grew while we looked
        raise GpudeskError(
            f"{p}: too large for a {what} (at most {max_bytes / 1e6:,.0f} MB)",
            zh=f"{p}：作为{_zh(what)}太大（最多 {max_bytes / 1e6:,.0f} MB）",
        )
    return parse_json(raw, str(p), max_depth=max_depth)


# --- one writer at a time: a lock file beside the file being changed ------------------------------

LOCK_WAIT_SECONDS = 15.0  # a plan write takes milliseconds: waiting this long means a stuck holder
_held: dict[str, dict] = {}  # lock file -> {"thread": RLock, "fd": fd or None, "depth": n}
_held_guard = threading.Lock()


def lock_path(path: str | os.PathLike) -> Path:
    target = Path(path)
    return target.with_name(f".{target.name}.lock")


def _try_lock(fd: int) -> bool:
    if sys.platform == "win32":  # os.name == "nt", spelled so that type checkers pick the branch
        import msvcrt

        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True
    import fcntl

    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:  # BlockingIOError: another process holds it
        return False
    return True


def _unlock(fd: int) -> None:
    if sys.platform == "win32":
        import msvcrt

        with contextlib.suppress(OSError):
            os.lseek(fd, 0, os.SEEK_SET)
            msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)
    else:
        import fcntl

        fcntl.flock(fd, fcntl.LOCK_UN)


def _acquire(lock: Path, wait: float, target: Path) -> int:
    folder = lock.parent if str(lock.parent) else Path(".")
    if not folder.is_dir():
        raise GpudeskError(f"{target}: folder does not exist: {folder}", zh=f"{target}：文件夹不存在：{folder}")
    deadline = time.monotonic() + wait
    while True:
        try:
            fd = os.open(lock, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError as exc:
            en, zh = os_reason(exc)
            raise GpudeskError(
                f"{target}: cannot take the lock {lock.name} beside it: {en}",
                zh=f"{target}：无法在旁边建立锁文件 {lock.name}：{zh}",
            ) from None
        if _try_lock(fd):
            if os.name == "nt":
                return fd
            # the holder before us removes the lock file as it lets go: make sure ours is still the one there
            with contextlib.suppress(OSError):
                here, there = os.fstat(fd), os.stat(lock)
                if (here.st_ino, here.st_dev) == (there.st_ino, there.st_dev):
                    return fd
            _unlock(fd)
        os.close(fd)
        if time.monotonic() >= deadline:
            raise GpudeskError(
                f"{target}: another gpudesk is changing this file (lock {lock.name}); try again in a moment",
                zh=f"{target}：另一个 gpudesk 正在修改此文件（锁 {lock.name}）；请稍后再试",
            )
        time.sleep(0.02)


@contextlib.contextmanager
def locked(path: str | os.PathLike, *, wait: float = LOCK_WAIT_SECONDS) -> Iterator[Path]:
    """Hold the exclusive lock of `path` (the file .NAME.lock beside it) for a read-modify-write.

    The operating system drops the lock when its process ends (fcntl.flock, msvcrt.locking), so a
    killed gpudesk never leaves a stale lock behind; the lock file is removed when let go (POSIX).
    Re-entrant within a thread (save_plan takes it inside a caller's `locked` block); other threads
    of the process wait like other processes do.
    """
    lock = lock_path(path)
    key = str(lock.resolve())
    with _held_guard:
        entry = _held.setdefault(key, {"thread": threading.RLock(), "fd": None, "depth": 0})
    if not entry["thread"].acquire(timeout=wait):
        raise GpudeskError(
            f"{path}: another task is changing this file (lock {lock.name}); try again in a moment",
            zh=f"{path}：另一项任务正在修改此文件（锁 {lock.name}）；请稍后再试",
        )
    try:
        if entry["depth"] == 0:
            entry["fd"] = _acquire(lock, wait, Path(path))
        entry["depth"] += 1
        try:
            yield lock
        finally:
            entry["depth"] -= 1
            if entry["depth"] == 0:
                fd, entry["fd"] = entry["fd"], None
                if os.name != "nt":
                    with contextlib.suppress(OSError):
                        os.unlink(lock)  # while still holding it: a waiter re-checks the inode
                _unlock(fd)
                os.close(fd)
                if os.name == "nt":
                    with contextlib.suppress(OSError):
                        os.unlink(lock)
    finally:
        entry["thread"].release()
