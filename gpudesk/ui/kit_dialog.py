"""File ▸ Export acceptance kit… and File ▸ Import kit results…: the acceptance kit in the app.

Export writes the plan's kit (a folder and a .zip, core.kit.generate). Import checks the results
file (a wrong one changes nothing and says why), previews what it would record on a copy of the
plan — the checklist verdicts, measured against planned, the recalibration of MFU and memory
overhead with the time and cost it gives — and applies it only when the user says so.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QGroupBox,
    QHeaderView,
    QLabel,
    QMessageBox,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
)

from gpudesk.errors import GpudeskError
from gpudesk.core import units
from gpudesk.ui.i18n import language_manager, translator

_tr = translator("KitDialog")


def _start_dir(window) -> str:
    last = str(window.settings.value("kit/last_dir", "") or "")
    if last and Path(last).is_dir():
        return last
    return str(window.path.parent) if window.path else str(Path.home())


def export_kit(window) -> Path | None:
    """Ask where, write the kit folder and its .zip, say what to do next."""
    from gpudesk.core.kit.generate import write_kit

    plan = window.session.plan
    if plan is None or plan.choice is None:
        QMessageBox.information(
            window,
            _tr("Export acceptance kit"),
            _tr("Choose a configuration first: the kit checks the servers against it."),
        )
        return None
    parent = QFileDialog.getExistingDirectory(window, _tr("Where to put the acceptance kit"), _start_dir(window))
    if not parent:
        return None
    name = f"{window.path.stem}-kit" if window.path else "gpudesk-kit"
    try:
        folder, zip_path = write_kit(plan, Path(parent) / name, language_manager().language)
    except GpudeskError as exc:
        QMessageBox.warning(window, _tr("Export acceptance kit"), str(exc))
        return None
    window.settings.setValue("kit/last_dir", parent)
    QMessageBox.information(
        window,
        _tr("Acceptance kit written"),
        _tr(
            "Written: %1 and %2.\n\nCopy it to every delivered server and run, in the dataset's folder:\n    bash run.sh\n\nThen import the gpudesk-results.json it writes (File ▸ Import kit results…)."
        )
        .replace("%1", str(folder))
        .replace("%2", str(zip_path)),
    )
    window.statusBar().showMessage(_tr("Acceptance kit written: %1").replace("%1", str(folder)), 8000)
    return folder


def import_kit_results(window, path: str | None = None) -> bool:
    """Ask for a results file, preview it, record it (and recalibrate) when the user agrees."""
    from gpudesk.core.kit.apply import apply_document
    from gpudesk.core.kit.results import load_results

    plan = window.session.plan
    if plan is None:
        return False
    if path is None:
        path, _ = QFileDialog.getOpenFileName(
            window, _tr("Import acceptance kit results"), _start_dir(window), _tr("Kit results (*.json);;All files (*)")
        )
        if not path:
            return False
    try:
        doc, sha = load_results(path, plan)
        preview = apply_document(plan.model_copy(deep=True), doc, sha, source=path)
    except GpudeskError as exc:
        QMessageBox.warning(
            window, _tr("Import acceptance kit results"), _tr("Nothing was changed.\n\n%1").replace("%1", str(exc))
        )
        return False
    dialog = KitResultsDialog(preview, window)
    if dialog.exec() != QDialog.Accepted:
        return False
    recalibrate = dialog.recalibrate
    apply_document(plan, doc, sha, recalibrate_plan=recalibrate, source=path)
    window.settings.setValue("kit/last_dir", str(Path(path).parent))
    window.session.recorded("kit")
    if recalibrate:  # the same configuration, now answered at the measured MFU
        window.session.wanted = plan.choice
        window._show_inputs()
        window.schedule_recompute()
    window._refresh_checklist()
    window._touched()
    window.statusBar().showMessage(
        _tr("Kit results of %1 recorded in the checklist.").replace("%1", preview["host"]), 8000
    )
    return True


class KitResultsDialog(QDialog):
    """What a results file would record: verdicts, measured vs planned, and the recalibration offer."""

    def __init__(self, report: dict, parent=None) -> None:
        super().__init__(parent)
        self.report = report
        self.recalibrate = False
        self.setWindowTitle(_tr("Acceptance kit results: %1").replace("%1", report["host"]))
        self.resize(960, 720)
        lay = QVBoxLayout(self)
        counts = {}
        for a in report["applied"]:
            counts[a["status"]] = counts.get(a["status"], 0) + 1
        summary = QLabel(
            _tr("%1 checks to record: %2 passed, %3 failed, %4 as evidence only; %5 skipped.")
            .replace("%1", str(len(report["applied"])))
            .replace("%2", str(counts.get("pass", 0)))
            .replace("%3", str(counts.get("fail", 0)))
            .replace("%4", str(counts.get("info", 0)))
            .replace("%5", str(len(report["skipped"])))
        )
        summary.setWordWrap(True)
        lay.addWidget(summary)
        for w in report.get("warnings") or []:
            note = QLabel("⚠ " + w)
            note.setWordWrap(True)
            lay.addWidget(note)
        box = QGroupBox(_tr("Measured against planned"))
        inner = QVBoxLayout(box)
        inner.addWidget(
            self._table(
                [_tr("What"), _tr("Plan"), _tr("Measured"), ""],
                "sssc",
                [
                    [r["label"], r["planned"], r["measured"], {True: "✓", False: "✗"}.get(r["ok"], "")]
                    for r in report["comparison"]
                ],
                [r["ok"] for r in report["comparison"]],
            )
        )
        lay.addWidget(box, 3)
        box = QGroupBox(_tr("Checklist items"))
        inner = QVBoxLayout(box)
        verdict = {"pass": _tr("pass"), "fail": _tr("fail"), "info": _tr("evidence")}
        inner.addWidget(
            self._table(
                [_tr("Item"), _tr("Verdict"), _tr("Evidence")],
                "icS",
                [[a["title"], verdict.get(a["status"], a["status"]), a["evidence"]] for a in report["applied"]],
                [{"pass": True, "fail": False}.get(a["status"]) for a in report["applied"]],
            )
        )
        lay.addWidget(box, 4)
        buttons = QDialogButtonBox(QDialogButtonBox.Cancel)
        record = QPushButton(_tr("Record results"))
        record.setDefault(True)
        record.clicked.connect(self.accept)
        buttons.addButton(record, QDialogButtonBox.AcceptRole)
        rc = report.get("recalibration")
        if rc:
            box = QGroupBox(_tr("Recalibrate the plan from the training run"))
            inner = QVBoxLayout(box)
            text = QLabel(self._recalibration_text(rc))
            text.setWordWrap(True)
            text.setTextInteractionFlags(Qt.TextSelectableByMouse)
            inner.addWidget(text)
            lay.addWidget(box)
            both = QPushButton(_tr("Record and recalibrate"))
            both.clicked.connect(self._record_and_recalibrate)
            buttons.addButton(both, QDialogButtonBox.AcceptRole)
        buttons.rejected.connect(self.reject)
        lay.addWidget(buttons)

    def _record_and_recalibrate(self) -> None:
        self.recalibrate = True
        self.accept()

    @staticmethod
    def _recalibration_text(rc: dict) -> str:
        cur = rc["cost"].get("currency") or "CNY"
        lines = [
            _tr("MFU: %1 planned → %2 (the synthetic run reached %3 where gpudesk predicted %4)")
            .replace("%1", units.percent(rc["mfu"]["planned"]))
            .replace("%2", units.percent(rc["mfu"]["new"]))
            .replace("%3", units.percent(rc["mfu"]["measured_synthetic"]))
            .replace("%4", units.percent(rc["mfu"]["predicted_synthetic"])),
            _tr("Memory per GPU: %1 → %2")
            .replace("%1", units.memory(rc["memory_per_gpu_bytes"]["planned"]))
            .replace("%2", units.memory(rc["memory_per_gpu_bytes"]["new"])),
            _tr("Training time: %1 → %2")
            .replace("%1", units.hours(rc["hours"]["planned"]))
            .replace("%2", units.hours(rc["hours"]["new"])),
            _tr("Cost with the trial margin: %1 → %2")
            .replace("%1", units.money(rc["cost"]["planned"], cur))
            .replace("%2", units.money(rc["cost"]["new"], cur)),
            _tr("Kept as a new plan version: the original figures stay in the plan and in its PDF."),
        ]
        if rc["fits"]["new"] is False:
            lines.insert(2, _tr("With the measured overhead the job no longer fits in GPU memory."))
        return "\n".join(lines)

    @staticmethod
    def _table(columns: list[str], modes: str, rows: list[list[str]], oks: list) -> QTableWidget:
        """modes per column: s stretch, S stretch (twice: the widest), c fit the contents, i interactive."""
        table = QTableWidget(len(rows), len(columns))
        table.setHorizontalHeaderLabels(columns)
        table.setEditTriggers(QAbstractItemView.NoEditTriggers)
        table.setSelectionBehavior(QAbstractItemView.SelectRows)
        table.setWordWrap(True)
        table.verticalHeader().setVisible(False)
        for r, (row, ok) in enumerate(zip(rows, oks)):
            for c, value in enumerate(row):
                item = QTableWidgetItem(value)
                if ok is False:
                    item.setForeground(Qt.red)
                table.setItem(r, c, item)
        head = table.horizontalHeader()
        for c, mode in enumerate(modes):
            head.setSectionResizeMode(
                c,
                {
                    "s": QHeaderView.Stretch,
                    "S": QHeaderView.Stretch,
                    "c": QHeaderView.ResizeToContents,
                    "i": QHeaderView.Interactive,
                }[mode],
            )
            if mode == "i":
                table.setColumnWidth(c, 280)
        table.resizeRowsToContents()
        return table
