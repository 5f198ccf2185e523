"""Messages stored as ids with parameters, worded in the reader's language only when shown.

A rule or a note maker gives a template id (`TEMPLATES`: one (English, 中文) pair per id, in
`advice_texts` and `note_texts`) and its parameters; `render(message, lang)` is the one place that words
one. Parameters are language-neutral: numbers, ids, byte counts, plain strings, or a small typed value
(a dict with a "kind") for what reads differently by language:

    {"kind": "memory", "bytes": n}          units.memory      {"kind": "money", "amount": x, "currency": "CNY"}
    {"kind": "marketed" | "data_size", ...} units.<kind>      {"kind": "label", "of": "recompute", "value": "full"}
    {"kind": "hours", "hours": h}           units.hours
    {"kind": "name", "en": ..., "zh": ...}  a name and its Chinese name (a GPU's catalogue names)
    {"kind": "msg", "id": ..., "params": {...}}  a nested message (a fragment of a sentence)

A message read from an older plan (format 2) has no parameters (`params` None): it keeps the texts the
plan stored (`text`, by language; "" for the language it was made in), which are shown instead.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from functools import cache
from typing import Any, Final

from pydantic import BaseModel, ConfigDict, Field, SerializationInfo, model_serializer, model_validator

from gpudesk.core import units
from gpudesk.core.i18n import current_language, normalise, t, use_language
from gpudesk.core.messages.advice_texts import ADVICE_TEXTS
from gpudesk.core.messages.note_texts import NOTE_TEXTS

TEMPLATES: dict[str, tuple[str, str]] = {**ADVICE_TEXTS, **NOTE_TEXTS}
NOTE_IDS = tuple(k for k in NOTE_TEXTS if "/" not in k)  # the note kinds (ids with "/" are fragments)
LEGACY = "text"  # the id of a note read from an older plan whose kind is not recognised

WORDED: Final = {"worded": True}  # model_dump(context=WORDED): messages as text in the current language
Params = dict[str, Any]


# --- typed parameters ----------------------------------------------------------------------------


def memory(n_bytes: float) -> Params:
    return {"kind": "memory", "bytes": n_bytes}


def marketed(n_bytes: float) -> Params:
    return {"kind": "marketed", "bytes": n_bytes}


def data_size(n_bytes: float) -> Params:
    return {"kind": "data_size", "bytes": n_bytes}


def money(amount: float | None, currency: str) -> Params:
    return {"kind": "money", "amount": amount, "currency": currency}


def hours(h: float | None) -> Params:
    return {"kind": "hours", "hours": h}


def label(of: str, value: Any) -> Params:
    """An enumeration value named in the reader's language (units.label)."""
    return {"kind": "label", "of": of, "value": str(getattr(value, "value", value))}


def names(en: str | None, zh: str | None) -> Params:
    """A name with its Chinese name (either may be missing)."""
    return {"kind": "name", "en": en or zh or "", "zh": zh or en or ""}


def gpu_name(gpu: Any) -> Params:
    """A catalogue GPU's name in the reader's language (its `name` and `name_zh`)."""
    return names(getattr(gpu, "name", None), getattr(gpu, "name_zh", None))


def part(id: str, **params: Any) -> Params:
    """A nested message: a fragment of a sentence worded by its own template."""
    return {"kind": "msg", "id": id, "params": params}


_KINDS: dict[str, Callable[[Mapping[str, Any], str], str]] = {
    "memory": lambda v, lang: units.memory(v["bytes"]),
    "marketed": lambda v, lang: units.marketed(v["bytes"]),
    "data_size": lambda v, lang: units.data_size(v["bytes"]),
    "money": lambda v, lang: units.money(v["amount"], v["currency"]),
    "hours": lambda v, lang: units.hours(v["hours"]),
    "label": lambda v, lang: units.label(v["of"], v["value"]),
    "name": lambda v, lang: str(v["zh"] if lang == "zh_CN" else v["en"]),
    "msg": lambda v, lang: _word(v["id"], v.get("params") or {}, lang),
}


def _value(value: Any, lang: str) -> Any:
    if isinstance(value, Mapping) and "kind" in value:
        return _KINDS[value["kind"]](value, lang)
    return value


def _word(template: str, params: Mapping[str, Any], lang: str) -> str:
    en, zh = TEMPLATES[template]
    return (zh if lang == "zh_CN" else en).format(**{k: _value(v, lang) for k, v in params.items()})


def render(message: Any, lang: str | None = None) -> str:
    """`message` (a Message or an Advice) in `lang` (default: the current language): its template with its
    parameters, or, for one without parameters or with an id this version does not know, the text stored
    with it (in `lang` if stored, else as made), else its id."""
    lang = normalise(lang) if lang else current_language()
    template, params = message.template_id, message.params
    if params is not None and template in TEMPLATES:
        with use_language(lang):  # units words its figures in the reader's language too
            return _word(template, params, lang)
    text: dict[str, str] = message.text
    return text.get(lang) or text.get("") or next(iter(text.values()), "") or message.id


def fault(message: Any) -> str | None:
    """Why `message`'s parameters cannot word its template, in the current language (a damaged plan file);
    None when they can in both languages, or when it has none or a template this version does not know."""
    template, params = message.template_id, message.params
    if params is None or template not in TEMPLATES:
        return None
    for lang in ("en", "zh_CN"):
        try:
            with use_language(lang):
                _word(template, params, lang)
        except (KeyError, IndexError, TypeError, ValueError, AttributeError) as exc:
            why = f"{type(exc).__name__}: {exc}"
            return t(
                "message {id!r}: its parameters do not fit its text ({why})",
                "消息 {id!r}：参数与文本不符（{why}）",
                id=template,
                why=why,
            )
    return None


def template_fields(template: str) -> set[str]:
    """The parameter names a template's two texts use (they must be the same)."""
    from string import Formatter

    return {name for text in TEMPLATES[template] for _, name, _, _ in Formatter().parse(text) if name}


@cache
def _pattern(template: str, lang: str) -> re.Pattern[str]:
    en, zh = TEMPLATES[template]
    parts = re.split(r"\{[^{}]*\}", zh if lang == "zh_CN" else en)
    return re.compile(".*?".join(re.escape(p) for p in parts), re.S)


def recognise(text: str, ids: tuple[str, ...] = NOTE_IDS) -> str | None:
    """Which of `ids` worded `text` (in either language), for a message an older plan stored as text only."""
    return next((i for i in ids for lang in ("en", "zh_CN") if _pattern(i, lang).fullmatch(text)), None)


def worded(info: SerializationInfo) -> bool:
    return bool((info.context or {}).get("worded"))


def text_in(data: Any) -> Any:
    """A message given as worded text (an older plan, a hand-made Advice(message=...)): the text is kept
    as the one to show (`text`), with no parameters."""
    if isinstance(data, str):
        return {"id": recognise(data) or LEGACY, "params": None, "text": {"": data}}
    if isinstance(data, dict) and "message" in data:
        data = dict(data)
        message = data.pop("message")
        if "params" not in data:
            data["params"] = None
            data.setdefault("text", {"": message})
    return data


class Message(BaseModel):
    """A stored message (a note; `Advice` adds its severity): its template id and its parameters, worded
    when shown: `message` in the current language, `render(lang)` in another."""

    model_config = ConfigDict(extra="forbid", defer_build=True, allow_inf_nan=False)

    id: str
    params: dict[str, Any] | None = Field(default_factory=dict)  # None: worded by `text` only (older plans)
    text: dict[str, str] = Field(default_factory=dict)  # language -> text, stored with older plans' messages

    @property
    def template_id(self) -> str:
        return self.id

    @property
    def message(self) -> str:
        return render(self)

    def render(self, lang: str | None = None) -> str:
        return render(self, lang)

    def __str__(self) -> str:
        return render(self)

    def worded_form(self) -> Any:
        """What the JSON people and scripts read (model_dump(context=WORDED)): the text."""
        return render(self)

    @model_validator(mode="before")
    @classmethod
    def _text_in(cls, data: Any) -> Any:
        return text_in(data)

    @model_validator(mode="after")
    def _words(self) -> Message:
        """A message read from a file must word in both languages: a damaged one is named on load, never a
        traceback when the plan is shown or printed."""
        why = fault(self)
        if why is not None:
            raise ValueError(why)
        return self

    @model_serializer(mode="wrap")
    def _dump(self, handler: Any, info: SerializationInfo) -> Any:
        return self.worded_form() if worded(info) else handler(self)


def note(id: str, **params: Any) -> Message:
    """A note of kind `id` with its parameters (built without validation: the search makes many)."""
    return Message.model_construct(id=id, params=params, text={})
