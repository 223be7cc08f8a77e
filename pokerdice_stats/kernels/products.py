"""A matrix product whose every sum runs in index order (numba).

``out[i, j] = ((0.0 + a[i, 0] b[0, j]) + a[i, 1] b[1, j]) + ...``: one product and
one addition at a time, as the loops say.  numba compiles without fastmath, so
LLVM neither reorders the additions nor fuses a product into them; the loop over
``j`` may run in vector lanes, each lane one element's own sum.  Used by
:func:`pokerdice_stats.kernels.fixed_order.dot` for a matrix on the right, where
NumPy would hand the work to BLAS (whose kernel, and so whose order, depends on the
processor).
"""

from __future__ import annotations

import numpy as np

from pokerdice_stats.kernels._numba import jit


@jit
def product_in_order(a: np.ndarray, b: np.ndarray, out: np.ndarray) -> None:  # pragma: no cover
    """``out[:] = a @ b`` for float64 matrices, each element summed over ``k`` in order."""
    rows, inner = a.shape
    cols = b.shape[1]
    for i in range(rows):
        for j in range(cols):
            out[i, j] = 0.0
        for k in range(inner):
            x = a[i, k]
            for j in range(cols):
                out[i, j] += x * b[k, j]
