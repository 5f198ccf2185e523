"""`gpudesk plan new` / `plan show`: the headless plan files."""

import json
import re
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parents[1] / "core"))
from _plan_samples import big_plan  # noqa: E402

from gpudesk.cli import run_cli  # noqa: E402
from gpudesk.core.plan import load_plan, plan_hash, save_plan  # noqa: E402

FIX = Path(__file__).parents[1] / "core" / "fixtures"


def test_show_json_and_text(tmp_path, capsys):
    path = save_plan(big_plan(), tmp_path / "p.gpudesk")
    assert run_cli(["plan", "show", str(path), "--json"]) == 0
    j = json.loads(capsys.readouterr().out)
    assert j["file"] == str(path.resolve()) and j["hash"] == plan_hash(load_plan(path))
    assert j["choice"]["gpus"] == 4 and j["choice"]["interconnect"].startswith("NVSwitch")
    assert j["plan"]["format"] == "gpudesk-plan" and j["plan"]["job"]["model"]["hidden_size"] == 5120
    assert j["checklist"]["delivery"]["open"] > 0
    assert run_cli(["plan", "show", str(path), "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert "4× NVIDIA A100 80GB SXM" in out and "TP 1 · PP 1 · DP 4 · ZeRO 2" in out and "Checklist:" in out


def test_show_damaged_file(tmp_path, capsys):
    bad = tmp_path / "x.gpudesk"
    bad.write_text(json.dumps({"format": "gpudesk-plan", "version": 7}))
    assert run_cli(["plan", "show", str(bad)]) == 2
    err = capsys.readouterr().err
    assert "newer gpudesk" in err and "Traceback" not in err


def _needs_engine():
    pytest.importorskip("gpudesk.cli.job_options")
    try:
        from gpudesk.catalog import open_catalog

        open_catalog().gpu("a100-sxm-80gb")
        open_catalog().gpu("rtx-4090")
    except Exception as exc:  # noqa: BLE001
        pytest.skip(f"catalogue not usable here: {exc}")


def test_new_keeps_the_named_configuration(tmp_path, capsys):
    _needs_engine()
    out = tmp_path / "big.gpudesk"
    assert (
        run_cli(
            [
                "plan",
                "new",
                "--model-config",
                str(FIX / "llama-2-13b.json"),
                "--task",
                "full",
                "--gpu",
                "a100-sxm-80gb",
                "--gpus",
                "4",
                "--title",
                "13B",
                "--author",
                "Li",
                "--organisation",
                "Lab",
                "-o",
                str(out),
                "--json",
            ]
        )
        == 0
    )
    j = json.loads(capsys.readouterr().out)
    plan = load_plan(out)
    assert (plan.choice.gpu, plan.choice.gpus) == ("a100-sxm-80gb", 4)
    assert (plan.title, plan.author, plan.organisation) == ("13B", "Li", "Lab")
    assert plan.job.model.hidden_size == 5120 and plan.hardware.gpu.id == "a100-sxm-80gb"
    assert j["choice"]["gpus"] == 4 and j["file"] == str(out.resolve())
    assert plan.catalog.content_hash  # which catalogue the figures came from
    assert all((o.gpu, o.gpus, o.offer) != (plan.choice.gpu, 4, plan.choice.offer) for o in plan.alternatives)


def test_new_single_4090_and_the_checklist(tmp_path, capsys):
    _needs_engine()
    out = tmp_path / "small.gpudesk"
    assert (
        run_cli(
            [
                "plan",
                "new",
                "--model-config",
                str(FIX / "gpt2.json"),
                "--task",
                "full",
                "--gpu",
                "rtx-4090",
                "--gpus",
                "1",
                "-o",
                str(out),
            ]
        )
        == 0
    )
    assert "1× NVIDIA GeForce RTX 4090" in capsys.readouterr().out
    plan = load_plan(out)
    assert (plan.choice.gpu, plan.choice.gpus) == ("rtx-4090", 1)
    assert run_cli(["checklist", str(out), "--json"]) == 0
    items = json.loads(capsys.readouterr().out)["items"]
    live = [i for i in items if i["status"] != "n/a"]
    assert not [i["id"] for i in live if "nvlink" in json.dumps(i).lower() or "all_reduce" in json.dumps(i).lower()]


def test_new_without_gpu_takes_the_top_option(tmp_path, capsys):
    _needs_engine()
    out = tmp_path / "top.gpudesk"
    assert (
        run_cli(["plan", "new", "--model-config", str(FIX / "gpt2.json"), "--task", "full", "-o", str(out), "--json"])
        == 0
    )
    j = json.loads(capsys.readouterr().out)
    plan = load_plan(out)
    assert plan.choice is not None and plan.choice.rank == 1
    assert j["choice"]["gpu"] == plan.choice.gpu


def test_new_rejects_a_wrong_suffix_and_unknown_gpu(tmp_path, capsys):
    _needs_engine()
    assert run_cli(["plan", "new", "--model-config", str(FIX / "gpt2.json"), "-o", str(tmp_path / "x.json")]) == 2
    assert ".gpudesk" in capsys.readouterr().err
    assert (
        run_cli(
            [
                "plan",
                "new",
                "--model-config",
                str(FIX / "gpt2.json"),
                "--gpu",
                "a100-sxm-80gbx",
                "-o",
                str(tmp_path / "x.gpudesk"),
            ]
        )
        == 2
    )
    err = capsys.readouterr().err
    assert "a100" in err and "Traceback" not in err
    assert not (tmp_path / "x.gpudesk").exists()


def test_new_with_an_impossible_budget_says_so(tmp_path, capsys):
    _needs_engine()
    out = tmp_path / "b.gpudesk"
    assert (
        run_cli(
            [
                "plan",
                "new",
                "--model-config",
                str(FIX / "llama-2-13b.json"),
                "--task",
                "full",
                "--tokens",
                "1e10",
                "--budget",
                "1",
                "-o",
                str(out),
            ]
        )
        == 2
    )
    err = capsys.readouterr().err
    assert "budget" in err and "Traceback" not in err and not out.exists()


def test_plan_new_words_the_choice_in_both_languages(tmp_path):
    """The plan stores its choice's advice in English and Chinese (the printed plan reads it in either)."""
    out = tmp_path / "70b.gpudesk"
    assert (
        run_cli(
            [
                "plan",
                "new",
                "--model",
                "llama-2-70b",
                "--task",
                "full",
                "--tokens",
                "1e10",
                "--gpu",
                "h100-sxm-80gb",
                "--gpus",
                "16",
                "--lang",
                "en",
                "-o",
                str(out),
            ]
        )
        == 0
    )
    plan = load_plan(out)
    offload = next(a for a in plan.choice.advice if a.id == "offload-slow")
    assert offload.params == {"what": {"kind": "msg", "id": "offload-slow/optimizer", "params": {}}}
    assert offload.render("en").startswith("Fits only by offloading optimizer states to CPU memory")
    assert offload.render("zh_CN").startswith("仅靠把优化器状态卸载到 CPU 内存才能放下")
    stored = json.loads(out.read_text(encoding="utf-8"))
    assert "wording" not in stored and all("message" not in a for a in stored["choice"]["advice"])


def test_new_keeps_the_named_layout(tmp_path, capsys):
    """P1: --tp/--pp/--zero/--offload are the plan's layout, never silently replaced by the search's."""
    _needs_engine()
    out = tmp_path / "tp2.gpudesk"
    # tensor parallelism needs a framework that does it (the default for full fine-tuning, Hugging Face, does not)
    assert (
        run_cli(
            [
                "plan",
                "new",
                "--model",
                "llama-2-13b",
                "--task",
                "full",
                "--tokens",
                "2e9",
                "--gpu",
                "h100-sxm-80gb",
                "--gpus",
                "8",
                "--zero",
                "3",
                "--tp",
                "2",
                "-o",
                str(out),
            ]
        )
        == 2
    )
    assert "does not support tensor parallelism" in capsys.readouterr().err and not out.exists()
    assert (
        run_cli(
            [
                "plan",
                "new",
                "--model",
                "llama-2-13b",
                "--task",
                "full",
                "--tokens",
                "2e9",
                "--gpu",
                "h100-sxm-80gb",
                "--gpus",
                "8",
                "--zero",
                "3",
                "--tp",
                "2",
                "--framework",
                "deepspeed",
                "-o",
                str(out),
            ]
        )
        == 0
    )
    lay = load_plan(out).choice.layout
    assert (lay.tp, lay.pp, lay.dp, lay.zero, str(lay.offload)) == (2, 1, 4, 3, "none")
    assert load_plan(out).manual is not None and load_plan(out).manual.tp == 2
    capsys.readouterr()
    # 70B full on one 24 GB card without offload: kept as named, marked as not fitting, and said so
    nofit = tmp_path / "nofit.gpudesk"
    assert (
        run_cli(
            [
                "plan",
                "new",
                "--model",
                "llama-2-70b",
                "--task",
                "full",
                "--tokens",
                "1e9",
                "--gpu",
                "rtx-3090",
                "--gpus",
                "1",
                "--offload",
                "none",
                "--lang",
                "en",
                "-o",
                str(nofit),
            ]
        )
        == 0
    )
    plan = load_plan(nofit)
    assert str(plan.choice.layout.offload) == "none" and plan.choice.layout.zero == 0
    assert plan.choice.memory.fits is False
    assert "does not fit" in capsys.readouterr().err


def test_new_layout_without_gpu_is_refused(tmp_path, capsys):
    _needs_engine()
    out = tmp_path / "x.gpudesk"
    assert (
        run_cli(
            ["plan", "new", "--model", "llama-2-13b", "--task", "full", "--tp", "2", "--lang", "en", "-o", str(out)]
        )
        == 2
    )
    err = capsys.readouterr().err
    assert "--tp" in err and "--gpu" in err and not out.exists()


def test_new_without_tokens_warns(tmp_path, capsys):
    """P6: a training plan without --tokens is written, with a warning that time and cost are unknown."""
    _needs_engine()
    out = tmp_path / "s.gpudesk"
    assert (
        run_cli(
            [
                "plan",
                "new",
                "--model",
                "llama-2-13b",
                "--gpu",
                "rtx-4090",
                "--gpus",
                "1",
                "--lang",
                "zh_CN",
                "-o",
                str(out),
            ]
        )
        == 0
    )
    assert "未给出 --tokens" in capsys.readouterr().err and out.exists()


def test_show_in_chinese_says_what_the_plan_holds(tmp_path, capsys):
    """P3/P5/Z3: a plan made in English shows in Chinese with its automatic title, the custom model's name and
    the token count in Chinese, the catalogue price as 参考价格 (not 报价), the budget and the host to order."""
    _needs_engine()
    out = tmp_path / "pt.gpudesk"
    assert (
        run_cli(
            ["plan", "new", "--params", "1e9", "--task", "pretrain", "--tokens", "5e10", "--lang", "en", "-o", str(out)]
        )
        == 0
    )
    capsys.readouterr()
    assert load_plan(out).title.startswith("1B-parameter model pre-training on")
    assert run_cli(["plan", "show", str(out), "--lang", "zh_CN"]) == 0
    text = capsys.readouterr().out
    assert text.splitlines()[0].startswith("10 亿参数模型 预训练：") and "500 亿个 token" in text
    assert "参考价格：市场参考估算价（尚无服务商）" in text and "  报价：" not in text
    # 8× H800 for the cost of one H800 eight times as long (the shorter run at equal cost): a multi-GPU host
    assert "预算：¥" in text and "每节点主机：内存 256 GiB" in text and "AMD EPYC 或 Intel Xeon" in text
    assert "n/a" not in text and "1B-parameter" not in text
    # Chinese punctuation after Chinese words throughout (no ASCII colon or comma after a label)
    assert not re.search(r"[\u4e00-\u9fff][:,] ", text), re.findall(r".{8}[\u4e00-\u9fff][:,] .{8}", text)


def test_a_named_configuration_is_still_compared_with_other_gpu_types(tmp_path, capsys):
    """Seen in the PDF of `plan new --gpu a100-sxm-80gb --gpus 8`: every alternative was an A100 (the
    search had been narrowed to the named GPU) and two rows read the same ("4× A100 · ¥3,517" twice,
    one provider's 4- and 8-GPU offers); the Options tab said "1 GPU type" with no field to widen it."""
    _needs_engine()
    from gpudesk.core.search.options_view import display_key

    out = tmp_path / "13b.gpudesk"
    assert (
        run_cli(
            [
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
                "8",
                "-o",
                str(out),
            ]
        )
        == 0
    )
    capsys.readouterr()
    plan = load_plan(out)
    assert (plan.choice.gpu, plan.choice.gpus) == ("a100-sxm-80gb", 8)  # kept exactly
    assert plan.constraints.gpu_allow == []
    assert len({o.gpu for o in plan.alternatives} - {"a100-sxm-80gb"}) >= 3
    keys = [display_key(o) for o in [plan.choice, *plan.alternatives]]
    assert len(keys) == len(set(keys))
    # --gpu-allow still narrows on purpose
    assert (
        run_cli(
            [
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
                "8",
                "--gpu-allow",
                "a100-sxm-80gb",
                "-o",
                str(tmp_path / "only.gpudesk"),
            ]
        )
        == 0
    )
    assert {o.gpu for o in load_plan(tmp_path / "only.gpudesk").alternatives} == {"a100-sxm-80gb"}
