#!/usr/bin/env bash
# gpudesk acceptance kit: checks this server against the rental plan and writes gpudesk-results.json
# in the current folder. Needs bash and Python 3 (nvidia-smi and PyTorch when present).
# Sends nothing over the network. Every value from the plan is read from kit.json by Python;
# none is ever part of this script's text.
#
#   bash run.sh                      # every check (about a minute; longer with PyTorch)
#   bash run.sh --burn-in 24         # plus a 24-hour burn-in of every GPU
#   bash run.sh --storage-dir /data  # run the storage test on the dataset volume
#   bash run.sh --help               # all options
set -u
KIT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"

PY=""
for candidate in python3 python; do
    if command -v "$candidate" >/dev/null 2>&1 && "$candidate" -c 'import sys; sys.exit(sys.version_info < (3, 6))' 2>/dev/null; then
        PY="$(command -v "$candidate")"
        break
    fi
done

if [ -z "$PY" ]; then
    echo "gpudesk kit: Python 3.6 or newer not found (python3 / python): no check can run." >&2
    echo "gpudesk 验收套件：未找到 Python 3.6 或更新版本（python3 / python），无法运行任何检查。" >&2
    if ! command -v nvidia-smi >/dev/null 2>&1; then
        echo "gpudesk kit: nvidia-smi not found either: no NVIDIA GPU driver on this machine." >&2
    fi
    # A minimal results file so the import says exactly what happened. The fingerprint is copied
    # from kit-fingerprint.txt (hexadecimal, written by gpudesk) after checking it is just that.
    FP="$(head -c 64 "$KIT_DIR/kit-fingerprint.txt" 2>/dev/null | tr -cd '0-9a-f')"
    printf '{"format": "gpudesk-kit-results", "schema_version": 1, "kind": "node", "complete": false, "plan": {"fingerprint": "%s"}, "error": "python3 not found", "checks": []}\n' "$FP" > gpudesk-results.json
    echo "gpudesk kit: wrote $(pwd)/gpudesk-results.json (no measurements)." >&2
    exit 2
fi

PYTHONPATH="$KIT_DIR${PYTHONPATH:+:$PYTHONPATH}" exec "$PY" -B -m gpudesk_probe run --kit "$KIT_DIR/kit.json" "$@"
