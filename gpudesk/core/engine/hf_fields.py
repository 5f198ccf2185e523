"""The field readers of a Hugging Face config.json (gpudesk.core.engine.hf_config): one checked value each,
a one-line GpudeskError in the current language naming the file and the field otherwise."""

from __future__ import annotations

import math
from types import EllipsisType
from typing import Any, overload

from gpudesk.core.i18n import colon, t
from gpudesk.errors import GpudeskError

Cfg = dict[str, Any]  # a parsed config.json: JSON of any shape, checked field by field by the readers


_ZH_KIND = {"list": "列表", "dict": "对象", "int": "整数", "float": "数", "bool": "布尔值"}


def _where(source: str | None) -> str:
    return colon(source or "config.json")


@overload
def _int(cfg: Cfg, keys: tuple[str, ...], src: str | None, *, positive: bool = True) -> int: ...
@overload
def _int(cfg: Cfg, keys: tuple[str, ...], src: str | None, default: int, *, positive: bool = True) -> int: ...
@overload
def _int(cfg: Cfg, keys: tuple[str, ...], src: str | None, default: None, *, positive: bool = True) -> int | None: ...
def _int(
    cfg: Cfg, keys: tuple[str, ...], src: str | None, default: int | None | EllipsisType = ..., *, positive: bool = True
) -> int | None:
    """The first present key of `keys` as a positive int; GpudeskError naming the field otherwise."""
    for key in keys:
        if key in cfg and cfg[key] is not None:
            value = cfg[key]
            if (
                isinstance(value, bool)
                or not isinstance(value, (int, float))
                or not math.isfinite(value)
                or value != int(value)
            ):
                raise GpudeskError(
                    _where(src)
                    + t(
                        "field '{k}' must be an integer, got {v!r}", "字段 '{k}' 应为整数，实际为 {v!r}", k=key, v=value
                    )
                )
            if abs(value) > 2**53:  # no config field is this large; beyond it a float is not an exact integer
                raise GpudeskError(
                    _where(src) + t("field '{k}' is far too large: {v!r}", "字段 '{k}' 大得离谱：{v!r}", k=key, v=value)
                )
            if positive and value <= 0:
                raise GpudeskError(
                    _where(src)
                    + t("field '{k}' must be positive, got {v!r}", "字段 '{k}' 应为正数，实际为 {v!r}", k=key, v=value)
                )
            return int(value)
    if isinstance(default, EllipsisType):
        raise GpudeskError(_where(src) + t("missing field '{k}'", "缺少字段 '{k}'", k=keys[0]))
    return default


def _bool(cfg: Cfg, key: str, default: bool, src: str | None) -> bool:
    value = cfg.get(key, default)
    if value is None:
        return default
    if not isinstance(value, bool):
        raise GpudeskError(
            _where(src)
            + t(
                "field '{k}' must be true or false, got {v!r}",
                "字段 '{k}' 应为 true 或 false，实际为 {v!r}",
                k=key,
                v=value,
            )
        )
    return value


def _head_dim(hidden: int, heads: int, cfg: Cfg, src: str | None) -> int:
    if cfg.get("head_dim") is not None:
        return _int(cfg, ("head_dim",), src)
    if hidden % heads:
        raise GpudeskError(
            _where(src)
            + t(
                "field 'hidden_size' ({h}) is not divisible by 'num_attention_heads' ({n})",
                "字段 'hidden_size'（{h}）不能被 'num_attention_heads'（{n}）整除",
                h=hidden,
                n=heads,
            )
        )
    return hidden // heads
