"""Shared setup for the acceptance-kit tests: recorded tool outputs, the probe's modules, plans."""

import os
from pathlib import Path

import pytest

from gpudesk.core.kit import probe


@pytest.fixture(scope="session")
def parsers():
    return probe.module("parsers")


@pytest.fixture(scope="session")
def hp():
    return probe.module("host_parsers")


@pytest.fixture(scope="session")
def judge():
    return probe.judge()


def _plan(tmp: Path, name: str, *args: str):
    from gpudesk.cli import run_cli
    from gpudesk.core.plan import load_plan

    path = tmp / f"{name}.gpudesk"
    assert run_cli(["plan", "new", *args, "-o", str(path)]) == 0
    return load_plan(path)


@pytest.fixture(scope="session")
def plans(tmp_path_factory):
    """Plans made as a user would (`gpudesk plan new`), once per session: 13B on 4× A100 SXM (NVSwitch),
    GPT-2 on one RTX 4090, 13B on 16× A100 (2 nodes), 7B LoRA on 8× RTX 4090 (PCIe)."""
    tmp = tmp_path_factory.mktemp("kit-plans")
    old = os.environ.get("GPUDESK_HOME")
    os.environ["GPUDESK_HOME"] = str(tmp / "home")
    try:
        yield {
            # DeepSpeed: TP4 as these plans were made (the default Hugging Face stack has no tensor parallelism;
            # DeepSpeed's profile has its speed and model states)
            "a100x4": _plan(
                tmp,
                "a100x4",
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
                "--title",
                "13B on 4× A100",
                "--framework",
                "deepspeed",
            ),
            "rtx4090x1": _plan(
                tmp,
                "rtx4090x1",
                "--model",
                "gpt2",
                "--task",
                "full",
                "--tokens",
                "1e9",
                "--gpu",
                "rtx-4090",
                "--gpus",
                "1",
            ),
            "a100x16": _plan(
                tmp,
                "a100x16",
                "--model",
                "llama-2-13b",
                "--task",
                "full",
                "--tokens",
                "2e10",
                "--gpu",
                "a100-sxm-80gb",
                "--gpus",
                "16",
            ),
            "rtx4090x8": _plan(
                tmp,
                "rtx4090x8",
                "--model",
                "llama-2-7b",
                "--task",
                "lora",
                "--tokens",
                "1e9",
                "--gpu",
                "rtx-4090",
                "--gpus",
                "8",
            ),
        }
    finally:
        if old is None:
            os.environ.pop("GPUDESK_HOME", None)
        else:
            os.environ["GPUDESK_HOME"] = old
