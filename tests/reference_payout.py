"""Slow, obviously-right brute force for the two games of 004.

Shares no code with ``pokerdice_stats``: the hands, the schedule and the
dynamic program are written again here from the rule document.  Dice are
pips 1..6; a hand is the sorted tuple of its five pips.

- :func:`category` and :func:`full_key` classify a hand on the big-little
  ladder (big straight 2-3-4-5-6 above the full house, little straight
  1-2-3-4-5 between one pair and bust).
- :func:`progressive_payout` and :func:`banking_payout` give what the first
  hand receives from the second.
- :func:`expectimax` is the optimal-hold dynamic program by brute force:
  every subset of the five dice may be kept, and every ordered outcome of
  the thrown dice is enumerated; values are exact Fractions.
"""

from __future__ import annotations

import functools
import itertools
from collections import Counter
from fractions import Fraction

#: The big-little ladder, best first (004).
LADDER = (
    "five-of-a-kind",
    "four-of-a-kind",
    "big-straight",
    "full-house",
    "three-of-a-kind",
    "two-pair",
    "one-pair",
    "little-straight",
    "high-die",
)

#: The seed's payout table, typed again: winner -> loser -> amount.
_LOW = ("high-die", "little-straight", "one-pair")
SCHEDULE: dict[str, dict[str, int]] = {
    "three-of-a-kind": {**dict.fromkeys(_LOW, 6), "two-pair": 3},
    "full-house": {**dict.fromkeys(_LOW, 24), "two-pair": 12, "three-of-a-kind": 8},
    "big-straight": {
        **dict.fromkeys(_LOW, 30),
        "two-pair": 15,
        "three-of-a-kind": 10,
        "full-house": 3,
    },
    "four-of-a-kind": {
        **dict.fromkeys(_LOW, 48),
        "two-pair": 24,
        "three-of-a-kind": 16,
        "full-house": 4,
        "big-straight": 3,
    },
    "five-of-a-kind": {
        **dict.fromkeys(_LOW, 1200),
        "two-pair": 600,
        "three-of-a-kind": 400,
        "full-house": 100,
        "big-straight": 80,
        "four-of-a-kind": 50,
    },
}


@functools.cache
def category(hand: tuple[int, ...]) -> str:
    """The category of five pips (a pure function of the tuple: worked out once per hand)."""
    counts = sorted(Counter(hand).values(), reverse=True)
    if counts[0] == 5:
        return "five-of-a-kind"
    if counts[0] == 4:
        return "four-of-a-kind"
    if sorted(hand) == [2, 3, 4, 5, 6]:
        return "big-straight"
    if counts == [3, 2]:
        return "full-house"
    if counts[0] == 3:
        return "three-of-a-kind"
    if counts == [2, 2, 1]:
        return "two-pair"
    if counts[0] == 2:
        return "one-pair"
    if sorted(hand) == [1, 2, 3, 4, 5]:
        return "little-straight"
    return "high-die"


def category_rank(hand: tuple[int, ...]) -> int:
    """Higher is better: 0 for bust ... 8 for five of a kind."""
    return len(LADDER) - 1 - LADDER.index(category(hand))


def full_key(hand: tuple[int, ...]) -> tuple:
    """Banking comparison: category, then the dice of the combination, then the rest, high first."""
    counts = Counter(hand)
    order = sorted(hand, key=lambda pip: (-counts[pip], -pip))
    return (category_rank(hand), tuple(order))


def progressive_payout(mine: tuple[int, ...], theirs: tuple[int, ...]) -> int:
    """What the holder of ``mine`` receives from the holder of ``theirs``."""
    a, b = category(mine), category(theirs)
    if a == b:
        return 0
    if LADDER.index(a) < LADDER.index(b):
        return SCHEDULE.get(a, {}).get(b, 0)
    return -SCHEDULE.get(b, {}).get(a, 0)


def banking_payout(mine: tuple[int, ...], theirs: tuple[int, ...]) -> int:
    """+1 ante if ``mine`` wins, -1 if it loses, 0 for identical dice (split)."""
    a, b = full_key(mine), full_key(theirs)
    return (a > b) - (a < b)


def ordered_throws(n: int) -> list[tuple[int, ...]]:
    """Every ordered throw of ``n`` dice."""
    return list(itertools.product(range(1, 7), repeat=n))


def single_throw() -> dict[tuple[int, ...], Fraction]:
    """The chance of each hand on one throw of five dice, counted over all 7,776 throws."""
    counts = Counter(tuple(sorted(t)) for t in ordered_throws(5))
    return {hand: Fraction(n, 6**5) for hand, n in counts.items()}


def hands() -> list[tuple[int, ...]]:
    """The 252 hands."""
    return sorted(single_throw())


def expectimax(goal, throws: int) -> Fraction:
    """Best expected ``goal(final hand)`` of a turn of ``throws`` throws (brute force).

    ``goal`` maps a sorted hand to a Fraction (or int).  After each throw but
    the last, the player may stand or keep any subset of the dice and throw
    the rest.
    """
    memo: dict = {}
    return sum(p * hand_value(goal, throws - 1, h, memo) for h, p in single_throw().items())


def hand_value(goal, throws_left: int, hand: tuple[int, ...], memo: dict) -> Fraction:
    """Best expected goal from ``hand`` with ``throws_left`` throws to come (memo: per goal)."""
    key = ("hand", throws_left, hand)
    if key in memo:
        return memo[key]
    best = Fraction(goal(hand))
    if throws_left > 0:
        for mask in itertools.product((False, True), repeat=5):
            kept = tuple(sorted(d for d, keep in zip(hand, mask, strict=True) if keep))
            if len(kept) == 5:
                continue
            best = max(best, keep_value(goal, throws_left, kept, memo))
    memo[key] = best
    return best


def keep_value(goal, throws_left: int, kept: tuple[int, ...], memo) -> Fraction:
    """Expected value of keeping ``kept`` and throwing the other dice."""
    key = ("keep", throws_left, kept)
    if key not in memo:
        outcomes = ordered_throws(5 - len(kept))
        total = sum(
            hand_value(goal, throws_left - 1, tuple(sorted(kept + new)), memo) for new in outcomes
        )
        memo[key] = Fraction(total, len(outcomes))
    return memo[key]


def largest_set_distribution(throws: int) -> dict[tuple[int, ...], Fraction]:
    """Final-hand chances of "keep the largest set" (ties: the higher face; no pair: throw all)."""
    dist = single_throw()
    for _ in range(throws - 1):
        following: Counter = Counter()
        for hand, p in dist.items():
            counts = Counter(hand)
            most = max(counts.values())
            if most == 5:
                following[hand] += p
                continue
            kept: tuple[int, ...] = ()
            if most >= 2:
                face = max(f for f, n in counts.items() if n == most)
                kept = (face,) * most
            outcomes = ordered_throws(5 - len(kept))
            for new in outcomes:
                following[tuple(sorted(kept + new))] += p / len(outcomes)
        dist = dict(following)
    return dist


def stand_distribution() -> dict[tuple[int, ...], Fraction]:
    """Final-hand chances of keeping the first throw."""
    return single_throw()


def seen_payout(computer: dict[tuple[int, ...], Fraction], throws: int) -> Fraction:
    """Player's expected payout when the player sees the computer's final hand.

    The payout depends on the computer's category only, so the player's
    dynamic program is solved once per category.
    """
    total = Fraction(0)
    for c, p in computer.items():
        total += p * _against_category(category(c), c, throws)
    return total


_AGAINST: dict[tuple[str, int], Fraction] = {}


def _against_category(cat: str, hand: tuple[int, ...], throws: int) -> Fraction:
    """The player's best expected payout against a computer's final ``hand`` of category
    ``cat``: the payout depends on that category only, so it is solved once per category
    and number of throws, and kept for every caller of the process."""
    if (cat, throws) not in _AGAINST:
        _AGAINST[cat, throws] = expectimax(lambda h: progressive_payout(h, hand), throws)
    return _AGAINST[cat, throws]


def seen_payout_optimal_computer(throws: int) -> tuple[Fraction, Fraction]:
    """(player's expected payout, computer's own value) against the optimal computer."""
    player_value: dict[str, Fraction] = {}
    for c in hands():
        cat = category(c)
        if cat not in player_value:
            player_value[cat] = _against_category(cat, c, throws)

    def computer_goal(c):
        return -player_value[category(c)]

    computer_value = expectimax(computer_goal, throws)
    return -computer_value, computer_value


def blind_best_response(
    computer: dict[tuple[int, ...], Fraction], throws: int, payout=progressive_payout
) -> Fraction:
    """The player's best expected payout, blind, against a fixed computer distribution."""
    values = {h: sum(p * payout(h, c) for c, p in computer.items()) for h in hands()}
    return expectimax(lambda h: values[h], throws)


@functools.cache
def one_throw_game(payout) -> Fraction:
    """Expected payout when both players throw once (every pair of ordered throws counted;
    worked out once a process for each payout function)."""
    dist = single_throw()
    return sum(p * q * payout(a, b) for a, p in dist.items() for b, q in dist.items())


# --- sessions: the bank over several rounds, by brute force ------------------------------


def bank_by_enumeration(amounts: dict, rounds: int, start: int, floor: int):
    """Every sequence of round outcomes, one by one: (final bank -> chance, chance of ruin).

    A bank below ``floor`` before a round is ruined: the player plays no more
    and keeps that bank.
    """
    final: dict[int, Fraction] = {}
    for sequence in itertools.product(list(amounts.items()), repeat=rounds):
        bank, chance = start, Fraction(1)
        for amount, p in sequence:
            chance *= p
            if bank >= floor:
                bank += amount
        final[bank] = final.get(bank, Fraction(0)) + chance
    ruin = sum((p for bank, p in final.items() if bank < floor), Fraction(0))
    return {b: p for b, p in final.items() if p}, ruin


def bank_round_plain(active: list[float], offsets: list[int], chances: list[float]) -> list[float]:
    """One round of the float bank program, written out: out[i + offset] += chance * active[i]."""
    out = [0.0] * (len(active) + max(offsets))
    for shift, chance in zip(offsets, chances, strict=True):
        for i, value in enumerate(active):
            out[i + shift] += chance * value
    return out


def one_throw_joint() -> dict[tuple[str, str], Fraction]:
    """(player's category, computer's category) -> chance when both keep their first throw."""
    by_category: dict[str, Fraction] = {}
    for hand, p in single_throw().items():
        by_category[category(hand)] = by_category.get(category(hand), Fraction(0)) + p
    return {(a, b): p * q for a, p in by_category.items() for b, q in by_category.items()}


def bank_round_rows_plain(active, rows, offsets, chances):
    """One round of the two-index float bank program, written out:
    out[r + rows[k]][i + offsets[k]] += chances[k] * active[r][i]."""
    out = [[0.0] * (len(active[0]) + max(offsets)) for _ in range(len(active) + max(rows))]
    for down, shift, chance in zip(rows, offsets, chances, strict=True):
        for r, row in enumerate(active):
            for i, value in enumerate(row):
                out[r + down][i + shift] += chance * value
    return out


def kept_distribution(kept: tuple[int, ...], memo: dict) -> dict[tuple[int, ...], Fraction]:
    """Final-hand chances after keeping ``kept`` and throwing the other dice once."""
    if kept not in memo:
        outcomes = ordered_throws(5 - len(kept))
        counts = Counter(tuple(sorted(kept + new)) for new in outcomes)
        memo[kept] = {hand: Fraction(n, len(outcomes)) for hand, n in counts.items()}
    return memo[kept]


def rule_distribution(keep_of, throws: int) -> dict[tuple[int, ...], Fraction]:
    """Final-hand chances of a turn following ``keep_of(hand, throws_left)`` (the dice kept;
    the whole hand: stand), every throw enumerated."""
    dist = single_throw()
    memo: dict = {}
    for throws_left in range(throws - 1, 0, -1):
        following: Counter = Counter()
        for hand, p in dist.items():
            kept = tuple(sorted(keep_of(hand, throws_left)))
            if len(kept) == 5:
                following[hand] += p
                continue
            for final, q in kept_distribution(kept, memo).items():
                following[final] += p * q
        dist = dict(following)
    return dist
