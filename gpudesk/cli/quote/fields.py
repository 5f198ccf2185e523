"""The options of `gpudesk quote add` as a table, and the quote they describe (`quote_from_args`).

Each row is an option and how its text becomes the quote's field of the same name (--setup-fee: setup_fee,
read as an amount; --date, as a date); the prices become the quote's rates, and --vat and the subsidy
options are read together. Parsing is core's (gpudesk.core.parse): a bad value says which option it was.
"""

from __future__ import annotations

from gpudesk.core.i18n import t

import argparse
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from gpudesk.cli.args import Group, Opt
from gpudesk.core.plan.quotes import BILLING_FORMS


def _value(option: str, text: str | None, reader: Callable[[str], Any]) -> Any:
    from gpudesk.core.i18n import colon
    from gpudesk.errors import GpudeskError

    if text is None:
        return None
    try:
        return reader(text)
    except ValueError as exc:
        raise GpudeskError(colon(option, str(exc))) from None


def amount(unit: str | None = None) -> Callable[[str], float | None]:
    """A price (¥1,234.50, 1.88元/小时), per `unit` when the text names one."""

    def read(text: str) -> float | None:
        from gpudesk.core import parse

        a = parse.price(text, unit=unit)
        return None if a is None else a.value

    return read


def count(low: int = 0, high: int = 10**6) -> Callable[[str], int]:
    def read(text: str) -> int:
        from gpudesk.core import parse

        return parse.count(text, low=low, high=high)

    return read


def parsed(name: str) -> Callable[[str], Any]:
    """The text read by gpudesk.core.parse's function `name` (number, date, share)."""

    def read(text: str) -> Any:
        from gpudesk.core import parse

        return getattr(parse, name)(text)

    return read


@dataclass(frozen=True)
class Field(Opt):
    """An option whose text the quote keeps as it is (`read` None) or as `read` reads it."""

    read: Callable[[str], Any] | None = None

    def value(self, args: argparse.Namespace) -> Any:
        return _value(self.flag, getattr(args, self.name), self.read or str)


@dataclass(frozen=True)
class Rate(Opt):
    """A price option: one of the quote's rates (billing form, per GPU or node, the unit its text may name)."""

    billing: str = "hourly"
    per: str = "gpu"
    unit: str = "hour"

    def value(self, args: argparse.Namespace) -> float | None:
        return _value(self.flag, getattr(args, self.name), amount(self.unit))


_FORMS = (("hourly", "hour"), ("daily", "day"), ("monthly", "month"), ("yearly", "year"))
PRICES = tuple(
    Rate(
        f"--price-per-{per}-{unit}",
        metavar="X",
        help=f"{form} price per {per.upper() if per == 'gpu' else per}",
        billing=form,
        per=per,
        unit=unit,
    )
    for form, unit in _FORMS
    for per in ("gpu", "node")
)
SPOT = tuple(Rate(f"--spot-price-per-{per}-hour", metavar="X", billing="spot", per=per) for per in ("gpu", "node"))

ADD_OPTIONS = (
    Group(
        None,
        Field(
            "--provider",
            required=True,
            metavar="ID",
            help="provider id (gpudesk catalog providers; add your own with gpudesk catalog add-provider)",
        ),
        Field("--gpu", required=True, metavar="ID", help="GPU id (gpudesk catalog gpus)"),
        Field("--gpus-per-node", required=True, metavar="N", read=count(1, 64)),
        Field("--nodes", required=True, metavar="N", read=count(1, 4096)),
        Field("--id", metavar="ID", help="quote id (default q1, q2, …)"),
        Field("--reference", metavar="TEXT", help="the provider's quote number"),
        Field("--date", metavar="YYYY-MM-DD", help="date of the quote", read=parsed("date")),
        Field("--valid-until", metavar="YYYY-MM-DD", read=parsed("date")),
        Field("--contact", metavar="TEXT"),
        Field("--region", metavar="TEXT"),
    ),
    Group(
        "prices (CNY, each optional)",
        *PRICES,
        *SPOT,
        Opt("--spot-terms", metavar="TEXT", help="the provider's stated interruption terms"),
        Opt(
            "--billing",
            metavar="FORM[,FORM]",
            help=f"billing forms to consider ({', '.join(BILLING_FORMS)}; "
            "default: every form priced; the cheapest mix of them is used)",
        ),
        Field("--granularity", choices=("second", "minute", "hour", "day"), help="billing granularity"),
        Field("--min-hours", metavar="N", help="minimum rental period in hours", read=parsed("number")),
        Field("--setup-fee", metavar="X", help="one-off fees in all", read=amount()),
        Field("--storage-per-gb-month", metavar="X", read=amount("gb-month")),
        Field("--storage-included-gb", metavar="N", read=parsed("number")),
        Field("--egress-per-gb", metavar="X", read=amount("gb")),
        Field(
            "--bandwidth-per-month", metavar="X", help="public bandwidth per month, whole rental", read=amount("month")
        ),
        Field("--public-ips", metavar="N", read=count()),
        Field("--ip-per-month", metavar="X", read=amount()),
        Opt("--vat", choices=("included", "excluded"), help="whether the prices include VAT"),
        Field("--vat-rate", metavar="R", help="VAT rate, e.g. 6%% or 0.06", read=parsed("share")),
        Opt("--subsidy-rate", metavar="R", help="subsidy you expect (e.g. a 算力券), e.g. 20%% or 0.2"),
        Opt("--subsidy-cap", metavar="X", help="the subsidy's cap in CNY"),
        Opt(
            "--subsidy-items",
            metavar="ITEM[,ITEM]",
            help="eligible items: compute, storage, network, fees (default compute)",
        ),
        Opt("--subsidy-programme", metavar="TEXT"),
    ),
    Group(
        "configuration as quoted",
        Field("--cpu", metavar="TEXT"),
        Field("--host-ram-gb", metavar="N", read=parsed("number")),
        Field("--nvme-gb", metavar="N", read=parsed("number")),
        Field("--network", metavar="TEXT", help="inter-node network as quoted"),
    ),
    Group(None, Field("--notes", default="", metavar="TEXT")),
)


def quote_from_args(args: argparse.Namespace) -> dict:
    """The quote `quote add`'s options describe, as core.plan.add_quote takes it."""
    rates = []
    for r in (*PRICES, *SPOT):
        x = r.value(args)
        if x is not None:
            rate = {"billing": r.billing, "per": r.per, "price": x}
            rates.append(rate | {"interruption": args.spot_terms} if r.billing == "spot" else rate)
    billing = [b.strip() for b in (args.billing or "").replace(";", ",").split(",") if b.strip()]
    subsidy = None
    if args.subsidy_rate is not None or args.subsidy_cap is not None:
        from gpudesk.errors import GpudeskError

        if args.subsidy_rate is None:
            raise GpudeskError(t("--subsidy-cap needs --subsidy-rate", "--subsidy-cap 需要同时给出 --subsidy-rate"))
        items = [i.strip() for i in (args.subsidy_items or "compute").split(",") if i.strip()]
        subsidy = {
            "rate": _value("--subsidy-rate", args.subsidy_rate, parsed("share")),
            "cap": _value("--subsidy-cap", args.subsidy_cap, amount()),
            "items": items,
            "programme": args.subsidy_programme,
        }
    fields = {o.name: o.value(args) for g in ADD_OPTIONS for o in g.options if isinstance(o, Field)}
    return fields | {
        "rates": rates,
        "billing": billing,
        "prices_include_vat": None if args.vat is None else args.vat == "included",
        "subsidy": subsidy,
    }
