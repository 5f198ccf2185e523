"""Quotes in a plan: adding one (checked against the catalogue, its configuration evaluated by the engine),
removing, selecting one (the plan's choice follows it), and what the job asks of a rental. No Qt.

    q = add_quote(plan, {"provider": "jianmi", "gpu": "rtx-4090", "gpus_per_node": 1, "nodes": 1,
                         "rates": [{"billing": "hourly", "price": 2.0}], "min_hours": 100}, catalog)
    select_quote(plan, q.id, "licensed, cheapest valid quote", catalog)
"""

from __future__ import annotations

import datetime as _dt
import hashlib
import json
from typing import Any, Literal

from gpudesk.core import units
from gpudesk.core.i18n import t
from gpudesk.core.models import Option
from gpudesk.core.plan.making import _dump
from gpudesk.core.plan.model import ALTERNATIVES_KEPT, Plan, now_iso
from gpudesk.core.plan.quote_cost import JobNeeds
from gpudesk.core.plan.quotes import Quote, QuoteFit, QuoteSelection, make_quote, next_quote_id
from gpudesk.core.protocols import Catalogue
from gpudesk.core.rules import MARKET_REFERENCE, same_configuration, storage_bytes
from gpudesk.errors import GpudeskError


def job_key(plan: Plan) -> str:
    """What a quote's fit depends on: the job and the search constraints (a short hash)."""
    doc = {"job": plan.job.model_dump(mode="json"), "constraints": plan.constraints.model_dump(mode="json")}
    blob = json.dumps(doc, sort_keys=True, ensure_ascii=False, separators=(",", ":")).encode()
    return hashlib.sha256(blob).hexdigest()[:16]


def job_needs(plan: Plan, fit: QuoteFit | None) -> JobNeeds:
    """Hours (from the quote's fit: a training run, and a serving job's service period), data + weights + kept
    checkpoints on storage, one checkpoint of egress."""
    from gpudesk.core.engine.architecture import count_params
    from gpudesk.core.engine.states import checkpoint_bytes

    job = plan.job
    ckpt = checkpoint_bytes(job) if job.task.trains else None
    try:
        params = count_params(job.model).total
    except (GpudeskError, ValueError):
        params = job.model.params_hint or 0
    return JobNeeds(
        hours=fit.hours if fit is not None else None,
        trial_margin=job.trial_margin,
        storage_bytes=storage_bytes(job, params, ckpt),
        egress_bytes=int(ckpt or 0),
        service_hours=(fit.service_hours or 0.0) if fit is not None else 0.0,
    )


# --- the provider and the configuration ---------------------------------------------------------


def provider_facts(catalog: Catalogue, provider_id: str) -> tuple[str, str, dict[str, Any] | None]:
    """(id, display name, row) of a provider the catalogue knows; GpudeskError otherwise."""
    row = catalog.provider(provider_id)
    if row.id == MARKET_REFERENCE:
        raise GpudeskError(
            t(
                "{p} is the catalogue's market reference, not a provider: a quote comes from a provider "
                "(add one with `gpudesk catalog add-provider`)",
                "{p} 是目录中的市场参考价，不是服务商：报价须来自服务商（可用 `gpudesk catalog add-provider` 添加）",
                p=provider_id,
            )
        )
    name = getattr(row, "name_zh", None) or getattr(row, "name_en", None) or row.id
    return row.id, name, _dump(row)


def _offer_for(catalog: Catalogue, q: Quote) -> str | None:
    """A catalogue offer of the quote's GPU with the same node size: the node type the engine evaluates on."""
    for o in catalog.offers():
        if o.gpu == q.gpu and o.gpus_per_node == q.gpus_per_node and (o.max_nodes or 1) >= q.nodes:
            offer_id: str = o.id
            return offer_id
    return None


def _matches_choice(plan: Plan, q: Quote) -> bool:
    c = plan.choice
    return c is not None and (c.gpu, c.gpus, c.gpus_per_node) == (q.gpu, q.gpus, q.gpus_per_node)


def fit_from_option(plan: Plan, o: Option, source: Literal["choice", "engine"]) -> QuoteFit:
    lay = o.layout
    return QuoteFit(
        job_key=job_key(plan),
        source=source,
        fits=o.memory.fits,
        hours=o.time.hours,
        gpu_hours=o.time.gpu_hours,
        memory_per_gpu_bytes=o.memory.per_gpu_bytes.total,
        service_hours=o.serving.period_hours if o.serving is not None else None,
        gpu_capacity_bytes=o.memory.gpu_capacity_bytes,
        layout=f"TP {lay.tp} · PP {lay.pp} · DP {lay.dp} · ZeRO {lay.zero}",
    )


def evaluate_quote(plan: Plan, q: Quote, catalog: Catalogue) -> Option:
    """The engine's best layout for the quote's own configuration (core's evaluate, never a copy)."""
    from gpudesk.core.search import evaluate

    return evaluate(plan.job, catalog, q.gpu, q.gpus, offer_id=_offer_for(catalog, q), constraints=plan.constraints)


def fit_for(plan: Plan, q: Quote, catalog: Catalogue | None) -> QuoteFit | None:
    """The plan's choice when it is the same configuration, else the engine's verdict (None without a
    catalogue; a fit with `error` when the engine cannot evaluate it)."""
    if _matches_choice(plan, q):
        return fit_from_option(plan, plan.choice, "choice")  # type: ignore[arg-type]
    if catalog is None:
        return None
    try:
        return fit_from_option(plan, evaluate_quote(plan, q, catalog), "engine")
    except GpudeskError as exc:
        return QuoteFit(job_key=job_key(plan), source="engine", error=str(exc))


def current_fit(plan: Plan, q: Quote, catalog: Catalogue | None = None) -> QuoteFit | None:
    """The stored fit if it is for the plan's current job, else a fresh one (None when it cannot be had)."""
    if _matches_choice(plan, q):
        return fit_from_option(plan, plan.choice, "choice")  # type: ignore[arg-type]
    if q.fit is not None and q.fit.job_key == job_key(plan):
        return q.fit
    return fit_for(plan, q, catalog)


def refresh_fits(plan: Plan, catalog: Catalogue) -> int:
    """Recompute every stale fit (after the job changed); returns how many changed."""
    changed = 0
    for i, q in enumerate(plan.quotes):
        fit = current_fit(plan, q, catalog)
        if fit != q.fit:
            plan.quotes[i] = q.model_copy(update={"fit": fit})
            changed += 1
    return changed


# --- adding, removing, selecting --------------------------------------------------------------------


def add_quote(plan: Plan, data: dict[str, Any] | Quote, catalog: Catalogue) -> Quote:
    """Check a quote against the catalogue (provider, GPU), give it an id, evaluate its configuration
    and add it to the plan. GpudeskError naming the problem, the plan unchanged, otherwise."""
    d = data.model_dump() if isinstance(data, Quote) else dict(data)
    pid, name, facts = provider_facts(catalog, str(d.get("provider") or ""))
    gpu = catalog.gpu(str(d.get("gpu") or ""))
    d.update(
        provider=pid,
        provider_name=d.get("provider_name") or name,
        provider_facts=facts,
        gpu=gpu.id,
        gpu_name=gpu.name,
        gpu_name_zh=getattr(gpu, "name_zh", None),
        added=d.get("added") or now_iso(),
        fit=None,
    )
    if not d.get("id"):
        d["id"] = next_quote_id(plan.quotes)
    elif any(q.id == d["id"] for q in plan.quotes):
        raise GpudeskError(t("the plan already has a quote {q}", "方案中已有报价 {q}", q=d["id"]))
    q = make_quote(d)
    q = q.model_copy(update={"fit": fit_for(plan, q, catalog)})
    plan.quotes.append(q)
    return q


def quote_warnings(q: Quote, catalog: Catalogue | None = None, today: _dt.date | None = None) -> list[str]:
    """What a person should hear when entering a quote that is valid but suspicious: already expired, a
    price of 0, a node size no catalogue server or offer of that GPU has (a typo such as 7 for 8)."""
    out = []
    day = today or _dt.date.today()
    if q.expired(day):
        out.append(
            t(
                "this quote expired on {d}: ask {p} for a current one (it cannot be the cheapest)",
                "此报价已于 {d} 过期：请向{p}重新询价（过期报价不参与最低价比较）",
                d=q.valid_until,
                p=q.provider_name or q.provider,
            )
        )
    zero = [r.billing for r in q.rates if r.price == 0]
    if zero:
        out.append(
            t(
                "a price of 0 ({b}): check the quote (it cannot be the cheapest)",
                "价格为 0（{b}）：请核对报价（价格为 0 的报价不参与最低价比较）",
                b=t(", ", "、").join(units.label("billing_short", b) for b in zero),
            )
        )
    if catalog is not None:
        sizes = sorted(
            {int(s.gpus_per_node) for s in catalog.servers() if getattr(s, "gpu", None) == q.gpu}
            | {int(o.gpus_per_node) for o in catalog.offers() if o.gpu == q.gpu}
        )
        if sizes and q.gpus_per_node not in sizes:
            out.append(
                t(
                    "no server or offer of {g} in the catalogue has {n} GPUs per node (known: {k}): check the quote",
                    "目录中没有每节点 {n} 张 {g} 的服务器或报价（已知：{k}）：请核对报价",
                    g=units.gpu_name(q),
                    n=q.gpus_per_node,
                    k=", ".join(map(str, sizes)),
                )
            )
    return out


def get_quote(plan: Plan, quote_id: str) -> Quote:
    for q in plan.quotes:
        if q.id == quote_id:
            return q
    ids = ", ".join(q.id for q in plan.quotes) or t("none", "无")
    raise GpudeskError(
        t("no quote {q} in this plan (quotes: {ids})", "方案中没有报价 {q}（现有：{ids}）", q=quote_id, ids=ids)
    )


def remove_quote(plan: Plan, quote_id: str) -> Quote:
    q = get_quote(plan, quote_id)
    plan.quotes = [x for x in plan.quotes if x.id != quote_id]
    if plan.quote_selection is not None and plan.quote_selection.quote == quote_id:
        plan.quote_selection = None  # the choice stays as it was; nothing is selected any more
    return q


def choice_for_quote(plan: Plan, q: Quote, catalog: Catalogue) -> tuple[Option, Option]:
    """(the choice priced by the quote, the engine's option it was made from). The engine evaluates the
    quote's configuration; the cost is the engine's cost formula at the quote's per-GPU prices."""
    from gpudesk.core.engine.cost import cost_estimate
    from gpudesk.core.plan.making import validated_option

    base = evaluate_quote(plan, q, catalog)
    hourly = q.gpu_hour_price("hourly")
    monthly_rate = q.rate("monthly")
    monthly = None
    if monthly_rate is not None:
        monthly = monthly_rate.price / (q.gpus_per_node if monthly_rate.per == "node" else 1)
    cost = cost_estimate(plan.job, base.time, hourly, monthly)
    option = base.model_copy(
        update={
            "provider": q.provider,
            "offer": None,
            "region": q.region,
            "price_kind": "quoted",
            "price_date": q.date,
            "cost": cost,
        }
    )
    return validated_option(option), base


def select_quote(
    plan: Plan,
    quote_id: str,
    reason: str,
    catalog: Catalogue,
    *,
    by: str | None = None,
) -> Quote:
    """Mark a quote as selected with the user's reason; the plan's choice becomes its configuration."""
    from gpudesk.core.plan.making import set_choice

    q = get_quote(plan, quote_id)
    reason = (reason or "").strip()
    if not reason:
        raise GpudeskError(
            t(
                "say why this quote is selected (--reason): the justification prints on the 比价 page",
                "请说明选择此报价的理由（--reason）：理由会打印在比价页上",
            )
        )
    option, _ = choice_for_quote(plan, q, catalog)
    before = plan.choice
    set_choice(plan, option, catalog)
    if before is not None and not same_configuration(before, plan.choice):  # the replaced choice stays in view
        kept = [
            a for a in plan.alternatives if not same_configuration(a, before) and not same_configuration(a, plan.choice)
        ]
        plan.alternatives = [before, *kept][:ALTERNATIVES_KEPT]
    plan.quote_selection = QuoteSelection(quote=q.id, reason=reason, by=by, at=now_iso())
    refresh_fits(plan, catalog)
    return get_quote(plan, quote_id)


def today() -> _dt.date:
    return _dt.date.today()
