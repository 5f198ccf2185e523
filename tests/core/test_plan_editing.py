"""What the GUI asks of core when a plan is edited: alternatives, the title rule, a hand-set layout,
checklist progress (n/a is not done)."""

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from _plan_samples import small_plan  # noqa: E402

from gpudesk.core import plan as plan_mod  # noqa: E402
from gpudesk.core.i18n import use_language  # noqa: E402
from gpudesk.core.models import Constraints, Job  # noqa: E402
from gpudesk.core.plan.checklist import progress, set_status, tailor  # noqa: E402
from gpudesk.errors import GpudeskError  # noqa: E402
from tests.ui.fakes import option  # noqa: E402


@pytest.fixture(scope="module")
def catalog():
    from gpudesk.catalog import open_catalog

    return open_catalog()


@pytest.fixture(scope="module")
def job(catalog):
    preset = next(m for m in catalog.models() if m.id == "llama-2-7b")
    return Job(model=preset.arch.model_copy(update={"id": preset.id}), tokens=1e9)


def test_alternatives_include_other_gpu_types_first():
    h = [option(gpus=n, rank=i, offer=f"h{n}") for i, n in enumerate((4, 8, 16, 24, 32, 48), 1)]
    a100 = option(gpu="a100", name="A100", gpus=8, rank=7, offer="a8")
    l40s = option(gpu="l40s", name="L40S", gpus=8, rank=8, offer="l8")
    alts = plan_mod.pick_alternatives([*h, a100, l40s], h[0], keep=5)
    assert [(o.gpu, o.gpus) for o in alts] == [
        ("h100-sxm-80gb", 8),
        ("h100-sxm-80gb", 16),
        ("h100-sxm-80gb", 24),
        ("a100", 8),
        ("l40s", 8),
    ]
    assert plan_mod.pick_alternatives([h[0]], h[0]) == []


def test_the_title_is_default_in_either_language(job):
    choice = option(gpus=4)
    plan = plan_mod.Plan(job=job, choice=choice)
    assert plan_mod.title_is_default(plan)  # no title yet
    with use_language("zh_CN"):
        plan.title = plan_mod.default_title(job, choice)
    assert plan.title == "Llama 2 7B 全参数训练：4× H100 SXM 80GB"
    assert plan_mod.title_is_default(plan)
    plan.title = "Legal-text model, phase 1"
    assert not plan_mod.title_is_default(plan)
    plan_mod.apply_choice(plan, option(gpus=8), [], follow_title=True)
    assert plan.title == "Llama 2 7B full fine-tuning on 8× H100 SXM 80GB"


def test_a_hand_set_layout_is_evaluated_exactly(job, catalog):
    # 8× A100 80GB, TP 2 × DP 4 with ZeRO-1: the layout asked for, not the search's best (on DeepSpeed: the
    # default Hugging Face stack has no tensor parallelism, and says so)
    m = plan_mod.ManualChoice(gpu="a100-sxm-80gb", gpus=8, tp=2, zero=1, micro_batch=2)
    with pytest.raises(GpudeskError, match="does not support tensor parallelism"):
        plan_mod.evaluate_manual(job, catalog, m)
    o = plan_mod.evaluate_manual(job.model_copy(update={"framework": "deepspeed"}), catalog, m)
    lay = o.layout
    assert (lay.tp, lay.pp, lay.dp, lay.zero, lay.micro_batch) == (2, 1, 4, 1, 2) and o.memory.fits
    # one A100 cannot hold a 7B full fine-tune (16 bytes/parameter of model states alone > 80 GB)
    o = plan_mod.evaluate_manual(job, catalog, plan_mod.ManualChoice(gpu="a100-sxm-80gb", gpus=1))
    assert not o.memory.fits and any(a.id == "does-not-fit" for a in o.advice)
    assert plan_mod.manual_from(o).gpus == 1


@pytest.mark.parametrize(
    "manual, reason",
    [
        (dict(gpus=8, tp=3), "do not split"),
        (dict(gpus=6, tp=3), "must divide the 32 attention heads"),
        (dict(gpus=16, pp=2, zero=2), "does not combine with ZeRO-2/3"),
        (dict(gpus=8, zero=1, offload="optimizer"), "needs ZeRO stage 2"),
    ],
)
def test_a_hand_set_layout_that_cannot_run_says_why(job, catalog, manual, reason):
    with pytest.raises(GpudeskError, match=reason):
        plan_mod.evaluate_manual(job, catalog, plan_mod.ManualChoice(gpu="a100-sxm-80gb", **manual), Constraints())


def test_progress_never_counts_not_applicable_as_done():
    plan = small_plan()
    items = tailor(plan, "en")
    prog = progress(items)
    skipped = sum(1 for i in items if not i.applicable)
    assert skipped > 0  # a single-GPU plan skips the multi-GPU checks
    assert sum(p["done"] for p in prog.values()) == 0  # a fresh plan has nothing done
    assert sum(p["to_check"] for p in prog.values()) == len(items) - skipped
    first = next(i for i in items if i.applicable)
    set_status(plan, first.id, "n/a")
    prog = progress(tailor(plan, "en"))
    assert sum(p["done"] for p in prog.values()) == 0  # marking n/a takes it out, it does not do it
    assert sum(p["to_check"] for p in prog.values()) == len(items) - skipped - 1


def test_approvers_sign_in_the_plan_order():
    from gpudesk.core.report.signoff import _sign_roles

    with use_language("en"):
        roles = _sign_roles("Wang Fang", ["Li Wei", "Zhao Min", "Chen Jun"])
    assert [(r.role, r.name) for r in roles] == [
        ("Prepared by", "Wang Fang"),
        ("Reviewed by", "Li Wei"),
        ("Reviewed by", "Zhao Min"),
        ("Approved by", "Chen Jun"),
    ]
    assert len(_sign_roles("", [])) == 3  # blank lines to sign by hand
