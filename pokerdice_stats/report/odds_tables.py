"""Report section: single-throw odds tables of every preset, in ``results/odds/``."""

from __future__ import annotations

import functools
from pathlib import Path

from pokerdice_stats.engines.report import Task, write_text
from pokerdice_stats.ground.formats import to_csv, to_markdown
from pokerdice_stats.turn.odds import odds_by_category, odds_by_hand
from pokerdice_stats.turn.rules import PRESETS


def write_odds(rules_name: str, out_dir: Path) -> list[Path]:
    """Write the category and hand tables of one preset (CSV and Markdown)."""
    rules = PRESETS[rules_name]
    written = []
    for by, frame in (("category", odds_by_category(rules)), ("hand", odds_by_hand(rules))):
        stem = out_dir / "odds" / f"{rules_name}_by_{by}"
        written.append(write_text(stem.with_suffix(".csv"), to_csv(frame)))
        title = f"# {rules_name}: single-throw odds by {by}\n\n"
        table = to_markdown(frame, percent=("probability", "at_least"))
        written.append(write_text(stem.with_suffix(".md"), title + table))
    return written


def tasks(out_dir: Path) -> list[Task]:
    return [Task(f"odds {name}", functools.partial(write_odds, name, out_dir)) for name in PRESETS]
