"""Add or edit one provider's written quote: provider, GPU and node type from the catalogue (or a new
provider), dates picked on a calendar, prices in ¥ as the provider wrote them ("¥1,234.50", "1.88元/小时").

Every field is read with core's parsers (gpudesk.core.parse) and the quote validated by core
(`make_quote`); a problem is shown in red under its own field, in the UI's language. What the user
leaves empty stays unknown. The id is core's (q1, q2, …) unless editing.
"""

from __future__ import annotations

from PySide6.QtCore import QDate, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDateEdit,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QScrollArea,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from gpudesk.core import units
from gpudesk.errors import GpudeskError
from gpudesk.ui.labels import capitalised, provider_name
from gpudesk.ui.widgets.wheel import guard_wheel
from gpudesk.ui.widgets.page import error_label, field_row, grow_form, set_item_texts, set_texts

NEW_PROVIDER = "__new__"
FORMS = ("hourly", "daily", "monthly", "yearly", "spot")
_UNITS = {"hourly": "hour", "daily": "day", "monthly": "month", "yearly": "year", "spot": "hour"}
# fields named as the Quote's own: texts, and figures shown as written
_TEXTS = ("reference", "contact", "region", "cpu", "network")
_FIGURES = (
    "host_ram_gb", "nvme_gb", "min_hours", "setup_fee", "storage_per_gb_month", "storage_included_gb",
    "egress_per_gb", "bandwidth_per_month", "public_ips", "ip_per_month",
)  # fmt: skip
# the figures a quote may leave out: an empty field reads "unknown", never zero
_EMPTY_IS_UNKNOWN = (*_FIGURES, "vat_rate", "subsidy_rate", "subsidy_cap")


class _Date(QWidget):
    """A date that may be unknown: a box to tick, and a calendar."""

    def __init__(self) -> None:
        super().__init__()
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        self.known = QCheckBox()
        self.edit = QDateEdit(QDate.currentDate())
        self.edit.setCalendarPopup(True)
        self.edit.setDisplayFormat("yyyy-MM-dd")
        self.edit.setEnabled(False)
        self.known.toggled.connect(self.edit.setEnabled)
        row.addWidget(self.known)
        row.addWidget(self.edit, 1)

    def value(self) -> str | None:
        return self.edit.date().toString("yyyy-MM-dd") if self.known.isChecked() else None

    def set_value(self, text: str | None) -> None:
        self.known.setChecked(bool(text))
        if text:
            self.edit.setDate(QDate.fromString(text, "yyyy-MM-dd"))


class QuoteDialog(QDialog):
    new_provider_requested = Signal()  # the page opens the provider editor, then calls set_catalog

    def __init__(self, catalog, quote=None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.catalog = catalog
        self.editing = quote
        self.data: dict | None = None  # the quote's fields once accepted
        self.errors: dict[str, QLabel] = {}
        self._setup_ui()
        self.retranslate_ui()
        self.set_catalog(catalog)
        if quote is not None:
            self.show_quote(quote)
        guard_wheel(self)

    # --- building ---------------------------------------------------------------------------

    def _field(self, form: QFormLayout, key: str, widget: QWidget) -> QWidget:
        self.labels[key], self.errors[key] = field_row(form, key, widget, span=False)
        self.inputs[key] = widget
        return widget

    def _lines(self, form: QFormLayout, *keys: str) -> list[QLineEdit]:
        """A one-line text field for each key, in this order."""
        return [self._field(form, key, QLineEdit()) for key in keys]

    def _box(self, layout: QVBoxLayout) -> tuple[QGroupBox, QFormLayout]:
        box = QGroupBox()
        layout.addWidget(box)
        return box, grow_form(box)

    def _setup_ui(self) -> None:
        self.labels: dict[str, QLabel] = {}
        self.inputs: dict[str, QWidget] = {}
        outer = QVBoxLayout(self)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        inner = QWidget()
        layout = QVBoxLayout(inner)
        self.who_box, form = self._box(layout)
        self.provider_combo = self._field(form, "provider", QComboBox())
        self.provider_combo.activated.connect(self._provider_picked)
        self.reference_edit = self._field(form, "reference", QLineEdit())
        self.date_edit = self._field(form, "date", _Date())
        self.valid_edit = self._field(form, "valid_until", _Date())
        self.contact_edit = self._field(form, "contact", QLineEdit())

        self.what_box, form = self._box(layout)
        self.gpu_combo = self._field(form, "gpu", QComboBox())
        self.server_combo = self._field(form, "server", QComboBox())
        self.server_combo.activated.connect(self._server_picked)
        self.gpn_spin = self._field(form, "gpus_per_node", QSpinBox())
        self.gpn_spin.setRange(1, 64)
        self.nodes_spin = self._field(form, "nodes", QSpinBox())
        self.nodes_spin.setRange(1, 4096)
        self.region_edit, self.cpu_edit, self.ram_edit, self.nvme_edit, self.network_edit = self._lines(
            form, "region", "cpu", "host_ram_gb", "nvme_gb", "network"
        )

        self.price_box = QGroupBox()
        grid = QGridLayout(self.price_box)
        self.price_heads = [QLabel(), QLabel(), QLabel()]
        for c, head in enumerate(self.price_heads):
            grid.addWidget(head, 0, c)
        self.price_edits: dict[str, QLineEdit] = {}
        self.per_combos: dict[str, QComboBox] = {}
        self.form_labels: dict[str, QLabel] = {}
        for r, billing in enumerate(FORMS, start=1):
            self.form_labels[billing] = QLabel()
            edit, per = QLineEdit(), QComboBox()
            per.addItem("", "gpu")
            per.addItem("", "node")
            self.price_edits[billing], self.per_combos[billing] = edit, per
            grid.addWidget(self.form_labels[billing], 2 * r - 1, 0)
            grid.addWidget(edit, 2 * r - 1, 1)
            grid.addWidget(per, 2 * r - 1, 2)
            err = error_label()
            grid.addWidget(err, 2 * r, 1, 1, 2)
            self.errors[f"price_{billing}"] = err
        grid.setColumnStretch(1, 1)
        layout.addWidget(self.price_box)
        self.spot_terms = QLineEdit()
        self.terms_box, form = self._box(layout)
        self._field(form, "spot_terms", self.spot_terms)
        self.granularity_combo = self._field(form, "granularity", QComboBox())
        for g in (None, "second", "minute", "hour", "day"):
            self.granularity_combo.addItem("", g)
        (
            self.min_hours_edit,
            self.setup_fee_edit,
            self.storage_edit,
            self.storage_free_edit,
            self.egress_edit,
            self.bandwidth_edit,
            self.ips_edit,
            self.ip_price_edit,
        ) = self._lines(
            form,
            "min_hours",
            "setup_fee",
            "storage_per_gb_month",
            "storage_included_gb",
            "egress_per_gb",
            "bandwidth_per_month",
            "public_ips",
            "ip_per_month",
        )
        self.vat_combo = self._field(form, "prices_include_vat", QComboBox())
        for v in (None, True, False):
            self.vat_combo.addItem("", v)
        self.vat_rate_edit, self.subsidy_rate_edit, self.subsidy_cap_edit, self.programme_edit = self._lines(
            form, "vat_rate", "subsidy_rate", "subsidy_cap", "subsidy_programme"
        )
        self.notes_edit = self._field(form, "notes", QPlainTextEdit())
        self.notes_edit.setFixedHeight(4 * self.notes_edit.fontMetrics().lineSpacing() + 12)
        scroll.setWidget(inner)
        outer.addWidget(scroll, 1)
        self.summary = error_label("quote_error", hidden=False)
        outer.addWidget(self.summary)
        self.buttons = QDialogButtonBox(QDialogButtonBox.Ok | QDialogButtonBox.Cancel)
        self.buttons.accepted.connect(self._accept)
        self.buttons.rejected.connect(self.reject)
        outer.addWidget(self.buttons)
        self.resize(620, 700)

    def retranslate_ui(self) -> None:
        self.setWindowTitle(
            self.tr("Edit quote %1").replace("%1", self.editing.id) if self.editing else self.tr("Add a quote")
        )
        set_texts(
            self,
            {
                "who_box": self.tr("Who quoted"),
                "what_box": self.tr("What is quoted"),
                "price_box": self.tr("Prices (¥, as the provider wrote them; empty = not offered)"),
                "terms_box": self.tr("Terms, other costs and subsidy"),
            },
        )
        texts = {
            "provider": self.tr("Provider"),
            "reference": self.tr("Quote number"),
            "date": self.tr("Quote date"),
            "valid_until": self.tr("Valid until"),
            "contact": self.tr("Contact"),
            "gpu": self.tr("GPU"),
            "server": self.tr("Node type"),
            "gpus_per_node": self.tr("GPUs per node"),
            "nodes": self.tr("Nodes"),
            "region": self.tr("Region"),
            "cpu": self.tr("CPU"),
            "host_ram_gb": self.tr("Host RAM (GB)"),
            "nvme_gb": self.tr("NVMe (GB)"),
            "network": self.tr("Network between nodes"),
            "spot_terms": self.tr("Spot interruption terms"),
            "granularity": self.tr("Billing granularity"),
            "min_hours": self.tr("Minimum period (hours)"),
            "setup_fee": self.tr("Setup and one-off fees (¥)"),
            "storage_per_gb_month": self.tr("Storage (¥ per GB-month)"),
            "storage_included_gb": self.tr("Storage included (GB)"),
            "egress_per_gb": self.tr("Egress (¥ per GB)"),
            "bandwidth_per_month": self.tr("Public bandwidth (¥ per month)"),
            "public_ips": self.tr("Public IPs"),
            "ip_per_month": self.tr("Public IP (¥ per IP and month)"),
            "prices_include_vat": self.tr("VAT"),
            "vat_rate": self.tr("VAT rate (e.g. 6%)"),
            "subsidy_rate": self.tr("Subsidy rate (e.g. 30%)"),
            "subsidy_cap": self.tr("Subsidy cap (¥)"),
            "subsidy_programme": self.tr("Subsidy programme (e.g. 算力券)"),
            "notes": self.tr("Notes"),
        }
        for key, text in texts.items():
            self.labels[key].setText(text)
        for w in (self.date_edit, self.valid_edit):
            w.known.setText(self.tr("stated"))
        for head, text in zip(
            self.price_heads, (self.tr("Billing"), self.tr("Price (¥)"), self.tr("Per")), strict=True
        ):
            head.setText(f"<b>{text}</b>")
        for billing in FORMS:
            self.form_labels[billing].setText(
                capitalised(units.label("billing_short", billing))
                if billing != "spot"
                else self.tr("Spot (interruptible)")
            )
            self.price_edits[billing].setPlaceholderText(self.tr("not offered"))
            per = self.per_combos[billing]
            per.setItemText(0, self.tr("per GPU"))
            per.setItemText(1, self.tr("per node"))
        names = {
            None: self.tr("not stated"),
            "second": self.tr("per second"),
            "minute": self.tr("per minute"),
            "hour": self.tr("per hour"),
            "day": self.tr("per day"),
        }
        set_item_texts(self.granularity_combo, names.__getitem__)
        for i, text in enumerate((self.tr("not stated"), self.tr("prices include VAT"), self.tr("prices exclude VAT"))):
            self.vat_combo.setItemText(i, text)
        for key in _EMPTY_IS_UNKNOWN:
            self.inputs[key].setPlaceholderText(self.tr("unknown"))

    # --- catalogue lists --------------------------------------------------------------------

    def set_catalog(self, catalog, select_provider: str | None = None) -> None:
        from gpudesk.core.rules import MARKET_REFERENCE

        self.catalog = catalog
        current = select_provider or self.provider_combo.currentData()
        self.provider_combo.clear()
        for p in catalog.providers():
            if p.id != MARKET_REFERENCE:  # a quote comes from a provider, never from the market estimate
                self.provider_combo.addItem(provider_name(p), p.id)
        self.provider_combo.addItem(self.tr("New provider…"), NEW_PROVIDER)
        self.provider_combo.setCurrentIndex(max(self.provider_combo.findData(current), 0))
        if self.gpu_combo.count() == 0:  # names in the UI's language (name_zh beside name)
            for g in sorted(catalog.gpus(), key=lambda g: g.name):
                self.gpu_combo.addItem(units.localised(g, "name") or g.id, g.id)
            self.server_combo.addItem(self.tr("not stated"), None)
            for s in catalog.servers():
                self.server_combo.addItem(units.localised(s, "name") or s.id, s.id)

    def suggest(self, choice) -> None:
        """A new quote starts from the plan's chosen configuration (GPU, node type, GPUs per node,
        nodes): a provider usually quotes what was asked for, and the first GPU of the list would be
        a wrong default the user may not notice."""
        if choice is None:
            return
        if self.gpu_combo.findData(choice.gpu) >= 0:
            self.gpu_combo.setCurrentIndex(self.gpu_combo.findData(choice.gpu))
        if choice.server and self.server_combo.findData(choice.server) >= 0:
            self.server_combo.setCurrentIndex(self.server_combo.findData(choice.server))
        nodes = max(1, choice.nodes or 1)
        self.nodes_spin.setValue(nodes)
        self.gpn_spin.setValue(max(1, choice.gpus // nodes))  # the GPUs rented on each node

    def _provider_picked(self, index: int) -> None:
        if self.provider_combo.itemData(index) == NEW_PROVIDER:
            self.provider_combo.setCurrentIndex(0)
            self.new_provider_requested.emit()

    def _server_picked(self, index: int) -> None:
        sid = self.server_combo.itemData(index)
        server = next((s for s in self.catalog.servers() if s.id == sid), None)
        if server is not None:
            self.gpn_spin.setValue(server.gpus_per_node)
            if server.gpu and self.gpu_combo.findData(server.gpu) >= 0:
                self.gpu_combo.setCurrentIndex(self.gpu_combo.findData(server.gpu))

    # --- values in and out ------------------------------------------------------------------

    def show_quote(self, q) -> None:
        self.provider_combo.setCurrentIndex(max(self.provider_combo.findData(q.provider), 0))
        self.gpu_combo.setCurrentIndex(max(self.gpu_combo.findData(q.gpu), 0))
        self.gpn_spin.setValue(q.gpus_per_node)
        self.nodes_spin.setValue(q.nodes)
        for key in _TEXTS:
            self.inputs[key].setText(getattr(q, key) or "")
        self.date_edit.set_value(q.date)
        self.valid_edit.set_value(q.valid_until)
        for key in _FIGURES:
            value = getattr(q, key)
            self.inputs[key].setText("" if value is None else f"{value:g}")
        for rate in q.rates:
            self.price_edits[rate.billing].setText(f"{rate.price:g}")
            self.per_combos[rate.billing].setCurrentIndex(self.per_combos[rate.billing].findData(rate.per))
            if rate.billing == "spot":
                self.spot_terms.setText(rate.interruption or "")
        self.granularity_combo.setCurrentIndex(max(self.granularity_combo.findData(q.granularity), 0))
        self.vat_combo.setCurrentIndex({None: 0, True: 1, False: 2}[q.prices_include_vat])
        self.vat_rate_edit.setText("" if q.vat_rate is None else f"{q.vat_rate * 100:g}%")
        if q.subsidy is not None:
            self.subsidy_rate_edit.setText(f"{q.subsidy.rate * 100:g}%")
            self.subsidy_cap_edit.setText("" if q.subsidy.cap is None else f"{q.subsidy.cap:g}")
            self.programme_edit.setText(q.subsidy.programme or "")
        self.notes_edit.setPlainText(q.notes)

    def values(self) -> dict:
        """The quote's fields read with core's parsers; GpudeskError-like problems are collected in
        `self.problems` (field -> reason) instead of raised."""
        from gpudesk.core import parse

        self.problems: dict[str, str] = {}

        def read(key: str, edit: QLineEdit, reader):
            text = edit.text().strip()
            if not text:
                return None
            try:
                return reader(text)
            except ValueError as exc:
                self.problems[key] = str(exc)
                return None

        def money(unit=None):
            return lambda s: parse.price(s, unit=unit).value

        rates = []
        for billing in FORMS:
            price = read(f"price_{billing}", self.price_edits[billing], money(_UNITS[billing]))
            if price is not None:
                rate = {"billing": billing, "per": self.per_combos[billing].currentData(), "price": price}
                if billing == "spot":
                    rate["interruption"] = self.spot_terms.text().strip() or None
                rates.append(rate)
        subsidy_rate = read("subsidy_rate", self.subsidy_rate_edit, parse.share)
        subsidy_cap = read("subsidy_cap", self.subsidy_cap_edit, money())
        if subsidy_cap is not None and subsidy_rate is None:
            self.problems["subsidy_rate"] = self.tr("give the subsidy rate with its cap")
        data = {
            "id": self.editing.id if self.editing is not None else None,
            "provider": self.provider_combo.currentData(),
            "gpu": self.gpu_combo.currentData(),
            "gpus_per_node": self.gpn_spin.value(),
            "nodes": self.nodes_spin.value(),
            "reference": self.reference_edit.text().strip() or None,
            "date": self.date_edit.value(),
            "valid_until": self.valid_edit.value(),
            "contact": self.contact_edit.text().strip() or None,
            "region": self.region_edit.text().strip() or None,
            "cpu": self.cpu_edit.text().strip() or None,
            "host_ram_gb": read("host_ram_gb", self.ram_edit, parse.number),
            "nvme_gb": read("nvme_gb", self.nvme_edit, parse.number),
            "network": self.network_edit.text().strip() or None,
            "rates": rates,
            "granularity": self.granularity_combo.currentData(),
            "min_hours": read("min_hours", self.min_hours_edit, parse.number),
            "setup_fee": read("setup_fee", self.setup_fee_edit, money()),
            "storage_per_gb_month": read("storage_per_gb_month", self.storage_edit, money("gb-month")),
            "storage_included_gb": read("storage_included_gb", self.storage_free_edit, parse.number),
            "egress_per_gb": read("egress_per_gb", self.egress_edit, money("gb")),
            "bandwidth_per_month": read("bandwidth_per_month", self.bandwidth_edit, money("month")),
            "public_ips": read("public_ips", self.ips_edit, lambda s: parse.count(s, low=0, high=100000)),
            "ip_per_month": read("ip_per_month", self.ip_price_edit, money()),
            "prices_include_vat": self.vat_combo.currentData(),
            "vat_rate": read("vat_rate", self.vat_rate_edit, parse.share),
            "subsidy": {
                "rate": subsidy_rate,
                "cap": subsidy_cap,
                "items": ["compute"],
                "programme": self.programme_edit.text().strip() or None,
            }
            if subsidy_rate is not None
            else None,
            "notes": self.notes_edit.toPlainText(),
        }
        if self.editing is not None:
            data.update(added=self.editing.added)
        return data

    def _show_problems(self, problems: dict[str, str], summary: str) -> None:
        for key, err in self.errors.items():
            if key in problems:
                err.setText(problems[key])
                err.show()
            else:
                err.hide()
        self.summary.setText(summary)

    def _accept(self) -> None:
        from pydantic import ValidationError

        from gpudesk.core.plan.quotes import Quote
        from gpudesk.core.validation import reason

        data = self.values()
        if self.provider_combo.currentData() in (None, NEW_PROVIDER):
            self.problems["provider"] = self.tr("pick the provider who quoted (or add a new one)")
        if self.problems:
            self._show_problems(self.problems, self.tr("Correct the fields marked in red."))
            return
        check = {**data, "id": data["id"] or "q0", "provider": data["provider"], "gpu": data["gpu"]}
        try:
            Quote.model_validate(check)
        except ValidationError as exc:
            problems = {}
            for error in exc.errors():
                loc = [str(p) for p in error.get("loc", ()) if isinstance(p, str)]
                key = loc[0] if loc else ""
                if key == "rates" and error.get("input") is not None:
                    key = "price_hourly"
                if key == "subsidy":
                    key = "subsidy_rate"
                problems.setdefault(key if key in self.errors else "", reason(error, own_words=True))
            if "" in problems:  # a rule about the whole quote (valid-until before the date, VAT rate without VAT)
                self._show_problems(problems, problems.pop(""))
            else:
                self._show_problems(problems, self.tr("Correct the fields marked in red."))
            return
        except GpudeskError as exc:
            self._show_problems({}, str(exc))
            return
        self.data = data
        self.accept()
