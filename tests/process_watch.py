"""Watching a command the tests started: how far it has loaded."""

from __future__ import annotations

import subprocess
import time

import psutil
import pytest

#: A shared library every command that computes loads (numpy's core), after the package's
#: Ctrl-C handling is armed: mapped, Python's own start-up is over.
NUMPY_CORE = "_multiarray_umath"
#: matplotlib's font library (a C extension whose initialisation a Ctrl-C can cut short).
FONT_LIBRARY = "ft2font"


def has_mapped(pid: int, library: str) -> bool:
    """Whether process ``pid`` has a shared library whose path holds ``library`` loaded."""
    try:
        return any(library in region.path for region in psutil.Process(pid).memory_maps())
    except (psutil.NoSuchProcess, psutil.AccessDenied, psutil.ZombieProcess):
        return False


def wait_until_loaded(proc: subprocess.Popen, within: float, library: str = NUMPY_CORE) -> None:
    """Wait (at most ``within`` s) until the command ``proc`` has ``library`` loaded.

    With numpy's core loaded, a Ctrl-C is the package's to handle (one before, in Python's
    own start-up, is Python's).  Fails the test, with the command's own last words, if it
    ends first or never gets there.
    """
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        if has_mapped(proc.pid, library):
            return
        if proc.poll() is not None:  # ended (an ended child stays a zombie until reaped)
            _, err = proc.communicate()
            pytest.fail(
                f"the command ended ({proc.returncode}) before loading {library}: {err[-800:]}"
            )
        time.sleep(0.005)
    proc.kill()
    _, err = proc.communicate()
    pytest.fail(f"the command did not load {library} within {within} s: {err[-800:]}")
