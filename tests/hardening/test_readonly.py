"""Read-only or impossible folders: commands that only read need no data folder; writers say so in one
line and leave nothing half-written."""

import os
import subprocess

import pytest

from .helpers import cli, refused

SHEET = (
    "id,provider,gpu,gpus_per_node,price_per_gpu_hour,price_kind,price_date,billing\n"
    "mine,autodl,rtx-4090,1,2.5,quoted,2026-10-01,hourly\n"
)


def test_a_home_that_cannot_be_created(capsys, monkeypatch, tmp_path):
    blocker = tmp_path / "afile"
    blocker.write_text("x")  # a file where the folder's parent should be: fails even as root
    monkeypatch.setenv("GPUDESK_HOME", str(blocker / "home"))
    rc, out, err = cli(capsys, "estimate", "--model", "gpt2", "--json")
    assert rc == 0 and out and "Traceback" not in err
    rc, out, err = cli(capsys, "recommend", "--model", "gpt2")
    assert rc == 0, err
    sheet = tmp_path / "s.csv"
    sheet.write_text(SHEET)
    err = refused(capsys, "catalog", "import", sheet)
    assert "cannot create" in err and str(blocker) in err


@pytest.fixture
def read_only(tmp_path):
    """A folder on a read-only filesystem (a tmpfs remounted read-only: needs root)."""
    folder = tmp_path / "ro"
    folder.mkdir()
    if (
        os.geteuid() != 0
        or subprocess.run(
            ["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", str(folder)], capture_output=True
        ).returncode
    ):
        pytest.skip("needs root to mount a read-only filesystem")
    yield folder
    subprocess.run(["umount", "-l", str(folder)], check=False)


def _remount_ro(folder):
    subprocess.run(["mount", "-o", "remount,ro", str(folder)], check=True)


def test_a_read_only_home(capsys, monkeypatch, read_only, tmp_path):
    home = read_only / "home"
    monkeypatch.setenv("GPUDESK_HOME", str(home))
    sheet = tmp_path / "s.csv"
    sheet.write_text(SHEET)
    assert cli(capsys, "catalog", "import", sheet)[0] == 0
    before = (home / "user.sqlite").read_bytes()
    from gpudesk.catalog import open_catalog

    open_catalog().close()  # an open database keeps the mount busy
    _remount_ro(read_only)
    sheet.write_text(SHEET.replace("mine,", "other,"))
    err = refused(capsys, "catalog", "import", sheet)
    assert "read" in err.lower() and "nothing was changed" in err
    assert (home / "user.sqlite").read_bytes() == before
    rc, out, err = cli(capsys, "catalog", "offers", "--json")  # reading still works
    assert rc == 0 and '"mine"' in out


def test_exports_into_a_read_only_folder(capsys, read_only, tmp_path):
    plan = tmp_path / "p.gpudesk"
    assert cli(capsys, "plan", "new", "--model", "gpt2", "-o", plan)[0] == 0
    _remount_ro(read_only)
    for args in (
        ["report", plan, "-o", read_only / "p.pdf"],
        ["checklist", plan, "--export", read_only / "c.xlsx"],
        ["catalog", "export", read_only / "o.csv"],
        ["kit", plan, "-o", read_only / "kit"],
        ["plan", "new", "--model", "gpt2", "-o", read_only / "n.gpudesk"],
    ):
        err = refused(capsys, *args)
        assert "Read-only" in err or "read-only" in err, err
    assert list(read_only.iterdir()) == []
