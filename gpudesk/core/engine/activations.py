"""Activation memory of training: what each block keeps for backward, per recomputation mode and loss.

Korthikanti et al. 2022 ("Reducing Activation Recomputation in Large Transformer Models") eq. (1),
rebuilt term by term for the real attention (GQA, MLA) and MLP widths (SwiGLU, fine-grained experts).
Recomputation: `selective` is Megatron's (the attention core only: with flash attention nothing is
left to drop); `op-selective` is torchtitan's op-level SAC (saves attention outputs and every other
matmul output, recomputes the rest, activation_checkpoint.py); `full` keeps only each block's input.
The loss: with fp32 logits (transformers ForCausalLMLoss `logits.float()`, torchtitan
`cross_entropy(pred.float())`; both free the 16-bit logits before backward) the backward starts with
the fp32 log-softmax, its gradient and the logits' gradient (LOGITS_FP32_COPIES); a chunked or fused
cross-entropy (torchtune, Liger, Unsloth) holds them for one chunk at a time (8 chunks; Unsloth 64).
"""

from __future__ import annotations

import math
from typing import TypedDict

from gpudesk.core.engine.architecture import ParamCounts
from gpudesk.core.engine.frameworks import loss_of, profile_of
from gpudesk.core.engine.model_shape import known_shape
from gpudesk.core.engine.lora import adapted_matrices, resolve
from gpudesk.core.engine.parallel import micro_batches
from gpudesk.core.models import Framework, Job, Layout, Loss, ModelArch, Precision, Recompute, TaskKind

# fp32 copies of s·b·vocab at the start of backward: the log-softmax kept for backward and its gradient
# (2), plus the logits' gradient, of which the fp32 and 16-bit forms are not both alive for long (0.5). The
# measurements bound this at 2-3 copies (tests/core/published.py: torchtitan, HF + FA2 context limits).
LOGITS_FP32_COPIES = 2.5
UNSLOTH_RESIDENT_INPUTS = 2  # Unsloth offloads saved layer inputs to host RAM: one in use, one in transfer


class ActivationDetails(TypedDict):
    """What `activations` reports beside the total (MemoryEstimate.details)."""

    activation_per_layer_bytes: int | None  # one block's, on one GPU (None: no transformer shape)
    logits_bytes: int
    in_flight_micro_batches: int


def activation_bytes_per_element(precision: Precision) -> int:
    return 4 if precision is Precision.FP32 else 2  # FP8 training keeps activations in BF16 (stated)


def _widths(arch: ModelArch) -> dict[str, int]:
    h, _, heads = known_shape(arch)
    hd = arch.head_dim or h // heads
    if arch.kv_lora_rank:  # MLA: per-head q/k of head_dim + rope, values of v_head_dim
        rope, v = arch.qk_rope_head_dim or 0, arch.v_head_dim or hd
        return dict(q=heads * (hd + rope), k=heads * (hd + rope), v=heads * v, out=heads * v)
    kv = (arch.num_kv_heads or heads) * hd
    return dict(q=heads * hd, k=kv, v=kv, out=heads * hd)


def _matmuls(arch: ModelArch, moe: bool) -> list[tuple[str, int, int, int]]:
    """(name, d_in, d_out, copies per token) of one block's matmuls in forward order."""
    h, _, heads = known_shape(arch)
    w = _widths(arch)
    if arch.kv_lora_rank:
        rope = arch.qk_rope_head_dim or 0
        ql, kvl = arch.q_lora_rank, arch.kv_lora_rank
        out = [("q_a", h, ql, 1), ("q_b", ql, w["q"], 1)] if ql else [("q", h, w["q"], 1)]
        out += [("kv_a", h, kvl + rope, 1), ("kv_b", kvl, w["k"] - heads * rope + w["v"], 1)]
    else:
        out = [("q", h, w["q"], 1), ("k", h, w["k"], 1), ("v", h, w["v"], 1)]
    out.append(("o", w["out"], h, 1))
    if moe:
        width = arch.moe_intermediate_size or arch.intermediate_size or 4 * h
        k = min(arch.experts_per_token, arch.num_experts) + arch.shared_experts
    else:
        width, k = arch.intermediate_size or 4 * h, 1
    names = ("gate", "up", "down") if arch.gated_mlp else ("up", "down")
    out += [(n, width if n == "down" else h, h if n == "down" else width, k) for n in names]
    return out


def layer_activation_bytes(
    arch: ModelArch,
    seq: int,
    batch: int,
    a: int,
    flash: bool,
    drop_scores: bool,
    adapted: frozenset[str] | None = None,
    *,
    moe: bool = True,
) -> int:
    """Bytes one transformer block keeps for backward (no tensor parallelism).

    Korthikanti et al. eq. (1) term by term, 16-bit: attention 11·sbh + 5·a·s²·b (QKV input 2,
    Q and K 4, V 2, output-projection input 2, dropout mask 1; softmax output 2, its dropout mask
    1 and output 2), MLP 19·sbh (input 2, GeLU input 8, GeLU output 8, dropout mask 1), two
    LayerNorm inputs 4. Generalised: Q/K/V widths from heads and KV heads (MLA: the latent inputs and
    the per-head q/k/v), the MLP's real width, SwiGLU's four saved tensors (gate, up, act(gate),
    product), routed + shared experts per token, `a` bytes per element with masks at 1 byte, no masks
    without dropout, flash attention's log-sum-exp instead of the scores. `moe=False`: a dense layer
    of a MoE model (DeepSeek's first layers).

    `adapted` (LoRA): the names of the adapted matrices. A frozen linear layer needs no copy of its
    input for backward (no weight gradient), so the inputs of frozen-only matrices are not kept;
    each adapter keeps its r-wide A output.
    """
    h, _, heads = known_shape(arch)
    w = _widths(arch)
    sb = seq * batch
    drop = arch.dropout
    mats = _matmuls(arch, moe and arch.num_experts > 1)
    present = {m[0] for m in mats}
    on = present if adapted is None else resolve(adapted, present)
    attn_in = not on.isdisjoint(("q", "k", "v", "q_a", "kv_a"))
    o_in = "o" in on
    mlp_in = not on.isdisjoint(("gate", "up"))
    down_in = "down" in on
    lora = 0 if adapted is None else len(on)  # r-wide adapter activations, scaled by the rank in _layer
    attn = a * sb * ((h if attn_in else 0) + w["q"] + (w["out"] if o_in else 0) + w["k"] + w["v"])
    if arch.kv_lora_rank:  # the latent projections' outputs, normed and fed to their up-projections
        attn += a * sb * 2 * ((arch.q_lora_rank or 0) + arch.kv_lora_rank)
    attn += sb * h if drop else 0
    if flash:
        # kernel output kept for its backward, plus the contiguous copy fed to o_proj; fp32 logsumexp
        attn += a * sb * w["out"] + 4 * heads * sb
    elif not drop_scores:
        s2 = heads * seq * seq * batch
        attn += a * s2 + ((s2 + a * s2) if drop else 0)
    if arch.gated_mlp:
        width_tensors = 4
    elif arch.unfused_activation:
        width_tensors = 5
    else:
        width_tensors = 2
    if not down_in:
        width_tensors -= 1  # the down projection's input (the activation's output)
    _, width, _, k = mats[-1]  # the down projection: (width -> h) for k experts per token
    mlp = k * ((a * sb * h if mlp_in else 0) + width_tensors * a * sb * width) + (sb * h if drop else 0)
    if moe and arch.num_experts > 1:
        mlp += 4 * sb * arch.num_experts  # fp32 router probabilities
    norms = arch.norms_per_layer * a * sb * h
    return attn + mlp + norms + lora * a * sb


def op_selective_layer_bytes(arch: ModelArch, seq: int, batch: int, a: int, *, moe: bool = True) -> int:
    """torchtitan's op-level SAC: the block input, the attention kernel's output and log-sum-exp, and
    the outputs of the 1st, 3rd, 5th ... matmul of the block (the others are recomputed)."""
    sb = seq * batch
    h, _, heads = known_shape(arch)
    w = _widths(arch)
    saved = sum(
        d_out * k for i, (_, _, d_out, k) in enumerate(_matmuls(arch, moe and arch.num_experts > 1)) if i % 2 == 0
    )
    return a * sb * (h + w["out"] + saved) + 4 * heads * sb


def op_selective_recompute_params(arch: ModelArch, pc: ParamCounts) -> int:
    """Matmul parameters a token runs through again under op-level SAC (the 2nd, 4th ... matmul of
    every block): 2 FLOPs each per token."""
    if not arch.hidden_size or not arch.num_layers or not arch.num_heads or arch.components:
        return 0
    moe = arch.num_experts > 1

    def per_layer(m: bool) -> int:
        return sum(d_in * d_out * k for i, (_, d_in, d_out, k) in enumerate(_matmuls(arch, m)) if i % 2 == 1)

    dense = pc.dense_layers if moe else 0
    return dense * per_layer(False) + (pc.num_layers - dense) * per_layer(moe)


def _layer(
    arch: ModelArch,
    s: int,
    b: int,
    a: int,
    job: Job,
    drop_scores: bool,
    adapted: frozenset[str] | None,
    moe: bool = True,
) -> int:
    if adapted is None:
        return layer_activation_bytes(arch, s, b, a, job.flash_attention, drop_scores, moe=moe)
    plain = layer_activation_bytes(arch, s, b, a, job.flash_attention, drop_scores, adapted, moe=moe)
    # the r-wide adapter outputs were counted at width 1: scale to the rank
    present = {m[0] for m in _matmuls(arch, moe and arch.num_experts > 1)}
    return plain + len(resolve(adapted, present)) * a * s * b * (job.lora_rank - 1)


def _stored(
    arch: ModelArch, s: int, b: int, a: int, job: Job, adapted: frozenset[str] | None, moe: bool
) -> tuple[int, int]:
    """(bytes kept per layer until its backward, bytes of the one layer rebuilt during backward)."""
    rec = Recompute(job.recompute)  # model_copy(update=...) may leave a plain string
    full = _layer(arch, s, b, a, job, rec is not Recompute.NONE, adapted, moe)
    if rec is Recompute.FULL:
        return a * s * b * known_shape(arch).hidden, full  # only the block input; the block is rebuilt in backward
    if rec is Recompute.OP_SELECTIVE:
        return min(full, op_selective_layer_bytes(arch, s, b, a, moe=moe)), full
    return full, 0


def activations(job: Job, layout: Layout, pc: ParamCounts) -> tuple[int, ActivationDetails]:
    """Activation bytes on the fullest GPU (first or last pipeline stage) and details."""
    arch = job.model
    a = activation_bytes_per_element(job.precision)
    adapted = adapted_matrices(job.lora_targets) if job.task in (TaskKind.LORA, TaskKind.QLORA) else None
    b = job.micro_batch
    tp, pp = layout.tp, layout.pp
    rec = Recompute(job.recompute)  # model_copy(update=...) may leave a plain string
    none: ActivationDetails = {"activation_per_layer_bytes": None, "logits_bytes": 0, "in_flight_micro_batches": 1}
    if arch.components:  # e.g. CLIP: each tower at its own fixed input length, no vocabulary logits
        total = 0
        for comp in arch.components:
            s = comp.max_seq_len or job.seq_len
            stored, working = _stored(comp, s, b, a, job, adapted, True)
            total += known_shape(comp).layers * stored + working
        return total // tp, none
    if not arch.hidden_size or not arch.num_layers or not arch.num_heads:
        return 0, none
    s = math.ceil(job.seq_len / job.cp)  # context parallel: each GPU holds its share of the sequence
    h = arch.hidden_size
    moe = arch.num_experts > 1
    stored, working = _stored(arch, s, b, a, job, adapted, moe)
    stored, working = stored // tp, working // tp  # tensor parallel with sequence parallel
    layer = _layer(arch, s, b, a, job, rec is not Recompute.NONE, adapted, moe) // tp
    layers = arch.num_layers
    dense = pc.dense_layers if moe else 0
    if dense:
        d_stored, d_working = _stored(arch, s, b, a, job, adapted, False)
        d_stored, working = d_stored // tp, max(working, d_working // tp)
    else:
        d_stored = stored
    prof = profile_of(job)
    offloaded = prof.id is Framework.UNSLOTH and rec is Recompute.FULL
    per_stage = math.ceil(layers / pp)
    m = micro_batches(job, layout)
    in_flight = min(pp, m) if pp > 1 else 1  # 1F1B: the first stage holds pp micro-batches
    interleave = 1.0
    if pp > 1 and job.virtual_stages > 1:
        # interleaved 1F1B: the first stage keeps (1 + (p-1)/(p·v)) times the layers' activations (Korthikanti §4.2.3)
        interleave = 1 + (pp - 1) / (pp * job.virtual_stages)
    edge = a * s * b * h * 2 // tp  # final norm input + LM-head input
    vocab = arch.vocab_size or 0
    per_element = LOGITS_FP32_COPIES * 4
    if loss_of(job) is Loss.CHUNKED:
        per_element = LOGITS_FP32_COPIES * 4 / prof.loss_chunks
    logits = int(per_element * s * b * vocab) // tp if vocab else 0
    embed_mask = s * b * h if arch.dropout else 0
    if pp == 1:
        kept = dense * d_stored + (layers - dense) * stored
        if offloaded:
            kept = min(kept, UNSLOTH_RESIDENT_INPUTS * stored)
        total = kept + working + edge + logits + embed_mask
    else:
        first = int(in_flight * interleave * per_stage * max(stored, d_stored)) + working + embed_mask
        last = int(interleave * per_stage * stored) + working + edge + logits
        total = max(first, last)
    return total, {"activation_per_layer_bytes": layer, "logits_bytes": logits, "in_flight_micro_batches": in_flight}
