"""The acceptance kit, gpudesk's side: plan -> kit folder and zip (`generate`), the results file's
schema and checks (`results`), results -> checklist items and measured-vs-planned (`apply`), and
the plan's MFU and memory overhead recalibrated from the measurement (`recalibrate`).

The server side (run.sh and the stdlib-only probe) ships as files under resources/kit/. Its
verdict rules (`gpudesk_probe.judge`) are the one home of pass/fail: the probe prints them on the
server and `probe.judge()` loads the same module here to re-judge a results file against the plan.
Pure Python, no Qt; never imports gpudesk.catalog, cli or ui.
"""
