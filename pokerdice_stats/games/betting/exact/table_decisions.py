"""Decisions of 001's round as written (:mod:`.table`), on demand.

- :func:`ante_decision`: seat 1, which ante to name (every ante with its value
  and who would meet it);
- :func:`entry_decision`: a later seat, seeing who is in, meets the ante or sits
  out (both values: sitting out is worth 0);
- :func:`round_seat`: the round the seats in then play, and the seat's place in
  it, so that the check-or-raise, meet-or-fold and hold questions of
  :mod:`.decisions` are asked of the table's seats (:func:`raise_decision`,
  :func:`meet_decision`, :func:`hold_decision` translate seats both ways).

Values are chips still to come, as in :mod:`.decisions`; before entry nothing
has been put in, so they are the seat's expected net chips of the round.
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction

import numpy as np

from pokerdice_stats.games.betting.exact import decisions
from pokerdice_stats.games.betting.exact.solve import Betting
from pokerdice_stats.games.betting.exact.table import TableRound
from pokerdice_stats.ground.errors import OptionError
from pokerdice_stats.ground.speaker import option


def _seat(table: TableRound, seat) -> int:
    if isinstance(seat, bool) or not isinstance(seat, (int, np.integer)):
        raise OptionError(f"seat must be a whole number, got {seat!r}")
    if not 1 <= seat <= table.players:
        raise OptionError(f"{option('seat')} must be 1 to {table.players}, got {seat}")
    return int(seat)


def _ante(table: TableRound, ante) -> Fraction:
    """The ante named: ``ante`` if given (one seat 1 may name), else the solved one."""
    return table.ante if ante is None else table.option(ante).ante


def _seats(table: TableRound, seats: Iterable[int], what: str) -> tuple[int, ...]:
    """Seats in seat order, each a seat of the table named once, seat 1 among them."""
    out: list[int] = []
    for seat in seats:
        if isinstance(seat, bool) or not isinstance(seat, (int, np.integer)):
            raise OptionError(f"{what}: seats must be whole numbers, got {seat!r}")
        if not 1 <= seat <= table.players:
            raise OptionError(f"{what}: seats must be 1 to {table.players}, got {seat}")
        if int(seat) in out:
            raise OptionError(f"{what}: seat {seat} is named twice")
        out.append(int(seat))
    out = sorted(set(out))
    if not out or out[0] != 1:
        raise OptionError(f"{what}: seat 1 names the ante, so it is always in")
    return tuple(out)


def ante_decision(table: TableRound) -> dict:
    """Seat 1: the ante to name, with every ante's value and who meets it.

    Returns
    -------
    dict
        The table's context, ``seat`` (1), ``ante`` (the ante named), ``decision``
        (the words ``ante N``), ``seats_in`` (who meets it), ``void``
        and ``options``: one ``{"ante", "seats_in", "void", "value"}`` per ante.

    Examples
    --------
    >>> from pokerdice_stats import get_rules
    >>> from pokerdice_stats.games.betting.exact.table import solve_table
    >>> table = solve_table(get_rules("triple-snakes", {"throws": 1}), 2, ante_max=2)
    >>> ante_decision(table)["decision"]
    'ante 1'
    """
    return {
        **table.context(),
        "seat": 1,
        "ante": table.ante,
        "decision": f"ante {table.ante}",
        "seats_in": list(table.seats_in),
        "void": table.void,
        "options": [
            {
                "ante": option.ante,
                "seats_in": ",".join(str(s) for s in option.seats_in),
                "void": option.void,
                "value": option.ev[0],
            }
            for option in table.options
        ],
    }


def entry_decision(table: TableRound, seat: int, seats_in=None, *, ante=None) -> dict:
    """A seat after the first: meet the ante or sit the round out.

    Parameters
    ----------
    table : TableRound
    seat : int
        2 or later.
    seats_in : iterable of int, optional
        The seats before it that are in (seat 1 among them).  Default: those the
        solved play puts in.
    ante : number, optional
        The ante named (default: the one seat 1 names).

    Returns
    -------
    dict
        ``decision`` (``meet`` or ``sit out``), ``meet_value`` (expected net
        chips of the round if it meets, the later seats deciding as solved),
        ``sit_out_value`` (0), ``then_in`` (the seats in if it meets) and the state.
    """
    seat = _seat(table, seat)
    if seat == 1:
        raise OptionError("seat 1 names the ante; it does not meet it (ask for the ante)")
    named = _ante(table, ante)
    if seats_in is None:
        before = tuple(s for s in table.option(named).seats_in if s < seat) or (1,)
    else:
        before = _seats(table, seats_in, "seats in")
        if before[-1] >= seat:
            raise OptionError(f"seats in before seat {seat} must come before it, got {before}")
    meeting = table.entered(named, (*before, seat), seat)
    value = table.seat_value(named, meeting, seat)
    meets = not table.sit_out or value >= 0
    return {
        **table.context(),
        "seat": seat,
        "ante": named,
        "seats_in": list(before),
        "decision": "meet" if meets else "sit out",
        "meet_value": value,
        "sit_out_value": table.number(0),
        "then_in": list(meeting),
    }


def round_seat(table: TableRound, seat: int, seats_in=None, *, ante=None):
    """The round the seats ``seats_in`` play at the ante, and ``seat``'s place in it.

    Returns ``(result, position, seats_in)``: the solved :class:`Betting` of their
    number, the seat's position (1-based) in it and the seats in (default: every
    seat of the table).
    """
    seat = _seat(table, seat)
    named = _ante(table, ante)
    members = (
        tuple(range(1, table.players + 1))
        if seats_in is None
        else _seats(table, seats_in, "seats in")
    )
    if seat not in members:
        raise OptionError(f"seat {seat} is not among the seats in {list(members)}")
    if len(members) < 2:
        raise OptionError("a round needs two seats in (seat 1 alone is void)")
    return table.round(named, members), members.index(seat) + 1, members


def _positions(members: tuple[int, ...], seats, what: str):
    """Table seats as positions in the round of ``members`` (None stays None)."""
    if seats is None:
        return None
    out = []
    for seat in seats:
        if seat not in members:
            raise OptionError(f"{what}: seat {seat} is not among the seats in {list(members)}")
        out.append(members.index(seat) + 1)
    return out


def _as_table(record: dict, table: TableRound, members: tuple[int, ...], result: Betting) -> dict:
    """A decision of the round of ``members`` told with the table's seats and context."""
    out = {**table.context(), "ante": result.stakes.ante, "seats_in": list(members)}
    for key, value in record.items():
        if key in ("rules", "players", "ante", "raise", "raises", "exact", "unit"):
            continue
        if key == "seat":
            value = members[value - 1]
        elif key == "still_in":
            value = [members[p - 1] for p in value]
        out[key] = value
    return out


def raise_decision(
    table: TableRound,
    seat: int,
    hand,
    *,
    seats_in=None,
    ante=None,
    against=None,
    pot=None,
    still_in=None,
) -> dict:
    """Check, or raise by how much: :func:`.decisions.raise_decision` at the table.

    ``options`` rows are ``{"raise", "value"}``: the raise in chips (0: check).
    """
    result, position, members = round_seat(table, seat, seats_in, ante=ante)
    record = decisions.raise_decision(
        result,
        position,
        hand,
        against=against,
        pot=pot,
        still_in=_positions(members, still_in, "still in"),
    )
    options = [
        {"raise": option["raises"] * result.stakes.raise_size, "value": option["value"]}
        for option in record.pop("options")
    ]
    chosen = record.pop("chosen_raises") * result.stakes.raise_size
    out = _as_table(record, table, members, result)
    return {**out, "chosen_raise": chosen, "options": options}


def meet_decision(
    table: TableRound,
    seat: int,
    against,
    *,
    seats_in=None,
    ante=None,
    pot=None,
    still_in=None,
    raised: int | Fraction = 1,
) -> dict:
    """Facing a raise of ``raised`` chips: meet or fold (:func:`.decisions.meet_decision`)."""
    result, position, members = round_seat(table, seat, seats_in, ante=ante)
    steps = Fraction(raised) / result.stakes.raise_size
    if steps.denominator != 1:
        raise OptionError(f"a raise is a whole number of {result.stakes.raise_size} chips")
    record = decisions.meet_decision(
        result,
        position,
        against,
        pot=pot,
        still_in=_positions(members, still_in, "still in"),
        raised=int(steps),
    )
    record.pop("raised")
    out = _as_table(record, table, members, result)
    return {**out, "raised": result.stakes.raise_size * int(steps)}


def hold_decision(
    table: TableRound,
    seat: int,
    dice,
    throws_left: int,
    *,
    seats_in=None,
    ante=None,
    against=None,
    pot=None,
    still_in=None,
):
    """Every hold of the dice showing (:func:`.decisions.hold_decision`) at the table."""
    result, position, members = round_seat(table, seat, seats_in, ante=ante)
    record, frame = decisions.hold_decision(
        result,
        position,
        dice,
        throws_left,
        against=against,
        pot=pot,
        still_in=_positions(members, still_in, "still in"),
    )
    return _as_table(record, table, members, result), frame
