"""`gpudesk quote add|import|list|compare|select|remove PLAN …`: written quotes in a plan and their comparison
(询价/比价). Parsing and printing only: core.plan checks, costs and compares; every plan write is atomic."""

from __future__ import annotations

import argparse
import json
import sys

from gpudesk.cli.args import add_groups, add_lang, plan_command
from gpudesk.cli.words import command
from gpudesk.core import units


def register(subparsers) -> None:
    from gpudesk.core.i18n import t

    p = subparsers.add_parser("quote", **command("quote"))
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
    from gpudesk.cli.quote.fields import ADD_OPTIONS

    add_groups(add, ADD_OPTIONS)

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

    from gpudesk.cli.quote.fields import quote_from_args

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
    from gpudesk.cli.quote.tables import format_list
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
    from gpudesk.cli.quote.tables import format_comparison
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


def _dump(doc) -> None:
    json.dump(doc, sys.stdout, ensure_ascii=False, allow_nan=False)
    sys.stdout.write("\n")
