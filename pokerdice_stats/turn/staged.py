"""One turn whose stand value depends on how many throws were used.

Under the first player's throw limit (``throw_limit=first-player``) the first
player of a round who stands after ``t`` throws holds every later player to
``t`` throws, so the value of standing on a hand depends on ``t``.
:func:`solve_staged` is the optimal-hold dynamic program of
:mod:`pokerdice_stats.turn.holds` with one stand goal per stage: backward
induction over the throws, where after throw ``t`` the player compares
standing (``stand[t - 1]``) with the best keep.  With the same goal at every
stage it is exactly :func:`pokerdice_stats.turn.holds.solve`.

Both sweeps are those of :mod:`pokerdice_stats.turn.induction`
(:func:`~pokerdice_stats.turn.induction.backward_pass` and
:func:`~pokerdice_stats.turn.forward.final_hands_by_throw`), shared with
:mod:`pokerdice_stats.turn.holds`, so it supports the same turn rules (at most N
dice thrown again, sticky holds), float values and exact integer numerators
(Python integers where int64 is not enough).
"""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from pokerdice_stats.ground import indexing as ix
from pokerdice_stats.ground.errors import OptionError
from pokerdice_stats.turn.forward import final_hands_by_throw
from pokerdice_stats.turn.goals import INT64_MAX
from pokerdice_stats.turn.induction import (
    FLOAT_TOLERANCE,
    backward_pass,
    turn_value,
)
from pokerdice_stats.turn.rules import RuleSet
from pokerdice_stats.turn.states import state_kind


@dataclass(frozen=True, eq=False)
class StagedPolicy:
    """The solved turn: values, canonical best keeps and final distributions.

    Attributes
    ----------
    rules : RuleSet
    throws : int
        Throws a turn (the number of stages).
    exact : bool
    denominator : int
        Values after throw ``t`` are numerators over ``denominator * 7776**(throws - t)``.
    state_values : list of (G, S) arrays
        ``state_values[t - 1]``: value of each state right after throw ``t``.
    best_keep : list of (G, S) int64 arrays
        ``best_keep[t - 1]``: canonical best keep after throw ``t`` (the
        hand's own keep: stand), for ``t = 1 .. throws - 1``.
    turn : (G,)
        Value of the whole turn (numerators over ``denominator * 7776**throws``).
    stands : list of (G, 252) arrays
        ``stands[t - 1]``: value of standing after throw ``t`` (numerators
        over ``denominator``, or floats).
    keep_values : list of arrays
        ``keep_values[t - 1]``: value of each keep (or carried keep) after
        throw ``t`` (numerators over ``denominator * 7776**(throws - t)``),
        for ``t = 1 .. throws - 1``.
    """

    rules: RuleSet
    throws: int
    exact: bool
    denominator: int
    state_values: list[np.ndarray]
    best_keep: list[np.ndarray]
    turn: np.ndarray
    stands: list[np.ndarray] = dataclasses.field(default_factory=list)
    keep_values: list[np.ndarray] = dataclasses.field(default_factory=list)

    def _number(self, numerator, throws_left: int) -> Fraction | float:
        if self.exact:
            return Fraction(int(numerator), self.denominator * ix.N_THROWS**throws_left)
        return float(numerator)

    def hold_rows(
        self, hand: int, throws_left: int, goal: int = 0, aside: int | None = None
    ) -> list[dict]:
        """Every hold of a hand after throw ``throws - throws_left``, best first.

        Standing is worth that throw's stand value (it sets the limit of the
        later players); the rows are those of
        :meth:`pokerdice_stats.turn.holds.Policy.hold_rows`.
        """
        from pokerdice_stats.turn.hold_rows import rank_holds, state_index
        from pokerdice_stats.turn.states import allowed_subkeeps, carried_keep

        state = state_index(self.rules, self.throws, hand, throws_left, aside)
        used = self.throws - throws_left
        kind = state_kind(self.rules)
        untouched = int(ix.STICKY_STATE_ASIDE[state]) if kind == "original" else None
        if kind == "original":
            aside = untouched
        options = [int(ix.HAND_KEEP[hand])]
        values = [self._number(self.stands[used - 1][goal, hand], 0)]
        best = options[0]
        if throws_left > 0:
            best = int(self.best_keep[used - 1][goal, state])
            for k in allowed_subkeeps(self.rules, hand, aside):
                column = k if untouched is None else carried_keep(untouched, k)
                options.append(k)
                values.append(self._number(self.keep_values[used - 1][goal, column], throws_left))
        return rank_holds(self.rules, options, values, best, self.exact, FLOAT_TOLERANCE)

    def value(self, goal: int = 0) -> Fraction | float:
        """Value of the whole turn for goal number ``goal``."""
        if self.exact:
            scale = self.denominator * ix.N_THROWS**self.throws
            return Fraction(int(self.turn[goal]), scale)
        return float(self.turn[goal])

    def final_distribution(self) -> tuple[np.ndarray, list[int]]:
        """Joint distribution of (throws used, final hand) under the canonical policy.

        Returns
        -------
        numerators : (throws, G, 252) array
            ``numerators[t - 1, g, h]``: weight of standing on hand ``h``
            after ``t`` throws.  Floats when not exact.
        denominators : list of int
            ``7776**t`` for stage ``t`` (all 1 for floats).
        """
        return final_hands_by_throw(
            self.best_keep,
            sticky=state_kind(self.rules),
            exact=self.exact,
            n_goals=self.turn.shape[0],
        )


def _common_denominator(stands: list[np.ndarray]) -> tuple[list[np.ndarray], int]:
    """Exact stand values (Fractions or integers) as numerators over one denominator."""
    denominator = math.lcm(
        *(
            Fraction(v).denominator
            for stand in stands
            for v in np.asarray(stand, dtype=object).ravel()
        )
    )
    out = []
    for stand in stands:
        values = np.asarray(stand, dtype=object)
        numerators = np.array(
            [
                Fraction(v).numerator * (denominator // Fraction(v).denominator)
                for v in values.ravel()
            ],
            dtype=object,
        ).reshape(values.shape)
        out.append(numerators)
    return out, denominator


def solve_staged(rules: RuleSet, stands: list[np.ndarray], *, exact: bool = False) -> StagedPolicy:
    """Solve a turn whose stand value depends on the throws used.

    Parameters
    ----------
    rules : RuleSet
        The turn rules (at most N dice thrown again, sticky holds).
    stands : list of (G, 252) arrays
        ``stands[t - 1][g, h]``: value of standing on hand ``h`` after ``t``
        throws, for goal ``g``; the number of stages is ``len(stands)``.
        Floats, or exact values (Fractions or integers) when ``exact``.
    exact : bool
        Exact integer arithmetic (Python integers) or floats.

    Returns
    -------
    StagedPolicy

    Raises
    ------
    OptionError
        For no stage, or stages of different shapes.
    """
    throws = len(stands)
    if throws < 1:
        raise OptionError("a turn needs at least one throw")
    shapes = {np.shape(s) for s in stands}
    if len(shapes) != 1 or len(next(iter(shapes))) != 2 or next(iter(shapes))[1] != ix.N_HANDS:
        raise OptionError("every stage needs a (goals, 252) array of stand values")
    if exact:
        numerators, denominator = _common_denominator(stands)
        bound = max(abs(int(v)) for s in numerators for v in s.ravel()) * ix.N_THROWS**throws
        if bound <= INT64_MAX // 2:
            numerators = [s.astype(np.int64) for s in numerators]
        stands = numerators
    else:
        stands = [np.asarray(s, dtype=np.float64) for s in stands]
        denominator = 1
    kind = state_kind(rules)
    tolerance = 0 if exact else FLOAT_TOLERANCE
    stages = backward_pass(rules, stands, exact, tolerance)  # by throws left
    last = stands[-1]
    state_values = [stage.state_values for stage in reversed(stages)]
    state_values.append(last[:, ix.STICKY_STATE_HAND] if kind != "hand" else last)
    best_keeps = [stage.best_keep for stage in reversed(stages)]
    turn = turn_value(stages, stands[0], kind, exact)
    keep_values = [stage.keep_values for stage in reversed(stages)]
    return StagedPolicy(
        rules, throws, exact, denominator, state_values, best_keeps, turn, list(stands), keep_values
    )
