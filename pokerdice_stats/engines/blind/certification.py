"""Exact certification of a blind equilibrium found in floats.

The small game between the pure strategies in the supports is solved again
in fractions (the indifference equations; where that fails, the float
weights are rounded later), and each side's exact best response to the
other's exact mixture brackets the value of the game between two fractions
(``lower <= value <= upper``).  When the bounds meet, the mixtures are an
exact equilibrium and the value is exact.
"""

from __future__ import annotations

import dataclasses
from fractions import Fraction

import numpy as np

from pokerdice_stats.engines.blind.mixtures import Mixture
from pokerdice_stats.turn.goals import payout_against
from pokerdice_stats.turn.hands import hand_table
from pokerdice_stats.turn.holds import solve
from pokerdice_stats.turn.rules import RuleSet

#: Float weights above this count as the support of a mixture.
SUPPORT_WEIGHT = 1e-9


def _solve_exact(rows: list[list[Fraction]], rhs: list[Fraction]) -> list[Fraction] | None:
    """Gaussian elimination in fractions; None for a singular system."""
    n = len(rows)
    a = [[*r, b] for r, b in zip(rows, rhs, strict=True)]
    for col in range(n):
        pivot = next((r for r in range(col, n) if a[r][col] != 0), None)
        if pivot is None:
            return None
        a[col], a[pivot] = a[pivot], a[col]
        for r in range(n):
            if r != col and a[r][col] != 0:
                factor = a[r][col] / a[col][col]
                a[r] = [x - factor * y for x, y in zip(a[r], a[col], strict=True)]
    return [a[i][n] / a[i][i] for i in range(n)]


def _indifference(
    matrix: list[list[Fraction]], support_rows: list[int], support_cols: list[int]
) -> list[Fraction] | None:
    """Column weights on ``support_cols`` making every row of ``support_rows`` earn the same."""
    k = len(support_cols)
    rows = [[matrix[i][j] for j in support_cols] + [Fraction(-1)] for i in support_rows]
    rows.append([Fraction(1)] * k + [Fraction(0)])
    rhs = [Fraction(0)] * len(support_rows) + [Fraction(1)]
    solution = _solve_exact(rows, rhs)
    if solution is None or any(w < 0 for w in solution[:k]):
        return None
    return solution[:k]


def with_exact_weights(
    first: Mixture, second: Mixture, payout: np.ndarray
) -> tuple[Mixture, Mixture]:
    """Solve the restricted game exactly on the supports the float solver found.

    On equal-sized supports the equilibrium of the small game solves the
    indifference equations; when they have a non-negative solution the
    weights become exact fractions.  Otherwise the mixtures are returned
    unchanged (and are rounded later).
    """
    sx = [i for i, w in enumerate(first.weights) if w > SUPPORT_WEIGHT]
    sy = [j for j, w in enumerate(second.weights) if w > SUPPORT_WEIGHT]
    if len(sx) != len(sy):
        return first, second
    a = np.asarray(payout, dtype=object)
    scale = first.denominator * second.denominator
    matrix = [[Fraction(0)] * len(second.weights) for _ in first.weights]
    for i in sx:
        left = np.asarray(first.numerators[i], dtype=object).dot(a)
        for j in sy:
            matrix[i][j] = Fraction(
                int(left.dot(np.asarray(second.numerators[j], dtype=object))), scale
            )
    y = _indifference(matrix, sx, sy)
    transposed = [
        [matrix[i][j] for i in range(len(first.weights))] for j in range(len(second.weights))
    ]
    x = _indifference([[-v for v in row] for row in transposed], sy, sx)
    if x is None or y is None:
        return first, second

    def spread(weights: list[Fraction], support: list[int], n: int) -> tuple[Fraction, ...]:
        full = [Fraction(0)] * n
        for index, w in zip(support, weights, strict=True):
            full[index] = w
        return tuple(full)

    first = dataclasses.replace(first, exact_weights=spread(x, sx, len(first.weights)))
    second = dataclasses.replace(second, exact_weights=spread(y, sy, len(second.weights)))
    return first, second


def certify_bounds(
    rules: RuleSet,
    second_rules: RuleSet,
    payout: np.ndarray,
    first: Mixture,
    second: Mixture,
) -> tuple[Fraction, Fraction]:
    """Exact bounds on the value of the game from two mixed strategies.

    ``lower`` is what the first player's (rounded) mixture guarantees against
    the second player's exact best response; ``upper`` is what the first
    player's exact best response gets against the second's mixture.
    """
    payout = np.asarray(payout, dtype=np.int64)
    table = hand_table(rules)
    y_num, y_den = second.exact()
    up = solve(rules, payout_against(table, y_num, y_den, payout, "best response")).value()
    x_num, x_den = first.exact()
    second_table = hand_table(second_rules)
    down = solve(
        second_rules, payout_against(second_table, x_num, x_den, -payout.T, "best response")
    ).value()
    return -Fraction(down), Fraction(up)
