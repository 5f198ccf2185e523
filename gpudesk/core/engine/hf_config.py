"""Reading a Hugging Face config.json (or a preset's "gpudesk_arch" fields) into a ModelArch.

One reader per `model_type`. Field names and defaults follow each family's configuration class in
transformers (or its remote code for ChatGLM / DeepSeek); counts read this way are checked exactly
against published parameter counts in tests/core/test_architecture.py.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

from gpudesk.core.engine.hf_fields import _ZH_KIND, Cfg, _bool, _head_dim, _int, _where
from gpudesk.core.i18n import t
from gpudesk.core.engine.model_shape import has_shape, known_shape
from gpudesk.core.limits import MAX_CONFIG_BYTES, MAX_PARAMS
from gpudesk.core.models import ModelArch
from gpudesk.core.validation import reason
from gpudesk.errors import GpudeskError
from gpudesk.fileio import read_json

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


def _gpt2(cfg: Cfg, src: str | None) -> Fields:
    h = _int(cfg, ("n_embd", "hidden_size"), src)
    heads = _int(cfg, ("n_head", "num_attention_heads"), src)
    return dict(
        family="gpt2",
        hidden_size=h,
        num_layers=_int(cfg, ("n_layer", "num_hidden_layers"), src),
        num_heads=heads,
        num_kv_heads=heads,
        head_dim=_head_dim(h, heads, {}, src),
        intermediate_size=_int(cfg, ("n_inner",), src, 4 * h),
        gated_mlp=False,
        vocab_size=_int(cfg, ("vocab_size",), src),
        max_seq_len=_int(cfg, ("n_positions", "n_ctx", "max_position_embeddings"), src),
        tied_embeddings=_bool(cfg, "tie_word_embeddings", True, src),
        learned_positions=True,
        attention_bias=True,
        mlp_bias=True,
        norm="layernorm",
        dropout=True,
        # HF's gelu_new is a Python formula: autograd keeps its intermediate tensors
        unfused_activation=cfg.get("activation_function", "gelu_new") == "gelu_new",
    )


def _bert(cfg: Cfg, src: str | None, family: str = "bert") -> Fields:
    h = _int(cfg, ("hidden_size",), src)
    heads = _int(cfg, ("num_attention_heads",), src)
    return dict(
        family=family,
        hidden_size=h,
        num_layers=_int(cfg, ("num_hidden_layers",), src),
        num_heads=heads,
        num_kv_heads=heads,
        head_dim=_head_dim(h, heads, {}, src),
        intermediate_size=_int(cfg, ("intermediate_size",), src),
        gated_mlp=False,
        vocab_size=_int(cfg, ("vocab_size",), src),
        max_seq_len=_int(cfg, ("max_position_embeddings",), src),
        learned_positions=True,
        type_vocab_size=_int(cfg, ("type_vocab_size",), src, 2, positive=False),
        tied_embeddings=True,
        attention_bias=True,
        mlp_bias=True,
        norm="layernorm",
        encoder_only=True,
        final_norm=True,
        dropout=True,  # final_norm: the embedding LayerNorm, counted as the one extra norm
        extra_params=h * h + h,  # pooler dense (BertModel's published counts include it)
    )


def _gpt_neox(cfg: Cfg, src: str | None) -> Fields:
    h = _int(cfg, ("hidden_size",), src)
    heads = _int(cfg, ("num_attention_heads",), src)
    return dict(
        family="gpt_neox",
        hidden_size=h,
        num_layers=_int(cfg, ("num_hidden_layers",), src),
        num_heads=heads,
        num_kv_heads=heads,
        head_dim=_head_dim(h, heads, {}, src),
        intermediate_size=_int(cfg, ("intermediate_size",), src, 4 * h),
        gated_mlp=False,
        vocab_size=_int(cfg, ("vocab_size",), src),
        max_seq_len=_int(cfg, ("max_position_embeddings",), src, None),
        tied_embeddings=_bool(cfg, "tie_word_embeddings", False, src),
        attention_bias=_bool(cfg, "attention_bias", True, src),
        mlp_bias=True,
        norm="layernorm",
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
    return dict(
        family="falcon",
        hidden_size=h,
        num_layers=_int(cfg, ("num_hidden_layers", "n_layer"), src),
        num_heads=heads,
        num_kv_heads=kv,
        head_dim=_head_dim(h, heads, {}, src),
        intermediate_size=_int(cfg, ("ffn_hidden_size",), src, 4 * h),
        gated_mlp=False,
        vocab_size=_int(cfg, ("vocab_size",), src, 65024),
        max_seq_len=_int(cfg, ("max_position_embeddings",), src, 2048),
        tied_embeddings=_bool(cfg, "tie_word_embeddings", True, src),
        attention_bias=bias,
        mlp_bias=bias,
        norm="layernorm",
        parallel_attention=parallel or new_arch,
        norms_per_layer=norms,
    )


def _clip_text(cfg: Cfg, src: str | None) -> Fields:
    h = _int(cfg, ("hidden_size",), src, 512)
    heads = _int(cfg, ("num_attention_heads",), src, 8)
    return dict(
        id=None,
        name="text tower",
        family="clip",
        hidden_size=h,
        num_layers=_int(cfg, ("num_hidden_layers",), src, 12),
        num_heads=heads,
        num_kv_heads=heads,
        head_dim=_head_dim(h, heads, {}, src),
        intermediate_size=_int(cfg, ("intermediate_size",), src, 2048),
        gated_mlp=False,
        vocab_size=_int(cfg, ("vocab_size",), src, 49408),
        max_seq_len=_int(cfg, ("max_position_embeddings",), src, 77),
        learned_positions=True,
        tied_embeddings=True,
        encoder_only=True,
        attention_bias=True,
        mlp_bias=True,
        norm="layernorm",
    )


def _clip_vision(cfg: Cfg, src: str | None) -> Fields:
    h = _int(cfg, ("hidden_size",), src, 768)
    heads = _int(cfg, ("num_attention_heads",), src, 12)
    image = _int(cfg, ("image_size",), src, 224)
    patch = _int(cfg, ("patch_size",), src, 32)
    channels = _int(cfg, ("num_channels",), src, 3)
    patches = (image // patch) ** 2
    return dict(
        id=None,
        name="vision tower",
        family="clip",
        hidden_size=h,
        num_layers=_int(cfg, ("num_hidden_layers",), src, 12),
        num_heads=heads,
        num_kv_heads=heads,
        head_dim=_head_dim(h, heads, {}, src),
        intermediate_size=_int(cfg, ("intermediate_size",), src, 3072),
        gated_mlp=False,
        vocab_size=None,
        max_seq_len=patches + 1,
        learned_positions=True,
        encoder_only=True,
        attention_bias=True,
        mlp_bias=True,
        norm="layernorm",
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


_MORE_READERS: dict[str, Reader] = {
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


_READERS: dict[str, Reader] = {
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
    **_MORE_READERS,
}


def from_hf_config(cfg: Cfg, *, id: str | None = None, name: str | None = None, source: str | None = None) -> ModelArch:
    """A ModelArch from a Hugging Face config.json (already parsed), or from a dict whose key
    "gpudesk_arch" holds ModelArch fields directly (presets that are not transformer configs)."""
    if not isinstance(cfg, dict):
        raise GpudeskError(_where(source) + t("expected a JSON object", "应为 JSON 对象"))
    if "gpudesk_arch" in cfg:
        return _from_gpudesk_arch(cfg["gpudesk_arch"], id=id, name=name, source=source)
    model_type = cfg.get("model_type")
    if model_type is not None and not isinstance(model_type, str):
        raise GpudeskError(
            _where(source)
            + t(
                "field 'model_type' must be a text such as \"llama\", got {k} {v}",
                "字段 'model_type' 应为 \"llama\" 这样的文本，实际为{k} {v}",
                k=t(type(model_type).__name__, _ZH_KIND.get(type(model_type).__name__, "")),
                v=_short(model_type),
            )
        )
    approximations: list[str] = []
    if model_type in _READERS:
        fields = _READERS[model_type](cfg, source)
    elif "hidden_size" in cfg and "num_hidden_layers" in cfg and "intermediate_size" in cfg:
        # an unknown decoder with Llama-style field names: read as Llama (gated MLP, RMSNorm)
        fields = _decoder(cfg, "custom", source)
        approximations.append(
            t(
                "model_type {mt!r} unknown: read as a Llama-style decoder (gated MLP, RMSNorm, no biases)",
                "未知的 model_type {mt!r}：按 Llama 式解码器读取（门控 MLP、RMSNorm、无偏置）",
                mt=model_type,
            )
        )
    elif model_type is None:
        raise GpudeskError(_where(source) + t("missing field 'model_type'", "缺少字段 'model_type'"))
    else:
        raise GpudeskError(
            _where(source)
            + t(
                "field 'model_type' {m!r} is not supported (supported: {f})",
                "不支持字段 'model_type' 的值 {m!r}（支持：{f}）",
                m=model_type,
                f=", ".join(FAMILIES),
            )
        )
    fields["id"] = id
    label = cfg.get("_name_or_path")
    fields["name"] = name or (label if isinstance(label, str) and label else None) or id or fields["family"]
    fields["source"] = source
    fields["approximations"] = fields.get("approximations", []) + approximations
    try:
        arch = ModelArch.model_validate(fields)
    except Exception as exc:  # pydantic ValidationError -> one line naming the field
        raise _field_error(exc, source) from None
    return _within_limits(arch, source)


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _within_limits(arch: ModelArch, source: str | None) -> ModelArch:
    """Refuse shapes no model has (more KV heads than heads, 10^16 parameters): typos, not models."""
    from gpudesk.core.engine.architecture import count_params

    for part in (arch, *arch.components):
        heads, kv = part.num_heads, part.num_kv_heads
        if heads and kv and (kv > heads or heads % kv):
            raise GpudeskError(
                t(
                    "{w}{kv} key/value heads for {h} attention heads: the attention heads must be a multiple of them",
                    "{w}{kv} 个键值头对应 {h} 个注意力头：注意力头数必须是键值头数的整数倍",
                    w=_where(source),
                    kv=kv,
                    h=heads,
                )
            )
    total = count_params(arch).total
    if total > MAX_PARAMS:
        raise GpudeskError(
            t(
                "{w}{n:.3g} parameters: beyond the {m:.0e} gpudesk plans for (check the config's sizes)",
                "{w}{n:.3g} 个参数：超出 gpudesk 可规划的 {m:.0e}（请检查配置中的尺寸）",
                w=_where(source),
                n=total,
                m=MAX_PARAMS,
            )
        )
    return arch


def _field_error(exc: Exception, source: str | None) -> GpudeskError:
    errors = getattr(exc, "errors", None)
    if callable(errors):
        first = errors()[0]
        where = ".".join(str(p) for p in first.get("loc", ())) or "?"
        return GpudeskError(_where(source) + t("field '{w}': {r}", "字段 '{w}'：{r}", w=where, r=reason(first)))
    return GpudeskError(f"{_where(source)}{exc}")


def _from_gpudesk_arch(data: object, *, id: str | None, name: str | None, source: str | None) -> ModelArch:
    if not isinstance(data, dict):
        raise GpudeskError(_where(source) + t("field 'gpudesk_arch' must be an object", "字段 'gpudesk_arch' 应为对象"))
    fields = dict(data)
    if id is not None:
        fields["id"] = id
    if name is not None:
        fields["name"] = name
    if source is not None and not fields.get("source"):
        fields["source"] = source
    try:
        arch = ModelArch.model_validate(fields)
    except Exception as exc:
        raise _field_error(exc, source) from None
    if not has_shape(arch) and not arch.components:
        if arch.params_hint is None:
            raise GpudeskError(
                _where(source)
                + t(
                    "gpudesk_arch: missing field 'params_hint' (or hidden_size, num_layers, num_heads)",
                    "gpudesk_arch：缺少字段 'params_hint'（或 hidden_size、num_layers、num_heads）",
                )
            )
        # not a transformer we can describe (e.g. a diffusion UNet): approximate the shape
        from gpudesk.core.engine.architecture import from_params

        approx = from_params(arch.params_hint, arch.name)
        merged = approx.model_dump()
        merged.update({k: v for k, v in arch.model_dump().items() if v not in (None, [], 0) or k == "id"})
        merged["approximations"] = list(arch.approximations) + approx.approximations
        arch = ModelArch.model_construct(**merged)
    return arch


def from_config_file(path: str | os.PathLike[str], *, id: str | None = None, name: str | None = None) -> ModelArch:
    """Read a config.json file; unreadable or malformed files raise GpudeskError naming the file."""
    source = os.fspath(path)
    if os.path.isdir(source):  # a downloaded model folder
        source = os.path.join(source, "config.json")
    cfg = read_json(source, max_bytes=MAX_CONFIG_BYTES, what="config.json")
    if name is None and isinstance(cfg, dict) and not cfg.get("_name_or_path"):
        p = os.path.abspath(source)
        stem = os.path.splitext(os.path.basename(p))[0]
        name = os.path.basename(os.path.dirname(p)) if stem == "config" else stem
    return from_hf_config(cfg, id=id, name=name, source=source)
