"""Float sums in one fixed order (``kernels.fixed_order``): the bits of the plain-Python
orders of ``tests/reference_sums.py`` (pairwise against a vector, one at a time against a
matrix) for every shape and memory layout, exact sums for integers, and least squares that
solve what NumPy's LAPACK solves.

Why it matters: OpenBLAS picks its kernel by processor, and an equilibrium program fed
products summed in another order chose another optimal vertex on another machine
(``results/`` then differed).  The last test runs a banking equilibrium and products in
fresh processes under two OpenBLAS kernels and without NumPy's AVX loops, and asks for the
same bits.
"""

from __future__ import annotations

import os
import subprocess
import sys
from fractions import Fraction

import numpy as np
import pytest

from pokerdice_stats.ground import indexing as ix
from pokerdice_stats.kernels.fixed_order import dot, least_squares
from tests.reference_sums import pairwise_sum, plain_dot

LENGTHS = [1, 2, 7, 8, 9, 16, 127, 128, 129, 136, 252, 300]


def _floats(rng, *shape):
    return rng.normal(size=shape) * 10.0 ** rng.integers(-12, 12, size=shape)


def _layouts(array):
    yield "C", np.ascontiguousarray(array)
    yield "Fortran", np.asfortranarray(array)
    wide = np.zeros((*array.shape[:-1], 2 * array.shape[-1]))
    wide[..., ::2] = array
    yield "strided", wide[..., ::2]


def _bits(value) -> bytes:
    return np.asarray(value, dtype=np.float64).tobytes()


def test_pairwise_twin_is_numpys_reduction():
    rng = np.random.default_rng(11)
    for n in range(1, 300):
        terms = _floats(rng, n)
        assert _bits(np.add.reduce(terms)) == _bits(pairwise_sum(terms.tolist()))
    for n in (1, 7, 8, 200):  # signed zeros: the sum starts from 0.0
        zeros = np.full(n, -0.0)
        assert _bits(np.add.reduce(zeros)) == _bits(pairwise_sum(zeros.tolist()))


@pytest.mark.parametrize("inner", LENGTHS)
def test_dot_has_the_bits_of_the_plain_order(inner):
    rng = np.random.default_rng(inner)
    a, b = _floats(rng, 3, inner), _floats(rng, inner, 4)
    for name, left in _layouts(a):
        for other, right in _layouts(b.T):
            right = right.T
            label = f"{name} x {other}"
            got = dot(left, right)
            assert _bits(got) == _bits(plain_dot(a.tolist(), b.tolist())), label
            assert _bits(dot(left[0], right)) == _bits(plain_dot(a[0].tolist(), b.tolist()))
            assert _bits(dot(left, right[:, 0])) == _bits(plain_dot(a.tolist(), b[:, 0].tolist()))
            assert _bits(dot(left[1], right[:, 2])) == _bits(
                plain_dot(a[1].tolist(), b[:, 2].tolist())
            )


def test_dot_of_a_large_product_matches_the_plain_order():
    rng = np.random.default_rng(5)
    a, b = _floats(rng, 40, 252), _floats(rng, 252, 252)
    assert _bits(dot(a, b)) == _bits(plain_dot(a.tolist(), b.tolist()))


def test_dot_of_whole_numbers_and_objects_is_exact():
    rng = np.random.default_rng(2)
    a = rng.integers(-(10**6), 10**6, size=(5, 252))  # sums far inside int64
    b = rng.integers(-(10**6), 10**6, size=252)
    plain = [sum(int(x) * int(y) for x, y in zip(r, b, strict=True)) for r in a]
    assert dot(a, b).tolist() == plain
    big = a.astype(object) * 10**12  # past int64: Python's integers
    assert dot(big, b.astype(object)).tolist() == [p * 10**12 for p in plain]
    # signed against unsigned: NumPy would make floats of them (2**60 + 1 is not a float)
    unsigned = np.array([2**60 + 1, 3], dtype=np.uint64)
    assert dot(unsigned, np.array([1, 1])) == 2**60 + 4
    # integers met with floats are floats, summed in the fixed order
    mixed = dot(np.array([1, 2, 3]), np.array([0.5, 0.25, 0.125]))
    assert _bits(mixed) == _bits(pairwise_sum([0.5, 0.5, 0.375]))
    assert dot(np.ones(3, dtype=np.float32), np.ones((3, 2))).dtype == np.float64
    assert dot(np.ones(3, dtype=np.float32), np.ones(3)).dtype == np.float64


def test_dot_refuses_what_it_does_not_take():
    with pytest.raises(ValueError, match="vectors and matrices"):
        dot(np.zeros((2, 2, 2)), np.zeros(2))
    with pytest.raises(ValueError, match="inner sizes differ"):
        dot(np.zeros((2, 3)), np.zeros(2))
    with pytest.raises(ValueError, match="vectors and matrices"):
        dot(np.zeros((2, 2, 2), dtype=np.int64), np.zeros(2, dtype=np.int64))
    with pytest.raises(ValueError, match="complex"):
        dot(np.array([1j]), np.array([1.0]))


@pytest.mark.parametrize("shape", [(1, 1), (5, 5), (9, 4), (13, 13)])
def test_least_squares_solves_what_lapack_solves(shape):
    rng = np.random.default_rng(shape[0])
    a, b = rng.normal(size=shape), rng.normal(size=shape[0])
    want = np.linalg.lstsq(a, b, rcond=None)[0]
    got = least_squares(a, b)
    assert np.allclose(got, want, rtol=1e-10, atol=1e-12)
    assert least_squares(np.asfortranarray(a), b).tobytes() == got.tobytes()


def test_least_squares_on_a_singular_system_still_fits():
    rng = np.random.default_rng(7)
    a = rng.normal(size=(6, 6))
    a[:, 5] = a[:, 0] + a[:, 1]  # rank 5
    b = a @ rng.normal(size=6)
    x = least_squares(a, b)
    assert np.abs(a @ x - b).max() < 1e-12
    assert np.isfinite(x).all()
    assert least_squares(np.zeros((3, 3)), np.ones(3)).tolist() == [0.0, 0.0, 0.0]
    with pytest.raises(ValueError, match="least_squares"):
        least_squares(np.zeros(3), np.zeros(3))


@pytest.mark.parametrize("scale", [1e-200, 1e-30, 1.0, 1e30, 1e200])
def test_least_squares_at_any_scale(scale):
    """Squares of 1e200 overflow and of 1e-200 vanish: columns are scaled by powers of 2."""
    rng = np.random.default_rng(3)
    a = rng.normal(size=(5, 5))
    want = np.linalg.lstsq(a, a @ np.arange(1.0, 6.0), rcond=None)[0]
    got = least_squares(a * scale, (a @ np.arange(1.0, 6.0)) * scale)
    assert np.allclose(got, want, rtol=1e-10)
    column = np.diag([scale, 2 * scale])
    assert np.allclose(least_squares(column, np.array([scale, scale])), [1.0, 0.5])


@pytest.mark.parametrize("bad", [np.nan, np.inf, -np.inf])
def test_least_squares_refuses_nan_and_infinity(bad):
    a = np.eye(2)
    with pytest.raises(ValueError, match="NaN or an infinity"):
        least_squares(np.where(a == 1, bad, 0.0), np.ones(2))
    with pytest.raises(ValueError, match="NaN or an infinity"):
        least_squares(a, np.array([1.0, bad]))


def test_class_payoffs_are_exact_ways_or_the_plain_order():
    from pokerdice_stats import get_rules
    from pokerdice_stats.games.bidding.exact.odds import bid_ladder
    from pokerdice_stats.games.bidding.exact.sequence_form import (
        class_payoffs,
        hand_classes,
        outcome_payoffs,
    )

    ladder = bid_ladder(get_rules("classic"))
    classes = hand_classes(ladder)
    got = outcome_payoffs(ladder, classes)
    ways = [int(w) for w in ix.HAND_WAYS]
    for rung in (0, 3, ladder.n_rungs - 1):
        for c, d in ((0, 0), (2, 5), (int(classes.max()), 1)):
            total = sum(
                ways[h] * ways[g] * (1 if ladder.pair_rung[h, g] >= rung else -1)
                for h in range(ix.N_HANDS)
                for g in range(ix.N_HANDS)
                if classes[h] == c and classes[g] == d
            )
            assert got[rung, c, d] == float(Fraction(total, ix.N_THROWS**2))
    rng = np.random.default_rng(3)
    first, second = rng.random(ix.N_HANDS), rng.random(ix.N_HANDS)
    floats = class_payoffs(ladder.pair_rung, 2, classes, first, second)
    member = [[1.0 if classes[h] == c else 0.0 for c in range(floats.shape[1])] for h in range(252)]
    for rung in range(2):
        signed = [
            [
                first[h] * second[g] if ladder.pair_rung[h, g] >= rung else -(first[h] * second[g])
                for g in range(ix.N_HANDS)
            ]
            for h in range(ix.N_HANDS)
        ]
        columns = plain_dot([list(r) for r in zip(*member, strict=True)], signed)
        assert _bits(floats[rung]) == _bits(plain_dot(columns, member))


_PAYOFF_BITS = (
    "import hashlib\n"
    "from pokerdice_stats import get_rules\n"
    "from pokerdice_stats.games.banking.exact.hand_values import symmetric_weights\n"
    "from pokerdice_stats.kernels.fixed_order import dot\n"
    "import numpy as np\n"
    "rng = np.random.default_rng(1)\n"
    "levels = rng.random((5, 40)); levels /= levels.sum(axis=1, keepdims=True)\n"
    "w, _, _ = symmetric_weights(levels, 4)\n"
    "m = rng.random((60, 70)); v = rng.random(70)\n"
    "print(hashlib.sha256(w.tobytes() + dot(m, m.T).tobytes() + dot(m, v).tobytes()).hexdigest())\n"
)


def _dispatched_features() -> str:
    """NumPy's run-time SIMD targets this processor has (disabling them is allowed)."""
    try:
        from numpy._core._multiarray_umath import __cpu_dispatch__, __cpu_features__
    except ImportError:  # NumPy 1.x
        from numpy.core._multiarray_umath import __cpu_dispatch__, __cpu_features__

    return ",".join(f for f in __cpu_dispatch__ if __cpu_features__.get(f))


def test_the_same_bits_under_other_kernels_and_simd():
    """Two OpenBLAS kernels, and NumPy without its AVX2 and AVX-512 loops (where the
    processor has them: ``p**k`` took another routine there), give the same bits."""
    settings = [
        {"OPENBLAS_CORETYPE": "Haswell"},
        {"OPENBLAS_CORETYPE": "Sandybridge", "NPY_DISABLE_CPU_FEATURES": _dispatched_features()},
    ]
    digests = set()
    for setting in settings:
        env = dict(os.environ, **setting)
        run = subprocess.run(
            [sys.executable, "-c", _PAYOFF_BITS], env=env, capture_output=True, text=True
        )
        assert run.returncode == 0, run.stderr
        digests.add(run.stdout.strip())
    assert len(digests) == 1


# Where the package may still multiply and add through NumPy's own ``@``, ``dot`` or
# ``einsum``, or call a transcendental ufunc: (file, the line's text) and why it is safe.
ALLOWED = {
    (
        "engines/blind/certification.py",
        "left = np.asarray(first.numerators[i], dtype=object).dot(a)",
    ): "objects",
    (
        "engines/blind/certification.py",
        "int(left.dot(np.asarray(second.numerators[j], dtype=object))), scale",
    ): "objects",
    (
        "engines/blind/mixtures.py",
        "total = x.dot(np.asarray(payout, dtype=object).dot(y))",
    ): "objects",
    ("turn/goals.py", "numerators = payout.dot(opponent)"): "objects",
    ("turn/induction.py", "total = values.dot(ix.HAND_WAYS.astype(object))"): "objects",
    (
        "kernels/numpy_reroll.py",
        "return by_row @ _dense(ptr, targets, ways, n_targets)",
    ): "whole numbers below 2**53",
    ("kernels/fixed_order.py", "return np.dot(*exact)"): "integers and objects",
    (
        "games/bidding/exact/odds.py",
        'return np.einsum("hgj,g->hj", meets.astype(np.int64), ways)',
    ): "int64",
    (
        "games/progressive/report/bankrolls.py",
        "normal = np.exp(-0.5 * ((grid - START - mu * r) / scale) ** 2) / (",
    ): "a curve drawn in a PNG",
}
_BLAS_NAMES = {"dot", "matmul", "einsum", "tensordot", "inner", "vdot", "linalg", "lstsq"}
_UFUNCS = {
    "exp",
    "expm1",
    "log",
    "log1p",
    "log2",
    "log10",
    "power",
    "float_power",
    "sin",
    "cos",
    "tan",
    "arcsin",
    "arccos",
    "arctan",
    "sinh",
    "cosh",
    "tanh",
    "cbrt",
    "exp2",
}


def _flagged(tree):
    import ast

    for node in ast.walk(tree):
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.MatMult):
            yield node
        elif isinstance(node, ast.Attribute):
            numpy_side = isinstance(node.value, ast.Name) and node.value.id in ("np", "numpy")
            if node.attr in _BLAS_NAMES and (node.attr == "dot" or numpy_side):
                yield node
            elif numpy_side and node.attr in _UFUNCS:
                yield node


def test_no_float_product_or_transcendental_bypasses_the_fixed_order():
    """Every ``@``, ``.dot``, ``np.linalg``, ``einsum`` and transcendental ufunc in the
    package is either gone through :func:`dot` or listed in :data:`ALLOWED` with why
    its bits cannot depend on the machine (and no listed line has gone stale)."""
    import ast
    from pathlib import Path

    import pokerdice_stats

    root = Path(pokerdice_stats.__file__).parent
    found = set()
    for path in sorted(root.rglob("*.py")):
        source = path.read_text(encoding="utf-8")
        lines = source.splitlines()
        for node in _flagged(ast.parse(source)):
            found.add((path.relative_to(root).as_posix(), lines[node.lineno - 1].strip()))
    assert found - set(ALLOWED) == set(), (
        "add the fixed order (kernels.fixed_order), or say why not"
    )
    assert set(ALLOWED) - found == set(), "stale entries in ALLOWED"
