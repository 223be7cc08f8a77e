"""A seat's decision in a solved betting round, and its position checked before the solve.

:func:`seat_decision` answers ``betting --seat`` (and the coach's betting panel) on a
solved round.

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
from typing import TYPE_CHECKING, Any, cast

from pokerdice_stats.games.betting.command.conflicts import no_raise_to_face
from pokerdice_stats.games.betting.command.seats import parse_seats
from pokerdice_stats.ground.errors import OptionError
from pokerdice_stats.turn.rules import RuleSet

if TYPE_CHECKING:
    import pandas as pd
else:  # imported on first use: the quick commands never load pandas
    from pokerdice_stats.engines.cli import lazy_pandas as pd

__all__ = ["check_seat_position", "seat_decision", "seat_position"]


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


def seat_decision(
    result,
    seat: int,
    *,
    against=None,
    pot=None,
    still_in: list[int] | None = None,
    raised: int | None = None,
    hand=None,
    dice=None,
    throws_left: int | None = None,
) -> tuple[dict, pd.DataFrame | None, str | None]:
    """One seat's decision (``betting --seat``): the record, its rows and their key.

    With ``dice`` and ``throws_left``: which dice to hold (rows ``holds``); with
    ``hand``: check or raise (rows ``options``); else, facing a raise from ``against``:
    meet or fold (no rows).
    :func:`~pokerdice_stats.games.betting.command.decision_record` makes the JSON object
    of it.
    """
    from pokerdice_stats.games.betting.exact import decisions as decide

    if isinstance(seat, int) and not 1 <= seat <= result.players:
        raise OptionError(f"--seat must be 1 to {result.players}, got {seat}")
    state = {"pot": pot, "still_in": still_in}
    if dice is not None:
        if throws_left is None:
            raise OptionError("--dice and --throws-left go together")
        record, holds = decide.hold_decision(
            result, seat, dice, throws_left, against=against, **state
        )
        shown = holds[["keep", "rethrow", "value", "value_float", "optimal", "canonical"]]
        return record, shown, "holds"
    if hand is not None:
        record = decide.raise_decision(result, seat, hand, against=against, **state)
        options = pd.DataFrame(record.pop("options"), columns=["raises", "value"])
        options["value_float"] = [float(v) for v in options["value"]]
        return record, options, "options"
    if seat == 1 and against is None:
        raise OptionError(
            "seat 1 throws first and never faces a raise: give --hand, or --dice and --throws-left"
        )
    most = result.stakes.raises
    if most == 0:
        raise no_raise_to_face(seat)
    if against is None:
        raise OptionError(
            "facing a raise, give --against (the raiser's hand); or --hand, or --dice and "
            "--throws-left"
        )
    if isinstance(raised, int) and not 1 <= raised <= most:
        raise OptionError(
            f"--raised must be 1 to {most} (the raises a turn, --raises), got {raised}"
        )
    record = decide.meet_decision(
        result, seat, against, raised=1 if raised is None else raised, **state
    )
    return record, None, None
