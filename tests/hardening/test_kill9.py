"""Nothing lost, proven (the suite's share): 20 writers killed with SIGKILL at random moments; the plan is
always the old or the complete new version. The 240-kill run is `python tests/stress/kill9.py`."""

import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "stress"))

import kill9  # noqa: E402


@pytest.mark.skipif(os.name != "posix", reason="SIGKILL is POSIX")
def test_twenty_kills_leave_the_old_or_the_new_plan(tmp_path):
    result = kill9.run(20, seed=1818, folder=tmp_path)
    assert sum(t.kills for t in result.values()) == 20
    broken = [b for t in result.values() for b in t.broken]
    assert broken == []
    assert sum(t.new for t in result.values()) > 0  # some kills did land after a write


def test_a_later_save_removes_what_a_killed_writer_left(capsys, tmp_path):
    from gpudesk.core.plan import load_plan, save_plan

    from .helpers import cli

    plan = tmp_path / "p.gpudesk"
    assert cli(capsys, "plan", "new", "--model", "gpt2", "-o", plan)[0] == 0
    (tmp_path / ".p.gpudesk.k1ll3d_x.tmp").write_bytes(b'{"format": "gpudesk-pl')  # half a plan, writer gone
    (tmp_path / ".p.gpudesk.pdf.abcdefgh.tmp").write_bytes(b"%PDF")  # another file's: not ours to remove
    save_plan(load_plan(plan), plan)
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")) == [".p.gpudesk.pdf.abcdefgh.tmp"]
