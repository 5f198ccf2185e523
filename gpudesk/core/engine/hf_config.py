"""Reading a Hugging Face config.json (or a preset's "gpudesk_arch" fields) into a ModelArch.

One reader per `model_type` (gpudesk.core.engine.hf_readers); this module picks it, names the model, and
refuses what no model is (a field of the wrong kind, more key/value heads than heads, 10^16 parameters).
"""

from __future__ import annotations

import os

from gpudesk.core.engine.counting import count_params, from_params
from gpudesk.core.engine.hf_fields import _ZH_KIND, Cfg, _where
from gpudesk.core.engine.hf_readers import FAMILIES, READERS, _decoder
from gpudesk.core.engine.model_shape import has_shape
from gpudesk.core.i18n import t
from gpudesk.core.limits import MAX_CONFIG_BYTES, MAX_PARAMS
from gpudesk.core.models import ModelArch
from gpudesk.core.validation import reason
from gpudesk.errors import GpudeskError
from gpudesk.fileio import read_json

__all__ = ["FAMILIES", "from_config_file", "from_hf_config"]


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
    if model_type in READERS:
        fields = READERS[model_type](cfg, source)
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
