"""The checklist table model: Qt's model tester, roles, edits that record into the plan, filters."""

import sys
from pathlib import Path

import pytest

pytest.importorskip("PySide6")
sys.path.insert(0, str(Path(__file__).parents[1] / "core"))
from _plan_samples import big_plan, small_plan  # noqa: E402

from PySide6.QtCore import Qt  # noqa: E402

from gpudesk.core.i18n import use_language  # noqa: E402
from gpudesk.errors import GpudeskError  # noqa: E402
from gpudesk.ui.models.checklist_model import (  # noqa: E402
    COLUMNS,
    ITEM_ROLE,
    STATUS_ROLE,
    ChecklistFilter,
    ChecklistModel,
)


@pytest.fixture
def model(qapp):
    m = ChecklistModel()
    m.set_plan(big_plan())
    return m


def col(name):
    return COLUMNS.index(name)


def test_passes_qt_model_tester(qtmodeltester, model):
    qtmodeltester.check(model, force_py=False)
    empty = ChecklistModel()
    qtmodeltester.check(empty, force_py=False)


def test_filter_passes_qt_model_tester(qtmodeltester, model):
    proxy = ChecklistFilter()
    proxy.setSourceModel(model)
    proxy.set_phase("delivery")
    qtmodeltester.check(proxy, force_py=False)


def test_rows_roles_and_colours(model):
    row = model.row_of("allreduce-nvlink")
    idx = model.index(row, col("criterion"))
    assert "≥ 184 GB/s" in model.data(idx)
    assert model.data(idx, ITEM_ROLE).id == "allreduce-nvlink"
    assert "all_reduce_perf" in model.data(idx, Qt.ToolTipRole)
    na = model.row_of("allreduce-pcie")
    assert model.data(model.index(na, 0), STATUS_ROLE) == "n/a"
    assert not (model.flags(model.index(na, col("status"))) & Qt.ItemIsEditable)
    assert model.flags(idx.siblingAtColumn(col("status"))) & Qt.ItemIsEditable


def test_edit_status_records_into_the_plan_and_signals(model, qtbot):
    model.user = "Li Lei"
    row = model.row_of("driver-branch")
    with qtbot.waitSignal(model.edited) as sig:
        assert model.setData(model.index(row, col("status")), "fail")
    assert sig.args == ["driver-branch"]
    state = model.plan().checklist["driver-branch"]
    assert state.status == "fail" and state.checked_by == "Li Lei"
    assert model.data(model.index(row, col("status")), STATUS_ROLE) == "fail"
    assert model.data(model.index(row, 0), Qt.BackgroundRole).color().red() == 255  # failing: highlighted
    assert model.setData(model.index(row, col("notes")), "driver 535 installed")
    assert model.plan().checklist["driver-branch"].notes == "driver 535 installed"
    assert "Li Lei" in model.data(model.index(row, col("checked")))


def test_waiving_needs_a_reason(model):
    row = model.row_of("growth-path")
    assert model.setData(model.index(row, col("status")), "waived") is False
    assert "growth-path" not in model.plan().checklist
    with pytest.raises(GpudeskError, match="needs a reason"):
        model.set_status(row, "waived")
    model.set_status(row, "waived", reason="one-off project")
    assert model.item(row).waiver_reason == "one-off project"
    # editing the notes of a waived item keeps the waiver
    assert model.setData(model.index(row, col("notes")), "agreed with finance")
    assert model.plan().checklist["growth-path"].status == "waived"


def test_filters_by_phase_and_status(model):
    proxy = ChecklistFilter()
    proxy.setSourceModel(model)
    total = model.rowCount()
    proxy.set_phase("end_of_rental")
    assert proxy.rowCount() == 4
    proxy.set_phase(None)
    proxy.set_statuses({"n/a"})
    na = proxy.rowCount()
    assert 0 < na < total
    proxy.set_statuses(None)
    assert proxy.rowCount() == total
    with pytest.raises(ValueError):
        proxy.set_phase("lunch")


def test_progress_and_language_refresh(model):
    model.set_status(model.row_of("licence-number"), "pass")
    assert model.progress()["due_diligence"]["pass"] == 1
    with use_language("zh_CN"):
        model.refresh()
        assert (
            model.data(model.index(model.row_of("licence-number"), col("title"))) == "增值电信业务经营许可证编号已核验"
        )
    with use_language("en"):
        model.refresh()
        assert model.data(model.index(model.row_of("licence-number"), col("title"))).startswith("Value-added")


def test_new_configuration_resets_rows(model, qtbot):
    small = small_plan()
    with qtbot.waitSignal(model.modelReset):
        model.set_plan(small)
    assert model.data(model.index(model.row_of("nvlink-topology"), 0), STATUS_ROLE) == "n/a"


def test_stale_result_is_marked(model):
    row = model.row_of("gpu-inventory")
    model.set_status(row, "pass")
    plan = model.plan()
    plan.choice = plan.choice.model_copy(update={"gpus": 8, "gpus_per_node": 8})
    model.refresh()
    idx = model.index(row, col("title"))
    assert model.data(idx, Qt.FontRole).italic()
    assert "another configuration" in model.data(idx, Qt.ToolTipRole)


def test_refusals_follow_the_language(qapp, tmp_path, monkeypatch):
    """Errors the UI layer words itself are translated like its labels (they used to stay English)."""
    import pyqtgraph as pg
    from pyqtgraph import exporters

    from gpudesk.ui import i18n
    from gpudesk.ui.charts.export import export_plot

    class FullDisk:  # the PNG writer reports failure, as Qt does on a full disk
        def __init__(self, item):
            pass

        def parameters(self):
            return {}

        def export(self, toBytes=False):
            return self

        def save(self, *args):
            return False

    monkeypatch.setattr(exporters, "ImageExporter", FullDisk)
    empty = ChecklistModel()
    widget = pg.PlotWidget()
    target = tmp_path / "chart.png"
    target.write_bytes(b"earlier chart")
    manager = i18n.language_manager()
    try:
        for lang, no_item, not_saved in (
            ("zh_CN", "^未选中检查项$", "无法保存图表（磁盘已满？）；原文件未被替换$"),
            ("en", "^no checklist item selected$", "could not save the chart .*nothing was replaced$"),
        ):
            manager.set_language(lang)
            with pytest.raises(GpudeskError, match=no_item):
                empty.set_status(0, "pass")
            with pytest.raises(GpudeskError, match=not_saved):
                export_plot(widget.getPlotItem(), str(target))
    finally:
        manager.set_language("en")
    assert target.read_bytes() == b"earlier chart"  # nothing was replaced
    widget.deleteLater()
