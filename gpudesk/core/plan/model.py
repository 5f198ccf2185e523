"""The plan document's types: what a `.gpudesk` file holds. No Qt.

A plan is self-contained: the job carries its resolved ModelArch, and the chosen configuration's
catalogue rows (GPU, node type, provider, offer) are copied into `hardware`, so a plan opens and
its checklist tailors the same on a machine whose catalogue differs. Format version 2 made room
for optional fields (quotes, plan facts, kit results): a new optional field needs no new version,
only a default. Version 3 stores advice and notes as ids with parameters (core.messages), worded in
the reader's language when shown; version 2's `wording` (both languages pre-worded) is read into
their stored texts on load (core.plan.files).
"""

from __future__ import annotations

import re
from datetime import UTC, datetime
from typing import Annotated, Any, Final, Literal

from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    ValidationError,
    ValidationInfo,
    field_validator,
    model_validator,
)

from gpudesk.core.limits import MAX_APPROVERS, TEXT_LIMITS, limited_text
from gpudesk.core.models import Constraints, GpuSpec, Job, Offload, Option, Recompute
from gpudesk.core.rows import SNAPSHOTS
from gpudesk.core.plan.quotes import Quote, QuoteSelection

FORMAT: Final = "gpudesk-plan"
VERSION = 3
SUFFIX = ".gpudesk"
STATUSES = ("open", "pass", "fail", "n/a", "waived")
ALTERNATIVES_KEPT = 5

Status = Literal["open", "pass", "fail", "n/a", "waived"]


def now_iso() -> str:
    return datetime.now(UTC).replace(microsecond=0).isoformat().replace("+00:00", "Z")


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", allow_inf_nan=False, defer_build=True)


def _one_line(value: Any) -> Any:
    """Line breaks in a one-line field (a hand-edited or older plan's title) read as spaces."""
    return re.sub(r"[\r\n]+", " ", value) if isinstance(value, str) else value


class ChecklistState(_Strict):
    """What the user recorded for one checklist item."""

    status: Status = "open"
    notes: str = limited_text("item_notes")
    evidence: str | None = limited_text("item_notes", None)  # text, or the path of an attached file
    checked_by: str | None = limited_text("author", None)
    checked_at: str | None = None  # ISO 8601 UTC
    waiver_reason: str | None = limited_text("item_notes", None)
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

    @field_validator("server", "provider", "offer")
    @classmethod
    def _typed(cls, row: dict[str, Any] | None, info: ValidationInfo) -> dict[str, Any] | None:
        """The copies keep their catalogue types (core.rows): a hand edit cannot smuggle in a wrong one."""
        if row is None:
            return row
        assert info.field_name is not None  # pydantic names the field for a field validator
        try:
            SNAPSHOTS[info.field_name].model_validate(row)
        except ValidationError as exc:
            first = exc.errors()[0]
            where = ".".join(str(p) for p in first.get("loc", ())) or "?"
            raise ValueError(f"{where}: {first.get('msg')}") from None
        return row


class KitResult(_Strict):
    """One results file of the acceptance kit as imported: which machine, which verdicts (with the
    evidence in both languages, for a report in either) and the measured-vs-planned figures."""

    host: str
    kind: Literal["node", "internode"] = "node"
    file_sha256: str
    fingerprint: str
    measured_at: str | None = None
    imported_at: str = Field(default_factory=now_iso)
    statuses: dict[str, str] = Field(default_factory=dict)  # checklist item -> pass | fail | info | skipped
    evidence: dict[str, dict[str, str]] = Field(default_factory=dict)  # item -> {"en": ..., "zh_CN": ...}
    measured: dict[str, Any] = Field(default_factory=dict)
    planned: dict[str, Any] = Field(default_factory=dict)
    comparison: dict[str, list[dict[str, Any]]] = Field(default_factory=dict)  # language -> rows, as the import showed


class PlanRevision(_Strict):
    """A later change to the plan's figures (a recalibration from measurements), keeping the figures
    it replaced: `before`/`after` are choice summaries, `changes` the job fields [old, new]."""

    version: int  # 1 = the plan as first made; each revision adds one
    created: str = Field(default_factory=now_iso)
    reason: dict[str, str] = Field(default_factory=dict)  # {"en": ..., "zh_CN": ...}
    source: str | None = None  # e.g. the results file's host and sha256
    changes: dict[str, list[Any]] = Field(default_factory=dict)
    before: dict[str, Any] = Field(default_factory=dict)
    after: dict[str, Any] = Field(default_factory=dict)


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
    title: Annotated[str, BeforeValidator(_one_line)] = limited_text("title")
    organisation: Annotated[str, BeforeValidator(_one_line)] = limited_text("organisation")
    author: Annotated[str, BeforeValidator(_one_line)] = limited_text("author")
    created: str = Field(default_factory=now_iso)
    modified: str = Field(default_factory=now_iso)
    job: Job
    constraints: Constraints = Field(default_factory=Constraints)
    choice: Option | None = None
    alternatives: list[Option] = Field(default_factory=list)
    notes: str = limited_text("notes")
    approvers: list[Annotated[str, BeforeValidator(_one_line), Field(max_length=TEXT_LIMITS["approver"])]] = Field(
        default_factory=list, max_length=MAX_APPROVERS
    )  # reviewers and approvers, in signing order
    manual: ManualChoice | None = None  # the configuration set by hand, when the choice is one
    checklist: dict[str, ChecklistState] = Field(default_factory=dict)
    catalog: CatalogRef = Field(default_factory=CatalogRef)
    hardware: Hardware = Field(default_factory=Hardware)
    quotes: list[Quote] = Field(default_factory=list)  # written quotes from providers (询价), core.plan.quotes
    quote_selection: QuoteSelection | None = None  # the quote selected and why; the choice follows it
    kit_results: list[KitResult] = Field(default_factory=list)  # acceptance-kit results files imported
    revisions: list[PlanRevision] = Field(default_factory=list)  # recalibrations, oldest first

    @model_validator(mode="after")
    def _unique_quote_ids(self) -> Plan:
        ids = [q.id for q in self.quotes]
        twice = next((i for i in ids if ids.count(i) > 1), None)
        if twice is not None:
            raise ValueError(f"two quotes have the id {twice!r}")
        return self
