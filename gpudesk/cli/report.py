"""`gpudesk report PLAN.gpudesk -o plan.pdf [--lang zh_CN|en]`: the plan as an A4 PDF for sign-off."""

from __future__ import annotations

import argparse

from gpudesk.cli.args import add_lang, plan_command
from gpudesk.cli.words import command


def register(subparsers) -> None:
    p = plan_command(
        subparsers,
        "report",
        **command("report"),
        plan_help="plan file (made by the app or `gpudesk plan new`)",
    )
    p.add_argument("-o", "--output", metavar="FILE.pdf", help="PDF to write (default: the plan's name with .pdf)")
    add_lang(p, "document language (default: the system language)")
    p.add_argument("--quiet", "-q", action="store_true", help="print nothing on success")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from pathlib import Path

    from gpudesk.core.i18n import t, use_language
    from gpudesk.core.plan import load_plan
    from gpudesk.errors import GpudeskError
    from gpudesk.report import export_pdf

    with use_language(args.lang):
        output = Path(args.output) if args.output else Path(args.plan).with_suffix(".pdf")
        if output.suffix.lower() != ".pdf":  # a PDF written to out.txt opens as garbage: say so before writing
            raise GpudeskError(
                t(
                    "{o}: the report is a PDF: name the file .pdf (e.g. {p})",
                    "{o}：报告是 PDF 文件：请以 .pdf 结尾命名（例如 {p}）",
                    o=output,
                    p=output.with_suffix(".pdf").name,
                )
            )
        plan = load_plan(args.plan)
        pages = export_pdf(plan, output, args.lang, sources=(args.plan,))
        if not args.quiet:
            print(t("wrote {o} ({n} pages)", "已写入 {o}（共 {n} 页）", o=output, n=pages))
    return 0
