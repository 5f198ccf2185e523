"""Model architectures: read a Hugging Face config.json, or a bare parameter count, and count parameters.

The one import for callers: the config readers (gpudesk.core.engine.hf_config) and the counting and the
bare-count stand-in (gpudesk.core.engine.counting), which the readers build on.
"""

from __future__ import annotations

from gpudesk.core.engine.counting import ParamCounts, count_params, from_params, model_name, model_notes
from gpudesk.core.engine.hf_config import FAMILIES, from_config_file, from_hf_config

__all__ = [
    "FAMILIES",
    "ParamCounts",
    "count_params",
    "from_config_file",
    "from_hf_config",
    "from_params",
    "model_name",
    "model_notes",
]
