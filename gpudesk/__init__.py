"""gpudesk: offline planning assistant for renting GPU servers for AI training."""

from gpudesk._version import __version__

__all__ = ["__version__"]
