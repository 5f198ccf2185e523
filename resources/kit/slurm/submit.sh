#!/usr/bin/env bash
# Submit the cross-node all_reduce test with the plan's node count and GPUs per node (read from
# kit.json by Python as two whole numbers; never pasted into this script).
#   bash slurm/submit.sh [extra sbatch options, e.g. --partition=gpu]
set -u
KIT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
read -r NODES GPUS < <(PYTHONPATH="$KIT_DIR" python3 -B -m gpudesk_probe slurm-args --kit "$KIT_DIR/kit.json") || exit 2
case "$NODES$GPUS" in (*[!0-9]*|"") echo "gpudesk kit: bad node layout" >&2; exit 2;; esac
GPUDESK_KIT_DIR="$KIT_DIR" exec sbatch --nodes="$NODES" --gpus-per-node="$GPUS" "$@" "$KIT_DIR/slurm/allreduce.sbatch"
