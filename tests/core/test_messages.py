"""Advice and notes are ids with parameters (core.messages), worded only when shown: the words checked to the
letter in both languages, every template's fields against what its maker passes, and older plans' texts."""

from __future__ import annotations

import json
from pathlib import Path
import re
import string

import pytest

from gpudesk.core import messages as msg
from gpudesk.core.i18n import use_language
from gpudesk.core.messages import TEMPLATES, note, render, template_fields
from gpudesk.core.models import Advice, Constraints, GpuSpec, Job, ModelArch, Option, TaskKind
from gpudesk.core.search import advice as adv
from gpudesk.core.search.advice_stack import STACK_RULE_IDS
from gpudesk.paths import ROOT

SAMPLES = sorted((ROOT / "samples").glob("*.gpudesk"))
# the shipped samples as gpudesk saved them in plan format 2 (worded notes), kept to test that format's loading
FORMAT_2 = sorted((Path(__file__).parent / "fixtures" / "format2").glob("*.gpudesk"))
CJK = re.compile("[\u4e00-\u9fff]")


def _kids(params):
    """The nested messages among a message's parameters."""
    for value in (params or {}).values():
        if isinstance(value, dict) and value.get("kind") == "msg":
            yield value["id"], value.get("params") or {}


def _check_fields(template, params):
    assert template in TEMPLATES, template
    assert set(params) == template_fields(template), template  # no field missing, none passed for nothing
    for kid, kid_params in _kids(params):
        _check_fields(kid, kid_params)


def _english_left(template, zh_text):
    """Literal runs of the English template (a dozen letters or more) found in the Chinese wording."""
    en = TEMPLATES[template][0]
    runs = [p.strip() for p in re.split(r"\{[^{}]*\}", en)]
    return [r for r in runs if len(re.sub(r"[^A-Za-z]", "", r)) >= 12 and r in zh_text]


# --- the table --------------------------------------------------------------------------------------


def test_every_advice_id_and_note_kind_has_one_template_with_the_same_fields_in_both_languages():
    assert set(adv.RULE_IDS) <= set(TEMPLATES)
    assert set(STACK_RULE_IDS) <= set(TEMPLATES)
    option_notes = {"no-offer", "no-billing-price", "layout-changes-job", "chunked-loss", "framework-profile"}
    answer_notes = {"unpriced-ranked-last", "unpriced-budget", "no-tokens", "deadline-margin", "budget-ceiling"}
    assert set(msg.NOTE_IDS) == option_notes | answer_notes | {"host-ram-unverified", "larger-cluster"}
    fields = string.Formatter()
    for key, (en, zh) in TEMPLATES.items():
        assert {f for _, f, _, _ in fields.parse(en) if f} == {f for _, f, _, _ in fields.parse(zh) if f}, key
        assert CJK.search(zh) or zh.strip(" ;；") == "", key  # a Chinese template is Chinese
        assert not CJK.search(en), key


# --- to the letter ----------------------------------------------------------------------------------

GPU = GpuSpec(id="h20", name="H20 96GB", name_zh="H20 96GB（特供版）", memory_bytes=96 * 10**9, tflops_bf16=148)


def test_rules_and_notes_are_worded_to_the_letter_in_both_languages():
    fits = Advice(
        id="does-not-fit",
        severity="critical",
        params={"need": msg.memory(90 * 2**30), "usable": msg.memory(84.5 * 2**30), "gpu": msg.gpu_name(GPU)},
    )
    assert fits.render("en") == (
        "Does not fit: needs 90.0 GiB per GPU, 84.5 GiB usable on H20 96GB. Add GPUs, use LoRA, or a larger card."
    )
    assert fits.render("zh_CN") == (
        "显存不足：每卡需要 90.0 GiB，H20 96GB（特供版） 可用 84.5 GiB。请增加显卡、改用 LoRA 或换更大显存的卡。"
    )
    port = msg.part("framework-unsupported/port", x=msg.part("framework-unsupported/port-xpu"))
    stack = Advice(
        id="framework-unsupported",
        severity="warning",
        params={"f": "Unsloth", "gpu": msg.names("P800", "昆仑芯 P800"), "s": msg.label("stack", "xpu"), "p": port},
    )
    assert (
        stack.render("en")
        == "Unsloth is not known to run on P800 (Kunlunxin XPU runtime); use PaddlePaddle's XPU build instead."
    )
    assert stack.render("zh_CN") == "Unsloth 未见可在 昆仑芯 P800（昆仑芯 XPU 运行时）上运行的支持；请改用飞桨 XPU 版。"
    value = adv.better_value(
        adv.ValuePoint("a100-sxm-80gb", "A100 80GB", 4, cost=10000, hours=50),
        [adv.ValuePoint("l40s", "L40S 48GB", 8, cost=6543.2, hours=61, gpu_name_zh="L40S 48GB 显卡")],
        TaskKind.MIXED,
    )
    assert value is not None and value.params is not None and value.params["saving"] == pytest.approx(0.34568)
    assert value.render("en") == (
        "Better value: 8× L40S 48GB does this job for 35% less (¥6,543, 61 h) and serves well alongside training."
    )
    assert value.render("zh_CN") == (
        "更高性价比：8 张 L40S 48GB 显卡 完成同一任务可省 35%（¥6,543，61 小时），且适合训练与在线推理并行。"
    )
    layout = note("layout-changes-job", r=msg.label("recompute", "selective"), mb=4)
    assert layout.render("en") == (
        "Layout changes the job: recompute selective (attention core), micro-batch 4 "
        "(gradient accumulation keeps the global batch)."
    )
    assert (
        layout.render("zh_CN") == "布局调整了任务：选择性重计算（注意力核心），微批次 4（梯度累积保持全局批次不变）。"
    )
    chunked = note("chunked-loss", how=msg.names("its default fused loss", "其默认的融合损失"))
    assert (
        chunked.render("zh_CN")
        == "显存放不下完整的 FP32 logits：损失改为分块计算（其默认的融合损失），而不是卸载到 CPU。"
    )
    with use_language("zh_CN"):  # `message` and str(): the current language
        assert str(layout) == layout.message == layout.render("zh_CN")
    larger = note(
        "larger-cluster/past-limit",
        n=16,
        gpu=msg.names("A800 80GB", "A800 80GB（特供版）"),
        nodes=2,
        h=msg.hours(30.25),
        h0=msg.hours(61.0),
        x=msg.money(12345.6, "CNY"),
        x0=msg.money(11000, "CNY"),
        cap=8,
    )
    assert larger.render("en") == (
        "A larger cluster would finish sooner: 16× A800 80GB (2 nodes) in 30.2 h instead of 61 h (≈ 2.5 days), "
        "for ¥12,346 (the first option: ¥11,000). The search stops at 8 GPUs unless the job needs more; raise "
        "the most GPUs (--max-gpus 16) to compare such clusters."
    )
    assert larger.render("zh_CN") == (
        "更大的集群能更快完成：16 张 A800 80GB（特供版）（2 个节点）需 30.2 小时，而非 61 小时（约 2.5 天），"
        "费用 ¥12,346（首选方案：¥11,000）。除非任务需要，搜索最多考虑 8 张卡；如需比较这类集群，请提高最多显卡数"
        "（--max-gpus 16）。"
    )
    assert note("deadline-margin", m=0.15).render("zh_CN") == "截止时间按含 15% 试错余量的时长核对。"
    assert note("no-offer").render("en") == (
        "Nobody in the catalogue offers this GPU: price unknown, ranked after priced options."
    )


def test_a_message_without_parameters_shows_its_stored_text():
    old = Advice(id="rack-power", severity="warning", message="Each node draws 12 kW.")  # as an older plan held it
    assert old.params is None and old.render("zh_CN") == old.render("en") == "Each node draws 12 kW."
    both = Advice(id="gone", severity="info", params=None, text={"": "made", "en": "made", "zh_CN": "中文"})
    assert both.render("zh_CN") == "中文" and both.render("en") == "made"
    unknown = Advice(id="from-a-newer-gpudesk", severity="info", params={"x": 1})
    assert unknown.render("en") == "from-a-newer-gpudesk"  # no template, no text: the id, never a traceback


# --- every maker against its template ------------------------------------------------------------


def _jobs(cat):
    from gpudesk.core.plan import load_plan

    for sample in SAMPLES:
        plan = load_plan(sample)
        yield plan.job, plan.constraints.model_copy(update={"top": 40})
    yield Job(model=cat.model("llama-2-70b"), tokens=2e10), Constraints(max_gpus=64, top=60)
    yield Job(model=cat.model("llama-2-7b"), tokens=1e9, precision="fp32"), Constraints(top=60)
    yield Job(model=cat.model("llama-2-13b"), tokens=None), Constraints(top=60, gpu_allow=["v100-sxm2-32gb", "t4"])
    yield Job(model=cat.model("qwen3-8b"), task="qlora", tokens=1e8, seq_len=16384), Constraints(top=20)
    yield (
        Job(model=cat.model("llama-3-8b"), task="lora", tokens=1e8, precision="fp8", framework="unsloth"),
        Constraints(top=60),
    )


def test_the_recommenders_advice_and_notes_render_in_both_languages_with_every_field():
    from gpudesk.catalog import open_catalog
    from gpudesk.core.search import recommend

    cat = open_catalog()
    seen: set[str] = set()
    made: list[Advice | msg.Message] = []
    for job, constraints in _jobs(cat):
        answer = recommend(job, constraints, cat)
        made += answer.notes  # the answer's own notes, too
        for o in answer.options:
            made += [*o.advice, *o.notes]
    for m in made:
        assert m.params is not None
        _check_fields(m.template_id, m.params)
        en, zh = render(m, "en"), render(m, "zh_CN")
        for text in (en, zh):
            assert "{" not in text and "}" not in text and text, m
        assert CJK.search(zh) and not CJK.search(en), m
        assert not _english_left(m.template_id, zh), m
        seen.add(m.template_id)
    # the runs above reach most of the rules and every kind of note the search makes
    assert {"framework-profile", "layout-changes-job", "chunked-loss", "no-tokens", "larger-cluster"} <= seen
    assert len(seen & set(adv.RULE_IDS)) >= 6, seen


def test_every_rule_passes_its_templates_fields():
    """The rules the recommender's catalogue does not reach, from hand-made contexts (test_advice's)."""
    from tests.core.test_advice import H100, RTX4090, V100, LLAMA, ctx, layout, mem

    from gpudesk.core.models import Offload, Precision

    contexts = [
        ctx(
            gpu=V100,
            gpus=16,
            nodes=2,
            gpn=8,
            lay=layout(tp=2, dp=8, zero=3, offload=Offload.OPTIMIZER),
            job=Job(model=LLAMA, precision=Precision.FP32),
            network="ethernet",
            topology="pcie",
            memory=mem(total=90 * 10**9),
        ),
        ctx(gpu=RTX4090, gpus=16, nodes=2, gpn=8, lay=layout(dp=16, offload=Offload.OPTIMIZER_PARAMS)),
        ctx(gpu=H100, gpus=16, nodes=2, gpn=8, network=None),
        ctx(
            lay=layout(offload=Offload.OPTIMIZER),
            host={
                "ram_bytes": 512 * 2**30,
                "server_ram_bytes": 256 * 2**30,
                "nvme_bytes": 4e12,
                "server_nvme_bytes": 1e12,
            },
        ),
        ctx(lay=layout(offload=Offload.OPTIMIZER), host={"ram_bytes": 10**12}),
    ]
    ids = set()
    for c in contexts:
        for a in adv.advise(c):
            assert a.params is not None
            _check_fields(a.template_id, a.params)
            assert "{" not in a.render("zh_CN") + a.render("en")
            ids.add(a.template_id)
    assert {"host-ram-too-small", "nvme-too-small", "host-ram-unknown", "consumer-multi-node", "offload-slow"} <= ids
    assert {
        "multi-node-ib-slurm/no-ib",
        "tp-over-pcie",
        "fp32-doubles-memory",
        "old-gpu-transformers",
        "does-not-fit",
    } <= ids


# --- format 2 plans --------------------------------------------------------------------------------


@pytest.mark.parametrize("sample", FORMAT_2, ids=lambda p: p.name)
def test_a_version_2_plan_keeps_its_words_in_both_languages(sample, tmp_path):
    """A format-2 file (a shipped sample as it was) stored its notes worded, with both languages in `wording`: they
    load as notes of a recognised kind that print as they were, in either language, and save as format 3."""
    from gpudesk.core.plan import load_plan, save_plan

    doc = json.loads(sample.read_text(encoding="utf-8"))
    assert doc["version"] == 2
    plan = load_plan(sample)
    assert plan.version == 3
    notes = plan.choice.notes
    assert [n.render("en") for n in notes] == doc["wording"]["en"]["notes"]
    assert [n.render("zh_CN") for n in notes] == doc["wording"]["zh_CN"]["notes"]
    assert notes[-1].id == "framework-profile" and notes[-1].params is None
    assert (
        notes[-1].render("zh_CN").startswith("训练框架 Hugging Face Trainer / PEFT / LLaMA-Factory：模型状态为混合精度")
    )
    for alt, stored in zip(plan.alternatives, doc["alternatives"], strict=True):  # as made, in its language
        assert [a.render("zh_CN") for a in alt.advice] == [a["message"] for a in stored["advice"]]
        assert [a.render("en") for a in alt.advice] == [a["message"] for a in stored["advice"]]
        assert [a.id for a in alt.advice] == [a["id"] for a in stored["advice"]]
        assert [n.render("en") for n in alt.notes] == stored["notes"]
    out = save_plan(plan, tmp_path / sample.name)
    again = json.loads(out.read_text(encoding="utf-8"))
    assert again["version"] == 3 and "wording" not in again
    assert load_plan(out) == plan


def test_the_recommenders_json_words_advice_and_notes_and_the_plan_file_stores_ids():
    """`recommend --json`: advice[].message and notes as text in the current language (ids and parameters
    beside); the plan file: ids and parameters only."""
    from gpudesk.core.plan import plan_document
    from gpudesk.core.plan.model import Plan

    arch = ModelArch(name="m", family="llama", hidden_size=4096, num_layers=32, num_heads=32, params_hint=7 * 10**9)
    option = Option.model_validate(
        json.loads((ROOT / "samples" / "gpt2-full-1x-rtx4090.gpudesk").read_text(encoding="utf-8"))["choice"]
    )
    option.advice = [Advice(id="rack-power", severity="warning", params={"g": 8, "kw": 10.25})]
    option.notes = [note("no-billing-price")]
    with use_language("zh_CN"):
        worded = option.model_dump(mode="json", context=msg.WORDED)
    assert worded["advice"] == [
        {
            "id": "rack-power",
            "severity": "warning",
            "message": "每个 8 卡节点功耗约 10.2 kW：请与机房确认机柜电力配额与散热。",
            "params": {"g": 8, "kw": 10.25},
        }
    ]
    assert worded["notes"] == ["该报价没有所选计费方式的价格：排在有报价的方案之后。"]
    assert worded["note_ids"] == [{"id": "no-billing-price", "params": {}}]
    stored = plan_document(Plan(job=Job(model=arch), choice=option))["choice"]
    assert stored["advice"] == [
        {"id": "rack-power", "severity": "warning", "params": {"g": 8, "kw": 10.25}, "template": None, "text": {}}
    ]
    assert stored["notes"] == [{"id": "no-billing-price", "params": {}, "text": {}}]


@pytest.mark.parametrize(
    "damage, why",
    [
        (lambda n: n["params"].update(b="lots"), "ValueError"),  # {b:g} of a string
        (lambda n: n.update(params={**n["params"], "m": {"kind": "nope"}}), "KeyError: 'nope'"),
        (lambda n: n.update(params={}), "KeyError: 'f'"),
        (lambda n: n["params"].update(m={"kind": "msg", "id": "no-such", "params": {}}), "KeyError: 'no-such'"),
        (lambda n: n["params"].update(m={"kind": "memory"}), "KeyError: 'bytes'"),
    ],
)
def test_a_damaged_message_in_a_plan_file_is_named_on_load_and_the_file_kept(tmp_path, damage, why):
    """A note whose parameters do not fit its text (a hand-edited or damaged file) is refused when the plan is
    read, naming the field and the message, in the reader's language; it never fails later in the report."""
    from gpudesk.core.plan import load_plan, save_plan
    from gpudesk.core.plan.making import new_plan
    from gpudesk.errors import PlanFileError
    from gpudesk.catalog import open_catalog

    cat = open_catalog()
    plan = new_plan(Job(model=cat.model("gpt2"), tokens=10**8), None, cat)
    path = save_plan(plan, tmp_path / "p.gpudesk")
    doc = json.loads(path.read_text(encoding="utf-8"))
    profile = next(n for n in doc["choice"]["notes"] if n["id"] == "framework-profile")
    damage(profile)
    where = f"choice.notes[{doc['choice']['notes'].index(profile)}]"
    path.write_text(json.dumps(doc), encoding="utf-8")
    before = path.read_bytes()
    with use_language("en"), pytest.raises(PlanFileError) as en:
        load_plan(path)
    assert f"{where}: message 'framework-profile': its parameters do not fit its text (" in str(en.value)
    assert why in str(en.value)
    with use_language("zh_CN"), pytest.raises(PlanFileError) as zh:
        load_plan(path)
    assert f"{where}：消息 'framework-profile'：参数与文本不符（" in str(zh.value)
    assert path.read_bytes() == before
