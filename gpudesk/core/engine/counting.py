"""Counting a model's parameters, and the Llama-shaped stand-in for a model known only by its count.

`count_params` is exact for the families gpudesk.core.engine.hf_readers reads (checked in tests against
the published counts of GPT-2, BERT, Llama-2/3, Mistral, Mixtral, Qwen2/2.5/3, Qwen3-MoE, DeepSeek-V2/V3,
GLM-4, Gemma 2/3, Falcon, CLIP) and cached per architecture, because the recommender calls the
estimators thousands of times. The config readers count a model to refuse impossible sizes, so this
module reads no config itself (gpudesk.core.engine.architecture offers both).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from gpudesk.core.engine.model_shape import shape_of
from gpudesk.core.i18n import t
from gpudesk.core.limits import RANGES
from gpudesk.core.models import ModelArch
from gpudesk.errors import GpudeskError


@dataclass(frozen=True, slots=True)
class ParamCounts:
    """Parameter counts of one model; per-layer figures are for one transformer block (the MoE block when
    the first layers are dense, as in DeepSeek)."""

    total: int
    active: int  # per token (MoE: only the routed experts)
    # the parts: all 0 for a model known only by its count (which is all `other`)
    embedding: int = 0  # input tables: tokens, positions, token types
    lm_head: int = 0  # untied output projection (0 when tied or encoder-only)
    num_layers: int = 0
    per_layer: int = 0  # one block, all experts
    per_layer_active: int = 0
    attention_per_layer: int = 0
    mlp_per_layer: int = 0  # all experts
    router_per_layer: int = 0
    norm_per_layer: int = 0
    other: int = 0  # final norm, pooler, projections, patch embedding ...
    # (d_in, d_out, copies) of each linear matrix of one block, for LoRA adapter counts;
    # copies > 1 for MoE experts
    matrices: dict[str, tuple[int, int, int]] = field(default_factory=dict)
    exact: bool = True  # False when the total is a bare parameter count (shape approximated)
    blocks: int = 0  # all transformer blocks together (dense and MoE layers)
    expert_params: int = 0  # routed experts of all layers (what expert parallelism splits)
    dense_layers: int = 0  # leading dense-MLP layers of a MoE model
    # every linear matrix of the blocks as (name, d_in, d_out, copies over the whole model): LoRA and NF4 counts
    linear: tuple[tuple[str, int, int, int], ...] = ()


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
        name=name or _bare_name(n),
        family="custom",
        hidden_size=h,
        num_layers=layers,
        num_heads=heads,
        num_kv_heads=heads,
        head_dim=h // heads,
        intermediate_size=(8 * h // 3 + 127) // 128 * 128,
        gated_mlp=True,
        vocab_size=vocab,
        max_seq_len=4096,
        params_hint=n,
        approximations=[_guess_note(n, h, layers, heads)],
    )


def _bare_name(n: int) -> str:
    """The stored name of a model known only by its parameter count (a stable key, not words)."""
    return f"{n / 1e9:.3g}B-parameter model"


def _guess_note(n: int, h: int, layers: int, heads: int) -> str:
    return t(
        "only the parameter count ({n:,}) is known: hidden size {h}, {layers} layers, {heads} heads, "
        "vocabulary 32000 and context 4096 are Llama-like guesses used for activations and KV cache",
        "只知道参数量（{n:,}）：隐藏层维度 {h}、{layers} 层、{heads} 个注意力头、词表 32000、上下文 4096 "
        "均为按 Llama 结构推测，用于估算激活值和 KV 缓存",
        n=n,
        h=h,
        layers=layers,
        heads=heads,
    )


def _bare(arch: ModelArch) -> bool:
    if not arch.params_hint:
        return False
    return arch.family == "custom" and arch.id is None and arch.name == _bare_name(int(arch.params_hint))


def model_name(arch: ModelArch) -> str:
    """The model's name as a person reads it, in the current language: a model known only by its parameter
    count reads "1B-parameter model" / "10 亿参数模型" (rendered now, never frozen in the plan's language);
    presets and config files keep their names."""
    if not _bare(arch):
        return arch.name
    n = int(arch.params_hint or 0)
    yi = n / 1e8  # 亿 = 10^8
    en = f"{n / 1e9:.3g}B" if n >= 1e9 else f"{n / 1e6:.3g}M"
    return t("{x}-parameter model", "{y} 亿参数模型", x=en, y=f"{yi:,.0f}" if yi >= 100 else f"{yi:.3g}")


def model_notes(arch: ModelArch) -> list[str]:
    """What the model's shape assumes (`approximations`), in the current language where gpudesk wrote it."""
    if _bare(arch) and arch.hidden_size and arch.num_layers and arch.num_heads:
        return [_guess_note(int(arch.params_hint or 0), arch.hidden_size, arch.num_layers, arch.num_heads)]
    return list(arch.approximations)


# --- counting ---------------------------------------------------------------------------------

_cache: dict[tuple[object, ...], ParamCounts] = {}


def _key(arch: ModelArch) -> tuple[object, ...]:
    d = arch.__dict__
    return (
        d["hidden_size"],
        d["num_layers"],
        d["num_heads"],
        d["num_kv_heads"],
        d["head_dim"],
        d["intermediate_size"],
        d["gated_mlp"],
        d["vocab_size"],
        d["max_seq_len"],
        d["tied_embeddings"],
        d["learned_positions"],
        d["type_vocab_size"],
        d["attention_bias"],
        d["qkv_bias"],
        d["mlp_bias"],
        d["norm"],
        d["num_experts"],
        d["experts_per_token"],
        d["encoder_only"],
        d["params_hint"],
        d.get("norms_per_layer", 2),
        d.get("final_norm", True),
        d.get("extra_params", 0),
        tuple(_key(c) for c in d.get("components") or ()),
        d.get("qk_norm"),
        d.get("q_lora_rank"),
        d.get("kv_lora_rank"),
        d.get("qk_rope_head_dim"),
        d.get("v_head_dim"),
        d.get("moe_intermediate_size"),
        d.get("shared_experts"),
        d.get("dense_layers"),
        d.get("router_bias"),
    )


# the same architecture object asks again and again in one search (every time and memory estimate): found by
# identity before its key is built (architectures are replaced, never changed in place; the entry keeps it alive)
_seen: dict[int, tuple[ModelArch, ParamCounts]] = {}


def count_params(arch: ModelArch) -> ParamCounts:
    """Exact parameter counts (cached per architecture)."""
    seen = _seen.get(id(arch))
    if seen is not None and seen[0] is arch:
        return seen[1]
    hit = _counted(arch)
    if len(_seen) > 256:
        _seen.clear()
    _seen[id(arch)] = (arch, hit)
    return hit


def _counted(arch: ModelArch) -> ParamCounts:
    key = _key(arch)
    hit = _cache.get(key)
    if hit is None:
        hit = _count(arch)
        if len(_cache) > 4096:
            _cache.clear()
        _cache[key] = hit
    return hit


def matmul_params(arch: ModelArch) -> int:
    """Active parameters a token multiplies through (input embedding lookups are not matmuls): the N of the
    training and the serving FLOPs per token."""
    pc = count_params(arch)
    n = pc.active - pc.embedding
    if arch.tied_embeddings and not arch.encoder_only and arch.vocab_size and arch.hidden_size:
        n += arch.vocab_size * arch.hidden_size  # the tied table is used again as the LM head
    return max(n, 1) if pc.num_layers or arch.components else pc.active


def _count(arch: ModelArch) -> ParamCounts:
    if arch.components:
        parts = [count_params(c) for c in arch.components]
        extra = arch.extra_params
        total = sum(p.total for p in parts) + extra
        if arch.params_hint:
            total = arch.params_hint
        return ParamCounts(
            total=total,
            active=total,
            embedding=sum(p.embedding for p in parts),
            lm_head=sum(p.lm_head for p in parts),
            num_layers=sum(p.num_layers for p in parts),
            per_layer=max(p.per_layer for p in parts),
            per_layer_active=max(p.per_layer_active for p in parts),
            attention_per_layer=max(p.attention_per_layer for p in parts),
            mlp_per_layer=max(p.mlp_per_layer for p in parts),
            norm_per_layer=max(p.norm_per_layer for p in parts),
            other=sum(p.other for p in parts) + extra,
            matrices=parts[0].matrices,
            exact=not arch.params_hint and all(p.exact for p in parts),
            blocks=sum(p.blocks for p in parts),
            linear=tuple(x for p in parts for x in p.linear),
        )
    shape = shape_of(arch)
    if shape is None:
        if not arch.params_hint:
            raise GpudeskError(
                t(
                    "model '{m}': neither the architecture nor a parameter count is known",
                    "模型“{m}”：既无结构也无参数量",
                    m=arch.name,
                )
            )
        n = arch.params_hint
        return ParamCounts(total=n, active=n, other=n, exact=False)
    h, layers, heads = shape
    kv = arch.num_kv_heads or heads
    hd = arch.head_dim or h // heads
    inter = arch.intermediate_size or 4 * h
    matrices, attn = _attention(arch, h, heads, kv, hd)
    norm_size = 2 * h if arch.norm == "layernorm" else h
    norms = norm_size * arch.norms_per_layer + (2 * hd if arch.qk_norm else 0)
    experts = arch.num_experts
    moe = experts > 1
    width = (arch.moe_intermediate_size or inter) if moe else inter
    mlp_one = _mlp(arch, h, width)
    shared = arch.shared_experts * mlp_one
    router = (h * experts + (experts if arch.router_bias else 0)) if moe else 0
    per_layer = attn + experts * mlp_one + shared + router + norms
    per_layer_active = attn + min(arch.experts_per_token, experts) * mlp_one + shared + router + norms
    dense = min(arch.dense_layers, layers) if moe else 0
    dense_layer = attn + _mlp(arch, h, inter) + norms
    sparse = layers - dense
    vocab = arch.vocab_size or 0
    embedding = vocab * h + arch.type_vocab_size * h
    if arch.learned_positions:
        embedding += (arch.max_seq_len or 0) * h
    lm_head = 0 if (arch.tied_embeddings or arch.encoder_only) else vocab * h
    other = (norm_size if arch.final_norm else 0) + arch.extra_params
    blocks = dense * dense_layer + sparse * per_layer
    total = embedding + blocks + lm_head + other
    active = embedding + dense * dense_layer + sparse * per_layer_active + lm_head + other
    names = ("gate", "up", "down") if arch.gated_mlp else ("up", "down")
    shapes = {"gate": (h, width), "up": (h, width), "down": (width, h)}
    dense_shapes = {"gate": (h, inter), "up": (h, inter), "down": (inter, h)}
    matrices.update({n: (*shapes[n], experts + arch.shared_experts) for n in names})
    linear = [(n, d_in, d_out, c * layers) for n, (d_in, d_out, c) in matrices.items() if n not in shapes]
    linear += [(n, *shapes[n], (experts + arch.shared_experts) * sparse) for n in names]
    linear += [(n, *dense_shapes[n], dense) for n in names if dense]
    exact = arch.params_hint is None
    if arch.params_hint:  # the stated count wins; the shape only sizes activations and KV cache
        scale = arch.params_hint / total
        active = round(active * scale)
        total = arch.params_hint
    return ParamCounts(
        total=total,
        active=active,
        embedding=embedding,
        lm_head=lm_head,
        num_layers=layers,
        per_layer=per_layer,
        per_layer_active=per_layer_active,
        attention_per_layer=attn,
        mlp_per_layer=experts * mlp_one + shared,
        router_per_layer=router,
        norm_per_layer=norms,
        other=other,
        matrices=matrices,
        exact=exact,
        blocks=blocks,
        expert_params=experts * mlp_one * sparse if moe else 0,
        dense_layers=dense,
        linear=tuple(linear),
    )


def _mlp(arch: ModelArch, h: int, width: int) -> int:
    n = (3 if arch.gated_mlp else 2) * h * width
    if arch.mlp_bias:
        n += (2 * width if arch.gated_mlp else width) + h
    return n


def _attention(arch: ModelArch, h: int, heads: int, kv: int, hd: int) -> tuple[dict[str, tuple[int, int, int]], int]:
    """The attention matrices of one block {name: (d_in, d_out, 1)} and its parameters (biases and the
    MLA latent norms included). MLA (DeepSeek-V2/V3): q down/up projections (or one q_proj without
    q_lora_rank), a KV down-projection to kv_lora_rank plus the shared rotary key, its up-projection to
    per-head keys and values, and the output projection."""
    if arch.kv_lora_rank:
        rope, v = arch.qk_rope_head_dim or 0, arch.v_head_dim or hd
        qk = heads * (hd + rope)
        ql, kvl = arch.q_lora_rank, arch.kv_lora_rank
        m = {"q_a": (h, ql, 1), "q_b": (ql, qk, 1)} if ql else {"q": (h, qk, 1)}
        m.update(kv_a=(h, kvl + rope, 1), kv_b=(kvl, heads * (hd + v), 1), o=(heads * v, h, 1))
        params = sum(a * b for a, b, _ in m.values()) + kvl + (ql or 0)  # + the two latent RMSNorms
        if arch.attention_bias:
            params += sum(b for _, b, _ in m.values())
        return m, params
    q_out, kv_out = heads * hd, kv * hd
    m = {"q": (h, q_out, 1), "k": (h, kv_out, 1), "v": (h, kv_out, 1), "o": (q_out, h, 1)}
    params = h * q_out + 2 * h * kv_out + q_out * h
    if arch.attention_bias:
        params += q_out + 2 * kv_out + h
    elif arch.qkv_bias:
        params += q_out + 2 * kv_out
    return m, params
