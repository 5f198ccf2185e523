"""The acceptance checklist with its results, and the sign-off block."""

from __future__ import annotations

from typing import Any

from gpudesk.core import units
from gpudesk.core.i18n import t
from gpudesk.core.report import service
from gpudesk.core.report.blocks import Heading, PageBreak, RowStyle, Section, SignOff, SignRole, Table, Text
from gpudesk.core.plan.checklist import phase_label, tailor
from gpudesk.core.plan.kit_record import is_kit_checker, kit_checked_by, kit_evidence
from gpudesk.core.report.context import ReportContext, _date_text

_STATUS_STYLES: dict[str, RowStyle] = {"fail": "critical", "open": "open", "pass": "ok"}  # others: muted
_OK_STYLES: dict[object, RowStyle] = {True: "ok", False: "critical"}  # a kit measurement: met or not


class ChecklistSection(ReportContext):
    def _checklist(self) -> Section:
        blocks: list[Any] = []
        items = tailor(self.plan, self.lang, self.catalog)
        phases = list(dict.fromkeys(item.phase for item in items))
        # grouped by phase in template order; inside a phase, items that do not apply come last
        items = sorted(items, key=lambda i: (phases.index(i.phase), not i.applicable))
        counts: dict[str, int] = {}
        for item in items:
            counts[_status_key(item.status)] = counts.get(_status_key(item.status), 0) + 1
        summary = t(
            "{n} items: {p} passed, {o} open, {f} failed, {w} waived or not applicable.",
            "共 {n} 项：通过 {p} 项，待检查 {o} 项，未通过 {f} 项，豁免或不适用 {w} 项。",
            n=len(items),
            p=counts.get("pass", 0),
            o=counts.get("open", 0),
            f=counts.get("fail", 0),
            w=counts.get("waived", 0),
        )
        blocks.append(Text(summary, "critical" if counts.get("fail") else ("warning" if counts.get("open") else "ok")))
        rows: list[list[str]] = []
        styles: list[RowStyle] = []
        phase = None
        for n, item in enumerate(items, 1):
            if item.phase != phase:
                phase = item.phase
                rows.append([phase_label(phase, trains=self.job.task.trains), "", "", "", ""])
                styles.append("group")
            key = _status_key(item.status)
            what = item.title + (f"\n{item.criterion}" if item.criterion else "")
            # the acceptance kit's measurement, in the report's language (the checklist holds the import's)
            measured = kit_evidence(self.plan, item.id, self.lang) or item.evidence
            evidence = "\n".join(str(x) for x in (measured, item.notes, item.waiver_reason) if x)
            checker = (
                kit_checked_by(self.plan, item.id, self.lang)
                if is_kit_checker(self.plan, item.id, item.checked_by)
                else item.checked_by
            )
            who = "\n".join(str(x) for x in (checker, _date_text(item.checked_at) if item.checked_at else None) if x)
            rows.append(
                [
                    str(n),
                    what,
                    units.label("status", item.status).upper()
                    if item.status == "fail"
                    else units.label("status", item.status),
                    evidence or "—",
                    who or "—",
                ]
            )
            styles.append(_STATUS_STYLES.get(key, "muted"))
        blocks.append(
            Table(
                [
                    t("#", "序号"),
                    t("Item and pass criterion", "检查项与通过标准"),
                    t("Status", "状态"),
                    t("Evidence / notes", "证据 / 备注"),
                    t("Checked by", "检查人"),
                ],
                rows,
                widths=[0.06, 0.49, 0.1, 0.21, 0.14],
                align="clcll",
                row_styles=styles,
                title_columns=(1,),
            )
        )
        blocks.extend(self._measurements())
        blocks.extend(self._revisions())
        blocks.append(PageBreak())
        blocks.append(self._signoff())
        return Section(t("Acceptance checklist", "验收检查清单"), blocks)

    def _measurements(self) -> list[Any]:
        """Measured against planned, per machine the acceptance kit ran on (rows as the import made them)."""
        out: list[Any] = []
        for r in self.plan.kit_results:
            rows = r.comparison.get(self.lang) or r.comparison.get("en") or []
            if not rows:
                continue
            if not out:
                out.append(Heading(t("Measured on delivery (acceptance kit)", "交付实测（验收套件）"), 3))
            out.append(Text(t("{h}, measured {w}", "{h}，测量于 {w}", h=r.host, w=_date_text(r.measured_at)), "strong"))
            out.append(
                Table(
                    [t("What", "项目"), t("Plan", "方案"), t("Measured", "实测"), ""],
                    [[x["label"], x["planned"], x["measured"], {True: "✓", False: "✗"}.get(x["ok"], "")] for x in rows],
                    widths=[0.3, 0.32, 0.32, 0.06],
                    align="lllc",
                    row_styles=[_OK_STYLES.get(x["ok"], "") for x in rows],
                )
            )
        return out

    def _revisions(self) -> list[Any]:
        """Recalibrations: what changed, with the figures they replaced (the original stays visible)."""
        if not self.plan.revisions:
            return []
        rows = []
        for rev in self.plan.revisions:
            b, a = rev.before, rev.after
            cur = a.get("currency") or self.currency
            rows.append(
                [
                    str(rev.version),
                    _date_text(rev.created),
                    rev.reason.get(self.lang) or rev.reason.get("en", ""),
                    f"{units.percent(b.get('mfu'))} → {units.percent(a.get('mfu'))}" if "mfu" in a else "—",
                    f"{units.hours(b.get('hours'))} → {units.hours(a.get('hours'))}",
                    f"{units.money(b.get('cost_with_trial_margin'), cur)} → "
                    f"{units.money(a.get('cost_with_trial_margin'), cur)}",
                ]
            )
        return [
            Heading(t("Plan versions", "方案版本"), 3),
            Text(
                t(
                    "Version 1 is the plan as first made; the figures above are the latest version's.",
                    "版本 1 为最初制定的方案；上文数据为最新版本。",
                ),
                "muted",
            ),
            Table(
                [
                    t("Version", "版本"),
                    t("Date", "日期"),
                    t("Change", "变更"),
                    "MFU",
                    t("Time", "时长"),
                    t("Cost", "费用"),
                ],
                rows,
                widths=[0.08, 0.14, 0.34, 0.12, 0.16, 0.16],
                align="clllll",
            ),
        ]

    def _roles(self) -> list[SignRole]:
        return _sign_roles(self.plan.author, list(getattr(self.plan, "approvers", []) or []))

    def _signoff(self) -> SignOff:
        o = self.choice
        sel = self.selected_quote
        b = self.budget
        if o is not None and sel is not None and b.from_quote:  # the written quote sets the budget
            from gpudesk.core.plan.comparison import item_label

            q = sel.quote
            sep = t(", ", "、")
            counted = sep.join(
                item_label(k) for k in ("compute", "storage", "network", "fees", "tax") if k not in b.unstated
            )
            counted += t(", less the subsidy", "，扣除补贴") if sel.cost.items.get("subsidy") else ""
            margin = (
                t(
                    "the job with the {m} trial-and-error margin; ",
                    "含 {m} 试错余量；",
                    m=units.percent(self.job.trial_margin),
                )
                if self.job.task.trains
                else ""
            )
            unstated = t("; {u}", "；{u}", u=b.unstated_text()) if b.unstated else ""
            statement = t(
                "By signing, the reviewers confirm the sizing above and the approver authorises renting {cfg} under "
                "the written quote {ref} (selected on the 比价 page), within an all-in budget of {cost} for {h} of "
                "rental ({margin}counted: {items}{unstated}), subject to the open checklist items being closed before "
                "payment.",
                "签字即表示：审核人确认上述容量测算，批准人同意按书面报价 {ref}（见比价页）租用 {cfg}，租期 {h}，"
                "总预算不超过 {cost}（{margin}已计入：{items}{unstated}）；付款前须关闭清单中的待检查项。",
                cfg=self._config_text(o),
                ref=q.reference or q.id,
                cost=units.money(b.amount, o.cost.currency),
                h=units.hours(b.hours),
                margin=margin,
                items=counted,
                unstated=unstated,
            )
        elif o is not None and not self.job.task.trains:
            statement = service.signoff_text(self._config_text(o), o.serving, o)
        elif o is not None:
            figures = {  # named by both statements
                "cfg": self._config_text(o),
                "h": units.hours(o.time.hours),
                "m": units.percent(o.cost.trial_margin),
            }
            if o.serving is not None:  # mixed: a training run, then (or while) serving
                statement = t(
                    "By signing, the reviewers confirm the sizing above and the approver authorises renting {cfg} "
                    "for training of about {h} and a service of {period}, within a budget of {cost} (the training "
                    "run with the {m} trial-and-error margin plus the service period), subject to the open "
                    "checklist items being closed before payment.",
                    "签字即表示：审核人确认上述容量测算，批准人同意租用 {cfg}，预计训练 {h}，服务期 {period}，"
                    "预算不超过 {cost}（训练含 {m} 试错余量，另加服务期费用）；付款前须关闭清单中的待检查项。",
                    **figures,
                    period=service.period_text(o.serving.period_hours),
                    cost=units.money(service.mixed_total(o), o.cost.currency),
                )
            else:
                statement = t(
                    "By signing, the reviewers confirm the sizing above and the approver authorises renting {cfg} "
                    "for about {h}, within a budget of {cost} including the {m} trial-and-error margin, "
                    "subject to the open checklist items being closed before payment.",
                    "签字即表示：审核人确认上述容量测算，批准人同意租用 {cfg}，预计 {h}，预算不超过 {cost}"
                    "（含 {m} 试错余量）；付款前须关闭清单中的待检查项。",
                    **figures,
                    cost=units.money(o.cost.with_trial_margin, o.cost.currency),
                )
        else:
            statement = t("No configuration is chosen: do not approve.", "未选定配置：请勿批准。")
        return SignOff(
            title=t("Sign-off", "审批签字"),
            statement=statement,
            roles=self._roles(),
            name_label=t("Name", "姓名"),
            position_label=t("Position", "职务"),
            date_label=t("Date", "日期"),
            signature_label=t("Signature", "签名"),
            decisions=[t("Approved", "批准"), t("Approved with conditions", "有条件批准"), t("Not approved", "不批准")],
        )


def _sign_roles(author: str, approvers: list[str]) -> list[SignRole]:
    """Prepared by the author; reviewed by every approver but the last, who approves (the plan's
    order). Without names, one blank reviewer and one blank approver line to fill in by hand."""
    names = [a for a in approvers if a.strip()]
    reviewers, approver = (names[:-1], names[-1]) if names else ([""], "")
    return (
        [SignRole(t("Prepared by", "编制"), author)]
        + [SignRole(t("Reviewed by", "审核"), r) for r in (reviewers or [""])]
        + [SignRole(t("Approved by", "批准"), approver)]
    )


def _status_key(status: str) -> str:
    """pass, fail, open, or waived (waived and n/a count together in the summary)."""
    if status == "pass":
        return "pass"
    if status == "fail":
        return "fail"
    if status == "open":
        return "open"
    return "waived"
