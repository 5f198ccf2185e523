"""The Qt application and the bundled CJK font the report draws with.

Every character of the report, Latin and Chinese, is drawn with the bundled WenQuanYi Micro Hei
(TrueType outlines): Qt then embeds one CID TrueType subset, text stays selectable, and Chinese
extracts as the real ideographs. No system font is ever needed, so the PDF looks the same anywhere.
"""

from __future__ import annotations

from gpudesk.core.i18n import t

import os
import sys

from gpudesk.errors import GpudeskError
from gpudesk.paths import FONTS

FONT_FILE = FONTS / "WenQuanYiMicroHei.ttf"
FAMILY = "WenQuanYi Micro Hei"

_app = None  # a QGuiApplication made here, kept alive for the process
_family: str | None = None


def ensure_app():
    """The running Q(Gui)Application, or a new headless one (the CLI has none)."""
    global _app
    from PySide6.QtGui import QGuiApplication

    app = QGuiApplication.instance()
    if app is None:
        if sys.platform.startswith("linux") and not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
            os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")  # rendering a PDF needs no screen
        # a full QApplication, so that widgets (print dialogs, the GUI's tests) can follow in this process
        from PySide6.QtWidgets import QApplication

        _app = app = QApplication(sys.argv[:1] or ["gpudesk"])
    return app


def report_family() -> str:
    """Register the bundled font once per process; its family name."""
    global _family
    if _family is not None:
        return _family
    ensure_app()
    from PySide6.QtGui import QFontDatabase

    if FAMILY in QFontDatabase.families():  # the GUI registered it already
        _family = FAMILY
        return _family
    if not FONT_FILE.exists():
        raise GpudeskError(t("bundled font missing: {f}", "内置字体缺失：{f}", f=FONT_FILE))
    font_id = QFontDatabase.addApplicationFont(str(FONT_FILE))
    families = QFontDatabase.applicationFontFamilies(font_id) if font_id >= 0 else []
    if not families:
        raise GpudeskError(t("cannot load the bundled font {f}", "无法加载内置字体 {f}", f=FONT_FILE.name))
    _family = families[0]
    return _family
