"""The domain rules several wings share (gpudesk.core.rules): one definition each, hand-checked."""

import pytest

from gpudesk.core import rules
from gpudesk.core.models import GpuSpec

SXM = GpuSpec(
    id="v100-sxm2-32gb", name="V100 SXM2", memory_bytes=32 * 10**9, nvlink_gbps=300, form_factor="sxm", tdp_watts=300
)
PCIE = GpuSpec(
    id="a100-pcie-80gb", name="A100 PCIe", memory_bytes=80 * 10**9, nvlink_gbps=600, form_factor="pcie", tdp_watts=300
)


def test_nvlink_group_one_rule_for_search_and_checklist():
    assert rules.nvlink_group("nvswitch", 8, SXM) == 8
    # an 8-GPU SXM board without NVSwitch (DGX-1's hybrid cube-mesh) keeps NCCL's rings on NVLink: the whole
    # node, as the engine's NVLink domain and the checklist say (the recommender used to say 2 here)
    assert rules.nvlink_group("nvlink-bridge", 8, SXM) == 8
    assert rules.nvlink_group("nvlink-bridge", 4, SXM) == 4  # HGX 4-GPU: every pair linked
    assert rules.nvlink_group("nvlink-bridge", 8, PCIE) == 2  # bridges join pairs of PCIe cards
    assert rules.nvlink_group("pcie", 8, PCIE) == 1


def test_checklist_topology_follows_the_same_rule():
    from gpudesk.core.plan.checklist.expectations import _topology
    from gpudesk.core.models import Option

    def choice(gpn):
        return Option.model_construct(gpus=gpn, gpus_per_node=gpn, interconnect="")

    assert _topology(choice(8), SXM, {"topology": "nvlink-bridge"}) == "nvlink"
    assert _topology(choice(2), PCIE, {"topology": "nvlink-bridge"}) == "nvlink"
    assert _topology(choice(4), PCIE, {"topology": "nvlink-bridge"}) == "pcie"


def test_node_power():
    # DGX H100 lists 10.2 kW for 8 GPUs: half the node draws half
    assert rules.node_power_kw(4, 700, server_power_kw=10.2, server_gpus_per_node=8) == pytest.approx(5.1)
    # from TDP: 8 × 400 W = 3.2 kW of GPUs + 80 % for the host = 5.76 kW (DGX A100 lists 6.5 kW)
    assert rules.node_power_kw(8, 400) == pytest.approx(5.76)
    # one 450 W card: 0.45 kW + the 0.5 kW host floor
    assert rules.node_power_kw(1, 450) == pytest.approx(0.95)
    assert rules.node_power_kw(1, None) is None


def test_pareto_front_keeps_identical_points_and_drops_missing_ones():
    points = [(1, 10), (2, 5), (3, 6), (0.5, 20), (None, 1), (2, 5)]
    assert rules.pareto_front(points) == [True, True, False, True, False, True]


def test_usable_memory():
    assert rules.usable_bytes(80 * 10**9, 0.10) == 72 * 10**9


def test_host_ram_is_one_unit_and_ordered_in_sizes_servers_are_sold_with():
    """Host RAM is DRAM: GiB everywhere a person reads it; the guide's ">= 256 GB" is 256 GiB."""
    from gpudesk.core import units

    gib = 2**30
    assert rules.HOST_RAM_MULTI_GPU == 256 * gib and units.host_ram(rules.HOST_RAM_MULTI_GPU) == "256 GiB"
    assert units.host_ram(255.2 * gib) == "256 GiB"  # a need is rounded up, never shown smaller
    assert rules.host_ram_to_order(238.4 * gib) == 256 * gib  # the 256e9-byte floor of gpudesk 0.1
    assert rules.host_ram_to_order(274.7 * gib) == 384 * gib  # 295 GB needed: a 384 GiB server
    assert rules.host_ram_to_order(1_413.9e9) == 1536 * gib  # 70B with full offload
    assert rules.host_ram_to_order(5000 * gib) == 5120 * gib  # beyond the list: whole TiB
    assert rules.host_ram_to_order(None) is None


def test_people_read_counts_in_their_language():
    from gpudesk.core import units
    from gpudesk.core.engine.architecture import from_params, model_name
    from gpudesk.core.i18n import use_language

    with use_language("zh_CN"):
        assert units.tokens(2e9) == "20 亿个 token" and units.tokens(5e10) == "500 亿个 token"
        assert units.tokens(3.5e7) == "3,500 万个 token"
        assert model_name(from_params(1e9)) == "10 亿参数模型" and model_name(from_params(3.5e11)) == "3,500 亿参数模型"
        assert units.currency_unit() == "元"
    with use_language("en"):
        assert units.tokens(2e9) == "2.00 billion tokens"
        assert model_name(from_params(1.25e8)) == "125M-parameter model"
    assert units.scientific(1.64e20) == "1.64 × 10^20" and units.scientific(9.999e20) == "1.00 × 10^21"
    assert units.scientific(1234.5) == "1,234" and units.scientific(0.25) == "0.25"
