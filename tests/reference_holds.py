"""A slow, obviously-right expectimax over a turn: the oracle for the hold kernels.

It shares no code with ``pokerdice_stats`` (only the meaning of a rank: 0 is
the lowest face, 5 the highest).  A hand is a sorted tuple of five ranks; a
hold is a set of dice *positions* of the hand (every one of the 32 subsets is
tried); the thrown dice are enumerated as ordered outcomes, all ``6**m`` of
them for ``m`` dice thrown.  Values are :class:`fractions.Fraction`.

A state is ``(hand, throws left, aside)``: ``aside`` is the sorted tuple of the
dice set aside so far under sticky holds (always ``()`` otherwise).  From a
state the player may stand (the turn ends, the goal pays ``goal(hand)``) or,
with throws left, hold some dice and throw the others; under ``max_rethrow``
at most that many dice are thrown, under sticky holds the hold must contain
the dice already aside, and those held dice are aside for the rest of the turn.

Under ``scope="turn"`` (a turn-scoped ``max_rethrow``, not sticky) ``aside``
is instead the sorted tuple of the dice of the first throw never thrown again
(the whole hand straight after the first throw).  Each die of the hand is
labelled original or re-thrown and every subset of the five labelled dice is
tried as a hold: it is allowed when it keeps at least ``5 - max_rethrow``
original dice, and the originals it keeps are the next state's.  Nothing here
assumes that keeping an original in preference to a re-thrown die of the same
face is best: the maximum over the labelled subsets decides.

Ties between holds are broken by the canonical order: most dice first, then
the higher faces (the dice compared highest first); standing keeps all five.
"""

from __future__ import annotations

import functools
import itertools
from collections import Counter
from collections.abc import Callable, Mapping
from fractions import Fraction

Hand = tuple[int, ...]


@functools.cache
def all_hands() -> list[Hand]:
    """The 252 sorted hands."""
    return sorted(set(tuple(sorted(t)) for t in itertools.product(range(6), repeat=5)))


@functools.cache
def outcomes(kept: Hand) -> tuple[tuple[Hand, int], ...]:
    """Hands reached by keeping ``kept`` and throwing the rest: (hand, ordered ways)."""
    counter: Counter = Counter()
    for thrown in itertools.product(range(6), repeat=5 - len(kept)):
        counter[tuple(sorted(kept + thrown))] += 1
    return tuple(sorted(counter.items()))


@functools.cache
def first_throws() -> tuple[tuple[Hand, int], ...]:
    """Every hand of a first throw with its ordered ways out of 7776."""
    return outcomes(())


def holds_of(hand: Hand) -> list[Hand]:
    """The multiset of every subset of the hand's five positions (with repeats)."""
    result = []
    for mask in range(32):
        result.append(tuple(sorted(hand[i] for i in range(5) if mask >> i & 1)))
    return result


def canonical_key(kept: Hand) -> tuple:
    """Sort key of the canonical order: most dice, then higher faces, highest first."""
    high_first = sorted(kept, reverse=True)
    return (-len(kept), [-r for r in high_first])


def contains(big: Hand, small: Hand) -> bool:
    """Whether the multiset ``big`` contains the multiset ``small``."""
    have = Counter(big)
    need = Counter(small)
    return all(have[r] >= n for r, n in need.items())


@functools.cache
def allowed_holds(hand: Hand, aside: Hand, max_rethrow: int) -> list[Hand]:
    """The distinct holds of a hand other than standing: at most ``max_rethrow``
    dice thrown, every die of ``aside`` kept; canonical order."""
    result = set()
    for kept in holds_of(hand):
        if len(kept) == 5:
            continue
        if 5 - len(kept) > max_rethrow:
            continue
        if not contains(kept, aside):
            continue
        result.add(kept)
    return sorted(result, key=canonical_key)


@functools.cache
def labelled_holds(hand: Hand, untouched: Hand, max_rethrow: int) -> dict[Hand, Hand]:
    """:meth:`ReferenceTurn.labelled_holds` (the same for every goal and throw, so
    worked out once; callers only read it)."""
    labelled = [(r, True) for r in untouched] + [(r, False) for r in _minus(hand, untouched)]
    best: dict[Hand, Hand] = {}
    for mask in range(31):  # every subset but all five (standing)
        chosen = [labelled[i] for i in range(5) if mask >> i & 1]
        kept = tuple(sorted(r for r, _ in chosen))
        carried = tuple(sorted(r for r, original in chosen if original))
        if len(carried) < 5 - max_rethrow:
            continue
        if kept not in best or len(carried) > len(best[kept]):
            best[kept] = carried
    return best


class ReferenceTurn:
    """Expectimax of one turn for one goal.

    Parameters
    ----------
    goal : mapping or callable
        The value of every final hand (a sorted 5-tuple), as a Fraction.
    max_rethrow : int
        At most this many dice thrown again in one throw after the first.
    sticky : bool
        Dice set aside stay aside.
    scope : str
        ``throw`` (at most ``max_rethrow`` dice in each throw) or ``turn`` (at
        most ``max_rethrow`` dice of the first throw ever thrown again).
    """

    def __init__(
        self,
        goal: Mapping[Hand, Fraction] | Callable[[Hand], Fraction],
        max_rethrow: int = 5,
        sticky: bool = False,
        scope: str = "throw",
    ):
        self.scope = "turn" if scope == "turn" and not sticky and max_rethrow < 5 else "throw"
        if isinstance(goal, Mapping):
            table = {h: Fraction(goal[h]) for h in all_hands()}
        else:
            table = {h: Fraction(goal(h)) for h in all_hands()}
        self.goal = table
        self.max_rethrow = max_rethrow
        self.sticky = sticky
        self._values: dict = {}
        self._holds: dict = {}
        self._options: dict = {}
        self._best: dict = {}

    # -- values ---------------------------------------------------------------
    def allowed(self, hand: Hand, aside: Hand) -> list[Hand]:
        """The distinct holds (multisets) the rules allow, other than standing."""
        return allowed_holds(hand, aside if self.sticky else (), self.max_rethrow)

    def labelled_holds(self, hand: Hand, untouched: Hand) -> dict[Hand, Hand]:
        """Turn scope: every allowed hold (multiset) -> the most untouched dice it can
        carry on, over every subset of the five dice labelled original or re-thrown."""
        return labelled_holds(hand, untouched, self.max_rethrow)

    def hold_value(self, kept: Hand, throws_left: int, carried: Hand = ()) -> Fraction:
        """Value of holding ``kept`` and throwing the rest, ``throws_left`` throws to come
        (turn scope: ``carried``, the untouched first-throw dice among ``kept``)."""
        key = (kept, throws_left, carried)
        if key not in self._holds:
            aside = kept if self.sticky else carried
            total = Fraction(0)
            n = 0
            for hand, ways in outcomes(kept):
                total += ways * self.value(hand, throws_left - 1, aside)
                n += ways
            self._holds[key] = total / n
        return self._holds[key]

    def alternatives(self, hand: Hand, throws_left: int, aside: Hand = ()) -> dict[Hand, Fraction]:
        """Value of every distinct hold (the whole hand: stand), canonical order (the
        reference's own table: read it, do not change it)."""
        key = (hand, throws_left, aside)
        if key not in self._options:
            options = {hand: self.goal[hand]}
            if throws_left > 0 and self.scope == "turn":
                # every labelled subset; the same multiset keeps its best labelling
                for kept, carried in self.labelled_holds(hand, aside).items():
                    options[kept] = self.hold_value(kept, throws_left, carried)
                head = options.pop(hand)
                options = {
                    hand: head,
                    **dict(sorted(options.items(), key=lambda kv: canonical_key(kv[0]))),
                }
            elif throws_left > 0:
                for kept in self.allowed(hand, aside):
                    options[kept] = self.hold_value(kept, throws_left)
            self._options[key] = options
        return self._options[key]

    def value(self, hand: Hand, throws_left: int, aside: Hand = ()) -> Fraction:
        """Value of a state."""
        key = (hand, throws_left, aside)
        if key not in self._values:
            self._values[key] = max(self.alternatives(hand, throws_left, aside).values())
        return self._values[key]

    def best(self, hand: Hand, throws_left: int, aside: Hand = ()) -> Hand:
        """The canonical optimal hold (the whole hand means stand)."""
        key = (hand, throws_left, aside)
        if key not in self._best:
            options = self.alternatives(hand, throws_left, aside)
            top = self.value(hand, throws_left, aside)
            self._best[key] = min((k for k, v in options.items() if v == top), key=canonical_key)
        return self._best[key]

    def turn_value(self, throws: int) -> Fraction:
        """Value of a whole turn of ``throws`` throws (the first throws all five dice)."""
        total = sum(
            ways * self.value(hand, throws - 1, self.first_aside(hand))
            for hand, ways in first_throws()
        )
        return Fraction(total, 6**5)

    def first_aside(self, hand: Hand) -> Hand:
        """The ``aside`` of a state straight after the first throw."""
        return hand if self.scope == "turn" else ()

    # -- forward probabilities --------------------------------------------------
    def final_distribution(self, throws: int) -> dict[Hand, Fraction]:
        """Distribution of the final hand of a whole turn under the canonical policy.

        Forward, throw by throw: the chance of each state, then each state
        either stands (its hand is final) or holds and throws again.
        """
        final: Counter = Counter()
        mass: Counter = Counter()
        for hand, ways in first_throws():
            mass[hand, self.first_aside(hand)] += Fraction(ways, 6**5)
        for throws_left in range(throws - 1, -1, -1):
            nxt: Counter = Counter()
            for (hand, aside), p in mass.items():
                kept = self.best(hand, throws_left, aside) if throws_left > 0 else hand
                if kept == hand:
                    final[hand] += p
                    continue
                n = 6 ** (5 - len(kept))
                if self.scope == "turn":
                    new_aside = self.labelled_holds(hand, aside)[kept]
                else:
                    new_aside = kept if self.sticky else ()
                for reached, ways in outcomes(kept):
                    nxt[reached, new_aside] += p * Fraction(ways, n)
            mass = nxt
        assert not mass
        return dict(final)


def _minus(big: Hand, small: Hand) -> Hand:
    """The multiset ``big`` without the dice of ``small``."""
    rest = Counter(big)
    rest.subtract(Counter(small))
    return tuple(sorted(rest.elements()))
