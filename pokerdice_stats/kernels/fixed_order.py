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
:func:`numpy.dot` (signed against unsigned integers as Python integers).  A
numpy-only module of the kernels layer, as ``numpy_keys`` is.

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


def _vector_sums(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """``a @ b`` for float64 ``a`` (1-D or 2-D) and a float64 vector ``b``, pairwise by row."""
    return np.add.reduce(np.multiply(a, b, order="C"), axis=-1)


def _exact_operands(a: np.ndarray, b: np.ndarray) -> tuple[np.ndarray, np.ndarray] | None:
    """The operands for ``numpy.dot`` when their sums are exact in any order, else None.

    Booleans and integers of one signedness stay as they are (NumPy's sums wrap past
    int64 as always); signed against unsigned integers, which NumPy would turn into
    floats, become Python integers; object arrays sum with Python's arithmetic in
    index order.
    """
    kinds = {a.dtype.kind, b.dtype.kind}
    if kinds <= {"b", "i"} or kinds <= {"b", "u"}:
        return a, b
    if kinds <= {"b", "i", "u"}:
        return a.astype(object), b.astype(object)
    if "O" in kinds and kinds <= {"O", "b", "i", "u"}:
        return a, b
    return None


def dot(a: object, b: object) -> np.ndarray:
    """``a @ b`` for vectors and matrices, the float sums in a fixed order.

    Against a vector (``b`` 1-D) each element is the sum of its products taken in
    index order by NumPy's pairwise summation of a contiguous row (8 running sums
    over blocks of up to 128, halves above that), added to ``0.0``.  Against a
    matrix (``b`` 2-D) each element is ``0.0`` plus its products one at a time in
    index order.  Either order is set by the shapes alone, whatever the processor,
    the BLAS or the arrays' memory layout.

    Parameters
    ----------
    a, b : array_like
        1-D or 2-D, with the inner sizes equal (as for ``@``); real numbers.

    Returns
    -------
    numpy.ndarray or numpy scalar
        What ``a @ b`` returns.  Floats (and integers met with floats) as float64;
        booleans and integers as ``numpy.dot`` sums them (exact while the sums fit in
        int64); signed against unsigned integers, and object arrays, as Python numbers.

    Raises
    ------
    ValueError
        For arrays of more than 2 dimensions, inner sizes that differ, or complex
        numbers.
    """
    a = np.asarray(a)
    b = np.asarray(b)
    if a.ndim not in (1, 2) or b.ndim not in (1, 2):
        raise ValueError(f"dot takes vectors and matrices, not {a.ndim}-D and {b.ndim}-D arrays")
    if a.shape[-1] != b.shape[0]:
        raise ValueError(f"dot: inner sizes differ ({a.shape} and {b.shape})")
    exact = _exact_operands(a, b)
    if exact is not None:
        return np.dot(*exact)
    if a.dtype.kind == "c" or b.dtype.kind == "c":
        raise ValueError("dot takes real numbers, not complex ones")
    a = a.astype(np.float64, copy=False)
    b = b.astype(np.float64, copy=False)
    if b.ndim == 1:
        return _vector_sums(a, b)
    from pokerdice_stats.kernels.products import product_in_order  # loads numba

    left = np.ascontiguousarray(np.atleast_2d(a))
    right = np.ascontiguousarray(b)
    out = np.empty((left.shape[0], right.shape[1]))
    product_in_order(left, right, out)
    return out if a.ndim == 2 else out[0]


def least_squares(a: object, b: object) -> np.ndarray:
    """A least-squares solution of ``a @ x = b`` by Householder QR with column pivoting.

    Each column of ``a`` (and ``b``) is first scaled by a power of two so that its
    largest entry lies in [0.5, 1) (exact, and no square overflows or vanishes);
    where ``a`` is rank-deficient (columns whose remaining norm is below
    ``max(m, n) * eps`` times the first pivot's) the solution is the basic one:
    those columns' unknowns are 0.  Every sum is pairwise over a contiguous row, as
    :func:`dot` adds against a vector (NumPy only).

    Parameters
    ----------
    a : (m, n) array_like of float
    b : (m,) array_like of float

    Returns
    -------
    (n,) float64

    Raises
    ------
    ValueError
        For other shapes, or a NaN or an infinity in ``a`` or ``b``.
    """
    r = np.array(a, dtype=np.float64)
    y = np.array(b, dtype=np.float64)
    if r.ndim != 2 or y.shape != (r.shape[0],):
        raise ValueError(f"least_squares takes an (m, n) matrix and an (m,) vector, not {r.shape}")
    if not (np.isfinite(r).all() and np.isfinite(y).all()):
        raise ValueError("least_squares: the system holds a NaN or an infinity")
    m, n = r.shape
    column_powers = np.frexp(np.abs(r).max(axis=0, initial=0.0))[1]
    r = np.ldexp(r, -column_powers)
    rhs_power = int(np.frexp(np.abs(y).max(initial=0.0))[1])
    y = np.ldexp(y, -rhs_power)
    order = np.arange(n)
    tolerance = 0.0
    rank = 0
    for j in range(min(m, n)):
        rest = r[j:, j:].T  # by column: each column's sums over a contiguous row
        norms = np.sqrt(_vector_sums(rest, rest))
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
        scale = float(_vector_sums(column, column))
        if scale > 0.0:
            r[j:, j:] -= np.outer(column, _vector_sums(r[j:, j:].T, column) * (2.0 / scale))
            y[j:] -= column * (float(_vector_sums(column, y[j:])) * 2.0 / scale)
        rank += 1
    solution = np.zeros(n)
    for i in range(rank - 1, -1, -1):
        tail = float(_vector_sums(r[i, i + 1 : rank], solution[i + 1 : rank]))
        solution[i] = (y[i] - tail) / r[i, i]
    x = np.zeros(n)
    x[order] = solution
    return np.ldexp(x, rhs_power - column_powers)
