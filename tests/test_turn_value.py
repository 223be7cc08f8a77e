"""The value of a whole turn, weighed from the first states: every shortcut of
``turn_value`` gives the bits of the plain formula (hand ways times values, added in the
fixed pairwise order of ``tests/reference_sums.py``, over 7776), whatever the layout."""

from __future__ import annotations

import numpy as np
import pytest

from pokerdice_stats.ground import indexing as ix
from pokerdice_stats.turn.induction import turn_value
from tests.reference_sums import pairwise_sum


def _plain(values: np.ndarray, exact: bool) -> np.ndarray:
    """Hand ways times values, summed in the fixed pairwise order (``reference_sums``)."""
    if exact:
        return values @ ix.HAND_WAYS.astype(values.dtype)
    ways = [float(w) for w in ix.HAND_WAYS]
    rows = values.reshape(-1, ix.N_HANDS).tolist()
    totals = [pairwise_sum([v * w for v, w in zip(row, ways, strict=True)]) for row in rows]
    return (np.array(totals) / ix.N_THROWS).reshape(values.shape[:-1])


@pytest.mark.parametrize("goals", [1, 2, 17])
@pytest.mark.parametrize("layout", ["contiguous", "strided columns", "fortran", "1-d"])
def test_float_turn_values_have_the_bits_of_the_plain_formula(goals, layout):
    rng = np.random.default_rng(goals)
    wide = rng.normal(size=(goals, 2 * ix.N_HANDS)) * 10.0 ** rng.integers(-300, 300, (goals, 1))
    values = {
        "contiguous": np.ascontiguousarray(wide[:, : ix.N_HANDS]),
        "strided columns": wide[:, ::2],
        "fortran": np.asfortranarray(wide[:, : ix.N_HANDS]),
        "1-d": wide[0, : ix.N_HANDS],
    }[layout]
    got = turn_value([], values, "hand", False)
    assert np.asarray(got).tobytes() == np.asarray(_plain(values, False)).tobytes()


def test_exact_turn_values_are_the_plain_sums():
    values = np.random.default_rng(3).integers(-(10**9), 10**9, size=(3, ix.N_HANDS))
    assert np.array_equal(turn_value([], values, "hand", True), _plain(values, True))
    as_objects = values.astype(object) * 10**12  # past int64 once weighed
    assert list(turn_value([], as_objects, "hand", True)) == [
        sum(int(w) * v for w, v in zip(ix.HAND_WAYS, row, strict=True)) for row in as_objects
    ]
