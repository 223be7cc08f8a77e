"""003's bidding for two: bid ladders and what ten dice make.

Each player throws five dice once behind a screen.  A bid names a rung of a
bid ladder and claims that the best five of all ten dice make at least that
rung.  Two ladders:

- ``category``: the rule set's categories, lowest first (a rung is met when
  some five of the ten dice make that category or a better one);
- ``fine``: the category and the face of its main set (the face of the set
  that decides it: the three of a full house, the higher pair of two pairs,
  the top die of a straight or of a hand with no set), ordered by category,
  then by that face.

A hand's rung is the highest rung its five dice make (wild faces are counted
as the rule set counts them).  Ten dice meet a rung when the best of their
C(10, 5) = 252 five-dice subsets does.  That depends only on the multiset of
the ten dice, so :func:`ten_dice_rungs` classifies the 3,003 multisets of ten
dice once and reads the 252 x 252 table of (own hand, other hand) from them.

Examples
--------
>>> from pokerdice_stats import get_rules
>>> ladder = bid_ladder(get_rules("classic"), "category")
>>> ladder.labels[-1]
'five-of-a-kind'
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from pokerdice_stats.ground import indexing as ix
from pokerdice_stats.ground.arguments import shown
from pokerdice_stats.ground.errors import OptionError, PokerDiceError
from pokerdice_stats.ground.summary import short_repr
from pokerdice_stats.turn.hands import check_rule_set, hand_table
from pokerdice_stats.turn.rules import RuleSet, parse_face
from pokerdice_stats.turn.unread_keys import changed_settings

if TYPE_CHECKING:
    import pandas as pd

__all__ = [
    "LADDERS",
    "RULE_KEYS_READ",
    "BidLadder",
    "bid_ladder",
    "bid_odds",
    "check_bidding_rules",
    "ten_dice_rungs",
]

#: The rule keys the bidding game reads: they make the ladder.  Each player throws
#: once behind the screen and a claim is read on all ten dice, so the throws, the
#: holds, the ties, the knowledge and the match options play no part.
RULE_KEYS_READ = ("chart", "straights", "wild")


def check_bidding_rules(rules: RuleSet) -> None:
    """Refuse a rule set whose changes from its preset include a key the game does not read.

    Such a change (``--set throws=2``) would be shown in the answer's rule label while
    changing nothing, so it is refused rather than dropped.

    Raises
    ------
    OptionError
        Naming the first such key and the keys the game reads.

    Examples
    --------
    >>> from pokerdice_stats import get_rules
    >>> check_bidding_rules(get_rules("classic", {"wild": "9"}))
    >>> check_bidding_rules(get_rules("classic", {"throws": "2"}))
    Traceback (most recent call last):
    ...
    pokerdice_stats.ground.errors.OptionError: 003's bidding reads only the rule keys chart, \
straights, wild (one throw behind a screen, claims on all ten dice): throws=2 would change \
nothing; leave it out
    """
    for key, value in changed_settings(rules).items():
        if key not in RULE_KEYS_READ:
            raise OptionError(
                f"003's bidding reads only the rule keys {', '.join(RULE_KEYS_READ)} (one throw "
                f"behind a screen, claims on all ten dice): {key}={value} would change "
                "nothing; leave it out"
            )


#: The ladders a bid may climb.
LADDERS = ("category", "fine")


def check_ladder(ladder: object) -> str:
    """``ladder`` itself when it names a ladder of :data:`LADDERS`.

    Raises
    ------
    OptionError
        For anything else.
    """
    if not isinstance(ladder, str) or ladder not in LADDERS:
        raise OptionError(f"unknown ladder {shown(ladder)}; one of: {', '.join(LADDERS)}")
    return ladder


_BASE = 11  # a count of one face among ten dice is 0..10


@dataclass(frozen=True, eq=False)
class BidLadder:
    """A bid ladder of a rule set, with the rung every hand and pair of hands makes.

    Attributes
    ----------
    rules : RuleSet
    name : str
        ``category`` or ``fine``.
    labels : tuple of str
        The rungs, lowest first (``full-house`` or ``full-house:K``).
    hand_rung : (252,) int64
        The highest rung each five-dice hand makes.
    pair_rung : (252, 252) int64
        The highest rung the best five of ten dice make, by (own hand, other hand);
        symmetric.
    """

    rules: RuleSet
    name: str
    labels: tuple[str, ...]
    hand_rung: np.ndarray
    pair_rung: np.ndarray

    @property
    def n_rungs(self) -> int:
        """How many rungs the ladder has."""
        return len(self.labels)

    def frame(self) -> pd.DataFrame:
        """One row a rung, lowest first: ``rung`` (its index), ``label``, ``hands`` (the
        five-dice hands whose highest rung it is) and ``chance_of_hand`` (their chance)."""
        import pandas as pd

        rungs = np.asarray(self.hand_rung)
        return pd.DataFrame(
            [
                {
                    "rung": r,
                    "label": label,
                    "hands": int((rungs == r).sum()),
                    "chance_of_hand": float(ix.HAND_WAYS[rungs == r].sum() / ix.N_THROWS),
                }
                for r, label in enumerate(self.labels)
            ]
        )

    def __repr__(self) -> str:
        return short_repr(self, rules=self.rules, name=self.name, rungs=self.n_rungs)

    def rung(self, text: str) -> int:
        """The index of a rung named by its label (case-insensitive; blanks read as ``-``).

        On a ladder whose rungs name a face (the fine ladder), a category alone names its
        lowest rung: "full house" claims at least a full house, which is what
        ``full-house:9`` claims on the classic fine ladder.

        Raises
        ------
        OptionError
            For a label not on the ladder.

        Examples
        --------
        >>> from pokerdice_stats import get_rules
        >>> fine = bid_ladder(get_rules("classic"), "fine")
        >>> fine.labels[fine.rung("Full House")], fine.labels[fine.rung("full house: K")]
        ('full-house:9', 'full-house:K')
        """
        # as a player says it: "Full House", "full house: K" are full-house, full-house:K
        wanted = re.sub(r"\s+", "-", re.sub(r"\s*:\s*", ":", str(text).strip().lower()))
        wanted = _rung_spelling(self.rules, wanted)
        for i, label in enumerate(self.labels):
            if label.lower() == wanted:
                return i
        for i, label in enumerate(self.labels):  # the lowest rung of the category
            if ":" not in wanted and label.lower().startswith(wanted + ":"):
                return i
        raise OptionError(
            f"unknown rung {text!r} on the {self.name} ladder; one of: {', '.join(self.labels)}"
        )


def _rung_spelling(rules: RuleSet, wanted: str) -> str:
    """``category[:face]`` with the words the rest of the toolkit reads: a category's alias
    (``full``, ``bust``) as its slug, a face as the chart writes it (``T`` or ``t``: ``10``);
    ``wanted`` itself where a part is not one (the ladder's own refusal names it)."""
    category, colon, face = wanted.partition(":")
    try:
        category = rules.categories[rules.category_index(category)].slug
    except PokerDiceError:
        pass
    if colon:
        try:
            face = rules.face_chart.labels[parse_face(face.upper(), rules.face_chart)].lower()
        except PokerDiceError:
            pass
    return f"{category}{colon}{face}"


def _counts_summing_to(total: int, parts: int) -> list[tuple[int, ...]]:
    """Every tuple of ``parts`` counts summing to ``total``, in lexicographic order."""
    if parts == 1:
        return [(total,)]
    return [
        (first, *rest)
        for first in range(total + 1)
        for rest in _counts_summing_to(total - first, parts - 1)
    ]


def ten_counts() -> np.ndarray:
    """Count vectors (3003, 6) of every multiset of ten dice, in lexicographic order."""
    return np.array(_counts_summing_to(10, ix.N_FACES), dtype=np.int64)


def _ten_codes(counts: np.ndarray) -> np.ndarray:
    return (counts * _BASE ** np.arange(ix.N_FACES)).sum(axis=-1)


def ten_dice_rungs(hand_rung: np.ndarray) -> np.ndarray:
    """The best rung of ten dice for every pair of five-dice hands.

    Parameters
    ----------
    hand_rung : (252,) int array
        The rung of each five-dice hand.

    Returns
    -------
    (252, 252) int64
        ``out[h, g]``: the highest rung among the five-dice sub-hands of ``h + g``.
    """
    hand_counts = ix.HAND_COUNTS.astype(np.int64)
    tens = ten_counts()
    # A five-dice hand is a subset of ten dice when no face count exceeds the ten's.
    fits = (hand_counts[None, :, :] <= tens[:, None, :]).all(axis=2)
    best_of_ten = np.where(fits, np.asarray(hand_rung)[None, :], -1).max(axis=1)
    codes = _ten_codes(tens)
    order = np.argsort(codes)
    pair_codes = _ten_codes(hand_counts[:, None, :] + hand_counts[None, :, :])
    where = order[np.searchsorted(codes[order], pair_codes)]
    return best_of_ten[where].astype(np.int64)


def _main_face(rules: RuleSet) -> np.ndarray:
    table = hand_table(rules)
    return np.array([table.tiebreak_ranks(h)[0] for h in range(ix.N_HANDS)], dtype=np.int64)


def bid_ladder(rules: RuleSet, name: str = "category") -> BidLadder:
    """The bid ladder ``name`` of a rule set (built once, then cached).

    Parameters
    ----------
    rules : RuleSet
        The rule set whose categories (and faces, on ``fine``) name the rungs.
    name : str, default "category"
        ``category`` (one rung a category) or ``fine`` (one rung per category and face
        of its main set).

    Returns
    -------
    BidLadder
        The rungs, lowest first, with the rung every hand and pair of hands makes.

    Raises
    ------
    RulesError
        If ``rules`` is not a :class:`RuleSet`.
    OptionError
        For a ladder other than ``category`` or ``fine``.
    """
    check_rule_set(rules)  # (before the cache, which would refuse a list as unhashable)
    return _bid_ladder(rules, check_ladder(name))


@functools.lru_cache(maxsize=32)
def _bid_ladder(rules: RuleSet, name: str) -> BidLadder:
    table = hand_table(rules)
    n_categories = len(rules.categories)
    # Rungs count upwards: the worst category is rung 0.
    level = (n_categories - 1 - table.category.astype(np.int64)).astype(np.int64)
    if name == "category":
        labels = tuple(c.slug for c in reversed(rules.categories))
        hand_rung = level
    else:
        face = _main_face(rules)
        keys = sorted(set(zip(level.tolist(), face.tolist(), strict=True)))
        position = {key: i for i, key in enumerate(keys)}
        chart = rules.face_chart.labels
        labels = tuple(f"{rules.categories[n_categories - 1 - c].slug}:{chart[f]}" for c, f in keys)
        hand_rung = np.array(
            [position[(int(c), int(f))] for c, f in zip(level, face, strict=True)], dtype=np.int64
        )
    pair_rung = ten_dice_rungs(hand_rung)
    hand_rung.setflags(write=False)
    pair_rung.setflags(write=False)
    return BidLadder(rules, name, labels, hand_rung, pair_rung)


def bid_odds(ladder: BidLadder) -> np.ndarray:
    """Chances that ten dice make at least each rung, given one's own five dice.

    Returns
    -------
    (252, n_rungs) int64
        Numerators over 7,776: ``out[h, j]`` is the number of the other
        player's 7,776 throws with which own hand ``h`` and that throw make at
        least rung ``j``.  The chance is ``out[h, j] / 7776``.
    """
    ways = ix.HAND_WAYS.astype(np.int64)
    rungs = np.arange(ladder.n_rungs)
    meets = ladder.pair_rung[:, :, None] >= rungs[None, None, :]
    return np.einsum("hgj,g->hj", meets.astype(np.int64), ways)


#: Empties the ladders kept (a benchmark timing a cold build).
bid_ladder.cache_clear = _bid_ladder.cache_clear  # type: ignore[attr-defined]
