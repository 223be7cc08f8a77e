"""The order in which the toolkit adds floats, written out in plain Python.

:mod:`pokerdice_stats.kernels.fixed_order` adds each sum of products with NumPy's
pairwise summation of a contiguous row, so that the bits do not depend on the
processor or on BLAS.  :func:`pairwise_sum` is that order, step by step, from
NumPy's description of it: fewer than 8 terms one after another; up to 128 terms
in 8 running sums over the blocks of 8, joined as ``((r0 + r1) + (r2 + r3)) +
((r4 + r5) + (r6 + r7))``, then the terms left over one after another; above 128,
the two halves (the first a multiple of 8 long) each summed so, then added.
"""

from __future__ import annotations


def pairwise_sum(terms: list[float]) -> float:
    """The sum of ``terms`` (Python floats) in NumPy's pairwise order, added to ``0.0``
    as NumPy's reduction does (so that ``-0.0`` terms sum to ``0.0``)."""
    return 0.0 + _pairwise(terms)


def _pairwise(terms: list[float]) -> float:
    n = len(terms)
    if n < 8:
        total = -0.0
        for term in terms:
            total += term
        return total
    if n <= 128:
        running = list(terms[:8])
        end = n - n % 8
        for start in range(8, end, 8):
            for lane in range(8):
                running[lane] += terms[start + lane]
        total = ((running[0] + running[1]) + (running[2] + running[3])) + (
            (running[4] + running[5]) + (running[6] + running[7])
        )
        for term in terms[end:]:
            total += term
        return total
    half = n // 2
    half -= half % 8
    return _pairwise(terms[:half]) + _pairwise(terms[half:])


def sum_in_order(terms: list[float]) -> float:
    """``0.0`` plus each term in turn."""
    total = 0.0
    for term in terms:
        total += term
    return total


def plain_dot(a: list, b: list) -> object:
    """``a @ b`` for nested lists of floats (vectors and matrices): each element the
    :func:`pairwise_sum` of its products in index order against a vector, their
    :func:`sum_in_order` against a matrix."""
    a_matrix = isinstance(a[0], list)
    b_matrix = isinstance(b[0], list)
    rows = a if a_matrix else [a]
    columns = [list(column) for column in zip(*b, strict=True)] if b_matrix else [b]
    add = sum_in_order if b_matrix else pairwise_sum
    out = [
        [add([x * y for x, y in zip(row, column, strict=True)]) for column in columns]
        for row in rows
    ]
    if not b_matrix:
        out = [row[0] for row in out]
    return out if a_matrix else out[0]
