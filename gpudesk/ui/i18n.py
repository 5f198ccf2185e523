"""Run-time language switching: gpudesk's own .qm, Qt's qtbase .qm, the locale and core's text.

Installing a translator sends QEvent.LanguageChange to every widget; each of gpudesk's widgets
re-translates itself in `changeEvent` by calling its `retranslate_ui()`.
"""

from __future__ import annotations

from PySide6.QtCore import (
    QCoreApplication,
    QLibraryInfo,
    QLocale,
    QObject,
    QTranslator,
    Signal,
)

from gpudesk import paths
from gpudesk.core import i18n as core_i18n

LANGUAGES = {"en": "English", "zh_CN": "简体中文"}


class LanguageManager(QObject):
    language_changed = Signal(str)

    def __init__(self) -> None:
        super().__init__()
        self._translators: list[QTranslator] = []
        self.language = "en"

    def set_language(self, lang: str | None) -> str:
        """Switch to `lang` ('en', 'zh_CN'; None = follow the system locale); returns the language."""
        lang = core_i18n.normalise(lang) if lang else self.system_language()
        app = QCoreApplication.instance()
        for translator in self._translators:
            app.removeTranslator(translator)
        self._translators = []
        if lang == "zh_CN":
            for directory, name in (
                (str(paths.TRANSLATIONS), "gpudesk_zh_CN"),
                (QLibraryInfo.path(QLibraryInfo.TranslationsPath), "qtbase_zh_CN"),
            ):
                translator = QTranslator(self)
                if translator.load(name, directory):
                    app.installTranslator(translator)
                    self._translators.append(translator)
        QLocale.setDefault(
            QLocale(QLocale.Chinese, QLocale.China)
            if lang == "zh_CN"
            else QLocale(QLocale.English, QLocale.UnitedStates)
        )
        core_i18n.set_language(lang)
        changed = lang != self.language
        self.language = lang
        if changed:
            self.language_changed.emit(lang)
        return lang

    @staticmethod
    def system_language() -> str:
        from_env = core_i18n.system_language()
        if from_env != "en":
            return from_env
        name = QLocale.system().name()
        return core_i18n.normalise(name) if name and name not in ("C", "POSIX") else "en"


_manager: LanguageManager | None = None


def language_manager() -> LanguageManager:
    global _manager
    if _manager is None:
        _manager = LanguageManager()
    return _manager


def translator(context: str):
    """The module-level `_tr` of a module whose texts live in one Qt context: `_tr = translator("Charts")`.
    (resources/translations/update.py finds the strings passed to it; lupdate cannot.)"""

    def _tr(text: str) -> str:
        return QCoreApplication.translate(context, text)

    return _tr
