"""A seat's position checked before its round is solved (``betting --seat``, the coach).

Solving a betting round takes from a second to minutes (more seats, more throws, exact
fractions), and :func:`~pokerdice_stats.games.betting.command.seat_decision` refuses a
position the round cannot be in (seat 2 with no best hand to beat, a hand that does not
read, seats still in that are not later seats...) only once it has the solve.  So a
refusal came after the whole solve.  :func:`check_seat_position` makes the same call on a
round that is not solved: its checks run as they always do, and the first time the
decision reads the solve it stops.  No check is written twice, and a position refused here
is refused with the very message the solved round would give.
"""

from __future__ import annotations

import argparse
from typing import Any, cast

from pokerdice_stats.games.betting.command.seats import parse_seats
from pokerdice_stats.turn.rules import RuleSet

__all__ = ["check_seat_position", "seat_position"]


def seat_position(args: argparse.Namespace) -> dict[str, Any]:
    """A seat's position as ``seat_decision`` takes it, from ``betting --seat``'s options
    (``--still-in`` read into seats)."""
    return {
        "against": args.against,
        "pot": args.pot,
        "still_in": None if args.still_in is None else parse_seats(args.still_in),
        "raised": args.raised,
        "hand": args.hand,
        "dice": args.dice,
        "throws_left": args.throws_left,
    }


class _SolveNeeded(Exception):
    """The decision read the solve: every check before it passed."""


class _Unsolved:
    """In place of a round's solver: numbers in its arithmetic, and nothing solved."""

    def __init__(self, exact: bool) -> None:
        self.exact = exact

    def number(self, value: Any) -> Any:
        """A value in the solve's arithmetic: the solver's own ``number`` (which reads only
        ``exact``)."""
        from pokerdice_stats.games.betting.exact.induction import RoundSolver

        return RoundSolver.number(cast(Any, self), value)

    def __getattr__(self, name: str) -> Any:
        raise _SolveNeeded(name)


def check_seat_position(
    rules: RuleSet,
    players: int,
    stakes: dict[str, Any],
    exact: bool,
    seat: int,
    position: dict[str, Any],
) -> None:
    """Refuse, before any solve, a seat's position that ``seat_decision`` would refuse.

    Parameters
    ----------
    rules : RuleSet
        The round's rules (as ``solve_betting`` takes them).
    players : int
        Seats at the table.
    stakes : dict
        ``ante``, ``raise_size`` and ``raises``, as ``solve_betting`` takes them.
    exact : bool
        Whether the solve will be exact (the pot is read in its arithmetic).
    seat : int
        The seat deciding.
    position : dict
        Its position (:func:`seat_position`).

    Raises
    ------
    OptionError
        With the message the solved round would give.

    Examples
    --------
    >>> from pokerdice_stats import get_rules
    >>> stakes = {"ante": 1, "raise_size": None, "raises": 1}
    >>> position = {"against": None, "pot": None, "still_in": None, "raised": None,
    ...             "hand": "6 6 6 5 5", "dice": None, "throws_left": None}
    >>> check_seat_position(get_rules("triple-snakes"), 5, stakes, True, 1, position)
    >>> check_seat_position(get_rules("triple-snakes"), 5, stakes, True, 5, position)
    Traceback (most recent call last):
    ...
    pokerdice_stats.ground.errors.OptionError: seat 5 needs the best hand so far
    """
    from pokerdice_stats.games.betting.command import seat_decision
    from pokerdice_stats.games.betting.exact.solve import (
        Betting,
        check_betting_rules,
        check_players,
        check_stakes,
    )

    check_betting_rules(rules)
    unsolved = Betting(
        rules,
        check_players(players),
        check_stakes(**stakes),
        exact,
        (),
        (),
        (),
        (),
        cast(Any, _Unsolved(exact)),
    )
    try:
        seat_decision(unsolved, seat, **position)
    except _SolveNeeded:
        return
