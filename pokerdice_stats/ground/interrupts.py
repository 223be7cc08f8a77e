"""Ctrl-C that cannot be lost: a SIGINT handler that also sets a flag.

A ``KeyboardInterrupt`` raised while a library is loading (numba's cache, an
import) can be swallowed by that library; the flag :data:`SEEN` stays set, and
the simulation runner and the report's pool check it, so the run still stops.  A
second SIGINT ends the process at once (status 130).  In a command-line process
(:func:`arm_last_resort`), the first SIGINT also starts a timer that ends the
process (status 130) if it is still running :data:`LAST_RESORT_SECONDS` later: an
interrupt swallowed where nothing checks the flag cannot leave a command running.
"""

from __future__ import annotations

import os
import signal
import sys
import threading
import time
from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")

#: Set once SIGINT arrives (the command line installs :func:`install`).
SEEN = threading.Event()

#: Seconds after the first SIGINT at which a command-line process ends regardless.
LAST_RESORT_SECONDS = 1.5

#: Whether the first SIGINT starts the last-resort timer (see :func:`arm_last_resort`).
_LAST_RESORT = {"armed": False}


def _leave() -> None:
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):
            pass
    os._exit(130)


def _last_resort() -> None:
    time.sleep(LAST_RESORT_SECONDS)
    try:
        os.write(2, b"pokerdice-stats: interrupted\n")
    except OSError:
        pass
    _leave()


def _on_sigint(signum, frame) -> None:
    if SEEN.is_set():  # a second Ctrl-C (or one while worker threads finish): leave now
        _leave()
    SEEN.set()
    if _LAST_RESORT["armed"]:
        threading.Thread(target=_last_resort, name="pokerdice-last-resort", daemon=True).start()
    raise KeyboardInterrupt


def arm_last_resort() -> None:
    """In a command-line process: end it (status 130) :data:`LAST_RESORT_SECONDS` after the
    first SIGINT if it has not ended by then.

    Only for a process that is the command (the console script, ``python -m``), never
    for a library call or a test that runs :func:`~pokerdice_stats.cli.main` in its own
    process.
    """
    _LAST_RESORT["armed"] = True


def _quiet_unraisable(unraisable: Any) -> None:
    """``sys.unraisablehook`` that says nothing of a Ctrl-C raised where Python cannot
    raise it (in a callback of the import system, a finaliser): :data:`SEEN` keeps it,
    and the run stops where the flag is checked.  Anything else goes to Python's hook."""
    if issubclass(unraisable.exc_type, KeyboardInterrupt) and SEEN.is_set():
        return
    sys.__unraisablehook__(unraisable)


def install() -> None:
    """Make SIGINT set :data:`SEEN` and raise ``KeyboardInterrupt`` (main thread only);
    a Ctrl-C that Python could only report as "Exception ignored" is not printed."""
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGINT, _on_sigint)
        sys.unraisablehook = _quiet_unraisable


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
