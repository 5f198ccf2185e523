"""The host a plan's choice needs per node, as a person orders it: RAM in GiB rounded up to a size servers
are sold with, local NVMe, and the CPU (the generic text in the reader's language). Figures come from the
option's `host` block (core.search) and core.rules; nothing is estimated here."""

from __future__ import annotations

from dataclasses import dataclass

from gpudesk.core.i18n import t
from gpudesk.core.models import Option
from gpudesk.core.rules import CHECKPOINTS_KEPT, GENERIC_CPU, host_ram_to_order


@dataclass(frozen=True)
class HostFacts:
    ram_need_bytes: int | None  # what the job needs per node (the guide's floor included)
    ram_order_bytes: int | None  # the server memory size to order for it
    ram_server_bytes: int | None  # what the catalogue's server type has, when known
    nvme_need_bytes: int | None
    nvme_server_bytes: int | None
    checkpoints: int = CHECKPOINTS_KEPT


def _bytes(value: int | float | str | None) -> int | None:
    """A byte count of the option's host block (whole numbers; a float read from JSON is one too)."""
    return int(value) if isinstance(value, (int, float)) else None


def host_facts(o: Option) -> HostFacts:
    h = o.host or {}
    need = max(int(h.get("ram_bytes") or 0), int(o.memory.host_ram_bytes or 0)) or None
    return HostFacts(
        need,
        host_ram_to_order(need),
        _bytes(h.get("server_ram_bytes")),
        _bytes(h.get("nvme_bytes")),
        _bytes(h.get("server_nvme_bytes")),
    )


def host_cpu(cpu: str | None) -> str:
    """The CPU to order in the current language: the server's named CPU ("2× AMD EPYC 7742（每颗 64 核）"
    in Chinese, as units.cpu words it), else the guide's rule (a plan made in Chinese stores the rule in
    Chinese; an English report prints it in English)."""
    if not cpu or cpu in GENERIC_CPU:
        return t(*GENERIC_CPU)
    from gpudesk.core import units

    return units.cpu(cpu)
