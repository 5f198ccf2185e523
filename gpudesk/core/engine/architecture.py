"""Model architectures: read a Hugging Face config.json, or a bare parameter count, and count parameters.

`count_params` is exact for the families read here (checked in tests against the published
counts of GPT-2, BERT, Llama-2/3, Mistral, Mixtral, Qwen2, Falcon, CLIP) and cached per
architecture, because the recommender calls the estimators thousands of times.
"""

from __future__ import annotations

import math
import os
from dataclasses import dataclass, field

from gpudesk.core.i18n import t
from gpudesk.core.limits import MAX_CONFIG_BYTES, MAX_PARAMS, RANGES
from gpudesk.core.models import ModelArch
from gpudesk.errors import GpudeskError
from gpudesk.fileio import read_json

FAMILIES = ("llama", "mistral", "mixtral", "qwen2", "gpt2", "bert", "gpt_neox", "falcon", "clip")


@dataclass(frozen=True, slots=True)
class ParamCounts:
    """Parameter counts of one model; per-layer figures are for one transformer block."""

    total: int
    active: int  # per token (MoE: only the routed experts)
    embedding: int  # input tables: tokens, positions, token types
    lm_head: int  # untied output projection (0 when tied or encoder-only)
    num_layers: int
    per_layer: int  # one block, all experts
    per_layer_active: int
    attention_per_layer: int
    mlp_per_layer: int  # all experts
    router_per_layer: int
    norm_per_layer: int
    other: int  # final norm, pooler, projections, patch embedding ...
    # (d_in, d_out, copies) of each linear matrix of one block, for LoRA adapter counts;
    # copies > 1 for MoE experts
    matrices: dict[str, tuple[int, int, int]] = field(default_factory=dict)
    exact: bool = True  # False when the total is a bare parameter count (shape approximated)


# --- reading config.json ----------------------------------------------------------------------


def _where(source: str | None) -> str:
    return f"{source}: " if source else "config.json: "


def _int(cfg: dict, keys: tuple[str, ...], src: str | None, default: object = ..., *, positive=True):
    """The first present key of `keys` as a positive int; GpudeskError naming the field otherwise."""
    for key in keys:
        if key in cfg and cfg[key] is not None:
            value = cfg[key]
            if (isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value)
                    or value != int(value)):
                raise GpudeskError(f"{_where(src)}field '{key}' must be an integer, got {value!r}")
            if abs(value) > 2**53:  # no config field is this large; beyond it a float is not an exact integer
                raise GpudeskError(f"{_where(src)}field '{key}' is far too large: {value!r}")
            if positive and value <= 0:
                raise GpudeskError(f"{_where(src)}field '{key}' must be positive, got {value!r}")
            return int(value)
    if default is ...:
        raise GpudeskError(f"{_where(src)}missing field '{keys[0]}'")
    return default


def _bool(cfg: dict, key: str, default: bool, src: str | None) -> bool:
    value = cfg.get(key, default)
    if value is None:
        return default
    if not isinstance(value, bool):
        raise GpudeskError(f"{_where(src)}field '{key}' must be true or false, got {value!r}")
    return value


def _head_dim(hidden: int, heads: int, cfg: dict, src: str | None) -> int:
    if cfg.get("head_dim") is not None:
        return _int(cfg, ("head_dim",), src)
    if hidden % heads:
        raise GpudeskError(f"{_where(src)}field 'hidden_size' ({hidden}) is not divisible by "
                           f"'num_attention_heads' ({heads})")
    return hidden // heads


def _decoder(cfg: dict, family: str, src: str | None, **kw) -> dict:
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


def _gpt2(cfg: dict, src: str | None) -> dict:
    h = _int(cfg, ("n_embd", "hidden_size"), src)
    heads = _int(cfg, ("n_head", "num_attention_heads"), src)
    return dict(
        family="gpt2", hidden_size=h, num_layers=_int(cfg, ("n_layer", "num_hidden_layers"), src),
        num_heads=heads, num_kv_heads=heads, head_dim=_head_dim(h, heads, {}, src),
        intermediate_size=_int(cfg, ("n_inner",), src, 4 * h), gated_mlp=False,
        vocab_size=_int(cfg, ("vocab_size",), src),
        max_seq_len=_int(cfg, ("n_positions", "n_ctx", "max_position_embeddings"), src),
        tied_embeddings=_bool(cfg, "tie_word_embeddings", True, src), learned_positions=True,
        attention_bias=True, mlp_bias=True, norm="layernorm", dropout=True,
        # HF's gelu_new is a Python formula: autograd keeps its intermediate tensors
        unfused_activation=cfg.get("activation_function", "gelu_new") == "gelu_new",
    )


def _bert(cfg: dict, src: str | None, family: str = "bert") -> dict:
    h = _int(cfg, ("hidden_size",), src)
    heads = _int(cfg, ("num_attention_heads",), src)
    return dict(
        family=family, hidden_size=h, num_layers=_int(cfg, ("num_hidden_layers",), src),
        num_heads=heads, num_kv_heads=heads, head_dim=_head_dim(h, heads, {}, src),
        intermediate_size=_int(cfg, ("intermediate_size",), src), gated_mlp=False,
        vocab_size=_int(cfg, ("vocab_size",), src),
        max_seq_len=_int(cfg, ("max_position_embeddings",), src), learned_positions=True,
        type_vocab_size=_int(cfg, ("type_vocab_size",), src, 2, positive=False),
        tied_embeddings=True, attention_bias=True, mlp_bias=True, norm="layernorm",
        encoder_only=True, final_norm=True, dropout=True,  # final_norm: the embedding LayerNorm, counted as the one extra norm
        extra_params=h * h + h,  # pooler dense (BertModel's published counts include it)
    )


def _gpt_neox(cfg: dict, src: str | None) -> dict:
    h = _int(cfg, ("hidden_size",), src)
    heads = _int(cfg, ("num_attention_heads",), src)
    return dict(
        family="gpt_neox", hidden_size=h, num_layers=_int(cfg, ("num_hidden_layers",), src),
        num_heads=heads, num_kv_heads=heads, head_dim=_head_dim(h, heads, {}, src),
        intermediate_size=_int(cfg, ("intermediate_size",), src, 4 * h), gated_mlp=False,
        vocab_size=_int(cfg, ("vocab_size",), src),
        max_seq_len=_int(cfg, ("max_position_embeddings",), src, None),
        tied_embeddings=_bool(cfg, "tie_word_embeddings", False, src),
        attention_bias=_bool(cfg, "attention_bias", True, src), mlp_bias=True, norm="layernorm",
        parallel_attention=_bool(cfg, "use_parallel_residual", True, src),
    )


def _falcon(cfg: dict, src: str | None) -> dict:
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
        family="falcon", hidden_size=h, num_layers=_int(cfg, ("num_hidden_layers", "n_layer"), src),
        num_heads=heads, num_kv_heads=kv, head_dim=_head_dim(h, heads, {}, src),
        intermediate_size=_int(cfg, ("ffn_hidden_size",), src, 4 * h), gated_mlp=False,
        vocab_size=_int(cfg, ("vocab_size",), src, 65024),
        max_seq_len=_int(cfg, ("max_position_embeddings",), src, 2048),
        tied_embeddings=_bool(cfg, "tie_word_embeddings", True, src),
        attention_bias=bias, mlp_bias=bias, norm="layernorm", parallel_attention=parallel or new_arch,
        norms_per_layer=norms,
    )


def _clip_text(cfg: dict, src: str | None) -> dict:
    h = _int(cfg, ("hidden_size",), src, 512)
    heads = _int(cfg, ("num_attention_heads",), src, 8)
    return dict(
        id=None, name="text tower", family="clip", hidden_size=h,
        num_layers=_int(cfg, ("num_hidden_layers",), src, 12), num_heads=heads, num_kv_heads=heads,
        head_dim=_head_dim(h, heads, {}, src), intermediate_size=_int(cfg, ("intermediate_size",), src, 2048),
        gated_mlp=False, vocab_size=_int(cfg, ("vocab_size",), src, 49408),
        max_seq_len=_int(cfg, ("max_position_embeddings",), src, 77), learned_positions=True,
        tied_embeddings=True, encoder_only=True, attention_bias=True, mlp_bias=True, norm="layernorm",
    )


def _clip_vision(cfg: dict, src: str | None) -> dict:
    h = _int(cfg, ("hidden_size",), src, 768)
    heads = _int(cfg, ("num_attention_heads",), src, 12)
    image = _int(cfg, ("image_size",), src, 224)
    patch = _int(cfg, ("patch_size",), src, 32)
    channels = _int(cfg, ("num_channels",), src, 3)
    patches = (image // patch) ** 2
    return dict(
        id=None, name="vision tower", family="clip", hidden_size=h,
        num_layers=_int(cfg, ("num_hidden_layers",), src, 12), num_heads=heads, num_kv_heads=heads,
        head_dim=_head_dim(h, heads, {}, src), intermediate_size=_int(cfg, ("intermediate_size",), src, 3072),
        gated_mlp=False, vocab_size=None, max_seq_len=patches + 1, learned_positions=True,
        encoder_only=True, attention_bias=True, mlp_bias=True, norm="layernorm",
        # patch conv (no bias) + class token + pre-LayerNorm; post-LayerNorm is the final norm
        extra_params=channels * patch * patch * h + h + 2 * h,
    )


def _clip(cfg: dict, src: str | None) -> dict:
    text_cfg = cfg.get("text_config") or {}
    vision_cfg = cfg.get("vision_config") or {}
    if not isinstance(text_cfg, dict) or not isinstance(vision_cfg, dict):
        raise GpudeskError(f"{_where(src)}fields 'text_config' and 'vision_config' must be objects")
    text = ModelArch.model_validate(_clip_text(text_cfg, src))
    vision = ModelArch.model_validate(_clip_vision(vision_cfg, src))
    proj = _int(cfg, ("projection_dim",), src, 512)
    return dict(
        family="clip", hidden_size=vision.hidden_size, num_layers=None, vocab_size=text.vocab_size,
        max_seq_len=text.max_seq_len, components=[text, vision], final_norm=False,
        # visual + text projections (no bias) and the logit scale
        extra_params=vision.hidden_size * proj + text.hidden_size * proj + 1,
    )


_READERS = {
    "llama": lambda c, s: _decoder(c, "llama", s),
    "mistral": lambda c, s: _decoder(c, "mistral", s),
    "mixtral": lambda c, s: _decoder(
        c, "mixtral", s, num_experts=_int(c, ("num_local_experts",), s),
        experts_per_token=_int(c, ("num_experts_per_tok",), s, 2)),
    "qwen2": lambda c, s: _decoder(c, "qwen2", s, qkv_bias=True),
    "gpt2": _gpt2,
    "bert": _bert,
    "roberta": lambda c, s: _bert(c, s, "bert"),
    "gpt_neox": _gpt_neox,
    "falcon": _falcon,
    "RefinedWeb": _falcon,
    "RefinedWebModel": _falcon,
    "clip": _clip,
}


def from_hf_config(cfg: dict, *, id: str | None = None, name: str | None = None,
                   source: str | None = None) -> ModelArch:
    """A ModelArch from a Hugging Face config.json (already parsed), or from a dict whose key
    "gpudesk_arch" holds ModelArch fields directly (presets that are not transformer configs)."""
    if not isinstance(cfg, dict):
        raise GpudeskError(f"{_where(source)}expected a JSON object")
    if "gpudesk_arch" in cfg:
        return _from_gpudesk_arch(cfg["gpudesk_arch"], id=id, name=name, source=source)
    model_type = cfg.get("model_type")
    if model_type is not None and not isinstance(model_type, str):
        raise GpudeskError(f"{_where(source)}field 'model_type' must be a text such as \"llama\", "
                           f"got {type(model_type).__name__} {_short(model_type)}")
    approximations: list[str] = []
    if model_type in _READERS:
        fields = _READERS[model_type](cfg, source)
    elif "hidden_size" in cfg and "num_hidden_layers" in cfg and "intermediate_size" in cfg:
        # an unknown decoder with Llama-style field names: read as Llama (gated MLP, RMSNorm)
        fields = _decoder(cfg, "custom", source)
        approximations.append(t(
            "model_type {mt!r} unknown: read as a Llama-style decoder (gated MLP, RMSNorm, no biases)",
            "未知的 model_type {mt!r}：按 Llama 式解码器读取（门控 MLP、RMSNorm、无偏置）", mt=model_type))
    elif model_type is None:
        raise GpudeskError(f"{_where(source)}missing field 'model_type'")
    else:
        raise GpudeskError(f"{_where(source)}field 'model_type' {model_type!r} is not supported "
                           f"(supported: {', '.join(FAMILIES)})")
    fields["id"] = id
    label = cfg.get("_name_or_path")
    fields["name"] = name or (label if isinstance(label, str) and label else None) or id or fields["family"]
    fields["source"] = source
    fields["approximations"] = approximations
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
    for part in (arch, *arch.components):
        heads, kv = part.num_heads, part.num_kv_heads
        if heads and kv and (kv > heads or heads % kv):
            raise GpudeskError(t(
                "{w}{kv} key/value heads for {h} attention heads: the attention heads must be a multiple of them",
                "{w}{kv} 个键值头对应 {h} 个注意力头：注意力头数必须是键值头数的整数倍",
                w=_where(source), kv=kv, h=heads))
    total = count_params(arch).total
    if total > MAX_PARAMS:
        raise GpudeskError(t("{w}{n:.3g} parameters: beyond the {m:.0e} gpudesk plans for (check the config's sizes)",
                             "{w}{n:.3g} 个参数：超出 gpudesk 可规划的 {m:.0e}（请检查配置中的尺寸）",
                             w=_where(source), n=total, m=MAX_PARAMS))
    return arch


def _field_error(exc: Exception, source: str | None) -> GpudeskError:
    errors = getattr(exc, "errors", None)
    if callable(errors):
        first = errors()[0]
        where = ".".join(str(p) for p in first.get("loc", ())) or "?"
        return GpudeskError(f"{_where(source)}field '{where}': {first.get('msg')}")
    return GpudeskError(f"{_where(source)}{exc}")


def _from_gpudesk_arch(data: object, *, id, name, source) -> ModelArch:
    if not isinstance(data, dict):
        raise GpudeskError(f"{_where(source)}field 'gpudesk_arch' must be an object")
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
    if not _has_shape(arch) and not arch.components:
        if arch.params_hint is None:
            raise GpudeskError(f"{_where(source)}gpudesk_arch: missing field 'params_hint' "
                               "(or hidden_size, num_layers, num_heads)")
        # not a transformer we can describe (e.g. a diffusion UNet): approximate the shape
        approx = from_params(arch.params_hint, arch.name)
        merged = approx.model_dump()
        merged.update({k: v for k, v in arch.model_dump().items() if v not in (None, [], 0) or k == "id"})
        merged["approximations"] = list(arch.approximations) + approx.approximations
        arch = ModelArch.model_construct(**merged)
    return arch


def _has_shape(arch: ModelArch) -> bool:
    return bool(arch.hidden_size and arch.num_layers and arch.num_heads)


# --- a bare parameter count -------------------------------------------------------------------


def from_params(n: int | float, name: str | None = None) -> ModelArch:
    """A Llama-shaped stand-in for a model known only by its parameter count.

    The total stays exactly `n`; hidden size and depth follow the Llama family's aspect ratio
    (layers ≈ hidden / 128, as Llama-2 7B/13B/70B: 4096/32, 5120/40, 8192/80), so that activations
    and the KV cache get plausible sizes. All of this is listed in `approximations`.
    """
    n = int(RANGES["params"].check(n, t("parameter count", "参数量")))
    vocab = 32000
    # n ≈ 12·L·h² + 2·V·h with L = h/128 (gated MLP of width 8h/3 keeps 12·h² per block)
    h = 256
    while True:
        nxt = h + 128
        if 12 * (nxt // 128) * nxt * nxt + 2 * vocab * nxt > n:
            break
        h = nxt
    layers = max(1, round((n - 2 * vocab * h) / (12 * h * h))) if n > 2 * vocab * h else 1
    heads = max(1, h // 128)
    return ModelArch(
        name=name or f"{n / 1e9:.3g}B-parameter model", family="custom", hidden_size=h,
        num_layers=layers, num_heads=heads, num_kv_heads=heads, head_dim=h // heads,
        intermediate_size=(8 * h // 3 + 127) // 128 * 128, gated_mlp=True, vocab_size=vocab,
        max_seq_len=4096, params_hint=n,
        approximations=[t(
            "only the parameter count ({n:,}) is known: hidden size {h}, {layers} layers, {heads} heads, "
            "vocabulary 32000 and context 4096 are Llama-like guesses used for activations and KV cache",
            "只知道参数量（{n:,}）：隐藏层维度 {h}、{layers} 层、{heads} 个注意力头、词表 32000、上下文 4096 "
            "均为按 Llama 结构推测，用于估算激活值和 KV 缓存", n=n, h=h, layers=layers, heads=heads)],
    )


# --- counting ---------------------------------------------------------------------------------

_cache: dict[tuple, ParamCounts] = {}


def _key(arch: ModelArch) -> tuple:
    d = arch.__dict__
    return (d["hidden_size"], d["num_layers"], d["num_heads"], d["num_kv_heads"], d["head_dim"],
            d["intermediate_size"], d["gated_mlp"], d["vocab_size"], d["max_seq_len"], d["tied_embeddings"],
            d["learned_positions"], d["type_vocab_size"], d["attention_bias"], d["qkv_bias"], d["mlp_bias"],
            d["norm"], d["num_experts"], d["experts_per_token"], d["encoder_only"], d["params_hint"],
            d.get("norms_per_layer", 2), d.get("final_norm", True), d.get("extra_params", 0),
            tuple(_key(c) for c in d.get("components") or ()))


def count_params(arch: ModelArch) -> ParamCounts:
    """Exact parameter counts (cached per architecture)."""
    key = _key(arch)
    hit = _cache.get(key)
    if hit is None:
        hit = _count(arch)
        if len(_cache) > 4096:
            _cache.clear()
        _cache[key] = hit
    return hit


def _count(arch: ModelArch) -> ParamCounts:
    if arch.components:
        parts = [count_params(c) for c in arch.components]
        extra = arch.extra_params
        total = sum(p.total for p in parts) + extra
        if arch.params_hint:
            total = arch.params_hint
        return ParamCounts(
            total=total, active=total, embedding=sum(p.embedding for p in parts),
            lm_head=sum(p.lm_head for p in parts), num_layers=sum(p.num_layers for p in parts),
            per_layer=max(p.per_layer for p in parts), per_layer_active=max(p.per_layer_active for p in parts),
            attention_per_layer=max(p.attention_per_layer for p in parts),
            mlp_per_layer=max(p.mlp_per_layer for p in parts), router_per_layer=0,
            norm_per_layer=max(p.norm_per_layer for p in parts),
            other=sum(p.other for p in parts) + extra, matrices=parts[0].matrices,
            exact=not arch.params_hint and all(p.exact for p in parts),
        )
    if not _has_shape(arch):
        if not arch.params_hint:
            raise GpudeskError(t("model '{m}': neither the architecture nor a parameter count is known",
                                 "模型“{m}”：既无结构也无参数量", m=arch.name))
        n = arch.params_hint
        return ParamCounts(total=n, active=n, embedding=0, lm_head=0, num_layers=0, per_layer=0,
                           per_layer_active=0, attention_per_layer=0, mlp_per_layer=0, router_per_layer=0,
                           norm_per_layer=0, other=n, exact=False)
    h = arch.hidden_size
    layers = arch.num_layers
    heads = arch.num_heads
    kv = arch.num_kv_heads or heads
    hd = arch.head_dim or h // heads
    inter = arch.intermediate_size or 4 * h
    q_out, kv_out = heads * hd, kv * hd
    attn = h * q_out + 2 * h * kv_out + q_out * h
    if arch.attention_bias:
        attn += q_out + 2 * kv_out + h
    elif arch.qkv_bias:
        attn += q_out + 2 * kv_out
    mlp_one = (3 if arch.gated_mlp else 2) * h * inter
    if arch.mlp_bias:
        mlp_one += (2 * inter if arch.gated_mlp else inter) + h
    experts = arch.num_experts
    router = h * experts if experts > 1 else 0
    norm_size = 2 * h if arch.norm == "layernorm" else h
    norms = norm_size * arch.norms_per_layer
    per_layer = attn + experts * mlp_one + router + norms
    per_layer_active = attn + min(arch.experts_per_token, experts) * mlp_one + router + norms
    vocab = arch.vocab_size or 0
    embedding = vocab * h + arch.type_vocab_size * h
    if arch.learned_positions:
        embedding += (arch.max_seq_len or 0) * h
    lm_head = 0 if (arch.tied_embeddings or arch.encoder_only) else vocab * h
    other = (norm_size if arch.final_norm else 0) + arch.extra_params
    total = embedding + layers * per_layer + lm_head + other
    active = embedding + layers * per_layer_active + lm_head + other
    matrices = {"q": (h, q_out, 1), "k": (h, kv_out, 1), "v": (h, kv_out, 1), "o": (q_out, h, 1)}
    if arch.gated_mlp:
        matrices.update(gate=(h, inter, experts), up=(h, inter, experts), down=(inter, h, experts))
    else:
        matrices.update(up=(h, inter, experts), down=(inter, h, experts))
    exact = arch.params_hint is None
    if arch.params_hint:  # the stated count wins; the shape only sizes activations and KV cache
        scale = arch.params_hint / total
        active = round(active * scale)
        total = arch.params_hint
    return ParamCounts(
        total=total, active=active, embedding=embedding, lm_head=lm_head, num_layers=layers,
        per_layer=per_layer, per_layer_active=per_layer_active, attention_per_layer=attn,
        mlp_per_layer=experts * mlp_one, router_per_layer=router, norm_per_layer=norms, other=other,
        matrices=matrices, exact=exact,
    )


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
