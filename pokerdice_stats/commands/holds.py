"""``pokerdice-stats hold``, ``chances`` and ``strategy``: the optimal-hold program."""

from __future__ import annotations

import argparse
from pathlib import Path

import pandas as pd

from pokerdice_stats.commands._common import (
    add_format_arg,
    add_rules_args,
    emit,
    emit_frame,
    rules_from_args,
)
from pokerdice_stats.errors import OptionError
from pokerdice_stats.formats import fraction_text, render, to_json
from pokerdice_stats.rules import MAX_THROWS

#: Keys of each object of ``hold --format json``.
HOLD_JSON_KEYS = ("keep", "rethrow", "value", "value_float", "optimal")
#: Keys of each object of ``chances --format json`` without a goal.
CHANCES_JSON_KEYS = ("category", "at_least", "exactly")

GOAL_HELP = (
    'what to play for: at-least:CATEGORY, exactly:CATEGORY, beat:"DICE"[,tie=P] '
    "or score:FILE.toml (default: at-least the best category)"
)


def register(subparsers) -> None:
    hold = subparsers.add_parser(
        "hold", help="every distinct hold of a hand, best first, with its exact value"
    )
    hold.add_argument("dice", help='the five dice showing, e.g. "K K J 10 9"')
    hold.add_argument(
        "--throws-left",
        type=int,
        default=None,
        metavar="N",
        help="throws still to come (default: throws a turn - 1)",
    )
    hold.add_argument("--goal", default=None, metavar="G", help=GOAL_HELP)
    hold.add_argument(
        "--aside",
        default=None,
        metavar="DICE",
        help="dice already set aside (only with --set sticky_holds=true)",
    )
    add_rules_args(hold)
    add_format_arg(hold, ("table", "json"))
    hold.set_defaults(func=run_hold)

    chances = subparsers.add_parser(
        "chances", help="best chance of each category in a turn, or one goal's value"
    )
    chances.add_argument("--goal", default=None, metavar="G", help=GOAL_HELP + "; omit for all")
    chances.add_argument(
        "--throws", type=int, default=None, metavar="N", help="throws a turn (default: the rules')"
    )
    add_rules_args(chances)
    add_format_arg(chances)
    chances.set_defaults(func=run_chances)

    strategy = subparsers.add_parser(
        "strategy", help="the whole optimal policy of a goal, as CSV and as a chart"
    )
    strategy.add_argument("--goal", default=None, metavar="G", help=GOAL_HELP)
    strategy.add_argument("--out", required=True, metavar="DIR", help="folder to write into")
    add_rules_args(strategy)
    strategy.set_defaults(func=run_strategy)


def _rules_with_throws(rules, throws: int | None):
    """The rules with ``--throws`` throws a turn, refused as ``--set throws=N`` would be."""
    from pokerdice_stats.chances import with_throws
    from pokerdice_stats.errors import RulesError

    if throws is None:
        return rules
    if not 1 <= throws <= MAX_THROWS:
        raise OptionError(f"--throws must be 1 to {MAX_THROWS}, got {throws}")
    try:
        return with_throws(rules, throws)
    except RulesError as err:
        raise RulesError(f"--throws {throws}: {err}") from None


def hold_frame(
    rules, dice: str, goal_text: str | None, throws_left: int | None, aside_text: str | None
):
    """The alternatives of a hand (best first) and a one-line heading."""
    from pokerdice_stats import indexing as ix
    from pokerdice_stats.dice import format_counts
    from pokerdice_stats.goals import parse_goal
    from pokerdice_stats.hands import hand_table
    from pokerdice_stats.holds import solve
    from pokerdice_stats.turn_states import parse_aside

    table = hand_table(rules)
    hand = table.hand(dice)
    goal = parse_goal(goal_text, table)
    if throws_left is None:
        throws_left = rules.throws - 1
    if not 0 <= throws_left < rules.throws:
        raise OptionError(
            f"--throws-left must be 0 to {rules.throws - 1} with {rules.throws} throws a turn "
            "(change the turn with --set throws=N)"
        )
    aside = parse_aside(aside_text, rules, throws_left)
    policy = solve(rules, goal, throws=max(throws_left + 1, 1))
    frame = policy.alternatives(hand, throws_left, 0, aside)
    heading = (
        f"{table.format(hand)} ({table.describe(hand)}); {throws_left} throw"
        f"{'' if throws_left == 1 else 's'} left; goal {goal.name}"
    )
    if aside is not None:
        heading += f"; set aside: {format_counts(ix.KEEP_COUNTS[aside], rules) or 'nothing'}"
    return frame, heading


def run_hold(args: argparse.Namespace) -> int:
    rules = rules_from_args(args)
    frame, heading = hold_frame(rules, args.dice, args.goal, args.throws_left, args.aside)
    if args.format == "json":
        emit(to_json(frame[list(HOLD_JSON_KEYS)]))
        return 0
    shown = pd.DataFrame(
        {
            "keep": [k if k else "(none)" for k in frame["keep"]],
            "rethrow": [r if r else "stand" for r in frame["rethrow"]],
            "value": [fraction_text(v) for v in frame["value"]],
            "decimal": [f"{v:.6f}" for v in frame["value_float"]],
            "optimal": ["*" if o else "" for o in frame["optimal"]],
        }
    )
    emit(heading)
    emit(shown.to_string(index=False))
    return 0


def run_chances(args: argparse.Namespace) -> int:
    from pokerdice_stats.chances import chances_table, goal_chances
    from pokerdice_stats.goals import parse_goal
    from pokerdice_stats.hands import hand_table

    rules = _rules_with_throws(rules_from_args(args), args.throws)
    if args.goal is None:
        frame = chances_table(rules)
        if args.format == "json":
            frame = frame[list(CHANCES_JSON_KEYS)]
        emit_frame(frame, args.format)
        return 0
    result = goal_chances(rules, parse_goal(args.goal, hand_table(rules)))
    if args.format == "json":
        emit(to_json(result.as_record()))
        return 0
    frame = pd.DataFrame(
        {
            "category": list(result.final),
            "final": list(result.final.values()),
            "final_float": [float(v) for v in result.final.values()],
        }
    )
    if args.format in ("csv", "markdown"):
        emit(render(frame, args.format))
        return 0
    emit(
        f"goal {result.goal}, {result.throws} throws: value {fraction_text(result.value)}"
        f" = {float(result.value):.6f}"
    )
    emit("final category under this play:")
    emit_frame(frame, "table")
    return 0


def run_strategy(args: argparse.Namespace) -> int:
    from pokerdice_stats.formats import to_csv
    from pokerdice_stats.goals import parse_goal
    from pokerdice_stats.hands import hand_table
    from pokerdice_stats.holds import solve
    from pokerdice_stats.reporting import write_text
    from pokerdice_stats.reporting.strategy_charts import goal_stem, plot_strategy
    from pokerdice_stats.strategy_table import strategy_frame

    rules = rules_from_args(args)
    goal = parse_goal(args.goal, hand_table(rules))
    policy = solve(rules, goal)
    frame = strategy_frame(policy)
    out = Path(args.out)
    if out.exists() and not out.is_dir():
        raise OptionError(f"--out {out} is a file, not a folder")
    stem = goal_stem(goal.name)
    csv_path = write_text(out / f"{stem}.csv", to_csv(frame))
    png_path = plot_strategy(frame, rules, goal.name, out / f"{stem}.png", policy.value())
    emit(f"wrote {csv_path}")
    emit(f"wrote {png_path}")
    return 0
