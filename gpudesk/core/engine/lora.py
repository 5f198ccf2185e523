"""LoRA targets and trainable parameters (Hu et al. 2021: r·(d_in + d_out) per adapted matrix).

Target names are gpudesk's short names (q k v o gate up down; MLA models also q_a q_b kv_a kv_b) or
the module names PEFT users type (q_proj, c_attn, query_key_value, ...), "all" for every linear layer.
"""

from __future__ import annotations

from gpudesk.core.engine.architecture import count_params
from gpudesk.core.i18n import t
from gpudesk.core.models import Job, ModelArch, TaskKind
from gpudesk.errors import GpudeskError

# module names -> short names (fused projections adapt several matrices at once)
_ALIASES: dict[str, tuple[str, ...]] = {
    "q_proj": ("q",),
    "k_proj": ("k",),
    "v_proj": ("v",),
    "o_proj": ("o",),
    "out_proj": ("o",),
    "dense": ("o",),
    "gate_proj": ("gate",),
    "up_proj": ("up",),
    "down_proj": ("down",),
    "w1": ("gate",),
    "w3": ("up",),
    "w2": ("down",),
    "fc1": ("up",),
    "fc2": ("down",),
    "c_fc": ("up",),
    "query": ("q",),
    "key": ("k",),
    "value": ("v",),
    "query_key_value": ("q", "k", "v"),
    "c_attn": ("q", "k", "v"),
    "qkv_proj": ("q", "k", "v"),
    "w_pack": ("q", "k", "v"),
    "dense_h_to_4h": ("gate", "up"),
    "gate_up_proj": ("gate", "up"),
    "dense_4h_to_h": ("down",),
    "c_proj": ("o", "down"),
    "q_a_proj": ("q_a",),
    "q_b_proj": ("q_b",),
    "kv_a_proj_with_mqa": ("kv_a",),
    "kv_b_proj": ("kv_b",),
}
ALL_LINEAR = ("q", "k", "v", "o", "gate", "up", "down")
MLA_LINEAR = ("q", "q_a", "q_b", "kv_a", "kv_b")
_KNOWN = frozenset(ALL_LINEAR + MLA_LINEAR)
# a short name the model does not have -> the matrices that play its part (MLA: factorised q, shared kv)
_STANDS_FOR = {"q": ("q_a", "q_b"), "k": ("kv_a", "kv_b"), "v": ("kv_a", "kv_b")}


def adapted_matrices(targets: list[str] | tuple[str, ...]) -> frozenset[str]:
    """Short names of the matrices the targets name; GpudeskError for an unknown name."""
    names: set[str] = set()
    for raw in targets:
        key = raw.strip().lower()
        if key in ("all", "all-linear", "all_linear"):
            names.update(_KNOWN)
            continue
        if key in _ALIASES:
            names.update(_ALIASES[key])
        elif key in _KNOWN:
            names.add(key)
        else:
            raise GpudeskError(
                t(
                    "unknown LoRA target {x!r} (use q, k, v, o, gate, up, down or all)",
                    "未知的 LoRA 目标模块 {x!r}（可用 q、k、v、o、gate、up、down 或 all）",
                    x=raw,
                )
            )
    return frozenset(names)


def resolve(adapted: frozenset[str], present: set[str] | frozenset[str]) -> frozenset[str]:
    """The model's own matrix names that `adapted` covers."""
    out = {n for n in adapted if n in present}
    for n in adapted:
        if n not in present:
            out.update(m for m in _STANDS_FOR.get(n, ()) if m in present)
    return frozenset(out)


def lora_adapter_params(arch: ModelArch, rank: int, targets: list[str] | tuple[str, ...]) -> int:
    """r·(d_in + d_out) per adapted matrix, every layer, every expert adapted."""
    if arch.components:
        return sum(lora_adapter_params(c, rank, targets) for c in arch.components)
    pc = count_params(arch)
    chosen = resolve(adapted_matrices(targets), {name for name, *_ in pc.linear})
    return sum(rank * (d_in + d_out) * copies for name, d_in, d_out, copies in pc.linear if name in chosen)


def trainable_params(job: Job) -> int:
    """Parameters that get gradients and optimizer state."""
    task = job.task
    if task is TaskKind.LORA or task is TaskKind.QLORA:
        return lora_adapter_params(job.model, job.lora_rank, job.lora_targets)
    if task is TaskKind.INFERENCE:
        return 0
    return count_params(job.model).total
