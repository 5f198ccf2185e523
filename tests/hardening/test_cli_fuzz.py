"""No traceback on any input: random option values (numbers of every size, garbage, empty, unicode) for
every numeric and id option; each command ends with exit 0 or a one-line message and exit 2.
Cases tried per run: 400 + 200."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gpudesk.cli import run_cli

NUMERIC = [
    "--params",
    "--micro-batch",
    "--seq-len",
    "--grad-accum",
    "--lora-rank",
    "--tokens",
    "--concurrency",
    "--serving-context",
    "--mfu",
    "--price-per-gpu-hour",
    "--headroom",
    "--overhead-gb",
    "--gpus",
    "--tp",
    "--pp",
    "--zero",
]
SEARCH = ["--budget", "--deadline-hours", "--max-gpus", "--top"]
IDS = ["--gpu", "--model"]
values = st.one_of(
    st.sampled_from(
        [
            "0",
            "-1",
            "1",
            "2",
            "3",
            "7",
            "64",
            "1e300",
            "1.7e308",
            "1e400",
            "inf",
            "-inf",
            "nan",
            "",
            " ",
            "1,5",
            "６",
            "0x10",
            "1_000",
            "9" * 400,
            "abc",
            "\u202e1",
            "llama-2-7b",
            "h100-sxm-80gb",
        ]
    ),
    st.integers(-(10**20), 10**20).map(str),
    st.floats(allow_nan=True, allow_infinity=True).map(repr),
    st.text(max_size=12),
)
SETTINGS = dict(deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])


def _run(capsys, argv):
    try:
        rc = run_cli(argv)
    except SystemExit as exc:
        rc = exc.code
    out, err = capsys.readouterr()
    assert rc in (0, 2), (argv, rc, err[-300:])
    if rc == 2:
        assert err.strip() and "Traceback" not in err


@settings(max_examples=400, **SETTINGS)
@given(picks=st.lists(st.tuples(st.sampled_from(NUMERIC + IDS), values), min_size=1, max_size=4))
def test_estimate_with_random_options(capsys, picks):
    argv = ["estimate"] + ([] if any(o in ("--params", "--model") for o, _ in picks) else ["--model", "gpt2"])
    for option, value in picks:
        argv += [option, value]
    _run(capsys, argv)


@settings(max_examples=200, **SETTINGS)
@given(
    picks=st.lists(
        st.tuples(st.sampled_from(SEARCH + ["--gpus", "--tokens", "--micro-batch", "--gpu"]), values),
        min_size=1,
        max_size=3,
    )
)
@pytest.mark.parametrize("command", ["recommend"])
def test_recommend_with_random_options(capsys, picks, command):
    argv = [command, "--model", "gpt2"]
    for option, value in picks:
        argv += [option, value]
    _run(capsys, argv)
