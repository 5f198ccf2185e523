"""gpudesk: offline planning assistant for renting GPU servers for AI training."""

__version__ = "0.1.0"
