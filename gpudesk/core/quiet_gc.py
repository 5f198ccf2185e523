"""The search (and the catalogue reading thousands of rows) allocates many objects and frees or keeps
them without cycles: the cyclic garbage collector's passes over them cost about a third of the search's
time (issue 17) and pause it for tens of milliseconds at a time. `no_gc()` holds the collector off
meanwhile (reference counting still frees everything); nested and concurrent holds share one."""

from __future__ import annotations

import contextlib
import gc
import threading
from collections.abc import Iterator

_lock = threading.Lock()
_holds = 0
_was_enabled = False


@contextlib.contextmanager
def no_gc() -> Iterator[None]:
    global _holds, _was_enabled
    with _lock:
        if _holds == 0:
            _was_enabled = gc.isenabled()
            gc.disable()
        _holds += 1
    try:
        yield
    finally:
        with _lock:
            _holds -= 1
            if _holds == 0 and _was_enabled:
                gc.enable()
