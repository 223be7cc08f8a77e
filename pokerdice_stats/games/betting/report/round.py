"""Report section: 001's betting round, in ``results/games/``.

- ``betting_by_seat.csv/.md``: every seat's expected net chips a round,
  chance of taking the pot, raise and fold rates, for 2 to 5 seats, at
  ante 1 / raise 1 and at 001's example stakes (ante 2, raise 1); exact
  fractions in the CSV; ``ev_checks_only`` is the same seat with betting off;
- ``betting_raise_table.csv`` and ``betting_meet_table.csv``: the decision
  tables by hand (check or raise with each hand a seat leads with, nobody
  having raised before; meet or fold facing one raise from the seat before);
- ``betting_thresholds.md``: both tables read as thresholds by seat;
- ``betting_habits.csv/.md``: what never raising, always meeting and raising
  from a category cost each seat against the solved play (exact);
- ``betting.png``: seat values, habit costs and the decision maps.
"""

from __future__ import annotations

import functools
from pathlib import Path

import numpy as np
import pandas as pd
from matplotlib.figure import Figure

from pokerdice_stats.engines.report import Task, save_figure, write_text
from pokerdice_stats.engines.report.cache import disk_cached
from pokerdice_stats.engines.report.drawn_once import drawn_once
from pokerdice_stats.games.betting.exact.decisions import meet_table, raise_table
from pokerdice_stats.games.betting.exact.habits import REPORT_HABITS, habit_costs
from pokerdice_stats.games.betting.exact.solve import solve_betting
from pokerdice_stats.games.seats import MAX_PLAYERS, MIN_PLAYERS
from pokerdice_stats.ground.formats import to_csv, to_markdown
from pokerdice_stats.ground.numbers import fixed_text
from pokerdice_stats.turn.rules import get_rules

PLAYERS = tuple(range(MIN_PLAYERS, MAX_PLAYERS + 1))
#: (ante, raise) of the tables: one ante a raise, and 001's example (ante 2, raise 1).
STAKES = ((1, 1), (2, 1))
PNG_METADATA = {"Software": None}
DPI = 110
SEAT_COLORS = ("#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd")
RULINGS_NOTE = (
    "Rules: triple-snakes (001); every seat antes, throws in turn in the open; the seat "
    "that now holds the best hand may check or raise once (one raise of the stated size); each "
    "seat still to throw, in seat order, meets or folds; a seat that does not beat the best "
    "hand (the same category does not beat) is out; the last best hand takes the pot.  Every "
    "seat maximises its own expected net chips (subgame perfect; equal values: check, meet, "
    "the canonical hold).  Chips are per round, ante included; exact fractions in the CSV."
)


def _rules():
    return get_rules("triple-snakes")


@functools.cache
def _result(players: int, ante: int, raise_size: int):
    return solve_betting(_rules(), players, ante=ante, raise_size=raise_size)


@functools.cache
@disk_cached
def seat_frame() -> pd.DataFrame:
    """Every seat of 2..5 at each of :data:`STAKES`."""
    parts = []
    for ante, raise_size in STAKES:
        for players in PLAYERS:
            frame = _result(players, ante, raise_size).frame()
            frame.insert(0, "raise", raise_size)
            frame.insert(0, "ante", ante)
            frame.insert(0, "players", players)
            parts.append(frame)
    return pd.concat(parts, ignore_index=True)


@functools.cache
@disk_cached
def decision_frames() -> tuple[pd.DataFrame, pd.DataFrame]:
    """The raise and meet tables of every game of :func:`seat_frame`."""
    raises: list[pd.DataFrame] = []
    meets: list[pd.DataFrame] = []
    for ante, raise_size in STAKES:
        for players in PLAYERS:
            result = _result(players, ante, raise_size)
            for frame, out in ((raise_table(result), raises), (meet_table(result), meets)):
                frame.insert(0, "raise", raise_size)
                frame.insert(0, "ante", ante)
                frame.insert(0, "players", players)
                out.append(frame)
    return pd.concat(raises, ignore_index=True), pd.concat(meets, ignore_index=True)


@functools.cache
@disk_cached
def habit_part(players: int) -> pd.DataFrame:
    """Habit costs of every seat of a game of ``players`` at ante 1, raise 1."""
    frame = habit_costs(_result(players, 1, 1), REPORT_HABITS)
    frame.insert(0, "players", players)
    return frame


def habit_frame() -> pd.DataFrame:
    """Habit costs of every seat of 2..5 at ante 1, raise 1."""
    return pd.concat([habit_part(players) for players in PLAYERS], ignore_index=True)


def thresholds(raises: pd.DataFrame, meets: pd.DataFrame) -> pd.DataFrame:
    """Per game and seat: the hands it raises with and the raiser's hands it folds against."""
    keys = ["players", "ante", "raise", "seat"]

    def listed(frame: pd.DataFrame, decision: str) -> dict:
        return {
            key: ", ".join(part.loc[part["decision"] == decision, "category"]) or "none"
            for key, part in frame.groupby(keys, sort=False)
        }

    raising, folding = listed(raises, "raise"), listed(meets, "fold")
    rows = []
    for (players, ante, raise_size), _ in raises.groupby(keys[:3], sort=False):
        for seat in range(1, players + 1):
            key = (players, ante, raise_size, seat)
            rows.append(
                {
                    **dict(zip(keys, key, strict=True)),
                    "raises_with": raising.get(key, "never (the last seat)"),
                    "folds_against": folding.get(key, "never asked (the first seat)"),
                }
            )
    return pd.DataFrame(rows)


def write_betting(out_dir: Path) -> list[Path]:
    """Every file of the section."""
    folder = out_dir / "games"
    seats = seat_frame()
    raises, meets = decision_frames()
    habits = habit_frame()
    written = [
        write_text(folder / "betting_by_seat.csv", to_csv(seats)),
        write_text(folder / "betting_raise_table.csv", to_csv(raises)),
        write_text(folder / "betting_meet_table.csv", to_csv(meets)),
        write_text(folder / "betting_habits.csv", to_csv(habits)),
    ]
    shown = seats.drop(columns="ev_exact").copy()
    shown["value_of_betting"] = shown["ev"] - shown["ev_checks_only"]
    text = "# Betting (001, triple-snakes): each seat's chips a round\n\n"
    text += RULINGS_NOTE + "\n\n"
    text += "`ev`: expected net chips a round; `p_pot`: chance of taking the pot; "
    text += "`raise_rate` / `fold_rate`: chance of raising / folding in a round; "
    text += "`ev_checks_only`: the same seat when nobody may raise; `value_of_betting`: the "
    text += "difference.\n\n"
    text += to_markdown(shown, percent=("p_pot", "raise_rate", "fold_rate"))
    written.append(write_text(folder / "betting_by_seat.md", text))
    text = "# Betting (001): decision thresholds by seat\n\n" + RULINGS_NOTE + "\n\n"
    text += (
        "`raises_with`: the categories a seat raises with when it leads and nobody has raised "
        "before (five of a kind checks: nobody can beat it, so a raise only makes everyone "
        "fold and gains nothing).  `folds_against`: the hands of the seat just before it "
        "against which it folds when that seat raises once (nobody folded, no earlier raise; "
        "it meets against every other hand).  "
        "Every value behind them is in `betting_raise_table.csv` and "
        "`betting_meet_table.csv` (chips still to come).\n\n"
    )
    text += to_markdown(thresholds(raises, meets))
    written.append(write_text(folder / "betting_thresholds.md", text))
    text = "# Betting (001): what simple habits cost against the solved play\n\n"
    text += (
        "Ante 1, raise 1.  One seat follows the habit (its holds still the best for its chips "
        "under the habit); every other seat keeps its solved play.  Each habit's column is "
        "its `cost`: chips a round the seat loses by the habit (the CSV's `cost`, one row a "
        "habit, exact in `cost_exact`; never negative).\n\n"
    )
    wide = habits.pivot_table(index=["players", "seat"], columns="habit", values="cost", sort=False)
    wide = wide.reset_index()
    for column in wide.columns[2:]:
        wide[column] = [f"{fixed_text(v, '.4f')}" for v in wide[column]]
    text += to_markdown(wide)
    written.append(write_text(folder / "betting_habits.md", text))
    written.append(_chart(seats, raises, meets, habits, folder / "betting.png"))
    return written


def _grouped_bars(ax, frame: pd.DataFrame, value: str) -> None:
    width = 0.17
    for seat in range(1, MAX_PLAYERS + 1):
        part = frame[frame["seat"] == seat]
        xs = [p + (seat - (p + 1) / 2) * width for p in part["players"]]
        ax.bar(xs, part[value], width, color=SEAT_COLORS[seat - 1], label=f"seat {seat}")
        ax.scatter(xs, part["ev_checks_only"], marker="_", s=120, color="black", zorder=3)
    ax.set_xticks(list(PLAYERS))
    ax.set_xlabel("players")


def _decision_map(ax, frame: pd.DataFrame, good: str, title: str) -> None:
    frame = frame[(frame["ante"] == 1) & (frame["raise"] == 1)]
    labels, grid = [], []
    categories = list(dict.fromkeys(frame["category"]))
    for (players, seat), part in frame.groupby(["players", "seat"], sort=False):
        labels.append(f"{players} seats, seat {seat}")
        grid.append([1.0 if d == good else 0.0 for d in part["decision"]])
    ax.imshow(np.array(grid), cmap="RdYlGn", vmin=-0.3, vmax=1.3, aspect="auto")
    ax.set_yticks(range(len(labels)))
    ax.set_yticklabels(labels, fontsize=7)
    ax.set_xticks(range(len(categories)))
    ax.set_xticklabels(categories, rotation=35, ha="right", fontsize=7)
    ax.set_title(title, fontsize=10)


@drawn_once
def _chart(seats, raises, meets, habits, path: Path) -> Path:
    fig = Figure(figsize=(13, 10))
    axes = fig.subplots(2, 2)
    ax = axes[0, 0]
    _grouped_bars(ax, seats[(seats["ante"] == 1) & (seats["raise"] == 1)], "ev")
    ax.axhline(0, color="grey", linewidth=0.8)
    ax.set_ylabel("expected net chips a round (ante 1, raise 1)")
    ax.set_title("Value of each seat (black ticks: nobody may raise)", fontsize=10)
    ax.legend(frameon=False, fontsize=8)
    ax = axes[0, 1]
    five = habits[habits["players"] == MAX_PLAYERS]
    names = list(dict.fromkeys(five["habit"]))
    width = 0.16
    for seat in range(1, MAX_PLAYERS + 1):
        part = five[five["seat"] == seat].set_index("habit").loc[names]
        xs = [i + (seat - 3) * width for i in range(len(names))]
        ax.bar(xs, part["cost"], width, color=SEAT_COLORS[seat - 1], label=f"seat {seat}")
    ax.set_xticks(range(len(names)))
    ax.set_xticklabels(names, rotation=15, ha="right", fontsize=8)
    ax.set_ylabel("chips lost a round against the solved play")
    ax.set_title(f"What a habit costs ({MAX_PLAYERS} seats, ante 1, raise 1)", fontsize=10)
    ax.legend(frameon=False, fontsize=8)
    _decision_map(axes[1, 0], raises, "raise", "Leading with this hand: raise (green) or check")
    axes[1, 0].set_xlabel("the seat's own hand")
    _decision_map(
        axes[1, 1],
        meets,
        "meet",
        "Facing one raise from the seat before: meet (green) or fold",
    )
    axes[1, 1].set_xlabel("the raiser's hand")
    fig.suptitle("Triple-snakes betting round, solved (every seat maximises its own chips)")
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    save_figure(fig, path, dpi=DPI, metadata=PNG_METADATA)
    return path


def _compute() -> list[Path]:
    """Solve every game of the section (written by the next task)."""
    seat_frame()
    decision_frames()
    return []


def _compute_habits(players: int) -> list[Path]:
    habit_part(players)
    return []


def tasks(out_dir: Path) -> list[Task]:
    return [
        Task("betting rounds", _compute, cost=3.2),
        *(
            Task(f"betting habits {n} seats", functools.partial(_compute_habits, n), cost=3.0)
            for n in PLAYERS
        ),
        Task("betting tables", lambda: write_betting(out_dir)),
    ]
