"""Table model over a plan's quote comparison (比价表): core.plan.compare decides every figure and flag."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QColor, QFont

from gpudesk.core import units
from gpudesk.ui.labels import region_text
from gpudesk.ui.i18n import translator
from gpudesk.ui.models.columns import RowsTable

SORT_ROLE = Qt.UserRole
QUOTE_ROLE = Qt.UserRole + 1
COLUMNS = (
    "id",
    "provider",
    "configuration",
    "all_in",
    "fits",
    "flags",
    "valid",
    "hours",
    "plus30",
    "plus100",
    "billing",
    "prices",
)
_RIGHT = ("hours", "all_in", "plus30", "plus100")

_tr = translator("QuotesModel")


class QuotesModel(RowsTable):
    COLUMNS = COLUMNS

    def header_texts(self) -> dict[str, tuple[str, str | None]]:
        """Column key -> (header, tooltip)."""
        # fmt: off
        # data: one column a row (header, tooltip), as the table reads
        return {
            "id": (_tr("Quote"), _tr("The quote's id in this plan (q1, q2, …); ★ selected, ✓ cheapest")),
            "provider": (_tr("Provider"), _tr("Who quoted, and the provider's quote number")),
            "configuration": (_tr("Configuration"), _tr("GPUs quoted: nodes × GPUs per node, region")),
            "prices": (_tr("Prices"), _tr("Every price the quote states, per GPU or per node and billing period")),
            "valid": (_tr("Valid until"), _tr("Last day the quote holds")),
            "fits": (_tr("Fits"), _tr("Whether the plan's job fits this configuration (the engine's verdict)")),
            "hours": (_tr("Run time"), _tr("One clean run on this configuration, without the trial margin")),
            "all_in": (_tr("All-in"), _tr("Everything the quote costs for this job: compute at the cheapest billing mix for the run with its trial margin, storage, network, fees, subsidy and tax")),
            "plus30": (_tr("+30 %"), _tr("All-in if the run takes 30 % longer")),
            "plus100": (_tr("+100 %"), _tr("All-in if the run takes twice as long")),
            "billing": (_tr("Billing"), _tr("The cheapest billing form or mix for the rental period")),
            "flags": (_tr("Flags"), _tr("What a reviewer should know: expired, no licence or ICP filing recorded, does not fit, items not stated, spot billing")),
        }
        # fmt: on

    def set_comparison(self, comparison) -> None:
        self._reset_rows(comparison.rows if comparison is not None else [])

    def row(self, r: int):
        return self._rows[r]

    def row_of(self, quote_id: str | None) -> int:
        return next((i for i, r in enumerate(self._rows) if r.quote.id == quote_id), -1)

    def cell(self, r, column: str, index, role: int):
        if role == Qt.DisplayRole:
            return self._display(r, column)
        if role == SORT_ROLE:
            return self._sort(r, column)
        if role == QUOTE_ROLE:
            return r.quote.id
        if role == Qt.ToolTipRole:
            if column == "flags" and r.flags:
                return "\n".join(f"• {t}" for t in r.flag_texts())
            if column == "all_in":
                from gpudesk.core.plan.comparison import item_label

                return "\n".join(
                    f"{item_label(k)}: {units.money(v, 'CNY')}" for k, v in r.cost.items.items()
                ) + "".join(f"\n{a}" for a in r.cost.assumptions)
            return self._headers[column][1]
        if role == Qt.BackgroundRole:
            if r.selected:
                return QBrush(QColor(252, 233, 79, 110))
            if r.cheapest:
                return QBrush(QColor(214, 240, 214))
        if role == Qt.ForegroundRole:
            if column == "fits" and r.fit is not None and r.fit.fits is not None:
                return QBrush(QColor("#4e9a06" if r.fit.fits else "#cc0000"))
            if column == "flags" and r.flags:
                return QBrush(QColor("#cc0000" if self._out(r) else "#c17d11"))
            if self._out(r):
                return QBrush(QColor("#888a85"))
            if r.selected or r.cheapest:
                return QBrush(QColor(0, 0, 0))
        if role == Qt.FontRole and (r.selected or self._out(r)):
            font = QFont()
            font.setBold(r.selected)
            font.setItalic(self._out(r))
            return font
        if role == Qt.TextAlignmentRole and column in _RIGHT:
            return int(Qt.AlignRight | Qt.AlignVCenter)
        return None

    @staticmethod
    def _out(r) -> bool:
        """Out of the running: expired, or the job does not fit."""
        return "expired" in r.flags or "does-not-fit" in r.flags

    def _display(self, r, column: str) -> str:
        from gpudesk.core.plan.comparison import billing_text, price_summary

        q, c = r.quote, r.cost
        match column:
            case "id":
                return ("★ " if r.selected else "") + ("✓ " if r.cheapest else "") + q.id
            case "provider":
                return r.provider_name + (f" · {q.reference}" if q.reference else "")
            case "configuration":
                where = region_text(q.region)
                return units.nodes_of(q.nodes, q.gpus_per_node, units.gpu_name(q)) + (f" · {where}" if where else "")
            case "prices":
                return price_summary(q)
            case "valid":
                return q.valid_until or units.unknown()
            case "fits":
                if r.fit is None or r.fit.fits is None:
                    return units.unknown()
                return units.yes_no(r.fit.fits)
            case "hours":
                hours = r.fit.hours if r.fit is not None else None
                return units.hours(hours)
            case "all_in":
                return units.money(c.all_in, "CNY")
            case "plus30" | "plus100":
                values = list(r.sensitivity.values())
                value = values[0 if column == "plus30" else -1] if values else None
                return units.money(value, "CNY")
            case "billing":
                return billing_text(c.billing) if c.billing else units.unknown()
            case "flags":
                return r.flags_line()
        return ""

    @staticmethod
    def _sort(r, column: str):
        inf = float("inf")
        match column:
            case "all_in":
                return r.cost.all_in if r.cost.all_in is not None else inf
            case "hours":
                return r.fit.hours if r.fit is not None and r.fit.hours is not None else inf
            case "flags":
                return len(r.flags)
        return QuotesModel._display_static(r, column)

    @staticmethod
    def _display_static(r, column: str) -> str:
        return {"id": r.quote.id, "provider": r.provider_name, "valid": r.quote.valid_until or ""}.get(column, "")
