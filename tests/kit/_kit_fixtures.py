"""Paths and readers for the kit tests' recorded tool outputs."""

from pathlib import Path

HERE = Path(__file__).resolve().parent
FIX = HERE / "fixtures"
FAKE_BIN = HERE / "fake_bin"


def fixture_text(name: str) -> str:
    return (FIX / name).read_text(encoding="utf-8")
