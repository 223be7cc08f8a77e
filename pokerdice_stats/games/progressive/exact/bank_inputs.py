"""The inputs of a bank session, checked: rounds and starting bank, the round's outcomes,
and the ruin line a start must reach (:mod:`~pokerdice_stats.games.progressive.exact.bank`
runs the session)."""

from __future__ import annotations

from fractions import Fraction

import numpy as np

from pokerdice_stats.ground import bounds
from pokerdice_stats.ground.arguments import is_whole, shown
from pokerdice_stats.ground.errors import OptionError
from pokerdice_stats.ground.speaker import option

#: The most rounds the dynamic program takes.
MAX_ROUNDS = bounds.BANK_ROUNDS
#: The largest starting bank (bank values stay exact in float64 below 2**53).
MAX_BANK = bounds.MAX_BANK

Number = Fraction | float


def check_session(rounds: object, start: object) -> tuple[int, int]:
    """Refuse rounds or a starting bank the dynamic program does not take.

    Raises
    ------
    OptionError
        For anything but whole numbers with 0 <= rounds <= MAX_ROUNDS and
        0 <= start <= MAX_BANK.
    """
    for what, value, most in (("rounds", rounds, MAX_ROUNDS), ("start", start, MAX_BANK)):
        if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
            raise OptionError(f"{what} must be a whole number, got {value!r}")
        if value < 0:
            raise OptionError(f"{what} must be 0 or more, got {value}")
        if value > most:
            raise OptionError(f"{what} must be at most {most:,}, got {value:,}")
    return int(rounds), int(start)  # type: ignore[call-overload]  # checked whole above


def ruin_line(values: list[int | Fraction]) -> int | Fraction:
    """The default ruin line of a session: the largest loss of a round among its outcomes
    (``values``, as :func:`session_amounts` gives them); a bank below it is ruined."""
    return max(0, -min(values))


def session_amounts(amounts: dict) -> tuple[list[int | Fraction], list[Number]]:
    """The round's outcomes with a chance: amounts (whole numbers as int) and chances."""
    values: list[int | Fraction] = []
    chances = []
    for amount, chance in sorted(amounts.items()):
        amount = Fraction(amount)
        if abs(amount) > MAX_BANK:
            raise OptionError(
                f"the bank program takes amounts of at most {MAX_BANK:,} points (10**15); "
                f"this schedule pays {float(amount):.3e}"
            )
        if chance:
            values.append(int(amount) if amount.denominator == 1 else amount)
            chances.append(chance)
    if not values:
        raise OptionError("the round has no outcome with a positive chance")
    return values, chances


def session_line(values: list[int | Fraction], start: int, floor: object) -> Fraction:
    """The ruin line of a session (``floor``, or by default the largest loss of a round),
    which the starting bank must reach.

    Raises
    ------
    OptionError
        For a floor that is not a number, or a start below the line (the session would
        be over before the first round).
    """
    if floor is None:
        line = Fraction(ruin_line(values))
    elif isinstance(floor, Fraction):
        line = floor
    elif is_whole(floor):
        line = Fraction(int(floor))  # type: ignore[call-overload]  # checked whole
    else:
        raise OptionError(f"floor must be a whole number or a Fraction, got {shown(floor)}")
    if start < line:
        raise OptionError(
            f"the starting bank ({option('start')}) {start:,} is below the ruin line "
            f"({float(line):,.6g} points"
            + (", the largest loss of a round" if floor is None else ", the floor given")
            + ": a bank below it is ruined), so the session would be over before the first "
            "round; start higher"
        )
    return line
