"""``pokerdice-stats odds``, ``classify`` and ``compare``: one throw, one hand."""

from __future__ import annotations

import argparse

from pokerdice_stats.commands._common import (
    add_format_arg,
    add_rules_args,
    emit,
    emit_frame,
    rules_from_args,
)
from pokerdice_stats.compare import compare_hands
from pokerdice_stats.formats import to_json
from pokerdice_stats.hands import hand_table

#: Columns of the JSON contract of ``odds --format json``.
JSON_COLUMNS = {
    "category": ["category", "count", "probability", "at_least"],
    "hand": ["hand", "category", "strength", "count", "probability", "at_least"],
}


def register(subparsers) -> None:
    odds = subparsers.add_parser("odds", help="exact single-throw odds of every category or hand")
    add_rules_args(odds)
    odds.add_argument(
        "--by",
        choices=("category", "hand"),
        default="category",
        help="one row per category or per distinct hand",
    )
    add_format_arg(odds)
    odds.set_defaults(func=run_odds)

    classify = subparsers.add_parser("classify", help="the category of a hand, in words")
    classify.add_argument("dice", help='five dice, e.g. "K K J 10 9" or KKJT9')
    add_rules_args(classify)
    add_format_arg(classify, ("table", "json"))
    classify.set_defaults(func=run_classify)

    compare = subparsers.add_parser("compare", help="which hand wins, and what decided it")
    compare.add_argument("dice", nargs="+", help="two or more hands")
    add_rules_args(compare)
    add_format_arg(compare, ("table", "json"))
    compare.set_defaults(func=run_compare)


def run_odds(args: argparse.Namespace) -> int:
    from pokerdice_stats.odds import odds_by_category, odds_by_hand

    rules = rules_from_args(args)
    frame = odds_by_category(rules) if args.by == "category" else odds_by_hand(rules)
    if args.format == "json":
        frame = frame[JSON_COLUMNS[args.by]]
    emit_frame(frame, args.format)
    return 0


def run_classify(args: argparse.Namespace) -> int:
    table = hand_table(rules_from_args(args))
    h = table.hand(args.dice)
    record = {
        "hand": table.format(h),
        "category": table.category_slug(h),
        "description": table.describe(h),
        "strength": int(table.strength[h]),
    }
    if args.format == "json":
        emit(to_json(record))
    else:
        emit(f"{record['hand']}: {record['description']}")
    return 0


def run_compare(args: argparse.Namespace) -> int:
    table = hand_table(rules_from_args(args))
    result = compare_hands(table, args.dice)
    if args.format == "json":
        emit(
            to_json(
                {
                    "hands": [table.format(d) for d in args.dice],
                    "categories": [table.category_slug(d) for d in args.dice],
                    "winners": [i + 1 for i in result.winners],
                    "decided_by": result.decided_by,
                    "reason": result.reason,
                }
            )
        )
        return 0
    for i, dice in enumerate(args.dice):
        mark = "*" if i in result.winners else " "
        emit(f"{mark} {i + 1}. {table.format(dice)}: {table.describe(dice)}")
    emit(result.reason)
    return 0
