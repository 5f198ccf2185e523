"""Console output in the plan's language: one line per check as it finishes, with progress."""

import sys

LANG = ["en"]
STATUS = {"pass": ("PASS", "通过"), "fail": ("FAIL", "未通过"), "info": ("INFO", "已记录"), "skipped": ("SKIP", "跳过")}


def set_language(lang):
    LANG[0] = "zh_CN" if str(lang or "").lower().startswith("zh") else "en"


def m(en, zh):
    return zh if LANG[0] == "zh_CN" else en


def say(text=""):
    try:
        print(text, flush=True)
    except UnicodeEncodeError:  # a C/POSIX locale without UTF-8: keep going in ASCII
        sys.stdout.write(text.encode("ascii", "replace").decode("ascii") + "\n")
        sys.stdout.flush()


def step(text):
    say("  … " + text)


class Progress:
    def __init__(self, total):
        self.total, self.done = max(1, total), 0
        self.counts = {"pass": 0, "fail": 0, "info": 0, "skipped": 0}

    def result(self, title, verdict):
        self.done += 1
        status = verdict.get("status", "info")
        self.counts[status] = self.counts.get(status, 0) + 1
        label = STATUS.get(status, (status, status))[1 if LANG[0] == "zh_CN" else 0]
        text = verdict.get("text", {}).get(LANG[0]) or verdict.get("text", {}).get("en", "")
        say("[{:>2}/{}] {:<7} {}".format(min(self.done, self.total), self.total, label, title))
        say("         " + text)

    def summary(self):
        c = self.counts
        return m("{pass} passed, {fail} failed, {info} recorded without a verdict, {skipped} skipped",
                 "{pass} 项通过，{fail} 项未通过，{info} 项仅记录，{skipped} 项跳过").format(**c)
