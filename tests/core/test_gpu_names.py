"""The GPU of an option, a quote or a choice reads in the reader's language (catalogue `name_zh`): seen in
the zh UI and PDF, domestic cards (昇腾, 海光, 昆仑芯) were printed with their English catalogue name."""

from __future__ import annotations

import json
from pathlib import Path

from gpudesk.core import units
from gpudesk.core.i18n import use_language

FIXTURES = Path(__file__).resolve().parent / "fixtures"


def test_gpu_name_picks_the_language_and_falls_back():
    row = {"gpu": "ascend-910b4", "gpu_name": "Huawei Ascend 910B4", "gpu_name_zh": "华为昇腾 910B4"}
    with use_language("zh_CN"):
        assert units.gpu_name(row) == "华为昇腾 910B4"
        assert units.gpu_name({"gpu": "a100", "gpu_name": "NVIDIA A100"}) == "NVIDIA A100"  # no Chinese name
        assert units.gpu_name({"gpu": "a100", "gpu_name": ""}) == "a100"  # no name at all: the id
    with use_language("en"):
        assert units.gpu_name(row) == "Huawei Ascend 910B4"


def test_search_options_carry_the_catalogue_chinese_name(capsys):
    from gpudesk.cli import run_cli

    code = run_cli(
        [
            "recommend",
            "--model-config",
            str(FIXTURES / "gpt2.json"),
            "--task",
            "full",
            "--gpu-allow",
            "ascend-910b4",
            "--top",
            "2",
            "--json",
        ]
    )
    out, err = capsys.readouterr()
    assert code == 0, err
    o = json.loads(out)["options"][0]
    assert (o["gpu"], o["gpu_name"], o["gpu_name_zh"]) == ("ascend-910b4", "Huawei Ascend 910B4", "华为昇腾 910B4")


def test_plan_show_names_the_domestic_card_in_chinese(tmp_path, capsys):
    from gpudesk.cli import run_cli

    path = tmp_path / "p.gpudesk"
    assert (
        run_cli(
            [
                "plan",
                "new",
                "--model-config",
                str(FIXTURES / "gpt2.json"),
                "--task",
                "full",
                "--gpu",
                "ascend-910b4",
                "--gpus",
                "8",
                "-o",
                str(path),
            ]
        )
        == 0
    )
    capsys.readouterr()
    assert run_cli(["plan", "show", str(path), "--lang", "zh_CN"]) == 0
    zh = capsys.readouterr().out
    assert "8× 华为昇腾 910B4" in zh and "Huawei Ascend" not in zh
    assert run_cli(["plan", "show", str(path), "--lang", "en"]) == 0
    assert "8× Huawei Ascend 910B4" in capsys.readouterr().out
