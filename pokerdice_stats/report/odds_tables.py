"""Report section: single-throw odds tables of every preset, in ``results/odds/``."""

from __future__ import annotations

import functools
from pathlib import Path

from pokerdice_stats.engines.report import Task, write_text
from pokerdice_stats.ground.formats import to_csv, to_markdown
from pokerdice_stats.turn.odds import odds_by_category, odds_by_hand
from pokerdice_stats.turn.rules import PRESET_SOURCES, PRESETS


def write_odds(rules_name: str, out_dir: Path) -> list[Path]:
    """Write the category and hand tables of one preset (CSV and Markdown)."""
    rules = PRESETS[rules_name]
    written = []
    for by, frame in (("category", odds_by_category(rules)), ("hand", odds_by_hand(rules))):
        stem = out_dir / "odds" / f"{rules_name}_by_{by}"
        written.append(write_text(stem.with_suffix(".csv"), to_csv(frame)))
        game = PRESET_SOURCES[rules_name].split(":")[0]
        it = "the category" if by == "category" else "the hand"
        strength = "" if by == "category" else "strength: the hand's rank (higher beats lower); "
        title = (
            f"# {game}, preset {rules_name}: single-throw odds by {by}\n\n"
            f"{strength}count: the throws of five dice, of the 7,776 (6^5 in order), that make "
            f"{it}; probability %: its chance in one throw; at_least %: the chance of {it} or "
            "a better one; one_in: one throw in this many, on average.\n\n"
        )
        table = to_markdown(frame, percent=("probability", "at_least"))
        written.append(write_text(stem.with_suffix(".md"), title + table))
    return written


def tasks(out_dir: Path) -> list[Task]:
    return [Task(f"odds {name}", functools.partial(write_odds, name, out_dir)) for name in PRESETS]
