"""Shared by the hardening tests: run the CLI in-process and read what a user would see."""

from __future__ import annotations

import json
import re
from pathlib import Path

from gpudesk.cli import run_cli

FIX = Path(__file__).parent.parent / "core" / "fixtures"


def cli(capsys, *args: str) -> tuple[int, str, str]:
    """(exit status, stdout, stderr) of `gpudesk ARGS`; argparse's exit counts as a status."""
    try:
        rc = run_cli([str(a) for a in args])
    except SystemExit as exc:
        rc = exc.code if isinstance(exc.code, int) else 2
    out, err = capsys.readouterr()
    return rc, out, err


def refused(capsys, *args: str) -> str:
    """stderr of a command that must end with exit 2 and a one-line message (no traceback)."""
    rc, out, err = cli(capsys, *args)
    assert rc == 2, (rc, out[-300:], err[-300:])
    assert "Traceback" not in err and err.strip(), err
    _also_in_chinese(capsys, args)
    return err.strip()


def _also_in_chinese(capsys, args) -> None:
    """Every refusal the hardening tests try is tried again in zh_CN (a refused command changes nothing):
    still exit 2, and no English word left in the message (issue 12, "Chinese throughout")."""
    from gpudesk.core import i18n

    i18n.set_language("zh_CN")
    try:
        rc, out, err = cli(capsys, *args)
    finally:
        i18n.set_language(None)
    assert rc == 2, ("zh", rc, out[-300:], err[-300:])
    assert not english_words(err), (english_words(err), err)


def strict_json(text: str):
    """json.loads that refuses NaN and Infinity, as strict parsers (JavaScript, Go) do."""

    def bad(name):
        raise ValueError(f"{name} in JSON output")

    return json.loads(text, parse_constant=bad)


# Words that may stay in Latin letters in a Chinese message: product and unit names, file kinds, the
# prog name. Option names (--gpu), quoted values ('a100'), ids (a100-sxm-80gb), paths and numbers are
# removed before the check.
LATIN_OK = frozenset(
    {
        "gpudesk",
        "GPU",
        "GPUs",
        "GiB",
        "GB",
        "MB",
        "TB",
        "CNY",
        "JSON",
        "CSV",
        "TSV",
        "PDF",
        "xlsx",
        "LoRA",
        "QLoRA",
        "ZeRO",
        "TP",
        "PP",
        "DP",
        "CP",
        "EP",
        "SLA",
        "ICP",
        "UTF",
        "BOM",
        "GBK",
        "id",
        "ids",
        "config",
        "json",
        "csv",
        "ID",
        "PATH",
        "N",
        "Hugging",
        "Face",
        "NaN",
        "nan",
        "inf",
        "Infinity",
        "MoE",
        "KV",
        "B",
        "M",
        "T",
        "K",
        "e",
        "tp",
        "pp",
        "pdf",
    }
)
_STRIP = re.compile(
    r"'[^']*'|\.\w+\b|\"[^\"]*\"|`[^`]*`|--?[A-Za-z][\w-]*|\S*[/\\]\S*|\S+\.(?:gpudesk|json|csv|pdf|xlsx|bak)\b"
    r"|\b[\w.]*\d[\w.-]*|\b[a-z_]+(?:\.[a-z_]+)+\b|\b[a-z]+(?:-[a-z0-9.]+)+\b"
)


def english_words(message: str) -> list[str]:
    """Latin-letter words left in `message` once options, quoted values, ids, paths and numbers are removed."""
    rest = _STRIP.sub(" ", re.sub(r"^gpudesk(?: [a-z-]+)*：", "", message.strip()))  # the command's name
    return [w for w in re.findall(r"[A-Za-z]+", rest) if w not in LATIN_OK]
