"""A slow, obviously-right hand classifier: the oracle for the numba kernels.

Written from the rule documents alone; it shares no code with
``pokerdice_stats.kernels`` or ``pokerdice_stats.turn.hands`` (only the meaning of a
rank: 0 is the lowest face of the chart, 5 the highest).  Five dice are a tuple
of ranks; :func:`reference_key` gives a tuple that compares like the hands do
(higher wins, equal is an exact tie).

The ladders, best first, as the documents give them:

- ``standard`` (000 Gameweave, 003 classic): five of a kind, four of a kind,
  full house, straight, three of a kind, two pairs, one pair, high die.  The
  straights are the five lowest and the five highest faces (9-10-J-Q-K and
  10-J-Q-K-A).
- ``none`` (003 "older rule"): no straight; five different faces are a bust.
- ``above-full-house`` (003): the straight above the full house.
- ``below-five-of-a-kind`` (003): the straight between four and five of a kind.
- ``flush`` (003): A K Q J 10 is a "flush" above four of a kind; K Q J 10 9 is the
  only straight and ranks above the full house.
- ``small`` (001 Triple Snakes): a straight (1-2-3-4-5 or 2-3-4-5-6) above a
  small straight (any four consecutive pips) above three of a kind.
- ``big-little`` (004): big straight (2-3-4-5-6) between four of a kind and the
  full house; little straight (1-2-3-4-5) between one pair and bust.

Ties (``tiebreak="full"``): the dice of the combination decide, then the other
dice, highest first.  With ``tiebreak="combination"`` (003's quicker rule, "ignore
the odd dice") only the combination's dice decide: the set or sets, the straight's
run; a hand with no set and no run has no combination, so all such hands of a
category tie.  With ``tiebreak="category"`` hands of one category tie.
A wild face counts as whichever face gives the best hand: every assignment of
the wild dice is tried.
"""

from __future__ import annotations

import functools
import itertools
from collections import Counter

LADDERS: dict[str, tuple[str, ...]] = {
    "standard": (
        "five-of-a-kind",
        "four-of-a-kind",
        "full-house",
        "straight",
        "three-of-a-kind",
        "two-pair",
        "one-pair",
        "high-die",
    ),
    "none": (
        "five-of-a-kind",
        "four-of-a-kind",
        "full-house",
        "three-of-a-kind",
        "two-pair",
        "one-pair",
        "high-die",
    ),
    "above-full-house": (
        "five-of-a-kind",
        "four-of-a-kind",
        "straight",
        "full-house",
        "three-of-a-kind",
        "two-pair",
        "one-pair",
        "high-die",
    ),
    "below-five-of-a-kind": (
        "five-of-a-kind",
        "straight",
        "four-of-a-kind",
        "full-house",
        "three-of-a-kind",
        "two-pair",
        "one-pair",
        "high-die",
    ),
    "flush": (
        "five-of-a-kind",
        "flush",
        "four-of-a-kind",
        "straight",
        "full-house",
        "three-of-a-kind",
        "two-pair",
        "one-pair",
        "high-die",
    ),
    "small": (
        "five-of-a-kind",
        "four-of-a-kind",
        "full-house",
        "straight",
        "small-straight",
        "three-of-a-kind",
        "two-pair",
        "one-pair",
        "high-die",
    ),
    "big-little": (
        "five-of-a-kind",
        "four-of-a-kind",
        "big-straight",
        "full-house",
        "three-of-a-kind",
        "two-pair",
        "one-pair",
        "little-straight",
        "high-die",
    ),
}

LOW_FIVE = {0, 1, 2, 3, 4}  # 9 10 J Q K, or pips 1-5
HIGH_FIVE = {1, 2, 3, 4, 5}  # 10 J Q K A, or pips 2-6
FOUR_RUNS = ({0, 1, 2, 3}, {1, 2, 3, 4}, {2, 3, 4, 5})


def shape(dice: tuple[int, ...]) -> list[int]:
    """How many dice show each face that appears, largest first."""
    return sorted(Counter(dice).values(), reverse=True)


def fits(dice: tuple[int, ...], category: str, straights: str) -> bool:
    """Whether five dice (no wild faces) make the category under a ladder."""
    faces = set(dice)
    if category == "five-of-a-kind":
        return shape(dice) == [5]
    if category == "four-of-a-kind":
        return shape(dice) == [4, 1]
    if category == "full-house":
        return shape(dice) == [3, 2]
    if category == "three-of-a-kind":
        return shape(dice) == [3, 1, 1]
    if category == "two-pair":
        return shape(dice) == [2, 2, 1]
    if category == "one-pair":
        return shape(dice) == [2, 1, 1, 1]
    if category == "high-die":
        return True
    if category == "straight":
        if straights == "flush":  # K Q J 10 9 is the only straight
            return faces == LOW_FIVE
        return faces in (LOW_FIVE, HIGH_FIVE)
    if category == "flush":
        return faces == HIGH_FIVE
    if category == "big-straight":
        return faces == HIGH_FIVE
    if category == "little-straight":
        return faces == LOW_FIVE
    if category == "small-straight":
        return any(run <= faces for run in FOUR_RUNS)
    raise ValueError(category)


def category_of(dice: tuple[int, ...], straights: str = "standard") -> str:
    """The highest category five natural dice fit."""
    for category in LADDERS[straights]:
        if fits(dice, category, straights):
            return category
    raise AssertionError("every hand fits high-die")


def tiebreak_dice(dice: tuple[int, ...], category: str) -> tuple[int, ...]:
    """The five dice in the order that settles a tie within a category.

    For a small straight, the four dice of the run first (highest first), then
    the odd die; if several runs fit, the reading that compares best.  For
    every other category, the dice grouped by how many of a face there are
    (largest group first) and, among equal groups, by face (highest first):
    the set, then the other pair or the kickers, highest first.
    """
    if category == "small-straight":
        readings = []
        for run in FOUR_RUNS:
            if run <= set(dice):
                rest = list(dice)
                for face in run:
                    rest.remove(face)
                readings.append(tuple(sorted(run, reverse=True)) + tuple(rest))
        return max(readings)
    counts = Counter(dice)
    return tuple(sorted(dice, key=lambda face: (counts[face], face), reverse=True))


#: How many dice form each category's combination (the other dice are the odd dice).
COMBINATION_DICE = {
    "five-of-a-kind": 5, "four-of-a-kind": 4, "full-house": 5, "three-of-a-kind": 3,
    "two-pair": 4, "one-pair": 2, "high-die": 0, "straight": 5, "flush": 5,
    "big-straight": 5, "little-straight": 5, "small-straight": 4,
}  # fmt: skip


def natural_key(dice: tuple[int, ...], straights: str, tiebreak: str) -> tuple:
    """Comparable key of five dice without wild faces."""
    ladder = LADDERS[straights]
    category = category_of(dice, straights)
    height = len(ladder) - 1 - ladder.index(category)  # 0 for the lowest category
    if tiebreak == "category":
        return (height,)
    if tiebreak == "combination":
        return (height, tiebreak_dice(dice, category)[: COMBINATION_DICE[category]])
    return (height, tiebreak_dice(dice, category))


@functools.cache
def _key_of_sorted(dice: tuple[int, ...], straights: str, tiebreak: str, wild: int | None) -> tuple:
    if wild is None or wild not in dice:
        return natural_key(dice, straights, tiebreak)
    fixed = tuple(d for d in dice if d != wild)
    n_wild = len(dice) - len(fixed)
    best = None
    for faces in itertools.product(range(6), repeat=n_wild):
        key = natural_key(fixed + faces, straights, tiebreak)
        if best is None or key > best:
            best = key
    return best


def reference_key(
    dice, straights: str = "standard", tiebreak: str = "full", wild: int | None = None
) -> tuple:
    """Comparable key of five dice (ranks 0..5): higher wins, equal is an exact tie."""
    dice = tuple(int(d) for d in dice)
    if len(dice) != 5 or not all(0 <= d <= 5 for d in dice):
        raise ValueError(f"five ranks 0..5 expected, got {dice}")
    return _key_of_sorted(tuple(sorted(dice)), straights, tiebreak, wild)


def reference_category(
    dice, straights: str = "standard", tiebreak: str = "full", wild: int | None = None
) -> str:
    """The category slug of five dice (wild dice assigned for the best hand)."""
    key = reference_key(dice, straights, tiebreak, wild)
    ladder = LADDERS[straights]
    return ladder[len(ladder) - 1 - key[0]]


def rules_args(rules) -> dict:
    """The keyword arguments of :func:`reference_key` for a RuleSet-like object."""
    return {"straights": rules.straights, "tiebreak": rules.tiebreak, "wild": rules.wild}


def all_throws() -> list[tuple[int, ...]]:
    """Every ordered throw of five dice, in throw-code order (die 0 the lowest digit)."""
    return [tuple(reversed(t)) for t in itertools.product(range(6), repeat=5)]


def dense_ranks(keys: list) -> list[int]:
    """Dense rank of each key (0 the lowest; equal keys share a rank)."""
    order = {key: i for i, key in enumerate(sorted(set(keys)))}
    return [order[key] for key in keys]
