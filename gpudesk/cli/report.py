"""`gpudesk report PLAN.gpudesk -o plan.pdf [--lang zh_CN|en]`: the plan as an A4 PDF for sign-off."""

from __future__ import annotations

import argparse


def register(subparsers) -> None:
    p = subparsers.add_parser(
        "report", help="export a plan as a PDF for management sign-off",
        description="Write a plan file as an A4 PDF (cover, summary, sizing, alternatives, provider, "
                    "checklist, sign-off block) in Chinese or English.")
    p.add_argument("plan", metavar="PLAN.gpudesk", help="plan file (made by the app or `gpudesk plan new`)")
    p.add_argument("-o", "--output", metavar="FILE.pdf", help="PDF to write (default: the plan's name with .pdf)")
    p.add_argument("--lang", choices=("zh_CN", "en"), help="document language (default: the system language)")
    p.add_argument("--quiet", "-q", action="store_true", help="print nothing on success")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from pathlib import Path

    from gpudesk.core.plan import load_plan
    from gpudesk.report import export_pdf

    plan = load_plan(args.plan)
    output = Path(args.output) if args.output else Path(args.plan).with_suffix(".pdf")
    pages = export_pdf(plan, output, args.lang, sources=(args.plan,))
    if not args.quiet:
        print(f"wrote {output} ({pages} pages)")
    return 0
