"""``pokerdice-stats payout``: progressive poker dice (004) against a computer."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from pokerdice_stats.engines.cli import (
    add_format_arg,
    add_rules_args,
    check_tolerance,
    emit,
    emit_record,
    output_path,
    range_text,
    rules_from_args,
    whole_number,
)
from pokerdice_stats.games.progressive.command.bank import bank_session_record
from pokerdice_stats.games.progressive.command.payout_text import (
    JSON_UNITS,
    breakdown_text,
    card_text,
    decimal_rows,
    session_text,
    solve_text,
)
from pokerdice_stats.games.progressive.exact.edge import EDGE_DEFINITION
from pokerdice_stats.ground.bounds import BANK_ROUNDS, MAX_BANK
from pokerdice_stats.ground.formats import fraction_text, render
from pokerdice_stats.ground.numbers import optional_fraction_text, stated

if TYPE_CHECKING:
    import pandas as pd
else:  # imported on first use: the quick commands never load pandas
    from pokerdice_stats.engines.cli import lazy_pandas as pd


def register(subparsers) -> None:
    from pokerdice_stats.engines.blind.policy_names import (
        ALIAS_NOTE,
        COMPUTER_POLICIES,
        KNOWLEDGE,
        STARTING_BANK,
        canonical_policy,
    )

    payout = subparsers.add_parser(
        "payout",
        help="progressive poker dice: the player's payout per round, its breakdown, fair pays "
        "and the bank over a session",
    )
    add_rules_args(payout, default="progressive")
    payout.add_argument(
        "--computer",
        default="optimal",
        type=canonical_policy,
        metavar="POLICY",
        help="the computer's policy: "
        + ", ".join(COMPUTER_POLICIES)
        + " (default: optimal; under --knowledge blind, the symmetric equilibrium)"
        + ALIAS_NOTE,
    )
    payout.add_argument(
        "--knowledge",
        default=None,
        metavar="K",
        help="seen: the player sees the computer's final hand; blind: neither sees "
        f"the other's ({', '.join(KNOWLEDGE)}; default: the rules' knowledge, seen under "
        "progressive)",
    )
    payout.add_argument(
        "--rounds",
        type=whole_number,  # the range is checked with the bank program's message
        default=None,
        metavar="R",
        help="also the bank after R rounds: its exact distribution, quantiles and chance of "
        f"ruin ({range_text(0, BANK_ROUNDS)})",
    )
    payout.add_argument(
        "--start",
        type=whole_number,
        default=None,
        metavar="B",
        help=f"starting bank in points, with --rounds, {range_text(1, MAX_BANK)} and at least "
        f"the largest loss of a round (the ruin line; default {STARTING_BANK})",
    )
    payout.add_argument(
        "--schedule",
        default=None,
        metavar="FILE",
        help="a schedule file (.csv, as --schedule-out writes; default: 004, the rule document's)",
    )
    payout.add_argument(
        "--schedule-out",
        type=output_path,
        default=None,
        metavar="FILE",
        help="write the schedule used (after --solve: with the pay found) to FILE (.csv)",
    )
    payout.add_argument(
        "--breakdown",
        action="store_true",
        help="every (winner, loser) cell: chance, pay, contribution and share of the variance",
    )
    payout.add_argument(
        "--compare",
        nargs=2,
        default=None,
        metavar=("A", "B"),
        help="two schedules side by side (a file, or 004 for the rule document's)",
    )
    payout.add_argument(
        "--solve",
        default=None,
        metavar="CELL",
        help="find the pay of CELL (WINNER/LOSER, e.g. five-of-a-kind/one-pair; losers joined "
        "by + share one pay, as 004's first row: five-of-a-kind/bust+little-straight+one-pair; "
        "or 'scale', a factor on the whole schedule) giving expected payout --target",
    )
    payout.add_argument(
        "--design",
        action="store_true",
        help="the whole-number schedule nearest --schedule (default 004) whose edge is within "
        "--within of --target, moving only --movable cells on --side, pays up to --max-pay, "
        "rows and columns kept in order",
    )
    payout.add_argument(
        "--movable",
        default=None,  # all, applied with --design: given without it is refused
        metavar="CELLS",
        help="with --design: all (default), row:LOSER, column:WINNER, WINNER/LOSER or scale",
    )
    payout.add_argument(
        "--side",
        default=None,  # both, applied with --design: given without it is refused
        metavar="SIDE",
        help="with --design: both (default), house (what the player pays when the house wins) "
        "or player (what the house pays when the player wins)",
    )
    payout.add_argument(
        "--max-pay",
        type=whole_number,
        default=None,
        metavar="N",
        help="with --design: the largest pay allowed (default 1,000,000)",
    )
    payout.add_argument(
        "--within",
        default=None,
        metavar="W",
        help="with --design: how close to --target the edge must come, in its unit (default 0.05)",
    )
    payout.add_argument(
        "--card",
        default=None,
        choices=("pay", "strategy"),
        help="draw a printable card to --out (.png or .pdf): pay (the schedule in use and its "
        "edge) or strategy (a keep chart fitted to the best play, and what it gives up)",
    )
    payout.add_argument(
        "--out", type=output_path, default=None, metavar="FILE", help="the card's file, with --card"
    )
    payout.add_argument(
        "--target",
        default=None,
        metavar="X",
        help="the player's edge wanted, with --solve or --design: points per round (3, -1/2) "
        "or percent of the points that change hands (3%%; a house edge of 3%%: --target=-3%%)",
    )
    payout.add_argument(
        "--tolerance",
        type=float,
        default=None,
        help="exploitability tolerance of the blind equilibrium (--knowledge blind, "
        "--computer optimal)",
    )
    add_format_arg(payout)
    payout.set_defaults(func=run_payout)


def payout_record(result, rounds: int | None = None, start: int = 10_000) -> dict:
    """The JSON object of ``payout``: ``schedule``, ``computer``, ``expected``, ..."""
    record: dict[str, object] = {
        "rules": result.rules.label(),
        "schedule": result.schedule.label,
        "computer": result.computer,
        "knowledge": result.knowledge,
        "unit": "points per round",
        "expected": optional_fraction_text(result.expected),
        "expected_float": result.expected_float,
        "variance": optional_fraction_text(result.variance),
        "variance_float": result.variance_float,
        "sd_float": result.sd_float,
        "player_paid": result.player_paid,
        "computer_paid": result.computer_paid,
        "nothing_paid": result.nothing_paid,
        "push": result.push,
    }
    if result.edge is not None:
        record.update(result.edge.record())
        record["edge_definition"] = EDGE_DEFINITION
    eq = result.equilibrium
    record.update(dict.fromkeys(EQUILIBRIUM_KEYS))  # null unless the blind game is solved
    if eq is not None:
        record.update(
            {
                "method": eq.method,
                # within the arithmetic's rounding the gap is written 0
                "exploitability": eq.shown_exploitability,
                "tolerance": stated(eq.tolerance),
                "iterations": eq.iterations,
                "converged": eq.converged,
                "value_lower": optional_fraction_text(eq.lower),
                "value_lower_float": None if eq.lower is None else float(eq.lower),
                "value_upper": optional_fraction_text(eq.upper),
                "value_upper_float": None if eq.upper is None else float(eq.upper),
            }
        )
    record.update(dict.fromkeys(SESSION_KEYS))
    if rounds is not None:
        mean, std = result.bank(rounds, start)
        # every round played, as if no bank were ever ruined (``session``: play stops)
        record.update(
            {
                "rounds": rounds,
                "start": start,
                "bank_mean_ignoring_ruin": mean,
                "bank_sd_ignoring_ruin": std,
            }
        )
        if result.expected is not None:
            exact_mean = result.bank_exact(rounds, start)[0]
            record["bank_mean_ignoring_ruin_exact"] = fraction_text(exact_mean)
    # each figure's own unit (``unit``: the points', kept for the readers of one unit)
    # as the JSON writes them (a key left out, None here, has no unit to give)
    names = [key.removesuffix("_float") for key, value in record.items() if value is not None]
    record["units"] = {name: JSON_UNITS[name] for name in names if name in JSON_UNITS}
    return record


#: Keys of the blind equilibrium in ``payout``'s JSON (null when the game is solved otherwise).
EQUILIBRIUM_KEYS = ("method", "exploitability", "tolerance", "iterations", "converged",
                    "value_lower", "value_lower_float", "value_upper",
                    "value_upper_float")  # fmt: skip

#: Keys of the bank after ``--rounds`` in ``payout``'s JSON (null without it).
SESSION_KEYS = ("rounds", "start", "bank_mean_ignoring_ruin", "bank_sd_ignoring_ruin",
                "bank_mean_ignoring_ruin_exact")  # fmt: skip

#: The quantiles of the bank that ``payout --rounds`` prints.


def _check_args(args: argparse.Namespace) -> None:
    from pokerdice_stats.games.progressive.exact.bank_inputs import check_session
    from pokerdice_stats.ground.errors import OptionError

    if args.rounds is None and args.start is not None:
        raise OptionError("--start needs --rounds (the bank after that many rounds)")
    if args.rounds is not None:
        if not 0 <= args.rounds <= BANK_ROUNDS:
            raise OptionError(f"--rounds must be 0 to {BANK_ROUNDS:,}, got {args.rounds:,}")
        if args.start is not None and not 1 <= args.start <= MAX_BANK:
            raise OptionError(f"--start must be 1 to {MAX_BANK:,}, got {args.start:,}")
        check_session(args.rounds, 1 if args.start is None else args.start)
    check_tolerance(args.tolerance)
    if args.tolerance is not None and (args.knowledge, args.computer) != ("blind", "optimal"):
        raise OptionError(
            "--tolerance applies to the blind equilibrium only (--knowledge blind "
            "--computer optimal)"
        )
    searching = args.solve is not None or args.design
    if searching != (args.target is not None):
        raise OptionError("--solve CELL or --design goes with --target X")
    modes = [m for m in ("breakdown", "compare", "solve", "design") if getattr(args, m)]
    if len(modes) > 1:
        raise OptionError("choose one of --breakdown, --compare, --solve and --design")
    if (args.card is None) != (args.out is None):
        raise OptionError("--card pay|strategy and --out FILE go together")
    if args.out is not None and not str(args.out).lower().endswith((".png", ".pdf")):
        raise OptionError(f"--out names the card, a .png or .pdf file, got {args.out!r}")
    if args.card is not None and (modes or (args.knowledge, args.computer) != ("seen", "optimal")):
        raise OptionError(
            "--card draws the schedule in use against the optimal computer, the player seeing "
            "its hand: leave out --breakdown, --compare, --solve, --design, --knowledge and "
            "--computer"
        )
    for key in ("movable", "side", "max_pay", "within"):  # None: not given
        if getattr(args, key) is not None and not args.design:
            raise OptionError(f"--{key.replace('_', '-')} goes with --design")
    if args.compare and args.schedule:
        raise OptionError("--compare names both schedules; leave out --schedule")
    if args.compare and args.schedule_out is not None:
        raise OptionError(
            "--schedule-out writes the one schedule in use, and --compare uses two: leave it "
            "out (each file named to --compare is already a schedule file, or write a preset's "
            "with payout --schedule NAME --schedule-out FILE)"
        )
    if args.rounds is not None and searching:
        raise OptionError(
            "--rounds gives the bank under a schedule in use, and --solve/--design look for a "
            "new one: write it with --schedule-out FILE, then run payout --schedule FILE "
            "--rounds R"
        )


def run_payout(args: argparse.Namespace) -> int:
    """``payout``: the answer, then the notes on any schedule file read (only once the
    answer is given: a refusal stays one line)."""
    notes: list[str] = []
    status = _answer_payout(args, notes)
    for note in notes:
        sys.stderr.write(f"pokerdice-stats: note: {note}\n")
    sys.stderr.flush()
    return status


def _answer_payout(args: argparse.Namespace, notes: list[str]) -> int:
    from pokerdice_stats.games.progressive.exact.payout import (
        STARTING_BANK,
        check_choice,
        check_payout_rules,
    )
    from pokerdice_stats.games.progressive.exact.schedule_files import load_schedule

    given = args.knowledge is not None
    if given:  # the old word "none" is named before any --set
        check_choice(args.computer, args.knowledge)
    rules = rules_from_args(args, {"knowledge": ("--knowledge", args.knowledge)})
    if not given:  # the rules' (--set knowledge=blind plays blind)
        args.knowledge = rules.knowledge
        check_choice(args.computer, args.knowledge)
    _check_args(args)
    check_payout_rules(rules)  # before reading a schedule file: the clearer error first
    start = STARTING_BANK if args.start is None else args.start
    game = {"computer": args.computer, "knowledge": args.knowledge}
    if args.compare:
        from pokerdice_stats.games.progressive.command.compare import compare_record, compare_text

        schedules = [load_schedule(spec) for spec in args.compare]
        for spec, schedule in zip(args.compare, schedules, strict=True):
            notes += _schedule_notes(spec, rules, schedule)
        record = compare_record(rules, schedules, game, args.tolerance, args.rounds, start)
        _write_schedule_out(args, schedules[0], rules)
        _emit(args.format, record, compare_text, "cells")
        return 0
    schedule = load_schedule(args.schedule)
    notes += _schedule_notes(args.schedule, rules, schedule)
    if args.card is not None:
        from pokerdice_stats.games.progressive.report.cards import draw_card

        path = draw_card(args.card, rules, schedule, Path(args.out))
        _write_schedule_out(args, schedule, rules)
        record = card_record(args.card, rules, schedule, path)
        _emit(args.format, record, card_text)
        return 0
    if args.design:
        from pokerdice_stats.games.progressive.command.design import design_text
        from pokerdice_stats.games.progressive.exact.design import design_schedule

        design = design_schedule(
            rules, args.target, schedule=schedule, movable=_or(args.movable, "all"),
            side=_or(args.side, "both"), max_pay=args.max_pay, within=args.within, **game,
        )  # fmt: skip
        _write_schedule_out(args, design.schedule, rules)
        record = design.record()
        _emit(args.format, record, lambda r: design_text(design, r), "changes")
        return 0
    if args.solve is not None:
        from pokerdice_stats.games.progressive.exact.fair_pay import solve_pay

        solved = solve_pay(rules, args.solve, args.target, schedule=schedule, **game)
        _write_schedule_out(args, solved.schedule, rules)
        record = solved.record()
        _emit(args.format, record, solve_text)
        return 0
    _write_schedule_out(args, schedule, rules)
    if args.breakdown:
        from pokerdice_stats.games.progressive.exact.breakdown import payout_breakdown

        breakdown = payout_breakdown(rules, schedule=schedule, tolerance=args.tolerance, **game)
        record = breakdown.record()
        record["session"] = None
        if args.rounds is not None:
            record["session"] = _session(breakdown.outcomes, args.rounds, start)
        _emit(args.format, record, lambda r: breakdown_text(breakdown, r), "cells")
        return 0
    from pokerdice_stats.games.progressive.exact.payout import payout_result, round_outcomes

    outcomes = round_outcomes(rules, schedule=schedule, tolerance=args.tolerance, **game)
    record = payout_record(payout_result(outcomes), args.rounds, start)
    record["session"] = None
    if args.rounds is not None:
        record["session"] = _session(outcomes, args.rounds, start)
    if args.format != "table":
        _emit(args.format, record, str)
        return 0
    session = record.pop("session", None)
    definition = record.pop("edge_definition", None)
    optional = (*EQUILIBRIUM_KEYS, *SESSION_KEYS)  # null-filled for JSON's stable keys
    if session:  # its own lines give the bank with ruin; these keys (JSON's) would not
        record = {k: v for k, v in record.items() if k not in SESSION_KEYS}
    text = render(pd.DataFrame(decimal_rows(record, optional)), "table")
    if definition:
        text += f"\n{definition}\n"
    emit(text + (session_text(session) if session else ""))
    return 0


def _schedule_notes(spec, rules, schedule) -> list[str]:
    """What a designer should hear of a schedule file (a winner 004 pays with no column,
    cells out of order); 004's own schedule has nothing to say."""
    from pokerdice_stats.games.progressive.exact.design_table import schedule_notes
    from pokerdice_stats.games.progressive.exact.schedule_files import SEED_NAME

    if spec is None or str(spec).strip() == SEED_NAME:
        return []
    return [f"{spec}: {note}" for note in schedule_notes(rules, schedule)]


def _or(value, default):
    """``value``, or ``default`` when the option was not given (None)."""
    return default if value is None else value


def card_record(card: str, rules, schedule, path) -> dict:
    """The JSON object of ``payout --card pay|strategy --out FILE``: what was drawn, where."""
    return {
        "card": card,
        "rules": rules.label(),
        "schedule": schedule.label,
        "computer": "optimal",
        "knowledge": "seen",
        "format": Path(path).suffix.lstrip(".").lower(),
        "path": str(path),
    }


#: The figures of a payout answer that are chances (Markdown writes them in percent), at
#: any depth: a row's column, a figure (``player_paid``), a nested one (``session.ruin``,
#: ``totals.player_paid.a``).
PAYOUT_CHANCES = tuple(
    pattern
    for name in (
        "player_paid", "computer_paid", "nothing_paid", "push", "probability",
        "probability_a", "probability_b", "variance_share", "variance_share_a",
        "variance_share_b", "ruin", "ahead", "level",
    )
    for pattern in (name, f"*.{name}", f"{name}.*", f"*.{name}.*")
)  # fmt: skip


def _emit(fmt: str, record: dict, text, key: str | None = None) -> None:
    """Write a payout answer: a plain table by ``text(record)``; JSON, CSV and Markdown by
    the one rule of every answer (:func:`~pokerdice_stats.engines.cli.emit_record`: the
    rows under ``key``, each carrying the answer's context in CSV; Markdown the figures,
    then the rows, the :data:`PAYOUT_CHANCES` in percent)."""
    if fmt == "table":
        emit(text(record))
        return
    emit_record(record, fmt, key, PAYOUT_CHANCES)


def _session(outcomes, rounds: int, start: int) -> dict:
    from pokerdice_stats.games.progressive.exact.bank import bank_distribution

    # a start below the ruin line is refused there, as `simulate --what session` refuses it
    return bank_session_record(bank_distribution(outcomes=outcomes, rounds=rounds, start=start))


def _write_schedule_out(args: argparse.Namespace, schedule, rules) -> None:
    if args.schedule_out is not None:
        from pokerdice_stats.games.progressive.exact.schedule_files import write_schedule

        write_schedule(schedule, args.schedule_out, rules)
