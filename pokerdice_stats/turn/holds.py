"""The optimal-hold dynamic program: which dice to keep, for any goal.

A goal gives a value ``g(h)`` to each of the 252 final hands (the chance of a
category, a payout, ...).  After a throw the player is in a *state* ``s``:
its hand ``h(s)`` or, under ``sticky_holds``, the pair (dice set aside
``a(s)``, hand), since a die set aside stays aside
(:mod:`pokerdice_stats.turn.states`).  With ``t`` throws still allowed, the
value of a state is

::

    V_0(s) = g(h(s))
    V_t(s) = max( g(h(s)),  max over k in K(s) of E_t(k) )            (t >= 1)
    E_t(k) = sum over hands h' of  w(k -> h') / 7776 * V_{t-1}(s'(k, h'))

standing (keeping all five dice, value ``g(h)``) or keeping a sub-multiset
``k`` of the hand and throwing the rest:

- ``w(k -> h')`` is the number of ways out of 6**5 that keeping ``k`` and
  throwing the other dice lands on hand ``h'`` (``indexing.REROLL``);
- the next state ``s'(k, h')`` is the hand ``h'``, or under sticky holds the
  pair (``k`` set aside, ``h'``);
- ``K(s)`` are the keeps the turn rules allow: every proper sub-multiset of
  ``h(s)`` of at least ``5 - max_rethrow`` dice and, under sticky holds,
  containing the dice set aside ``a(s)``.

The first throw is always all five dice, so a whole turn of ``T`` throws is
worth ``sum_h HAND_WAYS[h] / 7776 * V_{T-1}(first state of h)``.  Exact goals
stay exact: ``V_t`` is kept as integer numerators over
``denominator * 7776**t`` (int64 where they fit, Python integers beyond);
``exact=False`` gives floats for any goal.

Of the holds of equal value the program chooses the canonical one: the most
dice (so standing wins every tie), then the higher faces (compared highest
first); float values within :func:`~pokerdice_stats.turn.induction.float_tolerance`
count as equal.  The canonical choice matters to the other seats of a round.
:meth:`Policy.alternatives` lists every hold with its value.  The sweeps are
in :mod:`pokerdice_stats.turn.induction` (shared with the staged turn of
:mod:`pokerdice_stats.turn.staged`), the kernels in
:mod:`pokerdice_stats.kernels.reroll`.

:func:`solve` shows an example.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

import numpy as np

from pokerdice_stats.ground import indexing as ix
from pokerdice_stats.ground.arguments import checked_flag, checked_whole_number
from pokerdice_stats.ground.errors import GoalError, OptionError
from pokerdice_stats.ground.summary import short_repr
from pokerdice_stats.turn import induction
from pokerdice_stats.turn.dice import format_counts, parse_keep
from pokerdice_stats.turn.forward import final_distribution
from pokerdice_stats.turn.goal_lists import as_goal_list, exact_goal_list, stand_rows
from pokerdice_stats.turn.goals import FloatGoals, Goal
from pokerdice_stats.turn.hands import check_rule_set, hand_table
from pokerdice_stats.turn.hold_rows import HOLD_COLUMNS, rank_holds, state_index
from pokerdice_stats.turn.induction import (
    Stage,
    backward_pass,
    float_tolerance,
    turn_value,
)
from pokerdice_stats.turn.rule_fields import MAX_THROWS
from pokerdice_stats.turn.rules import RuleSet
from pokerdice_stats.turn.stands import (
    float_rows,
    one_goal_row,
)
from pokerdice_stats.turn.states import (
    allowed_subkeeps,
    carried_keep,
    keep_intersection,
    n_states,
    state_kind,
)

if TYPE_CHECKING:  # pandas is imported where a frame is made, not by every command
    import pandas as pd

#: Batches of at least this many goals run the kernels on numba's threads (where
#: :func:`~pokerdice_stats.turn.induction.kernels_for` reads it).
PARALLEL_MIN_GOALS = induction.PARALLEL_MIN_GOALS


@dataclass(frozen=True, eq=False)
class Policy:
    """The solved dynamic program for a batch of goals.

    Values are numerators over ``denominator * 7776**t`` (``t`` throws left)
    when ``exact``; floats otherwise.  Use the methods rather than the arrays.

    Attributes
    ----------
    rules : RuleSet
    goals : sequence of Goal
        A list, or a :class:`~pokerdice_stats.turn.goals.FloatGoals` of float rows.
    throws : int
        Throws a turn.
    exact : bool
    denominator : int
        Common denominator of the goals.
    stand : (G, 252)
        Goal values (numerators over ``denominator``).
    stages : sequence of Stage
        ``stages[t - 1]`` for ``t`` throws left, t = 1 .. throws - 1.
    turn : (G,)
        Value of a whole turn (numerators over ``denominator * 7776**throws``).
    """

    rules: RuleSet
    goals: Sequence[Goal]
    throws: int
    exact: bool
    denominator: int
    stand: np.ndarray
    stages: Sequence[Stage]
    turn: np.ndarray

    @property
    def sticky(self) -> bool:
        """Whether states remember the dice set aside."""
        return self.rules.sticky_holds

    @property
    def state_kind(self) -> str:
        """``hand``, ``aside`` or ``original`` (:func:`~pokerdice_stats.turn.states.state_kind`)."""
        return state_kind(self.rules)

    def _scale(self, throws_left: int) -> int:
        return self.denominator * ix.N_THROWS**throws_left

    def _number(self, numerator, throws_left: int) -> Fraction | float:
        if self.exact:
            return Fraction(int(numerator), self._scale(throws_left))
        return float(numerator)

    def value(self, goal: int = 0) -> Fraction | float:
        """The value of a whole turn for goal number ``goal``."""
        return self._number(self.turn[self._goal(goal)], self.throws)

    def values(self) -> list[Fraction | float]:
        """The value of a whole turn for every goal."""
        return [self.value(g) for g in range(len(self.goals))]

    def frame(self) -> pd.DataFrame:
        """One row a goal: its name, the throws a turn and the value of a whole turn
        (a Fraction when exact). The hold on every hand is
        :func:`~pokerdice_stats.turn.strategy_frame.strategy_frame`."""
        import pandas as pd

        return pd.DataFrame(
            {
                "goal": [goal.name for goal in self.goals],
                "throws": self.throws,
                "value": self.values(),
            }
        )

    def __repr__(self) -> str:
        names = [goal.name for goal in self.goals]
        shown = names[0] if len(names) == 1 else f"{len(names)} goals"
        return short_repr(
            self, rules=self.rules, goal=shown, throws=self.throws, value=self.value()
        )

    def _state(self, hand: int, throws_left: int, aside: int | None) -> int:
        return state_index(self.rules, self.throws, hand, throws_left, aside)

    def _resolve(
        self, hand: int | str, throws_left: int, goal: int, aside: int | str | None
    ) -> tuple[int, int, int, int | None]:
        """A hand, throws left, goal and dice aside as given by a user, checked and as indices.

        Raises
        ------
        DiceError, OptionError, GoalError
            For a malformed hand, throws left outside the turn, an unknown goal number.
        """
        hand = hand_table(self.rules).hand(hand)
        if aside is not None and self.state_kind == "hand":
            raise OptionError(
                "dice set aside only matter with sticky_holds=true (or, as the untouched "
                "first-throw dice, with max_rethrow_scope=turn)"
            )
        aside = None if aside is None else self._keep(aside, "aside")
        return hand, self._throws_left(throws_left, 0), self._goal(goal), aside

    def _throws_left(self, throws_left: int, low: int) -> int:
        """``throws_left`` when it is a whole number from ``low`` to ``throws - 1``."""
        if type(throws_left) is int and low <= throws_left < self.throws:  # at once
            return throws_left
        if (
            isinstance(throws_left, bool)
            or not isinstance(throws_left, int | np.integer)
            or not low <= throws_left < self.throws
        ):
            raise OptionError(
                f"throws left must be a whole number from {low} to {self.throws - 1} "
                f"(a turn of {self.throws} throws"
                + ("; 1 or more to throw again" if low else "")
                + f"), got {throws_left!r}"
            )
        return int(throws_left)

    def _goal(self, goal: int) -> int:
        if type(goal) is int and 0 <= goal < len(self.goals):  # the common case at once
            return goal
        if (
            isinstance(goal, bool)
            or not isinstance(goal, int | np.integer)
            or not 0 <= goal < len(self.goals)
        ):
            raise GoalError(f"goal number must be 0 to {len(self.goals) - 1}, got {goal!r}")
        return int(goal)

    def _keep(self, keep: int | str, what: str) -> int:
        """A keep given as dice (``"K K"``) or as a keep index 0..461, checked."""
        if type(keep) is int and 0 <= keep < ix.N_KEEPS:  # an index: at once
            return keep
        if isinstance(keep, str):
            return parse_keep(keep, self.rules)
        if isinstance(keep, bool) or not isinstance(keep, int | np.integer):
            raise OptionError(f"{what} must be dice such as 'K K' or a keep index, got {keep!r}")
        if not 0 <= keep < ix.N_KEEPS:
            raise OptionError(f"{what} must be a keep index 0 to {ix.N_KEEPS - 1}, got {keep!r}")
        return int(keep)

    def state_value(
        self, hand: int | str, throws_left: int, goal: int = 0, aside: int | str | None = None
    ) -> Fraction | float:
        """Value of a hand (after a throw) with ``throws_left`` throws to come."""
        hand, throws_left, goal, aside = self._resolve(hand, throws_left, goal, aside)
        state = self._state(hand, throws_left, aside)
        if throws_left == 0:
            return self._number(self.stand[goal, hand], 0)
        return self._number(self.stages[throws_left - 1].state_values[goal, state], throws_left)

    def best_keep(
        self, hand: int | str, throws_left: int, goal: int = 0, aside: int | str | None = None
    ) -> int:
        """The canonical best keep (a keep index; the hand's own keep means stand)."""
        hand, throws_left, goal, aside = self._resolve(hand, throws_left, goal, aside)
        state = self._state(hand, throws_left, aside)
        if throws_left == 0:
            return int(ix.HAND_KEEP[hand])
        return int(self.stages[throws_left - 1].best_keep[goal, state])

    def keep_tables(self, goal: int = 0) -> np.ndarray:
        """The ``(throws - 1, S)`` int16 best-keep tables of one goal, read-only.

        ``tables[t - 1, s]`` is the canonical keep in state ``s`` with ``t``
        throws left (S = 252 hands, or 4,368 (aside, hand) states under sticky
        holds, or (untouched, hand) states under a turn-scoped ``max_rethrow``; the
        hand's own keep means stand): how to play the policy.
        """
        goal = self._goal(goal)
        out = np.empty((len(self.stages), n_states(self.state_kind)), dtype=np.int16)
        for t, stage in enumerate(self.stages):
            out[t] = stage.best_keep[goal]
        out.setflags(write=False)
        return out

    def keep_value(
        self, keep: int | str, throws_left: int, goal: int = 0, untouched: int | str | None = None
    ) -> Fraction | float:
        """Value of keeping ``keep`` and throwing the rest, ``throws_left`` throws to come.

        Under a turn-scoped ``max_rethrow`` (``original`` states) the value also
        depends on the first-throw dice still untouched before the keep
        (``untouched``, a keep index or dice; required there, refused elsewhere).
        """
        throws_left = self._throws_left(throws_left, 1)
        goal = self._goal(goal)
        column = keep = self._keep(keep, "keep")
        if self.state_kind == "original":
            if untouched is None:
                raise OptionError(
                    "under max_rethrow_scope=turn a keep's value depends on the untouched "
                    "first-throw dice: give them"
                )
            untouched = self._keep(untouched, "untouched")
            self._check_rethrow(untouched, keep)
            column = carried_keep(untouched, keep)
        elif untouched is not None:
            raise OptionError(
                "untouched dice count only under a turn-scoped max_rethrow "
                "(max_rethrow_scope=turn); these rules do not track them"
            )
        else:
            self._check_rethrow(None, keep)
        return self._number(self.stages[throws_left - 1].keep_values[goal, column], throws_left)

    def _check_rethrow(self, untouched: int | None, keep: int) -> None:
        """Refuse a keep that throws more dice again than ``max_rethrow`` allows: in one
        throw (``untouched`` None), or in the turn so far (the first-throw dice still
        ``untouched`` that the keep holds)."""
        least = ix.N_DICE - self.rules.max_rethrow
        if least <= 0:
            return

        def dice(k: int) -> str:
            return format_counts(ix.KEEP_COUNTS[k], self.rules) or "nothing"

        if untouched is None:
            if ix.KEEP_SIZE[keep] < least:
                raise OptionError(
                    f"keeping {dice(keep)} throws "
                    f"{ix.N_DICE - int(ix.KEEP_SIZE[keep])} dice again; the rules allow "
                    f"{self.rules.max_rethrow} at most (max_rethrow)"
                )
            return
        if ix.KEEP_SIZE[untouched] < least:
            raise OptionError(
                f"untouched dice {dice(untouched)}: a turn under "
                f"max_rethrow={self.rules.max_rethrow} leaves {least} or more first-throw "
                "dice untouched"
            )
        if ix.KEEP_SIZE[keep_intersection()[untouched, keep]] < least:
            raise OptionError(
                f"keeping {dice(keep)} from the untouched "
                f"{dice(untouched)} would throw more than "
                f"{self.rules.max_rethrow} of the first throw's dice in the turn (max_rethrow)"
            )

    def optimal_keeps(
        self, hand: int, throws_left: int, goal: int = 0, aside: int | None = None
    ) -> list[int]:
        """Every optimal keep (keep indices, canonical order; the hand's own keep: stand)."""
        frame = self.alternatives(hand, throws_left, goal, aside)
        return [int(k) for k in frame.loc[frame["optimal"], "keep_index"]]

    def hold_rows(
        self, hand: int | str, throws_left: int, goal: int = 0, aside: int | str | None = None
    ) -> list[dict[str, Any]]:
        """Every distinct hold the rules allow, best first, as plain records.

        The rows of :meth:`alternatives` (same keys and order) without pandas.
        """
        hand, throws_left, goal, aside = self._resolve(hand, throws_left, goal, aside)
        state = self._state(hand, throws_left, aside)
        untouched = None
        if self.state_kind == "original":
            untouched = int(ix.STICKY_STATE_ASIDE[state])
            aside = untouched
        best = self.best_keep(hand, throws_left, goal, aside)
        options = [int(ix.HAND_KEEP[hand])]
        if throws_left > 0:
            options += [k for k in allowed_subkeeps(self.rules, hand, aside)]
        values = []
        for k in options:
            if k == ix.HAND_KEEP[hand]:
                values.append(self.state_value(hand, 0, goal))
            else:
                values.append(self.keep_value(k, throws_left, goal, untouched))
        tolerance = 0.0 if self.exact else float_tolerance(self.stand)
        return rank_holds(self.rules, options, values, best, self.exact, tolerance)

    def alternatives(
        self, hand: int | str, throws_left: int, goal: int = 0, aside: int | str | None = None
    ) -> pd.DataFrame:
        """Every distinct hold the rules allow, best first.

        Returns
        -------
        pandas.DataFrame
            Columns ``keep`` (dice kept, highest first), ``keep_index``,
            ``rethrow`` (dice thrown), ``value`` (exact Fraction, or float),
            ``value_float``, ``optimal`` (ties the best value) and
            ``canonical`` (the one choice the program makes).  Holds of equal
            value are listed in canonical order (most dice, higher faces first).
        """
        import pandas as pd

        return pd.DataFrame(
            self.hold_rows(hand, throws_left, goal, aside), columns=list(HOLD_COLUMNS)
        )

    def final_distribution(self) -> tuple[np.ndarray, int]:
        """Distribution of the final hand when the canonical policy is followed.

        Returns
        -------
        numerators : (G, 252) array
            Ordered-throw weights of each final hand (int64, or Python
            integers beyond int64); floats when the policy is not exact.
        denominator : int
            ``7776**throws`` (1 for floats, whose rows sum to 1).
        """
        return final_distribution(self)

    def final_by_category(self, goal: int = 0) -> dict[str, Fraction | float]:
        """Chance of finishing in each category under the policy, best first."""
        goal = self._goal(goal)
        numerators, denominator = self.final_distribution()
        table = hand_table(self.rules)
        result: dict[str, Fraction | float] = {}
        for c, cat in enumerate(self.rules.categories):
            cells = numerators[goal][table.category == c]
            if self.exact:
                result[cat.slug] = Fraction(sum(int(n) for n in cells), denominator)
            else:
                result[cat.slug] = float(cells.sum())
        return result


def solve(
    rules: RuleSet,
    goals: Goal | str | Sequence[Goal | str],
    *,
    throws: int | None = None,
    exact: bool = True,
) -> Policy:
    """Solve the optimal-hold dynamic program for a batch of goals.

    Parameters
    ----------
    rules : RuleSet
        Gives the turn rules (throws, at most N re-thrown, sticky holds).
    goals : Goal, str, or sequence of them
        One value per final hand for each goal; a text is read as ``--goal`` reads it
        (``"at-least:full-house"``, ``'beat:"Q Q Q 9 9",tie=1/2'``).
    throws : int, optional
        Throws a turn (default: ``rules.throws``).
    exact : bool
        Integer numerators (exact) or floats.

    Returns
    -------
    Policy
        The optimal holds and values of every goal, at every stage of the turn.

    Raises
    ------
    RulesError
        If ``rules`` is not a :class:`RuleSet`.
    GoalError
        For no goal, a goal that is neither a :class:`Goal` nor a goal text, a goal text
        that does not parse, a goal read under rules that rank the hands otherwise, or,
        with ``exact``, a goal of fractional floats (whole floats are read exactly).
    OptionError
        For a number of throws outside 1..10, or an ``exact`` that is not a bool.

    Examples
    --------
    >>> from pokerdice_stats import get_rules
    >>> policy = solve(get_rules("gameweave"), "at-least:full-house")
    >>> policy.value()  # the chance of a full house or better in a turn, best play
    Fraction(490459, 944784)
    >>> policy.alternatives("K K J 10 9", 2)[["keep", "rethrow", "value"]].head(2)
        keep  rethrow    value
    0    K K        3  139/324
    1  K K J        2   61/162
    """
    check_rule_set(rules)
    goal_list = as_goal_list(rules, goals)
    throws = (
        rules.throws if throws is None else checked_whole_number(throws, "throws", 1, MAX_THROWS)
    )
    if exact is not True and exact is not False:  # (the common case without a call)
        exact = checked_flag(exact, "exact")
    if exact:
        goal_list = exact_goal_list(goal_list)
    kind = state_kind(rules)
    row = None
    if len(goal_list) == 1:
        # One goal in a process with the compiled kernels: its row in one pass, and
        # over hands the whole backward pass in one call (tens of microseconds).
        kernels = induction.one_goal_kernels()
        if kernels is not None:
            row = one_goal_row(kernels, goal_list[0], throws, exact)
    if row is not None:
        row_stand, row_denominator, row_tolerance = row
        if kind == "hand" and throws > 1 and hasattr(kernels, "backward_hands"):
            stages: Sequence[Stage] = induction.backward_hands(
                kernels, rules, row_stand, throws - 1, exact, row_tolerance
            )
        else:
            stages = backward_pass(rules, [row_stand] * throws, exact, row_tolerance)
        return _policy(rules, goal_list, throws, exact, row_denominator, row_stand, stages, kind)
    if type(goal_list) is FloatGoals and not exact and float_rows(goal_list.rows):
        # The rows of a round's seats, as they are (a copy, as stacking them makes).
        rows = np.array(goal_list.rows, dtype=np.float64, order="C")
        stages = backward_pass(rules, [rows] * throws, exact, float_tolerance(rows))
        return _policy(rules, goal_list, throws, exact, 1, rows, stages, kind)
    stand, denominator, tolerance = stand_rows(goal_list, throws, exact)
    stages = backward_pass(rules, [stand] * throws, exact, tolerance)
    return _policy(rules, goal_list, throws, exact, denominator, stand, stages, kind)


def _policy(
    rules: RuleSet,
    goal_list: Sequence[Goal],
    throws: int,
    exact: bool,
    denominator: int,
    stand: np.ndarray,
    stages: Sequence[Stage],
    kind: str,
) -> Policy:
    """The :class:`Policy` of a solve, its turn value weighed from the stages (``kind``:
    the rules' :func:`~pokerdice_stats.turn.states.state_kind`)."""
    turn = turn_value(stages, stand, kind, exact)
    # Policy(...) field by field, without the frozen dataclass's object.__setattr__
    # a field (a few microseconds of a one-goal solve's twenty).
    policy = object.__new__(Policy)
    policy.__dict__.update(
        rules=rules,
        goals=goal_list,
        throws=throws,
        exact=exact,
        denominator=denominator,
        stand=stand,
        stages=stages,
        turn=turn,
    )
    return policy
