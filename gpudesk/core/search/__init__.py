"""The search: what to rent. Every catalogue offer × GPU count × parallel layout, ranked.

The guide's rule: derive the GPU model and cluster size from the job's memory and precision needs,
never just take the most expensive card. For every platform (an offer, or a GPU nobody offers,
shown unpriced when the user names it; `platforms`) and every GPU count (1, 2, 4, 8 inside a node,
then whole nodes), the search finds the best layout (`layout_search`, over `candidates`): the least
CPU offload that fits, then the fastest of the few layouts that a static slowness score ranks first.
Only that layout is kept per count; `ranking` prices and orders them; `options` builds the kept
answers with `advice`; `tiers` names the guide's tier; `recommender` is the API.

Speed (the GUI reruns this on every form edit) comes from what does not depend on the GPU model:
memory per GPU depends on the job and layout only (the GPU decides only whether it fits), so it is
computed once per (job variant, dp, tp, pp, zero, offload) and reused across GPU models; time once
per (GPU, node topology, count, layout); cost per offer is arithmetic. Pydantic `Option`s are built
only for the survivors.

Accounting: `searched` counts configurations (platform × GPU count × layout) and every one ends in
`feasible` (the best layout per platform and count) or in `rejected[reason]`; offers dropped by
the user's filters count under "provider_filtered" / "gpu_filtered" per offer, and GPUs nobody offers
(searched only when named) under "no_offer" per GPU.
"""

from gpudesk.core.search.layout_search import Cancelled
from gpudesk.core.search.recommender import FixedLayout, Recommendation, evaluate, recommend, recommendation_json

__all__ = ["Cancelled", "FixedLayout", "Recommendation", "evaluate", "recommend", "recommendation_json"]
