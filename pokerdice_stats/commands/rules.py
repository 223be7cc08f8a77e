"""``pokerdice-stats rules list|show``: the presets and every setting in force."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from pokerdice_stats.engines.cli import (
    add_format_arg,
    add_rules_args,
    emit,
    emit_frame,
    emit_record,
    output_path,
    rules_from_args,
)
from pokerdice_stats.ground.errors import OptionError, shorten
from pokerdice_stats.ground.formats import render
from pokerdice_stats.turn.rules import OPTION_KEYS, PRESET_SOURCES, PRESETS

if TYPE_CHECKING:
    import pandas as pd
else:  # imported on first use: the quick commands never load pandas
    from pokerdice_stats.engines.cli import lazy_pandas as pd


def register(subparsers) -> None:
    parser = subparsers.add_parser("rules", help="list the presets or show a rule set's settings")
    actions = parser.add_subparsers(dest="rules_action", required=True, metavar="ACTION")
    listing = actions.add_parser("list", help="the presets")
    add_format_arg(listing)
    listing.set_defaults(func=run_list)
    show = actions.add_parser("show", help="every setting of a rule set")
    show.add_argument(
        "name",
        nargs="?",
        default=None,
        help=f"a preset ({', '.join(PRESETS)}) or a TOML rule file (or --rules R)",
    )
    add_rules_args(show)
    add_format_arg(show)
    show.set_defaults(func=run_show, rules=None)  # None: --rules not given (see run_show)
    compare = actions.add_parser(
        "compare",
        help="two rule sets side by side: odds, a turn's chances, seats, a match, the payout, "
        "the holds that change, and a chart",
    )
    for side in ("a", "b"):
        compare.add_argument(
            side.upper(),
            help=f"rule set {side.upper()}: a preset ({', '.join(PRESETS)}) or a TOML rule file",
        )
    for side in ("a", "b"):
        compare.add_argument(
            f"--set-{side}",
            dest=f"settings_{side}",
            action="append",
            default=[],
            metavar="KEY=VALUE",
            help=f"change one option of rule set {side.upper()} (repeatable)",
        )
    compare.add_argument(
        "--out", type=output_path, default=None, metavar="FILE.png", help="also draw the chart"
    )
    add_format_arg(compare)
    compare.set_defaults(func=run_compare)


def run_list(args: argparse.Namespace) -> int:
    frame = pd.DataFrame([{"preset": name, "source": PRESET_SOURCES[name]} for name in PRESETS])
    emit_frame(frame, args.format, {}, "presets")  # the presets: no one rule set applies
    return 0


def run_show(args: argparse.Namespace) -> int:
    if args.name is not None and args.rules is not None and args.name != args.rules:
        raise OptionError(
            f"rules show names the rule set twice: {shorten(args.name)!r} and --rules "
            f"{shorten(args.rules)!r}; give one of them"
        )
    if args.name is not None:
        args.rules = args.name
    elif args.rules is None:
        args.rules = "gameweave"
    rules = rules_from_args(args)
    settings: dict[str, object] = dict(rules.settings())
    if args.format != "table":  # numbers and true/false as such (the table: as --set)
        settings = rules.setting_values()
        record = {"rules": rules.label(), **settings, "categories": list(rules.category_slugs)}
        emit_record({**record, "faces": list(rules.face_chart.labels)}, args.format)
        return 0
    rows = [{"key": "preset", "value": settings["preset"], "meaning": PRESET_SOURCES[rules.preset]}]
    rows += [{"key": k, "value": settings[k], "meaning": OPTION_KEYS[k]} for k in OPTION_KEYS]
    emit(_show_text(rules, pd.DataFrame(rows)))
    return 0


def _show_text(rules, settings: pd.DataFrame) -> str:
    """``rules show`` as plain text: the settings, then the faces and the categories."""
    lines = [f"rule set: {rules.label()}", "", render(settings, "table").rstrip("\n"), ""]
    lines.append("faces, lowest to highest: " + " ".join(rules.face_chart.labels))
    lines.append("categories, best first:")
    width = max(len(c.slug) for c in rules.categories)
    from pokerdice_stats.turn.categories import CATEGORY_ALIASES

    for i, category in enumerate(rules.categories, start=1):
        others = [alias for alias, slug in CATEGORY_ALIASES.items() if slug == category.slug]
        also = f" (goals and schedules read it as {', '.join(others)} too)" if others else ""
        lines.append(f"  {i}. {category.slug.ljust(width)}  {category.name}{also}")
    return "\n".join(lines) + "\n"


def run_compare(args: argparse.Namespace) -> int:
    from pokerdice_stats.commands.rules_compare import compare_rules, compare_text

    sides = []
    for side in ("a", "b"):
        named = argparse.Namespace(
            rules=getattr(args, side.upper()),
            settings=getattr(args, f"settings_{side}"),
            set_flag=f"--set-{side}",  # named so in messages
        )
        sides.append(rules_from_args(named))
    if args.out is not None and not str(args.out).lower().endswith(".png"):
        raise OptionError(f"--out names the chart, a .png file, got {args.out!r}")
    record = {"rules": f"{sides[0].label()} against {sides[1].label()}", **compare_rules(*sides)}
    if args.out is not None:
        from pokerdice_stats.commands.rules_chart import compare_chart

        record["chart"] = str(compare_chart(record, args.out))
    if args.format == "table":
        emit(compare_text(record))
    else:  # CSV: every part's rows in one table, named by a first column; Markdown: a table each
        emit_record(record, args.format, COMPARED_PARTS, COMPARED_CHANCES)
    return 0


#: The lists of ``rules compare``'s answer: one CSV table of their rows.
COMPARED_PARTS = ("odds", "seats", "holds")


#: The columns of ``rules compare``'s rows that are chances, or differences of chances
#: (``advantage``, ``habit_cost``: percentage points): Markdown writes them in percent.
COMPARED_CHANCES = (
    "chance", "chance_?", "turn_at_least_?", "first_seat_?", "advantage_?", "win_with_best_?",
    "habit_cost_?", "first_player_wins_?", "match.first_player_wins_?",
)  # fmt: skip
