"""Errors that carry a message meant for the user (no traceback is ever shown for these)."""

import errno as _errno


class GpudeskError(Exception):
    """Bad input or an impossible request; the message names the problem in one line.

    Code below core (fileio, paths) cannot ask which language is in use, so it gives the Chinese text
    beside the English one (`zh=`); `localised(exc, lang)` picks. Code in core and above words the message
    in the current language already (gpudesk.core.i18n.t) and gives no `zh`.
    """

    def __init__(self, *args: object, zh: str | None = None):
        super().__init__(*args)
        self.zh = zh


class CatalogError(GpudeskError):
    pass


class PlanFileError(GpudeskError):
    pass


class UserDatabaseDamaged(CatalogError):
    """The user database is damaged; `kept` is where the damaged file was set aside (None: it could not be)."""

    def __init__(self, message: str, *, kept=None):
        super().__init__(message)
        self.kept = kept


def localised(exc: BaseException, lang: str) -> str:
    """The message of `exc` in `lang` ("zh_CN" or "en")."""
    zh = getattr(exc, "zh", None)
    return zh if zh and lang == "zh_CN" else str(exc)


# What the operating system says, in both languages (strerror is English whatever the locale).
_OS_ZH = {
    _errno.EROFS: "只读文件系统",
    _errno.ENOSPC: "磁盘空间不足",
    _errno.EACCES: "没有权限",
    _errno.EPERM: "不允许此操作",
    _errno.ENOENT: "文件或文件夹不存在",
    _errno.ENOTDIR: "路径中有一项不是文件夹",
    _errno.EISDIR: "这是一个文件夹",
    _errno.EEXIST: "已存在",
    _errno.EDQUOT: "超出磁盘配额",
    _errno.ENAMETOOLONG: "文件名太长",
    _errno.EIO: "磁盘读写错误",
    _errno.EBUSY: "正被占用",
}


def os_reason(exc: OSError) -> tuple[str, str]:
    """(English, Chinese) for why an operation failed: "Read-only file system", "只读文件系统"."""
    en = exc.strerror or str(exc)
    return en, _OS_ZH.get(exc.errno or -1, en)


# Things the user must be told that are not errors (a damaged database set aside, a catalogue row
# skipped): whoever shows output (the CLI on stderr, the GUI in a message box) takes and shows them.
_notices: list[str] = []


def notify(message: str) -> None:
    if message not in _notices:
        _notices.append(message)


def take_notices() -> list[str]:
    out = list(_notices)
    _notices.clear()
    return out
