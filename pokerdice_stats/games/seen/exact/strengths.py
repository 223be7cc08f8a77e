"""Values over the strengths of a rule set's hands: goals made of them, chances summed onto them.

A seen round is solved over strengths (the dense ranks of the hands, equal meaning an
exact tie): each seat's goal is a value for every strength the later seats may finish
on, and each solved turn's result a chance for every strength.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction

import numpy as np

from pokerdice_stats.turn.goals import Goal, float_goals
from pokerdice_stats.turn.hands import hand_table
from pokerdice_stats.turn.rules import RuleSet


def n_strengths(rules: RuleSet) -> int:
    """Number of distinct strengths of the rule set's hands."""
    return hand_table(rules).n_strengths


def zeros(shape: tuple[int, ...], exact: bool) -> np.ndarray:
    """A zero array of floats, or of exact Fractions."""
    if not exact:
        return np.zeros(shape)
    out = np.empty(shape, dtype=object)
    out.fill(Fraction(0))
    return out


def goals_from_values(values: np.ndarray, rules: RuleSet, exact: bool, name: str) -> Sequence[Goal]:
    """Goals over the 252 hands from values over the strengths (one goal a row).

    Exact values become integer numerators over the row's common denominator (a goal
    is a chance when its values all lie in 0..1); float values a
    :class:`~pokerdice_stats.turn.goals.FloatGoals` of their rows.
    """
    strength = hand_table(rules).strength
    if not exact:
        return float_goals(name, np.asarray(values[:, strength], dtype=np.float64))
    goals = []
    # Over the strengths (fewer than the hands), then spread onto the hands: the
    # same numerators, each strength's worked out once.
    used = np.unique(strength)
    for g, row in enumerate(values):
        ratios = [(v.numerator, v.denominator) for v in row[used].tolist()]
        denominator = math.lcm(*(d for _, d in ratios))
        by_strength = np.empty(len(row), dtype=object)
        by_strength[used] = [n * (denominator // d) for n, d in ratios]
        numerators = by_strength[strength]
        # a seat's chance of winning is a chance; chips (betting) are not
        chance = all(0 <= n <= denominator for n in by_strength[used].tolist())
        goals.append(Goal(f"{name}#{g}", numerators, denominator, is_probability=chance))
    return goals


def strength_distribution(
    numerators: np.ndarray, denominator: int, rules: RuleSet, exact: bool
) -> np.ndarray:
    """Final-hand weights (G, 252) summed per strength: (G, S) floats or Fractions."""
    strength = hand_table(rules).strength
    order = np.argsort(strength, kind="stable")
    starts = np.flatnonzero(np.r_[True, np.diff(strength[order]) != 0])
    summed = np.add.reduceat(numerators[:, order], starts, axis=1)
    if not exact:
        return np.asarray(summed, dtype=np.float64)
    out = np.empty(summed.shape, dtype=object)
    for index, n in np.ndenumerate(summed):
        out[index] = Fraction(int(n), denominator)
    return out
