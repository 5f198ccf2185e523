"""core/ and catalog/ must stay pure Python: importing every module must not pull in Qt."""

import pkgutil
import subprocess
import sys

import gpudesk.catalog
import gpudesk.core


def _modules(pkg):
    yield pkg.__name__
    for info in pkgutil.walk_packages(pkg.__path__, pkg.__name__ + "."):
        yield info.name


def test_core_and_catalog_import_no_qt():
    names = [*_modules(gpudesk.core), *_modules(gpudesk.catalog)]
    code = (
        "import sys, importlib\n"
        f"for n in {names!r}: importlib.import_module(n)\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('PySide6', 'shiboken6', 'pyqtgraph'))\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "", f"Qt imported by core/catalog: {out.stdout}"


def test_no_source_file_in_core_imports_qt():
    """Also catches imports hidden inside functions, which the import test above cannot see."""
    import pathlib
    import re

    qt_import = re.compile(r"^\s*(from|import)\s+(PySide6|shiboken6|pyqtgraph)\b", re.M)
    for pkg in (gpudesk.core, gpudesk.catalog):
        for path in pathlib.Path(pkg.__path__[0]).rglob("*.py"):
            assert not qt_import.search(path.read_text(encoding="utf-8")), path
