"""Snapshot undo over the plan (no Qt): every edit records the whole plan state after it.

A plan's inputs (job, constraints, facts, checklist, quotes) are small, and the job and
constraints are replaced, never changed in place, so a snapshot shares them and copies only the
containers edited in place. Each entry also keeps the answer computed for that state, so undo
shows the previous answer at once instead of searching again.

Consecutive edits of the same field within `MERGE_S` seconds (typing "4096" in one box) merge
into one step, as Qt's QUndoCommand.mergeWith does.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel

MERGE_S = 1.5
LIMIT = 200


def copy_plan(plan: BaseModel) -> BaseModel:
    """A copy safe against later in-place edits: models in lists and dicts are copied one level."""
    out = plan.model_copy()
    for name in type(plan).model_fields:
        value = getattr(plan, name)
        if isinstance(value, list):
            setattr(out, name, [v.model_copy() if isinstance(v, BaseModel) else v for v in value])
        elif isinstance(value, dict):
            setattr(out, name, {k: v.model_copy() if isinstance(v, BaseModel) else v for k, v in value.items()})
    return out


def restore_into(target: BaseModel, snapshot: BaseModel) -> None:
    """Make `target` say what `snapshot` says, keeping `target`'s identity (views hold it)."""
    fresh = copy_plan(snapshot)
    for name in type(target).model_fields:
        setattr(target, name, getattr(fresh, name))


@dataclass
class Entry:
    plan: Any  # a copy_plan() snapshot
    label: str = ""  # what the edit was ("Sequence length", "Title"), for the Edit menu
    key: str | None = None  # edits with the same key merge while typing
    at: float = 0.0
    extra: dict = field(default_factory=dict)  # what the session keeps beside the plan (title_auto, wanted)
    answer: Any = None  # the answer computed for this state, if any


class UndoStack:
    """Entry 0 is the starting state; `index` points at the current one."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        self.entries: list[Entry] = []
        self.index = -1
        self._clean: Entry | None = None

    def reset(self, plan, extra: dict | None = None, answer=None) -> None:
        self.entries = [Entry(copy_plan(plan), extra=dict(extra or {}), answer=answer)]
        self.index = 0
        self._clean = self.entries[0]

    def record(self, plan, label: str, key: str | None = None, extra: dict | None = None) -> bool:
        """Record the state after an edit; returns False when it merged into the previous step."""
        now = self._clock()
        del self.entries[self.index + 1 :]
        top = self.entries[self.index] if self.entries else None
        entry = Entry(copy_plan(plan), label, key, now, dict(extra or {}))
        if (
            top is not None
            and key is not None
            and top.key == key
            and self.index > 0
            and now - top.at < MERGE_S
            and top is not self._clean
        ):
            self.entries[self.index] = entry
            return False
        self.entries.append(entry)
        if len(self.entries) > LIMIT:
            drop = len(self.entries) - LIMIT
            del self.entries[:drop]
        self.index = len(self.entries) - 1
        return True

    def amend(self, plan, answer=None, extra: dict | None = None) -> None:
        """The current state's answer arrived (its choice and alternatives belong to the same step)."""
        if not self.entries:
            return
        top = self.entries[self.index]
        top.plan = copy_plan(plan)
        top.answer = answer
        if extra is not None:
            top.extra = dict(extra)

    @property
    def current(self) -> Entry | None:
        return self.entries[self.index] if self.entries else None

    def can_undo(self) -> bool:
        return self.index > 0

    def can_redo(self) -> bool:
        return 0 <= self.index < len(self.entries) - 1

    def undo_label(self) -> str:
        return self.entries[self.index].label if self.can_undo() else ""

    def redo_label(self) -> str:
        return self.entries[self.index + 1].label if self.can_redo() else ""

    def undo(self) -> Entry | None:
        if not self.can_undo():
            return None
        self.index -= 1
        return self.entries[self.index]

    def redo(self) -> Entry | None:
        if not self.can_redo():
            return None
        self.index += 1
        return self.entries[self.index]

    def mark_clean(self) -> None:
        self._clean = self.current

    def is_clean(self) -> bool:
        return self.current is self._clean
