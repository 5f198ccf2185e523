"""Plans: the `.gpudesk` document (model), its file (files), making one (making), autosave, and the
acceptance checklist tailored to its choice (`gpudesk.core.plan.checklist`). No Qt.

    plan = new_plan(job, constraints, open_catalog(), gpu_id="a100-sxm-80gb", gpus=4)
    save_plan(plan, "13b.gpudesk")          # temp file + fsync + os.replace; keeps 13b.gpudesk.bak
    plan = load_plan("13b.gpudesk")         # PlanFileError naming file and field on any damage

Quotes (询价/比价): `add_quote(plan, {...}, catalog)`, `compare(plan, catalog)`, `select_quote(plan, id, reason,
catalog)` (the choice follows the selected quote); models in `quotes`, all-in arithmetic in `quote_cost`.

The names below are imported from their module on first use (PEP 562): opening a plan needs its model and
file, not the quotes' arithmetic, so a start-up compiles only what it runs.
"""

# ruff: noqa: F401 - the TYPE_CHECKING imports below are the lazily exported names (`__all__` is built from _HOMES)
from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

_HOMES: dict[str, str] = {
    **dict.fromkeys(
        (
            "ALTERNATIVES_KEPT",
            "CatalogRef",
            "ChecklistState",
            "FORMAT",
            "Hardware",
            "KitResult",
            "ManualChoice",
            "Plan",
            "PlanRevision",
            "STATUSES",
            "SUFFIX",
            "Status",
            "VERSION",
            "configuration_key",
            "now_iso",
        ),
        "model",
    ),
    **dict.fromkeys(
        (
            "ChangedOnDisk",
            "MIGRATIONS",
            "file_stamp",
            "load_plan",
            "plan_bytes",
            "plan_document",
            "plan_from_dict",
            "plan_hash",
            "plan_lock",
            "refuse_export_over",
            "save_plan",
        ),
        "files",
    ),
    **dict.fromkeys(
        (
            "apply_choice",
            "catalog_ref",
            "choice_summary",
            "default_title",
            "display_title",
            "evaluate_manual",
            "hardware_for",
            "manual_from",
            "new_plan",
            "pick_alternatives",
            "plan_summary",
            "set_alternatives",
            "set_choice",
            "title_is_default",
            "validated_option",
        ),
        "making",
    ),
    **dict.fromkeys(
        (
            "AUTOSAVE_FORMAT",
            "Recoverable",
            "autosave_path_for",
            "discard_autosave",
            "find_recoverable",
            "load_autosave",
            "write_autosave",
        ),
        "autosave",
    ),
    **dict.fromkeys(
        ("BILLING_FORMS", "Quote", "QuoteFit", "QuoteSelection", "Rate", "Subsidy", "make_quote"), "quotes"
    ),
    **dict.fromkeys(("JobNeeds", "QuoteCost", "all_in_cost"), "quote_cost"),
    **dict.fromkeys(("add_quote", "get_quote", "job_key", "refresh_fits", "remove_quote", "select_quote"), "quote_ops"),
    **dict.fromkeys(
        ("Comparison", "QUOTES_NEEDED", "QuoteRow", "compare", "comparison_json", "flag_text"), "comparison"
    ),
}

__all__ = sorted(_HOMES)


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{home}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_HOMES))


if TYPE_CHECKING:  # what type checkers and readers see: the same names, imported eagerly (`X as X`:
    # an explicit re-export, since `__all__` is built at run time)
    from gpudesk.core.plan.autosave import (
        AUTOSAVE_FORMAT as AUTOSAVE_FORMAT,
        Recoverable as Recoverable,
        autosave_path_for as autosave_path_for,
        discard_autosave as discard_autosave,
        find_recoverable as find_recoverable,
        load_autosave as load_autosave,
        write_autosave as write_autosave,
    )
    from gpudesk.core.plan.files import (
        ChangedOnDisk as ChangedOnDisk,
        file_stamp as file_stamp,
        MIGRATIONS as MIGRATIONS,
        load_plan as load_plan,
        plan_bytes as plan_bytes,
        plan_document as plan_document,
        plan_from_dict as plan_from_dict,
        plan_hash as plan_hash,
        plan_lock as plan_lock,
        refuse_export_over as refuse_export_over,
        save_plan as save_plan,
    )
    from gpudesk.core.plan.comparison import (
        QUOTES_NEEDED as QUOTES_NEEDED,
        Comparison as Comparison,
        QuoteRow as QuoteRow,
        compare as compare,
        comparison_json as comparison_json,
        flag_text as flag_text,
    )
    from gpudesk.core.plan.making import (
        apply_choice as apply_choice,
        catalog_ref as catalog_ref,
        choice_summary as choice_summary,
        default_title as default_title,
        display_title as display_title,
        evaluate_manual as evaluate_manual,
        hardware_for as hardware_for,
        manual_from as manual_from,
        new_plan as new_plan,
        pick_alternatives as pick_alternatives,
        plan_summary as plan_summary,
        set_alternatives as set_alternatives,
        set_choice as set_choice,
        title_is_default as title_is_default,
        validated_option as validated_option,
    )
    from gpudesk.core.plan.model import (
        ALTERNATIVES_KEPT as ALTERNATIVES_KEPT,
        FORMAT as FORMAT,
        STATUSES as STATUSES,
        SUFFIX as SUFFIX,
        VERSION as VERSION,
        CatalogRef as CatalogRef,
        ChecklistState as ChecklistState,
        Hardware as Hardware,
        KitResult as KitResult,
        ManualChoice as ManualChoice,
        Plan as Plan,
        PlanRevision as PlanRevision,
        Status as Status,
        configuration_key as configuration_key,
        now_iso as now_iso,
    )
    from gpudesk.core.plan.quote_cost import (
        JobNeeds as JobNeeds,
        QuoteCost as QuoteCost,
        all_in_cost as all_in_cost,
    )
    from gpudesk.core.plan.quote_ops import (
        add_quote as add_quote,
        get_quote as get_quote,
        job_key as job_key,
        refresh_fits as refresh_fits,
        remove_quote as remove_quote,
        select_quote as select_quote,
    )
    from gpudesk.core.plan.quotes import (
        BILLING_FORMS as BILLING_FORMS,
        Quote as Quote,
        QuoteFit as QuoteFit,
        QuoteSelection as QuoteSelection,
        Rate as Rate,
        Subsidy as Subsidy,
        make_quote as make_quote,
    )
