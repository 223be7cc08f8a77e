"""A slow, obviously-right Monte Carlo of turns and rounds: the oracle for the simulation kernels.

It shares no code with ``pokerdice_stats.kernels.simulation`` or the tables the
kernels use: dice are drawn one at a time with :class:`random.Random`, a hand
is a sorted tuple of five ranks, a hold is a sorted tuple of the kept ranks.
A *policy* is a plain function ``(hand, throws_left, aside) -> kept`` (the
whole hand means stand); the tests build it from the solved dynamic program.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable

Hand = tuple[int, ...]
PolicyFn = Callable[[Hand, int, Hand], Hand]


def throw(rng: random.Random, n: int) -> list[int]:
    """``n`` dice, each a uniform rank 0..5."""
    return [rng.randrange(6) for _ in range(n)]


def turn(
    rng: random.Random, policy: PolicyFn, throws: int, sticky: bool = False
) -> tuple[Hand, int]:
    """One turn: the final hand and the number of throws taken."""
    hand = tuple(sorted(throw(rng, 5)))
    aside: Hand = ()
    used = 1
    for left in range(throws - 1, 0, -1):
        kept = policy(hand, left, aside if sticky else ())
        if kept == hand:
            break
        assert not Counter(kept) - Counter(hand), "a hold must be part of the hand"
        hand = tuple(sorted(list(kept) + throw(rng, 5 - len(kept))))
        aside = kept
        used += 1
    return hand, used


def turns(seed: int, n: int, policy: PolicyFn, throws: int, sticky: bool = False) -> Counter:
    """Final hands of ``n`` turns."""
    rng = random.Random(seed)
    return Counter(turn(rng, policy, throws, sticky)[0] for _ in range(n))


def round_winner(
    rng: random.Random,
    players: int,
    seat_policy: Callable[[int, int, int, int | None, int], PolicyFn],
    strength: Callable[[Hand], int],
    throws: int,
    ties: str,
) -> list[int]:
    """Play one round; returns the winning seats (0-based; several only under split/push).

    ``seat_policy(n, place, tied, best_strength, allowed)`` gives the policy
    of the seat at ``place`` of an ``n``-seat (sub-)round facing ``tied``
    earlier seats at ``best_strength`` (None for the first seat) with
    ``allowed`` throws.  Ties: ``roll-off`` (tied seats throw again in seat
    order), ``must-beat`` (a tie is not enough), ``split``/``push`` (all tied win).
    """
    seats = list(range(players))
    while True:
        best = None
        leaders: list[int] = []
        for place, seat in enumerate(seats):
            policy = seat_policy(len(seats), place, len(leaders), best, throws)
            hand, _ = turn(rng, policy, throws)
            s = strength(hand)
            if best is None or s > best:
                best, leaders = s, [seat]
            elif s == best and ties != "must-beat":
                leaders.append(seat)
        if len(leaders) == 1 or ties != "roll-off":
            return leaders
        seats = sorted(leaders)
