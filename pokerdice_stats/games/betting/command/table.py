"""``betting`` for 001's round as written: the ante named, entry, raises of a chosen size.

Reached from :func:`pokerdice_stats.games.betting.command.run_betting` when
``--ante-max``, ``--raise-max`` or ``--sit-out`` is given.  Every seat's figures
at the ante seat 1 names (``seats``) and each ante's value (``antes``); with
``--seat``, one decision: the ante (seat 1 alone), meet the ante or sit out
(seat K, with ``--in``), or, in the round the seats in play, check or raise
(``--hand``), meet or fold (``--against``), which dice to hold (``--dice``).
"""

from __future__ import annotations

import argparse
from fractions import Fraction

from pokerdice_stats.engines.cli import emit, emit_record
from pokerdice_stats.games.betting.command.hold_rows import SEAT_CHANCES, people_holds
from pokerdice_stats.ground.errors import OptionError
from pokerdice_stats.ground.formats import render
from pokerdice_stats.ground.numbers import plural

#: Numbers of a record written as a float beside ``NAME_exact``.
NUMBER_KEYS = (
    "ante",
    "ante_min",
    "ante_max",
    "raise",
    "raise_max",
    "raised",
    "pot",
    "to_meet",
    "meet_value",
    "fold_value",
    "sit_out_value",
    "value",
    "chosen_raise",
)


def _numbers(record: dict, exact: bool) -> dict:
    """Numbers of :data:`NUMBER_KEYS` (and of rows under ``options``) as float and exact."""
    out: dict = {}
    for key, value in record.items():
        if key in NUMBER_KEYS and value is not None and not isinstance(value, bool):
            out[key] = float(value)
            out[f"{key}_exact"] = Fraction(value) if exact else None
        elif key == "options":
            out[key] = [_numbers(row, exact) for row in value]
        else:
            out[key] = value
    return out


def _chips(value) -> str:
    value = Fraction(value)
    return str(value.numerator) if value.denominator == 1 else str(value)


def _caption(table) -> str:
    antes = (
        f"ante {_chips(table.antes[0])}"
        if len(table.antes) == 1
        else f"seat 1 names an ante of {_chips(table.antes[0])} to {_chips(table.antes[-1])}"
    )
    raises = (
        f"a raise of {_chips(table.raise_size)} to {_chips(table.raise_max)}"
        if table.raises > 1
        else f"a raise of {_chips(table.raise_size)}"
    )
    entry = "a seat may sit out" if table.sit_out else "every seat meets the ante"
    return f"{table.rules.label()}, {table.players} seats, {antes}, {raises}, {entry}"


def run_table(args: argparse.Namespace, rules, exact: bool) -> int:
    """The ``betting`` answer for 001's round as written."""
    from pokerdice_stats.games.betting.exact.table import solve_table

    if args.habits:
        raise OptionError(
            "--habit is about the round with every seat in; leave out --ante-max, "
            "--raise-max and --sit-out"
        )
    if args.ante_max is not None and args.ante is not None and args.seat is None:
        raise OptionError(
            "with --ante-max seat 1 names the ante: --ante A asks one seat's question at the "
            "ante named (give --seat K), or leave --ante out"
        )
    table = solve_table(
        rules,
        args.players,
        ante_max=args.ante_max,
        ante=None if args.ante_max is not None else args.ante,  # else: the ante named
        raise_max=args.raise_max,
        raise_size=args.raise_size,
        raises=args.raises,
        sit_out=args.sit_out != "no",
        exact=exact,
    )
    if args.seat is not None:
        return _run_seat(args, table)
    record = _numbers(table.record(), table.exact)
    if args.format != "table":  # the rows: the seats (the antes: a table beside them)
        emit_record(record, args.format, "seats", SEAT_CHANCES)
        return 0
    seats, antes = table.frame(), table.ante_frame()
    named = (
        "void: nobody meets it"
        if table.void
        else "seats in " + ",".join(str(s) for s in table.seats_in)
    )
    emit(f"{_caption(table)} (chips a round; {'exact' if table.exact else 'floats'})")
    emit(f"seat 1 names ante {_chips(table.ante)}; {named}")
    shown = seats.drop(columns=["ev_exact", "ev_all_in_exact"])
    shown = shown.rename(columns={"ev": "ev (chips)", "ev_all_in": "ev_all_in (chips)"})
    emit(render(shown, "table", percent=SEAT_CHANCES))
    emit("each ante seat 1 may name (value: seat 1's chips a round):")
    emit(render(antes.drop(columns=["ante_exact", "value_exact"]), "table"))
    return 0


def _seats_option(args) -> list[int] | None:
    from pokerdice_stats.games.betting.command.seats import parse_seats

    return None if args.seats_in is None else parse_seats(args.seats_in, "--in")


def _run_seat(args, table) -> int:
    from pokerdice_stats.games.betting.command.seats import parse_seats
    from pokerdice_stats.games.betting.exact import table_decisions as decide

    seats_in = _seats_option(args)
    in_round = any(getattr(args, k) is not None for k in ("against", "hand", "dice"))
    if not in_round:
        for name in ("pot", "still_in", "raised", "throws_left"):
            if getattr(args, name) is not None:
                option = name.replace("_", "-")
                raise OptionError(
                    f"--{option} belongs to the round: give --against, --hand or --dice"
                )
        if args.seat == 1:
            if seats_in is not None:
                raise OptionError("seat 1 names the ante before anyone is in: leave out --in")
            if args.ante is not None and args.ante_max is not None:
                raise OptionError("seat 1 names the ante (each ante's value): leave out --ante")
            record = decide.ante_decision(table)
            return _emit(args, table, record, "ante", "options")
        record = decide.entry_decision(table, args.seat, seats_in, ante=args.ante)
        return _emit(args, table, record, "entry", None)
    still_in = None if args.still_in is None else parse_seats(args.still_in)
    state = {"seats_in": seats_in, "ante": args.ante, "pot": args.pot, "still_in": still_in}
    if args.dice is not None:
        record, holds = decide.hold_decision(
            table, args.seat, args.dice, args.throws_left, against=args.against, **state
        )
        rows = holds[["keep", "rethrow", "value", "value_float", "optimal", "canonical"]]
        if not table.exact:
            rows = rows.drop(columns="value")
        rows = rows.rename(columns={"value": "value_exact", "value_float": "value"})
        record["holds"] = rows.to_dict(orient="records")
        return _emit(args, table, record, "holds", "holds")
    if args.hand is not None:
        record = decide.raise_decision(table, args.seat, args.hand, against=args.against, **state)
        return _emit(args, table, record, "raise", "options")
    if table.raises == 0:
        from pokerdice_stats.games.betting.command.conflicts import no_raise_to_face

        raise no_raise_to_face(args.seat)
    raised = table.raise_size if args.raised is None else args.raised
    record = decide.meet_decision(table, args.seat, args.against, raised=raised, **state)
    return _emit(args, table, record, "meet", None)


def _emit(args, table, record: dict, question: str, key: str | None) -> int:
    record = _numbers({"question": question, **record}, table.exact)
    if args.format != "table":
        emit_record(record, args.format, key)
        return 0
    import pandas as pd

    rows = record.pop(key) if key else None
    frame = pd.DataFrame(rows if rows is not None else [record])
    frame = frame[[c for c in frame.columns if not c.endswith("_exact")]]
    emit(f"{_caption(table)} (chips still to come)")
    emit(_summary(question, record))
    if rows:
        if "void" in frame.columns:  # in words: a void round is one nobody meets
            frame["void"] = ["yes: nobody meets it" if v else "no" for v in frame["void"]]
        emit(render(people_holds(frame, "value"), "table"))
    return 0


def _summary(question: str, record: dict) -> str:
    seat = f"seat {record['seat']}"
    if question == "ante":
        return f"{seat} names ante {record['ante']:g}; each ante's value to seat 1:"
    if question == "entry":
        before = ",".join(str(s) for s in record["seats_in"])
        return (
            f"{seat}, seats {before} in, ante {record['ante']:g}: {record['decision']} "
            f"(meeting is worth {record['meet_value']:.6g} chips, then seats "
            f"{','.join(str(s) for s in record['then_in'])} in; sitting out 0)"
        )
    place = f"{seat} in the round of seats {','.join(str(s) for s in record['seats_in'])}"
    if question == "meet":
        return (
            f"{place}, facing {record['against']} and a raise of {record['raised']:g}: "
            f"{record['decision']} (meet is worth {record['meet_value']:.6g} chips to come, "
            f"fold 0)"
        )
    if question == "holds":
        return (
            f"{place}: {record['dice']} with {plural(record['throws_left'], 'throw')} left is "
            "worth "
            f"{record['value']:.6g} chips to come; holds, best first:"
        )
    if record["decision"] == "out":
        return f"{place}: {record['hand']} does not beat the best hand: the seat is out"
    how = f" by {record['chosen_raise']:g}" if record["decision"] == "raise" else ""
    return f"{place}: {record['hand']} leads; {record['decision']}{how}; each choice's value:"
