"""The probe's shared modules (resources/kit/gpudesk_probe), loaded from their files.

The probe is shipped as plain files (it runs where gpudesk is not installed), so it is not a
package gpudesk imports by name; its verdict rules and format constants are loaded from the file
once. The kit folder gets a copy of the same files.
"""

from __future__ import annotations

from gpudesk.core.i18n import t

import functools
import importlib.util
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

from gpudesk.errors import GpudeskError

PACKAGE = "gpudesk_probe"

Doc = dict[str, Any]  # a JSON object of the kit (kit.json, a results file, their parts): checked field by field


def kit_source_dir() -> Path:
    """resources/kit: run.sh, gpudesk_probe/, slurm/ (copied into every kit)."""
    from gpudesk.paths import RESOURCES

    return RESOURCES / "kit"


@functools.cache
def _package() -> ModuleType:
    folder = kit_source_dir() / PACKAGE
    init = folder / "__init__.py"
    if not init.is_file():
        raise GpudeskError(
            t(
                "the acceptance kit's files are missing ({f}); reinstall gpudesk",
                "验收工具包的文件缺失（{f}）；请重新安装 gpudesk",
                f=folder,
            )
        )
    # a private name: never shadows a gpudesk_probe on sys.path
    return _load(
        "gpudesk._kit_probe",
        init,
        f"the acceptance kit's files cannot be loaded ({folder}); reinstall gpudesk",
        submodule_search_locations=[str(folder)],
    )


def _load(name: str, path: Path, problem: str, **where: Any) -> ModuleType:
    """Import the file `path` as the module `name` (GpudeskError `problem` when it cannot be)."""
    spec = importlib.util.spec_from_file_location(name, path, **where)
    if spec is None or spec.loader is None:
        raise GpudeskError(problem)
    loaded = importlib.util.module_from_spec(spec)
    sys.modules[name] = loaded
    spec.loader.exec_module(loaded)
    return loaded


def module(name: str) -> ModuleType:
    """A submodule of the probe (judge, parsers), loaded from resources/kit/gpudesk_probe."""
    pkg = _package()
    full = f"{pkg.__name__}.{name}"
    if full in sys.modules:
        return sys.modules[full]
    path = kit_source_dir() / PACKAGE / f"{name}.py"
    return _load(full, path, f"the acceptance kit's file {path} cannot be loaded; reinstall gpudesk")


def judge() -> ModuleType:
    return module("judge")


def constants() -> ModuleType:
    """KIT_VERSION, RESULTS_FORMAT, SCHEMA_VERSION, PROBE_VERSION."""
    return _package()
