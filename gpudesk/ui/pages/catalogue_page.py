"""Catalogue browser: GPUs, node types, providers and offers; the user's own entries and price sheets.

Bundled rows are read-only; "Edit" on one saves the user's copy (same id) into the user database,
which the catalogue merges over the bundled row. Unknown facts show as "unknown".
"""

from __future__ import annotations

import json

from PySide6.QtCore import QSortFilterProxyModel, Signal
from PySide6.QtWidgets import (
    QDialog,
    QHBoxLayout,
    QMessageBox,
    QTableView,
    QTabWidget,
    QWidget,
)

from gpudesk.core.report.chart_data import GIB
from gpudesk.errors import GpudeskError
from gpudesk.core import units
from gpudesk.ui.labels import capitalised, provider_name, region_text, row_text
from gpudesk.ui.widgets.row_editor import RowEditor
from gpudesk.ui.models.catalog_model import SORT_ROLE, RowsModel
from gpudesk.ui.widgets.tables import filter_field, row_view, sort_proxy
from gpudesk.ui.widgets.page import Retranslated, ask_open, attempt, hint_label, page_layout, push_button, set_texts

KINDS = ("gpus", "servers", "providers", "offers")


def _gib(n):
    return None if n is None else round(n / GIB, 1)


def _tb(n):
    return None if n is None else round(n / 1e12, 1)


class CataloguePage(Retranslated, QWidget):
    catalog_edited = Signal()

    def __init__(self, catalog, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.catalog = catalog
        self.models: dict[str, RowsModel] = {}
        self._names: dict[str, dict] = {}
        self.proxies: dict[str, QSortFilterProxyModel] = {}
        self.views: dict[str, QTableView] = {}
        self._setup_ui()
        self.retranslate_ui()
        self.reload()

    def _columns(self, kind: str):
        if kind == "gpus":
            return [
                ("id", lambda: self.tr("Id"), lambda r: r.id),
                ("name", lambda: self.tr("Name"), lambda r: units.localised(r, "name") or r.id),
                ("memory", lambda: self.tr("Memory (GiB)"), lambda r: _gib(r.memory_bytes)),
                ("bw", lambda: self.tr("Bandwidth (GB/s)"), lambda r: r.memory_bandwidth_gbps),
                ("bf16", lambda: self.tr("BF16 dense (TFLOPS)"), lambda r: r.tflops_bf16),
                ("fp8", lambda: self.tr("FP8 dense (TFLOPS)"), lambda r: r.tflops_fp8),
                ("nvlink", lambda: self.tr("NVLink (GB/s)"), lambda r: r.nvlink_gbps),
                ("pcie", lambda: self.tr("PCIe gen"), lambda r: r.pcie_generation),
                ("tdp", lambda: self.tr("TDP (W)"), lambda r: r.tdp_watts),
                ("market", lambda: self.tr("Market"), lambda r: self._market(getattr(r, "market", None))),
                ("notes", lambda: self.tr("Notes"), lambda r: row_text(r, "notes") or None),
                ("checked", lambda: self.tr("Checked"), lambda r: r.checked),
                ("source", lambda: self.tr("Source"), lambda r: r.source),
            ]
        if kind == "servers":
            return [
                ("id", lambda: self.tr("Id"), lambda r: r.id),
                ("name", lambda: self.tr("Name"), lambda r: units.localised(r, "name") or r.id),
                ("gpus", lambda: self.tr("GPUs per node"), lambda r: r.gpus_per_node),
                ("topology", lambda: self.tr("Topology"), lambda r: units.label("topology", r.topology)),
                ("intra", lambda: self.tr("GPU link (GB/s)"), lambda r: r.intra_node_gbps),
                ("cpu", lambda: self.tr("CPU"), lambda r: None if r.cpu is None else units.cpu(r.cpu)),
                ("ram", lambda: self.tr("Host RAM (GiB)"), lambda r: _gib(r.host_ram_bytes)),
                ("nvme", lambda: self.tr("NVMe (TB)"), lambda r: _tb(r.nvme_bytes)),
                (
                    "network",
                    lambda: self.tr("Network"),
                    lambda r: None if r.network is None else units.label("network", r.network),
                ),
                ("net_gbps", lambda: self.tr("Network (Gb/s)"), lambda r: r.network_gbps),
                ("power", lambda: self.tr("Power (kW)"), lambda r: r.power_kw),
                ("notes", lambda: self.tr("Notes"), lambda r: row_text(r, "notes") or None),
                ("source", lambda: self.tr("Source"), lambda r: r.source),
            ]
        if kind == "providers":
            return [
                ("id", lambda: self.tr("Id"), lambda r: r.id),
                ("name", lambda: self.tr("Name"), lambda r: provider_name(r)),
                ("licence", lambda: self.tr("Telecom licence"), lambda r: r.licence_number),
                ("icp", lambda: self.tr("ICP filing"), lambda r: r.icp_filing),
                ("certs", lambda: self.tr("Certifications"), lambda r: r.certifications or None),
                ("regions", lambda: self.tr("Regions"), lambda r: [region_text(x) for x in r.regions] or None),
                ("self_operated", lambda: self.tr("Own data centres"), lambda r: r.self_operated),
                ("support", lambda: self.tr("7×24 support"), lambda r: r.support_7x24),
                (
                    "billing",
                    lambda: self.tr("Billing"),
                    lambda r: [capitalised(units.label("billing_short", b)) for b in r.billing_modes] or None,
                ),
                ("destruction", lambda: self.tr("Data destruction"), lambda r: r.data_destruction),
                ("notes", lambda: self.tr("Notes"), lambda r: row_text(r, "notes") or None),
                ("checked", lambda: self.tr("Checked"), lambda r: r.checked),
                ("source", lambda: self.tr("Source"), lambda r: r.source),
            ]
        return [
            ("id", lambda: self.tr("Id"), lambda r: r.id),
            ("provider", lambda: self.tr("Provider"), lambda r: self._name("providers", r.provider)),
            ("gpu", lambda: self.tr("GPU"), lambda r: self._name("gpus", r.gpu)),
            ("server", lambda: self.tr("Node type"), lambda r: self._name("servers", r.server)),
            ("region", lambda: self.tr("Region"), lambda r: region_text(r.region) or None),
            ("gpn", lambda: self.tr("GPUs per node"), lambda r: r.gpus_per_node),
            ("hour", lambda: self.tr("CNY per GPU-hour"), lambda r: r.price_per_gpu_hour),
            ("month", lambda: self.tr("CNY per GPU-month"), lambda r: r.price_per_gpu_month),
            (
                "kind",
                lambda: self.tr("Price kind"),
                lambda r: None if r.price_kind is None else units.label("price_kind", r.price_kind),
            ),
            ("date", lambda: self.tr("Price date"), lambda r: r.price_date),
            (
                "billing",
                lambda: self.tr("Billing"),
                lambda r: [capitalised(units.label("billing_short", b)) for b in r.billing] or None,
            ),
            ("notes", lambda: self.tr("Notes"), lambda r: row_text(r, "notes") or None),
            ("source", lambda: self.tr("Source"), lambda r: r.source),
        ]

    def _name(self, kind: str, ident: str | None) -> str | None:
        """A referenced row's name in the UI's language (the id only when the row is unknown)."""
        if not ident:
            return None
        row = self._names.get(kind, {}).get(ident)
        if row is None:
            return ident
        return provider_name(row) if kind == "providers" else (units.localised(row, "name") or ident)

    def _market(self, market: str | None) -> str | None:
        return {"global": self.tr("global"), "china": self.tr("China SKU")}.get(market or "", market)

    def _setup_ui(self) -> None:
        layout = page_layout(self)
        bar = QHBoxLayout()
        self.filter_edit = filter_field(self._filter)
        bar.addWidget(self.filter_edit, 1)
        self.add_button = push_button(self.add_row)
        self.edit_button = push_button(self.edit_row)
        self.delete_button = push_button(self.delete_row)
        self.import_button = push_button(self.import_sheet_dialog)
        for b in (self.add_button, self.edit_button, self.delete_button, self.import_button):
            bar.addWidget(b)
        layout.addLayout(bar)
        self.tabs = QTabWidget()
        for kind in KINDS:
            model = RowsModel(self._columns(kind), self)
            proxy = sort_proxy(self, model, SORT_ROLE, filter_all=True)
            view = row_view(QTableView(), proxy)
            view.setAlternatingRowColors(True)
            view.doubleClicked.connect(lambda _i: self.edit_row())
            self.models[kind], self.proxies[kind], self.views[kind] = model, proxy, view
            self.tabs.addTab(view, "")
        layout.addWidget(self.tabs, 1)
        self.footer = hint_label()
        layout.addWidget(self.footer)

    def retranslate_ui(self) -> None:
        for i, text in enumerate(
            (self.tr("GPU models"), self.tr("Node types"), self.tr("Providers"), self.tr("Offers"))
        ):
            self.tabs.setTabText(i, text)
        set_texts(
            self,
            {
                "filter_edit": self.tr("Filter rows…"),
                "add_button": (
                    self.tr("Add…"),
                    self.tr("Add your own row to this table (saved in your user database)"),
                ),
                "edit_button": (
                    self.tr("Edit…"),
                    self.tr("Edit the selected row; a bundled row is saved as your own copy"),
                ),
                "delete_button": (
                    self.tr("Delete"),
                    self.tr("Delete one of your own rows (bundled rows cannot be deleted)"),
                ),
                "import_button": (
                    self.tr("Import price sheet…"),
                    self.tr("Read offers and providers from a CSV or JSON price sheet"),
                ),
            },
        )
        for model in self.models.values():
            model.retranslate()
        self._update_footer()

    def _update_footer(self) -> None:
        meta = self.catalog.meta
        self.footer.setText(
            self.tr(
                "Catalogue dated %1. Bold rows are your own entries; grey italic “unknown” means the fact "
                "is not known, never zero. Prices in CNY; memory in GiB (2³⁰ bytes)."
            ).replace("%1", meta.catalog_date or units.unknown())
        )

    def reload(self) -> None:
        cat = self.catalog
        rows = {"gpus": cat.gpus(), "servers": cat.servers(), "providers": cat.providers(), "offers": cat.offers()}
        self._names = {kind: {r.id: r for r in rows[kind]} for kind in ("gpus", "servers", "providers")}
        for kind, model in self.models.items():
            model.set_rows(rows[kind])
            view = self.views[kind]
            view.resizeColumnsToContents()
            for column in range(model.columnCount()):
                view.setColumnWidth(column, min(view.columnWidth(column), 260))

    def _filter(self, text: str) -> None:
        for proxy in self.proxies.values():
            proxy.setFilterFixedString(text)

    def current_kind(self) -> str:
        return KINDS[self.tabs.currentIndex()]

    def _selected(self):
        kind = self.current_kind()
        index = self.views[kind].currentIndex()
        if not index.isValid():
            return None
        return self.models[kind].row(self.proxies[kind].mapToSource(index).row())

    def _model_class(self, kind: str):
        from gpudesk.catalog import schema

        return {
            "gpus": schema.GpuSpec,
            "servers": schema.ServerType,
            "providers": schema.Provider,
            "offers": schema.Offer,
        }[kind]

    def save_row(self, kind: str, row) -> None:
        """Store one validated row in the user database and reload (GpudeskError on failure)."""
        self.catalog.user_db().upsert_rows(kind, [row])
        self.catalog.refresh()
        self.reload()
        self.catalog_edited.emit()

    def _edit(self, kind: str, values: dict, title: str) -> None:
        dialog = RowEditor(self._model_class(kind), values, title, self)
        if dialog.exec() != QDialog.Accepted or dialog.row is None:
            return
        try:
            self.save_row(kind, dialog.row)
        except (GpudeskError, OSError, ValueError) as exc:
            QMessageBox.warning(self, title, str(exc))

    def add_row(self) -> None:
        kind = self.current_kind()
        values = {"currency": "CNY"} if kind == "offers" else {}
        self._edit(kind, values, self.tr("Add to the catalogue"))

    def edit_row(self) -> None:
        row = self._selected()
        if row is None:
            QMessageBox.information(self, self.tr("Edit"), self.tr("Select a row first."))
            return
        values = json.loads(row.model_dump_json())
        self._edit(self.current_kind(), values, self.tr("Edit %1").replace("%1", row.id))

    def delete_row(self) -> None:
        row = self._selected()
        if row is None or not getattr(row, "user", False):
            QMessageBox.information(self, self.tr("Delete"), self.tr("Only your own (bold) rows can be deleted."))
            return
        if (
            QMessageBox.question(
                self, self.tr("Delete"), self.tr("Delete %1 from your catalogue?").replace("%1", row.id)
            )
            != QMessageBox.Yes
        ):
            return
        self.catalog.user_db().delete_row(self.current_kind(), row.id)
        self.catalog.refresh()
        self.reload()
        self.catalog_edited.emit()

    def import_sheet_dialog(self) -> None:
        ask_open(self, self.tr("Import price sheet"), self.tr("Price sheets (*.csv *.json)"), self.import_sheet)

    def import_sheet(self, path: str) -> bool:
        from gpudesk.catalog.importer import import_sheet

        imported = []
        if not attempt(self, self.tr("Import price sheet"), lambda: imported.append(import_sheet(path, self.catalog))):
            return False
        result = imported[0]
        self.reload()
        self.catalog_edited.emit()
        QMessageBox.information(
            self,
            self.tr("Import price sheet"),
            self.tr("%1 offers and %2 providers imported.")
            .replace("%1", str(result.offers))
            .replace("%2", str(len(result.providers_added) + len(result.providers_updated))),
        )
        return True

    def price_text(self, offer) -> str:
        return units.price(offer.price_per_gpu_hour, offer.currency)
