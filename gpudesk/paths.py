"""Where gpudesk finds its bundled files and keeps the user's own.

Bundled files are resolved relative to the package (works from a checkout, an editable
install and a PyInstaller one-folder build, where `resources/` sits beside `gpudesk/`),
never from `sys.executable`. User data lives in the platform's user-data folder.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RESOURCES = ROOT / "resources"
DATA = ROOT / "data"
BUNDLED_CATALOG = RESOURCES / "catalog.sqlite"
FONTS = RESOURCES / "fonts"
TRANSLATIONS = RESOURCES / "translations"
ICONS = RESOURCES / "icons"

APP_NAME = "gpudesk"


def user_data_dir(*, create: bool = False) -> Path:
    """The platform's per-user data folder (same place Qt's AppDataLocation points to).

    `GPUDESK_HOME` overrides it (tests, portable installs). Only writers create it (`create=True`):
    a command that only reads (`gpudesk estimate`) works even where it cannot be made.
    """
    override = os.environ.get("GPUDESK_HOME")
    if override:
        base = Path(override)
    elif sys.platform == "win32":
        base = Path(os.environ.get("APPDATA") or Path.home() / "AppData" / "Roaming") / APP_NAME
    elif sys.platform == "darwin":
        base = Path.home() / "Library" / "Application Support" / APP_NAME
    else:
        base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share") / APP_NAME
    if create:
        make_folder(base, "the gpudesk data folder (GPUDESK_HOME)" if override else "the gpudesk data folder")
    return base


_FOLDERS_ZH = {
    "the gpudesk data folder (GPUDESK_HOME)": " gpudesk 数据文件夹（GPUDESK_HOME）",
    "the gpudesk data folder": " gpudesk 数据文件夹",
    "the folder of the user database": "用户数据库所在的文件夹",
    "the autosave folder": "自动保存文件夹",
    "the export folder": "导出文件夹",
}


def make_folder(folder: Path, what: str) -> Path:
    """Create `folder` (and its parents); GpudeskError in one line when that is impossible."""
    from gpudesk.errors import GpudeskError

    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        from gpudesk.errors import os_reason

        en, zh = os_reason(exc)
        raise GpudeskError(
            f"cannot create {what} {folder}: {en}", zh=f"无法创建{_FOLDERS_ZH.get(what, what)} {folder}：{zh}"
        ) from None
    return folder


def user_db_path() -> Path:
    return user_data_dir() / "user.sqlite"


def autosave_dir(*, create: bool = True) -> Path:
    d = user_data_dir() / "autosave"
    return make_folder(d, "the autosave folder") if create else d
