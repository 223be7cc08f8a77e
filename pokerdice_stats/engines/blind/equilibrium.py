"""Equilibria of blind two-player games: both develop a hand without seeing the other's.

A pure strategy of a player is a deterministic holding policy; what it does
to the game is its final-hand distribution ``x`` (252 chances).  With a
payout matrix ``A[mine, theirs]`` (the first player receives, the second
pays) the game is zero-sum and bilinear: the first player gets ``x @ A @ y``.
A *best response* to a mixed opponent is the optimal-hold dynamic program
with the goal ``A @ y`` (:func:`pokerdice_stats.turn.holds.solve`).

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

This module is the front (:func:`solve_blind`); the records are in
:mod:`~pokerdice_stats.engines.blind.mixtures`, the solvers in
:mod:`~pokerdice_stats.engines.blind.solvers`, the certification in
:mod:`~pokerdice_stats.engines.blind.certification`.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np

from pokerdice_stats.engines.blind import require_independent_turns
from pokerdice_stats.engines.blind.certification import certify_bounds, with_exact_weights
from pokerdice_stats.engines.blind.mixtures import Equilibrium, Mixture, game_value
from pokerdice_stats.engines.blind.solvers import double_oracle, fictitious_play
from pokerdice_stats.ground import indexing as ix
from pokerdice_stats.ground.arguments import (
    checked_flag,
    checked_positive_number,
    checked_whole_number,
    checked_whole_table,
)
from pokerdice_stats.ground.bounds import MAX_SOLVER_ITERATIONS
from pokerdice_stats.ground.errors import OptionError
from pokerdice_stats.ground.speaker import option
from pokerdice_stats.turn.rules import RuleSet

__all__ = ["METHODS", "RELATIVE_TOLERANCE", "Equilibrium", "Mixture", "game_value", "solve_blind"]

METHODS = ("double-oracle", "fictitious-play")
#: Default stopping tolerance on the exploitability, relative to ``max |A|``.
RELATIVE_TOLERANCE = 1e-9


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
        The second player's turn rules (default: ``rules``).
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
        Both players' mixtures of holding policies, the value and (with ``certify``) its
        exact bounds.

    Raises
    ------
    RulesError
        If ``rules`` (or ``second_rules``) is not a :class:`RuleSet`.
    OptionError
        For an unknown method, a bad tolerance (not positive, or not below the largest
        payout) or number of iterations, a payout of the
        wrong shape or not of whole numbers within int64 (``0.5`` is refused, not
        truncated), a ``certify`` that is not a bool, or rules with a throw limit.
    """
    if method not in METHODS:
        raise OptionError(f"unknown method {method!r}; choose one of: " + ", ".join(METHODS))
    payout = checked_whole_table(payout, "payout", (ix.N_HANDS, ix.N_HANDS))
    certify = checked_flag(certify, "certify")
    second_rules = rules if second_rules is None else second_rules
    require_independent_turns(rules, "a blind two-player game")
    require_independent_turns(second_rules, "a blind two-player game")
    scale = float(np.max(np.abs(payout))) or 1.0
    if tolerance is None:
        tolerance = RELATIVE_TOLERANCE * scale
    else:
        tolerance = checked_positive_number(tolerance, option("tolerance"))
        if tolerance >= 2 * scale:  # the gap (upper - lower) is at most twice the payout
            raise OptionError(
                f"{option('tolerance')} must be below twice the largest payout "
                f"({2 * scale:,.6g}), got {tolerance:.6g}: any strategies meet a gap that large"
            )
    if max_iterations is None:
        max_iterations = 100 if method == "double-oracle" else 2000
    max_iterations = checked_whole_number(
        max_iterations, option("max_iterations"), 1, MAX_SOLVER_ITERATIONS
    )
    a = payout.astype(np.float64)
    if method == "double-oracle":
        first, second, value, gaps, converged = double_oracle(
            rules, second_rules, a, tolerance, max_iterations
        )
    else:
        first, second, value, gaps, converged = fictitious_play(
            rules, second_rules, a, tolerance, max_iterations
        )
    lower: Fraction | None = None
    upper: Fraction | None = None
    if certify:
        first, second = with_exact_weights(first, second, payout)
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
        rules=rules,
        second_rules=second_rules,
        noise=RELATIVE_TOLERANCE * scale,
    )
