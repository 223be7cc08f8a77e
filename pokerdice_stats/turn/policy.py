"""The solved hold program of a turn: :class:`Policy`, what
:func:`~pokerdice_stats.turn.holds.solve` returns.

Its values at every stage and state, its best keep, every alternative with its value,
and the distribution of final hands under its play, read with the rules' own checks
(a hand as dice or an index, throws left within the turn, a keep the rules allow).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

import numpy as np

from pokerdice_stats.ground import indexing as ix
from pokerdice_stats.ground.errors import GoalError, OptionError
from pokerdice_stats.ground.summary import short_repr
from pokerdice_stats.turn.dice import parse_keep
from pokerdice_stats.turn.forward import final_distribution
from pokerdice_stats.turn.goals import Goal
from pokerdice_stats.turn.hands import hand_table
from pokerdice_stats.turn.hold_rows import HOLD_COLUMNS, rank_holds, state_index
from pokerdice_stats.turn.induction import Stage, float_tolerance
from pokerdice_stats.turn.rules import RuleSet
from pokerdice_stats.turn.states import (
    allowed_subkeeps,
    carried_keep,
    check_rethrow,
    n_states,
    state_kind,
)

if TYPE_CHECKING:  # pandas is imported where a frame is made, not by every command
    import pandas as pd

__all__ = ["Policy"]


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

    def value(self, goal: int | str = 0) -> Fraction | float:
        """The value of a whole turn for ``goal`` (its number, or its name)."""
        return self._number(self.turn[self._goal(goal)], self.throws)

    def values(self) -> list[Fraction | float]:
        """The value of a whole turn for every goal."""
        return [self.value(g) for g in range(len(self.goals))]

    def frame(self) -> pd.DataFrame:
        """One row a goal: its name, the throws a turn, the value of a whole turn (a
        Fraction when exact) and ``value_float`` (the same as a float, for plotting), as
        the strategy frames give them.  The hold on every hand is
        :func:`~pokerdice_stats.turn.strategy_frame.strategy_frame`."""
        import pandas as pd

        values = self.values()
        frame = pd.DataFrame(
            {
                "goal": [goal.name for goal in self.goals],
                "throws": self.throws,
                "value": values,
                "value_float": [float(v) for v in values],
            }
        )
        frame.attrs = {"rules": self.rules.label()}
        return frame

    def __repr__(self) -> str:
        names = [goal.name for goal in self.goals]
        shown = names[0] if len(names) == 1 else f"{len(names)} goals"
        return short_repr(
            self, rules=self.rules, goal=shown, throws=self.throws, value=self.value()
        )

    def _state(self, hand: int, throws_left: int, aside: int | None) -> int:
        return state_index(self.rules, self.throws, hand, throws_left, aside)

    def _resolve(
        self, hand: int | str, throws_left: int, goal: int | str, aside: int | str | None
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

    def _goal(self, goal: int | str) -> int:
        """A solved goal given by its number, or by its name (``"at-least:full-house"``)."""
        if type(goal) is int and 0 <= goal < len(self.goals):  # the common case at once
            return goal
        names = [g.name for g in self.goals]
        if isinstance(goal, str):
            if goal in names:
                return names.index(goal)
            raise GoalError(
                f"goal {goal!r} is not one this policy solved; its goals: {', '.join(names)} "
                f"(give a name, or a number 0 to {len(names) - 1}; solve another goal with solve)"
            )
        if (
            isinstance(goal, bool)
            or not isinstance(goal, int | np.integer)
            or not 0 <= goal < len(self.goals)
        ):
            raise GoalError(
                f"goal is a solved goal's number, 0 to {len(names) - 1}, or its name "
                f"({', '.join(names)}), got {goal!r}"
            )
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
        self, hand: int | str, throws_left: int, goal: int | str = 0, aside: int | str | None = None
    ) -> Fraction | float:
        """Value of a hand (after a throw) with ``throws_left`` throws to come.

        Parameters
        ----------
        hand : str or int
            The dice showing, or a hand index.
        throws_left : int
            0 (the turn is over: the hand's own value) to ``throws - 1``.
        goal : int or str
            The goal's number, or its name (default: the first).
        aside : str or int, optional
            The dice set aside (``sticky_holds``), or the first-throw dice still
            untouched (a turn-scoped ``max_rethrow``); refused elsewhere.

        Returns
        -------
        Fraction or float
            Exact for an exact solve.

        Raises
        ------
        DiceError, OptionError, GoalError
            For a malformed hand, throws left outside the turn, dice aside the rules do
            not track, or an unknown goal number.

        Examples
        --------
        >>> from pokerdice_stats import get_rules
        >>> from pokerdice_stats.turn.holds import solve
        >>> policy = solve(get_rules("gameweave"), "at-least:full-house")
        >>> policy.state_value("K K K 9 9", 2)
        Fraction(1, 1)
        """
        hand, throws_left, goal, aside = self._resolve(hand, throws_left, goal, aside)
        state = self._state(hand, throws_left, aside)
        if throws_left == 0:
            return self._number(self.stand[goal, hand], 0)
        return self._number(self.stages[throws_left - 1].state_values[goal, state], throws_left)

    def best_keep(
        self, hand: int | str, throws_left: int, goal: int | str = 0, aside: int | str | None = None
    ) -> int:
        """The canonical best keep (a keep index; the hand's own keep means stand).

        Parameters
        ----------
        hand, throws_left, goal, aside
            As :meth:`state_value`.

        Returns
        -------
        int
            A keep index (0 to 461): ``turn.dice.format_counts(ix.KEEP_COUNTS[k], rules)``
            writes its dice.

        Raises
        ------
        DiceError, OptionError, GoalError
            As :meth:`state_value`.
        """
        hand, throws_left, goal, aside = self._resolve(hand, throws_left, goal, aside)
        state = self._state(hand, throws_left, aside)
        if throws_left == 0:
            return int(ix.HAND_KEEP[hand])
        return int(self.stages[throws_left - 1].best_keep[goal, state])

    def keep_tables(self, goal: int | str = 0) -> np.ndarray:
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
        self,
        keep: int | str,
        throws_left: int,
        goal: int | str = 0,
        untouched: int | str | None = None,
    ) -> Fraction | float:
        """Value of keeping ``keep`` and throwing the rest, ``throws_left`` throws to come.

        Under a turn-scoped ``max_rethrow`` (``original`` states) the value also
        depends on the first-throw dice still untouched before the keep
        (``untouched``, a keep index or dice; required there, refused elsewhere).

        Parameters
        ----------
        keep : str or int
            The dice kept (``"K K"``) or a keep index.
        throws_left : int
            1 to ``throws - 1``: the throws to come, the one after this keep included.
        goal : int or str
            The goal's number, or its name (default: the first).
        untouched : str or int, optional
            See above.

        Returns
        -------
        Fraction or float
            Exact for an exact solve.

        Raises
        ------
        OptionError
            For a keep that throws more dice again than ``max_rethrow`` allows (in the
            throw, or in the turn so far), untouched dice given or missing against the
            rules, or throws left outside the turn.
        GoalError
            For an unknown goal number.
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
            check_rethrow(self.rules, untouched, keep)
            column = carried_keep(untouched, keep)
        elif untouched is not None:
            raise OptionError(
                "untouched dice count only under a turn-scoped max_rethrow "
                "(max_rethrow_scope=turn); these rules do not track them"
            )
        else:
            check_rethrow(self.rules, None, keep)
        return self._number(self.stages[throws_left - 1].keep_values[goal, column], throws_left)

    def optimal_keeps(
        self, hand: int, throws_left: int, goal: int | str = 0, aside: int | None = None
    ) -> list[int]:
        """Every optimal keep (keep indices, canonical order; the hand's own keep: stand)."""
        frame = self.alternatives(hand, throws_left, goal, aside)
        return [int(k) for k in frame.loc[frame["optimal"], "keep_index"]]

    def hold_rows(
        self, hand: int | str, throws_left: int, goal: int | str = 0, aside: int | str | None = None
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
        self, hand: int | str, throws_left: int, goal: int | str = 0, aside: int | str | None = None
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

    def final_by_category(self, goal: int | str = 0) -> dict[str, Fraction | float]:
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
