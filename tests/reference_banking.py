"""Slow, obviously-right brute force for blind banking rounds of N seats (004).

Shares no code with ``pokerdice_stats``: the hands and their comparison come
from :mod:`reference_payout` (written again from the rule document).  A seat's
final hand meets ``N - 1`` other hands drawn independently from a field
distribution; its share of the pot is found by going through the other seats
one at a time (how many of them tie it so far, none may beat it), not by the
closed binomial formula of the package.

- :func:`seat_share` is the share of the pot of one final hand against the field;
- :func:`best_response` is the best share of a whole turn against the field,
  by the plain expectimax of :mod:`reference_payout`;
- :func:`round_shares` is each seat's share of a blind round where the seats
  play given distributions, by going through every combination of final hands.
"""

from __future__ import annotations

import itertools
from fractions import Fraction

import reference_payout as ref


def seat_share(hand: tuple[int, ...], field: dict, players: int) -> Fraction:
    """Share of the pot of ``hand`` against ``players - 1`` independent draws from ``field``."""
    key = ref.full_key(hand)
    below = sum((p for h, p in field.items() if ref.full_key(h) < key), Fraction(0))
    equal = sum((p for h, p in field.items() if ref.full_key(h) == key), Fraction(0))
    ties = {0: Fraction(1)}  # chance that k of the seats seen so far tie and none beats
    for _ in range(players - 1):
        following: dict[int, Fraction] = {}
        for k, p in ties.items():
            following[k] = following.get(k, Fraction(0)) + p * below
            following[k + 1] = following.get(k + 1, Fraction(0)) + p * equal
        ties = following
    return sum((p / (k + 1) for k, p in ties.items()), Fraction(0))


def best_response(field: dict, players: int, throws: int = 3) -> Fraction:
    """The best share of the pot one seat can get against the field (plain expectimax)."""
    values = {h: seat_share(h, field, players) for h in ref.hands()}
    return ref.expectimax(lambda h: values[h], throws)


def round_shares(distributions: list[dict]) -> list[Fraction]:
    """Each seat's share of a blind round, through every combination of final hands.

    Only for small supports: the work is the product of the supports' sizes.
    """
    shares = [Fraction(0)] * len(distributions)
    for combo in itertools.product(*(d.items() for d in distributions)):
        p = Fraction(1)
        for _, q in combo:
            p *= q
        keys = [ref.full_key(h) for h, _ in combo]
        top = max(keys)
        winners = [s for s, k in enumerate(keys) if k == top]
        for s in winners:
            shares[s] += p / len(winners)
    return shares
