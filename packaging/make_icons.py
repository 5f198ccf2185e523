"""Derive the platform icons (.ico, .icns, .png) from resources/icons/gpudesk.png (or its
largest variant, gpudesk-512.png).

    python packaging/make_icons.py            # writes packaging/icons/
    python packaging/make_icons.py OUT_DIR

Uses only Qt (already a dependency) for scaling; .ico and .icns are written by hand as
containers of PNG images, which Windows (Vista+) and macOS (10.7+) read. Without the source
PNG a simple placeholder is drawn, so a build never fails for want of artwork.
"""

from __future__ import annotations

import os
import struct
import sys
from pathlib import Path

PACKAGING = Path(__file__).resolve().parent
ROOT = PACKAGING.parent
ICON_DIR = ROOT / "resources" / "icons"
OUT = PACKAGING / "icons"

ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
# ICNS element types holding PNG data, by pixel size (several types share a size: 1x and @2x).
ICNS_TYPES = (
    (b"icp4", 16),
    (b"icp5", 32),
    (b"icp6", 64),
    (b"ic07", 128),
    (b"ic08", 256),
    (b"ic09", 512),
    (b"ic10", 1024),
    (b"ic11", 32),
    (b"ic12", 64),
    (b"ic13", 256),
    (b"ic14", 512),
)


def source() -> Path | None:
    """The biggest of resources/icons/gpudesk.png and gpudesk-<size>.png, by the size in its header."""

    def pixels(path: Path) -> int:
        head = path.read_bytes()[:24]
        return struct.unpack(">I", head[16:20])[0] if head[:8] == b"\x89PNG\r\n\x1a\n" else 0

    found = [p for p in [ICON_DIR / "gpudesk.png", *ICON_DIR.glob("gpudesk-*.png")] if p.is_file()]
    return max(found, key=pixels) if found else None


def _qt():
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtGui import QGuiApplication

    return QGuiApplication.instance() or QGuiApplication(["make_icons"])


def placeholder(size: int = 1024):
    """A rounded tile with a chip outline: recognisable in a dock until real artwork exists."""
    from PySide6.QtCore import QRectF, Qt
    from PySide6.QtGui import QColor, QImage, QPainter, QPen

    img = QImage(size, size, QImage.Format.Format_ARGB32)
    img.fill(Qt.GlobalColor.transparent)
    p = QPainter(img)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    s = size / 16
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(QColor("#1f5fa8"))
    p.drawRoundedRect(QRectF(s, s, 14 * s, 14 * s), 3 * s, 3 * s)
    pen = QPen(QColor("#ffffff"))
    pen.setWidthF(0.7 * s)
    p.setPen(pen)
    p.setBrush(QColor("#76b041"))
    p.drawRoundedRect(QRectF(5 * s, 5 * s, 6 * s, 6 * s), 0.8 * s, 0.8 * s)
    for i in range(3):  # the chip's pins
        x = (6 + 2 * i) * s
        p.drawLine(int(x), int(3 * s), int(x), int(5 * s))
        p.drawLine(int(x), int(11 * s), int(x), int(13 * s))
        p.drawLine(int(3 * s), int(x), int(5 * s), int(x))
        p.drawLine(int(11 * s), int(x), int(13 * s), int(x))
    p.end()
    return img


def _png_bytes(img, size: int) -> bytes:
    from PySide6.QtCore import QBuffer, QByteArray, QIODevice, Qt

    scaled = img.scaled(size, size, Qt.AspectRatioMode.KeepAspectRatio, Qt.TransformationMode.SmoothTransformation)
    data = QByteArray()
    buf = QBuffer(data)
    buf.open(QIODevice.OpenModeFlag.WriteOnly)
    if not scaled.save(buf, "PNG"):
        raise RuntimeError(f"could not encode a {size}px PNG")
    buf.close()
    return bytes(data)


def ico_bytes(pngs: dict[int, bytes]) -> bytes:
    """ICONDIR + one ICONDIRENTRY per size + the PNG images."""
    sizes = sorted(pngs)
    out = struct.pack("<HHH", 0, 1, len(sizes))
    offset = 6 + 16 * len(sizes)
    body = b""
    for size in sizes:
        data = pngs[size]
        dim = 0 if size >= 256 else size  # 0 means 256
        out += struct.pack("<BBBBHHII", dim, dim, 0, 0, 1, 32, len(data), offset + len(body))
        body += data
    return out + body


def icns_bytes(pngs: dict[int, bytes]) -> bytes:
    elements = b"".join(
        kind + struct.pack(">I", 8 + len(pngs[size])) + pngs[size] for kind, size in ICNS_TYPES if size in pngs
    )
    return b"icns" + struct.pack(">I", 8 + len(elements)) + elements


def make_icons(out_dir: Path = OUT, src: Path | None = None) -> dict[str, Path]:
    """Write gpudesk.png (512 px), gpudesk.ico and gpudesk.icns into out_dir; return their paths."""
    from PySide6.QtGui import QImage

    _qt()
    src = src or source()
    img = QImage(str(src)) if src else placeholder()
    if img.isNull():
        raise SystemExit(f"{src}: not a readable image")
    sizes = set(ICO_SIZES) | {size for _, size in ICNS_TYPES}
    biggest = max(img.width(), img.height())
    # never invent detail: skip sizes above the source's own
    pngs = {size: _png_bytes(img, size) for size in sorted(sizes) if size <= max(biggest, 256)}
    out_dir.mkdir(parents=True, exist_ok=True)
    paths = {"png": out_dir / "gpudesk.png", "ico": out_dir / "gpudesk.ico", "icns": out_dir / "gpudesk.icns"}
    paths["png"].write_bytes(pngs[512] if 512 in pngs else pngs[max(pngs)])
    paths["ico"].write_bytes(ico_bytes({s: pngs[s] for s in ICO_SIZES}))
    paths["icns"].write_bytes(icns_bytes(pngs))
    return paths


if __name__ == "__main__":
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else OUT
    for kind, path in make_icons(target).items():
        print(f"{kind}: {path} ({path.stat().st_size} bytes)")
