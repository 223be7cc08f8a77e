"""Goals of a turn: a value for every final hand.

A :class:`Goal` holds exact values as integer numerators over one common
denominator, so the dynamic program can stay in integers.  Builders:
:func:`at_least`, :func:`exactly`, :func:`beat`, :func:`score`,
:func:`payout_against`; :func:`parse_goal` reads the command-line grammar::

    at-least:full-house   exactly:straight   beat:"Q Q Q 9 9"
    beat:"Q Q Q 9 9",tie=1/2   score:points.toml
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING

import numpy as np

from pokerdice_stats.ground import indexing as ix
from pokerdice_stats.ground.arguments import (
    checked_flag,
    checked_whole_number,
    shown,
)
from pokerdice_stats.ground.bounds import INT64_MAX as INT64_MAX  # read here by others
from pokerdice_stats.ground.errors import GoalError, PokerDiceError
from pokerdice_stats.ground.limits import exact_amount
from pokerdice_stats.ground.made_when_read import MadeWhenRead
from pokerdice_stats.turn.goal_numbers import (
    checked_numerators,
    integer_array,
    whole_numbers,
)
from pokerdice_stats.turn.hands import HandTable
from pokerdice_stats.turn.points_file import read_points
from pokerdice_stats.turn.rules import RuleSet

if TYPE_CHECKING:
    import pandas as pd


#: How far past 0..1 a float "chance" may stray by rounding (1.0000000000000002 is 1).
CHANCE_ROUNDING = 1e-12


@dataclass(frozen=True, eq=False)
class Goal:
    """A value for every final hand: ``numerators[h] / denominator``.

    Attributes
    ----------
    name : str
        How the goal is written, e.g. ``at-least:full-house``.
    numerators : (252,) ndarray
        int64, or object (Python integers) where int64 is too small.
    denominator : int
        Positive common denominator.
    is_probability : bool
        True when every value is in [0, 1] (a chance to reach something).
    ranking : (252,) ndarray or None
        The ranking key of the hand table the goal was read from (``HandTable.key``),
        which :func:`~pokerdice_stats.turn.holds.solve` checks against its rules' own:
        a goal such as ``at-least:straight`` means something else under other
        categories or wild faces.  None: values that hold under any rules.
    """

    name: str
    numerators: np.ndarray
    denominator: int = 1
    is_probability: bool = field(default=False)
    ranking: np.ndarray | None = field(default=None, repr=False)

    def __post_init__(self) -> None:
        """Refuse values the program would misread: the shape, the numbers' kind, the
        denominator, and a "chance" outside 0..1.  Whole numbers come in any form (NumPy
        integers, bools, whole Fractions or floats in an object array: held as Python
        ints); a float array stays floats (:meth:`exact` is False)."""
        if not isinstance(self.name, str):
            raise GoalError(f"a goal's name is a text, got {shown(self.name)}")
        numerators = checked_numerators(self.name, self.numerators)
        if numerators is not self.numerators:
            object.__setattr__(self, "numerators", numerators)
        denominator = checked_whole_number(
            self.denominator, f"goal {self.name!r}: the denominator", 1, error=GoalError
        )
        object.__setattr__(self, "denominator", denominator)
        chance = checked_flag(self.is_probability, "is_probability", GoalError)
        object.__setattr__(self, "is_probability", chance)
        if chance:
            low, high = numerators.min(), numerators.max()
            slack = CHANCE_ROUNDING * denominator if numerators.dtype.kind == "f" else 0
            if low < -slack or high > denominator + slack:
                raise GoalError(
                    f"goal {self.name!r} is called a chance, but its values run from "
                    f"{float(low) / denominator!r} to {float(high) / denominator!r} (a chance "
                    "is 0 to 1)"
                )

    def __repr__(self) -> str:
        kind = ", a chance" if self.is_probability else ""
        return f"Goal({self.name!r}, over {self.denominator}{kind})"

    @property
    def exact(self) -> bool:
        """Whether the numerators are whole numbers (the values exact fractions); a round's
        seats' goals (:func:`float_goals`) hold floats over 1."""
        return np.asarray(self.numerators).dtype.kind in "iuO"

    @property
    def values(self) -> np.ndarray:
        """The values as floats."""
        if not self.exact:
            return np.asarray(self.numerators, dtype=np.float64) / self.denominator
        return np.array([float(Fraction(int(n), self.denominator)) for n in self.numerators])

    def value(self, hand: int) -> Fraction | float:
        """The value of one final hand: a Fraction when the goal is exact, else a float."""
        if not self.exact:
            return float(self.numerators[hand]) / self.denominator
        return Fraction(int(self.numerators[hand]), self.denominator)

    def frame(self) -> pd.DataFrame:
        """One row a final hand (by index): ``hand``, ``value`` (a float) and, when the goal
        is exact, ``value_exact`` (the Fraction)."""
        import pandas as pd

        values = [self.value(h) for h in range(len(self.numerators))]
        columns: dict = {"hand": range(len(values)), "value": [float(v) for v in values]}
        if self.exact:
            columns["value_exact"] = values
        return pd.DataFrame(columns)


def float_goals(name: str, rows: np.ndarray) -> FloatGoals:
    """``Goal(f"{name}#{g}", rows[g], 1)`` for every row of a (G, 252) float64 array
    (views of its rows), as a :class:`FloatGoals` sequence: the games make thousands at
    a time, and the hold program reads the array itself."""
    return FloatGoals(name, rows)


class FloatGoals(MadeWhenRead[Goal]):
    """The goals ``name#g`` of the rows of a (G, 252) float64 array, over 1: a
    read-only sequence of :class:`Goal` (each made when first read, its numerators a
    view of its row), whose array :func:`~pokerdice_stats.turn.holds.solve` takes as it
    is, without making a goal a row and stacking their rows again.

    Attributes
    ----------
    name : str
    rows : (G, 252) float64 ndarray
    """

    __slots__ = ("name", "rows")

    def __init__(self, name: str, rows: np.ndarray) -> None:
        super().__init__(len(rows))
        self.name = name
        self.rows = rows

    def _make(self, index: int) -> Goal:
        # Goal(...) without the frozen dataclass's per-field setattr
        goal = object.__new__(Goal)
        goal.__dict__.update(
            name=f"{self.name}#{index}",
            numerators=self.rows[index],
            denominator=1,
            is_probability=False,
        )
        return goal

    def __repr__(self) -> str:
        return f"FloatGoals({self.name!r}, {len(self)} goals)"


def _indicator(name: str, mask: np.ndarray, table: HandTable) -> Goal:
    return Goal(name, mask.astype(np.int64), 1, is_probability=True, ranking=table.key)


def checked_table(table: object, what: str) -> HandTable:
    """``table`` itself when it is a :class:`HandTable`.

    Raises
    ------
    GoalError
        For anything else, naming ``hand_table(rules)`` for a rule set.
    """
    if isinstance(table, HandTable):
        return table
    if isinstance(table, RuleSet):
        raise GoalError(f"{what} reads a hand table: pass hand_table(rules), not the rules")
    raise GoalError(f"{what} reads a hand table (hand_table(rules)), got {shown(table)}")


def at_least(table: HandTable, category: str) -> Goal:
    """The goal of reaching a category or better: 1 for such a final hand, else 0.

    Parameters
    ----------
    table : HandTable
        The hand table of the rules (from :func:`~pokerdice_stats.turn.hands.hand_table`).
    category : str
        A category slug of those rules (or an alias), e.g. ``"full-house"``.

    Returns
    -------
    Goal
        A chance goal named ``at-least:SLUG``.

    Raises
    ------
    GoalError
        If ``table`` is not a :class:`HandTable`.
    RulesError
        If the rules have no such category.
    """
    table = checked_table(table, "at_least")
    c = table.rules.category_index(category)
    slug = table.rules.categories[c].slug
    return _indicator(f"at-least:{slug}", table.category <= c, table)


def exactly(table: HandTable, category: str) -> Goal:
    """The goal of ending on exactly a category: 1 for such a final hand, else 0.

    Parameters
    ----------
    table : HandTable
        The hand table of the rules (from :func:`~pokerdice_stats.turn.hands.hand_table`).
    category : str
        A category slug of those rules (or an alias), e.g. ``"straight"``.

    Returns
    -------
    Goal
        A chance goal named ``exactly:SLUG``.

    Raises
    ------
    GoalError
        If ``table`` is not a :class:`HandTable`.
    RulesError
        If the rules have no such category.
    """
    table = checked_table(table, "exactly")
    c = table.rules.category_index(category)
    slug = table.rules.categories[c].slug
    return _indicator(f"exactly:{slug}", table.category == c, table)


def beat(table: HandTable, hand: str | int, tie: Fraction | int | str = 0) -> Goal:
    """The goal of beating a hand: 1 for a win, ``tie`` for an exact tie, else 0.

    A final hand scores 1 when it beats ``hand``, ``tie`` when it ties it exactly, and 0
    otherwise.

    Parameters
    ----------
    table : HandTable
        The hand table of the rules (from :func:`~pokerdice_stats.turn.hands.hand_table`).
    hand : str or int
        The hand to beat, as dice text (``"Q Q Q 9 9"``) or a hand index (0..251).
    tie : Fraction, int or str, default 0
        The value of an exact tie, between 0 and 1 (``"1/2"``: half a win).

    Returns
    -------
    Goal
        A chance goal named ``beat:"DICE"`` (with ``,tie=P`` when ``tie`` is not 0).

    Raises
    ------
    GoalError
        If ``table`` is not a :class:`HandTable`, or ``tie`` is not a number between 0
        and 1.
    DiceError
        If ``hand`` is malformed.
    """
    table = checked_table(table, "beat")
    h = table.hand(hand)
    tie = _fraction(tie, "tie")
    if not 0 <= tie <= 1:
        raise GoalError(f"tie must be between 0 and 1, got {tie}")
    target = int(table.strength[h])
    numerators = [
        tie.denominator if s > target else tie.numerator if s == target else 0
        for s in table.strength.tolist()
    ]
    name = f'beat:"{table.format(h)}"' + (f",tie={tie}" if tie else "")
    numerators_array = integer_array(numerators)
    return Goal(name, numerators_array, tie.denominator, is_probability=True, ranking=table.key)


def beat_all(table: HandTable, tie: Fraction | int = 0) -> list[Goal]:
    """The beat goal of every distinct strength (one hand each, weakest first)."""
    first_hand: dict[int, int] = {}
    for h in np.argsort(table.strength, kind="stable"):
        first_hand.setdefault(int(table.strength[h]), int(h))
    return [beat(table, first_hand[s], tie) for s in sorted(first_hand)]


def score(
    table: HandTable, points: Mapping[str, int | Fraction | str], name: str = "score"
) -> Goal:
    """Points per category (missing categories score 0).

    Parameters
    ----------
    table : HandTable
        The rule set's hands (:func:`~pokerdice_stats.turn.hands.hand_table`).
    points : mapping of str to int, Fraction or str
        Each category's points (a slug or an alias such as ``Full House``; exact values:
        ``"7/2"``, ``"3.5"``), negative allowed.
    name : str
        The goal's name.

    Returns
    -------
    Goal
        Every final hand's points, exact.

    Raises
    ------
    GoalError
        For an unknown category, one named twice, points that are not a mapping or a
        value that is not a number.
    """
    table = checked_table(table, "score")
    if not isinstance(points, Mapping):
        raise GoalError(f"points must map categories to numbers, got {shown(points)}")
    per_category = [Fraction(0)] * len(table.rules.categories)
    named: dict[int, str] = {}
    for slug, value in points.items():
        try:
            c = table.rules.category_index(slug)
        except PokerDiceError as err:
            raise GoalError(str(err)) from None
        if c in named:
            raise GoalError(
                f"points name the category {table.rules.categories[c].slug} twice "
                f"({named[c]!r} and {slug!r})"
            )
        named[c] = slug
        per_category[c] = _fraction(value, slug)
    denominator = math.lcm(*(v.denominator for v in per_category))
    scaled = [int(v * denominator) for v in per_category]
    numerators = integer_array([scaled[c] for c in table.category])
    return Goal(name, numerators, denominator, ranking=table.key)


def payout_against(
    table: HandTable,
    opponent: np.ndarray,
    opponent_denominator: int,
    payout: np.ndarray,
    name: str = "payout",
) -> Goal:
    """Expected payout against an opponent's distribution of final hands.

    Parameters
    ----------
    table : HandTable
        The rule set's hands.
    opponent : (252,) integer array
        The opponent's final-hand numerators over ``opponent_denominator`` (whole,
        not negative, adding up to it).
    opponent_denominator : int
        1 or more.
    payout : (252, 252) integer array
        ``payout[mine, theirs]``: what I receive (negative: what I pay).
    name : str
        The goal's name.

    Returns
    -------
    Goal
        Each final hand's expected payout against the opponent, exact.

    Raises
    ------
    GoalError
        For arrays of another shape, numbers that are not whole, a negative chance, or
        numerators that do not add up to the denominator.
    """
    table = checked_table(table, "payout_against")
    denominator = checked_whole_number(
        opponent_denominator, "opponent_denominator", 1, error=GoalError
    )
    opponent = whole_numbers(opponent, (ix.N_HANDS,), "opponent")
    payout = whole_numbers(payout, (ix.N_HANDS, ix.N_HANDS), "payout")
    if any(n < 0 for n in opponent):
        raise GoalError("opponent: the chance of a final hand cannot be negative")
    if sum(opponent) != denominator:
        raise GoalError(
            f"opponent: the final hands' numerators must add up to opponent_denominator "
            f"({denominator}), got {shown(sum(opponent))}"
        )
    numerators = payout.dot(opponent)
    return _compact(Goal(name, numerators, denominator, ranking=table.key))


def _compact(goal: Goal) -> Goal:
    """Reduce the fraction and store int64 where the numerators fit."""
    common = math.gcd(goal.denominator, *(int(n) for n in goal.numerators))
    common = max(common, 1)
    numerators = integer_array([int(n) // common for n in goal.numerators])
    return Goal(
        goal.name, numerators, goal.denominator // common, goal.is_probability, goal.ranking
    )


def _fraction(value: Fraction | int | str, what: str) -> Fraction:
    return exact_amount(value, f"{what}: expected a number such as 2, 0.5 or 1/2", GoalError)


GOAL_KINDS = ("at-least", "exactly", "beat", "score")


def default_goal(table: HandTable) -> Goal:
    """``at-least:`` the best category (five of a kind)."""
    return at_least(table, table.rules.categories[0].slug)


def parse_goal(text: str | None, table: HandTable) -> Goal:
    """Read a goal written in the command-line grammar.

    ``at-least:CATEGORY``, ``exactly:CATEGORY``, ``beat:DICE`` (optionally
    ``beat:DICE,tie=P``), ``score:FILE.toml`` (a table of points per category); a
    category alone is ``at-least:`` it.  None gives :func:`default_goal`.

    Parameters
    ----------
    text : str or None
        The goal's text, e.g. ``"at-least:full-house"`` or ``'beat:"Q Q Q 9 9",tie=1/2'``;
        None for the default goal (``at-least:`` the best category).
    table : HandTable
        The hand table of the rules (from :func:`~pokerdice_stats.turn.hands.hand_table`).

    Returns
    -------
    Goal
        The goal, read under the table's rules.

    Raises
    ------
    GoalError
        If ``table`` is not a :class:`HandTable`, for a goal of an unknown kind or a
        malformed argument (an unknown category, malformed dice, a bad tie value, an
        unreadable points file).
    """
    if not isinstance(table, HandTable):
        raise GoalError(f"table must be a HandTable (from hand_table), got {shown(table)}")
    if text is None:
        return default_goal(table)
    kind, sep, argument = str(text).partition(":")
    kind = kind.strip().lower()
    if not sep or kind not in GOAL_KINDS:
        unknown = GoalError(
            f"unknown goal {text!r}; write one of: at-least:CATEGORY, exactly:CATEGORY, "
            'beat:"DICE"[,tie=P], score:FILE.toml (a category alone is at-least:CATEGORY)'
        )
        if sep:
            raise unknown
        try:  # a category alone: what a player means by "go for a full house"
            return at_least(table, str(text).strip())
        except PokerDiceError:
            raise unknown from None
    raw, argument = argument, argument.strip()
    try:
        if kind == "at-least":
            return at_least(table, argument)
        if kind == "exactly":
            return exactly(table, argument)
        if kind == "beat":
            # the tie is a number: written without blanks, as every number
            dice, *option = re.split(r",\s*tie\s*=\s*", raw, maxsplit=1)  # blanks: the grammar's
            return beat(table, dice.strip().strip("\"'"), option[0] if option else 0)
        points = read_points(argument)
        try:
            return score(table, points, name=f"score:{argument}")
        except GoalError as err:
            raise GoalError(f"points file {argument!r}: {err}") from None
    except GoalError:
        raise
    except PokerDiceError as err:
        raise GoalError(f"goal {text!r}: {err}") from None
