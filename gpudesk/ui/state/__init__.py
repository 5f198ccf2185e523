"""The window's state without Qt: the plan being edited, its undo history, autosave and file, and
when the recommender runs (what MainWindow held before; tested without widgets).

Nothing here imports PySide6: tests/ui/test_state.py checks it.
"""

from gpudesk.ui.state.recompute import Answer, CancelToken, Request, Scheduler, compute_answer
from gpudesk.ui.state.session import PlanSession
from gpudesk.ui.state.undo import UndoStack

__all__ = ["Answer", "CancelToken", "PlanSession", "Request", "Scheduler", "UndoStack", "compute_answer"]
