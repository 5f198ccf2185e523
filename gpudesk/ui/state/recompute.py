"""Recompute scheduling and the choice policy (no Qt; the window runs `compute_answer` on a worker).

One computation at a time. A newer edit cancels the running search (its token is set; core's
search checks it and stops) and is answered by one rerun as soon as the worker is free: edits
made meanwhile coalesce into that rerun, and no stale answer is ever shown.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from gpudesk.errors import GpudeskError


class CancelToken:
    """Set by the GUI thread, read by the search: calling it answers "stop now?"."""

    def __init__(self) -> None:
        self._event = threading.Event()

    def cancel(self) -> None:
        self._event.set()

    @property
    def cancelled(self) -> bool:
        return self._event.is_set()

    def __call__(self) -> bool:
        return self._event.is_set()


@dataclass
class Request:
    generation: int
    job: Any
    constraints: Any
    wanted: Any = None  # the configuration the plan chose: kept while it still fits
    manual: Any = None  # a configuration set by hand (core.plan.ManualChoice): evaluated exactly
    quote: Any = None  # the selected quote (core.plan.Quote): the choice follows it
    token: CancelToken = field(default_factory=CancelToken)


@dataclass
class Answer:
    generation: int
    rec: Any = None  # core Recommendation, None on error
    chosen: Any = None  # the Option the policy keeps (None: take the top option)
    manual: Any = None  # the hand-set configuration's Option (chosen too), even when it does not fit
    error: str = ""
    manual_error: str = ""  # why the hand-set configuration no longer works for the edited job
    quote_error: str = ""  # why the selected quote's configuration cannot be evaluated for the edited job
    charts: Any = None  # (memory, cost) chart data, built on the worker (plain points) ...
    charts_for: Any = None  # ... for this choice (a later pick from the table needs them built again)
    seconds: float = 0.0
    cancelled: bool = False

    @property
    def options(self) -> list:
        return list(self.rec.options) if self.rec is not None else []

    @property
    def feasible(self) -> list:
        """What the charts draw: core's plain points (the cheapest offer per platform shape and count)."""
        if self.rec is None:
            return []
        return list(getattr(self.rec, "points", None) or self.rec.feasible)

    @property
    def compared(self) -> list:
        """What the plan's alternatives are picked from: the top options and the best of each other GPU type."""
        if self.rec is None:
            return []
        compared = getattr(self.rec, "compared", None)
        return compared() if compared is not None else list(self.rec.options)

    @property
    def choice(self):
        """What the plan should choose: the kept configuration, else the top option."""
        if self.chosen is not None:
            return self.chosen
        return self.rec.options[0] if self.rec is not None and self.rec.options else None


def compute_answer(request: Request, catalog) -> Answer:
    """Runs on the worker thread: the search, then which configuration the plan keeps."""
    from gpudesk.core.rules import same_configuration
    from gpudesk.core.search import Cancelled, evaluate, recommend

    start = time.perf_counter()
    answer = Answer(request.generation)
    try:
        if request.token.cancelled:
            answer.cancelled = True
            return answer
        rec = recommend(request.job, request.constraints, catalog, cancel=request.token)
        rec.points  # noqa: B018 - built here, not on the GUI thread when the charts ask for it
        rec.compared()  # the best option of each GPU type, for the plan's alternatives
        answer.rec = rec
        if request.token.cancelled:
            answer.cancelled = True
            return answer
        if request.quote is not None:
            from gpudesk.core.plan import Plan
            from gpudesk.core.plan.quote_ops import choice_for_quote

            try:  # the quote's configuration, evaluated for this job and priced at the quote's prices
                snapshot = Plan(job=request.job, constraints=request.constraints, quotes=[request.quote])
                answer.chosen = choice_for_quote(snapshot, request.quote, catalog)[0]
            except GpudeskError as exc:
                answer.quote_error = str(exc)
        elif request.manual is not None:
            from gpudesk.core.plan import evaluate_manual

            try:
                answer.manual = answer.chosen = evaluate_manual(
                    request.job, catalog, request.manual, request.constraints
                )
            except GpudeskError as exc:  # the edited job no longer runs on it: the recommendation wins
                answer.manual_error = str(exc)
        elif request.wanted is not None:
            wanted = request.wanted
            chosen = next((o for o in rec.options if same_configuration(o, wanted)), None)
            if chosen is None:
                try:
                    chosen = evaluate(
                        request.job,
                        catalog,
                        wanted.gpu,
                        wanted.gpus,
                        offer_id=wanted.offer,
                        constraints=request.constraints,
                    )
                except GpudeskError:
                    chosen = None  # no longer possible (offer gone): take the top one
            if chosen is not None and not chosen.memory.fits:
                chosen = None  # the edited job outgrew it: the top option is the better answer
            answer.chosen = chosen
        if not request.token.cancelled:
            answer.charts_for = answer.choice
            answer.charts = chart_data(answer.options, answer.feasible, answer.choice)
    except Cancelled:
        answer.rec, answer.chosen = None, None
        answer.cancelled = True
    except GpudeskError as exc:
        answer.rec, answer.chosen = None, None
        answer.error = str(exc)
        answer.cancelled = request.token.cancelled
    except Exception as exc:  # noqa: BLE001 - shown to the user, never a crash of the window
        answer.rec, answer.chosen = None, None
        answer.error = f"{type(exc).__name__}: {exc}"
    answer.seconds = time.perf_counter() - start
    return answer


def chart_data(options, feasible, choice):
    """The overview's chart series (core.report.chart_data) for this answer: plain points, built with
    the collector held off (thousands of feasible options make its passes the slowest part)."""
    from gpudesk.core.report.chart_data import cost_chart_data, memory_chart_data
    from gpudesk.core.quiet_gc import no_gc

    with no_gc():
        return memory_chart_data(options, choice), cost_chart_data(feasible or options, choice)


class Scheduler:
    """Which computation runs, which waits, which answer is current. `start` hands a request to the
    worker; the worker's answer comes back through `finished`."""

    def __init__(self, start: Callable[[Request], None]) -> None:
        self._start = start
        self.generation = 0
        self.running: Request | None = None
        self._waiting: Request | None = None

    @property
    def busy(self) -> bool:
        return self.running is not None

    def request(self, job, constraints, wanted=None, manual=None, quote=None) -> Request:
        """Ask for an answer to this state; cancels whatever runs for an older one."""
        self.generation += 1
        req = Request(self.generation, job, constraints, wanted, manual, quote)
        if self.running is not None:
            self.running.token.cancel()
            self._waiting = req  # replaces any older waiting request: edits coalesce
            return req
        self._launch(req)
        return req

    def _launch(self, req: Request) -> None:
        self.running = req
        self._start(req)

    def finished(self, answer: Answer) -> Answer | None:
        """The worker is free again. Returns the answer to show, or None when it is stale."""
        self.running = None
        if self._waiting is not None:
            req, self._waiting = self._waiting, None
            self._launch(req)
            return None
        if answer.generation != self.generation or answer.cancelled:
            return None
        return answer

    def invalidate(self) -> None:
        """Nothing running or waiting is wanted any more (undo shows a kept answer; the window closes)."""
        self.generation += 1
        self._waiting = None
        if self.running is not None:
            self.running.token.cancel()
