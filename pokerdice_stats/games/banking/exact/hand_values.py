"""What a final hand is worth against a field of blind seats, and the small symmetric game.

In a blind round of ``N`` seats that share the pot on a tie (banking Poker
Dice, 004), a seat's final hand of strength level ``s`` meets ``N - 1``
other final hands drawn independently from the field's distribution ``d``
(over strength levels).  With ``p = P(= s)`` and ``q = P(< s)`` under ``d``,
the seat's expected share of the pot is

    V(s) = sum_k C(N-1, k) p^k q^(N-1-k) / (k + 1),

the chance that exactly ``k`` others tie it at the top and nobody beats it,
times the ``1/(k+1)`` of the pot it then takes.  :func:`field_values` gives
``V`` in floats with its two partial derivatives, :func:`exact_field_values`
gives it in integers over one denominator.

:func:`symmetric_weights` solves the symmetric game among a few pure
strategies (their final distributions over levels): weights ``w`` such that
every strategy in the support earns the same and none earns more, by a
semismooth Newton method on the complementarity conditions (the
Fischer-Burmeister function), with a backtracking line search.

Examples
--------
>>> import numpy as np
>>> values, _, _ = field_values(np.array([0.5, 0.5]), players=2)
>>> values.tolist()  # the lower level ties itself half the time; the upper beats it
[0.25, 0.75]
"""

from __future__ import annotations

import math

import numpy as np

from pokerdice_stats.kernels.fixed_order import dot, least_squares

#: Residual at which :func:`symmetric_weights` stops (largest complementarity violation).
RESIDUAL = 1e-15
MAX_NEWTON_STEPS = 200


def _previous_mass(levels: np.ndarray) -> np.ndarray:
    """``P(< s)`` for every level (the exclusive cumulative sum along the last axis)."""
    cumulative = np.cumsum(levels, axis=-1)
    out = np.zeros_like(cumulative)
    out[..., 1:] = cumulative[..., :-1]
    return out


def field_values(
    level_chances: np.ndarray, players: int
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """A final hand's share of the pot at each strength level against ``players - 1`` others.

    Parameters
    ----------
    level_chances : (L,) float
        The field's chance of finishing at each strength level (weakest first).
    players : int
        Seats at the table (2 or more).

    Returns
    -------
    values, d_equal, d_below : (L,) float
        ``V(s)`` and its partial derivatives with respect to ``p = P(= s)``
        and to ``q = P(< s)``.
    """
    p = np.asarray(level_chances, dtype=np.float64)
    q = _previous_mass(p)
    n = int(players) - 1
    # Powers by repeated products, not ``p**k``: NumPy's power takes another routine on
    # processors with AVX-512, and its last bits would move the equilibrium's weights.
    p_to, q_to = _powers(p, n), _powers(q, n)
    values = np.zeros_like(p)
    d_equal = np.zeros_like(p)
    d_below = np.zeros_like(p)
    for k in range(n + 1):
        c = math.comb(n, k) / (k + 1)
        values += c * p_to[k] * q_to[n - k]
        if k:
            d_equal += c * k * p_to[k - 1] * q_to[n - k]
        if n - k:
            d_below += c * (n - k) * p_to[k] * q_to[n - k - 1]
    return values, d_equal, d_below


def _powers(x: np.ndarray, n: int) -> list[np.ndarray]:
    """``[x**0, x**1, ..., x**n]``, each the last times ``x`` (the same bits everywhere)."""
    out = [np.ones_like(x)]
    for _ in range(n):
        out.append(out[-1] * x)
    return out


def exact_field_values(
    level_numerators: list[int], denominator: int, players: int
) -> tuple[list[int], int]:
    """:func:`field_values` exactly: integer numerators over one common denominator.

    Parameters
    ----------
    level_numerators : list of int
        The field's chance of each strength level, over ``denominator``.
    denominator : int
    players : int

    Returns
    -------
    numerators : list of int
    common : int
        ``lcm(1..players) * denominator**(players - 1)``.
    """
    n = int(players) - 1
    lcm = math.lcm(*range(1, n + 2))
    weights = [math.comb(n, k) * (lcm // (k + 1)) for k in range(n + 1)]
    out = []
    below = 0
    for p in level_numerators:
        p = int(p)
        out.append(sum(w * p**k * below ** (n - k) for k, w in enumerate(weights)))
        below += p
    return out, lcm * int(denominator) ** n


def strategy_payoffs(
    levels: np.ndarray, weights: np.ndarray, players: int, jacobian: bool = True
) -> tuple[np.ndarray, np.ndarray | None]:
    """What each pure strategy earns against a field playing the mixture ``weights``.

    Parameters
    ----------
    levels : (k, L) float
        Each pure strategy's final distribution over strength levels.
    weights : (k,) float
    players : int
    jacobian : bool
        Also return ``d payoff_i / d weight_j``.

    Returns
    -------
    payoffs : (k,) float
        Share of the pot of one seat playing strategy ``i``.
    jacobian : (k, k) float or None
    """
    field = dot(weights, levels)
    values, d_equal, d_below = field_values(field, players)
    payoffs = dot(levels, values)
    if not jacobian:
        return payoffs, None
    # d V(s) / d weight_j = d_equal(s) levels[j, s] + d_below(s) P_j(< s)
    moved = d_equal * levels + d_below * _previous_mass(levels)
    return payoffs, dot(levels, moved.T)


def _two_seat_weights(levels: np.ndarray) -> tuple[np.ndarray, float, int]:
    """Two seats: a symmetric zero-sum matrix game, solved by linear programming.

    The payoffs are linear in the weights, ``M[i, j] - 1/2`` is skew-symmetric,
    and a maximin mixture is a symmetric equilibrium.  (The Newton method
    converges slowly here: the game is only weakly stable.)
    """
    from scipy.optimize import linprog  # imported here: it costs every command 0.3 s at start

    k = levels.shape[0]
    matrix = np.array([dot(levels, field_values(row, 2)[0]) for row in levels]).T  # [i, j]
    # maximise v subject to (w @ matrix)[j] >= v for every column j, w on the simplex
    cost = np.zeros(k + 1)
    cost[-1] = -1.0
    upper = np.hstack([-matrix.T, np.ones((k, 1))])
    equal = np.hstack([np.ones((1, k)), np.zeros((1, 1))])
    bounds = [(0, None)] * k + [(None, None)]
    result = linprog(cost, A_ub=upper, b_ub=np.zeros(k), A_eq=equal, b_eq=[1.0], bounds=bounds)
    w = np.clip(result.x[:-1], 0.0, None)
    w = w / w.sum()
    payoffs, _ = strategy_payoffs(levels, w, 2, jacobian=False)
    residual = max(float(payoffs.max()) - 0.5, float(np.abs(payoffs[w > 0] - 0.5).max()))
    return w, max(residual, 0.0), 1


def _complementarity(levels, weights, level, players):
    payoffs, jac = strategy_payoffs(levels, weights, players)
    slack = level - payoffs
    root = np.sqrt(weights * weights + slack * slack)
    residual = np.concatenate([weights + slack - root, [weights.sum() - 1.0]])
    return residual, jac, slack, root


def symmetric_weights(
    levels: np.ndarray, players: int, start: np.ndarray | None = None
) -> tuple[np.ndarray, float, int]:
    """A symmetric equilibrium of the game among a few pure strategies.

    Solves ``w >= 0``, ``sum(w) = 1``, ``c - payoff_i(w) >= 0`` with
    ``w_i (c - payoff_i(w)) = 0`` for every ``i`` (every strategy in the
    support earns ``c``, none earns more), written as the Fischer-Burmeister
    equations ``w_i + s_i - sqrt(w_i^2 + s_i^2) = 0``, by Newton steps (least
    squares where the Jacobian is singular) with a backtracking line search.
    Two seats: the symmetric zero-sum matrix game by linear programming.

    Parameters
    ----------
    levels : (k, L) float
        The pure strategies' final distributions over strength levels.
    players : int
    start : (k,) float, optional
        Starting weights (default: uniform).

    Returns
    -------
    weights : (k,) float
        Non-negative, summing to 1.
    residual : float
        The largest violation of the conditions left (at most
        :data:`RESIDUAL` when the method converged).
    steps : int
        Newton steps taken.
    """
    levels = np.asarray(levels, dtype=np.float64)
    k = levels.shape[0]
    if players == 2:
        return _two_seat_weights(levels)
    w = np.full(k, 1.0 / k) if start is None else np.asarray(start, dtype=np.float64).copy()
    c = 1.0 / players
    residual, jac, slack, root = _complementarity(levels, w, c, players)
    steps = 0
    while np.abs(residual).max() > RESIDUAL and steps < MAX_NEWTON_STEPS:
        steps += 1
        safe = np.where(root > 0, root, 1.0)
        d_weight = np.where(root > 0, 1 - w / safe, 1 - 1 / math.sqrt(2))
        d_slack = np.where(root > 0, 1 - slack / safe, 1 - 1 / math.sqrt(2))
        system = np.zeros((k + 1, k + 1))
        system[:k, :k] = np.diag(d_weight) - d_slack[:, None] * jac
        system[:k, k] = d_slack
        system[k, :k] = 1.0
        step = least_squares(system, -residual)
        merit = dot(residual, residual)
        t = 1.0
        while True:
            trial_w, trial_c = w + t * step[:k], c + t * float(step[k])
            trial = _complementarity(levels, trial_w, trial_c, players)
            if dot(trial[0], trial[0]) <= (1 - 1e-4 * t) * merit or t < 1e-12:
                break
            t /= 2
        w, c = trial_w, trial_c
        residual, jac, slack, root = trial
    w = np.clip(w, 0.0, None)
    return w / w.sum(), float(np.abs(residual).max()), steps
