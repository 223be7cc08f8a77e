"""``pokerdice-stats round``: each seat's chance to win a round, in the game its rules play.

Seen rounds (later seats see the earlier hands) are :mod:`pokerdice_stats.games.seen`'s,
blind rounds (004 banking) :mod:`pokerdice_stats.games.banking`'s; the registry says which
(:func:`pokerdice_stats.games.registry.game_for`), and that game's ``round_answer`` answers.
"""

from __future__ import annotations

import argparse

from pokerdice_stats.engines.cli import (
    EXACT_CHOICES,
    EXACT_HELP,
    EXACT_SLOW,
    add_format_arg,
    add_rules_args,
    rules_from_args,
    whole_number,
)

#: Options of ``round`` that describe one seat's play (they need ``--seat``).
SEAT_OPTIONS = ("against", "tied", "limit", "dice", "throws_left")
ROUND_DESCRIPTION = (
    "Each seat's chance to win a round, every seat playing to win, later seats seeing the "
    "earlier hands (knowledge=seen). Under knowledge=blind (the banking preset: nobody sees "
    "another's hand) every seat plays the symmetric equilibrium of the blind round and the "
    "output adds the split rate and the winning hand's category (see also `banking`). "
    "Columns: win (under ties=split or push, e.g. the banking and progressive rules, a "
    "k-way tie counts as 1/k of a win; under ties=roll-off the roll-offs are "
    "included), win_outright (the seat alone holds the best hand once everyone has thrown) "
    "and tie (it shares the best hand with others, before any roll-off). With --seat: one "
    "seat's chance facing a given best hand, and the holds of the dice showing in its turn."
)


def register(subparsers) -> None:
    round_ = subparsers.add_parser(
        "round",
        help="each seat's chance to win a round (seen, or blind under banking)",
        description=ROUND_DESCRIPTION,
    )
    add_rules_args(round_)
    round_.add_argument(
        "--knowledge",
        default=None,
        choices=("seen", "blind"),
        help="seen: later seats see the earlier hands; blind: nobody sees another's (as "
        "payout and simulate take it; the same as --set knowledge=K; default: the rules')",
    )
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
        "--dice",
        default=None,
        metavar="DICE",
        help="the dice showing in the seat's turn: also rank their holds (with --throws-left)",
    )
    play.add_argument(
        "--throws-left",
        type=whole_number,
        default=None,
        metavar="T",
        help="throws left with --dice",
    )
    round_.add_argument(
        "--exact", default="auto", choices=EXACT_CHOICES, help=f"{EXACT_HELP}; {EXACT_SLOW}"
    )
    add_format_arg(round_)
    round_.set_defaults(func=run_round)


def run_round(args: argparse.Namespace) -> int:
    """``round``: the game that plays rounds under these rules answers."""
    from pokerdice_stats.games.registry import game_for

    _check_seat_options(args)
    rules = rules_from_args(args, {"knowledge": ("--knowledge", args.knowledge)})
    if args.knowledge is not None and rules.knowledge != args.knowledge:
        # --knowledge K is --set knowledge=K (checked there: an unknown K is named)
        args.set_flag = "--knowledge"
        args.settings = [*args.settings, f"knowledge={args.knowledge}"]
        rules = rules_from_args(args)
    return int(game_for(rules, "round").entry("round_answer")(args, rules))


def _check_seat_options(args: argparse.Namespace) -> None:
    """Refuse one seat's options without ``--seat``, and options without their partner."""
    from pokerdice_stats.ground.errors import OptionError

    if args.seat is None:
        given = [name for name in SEAT_OPTIONS if getattr(args, name) is not None]
        if given:
            flag = "--" + given[0].replace("_", "-")
            raise OptionError(f"{flag} needs --seat (one seat's play)")
    if args.tied is not None and args.against is None:
        raise OptionError("--tied needs --against (the best hand so far)")
    if args.dice is not None and args.throws_left is None:
        raise OptionError("--dice needs --throws-left")
    if args.throws_left is not None and args.dice is None:
        raise OptionError("--throws-left needs --dice (the dice showing)")
