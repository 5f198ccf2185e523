"""Item models pass Qt's model tester; the chart builders draw core's series (and render offscreen)."""

import math

import pytest
from PySide6.QtCore import Qt

from gpudesk.core.report.chart_data import cost_chart_data, memory_chart_data
from tests.ui.fakes import option


def _options():
    return [
        option(gpus=4, rank=1, quick=140, month=9000, advice=("tp-over-pcie",)),
        option(gpus=8, rank=2, hours=25, weights=10, grads=10, opt=20),
        option(gpu="a100", name="A100 80GB", gpus=8, rank=3, hours=60, price=10),
    ]


def test_options_model_passes_the_model_tester(qtmodeltester):
    from gpudesk.ui.models.options_model import COLUMNS, SORT_ROLE, OptionsModel

    model = OptionsModel()
    opts = _options()
    model.set_options(opts, opts[1], {"p1": "Provider One"})
    qtmodeltester.check(model, force_py=True)
    # one row per GPU type (H100 best first, its 8-GPU option folded under it), then the A100
    assert model.rowCount() == 2 and model.columnCount() == len(COLUMNS)
    h100, a100 = model.index(0, 0), model.index(1, 0)
    assert model.rowCount(h100) == 1 and model.rowCount(a100) == 0
    col = COLUMNS.index
    assert model.index(0, col("provider")).data() == "Provider One"
    assert model.index(0, col("gpu")).data() == "H100 SXM 80GB  (+1 more)"
    assert model.index(0, col("fits")).data() == "no"  # 86 GiB in 72 GiB usable
    assert model.index(0, col("cost")).data() == "¥3,840"  # 48 h × ¥20 × 4 GPUs (core.units.money)
    assert model.index(0, col("memory")).data() == "86.0 GiB"
    assert model.index(0, col("layout")).data() == "TP1 PP1 DP4 Z2"
    assert model.index(0, col("advice")).data(Qt.ToolTipRole) == "• tp-over-pcie"
    assert model.index(0, col("cost"), h100).data(SORT_ROLE) == pytest.approx(4000)  # 25 h × ¥20 × 8
    assert model.index(1, col("cost")).data(SORT_ROLE) == pytest.approx(4800)  # 60 h × ¥10 × 8
    assert model.option(model.index_of(opts[1])) is opts[1]
    for c in range(len(COLUMNS)):  # every column explains itself
        assert model.headerData(c, Qt.Horizontal, Qt.ToolTipRole)


def test_options_model_drops_rows_that_read_the_same(qtmodeltester):
    from gpudesk.ui.models.options_model import OptionsModel

    model = OptionsModel()
    twin = option(gpus=4, rank=2, offer="p1-h100-again")  # another offer, same provider, price and layout
    model.set_options([option(gpus=4, rank=1), twin, option(gpus=8, rank=3)])
    qtmodeltester.check(model, force_py=True)
    assert model.option_count() == 2


def test_rows_model_passes_the_model_tester(qtmodeltester):
    from gpudesk.catalog import open_catalog
    from gpudesk.ui.models.catalog_model import RowsModel

    gpus = open_catalog().gpus()
    model = RowsModel([("id", lambda: "Id", lambda r: r.id), ("fp8", lambda: "FP8", lambda r: r.tflops_fp8)])
    model.set_rows(gpus)
    qtmodeltester.check(model, force_py=True)
    # the RTX 3090 (Ampere) has no FP8: the catalogue leaves the figure out, the table says "unknown", never 0
    row = next(r for r, g in enumerate(gpus) if g.id == "rtx-3090")
    assert gpus[row].tflops_fp8 is None
    assert model.index(row, 1).data() == "unknown"


@pytest.mark.parametrize("kind", ["memory", "cost", "days", "pareto", "billing"])
def test_render_chart_image(kind):
    from gpudesk.ui.charts import render_chart_image

    opts = _options()
    data = memory_chart_data(opts, opts[0]) if kind == "memory" else cost_chart_data(opts, opts[0])
    image = render_chart_image(kind, data, 640, 360)
    assert (image.width(), image.height()) == (640, 360)
    colours = {image.pixel(x, y) for x in range(0, 640, 16) for y in range(0, 360, 16)}
    assert len(colours) > 3  # something was drawn besides the background


def test_memory_plot_draws_each_component_and_the_capacity(qtbot):
    import pyqtgraph as pg

    from gpudesk.ui.charts import build_memory_plot

    widget = pg.PlotWidget()
    qtbot.addWidget(widget)
    opts = _options()
    data = memory_chart_data(opts, opts[0])
    build_memory_plot(widget.getPlotItem(), data)
    bars = [i for i in widget.getPlotItem().items if isinstance(i, pg.BarGraphItem)]
    stacked = [b for b in bars if b.opts.get("name") == "Optimizer states"]
    assert stacked and list(stacked[0].opts["height"]) == pytest.approx([40, 20, 40])
    quick = [b for b in bars if b.opts.get("name") == "Guide's quick estimate"]
    # 140 GiB for the whole job; 4 data-parallel replicas with ZeRO-2 each hold a copy: not divided by them.
    # It is over 1.6 × the real bars' top (86 GiB): drawn cut off at 1.3 × that, as in the PDF, its value
    # printed under it (the real bars keep the chart's height)
    real_top = max([b.capacity_gib for b in data.bars] + [sum(b.components_gib.values()) for b in data.bars])
    assert real_top == pytest.approx(86, abs=0.5) and data.quick_estimate_per_gpu_gib == pytest.approx(140)
    assert list(quick[0].opts["height"]) == pytest.approx([1.3 * real_top])
    labels = [t for level in widget.getPlotItem().getAxis("bottom")._tickLevels for _, t in level]
    assert any(t.endswith("140.0 GiB ↑") for t in labels), labels


@pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")
def test_export_chart_png_and_svg(qtbot, tmp_path, monkeypatch):
    from PySide6.QtWidgets import QMessageBox

    monkeypatch.setattr(QMessageBox, "warning", lambda *a, **k: pytest.fail(str(a[2])))
    from gpudesk.ui.pages.overview import OverviewPage

    page = OverviewPage()
    qtbot.addWidget(page)
    page.resize(900, 700)
    page.show()
    opts = _options()
    page.show_result(opts, opts, opts[0])
    png = page.export_chart("memory", str(tmp_path / "memory.png"))
    svg = page.export_chart("pareto", str(tmp_path / "pareto.svg"))
    assert (tmp_path / "memory.png").stat().st_size > 2000
    assert "<svg" in (tmp_path / "pareto.svg").read_text()[:2000] and png and svg


def test_hover_tips_show_exact_values(qtbot):
    import pyqtgraph as pg

    from gpudesk.ui.charts import _tip, build_cost_plot

    widget = pg.PlotWidget()
    qtbot.addWidget(widget)
    opts = _options()
    build_cost_plot(widget.getPlotItem(), cost_chart_data(opts, opts[0]))
    hover = [i for i in widget.getPlotItem().items if isinstance(i, pg.ScatterPlotItem) and i.opts.get("hoverable")]
    texts = [_tip(0, 0, d) for item in hover for d in item.data["data"]]
    assert any("¥" not in t and "3,840 CNY" in t and "4,992 CNY" in t for t in texts)  # 3840 × 1.3


def test_log_axes_read_as_plain_round_numbers():
    from gpudesk.ui.charts import _gpu_ticks, _log_ticks

    assert [label for _, label in _gpu_ticks([1, 2, 8, 64])] == ["1", "2", "4", "8", "16", "32", "64"]
    assert [label for _, label in _gpu_ticks([1, 1024])] == ["1", "4", "16", "64", "256", "1024"]  # every other
    # under a decade (0.028 to 0.1 days): fine round steps, as decimals, never "2·10⁻²"
    ticks = _log_ticks([0.028, 0.05, 0.1])
    assert [label for _, label in ticks] == ["0.03", "0.05", "0.1"]
    assert ticks[0][0] == pytest.approx(math.log10(0.03))
    assert [label for _, label in _log_ticks([0.012, 0.025])] == ["0.015", "0.02"]  # no "0.0150", no "1.5·10⁻²"
    assert [label for _, label in _log_ticks([14e6, 25e6])] == ["15,000,000", "20,000,000"]  # no "15,000,000.0"
    # three to six orders of magnitude: coarser steps, at most 5 labels so they never collide
    assert [label for _, label in _log_ticks([400, 430_000])] == ["1,000", "10,000", "100,000"]
    # two decades of cost: 1-3 steps with group separators
    assert [label for _, label in _log_ticks([900, 120_000])] == ["1,000", "3,000", "10,000", "30,000", "100,000"]


def test_linear_axes_label_large_and_small_values_plainly(qtbot):
    import pyqtgraph as pg

    from gpudesk.ui.charts import build_billing_plot

    widget = pg.PlotWidget()
    qtbot.addWidget(widget)
    opts = _options()
    build_billing_plot(widget.getPlotItem(), cost_chart_data(opts, opts[0]))
    left = widget.getPlotItem().getAxis("left")
    assert left.tickStrings([1_500_000, 2_000_000], 1, 500_000) == ["1,500,000", "2,000,000"]  # not "1.5e+06"
    assert left.tickStrings([0.02, 0.04], 1, 0.02) == ["0.02", "0.04"]
    assert not left.autoSIPrefix and not widget.getPlotItem().getAxis("bottom").autoSIPrefix


def test_legends_sit_outside_the_plot_area(qtbot):
    import pyqtgraph as pg

    from gpudesk.ui.charts import build_memory_plot

    widget = pg.PlotWidget()
    qtbot.addWidget(widget)
    widget.resize(800, 400)
    widget.show()
    opts = _options()
    plot = widget.getPlotItem()
    build_memory_plot(plot, memory_chart_data(opts, opts[0]))
    qtbot.wait(10)
    legend = plot._gd_legend
    assert "Optimizer states" in legend.text and "quick estimate" in legend.text
    # the legend's box is right of the view box: it cannot cover a bar
    assert (
        legend.mapRectToScene(legend.boundingRect()).left()
        >= plot.vb.mapRectToScene(plot.vb.boundingRect()).right() - 1
    )


def test_axes_hold_still_while_the_numbers_move_a_little(qtbot):
    import pyqtgraph as pg

    from gpudesk.ui.charts import build_cost_plot

    widget = pg.PlotWidget()
    qtbot.addWidget(widget)
    plot = widget.getPlotItem()

    def draw(hours_scale):
        opts = [option(gpus=4, hours=48 * hours_scale, price=20), option(gpus=8, hours=25 * hours_scale, price=20)]
        build_cost_plot(plot, cost_chart_data(opts, opts[0]))
        return plot.vb.viewRange()[1]

    first = draw(1.0)  # costs 3840..5200 with the margin
    assert first[0] < 3840 and first[1] > 4000 * 1.3
    grown = draw(1.05)  # 5 % dearer: the axis grows just enough to hold both
    assert grown[0] == first[0] and first[1] < grown[1] < first[1] * 1.1
    assert draw(1.0) == grown and draw(1.05) == grown  # editing back and forth: the axis holds still
    far = draw(10.0)  # ten times dearer: fitted afresh
    assert far[0] > first[1] and far[1] > 40000 * 1.3
    # back to the first numbers: fitted afresh again, not stuck on the wide range
    assert draw(1.0)[1] < 10000


def test_the_row_editor_names_every_catalogue_field_in_words():
    from gpudesk.catalog.schema import GpuSpec, Offer, Provider, ServerType
    from gpudesk.ui.widgets.row_editor import field_labels

    labels = field_labels()
    for model in (GpuSpec, ServerType, Provider, Offer):
        assert [f for f in model.model_fields if f not in labels and f != "user"] == [], model.__name__


def test_options_model_names_the_gpu_in_the_ui_language(qtmodeltester):
    """The zh Options table printed the option's English name for cards with a Chinese catalogue name."""
    from gpudesk.core.i18n import use_language
    from gpudesk.ui.models.options_model import COLUMNS, OptionsModel

    o = option(gpu="ascend-910b4", name="Huawei Ascend 910B4").model_copy(update={"gpu_name_zh": "华为昇腾 910B4"})
    model = OptionsModel()
    model.set_options([o])
    with use_language("zh_CN"):
        assert model.index(0, COLUMNS.index("gpu")).data() == "华为昇腾 910B4"
    with use_language("en"):
        assert model.index(0, COLUMNS.index("gpu")).data() == "Huawei Ascend 910B4"
