"""What goes into the desktop build: data files, excluded modules, Qt pieces pruned after analysis.

Plain Python with no PyInstaller import, so the spec, build.py and the fast tests in
tests/packaging/ share one definition.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

PACKAGING = Path(__file__).resolve().parent
ROOT = PACKAGING.parent

APP_NAME = "gpudesk"
DISPLAY_NAME = "gpudesk"
BUNDLE_ID = "cn.gpudesk.gpudesk"
COMPANY = "gpudesk project"
DESCRIPTION = "Offline planning assistant for renting GPU servers for AI training"
COPYRIGHT = "Copyright (c) gpudesk contributors"
# Plan files the app opens (registered with the OS on macOS; Windows/Linux open them via the app).
PLAN_EXTENSION = "gpudesk"

# Bundled folders beside the `gpudesk` package: gpudesk.paths resolves ROOT as the package's
# parent, which in a one-folder build is sys._MEIPASS (`_internal/`).
DATA_DIRS = ("resources", "data")
# The app cannot start without these (the font's licence must travel with the font).
REQUIRED_DATA = (
    "resources/catalog.sqlite",
    "resources/fonts/WenQuanYiMicroHei.ttf",
    "resources/fonts/LICENSE-WenQuanYiMicroHei.txt",
    "resources/kit/run.sh",
    "resources/kit/gpudesk_probe/judge.py",
)
# The acceptance kit's probe is Python the app copies onto the servers (and loads its verdict
# rules from): its .py files are data, not sources.
DATA_KEEP_PREFIXES = ("resources/kit/",)
# Sources, dev scripts (icons, translations), the translations' JSON source and editor
# leftovers: the running app never opens them.
DATA_SKIP_SUFFIXES = (".ts", ".py", ".pyc", ".pyo", ".orig", ".rej", ".swp", ".tmp", ".bak")
DATA_SKIP_NAMES = ("__pycache__", ".DS_Store", "Thumbs.db", ".gitkeep", ".gitignore")
DATA_SKIP_GLOBS = ("*.sqlite-wal", "*.sqlite-shm", "*.sqlite-journal", "resources/translations/*.json")


def version() -> str:
    """gpudesk.__version__, read without importing the package (the build may run from a clone)."""
    text = (ROOT / "gpudesk" / "_version.py").read_text(encoding="utf-8")
    m = re.search(r'^__version__\s*=\s*["\']([^"\']+)["\']', text, re.MULTILINE)
    if not m:
        raise SystemExit("gpudesk/_version.py has no __version__")
    return m.group(1)


def version_tuple(v: str | None = None) -> tuple[int, int, int, int]:
    nums = [int(x) for x in re.findall(r"\d+", v or version())[:4]]
    return tuple((nums + [0, 0, 0, 0])[:4])  # type: ignore[return-value]


def _skipped(path: Path) -> bool:
    if any(part in DATA_SKIP_NAMES for part in path.parts):
        return True
    if path.as_posix().startswith(DATA_KEEP_PREFIXES) and path.suffix == ".py":
        return False
    if path.name.startswith(".") or path.suffix in DATA_SKIP_SUFFIXES:
        return True
    return any(path.match(g) for g in DATA_SKIP_GLOBS)


def data_files(root: Path = ROOT) -> list[tuple[str, str]]:
    """(source file, destination folder) pairs for PyInstaller's `datas`, one per file."""
    pairs = []
    for top in DATA_DIRS:
        base = root / top
        if not base.is_dir():
            continue
        for f in sorted(base.rglob("*")):
            rel = f.relative_to(root)
            if f.is_file() and not _skipped(rel):
                pairs.append((str(f), str(rel.parent)))
    return pairs


def package_modules(root: Path = ROOT, package: str = "gpudesk") -> list[str]:
    """Every module of the package, found from the files (what collect_submodules would list,
    without importing a possibly different installed copy)."""
    names = []
    for f in sorted((root / package).rglob("*.py")):
        rel = f.relative_to(root).with_suffix("")
        parts = list(rel.parts)
        if "__pycache__" in parts or not all(p.isidentifier() for p in parts):
            continue
        if parts[-1] == "__init__":
            parts.pop()
        names.append(".".join(parts))
    return names


# Modules the app does not use. pyqtgraph imports QtTest and QtOpenGLWidgets inside try/except,
# so QtTest can go; QtOpenGL(Widgets) stays (pyqtgraph's optional GL viewport).
EXCLUDED_MODULES = [
    "tkinter",
    "_tkinter",
    "turtle",
    "turtledemo",
    "idlelib",
    "lib2to3",
    "test",
    "PySide6.QtQml",
    "PySide6.QtQmlFeatures",
    "PySide6.QtQuick",
    "PySide6.QtQuickWidgets",
    "PySide6.QtQuickControls2",
    "PySide6.QtQuickTest",
    "PySide6.QtQuick3D",
    "PySide6.QtWebEngineCore",
    "PySide6.QtWebEngineWidgets",
    "PySide6.QtWebEngineQuick",
    "PySide6.QtWebChannel",
    "PySide6.QtWebSockets",
    "PySide6.QtHttpServer",
    "PySide6.QtMultimedia",
    "PySide6.QtMultimediaWidgets",
    "PySide6.QtSpatialAudio",
    "PySide6.QtNetwork",
    "PySide6.QtNetworkAuth",
    "PySide6.QtDBus",
    "PySide6.QtTest",
    "PySide6.QtDesigner",
    "PySide6.QtHelp",
    "PySide6.QtSql",
    "PySide6.QtUiTools",
    "PySide6.QtConcurrent",
    "PySide6.QtXml",
    "PySide6.QtLabsStyleKit",
    "PySide6.Qt3DCore",
    "PySide6.Qt3DRender",
    "PySide6.Qt3DInput",
    "PySide6.Qt3DLogic",
    "PySide6.Qt3DExtras",
    "PySide6.Qt3DAnimation",
    "PySide6.QtCharts",
    "PySide6.QtDataVisualization",
    "PySide6.QtGraphs",
    "PySide6.QtGraphsWidgets",
    "PySide6.QtPdf",
    "PySide6.QtPdfWidgets",
    "PySide6.QtBluetooth",
    "PySide6.QtNfc",
    "PySide6.QtPositioning",
    "PySide6.QtLocation",
    "PySide6.QtSensors",
    "PySide6.QtSerialPort",
    "PySide6.QtSerialBus",
    "PySide6.QtRemoteObjects",
    "PySide6.QtScxml",
    "PySide6.QtStateMachine",
    "PySide6.QtTextToSpeech",
    "PySide6.QtAxContainer",
    # pyqtgraph pieces the app never loads (3D needs PyOpenGL; examples, notebooks, other bindings)
    "pyqtgraph.examples",
    "pyqtgraph.opengl",
    "pyqtgraph.jupyter",
    "OpenGL",
    "jupyter_rfb",
    "PyQt5",
    "PyQt6",
    "PySide2",
    "shiboken2",
    "matplotlib",
    "scipy",
    "h5py",
    "cupy",
    "numba",
    "IPython",
    "pandas",
    "PIL",
    # test tools that optional plugins reach for (pydantic.v1's hypothesis plugin)
    "hypothesis",
    "pytest",
    "_pytest",
    "pytestqt",
]

# Qt modules the app needs even where the code imports them lazily: SVG export of charts and
# print preview of plans.
QT_HIDDEN_IMPORTS = ["PySide6.QtSvg", "PySide6.QtPrintSupport", "PySide6.QtOpenGLWidgets"]
# Python packages imported only inside the function that needs them: .xlsx export
LAZY_IMPORTS = ["xlsxwriter"]

# Qt libraries that plugins or hooks may still drag in; excludes do not remove those, so the
# spec drops them from the TOC. Matched against the file name.
_QT_DROPPED = (
    r"Qml\w*|Quick\w*|Labs\w*|Lottie\w*|Designer\w*|Help|Sql|Test|UiTools|Network\w*|Concurrent|Xml"
    r"|WaylandCompositor\w*|WaylandEgl\w*|WlShell\w*|EglFs\w*|EglFSDeviceIntegration|VirtualKeyboard\w*"
    r"|WebEngine\w*|WebChannel\w*|WebSockets|WebView\w*|Multimedia\w*|Pdf\w*|3D\w*|Charts\w*"
    r"|DataVisualization\w*|Graphs\w*|Positioning\w*|Location|Bluetooth|Nfc|Sensors|Serial\w*"
    r"|RemoteObjects|Scxml|StateMachine\w*|TextToSpeech|ShaderTools|SpatialAudio|HttpServer"
)
# Linux libQt6X.so.6, Windows Qt6X.dll, macOS QtX.framework/...
QT_LIB_DROP = re.compile(rf"(^|/)(lib)?Qt6({_QT_DROPPED})(\.|d\.|$)|(^|/)Qt({_QT_DROPPED})\.framework(/|$)")

# Qt plugins: folders kept (everything else under plugins/ is dropped), and files dropped within them.
QT_PLUGIN_DIRS_KEEP = {
    "platforms",
    "imageformats",
    "iconengines",
    "printsupport",
    "platformthemes",
    "styles",
    "platforminputcontexts",
    "xcbglintegrations",
    "wayland-shell-integration",
    "wayland-decoration-client",
    "wayland-graphics-integration-client",
}
QT_PLUGIN_KEEP = {
    # offscreen (tests, selftest), xcb and wayland on Linux, cocoa on macOS, windows on Windows
    "platforms": {"qoffscreen", "qxcb", "qwayland", "qcocoa", "qwindows", "qdirect2d"},
    # the portal gives native file dialogs; gtk3 would drag a private copy of GTK into the build
    "platformthemes": {"qxdgdesktopportal"},
    "imageformats": {"qsvg", "qjpeg", "qico", "qgif"},
    # compose + ibus: how Linux users type Chinese
    "platforminputcontexts": {"composeplatforminputcontextplugin", "ibusplatforminputcontextplugin"},
    "wayland-shell-integration": {"xdg-shell"},
    "wayland-decoration-client": {"bradient"},
    "wayland-graphics-integration-client": {"qt-plugin-wayland-egl", "shm-emulation-server"},
}

# Qt's own translations: only what a zh_CN / English widgets app loads.
QT_TRANSLATIONS_KEEP = re.compile(r"^(qt|qtbase)_zh_CN\.qm$")


def _plugin_stem(name: str) -> str:
    stem = name.split(".")[0]
    return stem.removeprefix("lib")


def keep_entry(dest: str) -> bool:
    """Whether a collected file (destination path inside the bundle) stays in the build."""
    dest = dest.replace("\\", "/")
    name = dest.rsplit("/", 1)[-1]
    if QT_LIB_DROP.search(name) or QT_LIB_DROP.search(dest):
        return False
    if "/Qt/plugins/" in dest or "/PlugIns/" in dest or dest.startswith("PySide6/plugins/"):
        rest = dest.split("plugins/", 1)[1] if "plugins/" in dest else dest.split("PlugIns/", 1)[1]
        folder, _, file = rest.partition("/")
        if folder not in QT_PLUGIN_DIRS_KEEP:
            return False
        wanted = QT_PLUGIN_KEEP.get(folder)
        if wanted is not None and file and _plugin_stem(file) not in wanted:
            return False
    if "/Qt/translations/" in dest or dest.startswith("PySide6/translations/"):
        return bool(QT_TRANSLATIONS_KEEP.match(name))
    # PySide6 bindings for excluded modules, in case a hook still lists them
    m = re.match(r"PySide6/(Qt\w+)\.(abi3\.so|pyd|so)$", dest)
    if m and f"PySide6.{m.group(1)}" in EXCLUDED_MODULES:
        return False
    return True


def prune_orphans(kept: list[tuple], dropped: list[tuple], imports_of) -> list[tuple]:
    """Remove the libraries that only dropped entries needed (e.g. GTK for the gtk3 theme plugin).

    Entries are PyInstaller TOC tuples (dest, src, typecode); `imports_of(src)` returns the
    names of the shared libraries a binary loads. A library reachable from any kept entry
    that was not itself a candidate stays."""

    def deps(entry) -> set[str]:
        if entry[2] not in ("BINARY", "EXTENSION"):
            return set()
        return {Path(name).name for name in imports_of(entry[1])}

    from_dropped = set().union(*(deps(e) for e in dropped)) if dropped else set()
    candidates = {e for e in kept if Path(e[0]).name in from_dropped}
    by_name: dict[str, list[tuple]] = {}
    for e in kept:
        by_name.setdefault(Path(e[0]).name, []).append(e)
    needed: set[str] = set()
    stack = [e for e in kept if e not in candidates]
    seen = set(stack)
    while stack:
        for name in deps(stack.pop()):
            needed.add(name)
            for e in by_name.get(name, ()):
                if e not in seen:
                    seen.add(e)
                    stack.append(e)
    return [e for e in kept if e not in candidates or Path(e[0]).name in needed]


def platform_tag() -> str:
    import platform

    machine = platform.machine().lower()
    arch = {"amd64": "x86_64", "x86_64": "x86_64", "arm64": "arm64", "aarch64": "arm64"}.get(machine, machine)
    if sys.platform == "win32":
        return f"windows-{arch}"
    if sys.platform == "darwin":
        return f"macos-{arch}"
    return f"linux-{arch}"


def info_plist(v: str | None = None) -> dict:
    """Info.plist keys for the macOS bundle (PyInstaller adds the executable and icon keys)."""
    v = v or version()
    return {
        "CFBundleName": DISPLAY_NAME,
        "CFBundleDisplayName": DISPLAY_NAME,
        "CFBundleIdentifier": BUNDLE_ID,
        "CFBundleShortVersionString": v,
        "CFBundleVersion": ".".join(str(n) for n in version_tuple(v)[:3]),
        "CFBundleDevelopmentRegion": "zh_CN",
        "CFBundleLocalizations": ["zh_CN", "en"],
        "CFBundleAllowMixedLocalizations": True,
        "NSHumanReadableCopyright": COPYRIGHT,
        "NSHighResolutionCapable": True,
        "NSRequiresAquaSystemAppearance": False,
        "NSPrincipalClass": "NSApplication",
        "LSApplicationCategoryType": "public.app-category.productivity",
        "LSMinimumSystemVersion": "12.0",
        "CFBundleDocumentTypes": [
            {
                "CFBundleTypeName": "gpudesk plan",
                "CFBundleTypeRole": "Editor",
                "LSHandlerRank": "Owner",
                "CFBundleTypeExtensions": [PLAN_EXTENSION],
            }
        ],
    }


def windows_version_info(v: str | None = None) -> str:
    """The Windows version resource in PyInstaller's version-file syntax (shown in Explorer)."""
    v = v or version()
    t = version_tuple(v)
    dotted = ".".join(str(n) for n in t)
    fields = {
        "CompanyName": COMPANY,
        "FileDescription": DESCRIPTION,
        "FileVersion": dotted,
        "InternalName": APP_NAME,
        "LegalCopyright": COPYRIGHT,
        "OriginalFilename": f"{APP_NAME}.exe",
        "ProductName": DISPLAY_NAME,
        "ProductVersion": v,
    }
    strings = ",\n".join(f"          StringStruct({k!r}, {val!r})" for k, val in fields.items())
    # 0x0804 = Simplified Chinese, 0x0409 = US English; 1200 = Unicode code page
    return f"""# UTF-8 -- generated by packaging/bundle.py from gpudesk.__version__
VSVersionInfo(
  ffi=FixedFileInfo(
    filevers={t},
    prodvers={t},
    mask=0x3f,
    flags=0x0,
    OS=0x40004,
    fileType=0x1,
    subtype=0x0,
    date=(0, 0)
  ),
  kids=[
    StringFileInfo([
      StringTable('040904B0', [
{strings}
      ]),
      StringTable('080404B0', [
{strings}
      ])
    ]),
    VarFileInfo([VarStruct('Translation', [0x0409, 1200, 0x0804, 1200])])
  ]
)
"""
