"""Model presets: real config.json numbers, grouped by the guide's task classes."""

import json

import pytest

from gpudesk.catalog.schema import TASK_CLASSES

from .conftest import FIXTURES


def test_presets_cover_the_issue_list(cat):
    ids = {m.id for m in cat.models()}
    assert {
        "bert-base-uncased",
        "bert-large-uncased",
        "gpt2",
        "gpt2-medium",
        "gpt2-large",
        "gpt2-xl",
        "llama-2-7b",
        "llama-2-13b",
        "llama-2-70b",
        "llama-3-8b",
        "llama-3-70b",
        "qwen2.5-7b",
        "qwen2.5-14b",
        "qwen2.5-72b",
        "mistral-7b",
        "mixtral-8x7b",
        "clip-vit-large-patch14",
        "sdxl-unet",
    } <= ids
    for m in cat.models():
        assert m.task_class in TASK_CLASSES and m.arch.task_class == m.task_class
        assert m.source and "huggingface.co" in m.source and m.checked
    classes = {m.task_class for m in cat.models()}
    assert {"small-finetune", "llm-7b-13b", "multimodal-vision", "train-serve"} <= classes


@pytest.mark.parametrize(
    "name", ["llama-2-7b", "llama-2-13b", "llama-2-70b", "llama-3-8b", "mixtral-8x7b", "gpt2", "bert-large-uncased"]
)
def test_presets_agree_with_the_reference_configs(cat, name):
    fixture = json.loads((FIXTURES / f"{name}.json").read_text())
    config = cat.preset(name).config
    for key, value in fixture.items():
        if key in config:
            assert config[key] == value, (name, key)


@pytest.mark.parametrize(
    "name, hidden, layers, heads, kv, inter, vocab",
    [
        # values from each model's config.json on the Hugging Face hub
        ("llama-3-70b", 8192, 80, 64, 8, 28672, 128256),
        ("qwen2.5-7b", 3584, 28, 28, 4, 18944, 152064),
        ("qwen2.5-14b", 5120, 48, 40, 8, 13824, 152064),
        ("qwen2.5-72b", 8192, 80, 64, 8, 29568, 152064),
        ("mistral-7b", 4096, 32, 32, 8, 14336, 32000),
        ("gpt2-xl", 1600, 48, 25, 25, 6400, 50257),
        ("bert-base-uncased", 768, 12, 12, 12, 3072, 30522),
    ],
)
def test_architecture_numbers(cat, name, hidden, layers, heads, kv, inter, vocab):
    a = cat.model(name)
    assert (a.hidden_size, a.num_layers, a.num_heads, a.num_kv_heads, a.intermediate_size, a.vocab_size) == (
        hidden,
        layers,
        heads,
        kv,
        inter,
        vocab,
    )


def test_published_parameter_counts(cat):
    from gpudesk.core.engine.architecture import count_params

    # Llama-2-7b-hf safetensors: 6,738,415,616; Mixtral-8x7B: 46,702,792,704
    assert count_params(cat.model("llama-2-7b")).total == 6_738_415_616
    assert count_params(cat.model("mixtral-8x7b")).total == 46_702_792_704
    assert cat.model("mixtral-8x7b").num_experts == 8
    # SDXL base UNet2DConditionModel: 2,567,463,684 parameters
    assert cat.model("sdxl-unet").params_hint == 2_567_463_684
    clip = cat.model("clip-vit-large-patch14")
    assert [c.hidden_size for c in clip.components] == [768, 1024]


def test_unknown_model_names_close_matches(cat):
    from gpudesk.errors import CatalogError

    with pytest.raises(CatalogError, match="llama-3-8b"):
        cat.model("llama-3-9b")
    assert cat.model("Llama 3 8B").id == "llama-3-8b"
    assert cat.model("llama2-7b").id == "llama-2-7b"  # punctuation is forgiven
