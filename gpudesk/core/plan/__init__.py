"""Plans: the `.gpudesk` document (model), its file (files), making one (making), autosave, and the
acceptance checklist tailored to its choice (`gpudesk.core.plan.checklist`). No Qt.

    plan = new_plan(job, constraints, open_catalog(), gpu_id="a100-sxm-80gb", gpus=4)
    save_plan(plan, "13b.gpudesk")          # temp file + fsync + os.replace; keeps 13b.gpudesk.bak
    plan = load_plan("13b.gpudesk")         # PlanFileError naming file and field on any damage
"""

from gpudesk.core.plan.autosave import (
    AUTOSAVE_FORMAT,
    Recoverable,
    autosave_path_for,
    discard_autosave,
    find_recoverable,
    load_autosave,
    write_autosave,
)
from gpudesk.core.plan.files import (
    MIGRATIONS,
    load_plan,
    plan_bytes,
    plan_document,
    plan_from_dict,
    plan_hash,
    save_plan,
)
from gpudesk.core.plan.making import (
    apply_choice,
    catalog_ref,
    choice_summary,
    choice_wording,
    default_title,
    evaluate_manual,
    hardware_for,
    manual_from,
    new_plan,
    pick_alternatives,
    plan_summary,
    set_alternatives,
    set_choice,
    title_is_default,
    validated_option,
)
from gpudesk.core.plan.model import (
    ALTERNATIVES_KEPT,
    FORMAT,
    STATUSES,
    SUFFIX,
    VERSION,
    CatalogRef,
    ChecklistState,
    ChoiceWording,
    Hardware,
    KitResult,
    ManualChoice,
    Plan,
    PlanRevision,
    Status,
    configuration_key,
    now_iso,
)

__all__ = [
    "ALTERNATIVES_KEPT", "AUTOSAVE_FORMAT", "FORMAT", "MIGRATIONS", "STATUSES", "SUFFIX", "VERSION", "CatalogRef",
    "ChecklistState", "ChoiceWording", "Hardware", "KitResult", "ManualChoice", "Plan", "PlanRevision", "Recoverable",
    "Status", "autosave_path_for",
    "catalog_ref", "choice_summary", "choice_wording", "configuration_key", "default_title", "discard_autosave",
    "find_recoverable", "hardware_for", "load_autosave", "load_plan", "new_plan", "now_iso", "plan_bytes",
    "plan_document", "plan_from_dict", "plan_hash", "plan_summary", "save_plan", "set_alternatives", "set_choice",
    "validated_option", "write_autosave", "apply_choice", "evaluate_manual", "manual_from", "pick_alternatives",
    "title_is_default",
]
