"""The guide's tiers: entry (1 card), advanced (up to 4), flagship (full 8-GPU node), multi-node."""

import pytest

from gpudesk.core.i18n import use_language
from gpudesk.core.models import Tier
from gpudesk.core.search.tiers import TIER_PRESETS, tier_for, tier_label


@pytest.mark.parametrize("gpus, nodes, tier", [
    (1, 1, Tier.ENTRY), (2, 1, Tier.ADVANCED), (4, 1, Tier.ADVANCED), (8, 1, Tier.FLAGSHIP),
    (16, 2, Tier.MULTI_NODE), (1024, 128, Tier.MULTI_NODE),
])
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
