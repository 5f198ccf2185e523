"""Guard against a Qt binding that corrupts None's reference count.

PySide6 6.12.0 on Python 3.11 drops a reference to None on every void method call; a long
session (or a few PDF exports) then aborts with "Fatal Python error: none_dealloc".
pyproject.toml excludes that release; this test fails if such a binding is installed.
"""

import subprocess
import sys

CODE = """
import sys
from PySide6.QtGui import QGuiApplication, QImage, QPainter, QPen
app = QGuiApplication(sys.argv)
img = QImage(8, 8, QImage.Format.Format_ARGB32)
p = QPainter(img)
before = sys.getrefcount(None)
for _ in range(50_000):
    p.setPen(QPen())
p.end()
print(before - sys.getrefcount(None))
"""


def test_void_calls_keep_none_alive():
    out = subprocess.run(
        [sys.executable, "-c", CODE],
        capture_output=True,
        text=True,
        timeout=60,
        env={"QT_QPA_PLATFORM": "offscreen", "PATH": ""},
    )
    assert out.returncode == 0, out.stderr[-300:]
    assert abs(int(out.stdout.strip())) < 1000  # 50,000 lost references would mean the bug is back
