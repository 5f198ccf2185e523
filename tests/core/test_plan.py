"""Plan files: round trips, damaged files, migration, atomic save with .bak, hashes, autosave."""

import json
import os
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from _plan_samples import big_plan, small_plan  # noqa: E402

from gpudesk import fileio  # noqa: E402
from gpudesk.core import plan as plan_mod  # noqa: E402
from gpudesk.core.plan import autosave as autosave_mod  # noqa: E402
from gpudesk.core.plan import (  # noqa: E402
    ChecklistState,
    Plan,
    autosave_path_for,
    discard_autosave,
    find_recoverable,
    load_autosave,
    load_plan,
    plan_hash,
    save_plan,
    write_autosave,
)
from gpudesk.errors import GpudeskError, PlanFileError  # noqa: E402


def test_round_trip_keeps_everything(tmp_path):
    p = big_plan()
    p.notes = "Budget approved by 王经理"
    p.checklist["driver-branch"] = ChecklistState(
        status="pass", notes="550.54.15", checked_by="li", checked_at="2026-12-01T08:00:00Z"
    )
    path = save_plan(p, tmp_path / "13b.gpudesk")
    back = load_plan(path)
    assert back == p
    doc = json.loads(path.read_text(encoding="utf-8"))
    assert doc["format"] == "gpudesk-plan" and doc["version"] == 3
    assert doc["job"]["model"]["hidden_size"] == 5120  # the resolved architecture travels with the plan
    assert doc["hardware"]["gpu"]["nvlink_gbps"] == 600
    assert "王经理" in path.read_text(encoding="utf-8")  # readable UTF-8, not \u escapes


def test_save_keeps_previous_as_bak(tmp_path):
    path = tmp_path / "a.gpudesk"
    p = small_plan()
    save_plan(p, path)
    assert not (tmp_path / "a.gpudesk.bak").exists()
    first = path.read_bytes()
    p.title = "second"
    save_plan(p, path)
    assert (tmp_path / "a.gpudesk.bak").read_bytes() == first
    assert load_plan(path).title == "second"
    assert sorted(f.name for f in tmp_path.iterdir()) == ["a.gpudesk", "a.gpudesk.bak"]  # no temp files left


@pytest.mark.parametrize("fail_at", ["fsync", "replace"])
def test_failed_save_leaves_old_plan_intact(tmp_path, monkeypatch, fail_at):
    path = tmp_path / "a.gpudesk"
    p = small_plan()
    save_plan(p, path)
    before = path.read_bytes()

    def boom(*a, **k):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(fileio.os, fail_at, boom)
    p.title = "never written"
    with pytest.raises(GpudeskError, match="No space left"):
        save_plan(p, path)
    monkeypatch.undo()
    assert path.read_bytes() == before
    assert load_plan(path).title == small_plan().title
    assert not [f for f in tmp_path.iterdir() if f.name.endswith(".tmp")]


def test_save_into_missing_folder_is_a_clear_error(tmp_path):
    with pytest.raises(GpudeskError, match="does not exist"):
        save_plan(small_plan(), tmp_path / "nope" / "a.gpudesk")


def _write(tmp_path, text):
    f = tmp_path / "bad.gpudesk"
    f.write_text(text, encoding="utf-8")
    return f


def _good_doc():
    return json.loads(plan_mod.plan_bytes(small_plan()))


@pytest.mark.parametrize(
    "mutate, message",
    [
        (lambda d: d.update(format="something-else"), "format tag"),
        (lambda d: d.update(version=99), "newer gpudesk"),
        (lambda d: d.update(version="1"), "version"),
        (lambda d: d["job"]["model"].update(hidden_size="wide"), r"job\.model\.hidden_size"),
        (lambda d: d["choice"].update(gpus="four"), r"choice\.gpus"),
        (lambda d: d["checklist"].update({"driver-branch": {"status": "great"}}), r"checklist\.driver-branch\.status"),
        (lambda d: d.pop("job"), r"job: Field required"),
        (lambda d: d.update(surprise=1), "surprise"),
    ],
)
def test_damaged_plans_name_the_problem_and_stay_untouched(tmp_path, mutate, message):
    doc = _good_doc()
    mutate(doc)
    f = _write(tmp_path, json.dumps(doc))
    before = f.read_bytes()
    with pytest.raises(PlanFileError, match=message) as err:
        load_plan(f)
    assert str(f) in str(err.value)
    assert f.read_bytes() == before


def test_truncated_and_non_json_files(tmp_path):
    whole = plan_mod.plan_bytes(small_plan()).decode()
    f = _write(tmp_path, whole[: len(whole) // 2])
    with pytest.raises(PlanFileError, match="not valid JSON at line"):
        load_plan(f)
    f.write_bytes(b"\x89PNG\r\n\x1a\n\xff\xfe")
    with pytest.raises(PlanFileError, match="not UTF-8"):
        load_plan(f)
    f.write_text("[1, 2]")
    with pytest.raises(PlanFileError, match="not a JSON object"):
        load_plan(f)
    with pytest.raises(PlanFileError, match="no such file"):
        load_plan(tmp_path / "missing.gpudesk")


def test_version_0_draft_migrates(tmp_path):
    doc = _good_doc()
    doc["version"] = 0
    doc["checklist"] = [{"id": "driver-branch", "status": "pass", "notes": "ok"}]
    f = _write(tmp_path, json.dumps(doc))
    p = load_plan(f)
    assert p.version == 3
    assert p.checklist["driver-branch"].status == "pass" and p.checklist["driver-branch"].notes == "ok"


def test_version_1_file_loads_unchanged_as_version_3(tmp_path):
    """Format 2 only makes room for optional fields, format 3 words stored advice and notes (none without
    words here): a version-1 file (what 0.1 wrote) loads as it was."""
    doc = json.loads(plan_mod.plan_bytes(big_plan()))
    doc["version"] = 1
    p = load_plan(_write(tmp_path, json.dumps(doc)))
    assert p.version == 3
    again = json.loads(plan_mod.plan_bytes(p))
    again.pop("version")
    doc.pop("version")
    assert again == doc
    from gpudesk.paths import ROOT

    for sample in sorted((ROOT / "samples").glob("*.gpudesk")):  # the shipped samples too
        assert load_plan(sample).version == 3


def test_plan_hash_is_stable_and_ignores_save_time(tmp_path):
    p = big_plan()
    h = plan_hash(p)
    assert len(h) == 12 and int(h, 16) >= 0
    path = save_plan(p, tmp_path / "x.gpudesk")  # stamps `modified`
    assert plan_hash(load_plan(path)) == h
    p.notes = "changed"
    assert plan_hash(p) != h


def test_autosave_and_recovery(tmp_path, monkeypatch):
    original = tmp_path / "work.gpudesk"
    p = small_plan()
    save_plan(p, original)
    p.notes = "unsaved edit"
    auto = write_autosave(p, original)
    assert auto == autosave_path_for(original) and auto.parent == Path(os.environ["GPUDESK_HOME"]) / "autosave"
    assert autosave_path_for(original) != autosave_path_for(tmp_path / "other.gpudesk")
    assert find_recoverable() == []  # this process is alive: not a crash
    monkeypatch.setattr(fileio.os, "getpid", lambda: 999_999_999)  # as if another, dead process wrote it
    monkeypatch.setattr(autosave_mod, "_pid_alive", lambda pid: False)
    os.utime(original, (1, 1))  # the saved file is older than the autosave
    found = find_recoverable()
    assert len(found) == 1 and found[0].original == str(original.resolve()) and found[0].title == p.title
    assert load_autosave(found[0].autosave).notes == "unsaved edit"
    discard_autosave(original)
    assert find_recoverable() == []


def test_autosave_older_than_saved_file_is_not_offered(tmp_path, monkeypatch):
    original = tmp_path / "w.gpudesk"
    p = small_plan()
    auto = write_autosave(p, original)
    save_plan(p, original)
    os.utime(auto, (1, 1))
    monkeypatch.setattr(autosave_mod, "_pid_alive", lambda pid: False)
    assert find_recoverable() == []


def test_untitled_autosave(monkeypatch):
    p = small_plan()
    auto = write_autosave(p, None, key="w1")
    assert auto.name == "untitled-w1.autosave"
    monkeypatch.setattr(autosave_mod, "_pid_alive", lambda pid: False)
    [r] = find_recoverable()
    assert r.original is None
    assert isinstance(load_autosave(r.autosave), Plan)


@pytest.mark.skipif(os.name == "nt", reason="POSIX file modes")
def test_saved_file_gets_normal_permissions_and_keeps_a_chosen_mode(tmp_path):
    path = tmp_path / "m.gpudesk"
    old = os.umask(0o022)
    try:
        save_plan(small_plan(), path)
    finally:
        os.umask(old)
    assert path.stat().st_mode & 0o777 == 0o644  # not mkstemp's 0600
    path.chmod(0o640)
    save_plan(small_plan(), path)
    assert path.stat().st_mode & 0o777 == 0o640


def test_shipped_sample_plans_load_and_tailor():
    from gpudesk.core.plan.checklist import tailor
    from gpudesk.paths import ROOT

    samples = sorted((ROOT / "samples").glob("*.gpudesk"))
    assert len(samples) >= 2
    for f in samples:
        plan = load_plan(f)
        assert plan.choice is not None and plan.hardware.gpu is not None
        assert len(tailor(plan, "zh_CN")) >= 30


def test_set_alternatives_drops_the_choice_and_keeps_five():
    from gpudesk.core.plan import set_alternatives

    p = big_plan()
    others = [p.choice.model_copy(update={"gpus": n, "rank": n}) for n in (4, 8, 16, 24, 32, 48, 64)]
    set_alternatives(p, others)
    assert [o.gpus for o in p.alternatives] == [8, 16, 24, 32, 48]


@pytest.mark.skipif(os.name == "nt" or os.geteuid() == 0, reason="POSIX permissions (root ignores them)")
def test_read_only_folder_is_a_clear_error(tmp_path):
    folder = tmp_path / "ro"
    folder.mkdir()
    folder.chmod(0o555)
    try:
        with pytest.raises(GpudeskError, match="could not save"):
            save_plan(small_plan(), folder / "a.gpudesk")
    finally:
        folder.chmod(0o755)


def test_failed_save_keeps_the_modified_stamp(tmp_path, monkeypatch):
    p = small_plan()
    p.modified = "2026-01-01T00:00:00Z"
    monkeypatch.setattr(fileio.os, "replace", lambda *a: (_ for _ in ()).throw(OSError(5, "I/O error")))
    with pytest.raises(GpudeskError, match="I/O error"):
        save_plan(p, tmp_path / "a.gpudesk")
    assert p.modified == "2026-01-01T00:00:00Z"


from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

_text = st.text(st.characters(blacklist_categories=("Cs",)), max_size=60)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    title=_text.map(lambda s: s.replace("\r", "").replace("\n", "")),
    notes=_text,
    states=st.dictionaries(
        st.sampled_from(["driver-branch", "growth-path", "data-wipe", "storage-iops"]),
        st.tuples(st.sampled_from(["open", "pass", "fail", "n/a", "waived"]), _text, st.none() | _text),
        max_size=4,
    ),
)
def test_any_text_and_state_round_trips(tmp_path, title, notes, states):
    p = small_plan()
    p.title, p.notes = title, notes
    for iid, (status, note, evidence) in states.items():
        p.checklist[iid] = ChecklistState(
            status=status, notes=note, evidence=evidence, waiver_reason="because" if status == "waived" else None
        )
    path = save_plan(p, tmp_path / "h.gpudesk")
    back = load_plan(path)
    assert back == p and plan_hash(back) == plan_hash(p)
