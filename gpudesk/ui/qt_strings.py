"""Qt's own widget texts that Qt's Chinese translation (qtbase_zh_CN) lacks, translated in gpudesk's
file (Qt looks a text up in every installed translator). Only listed here so lupdate finds them."""

from PySide6.QtCore import QT_TRANSLATE_NOOP

MISSING_IN_QTBASE = (
    QT_TRANSLATE_NOOP("QFileDialog", "&Look in:"),
    QT_TRANSLATE_NOOP("QFileDialog", "Files of &type:"),
    QT_TRANSLATE_NOOP("QAbstractFileIconProvider", "Folder"),
    QT_TRANSLATE_NOOP("QFileIconProvider", "Folder"),
)
