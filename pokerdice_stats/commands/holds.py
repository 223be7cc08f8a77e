"""``pokerdice-stats hold``, ``chances`` and ``strategy``: the optimal-hold program (the
``strategy`` answer itself: :mod:`pokerdice_stats.commands.strategy`)."""

from __future__ import annotations

import argparse

from pokerdice_stats.commands.hold_question import goal_default_reason, hold_advice
from pokerdice_stats.commands.strategy import run_strategy
from pokerdice_stats.engines.cli import (
    EXACT_CHOICES,
    EXACT_HELP,
    EXACT_SLOW,
    FORMATS,
    GOAL_FORMS,
    GOAL_HELP,
    add_format_arg,
    add_rules_args,
    emit,
    output_path,
    rules_from_args,
    whole_number,
)
from pokerdice_stats.ground.errors import OptionError
from pokerdice_stats.ground.numbers import plural
from pokerdice_stats.turn.rule_fields import MAX_THROWS

#: Keys of each row of ``holds`` in ``hold --format json``.
HOLD_JSON_KEYS = ("keep", "rethrow", "value", "value_float", "optimal")
#: Sides of the progressive game (``hold --as``).
PROGRESSIVE_SIDES = ("player", "computer")
#: Where ``hold`` plays for a goal by default rather than to win the round.
GOAL_DEFAULT_WHERE = (
    "under rules whose rounds are seen, --to-win; under blind rules, sticky_holds=true or a "
    "turn-scoped max_rethrow, or with --aside or --untouched, at-least the best category"
)
HOLD_DESCRIPTION = (
    "Every distinct hold of a thrown hand, best first, with its value. The goal is --goal (a "
    "final hand to reach), --to-win (the chance of winning the round: --against the best hand "
    f"so far, --tied, --players-left, --limit, --exact; default: {GOAL_DEFAULT_WHERE}) or, "
    "under --rules progressive, the expected payout in points per round (--computer-hand for "
    "the player's hold, --as computer for the computer's). --distribution adds the chance of "
    "each final category after each hold."
)
#: Keys of each object of ``chances --format json`` without a goal.
CHANCES_JSON_KEYS = ("category", "at_least", "exactly")


def register(subparsers) -> None:
    hold = subparsers.add_parser(
        "hold",
        help="every distinct hold of a hand, best first, with its exact value",
        description=HOLD_DESCRIPTION,
    )
    hold.add_argument(
        "dice", nargs="?", default=None, help='the five dice showing, e.g. "K K J 10 9"'
    )
    hold.add_argument(
        "--dice",
        dest="dice_option",
        default=None,
        metavar="DICE",
        help="the same dice as an option, as round, betting and banking take them",
    )
    hold.add_argument(
        "--throws-left",
        type=whole_number,
        default=None,
        metavar="N",
        help="throws still to come (default: throws a turn - 1, or the first player's - 1)",
    )
    hold.add_argument(
        "--goal", default=None, metavar="G", help=f"{GOAL_FORMS} (default: {GOAL_DEFAULT_WHERE})"
    )
    hold.add_argument(
        "--aside",
        default=None,
        metavar="DICE",
        help="dice already set aside (only with --set sticky_holds=true)",
    )
    hold.add_argument(
        "--untouched",
        default=None,
        metavar="DICE",
        help="dice of the first throw never thrown again (under max_rethrow_scope=turn with "
        "max_rethrow below 5, after a re-throw)",
    )
    win = hold.add_argument_group(
        "win the round", "the chance of winning the round instead of a goal (rules seen)"
    )
    win.add_argument("--to-win", action="store_true", help="play to win the round")
    win.add_argument("--against", default=None, metavar="DICE", help="the best hand so far")
    win.add_argument(
        "--tied",
        type=whole_number,
        default=None,
        metavar="K",
        help="earlier players holding it (default 1)",
    )
    win.add_argument(
        "--players-left",
        type=whole_number,
        default=None,
        metavar="N",
        help="players still to throw after you (default: 1 throwing first, else 0)",
    )
    win.add_argument(
        "--limit",
        type=whole_number,
        default=None,
        metavar="T",
        help="under throw_limit=first-player: the throws the first player took",
    )
    win.add_argument(
        "--exact",
        default=None,
        choices=EXACT_CHOICES,
        help=f"with --to-win: {EXACT_HELP}; as round --exact; {EXACT_SLOW} the first "
        "time (the tables are saved: later calls take under a second)",
    )
    prog = hold.add_argument_group(
        "progressive (004)", "points per round against the computer (--rules progressive)"
    )
    prog.add_argument(
        "--computer-hand",
        default=None,
        metavar="DICE",
        help="the computer's final hand: the player's hold for the best expected payout",
    )
    prog.add_argument(
        "--as",
        dest="side",
        default=None,
        choices=PROGRESSIVE_SIDES,
        help="whose hold: player (needs --computer-hand) or computer (the optimal computer's)",
    )
    hold.add_argument(
        "--distribution",
        action="store_true",
        help="also the chance of each final category after each hold",
    )
    add_rules_args(hold)
    add_format_arg(hold)
    hold.set_defaults(func=run_hold)

    chances = subparsers.add_parser(
        "chances",
        help="best chance of each category in a turn, or one goal's value",
        description="The best chance of ending a turn with at least (and exactly) each "
        "category, holding optimally for each one from the first throw; with --goal, that "
        "goal's value over a whole turn and the chance of each final category.",
    )
    chances.add_argument(
        "--goal",
        default=None,
        metavar="G",
        help=GOAL_FORMS + " (default: none: the table of every category)",
    )
    chances.add_argument(
        "--throws",
        type=whole_number,
        default=None,
        metavar="N",
        help="throws a turn (default: the rules')",
    )
    add_rules_args(chances)
    add_format_arg(chances)
    chances.set_defaults(func=run_chances)

    strategy = subparsers.add_parser(
        "strategy",
        help="the whole optimal policy of a goal: printed, or written as CSV and a chart",
        description="The best hold of every first-throw hand, for each number of throws "
        "left, playing for one goal (--goal), with the value of a turn played so and the "
        "runner-up hold; printed, or written with --out DIR as a CSV and a chart.",
    )
    strategy.add_argument("--goal", default=None, metavar="G", help=GOAL_HELP)
    written = strategy.add_mutually_exclusive_group()
    written.add_argument(
        "--out",
        type=output_path,
        metavar="DIR",
        help="write the policy's CSV and chart into this folder instead of printing it",
    )
    written.add_argument(
        "--format",
        choices=FORMATS,
        default=None,
        help="print the policy in this format (default: table)",
    )
    add_rules_args(strategy)
    strategy.set_defaults(func=run_strategy)


def _rules_with_throws(rules, throws: int | None):
    """The rules with ``--throws`` throws a turn, refused as ``--set throws=N`` would be."""
    from pokerdice_stats.ground.errors import RulesError
    from pokerdice_stats.turn.chances import with_throws

    if throws is None:
        return rules
    if not 1 <= throws <= MAX_THROWS:
        raise OptionError(f"--throws must be 1 to {MAX_THROWS}, got {throws}")
    try:
        return with_throws(rules, throws)
    except RulesError as err:
        raise RulesError(f"--throws {throws}: {err}") from None


def hold_record(advice, distribution=None, goal_default: bool = False) -> dict:
    """``hold --format json``: the context, then the holds (exact "p/q" beside floats)."""
    from pokerdice_stats.ground.formats import fraction_text
    from pokerdice_stats.turn.hands import hand_table

    table = hand_table(advice.rules)
    rows = []
    for i, row in enumerate(advice.rows):
        value = row["value"]
        out = {
            "keep": row["keep"],
            "rethrow": row["rethrow"],
            "value": fraction_text(value) if advice.exact else float(value),
            "value_float": float(value),
            "optimal": bool(row["optimal"]),
        }
        out["final"] = None
        out["final_float"] = None
        if distribution is not None:
            out["final"] = {k: fraction_text(v) for k, v in distribution[i].items()}
            out["final_float"] = {k: float(v) for k, v in distribution[i].items()}
        rows.append(out)
    record = {
        "hand": table.format(advice.hand),
        "category": table.category_slug(advice.hand),
        "rules": advice.rules.label(),
        "goal": advice.goal,
        "goal_default": goal_default,
        "unit": advice.unit,
        "final_unit": None if distribution is None else "chance",
        "throws_left": advice.throws_left,
        "exact": advice.exact,
        **{key: advice.context.get(key) for key in HOLD_CONTEXT_KEYS},
        **_state_dice(advice),
        "holds": rows,
    }
    return record


def _state_dice(advice) -> dict[str, str | None]:
    """The dice the turn's state carries: ``aside`` (sticky holds) or ``untouched``
    (turn-scoped ``max_rethrow``), when the advice was given for some."""
    from pokerdice_stats.ground import indexing as ix
    from pokerdice_stats.turn.dice import format_counts
    from pokerdice_stats.turn.states import state_kind

    kind = state_kind(advice.rules)
    shown = (
        None if advice.aside is None else format_counts(ix.KEEP_COUNTS[advice.aside], advice.rules)
    )
    return {
        "aside": shown if kind == "aside" else None,
        "untouched": shown if kind == "original" else None,
    }


#: The context keys of ``hold --format json``, always given (null where they do not
#: apply: the round's with ``--to-win``, the progressive game's with ``--computer-hand``
#: or ``--as``; ``limit`` only under ``throw_limit=first-player``).
HOLD_CONTEXT_KEYS = (
    "against", "tied", "players_left", "seat", "players", "ties", "limit",
    "side", "schedule", "computer_hand",
)  # fmt: skip


def dice_given(positional: str | None, option: str | None) -> str:
    """The dice of ``hold``, given bare or as ``--dice`` (as the other commands take them).

    Raises
    ------
    OptionError
        With no dice, or with dice given both ways (even the same: give them once).

    Examples
    --------
    >>> dice_given("K K J 10 9", None), dice_given(None, "K K J 10 9")
    ('K K J 10 9', 'K K J 10 9')
    """
    if positional is not None and option is not None:
        raise OptionError(
            f"the dice are given twice, {positional!r} and --dice {option!r}: give them once"
        )
    dice = positional if positional is not None else option
    if dice is None:
        raise OptionError('give the five dice showing: hold "K K J 10 9" (or --dice "K K J 10 9")')
    return dice


def run_hold(args: argparse.Namespace) -> int:
    from pokerdice_stats.engines.cli import emit_record, emit_rows
    from pokerdice_stats.ground.numbers import chance_percent, fixed_text, short_fraction
    from pokerdice_stats.turn.advice import UNIT_CHANCE, hold_distribution
    from pokerdice_stats.turn.hands import hand_table

    args.dice = dice_given(args.dice, args.dice_option)
    rules = rules_from_args(args)
    advice = hold_advice(args, rules)
    distribution = hold_distribution(advice) if args.distribution else None
    if args.format != "table":  # Markdown writes the chances (value, final categories) in %
        chances = ("value", "final.*") if advice.unit == UNIT_CHANCE else ("final.*",)
        record = hold_record(advice, distribution, args.goal_default)
        emit_record(record, args.format, "holds", chances)
        return 0
    table = hand_table(rules)
    left = advice.throws_left
    emit(
        f"{table.format(advice.hand)} ({table.describe(advice.hand)}); {left} throw"
        f"{'' if left == 1 else 's'} left; rules {rules.label()}"
    )
    emit(_goal_line(args, advice))
    value_name = "win %" if args.to_win else ("chance %" if advice.unit == "chance" else "points")
    exact = "fraction" if "%" in value_name else "exact"  # a chance's fraction: 0 to 1, not %
    rows = []
    for i, row in enumerate(advice.rows):
        value = row["value_float"]  # a chance (shown in percent: "%" in its name) or points
        shown = {
            "keep": row["keep"] or "(none)",
            "rethrow": row["rethrow"] or "stand",
            value_name: chance_percent(value, 6) if "%" in value_name else fixed_text(value, ".6f"),
            exact: short_fraction(row["value"]) if advice.exact else "",
            "optimal": "*" if row["optimal"] else "",
        }
        if distribution is not None:
            for c, chance in enumerate(distribution[i].values()):
                shown[rules.categories[c].short] = chance_percent(chance, digits=3)
        rows.append(shown)
    if not advice.exact or distribution is not None or any("…" in row[exact] for row in rows):
        for row in rows:
            del row[exact]
    if distribution is not None:
        legend = ", ".join(f"{c.short} {c.name.lower()}" for c in rules.categories)
        emit(f"category columns: the chance in percent of ending the turn in it ({legend})")
    shorts = tuple(c.short for c in rules.categories)
    emit_rows(rows, right=(value_name, exact, "rethrow", *shorts))
    if advice.exact and not any(exact in row for row in rows):
        emit("exact fractions: --format json")
    return 0


def _goal_line(args: argparse.Namespace, advice) -> str:
    """The goal in words, with its unit (and that it is the default, when it is)."""
    context = advice.context
    if args.to_win:
        if context["against"] is None:
            facing = f"throwing first, {plural(context['players_left'], 'player')} after you"
            if "limit" in context:
                facing += "; standing now holds every later player to this many throws"
        else:
            facing = f"against {context['against']}"
            if context["tied"] > 1:
                facing += f" held by {context['tied']} players"
            facing += f", {plural(context['players_left'], 'player')} after you"
            if context.get("limit") is not None:
                facing += f", {plural(context['limit'], 'throw')} allowed"
        default = (
            "; the default goal of this game: --goal G plays for a final hand instead"
            if args.goal_default
            else ""
        )
        return (
            f"goal: win the round ({facing}; ties={context['ties']}{default}); "
            "values: chance of winning, in percent"
        )
    if advice.unit == "points per round":
        whose = " won by the computer" if advice.context.get("side") == "computer" else ""
        return f"goal: {advice.goal}; values: points per round{whose}"
    default = (
        f" (the default here: {goal_default_reason(args, advice.rules)}; --goal G names another)"
        if args.goal is None
        else ""
    )
    unit = "chance, in percent" if advice.unit == "chance" else advice.unit
    return f"goal: {advice.goal}{default}; values: {unit}"


def run_chances(args: argparse.Namespace) -> int:
    from pokerdice_stats.commands.odds import PERCENT_COLUMNS, percent_rows
    from pokerdice_stats.engines.cli import emit_record, emit_rows, json_answer
    from pokerdice_stats.ground.numbers import short_fraction
    from pokerdice_stats.turn.chances import chances_rows, goal_chances
    from pokerdice_stats.turn.goals import parse_goal
    from pokerdice_stats.turn.hands import hand_table

    rules = rules_from_args(args, {"throws": ("--throws", args.throws)})
    rules = _rules_with_throws(rules, args.throws)
    if args.goal is None:
        rows = chances_rows(rules)
        if args.format != "table":
            keys = (*CHANCES_JSON_KEYS, "at_least_float", "exactly_float")
            context = {
                "rules": rules.label(),
                "throws": rules.throws,
                "unit": "chance of a turn played for that goal",
            }
            record = json_answer(context, [{k: row[k] for k in keys} for row in rows])
            emit_record(record, args.format, "rows", ("at_least", "exactly"))
            return 0
        label = rules.label()  # a changed number of throws is in it already
        emit(f"rules {label}" + ("" if "throws=" in label else f"; throws {rules.throws}"))
        emit_rows(percent_rows(rows), right=PERCENT_COLUMNS)
        emit(
            "at least %, exactly %: the best chance of a whole turn played for that goal;"
            "\nexact fractions: --format csv or json"
        )
        return 0
    result = goal_chances(rules, parse_goal(args.goal, hand_table(rules)))
    if args.format != "table":  # the goal's value is a chance or points; final: chances
        record = {"rules": rules.label(), **result.as_record(), "final_unit": "chance"}
        chances = ("value", "final.*") if result.is_probability else ("final.*",)
        emit_record(record, args.format, None, chances)
        return 0
    rows = [
        {"category": slug, "final": chance, "final_float": float(chance)}
        for slug, chance in result.final.items()
    ]
    unit = "chance" if result.is_probability else "points"
    shown = (
        f"{100 * float(result.value):.4g}%" if unit == "chance" else f"{float(result.value):.6g}"
    )
    emit(
        f"goal {result.goal}, {result.throws} throws, rules {rules.label()}: value ({unit}) "
        f"{shown} (exact {short_fraction(result.value)})"
    )
    emit("final category under this play (final %: chance of ending the turn in it):")
    emit_rows(percent_rows(rows), right=PERCENT_COLUMNS)
    return 0
