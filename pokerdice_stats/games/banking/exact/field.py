"""Blind banking rounds of 2 to 5 seats: the symmetric equilibrium, solved for each N.

In banking Poker Dice (004) every seat develops its hand without seeing
anyone else's; the best hand takes the pot and identical best hands share it.
When the other ``N - 1`` seats play a mixture whose final distribution over
strength levels is ``d``, one seat's share of the pot from a final hand of
strength ``s`` is ``V_d(s)``
(:func:`pokerdice_stats.games.banking.exact.hand_values.field_values`),
so a pure strategy (a hold table) earns ``E[V_d(final hand)]``, and the best
response to the field *is* the optimal-hold dynamic program with the goal
``V_d`` (:func:`pokerdice_stats.turn.holds.solve`).

:func:`solve_field` finds a symmetric equilibrium by an oracle loop: keep a
few pure strategies, solve the symmetric game among them for weights
(:func:`~pokerdice_stats.games.banking.exact.hand_values.symmetric_weights`), answer the
resulting field with the dynamic program, and add the answer while it gains
more than the tolerance.  The float weights are then rounded to multiples of
``2**-40`` and the result is *certified exactly*: the field of the rounded
mixture is a fraction, ``V_d`` is computed in integers, the exact best
response is solved in integers, and the exploitability (best response's
share minus ``1/N``, the share every seat of a symmetric profile gets) is a
Fraction.

Examples
--------
>>> eq = solve_field(players=3)
>>> eq.exploitability <= eq.tolerance
True
>>> sum(eq.value) == 1
True
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import numpy as np
import pandas as pd

from pokerdice_stats.engines.blind import require_independent_turns
from pokerdice_stats.engines.blind.equilibrium import Mixture
from pokerdice_stats.engines.blind.simple_strategies import (
    exact_distribution,
    strategy_distribution,
)
from pokerdice_stats.engines.blind.solvers import stand_keeps
from pokerdice_stats.games.banking.exact.hand_values import (
    exact_field_values,
    field_values,
    symmetric_weights,
)
from pokerdice_stats.games.banking.exact.levels import (
    exact_levels,
    level_matrix,
    winning_categories,
)
from pokerdice_stats.games.banking.exact.rounds import chances, tied_sets
from pokerdice_stats.games.seats import check_players
from pokerdice_stats.ground import indexing as ix
from pokerdice_stats.ground.arguments import (
    checked_positive_number,
    checked_whole_number,
)
from pokerdice_stats.ground.bounds import MAX_SOLVER_ITERATIONS
from pokerdice_stats.ground.errors import OptionError
from pokerdice_stats.ground.speaker import either, option, setting
from pokerdice_stats.ground.summary import short_repr
from pokerdice_stats.kernels.fixed_order import dot
from pokerdice_stats.turn.goals import Goal
from pokerdice_stats.turn.hands import check_rule_set, hand_table
from pokerdice_stats.turn.holds import solve
from pokerdice_stats.turn.rules import RuleSet, get_rules

#: Default tolerance on the exploitability, in shares of the pot.
TOLERANCE = 1e-9
DEFAULT_ITERATIONS = 200
#: The float weights are rounded to multiples of ``2**-WEIGHT_BITS`` before certification.
WEIGHT_BITS = 40
_GOAL_BITS = 52
#: Tie rules under which tied seats share the pot (the only ones the field game models).
SHARED_TIES = ("split", "push")
#: Name of the two-seat equilibrium reused at every seat, in strategy tables.
TWO_SEAT = "two-seat-equilibrium"


@dataclass(frozen=True, eq=False)
class FieldEquilibrium:
    """A symmetric equilibrium of the blind round of ``players`` seats.

    Attributes
    ----------
    rules : RuleSet
    players : int
    mixture : Mixture
        The pure strategies in the support (their exact final distributions
        and keep tables) with their weights; ``mixture.exact_weights`` are
        the rounded weights the certification used.
    value : tuple of Fraction
        Each seat's exact share of the pot when every seat plays the mixture
        (``1/N`` each by symmetry; computed from the tie sets).
    exploitability : Fraction
        Exactly how much more than ``1/N`` of the pot one seat gets by
        deviating alone to its best response against the mixture.
    tolerance : float
        The stopping tolerance on the exploitability (share of the pot).
    iterations : int
        Best responses computed by the oracle loop.
    gaps : list of float
        The float best response's gain over ``1/N`` after each iteration.
    residual : float
        The largest violation of the small game's equilibrium conditions
        left by the last weight solve.
    """

    rules: RuleSet
    players: int
    mixture: Mixture
    value: tuple[Fraction, ...]
    exploitability: Fraction
    tolerance: float
    iterations: int
    gaps: list[float] = field(default_factory=list)
    residual: float = 0.0

    @property
    def converged(self) -> bool:
        """Whether the certified exploitability is within the tolerance."""
        return self.exploitability <= Fraction(self.tolerance)

    @property
    def exploitability_float(self) -> float:
        return float(self.exploitability)

    def field(self) -> tuple[np.ndarray, int]:
        """The mixture's exact final distribution: numerators (object) and denominator."""
        return self.mixture.exact()

    def field_goal(self) -> Goal:
        """The exact value of each final hand against the other ``N - 1`` seats."""
        return field_goal(self.rules, self.field(), self.players)

    def share(self, distribution: tuple[np.ndarray, int]) -> Fraction:
        """Exact share of the pot of one seat with ``distribution`` against the field."""
        return share_against(self.field_goal(), distribution)

    def frame(self) -> pd.DataFrame:
        """One row per pure strategy: ``strategy``, ``weight``, ``weight_exact``, ``share_float``
        (its share of the pot against the field; ``1/N`` within the exploitability) and the chance
        of finishing in each category."""
        rules = self.rules
        table = hand_table(rules)
        goal = self.field_goal()
        weights = self.mixture.fraction_weights()
        ranking = sorted(range(len(weights)), key=lambda i: (-weights[i], i))
        rows = []
        for number, i in enumerate(ranking, start=1):
            numerators = self.mixture.numerators[i]
            denominator = self.mixture.denominator
            share = share_against(goal, (numerators, denominator))
            row: dict[str, object] = {
                "players": self.players,
                "strategy": number,
                "weight": float(weights[i]),
                "weight_exact": weights[i],
                "share_float": float(share),
            }
            for c, cat in enumerate(rules.categories):
                mass = sum(
                    int(n) for n, k in zip(numerators, table.category, strict=True) if k == c
                )
                row[cat.slug] = mass / denominator
            rows.append(row)
        return pd.DataFrame(rows)

    def __repr__(self) -> str:
        return short_repr(
            self,
            rules=self.rules,
            players=self.players,
            strategies=len(self.mixture.weights),
            exploitability=self.exploitability,
        )


def check_blind_rules(rules: RuleSet, what: str = "a blind round", players: int = 2) -> None:
    """Refuse rules the field game does not model (``players``: the seats, if known).

    Raises
    ------
    OptionError
        Under ``knowledge=seen``, a tie rule other than ``split``/``push``, ``push`` with
        more than two seats (of two, a push is a split), or the first player's throw limit.
    """
    if rules.knowledge != "blind":
        raise OptionError(
            f"{what} is the blind game (nobody sees another's hand) and the rules say "
            f"knowledge=seen; use {setting('knowledge', 'blind')}, or "
            + either("`round`", "solve_round")
            + " for the seen game"
        )
    if rules.ties not in SHARED_TIES:
        raise OptionError(
            f"{what} is solved with tied seats sharing the pot (ties=split or push); "
            f"ties={rules.ties} is not supported there"
        )
    if rules.ties == "push" and players > 2:
        raise OptionError(
            f"{what} shares a tied pot among the tied seats (ties=split); ties=push (004's "
            "progressive rule for two: a tie is a push, nobody pays) says nothing of the seats "
            "a tie beats, so it is played by two seats only (a push is a split there), not "
            f"{players}"
        )
    require_independent_turns(rules, what)


def field_goal(rules: RuleSet, field_dist: tuple[np.ndarray, int], players: int) -> Goal:
    """The goal ``V_d`` of one seat against ``players - 1`` seats drawing from ``field_dist``."""
    numerators, common = exact_field_values(exact_levels(rules, field_dist), field_dist[1], players)
    strength = hand_table(rules).strength
    per_hand = np.array([numerators[int(s)] for s in strength], dtype=object)
    divisor = math.gcd(common, *per_hand)
    per_hand = np.array([int(v) // divisor for v in per_hand], dtype=object)
    return Goal(f"share against {players - 1} blind seats", per_hand, common // divisor)


def share_against(goal: Goal, distribution: tuple[np.ndarray, int]) -> Fraction:
    """Exact expected value of ``goal`` over a final distribution."""
    numerators, denominator = distribution
    total = sum(int(a) * int(b) for a, b in zip(numerators, goal.numerators, strict=True))
    return Fraction(total, int(denominator) * goal.denominator)


def _respond(rules: RuleSet, hand_values: np.ndarray):
    """The float best response to per-hand values: value, exact final distribution, keeps."""
    numerators = np.round(np.ldexp(np.asarray(hand_values, float), _GOAL_BITS)).astype(np.int64)
    policy = solve(rules, Goal("field", numerators, 2**_GOAL_BITS), exact=False)
    final, denominator = exact_distribution(policy)
    return float(policy.value()), final[0], denominator, policy.keep_tables()


def _stand(rules: RuleSet) -> np.ndarray:
    return strategy_distribution(rules, "stand")[0]


def _rounded_weights(weights: np.ndarray) -> list[Fraction]:
    """Weights as multiples of ``2**-WEIGHT_BITS`` summing to exactly 1."""
    scale = 2**WEIGHT_BITS
    units = [round(float(w) * scale) for w in weights]
    largest = int(np.argmax(weights))
    units[largest] += scale - sum(units)
    return [Fraction(u, scale) for u in units]


def solve_field(
    rules: RuleSet | None = None,
    players: int = 2,
    *,
    tolerance: float | None = None,
    max_iterations: int | None = None,
) -> FieldEquilibrium:
    """The symmetric equilibrium of a blind banking round of ``players`` seats (cached).

    Parameters
    ----------
    rules : RuleSet, optional
        Default: the ``banking`` preset.
    players : int
        2 to 5.
    tolerance : float, optional
        Stop when the best response gains at most this share of the pot
        (default :data:`TOLERANCE`).
    max_iterations : int, optional
        Best responses at most (default :data:`DEFAULT_ITERATIONS`).

    Returns
    -------
    FieldEquilibrium
        Certified: :attr:`FieldEquilibrium.exploitability` is exact.

    Raises
    ------
    RulesError
        If ``rules`` is not a :class:`RuleSet`.
    OptionError
        For 1 or more than 5 seats, a bad tolerance or number of iterations, or rules
        the field game does not model (:func:`check_blind_rules`).
    """
    rules = get_rules("banking") if rules is None else check_rule_set(rules)
    n = check_players(players)
    check_blind_rules(rules, players=n)
    if tolerance is None:
        tolerance = TOLERANCE
    else:
        tolerance = checked_positive_number(tolerance, option("tolerance"))
    if tolerance >= 1:  # one seat's gain over 1/N is below 1 - 1/N
        raise OptionError(
            f"{option('tolerance')} is a share of the pot, below 1, got {tolerance:.6g}: any "
            "strategies meet a gap that large"
        )
    if max_iterations is None:
        max_iterations = DEFAULT_ITERATIONS
    max_iterations = checked_whole_number(
        max_iterations, option("max_iterations"), 1, MAX_SOLVER_ITERATIONS
    )
    return _solve_cached(rules, n, tolerance, max_iterations)


@functools.lru_cache(maxsize=32)
def _solve_cached(rules: RuleSet, players: int, tolerance: float, max_iterations: int):
    to_levels = level_matrix(rules)
    denominator = ix.N_THROWS**rules.throws
    pure = [_stand(rules)]
    keeps = [stand_keeps(rules)]
    weights = np.ones(1)
    strength = hand_table(rules).strength
    gaps: list[float] = []
    residual = 0.0
    for _ in range(max_iterations):
        levels = np.array([dot(np.asarray(x, dtype=np.float64), to_levels) for x in pure])
        weights, residual, _ = symmetric_weights(levels / denominator, players, weights)
        values = field_values(dot(weights, levels) / denominator, players)[0][strength]
        value, final, _, play = _respond(rules, values)
        gap = value - 1.0 / players
        gaps.append(gap)
        if gap <= tolerance / 16 or any(np.array_equal(final, x) for x in pure):
            break
        pure.append(final)
        keeps.append(play)
        weights = np.append(weights, 0.0)
    exact_weights = _rounded_weights(weights)
    support = [i for i, w in enumerate(exact_weights) if w > 0]
    mixture = Mixture(
        weights=np.array([float(exact_weights[i]) for i in support]),
        numerators=np.array([np.asarray(pure[i], dtype=object) for i in support], dtype=object),
        denominator=denominator,
        exact_weights=tuple(exact_weights[i] for i in support),
        keeps=tuple(keeps[i] for i in support),
    )
    field_dist = mixture.exact()
    goal = field_goal(rules, field_dist, players)
    best = Fraction(solve(rules, goal, exact=True).value())
    value = chances(rules, [field_dist] * players)
    return FieldEquilibrium(
        rules=rules,
        players=players,
        mixture=mixture,
        value=tuple(value),
        exploitability=best - Fraction(1, players),
        tolerance=tolerance,
        iterations=len(gaps),
        gaps=gaps,
        residual=residual,
    )


@dataclass(frozen=True)
class BlindRound:
    """A blind round of ``players`` seats all playing the symmetric equilibrium.

    Attributes
    ----------
    equilibrium : FieldEquilibrium
    win : tuple of Fraction
        Each seat's share of the pot.
    outright : tuple of Fraction
        Each seat's chance to hold the best hand alone.
    tie : tuple of Fraction
        Each seat's chance to share the best hand with others.
    split : Fraction
        The chance that the pot is split (two or more seats hold the best hand).
    winning_category : dict of str to Fraction
        The chance that the best hand of the round is of each category, best first.
    """

    equilibrium: FieldEquilibrium
    win: tuple[Fraction, ...]
    outright: tuple[Fraction, ...]
    tie: tuple[Fraction, ...]
    split: Fraction
    winning_category: dict[str, Fraction]

    def frame(self) -> pd.DataFrame:
        """One row per seat: ``seat``, ``win`` (float), ``win_exact``, ``win_outright``,
        ``tie``, ``knowledge``."""
        return pd.DataFrame(
            [
                {
                    "seat": s + 1,
                    "win": float(self.win[s]),
                    "win_exact": self.win[s],
                    "win_outright": float(self.outright[s]),
                    "tie": float(self.tie[s]),
                    "knowledge": "blind",
                }
                for s in range(len(self.win))
            ]
        )

    def category_frame(self) -> pd.DataFrame:
        """The winning hand's category: ``category``, ``chance`` (exact), ``chance_float``."""
        return pd.DataFrame(
            [
                {"category": slug, "chance": p, "chance_float": float(p)}
                for slug, p in self.winning_category.items()
            ]
        )

    def __repr__(self) -> str:
        eq = self.equilibrium
        return short_repr(self, rules=eq.rules, players=eq.players, win=self.win)


def blind_round(rules: RuleSet | None = None, players: int = 2, **options: Any) -> BlindRound:
    """Every seat's share, the split rate and the winning hand of a blind round.

    Every seat plays the symmetric equilibrium of :func:`solve_field`
    (``options`` are passed to it).

    Parameters
    ----------
    rules : RuleSet, optional
        Default: the ``banking`` preset.  Blind (``knowledge=blind``), with tied seats
        sharing the pot (``ties=split`` or ``push``) and no throw limit.
    players : int, default 2
        Seats, 2 to 5.
    **options
        ``tolerance`` and ``max_iterations`` of :func:`solve_field`.

    Returns
    -------
    BlindRound
        Each seat's exact share of the pot, chance to hold the best hand alone or
        shared, the chance of a split pot and the winning hand's category.

    Raises
    ------
    RulesError
        If ``rules`` is not a :class:`RuleSet`.
    OptionError
        For 1 or more than 5 seats, a bad tolerance or number of iterations, or rules
        the field game does not model (:func:`check_blind_rules`).
    """
    rules = get_rules("banking") if rules is None else rules
    eq = solve_field(rules, players, **options)
    field_dist = eq.field()
    sets = tied_sets(rules, [field_dist] * eq.players)
    seats = range(eq.players)
    outright = tuple(sets[(s,)] for s in seats)
    tie = tuple(
        sum((p for g, p in sets.items() if s in g and len(g) > 1), Fraction(0)) for s in seats
    )
    split = sum((p for g, p in sets.items() if len(g) > 1), Fraction(0))
    return BlindRound(
        eq, eq.value, outright, tie, split, winning_categories(rules, field_dist, eq.players)
    )
