"""`gpudesk quote add|import|list|compare|select|remove PLAN …`: written quotes in a plan and their comparison
(询价/比价). Parsing and printing only: core.plan checks, costs and compares; every plan write is atomic."""

from __future__ import annotations

import argparse
import json
import sys

from gpudesk.cli.args import add_lang, plan_command
from gpudesk.core import units
from gpudesk.core.plan.quotes import BILLING_FORMS

_PRICES = [  # option suffix -> (billing form, per)
    (f"{per}-{unit}", form, per)
    for form, unit in (("hourly", "hour"), ("daily", "day"), ("monthly", "month"), ("yearly", "year"))
    for per in ("gpu", "node")
]


def register(subparsers) -> None:
    from gpudesk.core.i18n import t

    p = subparsers.add_parser(
        "quote",
        help=t(
            "written quotes from providers in a plan, compared all-in (询价/比价)",
            "方案中服务商的书面报价，按总价比较（询价/比价）",
        ),
        description=t(
            "Add providers' written quotes to a plan, compare them all-in for the "
            "plan's job, and select one with a reason (the plan's choice follows it).",
            "把服务商的书面报价加入方案，按方案的任务比较总价，并写明理由选定一份（方案的选择随之改变）。",
        ),
    )
    sub = p.add_subparsers(dest="quote_command", metavar="ACTION", parser_class=type(p))
    p.set_defaults(func=lambda args: (p.print_help(), 2)[1])

    add = _action(
        sub,
        "add",
        handle_add,
        help="add one quote to the plan",
        description=t(
            "Add a provider's quote. Prices accept '¥1,234.50' or '1.88元/小时'; a decimal "
            "comma ('6,50') is refused. What you leave out stays unknown.",
            "添加一份服务商报价。价格可写成“¥1,234.50”或“1.88元/小时”；不接受小数逗号（“6,50”）。没填的项保持未知。",
        ),
    )
    add.add_argument(
        "--provider",
        required=True,
        metavar="ID",
        help="provider id (gpudesk catalog providers; add your own with gpudesk catalog add-provider)",
    )
    add.add_argument("--gpu", required=True, metavar="ID", help="GPU id (gpudesk catalog gpus)")
    add.add_argument("--gpus-per-node", required=True, metavar="N")
    add.add_argument("--nodes", required=True, metavar="N")
    add.add_argument("--id", metavar="ID", help="quote id (default q1, q2, …)")
    add.add_argument("--reference", metavar="TEXT", help="the provider's quote number")
    add.add_argument("--date", metavar="YYYY-MM-DD", help="date of the quote")
    add.add_argument("--valid-until", metavar="YYYY-MM-DD")
    add.add_argument("--contact", metavar="TEXT")
    add.add_argument("--region", metavar="TEXT")
    prices = add.add_argument_group("prices (CNY, each optional)")
    for suffix, form, per in _PRICES:
        prices.add_argument(
            f"--price-per-{suffix}",
            metavar="X",
            dest=f"price_{form}_{per}",
            help=f"{form} price per {per.upper() if per == 'gpu' else per}",
        )
    prices.add_argument("--spot-price-per-gpu-hour", metavar="X", dest="price_spot_gpu")
    prices.add_argument("--spot-price-per-node-hour", metavar="X", dest="price_spot_node")
    prices.add_argument("--spot-terms", metavar="TEXT", help="the provider's stated interruption terms")
    prices.add_argument(
        "--billing",
        metavar="FORM[,FORM]",
        help=f"billing forms to consider ({', '.join(BILLING_FORMS)}; "
        "default: every form priced; the cheapest mix of them is used)",
    )
    prices.add_argument("--granularity", choices=("second", "minute", "hour", "day"), help="billing granularity")
    prices.add_argument("--min-hours", metavar="N", help="minimum rental period in hours")
    prices.add_argument("--setup-fee", metavar="X", help="one-off fees in all")
    prices.add_argument("--storage-per-gb-month", metavar="X")
    prices.add_argument("--storage-included-gb", metavar="N")
    prices.add_argument("--egress-per-gb", metavar="X")
    prices.add_argument("--bandwidth-per-month", metavar="X", help="public bandwidth per month, whole rental")
    prices.add_argument("--public-ips", metavar="N")
    prices.add_argument("--ip-per-month", metavar="X")
    prices.add_argument("--vat", choices=("included", "excluded"), help="whether the prices include VAT")
    prices.add_argument("--vat-rate", metavar="R", help="VAT rate, e.g. 6%% or 0.06")
    prices.add_argument("--subsidy-rate", metavar="R", help="subsidy you expect (e.g. a 算力券), e.g. 20%% or 0.2")
    prices.add_argument("--subsidy-cap", metavar="X", help="the subsidy's cap in CNY")
    prices.add_argument(
        "--subsidy-items",
        metavar="ITEM[,ITEM]",
        help="eligible items: compute, storage, network, fees (default compute)",
    )
    prices.add_argument("--subsidy-programme", metavar="TEXT")
    host = add.add_argument_group("configuration as quoted")
    host.add_argument("--cpu", metavar="TEXT")
    host.add_argument("--host-ram-gb", metavar="N")
    host.add_argument("--nvme-gb", metavar="N")
    host.add_argument("--network", metavar="TEXT", help="inter-node network as quoted")
    add.add_argument("--notes", default="", metavar="TEXT")

    imp = _action(
        sub,
        "import",
        handle_import,
        "sheet",
        metavar="SHEET.csv|.json",
        help="add every quote of a sheet (CSV or JSON); a sheet with any error adds none",
    )
    imp.add_argument("--dry-run", action="store_true", help="check only, change nothing")

    _action(sub, "list", handle_list, help="the plan's quotes")

    cmp_ = _action(sub, "compare", handle_compare, help="every quote side by side, all-in for the plan's job (比价表)")
    cmp_.add_argument("--export", metavar="FILE.xlsx|.csv", help="also write the comparison as a spreadsheet")

    sel = _action(
        sub,
        "select",
        handle_select,
        "quote_id",
        help="select a quote with a written reason; the plan's choice follows it",
    )
    sel.add_argument("--reason", required=True, metavar="TEXT", help="why this quote (prints on the 比价 page)")
    sel.add_argument("--by", metavar="NAME", help="who selected it")

    _action(sub, "remove", handle_remove, "quote_id", help="remove a quote from the plan")
    for action in sub.choices.values():  # after each action's own options, as their help lists them
        action.add_argument("--json", action="store_true", help="print JSON")
        add_lang(action, "language of the output")


def _action(sub, name: str, handler, second: str | None = None, metavar: str = "QUOTE_ID", **kwargs):
    """`gpudesk quote NAME PLAN [SECOND]`: the plan file, then the quote id or the sheet."""
    parser = plan_command(sub, name, plan_help=None, **kwargs)
    if second:
        parser.add_argument(second, metavar=metavar)
    parser.set_defaults(func=handler)
    return parser


# --- options -> a quote ---------------------------------------------------------------------


def _value(option: str, text: str | None, reader):
    from gpudesk.errors import GpudeskError

    if text is None:
        return None
    try:
        return reader(text)
    except ValueError as exc:
        raise GpudeskError(f"{option}: {exc}") from None


def quote_from_args(args: argparse.Namespace) -> dict:
    from gpudesk.core import parse

    def amount(option: str, text: str | None, unit: str | None = None):
        a = _value(option, text, lambda s: parse.price(s, unit=unit))
        return None if a is None else a.value

    def num(option: str, text: str | None):
        return _value(option, text, parse.number)

    def cnt(option: str, text: str | None, low: int = 0, high: int = 10**6):
        return _value(option, text, lambda s: parse.count(s, low=low, high=high))

    rates = []
    units = {"hourly": "hour", "daily": "day", "monthly": "month", "yearly": "year"}
    for suffix, form, per in _PRICES:
        x = amount(f"--price-per-{suffix}", getattr(args, f"price_{form}_{per}"), units[form])
        if x is not None:
            rates.append({"billing": form, "per": per, "price": x})
    for per in ("gpu", "node"):
        x = amount(f"--spot-price-per-{per}-hour", getattr(args, f"price_spot_{per}"), "hour")
        if x is not None:
            rates.append({"billing": "spot", "per": per, "price": x, "interruption": args.spot_terms})
    billing = [b.strip() for b in (args.billing or "").replace(";", ",").split(",") if b.strip()]
    vat_rate = _value("--vat-rate", args.vat_rate, parse.share)
    subsidy = None
    if args.subsidy_rate is not None or args.subsidy_cap is not None:
        from gpudesk.errors import GpudeskError

        if args.subsidy_rate is None:
            raise GpudeskError("--subsidy-cap needs --subsidy-rate")
        items = [i.strip() for i in (args.subsidy_items or "compute").split(",") if i.strip()]
        subsidy = {
            "rate": _value("--subsidy-rate", args.subsidy_rate, parse.share),
            "cap": amount("--subsidy-cap", args.subsidy_cap),
            "items": items,
            "programme": args.subsidy_programme,
        }
    return {
        "id": args.id,
        "provider": args.provider,
        "gpu": args.gpu,
        "gpus_per_node": cnt("--gpus-per-node", args.gpus_per_node, 1, 64),
        "nodes": cnt("--nodes", args.nodes, 1, 4096),
        "reference": args.reference,
        "date": _value("--date", args.date, parse.date),
        "valid_until": _value("--valid-until", args.valid_until, parse.date),
        "contact": args.contact,
        "region": args.region,
        "cpu": args.cpu,
        "host_ram_gb": num("--host-ram-gb", args.host_ram_gb),
        "nvme_gb": num("--nvme-gb", args.nvme_gb),
        "network": args.network,
        "rates": rates,
        "billing": billing,
        "granularity": args.granularity,
        "min_hours": num("--min-hours", args.min_hours),
        "setup_fee": amount("--setup-fee", args.setup_fee),
        "storage_per_gb_month": amount("--storage-per-gb-month", args.storage_per_gb_month, "gb-month"),
        "storage_included_gb": num("--storage-included-gb", args.storage_included_gb),
        "egress_per_gb": amount("--egress-per-gb", args.egress_per_gb, "gb"),
        "bandwidth_per_month": amount("--bandwidth-per-month", args.bandwidth_per_month, "month"),
        "public_ips": cnt("--public-ips", args.public_ips),
        "ip_per_month": amount("--ip-per-month", args.ip_per_month),
        "prices_include_vat": None if args.vat is None else args.vat == "included",
        "vat_rate": vat_rate,
        "subsidy": subsidy,
        "notes": args.notes,
    }


# --- handlers -------------------------------------------------------------------------------


def _load(args):
    from gpudesk.core.plan import load_plan

    return load_plan(args.plan)


def _locked(args):
    """The plan's lock across load, change and save: concurrent `quote add` calls all land."""
    from gpudesk.core.plan import plan_lock

    return plan_lock(args.plan)


def handle_add(args: argparse.Namespace) -> int:
    from gpudesk.catalog import open_catalog
    from gpudesk.core.i18n import t, use_language
    from gpudesk.core.plan import add_quote, save_plan
    from gpudesk.core.plan.quote_ops import quote_warnings

    with use_language(args.lang), _locked(args):
        plan = _load(args)
        data = quote_from_args(args)
        catalog = open_catalog()
        q = add_quote(plan, data, catalog)
        save_plan(plan, args.plan)
        warnings = quote_warnings(q, catalog)
        if args.json:
            _dump({"added": q.model_dump(mode="json"), "quotes": len(plan.quotes), "warnings": warnings})
        else:
            print(
                t(
                    "added quote {q} from {p} to {f} (quotes in the plan: {n})",
                    "已将 {p} 的报价 {q} 加入 {f}（方案中共 {n} 份报价）",
                    q=q.id,
                    p=q.provider_name or q.provider,
                    f=args.plan,
                    n=len(plan.quotes),
                )
            )
        for w in warnings:
            sys.stderr.write(f"! {w}\n")
    return 0


def handle_import(args: argparse.Namespace) -> int:
    from gpudesk.catalog import open_catalog
    from gpudesk.catalog.quote_sheet import read_quote_sheet
    from gpudesk.core.i18n import t, use_language
    from gpudesk.core.plan import add_quote, save_plan

    with use_language(args.lang), _locked(args):
        plan = _load(args)
        catalog = open_catalog()
        rows = read_quote_sheet(args.sheet, catalog, taken=[q.id for q in plan.quotes])  # SheetRejected: nothing added
        added = [add_quote(plan, d, catalog) for d in rows]
        if not args.dry_run:
            save_plan(plan, args.plan)
        if args.json:
            _dump({"added": [q.id for q in added], "dry_run": args.dry_run, "quotes": len(plan.quotes)})
        elif args.dry_run:
            print(
                t(
                    "{s}: {n} quotes are valid (nothing changed)",
                    "{s}：{n} 份报价有效（未做任何修改）",
                    s=args.sheet,
                    n=len(added),
                )
            )
        else:
            print(
                t(
                    "imported {n} quotes into {f}: {ids}",
                    "已向 {f} 导入 {n} 份报价：{ids}",
                    n=len(added),
                    f=args.plan,
                    ids=", ".join(q.id for q in added),
                )
            )
    return 0


def handle_list(args: argparse.Namespace) -> int:
    from gpudesk.core.i18n import use_language

    with use_language(args.lang):
        plan = _load(args)
        if args.json:
            sel = plan.quote_selection
            _dump(
                {
                    "quotes": [q.model_dump(mode="json", exclude={"provider_facts"}) for q in plan.quotes],
                    "selected": sel.quote if sel else None,
                }
            )
        else:
            sys.stdout.write(format_list(plan))
    return 0


def handle_compare(args: argparse.Namespace) -> int:
    from gpudesk.catalog import open_catalog
    from gpudesk.core.i18n import t, use_language
    from gpudesk.core.plan import compare, comparison_json

    with use_language(args.lang):
        plan = _load(args)
        c = compare(plan, open_catalog())
        if args.export:
            _export(c, args.export, args.plan)
        if args.json:
            _dump(comparison_json(c))
        else:
            sys.stdout.write(format_comparison(c))
            if args.export:
                print(t("wrote {f}", "已写出 {f}", f=args.export))
    return 0


def _export(c, target: str, plan_path: str) -> None:
    from pathlib import Path

    from gpudesk.export import export_table, quotes_table

    export_table(quotes_table(c), Path(target), sources=(plan_path,))


def handle_select(args: argparse.Namespace) -> int:
    from gpudesk.catalog import open_catalog
    from gpudesk.core.i18n import t, use_language
    from gpudesk.core.plan import compare, save_plan, select_quote

    with use_language(args.lang), _locked(args):
        plan = _load(args)
        catalog = open_catalog()
        q = select_quote(plan, args.quote_id, args.reason, catalog, by=args.by)
        save_plan(plan, args.plan)
        c = compare(plan, catalog)
        row = c.row(q.id)
        if args.json:
            _dump(
                {
                    "selected": q.id,
                    "reason": args.reason,
                    "cheapest": c.cheapest,
                    "notes": c.notes,
                    "choice": {"gpu": plan.choice.gpu, "gpus": plan.choice.gpus, "provider": plan.choice.provider},
                }
            )
            return 0
        print(
            t(
                "selected quote {q} from {p}; the plan's choice is now {n}× {g} at {p}",
                "已选定 {p} 的报价 {q}；方案的选定配置现为 {n}× {g}（{p}）",
                q=q.id,
                p=row.provider_name if row else q.provider,
                n=plan.choice.gpus,
                g=units.gpu_name(plan.choice),
            )
        )
        for note in c.notes:
            print(f"  ! {note}")
        if row is not None and row.flags:
            print("  ! " + row.flags_line())
    return 0


def handle_remove(args: argparse.Namespace) -> int:
    from gpudesk.core.i18n import t, use_language
    from gpudesk.core.plan import remove_quote, save_plan

    with use_language(args.lang), _locked(args):
        plan = _load(args)
        q = remove_quote(plan, args.quote_id)
        save_plan(plan, args.plan)
        if args.json:
            _dump({"removed": q.id, "quotes": len(plan.quotes)})
        else:
            print(t("removed quote {q} ({n} left)", "已删除报价 {q}（剩 {n} 份）", q=q.id, n=len(plan.quotes)))
    return 0


# --- printing -------------------------------------------------------------------------------


def _dump(doc) -> None:
    json.dump(doc, sys.stdout, ensure_ascii=False, allow_nan=False)
    sys.stdout.write("\n")


def _config(q) -> str:
    return units.nodes_of(q.nodes, q.gpus_per_node, units.gpu_name(q))


def format_list(plan) -> str:
    from gpudesk.cli.table import table
    from gpudesk.core import units
    from gpudesk.core.i18n import t
    from gpudesk.core.plan.comparison import price_summary

    if not plan.quotes:
        return t(
            "No quotes in this plan yet: add one with `gpudesk quote add`.\n",
            "方案中还没有报价：请用 `gpudesk quote add` 添加。\n",
        )
    sel = plan.quote_selection.quote if plan.quote_selection else None
    rows = [
        [
            ("✔ " if q.id == sel else "") + q.id,
            q.provider_name or q.provider,
            _config(q),
            q.reference or "—",
            q.date or units.unknown(),
            q.valid_until or units.unknown(),
            price_summary(q),
        ]
        for q in plan.quotes
    ]
    return (
        table(
            [
                t("id", "编号"),
                t("provider", "服务商"),
                t("configuration", "配置"),
                t("reference", "报价编号"),
                t("date", "日期"),
                t("valid until", "有效期至"),
                t("prices", "价格"),
            ],
            rows,
        )
        + "\n"
    )


def format_comparison(c) -> str:
    from gpudesk.cli.table import table
    from gpudesk.core import units
    from gpudesk.core.i18n import t
    from gpudesk.core.plan.comparison import billing_text

    if not c.rows:
        return t(
            "No quotes in this plan yet: add one with `gpudesk quote add`.\n",
            "方案中还没有报价：请用 `gpudesk quote add` 添加。\n",
        )
    money = units.money
    rows = []
    for r in c.rows:
        it = r.cost.items
        mark = ("✔" if r.selected else "") + ("*" if r.cheapest else "")
        fits = units.unknown() if r.fit is None or r.fit.fits is None else units.yes_no(r.fit.fits)
        rows.append(
            [
                f"{mark} {r.quote.id}".strip(),
                r.provider_name,
                _config(r.quote),
                units.hours(r.fit.hours if r.fit else None),
                fits,
                money(it["compute"]),
                money(it["storage"]),
                money(it["network"]),
                money(it["fees"]),
                money(it["subsidy"]),
                money(it["tax"]),
                money(r.cost.all_in),
                billing_text(r.cost.billing),
            ]
        )
    heads = [
        t("quote", "报价"),
        t("provider", "服务商"),
        t("configuration", "配置"),
        t("hours", "时长"),
        t("fits", "装得下"),
        t("compute", "算力"),
        t("storage", "存储"),
        t("network", "网络"),
        t("fees", "费用"),
        t("subsidy", "补贴"),
        t("tax", "税费"),
        t("all-in", "总价"),
        t("billing", "计费"),
    ]
    out = [table(heads, rows, right=set(range(5, 12))), ""]
    out.append(
        t(
            "* cheapest valid quote   ✔ selected   hours: one clean run; costs include the {m} trial margin",
            "* 有效报价中最低   ✔ 已选定   时长：一次跑通；费用含 {m} 试错余量",
            m=units.percent(c.trial_margin),
        )
    )
    for r in c.rows:
        if r.flags:
            out.append(f"  {r.quote.id}: " + r.flags_line())
    if c.selection is not None:
        out.append(t("Selected: {q} — {why}", "已选定：{q} —— {why}", q=c.selection.quote, why=c.selection.reason))
    out += [f"! {n}" for n in c.notes]
    out.append(("" if c.rule_met else "! ") + c.rule_text())
    return "\n".join(out) + "\n"
