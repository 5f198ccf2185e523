#!/usr/bin/env python3
"""Build gpudesk's desktop package with PyInstaller: one folder, checked, smoke-tested, zipped.

    python packaging/build.py              # dist/gpudesk/ (+ dist/gpudesk.app on macOS) and
                                           # dist/gpudesk-<version>-<platform>.zip
    python packaging/build.py --no-smoke   # skip running the frozen executable
    python packaging/build.py --clean      # drop PyInstaller's caches first

Run it with a Python that has gpudesk's dependencies (e.g. `.venv/bin/python` after
`python3 dev.py app`); PyInstaller is installed into that Python if it is missing. Needs no
display: Qt runs offscreen during the build and the smoke tests.
"""

from __future__ import annotations

import argparse
import os
import shutil
import stat
import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path

PACKAGING = Path(__file__).resolve().parent
ROOT = PACKAGING.parent
sys.path.insert(0, str(PACKAGING))
import bundle

DIST = ROOT / "dist"
WORK = ROOT / "build"
APP_DIR = DIST / bundle.APP_NAME
EXE_NAME = bundle.APP_NAME + (".exe" if sys.platform == "win32" else "")
CLI_NAME = bundle.APP_NAME + ("-cli.exe" if sys.platform == "win32" else "")
# Budget from issue 8: ~225 MB bare stack + 10 % + the CJK font.
SIZE_LIMIT = 260e6
ZIP_LIMIT = 100e6


def say(msg: str) -> None:
    print(f"[build] {msg}", flush=True)


def fail(msg: str) -> None:
    print(f"[build] FAILED: {msg}", file=sys.stderr, flush=True)
    sys.exit(1)


def ensure_pyinstaller() -> None:
    try:
        import PyInstaller  # noqa: F401
    except ImportError:
        say("installing PyInstaller into this Python")
        subprocess.run(
            [sys.executable, "-m", "pip", "install", "-q", "--disable-pip-version-check", "pyinstaller>=6.5"],
            check=True,
        )


def build_env() -> dict[str, str]:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", PYTHONNOUSERSITE="1")
    env.pop("PYTHONPATH", None)  # build from this checkout only
    return env


def make_icons() -> Path:
    """Icons from resources/icons/gpudesk.png when it exists, else the committed ones."""
    from make_icons import make_icons as derive
    from make_icons import source

    src = source()
    if src is None:
        return PACKAGING / "icons"
    out = WORK / "icons"
    derive(out, src)
    return out


def run_pyinstaller(clean: bool, icons: Path) -> None:
    for old in (APP_DIR, DIST / f"{bundle.APP_NAME}.app"):
        shutil.rmtree(old, ignore_errors=True)
    cmd = [
        sys.executable,
        "-m",
        "PyInstaller",
        "--noconfirm",
        "--log-level",
        "WARN",
        "--distpath",
        str(DIST),
        "--workpath",
        str(WORK / "pyinstaller"),
        str(PACKAGING / "gpudesk.spec"),
    ]
    if clean:
        cmd.insert(3, "--clean")
    env = build_env()
    env["GPUDESK_ICON_DIR"] = str(icons)
    r = subprocess.run(cmd, cwd=ROOT, env=env)
    if r.returncode:
        fail(f"PyInstaller exited {r.returncode}")


def internal_dir() -> Path:
    """Where PyInstaller puts the package and data (sys._MEIPASS in the frozen app)."""
    return APP_DIR / "_internal"


def tree_size(path: Path) -> int:
    """Bytes as a copy would take them: a symlinked file counts at its target's size."""
    return sum(os.path.getsize(os.path.join(d, f)) for d, _, files in os.walk(path) for f in files)


def check_contents(expected_data: list[tuple[str, str]]) -> list[str]:
    """The bundle holds every data file the app opens, Qt's zh_CN translation and no pruned Qt part."""
    problems = []
    internal = internal_dir()
    for required in bundle.REQUIRED_DATA:
        if not (internal / required).is_file():
            problems.append(f"{required} is not in the bundle (is it in the checkout?)")
    for src, dest in expected_data:
        if not (internal / dest / Path(src).name).is_file():
            problems.append(f"missing data file {dest}/{Path(src).name}")
    qt_dir = next(
        (p for p in (internal / "PySide6" / "Qt", internal / "PySide6") if (p / "translations").is_dir()), None
    )
    if qt_dir is None or not (qt_dir / "translations" / "qtbase_zh_CN.qm").is_file():
        problems.append("Qt's own qtbase_zh_CN.qm is missing")
    plugins = next(internal.rglob("plugins/platforms"), None)
    if plugins is None or not any(plugins.glob("*offscreen*")):
        problems.append("the offscreen platform plugin is missing")
    for f in internal.rglob("*"):
        rel = f.relative_to(internal).as_posix()
        if f.is_file() and not bundle.keep_entry(rel):
            problems.append(f"pruned file still present: {rel}")
    return problems


def _is_elf(path: Path) -> bool:
    try:
        with open(path, "rb") as f:
            return f.read(4) == b"\x7fELF"
    except OSError:
        return False


def check_linked_libraries() -> list[str]:
    """Linux: the loader finds every library a bundled binary links, as the user's machine will.

    `ldd` resolves through each binary's own run-paths from where it lies in dist/, so this
    catches pruning that removed a library a kept plugin links, and a bundled library that is
    not found where it was put. Libraries absent from the bundle must come from the desktop."""
    if not sys.platform.startswith("linux") or not shutil.which("ldd"):
        return []
    app = APP_DIR.resolve()
    bundled = {f.name for f in app.rglob("*") if f.is_file()}
    elves = [
        f
        for f in app.rglob("*")
        if f.is_file() and not f.is_symlink() and (".so" in f.name or f.name == bundle.APP_NAME) and _is_elf(f)
    ]
    env = {k: v for k, v in os.environ.items() if k != "LD_LIBRARY_PATH"}
    problems, absent = [], set()
    for f in elves:
        out = subprocess.run(["ldd", str(f)], capture_output=True, text=True, env=env).stdout
        for line in out.splitlines():
            name, _, where = (part.strip() for part in line.partition("=>"))
            if not where:
                continue
            rel = f.relative_to(app)
            if where.startswith("not found"):
                if name in bundled:
                    problems.append(f"{rel} cannot find the bundled {name}")
                elif name.startswith(("libQt6", "libpyside6", "libshiboken6", "libicu")):
                    problems.append(f"{rel} needs {name}, which was pruned")
                else:
                    absent.add(name)
            elif name.startswith(("libQt6", "libpyside6", "libshiboken6", "libpython")) and str(app) not in where:
                problems.append(f"{rel} loads {name} from outside the bundle ({where.split()[0]})")
    if absent:
        # system libraries a Linux desktop provides (xcb, wayland, GL...), missing on this builder
        say("note: not on this build machine, expected on the user's desktop: " + " ".join(sorted(absent)))
    say(f"ldd: {len(elves)} binaries checked")
    return problems


def executable() -> Path:
    if sys.platform == "darwin":
        return DIST / f"{bundle.APP_NAME}.app" / "Contents" / "MacOS" / bundle.APP_NAME
    return APP_DIR / EXE_NAME


def cli_executable() -> Path:
    if sys.platform == "win32":
        return APP_DIR / CLI_NAME
    return executable()


def _run_frozen(
    exe: Path, args: list[str], home: Path, timeout: int = 180
) -> tuple[subprocess.CompletedProcess, float]:
    env = build_env()
    env["GPUDESK_HOME"] = str(home)  # the builder's own data stays untouched
    t = time.perf_counter()
    r = subprocess.run(
        [str(exe), *args], capture_output=True, text=True, env=env, timeout=timeout, cwd=tempfile.gettempdir()
    )
    return r, time.perf_counter() - t


def smoke_test() -> dict[str, float]:
    """Run the frozen app: version, selftest (window offscreen) and the CLI; nothing may be
    written into the bundle."""
    exe, cli = executable(), cli_executable()
    before = sorted(p.relative_to(DIST).as_posix() for p in DIST.rglob("*"))
    timings = {}
    with tempfile.TemporaryDirectory(prefix="gpudesk-smoke-") as home:
        home = Path(home)
        plan, pdf = str(home / "smoke.gpudesk"), str(home / "smoke.pdf")
        checks = [
            ("version", cli, ["--version"]),
            ("selftest", exe, ["--selftest"]),
            ("estimate", cli, ["estimate", "--params", "7e9", "--task", "full", "--json"]),
            ("catalog", cli, ["catalog", "gpus", "--json"]),
            # plan -> checklist (data/checklist) -> PDF (fonts, QPdfWriter) from the bundle
            ("plan", cli, ["plan", "new", "--params", "7e9", "--task", "full", "-o", plan]),
            ("checklist", cli, ["checklist", plan, "--json"]),
            ("report", cli, ["report", plan, "-o", pdf, "--lang", "zh_CN"]),
        ]
        for label, program, args in checks:
            needs = "app" if label == "selftest" else label
            source = ROOT / "gpudesk" / ("ui" if needs == "app" else "cli") / f"{needs}.py"
            if label != "version" and not source.exists():
                say(f"skip {label}: {source.relative_to(ROOT)} not in this checkout")
                continue
            if label in ("checklist", "report") and not Path(plan).exists():
                say(f"skip {label}: no plan file was made")
                continue
            r, seconds = _run_frozen(program, args, home)
            timings[label] = seconds
            out = (r.stdout + r.stderr).strip()
            if r.returncode != 0:
                fail(f"frozen `{bundle.APP_NAME} {' '.join(args)}` exited {r.returncode}: {out[-600:]}")
            if "--json" in args and not r.stdout.lstrip().startswith(("{", "[")):
                fail(f"frozen `{' '.join(args)}` printed no JSON: {out[-300:]}")
            if label == "report" and not (Path(pdf).exists() and Path(pdf).read_bytes()[:5] == b"%PDF-"):
                fail("frozen `report` wrote no PDF")
            lines = (r.stdout.strip() or r.stderr.strip()).splitlines()
            last = lines[-1][:100] if lines else ""
            say(
                f"frozen {label}: ok in {seconds:.2f} s"
                + (f" ({last})" if last and not last.startswith(("{", "[", "}", "]")) else "")
            )
    after = sorted(p.relative_to(DIST).as_posix() for p in DIST.rglob("*"))
    if after != before:
        fail(f"running the app wrote into the bundle: {sorted(set(after) - set(before))[:5]}")
    return timings


def trace_files() -> None:
    """Linux with strace: watch the frozen selftest (in Chinese) open the bundled catalogue, font
    and Qt's zh_CN translation from inside the bundle, and open nothing there for writing."""
    if not sys.platform.startswith("linux") or not shutil.which("strace"):
        return
    internal = internal_dir().resolve()
    with tempfile.TemporaryDirectory(prefix="gpudesk-trace-") as tmp:
        log = Path(tmp) / "trace.txt"
        env = build_env()
        env["GPUDESK_HOME"] = str(Path(tmp) / "home")
        r = subprocess.run(
            [
                "strace",
                "-f",
                "-qq",
                "-e",
                "trace=openat,open,creat",
                "-o",
                str(log),
                str(executable()),
                "--selftest",
                "--lang",
                "zh_CN",
            ],
            capture_output=True,
            text=True,
            env=env,
            timeout=300,
            cwd=tmp,
        )
        if not log.exists() or not log.read_text().strip():
            say(f"skip file trace: strace did not run here ({r.stderr.strip()[-100:]})")
            return
        lines = [line for line in log.read_text(errors="replace").splitlines() if "ENOENT" not in line]
    if r.returncode != 0:
        fail(f"frozen selftest --lang zh_CN exited {r.returncode}: {(r.stdout + r.stderr).strip()[-300:]}")
    opened = {line.split('"')[1] for line in lines if line.count('"') >= 2}
    wanted = [internal / "resources" / "catalog.sqlite", internal / "resources" / "fonts" / "WenQuanYiMicroHei.ttf"]
    wanted += [f for f in internal.rglob("qtbase_zh_CN.qm")][:1]
    wanted += [f for f in (internal / "resources" / "translations").glob("gpudesk_zh_CN.qm")]
    missing = [str(w.relative_to(APP_DIR)) for w in wanted if str(w) not in opened]
    if missing:
        fail("the frozen app did not open these bundled files: " + ", ".join(missing))
    written = [
        line
        for line in lines
        if str(APP_DIR.resolve()) in line and any(flag in line for flag in ("O_WRONLY", "O_RDWR", "O_CREAT", "creat("))
    ]
    if written:
        fail("the frozen app opened files in the bundle for writing: " + written[0][:200])
    say(f"file trace: selftest (zh_CN) read {', '.join(w.name for w in wanted)} from the bundle, wrote nothing there")


def _zip_tree(zf: zipfile.ZipFile, base: Path, top: Path) -> None:
    """Add `top` under its own name, keeping executable bits and symlinks (unzip restores both)."""
    for path in sorted([top, *top.rglob("*")]):
        arc = path.relative_to(base).as_posix()
        st = path.lstat()
        if path.is_symlink():
            info = zipfile.ZipInfo(arc)
            info.create_system = 3
            info.external_attr = (stat.S_IFLNK | 0o777) << 16
            zf.writestr(info, os.readlink(path))
        elif path.is_dir():
            info = zipfile.ZipInfo(arc + "/")
            info.create_system = 3
            info.external_attr = (stat.S_IFDIR | 0o755) << 16 | 0x10
            zf.writestr(info, b"")
        else:
            info = zipfile.ZipInfo.from_file(path, arc)
            info.external_attr = (stat.S_IFREG | (0o755 if st.st_mode & 0o111 else 0o644)) << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            with open(path, "rb") as src, zf.open(info, "w") as dst:
                shutil.copyfileobj(src, dst, 1 << 20)


def make_zip() -> Path:
    target = DIST / f"{bundle.APP_NAME}-{bundle.version()}-{bundle.platform_tag()}.zip"
    target.unlink(missing_ok=True)
    top = DIST / f"{bundle.APP_NAME}.app" if sys.platform == "darwin" else APP_DIR
    if sys.platform == "darwin" and shutil.which("ditto"):
        # ditto keeps the bundle's symlinks, extended attributes and signature intact
        subprocess.run(["ditto", "-c", "-k", "--sequesterRsrc", "--keepParent", str(top), str(target)], check=True)
        return target
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as zf:
        _zip_tree(zf, DIST, top)
    return target


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--no-smoke", action="store_true", help="do not run the frozen executable")
    ap.add_argument("--no-zip", action="store_true", help="do not write the zip")
    ap.add_argument("--clean", action="store_true", help="clear PyInstaller's caches first")
    opts = ap.parse_args(argv)
    if sys.version_info < (3, 11):
        fail(f"needs Python 3.11 or newer; this is {sys.version.split()[0]}")
    os.environ["QT_QPA_PLATFORM"] = "offscreen"
    t0 = time.perf_counter()
    ensure_pyinstaller()
    icons = make_icons()
    say(f"building gpudesk {bundle.version()} for {bundle.platform_tag()} with {sys.executable}")
    expected_data = bundle.data_files(ROOT)  # what the spec is about to bundle
    run_pyinstaller(opts.clean, icons)
    build_s = time.perf_counter() - t0
    problems = check_contents(expected_data) + check_linked_libraries()
    if problems:
        fail("; ".join(problems[:10]))
    size = tree_size(APP_DIR) + (tree_size(DIST / "gpudesk.app") if sys.platform == "darwin" else 0)
    say(f"built {APP_DIR.relative_to(ROOT)} in {build_s:.0f} s: {size / 1e6:.1f} MB unpacked")
    if sys.platform.startswith("linux") and size > SIZE_LIMIT:
        fail(f"{size / 1e6:.0f} MB is over the {SIZE_LIMIT / 1e6:.0f} MB budget")
    timings = {}
    if not opts.no_smoke:
        timings = smoke_test()
        trace_files()
    if not opts.no_zip:
        z = make_zip()
        zsize = z.stat().st_size
        say(f"zip: {z.relative_to(ROOT)} {zsize / 1e6:.1f} MB")
        if zsize > ZIP_LIMIT:
            fail(f"zip {zsize / 1e6:.0f} MB is over the {ZIP_LIMIT / 1e6:.0f} MB budget")
    summary = f"done in {time.perf_counter() - t0:.0f} s; {size / 1e6:.1f} MB unpacked"
    if timings:
        summary += "; " + ", ".join(f"{k} {v:.2f} s" for k, v in timings.items())
    say(summary)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
