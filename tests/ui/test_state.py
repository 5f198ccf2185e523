"""The window's state model without widgets: undo, the title that follows, dirtiness, scheduling, cancelling."""

import subprocess
import sys

import pytest

from gpudesk.core import plan as plan_mod
from gpudesk.core.models import Constraints, Job
from gpudesk.ui.state import Answer, CancelToken, PlanSession, Scheduler, UndoStack, compute_answer
from tests.ui.fakes import option


class _Rec:
    """A recommender answer with just what the session reads."""

    def __init__(self, options):
        self.options = list(options)
        self.feasible = list(options)


class _Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def catalog():
    from gpudesk.catalog import open_catalog

    return open_catalog()


@pytest.fixture
def job(catalog):
    preset = next(m for m in catalog.models() if m.id == "llama-2-7b")
    return Job(model=preset.arch.model_copy(update={"id": preset.id}), tokens=1e9)


def _session(job, clock=None):
    s = PlanSession(None, autosave=False, clock=clock or _Clock())
    s.start(job, Constraints())
    return s


def test_the_state_package_imports_no_qt():
    code = (
        "import sys, gpudesk.ui.state\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('PySide6', 'shiboken6', 'pyqtgraph')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_undo_stack_merges_typing_in_one_field_and_keeps_the_clean_state():
    clock = _Clock()
    stack = UndoStack(clock)
    p = plan_mod.Plan(job=Job(model={"name": "m", "params_hint": 7e9}))
    stack.reset(p)
    for i, text in enumerate(("4", "40", "409", "4096")):  # four keystrokes, 0.2 s apart
        clock.now = 0.2 * i
        p.title = text
        stack.record(p, "title", "fact:title")
    assert len(stack.entries) == 2 and stack.current.plan.title == "4096"
    clock.now = 5.0  # a pause: the next edit is a step of its own
    p.notes = "n"
    stack.record(p, "notes", "fact:notes")
    assert stack.undo().plan.title == "4096" and stack.undo().plan.title == ""
    assert not stack.can_undo() and stack.redo_label() == "title"
    assert stack.is_clean()  # back at the starting state


def test_undo_copies_what_is_edited_in_place():
    stack = UndoStack(_Clock())
    p = plan_mod.Plan(job=Job(model={"name": "m", "params_hint": 7e9}))
    stack.reset(p)
    p.checklist["gpu-count"] = plan_mod.ChecklistState(status="pass")
    stack.record(p, "checklist")
    p.checklist["gpu-count"].status = "fail"  # the checklist model edits the plan in place
    stack.record(p, "checklist")
    assert stack.undo().plan.checklist["gpu-count"].status == "pass"
    assert stack.undo().plan.checklist == {}


def test_title_follows_the_job_and_the_choice_until_edited(job):
    s = _session(job)
    first, second = option(gpus=4, rank=1), option(gpus=8, rank=2)
    s.apply_answer(Answer(1, rec=_Rec([first, second])))
    assert s.plan.title == "Llama 2 7B full fine-tuning on 4× H100 SXM 80GB"
    s.choose(second)
    assert s.plan.title == "Llama 2 7B full fine-tuning on 8× H100 SXM 80GB"
    s.edit_inputs(job.model_copy(update={"task": "lora"}), Constraints(), "task")
    s.apply_answer(Answer(2, rec=_Rec([first])))
    assert s.plan.title == "Llama 2 7B LoRA fine-tuning on 4× H100 SXM 80GB"
    assert s.set_fact("title", "Pilot run for the legal-text model")
    assert not s.title_auto
    s.edit_inputs(job, Constraints(), "task")
    s.apply_answer(Answer(3, rec=_Rec([second])))
    assert s.plan.title == "Pilot run for the legal-text model"  # the user's title stays
    assert s.use_auto_title() and s.plan.title == "Llama 2 7B full fine-tuning on 8× H100 SXM 80GB"


def test_undo_restores_the_previous_answer_without_searching_again(job):
    s = _session(job)
    a1 = Answer(1, rec=_Rec([option(gpus=4, rank=1)]))
    s.apply_answer(a1)
    longer = job.model_copy(update={"seq_len": 4096})
    s.edit_inputs(longer, Constraints(), "seq_len")
    a2 = Answer(2, rec=_Rec([option(gpus=8, rank=1)]))
    s.apply_answer(a2)
    assert s.dirty and s.plan.choice.gpus == 8
    assert s.undo_step()
    assert s.answer is a1 and s.plan.job.seq_len == 2048 and s.plan.choice.gpus == 4
    assert not s.dirty  # back at the state the plan started in
    assert s.redo_step()
    assert s.answer is a2 and s.plan.job.seq_len == 4096 and s.plan.choice.gpus == 8


def test_plan_facts_and_a_save_point(job, tmp_path):
    s = _session(job)
    s.apply_answer(Answer(1, rec=_Rec([option()])))
    assert s.set_fact("approvers", ["Li Wei", "Zhang Min"])
    assert not s.set_fact("approvers", ["Li Wei", "Zhang Min"])  # unchanged: no step
    s.save(tmp_path / "p.gpudesk")
    assert not s.dirty
    assert plan_mod.load_plan(tmp_path / "p.gpudesk").approvers == ["Li Wei", "Zhang Min"]
    s.set_fact("author", "Wang Fang")
    assert s.dirty
    s.undo_step()
    assert not s.dirty and s.plan.author == ""
    with pytest.raises(ValueError):
        s.set_fact("colour", "red")


def test_scheduler_runs_one_at_a_time_cancels_and_coalesces():
    started = []
    sched = Scheduler(started.append)
    first = sched.request("job1", "c")
    assert started == [first] and sched.busy
    second = sched.request("job2", "c")
    third = sched.request("job3", "c")
    assert first.token.cancelled  # a newer edit stops the running search
    assert started == [first]  # nothing started on top of it
    assert sched.finished(Answer(first.generation, cancelled=True)) is None
    assert started == [first, third] and not second.token.cancelled  # one rerun, for the latest edit
    answer = Answer(third.generation, rec=_Rec([]))
    assert sched.finished(answer) is answer and not sched.busy
    sched.request("job4", "c")
    sched.invalidate()  # the window closes
    assert sched.running.token.cancelled
    assert sched.finished(Answer(sched.generation - 1)) is None


def test_compute_answer_stops_when_cancelled(job, catalog, monkeypatch):
    from gpudesk.core.search import Cancelled, recommend
    from gpudesk.ui.state import Request

    asked = []

    def cancel():
        asked.append(1)
        return len(asked) > 2  # cancelled while the third platform is about to be searched

    with pytest.raises(Cancelled):
        recommend(job, Constraints(), catalog, cancel=cancel)
    assert len(asked) == 3
    token = CancelToken()
    token.cancel()
    assert compute_answer(Request(7, job, Constraints(), token=token), catalog).cancelled


def test_compute_answer_keeps_the_picked_configuration_while_it_fits(job, catalog):
    from gpudesk.core.search import recommend
    from gpudesk.ui.state import Request

    rec = recommend(job, Constraints(), catalog)
    picked = rec.options[3]
    answer = compute_answer(Request(1, job, Constraints(), wanted=picked), catalog)
    assert (answer.choice.gpu, answer.choice.gpus, answer.choice.offer) == (picked.gpu, picked.gpus, picked.offer)
    one_l4 = plan_mod.ManualChoice(gpu="l4", gpus=1)  # 24 GB: a 7B full fine-tune cannot fit
    answer = compute_answer(Request(2, job, Constraints(), manual=one_l4), catalog)
    assert answer.manual is answer.choice and not answer.choice.memory.fits  # shown with its reason
