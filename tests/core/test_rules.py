"""The domain rules several wings share (gpudesk.core.rules): one definition each, hand-checked."""

import pytest

from gpudesk.core import rules
from gpudesk.core.models import GpuSpec

SXM = GpuSpec(id="v100-sxm2-32gb", name="V100 SXM2", memory_bytes=32 * 10**9, nvlink_gbps=300, form_factor="sxm",
              tdp_watts=300)
PCIE = GpuSpec(id="a100-pcie-80gb", name="A100 PCIe", memory_bytes=80 * 10**9, nvlink_gbps=600, form_factor="pcie",
               tdp_watts=300)


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
