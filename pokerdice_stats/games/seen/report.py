"""Report section: rounds, matches and hold-up tables, in ``results/games/``.

- ``rounds_by_seat.csv/.md``: each seat's chance to win a round of 2 to 5
  players under every preset, with and without the first player's throw
  limit (exact fractions in the CSV where they are cheap);
- ``rounds_first_player_stops.csv``: under the limit, how often the first
  player stands after 1, 2 or 3 throws;
- ``rounds_by_seat.png`` and ``rounds_throw_limit.png``;
- ``matches.csv/.md`` and ``matches.png``: each seat's chance to win a
  match and its expected number of rounds (gameweave, classic, triple-snakes);
- ``holdup_triple_snakes.csv/.md`` and ``.png``: the chance the best hand so
  far holds up against 1 to 4 players (exact); ``holdup_gameweave.csv`` the
  same for every gameweave hand (``left_k_float`` only: solved in floats, roll-offs
  included).

Under ``split`` (banking) and ``push`` (progressive) a ``k``-way tie for the
best hand counts ``1/k`` of a win to each tied seat.
"""

from __future__ import annotations

import functools
from pathlib import Path

import pandas as pd
from matplotlib.figure import Figure
from matplotlib.lines import Line2D

from pokerdice_stats.engines.report import Task, save_figure, write_text
from pokerdice_stats.engines.report.cache import disk_cached
from pokerdice_stats.engines.report.drawn_once import drawn_once
from pokerdice_stats.games.seats import MAX_PLAYERS, MIN_PLAYERS
from pokerdice_stats.games.seen.exact.holdup import holdup_table
from pokerdice_stats.games.seen.exact.matches import MATCH_PRESETS, match_defaults, solve_match
from pokerdice_stats.games.seen.exact.rounds import solve_round
from pokerdice_stats.ground.formats import to_csv, to_markdown
from pokerdice_stats.ground.numbers import fixed_text
from pokerdice_stats.turn.hands import exact_is_cheap
from pokerdice_stats.turn.rules import PRESETS, get_rules

PLAYERS = tuple(range(MIN_PLAYERS, MAX_PLAYERS + 1))
LIMITS = ("none", "first-player")
PNG_METADATA = {"Software": None}
DPI = 110
SEAT_COLORS = ("#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd")
TIES_NOTE = (
    "Ties: `roll-off` (gameweave, classic) the tied players throw again until one wins; "
    "`must-beat` (triple-snakes) a later player who only ties is out; `split` (banking) and "
    "`push` (progressive) count a k-way tie as 1/k of a win to each tied seat.  Each later "
    "player sees every earlier final hand and plays to maximise their own chance to win; "
    "roll-off fixed points are met to within 1e-12.  Banking is blind by its rules (nobody "
    "sees another's hand): its rows here are the seen game (`knowledge=seen`), for comparison; "
    "the blind rounds, every seat 1/N at the symmetric equilibrium, are in "
    "[banking_field.md](banking_field.md)."
)


def _rules(preset: str, limit: str):
    """The preset with a throw limit; seen rounds (banking is blind by its rules: see TIES_NOTE)."""
    return get_rules(preset, {"throw_limit": limit, "knowledge": "seen"})


@functools.cache
@disk_cached
def round_frame(preset: str) -> pd.DataFrame:
    """Every seat's round chance for 2..5 players, with and without the throw limit."""
    rows = []
    for limit in LIMITS:
        rules = _rules(preset, limit)
        exact = exact_is_cheap(rules)
        for players in PLAYERS:
            result = solve_round(rules, players, exact=exact)
            for seat, value in enumerate(result.win, start=1):
                rows.append(
                    {
                        "preset": preset,
                        "throw_limit": limit,
                        "knowledge": "seen",
                        "players": players,
                        "seat": seat,
                        "win": float(value),
                        "win_exact": value if exact else "",
                        "fair_share": 1 / players,
                    }
                )
    return pd.DataFrame(rows)


@functools.cache
@disk_cached
def stops_frame(preset: str) -> pd.DataFrame:
    """Under the limit: the chance the first player stands after each number of throws."""
    rules = _rules(preset, "first-player")
    rows = []
    for players in PLAYERS:
        result = solve_round(rules, players)
        row = {"preset": preset, "players": players}
        assert result.stop_after is not None  # solved under the first-player limit
        for t, p in enumerate(result.stop_after, start=1):
            row[f"stops_after_{t}"] = float(p)
        rows.append(row)
    return pd.DataFrame(rows)


def _wide(frame: pd.DataFrame, index: list[str], value: str = "win") -> pd.DataFrame:
    """One row per game, one column ``seat k`` per seat: its chance in percent (2 decimals)."""
    wide = frame.pivot_table(index=index, columns="seat", values=value, sort=False)
    wide.columns = [f"seat {c}" for c in wide.columns]
    wide = wide.reset_index()
    for column in _seats(wide):
        wide[column] = [fixed_text(100 * v, ".2f") if pd.notna(v) else "" for v in wide[column]]
    return wide


def _seats(wide: pd.DataFrame) -> list[str]:
    """The seat columns of :func:`_wide`."""
    return [c for c in wide.columns if c.startswith("seat ")]


def write_rounds(out_dir: Path) -> list[Path]:
    """The round tables and charts of every preset."""
    folder = out_dir / "games"
    frame = pd.concat([round_frame(p) for p in PRESETS], ignore_index=True)
    stops = pd.concat([stops_frame(p) for p in PRESETS], ignore_index=True)
    written = [
        write_text(folder / "rounds_by_seat.csv", to_csv(frame)),
        write_text(folder / "rounds_first_player_stops.csv", to_csv(stops)),
    ]
    text = "# Rounds: each seat's chance to win\n\n" + TIES_NOTE + "\n\n"
    text += "Seat 1 throws first.  `throw_limit=first-player`: nobody may take more throws "
    text += "than the first player took (a roll-off is a fresh round).\n\n"
    wide = _wide(frame, ["preset", "throw_limit", "players"])
    text += to_markdown(wide, percent=_seats(wide))
    text += "\n## Under the throw limit: how often the first player stands after t throws\n\n"
    text += to_markdown(stops, percent=[c for c in stops.columns if c.startswith("stops_after_")])
    written.append(write_text(folder / "rounds_by_seat.md", text))
    written.append(_chart_rounds(frame, folder / "rounds_by_seat.png"))
    written.append(_chart_limit(frame, folder / "rounds_throw_limit.png"))
    return written


def _grouped_bars(ax, frame: pd.DataFrame, value: str = "win") -> None:
    width = 0.17
    for seat in range(1, MAX_PLAYERS + 1):
        part = frame[frame["seat"] == seat]
        xs = [p + (seat - (p + 1) / 2) * width for p in part["players"]]
        bars = ax.bar(xs, part[value], width, color=SEAT_COLORS[seat - 1])
        bars.set_label(f"seat {seat}")
    ax.set_xticks(list(PLAYERS))
    ax.set_xlabel("players")


@drawn_once
def _chart_rounds(frame: pd.DataFrame, path: Path) -> Path:
    fig = Figure(figsize=(12, 7))
    axes = fig.subplots(2, 3).ravel()
    for ax, preset in zip(axes, PRESETS, strict=False):
        part = frame[(frame["preset"] == preset) & (frame["throw_limit"] == "none")]
        _grouped_bars(ax, part)
        for players in PLAYERS:
            ax.hlines(1 / players, players - 0.45, players + 0.45, colors="black", linewidth=0.8)
        seen = "" if PRESETS[preset].knowledge == "seen" else ", played seen"
        ax.set_title(f"{preset} (ties: {PRESETS[preset].ties}{seen})")
        ax.set_ylabel("chance to win the round")
        ax.set_ylim(0, 0.65)
    axes[-1].axis("off")
    handles, labels = axes[0].get_legend_handles_labels()
    handles.append(Line2D([], [], color="black", linewidth=0.8))
    labels.append("fair share 1/n")
    axes[-1].legend(handles, labels, loc="center", frameon=False, title="seat (1 throws first)")
    fig.suptitle(
        "Each seat's chance to win a round (later players see earlier hands; a blind preset "
        "is played seen)"
    )
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    save_figure(fig, path, dpi=DPI, metadata=PNG_METADATA)
    return path


@drawn_once
def _chart_limit(frame: pd.DataFrame, path: Path) -> Path:
    keys = ["preset", "players", "seat"]
    base = frame[frame["throw_limit"] == "none"].set_index(keys)["win"]
    limited = frame[frame["throw_limit"] == "first-player"].set_index(keys)["win"]
    change = ((limited - base) * 100).rename("change").reset_index()
    fig = Figure(figsize=(12, 7))
    axes = fig.subplots(2, 3).ravel()
    for ax, preset in zip(axes, PRESETS, strict=False):
        _grouped_bars(ax, change[change["preset"] == preset], "change")
        ax.axhline(0, color="black", linewidth=0.8)
        ax.set_title(preset)
        ax.set_ylabel("change in chance to win (percentage points)")
        ax.set_ylim(change["change"].min() - 2, change["change"].max() + 2)
    axes[-1].axis("off")
    handles, labels = axes[0].get_legend_handles_labels()
    axes[-1].legend(handles, labels, loc="center", frameon=False, title="seat")
    fig.suptitle("What the first player's throw limit does: chance with limit minus without")
    fig.tight_layout()
    save_figure(fig, path, dpi=DPI, metadata=PNG_METADATA)
    return path


@functools.cache
@disk_cached
def match_frame(preset: str) -> pd.DataFrame:
    """Match chances of a preset that plays matches, 2..5 players, with and without limit."""
    rows = []
    for limit in LIMITS:
        rules = _rules(preset, limit)
        for players in PLAYERS:
            match = solve_match(rules, players)
            for seat, value in enumerate(match.win, start=1):
                rows.append(
                    {
                        "preset": preset,
                        "throw_limit": limit,
                        "target": match.target,
                        "starter": match.starter,
                        "players": players,
                        "seat": seat,
                        "win": float(value),
                        "expected_rounds": float(match.expected_rounds),
                    }
                )
    return pd.DataFrame(rows)


def write_matches(out_dir: Path) -> list[Path]:
    """The match table and chart."""
    folder = out_dir / "games"
    frame = pd.concat([match_frame(p) for p in MATCH_PRESETS], ignore_index=True)
    written = [write_text(folder / "matches.csv", to_csv(frame))]
    wide = _wide(frame, ["preset", "target", "starter", "throw_limit", "players"])
    rounds = frame.groupby(["preset", "throw_limit", "players"], sort=False)["expected_rounds"]
    wide["expected rounds"] = [f"{fixed_text(v, '.3f')}" for v in rounds.first().to_numpy()]
    text = "# Matches: each seat's chance to win the match\n\n"
    text += (
        "Player 1 starts the first round.  Who starts the next: `last-thrower` (gameweave) the "
        "player after the last one to throw (after a roll-off, after the last tied player); "
        "`rotate` (classic) the start passes to the left; `winner` (triple-snakes, played here "
        "for points) the round's winner.  A roll-off belongs to its round.\n\n"
    )
    text += to_markdown(wide, percent=_seats(wide))
    written.append(write_text(folder / "matches.md", text))
    written.append(_chart_matches(frame, folder / "matches.png"))
    return written


@drawn_once
def _chart_matches(frame: pd.DataFrame, path: Path) -> Path:
    fig = Figure(figsize=(12, 4.5))
    axes = fig.subplots(1, len(MATCH_PRESETS) + 1, width_ratios=[1, 1, 1, 0.45])
    for ax, preset in zip(axes, MATCH_PRESETS, strict=False):
        part = frame[(frame["preset"] == preset) & (frame["throw_limit"] == "none")]
        _grouped_bars(ax, part)
        for players in PLAYERS:
            ax.hlines(1 / players, players - 0.45, players + 0.45, colors="black", linewidth=0.8)
            rounds = part[part["players"] == players]["expected_rounds"].iloc[0]
            ax.annotate(f"{fixed_text(rounds, '.1f')}", (players, 0.66), ha="center", fontsize=8)
        target, starter = match_defaults(PRESETS[preset])
        ax.set_title(f"{preset}: to {target}, start: {starter}", fontsize=10)
        ax.set_ylabel("chance to win the match")
        ax.set_ylim(0, 0.7)
    axes[-1].axis("off")
    handles, labels = axes[0].get_legend_handles_labels()
    axes[-1].legend(handles, labels, loc="center", frameon=False, title="seat")
    axes[-1].text(
        0.5, 0.1, "numbers at the top:\nexpected rounds", ha="center", transform=axes[-1].transAxes
    )
    fig.suptitle("Each seat's chance to win a match (black: fair share 1/n)")
    fig.tight_layout()
    save_figure(fig, path, dpi=DPI, metadata=PNG_METADATA)
    return path


@disk_cached
def holdup_frames() -> tuple[pd.DataFrame, pd.DataFrame]:
    """The hold-up tables of triple-snakes (exact) and gameweave."""
    return (
        holdup_table(PRESETS["triple-snakes"], exact=True),
        holdup_table(PRESETS["gameweave"], exact=False),
    )


def write_holdup(out_dir: Path) -> list[Path]:
    """Hold-up tables: triple-snakes (exact) and gameweave (every hand)."""
    folder = out_dir / "games"
    snakes, gameweave = holdup_frames()
    written = [write_text(folder / "holdup_triple_snakes.csv", to_csv(snakes))]
    shown = snakes[["category", "example"] + [f"left_{k}_float" for k in range(1, 5)]]
    shown = shown.rename(columns={f"left_{k}_float": f"left_{k}" for k in range(1, 5)})
    shown = shown.iloc[::-1].reset_index(drop=True)
    text = "# Chips (triple-snakes): the chance the best hand so far holds up\n\n"
    text += (
        "Against 1 to 4 players still to throw, each playing to win the pot (a player who only "
        "ties is out): `left_k`, the chance against k players left.  Exact fractions in the "
        "CSV.\n\n"
    )
    text += to_markdown(shown, percent=[f"left_{k}" for k in range(1, 5)])
    written.append(write_text(folder / "holdup_triple_snakes.md", text))
    written.append(_chart_holdup(snakes, folder / "holdup_triple_snakes.png"))
    # solved in floats: its left_k would repeat left_k_float, so only the floats are written
    floats = gameweave.drop(columns=[f"left_{k}" for k in range(1, 5)])
    written.append(write_text(folder / "holdup_gameweave.csv", to_csv(floats)))
    return written


@drawn_once
def _chart_holdup(table: pd.DataFrame, path: Path) -> Path:
    fig = Figure(figsize=(9, 5))
    ax = fig.subplots()
    xs = range(len(table))
    for k in range(1, 5):
        label = f"{k} player{'s' if k > 1 else ''} still to throw"
        ax.plot(xs, table[f"left_{k}_float"], marker="o", label=label)
    ax.set_xticks(list(xs))
    ax.set_xticklabels(table["category"], rotation=30, ha="right")
    ax.set_xlabel("best hand so far")
    ax.set_ylabel("chance the hand takes the pot")
    ax.set_ylim(0, 1.02)
    ax.grid(alpha=0.3)
    ax.legend(frameon=False)
    ax.set_title("Triple-snakes chips: does the best hand so far hold up?")
    fig.tight_layout()
    save_figure(fig, path, dpi=DPI, metadata=PNG_METADATA)
    return path


#: Rough seconds of each preset's rounds (to start the longest work first).
ROUND_COSTS = {"gameweave": 5.0, "classic": 2.8}


def _compute(preset: str) -> list[Path]:
    """Solve one preset's rounds (the tables are written by the next task)."""
    round_frame(preset)
    stops_frame(preset)
    if preset in MATCH_PRESETS:
        match_frame(preset)
    return []


def tasks(out_dir: Path) -> list[Task]:
    return [
        *(
            Task(
                f"rounds {preset}",
                functools.partial(_compute, preset),
                cost=ROUND_COSTS.get(preset, 0.7),
            )
            for preset in PRESETS
        ),
        Task("rounds tables", lambda: write_rounds(out_dir)),
        Task("matches", lambda: write_matches(out_dir)),
        Task("hold-up tables", lambda: write_holdup(out_dir)),
    ]
