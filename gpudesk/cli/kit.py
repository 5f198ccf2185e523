"""`gpudesk kit PLAN -o DIR` writes the acceptance kit; `gpudesk kit import RESULTS --plan PLAN`
reads a results file back into the plan's checklist (printing only; core does the work)."""

from __future__ import annotations

import argparse
import json
import sys

from gpudesk.cli.args import add_lang, plan_command
from gpudesk.cli.words import command


def register(subparsers) -> None:
    from gpudesk.core.i18n import t

    p = plan_command(subparsers, "kit", **command("kit"))
    p.add_argument(
        "-o",
        "--output",
        required=True,
        metavar="DIR",
        help="kit folder to write (DIR.zip is written beside it); an earlier kit there is refreshed",
    )
    add_lang(p, "language of the README and the probe's output (default: the system's)")
    p.add_argument("--json", action="store_true", help="print JSON {folder, zip, checks, fingerprint}")
    p.set_defaults(func=handle_export, command_name="kit")

    imp = subparsers.add_parser(
        "kit-import",
        prog="gpudesk kit import",
        help=argparse.SUPPRESS,
        description=t(
            "Check a gpudesk-results.json (schema, plausible values, that it belongs to the plan) and "
            "record its verdicts in the plan's checklist, with the measured evidence. A file that does not "
            "check out changes nothing.",
            "检查 gpudesk-results.json（格式、数值是否合理、是否属于该方案），并把结论连同实测证据记入方案的检查清单。检查不通过的文件不改动任何内容。",
        ),
    )
    imp.add_argument("results", metavar="RESULTS.json", help="results file written by the kit's run.sh")
    imp.add_argument("--plan", required=True, metavar="PLAN.gpudesk", help="plan file to record the results in")
    imp.add_argument(
        "--json", action="store_true", help="print JSON {plan, applied, measured, planned, recalibration, ...}"
    )
    imp.add_argument(
        "--recalibrate",
        action="store_true",
        help="also recalibrate the plan's MFU and memory overhead "
        "from the training run (kept as a new plan version; the original figures stay in the plan)",
    )
    imp.add_argument("--by", metavar="NAME", help="who ran the kit (default: 'gpudesk kit on HOST')")
    imp.add_argument("--dry-run", action="store_true", help="check and show, do not save the plan")
    add_lang(imp, "language of the evidence and the output")
    imp.set_defaults(func=handle_import, command_name="kit import")


def handle_export(args: argparse.Namespace) -> int:
    from gpudesk.core.i18n import t, use_language
    from gpudesk.core.kit.expect import fingerprint, kit_checks
    from gpudesk.core.kit.generate import write_kit
    from gpudesk.core.plan import load_plan

    with use_language(args.lang) as lang:
        plan = load_plan(args.plan)
        folder, zip_path = write_kit(plan, args.output, lang)
        checks = kit_checks(plan)
        if args.json:
            json.dump(
                {
                    "folder": str(folder.resolve()),
                    "zip": str(zip_path.resolve()),
                    "fingerprint": fingerprint(plan),
                    "lang": lang,
                    "checks": checks,
                },
                sys.stdout,
                ensure_ascii=False,
            )
            sys.stdout.write("\n")
            return 0
        print(
            t(
                "Acceptance kit written: {f} and {z} ({n} checks).",
                "验收套件已写出：{f} 与 {z}（{n} 项检查）。",
                f=folder,
                z=zip_path,
                n=len(checks),
            )
        )
        print(
            t(
                "Copy it to every delivered server and run:  bash run.sh   (see its README)",
                "复制到每台交付的服务器并运行：bash run.sh（见其中的 README）",
            )
        )
        print(
            t(
                "Then: gpudesk kit import gpudesk-results.json --plan {p}",
                "然后：gpudesk kit import gpudesk-results.json --plan {p}",
                p=args.plan,
            )
        )
    return 0


def handle_import(args: argparse.Namespace) -> int:
    from gpudesk.core.i18n import use_language
    from gpudesk.core.kit.apply import import_results
    from gpudesk.core.plan import load_plan, plan_lock, save_plan

    with use_language(args.lang), plan_lock(args.plan):
        plan = load_plan(args.plan)
        report = import_results(plan, args.results, who=args.by, recalibrate_plan=args.recalibrate)
        if not args.dry_run:
            save_plan(plan, args.plan)  # atomic; only after the file checked out and applied
        report["saved"] = not args.dry_run
        if args.json:
            json.dump(report, sys.stdout, ensure_ascii=False, default=str)
            sys.stdout.write("\n")
        else:
            sys.stdout.write(format_import(report))
    return 0


def format_import(report: dict) -> str:
    from gpudesk.core.i18n import colon, t
    from gpudesk.core.plan.checklist import status_label

    lines = [
        t("Results of {h} for plan {p!r}:", "{h} 的验收结果，方案 {p!r}：", h=report["host"], p=report["plan"]["title"])
    ]
    for a in report["applied"]:
        lines.append(f"  {status_label(a['checklist_status']):<8} {a['title']}")
        lines.append(f"           {a['evidence']}")
    for s in report["skipped"]:
        lines.append(f"  {t('skipped', '跳过'):<8} {s['item']}: {s['reason']}")
    if report["comparison"]:
        lines += ["", t("Measured against planned:", "实测与方案对比：")]
        width = max(len(r["label"]) for r in report["comparison"])
        for r in report["comparison"]:
            mark = {True: "✓", False: "✗"}.get(r["ok"], " ")
            lines.append(
                f"  {mark} {r['label']:<{width}}  {colon(t('plan', '方案'))}{r['planned']}  |  "
                f"{colon(t('measured', '实测'))}{r['measured']}"
            )
    rc = report.get("recalibration")
    if rc:
        lines += ["", recalibration_text(rc)]
        if not rc.get("applied"):
            lines.append(
                t(
                    "Apply it with --recalibrate (kept as a new plan version).",
                    "加 --recalibrate 即可应用（作为方案的新版本保存）。",
                )
            )
    for w in report.get("warnings") or []:
        lines.append(t("note: {w}", "提示：{w}", w=w))
    if not report.get("saved"):
        lines.append(t("(dry run: the plan was not changed)", "（试运行：方案未修改）"))
    return "\n".join(lines) + "\n"


def recalibration_text(rc: dict) -> str:
    from gpudesk.core import units
    from gpudesk.core.i18n import t

    cur = rc["cost"].get("currency") or "CNY"
    head = (
        t("Recalibrated", "已重新校准")
        if rc.get("applied")
        else t("Recalibration from the training run", "根据训练测试的重新校准")
    )
    return t(
        "{head}: MFU {m0} → {m1}; memory per GPU {a} → {b}; time {c} → {d}; cost {e} → {f}",
        "{head}：MFU {m0} → {m1}；每卡显存 {a} → {b}；时长 {c} → {d}；费用 {e} → {f}",
        head=head,
        m0=units.percent(rc["mfu"]["planned"]),
        m1=units.percent(rc["mfu"]["new"]),
        a=units.memory(rc["memory_per_gpu_bytes"]["planned"]),
        b=units.memory(rc["memory_per_gpu_bytes"]["new"]),
        c=units.hours(rc["hours"]["planned"]),
        d=units.hours(rc["hours"]["new"]),
        e=units.money(rc["cost"]["planned"], cur),
        f=units.money(rc["cost"]["new"], cur),
    )
