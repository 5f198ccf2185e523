"""What one advice rule may look at (`AdviceContext`): the job, the GPU, the layout and the figures of one
option. Its own module so the rule sets (`advice`, `advice_stack`) both build on it without importing
each other."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from gpudesk.core.models import (
    Advice,
    CostEstimate,
    GpuSpec,
    Job,
    MemoryEstimate,
    Option,
    OptionLayout,
    TimeEstimate,
)


@dataclass
class AdviceContext:
    """What one rule may look at. `server`/`offer` are catalogue rows (or None when unknown)."""

    job: Job
    gpu: GpuSpec
    gpus: int
    nodes: int
    gpus_per_node: int
    layout: OptionLayout
    memory: MemoryEstimate | None = None
    time: TimeEstimate | None = None
    cost: CostEstimate | None = None
    server: Any = None
    offer: Any = None
    topology: str = "pcie"  # "nvswitch" | "nvlink-bridge" | "pcie"
    network: str | None = None  # "infiniband" | "roce" | "ethernet" | None
    host: dict[str, Any] = field(default_factory=dict)  # needs: ram_bytes, nvme_bytes; has: server_*

    @classmethod
    def of_option(
        cls, option: Option, job: Job, gpu: GpuSpec, *, server: Any, offer: Any, topology: str, network: str | None
    ) -> AdviceContext:
        """The context of an option built (its shape, layout, figures and host), beside its catalogue rows."""
        taken = {name: getattr(option, name) for name in OPTION_FIELDS}
        return cls(
            job=job,
            gpu=gpu,
            server=server,
            offer=offer,
            topology=topology,
            network=network,
            host=dict(option.host),
            **taken,
        )


# what a context takes from an option as it is, under the same names
OPTION_FIELDS = ("gpus", "nodes", "gpus_per_node", "layout", "memory", "time", "cost")


Severity = Literal["info", "warning", "critical"]


def rule_advice(id: str, severity: Severity, template: str | None = None, **params: Any) -> Advice:
    """What a rule says: its stable id, its severity and the parameters of its message (core.messages:
    the template keyed by `template`, else by the id), worded only when shown."""
    return Advice.model_construct(id=id, severity=severity, params=params, template=template, text={})
