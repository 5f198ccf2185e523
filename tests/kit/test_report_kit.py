"""The printed plan shows what the kit measured: evidence beside each delivery item in the report's
language, the measured-vs-planned table, and the plan versions with the figures they replaced."""

import dataclasses

from _results_doc import healthy_doc, write

from gpudesk.core.kit import apply
from gpudesk.core.plan import plan_document, plan_from_dict
from gpudesk.core.report.report_data import build_report


def _texts(node) -> list[str]:
    """Every string in a report's blocks."""
    if isinstance(node, str):
        return [node]
    if dataclasses.is_dataclass(node):
        return [s for f in dataclasses.fields(node) for s in _texts(getattr(node, f.name))]
    if isinstance(node, (list, tuple)):
        return [s for x in node for s in _texts(x)]
    if isinstance(node, dict):
        return [s for x in node.values() for s in _texts(x)]
    return []


def test_report_shows_the_measurement_in_its_language(plans, tmp_path):
    plan = plan_from_dict(plan_document(plans["a100x4"]))
    doc = healthy_doc(plan)
    doc["training"]["tokens_per_s"] = 11214.4  # MFU 40 %
    apply.import_results(plan, write(doc, tmp_path / "r.json"), recalibrate_plan=True)  # imported in English
    zh = "\n".join(_texts(build_report(plan, "zh_CN")))
    assert "交付实测（验收套件）" in zh and "node01，测量于 2026-11-20 08:30" in zh
    assert "node01: 4 × NVIDIA A100-SXM4-80GB，每张 81,920 MiB" in zh  # the evidence, in Chinese
    assert "gpudesk 验收套件（node01）" in zh and "gpudesk kit on" not in zh
    assert "全部 GPU" in zh and "链路峰值的 76 %" in zh
    assert "方案版本" in zh and "47 % → 40 %" in zh
    en = "\n".join(_texts(build_report(plan, "en")))
    assert "Measured on delivery (acceptance kit)" in en and "gpudesk kit on node01" in en
    assert "busbw 229.0 GB/s at 1,024 MiB over 4 GPUs" in en and "Plan versions" in en
