"""What the machine has: GPUs (nvidia-smi), topology, driver/CUDA, PyTorch, CPU, RAM, disks,
filesystems, kernel-log Xid errors. Commands run without a shell, with timeouts; a missing tool
is recorded, never fatal. Python 3.6+ standard library only."""

import os
import platform
import shutil
import socket
import subprocess

from . import host_parsers, parsers


def run(cmd, timeout=60):
    """(returncode, stdout, stderr) of a command given as a list; (None, '', why) when it cannot run."""
    try:
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=timeout,
                           universal_newlines=True, errors="replace")
        return p.returncode, p.stdout, p.stderr
    except FileNotFoundError:
        return None, "", "not found"
    except subprocess.TimeoutExpired:
        return None, "", "timed out after {} s".format(timeout)
    except OSError as exc:
        return None, "", str(exc)


def read(path):
    try:
        with open(path, encoding="utf-8", errors="replace") as fh:
            return fh.read()
    except OSError:
        return None


def tools():
    found = {}
    for name in ("nvidia-smi", "fio", "lscpu", "lsblk", "dmesg", "journalctl", "torchrun", "sbatch", "ibstat"):
        found[name] = shutil.which(name)
    return found


def host():
    return {"hostname": socket.gethostname(), "kernel": platform.release(), "os": _os_name(),
            "python": platform.python_version(), "machine": platform.machine()}


def _os_name():
    text = read("/etc/os-release") or ""
    for ln in text.splitlines():
        if ln.startswith("PRETTY_NAME="):
            return ln.split("=", 1)[1].strip().strip('"')
    return platform.system()


# --- GPUs ---------------------------------------------------------------------------------------


def query_gpus(smi):
    """`nvidia-smi --query-gpu` with the probe's fields, trying the clock-reason field's new and old
    names, then the fields alone, then a minimal set (older drivers reject unknown fields)."""
    attempts = [parsers.GPU_FIELDS + (f,) for f in parsers.REASON_FIELDS]
    attempts += [parsers.GPU_FIELDS, ("index", "name", "uuid", "serial", "memory.total", "driver_version",
                                      "temperature.gpu", "power.draw", "power.limit")]
    err = ""
    for fields in attempts:
        rc, out, err = run([smi, "--query-gpu=" + ",".join(fields), "--format=csv"])
        if rc == 0:
            return parsers.gpus_from_query(parsers.query_csv(out)), None
    return None, (err or "").strip().splitlines()[-1:] or ["failed"]


def gpu_inventory(smi):
    """{"gpus": [...], "driver_version", "cuda_version", "topology", "raw": {...}, "error"}."""
    out = {"gpus": [], "driver_version": None, "cuda_version": None, "topology": None, "error": None, "raw": {}}
    gpus, err = query_gpus(smi)
    if gpus is None:
        out["error"] = err[0] if err else "nvidia-smi failed"
        rc, text, stderr = run([smi])
        out["raw"]["nvidia-smi"] = (text or stderr)[-2000:]
        return out
    rc, q, _ = run([smi, "-q"], timeout=120)
    detail = parsers.gpus_from_q(q) if rc == 0 else {"gpus": []}
    out["raw"]["nvidia-smi -q"] = q[:200000] if rc == 0 else None
    out["gpus"] = parsers.merge_gpu_records(gpus, detail)
    out["driver_version"] = detail.get("driver_version") or (gpus[0].get("driver_version") if gpus else None)
    out["cuda_version"] = detail.get("cuda_version")
    if not out["cuda_version"]:
        rc, text, _ = run([smi])
        out["cuda_version"] = parsers.nvidia_smi_versions(text)[1] if rc == 0 else None
    rc, topo, _ = run([smi, "topo", "-m"])
    out["raw"]["nvidia-smi topo -m"] = topo if rc == 0 else None
    out["topology"] = parsers.topo_matrix(topo) if rc == 0 else None
    return out


def sample_gpus(smi):
    """One quick sample of temperature, power, clocks and clock event reasons per GPU."""
    for reason in parsers.REASON_FIELDS:
        fields = ("index", "temperature.gpu", "power.draw", "clocks.sm", "utilization.gpu",
                  "ecc.errors.uncorrected.volatile.total", "ecc.errors.corrected.volatile.total", reason)
        rc, out, _ = run([smi, "--query-gpu=" + ",".join(fields), "--format=csv"], timeout=30)
        if rc == 0:
            return parsers.gpus_from_query(parsers.query_csv(out))
    rc, out, _ = run([smi, "--query-gpu=index,temperature.gpu,power.draw,clocks.sm", "--format=csv"], timeout=30)
    return parsers.gpus_from_query(parsers.query_csv(out)) if rc == 0 else []


# --- PyTorch ------------------------------------------------------------------------------------


def torch_info():
    """PyTorch version and CUDA state; {"installed": False, "error": ...} when it cannot be imported."""
    try:
        import torch  # noqa: F401 - optional on the server
    except Exception as exc:  # a broken install raises more than ImportError
        return {"installed": False, "error": None if isinstance(exc, ImportError) else str(exc)[:200]}
    import torch
    info = {"installed": True, "version": getattr(torch, "__version__", None),
            "cuda": getattr(torch.version, "cuda", None), "available": False, "device_count": 0, "device_name": None,
            "nccl": None, "bf16": None}
    try:
        info["available"] = bool(torch.cuda.is_available())
        if info["available"]:
            info["device_count"] = torch.cuda.device_count()
            info["device_name"] = torch.cuda.get_device_name(0)
            info["bf16"] = bool(torch.cuda.is_bf16_supported())
            if hasattr(torch.cuda, "nccl"):
                v = torch.cuda.nccl.version()
                info["nccl"] = ".".join(map(str, v)) if isinstance(v, tuple) else str(v)
    except Exception as exc:  # noqa: BLE001 - a CUDA init failure is a finding, not a crash
        info["error"] = str(exc)[:200]
        info["available"] = False
    return info


# --- host ---------------------------------------------------------------------------------------


def cpu():
    rc, out, _ = run(["lscpu"])
    if rc == 0 and out:
        info = host_parsers.lscpu(out)
        if info.get("model"):
            return info
    info = host_parsers.cpuinfo(read("/proc/cpuinfo") or "")
    info["logical_cpus"] = info.get("logical_cpus") or os.cpu_count()
    return info


def memory():
    return host_parsers.meminfo(read("/proc/meminfo") or "")


def disks():
    rc, out, _ = run(["lsblk", "-J", "-b", "-o", "NAME,SIZE,TYPE,ROTA,MODEL,TRAN"])
    if rc == 0:
        return host_parsers.lsblk_json(out)
    found = []
    for name in sorted(os.listdir("/sys/block")) if os.path.isdir("/sys/block") else []:
        if name.startswith(("loop", "ram", "zram", "dm-")):
            continue
        size = read("/sys/block/{}/size".format(name))
        rota = read("/sys/block/{}/queue/rotational".format(name))
        model = read("/sys/block/{}/device/model".format(name))
        found.append({"name": name, "size_bytes": int(size) * 512 if size and size.strip().isdigit() else None,
                      "model": (model or "").strip() or None, "transport": None,
                      "rotational": (rota or "").strip() == "1"})
    return found


def filesystems():
    out = []
    seen = set()
    for dev, mnt, fs in host_parsers.mounts(read("/proc/mounts") or ""):
        if mnt in seen:
            continue
        seen.add(mnt)
        try:
            st = os.statvfs(mnt)
        except OSError:
            continue
        out.append({"device": dev, "mount": mnt, "fs": fs, "size_bytes": st.f_blocks * st.f_frsize,
                    "free_bytes": st.f_bavail * st.f_frsize})
    return out


def filesystem_of(path):
    """The mount (and its type) holding `path`: the longest mount point that prefixes it."""
    path = os.path.realpath(path)
    best = None
    for _dev, mnt, fs in host_parsers.mounts(read("/proc/mounts") or "") or []:
        if path == mnt or path.startswith(mnt.rstrip("/") + "/") or mnt == "/":
            if best is None or len(mnt) > len(best[0]):
                best = (mnt, fs)
    if best is None:
        for ln in (read("/proc/mounts") or "").splitlines():
            parts = ln.split()
            if len(parts) >= 3 and parts[1] == "/":
                best = ("/", parts[2])
    return best or (None, None)


def kernel_xid():
    """Xid lines from dmesg (needs privileges on many systems), else from journalctl -k."""
    rc, out, err = run(["dmesg"], timeout=30)
    if rc == 0 and out:
        return {"readable": True, "source": "dmesg", "events": host_parsers.xid_events(out)}
    rc2, out2, _ = run(["journalctl", "-k", "--no-pager", "-q", "-b"], timeout=60)
    if rc2 == 0 and out2:
        return {"readable": True, "source": "journalctl -k", "events": host_parsers.xid_events(out2)}
    return {"readable": False, "source": None, "events": [], "error": (err or "").strip()[:200] or None}
