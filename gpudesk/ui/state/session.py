"""The plan being edited, its file, dirtiness, autosave and undo (no Qt).

MainWindow owns one PlanSession and only wires widgets to it: an edit calls a method here, which
changes the plan and records an undo step; the window then shows what the session holds. Every
rule about the plan itself (the default title, the choice's catalogue rows) is core's.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

from gpudesk.core import plan as plan_mod
from gpudesk.ui.state.recompute import Answer
from gpudesk.ui.state.undo import UndoStack, restore_into

FACTS = ("title", "author", "organisation", "approvers", "notes")


class PlanSession:
    def __init__(self, catalog, *, autosave: bool = True, clock: Callable[[], float] = time.monotonic) -> None:
        self.catalog = catalog
        self.plan: plan_mod.Plan | None = None
        self.path: Path | None = None
        self.autosave_enabled = autosave
        self.undo = UndoStack(clock)
        self.answer: Answer | None = None  # the answer shown for the current state
        self.wanted = None  # the configuration the user picked from the options (kept while it fits)
        self.manual = None  # a configuration set by hand (core.plan.ManualChoice), evaluated exactly
        self.title_auto = True  # the title follows the job and the choice until the user edits it
        self._unsaved = False  # dirty beyond the undo history (a recovered autosave)
        self.disk_stamp = None  # core.plan.file_stamp of `path` when last read or written here

    # --- what the session holds ------------------------------------------------------------

    def _extra(self) -> dict:
        return {"title_auto": self.title_auto, "wanted": self.wanted, "manual": self.manual}

    def _take_extra(self, extra: dict) -> None:
        self.title_auto = extra.get("title_auto", True)
        self.wanted = extra.get("wanted")
        self.manual = extra.get("manual")

    @property
    def dirty(self) -> bool:
        return self.plan is not None and (self._unsaved or not self.undo.is_clean())

    def _record(self, label: str, key: str | None = None) -> None:
        self.undo.record(self.plan, label, key, self._extra())

    # --- starting points -------------------------------------------------------------------

    def start(self, job, constraints, *, path: Path | None = None) -> None:
        """A new, unsaved plan for this job (nothing to save until it is edited)."""
        self.plan = plan_mod.Plan(job=job, constraints=constraints)
        self.path = path
        self.wanted = self.manual = None
        self.title_auto = True
        self.answer = None
        self._unsaved = False
        self.undo.reset(self.plan, self._extra())

    def adopt(self, plan: plan_mod.Plan, path: Path | None, *, unsaved: bool = False) -> None:
        """Show a plan read from a file (or an autosave): its choice is kept while it still fits."""
        self.plan = plan
        self.path = Path(path) if path else None
        self.wanted = plan.choice
        self.manual = plan.manual
        self.title_auto = plan_mod.title_is_default(plan)
        self.answer = None
        self._unsaved = unsaved
        self.disk_stamp = plan_mod.file_stamp(self.path) if self.path else None
        self.undo.reset(self.plan, self._extra())

    def load(self, path: str | Path) -> plan_mod.Plan:
        stamp = plan_mod.file_stamp(path)
        plan = plan_mod.load_plan(path)  # PlanFileError names the file and the field
        self.adopt(plan, Path(path))
        self.disk_stamp = stamp
        return plan

    # --- edits (each one an undo step) ------------------------------------------------------

    def edit_inputs(self, job, constraints, key: str | None = None, label: str = "") -> bool:
        """The form changed the job or the constraints; False when nothing changed."""
        if self.plan is None:
            self.start(job, constraints)
            return True
        if job == self.plan.job and constraints == self.plan.constraints:
            return False
        self.plan.job = job
        self.plan.constraints = constraints
        self.answer = None
        self._record(label, key)
        return True

    def set_fact(self, name: str, value) -> bool:
        """Title, author, organisation, approvers (a list) or notes; False when unchanged."""
        if name not in FACTS:
            raise ValueError(f"unknown plan fact {name!r}")
        if self.plan is None or getattr(self.plan, name) == value:
            return False
        setattr(self.plan, name, value)
        if name == "title":
            self.title_auto = plan_mod.title_is_default(self.plan)
        self._record(name, f"fact:{name}")
        return True

    def use_auto_title(self) -> bool:
        """The title follows the job and the choice again (from now on, and at once)."""
        if self.plan is None or self.title_auto:
            return False
        self.title_auto = True
        self.plan.title = plan_mod.default_title(self.plan.job, self.plan.choice) if self.plan.choice else ""
        self._record("title", "fact:title")
        return True

    def choose(self, option, *, manual=None) -> bool:
        """Make an option (from the table, or set by hand) the plan's choice."""
        from gpudesk.core.rules import same_configuration

        if self.plan is None or option is None:
            return False
        if manual is None and self.manual is None and same_configuration(option, self.plan.choice):
            return False
        self.wanted = option
        self.manual = manual
        self.plan.quote_selection = None  # a configuration picked instead of the selected quote's
        plan_mod.apply_choice(
            self.plan,
            option,
            self.answer.compared if self.answer else [option],
            self.catalog,
            follow_title=self.title_auto,
            manual=manual,
        )
        if self.answer is not None:
            self.answer.chosen = option
            self.answer.manual = option if manual is not None else None
        self._record("choice")
        self.undo.amend(self.plan, self.answer, self._extra())
        return True

    def clear_manual(self) -> None:
        """Back to the recommender's configurations (the hand-set one is dropped)."""
        if self.manual is None:
            return
        self.manual = None
        self.wanted = None
        self.plan.manual = None
        self._record("choice")

    def selected_quote(self):
        """The quote the plan's choice follows, if one is selected."""
        sel = self.plan.quote_selection if self.plan is not None else None
        if sel is None:
            return None
        return next((q for q in self.plan.quotes if q.id == sel.quote), None)

    def recorded(self, label: str, key: str | None = None) -> None:
        """Something edited the plan in place (a checklist result, a quote): one undo step."""
        if self.plan is not None:
            self._record(label, key)

    # --- answers ----------------------------------------------------------------------------

    def apply_answer(self, answer: Answer) -> None:
        """The answer for the current state arrived: its choice and alternatives join the plan."""
        self.answer = answer
        if self.plan is None:
            return
        if answer.manual_error:  # the hand-set configuration no longer runs the edited job
            self.manual = self.wanted = None
        plan_mod.apply_choice(
            self.plan,
            answer.choice,
            answer.compared,
            self.catalog,
            follow_title=self.title_auto,
            manual=self.manual,
        )
        self.undo.amend(self.plan, answer, self._extra())

    # --- undo -------------------------------------------------------------------------------

    def _go(self, entry) -> Answer | None:
        if entry is None:
            return None
        restore_into(self.plan, entry.plan)
        self._take_extra(entry.extra)
        self.answer = entry.answer
        return entry.answer

    def undo_step(self) -> bool:
        """Back one edit. True when it moved; `answer` is the state's kept answer (None: recompute)."""
        if not self.undo.can_undo():
            return False
        self._go(self.undo.undo())
        return True

    def redo_step(self) -> bool:
        if not self.undo.can_redo():
            return False
        self._go(self.undo.redo())
        return True

    # --- files ------------------------------------------------------------------------------

    def changed_on_disk(self, path: str | Path | None = None) -> bool:
        """True when the plan's file was replaced since this session read or wrote it."""
        path = Path(path) if path else self.path
        if path is None or self.path is None or Path(path) != self.path or self.disk_stamp is None:
            return False
        now = plan_mod.file_stamp(path)
        return now is not None and now != self.disk_stamp

    def save(self, path: str | Path, *, overwrite_changed: bool = False) -> Path:
        """Save atomically to `path` (GpudeskError on failure: nothing changes then). When the file changed
        on disk since it was read, ChangedOnDisk unless `overwrite_changed` (the window asks first)."""
        old = self.path
        with plan_mod.plan_lock(path):  # the check and the write as one step
            if not overwrite_changed and self.changed_on_disk(path):
                raise plan_mod.ChangedOnDisk(f"{path}: changed on disk since it was opened")
            plan_mod.save_plan(self.plan, path)
            self.disk_stamp = plan_mod.file_stamp(path)
        if self.autosave_enabled:
            plan_mod.discard_autosave(old)
            plan_mod.discard_autosave(path)
        self.path = Path(path)
        self._unsaved = False
        self.undo.mark_clean()
        return self.path

    def autosave(self) -> Path | None:
        """Write the autosave when there is something unsaved (OSError/GpudeskError to the caller)."""
        if not (self.autosave_enabled and self.dirty):
            return None
        return plan_mod.write_autosave(self.plan, self.path)

    def discard(self) -> None:
        """The user chose not to keep the changes: drop the autosave, nothing left to ask about."""
        if self.autosave_enabled:
            plan_mod.discard_autosave(self.path)
        self._unsaved = False
        self.undo.mark_clean()

    def recover(self, found) -> plan_mod.Plan:
        """Take a crashed session's autosave (`plan_mod.Recoverable`); it stays unsaved."""
        plan = plan_mod.load_autosave(found.autosave)
        self.adopt(plan, Path(found.original) if found.original else None, unsaved=True)
        found.autosave.unlink(missing_ok=True)
        return plan

    @property
    def file_name(self) -> str | None:
        return self.path.name if self.path else None
