"""``pokerdice-stats match``, ``holdup``, and ``round`` when later seats see the earlier hands."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from pokerdice_stats.engines.cli import (
    EXACT_CHOICES,
    EXACT_HELP,
    EXACT_SLOW,
    add_format_arg,
    add_rules_args,
    emit,
    emit_frame,
    emit_record,
    exact_choice,
    rules_from_args,
    whole_number,
)
from pokerdice_stats.engines.round_output import ROUND_UNITS, TIE_NOTES, round_context
from pokerdice_stats.games.seats import MAX_PLAYERS, MIN_PLAYERS
from pokerdice_stats.games.seen.command.round_holds import emit_hold_rows, hold_records
from pokerdice_stats.games.seen.exact.seen_only import require_seen
from pokerdice_stats.games.seen.exact.throw_limit import assumed_limit
from pokerdice_stats.ground.bounds import match_targets_text
from pokerdice_stats.ground.numbers import chance_percent, plural
from pokerdice_stats.turn.rules import MAX_TARGET
from pokerdice_stats.turn.unread_keys import refuse_unread

if TYPE_CHECKING:
    import pandas as pd
else:  # imported on first use: the quick commands never load pandas
    from pokerdice_stats.engines.cli import lazy_pandas as pd


def _add_exact_arg(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--exact", default="auto", choices=EXACT_CHOICES, help=f"{EXACT_HELP}; {EXACT_SLOW}"
    )


def _exact(args: argparse.Namespace, rules) -> bool:
    return exact_choice(args.exact, rules)


def register(subparsers) -> None:
    match = subparsers.add_parser(
        "match",
        help="each seat's chance to win a match of rounds",
        description="Each seat's chance to win a match (the first to win --to rounds), every "
        "seat playing each round to win it, and the expected number of rounds; who starts "
        "each round follows the rules' starter (or --starter).",
    )
    add_rules_args(match)
    match.add_argument(
        "--players", type=whole_number, default=2, metavar="N", help="2 to 5 (default 2)"
    )
    match.add_argument(
        "--to",
        dest="target",
        type=whole_number,
        default=None,
        metavar="K",
        help="round wins needed, "
        + match_targets_text(range(MIN_PLAYERS, MAX_PLAYERS + 1), MAX_TARGET)
        + " (default: 3 for gameweave, 5 otherwise)",
    )
    match.add_argument(
        "--starter",
        default=None,
        choices=("last-thrower", "rotate", "winner"),
        help="who starts the next round (default: the preset's rule)",
    )
    _add_exact_arg(match)
    add_format_arg(match)
    match.set_defaults(func=run_match)

    holdup = subparsers.add_parser(
        "holdup",
        help="the chance the best hand so far holds up (chips, triple-snakes)",
        description="The chance that the best hand so far still wins once the players left "
        "have thrown (each playing its best chance to win the round), as a chip game's seat "
        "weighs it.  The rules "
        "default to triple-snakes, whose dice are pips 1 to 6 (--rules gameweave for 9 to "
        "ace).",
    )
    holdup.add_argument("dice", help='the best hand so far, e.g. "3 3 3 5 6"')
    holdup.add_argument(
        "--players-left",
        type=whole_number,
        default=1,
        metavar="N",
        help="players still to throw, 1 to 4 (default 1)",
    )
    holdup.add_argument(
        "--limit",
        type=whole_number,
        default=None,
        metavar="T",
        help="under throw_limit=first-player: the throws the first player took (the most "
        "each later player may take)",
    )
    holdup.add_argument(  # the old name of --limit
        "--throws", dest="old_limit", type=whole_number, default=None, help=argparse.SUPPRESS
    )
    add_rules_args(holdup, default="triple-snakes")
    _add_exact_arg(holdup)
    add_format_arg(holdup)
    holdup.set_defaults(func=run_holdup)


#: The rule keys one round never reads (a match's target, who starts the next round).
ONE_ROUND_UNREAD = ("target", "starter")
ONE_ROUND_WHY = "one round has no match to win and no next round to start; match reads them"


def answer_round(args: argparse.Namespace, rules) -> int:
    """``round`` when later seats see the earlier hands: every seat's chance, or one seat's."""
    from pokerdice_stats.games.seen.exact.rounds import solve_round

    refuse_unread(rules, ONE_ROUND_UNREAD, "a round", ONE_ROUND_WHY)
    result = solve_round(rules, args.players, exact=_exact(args, rules))
    if args.seat is not None:
        return _run_seat(args, result)
    frame = result.frame()
    if args.format == "json" and "win_exact" not in frame:
        frame["win_exact"] = None
    outright, tie = outright_and_tie(result)
    frame["win_outright"] = outright
    frame["tie"] = tie
    context = round_context(rules, args.players, "seen", result.exact)
    emit_frame(frame, args.format, context, "seats", percent=("win", "win_outright", "tie"))
    if args.format == "table":
        emit(ROUND_UNITS)
        emit(f"note: {TIE_NOTES[rules.ties]}")
    return 0


def outright_and_tie(result) -> tuple[list[float], list[float]]:
    """Each seat's chance to hold the best hand alone, and to share it (before roll-offs).

    Parameters
    ----------
    result : pokerdice_stats.games.seen.exact.rounds.Round

    Returns
    -------
    (win_outright, tie)
        Two lists of floats, seat 1 first.
    """
    outright = [0.0] * result.players
    tie = [0.0] * result.players
    for seats, chance in result.tie_sets.items():
        for seat in seats:
            if len(seats) == 1:
                outright[seat - 1] += float(chance)
            else:
                tie[seat - 1] += float(chance)
    return outright, tie


def _run_seat(args: argparse.Namespace, result) -> int:
    """``round --seat K [--against DICE] [--dice DICE --throws-left T]``."""
    from pokerdice_stats.games.seen.exact.throw_limit import check_limit
    from pokerdice_stats.ground.errors import OptionError
    from pokerdice_stats.ground.formats import fraction_text
    from pokerdice_stats.turn.hands import hand_table

    seat = args.seat
    tied = 1 if args.tied is None else args.tied
    check_limit(result.rules, args.limit)
    policy, goal = result.policy(seat, args.against, tied, args.limit)
    # a later seat under the throw limit: the first player's throws, all of them unless given
    limit = assumed_limit(result.rules, args.limit) if seat > 1 else None
    win = policy.value(goal)
    record = {
        "rules": result.rules.label(),
        "seat": seat,
        "players": result.players,
        "against": None if args.against is None else hand_table(result.rules).format(args.against),
        "tied": tied if args.against is not None else 0,
        "limit": limit,
        "exact": result.exact,
        "unit": "chance of winning the round",
        "win": float(win),
        "win_exact": fraction_text(win) if result.exact else None,
        "dice": None,
        "throws_left": None,
    }
    holds = None
    if args.dice is not None:
        if seat == 1 and result.limited:
            raise OptionError(
                "round --seat 1 --dice lists no holds under the throw limit (the first seat's "
                "keeps also set the later seats' limit): hold DICE --to-win --players-left "
                f"{result.players - 1} --throws-left T, with the same rules, answers them"
            )
        h = hand_table(result.rules).hand(args.dice)
        holds = policy.alternatives(h, args.throws_left, goal)
        record["dice"] = hand_table(result.rules).format(h)
        record["throws_left"] = args.throws_left
    if args.format != "table":  # the holds' values are chances of winning, as win is
        record["holds"] = None if holds is None else hold_records(holds, result.exact)
        emit_record(record, args.format, "holds", ("win",))
        return 0
    facing = f"facing {record['against']}" if record["against"] else "throwing first"
    if record["tied"] and record["tied"] > 1:
        facing += f" ({record['tied']} players hold it)"
    if limit is not None:
        facing += f", {plural(limit, 'throw')} allowed" + (
            ""
            if args.limit is not None
            else " (the default: the first player took them all; --limit T says otherwise)"
        )
    emit(f"rules {result.rules.label()}")
    emit(
        f"seat {seat} of {result.players}, {facing}: wins with chance "
        f"{chance_percent(record['win'], digits=6)}%"
    )
    if holds is not None:
        emit(
            f"holds of {record['dice']} with {plural(args.throws_left, 'throw')} left, best first "
            "(win %: chance of winning the round, in percent):"
        )
        emit_hold_rows(holds.to_dict(orient="records"), result.exact)
    return 0


def run_match(args: argparse.Namespace) -> int:
    from pokerdice_stats.games.seen.exact.matches import solve_match

    rules = rules_from_args(
        args, {"target": ("--to", args.target), "starter": ("--starter", args.starter)}
    )
    if rules.ties in ("roll-off", "must-beat"):  # shared ties: solve_match says why not
        require_seen(rules, "match")
    result = solve_match(rules, args.players, args.target, args.starter, exact=_exact(args, rules))
    frame = result.frame()
    if args.format == "json":
        for column in ("win_exact", "expected_rounds_exact"):
            if column not in frame:
                frame[column] = None
    context = {
        "rules": rules.label(),
        "players": result.players,
        "target": result.target,
        "starter": result.starter,
        "ties": rules.ties,
        "exact": result.exact,
        "units": {"win": "chance of winning the match", "expected_rounds": "rounds a match"},
    }
    emit_frame(frame, args.format, context, "seats", percent=("win",))
    if args.format == "table":
        emit(
            "note: win % is the chance of winning the match in percent, expected_rounds the "
            "mean number of rounds it lasts"
            + ("; exact fractions: --format json or csv" if result.exact else "")
        )
    return 0


def _holdup_limit(args: argparse.Namespace, rules) -> int | None:
    """``holdup --limit`` (or its old name ``--throws``), checked as ``round --limit``."""
    from pokerdice_stats.games.seen.exact.throw_limit import check_limit
    from pokerdice_stats.ground.errors import OptionError

    if args.limit is not None and args.old_limit is not None:
        raise OptionError("--throws is the old name of --limit: give one of them")
    if args.old_limit is not None:
        return check_limit(rules, args.old_limit, "--throws")
    return check_limit(rules, args.limit)


#: The presets whose rounds are played for a pot (chips, antes); the others play for
#: round wins (gameweave's match), points (003) or the schedule's payments (004 progressive).
POT_PRESETS = ("triple-snakes", "banking")


def _prize(rules) -> str:
    """What the best hand takes under ``rules``, in a unit's words (``takes_pot`` rows)."""
    if rules.preset in POT_PRESETS:
        return "taking the pot"
    return f"winning the round ({rules.preset} plays for no pot: takes_pot is the round's win)"


def run_holdup(args: argparse.Namespace) -> int:
    from pokerdice_stats.games.seen.exact.holdup import holdup
    from pokerdice_stats.ground.errors import DiceError
    from pokerdice_stats.turn.hands import hand_table

    rules = rules_from_args(args)
    require_seen(rules, "holdup")
    refuse_unread(rules, ONE_ROUND_UNREAD, "holdup", ONE_ROUND_WHY)
    given = _holdup_limit(args, rules)
    limit = assumed_limit(rules, given)
    try:
        hand_table(rules).hand(args.dice)
    except DiceError as err:
        if rules.preset != "triple-snakes":
            raise
        raise DiceError(  # the faces of holdup's default rules are not gameweave's
            f"{err} (holdup's rules default to triple-snakes: --rules gameweave for 9 to ace)"
        ) from None
    result = holdup(rules, args.dice, args.players_left, limit=given, exact=_exact(args, rules))
    if args.format != "table":
        record = {
            "rules": rules.label(),
            "limit": limit,
            "exact": result.exact,
            "unit": f"chance of {_prize(rules)}",
            **result.record(),
        }
        emit_record(record, args.format, "later", ("holds_up", "takes_pot"))
        return 0
    rows = [{"who": "best hand so far", "takes_pot": result.holds_up}]
    rows += [
        {"who": f"later player {i}", "takes_pot": p} for i, p in enumerate(result.later, start=1)
    ]
    frame = pd.DataFrame(rows)
    frame["takes_pot_float"] = [float(v) for v in frame["takes_pot"]]
    if not result.exact:
        frame = frame.drop(columns="takes_pot")
    limited = "" if limit is None else f", the first player took {plural(limit, 'throw')}"
    if limit is not None and given is None:
        limited += " (the default: all of them; --limit T says otherwise)"
    emit(f"rules {rules.label()}{limited}")
    emit(
        f"{result.hand} ({result.category}) against {plural(result.players_left, 'player')} "
        "still to "
        f"throw: holds up with chance {chance_percent(result.holds_up, digits=6)}%"
    )
    emit(f"takes_pot %: chance of {_prize(rules)}, in percent")
    emit_frame(frame, "table", percent=("takes_pot",))
    return 0
