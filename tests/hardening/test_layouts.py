"""Impossible parallel layouts are refused by core (CLI, GUI and recommender share the rule)."""

import pytest

from gpudesk.catalog import open_catalog
from gpudesk.core.engine.architecture import from_config_file
from gpudesk.core.engine.layout_rules import check_layout, pp_problem, tp_problem
from gpudesk.core.engine.memory import memory_estimate
from gpudesk.core.models import Job, Layout
from gpudesk.core.search.candidates import degrees
from gpudesk.errors import GpudeskError

from .helpers import FIX, refused


@pytest.mark.parametrize(
    "args",
    [
        ["--gpus", "64", "--tp", "64"],
        ["--gpus", "64", "--pp", "64"],
        ["--gpus", "3", "--tp", "3"],
        ["--gpus", "5", "--tp", "5"],
        ["--gpus", "6", "--tp", "4"],
        ["--gpus", "12", "--tp", "2", "--pp", "4"],
    ],
)
def test_cli_refuses(capsys, args):
    err = refused(capsys, "estimate", "--model", "llama-2-7b", *args)
    assert "impossible layout" in err


def test_rules():
    llama = open_catalog().model("llama-2-7b")  # 32 heads, 32 KV heads, 32 layers
    assert tp_problem(llama, 8) is None and tp_problem(llama, 3) and tp_problem(llama, 64)
    assert pp_problem(llama, 32) is None and pp_problem(llama, 33)
    gqa = open_catalog().model("llama-2-70b")  # 64 heads, 8 KV heads: tp 16 replicates each KV head twice
    assert tp_problem(gqa, 16) is None and tp_problem(gqa, 8) is None
    with pytest.raises(GpudeskError, match="does not divide"):
        check_layout(Layout(gpus=6, tp=4))


def test_estimators_refuse_too():
    """The GUI's hand-set layouts go straight to the estimators: they check on their own."""
    job = Job(model=open_catalog().model("llama-2-7b"))
    with pytest.raises(GpudeskError, match="attention heads"):
        memory_estimate(job, Layout(gpus=3, tp=3), 80 * 10**9)


def test_recommender_degrees_follow_the_same_rule():
    job = Job(model=from_config_file(FIX / "falcon-7b.json"))  # 71 heads: no tensor parallelism at all
    tps, _pps, _, _ = degrees(job, 8, 8)
    assert tps == (1,)
