"""The CLI speaks one language at a time (issue 12 "Chinese throughout", issue 18 hardening): argparse's own
words, our error frame and our messages all in zh_CN, or all in English; close matches put ids that start with
what was typed first; counts take the sizes people write (7B, 1.5T)."""

import pytest

from gpudesk.cli import build_parser
from gpudesk.core.i18n import use_language
from gpudesk.core.parse import scaled_count, suggest
from tests.hardening.helpers import cli, english_words


@pytest.fixture
def zh(monkeypatch):
    """A Chinese system locale, as a purchaser's machine has (the CLI reads the language from the environment)."""
    from gpudesk.core import i18n

    monkeypatch.setenv("GPUDESK_LANG", "zh_CN")
    i18n.set_language(None)


def test_range_error_fully_chinese(capsys, zh):
    rc, out, err = cli(capsys, "estimate", "--model", "llama-2-7b", "--task", "full", "--micro-batch", "-3")
    assert rc == 2
    assert (
        err.strip()
        == "gpudesk estimate：错误：参数 --micro-batch：-3：超出范围（允许：不小于 1，不大于 65,536 的整数）"
    )


def test_range_error_fully_english(capsys):
    rc, out, err = cli(capsys, "estimate", "--model", "llama-2-7b", "--micro-batch", "-3")
    assert rc == 2
    assert err.strip() == (
        "gpudesk estimate: error: argument --micro-batch: -3: out of range (allowed: from 1 to 65,536, a whole number)"
    )


@pytest.mark.parametrize(
    "argv, zh_text, en_text",
    [
        (
            ["estimate", "--model", "gpt2", "--task", "fulll"],
            "无效的选项值 'fulll'（可选：'pretrain'",
            "invalid choice: 'fulll' (choose from 'pretrain'",
        ),
        (
            ["plan", "new", "--model", "gpt2"],
            "缺少必需的参数：-o/--output",
            "the following arguments are required: -o/--output",
        ),
        (["estimate", "--model", "gpt2", "--bogus"], "无法识别的参数：--bogus", "unrecognized arguments: --bogus"),
        (["estimate", "--model", "gpt2", "--tp"], "参数 --tp：需要一个值", "argument --tp: expected one argument"),
        (
            ["estimate", "--model", "gpt2", "--params", "7e9"],
            "参数 --params：不能与参数 --model 同时使用",
            "argument --params: not allowed with argument --model",
        ),
        (
            ["estimate", "--model", "gpt2", "--zero", "x"],
            "参数 --zero：无效的值：'x'",
            "argument --zero: invalid int value: 'x'",
        ),
        (
            ["estimate", "--gpu", "a100", "--model", "gpt2"],
            "未知的 GPU 'a100'；相近的有：",
            "unknown GPU 'a100'; close matches: ",
        ),
        (["estimate", "--model", "gpt2", "--gpu", ""], "--gpu：GPU id 为空", "--gpu: an empty GPU id"),
        (["estimate"], "请给出模型：--model ID", "give the model: --model ID"),
        (
            ["plan", "new", "--model", "gpt2", "-o", "x.pdf"],
            "x.pdf：方案文件的扩展名应为 .gpudesk",
            "x.pdf: plan files end in .gpudesk",
        ),
        (
            ["plan", "new", "--model", "gpt2", "--offer", "o1", "-o", "x.gpudesk"],
            "--offer 需要同时给出 --gpu（该报价所租的显卡）",
            "--offer needs --gpu (the GPU the offer rents)",
        ),
        (
            ["catalog", "show", "nothing-like-this"],
            "资源目录中没有 id 为 'nothing-like-this' 的条目",
            "nothing in the catalogue has id 'nothing-like-this'",
        ),
    ],
)
def test_argparse_and_our_messages_in_one_language(capsys, monkeypatch, argv, zh_text, en_text):
    from gpudesk.core import i18n

    rc, out, err = cli(capsys, *argv)
    assert rc == 2 and en_text in err and ": error: " in err, err
    assert not any("\u4e00" <= c <= "\u9fff" for c in err), err  # no Chinese in the English message
    monkeypatch.setenv("GPUDESK_LANG", "zh_CN")
    i18n.set_language(None)
    rc, out, err = cli(capsys, *argv)
    assert rc == 2 and zh_text in err and "：错误：" in err, err
    assert not english_words(err), (english_words(err), err)


def test_lang_option_decides_before_parsing(capsys, zh):
    """`--lang en` on the command line wins over the system's Chinese, even for argparse's refusal."""
    rc, out, err = cli(capsys, "estimate", "--model", "gpt2", "--micro-batch", "0", "--lang", "en")
    assert rc == 2 and err.startswith("gpudesk estimate: error: argument --micro-batch: 0: out of range"), err
    rc, out, err = cli(capsys, "estimate", "--model", "gpt2", "--micro-batch", "0", "--lang=zh_CN")
    assert err.startswith("gpudesk estimate：错误：参数 --micro-batch"), err


@pytest.mark.parametrize(
    "argv",
    [
        [],
        ["estimate"],
        ["recommend"],
        ["catalog"],
        ["plan"],
        ["plan", "new"],
        ["plan", "show"],
        ["checklist"],
        ["quote"],
        ["quote", "add"],
        ["report"],
        ["kit"],
        ["kit", "import"],
    ],
)
def test_help_of_every_command_in_chinese(capsys, zh, argv):
    """argparse's words, option group titles and the command list are Chinese; option descriptions stay English
    (README "Languages")."""
    rc, out, err = cli(capsys, *argv, "--help")
    assert rc == 0, err
    assert out.startswith("用法：gpudesk"), out[:80]
    assert "选项:" in out and "显示本帮助并退出" in out
    for english in ("usage:", "options:", "show this help message", "positional arguments"):
        assert english not in out


def test_help_titles_and_command_list(capsys, zh):
    rc, out, _ = cli(capsys, "--help")
    assert "为 AI 训练规划 GPU 服务器租用（离线）。" in out and "把方案导出为 PDF，供管理层签批" in out
    rc, out, _ = cli(capsys, "estimate", "--help")
    for title in ("模型:", "任务:", "硬件与并行布局:", "估算单卡显存、训练时间和费用"):
        assert title in out
    rc, out, _ = cli(capsys, "report", "--help")
    assert "把方案文件写成 A4 PDF" in out


def test_help_in_english_has_no_chinese(capsys):
    rc, out, _ = cli(capsys, "estimate", "--help")
    assert out.startswith("usage: gpudesk estimate") and "hardware and layout:" in out
    assert not any("\u4e00" <= c <= "\u9fff" for c in out)


def test_build_parser_follows_the_language():
    with use_language("zh_CN"):
        assert "为 AI 训练规划" in build_parser().format_help()
    assert "Plan GPU server rentals" in build_parser().format_help()


# --- close matches (X3) -----------------------------------------------------------------------------------


def test_suggest_puts_prefix_matches_first():
    known = ["a10", "a30", "a40", "a100-pcie-40gb", "a100-sxm-80gb", "h20", "h100-sxm-80gb", "h100-pcie-80gb"]
    assert suggest("a100", known)[:3] == ["a100-sxm-80gb", "a100-pcie-40gb", "a10"]  # then difflib's
    assert suggest("h10", known)[:2] == ["h100-sxm-80gb", "h100-pcie-80gb"]
    assert suggest("A100 SXM", known)[0] == "a100-sxm-80gb"  # case and punctuation ignored
    assert suggest("sxm", known) == ["a100-sxm-80gb", "h100-sxm-80gb"]  # contained, when nothing starts with it
    assert suggest("", known) == [] and suggest("zzzz", known) == []


def test_unknown_gpu_suggests_the_a100s(capsys):
    rc, out, err = cli(capsys, "estimate", "--gpu", "a100", "--model", "gpt2")
    hint = err.split("close matches: ")[1].split(", ")
    assert rc == 2 and len(hint) == 4 and all(h.startswith("a100-") for h in hint), err


def test_gpu_allow_suggests_h100_before_h20(capsys):
    rc, out, err = cli(capsys, "recommend", "--model", "gpt2", "--gpu-allow", "h10")
    hint = err.split("close matches: ")[1].strip().split(", ")
    assert rc == 2 and hint[0].startswith("h100-") and hint.index("h20") > 0, err


def test_unknown_model_and_provider_use_the_same_rule(capsys):
    rc, out, err = cli(capsys, "estimate", "--model", "qwen2.5")
    assert rc == 2 and err.split("close matches: ")[1].startswith("qwen2.5-"), err
    rc, out, err = cli(capsys, "catalog", "show", "h20")  # an exact id is found, not suggested
    assert rc == 0, err


# --- sizes (X4) ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, value",
    [
        ("7b", 7e9),
        ("7B", 7e9),
        ("1.5B", 1.5e9),
        ("70B", 70e9),
        ("671B", 671e9),
        ("350M", 350e6),
        ("1.2T", 1.2e12),
        ("7e9", 7e9),
        ("20k", 2e4),
        ("70亿", 7e9),
        ("1,000M", 1e9),
        ("７Ｂ", 7e9),
        ("2 B", 2e9),
    ],
)
def test_size_reads_what_people_write(text, value):
    assert scaled_count(text) == pytest.approx(value, rel=1e-12)


@pytest.mark.parametrize("text", ["7bb", "b7", "inf", "nan", "7 billion", "", "1e400", "7G", "0x10", "1,5B"])
def test_size_refuses_the_rest(text):
    with pytest.raises(ValueError):
        scaled_count(text)


def test_params_7b_is_7e9(capsys):
    a = cli(capsys, "estimate", "--params", "7b", "--json")
    b = cli(capsys, "estimate", "--params", "7e9", "--json")
    assert a[0] == 0 and a[1] == b[1]
    assert '"total": 7000000000' in a[1]


def test_tokens_in_sizes(capsys):
    import json

    rc, out, err = cli(capsys, "estimate", "--model", "gpt2", "--tokens", "2B", "--json")
    assert rc == 0, err
    two_b = json.loads(out)["time"]["hours"]
    rc, out, err = cli(capsys, "estimate", "--model", "gpt2", "--tokens", "2e9", "--json")
    assert json.loads(out)["time"]["hours"] == two_b
    rc, out, err = cli(capsys, "estimate", "--model", "gpt2", "--tokens", "1.5T", "--json")
    assert rc == 0 and json.loads(out)["time"]["hours"] == pytest.approx(two_b * 750, rel=1e-9)


@pytest.mark.parametrize(
    "argv, shown",
    [
        (["--params", "200T"], "200T"),
        (["--params", "50K"], "50K"),
        (["--model", "gpt2", "--tokens", "20000T"], "20000T"),
    ],
)
def test_sizes_keep_the_documented_range(capsys, argv, shown):
    rc, out, err = cli(capsys, "estimate", *argv)
    assert rc == 2 and f"{shown}: out of range (allowed: " in err, err


def test_a_size_on_a_plain_count_option_is_refused(capsys):
    rc, out, err = cli(capsys, "estimate", "--model", "gpt2", "--micro-batch", "2k")
    assert rc == 2 and "'2k' is not a number" in err, err


def test_refusals_about_a_plan_file_in_one_language(capsys, monkeypatch, tmp_path):
    """A plan from a newer gpudesk, a checklist option without --set, a malformed --set, an unknown status: each
    refusal worded wholly in the reader's language (they were English in the Chinese CLI)."""
    from gpudesk.core import i18n

    newer = tmp_path / "newer.gpudesk"
    newer.write_text('{"format": "gpudesk-plan", "version": 99}', encoding="utf-8")
    plan = tmp_path / "p.gpudesk"
    assert cli(capsys, "plan", "new", "--model", "gpt2", "--tokens", "1e8", "-o", str(plan))[0] == 0
    cases = [
        (
            ["plan", "show", str(newer)],
            "由更新版本的 gpudesk 保存（方案格式版本 99；本版本最高可读",
            "written by a newer gpudesk",
        ),
        (["checklist", str(plan), "--note", "x"], "需与 --set ID=状态 一起使用", "go with --set ID=STATUS"),
        (
            ["checklist", str(plan), "--set", "foo"],
            "--set 的格式为 ID=状态（例如 'driver-branch=pass'），实际为 'foo'",
            "--set wants ID=STATUS",
        ),
        (
            ["checklist", str(plan), "--set", "driver-branch=zzz"],
            "未知状态 'zzz'；可用状态：'open'、'pass'",
            "unknown status 'zzz'",
        ),
    ]
    for argv, _zh, en_text in cases:
        rc, out, err = cli(capsys, *argv)
        assert rc == 2 and en_text in err and not any("\u4e00" <= c <= "\u9fff" for c in err), err
    monkeypatch.setenv("GPUDESK_LANG", "zh_CN")
    i18n.set_language(None)
    for argv, zh_text, _en in cases:
        rc, out, err = cli(capsys, *argv)
        assert rc == 2 and zh_text in err and "：错误：" in err, err
        assert not english_words(err), (english_words(err), err)
