"""The acceptance and SLA checklist, tailored to a plan's chosen configuration. No Qt.

Templates live in `data/checklist/*.toml` (both languages; `templates`). `expectations(plan)` derives
every figure the checklist holds the machines to (expected GPU count and memory, NVLink vs PCIe,
all_reduce bus bandwidth, storage IOPS and throughput, host RAM, rack power); `tailor(plan, lang)`
renders the items in that language and merges the state recorded in the plan (`rendering`);
`set_status` records a result (`state`).
"""

from gpudesk.core.plan.checklist.expectations import Expectations, expectations
from gpudesk.core.plan.checklist.rendering import UNKNOWN, ChecklistItem, progress, tailor
from gpudesk.core.plan.checklist.state import normalise_status, set_status
from gpudesk.core.plan.checklist.templates import (
    CONDITIONS,
    PHASES,
    item_ids,
    phase_label,
    status_label,
    template_dir,
    templates,
)

__all__ = [
    "CONDITIONS",
    "PHASES",
    "UNKNOWN",
    "ChecklistItem",
    "Expectations",
    "expectations",
    "item_ids",
    "normalise_status",
    "phase_label",
    "progress",
    "set_status",
    "status_label",
    "tailor",
    "template_dir",
    "templates",
]
