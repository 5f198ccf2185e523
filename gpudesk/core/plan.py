"""Plan files (`.gpudesk`): the whole plan as versioned JSON, saved atomically. No Qt.

A plan is self-contained: the job carries its resolved ModelArch, and the chosen configuration's
catalogue rows (GPU, node type, provider, offer) are copied into `hardware`, so a plan opens and
its checklist tailors the same on a machine whose catalogue differs.

    plan = new_plan(job, constraints, open_catalog(), gpu_id="a100-sxm-80gb", gpus=4)
    save_plan(plan, "13b.gpudesk")          # temp file + fsync + os.replace; keeps 13b.gpudesk.bak
    plan = load_plan("13b.gpudesk")         # PlanFileError naming file and field on any damage
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import tempfile
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from gpudesk.core.models import Constraints, GpuSpec, Job, Offload, Option, Recompute
from gpudesk.errors import GpudeskError, PlanFileError

FORMAT = "gpudesk-plan"
VERSION = 1
SUFFIX = ".gpudesk"
STATUSES = ("open", "pass", "fail", "n/a", "waived")
ALTERNATIVES_KEPT = 5

Status = Literal["open", "pass", "fail", "n/a", "waived"]


def now_iso() -> str:
    return datetime.now(UTC).replace(microsecond=0).isoformat().replace("+00:00", "Z")


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class ChecklistState(_Strict):
    """What the user recorded for one checklist item."""

    status: Status = "open"
    notes: str = ""
    evidence: str | None = None  # text, or the path of an attached file
    checked_by: str | None = None
    checked_at: str | None = None  # ISO 8601 UTC
    waiver_reason: str | None = None
    configuration: str | None = None  # configuration_key() of the choice when the result was recorded


def configuration_key(option: Option | None) -> str | None:
    """What a checklist result was checked against: GPU, count, node split and offer."""
    if option is None:
        return None
    return f"{option.gpus}x{option.gpu}/{option.nodes}n@{option.offer or '-'}"


class CatalogRef(_Strict):
    content_hash: str | None = None
    catalog_date: str | None = None


class Hardware(_Strict):
    """Catalogue rows of the chosen configuration, copied at save time (the plan stands alone)."""

    gpu: GpuSpec | None = None
    server: dict[str, Any] | None = None
    provider: dict[str, Any] | None = None
    offer: dict[str, Any] | None = None


class ManualChoice(_Strict):
    """A configuration the user set by hand: GPU, count, offer and the whole parallel layout."""

    gpu: str
    gpus: int = Field(ge=1)
    offer: str | None = None  # None: the cheapest offer of that GPU that can hold the count
    tp: int = Field(default=1, ge=1)
    pp: int = Field(default=1, ge=1)
    zero: int = Field(default=0, ge=0, le=3)
    offload: Offload = Offload.NONE
    recompute: Recompute = Recompute.NONE
    micro_batch: int = Field(default=1, ge=1)


class Plan(_Strict):
    format: Literal["gpudesk-plan"] = FORMAT
    version: int = VERSION
    title: str = ""
    organisation: str = ""
    author: str = ""
    created: str = Field(default_factory=now_iso)
    modified: str = Field(default_factory=now_iso)
    job: Job
    constraints: Constraints = Field(default_factory=Constraints)
    choice: Option | None = None
    alternatives: list[Option] = Field(default_factory=list)
    notes: str = ""
    approvers: list[str] = Field(default_factory=list)  # reviewers and approvers, in signing order
    manual: ManualChoice | None = None  # the configuration set by hand, when the choice is one
    checklist: dict[str, ChecklistState] = Field(default_factory=dict)
    catalog: CatalogRef = Field(default_factory=CatalogRef)
    hardware: Hardware = Field(default_factory=Hardware)


# --- reading --------------------------------------------------------------------------------

# version N -> function turning a version-N document into a version-(N+1) one.
# Version 0 was the pre-release draft: checklist state was a list of {"id", "status", ...}.
def _from_v0(doc: dict) -> dict:
    items = doc.get("checklist")
    if isinstance(items, list):
        doc["checklist"] = {i.pop("id"): i for i in items if isinstance(i, dict) and "id" in i}
    doc["version"] = 1
    return doc


MIGRATIONS: dict[int, Callable[[dict], dict]] = {0: _from_v0}


def _field_path(loc: tuple) -> str:
    out = ""
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out or "plan"


def plan_from_dict(doc: Any, source: str = "plan") -> Plan:
    """Validate (and migrate) a decoded plan document; PlanFileError names the problem."""
    if not isinstance(doc, dict):
        raise PlanFileError(f"{source}: not a gpudesk plan (the top level is not a JSON object)")
    if doc.get("format") != FORMAT:
        raise PlanFileError(f"{source}: not a gpudesk plan (format tag is {doc.get('format')!r}, "
                            f"expected {FORMAT!r})")
    version = doc.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 0:
        raise PlanFileError(f"{source}: version: expected a whole number, got {version!r}")
    if version > VERSION:
        raise PlanFileError(f"{source}: written by a newer gpudesk (plan format version {version}; "
                            f"this one reads up to {VERSION}); update gpudesk to open it")
    doc = dict(doc)
    while doc["version"] < VERSION:
        step = MIGRATIONS.get(doc["version"])
        if step is None:
            raise PlanFileError(f"{source}: plan format version {doc['version']} cannot be migrated")
        try:
            doc = step(doc)
        except (AttributeError, KeyError, TypeError, ValueError) as exc:
            raise PlanFileError(f"{source}: migrating from version {doc['version']} failed: {exc}") from None
    try:
        return Plan.model_validate(doc)
    except ValidationError as exc:
        first = exc.errors()[0]
        more = f" (and {exc.error_count() - 1} more problems)" if exc.error_count() > 1 else ""
        raise PlanFileError(f"{source}: {_field_path(tuple(first.get('loc', ())))}: "
                            f"{first.get('msg')}{more}") from None


def load_plan(path: str | os.PathLike) -> Plan:
    p = Path(path)
    try:
        raw = p.read_bytes()
    except FileNotFoundError:
        raise PlanFileError(f"{p}: no such file") from None
    except IsADirectoryError:
        raise PlanFileError(f"{p}: is a folder, not a plan file") from None
    except OSError as exc:
        raise PlanFileError(f"{p}: cannot read: {exc.strerror or exc}") from None
    try:
        doc = json.loads(raw.decode("utf-8-sig"))
    except UnicodeDecodeError:
        raise PlanFileError(f"{p}: not a gpudesk plan (not UTF-8 text)") from None
    except json.JSONDecodeError as exc:
        raise PlanFileError(f"{p}: damaged plan file: not valid JSON at line {exc.lineno} "
                            f"column {exc.colno} ({exc.msg})") from None
    return plan_from_dict(doc, str(p))


# --- writing --------------------------------------------------------------------------------


def plan_document(plan: Plan) -> dict:
    # warnings off: Options built by the recommender with model_construct carry ints where the
    # schema says float; JSON keeps the number and loading coerces it back.
    return plan.model_dump(mode="json", warnings=False)


def plan_bytes(plan: Plan) -> bytes:
    return (json.dumps(plan_document(plan), ensure_ascii=False, indent=1) + "\n").encode("utf-8")


def _fsync_dir(folder: Path) -> None:
    if os.name == "nt":  # directories cannot be opened for fsync on Windows
        return
    with contextlib.suppress(OSError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def _chmod_like(fd: int, target: Path) -> None:
    """mkstemp makes 0600 files: give the new file the old one's mode, else the umask's default."""
    if os.name == "nt":
        return
    try:
        mode = target.stat().st_mode & 0o777
    except OSError:
        mask = os.umask(0o022)
        os.umask(mask)
        mode = 0o666 & ~mask
    with contextlib.suppress(OSError):
        os.fchmod(fd, mode)


def atomic_write(path: str | os.PathLike, data: bytes, *, backup: bool = True) -> None:
    """Write `data` to `path` so that a crash at any point leaves either the old or the new file.

    The previous file is kept as PATH.bak (refreshed on each save).
    """
    p = Path(path)
    folder = p.parent if str(p.parent) else Path(".")
    if not folder.is_dir():
        raise GpudeskError(f"{p}: folder {folder} does not exist")
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{p.name}.", suffix=".tmp", dir=folder)
    except OSError as exc:
        raise GpudeskError(f"{p}: could not save: {exc.strerror or exc}") from None
    try:
        _chmod_like(fd, p)
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        if backup and p.is_file():
            bak = p.with_name(p.name + ".bak")
            # copy (not rename) so `path` exists at every moment; replace makes the .bak atomic too
            bfd, btmp = tempfile.mkstemp(prefix=f".{bak.name}.", suffix=".tmp", dir=folder)
            try:
                _chmod_like(bfd, p)
                with os.fdopen(bfd, "wb") as fh:
                    fh.write(p.read_bytes())
                    fh.flush()
                    os.fsync(fh.fileno())
                os.replace(btmp, bak)
            except BaseException:
                with contextlib.suppress(OSError):
                    os.unlink(btmp)
                raise
        os.replace(tmp, p)
    except BaseException as exc:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        if isinstance(exc, OSError):
            raise GpudeskError(f"{p}: could not save: {exc.strerror or exc}; the previous file is unchanged") from None
        raise
    _fsync_dir(folder)


def save_plan(plan: Plan, path: str | os.PathLike, *, touch: bool = True) -> Path:
    """Save atomically; `touch` stamps `modified`. Returns the path written."""
    p = Path(path)
    before = plan.modified
    if touch:
        plan.modified = now_iso()
    try:
        atomic_write(p, plan_bytes(plan))
    except BaseException:
        plan.modified = before  # nothing was saved
        raise
    return p


def plan_hash(plan: Plan) -> str:
    """Short stable hash of what the plan says (not when it was last saved)."""
    doc = plan_document(plan)
    doc.pop("modified", None)
    canon = json.dumps(doc, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(canon.encode("utf-8")).hexdigest()[:12]


# --- making a plan --------------------------------------------------------------------------


def _dump(row: Any) -> dict | None:
    if row is None:
        return None
    if isinstance(row, BaseModel):
        return row.model_dump(mode="json")
    return dict(row)


def _row(getter: Callable[[str], Any], key: str | None) -> Any:
    if not key:
        return None
    try:
        return getter(key)
    except GpudeskError:
        return None


def hardware_for(option: Option | None, catalog: Any) -> Hardware:
    """Copy the catalogue rows an option refers to (missing rows stay None)."""
    if option is None or catalog is None:
        return Hardware()
    gpu = _row(catalog.gpu, option.gpu)
    return Hardware(
        gpu=GpuSpec.model_validate(gpu.model_dump() if isinstance(gpu, BaseModel) else gpu) if gpu else None,
        server=_dump(_row(catalog.server, option.server)),
        provider=_dump(_row(catalog.provider, option.provider)),
        offer=_dump(_row(catalog.offer, option.offer)),
    )


def catalog_ref(catalog: Any) -> CatalogRef:
    meta = getattr(catalog, "meta", None)
    if meta is None:
        return CatalogRef()
    get = meta.get if isinstance(meta, dict) else (lambda k: getattr(meta, k, None))
    return CatalogRef(content_hash=get("content_hash"), catalog_date=get("catalog_date"))


def validated_option(option: Option) -> Option:
    """A validated copy (the recommender builds Options with model_construct, skipping coercion)."""
    return Option.model_validate(option.model_dump(warnings=False))


def set_choice(plan: Plan, option: Option | None, catalog: Any = None) -> Plan:
    """Make `option` the plan's choice (the GUI's option table calls this) and copy its rows."""
    option = validated_option(option) if option is not None else None
    plan.choice = option
    if option is not None and catalog is not None:
        plan.hardware = hardware_for(option, catalog)
        plan.catalog = catalog_ref(catalog)
    elif option is None:
        plan.hardware = Hardware()
    return plan


def new_plan(job: Job, constraints: Constraints | None, catalog: Any, gpu_id: str | None = None,
             gpus: int | None = None, *, offer_id: str | None = None, title: str = "",
             author: str = "", organisation: str = "", notes: str = "") -> Plan:
    """A plan whose choice is the recommender's top option, or exactly the configuration named.

    `gpu_id` (with `gpus`, default 1) keeps that GPU and count; `gpus` alone picks the best option
    with that many GPUs. Alternatives are the recommender's top options at this moment.
    """
    from gpudesk.core import recommend as rec_mod

    constraints = constraints or Constraints()
    ranked: list[Option] = []
    search_error: GpudeskError | None = None
    try:
        ranked = list(rec_mod.recommend(job, constraints, catalog).options)
    except GpudeskError as exc:  # fits nowhere within the constraints
        search_error = exc
    if gpu_id:
        choice = rec_mod.evaluate(job, catalog, gpu_id, gpus or 1, offer_id=offer_id, constraints=constraints)
    elif gpus:
        same = [o for o in ranked if o.gpus == gpus]
        if not same:
            if search_error:
                raise search_error
            raise GpudeskError(f"no recommended option uses {gpus} GPUs; name the GPU with --gpu "
                               f"(recommended counts: {sorted({o.gpus for o in ranked}) or 'none'})")
        choice = same[0]
    else:
        if not ranked:
            raise search_error or GpudeskError("the recommender found no option for this job")
        choice = ranked[0]

    alternatives = [validated_option(o) for o in pick_alternatives(ranked, choice)]
    stamp = now_iso()
    plan = Plan(title=title or default_title(job, choice), author=author, organisation=organisation,
                created=stamp, modified=stamp, job=job, constraints=constraints,
                alternatives=alternatives, notes=notes)
    return set_choice(plan, choice, catalog)


def pick_alternatives(options: list[Option], choice: Option | None, keep: int = ALTERNATIVES_KEPT) -> list[Option]:
    """What a reader compares the choice with: the best option of every other GPU type first ("why not
    a cheaper card?"), then the next options in rank order; never the choice, never one twice."""
    chosen = configuration_key(choice)
    seen = {chosen}
    ranked = [o for o in options if configuration_key(o) not in seen]
    out: list[Option] = []
    types = {choice.gpu} if choice is not None else set()
    for o in ranked:  # one per other GPU type, best ranked first
        if o.gpu not in types and len(out) < keep:
            types.add(o.gpu)
            out.append(o)
            seen.add(configuration_key(o))
    for o in ranked:
        if len(out) >= keep:
            break
        if configuration_key(o) not in seen:
            seen.add(configuration_key(o))
            out.append(o)
    order = {id(o): i for i, o in enumerate(options)}
    return sorted(out, key=lambda o: order[id(o)])


def set_alternatives(plan: Plan, options: list[Option], *, keep: int = ALTERNATIVES_KEPT) -> Plan:
    """Keep `keep` options other than the choice (validated copies), other GPU types included."""
    plan.alternatives = [validated_option(o) for o in pick_alternatives(options, plan.choice, keep)]
    return plan


def default_title(job: Job, choice: Option) -> str:
    """The title a new plan gets: model, task in words, and the configuration."""
    from gpudesk.core.i18n import t

    task = _val(job.task)
    names = {"pretrain": ("pre-training", "预训练"), "full": ("full fine-tuning", "全参数训练"),
             "lora": ("LoRA fine-tuning", "LoRA 微调"), "qlora": ("QLoRA fine-tuning", "QLoRA 微调"),
             "inference": ("serving", "推理服务"), "mixed": ("training + serving", "训练 + 推理")}
    return t("{model} {task} on {n}× {gpu}", "{model} {task}：{n}× {gpu}", model=job.model.name,
             task=t(*names.get(task, (task, task))), n=choice.gpus, gpu=choice.gpu_name or choice.gpu)


def title_is_default(plan: Plan) -> bool:
    """Whether the title is the one gpudesk gave it (in either language), so it may follow edits."""
    title = plan.title.strip()
    if not title:
        return True
    if plan.choice is None:
        return False
    from gpudesk.core.i18n import LANGUAGES, use_language

    for lang in LANGUAGES:
        with use_language(lang):
            if title == default_title(plan.job, plan.choice):
                return True
    return False


def evaluate_manual(job: Job, catalog: Any, manual: ManualChoice, constraints: Constraints | None = None) -> Option:
    """The engine's answer for exactly the hand-set configuration (GpudeskError says why it cannot run;
    one that does not fit comes back with memory.fits false and the reason in its advice)."""
    from gpudesk.core.recommend import FixedLayout, evaluate

    layout = FixedLayout(tp=manual.tp, pp=manual.pp, zero=manual.zero, offload=manual.offload,
                         recompute=manual.recompute, micro_batch=manual.micro_batch)
    return evaluate(job, catalog, manual.gpu, manual.gpus, offer_id=manual.offer, constraints=constraints,
                    layout=layout)


def manual_from(option: Option) -> ManualChoice:
    """The hand-set form of an option's configuration (to start editing from it)."""
    lay = option.layout
    return ManualChoice(gpu=option.gpu, gpus=option.gpus, offer=option.offer, tp=lay.tp, pp=lay.pp, zero=lay.zero,
                        offload=lay.offload, recompute=lay.recompute, micro_batch=lay.micro_batch)


def apply_choice(plan: Plan, option: Option | None, options: list[Option], catalog: Any = None, *,
                 follow_title: bool = False, manual: ManualChoice | None = None) -> Plan:
    """Make `option` the choice with the alternatives from `options`; the title follows when asked."""
    set_choice(plan, option, catalog)
    set_alternatives(plan, list(options))
    plan.manual = manual if option is not None else None
    if follow_title and option is not None:
        plan.title = default_title(plan.job, option)
    return plan


# --- autosave and crash recovery (used by the GUI) -----------------------------------------

AUTOSAVE_FORMAT = "gpudesk-autosave"


class Recoverable(BaseModel):
    autosave: Path  # the autosave file
    original: str | None  # the plan file it belongs to; None = never saved
    saved_at: str
    title: str


def autosave_path_for(path: str | os.PathLike | None, *, key: str | None = None) -> Path:
    """Where the autosave of the plan at `path` goes (an untitled plan: per process, or per `key`)."""
    from gpudesk.paths import autosave_dir

    if path is None:
        name = f"untitled-{key or os.getpid()}"
    else:
        full = str(Path(path).resolve())
        name = f"{Path(path).stem}-{hashlib.sha256(full.encode('utf-8')).hexdigest()[:10]}"
    return autosave_dir() / f"{name}.autosave"


def write_autosave(plan: Plan, path: str | os.PathLike | None = None, *, key: str | None = None) -> Path:
    target = autosave_path_for(path, key=key)
    doc = {"format": AUTOSAVE_FORMAT, "version": 1, "original": str(Path(path).resolve()) if path else None,
           "pid": os.getpid(), "saved_at": now_iso(), "plan": plan_document(plan)}
    atomic_write(target, json.dumps(doc, ensure_ascii=False).encode("utf-8"), backup=False)
    return target


def discard_autosave(path: str | os.PathLike | None = None, *, key: str | None = None) -> None:
    """Drop the autosave after a clean save or close."""
    with contextlib.suppress(FileNotFoundError):
        autosave_path_for(path, key=key).unlink()


def _read_autosave(file: Path) -> dict:
    doc = json.loads(file.read_text(encoding="utf-8"))
    if not isinstance(doc, dict) or doc.get("format") != AUTOSAVE_FORMAT:
        raise ValueError("not an autosave")
    return doc


def _pid_alive(pid: Any) -> bool:
    if not isinstance(pid, int) or pid <= 0:
        return False
    if pid == os.getpid():
        return True
    if os.name == "nt":
        return False  # cannot probe cheaply; treat as gone (worst case: an extra recovery offer)
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def find_recoverable() -> list[Recoverable]:
    """Autosaves left by sessions that ended without saving (newest first).

    Skipped: those of running gpudesk processes, and those older than their saved plan file.
    """
    from gpudesk.paths import autosave_dir

    found: list[Recoverable] = []
    for file in autosave_dir().glob("*.autosave"):
        try:
            doc = _read_autosave(file)
        except (OSError, ValueError):
            continue
        if _pid_alive(doc.get("pid")):
            continue
        original = doc.get("original")
        if original and Path(original).exists() and Path(original).stat().st_mtime >= file.stat().st_mtime:
            continue
        plan = doc.get("plan") or {}
        found.append(Recoverable(autosave=file, original=original, saved_at=str(doc.get("saved_at", "")),
                                 title=str(plan.get("title", "") if isinstance(plan, dict) else "")))
    found.sort(key=lambda r: r.saved_at, reverse=True)
    return found


def load_autosave(file: str | os.PathLike) -> Plan:
    p = Path(file)
    try:
        doc = _read_autosave(p)
    except (OSError, ValueError) as exc:
        raise PlanFileError(f"{p}: unreadable autosave ({exc})") from None
    return plan_from_dict(doc.get("plan"), str(p))


# --- summaries (CLI, GUI status bar, report) ------------------------------------------------


def _val(x: Any) -> str:
    return str(getattr(x, "value", x))


def choice_summary(option: Option | None) -> dict | None:
    """The chosen configuration in a few stable keys (figures copied from the Option, not recomputed)."""
    if option is None:
        return None
    lay, cost = option.layout, option.cost
    return {
        "gpu": option.gpu, "gpu_name": option.gpu_name, "gpus": option.gpus, "nodes": option.nodes,
        "gpus_per_node": option.gpus_per_node, "interconnect": option.interconnect, "network": option.network,
        "provider": option.provider, "offer": option.offer, "region": option.region, "server": option.server,
        "tier": _val(option.tier),
        "layout": {"tp": lay.tp, "pp": lay.pp, "dp": lay.dp, "zero": lay.zero, "offload": _val(lay.offload),
                   "recompute": _val(lay.recompute), "micro_batch": lay.micro_batch},
        "memory_per_gpu_bytes": option.memory.per_gpu_bytes.total,
        "gpu_capacity_bytes": option.memory.gpu_capacity_bytes, "fits": option.memory.fits,
        "hours": option.time.hours, "gpu_hours": option.time.gpu_hours,
        "tokens_per_second": option.time.tokens_per_second,
        "currency": cost.currency, "price_per_gpu_hour": cost.price_per_gpu_hour,
        "cost_with_trial_margin": cost.with_trial_margin, "monthly_cost": cost.monthly_cost,
        "price_kind": option.price_kind, "price_date": option.price_date,
    }


def plan_summary(plan: Plan, path: str | os.PathLike | None = None) -> dict:
    return {
        "title": plan.title, "organisation": plan.organisation, "author": plan.author,
        "file": str(Path(path).resolve()) if path else None, "hash": plan_hash(plan),
        "created": plan.created, "modified": plan.modified,
        "model": plan.job.model.name, "model_id": plan.job.model.id, "task": _val(plan.job.task),
        "choice": choice_summary(plan.choice), "alternatives": len(plan.alternatives),
        "catalog": plan.catalog.model_dump(),
    }
