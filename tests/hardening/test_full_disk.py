"""A full disk never destroys an existing file and never reports success: every writer checks, says so,
and removes its temporary files. On a real tiny filesystem (tmpfs, when the tests run as root) and with
ENOSPC simulated everywhere else."""

import errno
import os
import shutil
import subprocess

import pytest

from gpudesk.core.plan import load_plan

from .helpers import cli

ROOT = os.geteuid() == 0 if hasattr(os, "geteuid") else False


def _mount_tmpfs(folder, size="512k") -> bool:
    folder.mkdir(parents=True, exist_ok=True)
    if not ROOT or shutil.which("mount") is None:
        return False
    r = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(folder)], capture_output=True)
    return r.returncode == 0


@pytest.fixture
def full_disk(tmp_path):
    """A folder on a 512 KB filesystem; `fill()` leaves `free` bytes."""
    disk = tmp_path / "disk"
    if not _mount_tmpfs(disk):
        pytest.skip("needs root to mount a tmpfs (the ENOSPC simulation below runs everywhere)")

    class Disk:
        path = disk

        @staticmethod
        def fill(free=4096):
            st = os.statvfs(disk)
            room = st.f_bavail * st.f_frsize - free
            if room > 0:
                with open(disk / "filler", "ab") as fh:
                    fh.write(b"\0" * room)

        @staticmethod
        def leftovers():
            return sorted(p.name for p in disk.iterdir() if p.name not in KEEP)

    KEEP = set()
    Disk.keep = KEEP
    yield Disk
    subprocess.run(["umount", "-l", str(disk)], check=False)


def _plan(capsys, path):
    rc, _o, err = cli(capsys, "plan", "new", "--model", "gpt2", "--tokens", "1e9", "-o", path)
    assert rc == 0, err


def _files(disk):
    return {p.name: p.read_bytes() for p in disk.path.iterdir() if p.name != "filler"}


@pytest.mark.parametrize(
    "writer",
    ["plan new -o EXISTING", "checklist --set", "report", "checklist --export", "catalog export", "kit", "quote add"],
)
def test_writers_on_a_full_disk(capsys, full_disk, tmp_path, writer):
    plan = full_disk.path / "p.gpudesk"
    _plan(capsys, plan)
    _plan(capsys, plan)  # and its .bak
    rc = cli(capsys, "report", plan, "-o", full_disk.path / "p.pdf")[0]
    assert rc == 0
    cli(capsys, "checklist", plan, "--export", full_disk.path / "c.xlsx")
    before = _files(full_disk)
    full_disk.fill(free=2048)
    args = {
        "plan new -o EXISTING": [
            "plan",
            "new",
            "--model",
            "gpt2",
            "--tokens",
            "1e9",
            "--notes",
            "n" * 90_000,
            "-o",
            plan,
        ],
        "checklist --set": ["checklist", plan, "--set", "driver-branch=pass", "--note", "x" * 2000],
        "report": ["report", plan, "-o", full_disk.path / "p.pdf"],
        "checklist --export": ["checklist", plan, "--export", full_disk.path / "c.xlsx"],
        "catalog export": ["catalog", "export", full_disk.path / "c.csv"],
        "kit": ["kit", plan, "-o", full_disk.path / "kit"],
        "quote add": [
            "quote",
            "add",
            plan,
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
            "--contact",
            "c" * 100,
        ],
    }[writer]
    rc, out, err = cli(capsys, *args)
    assert rc == 2, (out[-200:], err[-300:])
    assert "Traceback" not in err and ("space" in err.lower() or "full" in err.lower()), err
    assert _files(full_disk) == before  # every file as it was, no temporary file left
    assert load_plan(plan)


def test_catalog_import_on_a_full_disk_changes_nothing(capsys, full_disk, monkeypatch, tmp_path):
    home = full_disk.path / "home"
    monkeypatch.setenv("GPUDESK_HOME", str(home))
    sheet = tmp_path / "s.csv"
    sheet.write_text(
        "id,provider,gpu,gpus_per_node,price_per_gpu_hour,price_kind,price_date,billing,notes\n"
        "first,autodl,rtx-4090,1,2.5,quoted,2026-10-01,hourly,\n",
        encoding="utf-8",
    )
    assert cli(capsys, "catalog", "import", sheet)[0] == 0
    rows = "".join(f"o{i},autodl,rtx-4090,1,2.5,quoted,2026-10-01,hourly,{'n' * 500}\n" for i in range(2000))
    sheet.write_text("id,provider,gpu,gpus_per_node,price_per_gpu_hour,price_kind,price_date,billing,notes\n" + rows)
    full_disk.fill(free=8192)
    rc, _o, err = cli(capsys, "catalog", "import", sheet)
    assert rc == 2 and "Traceback" not in err and "nothing was changed" in err, err
    rc, out, err = cli(capsys, "catalog", "offers", "--json")
    assert rc == 0 and '"first"' in out and '"o1"' not in out and "damaged" not in err


# --- ENOSPC simulated: runs on every machine ------------------------------------------------------


def test_simulated_enospc_in_the_atomic_writer(capsys, tmp_path, monkeypatch):
    plan = tmp_path / "p.gpudesk"
    _plan(capsys, plan)
    before = plan.read_bytes()
    real = os.fsync

    def full(fd):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "fsync", full)
    rc, _o, err = cli(capsys, "checklist", plan, "--set", "driver-branch=pass")
    monkeypatch.setattr(os, "fsync", real)
    assert rc == 2 and "No space left" in err and "unchanged" in err, err
    assert plan.read_bytes() == before
    assert not [p for p in tmp_path.iterdir() if p.name.endswith((".tmp", ".lock"))]


def test_simulated_short_pdf_is_refused(capsys, tmp_path, monkeypatch):
    """QPdfWriter says nothing when its writes fail: a cut-short file must not replace the old PDF."""
    from gpudesk.report import pdf

    plan = tmp_path / "p.gpudesk"
    _plan(capsys, plan)
    out = tmp_path / "p.pdf"
    assert cli(capsys, "report", plan, "-o", out)[0] == 0
    before = out.read_bytes()
    real = pdf._check_complete

    def cut_short(tmp, target):
        with open(tmp, "r+b") as fh:
            fh.truncate(20_480)  # what a full disk left in the field report
        real(tmp, target)

    monkeypatch.setattr(pdf, "_check_complete", cut_short)
    rc, out_text, err = cli(capsys, "report", plan, "-o", out)
    assert rc == 2 and "cut short" in err and "wrote" not in out_text, err
    assert out.read_bytes() == before
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]
