"""The release workflow builds the users' platforms with packaging/build.py, and the README says whether a
run of it is recorded (issue 16, item 11)."""

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
WORKFLOW = ROOT / ".github" / "workflows" / "release-builds.yml"


def test_the_workflow_builds_windows_and_macos_with_build_py():
    text = WORKFLOW.read_text(encoding="utf-8")
    matrix = next(line for line in text.splitlines() if line.strip().startswith("os: ["))
    runners = [r.strip() for r in matrix.split("[", 1)[1].rstrip("]").split(",")]
    assert [r for r in runners if r.startswith(("windows", "macos"))] == ["windows-2022", "macos-14", "macos-13"]
    assert "packaging/build.py --clean" in text and "dev.py test" in text


def test_the_readme_says_no_run_is_recorded_while_none_is():
    readme = " ".join((ROOT / "README.md").read_text(encoding="utf-8").split())  # however the lines wrap
    assert ".github/workflows/release-builds.yml" in readme
    assert "**No run of it is recorded yet**" in readme
