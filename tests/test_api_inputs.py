"""Inputs the API once misread without a word: each is now refused with a ValueError.

Each case was a silent wrong answer (a float goal solved as integers, a result of other
rules read under these, a payout truncated to whole numbers, chances that are not
chances) or an exception from deep inside numpy; the checks name what is wrong.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

import pokerdice_stats as pds
from pokerdice_stats.ground.errors import GoalError
from pokerdice_stats.turn.goals import Goal

CLASSIC = pds.get_rules("classic")


@pytest.mark.parametrize(
    ("make", "words"),
    [
        (lambda: Goal("g", np.ones(10, dtype=np.int64)), "252 in all, got an array of shape"),
        (lambda: Goal("g", np.ones(252, dtype=np.int64), 0), "denominator must be at least 1"),
        (lambda: Goal("g", np.ones(252, dtype=np.int64), 2.5), "whole number of at least 1"),
        (lambda: Goal("g", np.ones(252, dtype=np.int64), True), "whole number of at least 1"),
        (lambda: Goal("g", np.full(252, np.nan)), "must be finite"),
        (lambda: Goal("g", np.array(["x"] * 252)), "must be numbers"),
        (lambda: Goal("g", np.array([None] * 252, dtype=object)), "whole numbers"),
        (lambda: Goal("g", np.full(252, 5), 1, True), "called a chance, but its values run"),
        (lambda: Goal("g", np.full(252, -1), 2, True), "from -0.5 to -0.5"),
        (lambda: Goal(3, np.ones(252, dtype=np.int64)), "name is a text"),
    ],
)
def test_a_goal_checks_its_values(make, words):
    with pytest.raises(GoalError, match=words):
        make()


def test_a_goal_of_floats_is_solved_in_floats_or_refused():
    half = Goal("half", np.full(252, 0.5))
    with pytest.raises(GoalError, match="'half' holds floats: an exact solve"):
        pds.solve(CLASSIC, half)
    with pytest.raises(GoalError, match="holds floats"):
        pds.solve(CLASSIC, [half, pds.at_least(pds.hand_table(CLASSIC), "full-house")])
    assert pds.solve(CLASSIC, half, exact=False).turn[0] == pytest.approx(0.5)
    # a list of whole numbers is an array of int64, its values exact
    listed = Goal("listed", [1] * 252, 4, True)
    assert pds.solve(CLASSIC, listed).value() == Fraction(1, 4)
