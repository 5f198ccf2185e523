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


# Each command's own words, both languages: `help` is its line in `gpudesk --help`, `description` opens its
# own --help. One table, so the commands read as a list (the options' words stay with their options).
COMMANDS: dict[str, dict[str, tuple[str, str]]] = {
    "estimate": {
        "help": (
            "memory per GPU, training time and cost of one job on one configuration",
            "一个任务在一种配置上的单卡显存、训练时间与费用",
        ),
        "description": (
            "Estimate GPU memory per device, training time and cost (all figures from gpudesk.core).",
            "估算单卡显存、训练时间和费用（所有数字来自 gpudesk.core）。",
        ),
    },
    "recommend": {
        "help": (
            "rank rental configurations (GPU, count, layout, offer) for a job",
            "为任务排序可租用的配置（GPU、数量、并行布局、报价）",
        ),
        "description": (
            "Search every catalogue offer × GPU count × parallel layout and rank what fits.",
            "搜索资源目录中的每个报价 × GPU 数量 × 并行布局，并对放得下的配置排序。",
        ),
    },
    "catalog": {
        "help": (
            "the offline catalogue: GPUs, node types, providers, offers, models",
            "离线资源目录：GPU、节点类型、服务商、报价、模型",
        ),
        "description": (
            "List and maintain the offline catalogue (bundled + your own rows).",
            "查看和维护离线资源目录（内置条目 + 你自己的条目）。",
        ),
    },
    "plan": {
        "help": ("make or show a plan file (.gpudesk)", "创建或查看方案文件（.gpudesk）"),
        "description": (
            "Plan files hold the job, the chosen configuration and the checklist.",
            "方案文件包含任务、所选配置和检查清单。",
        ),
    },
    "checklist": {
        "help": ("the plan's acceptance and SLA checklist; record results", "方案的验收与 SLA 检查清单；记录结果"),
        "description": (
            "Print the checklist tailored to the plan's chosen configuration, or record a result "
            "in the plan file with --set ID=STATUS (open, pass, fail, n/a, waived).",
            "打印按方案所选配置定制的检查清单，或用 --set ID=STATUS（open、pass、fail、n/a、waived）把结果记入方案文件。",
        ),
    },
    "quote": {
        "help": (
            "written quotes from providers in a plan, compared all-in (询价/比价)",
            "方案中服务商的书面报价，按总价比较（询价/比价）",
        ),
        "description": (
            "Add providers' written quotes to a plan, compare them all-in for the "
            "plan's job, and select one with a reason (the plan's choice follows it).",
            "把服务商的书面报价加入方案，按方案的任务比较总价，并写明理由选定一份（方案的选择随之改变）。",
        ),
    },
    "report": {
        "help": ("export a plan as a PDF for management sign-off", "把方案导出为 PDF，供管理层签批"),
        "description": (
            "Write a plan file as an A4 PDF (cover, summary, sizing, alternatives, provider, "
            "checklist, sign-off block) in Chinese or English.",
            "把方案文件写成 A4 PDF（封面、摘要、规模测算、备选方案、服务商、检查清单、签批栏），中文或英文。",
        ),
    },
    "kit": {
        "help": (
            "acceptance kit: scripts to run on the rented servers (`kit import` reads the results)",
            "验收工具包：在租用的服务器上运行的脚本（`kit import` 读取结果）",
        ),
        "description": (
            "Write the plan's acceptance kit: a folder and a .zip with run.sh, the probe and a README. "
            "Run it on every delivered server; import its gpudesk-results.json with `gpudesk kit import`.",
            "写出方案的验收工具包：一个文件夹和一个 .zip，内含 run.sh、探测程序和说明。在每台交付的服务器上运行它；"
            "用 `gpudesk kit import` 导入它写出的 gpudesk-results.json。",
        ),
    },
}


def command(name: str) -> dict[str, str]:
    """The command's help and description in the current language, as add_parser takes them."""
    from gpudesk.core.i18n import t

    return {key: t(*words) for key, words in COMMANDS[name].items()}
