"""The engine: one job on one layout and cluster — architecture (parameter counts), memory per GPU,
training time, cost, and the full estimate with its notes. Nothing here searches or ranks."""
