"""The lists the job form picks from: the catalogue's model presets (grouped by task class), providers
and regions, and a model imported from a Hugging Face config.json. Mixed into JobValues."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSignalBlocker, Qt
from PySide6.QtGui import QFont, QStandardItem, QStandardItemModel
from PySide6.QtWidgets import QListWidgetItem

from gpudesk.core import defaults as D
from gpudesk.core.models import ModelArch
from gpudesk.errors import GpudeskError
from gpudesk.ui.i18n import translator
from gpudesk.ui.labels import provider_name, region_text
from gpudesk.ui.widgets.page import set_item_texts

CUSTOM = "__params__"
IMPORTED = "__imported__"
ROLE_KIND = Qt.UserRole + 1

_tr = translator("JobForm")


class JobLists:
    """Fills the form's preset, provider and region lists (JobValues and JobForm provide the fields)."""

    # --- data in ------------------------------------------------------------------------------

    def set_catalog(self, presets, providers=(), regions=()) -> None:
        """Fill the preset, provider and region lists (ModelPreset, Provider rows; region names)."""
        from gpudesk.catalog.schema import TASK_CLASSES

        self._providers = list(providers)
        with QSignalBlocker(self.model_combo):
            current = self.model_combo.currentData()
            model: QStandardItemModel = self.model_combo.model()
            model.clear()
            self._presets = {}
            groups: dict[str, list] = {}
            for preset in presets:
                groups.setdefault(preset.task_class, []).append(preset)
            order = list(TASK_CLASSES) + sorted(set(groups) - set(TASK_CLASSES))
            bold = QFont()
            bold.setBold(True)
            for klass in order:
                if klass not in groups:
                    continue
                header = QStandardItem()
                header.setData("header", ROLE_KIND)
                header.setData(TASK_CLASSES.get(klass, (klass, klass)), Qt.UserRole + 2)
                header.setFlags(Qt.NoItemFlags)
                header.setFont(bold)
                model.appendRow(header)
                for preset in groups[klass]:
                    item = QStandardItem("    " + preset.name)
                    item.setData(preset.id, Qt.UserRole)
                    item.setData("preset", ROLE_KIND)
                    item.setToolTip(preset.source or "")
                    model.appendRow(item)
                    self._presets[preset.id] = preset
            custom = QStandardItem()
            custom.setData(CUSTOM, Qt.UserRole)
            custom.setData(CUSTOM, ROLE_KIND)
            model.appendRow(custom)
            self._retranslate_models()
            index = self.model_combo.findData(current) if current else -1
            if index < 0:
                index = self._default_preset_index()
            self.model_combo.setCurrentIndex(index)
        ticked = {
            self.providers_list.item(i).data(Qt.UserRole)
            for i in range(self.providers_list.count())
            if self.providers_list.item(i).checkState() == Qt.Checked
        }
        with QSignalBlocker(self.providers_list):
            self.providers_list.clear()
            for provider in providers:
                item = QListWidgetItem(provider_name(provider))
                item.setData(Qt.UserRole, provider.id)
                item.setFlags(item.flags() | Qt.ItemIsUserCheckable)
                item.setCheckState(Qt.Checked if provider.id in ticked else Qt.Unchecked)
                self.providers_list.addItem(item)
        with QSignalBlocker(self.region_combo):
            region = self.region_combo.currentData()
            while self.region_combo.count() > 1:
                self.region_combo.removeItem(1)
            for name in regions:
                self.region_combo.addItem(region_text(name), name)
            self._select(self.region_combo, region)
        self._model_changed()

    def _retranslate_regions(self) -> None:
        set_item_texts(self.region_combo, region_text, start=1)

    def _retranslate_providers(self) -> None:
        names = {p.id: provider_name(p) for p in self._providers}
        for i in range(self.providers_list.count()):
            item = self.providers_list.item(i)
            item.setText(names.get(item.data(Qt.UserRole), item.text()))

    def _default_preset_index(self) -> int:
        for wanted in D.STARTING_MODELS:
            index = self.model_combo.findData(wanted)
            if index >= 0:
                return index
        for row in range(self.model_combo.count()):
            if self.model_combo.itemData(row, ROLE_KIND) == "preset":
                return row
        return max(0, self.model_combo.findData(CUSTOM))

    def set_imported_arch(self, arch: ModelArch) -> None:
        """Add (or replace) the imported model and select it."""
        self._imported = arch
        model: QStandardItemModel = self.model_combo.model()
        row = self.model_combo.findData(IMPORTED)
        if row < 0:
            item = QStandardItem()
            item.setData(IMPORTED, Qt.UserRole)
            item.setData(IMPORTED, ROLE_KIND)
            model.appendRow(item)
            row = model.rowCount() - 1
        model.item(row).setToolTip(arch.source or "")
        self._retranslate_models()
        self.model_combo.setCurrentIndex(row)
        self._model_changed()

    def import_config(self, path: str | Path) -> ModelArch:
        """Read a Hugging Face config.json and select it (GpudeskError naming the problem)."""
        from gpudesk.core.engine.architecture import from_hf_config
        from gpudesk.core.limits import MAX_CONFIG_BYTES
        from gpudesk.fileio import read_json

        path = Path(path)
        # the one strict reader (BOM, GBK, NaN/1e400, deep nesting, size): GpudeskError naming the file
        cfg = read_json(path, max_bytes=MAX_CONFIG_BYTES, what="config.json")
        if not isinstance(cfg, dict):
            raise GpudeskError(_tr("%1 is not a config.json object").replace("%1", path.name))
        name = cfg.get("_name_or_path") or path.parent.name or path.stem
        arch = from_hf_config(cfg, name=str(name), source=str(path))
        self.set_imported_arch(arch)
        return arch
