"""Errors that carry a message meant for the user (no traceback is ever shown for these)."""


class GpudeskError(Exception):
    """Bad input or an impossible request; the message names the problem in one line."""


class CatalogError(GpudeskError):
    pass


class PlanFileError(GpudeskError):
    pass
