"""``pokerdice-stats betting``: 001's betting round (ante, raise, meet or fold)."""

from __future__ import annotations

import argparse
from fractions import Fraction

from pokerdice_stats.engines.cli import (
    EXACT_CHOICES,
    EXACT_HELP,
    add_format_arg,
    add_rules_args,
    emit,
    emit_record,
    rules_from_args,
    whole_number,
)
from pokerdice_stats.games.betting.command.conflicts import check_raise_size
from pokerdice_stats.games.betting.command.hold_rows import SEAT_CHANCES, people_holds
from pokerdice_stats.games.betting.command.position import (
    check_seat_position,
    seat_decision,
    seat_position,
)
from pokerdice_stats.ground.errors import OptionError
from pokerdice_stats.ground.formats import render
from pokerdice_stats.ground.numbers import plural

#: Options that describe one seat's state (they need ``--seat``).
SEAT_OPTIONS = ("against", "pot", "still_in", "raised", "hand", "dice", "throws_left", "seats_in")
#: Options that ask for 001's round as written (seat 1 names the ante, entry, raise sizes).
TABLE_OPTIONS = ("ante_max", "raise_max", "sit_out")
#: Numbers written as a float beside ``NAME_exact`` ("p/q", or null when not exact).
NUMBER_KEYS = ("ante", "raise", "pot", "to_meet", "meet_value", "fold_value", "value")
DESCRIPTION = (
    "The betting round of Triple Snakes (001), solved exactly: every seat antes, throws in turn in "
    "the open, the seat that now holds the best hand may check or raise, every seat still to throw "
    "meets the raise or folds, the last best hand takes the pot; each seat maximises its own "
    "expected net chips. Per seat: ev (net chips a round, ante included), p_pot, raise_rate, "
    "fold_rate. With --seat: one seat's decision (facing a raise: meet or fold; with --hand: check "
    "or raise; with --dice and --throws-left: which dice to hold), values in chips still to come. "
    "With --ante-max, --raise-max or --sit-out: the round as 001 writes it (seat 1 names the ante, "
    "each other seat meets it or sits out, a raise of 1 to --raise-max chips); then --seat 1 alone "
    "asks which ante to name, --seat K (K > 1, with --in) whether to meet it."
)


def register(subparsers) -> None:
    parser = subparsers.add_parser(
        "betting",
        help="001's betting round: each seat's chips, and when to raise, meet or fold",
        description=DESCRIPTION,
    )
    add_rules_args(parser, default="triple-snakes")
    parser.add_argument(
        "--players", type=whole_number, default=2, metavar="N", help="2 to 5 (default 2)"
    )
    parser.add_argument(
        "--ante", default=None, metavar="A", help="chips each seat antes (default 1)"
    )
    parser.add_argument(
        "--ante-max",
        type=whole_number,
        default=None,
        metavar="A",
        help="seat 1 names the ante, 1 to A chips (001 as written; 1 to 10)",
    )
    parser.add_argument(
        "--raise",
        dest="raise_size",
        default=None,
        metavar="R",
        help="chips of one raise (default: one ante)",
    )
    parser.add_argument(
        "--raises",
        type=whole_number,
        default=None,
        metavar="K",
        help="most raises a turn, 0 to 4 (default 1)",
    )
    parser.add_argument(
        "--raise-max",
        type=whole_number,
        default=None,
        metavar="M",
        help="a raise is 1 to M chips, the raiser's choice (001 as written; 1 to 4)",
    )
    parser.add_argument(
        "--sit-out",
        default=None,
        choices=("yes", "no"),
        help="whether a seat may sit a round out rather than meet the ante (default: yes with "
        "--ante-max or --raise-max, the round as 001 writes it; no otherwise)",
    )
    parser.add_argument(
        "--habit",
        dest="habits",
        action="append",
        default=None,
        metavar="H",
        help="what a habit costs each seat: never-raise, always-meet, raise-from:CATEGORY "
        "(repeatable)",
    )
    seat = parser.add_argument_group("one seat's decision")
    seat.add_argument(
        "--seat", type=whole_number, default=None, metavar="K", help="the seat (1-based)"
    )
    seat.add_argument(
        "--in",
        dest="seats_in",
        default=None,
        metavar="SEATS",
        help="001 as written: the seats in, e.g. 1,2 (deciding to meet the ante: those in "
        "before the seat; default: as solved; in the round: default every seat)",
    )
    seat.add_argument("--against", default=None, metavar="DICE", help="the best hand so far")
    seat.add_argument(  # the old name of --against, as hold and round name it
        "--best", dest="old_against", default=None, help=argparse.SUPPRESS
    )
    seat.add_argument(
        "--pot",
        default=None,
        metavar="CHIPS",
        help="chips in the pot (facing a raise: with the raise; else before the seat's "
        "throw or raise; default: as if nobody had raised before)",
    )
    seat.add_argument(
        "--still-in",
        default=None,
        metavar="SEATS",
        help="seats still to throw that have not folded, e.g. 3,4 (facing a raise: the seat "
        "and those before it that met; else the seats after it; default: all)",
    )
    seat.add_argument(
        "--raised",
        type=whole_number,
        default=None,
        metavar="M",
        help="raises being answered (default 1)",
    )
    seat.add_argument("--hand", default=None, metavar="DICE", help="its final hand: raise or not")
    seat.add_argument("--dice", default=None, metavar="DICE", help="the dice showing in its turn")
    seat.add_argument(
        "--throws-left",
        type=whole_number,
        default=None,
        metavar="T",
        help="throws still to come with --dice",
    )
    parser.add_argument(
        "--exact",
        default="auto",
        choices=EXACT_CHOICES,
        help=EXACT_HELP,
    )
    add_format_arg(parser)
    parser.set_defaults(func=run_betting)


def check_options(args: argparse.Namespace) -> None:
    """Refuse options that contradict each other (before anything is solved).

    Raises
    ------
    OptionError
        Naming the options in conflict.
    """
    old = getattr(args, "old_against", None)
    if old is not None:
        if args.against is not None:
            raise OptionError("--best is the old name of --against: give one of them")
        args.against = old
    check_raise_size(args.raise_size, args.raises)
    if args.seat is None:
        given = [name for name in SEAT_OPTIONS if getattr(args, name) is not None]
        if given:
            name = "in" if given[0] == "seats_in" else given[0].replace("_", "-")
            raise OptionError(f"--{name} needs --seat (one seat's decision)")
        return
    if args.habits:
        raise OptionError("--habit gives every seat's cost; leave out --seat")
    if args.hand is not None and args.dice is not None:
        raise OptionError("give --hand (after the throw) or --dice (during the turn), not both")
    if (args.dice is None) != (args.throws_left is None):
        raise OptionError("--dice and --throws-left go together")
    if args.raised is not None and (args.hand is not None or args.dice is not None):
        raise OptionError("--raised belongs to a seat facing a raise (without --hand or --dice)")
    if args.raised is not None and args.raises == 0:
        raise OptionError(
            f"--raised {args.raised} with --raises 0: no raise is allowed, so seat {args.seat} "
            "cannot be facing one"
        )


def exact_for(args: argparse.Namespace, rules) -> bool:
    from pokerdice_stats.turn.hands import exact_is_cheap

    if args.exact == "always":
        return True
    if args.exact == "never":
        return False
    return exact_is_cheap(rules)


def _plain_numbers(record: dict, exact: bool) -> dict:
    """Numbers of :data:`NUMBER_KEYS` as a float beside ``NAME_exact``."""
    out: dict = {}
    for key, value in record.items():
        if key in NUMBER_KEYS:
            out[key] = float(value)
            out[f"{key}_exact"] = Fraction(value) if exact else None
        else:
            out[key] = value
    return out


def run_betting(args: argparse.Namespace) -> int:
    from pokerdice_stats.games.betting.exact.solve import solve_betting

    check_options(args)
    rules = rules_from_args(args)
    if any(getattr(args, name) is not None for name in TABLE_OPTIONS):
        from pokerdice_stats.games.betting.command.table import run_table

        return run_table(args, rules, exact_for(args, rules))
    if args.seats_in is not None:
        raise OptionError("--in names the seats in under 001 as written (--ante-max, ...)")
    stakes = {
        "ante": "1" if args.ante is None else args.ante,
        "raise_size": args.raise_size,
        "raises": 1 if args.raises is None else args.raises,
    }
    exact = exact_for(args, rules)
    if args.seat is not None:  # a position the round cannot be in: refused before the solve
        check_seat_position(rules, args.players, stakes, exact, args.seat, seat_position(args))
    result = solve_betting(rules, args.players, **stakes, exact=exact)
    if args.seat is not None:
        return _run_seat(args, result)
    context = _plain_numbers(result.context(), result.exact)
    if args.habits:
        from pokerdice_stats.games.betting.exact.habits import habit_costs

        frame = habit_costs(result, args.habits)
        key = "habits"
    else:
        frame = result.frame()
        key = "seats"
    if args.format != "table":
        record = {**context, key: frame.to_dict(orient="records")}
        emit_record(record, args.format, key, SEAT_CHANCES if key == "seats" else ())
        return 0
    emit(
        f"{context['rules']}, {result.players} seats, ante {_chips(result.stakes.ante)}, "
        f"raise {_chips(result.stakes.raise_size)}, at most {result.stakes.raises} a turn, "
        f"every seat antes (chips a round; {'exact' if result.exact else 'floats'})\n"
        "(001 as written, where seat 1 names the ante and a seat may sit out: --ante-max, "
        "--raise-max or --sit-out yes)"
    )
    emit(render(frame, "table", percent=SEAT_CHANCES if key == "seats" else ()))
    return 0


def _chips(value) -> str:
    value = Fraction(value)
    return str(value.numerator) if value.denominator == 1 else str(value)


def _run_seat(args: argparse.Namespace, result) -> int:
    record, frame, key = seat_decision(result, args.seat, **seat_position(args))
    return _emit_decision(args, result, record, frame, key)


def decision_record(result, record: dict, frame, key: str | None) -> dict:
    """The JSON object of one seat's decision (``betting --seat ... --format json``)."""
    record = _plain_numbers(record, result.exact)
    if frame is not None:
        if not result.exact:
            frame = frame.drop(columns="value")
        rows = frame.rename(columns={"value": "value_exact", "value_float": "value"})
        record[key] = rows.to_dict(orient="records")
    return record


def _emit_decision(args, result, record: dict, frame, key: str | None) -> int:
    if args.format != "table":
        emit_record(decision_record(result, record, frame, key), args.format, key)
        return 0
    record = _plain_numbers(record, result.exact)
    if frame is not None and not result.exact:
        frame = frame.drop(columns="value")
    pot = "" if args.pot is not None else " (the default: every ante and the raises met so far)"
    emit(
        f"rules {record['rules']}; {record['players']} seats; ante {record['ante']:.6g}; "
        f"raise {record['raise']:.6g}, at most {record['raises']} a turn; pot {record['pot']:.6g}"
        f"{pot}"
    )
    emit(_summary(record))
    if frame is not None:
        emit(render(people_holds(frame, "value_float"), "table"))
    return 0


def _summary(record: dict) -> str:
    """One line saying the decision (table format)."""
    facing = f"facing {record['against']}" if record.get("against") else "throwing first"
    head = f"seat {record['seat']} of {record['players']}, {facing}, pot {record['pot']:.6g}"
    if "meet_value" in record:
        return (
            f"{head}, {plural(record['raised'], 'raise')} of {record['raise']:.6g} to answer: "
            f"{record['decision']} (meet is worth {record['meet_value']:.6g} chips to come, "
            f"fold {record['fold_value']:.6g})"
        )
    if "throws_left" in record:
        return (
            f"{head}: {record['dice']} with {plural(record['throws_left'], 'throw')} left is worth "
            f"{record['value']:.6g} chips to come; holds, best first:"
        )
    if record["decision"] == "out":
        return f"{head}: {record['hand']} does not beat the best hand: the seat is out"
    return (
        f"{head}: {record['hand']} leads; {record['decision']}"
        + (f" ({plural(record['chosen_raises'], 'raise')})" if record["chosen_raises"] else "")
        + "; each choice's chips to come:"
    )
