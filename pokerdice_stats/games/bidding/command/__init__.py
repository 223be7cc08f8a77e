"""``pokerdice-stats bidding``: 003's bidding for two (variation 8), solved."""

from __future__ import annotations

import argparse

from pokerdice_stats.engines.cli import (
    add_format_arg,
    add_rules_args,
    rules_from_args,
    whole_number,
)
from pokerdice_stats.games.bidding.command.output import (
    position_output,
    summary_output,
    without_noise,
)

DESCRIPTION = (
    "Classic poker dice (003), variation 8: each player throws five dice once behind a screen; "
    "seat 1 bids first, bids alternate, each names a higher rung of the ladder and claims the best "
    "five of all ten dice make at least it; instead of bidding a player calls (the bidder wins if "
    "the claim holds, else the caller); the top rung must be called. Solved as a zero-sum game: "
    "value is seat 1's expected result (units won per game, +1 win / -1 loss), exploitability the "
    "gap between the two seats' best responses to the solution (the value lies within it; on the "
    "fine ladder the solution on the ladder's claims, which answers every rung, measured in the "
    "full game, every rung open to the responder); bid_odds: given your own five dice, the chance "
    "the ten dice make at least each rung."
)


def register(subparsers) -> None:
    parser = subparsers.add_parser(
        "bidding",
        help="003's bidding for two: the solved game, and the odds of each bid given your dice",
        description=DESCRIPTION,
    )
    add_rules_args(parser, default="classic")
    parser.add_argument(
        "--ladder",
        default="category",
        choices=("category", "fine"),
        help="category: the rule set's categories (solved exactly); fine: category and face "
        "of its main set (solved on its claims)",
    )
    parser.add_argument(
        "--solver",
        default=None,
        choices=("program", "claims"),
        help="claims (the fine ladder's default and its only solver): the game on its "
        "distinct claims solved by discounted CFR (--iterations of it), every rung answered; "
        "program (the category ladder's default): the sequence-form linear program, exact on "
        "the category ladder",
    )
    parser.add_argument(
        "--iterations",
        type=whole_number,
        default=None,
        metavar="N",
        help="--solver claims: discounted-CFR iterations, a multiple of 50 up to 1000 (default "
        "50: on the classic fine ladder about 13 s cold and an exploitability of 0.20; 100: "
        "about 43 s and 0.067; 200: about 2 minutes and 0.034); the solve is kept in the "
        "cache folder",
    )
    parser.add_argument(
        "--hand",
        default=None,
        metavar="DICE",
        help="give the odds and the equilibrium's opening for this own hand only",
    )
    parser.add_argument(
        "--bids",
        default=None,
        metavar="BIDS",
        help="with --hand: the bids so far, oldest first, comma separated (empty: the opening; "
        "the seat to move follows from their number; on the fine ladder a category alone is "
        "its lowest rung, the same claim); gives the solution's mix over call and "
        "every legal bid, each alternative's value and the chance the ten dice make the last bid",
    )
    parser.add_argument(
        "--player",
        dest="players",
        action="append",
        default=None,
        metavar="P",
        help="what a simple player loses against the solution: always-call, truthful, "
        "call-from:RUNG (repeatable; default: always-call and truthful)",
    )
    parser.add_argument(
        "--full",
        action="store_true",
        help="the whole answer: with it, the bid odds of every hand (a few thousand rows; "
        "without it, the odds of --hand DICE only); csv always writes them all",
    )
    add_format_arg(parser)
    parser.set_defaults(func=run_bidding)


def _bidding_rules(args: argparse.Namespace):
    """``--rules`` and ``--set``, with any change the bidding game does not read refused."""
    from pokerdice_stats.games.bidding.exact.odds import check_bidding_rules

    rules = rules_from_args(args)
    check_bidding_rules(rules)
    return rules


#: Rungs of the category ladder the exact program solves in seconds (2**8 bid histories).
QUICK_RUNGS = 8


def _notice_long_solve(rules, ladder: str) -> None:
    """Say on standard error, before it starts, that a solve takes minutes (not a hang)."""
    import sys

    from pokerdice_stats.games.bidding.exact.odds import bid_ladder

    rungs = bid_ladder(rules, ladder).n_rungs
    if rungs > QUICK_RUNGS:
        sys.stderr.write(
            f"pokerdice-stats: the {ladder} ladder of {rules.label()} has {rungs} rungs "
            f"({2**rungs:,} bid histories; {QUICK_RUNGS} rungs take seconds): the exact solve "
            "takes about 2 minutes and 1 GB on 2 cores the first time, then is read from "
            "the cache\n"
        )
        sys.stderr.flush()


def _check_combinations(args: argparse.Namespace) -> None:
    """Refuse options that would be silently ignored together."""
    from pokerdice_stats.ground.errors import OptionError

    if args.full and args.bids is not None:
        raise OptionError("--full does not go with --bids (one position is answered)")
    if args.full and args.hand is not None:
        raise OptionError(
            "--full gives the bid odds of every hand, --hand DICE those of one hand: choose one"
        )
    if args.players and len(set(args.players)) != len(args.players):
        twice = next(p for p in args.players if args.players.count(p) > 1)
        raise OptionError(f"--player {twice} is given twice")


def run_bidding(args: argparse.Namespace) -> int:
    _check_combinations(args)
    if args.solver is None:
        args.solver = "claims" if args.ladder == "fine" else "program"
    if args.solver == "claims":  # before the linear program's imports
        from pokerdice_stats.games.bidding.command.claims import run_claims

        return run_claims(args, _bidding_rules(args))
    from pokerdice_stats.games.bidding.exact.solve import fine_refusal
    from pokerdice_stats.ground.errors import OptionError

    if args.ladder == "fine":
        raise OptionError(f"--solver program: {fine_refusal()}")
    if args.iterations is not None:
        raise OptionError("--iterations belongs to --solver claims")
    rules = _bidding_rules(args)
    if args.bids is not None:  # before the tables' imports (pandas)
        return _run_position(args, rules)
    from pokerdice_stats.games.bidding.exact.frames import odds_frame, opening_frame, summary
    from pokerdice_stats.games.bidding.exact.habits import habit_rule
    from pokerdice_stats.games.bidding.exact.odds import bid_ladder
    from pokerdice_stats.games.bidding.exact.players import player_losses
    from pokerdice_stats.games.bidding.exact.solve import solve_ladder
    from pokerdice_stats.turn.hands import hand_table

    names = tuple(args.players) if args.players else ("always-call", "truthful")
    ladder = bid_ladder(rules, args.ladder)
    for name in names:  # reject a bad player before the work
        habit_rule(ladder, name)
    table = hand_table(rules)
    own = None if args.hand is None else table.format(table.hand(args.hand))  # before the work
    _notice_long_solve(rules, args.ladder)
    result = solve_ladder(rules, args.ladder)
    odds = odds_frame(ladder)
    if own is not None:
        odds = odds[odds["own_hand"] == own].reset_index(drop=True)
    players = player_losses(result, names)
    opening = opening_frame(result)
    record = without_noise(summary(result))
    return summary_output(args, record, odds, opening, players, own is not None)


def _run_position(args: argparse.Namespace, rules) -> int:
    """``bidding --hand DICE --bids BIDS``: the answer at one position."""
    from pokerdice_stats.games.bidding.exact.odds import bid_ladder
    from pokerdice_stats.games.bidding.exact.position import parse_bids, position_answer
    from pokerdice_stats.games.bidding.exact.solve import solve_ladder
    from pokerdice_stats.ground.errors import OptionError
    from pokerdice_stats.turn.hands import hand_table

    if args.hand is None:
        raise OptionError("--bids needs --hand DICE (the five dice of the player to move)")
    if args.players:
        raise OptionError("--player does not go with --bids (one position is answered)")
    hand_table(rules).hand(args.hand)  # a bad hand or bid is refused before the solve
    parse_bids(bid_ladder(rules, args.ladder), args.bids)
    _notice_long_solve(rules, args.ladder)
    result = solve_ladder(rules, args.ladder)
    answer = position_answer(result, args.hand, args.bids)
    context = {"rules": rules.label(), "ladder": args.ladder}
    gap = float(without_noise({"exploitability": result.exploitability})["exploitability"])  # type: ignore[arg-type]
    return position_output(args, answer, context, gap)
