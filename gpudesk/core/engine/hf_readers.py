"""The readers of a Hugging Face config.json, one per `model_type` (gpudesk.core.engine.hf_config calls them).

Field names and defaults follow each family's configuration class in transformers (or its remote code for
ChatGLM / DeepSeek); counts read this way are checked exactly against published parameter counts in
tests/core/test_architecture.py.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gpudesk.core.engine.hf_fields import Cfg, _bool, _head_dim, _int, _where
from gpudesk.core.engine.model_shape import known_shape
from gpudesk.core.i18n import t
from gpudesk.core.models import ModelArch
from gpudesk.errors import GpudeskError

Fields = dict[str, Any]  # ModelArch fields a reader found, validated by ModelArch.model_validate
Reader = Callable[[Cfg, str | None], Fields]  # one per model_type

FAMILIES = (
    "llama",
    "mistral",
    "mixtral",
    "qwen2",
    "qwen3",
    "qwen3_moe",
    "deepseek_v2",
    "deepseek_v3",
    "chatglm",
    "glm",
    "glm4",
    "gemma",
    "gemma2",
    "gemma3",
    "gpt2",
    "bert",
    "gpt_neox",
    "falcon",
    "clip",
)


def _decoder(cfg: Cfg, family: str, src: str | None, **kw: Any) -> Fields:
    """Llama-style decoder fields (llama, mistral, mixtral, qwen2)."""
    h = _int(cfg, ("hidden_size",), src)
    heads = _int(cfg, ("num_attention_heads",), src)
    fields = dict(
        family=family,
        hidden_size=h,
        num_layers=_int(cfg, ("num_hidden_layers",), src),
        num_heads=heads,
        num_kv_heads=_int(cfg, ("num_key_value_heads",), src, heads),
        head_dim=_head_dim(h, heads, cfg, src),
        intermediate_size=_int(cfg, ("intermediate_size",), src),
        gated_mlp=True,
        vocab_size=_int(cfg, ("vocab_size",), src),
        max_seq_len=_int(cfg, ("max_position_embeddings",), src, None),
        tied_embeddings=_bool(cfg, "tie_word_embeddings", False, src),
        attention_bias=_bool(cfg, "attention_bias", False, src),
        mlp_bias=_bool(cfg, "mlp_bias", False, src),
        norm="rmsnorm",
    )
    fields.update(kw)
    return fields


def _classic(family: str, h: int, heads: int, src: str | None, **kw: Any) -> Fields:
    """A GPT-2/BERT-era block (gpt2, bert, gpt_neox, falcon, both CLIP towers): one key/value head per head,
    a plain (ungated) MLP, LayerNorm and biased linears; `kw` gives the depth, widths and sizes and
    overrides any of these."""
    fields: Fields = dict(
        family=family,
        hidden_size=h,
        num_heads=heads,
        num_kv_heads=heads,
        head_dim=_head_dim(h, heads, {}, src),
        gated_mlp=False,
        attention_bias=True,
        mlp_bias=True,
        norm="layernorm",
    )
    fields.update(kw)
    return fields


def _gpt2(cfg: Cfg, src: str | None) -> Fields:
    h = _int(cfg, ("n_embd", "hidden_size"), src)
    return _classic(
        "gpt2",
        h,
        _int(cfg, ("n_head", "num_attention_heads"), src),
        src,
        num_layers=_int(cfg, ("n_layer", "num_hidden_layers"), src),
        intermediate_size=_int(cfg, ("n_inner",), src, 4 * h),
        vocab_size=_int(cfg, ("vocab_size",), src),
        max_seq_len=_int(cfg, ("n_positions", "n_ctx", "max_position_embeddings"), src),
        tied_embeddings=_bool(cfg, "tie_word_embeddings", True, src),
        learned_positions=True,
        dropout=True,
        # HF's gelu_new is a Python formula: autograd keeps its intermediate tensors
        unfused_activation=cfg.get("activation_function", "gelu_new") == "gelu_new",
    )


def _bert(cfg: Cfg, src: str | None, family: str = "bert") -> Fields:
    h = _int(cfg, ("hidden_size",), src)
    return _classic(
        family,
        h,
        _int(cfg, ("num_attention_heads",), src),
        src,
        num_layers=_int(cfg, ("num_hidden_layers",), src),
        intermediate_size=_int(cfg, ("intermediate_size",), src),
        vocab_size=_int(cfg, ("vocab_size",), src),
        max_seq_len=_int(cfg, ("max_position_embeddings",), src),
        learned_positions=True,
        type_vocab_size=_int(cfg, ("type_vocab_size",), src, 2, positive=False),
        tied_embeddings=True,
        encoder_only=True,
        final_norm=True,
        dropout=True,  # final_norm: the embedding LayerNorm, counted as the one extra norm
        extra_params=h * h + h,  # pooler dense (BertModel's published counts include it)
    )


def _gpt_neox(cfg: Cfg, src: str | None) -> Fields:
    h = _int(cfg, ("hidden_size",), src)
    return _classic(
        "gpt_neox",
        h,
        _int(cfg, ("num_attention_heads",), src),
        src,
        num_layers=_int(cfg, ("num_hidden_layers",), src),
        intermediate_size=_int(cfg, ("intermediate_size",), src, 4 * h),
        vocab_size=_int(cfg, ("vocab_size",), src),
        max_seq_len=_int(cfg, ("max_position_embeddings",), src, None),
        tied_embeddings=_bool(cfg, "tie_word_embeddings", False, src),
        attention_bias=_bool(cfg, "attention_bias", True, src),
        parallel_attention=_bool(cfg, "use_parallel_residual", True, src),
    )


def _falcon(cfg: Cfg, src: str | None) -> Fields:
    h = _int(cfg, ("hidden_size", "n_embed"), src)
    heads = _int(cfg, ("num_attention_heads", "n_head"), src)
    new_arch = _bool(cfg, "new_decoder_architecture", False, src)
    parallel = _bool(cfg, "parallel_attn", True, src)
    if new_arch:
        kv = _int(cfg, ("num_kv_heads", "n_head_kv"), src, heads)
        norms = 1 if cfg.get("num_ln_in_parallel_attn") == 1 else 2
    else:
        kv = 1 if _bool(cfg, "multi_query", True, src) else heads
        norms = 1 if parallel else 2
    bias = _bool(cfg, "bias", False, src)
    return _classic(
        "falcon",
        h,
        heads,
        src,
        num_layers=_int(cfg, ("num_hidden_layers", "n_layer"), src),
        num_kv_heads=kv,
        intermediate_size=_int(cfg, ("ffn_hidden_size",), src, 4 * h),
        vocab_size=_int(cfg, ("vocab_size",), src, 65024),
        max_seq_len=_int(cfg, ("max_position_embeddings",), src, 2048),
        tied_embeddings=_bool(cfg, "tie_word_embeddings", True, src),
        attention_bias=bias,
        mlp_bias=bias,
        parallel_attention=parallel or new_arch,
        norms_per_layer=norms,
    )


def _clip_tower(cfg: Cfg, src: str | None, name: str, *, hidden: int, heads: int, intermediate: int) -> Fields:
    """One CLIP tower's encoder, with transformers' CLIPTextConfig / CLIPVisionConfig defaults as given."""
    return _classic(
        "clip",
        _int(cfg, ("hidden_size",), src, hidden),
        _int(cfg, ("num_attention_heads",), src, heads),
        src,
        id=None,
        name=name,
        num_layers=_int(cfg, ("num_hidden_layers",), src, 12),
        intermediate_size=_int(cfg, ("intermediate_size",), src, intermediate),
        learned_positions=True,
        encoder_only=True,
    )


def _clip_text(cfg: Cfg, src: str | None) -> Fields:
    return _clip_tower(cfg, src, "text tower", hidden=512, heads=8, intermediate=2048) | dict(
        vocab_size=_int(cfg, ("vocab_size",), src, 49408),
        max_seq_len=_int(cfg, ("max_position_embeddings",), src, 77),
        tied_embeddings=True,
    )


def _clip_vision(cfg: Cfg, src: str | None) -> Fields:
    fields = _clip_tower(cfg, src, "vision tower", hidden=768, heads=12, intermediate=3072)
    h = fields["hidden_size"]
    image = _int(cfg, ("image_size",), src, 224)
    patch = _int(cfg, ("patch_size",), src, 32)
    channels = _int(cfg, ("num_channels",), src, 3)
    return fields | dict(
        vocab_size=None,
        max_seq_len=(image // patch) ** 2 + 1,
        # patch conv (no bias) + class token + pre-LayerNorm; post-LayerNorm is the final norm
        extra_params=channels * patch * patch * h + h + 2 * h,
    )


def _clip(cfg: Cfg, src: str | None) -> Fields:
    text_cfg = cfg.get("text_config") or {}
    vision_cfg = cfg.get("vision_config") or {}
    if not isinstance(text_cfg, dict) or not isinstance(vision_cfg, dict):
        raise GpudeskError(
            _where(src)
            + t(
                "fields 'text_config' and 'vision_config' must be objects",
                "字段 'text_config' 和 'vision_config' 应为对象",
            )
        )
    text = ModelArch.model_validate(_clip_text(text_cfg, src))
    vision = ModelArch.model_validate(_clip_vision(vision_cfg, src))
    proj = _int(cfg, ("projection_dim",), src, 512)
    vision_h, text_h = known_shape(vision).hidden, known_shape(text).hidden  # both towers' readers set them
    return dict(
        family="clip",
        hidden_size=vision_h,
        num_layers=None,
        vocab_size=text.vocab_size,
        max_seq_len=text.max_seq_len,
        components=[text, vision],
        final_norm=False,
        # visual + text projections (no bias) and the logit scale
        extra_params=vision_h * proj + text_h * proj + 1,
    )


# --- newer decoders --------------------------------------------------------------------------------


def _qwen3(cfg: Cfg, src: str | None) -> Fields:
    """Qwen3: a Llama-style decoder with an explicit head_dim and RMSNorm over q and k per head."""
    return _decoder(cfg, "qwen3", src, qk_norm=True)


def _qwen3_moe(cfg: Cfg, src: str | None) -> Fields:
    """Qwen3-MoE: every `decoder_sparse_step`-th layer not in `mlp_only_layers` is a MoE layer of
    `num_experts` experts of width `moe_intermediate_size`, top `num_experts_per_tok`, no shared expert."""
    fields = _decoder(cfg, "qwen3_moe", src, qk_norm=True)
    layers = fields["num_layers"]
    experts = _int(cfg, ("num_experts",), src)
    step = _int(cfg, ("decoder_sparse_step",), src, 1)
    dense_only = cfg.get("mlp_only_layers") or []
    if not isinstance(dense_only, list):
        raise GpudeskError(_where(src) + t("field 'mlp_only_layers' must be a list", "字段 'mlp_only_layers' 应为列表"))
    sparse = sum(1 for i in range(layers) if i not in dense_only and (i + 1) % step == 0)
    fields.update(
        num_experts=experts,
        experts_per_token=_int(cfg, ("num_experts_per_tok",), src),
        moe_intermediate_size=_int(cfg, ("moe_intermediate_size",), src),
        dense_layers=layers - sparse,
    )
    return fields


def _deepseek(cfg: Cfg, src: str | None, family: str) -> Fields:
    """DeepSeek-V2/V3: multi-head latent attention (MLA) and shared + routed experts after
    `first_k_dense_replace` dense layers (DeepseekV2Config / DeepseekV3Config in the models' remote code)."""
    h = _int(cfg, ("hidden_size",), src)
    heads = _int(cfg, ("num_attention_heads",), src)
    layers = _int(cfg, ("num_hidden_layers",), src)
    experts = _int(cfg, ("n_routed_experts",), src, 1)
    first_dense = _int(cfg, ("first_k_dense_replace",), src, 0, positive=False)
    freq = _int(cfg, ("moe_layer_freq",), src, 1)
    sparse = sum(1 for i in range(layers) if experts > 1 and i >= first_dense and i % freq == 0)
    fields = dict(
        family=family,
        hidden_size=h,
        num_layers=layers,
        num_heads=heads,
        num_kv_heads=heads,
        head_dim=_int(cfg, ("qk_nope_head_dim",), src),
        qk_rope_head_dim=_int(cfg, ("qk_rope_head_dim",), src),
        v_head_dim=_int(cfg, ("v_head_dim",), src),
        kv_lora_rank=_int(cfg, ("kv_lora_rank",), src),
        q_lora_rank=_int(cfg, ("q_lora_rank",), src, None),
        intermediate_size=_int(cfg, ("intermediate_size",), src),
        gated_mlp=True,
        num_experts=experts,
        experts_per_token=_int(cfg, ("num_experts_per_tok",), src, 1),
        moe_intermediate_size=_int(cfg, ("moe_intermediate_size",), src, None),
        shared_experts=_int(cfg, ("n_shared_experts",), src, 0, positive=False),
        dense_layers=layers - sparse,
        router_bias=cfg.get("topk_method") == "noaux_tc",  # V3's e_score_correction_bias
        vocab_size=_int(cfg, ("vocab_size",), src),
        max_seq_len=_int(cfg, ("max_position_embeddings",), src, None),
        tied_embeddings=_bool(cfg, "tie_word_embeddings", False, src),
        attention_bias=_bool(cfg, "attention_bias", False, src),
        norm="rmsnorm",
    )
    return fields


def _chatglm(cfg: Cfg, src: str | None) -> Fields:
    """ChatGLM / GLM-4 (THUDM remote code): fused QKV with `multi_query_group_num` KV groups of
    `kv_channels`, QKV bias, SwiGLU `ffn_hidden_size`, separate output layer."""
    h = _int(cfg, ("hidden_size",), src)
    heads = _int(cfg, ("num_attention_heads",), src)
    mqa = _bool(cfg, "multi_query_attention", False, src)
    bias = _bool(cfg, "add_bias_linear", False, src)
    return dict(
        family="glm",
        hidden_size=h,
        num_layers=_int(cfg, ("num_layers", "num_hidden_layers"), src),
        num_heads=heads,
        num_kv_heads=_int(cfg, ("multi_query_group_num",), src) if mqa else heads,
        head_dim=_int(cfg, ("kv_channels",), src, None) or h // heads,
        intermediate_size=_int(cfg, ("ffn_hidden_size",), src),
        gated_mlp=True,
        vocab_size=_int(cfg, ("padded_vocab_size", "vocab_size"), src),
        max_seq_len=_int(cfg, ("seq_length", "max_position_embeddings"), src, None),
        tied_embeddings=_bool(cfg, "tie_word_embeddings", False, src),
        qkv_bias=_bool(cfg, "add_qkv_bias", False, src) and not bias,
        attention_bias=bias,
        mlp_bias=bias,
        norm="rmsnorm" if _bool(cfg, "rmsnorm", True, src) else "layernorm",
        final_norm=_bool(cfg, "post_layer_norm", True, src),
    )


def _glm(cfg: Cfg, src: str | None, family: str, norms: int) -> Fields:
    """GLM-4 in transformers (GlmConfig "glm": q/k/v bias when attention_bias; Glm4Config "glm4": also
    the post-attention and post-MLP norms, 4 per layer)."""
    return _decoder(
        cfg, family, src, qkv_bias=_bool(cfg, "attention_bias", True, src), attention_bias=False, norms_per_layer=norms
    )


def _gemma(cfg: Cfg, src: str | None, family: str, *, defaults: Fields | None = None) -> Fields:
    """Gemma 1/2/3: GeGLU MLP, explicit head_dim, tied embeddings by default; Gemma 2/3 add the
    post-attention and pre/post-feed-forward norms (4 per layer) and local sliding-window layers
    (Gemma 2: every other layer; Gemma 3: 5 of 6, `sliding_window_pattern`), Gemma 3 q/k norms."""
    cfg = {**(defaults or {}), **cfg}
    extra: Fields = {"norms_per_layer": 2 if family == "gemma" else 4, "qk_norm": family == "gemma3"}
    window = cfg.get("sliding_window")
    if family != "gemma" and window:
        layers = _int(cfg, ("num_hidden_layers",), src)
        kinds = cfg.get("layer_types")
        if isinstance(kinds, list) and kinds:
            local = sum(1 for k in kinds if k == "sliding_attention") / len(kinds)
        elif family == "gemma2":
            local = (layers // 2) / layers  # even layers slide (Gemma2DecoderLayer: not bool(layer_idx % 2))
        else:
            pattern = _int(cfg, ("sliding_window_pattern",), src, 6)
            local = sum(1 for i in range(layers) if (i + 1) % pattern) / layers
        extra.update(sliding_window=_int(cfg, ("sliding_window",), src), sliding_layers=local)
    fields = _decoder(cfg, family, src, **extra)
    fields["tied_embeddings"] = _bool(cfg, "tie_word_embeddings", True, src)
    return fields


# transformers' Gemma3TextConfig defaults (the hub's gemma-3 config.json files omit these fields)
_GEMMA3_TEXT_DEFAULTS = {
    "num_attention_heads": 8,
    "num_key_value_heads": 4,
    "head_dim": 256,
    "vocab_size": 262208,
    "sliding_window_pattern": 6,
    "max_position_embeddings": 131072,
}


def _gemma3(cfg: Cfg, src: str | None) -> Fields:
    """Gemma 3 multimodal checkpoints: the text decoder from `text_config` (the vision tower is not counted)."""
    text = cfg.get("text_config")
    if not isinstance(text, dict):
        raise GpudeskError(_where(src) + t("field 'text_config' must be an object", "字段 'text_config' 应为对象"))
    fields = _gemma(text, src, "gemma3", defaults=_GEMMA3_TEXT_DEFAULTS)
    fields["approximations"] = [
        t(
            "Gemma 3: only the text decoder is counted, not the SigLIP vision tower",
            "Gemma 3：只计入文本解码器，未计入 SigLIP 视觉塔",
        )
    ]
    return fields


READERS: dict[str, Reader] = {
    "llama": lambda c, s: _decoder(c, "llama", s),
    "mistral": lambda c, s: _decoder(c, "mistral", s),
    "mixtral": lambda c, s: _decoder(
        c,
        "mixtral",
        s,
        num_experts=_int(c, ("num_local_experts",), s),
        experts_per_token=_int(c, ("num_experts_per_tok",), s, 2),
    ),
    "qwen2": lambda c, s: _decoder(c, "qwen2", s, qkv_bias=True),
    "gpt2": _gpt2,
    "bert": _bert,
    "roberta": lambda c, s: _bert(c, s, "bert"),
    "gpt_neox": _gpt_neox,
    "falcon": _falcon,
    "RefinedWeb": _falcon,
    "RefinedWebModel": _falcon,
    "clip": _clip,
    "qwen3": _qwen3,
    "qwen3_moe": _qwen3_moe,
    "deepseek_v2": lambda c, s: _deepseek(c, s, "deepseek_v2"),
    "deepseek_v3": lambda c, s: _deepseek(c, s, "deepseek_v3"),
    "chatglm": _chatglm,
    "glm": lambda c, s: _glm(c, s, "glm", 2),
    "glm4": lambda c, s: _glm(c, s, "glm4", 4),
    "gemma": lambda c, s: _gemma(c, s, "gemma"),
    "gemma2": lambda c, s: _gemma(c, s, "gemma2"),
    "gemma3_text": lambda c, s: _gemma(c, s, "gemma3", defaults=_GEMMA3_TEXT_DEFAULTS),
    "gemma3": _gemma3,
}
