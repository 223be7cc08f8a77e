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
from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")

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


#: How often the main thread looks up from a call it waits for, in seconds.
POLL_SECONDS = 0.1


def call_interruptibly(fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
    """``fn(*args, **kwargs)``, run in a worker thread while this thread waits for it and
    stays responsive to Ctrl-C.

    For a long call into a library that releases the GIL but never checks for signals
    (a linear program in HiGHS runs for a minute): Ctrl-C raises ``KeyboardInterrupt``
    here at once, and the command line ends the process (the call is left to die with it).

    Raises
    ------
    KeyboardInterrupt
        On Ctrl-C (or when :data:`SEEN` is already set).
    Exception
        Whatever ``fn`` raised.
    """
    outcome: dict[str, Any] = {}

    def work() -> None:
        try:
            outcome["value"] = fn(*args, **kwargs)
        except BaseException as err:  # handed to the waiting thread
            outcome["error"] = err

    worker = threading.Thread(target=work, name="pokerdice-call", daemon=True)
    worker.start()
    while worker.is_alive():
        if SEEN.is_set():
            raise KeyboardInterrupt
        worker.join(POLL_SECONDS)
    if "error" in outcome:
        raise outcome["error"]
    return outcome["value"]
