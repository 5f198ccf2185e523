"""pydantic's validation errors in the user's words and language: one home for every "field: reason" line
(plan files, quotes, config.json, the CLI's last resort). pydantic writes English only."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gpudesk.core.i18n import current_language, t

# pydantic error types -> Chinese (English keeps pydantic's own message unless `own_words`)
_ZH_TYPES = {
    "dict_type": "应为对象（键值表）",
    "model_type": "应为对象（键值表）",
    "model_attributes_type": "应为对象（键值表）",
    "list_type": "应为列表",
    "tuple_type": "应为列表",
    "set_type": "应为列表",
    "string_type": "应为文本",
    "bool_type": "应为是/否（true/false）",
    "bool_parsing": "应为是/否（true/false）",
    "extra_forbidden": "不认识的字段",
    "date_from_datetime_parsing": "应为日期 YYYY-MM-DD",
    "date_parsing": "应为日期 YYYY-MM-DD",
    "datetime_parsing": "应为日期时间",
    "enum": "不是可选的值之一",
    "string_pattern_mismatch": "格式不符",
    "too_short": "项数太少",
    "too_long": "项数太多",
    "union_tag_invalid": "类型标记无效",
    "is_instance_of": "类型不对",
    "none_required": "应为空",
}


def reason(err: Mapping[str, Any], *, own_words: bool = False) -> str:
    """Why one pydantic error failed, in the current language. English keeps pydantic's wording unless
    `own_words` (quotes word bounds themselves: "must be at least 0, got -1")."""
    kind, ctx = err.get("type", ""), err.get("ctx") or {}
    english = current_language() != "zh_CN"
    msg = str(err.get("msg", "")).removeprefix("Value error, ")
    if english and not own_words:
        return msg
    if kind in ("greater_than_equal", "greater_than"):
        bound = ctx.get("ge", ctx.get("gt"))
        return (
            t("must be at least {b}, got {v}", "不能小于 {b}，实际为 {v}", b=bound, v=err.get("input"))
            if kind == "greater_than_equal"
            else t("must be more than {b}, got {v}", "必须大于 {b}，实际为 {v}", b=bound, v=err.get("input"))
        )
    if kind in ("less_than_equal", "less_than"):
        return t(
            "must be at most {b}, got {v}",
            "不能大于 {b}，实际为 {v}",
            b=ctx.get("le", ctx.get("lt")),
            v=err.get("input"),
        )
    if kind == "finite_number":
        return t("must be a finite number", "必须是有限的数")
    if kind in ("float_parsing", "int_parsing", "float_type", "int_type", "int_from_float"):
        return t("not a number: {v!r}", "不是数字：{v!r}", v=err.get("input"))
    if kind == "string_too_long":
        return t("too long (at most {n} characters)", "过长（最多 {n} 个字符）", n=ctx.get("max_length"))
    if kind == "literal_error":
        return t("must be one of {e}", "须为以下之一：{e}", e=ctx.get("expected"))
    if kind == "missing":
        return t("required", "必填")
    if not english and kind in _ZH_TYPES:
        return _ZH_TYPES[kind]
    return msg
