"""`gpudesk checklist PLAN [--json]` prints the tailored checklist; `--set ID=STATUS` records a result."""

from __future__ import annotations

from gpudesk.core.i18n import colon, t

import argparse
import json
import sys

from gpudesk.cli.args import add_lang, plan_command
from gpudesk.cli.words import command

PHASES = ("due_diligence", "delivery", "operations", "end_of_rental")  # = core.checklist.PHASES
STATUSES = ("open", "pass", "fail", "n/a", "waived")


def register(subparsers) -> None:
    p = plan_command(subparsers, "checklist", **command("checklist"))
    p.add_argument("--json", action="store_true", help="print JSON {plan, progress, items}")
    p.add_argument("--phase", choices=PHASES, help="only this phase")
    p.add_argument("--status", choices=STATUSES, help="only items with this status")
    add_lang(p, "language of the items (default: the system's)")
    p.add_argument(
        "--set",
        action="append",
        default=[],
        metavar="ID=STATUS",
        help="record a result, e.g. --set driver-branch=pass (repeatable)",
    )
    p.add_argument("--note", metavar="TEXT", help="with --set: notes for the item (replace earlier notes)")
    p.add_argument("--by", metavar="NAME", help="with --set: who checked (left empty when not given)")
    p.add_argument("--evidence", metavar="TEXT|PATH", help="with --set: evidence text or the path of a file")
    p.add_argument("--reason", metavar="TEXT", help="with --set ID=waived: why the check is waived (required)")
    p.add_argument(
        "--export",
        metavar="FILE.xlsx|FILE.csv",
        help="also write the items to a spreadsheet (one header row, one row per item)",
    )
    p.set_defaults(func=handle)


def _evidence(value: str | None) -> str | None:
    """A path to an existing file is stored absolute, so the plan still points at it from elsewhere."""
    import os

    if value is None:
        return None
    value = value.strip()
    if value and os.path.isfile(value):
        return os.path.abspath(value)
    return value


def handle(args: argparse.Namespace) -> int:
    from gpudesk.catalog import open_catalog
    from gpudesk.core.plan.checklist import set_status, tailor
    from gpudesk.core.i18n import use_language
    import contextlib

    from gpudesk.core.plan import load_plan, plan_lock, save_plan
    from gpudesk.errors import GpudeskError

    if not args.set and any(v is not None for v in (args.note, args.by, args.evidence, args.reason)):
        raise GpudeskError(
            t(
                "--note, --by, --evidence and --reason go with --set ID=STATUS",
                "--note、--by、--evidence 和 --reason 需与 --set ID=状态 一起使用",
            )
        )
    from gpudesk.core.limits import check_text

    for value, field, option in (
        (args.note, "item_notes", "--note"),
        (args.evidence, "item_notes", "--evidence"),
        (args.reason, "item_notes", "--reason"),
        (args.by, "author", "--by"),
    ):
        if value is not None:
            check_text(value, field, option)
    with use_language(args.lang), plan_lock(args.plan) if args.set else contextlib.nullcontext():
        plan = load_plan(args.plan)  # under the lock when changing it: concurrent --set calls all land
        catalog = open_catalog()  # rows an old plan lacks; read only when needed
        changed: list[str] = []
        if args.set:
            who = args.by  # only a name the user gives: never the computer's login as "checked by" (C5)
            for spec in args.set:
                item_id, sep, status = spec.partition("=")
                if not sep or not item_id.strip() or not status.strip():
                    raise GpudeskError(
                        t(
                            "--set wants ID=STATUS (e.g. driver-branch=pass), got {s!r}",
                            "--set 的格式为 ID=状态（例如 'driver-branch=pass'），实际为 {s!r}",
                            s=spec,
                        )
                    )
                set_status(
                    plan,
                    item_id.strip(),
                    status.strip(),
                    note=args.note,
                    who=who,
                    evidence=_evidence(args.evidence),
                    reason=args.reason,
                    catalog=catalog,
                )
                changed.append(item_id.strip())
            save_plan(plan, args.plan)  # atomic; only after every --set was accepted
        every = tailor(plan, catalog=catalog)
        items = every
        if changed:
            items = [i for i in items if i.id in changed]
        if args.phase:
            items = [i for i in items if i.phase == args.phase]
        if args.status:
            items = [i for i in items if i.status == args.status]
        if args.export:
            from gpudesk.export import checklist_table, export_table

            written = export_table(checklist_table(plan, items), args.export, sources=(args.plan,))
            print(
                t("wrote {n} checklist items to {f}", "已将 {n} 个检查项写入 {f}", n=len(items), f=written),
                file=sys.stderr,
            )
        if args.json:
            json.dump(checklist_json(plan, args.plan, items, every, catalog), sys.stdout, ensure_ascii=False)
            sys.stdout.write("\n")
        else:
            sys.stdout.write(format_checklist(plan, args.plan, items, every, saved=bool(changed)))
    return 0


def checklist_json(plan, path, items, every=None, catalog=None) -> dict:
    from gpudesk.core.plan.checklist import expectations, progress, tailor
    from gpudesk.core.i18n import current_language
    from gpudesk.core.plan import plan_summary

    summary = plan_summary(plan, path)
    summary["language"] = current_language()
    return {
        "plan": summary,
        "progress": progress(every if every is not None else tailor(plan, catalog=catalog)),
        "expected": expectations(plan, catalog).model_dump(mode="json"),
        "items": [i.model_dump(mode="json") for i in items],
    }


def format_checklist(plan, path, items, every=None, *, saved: bool = False) -> str:
    from gpudesk.cli.table import pad
    from gpudesk.core.plan.checklist import phase_label, progress, status_label, tailor

    from gpudesk.core.plan import display_title

    lines = [f"{display_title(plan)} — {path}"]
    if saved:
        lines.append(t("saved the result in {p}", "结果已保存到 {p}", p=path))
    prog = progress(every if every is not None else tailor(plan))
    for phase in PHASES:
        mine = [i for i in items if i.phase == phase]
        if not mine:
            continue
        c = prog[phase]
        lines += [
            "",
            f"== {phase_label(phase, trains=plan.job.task.trains)} ({c['pass'] + c['waived']}/{c['applicable']} "
            f"{t('done', '完成')}, {c['fail']} {t('failing', '未通过')})",
        ]
        for i in mine:
            mark = f"[{status_label(i.status)}]"
            lines.append(f"{pad(mark, 10)} {i.id}: {i.title}")
            if not i.applicable:
                lines.append(f"{'':<10} {i.criterion}")
                continue
            lines.append(f"{'':<10} {colon(t('how', '方法'))}{i.how}")
            lines.append(f"{'':<10} {colon(t('pass if', '通过标准'))}{i.criterion}")
            if i.notes:
                lines.append(f"{'':<10} {colon(t('notes', '备注'))}{i.notes}")
            if i.evidence:
                lines.append(f"{'':<10} {colon(t('evidence', '证据'))}{i.evidence}")
            if i.waiver_reason:
                lines.append(f"{'':<10} {colon(t('waived because', '豁免原因'))}{i.waiver_reason}")
            if i.checked_at:
                lines.append(f"{'':<10} {colon(t('checked', '检查'))}{i.checked_by or '?'} {i.checked_at}")
    return "\n".join(lines) + "\n"
