"""The guide's tiers: entry (one card), advanced (up to 4 linked cards, or more PCIe ones), flagship (a full
NVLink node of training cards), multi-node; the class of card and the job count too."""

import pytest

from gpudesk.core.i18n import use_language
from gpudesk.core.models import Tier
from gpudesk.core.search.tiers import TIER_PRESETS, tier_for, tier_label


@pytest.mark.parametrize(
    "gpus, nodes, tier",
    [
        (1, 1, Tier.ENTRY),
        (2, 1, Tier.ADVANCED),
        (4, 1, Tier.ADVANCED),
        (8, 1, Tier.FLAGSHIP),
        (16, 2, Tier.MULTI_NODE),
        (1024, 128, Tier.MULTI_NODE),
    ],
)
def test_tier_for(gpus, nodes, tier):
    assert tier_for(gpus, nodes) is tier


def test_bad_counts():
    with pytest.raises(ValueError):
        tier_for(0)


def test_labels_bilingual_and_presets_complete():
    assert set(TIER_PRESETS) == set(Tier)
    with use_language("en"):
        assert tier_label("entry") == "Entry"
    with use_language("zh_CN"):
        assert tier_label(Tier.ENTRY) == "入门级"
        assert tier_label(Tier.ADVANCED) == "进阶档"  # issue 12: 进阶级 reads as "进 阶级"
        assert tier_label(Tier.FLAGSHIP) == "旗舰级"
    assert TIER_PRESETS[Tier.ENTRY].max_gpus == 1 and TIER_PRESETS[Tier.ADVANCED].max_gpus == 4
    assert "rtx-4090" in TIER_PRESETS[Tier.ENTRY].example_gpus


# --- the guide's examples (domain.md §2): the class of card and the job count, not the GPU count alone ---


def _gpu(id, form, consumer=False):
    from gpudesk.core.models import GpuSpec

    return GpuSpec(id=id, name=id, memory_bytes=80 * 10**9, form_factor=form, consumer=consumer)


RTX_4090 = _gpu("rtx-4090", "pcie", consumer=True)
L40S = _gpu("l40s", "pcie")
A100 = _gpu("a100-sxm-80gb", "sxm")
H100 = _gpu("h100-sxm-80gb", "sxm")
A100_PCIE = _gpu("a100-pcie-80gb", "pcie")


def _job(task, params):
    from gpudesk.core.models import Job, ModelArch

    return Job(model=ModelArch(params_hint=int(params)), task=task)


@pytest.mark.parametrize(
    "case, gpus, nodes, gpu, linked, task, params, tier",
    [
        ("BERT fine-tuning on one RTX 4090", 1, 1, RTX_4090, True, "full", 0.34e9, Tier.ENTRY),
        ("7B LoRA on one L40S", 1, 1, L40S, True, "lora", 7e9, Tier.ENTRY),
        ("7B LoRA on one H100", 1, 1, H100, True, "lora", 7e9, Tier.ENTRY),
        ("13B full training on one H100 (offload): 10B-class work", 1, 1, H100, True, "full", 13e9, Tier.ADVANCED),
        ("13B full training on 4x A100 80G NVLink", 4, 1, A100, True, "full", 13e9, Tier.ADVANCED),
        ("70B training on 8x H100 NVSwitch", 8, 1, H100, True, "full", 70e9, Tier.FLAGSHIP),
        ("eight consumer cards are not a flagship", 8, 1, RTX_4090, False, "lora", 7e9, Tier.ADVANCED),
        ("eight L40S on PCIe", 8, 1, L40S, False, "full", 7e9, Tier.ADVANCED),
        ("eight A100 PCIe cards", 8, 1, A100_PCIE, False, "full", 13e9, Tier.ADVANCED),
        ("beyond one node", 16, 2, H100, True, "full", 70e9, Tier.MULTI_NODE),
    ],
)
def test_the_guides_tiers(case, gpus, nodes, gpu, linked, task, params, tier):
    assert tier_for(gpus, nodes, gpu=gpu, linked=linked, job=_job(task, params), params=int(params)) is tier, case


def test_recommended_options_carry_the_rule():
    from gpudesk.catalog import open_catalog
    from gpudesk.core import search as rec
    from gpudesk.core.models import Constraints, Job

    cat = open_catalog()
    r = rec.recommend(Job(model=cat.model("llama-2-7b"), task="lora", tokens=1e9), Constraints(top=200), cat)
    eights = [o for o in r.feasible if o.gpus == 8 and cat.gpu(o.gpu).consumer]
    assert eights and all(o.tier is Tier.ADVANCED for o in eights)
