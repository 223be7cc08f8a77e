"""The one place that sets numba's options for every kernel.

Kernels are cached on disk (so a second command does not compile again),
release the GIL, and never use fastmath: the counts are exact and must stay so.
"""

from __future__ import annotations

import numba

#: Decorator for serial kernels.
jit = numba.njit(cache=True, nogil=True, fastmath=False)

#: Decorator for kernels with a ``numba.prange`` loop.
jit_parallel = numba.njit(cache=True, nogil=True, fastmath=False, parallel=True)

prange = numba.prange


def _supports_no_refcount() -> bool:
    try:
        from numba.core.cpu import CPUTargetOptions
    except ImportError:  # pragma: no cover - a numba without the module
        return False
    return hasattr(CPUTargetOptions, "_nrt")


#: Decorator for small inner functions that take arrays but never allocate: compiled
#: without reference counting (numba's private ``_nrt=False`` option), since counting
#: the references of every array argument on each call costs several times the work of
#: a simulated turn.  Falls back to :data:`jit` on a numba without that option.
jit_no_refcount = (
    numba.njit(cache=True, nogil=True, fastmath=False, _nrt=False)
    if _supports_no_refcount()
    else jit
)
