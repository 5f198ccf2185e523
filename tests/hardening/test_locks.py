"""Lost updates: every plan write holds the plan's lock across read-modify-write."""

import os
import subprocess
import sys
import threading
import time

import pytest

from gpudesk.core.plan import load_plan, plan_lock, save_plan
from gpudesk.fileio import lock_path, locked
from gpudesk.errors import GpudeskError

from .helpers import cli

GPUDESK = [sys.executable, "-m", "gpudesk"]


@pytest.fixture
def plan(capsys, tmp_path):
    path = tmp_path / "c.gpudesk"
    rc, _o, err = cli(
        capsys,
        "plan",
        "new",
        "--model",
        "llama-2-13b",
        "--task",
        "full",
        "--tokens",
        "2e9",
        "--gpu",
        "a100-sxm-80gb",
        "--gpus",
        "4",
        "-o",
        path,
    )
    assert rc == 0, err
    return path


def _open_items(capsys, path, n):
    import json

    rc, out, _ = cli(capsys, "checklist", path, "--json")
    items = [i["id"] for i in json.loads(out)["items"] if i.get("applicable", True) and i["status"] == "open"]
    assert len(items) >= n
    return items[:n]


def test_eight_concurrent_checklist_sets_all_kept(capsys, plan):
    items = _open_items(capsys, plan, 8)
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    procs = [
        subprocess.Popen(
            [*GPUDESK, "checklist", str(plan), "--set", f"{i}=pass", "--by", "t"],
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )
        for i in items
    ]
    errors = [p.communicate(timeout=120)[1] for p in procs]
    assert all(p.returncode == 0 for p in procs), errors
    done = load_plan(plan).checklist
    assert all(done[i].status == "pass" for i in items), {i: done.get(i) for i in items}
    assert not lock_path(plan).exists()  # let go and cleaned up


def test_a_writer_waits_for_the_holder(capsys, plan):
    items = _open_items(capsys, plan, 2)
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    with plan_lock(plan):
        edited = load_plan(plan)
        p = subprocess.Popen(
            [*GPUDESK, "checklist", str(plan), "--set", f"{items[0]}=pass"],
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )
        time.sleep(1.5)
        assert p.poll() is None  # waiting for us
        from gpudesk.core.plan import ChecklistState

        edited.checklist[items[1]] = ChecklistState(status="fail")
        save_plan(edited, plan)  # re-entrant inside our own lock
    assert p.wait(timeout=60) == 0, p.stderr.read()
    done = load_plan(plan).checklist
    assert done[items[0]].status == "pass" and done[items[1]].status == "fail"  # both kept


def test_a_stale_lock_file_does_not_block(plan):
    lock_path(plan).write_text("left by a killed process")  # the file exists, nobody holds the lock
    with plan_lock(plan):
        pass
    assert not lock_path(plan).exists()


def test_lock_released_when_the_holder_is_killed(plan):
    code = (
        "import sys, time; from gpudesk.fileio import locked\n"
        f"with locked({str(plan)!r}):\n    print('held', flush=True); time.sleep(60)"
    )
    holder = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True)
    assert holder.stdout.readline().strip() == "held"
    with pytest.raises(GpudeskError, match="another gpudesk"):
        with locked(plan, wait=0.3):
            pass
    holder.kill()
    holder.wait()
    with locked(plan, wait=5):
        pass


def test_threads_of_one_process_wait_for_each_other(plan):
    seen = []

    def work():
        with plan_lock(plan):
            seen.append(1)

    with plan_lock(plan), plan_lock(plan):  # re-entrant in one thread
        t = threading.Thread(target=work)
        t.start()
        time.sleep(0.3)
        assert seen == []  # the other thread waits
    t.join(5)
    assert seen == [1]


def test_gui_session_notices_a_plan_changed_on_disk(capsys, plan):
    """The window's session (Qt-free) refuses to write over a file another program replaced, until asked."""
    from gpudesk.catalog import open_catalog
    from gpudesk.core.plan import ChangedOnDisk, ChecklistState
    from gpudesk.ui.state.session import PlanSession

    session = PlanSession(open_catalog(), autosave=False)
    session.load(plan)
    assert not session.changed_on_disk()
    other = load_plan(plan)
    other.checklist["elsewhere"] = ChecklistState(status="pass", notes="saved by the CLI meanwhile")
    time.sleep(0.01)
    save_plan(other, plan)
    assert session.changed_on_disk()
    session.set_fact("notes", "mine")
    with pytest.raises(ChangedOnDisk):
        session.save(plan)
    assert "elsewhere" in load_plan(plan).checklist  # the other version was not replaced
    session.save(plan, overwrite_changed=True)  # the user said so
    assert load_plan(plan).notes == "mine" and not session.changed_on_disk()
    session.set_fact("notes", "mine again")
    session.save(plan)  # its own earlier save is no change on disk
