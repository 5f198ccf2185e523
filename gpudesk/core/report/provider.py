"""The provider's facts as recorded and the offer priced in the plan."""

from __future__ import annotations

from typing import Any

from gpudesk.core import units
from gpudesk.core.i18n import t
from gpudesk.core.report.blocks import Heading, KeyValues, RowStyle, Section, Text
from gpudesk.core.models import Option
from gpudesk.core.plan.comparison import QuoteRow, item_label
from gpudesk.core.report.context import ReportContext
from gpudesk.core.rules import MARKET_REFERENCE


class ProviderSection(ReportContext):
    def _provider(self) -> Section | None:
        o = self.choice
        if o is None:
            return None
        blocks: list[Any] = []
        if o.provider == MARKET_REFERENCE:  # not a company: there is no provider to describe yet
            blocks.append(
                Text(
                    t(
                        "No provider has been chosen: this plan is priced at a market-reference estimate, which is not an "
                        "offer from anyone. Ask licensed providers for written quotes and record them on the 比价 page; "
                        "the provider's licence, ICP filing and SLA terms will then be listed here.",
                        "尚未选定服务商：本方案按市场参考估算价计价，这不是任何服务商的报价。请向持牌服务商询价，并在比价页记录"
                        "书面报价；届时此处将列出服务商的许可证、ICP 备案和 SLA 条款。",
                    ),
                    "critical",
                )
            )
            blocks.append(Heading(t("The estimate priced in this plan", "本方案采用的估算价")))
            blocks.append(self._offer_block(o))
            return Section(t("Provider", "供应商"), blocks)
        p = self.row("provider", o.provider)
        if o.provider is None:
            blocks.append(
                Text(
                    t(
                        "No provider is named in this plan: the price was entered by the user. "
                        "Check the provider's facts below before signing.",
                        "本方案未指定供应商，价格由用户填写。签字前请核实供应商资质。",
                    ),
                    "warning",
                )
            )
        blocks.append(Heading(t("Provider facts as recorded in the catalogue", "目录中记录的供应商信息")))
        name = self._provider_name(o.provider) or t("not named", "未指定")
        rows: list[tuple[str, str]] = [(t("Provider", "供应商"), name)]
        fields: list[tuple[str, str, str]] = [
            ("legal_name", "Legal name", "公司全称"),
            ("licence_number", "Value-added telecom licence (增值电信业务经营许可证)", "增值电信业务经营许可证"),
            ("licence_scope", "Licence scope", "许可范围"),
            ("licence_region", "Licence region", "许可地域"),
            ("icp_filing", "ICP filing", "ICP 备案"),
            ("certifications", "Certifications", "资质认证"),
            ("mlps_level", "等保 (MLPS) level", "等保级别"),
            ("regions", "Regions", "地域"),
            ("data_centres", "Data centres", "数据中心"),
            ("self_operated", "Self-operated data centres", "自营机房"),
            ("support_7x24", "7×24 on-site operations", "7×24 驻场运维"),
            ("spare_parts", "Spare-parts pool", "备件池"),
            ("billing_modes", "Billing modes", "计费方式"),
            ("data_destruction", "Data destruction at end of rental", "租用结束数据销毁"),
            ("registered_capital", "Registered capital", "注册资本"),
            ("founded", "Founded", "成立年份"),
            ("contact", "Contact", "联系方式"),
            ("notes", "SLA and other terms as recorded", "SLA 及其他条款（按记录）"),
            ("source", "Source", "信息来源"),
            ("checked", "Checked on", "核实日期"),
        ]
        styles: list[RowStyle] = [""]
        for attr, en, zh in fields:
            value = units.localised(p, attr)  # the Chinese text beside the English one where the catalogue has it
            if attr == "regions" and value:
                value = [units.region(r) for r in value]
            if attr == "billing_modes" and value:
                value = (
                    ", ".join(units.label("billing", v) for v in value)
                    if self.lang == "en"
                    else "、".join(units.label("billing", v) for v in value)
                )
            rows.append((t(en, zh), _unknown(value)))
            styles.append(
                "warning"
                if attr in ("licence_number", "icp_filing", "support_7x24", "notes") and value in (None, "", [])
                else ""
            )
        blocks.append(KeyValues(rows, row_styles=styles))
        sel = self.selected_quote
        if sel is not None:
            blocks.append(Heading(t("The selected quote", "选定的报价")))
            blocks.append(KeyValues(self._quote_rows(sel)))
        else:
            blocks.append(Heading(t("The price used in this plan", "本方案采用的参考价格")))
            blocks.append(self._offer_block(o))
        blocks.append(
            Text(
                t(
                    "Catalogue entries record what providers state; they are not endorsements. Verify the "
                    "licence number in the MIIT licence query system and get SLA compensation terms in writing.",
                    "目录条目只记录供应商自述信息，不构成推荐。请在工信部许可证查询系统核实许可证编号，"
                    "并以书面形式确认 SLA 赔付条款。",
                ),
                "muted",
            )
        )
        return Section(t("Provider", "供应商"), blocks)

    def _offer_block(self, o: Option) -> KeyValues:
        offer = self.row("offer", o.offer)
        c = o.cost
        offer_rows = [
            (t("Catalogue entry", "目录条目"), self._offer_words(o, offer)),
            (t("Region", "地域"), _unknown(o.region)),
            (t("Price per GPU-hour", "每卡·时价格"), units.price(c.price_per_gpu_hour, c.currency)),
            (t("Price per GPU-month", "每卡·月价格"), units.price(c.price_per_gpu_month, c.currency)),
            (
                t("Price kind", "价格类型"),
                units.label("price_kind", o.price_kind),
            ),
            (t("Price date", "价格日期"), _unknown(o.price_date)),
            (
                t("Billing offered", "可选计费方式"),
                _unknown([units.label("billing", b) for b in getattr(offer, "billing", [])] or None),
            ),
            (t("Price source", "价格来源"), _unknown(units.localised(offer, "source"))),
            (t("Price notes", "价格备注"), _unknown(units.localised(offer, "notes"))),
        ]
        kind_style: RowStyle = "warning" if o.price_kind in (None, "estimate") else ""
        return KeyValues(offer_rows, row_styles=["", "", "", "", kind_style, kind_style, "", "", ""])

    def _offer_words(self, o: Option, offer: Any) -> str:
        """What the catalogue entry is, in words (its id is for the command line, not for the signed plan)."""
        if not o.offer:
            return t("none (price entered by the user)", "无（用户自填价格）")
        who = (
            t("market-reference estimate", "市场参考估算价")
            if o.provider == MARKET_REFERENCE
            else self._provider_name(o.provider) or t("a provider", "服务商")
        )
        gpn = getattr(offer, "gpus_per_node", None) or o.gpus_per_node
        return t(
            "{who} for {gpu} in {n}-GPU nodes", "{who}：每节点 {n} 卡的 {gpu}", who=who, gpu=units.gpu_name(o), n=gpn
        )

    def _quote_rows(self, r: QuoteRow) -> list[tuple[str, str]]:
        """A quote's terms as the user recorded them (unknown where it says nothing)."""
        from gpudesk.core.plan.comparison import price_summary

        q = r.quote
        sub = q.subsidy
        vat = (
            t("unknown (not stated)", "未知（未说明）")
            if q.prices_include_vat is None
            else (t("included", "含税") if q.prices_include_vat else t("excluded", "不含税"))
            + (f" ({units.percent(q.vat_rate, 1)})" if q.vat_rate is not None else "")
        )
        return [
            (t("Quote", "报价"), f"{q.id}" + (f" — {q.reference}" if q.reference else "")),
            (t("Quote date / valid until", "报价日期 / 有效期至"), f"{_unknown(q.date)} / {_unknown(q.valid_until)}"),
            (t("Contact", "联系人"), _unknown(q.contact)),
            (
                t("Configuration", "配置"),
                units.nodes_of(q.nodes, q.gpus_per_node, units.gpu_name(q))
                + "".join(f" · {x}" for x in (q.cpu, q.network, q.region) if x),
            ),
            (t("Prices", "价格"), price_summary(q)),
            (
                t("Billing granularity", "计费粒度"),
                _unknown(q.granularity and units.label("granularity", q.granularity)),
            ),
            (
                t("Storage", "存储"),
                _unknown(
                    None
                    if q.storage_per_gb_month is None
                    else t(
                        "{p}/GB-month, {inc} GB included",
                        "{p}/GB·月，赠送 {inc} GB",
                        p=units.price(q.storage_per_gb_month),
                        inc=units.number(q.storage_included_gb),
                    )
                ),
            ),
            (
                t("Network", "网络"),
                _unknown(
                    ", ".join(
                        x
                        for x in (
                            q.egress_per_gb is not None
                            and t("egress {p}/GB", "流量 {p}/GB", p=units.price(q.egress_per_gb))
                            or "",
                            q.bandwidth_per_month is not None
                            and t("bandwidth {p}/month", "带宽 {p}/月", p=units.money(q.bandwidth_per_month))
                            or "",
                            q.public_ips is not None and t("{n} public IP(s)", "{n} 个公网 IP", n=q.public_ips) or "",
                        )
                        if x
                    )
                ),
            ),
            (t("Tax (VAT)", "税费（增值税）"), vat),
            (
                t("Subsidy (entered by the user)", "补贴（用户填写）"),
                _unknown(
                    None
                    if sub is None
                    else t(
                        "{r} of {items}, capped at {cap}",
                        "{items} 的 {r}，上限 {cap}",
                        r=units.percent(sub.rate),
                        items="、".join(item_label(i) for i in sub.items)
                        if self.lang == "zh_CN"
                        else ", ".join(item_label(i) for i in sub.items),
                        cap=units.money(sub.cap) if sub.cap is not None else t("none stated", "未说明"),
                    )
                    + (f" — {sub.programme}" if sub.programme else "")
                ),
            ),
            (t("Notes", "备注"), _unknown(q.notes)),
        ]

    # ---- checklist and sign-off ----


def _unknown(value: Any) -> str:
    """A catalogue fact as recorded; a missing one says so."""
    if value is None or value == "" or value == []:
        return t("unknown (not recorded)", "未知（未记录）")
    if isinstance(value, bool):
        return units.yes_no(value)
    if isinstance(value, list | tuple):
        return t(", ", "、").join(str(v) for v in value)
    return str(value)
