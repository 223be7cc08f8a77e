"""``pokerdice-stats payout``: progressive poker dice (seed 004) against a computer."""

from __future__ import annotations

import argparse
import math

import pandas as pd

from pokerdice_stats.commands._common import add_format_arg, add_rules_args, emit, rules_from_args
from pokerdice_stats.formats import fraction_text, render, to_json


def register(subparsers) -> None:
    from pokerdice_stats.games.progressive import COMPUTER_POLICIES, KNOWLEDGE, STARTING_BANK

    payout = subparsers.add_parser(
        "payout", help="progressive poker dice: the player's expected payout per round"
    )
    add_rules_args(payout, default="progressive")
    payout.add_argument(
        "--computer",
        default="optimal",
        metavar="POLICY",
        help="the computer's policy: " + ", ".join(COMPUTER_POLICIES) + " (default: optimal)",
    )
    payout.add_argument(
        "--knowledge",
        default="seen",
        metavar="K",
        help="seen: the player sees the computer's final hand (default); none: both blind "
        f"({', '.join(KNOWLEDGE)})",
    )
    payout.add_argument(
        "--rounds", type=int, default=None, metavar="N", help="also the bank after N rounds"
    )
    payout.add_argument(
        "--start",
        type=int,
        default=None,
        help=f"starting bank, with --rounds (default {STARTING_BANK})",
    )
    payout.add_argument("--schedule", default=None, metavar="FILE", help="a schedule (.toml/.csv)")
    payout.add_argument(
        "--tolerance",
        type=float,
        default=None,
        help="exploitability tolerance of the blind equilibrium (--knowledge none, "
        "--computer optimal)",
    )
    add_format_arg(payout, ("table", "json"))
    payout.set_defaults(func=run_payout)


def check_tolerance(tolerance: float | None) -> None:
    """Refuse a tolerance that is not a finite positive number.

    Raises
    ------
    OptionError
        For a tolerance that is 0, negative, infinite or NaN.
    """
    from pokerdice_stats.errors import OptionError

    if tolerance is not None and not (math.isfinite(tolerance) and tolerance > 0):
        raise OptionError(f"--tolerance must be a finite number above 0, got {tolerance}")


def _exact(value) -> str | None:
    return None if value is None else fraction_text(value)


def payout_record(result, rounds: int | None = None, start: int = 10_000) -> dict:
    """The JSON object of ``payout``: ``computer``, ``knowledge``, ``expected``, ..."""
    record: dict[str, object] = {
        "rules": result.rules.label(),
        "computer": result.computer,
        "knowledge": result.knowledge,
        "expected": _exact(result.expected),
        "expected_float": result.expected_float,
        "variance": _exact(result.variance),
        "variance_float": result.variance_float,
        "std_float": result.std_float,
        "player_wins": result.player_wins,
        "computer_wins": result.computer_wins,
        "push": result.push,
    }
    eq = result.equilibrium
    if eq is not None:
        record.update(
            {
                "method": eq.method,
                "exploitability": eq.exploitability,
                "tolerance": eq.tolerance,
                "iterations": eq.iterations,
                "converged": eq.converged,
                "value_lower": _exact(eq.lower),
                "value_upper": _exact(eq.upper),
            }
        )
    if rounds is not None:
        mean, std = result.bank(rounds, start)
        record.update({"rounds": rounds, "start": start, "bank_mean": mean, "bank_std": std})
        if result.expected is not None:
            record["bank_mean_exact"] = fraction_text(result.bank_exact(rounds, start)[0])
    return record


def run_payout(args: argparse.Namespace) -> int:
    from pokerdice_stats.errors import OptionError
    from pokerdice_stats.games.progressive import (
        STARTING_BANK,
        check_payout_rules,
        expected_payout,
    )
    from pokerdice_stats.games.schedule import PROGRESSIVE_SCHEDULE, read_schedule

    if args.rounds is not None and args.rounds < 0:
        raise OptionError(f"--rounds must be 0 or more, got {args.rounds}")
    if args.start is not None:
        if args.rounds is None:
            raise OptionError("--start needs --rounds (the bank after that many rounds)")
        if args.start < 1:
            raise OptionError(f"--start must be 1 or more, got {args.start}")
    check_tolerance(args.tolerance)
    if args.tolerance is not None and (args.knowledge, args.computer) != ("none", "optimal"):
        raise OptionError(
            "--tolerance applies to the blind equilibrium only (--knowledge none "
            "--computer optimal)"
        )
    rules = rules_from_args(args)
    check_payout_rules(rules)  # before reading a schedule file: the clearer error first
    schedule = PROGRESSIVE_SCHEDULE if args.schedule is None else read_schedule(args.schedule)
    result = expected_payout(
        rules,
        computer=args.computer,
        knowledge=args.knowledge,
        schedule=schedule,
        tolerance=args.tolerance,
    )
    start = STARTING_BANK if args.start is None else args.start
    record = payout_record(result, args.rounds, start)
    if args.format == "json":
        emit(to_json(record))
        return 0
    rows = [{"key": k, "value": v} for k, v in record.items()]
    emit(render(pd.DataFrame(rows), "table"))
    return 0
