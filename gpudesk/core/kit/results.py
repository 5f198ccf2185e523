"""gpudesk-results.json: reading it and refusing what does not hold.

`load_results(path, plan)` returns the document only when it is a complete-enough results file of
a schema this gpudesk knows, every measured value is plausible, and it belongs to this plan and
its current configuration. Otherwise a GpudeskError names exactly what is wrong (the field, the
value, the line where JSON broke off); nothing is changed before that check has passed.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from gpudesk.core.i18n import t
from gpudesk.core.kit import expect, probe
from gpudesk.core.kit.probe import Doc
from gpudesk.core.plan.model import Plan
from gpudesk.errors import GpudeskError
from gpudesk.fileio import parse_json

MAX_BYTES = 64 * 2**20
STATUSES = ("pass", "fail", "info", "skipped")
KINDS = ("node", "internode")

# (path, low, high): a measured value outside its range means a damaged or hand-edited file.
# '[]' walks a list, '*' every value of a mapping.
PLAUSIBLE = (
    ("inventory.gpu.gpus[].memory_total_mib", 256, 2_000_000),
    ("inventory.gpu.gpus[].temperature_c", -30, 130),
    ("inventory.gpu.gpus[].power_limit_w", 1, 5_000),
    ("inventory.gpu.gpus[].power_default_limit_w", 1, 5_000),
    ("inventory.gpu.gpus[].pcie_width_current", 1, 32),
    ("inventory.gpu.gpus[].pcie_gen_max", 1, 8),
    ("inventory.gpu.gpus[].ecc_uncorrected_volatile", 0, 10**12),
    ("inventory.gpu.gpus[].ecc_uncorrected_aggregate", 0, 10**12),
    ("inventory.memory.total_bytes", 2**28, 2**46),
    ("inventory.cpu.logical_cpus", 1, 100_000),
    ("allreduce.world_size", 1, 1_000_000),
    ("allreduce.sizes[].bytes", 1, 2**40),
    ("allreduce.sizes[].time_us", 0, 10**10),
    ("allreduce.sizes[].busbw_gbps", 0, 100_000),
    ("allreduce.sizes[].algbw_gbps", 0, 100_000),
    ("storage.read_iops", 0, 10**8),
    ("storage.seq_read_bytes_per_s", 0, 10**12),
    ("storage.seq_write_bytes_per_s", 0, 10**12),
    ("training.tokens_per_s", 0, 10**10),
    ("training.layers", 1, 10_000),
    ("training.micro_batch", 1, 10**6),
    ("training.peak_allocated_bytes", 0, 2**42),
    ("training.peak_reserved_bytes", 0, 2**42),
    ("training.device_used_bytes", 0, 2**42),
    ("training.loss_first", 0, 1_000),
    ("training.loss_last", 0, 1_000),
    ("thermal.gpus.*.max_c", -30, 130),
    ("burn_in.hours", 0, 24 * 366),
)


def _bad(source: str, en: str, zh: str, **fmt: object) -> GpudeskError:
    """A defect of the results file `source`, in one line that starts with its name ("{s}: ...")."""
    return GpudeskError(t(en, zh, s=source, **fmt))


def _where(path: str) -> str:
    return path.replace("[]", "[…]")


def _walk(node: Any, parts: list[str], trail: str) -> Iterator[tuple[str, Any]]:
    if not parts:
        yield trail, node
        return
    head, rest = parts[0], parts[1:]
    if head.endswith("[]"):
        key = head[:-2]
        seq = node.get(key) if isinstance(node, dict) else None
        if seq is None:
            return
        if not isinstance(seq, list):
            raise GpudeskError(
                t(
                    "{f}: expected a list, got {v!r}",
                    "{f}：应为列表，实际为 {v!r}",
                    f=f"{trail}{key}",
                    v=type(seq).__name__,
                )
            )
        for i, item in enumerate(seq):
            yield from _walk(item, rest, f"{trail}{key}[{i}].")
    elif head == "*":
        if isinstance(node, dict):
            for k, v in node.items():
                yield from _walk(v, rest, f"{trail}{k}.")
    else:
        if isinstance(node, dict) and head in node:
            yield from _walk(node[head], rest, f"{trail}{head}.")


def check_plausible(doc: Doc, source: str) -> None:
    for path, lo, hi in PLAUSIBLE:
        for where, value in _walk(doc, path.split("."), ""):
            where = where.rstrip(".")
            if value is None:
                continue
            if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
                raise _bad(
                    source,
                    "{s}: {f}: expected a number, got {v!r}",
                    "{s}：{f}：应为数值，实际为 {v!r}",
                    f=where,
                    v=value,
                )
            if not lo <= value <= hi:
                raise _bad(
                    source,
                    "{s}: implausible value at {f}: {v:,} (expected {lo:,} to {hi:,}); the file is "
                    "damaged or was edited",
                    "{s}：{f} 的数值不合理：{v:,}（应在 {lo:,} 到 {hi:,} 之间）；文件已损坏或被修改",
                    f=where,
                    v=value,
                    lo=lo,
                    hi=hi,
                )


def _decode(raw: bytes, source: str) -> Any:
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise _bad(
            source, "{s}: not a gpudesk results file (not UTF-8 text)", "{s}：不是 gpudesk 结果文件（不是 UTF-8 文本）"
        ) from None
    if not text.strip():
        raise _bad(source, "{s}: the results file is empty", "{s}：结果文件为空")
    try:
        json.loads(text)
    except RecursionError:
        raise _bad(
            source, "{s}: damaged results file: nested far too deeply", "{s}：结果文件已损坏：嵌套层数过多"
        ) from None
    except json.JSONDecodeError as exc:
        body = text.strip()
        if body.startswith("{") and not body.endswith("}"):  # the probe's file always closes its top-level object
            raise _bad(
                source,
                "{s}: truncated results file: it breaks off after {n:,} bytes (line {l}); copy it "
                "again from the server",
                "{s}：结果文件不完整：在 {n:,} 字节处（第 {l} 行）中断；请从服务器重新复制",
                n=len(text.encode("utf-8")),
                l=text.count("\n") + 1,
            ) from None
        raise _bad(
            source,
            "{s}: damaged results file: not valid JSON at line {l} column {c} ({m})",
            "{s}：结果文件已损坏：第 {l} 行第 {c} 列不是有效的 JSON（{m}）",
            l=exc.lineno,
            c=exc.colno,
            m=exc.msg,
        ) from None
    return parse_json(text, source, strict_numbers=False)  # bounded nesting; validate() names a NaN's field


def validate(doc: Any, plan: Plan, source: str = "results") -> Doc:
    """The document if it is a results file of this plan with plausible values; else GpudeskError."""
    consts = probe.constants()
    if not isinstance(doc, dict):
        raise _bad(
            source,
            "{s}: not a gpudesk results file (the top level is not a JSON object)",
            "{s}：不是 gpudesk 结果文件（顶层不是 JSON 对象）",
        )
    if doc.get("format") != consts.RESULTS_FORMAT:
        raise _bad(
            source,
            "{s}: not a gpudesk kit results file (format tag is {f!r}, expected {e!r})",
            "{s}：不是 gpudesk 验收结果文件（格式标记为 {f!r}，应为 {e!r}）",
            f=doc.get("format"),
            e=consts.RESULTS_FORMAT,
        )
    version = doc.get("schema_version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise _bad(
            source,
            "{s}: schema_version: expected a whole number, got {v!r}",
            "{s}：schema_version：应为整数，实际为 {v!r}",
            v=version,
        )
    if version > consts.SCHEMA_VERSION:
        raise _bad(
            source,
            "{s}: written by a newer kit (results schema {v}; this gpudesk reads up to {m}); update gpudesk",
            "{s}：由更新版本的套件写出（结果格式 {v}；本 gpudesk 最高支持 {m}）；请升级 gpudesk",
            v=version,
            m=consts.SCHEMA_VERSION,
        )
    ref = doc.get("plan")
    if not isinstance(ref, dict) or not isinstance(ref.get("fingerprint"), str):
        raise _bad(
            source,
            "{s}: plan.fingerprint is missing: the file does not say which plan it belongs to",
            "{s}：缺少 plan.fingerprint：文件未说明属于哪个方案",
        )
    mine = expect.plan_ref(plan)
    if ref["fingerprint"] != mine["fingerprint"]:
        same_plan = ref.get("created") == mine["created"] and ref.get("model", mine["model"]) == mine["model"]
        if same_plan and ref.get("configuration") == mine["configuration"]:
            raise _bad(
                source,
                "{s}: fingerprint {f} does not match this plan ({g}): the plan's model or task changed "
                "since the kit was made, or the file was edited; export a new kit",
                "{s}：指纹 {f} 与本方案（{g}）不符：导出套件后方案的模型或任务已改变，或文件被修改；请重新导出验收套件",
                f=ref["fingerprint"],
                g=mine["fingerprint"],
            )
        if same_plan:
            raise _bad(
                source,
                "{s}: measured for configuration {a}, but the plan now has {b}: export a new kit and run it again",
                "{s}：测量时的配置为 {a}，而方案现在为 {b}：请重新导出验收套件并再次运行",
                a=ref.get("configuration") or "?",
                b=mine["configuration"] or "?",
            )
        raise _bad(
            source,
            "{s}: belongs to another plan ({a!r}, fingerprint {f}), not to this one ({b!r}, fingerprint {g})",
            "{s}：属于另一个方案（{a!r}，指纹 {f}），不是本方案（{b!r}，指纹 {g}）",
            a=ref.get("title") or "?",
            f=ref["fingerprint"],
            b=plan.title,
            g=mine["fingerprint"],
        )
    if doc.get("kind", "node") not in KINDS:
        raise _bad(
            source,
            "{s}: kind: expected one of {k}, got {v!r}",
            "{s}：kind：应为 {k} 之一，实际为 {v!r}",
            k=", ".join(KINDS),
            v=doc.get("kind"),
        )
    checks = doc.get("checks")
    if not isinstance(checks, list):
        raise _bad(source, "{s}: checks: expected a list of results", "{s}：checks：应为结果列表")
    seen: set[str] = set()
    for i, c in enumerate(checks):
        if not isinstance(c, dict) or not isinstance(c.get("id"), str):
            raise _bad(
                source, "{s}: checks[{i}]: expected an object with an id", "{s}：checks[{i}]：应为带 id 的对象", i=i
            )
        if c["id"] not in expect.MEASURED_ITEMS:
            raise _bad(
                source,
                "{s}: checks[{i}].id: unknown check {v!r}",
                "{s}：checks[{i}].id：未知检查项 {v!r}",
                i=i,
                v=c["id"],
            )
        if c["id"] in seen:
            raise _bad(source, "{s}: checks[{i}]: {v} appears twice", "{s}：checks[{i}]：{v} 出现两次", i=i, v=c["id"])
        seen.add(c["id"])
        if c.get("status") not in STATUSES:
            raise _bad(
                source,
                "{s}: checks[{i}].status: expected one of {k}, got {v!r}",
                "{s}：checks[{i}].status：应为 {k} 之一，实际为 {v!r}",
                i=i,
                k=", ".join(STATUSES),
                v=c.get("status"),
            )
        text = c.get("text")
        if not isinstance(text, dict) or not isinstance(text.get("en"), str):
            raise _bad(
                source, "{s}: checks[{i}].text: expected the verdict's text", "{s}：checks[{i}].text：缺少结论文字", i=i
            )
    for key in ("inventory", "host"):
        if key in doc and doc[key] is not None and not isinstance(doc[key], dict):
            raise _bad(source, "{s}: {k}: expected an object", "{s}：{k}：应为对象", k=key)
    for key in ("allreduce", "storage", "training", "thermal", "xid", "burn_in"):
        if doc.get(key) is not None and not isinstance(doc[key], dict):
            raise _bad(source, "{s}: {k}: expected an object", "{s}：{k}：应为对象", k=key)
    check_plausible(doc, source)
    return doc


def load_results(path: str | os.PathLike[str], plan: Plan) -> tuple[Doc, str]:
    """(validated document, sha256 of the file)."""
    p = Path(path)
    try:
        size = p.stat().st_size
        if size > MAX_BYTES:
            raise GpudeskError(
                t(
                    "{p}: {mb:.0f} MB is far larger than a results file",
                    "{p}：{mb:.0f} MB，远大于结果文件的大小",
                    p=p,
                    mb=size / 1e6,
                )
            )
        raw = p.read_bytes()
    except FileNotFoundError:
        raise GpudeskError(t("{p}: no such file", "{p}：文件不存在", p=p)) from None
    except IsADirectoryError:
        raise GpudeskError(t("{p}: is a folder, not a results file", "{p}：是文件夹，不是结果文件", p=p)) from None
    except OSError as exc:
        raise GpudeskError(t("{p}: cannot read: {e}", "{p}：无法读取：{e}", p=p, e=exc.strerror or exc)) from None
    doc = validate(_decode(raw, str(p)), plan, str(p))
    return doc, hashlib.sha256(raw).hexdigest()
