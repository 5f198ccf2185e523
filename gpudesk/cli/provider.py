"""`gpudesk catalog add-provider ID …`: record a provider with its due-diligence facts (printing only)."""

from __future__ import annotations

import argparse
import json
import sys


def register_into(sub) -> None:
    from gpudesk.core.i18n import t

    a = sub.add_parser(
        "add-provider",
        help="record a provider with its licence, ICP filing and certifications",
        description=t(
            "Add a provider to your own database (or, with --update, record more facts about "
            "one that exists; the bundled entry itself is never changed). What you leave out "
            "stays unknown.",
            "把服务商加入你自己的数据库（或用 --update 为已有服务商补充信息；内置条目本身不会改动）。没填的项保持未知。",
        ),
    )
    a.add_argument("id", help="provider id: lowercase letters, digits, '-', '.', '_'")
    a.add_argument("--name-zh", metavar="名称")
    a.add_argument("--name-en", metavar="NAME")
    a.add_argument("--legal-name", metavar="TEXT", help="registered company name (合同主体)")
    a.add_argument("--licence-number", metavar="NO", help="增值电信业务经营许可证 number, e.g. 豫B2-20261089")
    a.add_argument(
        "--licence-scope", metavar="SCOPE[,SCOPE]", help="services the licence covers: IDC, ISP, CDN, IP-VPN, ICP"
    )
    a.add_argument("--licence-region", metavar="TEXT", help="nationwide (MIIT) or the issuing province")
    a.add_argument("--icp-filing", metavar="TEXT", help="ICP filing number, e.g. 滇ICP备2020007656号")
    a.add_argument("--certification", action="append", default=[], metavar="TEXT", help="e.g. 'ISO 27001' (repeatable)")
    a.add_argument("--mlps-level", type=int, choices=range(1, 6), metavar="1-5", help="等保 level certified")
    a.add_argument("--region", action="append", default=[], metavar="TEXT", help="region served (repeatable)")
    a.add_argument("--contact", metavar="TEXT")
    a.add_argument("--website", metavar="URL")
    a.add_argument("--notes", metavar="TEXT")
    a.add_argument("--source", metavar="TEXT", help="where the facts come from (default: entered by the user)")
    a.add_argument("--update", action="store_true", help="add facts to an existing provider")
    a.add_argument("--json", action="store_true")
    a.set_defaults(func=handle_add_provider)


def handle_add_provider(args: argparse.Namespace) -> int:
    from gpudesk.catalog import open_catalog
    from gpudesk.catalog.providers import add_provider, licence_scope

    fields = {
        "id": args.id,
        "name_zh": args.name_zh,
        "name_en": args.name_en,
        "legal_name": args.legal_name,
        "licence_number": args.licence_number,
        "licence_scope": licence_scope(args.licence_scope) if args.licence_scope else None,
        "licence_region": args.licence_region,
        "icp_filing": args.icp_filing,
        "certifications": list(dict.fromkeys(args.certification)),
        "mlps_level": args.mlps_level,
        "regions": args.region,
        "contact": args.contact,
        "website": args.website,
        "notes": args.notes,
        "source": args.source,
    }
    row = add_provider(open_catalog(), fields, update=args.update)
    if args.json:
        json.dump(row.model_dump(mode="json"), sys.stdout, ensure_ascii=False)
        sys.stdout.write("\n")
    else:
        print(f"{'updated' if args.update else 'added'} provider {row.id} ({row.display_name}) in your database")
    return 0
