"""Quotes: what one provider offered in writing for one configuration (询价), as the plan stores them. No Qt.

A quote names its provider, reference, date, validity and contact, the configuration (GPU, GPUs per node,
nodes, host) and its price items, each optional: a price per GPU or per node for each billing form the
provider offers (hourly, daily, monthly, yearly, spot with its interruption terms), the billing
granularity, a minimum rental period, one-off fees, storage (per GB-month, included quota), network
(egress per GB, bandwidth per month, public IPs), tax (VAT included or not, and its rate) and a subsidy
the user enters (rate, cap, eligible items). Nothing is invented: what the user does not enter is None
and is shown as unknown; the all-in cost (`quote_cost`) says which items it could not count.

`fit` is the engine's verdict on the quote's own configuration for the plan's job (will it fit, how long
will it take), stored with the key of the job it was computed for, so a plan prints without a catalogue
and a stale verdict is recomputed (`gpudesk.core.plan.quote_ops`).
"""

from __future__ import annotations

import datetime as _dt
import re
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from gpudesk.core.i18n import colon, t
from gpudesk.core.rules import HOURS_PER_MONTH
from gpudesk.core.validation import reason
from gpudesk.errors import GpudeskError

BillingForm = Literal["hourly", "daily", "monthly", "yearly", "spot"]
BILLING_FORMS: tuple[str, ...] = ("hourly", "daily", "monthly", "yearly", "spot")
# Hours one unit of each billing form covers. A month is the one the catalogue quotes (365·24/12).
FORM_HOURS: dict[str, float] = {
    "hourly": 1.0,
    "daily": 24.0,
    "monthly": HOURS_PER_MONTH,
    "yearly": 12 * HOURS_PER_MONTH,
    "spot": 1.0,
}
Granularity = Literal["second", "minute", "hour", "day"]
SubsidyItem = Literal["compute", "storage", "network", "fees"]
GRANULARITY_HOURS: dict[str, float] = {"second": 1 / 3600, "minute": 1 / 60, "hour": 1.0, "day": 24.0}
COST_ITEMS = ("compute", "storage", "network", "fees", "subsidy", "tax")
SUBSIDY_ITEMS = ("compute", "storage", "network", "fees")
QUOTE_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$")
# Text fields are bounded so a pasted document cannot make a plan (or its PDF) unusable.
MAX_TEXT = 2000


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", allow_inf_nan=False, defer_build=True)


def check_date(v: Any) -> str | None:
    """An ISO date that exists (2026-13-45 is refused), as YYYY-MM-DD."""
    if v is None or v == "":
        return None
    if isinstance(v, _dt.date):
        return v.isoformat()
    text = str(v).strip()
    if not re.fullmatch(r"\d{4}-\d{2}-\d{2}", text):
        raise ValueError(t("date must be YYYY-MM-DD, got {v!r}", "日期须为 YYYY-MM-DD 格式，实际为 {v!r}", v=text))
    try:
        return _dt.date.fromisoformat(text).isoformat()
    except ValueError:
        raise ValueError(t("no such date: {v}", "日期不存在：{v}", v=text)) from None


class Rate(_Strict):
    """One billing form's price: CNY per GPU (or per node) per hour, day, month or year of that form."""

    billing: BillingForm
    per: Literal["gpu", "node"] = "gpu"
    price: float = Field(ge=0)
    interruption: str | None = Field(default=None, max_length=MAX_TEXT)  # spot: the provider's stated terms

    @property
    def hours(self) -> float:
        return FORM_HOURS[self.billing]


class Subsidy(_Strict):
    """A subsidy the user enters (e.g. a city's 算力券): a share of the eligible items, capped."""

    rate: float = Field(gt=0, le=1)
    cap: float | None = Field(default=None, ge=0)  # CNY; None: no cap stated
    items: list[SubsidyItem] = Field(default_factory=lambda: list[SubsidyItem](["compute"]))
    programme: str | None = Field(default=None, max_length=MAX_TEXT)

    @field_validator("items")
    @classmethod
    def _some_items(cls, v: list[str]) -> list[str]:
        if not v:
            raise ValueError(t("a subsidy needs at least one eligible item", "补贴至少要适用于一项费用"))
        return list(dict.fromkeys(v))


class QuoteFit(_Strict):
    """The engine's verdict on a quote's configuration for the plan's job (computed, never typed in)."""

    job_key: str  # core.plan.quote_ops.job_key of the job it was computed for
    source: Literal["choice", "engine"]  # the plan's own choice (same configuration) or evaluated for the quote
    fits: bool | None = None
    hours: float | None = None  # one clean run (training)
    service_hours: float | None = None  # serving: the service period the engine prices (inference, mixed)
    gpu_hours: float | None = None
    memory_per_gpu_bytes: int | None = None
    gpu_capacity_bytes: int | None = None
    layout: str | None = None  # "TP 1 · PP 1 · DP 1 · ZeRO 0"
    error: str | None = None  # why it could not be evaluated


class Quote(_Strict):
    id: str
    provider: str  # provider id in the catalogue (bundled or the user's own)
    provider_name: str | None = None  # as recorded when the quote was added (the plan stands alone)
    provider_facts: dict[str, Any] | None = None  # the provider's catalogue row when the quote was added
    reference: str | None = Field(default=None, max_length=200)  # the provider's quote number
    date: str | None = None  # the date of the quote
    valid_until: str | None = None
    contact: str | None = Field(default=None, max_length=MAX_TEXT)
    # the configuration quoted
    gpu: str
    gpu_name: str | None = None
    gpu_name_zh: str | None = None  # the catalogue's Chinese name (units.gpu_name picks one)
    gpus_per_node: int = Field(ge=1, le=64)
    nodes: int = Field(default=1, ge=1, le=4096)
    region: str | None = Field(default=None, max_length=200)
    cpu: str | None = Field(default=None, max_length=200)
    host_ram_gb: float | None = Field(default=None, gt=0, le=1e6)
    nvme_gb: float | None = Field(default=None, gt=0, le=1e9)
    network: str | None = Field(default=None, max_length=200)  # inter-node network as quoted
    # price items (each optional)
    rates: list[Rate] = Field(default_factory=list)
    billing: list[BillingForm] = Field(default_factory=list)  # forms the user accepts; empty: every priced form
    granularity: Granularity | None = None
    min_hours: float | None = Field(default=None, ge=0, le=1e6)  # minimum rental period
    setup_fee: float | None = Field(default=None, ge=0)  # one-off fees in all
    storage_per_gb_month: float | None = Field(default=None, ge=0)
    storage_included_gb: float | None = Field(default=None, ge=0)
    egress_per_gb: float | None = Field(default=None, ge=0)
    bandwidth_per_month: float | None = Field(default=None, ge=0)  # public bandwidth, the whole rental
    public_ips: int | None = Field(default=None, ge=0, le=100000)
    ip_per_month: float | None = Field(default=None, ge=0)
    prices_include_vat: bool | None = None
    vat_rate: float | None = Field(default=None, ge=0, le=1)
    subsidy: Subsidy | None = None
    notes: str = Field(default="", max_length=20000)
    added: str | None = None  # when it was entered (ISO 8601 UTC)
    fit: QuoteFit | None = None

    @field_validator("id")
    @classmethod
    def _id(cls, v: str) -> str:
        if not QUOTE_ID.match(v or ""):
            raise ValueError(
                t(
                    "a quote id is 1–64 letters, digits, '.', '_' or '-', got {v!r}",
                    "报价编号须为 1–64 个字母、数字、“.”、“_”或“-”，实际为 {v!r}",
                    v=v,
                )
            )
        return v

    @field_validator("date", "valid_until", mode="before")
    @classmethod
    def _dates(cls, v: Any) -> str | None:
        return check_date(v)

    @model_validator(mode="after")
    def _consistent(self) -> Quote:
        if self.date and self.valid_until and self.valid_until < self.date:
            raise ValueError(
                t(
                    "valid-until {u} is before the quote date {d}",
                    "有效期 {u} 早于报价日期 {d}",
                    u=self.valid_until,
                    d=self.date,
                )
            )
        forms = [r.billing for r in self.rates]
        if len(set(forms)) != len(forms):
            twice = next(f for f in forms if forms.count(f) > 1)
            raise ValueError(
                t(
                    "two {f} prices: give one price per billing form",
                    "{f} 价格出现两次：每种计费方式只给一个价格",
                    f=twice,
                )
            )
        missing = [b for b in self.billing if b not in forms]
        if missing:
            raise ValueError(
                t("billing {b} has no price in this quote", "计费方式 {b} 在此报价中没有价格", b=missing[0])
            )
        if self.vat_rate is not None and self.prices_include_vat is None:
            raise ValueError(t("say whether prices include VAT when giving its rate", "给出税率时请说明价格是否含税"))
        return self

    # --- reading -------------------------------------------------------------------------------

    @property
    def gpus(self) -> int:
        return self.gpus_per_node * self.nodes

    def rate(self, billing: str) -> Rate | None:
        return next((r for r in self.rates if r.billing == billing), None)

    def unit_count(self, rate: Rate) -> int:
        """How many units a rate is charged for: GPUs or nodes."""
        return self.gpus if rate.per == "gpu" else self.nodes

    def gpu_hour_price(self, billing: str = "hourly") -> float | None:
        """The form's price per GPU and hour of its period (a node price shared by its GPUs)."""
        r = self.rate(billing)
        if r is None:
            return None
        per_gpu = r.price if r.per == "gpu" else r.price / self.gpus_per_node
        return per_gpu / r.hours

    def expired(self, today: _dt.date) -> bool:
        return self.valid_until is not None and _dt.date.fromisoformat(self.valid_until) < today


class QuoteSelection(_Strict):
    """The quote the user selected and why (the justification prints on the 比价 page)."""

    quote: str
    reason: str = Field(min_length=1, max_length=MAX_TEXT)
    by: str | None = Field(default=None, max_length=200)
    at: str | None = None  # ISO 8601 UTC


# --- making one from what a person typed ------------------------------------------------------

# fmt: off
# a bilingual name per field of a quote, for error messages: data, kept as a compact table
_FIELD_NAMES = {
    "provider": ("provider", "服务商"), "gpu": ("GPU", "GPU"), "gpus_per_node": ("GPUs per node", "每节点卡数"),
    "nodes": ("nodes", "节点数"), "rates": ("price", "价格"), "price": ("price", "价格"),
    "min_hours": ("minimum period (hours)", "最短租期（小时）"), "setup_fee": ("setup fee", "开通费"),
    "storage_per_gb_month": ("storage price per GB-month", "存储单价（元/GB·月）"),
    "storage_included_gb": ("included storage (GB)", "赠送存储（GB）"), "egress_per_gb": ("egress per GB", "流量单价"),
    "bandwidth_per_month": ("bandwidth per month", "带宽月费"), "public_ips": ("public IPs", "公网 IP 数"),
    "ip_per_month": ("price per IP and month", "每个 IP 月费"), "vat_rate": ("VAT rate", "增值税率"),
    "subsidy": ("subsidy", "补贴"), "rate": ("subsidy rate", "补贴比例"), "cap": ("subsidy cap", "补贴上限"),
    "date": ("quote date", "报价日期"), "valid_until": ("valid until", "有效期至"),
    "reference": ("reference", "报价编号"), "id": ("quote id", "报价编号"),
    "host_ram_gb": ("host RAM (GB)", "内存（GB）"), "nvme_gb": ("NVMe (GB)", "NVMe（GB）"),
    "granularity": ("billing granularity", "计费粒度"), "billing": ("billing", "计费方式"),
}
# fmt: on


def field_label(name: str) -> str:
    pair = _FIELD_NAMES.get(name)
    return t(*pair) if pair else name


def quote_error(exc: ValidationError) -> GpudeskError:
    """One line naming the field and the reason, in the current language."""
    first = exc.errors()[0]
    loc = [p for p in first.get("loc", ()) if isinstance(p, str)]
    where = field_label(loc[-1]) if loc else t("quote", "报价")
    more = exc.error_count() - 1
    tail = t(" (and {n} more problems)", "（另有 {n} 处问题）", n=more) if more else ""
    return GpudeskError(colon(where, reason(first, own_words=True) + tail))


def make_quote(data: dict[str, Any]) -> Quote:
    """A validated Quote from plain values; a GpudeskError naming the field otherwise."""
    try:
        return Quote.model_validate(data)
    except ValidationError as exc:
        raise quote_error(exc) from None


def next_quote_id(existing: list[Quote] | list[str]) -> str:
    """q1, q2, …: the first free one."""
    taken = {q if isinstance(q, str) else q.id for q in existing}
    n = len(taken) + 1
    for i in range(1, n + 1):
        if f"q{i}" not in taken:
            return f"q{i}"
    return f"q{n}"  # pragma: no cover - the loop always finds one
