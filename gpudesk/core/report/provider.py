"""The provider's facts as recorded and the offer priced in the plan."""

from __future__ import annotations

from typing import Any

from gpudesk.core import units
from gpudesk.core.i18n import t
from gpudesk.core.report.blocks import Heading, KeyValues, RowStyle, Section, Text
from gpudesk.core.report.context import ReportContext


class ProviderSection(ReportContext):

    def _provider(self) -> Section | None:
        o = self.choice
        if o is None:
            return None
        blocks: list[Any] = []
        p = self.row("provider", o.provider)
        offer = self.row("offer", o.offer)
        if o.provider is None:
            blocks.append(Text(t("No provider is named in this plan: the price was entered by the user. "
                                 "Check the provider's facts below before signing.",
                                 "本方案未指定供应商，价格由用户填写。签字前请核实供应商资质。"), "warning"))
        blocks.append(Heading(t("Provider facts as recorded in the catalogue", "目录中记录的供应商信息")))
        name = self._provider_name(o.provider) or t("not named", "未指定")
        rows: list[tuple[str, str]] = [(t("Provider", "供应商"), name)]
        fields: list[tuple[str, str, str]] = [
            ("licence_number", "Value-added telecom licence (增值电信业务经营许可证)", "增值电信业务经营许可证"),
            ("licence_scope", "Licence scope", "许可范围"),
            ("icp_filing", "ICP filing", "ICP 备案"),
            ("certifications", "Certifications", "资质认证"),
            ("regions", "Regions", "地域"),
            ("data_centres", "Data centres", "数据中心"),
            ("self_operated", "Self-operated data centres", "自营机房"),
            ("support_7x24", "7×24 on-site operations", "7×24 驻场运维"),
            ("spare_parts", "Spare-parts pool", "备件池"),
            ("billing_modes", "Billing modes", "计费方式"),
            ("data_destruction", "Data destruction at end of rental", "租用结束数据销毁"),
            ("registered_capital", "Registered capital", "注册资本"),
            ("founded", "Founded", "成立年份"),
            ("notes", "SLA and other terms as recorded", "SLA 及其他条款（按记录）"),
            ("source", "Source", "信息来源"),
            ("checked", "Checked on", "核实日期"),
        ]
        styles: list[RowStyle] = [""]
        for attr, en, zh in fields:
            value = getattr(p, attr, None) if p is not None else None
            if attr == "notes":
                value = _notes(p, self.lang)
            if attr == "billing_modes" and value:
                value = ", ".join(units.label("billing", v) for v in value) if self.lang == "en" else "、".join(units.label("billing", v) for v in value)
            rows.append((t(en, zh), _unknown(value)))
            styles.append("warning" if attr in ("licence_number", "support_7x24", "notes") and value in (None, "", []) else "")
        blocks.append(KeyValues(rows, row_styles=styles))
        blocks.append(Heading(t("The offer priced in this plan", "本方案采用的报价")))
        c = o.cost
        offer_rows = [
            (t("Offer", "报价条目"), o.offer or t("none (price entered by the user)", "无（用户自填价格）")),
            (t("Region", "地域"), _unknown(o.region)),
            (t("Price per GPU-hour", "每卡·时价格"), units.price(c.price_per_gpu_hour, c.currency)),
            (t("Price per GPU-month", "每卡·月价格"), units.price(c.price_per_gpu_month, c.currency)),
            (t("Price kind", "价格类型"), units.label("price_kind", o.price_kind) if o.price_kind else t("unknown", "未知")),
            (t("Price date", "价格日期"), _unknown(o.price_date)),
            (t("Billing offered", "可选计费方式"), _unknown([units.label("billing", b) for b in getattr(offer, "billing", [])] or None)),
            (t("Price source", "价格来源"), _unknown(getattr(offer, "source", None))),
            (t("Offer notes", "报价备注"), _unknown(_notes(offer, self.lang))),
        ]
        kind_style: RowStyle = "warning" if o.price_kind in (None, "estimate") else ""
        blocks.append(KeyValues(offer_rows, row_styles=["", "", "", "", kind_style, kind_style, "", "", ""]))
        blocks.append(Text(t("Catalogue entries record what providers state; they are not endorsements. Verify the "
                             "licence number in the MIIT licence query system and get SLA compensation terms in writing.",
                             "目录条目只记录供应商自述信息，不构成推荐。请在工信部许可证查询系统核实许可证编号，"
                             "并以书面形式确认 SLA 赔付条款。"), "muted"))
        return Section(t("Provider", "供应商"), blocks)

    # ---- checklist and sign-off ----


def _notes(row, lang: str) -> str | None:
    """A catalogue row's notes in the report's language (`notes_zh` beside `notes`; either when the
    other is missing). Rows may be plan snapshots (dicts) or catalogue models."""
    if row is None:
        return None
    get = row.get if isinstance(row, dict) else (lambda k: getattr(row, k, None))
    en, zh = get("notes"), get("notes_zh")
    return (zh or en) if lang == "zh_CN" else (en or zh)


def _unknown(value: Any) -> str:
    """A catalogue fact as recorded; a missing one says so."""
    if value is None or value == "" or value == []:
        return t("unknown (not recorded)", "未知（未记录）")
    if isinstance(value, bool):
        return units.yes_no(value)
    if isinstance(value, list | tuple):
        return ", ".join(str(v) for v in value)
    return str(value)
