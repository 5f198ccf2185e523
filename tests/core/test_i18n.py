from gpudesk.core import i18n


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
