"""Report part: the two-seat blind banking equilibrium of 004, in ``results/games/``.

- ``banking_equilibrium.md``, ``banking_strategies.csv``, ``banking_categories.csv``:
  the blind banking equilibrium, what each simple strategy gives away, and the final
  categories each plays to;
- ``banking_strategies.png``.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import numpy as np
import pandas as pd
from matplotlib.figure import Figure

from pokerdice_stats.engines.blind.simple_strategies import SIMPLE_STRATEGIES, strategy_distribution
from pokerdice_stats.engines.report import save_figure, write_text
from pokerdice_stats.engines.report.drawn_once import drawn_once
from pokerdice_stats.games.banking.exact.two_seats import (
    banking_equilibrium,
    category_table,
    strategy_table,
)
from pokerdice_stats.ground.formats import fraction_text, number_text, to_csv, to_markdown
from pokerdice_stats.ground.numbers import fixed_text
from pokerdice_stats.turn.rules import PRESETS

#: PNG metadata without the matplotlib version, so the bytes do not depend on it.
_PNG_METADATA = {"Software": None}


def _exact_text(value: Fraction | None) -> str:
    """A bound in prose: a whole number as one (0, not 0/1), else ``p/q``."""
    if value is None:
        return "not certified"
    return str(value.numerator) if value.denominator == 1 else fraction_text(value)


def write_banking(out_dir: Path) -> list[Path]:
    """The banking equilibrium, the strategy table, categories and chart."""
    rules = PRESETS["banking"]
    folder = out_dir / "games"
    eq = banking_equilibrium(rules)
    table = strategy_table(rules, eq)
    written = [write_text(folder / "banking_strategies.csv", to_csv(table))]
    distributions: dict[str, np.ndarray] = {"equilibrium": eq.first.distribution}
    for name in SIMPLE_STRATEGIES:
        numerators, denominator = strategy_distribution(rules, name)
        distributions[name] = np.array([int(n) / denominator for n in numerators])
    categories = category_table(rules, distributions)
    written.append(write_text(folder / "banking_categories.csv", to_csv(categories)))
    support = int((eq.first.weights > 0).sum())
    text = (
        "# Banking Poker Dice: the blind equilibrium\n\n"
        "Both players develop their hands without seeing each other's; the better hand "
        "(full tie-breaks) takes the ante, identical dice split it.  Values are antes per "
        "round for one player; chances and shares of the pot are in percent (the share is "
        "`50 * (1 + value)`).\n\n"
        f"- method: {eq.method}, {eq.iterations} iterations, "
        f"tolerance {fixed_text(eq.tolerance, '.3g')} on the exploitability\n"
        "- exploitability (best-response gap): "
        f"{number_text(eq.exploitability, eq.tolerance, digits=3)}\n"
        + (
            f"- exact value: {_exact_text(eq.lower)} (the exact bounds meet)\n"
            if eq.lower is not None and eq.lower == eq.upper
            else f"- exact bounds on the value: {_exact_text(eq.lower)} <= value <= "
            f"{_exact_text(eq.upper)}\n"
        )
        + f"- the equilibrium mixes {support} pure holding "
        + ("policy" if support == 1 else "policies")
        + "\n\n## What each strategy loses to its best response\n\n"
        + to_markdown(
            table.drop(columns=["loss_to_best_response", "share_vs_best_response"]),
            percent=("share_vs_best_response",),
        )
        + "\n## Final categories\n\n"
        + to_markdown(categories, percent=[c for c in categories.columns if c != "category"])
    )
    written.append(write_text(folder / "banking_equilibrium.md", text))
    written.append(_banking_chart(table, folder / "banking_strategies.png"))
    return written


@drawn_once
def _banking_chart(table: pd.DataFrame, path: Path) -> Path:
    fig = Figure(figsize=(7, 4))
    ax = fig.subplots()
    ax.barh(table["strategy"], table["share_vs_best_response_float"], color="#2ca02c")
    for y, v in enumerate(table["share_vs_best_response_float"]):
        ax.annotate(
            f"{fixed_text(v, '.3f')}",
            (v, y),
            va="center",
            fontsize=8,
            xytext=(3, 0),
            textcoords="offset points",
        )
    ax.axvline(0.5, color="black", linewidth=0.8, linestyle="--", label="fair share 1/2")
    ax.legend(loc="upper right", frameon=False)  # beside the shortest bar (stand, first)
    ax.invert_yaxis()
    ax.set_xlim(0, 0.6)
    ax.set_xlabel("share of the pot against its best response, P(win) + P(tie)/2")
    ax.set_title("Banking Poker Dice: how much each strategy can be exploited")
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    save_figure(fig, path, dpi=110, metadata=_PNG_METADATA)
    return path
