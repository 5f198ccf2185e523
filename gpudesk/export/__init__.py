"""Tables out of gpudesk: options, checklist and quotes as .csv or .xlsx (no Qt; CLI and GUI share it).

    from gpudesk.export import export_table, options_table
    export_table(options_table(rec.options, provider_names), "options.xlsx")

Row builders (`tables`) take core's objects and give one header row plus one row per option, item
or quote, in the current language (core.i18n), numbers as numbers; writers (`writers`) choose the
format by the file's suffix, escape spreadsheet formulas and write atomically.
"""

from gpudesk.export.tables import Table, checklist_table, options_table, quotes_table
from gpudesk.export.writers import FORMATS, export_table

__all__ = ["FORMATS", "Table", "checklist_table", "export_table", "options_table", "quotes_table"]
