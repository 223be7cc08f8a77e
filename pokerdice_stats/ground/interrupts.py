"""Ctrl-C that cannot be lost: a SIGINT handler that also sets a flag.

A ``KeyboardInterrupt`` raised while a library is loading (numba's cache, an
import) can be swallowed by that library; the flag :data:`SEEN` stays set, and
the simulation runner checks it between chunks, so the run still stops.  A
second SIGINT ends the process at once (status 130).
"""

from __future__ import annotations

import os
import signal
import sys
import threading

#: Set once SIGINT arrives (the command line installs :func:`install`).
SEEN = threading.Event()


def _on_sigint(signum, frame) -> None:
    if SEEN.is_set():  # a second Ctrl-C (or one while worker threads finish): leave now
        for stream in (sys.stdout, sys.stderr):
            try:
                stream.flush()
            except (OSError, ValueError):
                pass
        os._exit(130)
    SEEN.set()
    raise KeyboardInterrupt


def install() -> None:
    """Make SIGINT set :data:`SEEN` and raise ``KeyboardInterrupt`` (main thread only)."""
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGINT, _on_sigint)
