"""Float linear algebra in one fixed order: the same bits on every machine.

NumPy's ``@``, ``dot`` and ``linalg`` hand float work to BLAS and LAPACK, whose
kernels are chosen at run time by the processor (OpenBLAS picks an AVX-512, an
AVX2 or an SSE kernel) and add their products in different orders.  The last bits
then differ from one machine to the next, and where a result is chosen among
equals (an equilibrium program's optimal vertex, a weight rounded to a grid) the
difference shows in ``results/``.  :func:`dot` adds in an order set by the shapes
alone: against a vector, NumPy's pairwise summation of each contiguous row (no
numba is loaded); against a matrix, the numba kernel
:func:`~pokerdice_stats.kernels.products.product_in_order`, each sum in index
order.  Integer and object arrays are exact in any order and go to
:func:`numpy.dot` as they are.  A numpy-only module of the kernels layer, as
``numpy_keys`` is.

Examples
--------
>>> import numpy as np
>>> float(dot(np.array([0.1, 0.2, 0.3]), np.array([1.0, 2.0, 3.0])))
1.4
>>> dot(np.array([[1.0, 2.0], [3.0, 4.0]]), np.array([[1.0], [1.0]])).tolist()
[[3.0], [7.0]]
>>> least_squares(np.array([[2.0, 0.0], [0.0, 4.0]]), np.array([1.0, 1.0])).tolist()
[0.5, 0.25]
"""

from __future__ import annotations

import numpy as np

__all__ = ["dot", "least_squares"]


def _exact(a: np.ndarray, b: np.ndarray) -> bool:
    return a.dtype.kind in "biuO" and b.dtype.kind in "biuO"


def _sum_last(products: np.ndarray) -> np.ndarray:
    """Sums along the last axis of a C-ordered copy: NumPy's pairwise order, set by length."""
    return np.add.reduce(np.ascontiguousarray(products), axis=-1)


def dot(a: object, b: object) -> np.ndarray:
    """``a @ b`` for vectors and matrices, the float sums in a fixed order.

    Against a vector (``b`` 1-D) each element is the sum of its products taken in
    index order by NumPy's pairwise summation of a contiguous row (8 running sums
    over blocks of up to 128, halves above that).  Against a matrix (``b`` 2-D)
    each element is ``0.0`` plus its products one at a time in index order.  Either
    order is set by the shapes alone, whatever the processor, the BLAS or the
    arrays' memory layout.

    Parameters
    ----------
    a, b : array_like
        1-D or 2-D, with the inner sizes equal (as for ``@``).

    Returns
    -------
    numpy.ndarray or numpy scalar
        What ``a @ b`` returns (integer and object arrays: ``numpy.dot``'s exact sums).

    Raises
    ------
    ValueError
        For arrays of more than 2 dimensions, or inner sizes that differ.
    """
    a = np.asarray(a)
    b = np.asarray(b)
    if _exact(a, b):
        return np.dot(a, b)
    if a.ndim not in (1, 2) or b.ndim not in (1, 2):
        raise ValueError(f"dot takes vectors and matrices, not {a.ndim}-D and {b.ndim}-D arrays")
    if a.shape[-1] != b.shape[0]:
        raise ValueError(f"dot: inner sizes differ ({a.shape} and {b.shape})")
    if b.ndim == 1:
        return _sum_last(a * b)
    from pokerdice_stats.kernels.products import product_in_order  # loads numba

    left = np.ascontiguousarray(np.atleast_2d(a), dtype=np.float64)
    right = np.ascontiguousarray(b, dtype=np.float64)
    out = np.empty((left.shape[0], right.shape[1]))
    product_in_order(left, right, out)
    return out if a.ndim == 2 else out[0]


def least_squares(a: object, b: object) -> np.ndarray:
    """A least-squares solution of ``a @ x = b`` by Householder QR with column pivoting.

    Where ``a`` is rank-deficient (columns whose remaining norm is below
    ``max(m, n) * eps`` times the first pivot's) the solution is the basic one:
    those columns' unknowns are 0.  Every sum is taken by :func:`dot`.

    Parameters
    ----------
    a : (m, n) array_like of float
    b : (m,) array_like of float

    Returns
    -------
    (n,) float64
    """
    r = np.array(a, dtype=np.float64)
    y = np.array(b, dtype=np.float64)
    if r.ndim != 2 or y.shape != (r.shape[0],):
        raise ValueError(f"least_squares takes an (m, n) matrix and an (m,) vector, not {r.shape}")
    m, n = r.shape
    order = np.arange(n)
    tolerance = 0.0
    rank = 0
    for j in range(min(m, n)):
        norms = np.sqrt(dot(np.ones(m - j), r[j:, j:] * r[j:, j:]))
        pivot = j + int(np.argmax(norms))
        if j == 0:
            tolerance = max(m, n) * np.finfo(np.float64).eps * float(norms.max())
        if norms[pivot - j] <= tolerance or norms[pivot - j] == 0.0:
            break
        r[:, [j, pivot]] = r[:, [pivot, j]]
        order[[j, pivot]] = order[[pivot, j]]
        column = r[j:, j].copy()
        alpha = -np.copysign(norms[pivot - j], column[0])
        column[0] -= alpha
        scale = float(dot(column, column))
        if scale > 0.0:
            r[j:, j:] -= np.outer(column, dot(column, r[j:, j:]) * (2.0 / scale))
            y[j:] -= column * (float(dot(column, y[j:])) * 2.0 / scale)
        rank += 1
    solution = np.zeros(n)
    for i in range(rank - 1, -1, -1):
        tail = float(dot(r[i, i + 1 : rank], solution[i + 1 : rank])) if i + 1 < rank else 0.0
        solution[i] = (y[i] - tail) / r[i, i]
    x = np.zeros(n)
    x[order] = solution
    return x
