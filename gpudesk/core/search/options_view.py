"""How ranked options are presented for choosing (no Qt): one group per GPU type, identical rows once.

The recommender ranks configurations; a reader chooses a GPU type first, then a count. So the
options are grouped by GPU with the group's best option first and the other counts folded under
it, and rows that would read the same (same GPU, count, provider, region, layout and price) are
shown once.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from gpudesk.core.i18n import named, t
from gpudesk.core.models import Option, OptionLayout


def display_key(o: Option) -> tuple[object, ...]:
    """What a reader sees of an option: two options with the same key are the same row to them."""
    lay = o.layout
    return (
        o.gpu,
        o.gpus,
        o.nodes,
        o.provider,
        o.region,
        lay.tp,
        lay.pp,
        lay.zero,
        str(lay.offload),
        str(lay.recompute),
        lay.micro_batch,
        o.cost.price_per_gpu_hour,
        o.cost.price_per_gpu_month,
    )


def dedupe(options: Iterable[Option], shown: Iterable[Option] = ()) -> list[Option]:
    """The options without rows that read the same as a better-ranked one or as one already `shown` (order
    kept)."""
    seen: set[tuple[object, ...]] = {display_key(o) for o in shown}
    out = []
    for o in options:
        key = display_key(o)
        if key not in seen:
            seen.add(key)
            out.append(o)
    return out


@dataclass
class OptionGroup:
    gpu: str
    best: Option
    others: list[Option] = field(default_factory=list)  # the same GPU at other counts or offers, by rank


def group_by_gpu(options: list[Option]) -> list[OptionGroup]:
    """One group per GPU type, ordered by each group's best option; identical rows dropped."""
    groups: dict[str, OptionGroup] = {}
    for o in dedupe(options):
        group = groups.get(o.gpu)
        if group is None:
            groups[o.gpu] = OptionGroup(o.gpu, o)
        else:
            group.others.append(o)
    return list(groups.values())


# fmt: off
# how a layout line names its offload and its recomputation, in both languages: data, kept as compact tables
_OFFLOADS = {"optimizer": ("offload: optimizer", "卸载：优化器状态"),
             "optimizer+params": ("offload: optimizer + parameters", "卸载：优化器状态与参数")}
_RECOMPUTES = {"selective": ("selective recomputation", "选择性重计算"),
               "op-selective": ("op-level selective recomputation", "算子级选择性重计算"),
               "full": ("full recomputation", "完全重计算")}
# fmt: on


def layout_text(lay: OptionLayout) -> str:
    """'TP 2 · PP 1 · DP 4 · ZeRO-1 · micro-batch 1', with offload and recomputation when used."""
    parts = [f"TP {lay.tp}", f"PP {lay.pp}", f"DP {lay.dp}", f"ZeRO-{lay.zero}"]
    for value, names in ((lay.offload, _OFFLOADS), (lay.recompute, _RECOMPUTES)):
        key = str(getattr(value, "value", value))
        if key != "none":
            parts.append(named(names, key))
    parts.append(t("micro-batch {n}", "微批次 {n}", n=lay.micro_batch))
    return " · ".join(parts)
