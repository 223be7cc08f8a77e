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
