"""gpudesk acceptance kit: the probe that runs on the rented servers.

Python 3.6+ standard library only (the servers have no gpudesk); PyTorch is used when it is
installed. It never opens a network connection except between the cluster's own nodes (the
cross-node all_reduce that torchrun starts). Plan values come from kit.json, never from shell text.
"""

KIT_VERSION = 1  # the kit.json format this probe reads
RESULTS_FORMAT = "gpudesk-kit-results"
SCHEMA_VERSION = 1  # gpudesk-results.json; gpudesk refuses newer versions than it knows
PROBE_VERSION = "1.0"
