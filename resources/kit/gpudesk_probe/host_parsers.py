"""Parsers for the host's own tools: lscpu, /proc/cpuinfo, /proc/meminfo, lsblk, /proc/mounts,
fio's JSON and the kernel log's Xid lines. Pure functions over text (Python 3.6+ stdlib only)."""

import json
import re

from .parsers import integer

# --- CPU, memory, disks -------------------------------------------------------------------------


def lscpu(text):
    fields = {}
    for ln in (text or "").splitlines():
        key, sep, value = ln.partition(":")
        if sep:
            fields[key.strip()] = value.strip()
    sockets = integer(fields.get("Socket(s)"))
    cores = integer(fields.get("Core(s) per socket"))
    return {"model": fields.get("Model name"), "sockets": sockets, "cores_per_socket": cores,
            "threads_per_core": integer(fields.get("Thread(s) per core")),
            "logical_cpus": integer(fields.get("CPU(s)")),
            "physical_cores": sockets * cores if sockets and cores else None,
            "numa_nodes": integer(fields.get("NUMA node(s)"))}


def cpuinfo(text):
    """/proc/cpuinfo fallback: model name, logical CPUs, physical cores (unique core ids per socket)."""
    model, logical, cores = None, 0, set()
    phys = core = None
    for ln in (text or "").splitlines():
        key, _, value = ln.partition(":")
        key, value = key.strip(), value.strip()
        if key == "processor":
            logical += 1
        elif key == "model name" and model is None:
            model = value
        elif key == "physical id":
            phys = value
        elif key == "core id":
            core = value
            cores.add((phys, core))
    sockets = len({p for p, _ in cores}) or None
    return {"model": model, "sockets": sockets, "cores_per_socket": None, "threads_per_core": None,
            "logical_cpus": logical or None, "physical_cores": len(cores) or None, "numa_nodes": None}


def meminfo(text):
    """/proc/meminfo -> {"total_bytes", "available_bytes", "swap_total_bytes"} (the file counts kB = KiB)."""
    vals = {}
    for ln in (text or "").splitlines():
        key, _, value = ln.partition(":")
        n = integer(value)
        if n is not None:
            vals[key.strip()] = n * 1024
    return {"total_bytes": vals.get("MemTotal"), "available_bytes": vals.get("MemAvailable"),
            "swap_total_bytes": vals.get("SwapTotal")}


def lsblk_json(text):
    """`lsblk -J -b -o NAME,SIZE,TYPE,ROTA,MODEL,TRAN,MOUNTPOINT` -> whole disks."""
    try:
        doc = json.loads(text)
    except ValueError:
        return []
    out = []
    for dev in doc.get("blockdevices") or []:
        if dev.get("type") != "disk":
            continue
        rota = dev.get("rota")
        out.append({"name": dev.get("name"), "size_bytes": integer(dev.get("size")),
                    "model": (dev.get("model") or "").strip() or None,
                    "transport": dev.get("tran"),
                    "rotational": rota in (True, "1", 1, "true")})
    return out


PSEUDO_FS = {"proc", "sysfs", "devtmpfs", "devpts", "tmpfs", "cgroup", "cgroup2", "securityfs", "pstore",
             "debugfs", "tracefs", "configfs", "fusectl", "mqueue", "hugetlbfs", "bpf", "autofs", "binfmt_misc",
             "rpc_pipefs", "nsfs", "efivarfs", "squashfs", "overlay", "ramfs", "selinuxfs", "fuse.gvfsd-fuse",
             "fuse.portal", "nfsd"}


def mounts(text):
    """/proc/mounts -> [(device, mountpoint, fstype)] for real filesystems (overlay root kept)."""
    out = []
    for ln in (text or "").splitlines():
        parts = ln.split()
        if len(parts) < 3:
            continue
        dev, mnt, fs = parts[0], parts[1].replace("\\040", " "), parts[2]
        if fs in PSEUDO_FS and not (fs == "overlay" and mnt == "/"):
            continue
        out.append((dev, mnt, fs))
    return out


# --- fio, dmesg ---------------------------------------------------------------------------------


def fio_json(text):
    """fio --output-format=json: summed read/write IOPS and bandwidth (bytes/s) over the jobs."""
    start = (text or "").find("{")
    if start < 0:
        return None
    try:
        doc = json.loads(text[start:])
    except ValueError:
        return None
    jobs = doc.get("jobs") or []
    if not jobs:
        return None
    out = {"read_iops": 0.0, "write_iops": 0.0, "read_bytes_per_s": 0.0, "write_bytes_per_s": 0.0,
           "fio_version": doc.get("fio version")}
    for j in jobs:
        for side in ("read", "write"):
            s = j.get(side) or {}
            out[side + "_iops"] += float(s.get("iops") or 0)
            # `bw_bytes` (fio ≥ 3.x) is bytes/s; `bw` is KiB/s
            bw = s.get("bw_bytes")
            out[side + "_bytes_per_s"] += float(bw if bw is not None else (s.get("bw") or 0) * 1024)
    return out


_XID = re.compile(r"NVRM: Xid \(PCI:([0-9A-Fa-f:.]+)\): (\d+)(?:, pid=([^,]*))?(?:,\s*(.*))?")


def xid_events(text):
    """NVIDIA Xid lines of the kernel log: [{"bus_id", "xid", "text"}]."""
    out = []
    for ln in (text or "").splitlines():
        m = _XID.search(ln)
        if m:
            out.append({"bus_id": m.group(1), "xid": int(m.group(2)), "text": (m.group(4) or "").strip()[:200]})
    return out
