"""Plans: the `.gpudesk` document (model), its file (files), making one (making), autosave, and the
acceptance checklist tailored to its choice (`gpudesk.core.plan.checklist`). No Qt.

    plan = new_plan(job, constraints, open_catalog(), gpu_id="a100-sxm-80gb", gpus=4)
    save_plan(plan, "13b.gpudesk")          # temp file + fsync + os.replace; keeps 13b.gpudesk.bak
    plan = load_plan("13b.gpudesk")         # PlanFileError naming file and field on any damage

Quotes (询价/比价): `add_quote(plan, {...}, catalog)`, `compare(plan, catalog)`, `select_quote(plan, id, reason,
catalog)` (the choice follows the selected quote); models in `quotes`, all-in arithmetic in `quote_cost`.
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
    ChangedOnDisk,
    file_stamp,
    MIGRATIONS,
    load_plan,
    plan_bytes,
    plan_document,
    plan_from_dict,
    plan_hash,
    plan_lock,
    refuse_export_over,
    save_plan,
)
from gpudesk.core.plan.comparison import QUOTES_NEEDED, Comparison, QuoteRow, compare, comparison_json, flag_text
from gpudesk.core.plan.making import (
    apply_choice,
    catalog_ref,
    choice_summary,
    choice_wording,
    default_title,
    display_title,
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
from gpudesk.core.plan.quote_cost import JobNeeds, QuoteCost, all_in_cost
from gpudesk.core.plan.quote_ops import add_quote, get_quote, job_key, refresh_fits, remove_quote, select_quote
from gpudesk.core.plan.quotes import BILLING_FORMS, Quote, QuoteFit, QuoteSelection, Rate, Subsidy, make_quote

__all__ = [
    "ChangedOnDisk", "file_stamp",
    "ALTERNATIVES_KEPT", "AUTOSAVE_FORMAT", "FORMAT", "MIGRATIONS", "STATUSES", "SUFFIX", "VERSION", "CatalogRef",
    "ChecklistState", "ChoiceWording", "Hardware", "KitResult", "ManualChoice", "Plan", "PlanRevision", "Recoverable",
    "Status", "autosave_path_for",
    "catalog_ref", "choice_summary", "choice_wording", "configuration_key", "default_title", "discard_autosave", "display_title",
    "find_recoverable", "hardware_for", "load_autosave", "load_plan", "new_plan", "now_iso", "plan_bytes",
    "plan_document", "plan_from_dict", "plan_hash", "plan_lock", "refuse_export_over", "plan_summary", "save_plan", "set_alternatives", "set_choice",
    "validated_option", "write_autosave",
    # quotes and 比价
    "BILLING_FORMS", "QUOTES_NEEDED", "Comparison", "JobNeeds", "Quote", "QuoteCost", "QuoteFit", "QuoteRow",
    "QuoteSelection", "Rate", "Subsidy", "add_quote", "all_in_cost", "compare", "comparison_json", "flag_text",
    "get_quote", "job_key", "make_quote", "refresh_fits", "remove_quote", "select_quote",
    "apply_choice", "evaluate_manual", "manual_from", "pick_alternatives",
    "title_is_default",
]
