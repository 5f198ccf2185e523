"""Which parallel layouts can exist at all: one rule set for the CLI, the GUI and the recommender.

Tensor parallelism splits attention heads across GPUs: the degree must divide the heads (Megatron-LM
and vLLM both refuse otherwise), and the key/value heads must split evenly or be replicated evenly
(vLLM: kv % tp == 0 or tp % kv == 0). Pipeline parallelism gives each stage at least one layer.
The GPU count must be a multiple of tp·pp (the rest is data parallelism). Shapes guessed from a bare
parameter count (`params_hint`) do not constrain tp: their head count is not real.
"""

from __future__ import annotations

from gpudesk.core.engine.architecture import count_params
from gpudesk.core.i18n import t
from gpudesk.core.models import Layout, ModelArch
from gpudesk.errors import GpudeskError


def _towers(arch: ModelArch) -> tuple[ModelArch, ...]:
    return tuple(arch.components) or (arch,)


def tp_problem(arch: ModelArch | None, tp: int) -> str | None:
    """Why tensor-parallel degree `tp` cannot split this model, or None when it can."""
    if tp <= 1 or arch is None or arch.params_hint:
        return None
    for part in _towers(arch):
        heads, kv = part.num_heads, part.num_kv_heads or part.num_heads
        if not heads:
            continue
        if heads % tp:
            return t(
                "tensor parallel {tp} does not divide the model's {h} attention heads",
                "张量并行 {tp} 不能整除模型的 {h} 个注意力头",
                tp=tp,
                h=heads,
            )
        if kv and kv % tp and tp % kv:
            return t(
                "tensor parallel {tp} can neither split nor evenly replicate the model's {kv} key/value heads",
                "张量并行 {tp} 既不能均分也不能均匀复制模型的 {kv} 个键值头",
                tp=tp,
                kv=kv,
            )
    return None


def pp_problem(arch: ModelArch | None, pp: int) -> str | None:
    """Why `pp` pipeline stages cannot hold this model, or None when they can."""
    if pp <= 1 or arch is None:
        return None
    layers = count_params(arch).num_layers
    if layers and pp > layers:
        return t(
            "{pp} pipeline stages for a model of {n} layers: each stage needs at least one layer",
            "{pp} 级流水线而模型只有 {n} 层：每一级至少需要一层",
            pp=pp,
            n=layers,
        )
    return None


def check_layout(layout: Layout, arch: ModelArch | None = None) -> None:
    """GpudeskError naming the problem when `layout` cannot exist (for `arch`, when given)."""
    if layout.gpus % (layout.tp * layout.pp):
        raise GpudeskError(
            t(
                "impossible layout: tp·pp = {tp}·{pp} = {m} does not divide {n} GPUs",
                "无法实现的并行布局：tp·pp = {tp}·{pp} = {m} 不能整除 GPU 数 {n}",
                tp=layout.tp,
                pp=layout.pp,
                m=layout.tp * layout.pp,
                n=layout.gpus,
            )
        )
    problem = tp_problem(arch, layout.tp) or pp_problem(arch, layout.pp)
    if problem:
        raise GpudeskError(t("impossible layout: {p}", "无法实现的并行布局：{p}", p=problem))
