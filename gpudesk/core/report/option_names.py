"""An option's short name on charts and in tables ('4× H100 80GB SXM'), one home for the app's charts,
the PDF and the service charts (no Qt)."""

from __future__ import annotations

from gpudesk.core import units
from gpudesk.core.models import Option
from gpudesk.core.search.recommender import FeasiblePoint

# A configuration a chart draws: a ranked Option, or a plain feasible point of the search.
Configuration = Option | FeasiblePoint


def gpu_label(option: Configuration) -> str:
    """The GPU's name without the vendor prefix every row would repeat."""
    name = units.gpu_name(option)
    return name.removeprefix("NVIDIA ").removeprefix("GeForce ")


def option_label(option: Configuration) -> str:
    """Short language-neutral label: '4× H100 80GB SXM'."""
    return f"{option.gpus}× {gpu_label(option)}"
