"""What core is handed instead of opening the catalogue itself (core never imports gpudesk.catalog).

The CLI and the GUI open the catalogue (`gpudesk.catalog.open_catalog()`) and pass it down; any
object with these methods will do (tests pass small fakes). Rows are the catalogue's pydantic
models (GPUs are `gpudesk.core.models.GpuSpec`; node types, providers and offers carry the
attributes the callers read, e.g. `topology`, `name_zh`, `price_per_gpu_hour`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol, runtime_checkable

from gpudesk.core.models import GpuSpec


@runtime_checkable
class Catalogue(Protocol):
    """The read side of the catalogue that core uses. Lookups by id raise a GpudeskError (a
    CatalogError naming close matches) for an unknown id."""

    @property
    def meta(self) -> Any: ...  # catalog_date, content_hash

    def gpus(self) -> Sequence[GpuSpec]: ...

    def servers(self) -> Sequence[Any]: ...

    def providers(self) -> Sequence[Any]: ...

    def offers(self) -> Sequence[Any]: ...

    def gpu(self, gpu_id: str) -> GpuSpec: ...

    def server(self, server_id: str) -> Any: ...

    def provider(self, provider_id: str) -> Any: ...

    def offer(self, offer_id: str) -> Any: ...
