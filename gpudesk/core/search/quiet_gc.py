"""The search allocates many small short-lived objects and keeps almost none: the cyclic garbage
collector's passes over them cost about a third of its time (issue 17) and pause it for tens of
milliseconds at a time. `no_gc()` holds the collector off while a search runs (reference counting
still frees everything at once); nested and concurrent searches share one hold."""

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
