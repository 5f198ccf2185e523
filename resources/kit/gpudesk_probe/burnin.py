"""GPU sampling under load, and the optional burn-in (`--burn-in HOURS`): every GPU trains the
synthetic model for the given time while nvidia-smi is sampled; recorded are the temperature
range and spread across GPUs, clock event (throttle) reasons, ECC error counts and Xid events
over time. Python 3.6+ standard library only."""

import threading
import time

from . import inventory


class Sampler:
    """Samples `nvidia-smi --query-gpu` every `interval` seconds in a thread; keeps per-GPU
    extremes, the reasons seen, and a time series thinned to one row per `keep_every` seconds."""

    def __init__(self, smi, interval=2.0, keep_every=60.0):
        self.smi, self.interval, self.keep_every = smi, interval, keep_every
        self.stats, self.series = {}, []
        self._stop = threading.Event()
        self._thread = None
        self._last_kept = 0.0
        self.t0 = time.time()

    def start(self):
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()
        return self

    def stop(self):
        self._stop.set()
        if self._thread:
            self._thread.join(timeout=self.interval * 3 + 30)
        return self

    def _run(self):
        while not self._stop.is_set():
            self.sample()
            self._stop.wait(self.interval)

    def sample(self):
        rows = inventory.sample_gpus(self.smi) if self.smi else []
        now = time.time()
        for g in rows:
            key = str(g.get("index"))
            s = self.stats.setdefault(key, {"max_c": None, "min_c": None, "max_power_w": None, "reasons": [],
                                            "ecc_uncorrected_first": None, "ecc_uncorrected_last": None,
                                            "ecc_corrected_first": None, "ecc_corrected_last": None, "samples": 0})
            s["samples"] += 1
            temp, power = g.get("temperature_c"), g.get("power_draw_w")
            if temp is not None:
                s["max_c"] = temp if s["max_c"] is None else max(s["max_c"], temp)
                s["min_c"] = temp if s["min_c"] is None else min(s["min_c"], temp)
            if power is not None:
                s["max_power_w"] = power if s["max_power_w"] is None else max(s["max_power_w"], power)
            for r in g.get("clock_event_reasons") or []:
                if r not in s["reasons"] and r != "gpu_idle":
                    s["reasons"].append(r)
            for field, name in (("ecc_uncorrected_volatile", "ecc_uncorrected"), ("ecc_corrected_volatile", "ecc_corrected")):
                v = g.get(field)
                if v is not None:
                    if s[name + "_first"] is None:
                        s[name + "_first"] = v
                    s[name + "_last"] = v
        if rows and now - self._last_kept >= self.keep_every:
            self._last_kept = now
            self.series.append({"t_s": round(now - self.t0), "temps_c": [g.get("temperature_c") for g in rows],
                                "power_w": [g.get("power_draw_w") for g in rows],
                                "sm_mhz": [g.get("clocks_sm_mhz") for g in rows],
                                "reasons": [g.get("clock_event_reasons") or [] for g in rows]})

    def summary(self):
        maxes = [s["max_c"] for s in self.stats.values() if s["max_c"] is not None]
        return {"gpus": self.stats, "series": self.series, "seconds": round(time.time() - self.t0),
                "hottest_c": max(maxes) if maxes else None,
                "spread_c": (max(maxes) - min(maxes)) if len(maxes) > 1 else 0.0}


def burn_in(smi, cfg, gpus, hours, progress=None):
    """Train on every GPU for `hours` while sampling every 10 s; Xid events counted before and after."""
    from . import bench_torch
    seconds = max(60.0, float(hours) * 3600)
    xid_before = inventory.kernel_xid()
    sampler = Sampler(smi, interval=10.0, keep_every=60.0).start()
    if progress:
        progress(seconds)
    try:
        train = bench_torch.train_all(cfg, gpus, seconds, timeout_s=seconds + 1800)
    finally:
        sampler.stop()
    xid_after = inventory.kernel_xid()
    new = []
    if xid_before.get("readable") and xid_after.get("readable"):
        new = xid_after["events"][len(xid_before["events"]):]
    out = sampler.summary()
    out.update({"hours": float(hours), "training": {k: v for k, v in train.items() if k != "per_gpu"},
                "xid_new": new, "xid_readable": bool(xid_after.get("readable"))})
    for s in out["gpus"].values():
        first, last = s.get("ecc_corrected_first"), s.get("ecc_corrected_last")
        s["ecc_corrected_delta"] = (last - first) if (first is not None and last is not None) else None
        first, last = s.get("ecc_uncorrected_first"), s.get("ecc_uncorrected_last")
        s["ecc_uncorrected_delta"] = (last - first) if (first is not None and last is not None) else None
    return out
