"""Exact parameter counts from real config.json files, checked against the published figures."""

from pathlib import Path

import pytest

from gpudesk.core.engine.architecture import count_params, from_config_file, from_hf_config, from_params
from gpudesk.errors import GpudeskError

FIX = Path(__file__).parent / "fixtures"


def load(name):
    return from_config_file(FIX / name)


@pytest.mark.parametrize(
    "name, total",
    [
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
    ],
)
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


@pytest.mark.parametrize(
    "cfg, field",
    [
        ({"model_type": "llama", "hidden_size": "lots", "num_hidden_layers": 2}, "hidden_size"),
        (
            {
                "model_type": "llama",
                "hidden_size": 64,
                "num_attention_heads": 4,
                "intermediate_size": 128,
                "vocab_size": 10,
            },
            "num_hidden_layers",
        ),
        (
            {"model_type": "gpt2", "n_embd": 64, "n_layer": -3, "n_head": 4, "vocab_size": 10, "n_positions": 8},
            "n_layer",
        ),
        (
            {
                "model_type": "llama",
                "hidden_size": 100,
                "num_hidden_layers": 2,
                "num_attention_heads": 3,
                "intermediate_size": 8,
                "vocab_size": 10,
            },
            "hidden_size",
        ),
        ({"model_type": "t5-ish"}, "model_type"),
        ({"hidden_size": 4}, "model_type"),
        ({"gpudesk_arch": {"name": "x"}}, "params_hint"),
        ({"gpudesk_arch": {"params_hint": -1}}, "params_hint"),
    ],
)
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


# --- newer architectures (issue 14): counts from the saved config.json files ---------------------------


@pytest.mark.parametrize(
    "name, total, active",
    [
        # Qwen3-8B model card "8.2B"; q/k RMSNorm of head_dim per layer, explicit head_dim 128, untied
        ("qwen3-8b.json", 8_190_735_360, 8_190_735_360),
        # Qwen3-30B-A3B card "30.5B total, 3.3B activated": 48 MoE layers of 128 experts (768 wide), top 8
        ("qwen3-30b-a3b.json", 30_532_122_624, 3_353_032_704),
        ("qwen3-235b-a22b.json", 235_093_634_560, 22_190_763_520),  # card: 235B / 22B
        # DeepSeek-V3 README: 671B total (MTP module excluded), 37B active. The count includes the routing bias
        # e_score_correction_bias (an nn.Parameter in the model's own modeling code; transformers' port keeps it
        # as a buffer: 14,848 = 58 MoE layers x 256 fewer)
        ("deepseek-v3.json", 671_026_419_200, 37_552_297_472),
        ("deepseek-v2.json", 235_741_434_880, 21_375_800_320),  # README: 236B / 21B
        # DeepSeek-V2-Lite paper: 15.7B total, 2.4B activated (without the 0.21B embedding)
        ("deepseek-v2-lite.json", 15_706_484_224, 2_661_150_208),
        # GLM-4-9B-chat (ChatGLM remote code): 40 layers, 2 KV groups, QKV bias, SwiGLU 13696: card "9.4B"
        ("glm-4-9b-chat.json", 9_399_951_360, 9_399_951_360),
        ("gemma-2-9b.json", 9_241_705_984, 9_241_705_984),  # tied, 4 norms per layer, head_dim 256
        ("gemma-2-27b.json", 27_227_128_320, 27_227_128_320),
        # Gemma 3 text decoders at the hub's vocab 262,208 (keras-hub's 3,880,099,328 etc. use 262,144: 64 x hidden less)
        ("reconstructed-gemma-3-4b-pt.json", 3_880_263_168, 3_880_263_168),
        ("reconstructed-gemma-3-12b-pt.json", 11_766_034_176, 11_766_034_176),
        ("reconstructed-gemma-3-27b-pt.json", 27_009_346_304, 27_009_346_304),
        # Qwen2.5-72B-Instruct: 72,706,203,648 = the checkpoint's safetensors parameter total
        ("qwen2.5-72b-instruct.json", 72_706_203_648, 72_706_203_648),
        ("reconstructed-qwen2.5-32b.json", 32_763_876_352, 32_763_876_352),
        ("reconstructed-deepseek-r1-distill-qwen-7b.json", 7_615_616_512, 7_615_616_512),
        ("reconstructed-deepseek-r1-distill-qwen-14b.json", 14_770_033_664, 14_770_033_664),
        ("meta-llama-3.1-70b.json", 70_553_706_496, 70_553_706_496),
    ],
)
def test_new_family_counts(name, total, active):
    c = count_params(load(name))
    assert (c.total, c.active) == (total, active)


def test_deepseek_v3_structure():
    a = load("deepseek-v3.json")
    c = count_params(a)
    assert (a.kv_lora_rank, a.q_lora_rank, a.qk_rope_head_dim, a.v_head_dim, a.head_dim) == (512, 1536, 64, 128, 128)
    assert (a.num_experts, a.experts_per_token, a.shared_experts, a.dense_layers) == (256, 8, 1, 3)
    # MLA attention of one layer: q_a 7168x1536 + norm, q_b 1536x(128·192), kv_a 7168x576, norm 512,
    # kv_b 512x(128·256), o (128·128)x7168
    attn = 7168 * 1536 + 1536 + 1536 * 128 * 192 + 7168 * 576 + 512 + 512 * 128 * 256 + 128 * 128 * 7168
    assert c.attention_per_layer == attn == 187_107_328
    assert c.expert_params == 58 * 256 * 3 * 7168 * 2048


def test_gemma_sliding_windows_and_qwen3_moe_layers():
    g2 = load("gemma-2-9b.json")
    assert g2.tied_embeddings and g2.norms_per_layer == 4 and g2.sliding_window == 4096 and g2.sliding_layers == 0.5
    g3 = load("reconstructed-gemma-3-4b-pt.json")
    assert g3.qk_norm and g3.sliding_window == 1024 and g3.sliding_layers == pytest.approx(29 / 34)  # 5 of every 6
    q = load("qwen3-30b-a3b.json")
    assert (q.num_experts, q.experts_per_token, q.moe_intermediate_size, q.dense_layers, q.qk_norm) == (
        128,
        8,
        768,
        0,
        True,
    )


def test_glm_transformers_config_counts_like_chatglm():
    # GlmConfig ("glm", transformers' port of glm-4-9b): the same 9.40B as the ChatGLM remote-code config
    cfg = {
        "model_type": "glm",
        "hidden_size": 4096,
        "num_hidden_layers": 40,
        "num_attention_heads": 32,
        "num_key_value_heads": 2,
        "head_dim": 128,
        "intermediate_size": 13696,
        "vocab_size": 151552,
        "attention_bias": True,
        "tie_word_embeddings": False,
    }
    assert count_params(from_hf_config(cfg)).total == 9_399_951_360
