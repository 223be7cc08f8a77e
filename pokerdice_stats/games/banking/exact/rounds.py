"""Blind rounds: every seat develops its hand without seeing anyone else's.

When no seat sees another's hand (banking Poker Dice, 004: "the player
hand is developed without knowledge of the computer's current hand"), each
seat's final hand is an independent draw from its own final distribution
(a pure strategy's, or a mixture's), and the round's odds follow exactly
from those distributions and the rule set's comparison (``strength``).

Under the tie rules:

- ``split`` and ``push``: the ``k`` seats holding the best hand each get
  ``1/k`` of the win (the share :func:`chances` returns);
- ``must-beat``: a seat that only ties the best so far is out, so the
  earliest seat holding the best hand wins;
- ``roll-off``: the tied seats play a blind round again among themselves
  (with the same strategies), until one wins.

For two seats with distributions ``x`` and ``y`` under ``split``, seat 1's
share is ``P(win) + P(tie) / 2 = (1 + x A y) / 2`` with ``A`` the ``+1 / 0 /
-1`` banking payout (:func:`pokerdice_stats.engines.blind.equilibrium.game_value`).

Examples
--------
>>> from pokerdice_stats import get_rules
>>> from pokerdice_stats.engines.blind.simple_strategies import strategy_distribution
>>> rules = get_rules("banking")
>>> stand = strategy_distribution(rules, "stand")
>>> chances(rules, [stand, stand])  # a symmetric round
(Fraction(1, 2), Fraction(1, 2))
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from fractions import Fraction

import numpy as np

from pokerdice_stats.ground import indexing as ix
from pokerdice_stats.ground.errors import OptionError
from pokerdice_stats.turn.hands import hand_table
from pokerdice_stats.turn.rules import RuleSet

Distribution = tuple[np.ndarray, int]


def _levels(rules: RuleSet, dist: Distribution) -> tuple[np.ndarray, np.ndarray, int]:
    """Per strength level: the numerators of 'exactly this strength' and 'below it'."""
    table = hand_table(rules)
    numerators, denominator = dist
    numerators = np.asarray(numerators, dtype=object)
    if numerators.shape != (ix.N_HANDS,):
        raise OptionError(f"a final distribution has 252 entries, got {numerators.shape}")
    if sum(int(v) for v in numerators) != int(denominator):
        raise OptionError("a final distribution must sum to its denominator")
    equal = np.zeros(table.n_strengths, dtype=object)
    for h in range(ix.N_HANDS):
        equal[int(table.strength[h])] += int(numerators[h])
    below = np.zeros(table.n_strengths, dtype=object)
    below[1:] = np.cumsum(equal)[:-1]
    return equal, below, int(denominator)


def tied_sets(rules: RuleSet, distributions: Sequence[Distribution]) -> dict[tuple, Fraction]:
    """Chance that exactly the seats ``T`` hold the best hand, for every non-empty ``T``.

    Parameters
    ----------
    rules : RuleSet
    distributions : sequence of (numerators (252,), denominator)
        Each seat's final distribution, seat 1 first.

    Returns
    -------
    dict of tuple of int to Fraction
        Keys are the tied seats (0-based, increasing); the values sum to 1.
    """
    levels = [_levels(rules, d) for d in distributions]
    return _tied_sets(levels, tuple(range(len(levels))))


def _tied_sets(levels, seats: tuple[int, ...]) -> dict[tuple, Fraction]:
    denominator = 1
    for s in seats:
        denominator *= levels[s][2]
    out = {}
    for size in range(1, len(seats) + 1):
        for tied in itertools.combinations(seats, size):
            product = np.ones(len(levels[0][0]), dtype=object)
            for s in seats:
                product = product * (levels[s][0] if s in tied else levels[s][1])
            out[tied] = Fraction(int(product.sum()), denominator)
    return out


def chances(rules: RuleSet, distributions: Sequence[Distribution]) -> tuple[Fraction, ...]:
    """Each seat's exact share of the win of a blind round (seat 1 first).

    Parameters
    ----------
    rules : RuleSet
        The comparison (``strength``) and the tie rule (``rules.ties``).
    distributions : sequence of (numerators (252,), denominator)
        Each seat's final distribution (2 to 5 seats).

    Returns
    -------
    tuple of Fraction
        Under ``split`` and ``push`` a ``k``-way tie counts ``1/k`` to each
        tied seat; under ``must-beat`` and ``roll-off`` one seat wins.

    Raises
    ------
    OptionError
        For fewer than 2 or more than 5 seats, or a malformed distribution.
    """
    if not 2 <= len(distributions) <= 5:
        raise OptionError(f"a blind round has 2 to 5 seats, got {len(distributions)}")
    levels = [_levels(rules, d) for d in distributions]
    seats = tuple(range(len(levels)))
    if rules.ties == "roll-off":
        return tuple(_roll_off(levels, seats)[s] for s in seats)
    tied = _tied_sets(levels, seats)
    share = [Fraction(0)] * len(seats)
    for group, p in tied.items():
        if rules.ties == "must-beat":
            share[group[0]] += p
        else:
            for s in group:
                share[s] += p / len(group)
    return tuple(share)


def _roll_off(levels, seats: tuple[int, ...], memo=None) -> dict[int, Fraction]:
    """Each seat's chance to win a blind round among ``seats`` with roll-offs."""
    memo = {} if memo is None else memo
    if seats in memo:
        return memo[seats]
    if len(seats) == 1:
        return {seats[0]: Fraction(1)}
    tied = _tied_sets(levels, seats)
    again = tied[seats]
    if again == 1:
        raise OptionError("the seats always tie: a roll-off never ends")
    win = dict.fromkeys(seats, Fraction(0))
    for group, p in tied.items():
        if group == seats:
            continue
        for s, w in _roll_off(levels, group, memo).items():
            win[s] += p * w
    result = {s: w / (1 - again) for s, w in win.items()}
    memo[seats] = result
    return result
