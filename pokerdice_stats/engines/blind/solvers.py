"""The two solvers of a blind two-player zero-sum game: double oracle and fictitious play.

Both start from standing on the first throw and grow each player's set of
pure strategies with best responses: a best response to a mixed opponent
``y`` is the optimal-hold program (:func:`pokerdice_stats.turn.holds.solve`) with
the goal ``A @ y``, solved in floats on a goal quantised to integers over a
power of two, and then followed exactly (its final distribution in
integers).  See :mod:`pokerdice_stats.engines.blind.equilibrium` for the front.

- :func:`double_oracle`: solve the small matrix game between the pure
  strategies found so far by linear programming, add each side's best
  response to the other's mixture, stop when neither gains more than the
  tolerance.
- :func:`fictitious_play`: each side best-responds to the other's running
  average; slower, an independent cross-check.
"""

from __future__ import annotations

import math

import numpy as np

from pokerdice_stats.engines.blind.mixtures import Mixture
from pokerdice_stats.engines.blind.simple_strategies import exact_distribution
from pokerdice_stats.ground import indexing as ix
from pokerdice_stats.ground.errors import OptionError
from pokerdice_stats.kernels.fixed_order import dot
from pokerdice_stats.turn.goals import Goal
from pokerdice_stats.turn.holds import solve
from pokerdice_stats.turn.rules import RuleSet

#: Bits of a quantised best-response goal (exact in float64).
QUANT_BITS = 52

#: What a solver returns: both mixtures, the value, the gaps and whether it converged.
SolverResult = tuple[Mixture, Mixture, float, list[float], bool]


def _quantised_goal(values: np.ndarray, name: str) -> Goal:
    """A float goal as integers over a power of two (exact in float64)."""
    top = float(np.max(np.abs(values))) if len(values) else 0.0
    bits = QUANT_BITS - (math.frexp(top)[1] if top > 0 else 0)
    bits = max(0, min(bits, 120))
    numerators = np.round(np.ldexp(values, bits)).astype(np.int64)
    return Goal(name, numerators, 2**bits)


def best_response(rules: RuleSet, goal_values: np.ndarray) -> tuple[float, np.ndarray, int]:
    """The best pure strategy for per-hand values ``goal_values`` (floats).

    Returns
    -------
    value : float
        Its expected value.
    numerators : (252,) exact final distribution over
    denominator : int
    """
    value, numerators, denominator, _ = _best_response(rules, goal_values)
    return value, numerators, denominator


def _best_response(
    rules: RuleSet, goal_values: np.ndarray
) -> tuple[float, np.ndarray, int, np.ndarray]:
    """:func:`best_response` and the keep tables that play it."""
    policy = solve(rules, _quantised_goal(np.asarray(goal_values, float), "response"), exact=False)
    numerators, denominator = exact_distribution(policy)
    return float(policy.value()), numerators[0], denominator, policy.keep_tables(0)


def stand_keeps(rules: RuleSet) -> np.ndarray:
    """The ``(T - 1, S)`` int16 keep tables of standing on the first throw."""
    hands = ix.STICKY_STATE_HAND if rules.sticky_holds else np.arange(ix.N_HANDS)
    row = ix.HAND_KEEP[hands].astype(np.int16)
    out = np.repeat(row[None, :], rules.throws - 1, axis=0)
    out.setflags(write=False)
    return out


def stand_distribution(rules: RuleSet) -> tuple[np.ndarray, int]:
    """The exact final distribution of standing on the first throw (object numerators)."""
    throws = rules.throws
    return ix.HAND_WAYS.astype(object) * ix.N_THROWS ** (throws - 1), ix.N_THROWS**throws


def _matrix_game(matrix: np.ndarray) -> tuple[np.ndarray, np.ndarray, float]:
    """Optimal mixed strategies of a small zero-sum matrix game (rows maximise)."""
    from scipy.optimize import linprog  # imported here: it costs every command 0.3 s at start

    scale = float(np.max(np.abs(matrix))) or 1.0
    m = matrix / scale
    n_rows, n_cols = m.shape
    # Rows: maximise v subject to (x @ m)[j] >= v for every column, x on the simplex.
    c = np.zeros(n_rows + 1)
    c[-1] = -1.0
    a_ub = np.hstack([-m.T, np.ones((n_cols, 1))])
    a_eq = np.hstack([np.ones((1, n_rows)), np.zeros((1, 1))])
    bounds = [(0, None)] * n_rows + [(None, None)]
    rows = linprog(c, A_ub=a_ub, b_ub=np.zeros(n_cols), A_eq=a_eq, b_eq=[1.0], bounds=bounds)
    # Columns: minimise u subject to (m @ y)[i] <= u for every row.
    c = np.zeros(n_cols + 1)
    c[-1] = 1.0
    a_ub = np.hstack([m, -np.ones((n_rows, 1))])
    a_eq = np.hstack([np.ones((1, n_cols)), np.zeros((1, 1))])
    bounds = [(0, None)] * n_cols + [(None, None)]
    cols = linprog(c, A_ub=a_ub, b_ub=np.zeros(n_rows), A_eq=a_eq, b_eq=[1.0], bounds=bounds)
    if rows.status != 0 or cols.status != 0:  # pragma: no cover - HiGHS solves every finite game
        raise OptionError(f"linear program failed: {rows.message} / {cols.message}")
    x = np.clip(rows.x[:-1], 0, None)
    y = np.clip(cols.x[:-1], 0, None)
    x, y = x / x.sum(), y / y.sum()
    return x, y, float(dot(dot(x, matrix), y))


def _as_float(numerators: np.ndarray, denominator: int) -> np.ndarray:
    """Exact numerators as float chances."""
    return np.array([int(n) for n in numerators], dtype=np.float64) / denominator


def _stack(rows: list[np.ndarray]) -> np.ndarray:
    """Pure strategies' numerators as one (n, 252) array (object if any row is)."""
    big = any(np.asarray(r).dtype == object for r in rows)
    if big:
        return np.array([np.asarray(r, dtype=object) for r in rows], dtype=object)
    return np.array(rows, dtype=np.int64)


def double_oracle(
    rules: RuleSet,
    second_rules: RuleSet,
    a: np.ndarray,
    tolerance: float,
    max_iterations: int,
) -> SolverResult:
    """Double oracle on the payout matrix ``a`` (floats), from standing on both sides."""
    stand_first, denominator = stand_distribution(rules)
    stand_second, second_denominator = stand_distribution(second_rules)
    xs = [stand_first]
    ys = [stand_second]
    x_keeps = [stand_keeps(rules)]
    y_keeps = [stand_keeps(second_rules)]
    x_float = [_as_float(stand_first, denominator)]
    y_float = [_as_float(stand_second, second_denominator)]
    gaps: list[float] = []
    converged = False
    for _ in range(max_iterations):
        matrix = dot(dot(np.array(x_float), a), np.array(y_float).T)
        wx, wy, value = _matrix_game(matrix)
        xbar = dot(wx, np.array(x_float))
        ybar = dot(wy, np.array(y_float))
        up, x_new, _, x_play = _best_response(rules, dot(a, ybar))
        down, y_new, _, y_play = _best_response(second_rules, -dot(xbar, a))
        gap = up + down  # upper - lower, with lower = -down
        gaps.append(gap)
        if gap <= tolerance:
            converged = True
            break
        added = False
        if up > value + tolerance / 4 and not any(np.array_equal(x_new, x) for x in xs):
            xs.append(x_new)
            x_keeps.append(x_play)
            x_float.append(_as_float(x_new, denominator))
            added = True
        if -down < value - tolerance / 4 and not any(np.array_equal(y_new, y) for y in ys):
            ys.append(y_new)
            y_keeps.append(y_play)
            y_float.append(_as_float(y_new, second_denominator))
            added = True
        if not added:  # the linear program's own rounding limits the gap
            break
    first = Mixture(wx, _stack(xs), denominator, keeps=tuple(x_keeps))
    second = Mixture(wy, _stack(ys), second_denominator, keeps=tuple(y_keeps))
    return first, second, value, gaps, converged


def fictitious_play(
    rules: RuleSet,
    second_rules: RuleSet,
    a: np.ndarray,
    tolerance: float,
    max_iterations: int,
) -> SolverResult:
    """Fictitious play on the payout matrix ``a`` (floats), from standing on both sides."""
    stand_first, denominator = stand_distribution(rules)
    stand_second, second_denominator = stand_distribution(second_rules)
    xs: dict[bytes, int] = {}
    ys: dict[bytes, int] = {}
    x_rows = [stand_first]
    y_rows = [stand_second]
    x_keeps = [stand_keeps(rules)]
    y_keeps = [stand_keeps(second_rules)]
    x_counts = [1]
    y_counts = [1]
    xbar = _as_float(stand_first, denominator)
    ybar = _as_float(stand_second, second_denominator)
    gaps: list[float] = []
    converged = False
    for t in range(1, max_iterations + 1):
        up, x_new, _, x_play = _best_response(rules, dot(a, ybar))
        down, y_new, _, y_play = _best_response(second_rules, -dot(xbar, a))
        gaps.append(up + down)
        if up + down <= tolerance:
            converged = True
            break
        for new, play, seen, rows, keeps, counts in (
            (x_new, x_play, xs, x_rows, x_keeps, x_counts),
            (y_new, y_play, ys, y_rows, y_keeps, y_counts),
        ):
            key = np.asarray(new, dtype=np.int64).tobytes()
            if key not in seen:
                seen[key] = len(rows)
                rows.append(new)
                keeps.append(play)
                counts.append(0)
            counts[seen[key]] += 1
        xbar = xbar + (_as_float(x_new, denominator) - xbar) / (t + 1)
        ybar = ybar + (_as_float(y_new, second_denominator) - ybar) / (t + 1)
    wx = np.array(x_counts, dtype=np.float64) / sum(x_counts)
    wy = np.array(y_counts, dtype=np.float64) / sum(y_counts)
    value = float(dot(dot(xbar, a), ybar))
    return (
        Mixture(wx, _stack(x_rows), denominator, keeps=tuple(x_keeps)),
        Mixture(wy, _stack(y_rows), second_denominator, keeps=tuple(y_keeps)),
        value,
        gaps,
        converged,
    )
