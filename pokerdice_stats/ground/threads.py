"""How many threads a process of the toolkit may use.

Every core, unless ``NUMBA_NUM_THREADS`` says otherwise: numba's own setting, which
the toolkit's threads follow too (the Monte Carlo engine's, the solvers' shares),
so one variable sets them all.  The main job's workers share the cores by it.
"""

from __future__ import annotations

import os

from pokerdice_stats.ground.bounds import MAX_WORKERS
from pokerdice_stats.ground.errors import OptionError

#: The environment variable that sets the threads (numba's, read by numba too).
THREADS_VARIABLE = "NUMBA_NUM_THREADS"


def cores() -> int:
    """The cores this process may run on (at least 1): those its CPU affinity allows
    (a ``taskset`` or a container's cpuset), as numba counts them, else the machine's."""
    if hasattr(os, "sched_getaffinity"):
        return max(len(os.sched_getaffinity(0)), 1)
    return max(os.cpu_count() or 1, 1)


def checked_thread_variable() -> int | None:
    """The threads :data:`THREADS_VARIABLE` sets, or None when it is unset or blank.

    The command line checks it before any command runs: numba reads it when it loads,
    and stops with a traceback on a value below 1.

    Raises
    ------
    OptionError
        For anything but a whole number from 1 to :data:`~pokerdice_stats.ground.bounds.
        MAX_WORKERS`.
    """
    value = os.environ.get(THREADS_VARIABLE, "").strip()
    if not value:
        return None
    number = _threads_in(value)
    if not number:
        raise OptionError(
            f"{THREADS_VARIABLE} must be a whole number from 1 to {MAX_WORKERS} (the threads "
            f"of the kernels and simulations), got {value[:40]!r}"
        )
    return number


def thread_count() -> int:
    """Threads this process may use: :data:`THREADS_VARIABLE` when it holds a whole
    number from 1 to :data:`~pokerdice_stats.ground.bounds.MAX_WORKERS`, else
    :func:`cores` (the command line refuses any other value:
    :func:`checked_thread_variable`).

    Examples
    --------
    >>> thread_count() >= 1
    True
    """
    return _threads_in(os.environ.get(THREADS_VARIABLE, "").strip()) or cores()


def _threads_in(value: str) -> int:
    """The whole number from 1 to ``MAX_WORKERS`` that ``value`` writes in ASCII digits,
    else 0."""
    number = int(value) if value.isascii() and value.isdigit() else 0
    return number if 1 <= number <= MAX_WORKERS else 0
