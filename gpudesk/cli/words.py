"""argparse's own words ("usage", "error", "invalid choice", "the following arguments are required" ...) in
the CLI's language, through argparse's gettext hook: argparse looks `_` and `ngettext` up in its module at
call time, so `install()` points them at this table. Text outside zh_CN is returned unchanged (English).

The language is chosen before parsing (`language_of(argv)`: the command's own `--lang`, else the system's,
gpudesk.core.i18n), since argparse may refuse the command line before `--lang` itself is read.
"""

from __future__ import annotations

import argparse

from gpudesk.core.i18n import current_language

ZH: dict[str, str] = {
    "usage: ": "用法：",
    "positional arguments": "位置参数",
    "options": "选项",
    "optional arguments": "选项",
    "subcommands": "子命令",
    "show this help message and exit": "显示本帮助并退出",
    "show program's version number and exit": "显示版本号并退出",
    "argument %(argument_name)s: %(message)s": "参数 %(argument_name)s：%(message)s",
    "invalid choice: %(value)r (choose from %(choices)s)": "无效的选项值 %(value)r（可选：%(choices)s）",
    "invalid %(type)s value: %(value)r": "无效的值：%(value)r",  # the type is a Python name (int): left out
    "the following arguments are required: %s": "缺少必需的参数：%s",
    "one of the arguments %s is required": "参数 %s 必须给出其中之一",
    "unrecognized arguments: %s": "无法识别的参数：%s",
    "not allowed with argument %s": "不能与参数 %s 同时使用",
    "ambiguous option: %(option)s could match %(matches)s": "有歧义的选项：%(option)s 可能是 %(matches)s",
    "expected one argument": "需要一个值",
    "expected at most one argument": "最多一个值",
    "expected at least one argument": "至少需要一个值",
    "ignored explicit argument %r": "多余的值 %r",
    "unknown parser %(parser_name)r (choices: %(choices)s)": "未知的子命令 %(parser_name)r（可选：%(choices)s）",
    "can't open '%(filename)s': %(error)s": "无法打开“%(filename)s”：%(error)s",
    "%(prog)s: error: %(message)s\n": "%(prog)s：错误：%(message)s\n",
    "expected %s argument": "需要 %s 个值",
    "expected %s arguments": "需要 %s 个值",
    # our own frame around every message (gpudesk.cli)
    "error": "错误",
    "warning": "警告",
}


def tr(message: str) -> str:
    """argparse's gettext: the Chinese of `message` in zh_CN, else `message`."""
    if current_language() == "zh_CN":
        return ZH.get(message, message)
    return message


def ntr(singular: str, plural: str, n: int) -> str:
    return tr(singular if n == 1 else plural)


def install() -> None:
    """Route argparse's messages through `tr` (idempotent)."""
    argparse._ = tr  # type: ignore[attr-defined]
    argparse.ngettext = ntr  # type: ignore[attr-defined]


def frame(prog: str, kind: str, message: str) -> str:
    """'gpudesk estimate: error: MESSAGE' in English, 'gpudesk estimate：错误：MESSAGE' in Chinese."""
    colon = "：" if current_language() == "zh_CN" else ": "
    return f"{prog}{colon}{tr(kind)}{colon}{message}"


def language_of(argv: list[str]) -> str | None:
    """The `--lang` value on a command line (the last one wins, as argparse reads it), or None."""
    lang = None
    for i, arg in enumerate(argv):
        if arg == "--lang" and i + 1 < len(argv):
            lang = argv[i + 1]
        elif arg.startswith("--lang="):
            lang = arg.split("=", 1)[1]
    return lang if lang in ("en", "zh_CN", "zh") else None
