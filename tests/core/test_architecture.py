"""Exact parameter counts from real config.json files, checked against the published figures."""

from pathlib import Path

import pytest

from gpudesk.core.engine.architecture import count_params, from_config_file, from_hf_config, from_params
from gpudesk.errors import GpudeskError

FIX = Path(__file__).parent / "fixtures"


def load(name):
    return from_config_file(FIX / name)


@pytest.mark.parametrize("name, total", [
    # GPT-2 small: wte 50257·768 + wpe 1024·768 + 12·7,087,872 per block + ln_f 1536 (tied head)
    ("gpt2.json", 124_439_808),
    # BertModel incl. pooler: embeddings 31,782,912 + 24·12,596,224 + pooler 1,049,600
    ("bert-large-uncased.json", 335_141_888),
    ("bert-base-uncased.json", 109_482_240),
    # Llama-2-7B: 2·32000·4096 + 32·(4·4096² + 3·4096·11008 + 2·4096) + 4096
    ("llama-2-7b.json", 6_738_415_616),
    ("llama-2-13b.json", 13_015_864_320),
    ("llama-2-70b.json", 68_976_648_192),
    ("llama-3-8b.json", 8_030_261_248),
    ("mistral-7b.json", 7_241_732_096),
    ("mixtral-8x7b.json", 46_702_792_704),
    # Qwen2-0.5B: q/k/v biases, GQA 14/2, tied: 151936·896 + 24·14,912,384 + 896
    ("qwen2-0.5b.json", 494_032_768),
    # Falcon-7B: multi-query (1 KV head of 64), one LayerNorm per parallel block, tied
    ("falcon-7b.json", 6_921_720_704),
    # Pythia-160M (gpt_neox, untied): 2·50304·768 + 12·7,087,872 + 1536
    ("pythia-160m.json", 162_322_944),
    # CLIP ViT-B/32: text 63,165,952 + vision 87,456,000 + projections 655,360 + logit scale 1
    ("clip-vit-base-patch32.json", 151_277_313),
])
def test_exact_counts(name, total):
    assert count_params(load(name)).total == total


def test_mixtral_active_params():
    c = count_params(load("mixtral-8x7b.json"))
    # one expert 3·4096·14336 = 176,160,768; active = total − 32 layers · 6 unused experts
    assert c.active == 46_702_792_704 - 32 * 6 * 176_160_768 == 12_879_925_248
    assert c.router_per_layer == 4096 * 8


def test_gqa_fields_and_matrices():
    a = load("llama-3-8b.json")
    assert (a.num_kv_heads, a.head_dim, a.gated_mlp, a.tied_embeddings) == (8, 128, True, False)
    c = count_params(a)
    assert c.matrices["k"] == (4096, 1024, 1)
    assert c.matrices["down"] == (14336, 4096, 1)
    assert c.embedding == c.lm_head == 128256 * 4096


def test_from_params_keeps_total_and_lists_approximations():
    a = from_params(7e9)
    c = count_params(a)
    assert c.total == 7_000_000_000 and not c.exact
    assert a.approximations and 3584 <= a.hidden_size <= 4608 and 24 <= a.num_layers <= 40


def test_gpudesk_arch_preset():
    a = load("sdxl-unet.json")
    assert a.family == "unet" and count_params(a).total == 2_567_463_684
    assert a.approximations  # shape guessed from the count


@pytest.mark.parametrize("cfg, field", [
    ({"model_type": "llama", "hidden_size": "lots", "num_hidden_layers": 2}, "hidden_size"),
    ({"model_type": "llama", "hidden_size": 64, "num_attention_heads": 4, "intermediate_size": 128,
      "vocab_size": 10}, "num_hidden_layers"),
    ({"model_type": "gpt2", "n_embd": 64, "n_layer": -3, "n_head": 4, "vocab_size": 10, "n_positions": 8}, "n_layer"),
    ({"model_type": "llama", "hidden_size": 100, "num_hidden_layers": 2, "num_attention_heads": 3,
      "intermediate_size": 8, "vocab_size": 10}, "hidden_size"),
    ({"model_type": "t5-ish"}, "model_type"),
    ({"hidden_size": 4}, "model_type"),
    ({"gpudesk_arch": {"name": "x"}}, "params_hint"),
    ({"gpudesk_arch": {"params_hint": -1}}, "params_hint"),
])
def test_bad_fields_are_named(cfg, field):
    with pytest.raises(GpudeskError, match=field):
        from_hf_config(cfg)


def test_broken_and_missing_files(tmp_path):
    with pytest.raises(GpudeskError, match="not valid JSON"):
        load("broken-config.json")
    with pytest.raises(GpudeskError, match="not found"):
        from_config_file(tmp_path / "none.json")
    with pytest.raises(GpudeskError, match="100,000"):
        from_params(-5)


def test_count_is_cached():
    a = load("llama-2-7b.json")
    assert count_params(a) is count_params(a.model_copy())
