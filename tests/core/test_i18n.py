import pytest

from gpudesk.core import i18n
from gpudesk.core.i18n import use_language


def test_normalise_and_switch(monkeypatch):
    assert i18n.normalise("zh_CN.UTF-8") == "zh_CN"
    assert i18n.normalise("zh-Hans") == "zh_CN"
    assert i18n.normalise("en_US.UTF-8") == "en"
    monkeypatch.setenv("LANG", "zh_CN.UTF-8")
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    monkeypatch.delenv("GPUDESK_LANG", raising=False)
    assert i18n.t("power", "功率") == "功率"
    with i18n.use_language("en"):
        assert i18n.t("{n} GPUs", "{n} 张卡", n=4) == "4 GPUs"
    assert i18n.current_language() == "zh_CN"


def test_system_language_resolved_once_until_reset(monkeypatch):
    monkeypatch.setenv("GPUDESK_LANG", "zh_CN")
    i18n.set_language(None)
    assert i18n.current_language() == "zh_CN"
    monkeypatch.setenv("GPUDESK_LANG", "en")
    assert i18n.current_language() == "zh_CN"  # not looked up again for every string
    i18n.set_language(None)  # "follow the system" looks again
    assert i18n.current_language() == "en"


def test_named_reads_a_bilingual_table_and_passes_unknown_keys_through():
    from gpudesk.core.kit.apply import verdict_label
    from gpudesk.core.parse import unit_label

    table = {"pass": ("passed", "通过")}
    with i18n.use_language("zh_CN"):
        assert i18n.named(table, "pass") == "通过"
        assert unit_label("gb-month") == "GB·月"
        assert verdict_label("info") == "仅作证据"
    with i18n.use_language("en"):
        assert i18n.named(table, "pass") == "passed"
        assert i18n.named(table, "odd") == "odd"
        assert unit_label("week") == "week"


def test_colon_is_the_languages_own():
    from gpudesk.core.i18n import colon, use_language

    with use_language("en"):
        assert colon("Fits", "8× A100") == "Fits: 8× A100"
        assert colon("config.json") == "config.json: "
    with use_language("zh_CN"):
        assert colon("显存够用", "8× A100") == "显存够用：8× A100"  # full width, no space after it
        assert colon("config.json") == "config.json："


@pytest.mark.parametrize(
    "stored, en, zh, zh_short",
    [
        (
            "NVLink 3, no NVSwitch (600 GB/s)",
            "NVLink 3, no NVSwitch (600 GB/s)",
            "NVLink 3，无 NVSwitch（600 GB/s）",
            "NVLink 3",
        ),
        (
            "NVSwitch, NVLink 4 (900 GB/s)",
            "NVSwitch, NVLink 4 (900 GB/s)",
            "NVSwitch，NVLink 4（900 GB/s）",
            "NVSwitch",
        ),
        (
            "NVLink bridge (pairs) (112 GB/s)",
            "NVLink bridge (pairs) (112 GB/s)",
            "NVLink 桥接（两两成对）（112 GB/s）",
            "NVLink 桥接",
        ),
        ("PCIe 4.0 (32 GB/s)", "PCIe 4.0 (32 GB/s)", "PCIe 4.0（32 GB/s）", "PCIe 4.0"),
        ("HCCS mesh", "HCCS mesh", "HCCS mesh", "HCCS mesh"),  # a wording of its own passes through
    ],
)
def test_the_interconnect_a_plan_stores_reads_in_each_language(stored, en, zh, zh_short):
    from gpudesk.core import units

    with use_language("en"):
        assert units.interconnect(stored) == en
    with use_language("zh_CN"):
        assert units.interconnect(stored) == zh
        assert units.interconnect(stored, short=True) == zh_short
        assert units.interconnect(None) == "互联未知"


def test_the_search_words_every_interconnect_the_reader_can_translate():
    """Each form core.search.options.interconnect_text writes is one units.interconnect knows (no English
    left in a Chinese report)."""
    from gpudesk.core import units
    from gpudesk.core.search.options import interconnect_text
    from gpudesk.core.search.platforms import Platform
    from gpudesk.catalog import open_catalog

    cat = open_catalog()
    seen = set()
    for g in cat.gpus():
        for topology, gpn in (("nvswitch", 8), ("nvlink-bridge", 8), ("nvlink-bridge", 2), ("pcie", 8)):
            p = Platform(g, None, None, gpn, 1, topology, None, None, None, 0)
            seen.add(interconnect_text(p))
    with use_language("zh_CN"):
        left = [s for s in seen if units.interconnect(s) == s and any(w in s for w in ("no ", "bridge", ", "))]
    assert not left
