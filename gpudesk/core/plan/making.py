"""Making a plan: its choice (with the catalogue rows copied in), alternatives, title, and summaries.

plan = new_plan(job, constraints, catalog, gpu_id="a100-sxm-80gb", gpus=4)
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from gpudesk.core import units
from gpudesk.core.models import Constraints, GpuSpec, Job, Option
from gpudesk.core.plan.files import plan_hash
from gpudesk.core.i18n import LANGUAGES, t, use_language
from gpudesk.core.plan.model import (
    ALTERNATIVES_KEPT,
    CatalogRef,
    Hardware,
    ManualChoice,
    Plan,
    configuration_key,
    now_iso,
)
from gpudesk.core.protocols import Catalogue
from gpudesk.errors import GpudeskError


def _dump(row: Any) -> dict[str, Any] | None:
    if row is None:
        return None
    if isinstance(row, BaseModel):
        return row.model_dump(mode="json")
    return dict(row)


def _row(getter: Callable[[str], Any], key: str | None) -> Any:
    if not key:
        return None
    try:
        return getter(key)
    except GpudeskError:
        return None


def hardware_for(option: Option | None, catalog: Catalogue | None) -> Hardware:
    """Copy the catalogue rows an option refers to (missing rows stay None)."""
    if option is None or catalog is None:
        return Hardware()
    gpu = _row(catalog.gpu, option.gpu)
    return Hardware(
        gpu=GpuSpec.model_validate(gpu.model_dump() if isinstance(gpu, BaseModel) else gpu) if gpu else None,
        server=_dump(_row(catalog.server, option.server)),
        provider=_dump(_row(catalog.provider, option.provider)),
        offer=_dump(_row(catalog.offer, option.offer)),
    )


def catalog_ref(catalog: Catalogue | None) -> CatalogRef:
    meta = getattr(catalog, "meta", None)
    if meta is None:
        return CatalogRef()

    def get(key: str) -> Any:
        return meta.get(key) if isinstance(meta, dict) else getattr(meta, key, None)

    return CatalogRef(content_hash=get("content_hash"), catalog_date=get("catalog_date"))


def validated_option(option: Option) -> Option:
    """A validated copy (the recommender builds Options with model_construct, skipping coercion)."""
    return Option.model_validate(option.model_dump(warnings=False))


def set_choice(plan: Plan, option: Option | None, catalog: Catalogue | None = None) -> Plan:
    """Make `option` the plan's choice (the GUI's option table calls this) and copy its catalogue rows. Its
    advice and notes are ids with parameters (core.messages): each reader's language words them when shown."""
    option = validated_option(option) if option is not None else None
    plan.choice = option
    if option is not None and catalog is not None:
        plan.hardware = hardware_for(option, catalog)
        plan.catalog = catalog_ref(catalog)
    elif option is None:
        plan.hardware = Hardware()
    return plan


def new_plan(
    job: Job,
    constraints: Constraints | None,
    catalog: Catalogue,
    gpu_id: str | None = None,
    gpus: int | None = None,
    *,
    offer_id: str | None = None,
    title: str = "",
    author: str = "",
    organisation: str = "",
    notes: str = "",
    manual: ManualChoice | None = None,
) -> Plan:
    """A plan whose choice is the recommender's top option, or exactly the configuration named.

    `gpu_id` (with `gpus`, default 1) keeps that GPU and count; `gpus` alone picks the best option
    with that many GPUs; `manual` keeps exactly that GPU, count and parallel layout (GpudeskError says why
    it cannot run; one that does not fit is kept with memory.fits false). Alternatives are the
    recommender's top options at this moment and the best option of each other GPU type ("why not a
    cheaper card?"), even when none of it made the top.
    """
    from gpudesk.core.search import evaluate, recommend

    constraints = constraints or Constraints()
    ranked: list[Option] = []
    compared: list[Option] = []  # the top options and the best of every other GPU type, in rank order
    search_error: GpudeskError | None = None
    try:
        rec = recommend(job, constraints, catalog)
        ranked, compared = list(rec.options), rec.compared()
    except GpudeskError as exc:  # fits nowhere within the constraints
        search_error = exc
    if manual is not None:
        choice = evaluate_manual(job, catalog, manual, constraints)
    elif gpu_id:
        choice = evaluate(job, catalog, gpu_id, gpus or 1, offer_id=offer_id, constraints=constraints)
    elif gpus:
        same = [o for o in ranked if o.gpus == gpus]
        if not same:
            if search_error:
                raise search_error
            raise GpudeskError(
                f"no recommended option uses {gpus} GPUs; name the GPU with --gpu "
                f"(recommended counts: {sorted({o.gpus for o in ranked}) or 'none'})"
            )
        choice = same[0]
    else:
        if not ranked:
            raise search_error or GpudeskError("the recommender found no option for this job")
        choice = ranked[0]

    alternatives = [validated_option(o) for o in pick_alternatives(compared, choice)]
    stamp = now_iso()
    plan = Plan(
        title=title or default_title(job, choice),
        author=author,
        organisation=organisation,
        created=stamp,
        modified=stamp,
        job=job,
        constraints=constraints,
        alternatives=alternatives,
        notes=notes,
        manual=manual,
    )
    return set_choice(plan, choice, catalog)


def pick_alternatives(options: list[Option], choice: Option | None, keep: int = ALTERNATIVES_KEPT) -> list[Option]:
    """What a reader compares the choice with: the fastest option of about the choice's cost when it finishes
    clearly sooner (the same money buys a shorter run), the best option of every other GPU type ("why not
    a cheaper card?"), then the next options in rank order; never the choice, never one twice, and never
    two that read the same (one provider's 4- and 8-GPU offers at one price: core.search.options_view)."""
    from gpudesk.core.search.options_view import display_key
    from gpudesk.core.search.ranking import quicker_at_about_equal_cost

    seen = {configuration_key(choice)}
    shown = {display_key(choice)} if choice is not None else set()
    ranked = [o for o in options if configuration_key(o) not in seen and display_key(o) not in shown]
    out: list[Option] = []
    types = {choice.gpu} if choice is not None else set()

    def take(o: Option) -> None:
        seen.add(configuration_key(o))
        shown.add(display_key(o))
        out.append(o)

    quicker = quicker_at_about_equal_cost(ranked, choice)
    if quicker is not None and keep:
        types.add(quicker.gpu)  # it stands for its GPU type too
        take(quicker)

    for o in ranked:  # one per other GPU type, best ranked first
        if o.gpu not in types and len(out) < keep and display_key(o) not in shown:
            types.add(o.gpu)
            take(o)
    for o in ranked:
        if len(out) >= keep:
            break
        if configuration_key(o) not in seen and display_key(o) not in shown:
            take(o)
    order = {id(o): i for i, o in enumerate(options)}
    return sorted(out, key=lambda o: order[id(o)])


def set_alternatives(plan: Plan, options: list[Option], *, keep: int = ALTERNATIVES_KEPT) -> Plan:
    """Keep `keep` options other than the choice (validated copies), other GPU types included."""
    plan.alternatives = [validated_option(o) for o in pick_alternatives(options, plan.choice, keep)]
    return plan


# fmt: off
# the task as a plan's title says it (shorter than core.units' task labels): data, kept as a compact table
_TITLE_TASKS = {"pretrain": ("pre-training", "预训练"), "full": ("full fine-tuning", "全参数训练"),
                "lora": ("LoRA fine-tuning", "LoRA 微调"), "qlora": ("QLoRA fine-tuning", "QLoRA 微调"),
                "inference": ("serving", "推理服务"), "mixed": ("training + serving", "训练 + 推理")}
# fmt: on


def default_title(job: Job, choice: Option, *, model: str | None = None) -> str:
    """The title a new plan gets, in the current language: model, task in words, and the configuration."""
    from gpudesk.core.engine.architecture import model_name

    task = _val(job.task)
    return t(
        "{model} {task} on {n}× {gpu}",
        "{model} {task}：{n}× {gpu}",
        model=model or model_name(job.model),
        task=t(*_TITLE_TASKS.get(task, (task, task))),
        n=choice.gpus,
        gpu=units.gpu_name(choice),
    )


def title_is_default(plan: Plan) -> bool:
    """Whether the title is the one gpudesk gives it (in either language, as this version words it or as
    an older one did with the model's stored name), so it may follow edits and print in the reader's language."""
    title = plan.title.strip()
    if not title:
        return True
    if plan.choice is None:
        return False
    for lang in LANGUAGES:
        with use_language(lang):
            if title in (
                default_title(plan.job, plan.choice),
                default_title(plan.job, plan.choice, model=plan.job.model.name),
            ):
                return True
    return False


def display_title(plan: Plan) -> str:
    """The title a person reads: the user's own title as typed; gpudesk's automatic one (or none) rendered in
    the current language, so a plan made in Chinese prints an English title in an English report."""
    if plan.choice is not None and title_is_default(plan):
        return default_title(plan.job, plan.choice)
    return plan.title


def apply_choice(
    plan: Plan,
    option: Option | None,
    options: list[Option],
    catalog: Catalogue | None = None,
    *,
    follow_title: bool = False,
    manual: ManualChoice | None = None,
) -> Plan:
    """Make `option` the choice with the alternatives from `options`; the title follows when asked."""
    set_choice(plan, option, catalog)
    set_alternatives(plan, list(options))
    plan.manual = manual if option is not None else None
    if follow_title and option is not None:
        plan.title = default_title(plan.job, option)
    return plan


def evaluate_manual(
    job: Job, catalog: Catalogue, manual: ManualChoice, constraints: Constraints | None = None
) -> Option:
    """The engine's answer for exactly the hand-set configuration (GpudeskError says why it cannot run;
    one that does not fit comes back with memory.fits false and the reason in its advice)."""
    from gpudesk.core.search import FixedLayout, evaluate

    layout = FixedLayout(**_hand_set_layout(manual))
    return evaluate(
        job, catalog, manual.gpu, manual.gpus, offer_id=manual.offer, constraints=constraints, layout=layout
    )


def manual_from(option: Option) -> ManualChoice:
    """The hand-set form of an option's configuration (to start editing from it)."""
    return ManualChoice(gpu=option.gpu, gpus=option.gpus, offer=option.offer, **_hand_set_layout(option.layout))


def _hand_set_layout(source: object) -> dict[str, Any]:
    """The layout a person can set by hand (the search's FixedLayout: tp, pp, ZeRO stage, offload, recompute,
    micro-batch), read from a ManualChoice or an option's layout."""
    from dataclasses import fields

    from gpudesk.core.search import FixedLayout

    return {f.name: getattr(source, f.name) for f in fields(FixedLayout)}


def _val(x: Any) -> str:
    return str(getattr(x, "value", x))


def choice_summary(option: Option | None) -> dict[str, Any] | None:
    """The chosen configuration in a few stable keys (figures copied from the Option, not recomputed)."""
    if option is None:
        return None
    lay, cost = option.layout, option.cost
    return {
        "gpu": option.gpu,
        "gpu_name": option.gpu_name,
        "gpu_name_zh": option.gpu_name_zh,
        "gpus": option.gpus,
        "nodes": option.nodes,
        "gpus_per_node": option.gpus_per_node,
        "interconnect": option.interconnect,
        "network": option.network,
        "provider": option.provider,
        "offer": option.offer,
        "region": option.region,
        "server": option.server,
        "tier": _val(option.tier),
        "layout": {
            "tp": lay.tp,
            "pp": lay.pp,
            "dp": lay.dp,
            "zero": lay.zero,
            "offload": _val(lay.offload),
            "recompute": _val(lay.recompute),
            "micro_batch": lay.micro_batch,
        },
        "memory_per_gpu_bytes": option.memory.per_gpu_bytes.total,
        "gpu_capacity_bytes": option.memory.gpu_capacity_bytes,
        "fits": option.memory.fits,
        "hours": option.time.hours,
        "gpu_hours": option.time.gpu_hours,
        "tokens_per_second": option.time.tokens_per_second,
        "mfu": option.time.mfu,
        "memory_overhead_bytes": option.memory.per_gpu_bytes.overhead,
        "currency": cost.currency,
        "price_per_gpu_hour": cost.price_per_gpu_hour,
        "cost_with_trial_margin": cost.with_trial_margin,
        "monthly_cost": cost.monthly_cost,
        "price_kind": option.price_kind,
        "price_date": option.price_date,
        "serving": option.serving.model_dump(mode="json") if option.serving is not None else None,
    }


def plan_summary(plan: Plan, path: str | os.PathLike[str] | None = None) -> dict[str, Any]:
    return {
        "title": plan.title,
        "organisation": plan.organisation,
        "author": plan.author,
        "file": str(Path(path).resolve()) if path else None,
        "hash": plan_hash(plan),
        "created": plan.created,
        "modified": plan.modified,
        "model": plan.job.model.name,
        "model_id": plan.job.model.id,
        "task": _val(plan.job.task),
        "choice": choice_summary(plan.choice),
        "alternatives": len(plan.alternatives),
        "catalog": plan.catalog.model_dump(),
        "quotes": len(plan.quotes),
        "selected_quote": plan.quote_selection.quote if plan.quote_selection else None,
    }
