"""What simple betting habits cost a seat against the solved play.

A habit replaces one seat's raise or meet decisions; the seat still holds
its dice as well as it can for its own chips under the habit.  Every other
seat keeps its solved decisions and holds (the same function of the open
state as in the solved round: they do not learn the habit).  The cost of a
habit to a seat is its expected net chips under the solved play minus under
the habit; since the solved play is a best reply at every state, a cost is
never negative.

Habits (the command line's words):

- ``never-raise``: always check (meet or fold as solved);
- ``always-meet``: meet every raise (raise as solved);
- ``raise-from:CATEGORY``: raise once exactly when leading with the category
  or better, else check (meet or fold as solved).
"""

from __future__ import annotations

import pandas as pd

from pokerdice_stats.engines.report.cache import kept_solve
from pokerdice_stats.games.betting.exact.induction import CHIPS, NOTHING, Habit, RoundSolver
from pokerdice_stats.games.betting.exact.solve import Betting, rules_read
from pokerdice_stats.ground.arguments import checked_instance, checked_names
from pokerdice_stats.ground.errors import OptionError, PokerDiceError
from pokerdice_stats.ground.speaker import option
from pokerdice_stats.turn.hands import hand_table

HABIT_KINDS = ("never-raise", "always-meet", "raise-from:CATEGORY")
#: The habits of the report's table.
REPORT_HABITS = (
    "never-raise",
    "always-meet",
    "raise-from:three-of-a-kind",
    "raise-from:straight",
    "raise-from:full-house",
)


def parse_habit(text: str, result: Betting) -> Habit:
    """A habit named as on the command line (see the module docstring).

    Raises
    ------
    OptionError
        For an unknown habit or category.
    """
    name = str(text).strip().lower()
    if name == "never-raise":
        return Habit(name, raise_from=hand_table(result.rules).n_strengths)
    if name == "always-meet":
        return Habit(name, always_meet=True)
    kind, sep, category = name.partition(":")
    if kind == "raise-from" and sep:
        table = hand_table(result.rules)
        try:
            c = result.rules.category_index(category.strip())
        except PokerDiceError as err:
            raise OptionError(f"habit {text!r}: {err}") from None
        strengths = table.strength[table.category <= c]
        slug = result.rules.categories[c].slug
        return Habit(f"raise-from:{slug}", raise_from=int(strengths.min()))
    raise OptionError(f"unknown habit {text!r}; write one of: {', '.join(HABIT_KINDS)}")


def habit_ev(result: Betting, habit: Habit, seat: int):
    """A seat's expected net chips when it follows ``habit`` against the solved play."""
    if not 1 <= seat <= result.players:
        raise OptionError(f"{option('seat')} must be 1 to {result.players}, got {seat}")
    solver = RoundSolver(
        result.rules,
        result.players,
        result.stakes,
        result.exact,
        habit=habit,
        habit_seat=seat,
        reference=result.solver,
    )
    start = solver.state(NOTHING, solver.full_mask, solver.start_pot())
    return start[CHIPS, seat] - solver.number(result.stakes.ante)


def habit_costs(result: Betting, habits=REPORT_HABITS) -> pd.DataFrame:
    """What each seat loses by playing a habit instead of the solved play.

    The figures are kept in the toolkit's cache folder (as the other solves a user
    waits on): a second call for the same game, stakes and habits, in this process or
    the next, reads them.

    Parameters
    ----------
    result : Betting
        A solved betting round (:func:`~pokerdice_stats.games.betting.exact.solve.solve_betting`).
    habits : str or sequence of str, optional
        The habits to price (default: the report's); one name is one habit.

    Returns
    -------
    pandas.DataFrame
        Every seat under every habit: ``seat``, ``habit``, ``ev`` (solved), ``ev_habit``
        and ``cost`` (floats, chips a round) and ``cost_exact`` (a Fraction, or None
        when not exact).

    Raises
    ------
    OptionError
        If ``result`` is not a :class:`Betting`, or for no habit or an unknown one.
    """
    checked_instance(result, Betting, "result", "solve_betting(rules, players)")
    if isinstance(habits, str):  # one habit, not its letters
        habits = (habits,)
    habits = checked_names(habits, "habits")
    if not habits:
        raise OptionError("habits: name at least one habit")
    parsed = [parse_habit(text, result) for text in habits]  # refused before any solve
    stakes = result.stakes
    # the figures depend on the rules read (not the preset's name), the seats, the
    # stakes, exact or not, and the habits: kept in the cache folder under those
    game = repr(rules_read(result.rules))
    key = (game, result.players, str(stakes.ante), str(stakes.raise_size), stakes.raises)
    args = (*key, result.exact, tuple(habit.name for habit in parsed))
    return kept_solve("solves", "betting.habit_costs", args, lambda: _costs(result, parsed))


def _costs(result: Betting, habits: list[Habit]) -> pd.DataFrame:
    """:func:`habit_costs` computed."""
    rows = []
    for habit in habits:
        for seat in range(1, result.players + 1):
            value = habit_ev(result, habit, seat)
            cost = result.ev[seat - 1] - value
            rows.append(
                {
                    "seat": seat,
                    "habit": habit.name,
                    "ev": float(result.ev[seat - 1]),
                    "ev_habit": float(value),
                    "cost": float(cost),
                    "cost_exact": cost if result.exact else None,
                }
            )
    return pd.DataFrame(rows)
