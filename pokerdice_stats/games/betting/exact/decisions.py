"""Decisions of a solved betting round, on demand and as frames by hand.

Three questions a seat asks at the table (:class:`~.betting.Betting` solved):

- :func:`meet_decision`: facing a raise, meet or fold, with both values;
- :func:`raise_decision`: after its throw, check or raise (each number of
  raises with its value), or out when the throw does not beat the best hand;
- :func:`hold_decision`: during its turn, every hold with its value.

A *value* is in chips still to come: what the seat takes from the pot, minus
what it still puts in (chips already in the pot are spent either way, so a
fold is worth 0).  The state is given as the seat, the best hand so far, the
pot and the seats still in; each has a default (nobody has raised yet, nobody
has folded).  :func:`raise_table` and :func:`meet_table` tabulate the first
two for every category in those default states.
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction

import numpy as np
import pandas as pd

from pokerdice_stats.games.betting.exact.induction import CHIPS, NOTHING, seats_in
from pokerdice_stats.games.betting.exact.solve import Betting, parse_chips
from pokerdice_stats.ground.arguments import checked_instance
from pokerdice_stats.ground.errors import OptionError
from pokerdice_stats.ground.speaker import option
from pokerdice_stats.turn.hands import hand_table


def _check_seat(result: Betting, seat: int) -> int:
    if isinstance(seat, bool) or not isinstance(seat, (int, np.integer)):
        raise OptionError(f"seat must be a whole number, got {seat!r}")
    if not 1 <= seat <= result.players:
        raise OptionError(f"{option('seat')} must be 1 to {result.players}, got {seat}")
    return int(seat)


def _strength(result: Betting, seat: int, against) -> int:
    """Strength of the best hand a seat faces (:data:`NOTHING` for seat 1)."""
    if seat == 1:
        if against is not None:
            raise OptionError("the first seat faces no best hand (it throws first)")
        return NOTHING
    if against is None:
        raise OptionError(f"seat {seat} needs the best hand so far")
    table = hand_table(result.rules)
    return int(table.strength[table.hand(against, option("against"))])


def _mask(result: Betting, seats: Iterable[int], after: int, what: str) -> int:
    """Bit mask of seats, each after seat ``after``, at most the last seat and named once."""
    mask = 0
    if not isinstance(seats, Iterable) or isinstance(seats, str):
        raise OptionError(f"{what}: a list of seats, got {type(seats).__name__}")
    for seat in seats:
        if isinstance(seat, bool) or not isinstance(seat, (int, np.integer)):
            raise OptionError(f"{what}: seats must be whole numbers, got {seat!r}")
        if not after < seat <= result.players:
            raise OptionError(f"{what}: seats must be {after + 1} to {result.players}, got {seat}")
        if mask >> (int(seat) - 1) & 1:
            raise OptionError(f"{what}: seat {seat} is named twice")
        mask |= 1 << (int(seat) - 1)
    return mask


def _pot(result: Betting, pot, least: Fraction) -> Fraction | float:
    if pot is None:
        return result.solver.number(least)
    chips = parse_chips(pot, option("pot"))
    if chips < least:
        raise OptionError(
            f"{option('pot')}: the pot must be at least {_chips_text(least)} chips here, got {pot}"
        )
    return result.solver.number(chips)


def _chips_text(value) -> str:
    value = Fraction(value)
    return str(value.numerator) if value.denominator == 1 else f"{value}"


def _later_mask(result: Betting, seat: int, still_in) -> int:
    """The seats after ``seat`` still to throw (default: all of them)."""
    if still_in is None:
        return _mask(result, range(seat + 1, result.players + 1), seat, "still in")
    if seat == 1:
        raise OptionError("nobody can have folded before the first seat's throw")
    return _mask(result, still_in, seat, "still in")


def _antes(result: Betting) -> Fraction:
    return result.stakes.ante * result.players


def meet_decision(
    result: Betting, seat: int, against, *, pot=None, still_in=None, raised: int = 1
) -> dict:
    """Facing a raise: meet or fold.

    Parameters
    ----------
    result : Betting
    seat : int
        The seat answering (2 or later).
    against : str or int
        The raiser's hand (the best so far).
    pot : number, optional
        Chips in the pot as the seat answers (the raise and the meets before
        it included).  Default: the antes, the raise and those meets.
    still_in : iterable of int, optional
        The seats still to throw that have not folded, the seat itself among
        them; those before it have met.  Default: the seat and every later one.
    raised : int
        Raises being answered (1 to the game's raises a turn).

    Returns
    -------
    dict
        ``decision`` (``meet`` or ``fold``), ``meet_value``, ``fold_value`` (0),
        in chips still to come, and the state answered.
    """
    checked_instance(result, Betting, "result", "solve_betting(rules, players)")
    seat = _check_seat(result, seat)
    if seat == 1:
        raise OptionError("the first seat never answers a raise (nobody throws before it)")
    s = _strength(result, seat, against)
    if isinstance(raised, bool) or not isinstance(raised, int):
        raise OptionError(f"raised must be a whole number, got {raised!r}")
    if result.stakes.raises == 0:
        raise OptionError("this game allows no raises (raises=0): there is none to answer")
    if not 1 <= raised <= result.stakes.raises:
        raise OptionError(f"raised must be 1 to {result.stakes.raises}, got {raised}")
    members = range(seat, result.players + 1) if still_in is None else still_in
    mask = _mask(result, members, 1, "still in")
    if not mask >> (seat - 1) & 1:
        raise OptionError(f"still in must include the answering seat {seat}")
    order = seats_in(mask)
    index = order.index(seat)
    cost = result.stakes.raise_size * raised
    least = _antes(result) + cost * (1 + index)
    current = _pot(result, pot, least)
    solver = result.solver
    before = current - solver.number(cost * (1 + index))
    met = sum(1 << (k - 1) for k in order[:index])
    meets, _ = solver.answer(s, raised, order, index, met, before)
    meet_vector = solver.answer(s, raised, order, index + 1, met | 1 << (seat - 1), before)[1]
    table = hand_table(result.rules)
    return {
        **result.context(),
        "seat": seat,
        "against": table.format(against),
        "pot": current,
        "still_in": order,
        "raised": raised,
        "to_meet": solver.number(cost),
        "decision": "meet" if meets else "fold",
        "meet_value": meet_vector[CHIPS, seat],
        "fold_value": solver.number(0),
    }


def raise_decision(
    result: Betting, seat: int, hand, *, against=None, pot=None, still_in=None
) -> dict:
    """After a seat's throw: out, or check or raise with every choice's value.

    Parameters
    ----------
    result : Betting
    seat : int
    hand : str or int
        The seat's final hand.
    against : str or int, optional
        The best hand before its throw (required from seat 2 on).
    pot : number, optional
        Chips in the pot before its raise (default: the antes).
    still_in : iterable of int, optional
        Later seats still to throw (default: all).

    Returns
    -------
    dict
        ``decision`` (``out``, ``check`` or ``raise``), ``chosen_raises`` (how many),
        ``options`` (one ``{"raises", "value"}`` per choice, value in chips
        still to come; empty when out, with the ``reason`` in words) and the state.
    """
    checked_instance(result, Betting, "result", "solve_betting(rules, players)")
    seat = _check_seat(result, seat)
    s = _strength(result, seat, against)
    table = hand_table(result.rules)
    h = table.hand(hand)
    strength = int(table.strength[h])
    later = _later_mask(result, seat, still_in)
    current = _pot(result, pot, _antes(result))
    if seat == 1 and pot is not None and current != result.solver.number(_antes(result)):
        raise OptionError("before the first seat's raise the pot holds the antes only")
    record = {
        **result.context(),
        "seat": seat,
        "against": None if against is None else table.format(against),
        "hand": table.format(h),
        "pot": current,
        "still_in": seats_in(later),
    }
    if strength <= s:
        reason = f"{record['hand']} does not beat the best hand: the seat is out"
        return {**record, "decision": "out", "chosen_raises": 0, "options": [], "reason": reason}
    solver = result.solver
    chosen, _ = solver.lead(strength, seat, later, current)
    options = [
        {"raises": r, "value": solver.lead_value(strength, seat, later, current, r)[CHIPS, seat]}
        for r in range(result.stakes.raises + 1)
    ]
    decision = "raise" if chosen else "check"
    return {**record, "decision": decision, "chosen_raises": chosen, "options": options}


def hold_decision(
    result: Betting,
    seat: int,
    dice,
    throws_left: int,
    *,
    against=None,
    pot=None,
    still_in=None,
) -> tuple[dict, pd.DataFrame]:
    """During a seat's turn: every hold of the dice showing with its value in chips.

    Parameters
    ----------
    result : Betting
        A solved betting round.
    seat : int
        The seat throwing (1-based).
    dice : str or int
        The hand showing.
    throws_left : int
        The throws still to come in the seat's turn.
    against : str or int, optional
        The best hand before its turn (required from seat 2 on).
    pot : number, optional
        Chips in the pot (default: the antes).
    still_in : iterable of int, optional
        Later seats still to throw (default: all).

    Returns
    -------
    (dict, pandas.DataFrame)
        The state and the seat's value of it; the holds best first, as
        :meth:`pokerdice_stats.turn.holds.Policy.alternatives` (``value`` in chips).
    """
    checked_instance(result, Betting, "result", "solve_betting(rules, players)")
    seat = _check_seat(result, seat)
    s = _strength(result, seat, against)
    later = _later_mask(result, seat, still_in)
    current = _pot(result, pot, _antes(result))
    if seat == 1 and pot is not None and current != result.solver.number(_antes(result)):
        raise OptionError("before the first seat's throw the pot holds the antes only")
    if isinstance(throws_left, bool) or not isinstance(throws_left, (int, np.integer)):
        raise OptionError(f"throws left must be a whole number, got {throws_left!r}")
    table = hand_table(result.rules)
    h = table.hand(dice)
    group = result.solver.group(later | 1 << (seat - 1), current)
    i = group.index(s)
    policy = group.policy
    assert policy is not None
    frame = policy.alternatives(h, int(throws_left), group.goal[i])
    record = {
        **result.context(),
        "seat": seat,
        "against": None if against is None else table.format(against),
        "dice": table.format(h),
        "throws_left": int(throws_left),
        "pot": current,
        "still_in": seats_in(later),
        "value": policy.state_value(h, int(throws_left), group.goal[i]),
    }
    return record, frame


def _example_hands(result: Betting) -> list[tuple[str, int, int]]:
    """One hand per strength, weakest first: (category, strength, hand index)."""
    table = hand_table(result.rules)
    first: dict[int, int] = {}
    for h in np.argsort(table.strength, kind="stable"):
        first.setdefault(int(table.strength[h]), int(h))
    return [(table.category_slug(h), s, h) for s, h in sorted(first.items())]


def raise_table(result: Betting) -> pd.DataFrame:
    """Check or raise for every seat and every hand it may lead with (nobody has raised).

    Parameters
    ----------
    result : Betting
        A solved betting round (:func:`~pokerdice_stats.games.betting.exact.solve.solve_betting`).

    Returns
    -------
    pandas.DataFrame
        One row per (seat 1 .. players - 1, strength): ``seat``, ``hand`` (an example of
        the strength), ``category``, ``decision``, ``raises``, ``check_value`` and
        ``raise_value`` (one raise; chips still to come, floats).

    Raises
    ------
    OptionError
        If ``result`` is not a :class:`Betting`.
    """
    checked_instance(result, Betting, "result", "solve_betting(rules, players)")
    rows = []
    for seat in range(1, result.players):
        later = (1 << result.players) - (1 << seat)
        pot = result.solver.number(_antes(result))
        for category, strength, h in _example_hands(result):
            chosen, _ = result.solver.lead(strength, seat, later, pot)
            values = [
                result.solver.lead_value(strength, seat, later, pot, r)[CHIPS, seat]
                for r in (0, min(1, result.stakes.raises))
            ]
            rows.append(
                {
                    "seat": seat,
                    "hand": hand_table(result.rules).format(h),
                    "category": category,
                    "decision": "raise" if chosen else "check",
                    "raises": chosen,
                    "check_value": float(values[0]),
                    "raise_value": float(values[1]),
                }
            )
    return pd.DataFrame(rows)


def meet_table(result: Betting) -> pd.DataFrame:
    """Meet or fold for every seat 2 .. players facing one raise from the seat before it.

    The raiser is the seat just before (so the seat answers first), nobody has
    folded and nobody raised earlier.

    Parameters
    ----------
    result : Betting
        A solved betting round (:func:`~pokerdice_stats.games.betting.exact.solve.solve_betting`).

    Returns
    -------
    pandas.DataFrame
        One row per (seat, the raiser's strength): ``seat``, ``against``, ``category``,
        ``decision``, ``meet_value`` (chips still to come, float); no rows in a game
        without raises.

    Raises
    ------
    OptionError
        If ``result`` is not a :class:`Betting`.
    """
    checked_instance(result, Betting, "result", "solve_betting(rules, players)")
    rows: list[dict] = []
    if result.stakes.raises == 0:
        return pd.DataFrame(rows, columns=["seat", "against", "category", "decision", "meet_value"])
    for seat in range(2, result.players + 1):
        for category, _, h in _example_hands(result):
            answer = meet_decision(result, seat, h)
            rows.append(
                {
                    "seat": seat,
                    "against": answer["against"],
                    "category": category,
                    "decision": answer["decision"],
                    "meet_value": float(answer["meet_value"]),
                }
            )
    return pd.DataFrame(rows)
