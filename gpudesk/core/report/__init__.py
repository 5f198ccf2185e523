"""What the printed plan and the charts say, read from the plan and the search's answer (no Qt).

`report_data.build_report(plan, lang)` assembles the document from `blocks`, worded by `wording`,
section by section (`summary`, `sizing`, `alternatives`, `provider`, `signoff`), all over one
`context`; `chart_data` holds the series the app's charts and the PDF's charts both draw. Nothing
here evaluates a configuration: every figure comes from the plan (decided when its choice was made)
or from the engine's estimates stored in its options.
"""
