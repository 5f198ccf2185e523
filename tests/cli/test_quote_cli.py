"""`gpudesk quote add|import|list|compare|select|remove` and `catalog add-provider`: the JSON contract, the
all-in arithmetic, bad input as one line with exit 2, nothing written on error, exports."""

import datetime as dt
import json

import pytest

from gpudesk.cli import run_cli
from gpudesk.core.plan import load_plan

FUTURE = (dt.date.today() + dt.timedelta(days=30)).isoformat()
PAST = (dt.date.today() - dt.timedelta(days=30)).isoformat()


@pytest.fixture(scope="module")
def base_plan(tmp_path_factory):
    path = tmp_path_factory.mktemp("plans") / "base.gpudesk"
    assert (
        run_cli(
            [
                "plan",
                "new",
                "--model",
                "llama-2-7b",
                "--task",
                "lora",
                "--tokens",
                "1e8",
                "--gpu",
                "rtx-4090",
                "--gpus",
                "1",
                "-o",
                str(path),
            ]
        )
        == 0
    )
    return path.read_bytes()


@pytest.fixture
def plan(base_plan, tmp_path, capsys):
    p = tmp_path / "p.gpudesk"
    p.write_bytes(base_plan)
    capsys.readouterr()
    return str(p)


def run_json(capsys, *argv):
    assert run_cli(list(argv)) == 0, capsys.readouterr().err
    return json.loads(capsys.readouterr().out)


def add(plan, provider, price, min_hours, valid, *extra):
    return run_cli(
        [
            "quote",
            "add",
            plan,
            "--provider",
            provider,
            "--gpu",
            "rtx-4090",
            "--gpus-per-node",
            "1",
            "--nodes",
            "1",
            "--price-per-gpu-hour",
            price,
            "--min-hours",
            min_hours,
            "--valid-until",
            valid,
            *extra,
        ]
    )


def test_compare_json_contract_and_arithmetic(plan, capsys):
    assert add(plan, "jianmi", "2.0", "100", FUTURE, "--subsidy-rate", "0.2", "--subsidy-cap", "10") == 0
    assert (
        add(
            plan,
            "kufanyun",
            "1.8",
            "200",
            FUTURE,
            "--vat",
            "excluded",
            "--vat-rate",
            "6%",
            "--setup-fee",
            "¥50",
            "--storage-per-gb-month",
            "0.3元/GB/月",
            "--storage-included-gb",
            "10",
        )
        == 0
    )
    assert add(plan, "jianmi", "1.5", "1", PAST) == 0
    capsys.readouterr()
    c = run_json(capsys, "quote", "compare", plan, "--json")
    keys = {"id", "provider", "gpu", "gpus", "hours", "fits", "all_in_cost", "items", "billing", "flags", "selected"}
    assert all(keys <= set(q) for q in c["quotes"])
    assert {"quotes", "cheapest", "selected", "enough_quotes"} <= set(c)
    q1, q2, q3 = c["quotes"]
    assert set(q1["items"]) == {"compute", "storage", "network", "fees", "subsidy", "tax"}
    assert q1["items"]["compute"] == 200 and q1["items"]["subsidy"] == -10 and q1["all_in_cost"] == 190
    # 酷番云: 1.8 × 200 h = 360; storage (storage_gb - 10 included) × 0.3 × 200/730 months; fee 50; VAT 6 %
    storage = (q2["storage_gb"] - 10) * 0.3 * 200 / 730
    assert q2["items"]["compute"] == 360 and q2["items"]["fees"] == 50
    assert q2["items"]["storage"] == pytest.approx(storage, abs=0.01)
    assert q2["items"]["tax"] == pytest.approx(0.06 * (360 + storage + 50), abs=0.01)
    assert q2["all_in_cost"] == pytest.approx(sum(v for v in q2["items"].values() if v is not None), abs=0.02)
    assert "expired" in q3["flags"] and c["cheapest"] == "q1" and c["enough_quotes"] is True
    assert c["selected"] is None and not any(q["selected"] for q in c["quotes"])
    assert run_cli(["quote", "select", plan, "q2", "--reason", "licensed, cheapest valid"]) == 0
    capsys.readouterr()
    after = run_json(capsys, "quote", "compare", plan, "--json")
    assert after["selected"] == "q2" and after["selection"]["reason"] == "licensed, cheapest valid"
    assert load_plan(plan).choice.provider == "kufanyun"
    listed = run_json(capsys, "quote", "list", plan, "--json")
    assert [q["id"] for q in listed["quotes"]] == ["q1", "q2", "q3"] and listed["selected"] == "q2"


@pytest.mark.parametrize(
    "option, value, message",
    [
        ("--price-per-gpu-hour", "-3", "--price-per-gpu-hour: a price cannot be negative: -3"),
        ("--price-per-gpu-hour", "6,50", "decimal comma"),
        ("--price-per-gpu-hour", "inf", "not a finite plain number"),
        ("--valid-until", "2026-13-45", "--valid-until: no such date: 2026-13-45"),
        ("--gpus-per-node", "0", "--gpus-per-node: 0 is outside 1–64"),
        ("--nodes", "x", "--nodes: not a number: 'x'"),  # a unit alone, not an empty field
        ("--subsidy-rate", "20", "--subsidy-rate: '20': write a share as a percentage"),
        ("--gpu", "rtx-9999", "unknown GPU 'rtx-9999'"),
        ("--provider", "market-reference", "market reference, not a provider"),
    ],
)
def test_bad_input_is_one_line_exit_2_and_the_plan_is_unchanged(plan, capsys, option, value, message):
    before = open(plan, "rb").read()
    argv = {
        "--provider": "jianmi",
        "--gpu": "rtx-4090",
        "--gpus-per-node": "1",
        "--nodes": "1",
        "--price-per-gpu-hour": "2",
    }
    argv[option] = value
    assert run_cli(["quote", "add", plan, *[x for kv in argv.items() for x in kv]]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and message in err, err
    assert open(plan, "rb").read() == before


def test_bad_input_in_chinese_uses_the_chinese_colon(plan, capsys):
    argv = ["--provider", "jianmi", "--gpu", "rtx-4090", "--gpus-per-node", "1", "--nodes", "x"]
    assert run_cli(["quote", "add", plan, *argv, "--price-per-gpu-hour", "2", "--lang", "zh_CN"]) == 2
    assert "--nodes：不是数字：'x'" in capsys.readouterr().err


def test_valid_until_before_the_quote_date(plan, capsys):
    assert add(plan, "jianmi", "2", "1", "2026-11-01", "--date", "2026-11-20") == 2
    assert "valid-until 2026-11-01 is before the quote date 2026-11-20" in capsys.readouterr().err


def test_import_a_sheet_all_or_nothing(plan, tmp_path, capsys):
    good = tmp_path / "q.csv"
    good.write_text(
        "服务商,显卡,每节点卡数,按量（元/卡·时）,最短租期,有效期至\n"
        f"jianmi,rtx-4090,1,2.0,100,{FUTURE}\nkufanyun,rtx-4090,1,1.8,200,{FUTURE}\n",
        encoding="gb18030",
    )
    bad = tmp_path / "bad.csv"
    bad.write_text(
        "provider,gpu,gpus_per_node,price_per_gpu_hour\njianmi,rtx-4090,1,2\njianmi,rtx-4090,1,1e400\n",
        encoding="utf-8",
    )
    before = open(plan, "rb").read()
    assert run_cli(["quote", "import", plan, str(bad)]) == 2
    err = capsys.readouterr().err
    assert "line 3, column price_per_gpu_hour" in err and "nothing changed" in err
    assert open(plan, "rb").read() == before
    assert run_json(capsys, "quote", "import", plan, str(good), "--json")["added"] == ["q1", "q2"]
    c = run_json(capsys, "quote", "compare", plan, "--json")
    assert [q["items"]["compute"] for q in c["quotes"]] == [200, 360]


def test_compare_exports_and_never_overwrites_the_plan(plan, tmp_path, capsys):
    assert add(plan, "jianmi", "2.0", "100", FUTURE) == 0
    capsys.readouterr()
    out = tmp_path / "compare.csv"
    assert run_cli(["quote", "compare", plan, "--export", str(out), "--lang", "zh_CN"]) == 0
    text = out.read_text(encoding="utf-8-sig")
    assert text.startswith("报价,服务商") and "简米科技" in text and ",200," in text
    assert run_cli(["quote", "compare", plan, "--export", plan]) == 2
    assert load_plan(plan).quotes


def test_remove_and_chinese_output(plan, capsys):
    assert add(plan, "jianmi", "2.0", "100", FUTURE) == 0
    capsys.readouterr()
    assert run_cli(["quote", "compare", plan, "--lang", "zh_CN"]) == 0
    out = capsys.readouterr().out
    assert "总价" in out and "¥200" in out and "只有 1 份书面报价" in out and "未满足 3 家持牌服务商比价要求" in out
    assert run_cli(["quote", "remove", plan, "q1"]) == 0 and load_plan(plan).quotes == []
    assert run_cli(["quote", "remove", plan, "q1"]) == 2


def test_add_provider_with_due_diligence(capsys):
    row = run_json(
        capsys,
        "catalog",
        "add-provider",
        "qd-idc",
        "--name-zh",
        "青岛某机房",
        "--legal-name",
        "青岛某科技有限公司",
        "--licence-number",
        "鲁B1-20250001",
        "--licence-scope",
        "IDC,isp",
        "--icp-filing",
        "鲁ICP备2025000001号",
        "--certification",
        "ISO 27001",
        "--mlps-level",
        "3",
        "--region",
        "山东 青岛",
        "--json",
    )
    assert row["licence_scope"] == "IDC (B11), ISP (B14)" and row["mlps_level"] == 3 and row["user"] is True
    assert run_cli(["catalog", "add-provider", "qd-idc"]) == 2  # exists: --update to add facts
    assert run_cli(["catalog", "add-provider", "x1", "--licence-scope", "WIFI"]) == 2
    assert run_cli(["catalog", "add-provider", "x1", "--licence-number", "12345"]) == 2
    capsys.readouterr()
    assert run_cli(["catalog", "add-provider", "kufanyun", "--update", "--licence-number", "B1-20190001"]) == 0
    from gpudesk.catalog import open_catalog

    kf = open_catalog(refresh=True).provider("kufanyun")
    assert kf.licence_number == "B1-20190001" and kf.icp_filing == "滇ICP备2020007656号" and kf.user


def test_list_json_imports_into_another_plan(plan, base_plan, tmp_path, capsys):
    assert add(plan, "jianmi", "2.0", "100", FUTURE, "--subsidy-rate", "20%", "--subsidy-cap", "10") == 0
    assert add(plan, "kufanyun", "1.8", "200", FUTURE, "--price-per-gpu-month", "900") == 0
    capsys.readouterr()
    listed = tmp_path / "quotes.json"
    assert run_cli(["quote", "list", plan, "--json"]) == 0
    listed.write_text(capsys.readouterr().out, encoding="utf-8")
    other = tmp_path / "other.gpudesk"
    other.write_bytes(base_plan)
    assert run_cli(["quote", "import", str(other), str(listed)]) == 0
    capsys.readouterr()
    a = run_json(capsys, "quote", "compare", plan, "--json")["quotes"]
    b = run_json(capsys, "quote", "compare", str(other), "--json")["quotes"]
    assert [(q["id"], q["all_in_cost"], q["items"]) for q in a] == [(q["id"], q["all_in_cost"], q["items"]) for q in b]


def test_add_warns_about_expired_zero_price_and_odd_node_size(plan, capsys):
    """Q2 (an already expired quote), Q4 (¥0), X5 (7 GPUs per node of a card sold in 1s and 8s): said at once."""
    assert add(plan, "jianmi", "2.0", "1", PAST, "--lang", "en") == 0
    err = capsys.readouterr().err
    assert f"expired on {PAST}" in err
    assert add(plan, "kufanyun", "0", "1", FUTURE, "--lang", "zh_CN") == 0
    assert "价格为 0" in capsys.readouterr().err
    assert (
        run_cli(
            [
                "quote",
                "add",
                plan,
                "--provider",
                "jianmi",
                "--gpu",
                "h800-sxm-80gb",
                "--gpus-per-node",
                "7",
                "--nodes",
                "1",
                "--price-per-gpu-hour",
                "14",
                "--lang",
                "en",
            ]
        )
        == 0
    )
    err = capsys.readouterr().err
    assert "7 GPUs per node" in err and "8" in err
    c = run_json(capsys, "quote", "compare", plan, "--json")
    zero = next(q for q in c["quotes"] if q["provider"] == "kufanyun")
    assert "zero-price" in zero["flags"] and c["cheapest"] != zero["id"]  # ¥0 is never "the cheapest"


def test_three_quote_rule_counts_licensed_providers(plan, capsys):
    """Q6: three valid quotes from three providers, only 简米科技 with a licence on record: rule not met."""
    assert add(plan, "jianmi", "2.0", "1", FUTURE) == 0
    assert add(plan, "kufanyun", "1.8", "1", FUTURE) == 0
    assert add(plan, "compshare", "1.9", "1", FUTURE) == 0
    capsys.readouterr()
    c = run_json(capsys, "quote", "compare", plan, "--json", "--lang", "zh_CN")
    assert c["enough_quotes"] is True and c["providers_with_valid_quotes"] == 3
    assert c["licensed_providers_with_valid_quotes"] == 1 and c["three_quote_rule_met"] is False
    assert c["rule_text"].startswith("有效报价 3 家，其中记录许可证 1 家")
    assert c["next_step"].startswith("审批前请记录 2 家报价服务商的增值电信业务经营许可证编号")
    assert c["next_step"].endswith("或改向持牌服务商询价。")
    for provider, number in (("kufanyun", "B1-20260001"), ("compshare", "B1-20260002")):  # recorded afterwards
        assert run_cli(["catalog", "add-provider", provider, "--update", "--licence-number", number]) == 0
    capsys.readouterr()
    c = run_json(capsys, "quote", "compare", plan, "--json", "--lang", "en")
    assert c["licensed_providers_with_valid_quotes"] == 3 and c["three_quote_rule_met"] is True
    assert c["next_step"] == (
        "Select one with the reason for choosing it before approval (the Quotes tab, or gpudesk quote select)."
    )
    q = next(x["id"] for x in c["quotes"] if x["provider"] == "kufanyun")
    assert run_cli(["quote", "select", plan, q, "--reason", "cheapest licensed"]) == 0
    capsys.readouterr()
    assert run_json(capsys, "quote", "compare", plan, "--json")["next_step"] == ""


def test_list_writes_the_configuration_as_the_pdf_does(plan, capsys):
    """The quote list wrote "1× NVIDIA …" / "2×8 …" where the PDF says "1 个节点 × 1 张 …"."""
    assert add(plan, "jianmi", "2.0", "100", FUTURE) == 0
    capsys.readouterr()
    assert run_cli(["quote", "list", plan, "--lang", "zh_CN"]) == 0
    assert "1 个节点 × 1 张 NVIDIA GeForce RTX 4090" in capsys.readouterr().out
    assert run_cli(["quote", "list", plan, "--lang", "en"]) == 0
    assert "1 node × 1 NVIDIA GeForce RTX 4090" in capsys.readouterr().out
