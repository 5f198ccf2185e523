"""Plan -> acceptance kit: a folder (run.sh, the probe, kit.json, README, SLURM files for
multi-node plans) and a .zip of it beside the folder.

Plan values reach the servers only as JSON data (kit.json, read by Python); the shell scripts are
copied verbatim from resources/kit and never generated, so a plan titled `$(rm -rf ~)` stays text.
"""

from __future__ import annotations

import json
import os
import shutil
import stat
import tempfile
import zipfile
from io import BytesIO
from pathlib import Path

from gpudesk import __version__
from gpudesk.core.i18n import current_language, t, use_language
from gpudesk.core.kit import expect, probe, readme
from gpudesk.core.kit.probe import Doc
from gpudesk.core.plan.files import refuse_export_over
from gpudesk.core.plan.model import Plan, now_iso
from gpudesk.errors import GpudeskError, os_reason
from gpudesk.fileio import atomic_write, new_file_mode

KIT_FORMAT = "gpudesk-kit"
SCRIPTS = ("run.sh",)
EXECUTABLE = {"run.sh", "slurm/submit.sh", "slurm/allreduce.sbatch"}


def kit_document(plan: Plan, lang: str | None = None) -> Doc:
    """kit.json: the plan's reference, the checks and their thresholds, the language of the output."""
    if plan.choice is None:
        raise GpudeskError(
            t(
                "the plan has no chosen configuration: choose one before exporting a kit",
                "方案尚未选定配置：请先选定配置再导出验收套件",
            )
        )
    with use_language(lang) as language:
        checks = expect.kit_checks(plan)
        ex = expect.kit_expect(plan)
    multi = {"nodes": ex["nodes"], "gpus_per_node": ex["gpus_per_node"], "port": 29500} if ex["nodes"] > 1 else None
    return {
        "format": KIT_FORMAT,
        "kit_version": probe.constants().KIT_VERSION,
        "lang": language,
        "generated_at": now_iso(),
        "gpudesk_version": __version__,
        "plan": expect.plan_ref(plan),
        "checks": checks,
        "expect": ex,
        "multi_node": multi,
    }


def _files(plan: Plan, lang: str, name: str = "gpudesk-kit") -> dict[str, bytes]:
    """Every file of the kit, by relative path."""
    doc = kit_document(plan, lang)
    src = probe.kit_source_dir()
    out: dict[str, bytes] = {}
    for script in SCRIPTS:
        out[script] = (src / script).read_bytes()
    for f in sorted((src / probe.PACKAGE).glob("*.py")):
        out[f"{probe.PACKAGE}/{f.name}"] = f.read_bytes()
    if doc["multi_node"]:
        for f in sorted((src / "slurm").iterdir()):
            if f.is_file():
                out[f"slurm/{f.name}"] = f.read_bytes()
    out["kit.json"] = (json.dumps(doc, ensure_ascii=False, indent=1) + "\n").encode("utf-8")
    out["kit-fingerprint.txt"] = (doc["plan"]["fingerprint"] + "\n").encode("ascii")
    out["README.md"] = readme.readme(plan, doc["checks"], doc["lang"], doc["multi_node"], name).encode("utf-8")
    return out


def _is_kit(folder: Path) -> bool:
    try:
        return bool(json.loads((folder / "kit.json").read_text(encoding="utf-8")).get("format") == KIT_FORMAT)
    except (OSError, ValueError, AttributeError):
        return False


def zip_bytes(files: dict[str, bytes], top: str) -> bytes:
    buf = BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf:
        for rel, data in sorted(files.items()):
            info = zipfile.ZipInfo(f"{top}/{rel}", date_time=(2024, 1, 1, 0, 0, 0))
            mode = 0o755 if rel in EXECUTABLE else 0o644
            info.external_attr = (stat.S_IFREG | mode) << 16  # unzip keeps run.sh executable
            info.compress_type = zipfile.ZIP_DEFLATED
            zf.writestr(info, data)
    return buf.getvalue()


def write_kit(plan: Plan, folder: str | os.PathLike[str], lang: str | None = None) -> tuple[Path, Path]:
    """Write the kit into `folder` (created, or refreshed if it holds an earlier kit) and
    `folder`.zip beside it. Returns (folder, zip path). A folder with other content is refused."""
    target = Path(folder).expanduser()
    if target.exists() and not target.is_dir():
        raise GpudeskError(t("{p} exists and is not a folder", "{p} 已存在且不是文件夹", p=target))
    if target.is_dir() and any(target.iterdir()) and not _is_kit(target):
        raise GpudeskError(
            t(
                "{p} is not empty and holds no gpudesk kit: choose an empty or new folder",
                "{p} 不为空且不是 gpudesk 验收套件：请选择空文件夹或新文件夹",
                p=target,
            )
        )
    parent = target.parent if str(target.parent) else Path(".")
    if not parent.is_dir():
        raise GpudeskError(t("folder {p} does not exist", "文件夹 {p} 不存在", p=parent))
    files = _files(plan, lang or current_language(), target.name)
    zip_path = refuse_export_over(target.with_name(target.name + ".zip"))
    try:
        tmp = Path(tempfile.mkdtemp(prefix=f".{target.name}.", dir=parent))
    except OSError as exc:
        raise GpudeskError(t("{p}: cannot write: {e}", "{p}：无法写入：{e}", p=parent, e=t(*os_reason(exc)))) from None
    try:
        for rel, data in files.items():
            path = tmp / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
            path.chmod(new_file_mode(executable=rel in EXECUTABLE))  # as any new file here (0644, scripts 0755)
        atomic_write(zip_path, zip_bytes(files, target.name))
        tmp.chmod(new_file_mode(executable=True))  # mkdtemp makes it private; the kit is meant to be copied and shared
        if not target.exists():
            os.replace(tmp, target)
        else:  # an earlier kit: replace its files, keep anything the user put there (results)
            stale = target / probe.PACKAGE
            if stale.is_dir():
                shutil.rmtree(stale)
            for rel in files:
                dest = target / rel
                dest.parent.mkdir(parents=True, exist_ok=True)
                os.replace(tmp / rel, dest)
    except OSError as exc:
        raise GpudeskError(
            t("{p}: cannot write the kit: {e}", "{p}：无法写入验收套件：{e}", p=target, e=t(*os_reason(exc)))
        ) from None
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return target, zip_path
