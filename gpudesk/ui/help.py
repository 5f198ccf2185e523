"""Help ▸ User guide (F1) and the first-run page: offline HTML from resources/help, in the UI's language."""

from __future__ import annotations

from PySide6.QtCore import QUrl
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QPushButton, QTextBrowser, QVBoxLayout, QWidget

from gpudesk import paths

HELP = paths.RESOURCES / "help"


def help_file(name: str, lang: str) -> str:
    """resources/help/NAME.LANG.html, falling back to English."""
    for code in (lang, "en"):
        file = HELP / f"{name}.{code}.html"
        if file.is_file():
            return str(file)
    raise FileNotFoundError(HELP / f"{name}.{lang}.html")


class HelpDialog(QDialog):
    """A non-modal window with one help page; links inside the guide stay in it, nothing goes online."""

    def __init__(self, name: str, lang: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName(f"help_{name}")
        self.name, self.lang = name, lang
        layout = QVBoxLayout(self)
        self.browser = QTextBrowser()
        self.browser.setOpenExternalLinks(False)  # offline: no browser is started for a link
        self.browser.setOpenLinks(True)
        self.browser.setSearchPaths([str(HELP)])
        layout.addWidget(self.browser, 1)
        self.buttons = QDialogButtonBox(QDialogButtonBox.Close)
        self.buttons.rejected.connect(self.close)
        self.guide_button: QPushButton = self.buttons.addButton("", QDialogButtonBox.ActionRole)
        self.guide_button.clicked.connect(lambda: self.load("guide"))
        layout.addWidget(self.buttons)
        self.load(name)

    def load(self, name: str, lang: str | None = None) -> None:
        self.name = name
        self.lang = lang or self.lang
        self.browser.setSource(QUrl.fromLocalFile(help_file(name, self.lang)))
        self.setWindowTitle(self.browser.documentTitle() or "gpudesk")
        self.guide_button.setText(self.tr("Open the user guide"))
        self.guide_button.setVisible(name != "guide")
        self.buttons.button(QDialogButtonBox.Close).setText(self.tr("Close"))

    def set_language(self, lang: str) -> None:
        self.load(self.name, lang)
