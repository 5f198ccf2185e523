"""Memory a person reads is in GiB everywhere (issue 13 point 3): the CLI table and notes, plan show and the
printed report show a job's memory as GiB and never as the same bytes in decimal GB (a card keeps its
marketed "80 GB", as its name says)."""

import json
import re

import pytest

from gpudesk.cli import run_cli

JOBS = [
    ["--model", "llama-2-7b", "--task", "full", "--gpus", "2", "--zero", "3"],
    ["--model", "llama-2-7b", "--task", "lora"],
    ["--model", "llama-2-7b", "--task", "inference", "--concurrency", "16"],
    ["--model", "llama-2-7b", "--task", "mixed", "--concurrency", "8", "--gpus", "4", "--zero", "3"],
]


def _run(capsys, *args):
    assert run_cli(list(args)) == 0
    return capsys.readouterr().out


def _decimal_forms(n_bytes: int) -> set[str]:
    x = n_bytes / 1e9
    return {f"{x:,.1f} GB", f"{x:,.2f} GB", f"{x:,.0f} GB"}


@pytest.mark.parametrize("lang", ["en", "zh_CN"])
@pytest.mark.parametrize("job", JOBS)
def test_estimate_reads_gib_never_the_decimal_gb_of_the_same_bytes(capsys, job, lang):
    data = json.loads(_run(capsys, "estimate", *job, "--json"))
    text = _run(capsys, "estimate", *job, "--lang", lang)
    m = data["memory"]
    per = m["per_gpu_bytes"]
    assert f"{per['total'] / 2**30:.2f}" in text and re.search(r"\bGiB\b", text)  # the table's GiB column
    assert f"{per['total'] / 2**30:.1f} GiB" in text  # and the notes
    for value in (per["total"], m["usable_bytes"], m["quick_estimate_bytes"], per["weights"], per["kv_cache"]):
        if value and value > 10**9:
            assert not any(form in text for form in _decimal_forms(value)), (value, lang)
    assert not re.search(
        r"\d GB\b(?!/s)(?! (?:card|显卡))", text.replace("(80 GB card", "").replace("80 GB 显卡", "")
    ), "a decimal GB figure other than the card's marketed size"


def test_plan_show_and_report_read_gib(capsys, tmp_path):
    from gpudesk.core.plan import load_plan
    from gpudesk.core.report.report_data import build_report

    path = tmp_path / "p.gpudesk"
    _run(capsys, "plan", "new", "--model", "llama-2-7b", "--task", "inference", "--concurrency", "50", "-o", str(path))
    shown = _run(capsys, "plan", "show", str(path), "--lang", "en")
    plan = load_plan(path)
    total = plan.choice.memory.per_gpu_bytes.total
    assert f"{total / 2**30:.1f} GiB" in shown and not any(f in shown for f in _decimal_forms(total))
    report = build_report(plan, "zh_CN")
    texts = []
    for section in report.sections:
        for block in section.blocks:
            texts += [str(v) for row in getattr(block, "rows", []) for v in row]
            texts.append(str(getattr(block, "text", "")))
    blob = "\n".join(texts)
    assert f"{total / 2**30:.2f} GiB" in blob and not any(f in blob for f in _decimal_forms(total))


def test_overhead_can_be_given_in_gib(capsys):
    gib = json.loads(_run(capsys, "estimate", "--params", "7e9", "--overhead-gib", "2", "--json"))
    gb = json.loads(_run(capsys, "estimate", "--params", "7e9", "--overhead-gb", "2", "--json"))
    assert (
        gib["memory"]["per_gpu_bytes"]["overhead"] == 2 * 2**30
        and gb["memory"]["per_gpu_bytes"]["overhead"] == 2 * 10**9
    )
