"""GPU specs against the figures printed in the datasheets each row cites.

NVIDIA datasheets print tensor throughput with sparsity (marked *); the catalogue stores dense,
which is half. So each check below is written as datasheet figure / 2 where that applies.
"""

import json

import pytest

GB = 1e9


def test_required_gpus_present(cat):
    ids = {g.id for g in cat.gpus()}
    required = {
        "rtx-3090",
        "rtx-4090",
        "rtx-4090d",
        "rtx-a6000",
        "rtx-6000-ada",
        "l4",
        "l20",
        "l40",
        "l40s",
        "a10",
        "a30",
        "a40",
        "t4",
        "v100-sxm2-16gb",
        "v100-sxm2-32gb",
        "a100-pcie-40gb",
        "a100-pcie-80gb",
        "a100-sxm-40gb",
        "a100-sxm-80gb",
        "a800-sxm-80gb",
        "h100-pcie-80gb",
        "h100-sxm-80gb",
        "h800-sxm-80gb",
        "h20",
        "h200-sxm-141gb",
        "b200-sxm-180gb",
        "ascend-910b",
    }
    assert required <= ids
    assert len(ids) >= 25


@pytest.mark.parametrize(
    "gpu_id, memory_gb, bandwidth, bf16, fp8, nvlink, tdp",
    [
        # A100 datasheet: 80GB HBM2e, 2,039 GB/s, BF16 624* -> 312, NVLink 600 GB/s, 400 W
        ("a100-sxm-80gb", 80, 2039, 624 / 2, None, 600, 400),
        # A100 datasheet: 40GB PCIe 1,555 GB/s, 250 W, NVLink bridge 600 GB/s
        ("a100-pcie-40gb", 40, 1555, 624 / 2, None, 600, 250),
        # H100 datasheet (SXM): 80GB, 3.35 TB/s, BF16 1,979*, FP8 3,958*, NVLink 900 GB/s, 700 W
        ("h100-sxm-80gb", 80, 3350, 1979 / 2, 3958 / 2, 900, 700),
        # H100 datasheet (PCIe): 80GB, 2 TB/s, BF16 1,513*, FP8 3,026*, bridge 600 GB/s, 350 W
        ("h100-pcie-80gb", 80, 2000, 1513 / 2, 3026 / 2, 600, 350),
        # H200 datasheet (SXM): 141GB, 4.8 TB/s, BF16 1,979*, FP8 3,958*, NVLink 900 GB/s, 700 W
        ("h200-sxm-141gb", 141, 4800, 1979 / 2, 3958 / 2, 900, 700),
        # L40S datasheet: 48GB, 864 GB/s, BF16 362.05 | 733*, FP8 733 | 1,466*, 350 W, no NVLink
        ("l40s", 48, 864, 362.05, 1466 / 2, None, 350),
        # L4 datasheet: 24GB, 300 GB/s, BF16 242*, FP8 485*, 72 W
        ("l4", 24, 300, 242 / 2, 485 / 2, None, 72),
        # Ada whitepaper (RTX 4090): 24GB, 1,008 GB/s, BF16 with FP32 accumulate 165.2 dense, 450 W
        ("rtx-4090", 24, 1008, 165.2, 165.2, None, 450),
        # H20 (partner spec): 96GB HBM3, 4.0 TB/s, BF16 148, FP8 296, NVLink 900 GB/s, 400 W
        ("h20", 96, 4000, 148, 296, 900, 400),
        # HGX B200 per-GPU column: 180 GB, 7.7 TB/s, BF16 4.5 PF*, FP8 9 PF*, NVLink 1.8 TB/s, 1,000 W
        ("b200-sxm-180gb", 180, 7700, 4500 / 2, 9000 / 2, 1800, 1000),
        # A800 / H800: A100 / H100 with NVLink cut to 400 GB/s
        ("a800-sxm-80gb", 80, 2039, 312, None, 400, 400),
        ("h800-sxm-80gb", 80, 3350, 1979 / 2, 3958 / 2, 400, 700),
    ],
)
def test_datasheet_figures(cat, gpu_id, memory_gb, bandwidth, bf16, fp8, nvlink, tdp):
    g = cat.gpu(gpu_id)
    assert g.memory_bytes == memory_gb * GB
    assert g.memory_bandwidth_gbps == bandwidth
    assert g.tflops_bf16 == pytest.approx(bf16, abs=0.06)
    assert g.tflops_fp8 == (pytest.approx(fp8, abs=0.06) if fp8 else None)
    assert g.nvlink_gbps == nvlink
    assert g.tdp_watts == tdp


def test_older_generations_have_no_bf16(cat):
    # Turing and Volta tensor cores do FP16 only (T4 datasheet: 65 TFLOPS mixed; V100: 125)
    assert cat.gpu("t4").tflops_bf16 is None and cat.gpu("t4").tflops_fp16 == 65
    v100 = cat.gpu("v100-sxm2-32gb")
    assert v100.tflops_bf16 is None and v100.tflops_fp16 == 125 and v100.nvlink_gbps == 300


def test_every_gpu_is_sourced_dated_and_consistent(cat):
    for g in cat.gpus():
        assert g.source and g.checked, g.id
        if g.tflops_bf16 and g.tflops_fp8:
            assert g.tflops_fp8 >= g.tflops_bf16, g.id
        if g.tflops_tf32 and g.tflops_bf16:
            assert g.tflops_tf32 <= g.tflops_bf16, g.id
        if g.nvlink_gbps is not None:
            assert g.nvlink_generation, g.id


def test_china_skus_and_domestic_accelerator_say_their_confidence(cat):
    assert cat.gpu("ascend-910b").confidence == "low"
    assert cat.gpu("ascend-910b").vendor == "Huawei"
    for gid in ("rtx-4090d", "a800-sxm-80gb", "h800-sxm-80gb", "h20", "l20"):
        assert cat.gpu(gid).market == "china", gid
    # figures not from a public NVIDIA datasheet are not claimed as high confidence
    for gid in ("rtx-4090d", "h20", "l20", "h800-sxm-80gb"):
        assert cat.gpu(gid).confidence != "high", gid


def test_json_key_order_contract():
    """The first key holding 'mem'+'byte', 'bf16', 'nvlink'+'gb' must be the catalogue's figures."""
    from gpudesk.catalog import open_catalog
    from gpudesk.cli.catalog import row_json

    d = row_json("gpus", open_catalog().gpu("h100-sxm-80gb"))
    keys = list(d)
    assert next(k for k in keys if "mem" in k and "byte" in k) == "memory_bytes"
    assert next(k for k in keys if "bf16" in k) == "tflops_bf16"
    assert next(k for k in keys if "nvlink" in k and "gb" in k) == "nvlink_gbps"
    json.dumps(d)


def test_unknown_gpu_names_close_matches(cat):
    from gpudesk.errors import CatalogError

    with pytest.raises(CatalogError, match="a100-sxm-80gb"):
        cat.gpu("a100-sxm-80")
    assert cat.gpu("H100 SXM 80GB").id == "h100-sxm-80gb"  # names and case are forgiven
    assert cat.gpu("NVIDIA H20").id == "h20"


def test_servers_reference_known_gpus_and_sourced_power(cat):
    gpus = {g.id for g in cat.gpus()}
    for s in cat.servers():
        assert s.gpu is None or s.gpu in gpus
        assert s.source and s.checked
    # DGX H100 datasheet: ~10.2 kW max, 8x 400 Gb/s ConnectX-7, 2 TB RAM
    dgx = cat.server("dgx-h100")
    assert (dgx.power_kw, dgx.network_gbps, dgx.host_ram_bytes, dgx.intra_node_gbps) == (
        10.2,
        3200,
        2 * 2**40,
        900,
    )  # 2 TB of DRAM: 2 TiB
    assert {s.gpus_per_node for s in cat.servers()} >= {1, 2, 4, 8}


def test_guide_providers_carry_exactly_the_guides_facts(cat):
    jm = cat.provider("jianmi")
    assert (jm.name_zh, jm.licence_number, jm.founded, jm.self_operated) == ("简米科技", "豫B2-20261089", 2003, True)
    assert jm.support_7x24 is None and jm.spare_parts is None and jm.data_destruction is None  # not in the guide
    kf = cat.provider("kufanyun")
    assert (kf.name_zh, kf.icp_filing) == ("酷番云", "滇ICP备2020007656号")
    assert kf.certifications == ["ISO 9001", "ISO 27001"]
    assert "1000万" in kf.registered_capital and "CNNIC" in kf.notes
    assert kf.licence_number is None  # the guide names the licence class, not its number
    assert len(cat.providers()) >= 5


def test_offers_are_honest_about_their_prices(cat):
    offers = cat.offers()
    assert len(offers) >= 10
    for o in offers:
        assert o.currency == "CNY"
        if o.priced:
            assert o.price_kind in ("quoted", "list", "estimate") and o.price_date and o.source
        if o.price_kind == "estimate":
            assert o.notes and "not a quote" in o.notes
    priced = {o.gpu for o in offers if o.priced}
    for gid in (
        "rtx-4090",
        "l40s",
        "l20",
        "a100-pcie-40gb",
        "a100-sxm-80gb",
        "a800-sxm-80gb",
        "h100-sxm-80gb",
        "h800-sxm-80gb",
        "h20",
        "h200-sxm-141gb",
    ):
        assert gid in priced, gid
    for o in offers:  # an offer's node size matches its node type
        if o.server:
            assert cat.server(o.server).gpus_per_node == o.gpus_per_node


def test_list_prices_name_their_page_and_date(cat):
    # 优云智算's own price list, read from a copy of its billing docs dated 2026-05-13 (notes/prices/findings.md)
    listed = {o.id: o for o in cat.offers() if o.price_kind == "list" and not o.user}
    assert {"compshare-rtx-4090-1x", "compshare-a100-sxm-80gb-1x", "compshare-h20-1x"} <= set(listed)
    for o in listed.values():
        assert o.price_date == "2026-05-13" and "compshare.cn/docs/operation/charge/bill" in o.source
        assert "BennielAllan/compshare-docs" in o.source and "moved" in o.notes
    h20 = listed["compshare-h20-1x"]
    assert (h20.price_per_gpu_hour, h20.price_per_gpu_month) == (7.5, 4500.0)  # 包月 = 600 h of 按量
    # AutoDL's figures were relayed, not read from its page: estimates naming the relay; member prices said
    autodl = cat.offer("autodl-rtx-4090-1x")
    assert autodl.price_kind == "estimate" and autodl.price_per_gpu_hour == 1.98
    assert "relayed" in autodl.notes and "member price is 1.88" in autodl.notes
    # the guide's two providers have no published price: no offers, facts unchanged
    assert not [o for o in cat.offers() if o.provider in ("jianmi", "kufanyun") and not o.user]
    compshare = cat.provider("compshare")
    assert compshare.legal_name == "优刻得科技股份有限公司" and compshare.licence_number is None


def test_monthly_estimates_only_where_a_basis_is_published(cat):
    for o in cat.offers():
        if o.price_kind == "estimate" and o.provider == "market-reference":
            if o.price_per_gpu_month is not None:
                assert o.gpu in ("rtx-4090", "rtx-3090", "a800-sxm-80gb", "a100-sxm-80gb", "h20")
                assert o.price_per_gpu_month == round(o.price_per_gpu_hour * 600)
                assert "600 h" in o.notes and "Compshare" in o.notes


def test_every_catalogue_note_has_a_chinese_text_beside_it():
    """The Chinese UI and PDF show `notes_zh`: a note without one would print English there."""
    import re
    import tomllib

    from gpudesk import paths

    missing = []
    for name in ("gpus", "servers", "providers", "offers"):
        doc = tomllib.loads((paths.DATA / f"{name}.toml").read_text(encoding="utf-8"))
        for rows in doc.values():
            for row in rows:
                if row.get("notes") and not re.search(r"[\u4e00-\u9fff]", row.get("notes_zh") or ""):
                    missing.append(f"{name}: {row['id']}")
    assert not missing, missing
