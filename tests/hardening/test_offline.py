"""Offline, proven: every command and the app's self-test run with network sockets made impossible, and
in a network namespace with no interfaces at all where the machine allows one (`unshare -n`); no
AF_INET/AF_INET6 socket is ever created and no name is ever looked up."""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

GUARD = """
import os, socket
_LOG = os.environ["GPUDESK_NET_LOG"]
_real = socket.socket


def _note(what):
    with open(_LOG, "a", encoding="utf-8") as fh:
        fh.write(what + "\\n")


class _Guarded(_real):
    def __init__(self, family=-1, type=-1, proto=-1, fileno=None):
        if family in (socket.AF_INET, socket.AF_INET6) or (family == -1 and fileno is None):
            _note(f"socket({family!r})")
            raise OSError("network disabled by the gpudesk offline test")
        super().__init__(family, type, proto, fileno)


def _no_lookup(*args, **kwargs):
    _note(f"getaddrinfo{args[:2]!r}")
    raise OSError("name lookup disabled by the gpudesk offline test")


socket.socket = _Guarded
socket.getaddrinfo = _no_lookup
socket.gethostbyname = _no_lookup
socket.create_connection = lambda *a, **k: _no_lookup(*a)
"""


def _commands(tmp: Path) -> list[list[str]]:
    plan, sheet = tmp / "p.gpudesk", tmp / "s.csv"
    sheet.write_text(
        "id,provider,gpu,gpus_per_node,price_per_gpu_hour,price_kind,price_date,billing\n"
        "mine,autodl,rtx-4090,1,2.5,quoted,2026-10-01,hourly\n",
        encoding="utf-8",
    )
    return [
        ["--version"],
        ["estimate", "--model", "llama-2-7b", "--tokens", "1e9", "--json"],
        ["recommend", "--model", "llama-2-13b", "--tokens", "2e10", "--json"],
        ["plan", "new", "--model", "gpt2", "--tokens", "1e9", "-o", str(plan)],
        ["plan", "show", str(plan), "--json"],
        ["checklist", str(plan), "--set", "driver-branch=pass"],
        ["checklist", str(plan), "--export", str(tmp / "c.xlsx")],
        [
            "quote",
            "add",
            str(plan),
            "--provider",
            "autodl",
            "--gpu",
            "rtx-4090",
            "--gpus-per-node",
            "1",
            "--nodes",
            "1",
            "--price-per-gpu-hour",
            "2.1",
        ],
        ["quote", "compare", str(plan)],
        ["report", str(plan), "-o", str(tmp / "p.pdf"), "--lang", "zh_CN"],
        ["kit", str(plan), "-o", str(tmp / "kit")],
        ["catalog", "import", str(sheet)],
        ["catalog", "offers"],
        ["catalog", "show", "h100-sxm-80gb"],
        ["catalog", "export", str(tmp / "o.csv")],
        ["--selftest"],
    ]


def _env(tmp: Path, guard: Path | None) -> dict:
    env = dict(
        os.environ, GPUDESK_HOME=str(tmp / "home"), QT_QPA_PLATFORM="offscreen", GPUDESK_NET_LOG=str(tmp / "net.log")
    )
    if guard is not None:
        env["PYTHONPATH"] = os.pathsep.join([str(guard), env.get("PYTHONPATH", "")])
    return env


def _run(argv, env, prefix=()):
    return subprocess.run(
        [*prefix, sys.executable, "-m", "gpudesk", *argv], env=env, capture_output=True, text=True, timeout=180
    )


def test_every_command_runs_with_sockets_blocked(tmp_path):
    guard = tmp_path / "guard"
    guard.mkdir()
    (guard / "sitecustomize.py").write_text(GUARD, encoding="utf-8")
    env = _env(tmp_path, guard)
    probe = subprocess.run([sys.executable, "-c", "import socket; socket.socket()"], env=env, capture_output=True)
    assert probe.returncode != 0 and (tmp_path / "net.log").read_text()  # the guard is in force
    (tmp_path / "net.log").unlink()
    for argv in _commands(tmp_path):
        r = _run(argv, env)
        assert r.returncode == 0, (argv, r.stderr[-400:])
    log = tmp_path / "net.log"
    assert not log.exists(), log.read_text()


@pytest.mark.skipif(
    not shutil.which("unshare") or subprocess.run(["unshare", "-n", "true"]).returncode != 0,
    reason="no network namespaces here (needs unshare and the right to use it)",
)
def test_every_command_runs_without_any_network_interface(tmp_path):
    probe = subprocess.run(
        [
            "unshare",
            "-n",
            sys.executable,
            "-c",
            "import socket; s = socket.socket(); s.settimeout(2); s.connect(('1.1.1.1', 53))",
        ],
        capture_output=True,
        text=True,
    )
    assert probe.returncode != 0  # truly no network in there
    env = _env(tmp_path, None)
    for argv in _commands(tmp_path):
        r = _run(argv, env, prefix=("unshare", "-n"))
        assert r.returncode == 0, (argv, r.stderr[-400:])
