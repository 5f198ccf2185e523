"""Fast checks of the desktop build's definition (packaging/bundle.py, the spec, the icons).

No PyInstaller build here: `python packaging/build.py` and `.ci/package` do that.
"""

from __future__ import annotations

import ast
import plistlib
import re
import struct
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "packaging"))

import bundle  # noqa: E402
import make_icons  # noqa: E402

from gpudesk import paths  # noqa: E402

PATH_NAMES = ("RESOURCES", "DATA", "BUNDLED_CATALOG", "FONTS", "TRANSLATIONS", "ICONS")


def _sources():
    return sorted((ROOT / "gpudesk").rglob("*.py"))


def _bundled() -> set[str]:
    """Bundle-relative paths of the data files, as `gpudesk.paths` sees them in the frozen app."""
    return {f"{dest}/{Path(src).name}".replace("\\", "/") for src, dest in bundle.data_files(ROOT)}


def test_bundled_folders_sit_where_gpudesk_paths_looks():
    # frozen: gpudesk/ lives in _internal/, so ROOT is _internal/ and these must be its children
    assert paths.RESOURCES.relative_to(paths.ROOT).as_posix() == "resources"
    assert paths.DATA.relative_to(paths.ROOT).as_posix() == "data"
    assert set(bundle.DATA_DIRS) == {"resources", "data"}


def test_every_runtime_file_under_resources_and_data_is_bundled():
    bundled = _bundled()
    for top in bundle.DATA_DIRS:
        for f in (ROOT / top).rglob("*"):
            rel = f.relative_to(ROOT)
            if f.is_file() and not bundle._skipped(rel):
                assert rel.as_posix() in bundled, rel
    for required in bundle.REQUIRED_DATA:  # catalogue, font and the font's licence
        assert required in bundled, required


def test_sources_are_left_out_but_compiled_translations_go_in(tmp_path):
    (tmp_path / "resources" / "translations").mkdir(parents=True)
    for name in ("gpudesk_zh_CN.ts", "gpudesk_zh_CN.qm"):
        (tmp_path / "resources" / "translations" / name).write_bytes(b"x")
    (tmp_path / "data" / "checklist" / "__pycache__").mkdir(parents=True)
    (tmp_path / "data" / "checklist" / "1.toml").write_text("x")
    (tmp_path / "data" / "checklist" / "__pycache__" / "x.pyc").write_bytes(b"x")
    (tmp_path / "resources" / "catalog.sqlite-wal").write_bytes(b"x")
    (tmp_path / "resources" / "translations" / "update.py").write_text("x")  # dev tools stay home
    (tmp_path / "resources" / "translations" / "zh_CN.json").write_text("{}")
    (tmp_path / "data" / "models").mkdir()
    (tmp_path / "data" / "models" / "llama.json").write_text("{}")  # data JSON is data
    got = {f"{d}/{Path(s).name}" for s, d in bundle.data_files(tmp_path)}
    assert got == {"resources/translations/gpudesk_zh_CN.qm", "data/checklist/1.toml", "data/models/llama.json"}


def test_each_translation_source_has_a_compiled_qm_to_ship():
    tdir = ROOT / "resources" / "translations"
    for ts in tdir.glob("*.ts"):
        assert ts.with_suffix(".qm").exists(), f"{ts.name} has no compiled .qm: the build would ship no translation"


def test_files_the_code_names_through_gpudesk_paths_are_bundled():
    """`paths.FONTS / "x.ttf"` style references in the package resolve to bundled files."""
    bundled = _bundled()
    pattern = re.compile(r"paths\.(" + "|".join(PATH_NAMES) + r")((?:\s*/\s*\"[^\"]+\")*)")
    seen = 0
    for src in _sources():
        for m in pattern.finditer(src.read_text(encoding="utf-8")):
            base = getattr(paths, m.group(1))
            for part in re.findall(r"\"([^\"]+)\"", m.group(2)):
                base = base / part
            rel = base.relative_to(paths.ROOT).as_posix()
            if "*" in rel or "{" in rel:
                continue
            seen += 1
            target = ROOT / rel
            if target.is_dir() or not target.suffix:
                continue  # folders: every file in them is checked by the test above
            if not target.exists():
                continue  # not made yet: its owner's tests say so; here only what exists can be left out
            assert rel in bundled, f"{src.relative_to(ROOT)} opens {rel}, which the build leaves out"
    assert seen >= 2  # the catalogue and the font at least


def _imports(tree: ast.AST):
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            yield node.module
            for alias in node.names:  # `from PySide6 import QtNetwork`
                yield f"{node.module}.{alias.name}"
        elif isinstance(node, ast.Call) and getattr(node.func, "attr", getattr(node.func, "id", "")) == "import_module":
            if node.args and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str):
                yield node.args[0].value


def _excluded(module: str) -> str | None:
    for ex in bundle.EXCLUDED_MODULES:
        if module == ex or module.startswith(ex + "."):
            return ex
    return None


def test_excludes_do_not_cover_anything_gpudesk_imports():
    imported = set()
    for src in _sources():
        imported |= set(_imports(ast.parse(src.read_text(encoding="utf-8"))))
    assert "gpudesk" in {m.split(".")[0] for m in imported}
    for module in sorted(imported):
        assert _excluded(module) is None, f"gpudesk imports {module}, which the build excludes ({_excluded(module)})"
        m = re.match(r"PySide6\.(Qt\w+)$", module)
        if m:  # and the Qt library behind the binding survives the pruning
            lib = m.group(1).replace("Qt", "Qt6", 1)
            assert bundle.keep_entry(f"PySide6/Qt/lib/lib{lib}.so.6"), module
            assert bundle.keep_entry(f"PySide6/{lib}.dll"), module
            assert bundle.keep_entry(f"PySide6/Qt/lib/{m.group(1)}.framework/Versions/A/{m.group(1)}"), module


def test_qt_modules_the_app_needs_are_kept():
    for name in (
        "Core",
        "Gui",
        "Widgets",
        "Svg",
        "PrintSupport",
        "OpenGL",
        "OpenGLWidgets",
        "DBus",
        "XcbQpa",
        "WaylandClient",
    ):
        assert bundle.keep_entry(f"PySide6/Qt/lib/libQt6{name}.so.6"), name
    for name in (
        "Qml",
        "QmlModels",
        "Quick",
        "QuickControls2",
        "Network",
        "Sql",
        "Test",
        "Designer",
        "Help",
        "UiTools",
        "WebEngineCore",
        "Multimedia",
        "Pdf",
        "3DCore",
        "VirtualKeyboard",
    ):
        assert not bundle.keep_entry(f"PySide6/Qt/lib/libQt6{name}.so.6"), name
        assert not bundle.keep_entry(f"PySide6/Qt6{name}.dll"), name
        assert not bundle.keep_entry(f"PySide6/Qt/lib/Qt{name}.framework/Versions/A/Qt{name}"), name
    for name in ("QtNetwork", "QtQml", "QtQuick", "QtTest", "QtSql", "QtDBus"):
        assert not bundle.keep_entry(f"PySide6/{name}.abi3.so"), name
    for name in ("QtCore", "QtGui", "QtWidgets", "QtSvg", "QtPrintSupport", "QtOpenGL", "QtOpenGLWidgets"):
        assert bundle.keep_entry(f"PySide6/{name}.abi3.so"), name


@pytest.mark.parametrize(
    "dest, kept",
    [
        ("PySide6/Qt/plugins/platforms/libqoffscreen.so", True),
        ("PySide6/Qt/plugins/platforms/libqxcb.so", True),
        ("PySide6/Qt/plugins/platforms/libqwayland.so", True),
        ("PySide6/Qt/plugins/platforms/libqcocoa.dylib", True),
        ("PySide6/plugins/platforms/qwindows.dll", True),
        ("PySide6/Qt/plugins/platforms/libqvnc.so", False),  # links QtNetwork
        ("PySide6/Qt/plugins/platforms/libqeglfs.so", False),
        ("PySide6/Qt/plugins/imageformats/libqsvg.so", True),
        ("PySide6/Qt/plugins/imageformats/libqjpeg.so", True),
        ("PySide6/Qt/plugins/imageformats/libqtiff.so", False),
        ("PySide6/Qt/plugins/iconengines/libqsvgicon.so", True),
        ("PySide6/Qt/plugins/printsupport/libcupsprintersupport.so", True),
        ("PySide6/Qt/plugins/platforminputcontexts/libibusplatforminputcontextplugin.so", True),
        ("PySide6/Qt/plugins/platforminputcontexts/libqtvirtualkeyboardplugin.so", False),
        ("PySide6/Qt/plugins/platformthemes/libqxdgdesktopportal.so", True),
        ("PySide6/Qt/plugins/platformthemes/libqgtk3.so", False),
        ("PySide6/Qt/plugins/styles/libqmodernwindowsstyle.so", True),
        ("PySide6/Qt/plugins/xcbglintegrations/libqxcb-glx-integration.so", True),
        ("PySide6/Qt/plugins/qmltooling/libqmldbg_tcp.so", False),
        ("PySide6/Qt/plugins/sqldrivers/libqsqlite.so", False),
        ("PySide6/Qt/plugins/tls/libqopensslbackend.so", False),
        ("PySide6/Qt/plugins/networkinformation/libqglib.so", False),
        ("PySide6/Qt/plugins/wayland-graphics-integration-server/libqt-wayland-compositor-wayland-egl.so", False),
        ("PySide6/Qt/translations/qtbase_zh_CN.qm", True),  # Qt's own dialogs in Chinese
        ("PySide6/Qt/translations/qt_zh_CN.qm", True),
        ("PySide6/Qt/translations/qtbase_de.qm", False),
        ("PySide6/Qt/translations/qtdeclarative_zh_CN.qm", False),
        ("resources/translations/gpudesk_zh_CN.qm", True),
        ("numpy.libs/libscipy_openblas64_-32a4b2a6.so", True),
    ],
)
def test_keep_entry(dest, kept):
    assert bundle.keep_entry(dest) is kept


def test_prune_orphans_drops_only_what_pruned_plugins_alone_needed():
    graph = {  # ldd-style: transitive imports
        "/s/QtGui.abi3.so": ["libQt6Gui.so.6", "libfreetype.so.6"],
        "/s/libQt6Gui.so.6": ["libfreetype.so.6"],
        "/s/libqgtk3.so": ["libgtk-3.so.0", "libcairo.so.2", "libQt6Gui.so.6", "libfreetype.so.6"],
        "/s/libcairo.so.2": ["libpixman-1.so.0"],
    }

    def entry(dest):
        return (dest, "/s/" + Path(dest).name, "BINARY")

    kept = [
        ("PySide6/QtGui.abi3.so", "/s/QtGui.abi3.so", "EXTENSION"),
        entry("PySide6/Qt/lib/libQt6Gui.so.6"),
        ("libQt6Gui.so.6", "PySide6/Qt/lib/libQt6Gui.so.6", "SYMLINK"),
        entry("libfreetype.so.6"),
        entry("libcairo.so.2"),
        entry("libpixman-1.so.0"),
        entry("libctypes-only.so"),
    ]
    dropped = [entry("PySide6/Qt/plugins/platformthemes/libqgtk3.so")]
    graph["/s/libqgtk3.so"].append("libpixman-1.so.0")
    out = bundle.prune_orphans(kept, dropped, lambda src: graph.get(src, []))
    names = {d for d, _, _ in out}
    assert "libcairo.so.2" not in names and "libpixman-1.so.0" not in names
    assert {"libfreetype.so.6", "PySide6/Qt/lib/libQt6Gui.so.6", "libQt6Gui.so.6", "libctypes-only.so"} <= names


def test_package_modules_lists_every_module_including_lazily_imported_cli_commands():
    import pkgutil

    import gpudesk

    found = {"gpudesk"} | {m.name for m in pkgutil.walk_packages(gpudesk.__path__, "gpudesk.")}
    listed = set(bundle.package_modules(ROOT))
    assert found <= listed
    from gpudesk.cli import SUBCOMMANDS

    for name in SUBCOMMANDS:
        if (ROOT / "gpudesk" / "cli" / f"{name}.py").exists():
            assert f"gpudesk.cli.{name}" in listed


def test_version_matches_the_package():
    import gpudesk

    assert bundle.version() == gpudesk.__version__
    assert bundle.version_tuple("1.2") == (1, 2, 0, 0)
    assert bundle.version_tuple("0.1.0rc2") == (0, 1, 0, 2)


def test_windows_version_resource_parses():
    """The file is a Python expression PyInstaller evaluates with its versioninfo classes
    (which need pefile, a Windows-only dependency): evaluate it with stand-ins."""

    def record(kind):
        return lambda *args, **kw: (kind, args, kw)

    names = (
        "VSVersionInfo",
        "FixedFileInfo",
        "StringFileInfo",
        "StringTable",
        "StringStruct",
        "VarFileInfo",
        "VarStruct",
    )
    text = bundle.windows_version_info("1.2.3")
    kind, _, info = eval(text, {n: record(n) for n in names})
    assert kind == "VSVersionInfo"
    ffi = info["ffi"][2]
    assert ffi["filevers"] == ffi["prodvers"] == (1, 2, 3, 0)
    tables = info["kids"][0][1][0]
    langs = {t[1][0] for t in tables}
    assert langs == {"040904B0", "080404B0"}  # US English and Simplified Chinese
    strings = {s[1][0]: s[1][1] for s in tables[0][1][1]}
    assert strings["ProductVersion"] == "1.2.3" and strings["OriginalFilename"] == "gpudesk.exe"
    assert strings["FileVersion"] == "1.2.3.0"


def test_macos_info_plist():
    plist = bundle.info_plist("1.2.3")
    assert plist["CFBundleIdentifier"] == bundle.BUNDLE_ID == "cn.gpudesk.gpudesk"
    assert plist["CFBundleShortVersionString"] == "1.2.3"
    assert plist["NSHighResolutionCapable"] is True
    assert {"zh_CN", "en"} <= set(plist["CFBundleLocalizations"])
    plistlib.dumps(plist)  # serialisable as PyInstaller will write it


def test_spec_uses_the_shared_definitions():
    spec = (ROOT / "packaging" / "gpudesk.spec").read_text(encoding="utf-8")
    ast.parse(spec)
    for needle in (
        "bundle.data_files",
        "bundle.EXCLUDED_MODULES",
        "bundle.keep_entry",
        "bundle.package_modules",
        "strip=False",
        "upx=False",
        "bundle.info_plist",
        "bundle.windows_version_info",
    ):
        assert needle in spec, needle
    assert "onefile" not in spec.lower() or "one-folder" in spec


def _png(size: int) -> bytes:
    return b"\x89PNG\r\n\x1a\n" + struct.pack(">I", size) + b"fake"


def test_ico_container_layout():
    pngs = {16: _png(16), 32: _png(32), 256: _png(256)}
    data = make_icons.ico_bytes(pngs)
    reserved, kind, count = struct.unpack_from("<HHH", data)
    assert (reserved, kind, count) == (0, 1, 3)
    for i, size in enumerate((16, 32, 256)):
        w, h, _, _, planes, bpp, length, offset = struct.unpack_from("<BBBBHHII", data, 6 + 16 * i)
        assert (w, h) == ((0, 0) if size == 256 else (size, size)) and (planes, bpp) == (1, 32)
        assert data[offset : offset + length] == pngs[size]


def test_icns_container_layout():
    pngs = {16: _png(16), 512: _png(512), 1024: _png(1024)}
    data = make_icons.icns_bytes(pngs)
    assert data[:4] == b"icns" and struct.unpack_from(">I", data, 4)[0] == len(data)
    pos, seen = 8, {}
    while pos < len(data):
        kind, length = data[pos : pos + 4], struct.unpack_from(">I", data, pos + 4)[0]
        seen[kind] = data[pos + 8 : pos + length]
        pos += length
    assert seen[b"icp4"] == pngs[16] and seen[b"ic09"] == pngs[512] and seen[b"ic10"] == pngs[1024]
    assert seen[b"ic14"] == pngs[512]  # 256@2x
    assert b"ic07" not in seen  # no 128 px image given


def test_committed_icons_exist():
    for name in ("gpudesk.png", "gpudesk.ico", "gpudesk.icns"):
        assert (ROOT / "packaging" / "icons" / name).stat().st_size > 1000, name


def test_zip_keeps_executable_bits_and_links(tmp_path):
    import importlib.util
    import os
    import stat
    import zipfile

    spec = importlib.util.spec_from_file_location("gpudesk_packaging_build", ROOT / "packaging" / "build.py")
    build = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build)
    top = tmp_path / "dist" / "gpudesk"
    (top / "_internal").mkdir(parents=True)
    exe = top / "gpudesk"
    exe.write_bytes(b"\x7fELF")
    exe.chmod(0o755)
    (top / "_internal" / "data.txt").write_text("x")
    os.symlink("data.txt", top / "_internal" / "link.txt")
    target = tmp_path / "out.zip"
    with zipfile.ZipFile(target, "w") as zf:
        build._zip_tree(zf, tmp_path / "dist", top)
    with zipfile.ZipFile(target) as zf:
        info = {i.filename: i for i in zf.infolist()}
        assert stat.S_IMODE(info["gpudesk/gpudesk"].external_attr >> 16) == 0o755
        assert stat.S_IMODE(info["gpudesk/_internal/data.txt"].external_attr >> 16) == 0o644
        link = info["gpudesk/_internal/link.txt"]
        assert stat.S_ISLNK(link.external_attr >> 16) and zf.read(link) == b"data.txt"
    # a copy (or the acceptance's os.walk + getsize) counts a linked file at its target's size
    assert build.tree_size(top) == 4 + 1 + 1
