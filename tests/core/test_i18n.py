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
