"""How many threads a process of the toolkit may use.

Every core, unless ``NUMBA_NUM_THREADS`` says otherwise: numba's own setting, which
the toolkit's threads follow too (the Monte Carlo engine's, the solvers' shares),
so one variable sets them all.  The main job's workers share the cores by it.
"""

from __future__ import annotations

import os

#: The environment variable that sets the threads (numba's, read by numba too).
THREADS_VARIABLE = "NUMBA_NUM_THREADS"


def cores() -> int:
    """The cores this process may run on (at least 1): those its CPU affinity allows
    (a ``taskset`` or a container's cpuset), as numba counts them, else the machine's."""
    if hasattr(os, "sched_getaffinity"):
        return max(len(os.sched_getaffinity(0)), 1)
    return max(os.cpu_count() or 1, 1)


def thread_count() -> int:
    """Threads this process may use: :data:`THREADS_VARIABLE` when it holds a whole
    number of at least 1, else :func:`cores`.  (numba itself refuses to load with a
    value below 1.)

    Examples
    --------
    >>> thread_count() >= 1
    True
    """
    value = os.environ.get(THREADS_VARIABLE, "").strip()
    try:
        number = int(value) if value.isascii() else 0
    except ValueError:
        number = 0
    return number if number >= 1 else cores()
