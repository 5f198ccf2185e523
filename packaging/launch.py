"""PyInstaller entry script: the frozen `gpudesk` runs gpudesk.__main__.main (window or CLI).

A separate file (not gpudesk/__main__.py itself) so the analysis does not put the package's
own folder on the import path.
"""

import multiprocessing
import sys

from gpudesk.__main__ import main

if __name__ == "__main__":
    multiprocessing.freeze_support()  # harmless unless a child process is ever spawned
    sys.exit(main())
