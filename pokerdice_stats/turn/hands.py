"""Every hand of a rule set, classified: the :class:`HandTable`.

For the 252 hands it holds the category, the strength (a dense rank: higher
wins, equal is an exact tie) and the number of throws out of 7,776; for the
7,776 throw codes, lookup tables that make classifying a batch one gather.

Examples
--------
>>> from pokerdice_stats import get_rules, hand_table
>>> table = hand_table(get_rules("gameweave"))
>>> table.describe("K K K Q Q")
'Full house, kings over queens'
"""

from __future__ import annotations

import dataclasses
import functools
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from pokerdice_stats.ground import indexing as ix
from pokerdice_stats.ground.arguments import shown
from pokerdice_stats.ground.errors import DiceError, RulesError
from pokerdice_stats.ground.summary import short_repr
from pokerdice_stats.kernels import numpy_keys
from pokerdice_stats.kernels.records import HandOrder, multisets
from pokerdice_stats.turn.categories import KIND_ANY, KIND_PATTERN, KIND_RUN, Category
from pokerdice_stats.turn.dice import format_counts, parse_hand, parse_ranks
from pokerdice_stats.turn.rules import RuleSet

if TYPE_CHECKING:
    import pandas as pd


def hand_order(rules: RuleSet, *, wild: bool = True) -> HandOrder:
    """How ``rules`` orders hands, as the record the hand-key kernels take."""
    categories = rules.categories
    n = len(categories)
    kinds = np.array([c.kind for c in categories], dtype=np.int64)
    patterns = np.zeros((n, 5), dtype=np.int64)
    run_lengths = np.zeros(n, dtype=np.int64)
    run_masks = np.zeros(n, dtype=np.int64)
    for i, cat in enumerate(categories):
        patterns[i, : len(cat.pattern)] = cat.pattern
        run_lengths[i] = cat.run_length
        run_masks[i] = sum(1 << s for s in cat.run_starts)
    return HandOrder(
        kinds=kinds,
        patterns=patterns,
        run_lengths=run_lengths,
        run_masks=run_masks,
        tiebreak_digits=np.array([_tiebreak_digits(rules, cat) for cat in categories], np.int64),
        wild=-1 if (rules.wild is None or not wild) else int(rules.wild),
    )


def compute_keys(rules: RuleSet, *, wild: bool = True) -> np.ndarray:
    """Ordering key of every hand (see :mod:`pokerdice_stats.kernels.numpy_keys`: a few
    milliseconds for 252 hands in NumPy and plain Python, and no numba import)."""
    return numpy_keys.hand_keys(hand_order(rules, wild=wild), multisets())


@dataclass(frozen=True, eq=False)
class HandTable:
    """Every hand of a rule set with its category, strength and ways.

    Attributes
    ----------
    rules : RuleSet
    category : (252,) int8
        Index into ``rules.categories`` (0 is the best category).
    strength : (252,) int16
        Dense rank under the rule set's comparison: higher wins, equal ties.
    key : (252,) int64
        The ordering key the strengths were ranked from.
    ways : (252,) int64
        Ordered throws (out of 7,776) giving each hand.
    code_hand, code_category, code_strength : (7776,) arrays
        The same, looked up by throw code.
    code_packed : (7776,) int32
        The three packed into one table (hand | category << 8 | strength << 16).
    """

    rules: RuleSet
    category: np.ndarray
    strength: np.ndarray
    key: np.ndarray
    ways: np.ndarray
    code_hand: np.ndarray
    code_category: np.ndarray
    code_strength: np.ndarray
    code_packed: np.ndarray

    @property
    def n_strengths(self) -> int:
        """Number of distinct strengths."""
        return int(self.strength.max()) + 1

    def frame(self) -> pd.DataFrame:
        """One row a hand (by index): ``hand``, ``dice``, ``category`` (its slug),
        ``strength`` and ``ways`` (ordered throws of 7,776)."""
        import pandas as pd

        slugs = self.rules.category_slugs
        return pd.DataFrame(
            {
                "hand": range(ix.N_HANDS),
                "dice": [self.format(h) for h in range(ix.N_HANDS)],
                "category": [slugs[int(c)] for c in self.category],
                "strength": [int(s) for s in self.strength],
                "ways": [int(w) for w in self.ways],
            }
        )

    def __repr__(self) -> str:
        return short_repr(
            self,
            rules=self.rules,
            hands=ix.N_HANDS,
            categories=len(self.rules.categories),
            strengths=self.n_strengths,
        )

    def classify(
        self,
        throws: np.ndarray | str | list[str],
        out: tuple[np.ndarray, np.ndarray, np.ndarray] | None = None,
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Classify a batch of throws.

        One pass: a range check, then one lookup per throw in this table's
        7,776-entry tables (vector gathers of 16 throws; batches of 65,536
        throws or more on every numba thread).

        Parameters
        ----------
        throws : array, str or list of str
            Either ``(N, 5)`` face ranks 0..5, ``(N,)`` throw codes 0..7775, or dice as
            people write them (``"K K J 10 9"``, one throw, or a list of such texts).
        out : tuple of three arrays, optional
            Preallocated ``(N,)`` outputs for hand, category and strength (int16,
            int8 and int16, or any integer types wide enough); filled and returned.

        Returns
        -------
        hand, category, strength : ndarray
            Hand index (int16), category index (int8, 0 the best) and strength
            (int16) of each throw.

        Raises
        ------
        DiceError
            If the shape is wrong, a rank or code is out of range, or an entry is masked
            (a masked array's mask is not read as "no throw").
        """
        from pokerdice_stats.kernels import classify as kernels

        if isinstance(throws, str):
            throws = [throws]
        if np.ma.isMaskedArray(throws) and np.ma.getmaskarray(throws).any():
            raise DiceError(
                "throws is a masked array with masked entries: classify the rows you keep "
                "(throws[~mask.any(axis=1)]), or fill them (throws.filled(...))"
            )
        if isinstance(throws, list | tuple) and throws and all(isinstance(t, str) for t in throws):
            throws = np.array([parse_ranks(t, self.rules) for t in throws], dtype=np.int64)
        try:
            throws = np.asarray(throws)
        except ValueError:  # rows of different lengths
            raise DiceError("throws must have shape (N, 5) or (N,): rows of 5 ranks") from None
        if throws.size == 0 and throws.dtype.kind == "f":  # [] reads as floats: no throws
            throws = throws.astype(np.int64)
        if throws.dtype.kind not in "iu":
            raise DiceError(f"throws must be integers, got dtype {throws.dtype}")
        if not throws.dtype.isnative:  # the kernels read the machine's own byte order
            throws = throws.astype(throws.dtype.newbyteorder("="))
        if throws.ndim == 2 and throws.shape[1] == ix.N_DICE:
            n = throws.shape[0]
            throws = np.ascontiguousarray(throws)
            kernel = kernels.classify_ranks
        elif throws.ndim == 1:
            n = throws.shape[0]
            kernel = kernels.classify_codes
        else:
            raise DiceError(f"throws must have shape (N, 5) or (N,), got {throws.shape}")
        if out is None:
            out = (
                np.empty(n, dtype=np.int16),
                np.empty(n, dtype=np.int8),
                np.empty(n, dtype=np.int16),
            )
        else:
            out = _checked_out(out, n)
        bad = kernel(
            throws,
            self.code_hand,
            self.code_category,
            self.code_strength,
            *out,
            code_packed=self.code_packed,
        )
        if bad:
            what = "ranks outside 0..5" if throws.ndim == 2 else "codes outside 0..7775"
            raise DiceError(f"{bad} of {n} throws have {what}")
        return out

    def hand(self, dice: str | int, name: str | None = None) -> int:
        """Hand index of dice given as text (or already as an index).

        Parameters
        ----------
        dice : str or int
            Five dice in the rules' chart (``"K K J 10 9"``, ``"KKJ109"``, ``"K,K,J,10,9"``),
            in any order, or a hand index 0 to 251.
        name : str, optional
            What the dice are, named in a refusal (``against``: a position has two hands).

        Returns
        -------
        int
            The hand index (0 to 251).

        Raises
        ------
        DiceError
            For an unknown face, a negative number, a count of dice other than five, or
            an index outside 0 to 251.

        Examples
        --------
        >>> from pokerdice_stats import get_rules, hand_table
        >>> table = hand_table(get_rules("gameweave"))
        >>> table.hand("9 10 J K K") == table.hand("K K J 10 9")
        True
        """
        if type(dice) is int and 0 <= dice < ix.N_HANDS:  # an index: the common case at once
            return dice
        if name is not None:
            try:
                return self.hand(dice)
            except DiceError as err:
                raise DiceError(f"{name}: {err}") from None
        if isinstance(dice, (bool, np.bool_)):
            raise DiceError(f"a hand must be dice as text or a hand index, got {dice!r}")
        if isinstance(dice, (int, np.integer)):
            if not 0 <= int(dice) < ix.N_HANDS:
                raise DiceError(f"hand index {dice} outside 0..251")
            return int(dice)
        return parse_hand(dice, self.rules)

    def category_slug(self, dice: str | int) -> str:
        """The category slug of a hand."""
        return self.rules.categories[self.category[self.hand(dice)]].slug

    def format(self, dice: str | int) -> str:
        """A hand written in the rule set's notation, highest first.

        Parameters
        ----------
        dice : str or int
            As :meth:`hand`.

        Returns
        -------
        str

        Raises
        ------
        DiceError
            As :meth:`hand`.

        Examples
        --------
        >>> from pokerdice_stats import get_rules, hand_table
        >>> hand_table(get_rules("gameweave")).format("9 K J K 10")
        'K K J 10 9'
        """
        return format_counts(ix.HAND_COUNTS[self.hand(dice)], self.rules)

    def counted_as(self, dice: str | int) -> np.ndarray:
        """Count vector of the natural hand a hand counts as (wild dice assigned)."""
        h = self.hand(dice)
        rules = self.rules
        counts = ix.HAND_COUNTS[h].astype(np.int64)
        if rules.wild is None or counts[rules.wild] == 0:
            return counts
        # Among the assignments that give the hand's key, the one whose dice compare
        # best (which matters for the description when only categories count).
        natural = _natural_keys(rules)
        natural_full = _natural_keys(dataclasses.replace(rules, tiebreak="full"))
        base = counts.copy()
        n_wild = int(base[rules.wild])
        base[rules.wild] = 0
        best, best_full = None, -1
        for k in np.flatnonzero(ix.KEEP_SIZE == n_wild):
            trial = base + ix.KEEP_COUNTS[k]
            t = ix.hand_index(trial)
            if natural[t] == self.key[h] and natural_full[t] > best_full:
                best, best_full = trial, natural_full[t]
        if best is None:
            raise AssertionError("no assignment of the wild dice gives the hand's key")
        return best

    def tiebreak_ranks(self, dice: str | int) -> list[int]:
        """The five ranks in tie-break order (the combination, then the rest)."""
        counts = self.counted_as(dice)
        cat = self.rules.categories[self.category[self.hand(dice)]]
        run_mask = sum(1 << s for s in cat.run_starts)
        code = numpy_keys.tiebreak_code(counts, cat.kind, cat.run_length, run_mask)
        return [(code // 6**i) % 6 for i in range(4, -1, -1)]

    def describe(self, dice: str | int) -> str:
        """The hand in words.

        Parameters
        ----------
        dice : str or int
            As :meth:`hand`.

        Returns
        -------
        str

        Raises
        ------
        DiceError
            As :meth:`hand`.

        Examples
        --------
        >>> from pokerdice_stats import get_rules, hand_table
        >>> hand_table(get_rules("gameweave")).describe("K K K Q Q")
        'Full house, kings over queens'
        """
        h = self.hand(dice)
        cat = self.rules.categories[self.category[h]]
        chart = self.rules.face_chart
        ranks = self.tiebreak_ranks(h)
        words, plurals, labels = chart.words, chart.plurals, chart.labels
        n_set = combination_size(cat)
        rest = " ".join(labels[r] for r in ranks[n_set:])
        if cat.kind == KIND_ANY:
            text = f"{cat.name}, " + " ".join(labels[r] for r in ranks)
        elif cat.kind == KIND_RUN:
            text = f"{cat.name}, {words[ranks[0]]} high"
        elif cat.pattern == (3, 2):
            text = f"{cat.name}, {plurals[ranks[0]]} over {plurals[ranks[3]]}"
        elif cat.pattern == (2, 2, 1):
            text = f"{cat.name}, {plurals[ranks[0]]} and {plurals[ranks[2]]}"
        else:
            text = f"{cat.name}, {plurals[ranks[0]]}"
        if rest and cat.kind != KIND_ANY:
            text += f", with {rest}"
        counts = ix.HAND_COUNTS[h]
        if self.rules.wild is not None and counts[self.rules.wild] > 0:
            text += f" (counted as {format_counts(self.counted_as(h), self.rules)})"
        return text


def _tiebreak_digits(rules: RuleSet, category: Category) -> int:
    """How many of the five tie-break ranks break ties within ``category`` under ``rules``."""
    if rules.tiebreak == "full":
        return ix.N_DICE
    return combination_size(category) if rules.tiebreak == "combination" else 0


def combination_size(category: Category) -> int:
    """How many dice form a category's combination (the rest are kickers)."""
    if category.kind == KIND_RUN:
        return category.run_length
    if category.kind == KIND_PATTERN:
        return sum(c for c in category.pattern if c > 1)
    return 0


@functools.lru_cache(maxsize=64)
def _natural_keys(rules: RuleSet) -> np.ndarray:
    return compute_keys(rules, wild=False)


def check_rule_set(rules: object) -> RuleSet:
    """``rules`` if it is a :class:`RuleSet`, else a :class:`RulesError` that says how to
    get one (:func:`~pokerdice_stats.turn.rules.get_rules`)."""
    if not isinstance(rules, RuleSet):
        raise RulesError(f"rules must be a RuleSet (from get_rules), got {shown(rules)}")
    return rules


def hand_table(rules: RuleSet) -> HandTable:
    """The :class:`HandTable` of a rule set (built once, then cached).

    Parameters
    ----------
    rules : RuleSet
        The rule set (from :func:`~pokerdice_stats.turn.rules.get_rules`).

    Returns
    -------
    HandTable
        Every one of the 252 distinct hands classified under the rules: category,
        strength and ranking key.

    Raises
    ------
    RulesError
        If ``rules`` is not a :class:`RuleSet`.
    """
    return _hand_table(check_rule_set(rules))


#: The narrowest integer types that hold a hand, a category and a strength.
_OUT_TYPES = (np.int16, np.int8, np.int16)


def _checked_out(out: object, n: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``classify``'s ``out``: three signed integer arrays of shape ``(n,)``, each at least
    as wide as its default type (a narrower one would wrap round).

    Raises
    ------
    DiceError
        For anything else.
    """
    message = (
        f"out must be three signed integer arrays of shape ({n},), at least int16, int8 "
        "and int16 (hand, category, strength), in the machine's byte order"
    )
    try:
        given: tuple[object, ...] = tuple(out)  # type: ignore[arg-type]
    except TypeError:
        raise DiceError(f"{message}, got {type(out).__name__}") from None
    if len(given) != 3 or any(
        not isinstance(a, np.ndarray)
        or a.shape != (n,)
        or a.dtype.kind != "i"
        or not a.dtype.isnative
        or a.dtype.itemsize < np.dtype(narrowest).itemsize
        for a, narrowest in zip(given, _OUT_TYPES, strict=False)
    ):
        raise DiceError(message)
    return given[0], given[1], given[2]  # type: ignore[return-value]  # checked arrays


@functools.lru_cache(maxsize=64)
def _hand_table(rules: RuleSet) -> HandTable:
    key = compute_keys(rules)
    n_categories = len(rules.categories)
    category = (n_categories - 1 - key // numpy_keys.TIEBREAK_BASE).astype(np.int8)
    _, strength = np.unique(key, return_inverse=True)
    strength = strength.astype(np.int16)
    code_hand = ix.CODE_TO_HAND
    arrays = {
        "category": category,
        "strength": strength,
        "key": key,
        "ways": ix.HAND_WAYS,
        "code_hand": code_hand,
        "code_category": category[code_hand],
        "code_strength": strength[code_hand],
        "code_packed": numpy_keys.pack_tables(code_hand, category[code_hand], strength[code_hand]),
    }
    for array in arrays.values():
        array.setflags(write=False)
    return HandTable(rules=rules, **arrays)


def exact_is_cheap(rules: RuleSet) -> bool:
    """Whether exact Fractions cost about as little as floats in a round (few distinct hands).

    The games built on a solved round (rounds, matches, hold-up, betting) are exact by
    default when this holds: at most 20 distinct strengths.
    """
    return hand_table(rules).n_strengths <= 20
