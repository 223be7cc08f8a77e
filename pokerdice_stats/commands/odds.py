"""``pokerdice-stats odds``, ``classify`` and ``compare``: one throw, one hand."""

from __future__ import annotations

import argparse
import math

from pokerdice_stats.engines.cli import (
    add_format_arg,
    add_rules_args,
    emit,
    emit_record,
    emit_rows,
    json_answer,
    rules_from_args,
)
from pokerdice_stats.ground.numbers import chance_percent
from pokerdice_stats.turn.compare import compare_hands
from pokerdice_stats.turn.hands import hand_table

#: Columns of the JSON contract of ``odds --format json``.
JSON_COLUMNS = {
    "category": ["category", "count", "probability", "at_least"],
    "hand": ["hand", "category", "strength", "count", "probability", "at_least"],
}


def register(subparsers) -> None:
    odds = subparsers.add_parser(
        "odds",
        help="exact single-throw odds of every category or hand",
        description="The exact chance of each category (or each hand, --by hand) in one "
        "throw of five dice under the rules: the count of the 7,776 throws, the chance, one "
        "in how many, and the chance of this or better.",
    )
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
    add_format_arg(classify)
    classify.set_defaults(func=run_classify)

    compare = subparsers.add_parser("compare", help="which hand wins, and what decided it")
    compare.add_argument("dice", nargs="+", help="two or more hands")
    add_rules_args(compare)
    add_format_arg(compare)
    compare.set_defaults(func=run_compare)


def run_odds(args: argparse.Namespace) -> int:
    from pokerdice_stats.turn.odds import category_rows, hand_rows

    rules = rules_from_args(args)
    rows = category_rows(rules) if args.by == "category" else hand_rows(rules)
    if args.format == "table":
        emit(f"rules {rules.label()}: one throw of five dice")
        emit_rows(percent_rows(rows), right=PERCENT_COLUMNS)
        emit(
            "chance %: of one throw of five dice (count: throws out of 7776); at least %: "
            "this or better;\nexact fractions: --format csv or json"
        )
        return 0
    keys = JSON_COLUMNS[args.by] + JSON_FLOATS
    context = {"rules": rules.label(), "by": args.by, "throws": 1, "unit": ODDS_UNIT}
    record = json_answer(context, [{k: row[k] for k in keys} for row in rows])
    emit_record(record, args.format, "rows", ("probability", "at_least"))
    return 0


#: What the figures of ``odds`` are (``count``: throws out of 7776).
ODDS_UNIT = "chance of one throw of five dice (count: throws out of 7776)"

#: Float companions of the exact columns in ``odds --format json``.
JSON_FLOATS = ["probability_float", "at_least_float"]


#: The plain table's columns: a row's key to the column's name (chances in percent).
PERCENT_NAMES = {
    "hand": "hand",
    "category": "category",
    "name": "name",
    "count": "count",
    "probability": "chance %",
    "one_in": "one in",
    "at_least": "at least %",
    "exactly": "exactly %",
    "final": "final %",
}
#: Columns of the plain table that are right-aligned.
PERCENT_COLUMNS = ("count", "chance %", "one in", "at least %", "exactly %", "final %")
#: Chances, written in percent.
PERCENT_KEYS = ("probability", "at_least", "exactly", "final")


def percent_rows(rows: list[dict]) -> list[dict]:
    """Rows for a plain-text table: chances in percent (4 significant digits), the
    counts whole, "one in" to 4 significant digits ("never" for a hand no throw makes)."""
    out = []
    for row in rows:
        shown = {}
        for key, name in PERCENT_NAMES.items():
            if key not in row:
                continue
            value = row[key]
            if key in PERCENT_KEYS:
                shown[name] = chance_percent(value)
            elif key == "one_in":  # a hand that cannot be thrown: never, not "one in inf"
                shown[name] = "never" if math.isinf(float(value)) else f"{float(value):.4g}"
            else:
                shown[name] = value
        out.append(shown)
    return out


def run_classify(args: argparse.Namespace) -> int:
    rules = rules_from_args(args)
    table = hand_table(rules)
    h = table.hand(args.dice)
    record = {
        "rules": rules.label(),
        "hand": table.format(h),
        "category": table.category_slug(h),
        "description": table.describe(h),
        "strength": int(table.strength[h]),
        "strengths": int(table.n_strengths),
        "strength_unit": (
            "rank among the rule set's strengths, 0 to strengths - 1: the higher wins, equal tie"
        ),
    }
    if args.format == "table":
        emit(f"{record['hand']}: {record['description']}")
    else:
        emit_record(record, args.format)
    return 0


#: What each tie rule does with an exact tie for the best hand of a round.
TIE_OUTCOMES = {
    "roll-off": "the tied players throw again, in seat order, until one wins",
    "must-beat": "a later hand that only ties does not beat it: the earlier hand stands",
    "split": "the tied players share the pot",
    "push": "nobody pays: a push",
}


def run_compare(args: argparse.Namespace) -> int:
    rules = rules_from_args(args)
    table = hand_table(rules)
    result = compare_hands(table, args.dice)
    tied = len(result.winners) > 1
    outcome = f"under ties={rules.ties}, {TIE_OUTCOMES[rules.ties]}" if tied else None
    if args.format != "table":
        record = {
            "rules": rules.label(),
            "hands": [table.format(d) for d in args.dice],
            "categories": [table.category_slug(d) for d in args.dice],
            "winners": [i + 1 for i in result.winners],
            "decided_by": result.decided_by,
            "reason": result.reason,
            "ties": rules.ties,
            "tie_outcome": outcome,
        }
        emit_record(record, args.format)
        return 0
    for i, dice in enumerate(args.dice):
        mark = "*" if i in result.winners else " "
        emit(f"{mark} {i + 1}. {table.format(dice)}: {table.describe(dice)}")
    emit(result.reason)
    if outcome:
        emit(f"{outcome} (in a round)")
    return 0
