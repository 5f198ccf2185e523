"""Hostile config.json files: every one ends in a one-line message naming the file and the problem."""

import json
import math

import pytest

from gpudesk.core.engine.architecture import from_config_file, from_hf_config
from gpudesk.errors import GpudeskError

from .helpers import FIX, refused

LLAMA = json.loads((FIX / "llama-2-7b.json").read_text())


def _write(tmp_path, cfg, name="config.json", **dump):
    p = tmp_path / name
    p.write_text(json.dumps(cfg, **dump), encoding="utf-8")
    return p


@pytest.mark.parametrize(
    "field",
    [
        "hidden_size",
        "num_hidden_layers",
        "num_attention_heads",
        "intermediate_size",
        "vocab_size",
        "num_key_value_heads",
        "max_position_embeddings",
    ],
)
@pytest.mark.parametrize("value", [math.nan, math.inf, -math.inf])
def test_nan_and_infinity_in_any_size_field(tmp_path, field, value):
    p = _write(tmp_path, {**LLAMA, field: value})  # json.dumps writes NaN / Infinity, as Python users do
    with pytest.raises(GpudeskError, match=str(p)):
        from_config_file(p)


def test_number_beyond_a_double(tmp_path):
    p = tmp_path / "c.json"
    p.write_text(json.dumps(LLAMA).replace('"hidden_size": 4096', '"hidden_size": 1e400'))
    with pytest.raises(GpudeskError, match="1e400"):
        from_config_file(p)


def test_nan_from_a_parsed_dict_is_refused_too():
    # presets and the GUI hand dicts straight to the reader: the field check itself refuses NaN
    with pytest.raises(GpudeskError, match="hidden_size"):
        from_hf_config({**LLAMA, "hidden_size": math.nan})
    with pytest.raises(GpudeskError, match="num_hidden_layers"):
        from_hf_config({**LLAMA, "num_hidden_layers": 1e300})


@pytest.mark.parametrize("model_type", [["llama"], {"name": "llama"}, 7, True])
def test_model_type_of_the_wrong_type(model_type):
    with pytest.raises(GpudeskError, match="model_type"):
        from_hf_config({**LLAMA, "model_type": model_type})


def test_name_or_path_of_the_wrong_type_is_ignored():
    assert from_hf_config({**LLAMA, "_name_or_path": ["x"]}, source="c.json").name == "llama"


def test_deeply_nested_arrays(tmp_path):
    p = tmp_path / "deep.json"
    p.write_text("[" * 100_000 + "]" * 100_000)
    with pytest.raises(GpudeskError, match="nested"):
        from_config_file(p)
    p.write_text('{"model_type": "llama", "x": ' + "[" * 200 + "]" * 200 + "}")  # parses, still refused
    with pytest.raises(GpudeskError, match="nested"):
        from_config_file(p)


def test_utf8_bom_is_accepted(tmp_path):
    p = tmp_path / "bom.json"
    p.write_text(json.dumps(LLAMA), encoding="utf-8-sig")  # Notepad on Windows writes this
    assert from_config_file(p).hidden_size == 4096


def test_gbk_file_gets_a_plain_message(tmp_path):
    p = tmp_path / "gbk.json"
    p.write_bytes(json.dumps({**LLAMA, "_name_or_path": "羊驼-7b"}, ensure_ascii=False).encode("gbk"))
    with pytest.raises(GpudeskError) as err:
        from_config_file(p)
    assert "UTF-8" in str(err.value) and "codec" not in str(err.value) and str(p) in str(err.value)


def test_more_kv_heads_than_heads():
    with pytest.raises(GpudeskError, match="key/value heads"):
        from_hf_config({**LLAMA, "num_key_value_heads": 64})
    with pytest.raises(GpudeskError, match="key/value heads"):
        from_hf_config({**LLAMA, "num_key_value_heads": 5})  # 32 heads cannot share 5 groups


@pytest.mark.parametrize(
    "field,value",
    [("hidden_size", 1 << 30), ("num_hidden_layers", 10**6), ("vocab_size", 10**12), ("intermediate_size", 2**53)],
)
def test_absurd_sizes(field, value):
    with pytest.raises(GpudeskError):
        from_hf_config({**LLAMA, field: value, "head_dim": 128})


def test_too_many_parameters_in_total():
    # every field inside its range, the product far beyond any model: refused, not estimated
    cfg = {
        **LLAMA,
        "hidden_size": 1 << 20,
        "num_hidden_layers": 4096,
        "intermediate_size": 1 << 22,
        "head_dim": 128,
        "num_attention_heads": 8192,
        "num_key_value_heads": 8192,
    }
    with pytest.raises(GpudeskError, match="parameters"):
        from_hf_config(cfg)


def test_oversized_file_refused_before_reading(tmp_path):
    p = tmp_path / "big.json"
    with open(p, "wb") as fh:
        fh.truncate(6_000_000)
    with pytest.raises(GpudeskError, match="too large"):
        from_config_file(p)


@pytest.mark.parametrize("mutation", ["nan", "list", "deep", "gbk"])
def test_cli_exit_2_without_traceback(capsys, tmp_path, mutation):
    if mutation == "nan":
        p = _write(tmp_path, {**LLAMA, "hidden_size": math.nan})
    elif mutation == "list":
        p = _write(tmp_path, {**LLAMA, "model_type": ["llama"]})
    elif mutation == "deep":
        p = tmp_path / "d.json"
        p.write_text("[" * 100_000 + "]" * 100_000)
    else:
        p = tmp_path / "g.json"
        p.write_bytes('{"model_type": "中"}'.encode("gbk"))
    err = refused(capsys, "estimate", "--model-config", p)
    assert str(p) in err
