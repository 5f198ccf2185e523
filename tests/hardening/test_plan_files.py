"""Hostile plan files: validated once on load against the schema; every problem names the file and the field."""

import json

import pytest

from gpudesk.core.plan import load_plan
from gpudesk.errors import PlanFileError

from .helpers import cli, refused


@pytest.fixture(scope="module")
def good(tmp_path_factory):
    import os

    folder = tmp_path_factory.mktemp("good")
    os.environ["GPUDESK_HOME"] = str(folder / "home")
    from gpudesk.cli import run_cli

    path = folder / "p.gpudesk"
    assert run_cli(["plan", "new", "--model", "gpt2", "--task", "full", "--tokens", "1e9", "-o", str(path)]) == 0
    doc = json.loads(path.read_text())
    assert doc["hardware"]["provider"] and doc["hardware"]["offer"] and doc["choice"]["time"]["hours"] > 0
    return doc


def _write(tmp_path, doc_or_text, name="h.gpudesk"):
    p = tmp_path / name
    p.write_text(doc_or_text if isinstance(doc_or_text, str) else json.dumps(doc_or_text), encoding="utf-8")
    return p


def _mutated(good, path, value):
    doc = json.loads(json.dumps(good))
    node = doc
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    return doc


HOSTILE = [
    (("hardware", "provider"), "a provider as text", "hardware.provider"),
    (("hardware", "provider"), ["a", "list"], "hardware.provider"),
    (("hardware", "provider", "name_zh"), {"an": "object"}, "name_zh"),
    (("hardware", "provider", "regions"), "Jinan", "regions"),
    (("hardware", "offer", "billing"), 3, "billing"),
    (("hardware", "offer", "price_per_gpu_hour"), "cheap", "price_per_gpu_hour"),
    (("hardware", "server", "gpus_per_node"), 1e300, "gpus_per_node"),
    (("choice", "time", "hours"), "soon", "choice.time.hours"),
    (("job", "tokens"), 1e300, "job.tokens"),
    (("job", "model", "hidden_size"), -5, "job.model.hidden_size"),
    (("title",), "x" * 301, "title"),
    (("notes",), "x" * 100_001, "notes"),
    (("checklist",), {"driver-branch": {"status": "pass", "notes": "n" * 2001}}, "notes"),
    (("approvers",), ["a"] * 21, "approvers"),
]


@pytest.mark.parametrize("path,value,field", HOSTILE, ids=[h[2] + "=" + type(h[1]).__name__ for h in HOSTILE])
def test_wrong_types_anywhere_are_named(tmp_path, good, path, value, field):
    p = _write(tmp_path, _mutated(good, path, value))
    with pytest.raises(PlanFileError) as err:
        load_plan(p)
    assert str(p) in str(err.value) and field in str(err.value), str(err.value)


@pytest.mark.parametrize("text", ["Infinity", "-Infinity", "NaN", "1e400"])
def test_infinite_hours(tmp_path, good, text):
    raw = json.dumps(_mutated(good, ("choice", "time", "hours"), 12345.5)).replace("12345.5", text)
    p = _write(tmp_path, raw)
    with pytest.raises(PlanFileError, match=str(p)):
        load_plan(p)


@pytest.mark.parametrize(
    "command",
    [
        ["plan", "show", "P"],
        ["checklist", "P"],
        ["report", "P", "-o", "PDF"],
        ["quote", "list", "P"],
        ["checklist", "P", "--set", "driver-branch=pass"],
        ["kit", "P", "-o", "KIT"],
    ],
)
@pytest.mark.parametrize("damage", ["deep", "provider text", "infinity"])
def test_cli_on_hostile_plans_exit_2(capsys, tmp_path, good, command, damage):
    if damage == "deep":
        p = _write(tmp_path, '{"format": "gpudesk-plan", "version": 2, "job": ' + "[" * 100000 + "]" * 100000 + "}")
    elif damage == "provider text":
        p = _write(tmp_path, _mutated(good, ("hardware", "provider"), "text"))
    else:
        p = _write(
            tmp_path, json.dumps(_mutated(good, ("choice", "time", "hours"), 777.25)).replace("777.25", "Infinity")
        )
    before = p.read_bytes()
    args = [{"P": p, "PDF": tmp_path / "x.pdf", "KIT": tmp_path / "kit"}.get(a, a) for a in command]
    err = refused(capsys, *args)
    assert str(p) in err
    assert p.read_bytes() == before and not (tmp_path / "x.pdf").exists() and not (tmp_path / "kit").exists()


def test_oversized_plan_refused_before_parsing(tmp_path):
    p = tmp_path / "big.gpudesk"
    with open(p, "wb") as fh:
        fh.write(b"{")
        fh.truncate(21_000_000)
    with pytest.raises(PlanFileError, match="too large"):
        load_plan(p)


def test_line_breaks_in_a_stored_title_read_as_one_line(tmp_path, good):
    p = _write(tmp_path, _mutated(good, ("title",), "first line\nsecond line"))
    assert load_plan(p).title == "first line second line"


@pytest.mark.parametrize(
    "option,value",
    [("--title", "t" * 5000), ("--title", "two\nlines"), ("--author", "a" * 201), ("--notes", "n" * 1_000_001)],
)
def test_plan_new_text_limits(capsys, tmp_path, option, value):
    out = tmp_path / "p.gpudesk"
    err = refused(capsys, "plan", "new", "--model", "gpt2", option, value, "-o", out)
    assert option in err and not out.exists()


def test_checklist_note_limit(capsys, tmp_path, good):
    p = _write(tmp_path, good)
    before = p.read_bytes()
    refused(capsys, "checklist", p, "--set", "driver-branch=pass", "--note", "n" * 2001)
    assert p.read_bytes() == before
    rc, _o, err = cli(capsys, "checklist", p, "--set", "driver-branch=pass", "--note", "n" * 2000)
    assert rc == 0, err


@pytest.mark.parametrize("content", ["[" * 100000 + "]" * 100000, '{"a": ' + "[" * 100 + "]" * 100 + "}"])
def test_kit_import_of_a_deeply_nested_results_file(capsys, tmp_path, good, content):
    p = _write(tmp_path, good)
    results = tmp_path / "r.json"
    results.write_text(content)
    before = p.read_bytes()
    err = refused(capsys, "kit", "import", results, "--plan", p)
    assert str(results) in err and p.read_bytes() == before
