"""A form over one catalogue row (GPU, node type, provider, offer) with translated labels.

Required fields come first, in bold; the names before the id, which follows the English name until
typed (a new provider for a quote needs little more than its names). Lists are comma-separated, an
empty field is "unknown". A value the row model refuses is named under its own field, in the UI's
language.
"""

from __future__ import annotations

from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)
from gpudesk.ui.i18n import translator
from gpudesk.ui.widgets.page import error_label

_tr = translator("RowEditor")


def field_labels() -> dict[str, str]:
    """Every catalogue row field, in words (units as stored)."""
    return {
        "id": _tr("Id (letters, digits, - . _)"),
        "name": _tr("Name"),
        "name_zh": _tr("Chinese name"),
        "name_en": _tr("English name"),
        "vendor": _tr("Vendor"),
        "architecture": _tr("Architecture"),
        "memory_bytes": _tr("Memory (e.g. 80 GB)"),
        "memory_bandwidth_gbps": _tr("Memory bandwidth (GB/s)"),
        "tflops_fp32": _tr("FP32 (TFLOPS)"),
        "tflops_tf32": _tr("TF32 dense (TFLOPS)"),
        "tflops_fp16": _tr("FP16 dense (TFLOPS)"),
        "tflops_bf16": _tr("BF16 dense (TFLOPS)"),
        "tflops_fp8": _tr("FP8 dense (TFLOPS)"),
        "nvlink_gbps": _tr("NVLink per GPU (GB/s)"),
        "nvlink_generation": _tr("NVLink generation"),
        "pcie_generation": _tr("PCIe generation"),
        "pcie_gbps": _tr("PCIe per direction (GB/s)"),
        "form_factor": _tr("Form factor (sxm, pcie, oam)"),
        "tdp_watts": _tr("TDP (W)"),
        "release_year": _tr("Release year"),
        "consumer": _tr("Consumer card (yes/no)"),
        "confidence": _tr("Confidence (high, medium, low)"),
        "source": _tr("Source"),
        "checked": _tr("Checked on (YYYY-MM-DD)"),
        "market": _tr("Market (global, china)"),
        "notes": _tr("Notes"),
        "notes_zh": _tr("Notes in Chinese"),
        "gpu": _tr("GPU id"),
        "gpus_per_node": _tr("GPUs per node"),
        "topology": _tr("Topology (nvswitch, nvlink-bridge, pcie)"),
        "intra_node_gbps": _tr("GPU link (GB/s)"),
        "cpu": _tr("CPU"),
        "host_ram_bytes": _tr("Host RAM (e.g. 2 TiB)"),
        "nvme_bytes": _tr("NVMe (e.g. 30 TB)"),
        "network": _tr("Network (infiniband, roce, ethernet)"),
        "network_gbps": _tr("Network (Gb/s)"),
        "power_kw": _tr("Power (kW)"),
        "licence_number": _tr("Telecom licence number (增值电信业务经营许可证)"),
        "licence_scope": _tr("Licence scope"),
        "licence_scope_zh": _tr("Licence scope in Chinese"),
        "icp_filing": _tr("ICP filing"),
        "certifications": _tr("Certifications (comma-separated)"),
        "regions": _tr("Regions (comma-separated)"),
        "data_centres": _tr("Data centres"),
        "data_centres_zh": _tr("Data centres in Chinese"),
        "self_operated": _tr("Own data centres (yes/no)"),
        "support_7x24": _tr("7×24 on-site support (yes/no)"),
        "spare_parts": _tr("Spare-parts pool (yes/no)"),
        "billing_modes": _tr("Billing modes (hourly, monthly, …)"),
        "data_destruction": _tr("Data destruction"),
        "registered_capital": _tr("Registered capital"),
        "registered_capital_zh": _tr("Registered capital in Chinese"),
        "source_zh": _tr("Source in Chinese"),
        "founded": _tr("Founded (year)"),
        "website": _tr("Website"),
        "provider": _tr("Provider id"),
        "server": _tr("Node type id"),
        "region": _tr("Region"),
        "max_nodes": _tr("Most nodes"),
        "price_per_gpu_hour": _tr("Price per GPU-hour (CNY)"),
        "price_per_gpu_month": _tr("Price per GPU-month (CNY)"),
        "currency": _tr("Currency"),
        "price_kind": _tr("Price kind (quoted, list, estimate)"),
        "price_date": _tr("Price date (YYYY-MM-DD)"),
        "billing": _tr("Billing (hourly, monthly, …)"),
        "vat_included": _tr("Prices include VAT (yes/no)"),
        "legal_name": _tr("Legal name"),
        "licence_region": _tr("Licence region"),
        "mlps_level": _tr("MLPS (等保) level"),
        "contact": _tr("Contact"),
        "software_stack": _tr("Software stack (cuda, rocm, cann, dtk, xpu, musa, neuware)"),
    }


def error_text(error: dict) -> str:
    """One pydantic error in the UI's language."""
    kind, ctx = error.get("type", ""), error.get("ctx") or {}
    if kind == "missing":
        return _tr("required")
    if kind in ("float_parsing", "float_type", "int_parsing", "int_type", "int_from_float"):
        return _tr("not a number")
    if kind in ("greater_than_equal", "greater_than"):
        return _tr("must be at least %1").replace("%1", str(ctx.get("ge", ctx.get("gt", ""))))
    if kind in ("less_than_equal", "less_than"):
        return _tr("must be at most %1").replace("%1", str(ctx.get("le", ctx.get("lt", ""))))
    if kind == "literal_error":
        return _tr("must be one of %1").replace("%1", str(ctx.get("expected", "")))
    if kind == "bool_parsing":
        return _tr("answer yes or no")
    message = str(error.get("msg", "")).removeprefix("Value error, ")
    # the catalogue's own checks (catalog/schema.py) word their refusals in English
    if message.startswith("id must be a lowercase slug"):
        return _tr("lowercase letters, digits, '-', '.' and '_' only, starting with a letter or digit")
    if message.startswith(("date must be YYYY-MM-DD", "no such date")):
        return _tr("a date as YYYY-MM-DD")
    if message.startswith("unknown billing mode"):
        return _tr("billing modes: %1").replace("%1", "hourly, daily, weekly, monthly, yearly, reserved, spot")
    return message


FIRST = ("name", "name_zh", "name_en")  # shown before the id: the id can follow the name


def slug(text: str) -> str:
    """An id suggested from a name: "Acme Cloud (Jinan)" -> "acme-cloud-jinan"; "" when nothing usable."""
    import re

    return re.sub(r"[^a-z0-9._-]+", "-", text.strip().lower()).strip("-._")[:60]


def size_text(n: int) -> str:
    """A stored byte count as the size field shows it ("80 GB", "2 TiB"), read back exactly by parse.size."""
    for unit, factor in (("TiB", 2**40), ("GiB", 2**30), ("TB", 10**12), ("GB", 10**9)):
        if n % factor == 0:
            return f"{n // factor} {unit}"
    return str(n)


class RowEditor(QDialog):
    def __init__(self, model_class, row: dict, title: str, parent=None) -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        self.model_class = model_class
        self.row: object | None = None
        layout = QVBoxLayout(self)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        inner = QWidget()
        form = QFormLayout(inner)
        form.setFieldGrowthPolicy(QFormLayout.AllNonFixedFieldsGrow)
        labels = field_labels()
        self.edits: dict[str, QLineEdit] = {}
        self.errors: dict[str, QLabel] = {}
        fields = [(n, f) for n, f in model_class.model_fields.items() if n != "user" and not f.exclude]
        # required first (the names before the id), then the rest as the row model orders them
        fields.sort(key=lambda nf: 0 if nf[0] in FIRST else 1 if nf[0] == "id" else 2 if nf[1].is_required() else 3)
        note = QLabel(_tr('Fields in bold are required; an empty field reads "unknown".'))
        note.setWordWrap(True)
        note.setStyleSheet("color: #555753;")
        layout.insertWidget(0, note)
        for name, field in fields:
            edit = QLineEdit()
            value = row.get(name)
            if isinstance(value, list):
                edit.setText(", ".join(str(v) for v in value))
            elif isinstance(value, bool):
                edit.setText(_tr("yes") if value else _tr("no"))
            elif value is not None:
                edit.setText(size_text(value) if name.endswith("_bytes") else str(value))
            required = field.is_required()
            edit.setPlaceholderText(_tr("required") if required else _tr("unknown"))
            error = error_label()
            self.edits[name], self.errors[name] = edit, error
            label = QLabel(labels.get(name, name))
            label.setWordWrap(True)
            label.setBuddy(edit)
            if required:
                label.setStyleSheet("font-weight: bold;")
            form.addRow(label, edit)
            form.addRow("", error)
        self._id_follows = "id" in self.edits and not self.edits["id"].text()
        name = next((self.edits[n] for n in ("name_en", "name") if n in self.edits), None)
        if self._id_follows and name is not None:
            name.textEdited.connect(self._suggest_id)
            self.edits["id"].textEdited.connect(self._id_typed)
        scroll.setWidget(inner)
        layout.addWidget(scroll, 1)
        self.error = error_label(hidden=False)
        layout.addWidget(self.error)
        buttons = QDialogButtonBox(QDialogButtonBox.Ok | QDialogButtonBox.Cancel)
        buttons.accepted.connect(self._accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.resize(560, 620)

    def _suggest_id(self, text: str) -> None:
        if self._id_follows:
            self.edits["id"].setText(slug(text))

    def _id_typed(self, _text: str) -> None:
        self._id_follows = False  # the user's own id from now on

    def values(self) -> dict:
        from gpudesk.core import parse

        out: dict = {}
        self.problems: dict[str, str] = {}
        for name, edit in self.edits.items():
            text = edit.text().strip()
            if not text:
                continue
            annotation = str(self.model_class.model_fields[name].annotation)
            if name.endswith("_bytes"):  # "80 GB", "74.5 GiB", "2 TiB" (typing bytes was the only way)
                try:
                    out[name] = parse.size(text)
                except ValueError as exc:
                    self.problems[name] = str(exc)
            elif annotation.startswith("list"):
                out[name] = [part.strip() for part in text.replace("，", ",").split(",") if part.strip()]
            elif "bool" in annotation and "int" not in annotation:
                low = text.lower()
                out[name] = (
                    True
                    if low in ("1", "true", "yes", "y", "是", _tr("yes").lower())
                    else False
                    if low in ("0", "false", "no", "n", "否", _tr("no").lower())
                    else text
                )
            else:
                out[name] = text
        return out

    def _accept(self) -> None:
        from pydantic import ValidationError

        for label in self.errors.values():
            label.hide()
        for edit in self.edits.values():
            edit.setStyleSheet("")
        values = self.values()
        if self.problems:
            for field, reason in self.problems.items():
                self.errors[field].setText(reason)
                self.errors[field].show()
                self.edits[field].setStyleSheet("border: 1px solid #cc0000;")
            self.error.setText(_tr("Correct the fields marked in red."))
            self.edits[next(iter(self.problems))].setFocus()
            return
        try:
            self.row = self.model_class.model_validate(values)
        except ValidationError as exc:
            first = None
            for error in exc.errors():
                field = str(error.get("loc", ("",))[0])
                if field in self.errors:
                    self.errors[field].setText(error_text(error))
                    self.errors[field].show()
                    self.edits[field].setStyleSheet("border: 1px solid #cc0000;")
                    first = first or field
            self.error.setText(_tr("Correct the fields marked in red.") if first else error_text(exc.errors()[0]))
            if first:
                self.edits[first].setFocus()
            return
        self.accept()
