"""Equilibria of blind two-player games: both develop a hand without seeing the other's.

A pure strategy of a player is a deterministic holding policy; what it does
to the game is its final-hand distribution ``x`` (252 chances).  With a
payout matrix ``A[mine, theirs]`` (the first player receives, the second
pays) the game is zero-sum and bilinear: the first player gets ``x @ A @ y``.
A *best response* to a mixed opponent is the optimal-hold dynamic program
with the goal ``A @ y`` (:func:`pokerdice_stats.holds.solve`).

Two solvers use those best responses:

- ``double-oracle`` (default): keep a few pure strategies per player, solve
  the small matrix game between them by linear programming, add each
  player's best response to the other's mixture, and stop when neither
  best response gains more than ``tolerance`` (the *exploitability*, the
  sum of both gains, is then at most ``tolerance``).
- ``fictitious-play``: each player best-responds to the other's running
  average; slower, kept as an independent cross-check.

The floats of the solvers are then *certified*: the small game between the
pure strategies in the supports is solved again in fractions (the
indifference equations; where that fails, the float weights are rounded),
and each side's best response to the other's exact mixture is solved
exactly, which brackets the value of the game between two exact fractions
(``lower <= value <= upper``).  When the two bounds meet, the mixtures are an
exact equilibrium and the value is exact.
"""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass, field
from fractions import Fraction

import numpy as np

from pokerdice_stats import indexing as ix
from pokerdice_stats.errors import OptionError
from pokerdice_stats.games import require_independent_turns
from pokerdice_stats.games.simple_strategies import exact_distribution
from pokerdice_stats.goals import Goal, payout_against
from pokerdice_stats.hands import hand_table
from pokerdice_stats.holds import solve
from pokerdice_stats.rules import RuleSet

METHODS = ("double-oracle", "fictitious-play")
#: Default stopping tolerance on the exploitability, relative to ``max |A|``.
RELATIVE_TOLERANCE = 1e-9
_QUANT_BITS = 52
_WEIGHT_DENOMINATOR = 2**30
_SUPPORT = 1e-9


@dataclass(frozen=True, eq=False)
class Mixture:
    """A mixed strategy: weights over pure strategies (their final distributions).

    Attributes
    ----------
    weights : (n,) float
    numerators : (n, 252) int64 or object
        Each pure strategy's exact final distribution over ``denominator``.
    denominator : int
        ``7776**throws``.
    exact_weights : tuple of Fraction, optional
        The weights solved exactly (the restricted game's equilibrium in
        rationals), when that succeeded.
    keeps : tuple of (T - 1, S) int16 arrays, optional
        How to play each pure strategy: ``keeps[i][t - 1, s]`` is the keep
        strategy ``i`` chooses in state ``s`` with ``t`` throws left (``S`` =
        252 hands, or the (aside, hand) states under sticky holds, as in
        ``Policy.stages[t - 1].best_keep``; the hand's own keep means stand).
        Following them gives exactly the final distribution ``numerators[i]``.
        Set by the solvers; None for a mixture built from distributions only.
    """

    weights: np.ndarray
    numerators: np.ndarray
    denominator: int
    exact_weights: tuple[Fraction, ...] | None = None
    keeps: tuple[np.ndarray, ...] | None = None

    def playable(self) -> bool:
        """Whether the mixture knows how to play each pure strategy (:attr:`keeps`)."""
        return self.keeps is not None and len(self.keeps) == len(self.weights)

    def fraction_weights(self) -> list[Fraction]:
        """The weights as fractions summing to 1 (those :meth:`exact` mixes with).

        :attr:`exact_weights` when known, else the float weights rounded to
        fractions (denominators up to 2**30) and normalised.
        """
        if self.exact_weights is not None:
            return list(self.exact_weights)
        weights = [Fraction(float(w)).limit_denominator(_WEIGHT_DENOMINATOR) for w in self.weights]
        total = sum(weights)
        return [w / total for w in weights]

    def support(self) -> list[int]:
        """Indices of the pure strategies with a positive :meth:`fraction_weights` weight."""
        return [i for i, w in enumerate(self.fraction_weights()) if w > 0]

    @property
    def distribution(self) -> np.ndarray:
        """(252,) float: the chance of each final hand under the mixture."""
        pure = np.array(self.numerators, dtype=np.float64) / self.denominator
        return self.weights @ pure

    def exact(self) -> tuple[np.ndarray, int]:
        """The mixture in exact numbers: numerators (object) and denominator.

        Uses :attr:`exact_weights` when known, else the float weights
        rounded to fractions (denominators up to 2**30).
        """
        weights = self.fraction_weights()
        common = math.lcm(*(w.denominator for w in weights))
        scaled = [int(w * common) for w in weights]
        numerators = np.zeros(ix.N_HANDS, dtype=object)
        for a, row in zip(scaled, self.numerators, strict=True):
            if a:
                numerators = numerators + np.asarray(row, dtype=object) * a
        return numerators, common * self.denominator


@dataclass(frozen=True, eq=False)
class Equilibrium:
    """An approximate equilibrium of a blind zero-sum game.

    Attributes
    ----------
    value : float
        The first player's expected payout at the computed strategies.
    lower, upper : Fraction or None
        Exact bounds on the value of the game (from the certified mixtures);
        None when certification was skipped.
    exploitability : float
        Best-response gap ``upper - lower`` of the float strategies: what the
        two players could gain together by deviating (a gap a rounding error
        below 0 is reported as 0).
    tolerance : float
        The stopping tolerance on the exploitability.
    iterations : int
    converged : bool
        Whether the exploitability fell to the tolerance.
    first, second : Mixture
    method : str
    gaps : list of float
        Exploitability after each iteration.
    """

    value: float
    lower: Fraction | None
    upper: Fraction | None
    exploitability: float
    tolerance: float
    iterations: int
    converged: bool
    first: Mixture
    second: Mixture
    method: str
    gaps: list[float] = field(default_factory=list)

    @property
    def certified_gap(self) -> Fraction | None:
        """``upper - lower`` exactly, when certified."""
        if self.lower is None or self.upper is None:
            return None
        return self.upper - self.lower


def _quantised_goal(values: np.ndarray, name: str) -> Goal:
    """A float goal as integers over a power of two (exact in float64)."""
    top = float(np.max(np.abs(values))) if len(values) else 0.0
    bits = _QUANT_BITS - (math.frexp(top)[1] if top > 0 else 0)
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


def policy_keeps(policy) -> np.ndarray:
    """The ``(T - 1, S)`` int16 best-keep tables of goal 0 of a solved policy."""
    states = policy.stages[0].best_keep.shape[1] if policy.stages else n_states(policy.rules)
    out = np.empty((len(policy.stages), states), dtype=np.int16)
    for t, stage in enumerate(policy.stages):
        out[t] = stage.best_keep[0]
    out.setflags(write=False)
    return out


def n_states(rules: RuleSet) -> int:
    """States of a keep table: 252 hands, or the (aside, hand) states under sticky holds."""
    return len(ix.REROLL.col) if rules.sticky_holds else ix.N_HANDS


def stand_keeps(rules: RuleSet) -> np.ndarray:
    """The ``(T - 1, S)`` int16 keep tables of standing on the first throw."""
    hands = ix.REROLL.col if rules.sticky_holds else np.arange(ix.N_HANDS)
    row = ix.HAND_KEEP[np.asarray(hands, dtype=np.int64)].astype(np.int16)
    out = np.repeat(row[None, :], rules.throws - 1, axis=0)
    out.setflags(write=False)
    return out


def _best_response(rules: RuleSet, goal_values: np.ndarray):
    """:func:`best_response` and the keep tables that play it."""
    policy = solve(rules, _quantised_goal(np.asarray(goal_values, float), "response"), exact=False)
    numerators, denominator = exact_distribution(policy)
    return float(policy.value()), numerators[0], denominator, policy_keeps(policy)


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
    return x, y, float(x @ matrix @ y)


def _stand(rules: RuleSet) -> tuple[np.ndarray, int]:
    throws = rules.throws
    return ix.HAND_WAYS.astype(object) * ix.N_THROWS ** (throws - 1), ix.N_THROWS**throws


def solve_blind(
    rules: RuleSet,
    payout: np.ndarray,
    *,
    second_rules: RuleSet | None = None,
    method: str = "double-oracle",
    tolerance: float | None = None,
    max_iterations: int | None = None,
    certify: bool = True,
) -> Equilibrium:
    """Solve a blind two-player zero-sum game between holding policies.

    Parameters
    ----------
    rules : RuleSet
        The first player's turn rules (and the second's, unless given).
    payout : (252, 252) integer array
        ``payout[first, second]``: what the first player receives.
    second_rules : RuleSet, optional
    method : str
        ``double-oracle`` or ``fictitious-play``.
    tolerance : float, optional
        Stop when the exploitability is at most this (default
        ``1e-9 * max |payout|``).
    max_iterations : int, optional
        Default 100 (double oracle) or 2000 (fictitious play).
    certify : bool
        Compute exact bounds on the value (:attr:`Equilibrium.lower`, ``upper``).

    Returns
    -------
    Equilibrium

    Raises
    ------
    OptionError
        For an unknown method, a bad tolerance or a payout of the wrong shape.
    """
    if method not in METHODS:
        raise OptionError(f"unknown method {method!r}; choose one of: " + ", ".join(METHODS))
    payout = np.asarray(payout)
    if payout.shape != (ix.N_HANDS, ix.N_HANDS):
        raise OptionError(f"payout must be (252, 252), got {payout.shape}")
    second_rules = rules if second_rules is None else second_rules
    require_independent_turns(rules, "a blind two-player game")
    require_independent_turns(second_rules, "a blind two-player game")
    scale = float(np.max(np.abs(payout))) or 1.0
    tolerance = RELATIVE_TOLERANCE * scale if tolerance is None else float(tolerance)
    if not tolerance > 0:
        raise OptionError(f"tolerance must be positive, got {tolerance}")
    if max_iterations is None:
        max_iterations = 100 if method == "double-oracle" else 2000
    if max_iterations < 1:
        raise OptionError(f"max_iterations must be at least 1, got {max_iterations}")
    a = payout.astype(np.float64)
    if method == "double-oracle":
        first, second, value, gaps, converged = _double_oracle(
            rules, second_rules, a, tolerance, max_iterations
        )
    else:
        first, second, value, gaps, converged = _fictitious_play(
            rules, second_rules, a, tolerance, max_iterations
        )
    lower = upper = None
    if certify:
        first, second = _with_exact_weights(first, second, payout)
        lower, upper = certify_bounds(rules, second_rules, payout, first, second)
    return Equilibrium(
        value=value,
        lower=lower,
        upper=upper,
        exploitability=max(gaps[-1], 0.0),
        tolerance=tolerance,
        iterations=len(gaps),
        converged=converged,
        first=first,
        second=second,
        method=method,
        gaps=gaps,
    )


def _as_float(numerators: np.ndarray, denominator: int) -> np.ndarray:
    return np.array([int(n) for n in numerators], dtype=np.float64) / denominator


def _double_oracle(rules, second_rules, a, tolerance, max_iterations):
    stand_first, denominator = _stand(rules)
    stand_second, second_denominator = _stand(second_rules)
    xs = [stand_first]
    ys = [stand_second]
    x_keeps = [stand_keeps(rules)]
    y_keeps = [stand_keeps(second_rules)]
    x_float = [_as_float(stand_first, denominator)]
    y_float = [_as_float(stand_second, second_denominator)]
    gaps: list[float] = []
    converged = False
    for _ in range(max_iterations):
        matrix = np.array(x_float) @ a @ np.array(y_float).T
        wx, wy, value = _matrix_game(matrix)
        xbar = wx @ np.array(x_float)
        ybar = wy @ np.array(y_float)
        up, x_new, _, x_play = _best_response(rules, a @ ybar)
        down, y_new, _, y_play = _best_response(second_rules, -(xbar @ a))
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


def _fictitious_play(rules, second_rules, a, tolerance, max_iterations):
    stand_first, denominator = _stand(rules)
    stand_second, second_denominator = _stand(second_rules)
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
        up, x_new, _, x_play = _best_response(rules, a @ ybar)
        down, y_new, _, y_play = _best_response(second_rules, -(xbar @ a))
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
    value = float(xbar @ a @ ybar)
    return (
        Mixture(wx, _stack(x_rows), denominator, keeps=tuple(x_keeps)),
        Mixture(wy, _stack(y_rows), second_denominator, keeps=tuple(y_keeps)),
        value,
        gaps,
        converged,
    )


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


def _indifference(matrix: list[list[Fraction]], support_rows, support_cols):
    """Column weights on ``support_cols`` making every row of ``support_rows`` earn the same."""
    k = len(support_cols)
    rows = [[matrix[i][j] for j in support_cols] + [Fraction(-1)] for i in support_rows]
    rows.append([Fraction(1)] * k + [Fraction(0)])
    rhs = [Fraction(0)] * len(support_rows) + [Fraction(1)]
    solution = _solve_exact(rows, rhs)
    if solution is None or any(w < 0 for w in solution[:k]):
        return None
    return solution[:k]


def _with_exact_weights(first: Mixture, second: Mixture, payout: np.ndarray):
    """Solve the restricted game exactly on the supports the float solver found.

    On equal-sized supports the equilibrium of the small game solves the
    indifference equations; when they have a non-negative solution the
    weights become exact fractions.  Otherwise the mixtures are returned
    unchanged (and are rounded later).
    """
    sx = [i for i, w in enumerate(first.weights) if w > _SUPPORT]
    sy = [j for j, w in enumerate(second.weights) if w > _SUPPORT]
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

    def spread(weights, support, n):
        full = [Fraction(0)] * n
        for index, w in zip(support, weights, strict=True):
            full[index] = w
        return tuple(full)

    first = dataclasses.replace(first, exact_weights=spread(x, sx, len(first.weights)))
    second = dataclasses.replace(second, exact_weights=spread(y, sy, len(second.weights)))
    return first, second


def _stack(rows: list[np.ndarray]) -> np.ndarray:
    big = any(np.asarray(r).dtype == object for r in rows)
    if big:
        return np.array([np.asarray(r, dtype=object) for r in rows], dtype=object)
    return np.array(rows, dtype=np.int64)


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


def game_value(
    first: tuple[np.ndarray, int], second: tuple[np.ndarray, int], payout: np.ndarray
) -> Fraction:
    """Exact ``x @ payout @ y`` of two exact final distributions (numerators, denominator)."""
    x = np.asarray(first[0], dtype=object)
    y = np.asarray(second[0], dtype=object)
    total = x.dot(np.asarray(payout, dtype=object).dot(y))
    return Fraction(int(total), first[1] * second[1])
