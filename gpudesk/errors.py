"""Errors that carry a message meant for the user (no traceback is ever shown for these)."""


class GpudeskError(Exception):
    """Bad input or an impossible request; the message names the problem in one line."""


class CatalogError(GpudeskError):
    pass


class PlanFileError(GpudeskError):
    pass


class UserDatabaseDamaged(CatalogError):
    """The user database is damaged; `kept` is where the damaged file was set aside (None: it could not be)."""

    def __init__(self, message: str, *, kept=None):
        super().__init__(message)
        self.kept = kept


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
