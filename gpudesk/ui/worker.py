"""The recompute worker: one thread that runs `state.recompute.compute_answer` off the GUI thread.

Only the generation crosses threads through a queued signal (passing Python objects through
queued signals trips a reference-count bug in PySide 6 at exit); the answer waits in a locked dict.
"""

from __future__ import annotations

import threading

from PySide6.QtCore import QObject, QRunnable, QThreadPool, Signal

from gpudesk.ui.state.recompute import Answer, Request, compute_answer


class _Mailbox(QObject):
    done = Signal(int)

    def __init__(self) -> None:
        super().__init__()
        self.lock = threading.Lock()
        self.answers: dict[int, Answer] = {}
        self.closed = False

    def post(self, answer: Answer) -> None:
        with self.lock:
            if self.closed:
                return
            self.answers[answer.generation] = answer
        try:
            self.done.emit(answer.generation)
        except RuntimeError:  # the window is being torn down: nobody waits for this answer
            pass

    def take(self, generation: int) -> Answer | None:
        with self.lock:
            return self.answers.pop(generation, None)


class _Task(QRunnable):
    def __init__(self, request: Request, catalog, mailbox: _Mailbox) -> None:
        super().__init__()
        self.request, self.catalog, self.mailbox = request, catalog, mailbox

    def run(self) -> None:
        try:
            answer = compute_answer(self.request, self.catalog)
        except BaseException as exc:  # noqa: BLE001 - never let an exception leave a worker thread
            answer = Answer(self.request.generation, error=f"{type(exc).__name__}: {exc}")
        self.mailbox.post(answer)


class Worker(QObject):
    """Runs one request at a time; `answered(generation)` fires on the GUI thread, `take` hands it over."""

    answered = Signal(int)

    def __init__(self, catalog, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.catalog = catalog
        self._pool = QThreadPool(self)
        self._pool.setMaxThreadCount(1)
        self._pool.setExpiryTimeout(-1)
        self._mailbox = _Mailbox()
        self._mailbox.done.connect(self.answered)

    def start(self, request: Request) -> None:
        self._pool.start(_Task(request, self.catalog, self._mailbox))

    def take(self, generation: int) -> Answer | None:
        return self._mailbox.take(generation)

    def stop(self, wait_ms: int = 2000) -> bool:
        """Stop taking answers and wait for the running search (already cancelled) to return."""
        with self._mailbox.lock:
            self._mailbox.closed = True
        return self._pool.waitForDone(wait_ms)
