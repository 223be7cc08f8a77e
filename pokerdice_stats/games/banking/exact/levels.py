"""Strength levels of a blind round's final hands: the level of each hand, a distribution
summed by level, and the category of the best of several independent hands."""

from __future__ import annotations

from fractions import Fraction

import numpy as np

from pokerdice_stats.ground import indexing as ix
from pokerdice_stats.turn.hands import hand_table
from pokerdice_stats.turn.rules import RuleSet


def level_matrix(rules: RuleSet) -> np.ndarray:
    """(252, L) float 0/1: which strength level each hand is."""
    table = hand_table(rules)
    matrix = np.zeros((ix.N_HANDS, table.n_strengths))
    matrix[np.arange(ix.N_HANDS), table.strength.astype(np.int64)] = 1.0
    return matrix


def exact_levels(rules: RuleSet, distribution: tuple[np.ndarray, int]) -> list[int]:
    """A final distribution's numerators summed by strength level (weakest first)."""
    table = hand_table(rules)
    out = [0] * table.n_strengths
    for h, n in enumerate(distribution[0]):
        out[int(table.strength[h])] += int(n)
    return out


def winning_categories(
    rules: RuleSet, field_dist: tuple[np.ndarray, int], players: int
) -> dict[str, Fraction]:
    """Chance that the best of ``players`` independent final hands is of each category."""
    table = hand_table(rules)
    levels = exact_levels(rules, field_dist)
    denominator = int(field_dist[1])
    category_of = {int(table.strength[h]): int(table.category[h]) for h in range(ix.N_HANDS)}
    totals = [Fraction(0)] * len(rules.categories)
    below = 0
    for level, p in enumerate(levels):
        top = Fraction((below + p) ** players - below**players, denominator**players)
        below += p
        if top:
            totals[category_of[level]] += top
    return {cat.slug: totals[c] for c, cat in enumerate(rules.categories)}
