"""Parsers for what the server's tools print. Pure functions over text, no I/O (unit-tested on
recorded outputs). Python 3.6+ standard library only.

- `nvidia-smi --query-gpu=FIELDS --format=csv[,nounits]`: a header of field names (units in
  brackets, e.g. `memory.total [MiB]`), then one comma-separated line per GPU; unsupported fields
  read `[N/A]`, `N/A` or `[Not Supported]`.
- `nvidia-smi -q`: an indented tree (4 spaces a level) of `Key : Value` lines and bare section
  titles, one `GPU 00000000:07:00.0` section per GPU.
- `nvidia-smi topo -m`: a tab-separated matrix (the header is underlined with ANSI escapes when
  printed to a terminal); cells X, NV#, PIX, PXB, PHB, NODE, SYS; then a legend.
"""

import csv
import io
import re

NA_VALUES = {"", "n/a", "[n/a]", "[not supported]", "not supported", "[unknown error]", "unknown error",
             "[insufficient permissions]", "[gpu is lost]", "nan", "none", "[not found]"}
_ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")
_NUMBER = re.compile(r"[-+]?\d+(?:\.\d+)?")


def strip_ansi(text):
    return _ANSI.sub("", text or "")


def is_na(value):
    return value is None or str(value).strip().lower() in NA_VALUES


def number(value):
    """The first number in a value like '81920 MiB', '400.00 W', '16x', '35 C'; None for N/A."""
    if is_na(value):
        return None
    m = _NUMBER.search(str(value).replace(",", ""))
    return float(m.group(0)) if m else None


def integer(value):
    x = number(value)
    return int(round(x)) if x is not None else None


def hex_int(value):
    """'0x0000000000000004' -> 4 (clock event reason masks); None for N/A."""
    if is_na(value):
        return None
    text = str(value).strip()
    try:
        return int(text, 16) if text.lower().startswith("0x") else int(text)
    except ValueError:
        return None


# --- nvidia-smi --query-gpu ----------------------------------------------------------------------

# The header shows a field's canonical name, not the alias queried (`clocks.sm` prints as
# `clocks.current.sm [MHz]`): map them back onto the names the probe asks for.
HEADER_ALIASES = {"clocks.current.sm": "clocks.sm", "clocks.current.memory": "clocks.mem",
                  "clocks.max.memory": "clocks.max.mem", "clocks.current.graphics": "clocks.gr",
                  "clocks.max.graphics": "clocks.max.gr", "gpu_name": "name", "gpu_uuid": "uuid",
                  "gpu_serial": "serial", "gpu_bus_id": "pci.bus_id", "clocks_throttle_reasons.active":
                  "clocks_event_reasons.active"}


def query_csv(text):
    """Rows of `nvidia-smi --query-gpu=... --format=csv` as dicts keyed by field name (units dropped
    from the header; N/A values become None, the rest stay text)."""
    text = strip_ansi(text).strip()
    if not text:
        return []
    lines = [ln for ln in text.splitlines() if ln.strip()]
    reader = csv.reader(io.StringIO("\n".join(lines)), skipinitialspace=True)
    rows = list(reader)
    if not rows:
        return []
    header = [re.sub(r"\s*\[.*\]\s*$", "", h).strip() for h in rows[0]]
    header = [HEADER_ALIASES.get(h, h) for h in header]
    out = []
    for raw in rows[1:]:
        if len(raw) != len(header):
            continue  # a warning line or a wrapped message, not a GPU row
        out.append({k: (None if is_na(v) else v.strip()) for k, v in zip(header, raw)})
    return out


# The fields the probe queries (all documented in `nvidia-smi --help-query-gpu`), in one call.
GPU_FIELDS = (
    "index", "name", "uuid", "serial", "pci.bus_id", "memory.total", "memory.used", "driver_version",
    "vbios_version", "power.draw", "power.limit", "power.default_limit", "power.max_limit",
    "enforced.power.limit", "temperature.gpu", "clocks.sm", "clocks.mem", "clocks.max.sm",
    "clocks.max.mem", "utilization.gpu", "ecc.mode.current", "ecc.errors.corrected.volatile.total",
    "ecc.errors.uncorrected.volatile.total", "ecc.errors.corrected.aggregate.total",
    "ecc.errors.uncorrected.aggregate.total", "pcie.link.gen.current", "pcie.link.gen.max",
    "pcie.link.width.current", "pcie.link.width.max", "persistence_mode", "compute_mode",
)
# Renamed in driver R535 (clocks_throttle_reasons -> clocks_event_reasons); the probe tries both.
REASON_FIELDS = ("clocks_event_reasons.active", "clocks_throttle_reasons.active")

# Bits of the clock event reason mask (NVML nvmlClocksEventReasons / nvidia-smi --help-query-gpu).
REASON_BITS = {
    0x1: "gpu_idle", 0x2: "applications_clocks_setting", 0x4: "sw_power_cap", 0x8: "hw_slowdown",
    0x10: "sync_boost", 0x20: "sw_thermal_slowdown", 0x40: "hw_thermal_slowdown",
    0x80: "hw_power_brake_slowdown", 0x100: "display_clock_setting",
}
THERMAL_REASONS = ("sw_thermal_slowdown", "hw_thermal_slowdown")
SLOWDOWN_REASONS = ("sw_thermal_slowdown", "hw_thermal_slowdown", "hw_slowdown", "hw_power_brake_slowdown")


def reasons_from_mask(mask):
    if mask is None:
        return []
    return [name for bit, name in sorted(REASON_BITS.items()) if mask & bit]


def gpus_from_query(rows):
    """Typed GPU records from query_csv rows."""
    gpus = []
    for r in rows:
        mask = hex_int(r.get("clocks_event_reasons.active") or r.get("clocks_throttle_reasons.active"))
        gpus.append({
            "index": integer(r.get("index")),
            "name": r.get("name"),
            "uuid": r.get("uuid"),
            "serial": r.get("serial"),
            "bus_id": r.get("pci.bus_id"),
            "memory_total_mib": integer(r.get("memory.total")),
            "memory_used_mib": integer(r.get("memory.used")),
            "driver_version": r.get("driver_version"),
            "vbios_version": r.get("vbios_version"),
            "power_draw_w": number(r.get("power.draw")),
            "power_limit_w": number(r.get("enforced.power.limit")) or number(r.get("power.limit")),
            "power_default_limit_w": number(r.get("power.default_limit")),
            "power_max_limit_w": number(r.get("power.max_limit")),
            "temperature_c": number(r.get("temperature.gpu")),
            "clocks_sm_mhz": number(r.get("clocks.sm")),
            "clocks_mem_mhz": number(r.get("clocks.mem")),
            "clocks_max_sm_mhz": number(r.get("clocks.max.sm")),
            "clocks_max_mem_mhz": number(r.get("clocks.max.mem")),
            "utilization_pct": number(r.get("utilization.gpu")),
            "ecc_mode": r.get("ecc.mode.current"),
            "ecc_corrected_volatile": integer(r.get("ecc.errors.corrected.volatile.total")),
            "ecc_uncorrected_volatile": integer(r.get("ecc.errors.uncorrected.volatile.total")),
            "ecc_corrected_aggregate": integer(r.get("ecc.errors.corrected.aggregate.total")),
            "ecc_uncorrected_aggregate": integer(r.get("ecc.errors.uncorrected.aggregate.total")),
            "pcie_gen_current": integer(r.get("pcie.link.gen.current")),
            "pcie_gen_max": integer(r.get("pcie.link.gen.max")),
            "pcie_width_current": integer(r.get("pcie.link.width.current")),
            "pcie_width_max": integer(r.get("pcie.link.width.max")),
            "persistence_mode": r.get("persistence_mode"),
            "compute_mode": r.get("compute_mode"),
            "clock_event_mask": mask,
            "clock_event_reasons": reasons_from_mask(mask),
        })
    return gpus


# --- nvidia-smi -q -------------------------------------------------------------------------------


def q_tree(text):
    """`nvidia-smi -q` as nested dicts: {key: value or {children}}; repeated keys get ' #2', ' #3'."""
    root = {}
    stack = [(-1, root)]
    for raw in strip_ansi(text).splitlines():
        if not raw.strip() or raw.strip().startswith("="):
            continue
        indent = len(raw) - len(raw.lstrip(" "))
        line = raw.strip()
        while stack and stack[-1][0] >= indent:
            stack.pop()
        parent = stack[-1][1] if stack else root
        if " : " in line or line.endswith(" :") or re.match(r"^[^:]+?\s+:\s", line + " "):
            key, _, value = line.partition(":")
            key, value = key.strip(), value.strip()
            name = _unique(parent, key)
            parent[name] = value
            stack.append((indent, {}))  # a value line has no children; swallow stray deeper lines
        else:
            name = _unique(parent, line)
            node = {}
            parent[name] = node
            stack.append((indent, node))
    return root


def _unique(parent, key):
    if key not in parent:
        return key
    n = 2
    while "%s #%d" % (key, n) in parent:
        n += 1
    return "%s #%d" % (key, n)


def _get(node, *path):
    for key in path:
        if not isinstance(node, dict):
            return None
        node = node.get(key)
    return node


def _first(node, *paths):
    for path in paths:
        v = _get(node, *path)
        if v is not None:
            return v
    return None


def _sum_ecc(section, uncorrectable):
    """Uncorrectable (or correctable) ECC count of a Volatile/Aggregate block, across driver formats:
    R510+ `DRAM Uncorrectable`, `SRAM Uncorrectable` (R550: `SRAM Uncorrectable Parity`,
    `SRAM Uncorrectable SEC-DED`); older `Double Bit` (`Single Bit`) > `Total`."""
    if not isinstance(section, dict):
        return None
    total, seen = 0, False
    for key, value in section.items():
        low = key.lower()
        wanted = "uncorrectable" in low if uncorrectable else ("correctable" in low and "uncorrectable" not in low)
        if wanted and not isinstance(value, dict) and integer(value) is not None:
            total, seen = total + integer(value), True
    bits = _get(section, "Double Bit" if uncorrectable else "Single Bit", "Total")
    if bits is not None and integer(bits) is not None:
        total, seen = total + integer(bits), True
    return total if seen else None


def _na_none(value):
    return None if is_na(value) or isinstance(value, dict) else value


def _yes(value):
    if is_na(value):
        return None
    return str(value).strip().lower() in ("yes", "active", "enabled", "true")


def _reasons(block):
    """Active clock event reasons of a `Clocks Event Reasons` (older: `Clocks Throttle Reasons`) block."""
    if not isinstance(block, dict):
        return None
    names = {"idle": "gpu_idle", "applications clocks setting": "applications_clocks_setting",
             "sw power cap": "sw_power_cap", "hw slowdown": "hw_slowdown", "hw thermal slowdown": "hw_thermal_slowdown",
             "hw power brake slowdown": "hw_power_brake_slowdown", "sync boost": "sync_boost",
             "sw thermal slowdown": "sw_thermal_slowdown", "display clock setting": "display_clock_setting"}
    active = []

    def walk(node):
        for key, value in node.items():
            if isinstance(value, dict):
                walk(value)
            elif _yes(value):
                active.append(names.get(key.split(" #")[0].strip().lower(), key.lower().replace(" ", "_")))
    walk(block)
    return active


def gpus_from_q(text):
    """Per-GPU health from `nvidia-smi -q`: ECC, retired pages / remapped rows, temperatures, power,
    clock event reasons, PCIe link. Plus the driver and CUDA versions of the header."""
    tree = q_tree(text)
    out = {"driver_version": tree.get("Driver Version"), "cuda_version": tree.get("CUDA Version"),
           "attached_gpus": integer(tree.get("Attached GPUs")), "gpus": []}
    for key, gpu in tree.items():
        if not key.startswith("GPU ") or not isinstance(gpu, dict):
            continue
        ecc = gpu.get("ECC Errors") if isinstance(gpu.get("ECC Errors"), dict) else {}
        rows = gpu.get("Remapped Rows")
        pages = gpu.get("Retired Pages") if isinstance(gpu.get("Retired Pages"), dict) else {}
        power = _first(gpu, ("GPU Power Readings",), ("Power Readings",)) or {}
        temp = gpu.get("Temperature") if isinstance(gpu.get("Temperature"), dict) else {}
        link = _get(gpu, "PCI", "GPU Link Info") or {}
        reasons = _reasons(_first(gpu, ("Clocks Event Reasons",), ("Clocks Throttle Reasons",)))
        rec = {
            "bus_id": key[4:].strip(),
            "name": gpu.get("Product Name"),
            "serial": None if is_na(gpu.get("Serial Number")) else gpu.get("Serial Number"),
            "uuid": gpu.get("GPU UUID"),
            "ecc_mode": _na_none(_first(gpu, ("ECC Mode", "Current"), ("Ecc Mode", "Current"))),  # R4xx: "Ecc Mode"
            "ecc_uncorrected_volatile": _sum_ecc(ecc.get("Volatile"), True),
            "ecc_uncorrected_aggregate": _sum_ecc(ecc.get("Aggregate"), True),
            "ecc_corrected_volatile": _sum_ecc(ecc.get("Volatile"), False),
            "ecc_corrected_aggregate": _sum_ecc(ecc.get("Aggregate"), False),
            "retired_pages_pending": _yes(pages.get("Pending Page Blacklist") or pages.get("Pending")),
            "remapped_rows": None,
            "temperature_c": number(temp.get("GPU Current Temp")),
            "temperature_slowdown_c": number(temp.get("GPU Slowdown Temp")),
            "temperature_shutdown_c": number(temp.get("GPU Shutdown Temp")),
            "temperature_max_operating_c": number(temp.get("GPU Max Operating Temp")),
            "power_draw_w": number(power.get("Power Draw")),
            "power_limit_w": number(power.get("Current Power Limit") or power.get("Enforced Power Limit")
                                    or power.get("Power Limit")),
            "power_default_limit_w": number(power.get("Default Power Limit")),
            "power_max_limit_w": number(power.get("Max Power Limit")),
            "pcie_gen_max": integer(_get(link, "PCIe Generation", "Max")),
            "pcie_gen_current": integer(_get(link, "PCIe Generation", "Current")),
            "pcie_width_max": integer(_get(link, "Link Width", "Max")),
            "pcie_width_current": integer(_get(link, "Link Width", "Current")),
            "clock_event_reasons": reasons,
        }
        if isinstance(rows, dict):
            rec["remapped_rows"] = {
                "correctable": integer(rows.get("Correctable Error")),
                "uncorrectable": integer(rows.get("Uncorrectable Error")),
                "pending": _yes(rows.get("Pending")),
                "failure": _yes(rows.get("Remapping Failure Occurred")),
            }
        out["gpus"].append(rec)
    return out


# --- nvidia-smi topo -m --------------------------------------------------------------------------

_DEVICE = re.compile(r"^(GPU\d+|NIC\d+|mlx\d+_\d+|mlx\S+)$")


def topo_matrix(text):
    """`nvidia-smi topo -m` -> {"gpus": [names], "nics": [names], "links": {"GPU0": {"GPU1": "NV12", ...}},
    "nic_names": {"NIC0": "mlx5_0"}, "affinity": {"GPU0": {"cpu": "0-63", "numa": "0"}}}."""
    lines = [strip_ansi(ln).rstrip("\r") for ln in (text or "").splitlines()]
    header_at = None
    for i, ln in enumerate(lines):
        cells = [c.strip() for c in re.split(r"\t+| {2,}", ln.strip())]
        if cells and cells[0].startswith("GPU0") and not any(c == "X" for c in cells):
            header_at = i
            break
    if header_at is None:
        return None
    header = [c.strip() for c in lines[header_at].strip().split("\t")]
    if len(header) < 2:  # copied without tabs: split on runs of spaces
        header = [c.strip() for c in re.split(r" {2,}|\t", lines[header_at].strip())]
    devices = []
    for c in header:
        if _DEVICE.match(c):
            devices.append(c)
        else:
            break  # "CPU Affinity", "NUMA Affinity", "GPU NUMA ID" follow the devices
    extra = header[len(devices):]
    links, affinity = {}, {}
    for ln in lines[header_at + 1:]:
        if not ln.strip():
            if links:
                break
            continue
        if "\t" in ln:
            cells = [c.strip() for c in ln.split("\t")]
        else:
            cells = [c.strip() for c in re.split(r"\s+", ln.strip())]
        row = cells[0]
        if not _DEVICE.match(row):
            break
        vals = cells[1:1 + len(devices)]
        if len(vals) < len(devices):
            continue
        links[row] = dict(zip(devices, vals))
        rest = [c for c in cells[1 + len(devices):] if c]  # nvidia-smi pads "GPU NUMA ID" with a tab
        if row.startswith("GPU"):
            aff = {}
            for name, value in zip(extra, rest):
                key = {"CPU Affinity": "cpu", "NUMA Affinity": "numa", "GPU NUMA ID": "gpu_numa"}.get(name)
                if key:
                    aff[key] = None if is_na(value) else value
            affinity[row] = aff
    nic_names = {}
    for ln in lines:
        m = re.match(r"^\s*(NIC\d+)\s*:\s*(\S+)\s*$", ln)
        if m:
            nic_names[m.group(1)] = m.group(2)
    gpus = [d for d in devices if d.startswith("GPU") and d in links]
    return {"gpus": gpus, "nics": [d for d in devices if not d.startswith("GPU")], "links": links,
            "nic_names": nic_names, "affinity": affinity}


def link_kind(cell):
    """'NV12' -> ('nvlink', 12); 'PIX' -> ('pcie', 0); 'SYS' -> ('sys', 0); 'X' -> ('self', 0)."""
    c = (cell or "").strip().upper()
    m = re.match(r"^NV(\d+)$", c)
    if m:
        return "nvlink", int(m.group(1))
    if c == "X":
        return "self", 0
    if c in ("PIX", "PXB", "PHB"):
        return "pcie", 0
    if c in ("NODE", "SYS", "SOC"):
        return "sys", 0
    return "unknown", 0


def gpu_pairs(matrix):
    """Every unordered GPU pair with its link cell: [("GPU0", "GPU1", "NV12"), ...]."""
    if not matrix:
        return []
    gpus = matrix["gpus"]
    out = []
    for i, a in enumerate(gpus):
        for b in gpus[i + 1:]:
            out.append((a, b, matrix["links"].get(a, {}).get(b)))
    return out


def nvidia_smi_versions(text):
    """Driver and CUDA version from the `nvidia-smi` banner ('Driver Version: 535.129.03  CUDA Version: 12.2')."""
    drv = re.search(r"Driver Version:\s*([\d.]+)", text or "")
    cuda = re.search(r"CUDA Version:\s*([\d.]+)", text or "")
    return (drv.group(1) if drv else None, cuda.group(1) if cuda else None)


def driver_major(version):
    m = re.match(r"\s*(\d+)", version or "")
    return int(m.group(1)) if m else None


def merge_gpu_records(query_gpus, q_detail):
    """The --query-gpu records completed with what only `-q` shows (remapped rows, retired pages,
    slowdown temperatures), matched by PCI bus id."""
    by_bus = {(g.get("bus_id") or "").lower(): g for g in (q_detail or {}).get("gpus", [])}
    for g in query_gpus:
        extra = by_bus.get((g.get("bus_id") or "").lower()) or {}
        for key, value in extra.items():
            if g.get(key) is None and value is not None:
                g[key] = value
    return query_gpus
