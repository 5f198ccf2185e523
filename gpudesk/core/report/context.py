"""What every section of the printed plan reads: the plan, its language, its catalogue rows."""

from __future__ import annotations

import datetime as _dt
import functools
from types import SimpleNamespace
from collections.abc import Iterable
from typing import Any

from gpudesk.core import units
from gpudesk.core.i18n import t
from gpudesk.core.models import Option
from gpudesk.core.plan import Plan, compare, plan_hash
from gpudesk.core.plan.budget import Budget, plan_budget
from gpudesk.core.plan.comparison import Comparison, QuoteRow
from gpudesk.core.protocols import Catalogue
from gpudesk.core.rules import MARKET_REFERENCE
from gpudesk.errors import GpudeskError

# --- access to the plan (tolerant: plan files evolve, old ones lack new fields) --------------


def _date_text(value: Any) -> str:
    if value is None or value == "":
        return units.unknown()
    if isinstance(value, _dt.datetime):
        return value.strftime("%Y-%m-%d %H:%M")
    if isinstance(value, _dt.date):
        return value.isoformat()
    return str(value)[:16].replace("T", " ")


def _lookup(catalog: Any, kind: str, ident: str | None) -> Any:
    if catalog is None or not ident:
        return None
    try:
        return getattr(catalog, kind)(ident)
    except GpudeskError:  # an entry the catalogue no longer has: shown as unknown
        return None


def _row(snapshot: Any) -> Any:
    """A catalogue row copied into the plan (a dict) as an object with attributes."""
    if snapshot is None or not isinstance(snapshot, dict):
        return snapshot
    return SimpleNamespace(**snapshot)


def distinct_alternatives(alternatives: Iterable[Option], choice: Option | None) -> list[Option]:
    """The stored alternatives a reader can tell apart: an option that reads the same as the choice or as
    a better-ranked alternative (two offers of one provider at one price: "4× A100 · ¥3,517" twice) is
    printed once (core.search.options_view.display_key, as the Options tab shows them)."""
    from gpudesk.core.search.options_view import dedupe

    return dedupe(alternatives, [choice] if choice is not None else [])


class ReportContext:
    """The plan being printed, its language and the catalogue rows it refers to (the plan's own
    copies first; the live catalogue, when the caller passes one, for rows the plan lacks)."""

    def __init__(self, plan: Plan, lang: str, generated: _dt.date, catalog: Catalogue | None) -> None:
        self.plan = plan
        self.lang = lang
        self.generated = generated.isoformat()
        self.catalog = catalog
        self.job = plan.job
        self.choice: Option | None = plan.choice
        self.alternatives: list[Option] = distinct_alternatives(plan.alternatives, plan.choice)
        self.hash = plan_hash(plan)
        self.currency = self.choice.cost.currency if self.choice else self.job.currency
        self.hardware = plan.hardware
        # the quotes as core compares them: stored fits only (nothing is evaluated here), the providers' facts as
        # the catalogue has them now (a licence recorded after the quote counts, as in `quote compare`)
        self.comparison: Comparison = compare(plan, None, today=generated, facts_from=catalog)

    @functools.cached_property
    def budget(self) -> Budget:
        """The plan's budget figure (core.plan.budget): the one amount the cover, summary and sign-off state."""
        return plan_budget(self.plan, self.comparison)

    @property
    def selected_quote(self) -> QuoteRow | None:
        c = self.comparison
        return c.row(c.selected) if c.selected else None

    @property
    def written_quote(self) -> bool:
        """Whether the plan's price is a written quote the user selected (else it is a budget estimate)."""
        return self.selected_quote is not None

    def _no_quote_text(self, ask: str) -> str:
        """The first line a purchaser reads while no quote is selected: the quotes on file and, from the comparison,
        what is still missing (licences to record, quotes to ask for, a selection). `ask` is the sentence for a plan
        with no quote at all."""
        c = self.comparison
        n = len(c.rows)
        if not n:
            return t("Budget estimate, no written quote yet.", "预算估算，尚无书面报价。") + t(" ", "") + ask
        parts = [
            t(
                "Budget estimate: {n} written quote{s} on file, none selected yet.",
                "预算估算：已有 {n} 份书面报价，尚未选定。",
                n=n,
                s="s" if n != 1 else "",
            )
        ]
        if not c.rule_met:
            parts.append(c.rule_text())
        parts.append(c.next_step_text())
        return t(" ", "").join(parts)

    def row(self, kind: str, ident: str | None) -> Any:
        """The plan's own copy of a catalogue row when it is the one asked for, else the live catalogue."""
        snap = _row(getattr(self.hardware, kind))
        if snap is not None and getattr(snap, "id", None) == ident:
            return snap
        return _lookup(self.catalog, kind, ident)

    def _catalog_date(self) -> str:
        date = self.plan.catalog.catalog_date
        if date is None and self.catalog is not None:
            date = getattr(self.catalog.meta, "catalog_date", None)
        return _date_text(date) if date else units.unknown()

    def _config_text(self, o: Option) -> str:
        where = self._rent_from(o.provider)
        text = t("{n}× {gpu}", "{n} 张 {gpu}", n=o.gpus, gpu=units.gpu_name(o))
        if o.provider == MARKET_REFERENCE:
            return text + t(" — {w}", "，{w}", w=where)
        if where:
            text += t(" at {p}", "，{p}", p=where)
            if o.region:
                text += f" ({o.region})" if self.lang == "en" else f"（{o.region}）"
        return text

    def _rent_from(self, provider_id: str | None, *, short: bool = False) -> str:
        """Who rents it out, as a sentence says it: never the market reference (not a provider)."""
        if provider_id == MARKET_REFERENCE:
            if short:
                return t("estimate, no provider", "估算价，无服务商")
            return t("no provider yet (priced at a market-reference estimate)", "尚无服务商（按市场参考估算价计价）")
        return self._provider_name(provider_id)

    def _provider_name(self, provider_id: str | None) -> str:
        if not provider_id:
            return ""
        p = self.row("provider", provider_id)
        if p is None:
            return provider_id
        if self.lang == "zh_CN":
            return p.name_zh or p.name_en or provider_id
        return p.name_en or p.name_zh or provider_id
