"""The one place gpudesk's version is written (pyproject.toml, the app, the CLI and the build read it here)."""

__version__ = "0.2.0"
