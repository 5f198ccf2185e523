"""A model's shape: the hidden size, depth and heads every transformer estimate needs, narrowed from the
optional sizes a ModelArch carries (a bare parameter count has none)."""

from __future__ import annotations

from typing import NamedTuple

from gpudesk.core.i18n import t
from gpudesk.core.models import ModelArch
from gpudesk.errors import GpudeskError


class Shape(NamedTuple):
    """The three sizes every transformer estimate needs, known (not None)."""

    hidden: int
    layers: int
    heads: int


def shape_of(arch: ModelArch) -> Shape | None:
    """The model's hidden size, depth and heads; None when any is unknown (a bare parameter count)."""
    if arch.hidden_size and arch.num_layers and arch.num_heads:
        return Shape(arch.hidden_size, arch.num_layers, arch.num_heads)
    return None


def has_shape(arch: ModelArch) -> bool:
    return shape_of(arch) is not None


def head_dim(arch: ModelArch) -> int:
    """The width of one attention head: head_dim, or hidden size / heads when it is not given."""
    if arch.head_dim:
        return arch.head_dim
    if arch.hidden_size is None or not arch.num_heads:
        raise GpudeskError(
            t("model '{m}': the attention head width is unknown", "模型“{m}”：注意力头宽度未知", m=arch.name)
        )
    return arch.hidden_size // arch.num_heads


def known_shape(arch: ModelArch) -> Shape:
    """shape_of for callers that have checked the shape is known; GpudeskError naming the model otherwise."""
    shape = shape_of(arch)
    if shape is None:
        raise GpudeskError(
            t(
                "model '{m}': hidden size, layers and attention heads are needed for this estimate",
                "模型“{m}”：此项估算需要隐藏层维度、层数和注意力头数",
                m=arch.name,
            )
        )
    return shape
