"""Walk every visible text of a window (labels, buttons, titles, placeholders, tooltips, menus, combo
items, table headers and cells) and find English words left in the Chinese UI."""

from __future__ import annotations

import re

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QComboBox,
    QDockWidget,
    QGroupBox,
    QHeaderView,
    QLabel,
    QLineEdit,
    QListWidget,
    QMenu,
    QPlainTextEdit,
    QTabBar,
    QTabWidget,
    QTextBrowser,
    QWidget,
)

# Terms written the same in Chinese technical text: units, formats, standards, product and API names.
TERMS = {
    "GPU",
    "GPUs",
    "CPU",
    "NPU",
    "NVMe",
    "RAM",
    "HBM",
    "HBM3",
    "HBM3e",
    "LoRA",
    "QLoRA",
    "BF16",
    "FP16",
    "FP32",
    "FP8",
    "TF32",
    "FP64",
    "AdamW",
    "SGD",
    "Adafactor",
    "ZeRO",
    "TP",
    "PP",
    "DP",
    "MFU",
    "GiB",
    "GB",
    "TB",
    "MiB",
    "Gb",
    "CNY",
    "PCIe",
    "NVLink",
    "NVSwitch",
    "InfiniBand",
    "RoCE",
    "SLA",
    "ICP",
    "ISO",
    "JSON",
    "CSV",
    "PDF",
    "PNG",
    "SVG",
    "gpudesk",
    "Hugging",
    "Face",
    "config",
    "json",
    "Flash",
    "Attention",
    "token",
    "Qt",
    "KV",
    "TFLOPS",
    "PFLOPS",
    "TOPS",
    "TDP",
    "kW",
    "SXM",
    "HGX",
    "DGX",
    "NVIDIA",
    "GeForce",
    "RTX",
    "CUDA",
    "SM",
    "SMs",
    "GHz",
    "HDR",
    "NDR",
    "ConnectX",
    "OSFP",
    "HCCS",
    "CANN",
    "MindSpore",
    "ECS",
    "PAI",
    "CVM",
    "HCC",
    "ModelArts",
    "Excel",
    "UTF",
    "Ctrl",
    "Shift",
    "SLURM",
    "MoE",
    "Megatron",
    "DeepSpeed",
    "LM",
    "Chinchilla",
    "CNNIC",
    "IP",
    "AI",
    "MIIT",
    "IOPS",
    "NCCL",
    "NUMA",
    "ECC",
    "DCGM",
    "SSH",
    "BIOS",
    "RDMA",
    "NVL",
    "OAM",
    "TF",
    "W",
    "B",
    "M",
    "k",
    "h",
    "s",
    "xlsx",
    "csv",
    "Turing",
    "Volta",
    "Ampere",
    "Ada",
    "Hopper",
    "Blackwell",
    "torch_npu",
    "GN",
    "GT",
    "Adam",
    "epoch",
    "Transformer",
    "English",
    "IDC",
    "CDN",
    "ISP",
    "MB",
    "NIST",
    "SP",
    "PyTorch",
    "Xid",
    # training stacks and accelerator software (engine notes, catalogue notes)
    "Trainer",
    "PEFT",
    "LLaMA",
    "Factory",
    "Core",
    "FSDP",
    "FSDP2",
    "torchtitan",
    "torchtune",
    "Unsloth",
    "Liger",
    "Triton",
    "HFU",
    "SAC",
    "MLA",
    "Float8",
    "DTK",
    "HIP",
    "ROCm",
    "XPU",
    "XRE",
    "AMP",
    "DDP",
    "MindSpeed",
    "logits",
    # what the tools the checklist runs print or take (nvidia-smi, nccl-tests, fio, lscpu, free, torch)
    "memory",
    "total",
    "True",
    "cuda",
    "device_count",
    "is_available",
    "torch",
    "version",
    "Enabled",
    "topo",
    "NODE",
    "NV",
    "PIX",
    "PXB",
    "SYS",
    "nvlink",
    "all_reduce",
    "busbw",
    "fio",
    "lscpu",
    "free",
    "loss",
    "tokens",
    "HW",
    "SW",
    "thermal",
    "slowdown",
    "Not",
    "Active",
    "AMD",
    "EPYC",
    "Intel",
    "Xeon",
    "Ice",
    "Lake",
    # brands, cited documents and field names as the catalogue notes quote them
    "UCloud",
    "Hygon",
    "API",
    "vCPU",
    "Compshare",
    "autodl",
    "AutoDL",
    "libtv",
    "machine_sku_info",
    # quantisation formats by their names (GPTQ, AWQ weight-only int4; E4M3 FP8)
    "GPTQ",
    "AWQ",
    "E4M3",
}
_WORD = re.compile(r"[A-Za-z][A-Za-z0-9_'’]*")
_SKIP = re.compile(
    r"&\w+;|&\w|\bgpudesk [a-z]+(?: [a-z]+)?|https?://\S+|\b[\w.-]+\.(?:com|cn|org|net|io)\b|`[^`]*`|\b[a-z0-9]+(?:-[a-z0-9.]+)+\b|<[^>]+>"
)


def english_words(text: str, allowed: set[str]) -> list[str]:
    """English words in `text` that are not allowed terms or names (URLs, ids and markup skipped)."""
    text = _SKIP.sub(" ", text)
    return [
        w
        for w in _WORD.findall(text)
        if w not in TERMS
        and w not in allowed
        and w.lower() not in allowed
        and len(w) > 1
        and not any(ch.isdigit() for ch in w)
    ]  # H800, TP2, Z1: designations


def _model_texts(view: QAbstractItemView, rows: int = 30, skip_columns: set[int] = frozenset()):
    model = view.model()
    if model is None:
        return
    for c in range(model.columnCount()):
        for role in (Qt.DisplayRole, Qt.ToolTipRole):
            yield f"header {c}", model.headerData(c, Qt.Horizontal, role)
    stack = [view.rootIndex()]
    seen = 0
    while stack and seen < rows:
        parent = stack.pop()
        for r in range(model.rowCount(parent)):
            for c in range(model.columnCount(parent)):
                if c in skip_columns:
                    continue
                index = model.index(r, c, parent)
                yield f"cell {r},{c}", index.data(Qt.DisplayRole)
            child = model.index(r, 0, parent)
            if model.hasChildren(child):
                stack.append(child)
            seen += 1


def texts(root: QWidget, skip_columns=None):
    """(where, text) for every text the user can see or hover under `root`."""
    skip_columns = skip_columns or {}
    out = []
    for w in [root, *root.findChildren(QWidget)]:
        if not w.isVisibleTo(root) and w is not root:
            continue
        name = f"{type(w).__name__}({w.objectName()})"
        out.append((name + " tooltip", w.toolTip()))
        if isinstance(w, QLabel):
            out.append((name, w.text()))
        elif isinstance(w, QAbstractButton):
            out.append((name, w.text()))
        elif isinstance(w, QGroupBox):
            out.append((name, w.title()))
        elif isinstance(w, QLineEdit):
            out.append((name + " placeholder", w.placeholderText()))
        elif isinstance(w, QTextBrowser):
            out.append((name, w.toPlainText()))
        elif isinstance(w, QPlainTextEdit):
            out.append((name + " placeholder", w.placeholderText()))
        elif isinstance(w, QComboBox):
            out += [(f"{name} item {i}", w.itemText(i)) for i in range(w.count())]
        elif isinstance(w, QTabBar):
            out += [(f"{name} tab {i}", w.tabText(i)) for i in range(w.count())]
        elif isinstance(w, QTabWidget):
            out += [(f"{name} tab {i}", w.tabText(i)) for i in range(w.count())]
        elif isinstance(w, QDockWidget):
            out.append((name, w.windowTitle()))
        elif isinstance(w, QListWidget):
            out += [(f"{name} item {i}", w.item(i).text()) for i in range(w.count())]
        if isinstance(w, QAbstractItemView) and not isinstance(w, (QListWidget, QHeaderView)) and w.model() is not None:
            out += [(f"{name} {where}", t) for where, t in _model_texts(w, skip_columns=skip_columns.get(w, set()))]
    return [(where, str(t)) for where, t in out if t]


def menu_texts(menu: QMenu, path: str = ""):
    out = []
    for action in menu.actions():
        if action.isSeparator() or not action.isVisible():
            continue
        out.append((f"menu {path}/{action.text()}", action.text()))
        out.append((f"menu {path}/{action.text()} tip", action.toolTip()))
        out.append((f"menu {path}/{action.text()} status", action.statusTip()))
        if action.menu() is not None:
            out += menu_texts(action.menu(), f"{path}/{action.text()}")
    return [(w, t) for w, t in out if t]
