"""Watching a command the tests started: which of its processes run, and how far it loaded."""

from __future__ import annotations

import time

import psutil

#: A shared library every command that computes loads (numpy's core), after the package's
#: Ctrl-C handling is armed: mapped, Python's own start-up is over.
NUMPY_CORE = "_multiarray_umath"


def has_mapped(pid: int, library: str) -> bool:
    """Whether process ``pid`` has a shared library whose path holds ``library`` loaded."""
    try:
        return any(library in region.path for region in psutil.Process(pid).memory_maps())
    except (psutil.NoSuchProcess, psutil.AccessDenied, psutil.ZombieProcess):
        return False


def wait_until_loading(pid: int, within: float) -> bool:
    """Wait (at most ``within`` s) until process ``pid`` loads numpy: a Ctrl-C from then on
    is the package's to handle (one before, in Python's own start-up, is Python's).
    Returns whether it got there."""
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        if has_mapped(pid, NUMPY_CORE):
            return True
        if not psutil.pid_exists(pid):
            return False
        time.sleep(0.005)
    return has_mapped(pid, NUMPY_CORE)
