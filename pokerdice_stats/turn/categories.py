"""Hand categories declared as data (count patterns and runs), and their ladders.

A :class:`Category` says what a hand must contain; a ladder (one per value of
the ``straights`` option) lists the categories best first.  A hand is the
highest category it fits.
"""

from __future__ import annotations

from dataclasses import dataclass

from pokerdice_stats.kernels.codes import KIND_ANY, KIND_PATTERN, KIND_RUN

__all__ = [
    "CATEGORY_ALIASES",
    "CATEGORY_LADDERS",
    "KIND_ANY",
    "KIND_PATTERN",
    "KIND_RUN",
    "Category",
]


@dataclass(frozen=True)
class Category:
    """One hand category, declared by what a hand must contain.

    Attributes
    ----------
    slug : str
        Machine name, e.g. ``full-house``.
    name : str
        Display name, e.g. ``Full house``.
    kind : int
        :data:`KIND_PATTERN`, :data:`KIND_RUN` or :data:`KIND_ANY`.
    pattern : tuple of int
        For a pattern: the counts of the distinct ranks, largest first.
    run_length : int
        For a run: how many consecutive ranks.
    run_starts : tuple of int
        For a run: the lowest rank of each run that counts.
    """

    slug: str
    name: str
    kind: int
    pattern: tuple[int, ...] = ()
    run_length: int = 0
    run_starts: tuple[int, ...] = ()

    @property
    def short(self) -> str:
        """A two-letter name for narrow table columns (``FH`` for a full house).

        >>> FULL.short, SMALL_STRAIGHT.short
        ('FH', 'SS')
        """
        return SHORT_NAMES.get(self.slug) or "".join(w[0] for w in self.slug.split("-")).upper()


#: Two-letter names of the categories, for narrow table columns.
SHORT_NAMES = {
    "five-of-a-kind": "5K",
    "four-of-a-kind": "4K",
    "full-house": "FH",
    "flush": "Fl",
    "straight": "St",
    "big-straight": "BS",
    "small-straight": "SS",
    "little-straight": "LS",
    "three-of-a-kind": "3K",
    "two-pair": "2P",
    "one-pair": "1P",
    "high-die": "HD",
}

FIVE = Category("five-of-a-kind", "Five of a kind", KIND_PATTERN, (5,))
FOUR = Category("four-of-a-kind", "Four of a kind", KIND_PATTERN, (4, 1))
FULL = Category("full-house", "Full house", KIND_PATTERN, (3, 2))
THREE = Category("three-of-a-kind", "Three of a kind", KIND_PATTERN, (3, 1, 1))
TWO_PAIR = Category("two-pair", "Two pairs", KIND_PATTERN, (2, 2, 1))
ONE_PAIR = Category("one-pair", "One pair", KIND_PATTERN, (2, 1, 1, 1))
HIGH = Category("high-die", "High die", KIND_ANY)
STRAIGHT = Category("straight", "Straight", KIND_RUN, run_length=5, run_starts=(0, 1))
SMALL_STRAIGHT = Category(
    "small-straight", "Small straight", KIND_RUN, run_length=4, run_starts=(0, 1, 2)
)
FLUSH = Category("flush", "Flush", KIND_RUN, run_length=5, run_starts=(1,))
LOW_STRAIGHT_ONLY = Category("straight", "Straight", KIND_RUN, run_length=5, run_starts=(0,))
BIG_STRAIGHT = Category("big-straight", "Big straight", KIND_RUN, run_length=5, run_starts=(1,))
LITTLE_STRAIGHT = Category(
    "little-straight", "Little straight", KIND_RUN, run_length=5, run_starts=(0,)
)

#: The category ladders, best first, for each value of the ``straights`` option.
CATEGORY_LADDERS: dict[str, tuple[Category, ...]] = {
    "standard": (FIVE, FOUR, FULL, STRAIGHT, THREE, TWO_PAIR, ONE_PAIR, HIGH),
    "none": (FIVE, FOUR, FULL, THREE, TWO_PAIR, ONE_PAIR, HIGH),
    "above-full-house": (FIVE, FOUR, STRAIGHT, FULL, THREE, TWO_PAIR, ONE_PAIR, HIGH),
    "below-five-of-a-kind": (FIVE, STRAIGHT, FOUR, FULL, THREE, TWO_PAIR, ONE_PAIR, HIGH),
    "flush": (FIVE, FLUSH, FOUR, LOW_STRAIGHT_ONLY, FULL, THREE, TWO_PAIR, ONE_PAIR, HIGH),
    "small": (FIVE, FOUR, FULL, STRAIGHT, SMALL_STRAIGHT, THREE, TWO_PAIR, ONE_PAIR, HIGH),
    "big-little": (
        FIVE,
        FOUR,
        BIG_STRAIGHT,
        FULL,
        THREE,
        TWO_PAIR,
        ONE_PAIR,
        LITTLE_STRAIGHT,
        HIGH,
    ),
}

#: Other names people use for a category, accepted wherever a slug is read.
CATEGORY_ALIASES: dict[str, str] = {
    "bust": "high-die",
    "no-pair": "high-die",
    "high-card": "high-die",
    "pair": "one-pair",
    "two-pairs": "two-pair",
    "full": "full-house",
    "five": "five-of-a-kind",
    "four": "four-of-a-kind",
    "three": "three-of-a-kind",
}
