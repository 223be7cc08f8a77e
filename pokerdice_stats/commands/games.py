"""``pokerdice-stats round``, ``match`` and ``holdup``: games between players."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from pokerdice_stats.commands._common import (
    EXACT_CHOICES,
    EXACT_HELP,
    EXACT_SLOW,
    add_format_arg,
    add_rules_args,
    emit,
    emit_frame,
    exact_choice,
    rules_from_args,
    whole_number,
)
from pokerdice_stats.commands.round_holds import emit_hold_rows, hold_records
from pokerdice_stats.formats import to_json

if TYPE_CHECKING:
    import pandas as pd
else:  # imported on first use: the quick commands never load pandas
    from pokerdice_stats.commands._common import lazy_pandas as pd

#: Options of ``round`` that describe one seat's play (they need ``--seat``).
SEAT_OPTIONS = ("against", "tied", "limit", "hand", "throws_left")
#: What ``win`` means under each tie rule (the footnote of ``round``'s table).
TIE_NOTES = {
    "roll-off": "win includes roll-offs; win_outright and tie are before any roll-off",
    "must-beat": "a later player who only ties the best hand is out, so nobody ties",
    "split": "win counts a k-way tie as 1/k of a win (the pot is shared)",
    "push": "win counts a k-way tie as 1/k of a win (the pot is shared)",
}
ROUND_DESCRIPTION = (
    "Each seat's chance to win a round, every seat playing to win, later seats seeing the "
    "earlier hands (knowledge=seen). Under knowledge=blind (the banking preset: nobody sees "
    "another's hand) every seat plays the symmetric equilibrium of the blind round and the "
    "output adds the split rate and the winning hand's category (see also `banking`). "
    "Columns: win (under ties=split or push, e.g. the banking and progressive rules, a "
    "k-way tie counts as 1/k of a win; under ties=roll-off the roll-offs are "
    "included), win_outright (the seat alone holds the best hand once everyone has thrown) "
    "and tie (it shares the best hand with others, before any roll-off). With --seat: one "
    "seat's chance facing a given best hand, and the holds of a thrown hand."
)


def _add_exact_arg(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--exact", default="auto", choices=EXACT_CHOICES, help=f"{EXACT_HELP}; {EXACT_SLOW}"
    )


def _exact(args: argparse.Namespace, rules) -> bool:
    return exact_choice(args.exact, rules)


def register(subparsers) -> None:
    round_ = subparsers.add_parser(
        "round",
        help="each seat's chance to win a round (seen, or blind under banking)",
        description=ROUND_DESCRIPTION,
    )
    add_rules_args(round_)
    round_.add_argument(
        "--players", type=whole_number, default=2, metavar="N", help="2 to 5 (default 2)"
    )
    play = round_.add_argument_group(
        "one seat's play", "instead of every seat's chance: one seat's chance and holds"
    )
    play.add_argument(
        "--seat", type=whole_number, default=None, metavar="K", help="the seat (1-based)"
    )
    play.add_argument("--against", default=None, metavar="DICE", help="the best hand so far")
    play.add_argument(
        "--tied",
        type=whole_number,
        default=None,
        metavar="M",
        help="earlier players holding it (default 1; with --against)",
    )
    play.add_argument(
        "--limit",
        type=whole_number,
        default=None,
        metavar="T",
        help="under throw_limit=first-player: the throws the first player took",
    )
    play.add_argument(
        "--hand", default=None, metavar="DICE", help="also rank the holds of this thrown hand"
    )
    play.add_argument(
        "--throws-left",
        type=whole_number,
        default=None,
        metavar="T",
        help="throws left with --hand",
    )
    _add_exact_arg(round_)
    add_format_arg(round_)
    round_.set_defaults(func=run_round)

    match = subparsers.add_parser("match", help="each seat's chance to win a match of rounds")
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
        help="round wins needed (default: 3 for gameweave, 5 otherwise)",
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
        "holdup", help="the chance the best hand so far holds up (chips, triple-snakes)"
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
    add_format_arg(holdup, ("table", "json"))
    holdup.set_defaults(func=run_holdup)


def run_round(args: argparse.Namespace) -> int:
    from pokerdice_stats.games.rounds import solve_round

    _check_seat_options(args)
    rules = rules_from_args(args)
    if rules.knowledge == "blind":
        return _run_blind_round(args, rules)
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
    emit_frame(frame, args.format, context, "seats")
    if args.format == "table":
        emit(ROUND_UNITS)
        emit(f"note: {TIE_NOTES[rules.ties]}")
    return 0


#: The unit of ``round``'s figures (its table's caption).
ROUND_UNITS = "win, win_outright, tie: chances (0 to 1) of one round"


def round_context(rules, players: int, knowledge: str, exact: bool, blind=None) -> dict:
    """The context of ``round --format json``: the same keys seen or blind.

    Parameters
    ----------
    rules : RuleSet
    players : int
    knowledge : str
        ``seen`` or ``blind``.
    exact : bool
        Whether ``win_exact`` is given.
    blind : pokerdice_stats.games.banking_field.BlindRound, optional
        The blind round: its split and equilibrium figures (null when seen).

    Returns
    -------
    dict
        ``rules``, ``players``, ``knowledge``, ``ties``, ``exact``, ``unit``, ``note``,
        ``split``, ``split_exact``, ``exploitability``, ``tolerance``,
        ``winning_category``, ``winning_category_exact``.
    """
    from pokerdice_stats.formats import fraction_text, stated

    eq = None if blind is None else blind.equilibrium
    return {
        "rules": rules.label(),
        "players": players,
        "knowledge": knowledge,
        "ties": rules.ties,
        "exact": exact,
        "unit": "chance of one round",
        "note": TIE_NOTES[rules.ties],
        "split": None if blind is None else float(blind.split),
        "split_exact": None if blind is None else fraction_text(blind.split),
        "exploitability": None if eq is None else eq.exploitability_float,
        "tolerance": None if eq is None else stated(eq.tolerance),
        "winning_category": None
        if blind is None
        else {k: float(v) for k, v in blind.winning_category.items()},
        "winning_category_exact": None
        if blind is None
        else {k: fraction_text(v) for k, v in blind.winning_category.items()},
    }


def _run_blind_round(args: argparse.Namespace, rules) -> int:
    """``round`` under ``knowledge=blind`` (banking): every seat plays the symmetric equilibrium."""
    from pokerdice_stats.errors import OptionError
    from pokerdice_stats.formats import fraction_text
    from pokerdice_stats.games.banking_field import blind_round, check_players

    if args.seat is not None:
        raise OptionError(
            "--seat (one seat facing the best hand so far) applies when later seats see the "
            "earlier hands; these rules are blind (use --set knowledge=seen)"
        )
    result = blind_round(rules, check_players(args.players))
    frame = result.frame()
    if args.format == "json":
        context = round_context(rules, result.equilibrium.players, "blind", True, result)
        emit_frame(frame.drop(columns="knowledge"), "json", context, "seats")
        return 0
    emit_frame(frame, args.format)
    if args.format == "table":
        eq = result.equilibrium
        emit(
            f"note: blind round (nobody sees another's hand), every seat playing the symmetric "
            f"equilibrium of {eq.players} seats (exploitability {eq.exploitability_float:.3g} "
            f"of the pot, exact; tolerance {eq.tolerance:.3g}); {TIE_NOTES[rules.ties]}"
        )
        emit(ROUND_UNITS)
        emit(
            f"the pot is split with chance {float(result.split):.6g} "
            f"({fraction_text(result.split)})"
        )
        emit("the winning hand's category (chance of one round):")
        emit_frame(result.category_frame()[["category", "chance_float"]], "table")
    return 0


def refuse_blind(rules, command: str) -> None:
    """Refuse blind rules in a game solved with later seats seeing the earlier hands.

    Raises
    ------
    OptionError
        Under ``knowledge=blind``.
    """
    from pokerdice_stats.errors import OptionError

    if rules.knowledge == "blind":
        raise OptionError(
            f"{command} is solved with later seats seeing the earlier hands and these rules "
            "are blind (knowledge=blind); use --set knowledge=seen, or `round`/`banking` for "
            "blind rounds"
        )


def outright_and_tie(result) -> tuple[list[float], list[float]]:
    """Each seat's chance to hold the best hand alone, and to share it (before roll-offs).

    Parameters
    ----------
    result : pokerdice_stats.games.rounds.Round

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


def _check_seat_options(args: argparse.Namespace) -> None:
    """Refuse one seat's options without ``--seat``, and options without their partner."""
    from pokerdice_stats.errors import OptionError

    if args.seat is None:
        given = [name for name in SEAT_OPTIONS if getattr(args, name) is not None]
        if given:
            flag = "--" + given[0].replace("_", "-")
            raise OptionError(f"{flag} needs --seat (one seat's play)")
    if args.tied is not None and args.against is None:
        raise OptionError("--tied needs --against (the best hand so far)")
    if args.hand is not None and args.throws_left is None:
        raise OptionError("--hand needs --throws-left")
    if args.throws_left is not None and args.hand is None:
        raise OptionError("--throws-left needs --hand (the thrown hand)")


def _run_seat(args: argparse.Namespace, result) -> int:
    """``round --seat K [--against DICE] [--hand DICE --throws-left T]``."""
    from pokerdice_stats.errors import OptionError
    from pokerdice_stats.formats import fraction_text
    from pokerdice_stats.games.rounds import check_limit
    from pokerdice_stats.hands import hand_table

    seat = args.seat
    tied = 1 if args.tied is None else args.tied
    check_limit(result.rules, args.limit)
    policy, goal = result.policy(seat, args.against, tied, args.limit)
    win = policy.value(goal)
    record = {
        "rules": result.rules.label(),
        "seat": seat,
        "players": result.players,
        "against": None if args.against is None else hand_table(result.rules).format(args.against),
        "tied": tied if args.against is not None else 0,
        "limit": args.limit,
        "exact": result.exact,
        "unit": "chance of winning the round",
        "win": float(win),
        "win_exact": fraction_text(win) if result.exact else None,
        "hand": None,
        "throws_left": None,
    }
    holds = None
    if args.hand is not None:
        if seat == 1 and result.limited:
            raise OptionError("the first seat's holds under the throw limit: use the Python API")
        h = hand_table(result.rules).hand(args.hand)
        holds = policy.alternatives(h, args.throws_left, goal)
        record["hand"] = hand_table(result.rules).format(h)
        record["throws_left"] = args.throws_left
    if args.format == "json":
        record["holds"] = None if holds is None else hold_records(holds, result.exact)
        emit(to_json(record))
        return 0
    if args.format != "table":
        shown = pd.DataFrame([record]).drop(columns=["hand", "throws_left"])
        shown = shown if holds is None else holds
        if holds is not None:
            shown = shown[["keep", "rethrow", "value_float", "optimal", "canonical"]]
            shown = shown.rename(columns={"value_float": "win"})
        emit_frame(shown, args.format)
        return 0
    facing = f"facing {record['against']}" if record["against"] else "throwing first"
    if record["tied"] and record["tied"] > 1:
        facing += f" ({record['tied']} players hold it)"
    emit(f"seat {seat} of {result.players}, {facing}: wins with chance {record['win']:.6g}")
    if holds is not None:
        emit(
            f"holds of {record['hand']} with {args.throws_left} throw(s) left, best first "
            "(win: chance of winning the round):"
        )
        emit_hold_rows(holds.to_dict(orient="records"), result.exact)
    return 0


def run_match(args: argparse.Namespace) -> int:
    from pokerdice_stats.games.matches import solve_match

    rules = rules_from_args(args)
    if rules.ties in ("roll-off", "must-beat"):  # shared ties: solve_match says why not
        refuse_blind(rules, "match")
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
    emit_frame(frame, args.format, context, "seats")
    if args.format == "table":
        emit(
            "note: win is the chance (0 to 1) of winning the match, expected_rounds the mean "
            "number of rounds it lasts; … is an exact fraction too long to show (--format json "
            "or csv)"
        )
    return 0


def _holdup_limit(args: argparse.Namespace, rules) -> int | None:
    """``holdup --limit`` (or its old name ``--throws``), checked as ``round --limit``."""
    from pokerdice_stats.errors import OptionError
    from pokerdice_stats.games.rounds import check_limit

    if args.limit is not None and args.old_limit is not None:
        raise OptionError("--throws is the old name of --limit: give one of them")
    if args.old_limit is not None:
        return check_limit(rules, args.old_limit, "--throws")
    return check_limit(rules, args.limit)


def run_holdup(args: argparse.Namespace) -> int:
    from pokerdice_stats.games.chips import holdup

    rules = rules_from_args(args)
    refuse_blind(rules, "holdup")
    limit = _holdup_limit(args, rules)
    result = holdup(rules, args.dice, args.players_left, throws=limit, exact=_exact(args, rules))
    if args.format == "json":
        record = {
            "rules": rules.label(),
            "limit": limit,
            "exact": result.exact,
            "unit": "chance of taking the pot",
            **result.record(),
        }
        emit(to_json(record))
        return 0
    rows = [{"who": "best hand so far", "takes_pot": result.holds_up}]
    rows += [
        {"who": f"later player {i}", "takes_pot": p} for i, p in enumerate(result.later, start=1)
    ]
    frame = pd.DataFrame(rows)
    frame["takes_pot_float"] = [float(v) for v in frame["takes_pot"]]
    if not result.exact:
        frame = frame.drop(columns="takes_pot")
    emit(
        f"{result.hand} ({result.category}) against {result.players_left} player(s) still to "
        f"throw: holds up with chance {float(result.holds_up):.6g}"
    )
    emit("takes_pot: chance (0 to 1) of taking the pot")
    emit_frame(frame, "table")
    return 0
