"""Backward induction of 001's betting round: the engine of :mod:`.betting`.

The open state before a throw is a *group* ``(mask, pot)`` with a best
strength ``s``: ``mask`` holds the seats still to throw that have not folded
(bit ``k - 1`` for seat ``k``; the next to throw is the lowest), ``pot`` the
chips in the pot.  The leader (the seat holding ``s``) never puts in more, so
who it is only decides which seat receives the leader's share; the values of
a state are kept per *role*.

A state's value is an array ``(4, players + 1)``: rows :data:`CHIPS` (chips
still to come: the pot if taken, minus the chips still to be put in),
:data:`POT` (chance of taking the pot), :data:`RAISED` and :data:`FOLDED`
(chance of raising, of folding, from here on); column 0 is the current
leader, column ``k`` seat ``k``.  Every column sum of :data:`CHIPS` is the pot.

Seat ``j`` (the lowest of ``mask``) facing ``s`` plays the optimal-hold
program of the goal ``value(h) = W_j(h)`` for ``h > s`` and 0 otherwise, where
``W_j(h)`` is its chips when it leads with ``h``: the best of checking and
raising ``r = 1 .. raises`` times (each later seat in ``mask`` answers in seat
order, meeting when meeting is worth at least the nothing a fold gets).  All
groups of one seat are solved in one batched :func:`pokerdice_stats.turn.holds.solve`.

A solver may also *evaluate* a habit: one seat's raise and meet decisions
follow the habit (its holds still the best for its own chips under the habit),
while every other seat keeps the decisions and holds of a solved reference.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass, field
from fractions import Fraction

import numpy as np

from pokerdice_stats.games.seen.exact.strengths import goals_from_values, strength_distribution
from pokerdice_stats.turn import holds
from pokerdice_stats.turn.hands import hand_table
from pokerdice_stats.turn.rules import RuleSet

CHIPS, POT, RAISED, FOLDED = range(4)
QUANTITIES = ("chips", "pot", "raised", "folded")
#: The best strength before the first seat throws: every hand beats it.
NOTHING = -1
#: Float decisions: a raise must gain, and a meet may lose, at most this times the pot.
DECISION_TOLERANCE = 1e-12

Group = tuple[int, Fraction | float]


@dataclass(frozen=True)
class Stakes:
    """The chips of a round: ``ante`` each, raises of ``raise_size``, ``raises`` a turn."""

    ante: Fraction
    raise_size: Fraction
    raises: int


@dataclass(frozen=True)
class Habit:
    """A simple betting habit of one seat.

    Attributes
    ----------
    name : str
    raise_from : int or None
        Raise once exactly when the own strength is at least this (None: as
        solved; a strength above the top: never raise).
    always_meet : bool
        Meet every raise (otherwise: as solved).
    """

    name: str
    raise_from: int | None = None
    always_meet: bool = False


@dataclass(eq=False)
class StateCache:
    """Solved states of one game, shared by solvers that differ only in the ante.

    A state's values are chips still to come, so they do not depend on what was
    put in before: rounds of the same seats and raises at different antes reach
    the same states (a pot of 10 is ante 2 of 5 seats, or ante 1 and a raise of 1
    met by all).
    """

    groups: dict = field(default_factory=dict)
    leads: dict = field(default_factory=dict)
    answers: dict = field(default_factory=dict)


@dataclass
class SolvedGroup:
    """One group ``(mask, pot)`` solved: the play of its next seat for every best strength.

    ``strengths[i]`` is the best strength of goal ``goal[i]`` of ``policy``
    (None when the seat's holds come from a reference), ``dist[i]`` its
    final-strength distribution and ``vectors[i]`` the state's values.
    """

    seat: int
    strengths: list[int]
    policy: holds.Policy | None
    goal: list[int]
    dist: list[np.ndarray]
    vectors: list[np.ndarray]

    def index(self, strength: int) -> int:
        return self.strengths.index(strength)


def seats_in(mask: int) -> list[int]:
    """The seats (1-based) of a mask, in seat order."""
    return [i + 1 for i in range(mask.bit_length()) if mask >> i & 1]


def lowest_seat(mask: int) -> int:
    """The first seat of a non-empty mask."""
    return (mask & -mask).bit_length()


class RoundSolver:
    """Solves (or evaluates) betting rounds of ``players`` seats on demand.

    Parameters
    ----------
    rules : RuleSet
    players : int
    stakes : Stakes
    exact : bool
        Fractions (Python integers) or floats.
    habit, habit_seat, reference : optional
        Evaluate ``habit`` for seat ``habit_seat`` against the solved
        ``reference`` (a solver without habit for the same game).
    states : StateCache, optional
        Solved states to share with solvers of the same rules, players and raises
        at other antes (not with a habit).
    """

    def __init__(
        self,
        rules: RuleSet,
        players: int,
        stakes: Stakes,
        exact: bool,
        *,
        habit: Habit | None = None,
        habit_seat: int | None = None,
        reference: RoundSolver | None = None,
        states: StateCache | None = None,
    ) -> None:
        self.rules = rules
        self.players = players
        self.stakes = stakes
        self.exact = exact
        self.habit = habit
        self.habit_seat = habit_seat
        self.reference = reference
        self.n_strengths = hand_table(rules).n_strengths
        if states is not None and habit is not None:
            raise ValueError("a solver evaluating a habit keeps its own states")
        states = StateCache() if states is None else states
        self.groups: dict[Group, SolvedGroup] = states.groups
        self._leads: dict[tuple, tuple[int, np.ndarray]] = states.leads
        self._answers: dict[tuple, tuple[bool, np.ndarray]] = states.answers

    # -- numbers ---------------------------------------------------------------

    def number(self, value) -> Fraction | float:
        """A value in the solver's arithmetic."""
        if self.exact:
            # a Fraction already is one (immutable: the same object serves)
            return value if type(value) is Fraction else Fraction(value)
        return float(value)

    def _empty(self) -> np.ndarray:
        if self.exact:
            out = np.empty((len(QUANTITIES), self.players + 1), dtype=object)
            out.fill(Fraction(0))
            return out
        return np.zeros((len(QUANTITIES), self.players + 1))

    def _at_least(self, a, b, pot) -> bool:
        """``a >= b``, within :data:`DECISION_TOLERANCE` of the pot for floats."""
        if self.exact:
            return a >= b
        return a >= b - DECISION_TOLERANCE * max(1.0, float(pot))

    @property
    def full_mask(self) -> int:
        return (1 << self.players) - 1

    def start_pot(self) -> Fraction | float:
        """The antes."""
        return self.number(self.stakes.ante * self.players)

    # -- states ----------------------------------------------------------------

    def state(self, strength: int, mask: int, pot) -> np.ndarray:
        """Values of the state before the next throw (see the module docstring).

        An empty ``mask`` ends the round: the leader takes the pot.
        """
        pot = self.number(pot)
        if mask == 0:
            out = self._empty()
            out[CHIPS, 0] = pot
            out[POT, 0] = self.number(1)
            return out
        group = self.group(mask, pot)
        return group.vectors[group.index(strength)]

    def group(self, mask: int, pot) -> SolvedGroup:
        """The solved group ``(mask, pot)``, solving it (and what it needs) first."""
        key = (mask, self.number(pot))
        if key not in self.groups:
            self.ensure([key])
        return self.groups[key]

    def strengths_faced(self, mask: int) -> list[int]:
        """Best strengths the next seat of ``mask`` may face (nothing for seat 1)."""
        if lowest_seat(mask) == 1:
            return [NOTHING]
        return list(range(self.n_strengths))

    def reachable(self, starts: Iterable[Group]) -> set[Group]:
        """Every group reachable from ``starts`` by any throws and decisions."""
        cost = self.stakes.raise_size
        seen: set[Group] = set()
        stack = [(m, self.number(p)) for m, p in starts]
        while stack:
            mask, pot = stack.pop()
            if mask == 0 or (mask, pot) in seen or (mask, pot) in self.groups:
                continue
            seen.add((mask, pot))
            later = mask & ~(1 << (lowest_seat(mask) - 1))
            stack.append((later, pot))
            for r in range(1, self.stakes.raises + 1):
                for met in _submasks(later):
                    stack.append((met, pot + self.number(r * cost * (1 + met.bit_count()))))
        return seen

    def ensure(self, starts: Iterable[Group]) -> None:
        """Solve every group reachable from ``starts``, later seats first, one batch a seat."""
        todo = self.reachable(starts)
        by_seat: dict[int, list[Group]] = {}
        for mask, pot in todo:
            by_seat.setdefault(lowest_seat(mask), []).append((mask, pot))
        for seat in sorted(by_seat, reverse=True):
            self._solve_seat(seat, sorted(by_seat[seat]))

    def _solve_seat(self, seat: int, groups: list[Group]) -> None:
        own = self.reference is None or seat == self.habit_seat
        rows: list[list] = []
        owners: dict[tuple, int] = {}
        leads: dict[Group, list[np.ndarray]] = {}
        for mask, pot in groups:
            later = mask & ~(1 << (seat - 1))
            leads[(mask, pot)] = [
                self.lead(h, seat, later, pot)[1] for h in range(self.n_strengths)
            ]
            if own:
                worth = [vector[CHIPS, seat] for vector in leads[(mask, pot)]]
                for s in self.strengths_faced(mask):
                    owners[(mask, pot, s)] = len(rows)
                    rows.append([w if h > s else self.number(0) for h, w in enumerate(worth)])
        policy: holds.Policy | None = None
        index: list[int] = []
        dists = np.empty((0, self.n_strengths))
        if own:
            policy, index, dists = self._holds(rows)
        for mask, pot in groups:
            later = mask & ~(1 << (seat - 1))
            faced = self.strengths_faced(mask)
            if own:
                goal = [index[owners[(mask, pot, s)]] for s in faced]
                dist = [dists[g] for g in goal]
            else:
                assert self.reference is not None
                ref = self.reference.group(mask, pot)
                goal = [0] * len(faced)
                dist = [ref.dist[ref.index(s)] for s in faced]
            lead_ratios = [ratios(v) for v in leads[(mask, pot)]] if self.exact else None
            vectors = []
            for s, d in zip(faced, dist, strict=True):
                vectors.append(self._expect(d, s, leads[(mask, pot)], later, pot, lead_ratios))
            self.groups[(mask, pot)] = SolvedGroup(seat, faced, policy, goal, dist, vectors)

    def _expect(
        self, dist, s: int, leads: list[np.ndarray], later: int, pot, lead_ratios=None
    ) -> np.ndarray:
        """Values before a throw facing ``s``: a hand beating it leads, the others are out.

        Exact sums take the hands that do not beat ``s`` together (they all reach
        the same state) and add in whole numbers (:func:`mixture_of_ratios`, the
        leads' entries read once a group: ``lead_ratios``); float sums keep the order
        of the hands.
        """
        fail = self.state(s, later, pot) if s != NOTHING else None
        if self.exact:
            if lead_ratios is None:
                lead_ratios = [ratios(v) for v in leads]
            weights, rows = [], []
            if fail is not None:
                weights.append(exact_sum(dist[: s + 1]))
                rows.append(ratios(fail))
            weights.extend(dist[s + 1 : self.n_strengths])
            rows.extend(lead_ratios[s + 1 : self.n_strengths])
            return mixture_of_ratios(weights, rows, leads[0].shape)
        total = self._empty()
        for h in range(self.n_strengths):
            if dist[h] == 0:
                continue
            total = total + dist[h] * (leads[h] if h > s else fail)
        return total

    def _holds(self, rows: list[list]) -> tuple[holds.Policy, list[int], np.ndarray]:
        """Solve the hold program of every distinct goal row.

        Returns the policy, the goal index of each row and each goal's
        final-strength distribution.
        """
        distinct: dict[tuple, int] = {}
        index = [distinct.setdefault(tuple(row), len(distinct)) for row in rows]
        values = np.array(list(distinct), dtype=object if self.exact else np.float64)
        goals = goals_from_values(values, self.rules, self.exact, "chips")
        policy = holds.solve(self.rules, goals, exact=self.exact)
        numerators, denominator = policy.final_distribution()
        dists = strength_distribution(numerators, denominator, self.rules, self.exact)
        return policy, index, dists

    # -- decisions -------------------------------------------------------------

    def lead(self, strength: int, seat: int, later: int, pot) -> tuple[int, np.ndarray]:
        """Seat ``seat`` now leads with ``strength``: its raises and the values.

        Returns ``(raises, vector)``: the raises chosen (0: check) and the
        values in the frame of the state before its throw (column 0, the
        leader it displaced, gets nothing).
        """
        pot = self.number(pot)
        key = (strength, seat, later, _key(pot))
        if key in self._leads:
            return self._leads[key]
        options = [self.lead_value(strength, seat, later, pot, r) for r in self._raise_choices()]
        chosen = self._choose_raises(strength, seat, later, pot, options)
        self._leads[key] = (chosen, options[chosen])
        return self._leads[key]

    def _raise_choices(self) -> range:
        return range(self.stakes.raises + 1)

    def _choose_raises(self, strength, seat, later, pot, options) -> int:
        if self.reference is not None and seat != self.habit_seat:
            return self.reference.lead(strength, seat, later, pot)[0]
        if seat == self.habit_seat and self.habit is not None and self.habit.raise_from is not None:
            return min(1, self.stakes.raises) if strength >= self.habit.raise_from else 0
        best = 0
        for r in range(1, len(options)):
            gain = options[r][CHIPS, seat]
            if not self._at_least(options[best][CHIPS, seat], gain, pot):
                best = r
        return best

    def lead_value(self, strength: int, seat: int, later: int, pot, raises: int) -> np.ndarray:
        """Values when seat ``seat`` leads with ``strength`` and raises ``raises`` times."""
        pot = self.number(pot)
        if raises == 0:
            after = self.state(strength, later, pot)
        else:
            after = self.answer(strength, raises, seats_in(later), 0, 0, pot)[1]
        out = after.copy()
        out[:, seat] = after[:, 0]
        out[:, 0] = self.number(0)
        if raises:
            out[CHIPS, seat] = out[CHIPS, seat] - self.number(raises * self.stakes.raise_size)
            out[RAISED, seat] = self.number(1)
        return out

    def answer(
        self, strength: int, raises: int, order: list[int], index: int, met: int, pot
    ) -> tuple[bool, np.ndarray]:
        """Seats ``order[index:]`` answer a raise in turn; ``met`` have met already.

        ``pot`` is the pot before the raise.  Returns whether ``order[index]``
        meets (True past the end) and the values in the frame of the state
        after the answers (column 0: the raiser, now leader), every meeter
        charged the raise.
        """
        pot = self.number(pot)
        key = (strength, raises, tuple(order), index, met, _key(pot))
        if key in self._answers:
            return self._answers[key]
        cost = self.number(raises * self.stakes.raise_size)
        if index == len(order):
            out = self.state(strength, met, pot + cost * (1 + met.bit_count())).copy()
            for k in seats_in(met):
                out[CHIPS, k] = out[CHIPS, k] - cost
            self._answers[key] = (True, out)
            return self._answers[key]
        seat = order[index]
        meet = self.answer(strength, raises, order, index + 1, met | 1 << (seat - 1), pot)[1]
        fold = self.answer(strength, raises, order, index + 1, met, pot)[1].copy()
        fold[FOLDED, seat] = self.number(1)
        meets = self._choose_meet(strength, raises, order, index, met, pot, meet[CHIPS, seat])
        self._answers[key] = (meets, meet if meets else fold)
        return self._answers[key]

    def _choose_meet(self, strength, raises, order, index, met, pot, worth) -> bool:
        seat = order[index]
        if self.reference is not None and seat != self.habit_seat:
            return self.reference.answer(strength, raises, order, index, met, pot)[0]
        if seat == self.habit_seat and self.habit is not None and self.habit.always_meet:
            return True
        return self._at_least(worth, self.number(0), pot)


def exact_mixture(weights: list, vectors: list[np.ndarray]) -> np.ndarray:
    """``sum(w * v)`` of Fraction weights and object arrays of Fractions, exactly.

    Each entry is summed in whole numbers over the common denominator of its
    terms and made a Fraction once (the same value as adding Fractions one by
    one, at a fraction of the cost).

    Examples
    --------
    >>> half, third = Fraction(1, 2), Fraction(1, 3)
    >>> a = np.array([Fraction(1), Fraction(2, 3)], dtype=object)
    >>> b = np.array([Fraction(0), Fraction(1, 5)], dtype=object)
    >>> list(exact_mixture([half, third], [a, b])) == list(half * a + third * b)
    True
    """
    return mixture_of_ratios(weights, [ratios(v) for v in vectors], vectors[0].shape)


def ratios(vector: np.ndarray) -> list[tuple[int, int]]:
    """``(numerator, denominator)`` of every entry of an array of Fractions, flattened."""
    return [(x.numerator, x.denominator) for x in vector.ravel().tolist()]


def mixture_of_ratios(
    weights: list, rows: list[list[tuple[int, int]]], shape: tuple[int, ...]
) -> np.ndarray:
    """:func:`exact_mixture` of vectors given by their :func:`ratios` (read once, used by
    many mixtures), as an array of Fractions of ``shape``.

    Each entry is summed in whole numbers over the common denominator of its terms and
    made a Fraction once.
    """
    terms = [(w, r) for w, r in zip(weights, rows, strict=True) if w]
    out = np.empty(int(np.prod(shape)), dtype=object)
    if not terms:
        out.fill(Fraction(0))
        return out.reshape(shape)
    common = math.lcm(*(w.denominator for w, _ in terms))
    scales = [w.numerator * (common // w.denominator) for w, _ in terms]
    for e, column in enumerate(zip(*(r for _, r in terms), strict=True)):
        parts = [(a * n, d) for a, (n, d) in zip(scales, column, strict=True) if n]
        if not parts:
            out[e] = Fraction(0)
            continue
        denominator = math.lcm(*(d for _, d in parts))
        numerator = sum(an * (denominator // d) for an, d in parts)
        out[e] = Fraction(numerator, common * denominator)
    return out.reshape(shape)


def exact_sum(values) -> Fraction:
    """The sum of Fractions, in whole numbers over their common denominator and made a
    Fraction once (the value of adding them one by one, normalised alike).

    >>> exact_sum([Fraction(1, 2), Fraction(1, 3), Fraction(1, 6)])
    Fraction(1, 1)
    """
    parts = [(x.numerator, x.denominator) for x in values]
    if not parts:
        return Fraction(0)
    denominator = math.lcm(*(d for _, d in parts))
    return Fraction(sum(n * (denominator // d) for n, d in parts), denominator)


def _key(pot):
    """A pot as a dictionary key: a whole number of chips as the int (equal to the
    Fraction, with the same hash, which a Fraction works out afresh each time)."""
    if type(pot) is Fraction and pot.denominator == 1:
        return pot.numerator
    return pot


def _submasks(mask: int) -> list[int]:
    """Every non-empty sub-mask of ``mask``."""
    out, sub = [], mask
    while sub:
        out.append(sub)
        sub = (sub - 1) & mask
    return out
