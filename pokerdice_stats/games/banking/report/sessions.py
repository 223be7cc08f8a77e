"""Report section: blind banking sessions (004) of 2 to 5 seats.

Writes ``results/simulation/``:

- ``banking_sessions.md`` / ``.csv``: every seat's bank after the session,
  its chance of ruin and its rounds survived, simulated with 95% intervals,
  beside the exact two-seat figures;
- ``banking_session_paths.png``: seat 1's bank round by round;
- ``banking_session_banks.png``: the distribution of seat 1's final bank;
- ``banking_session_ruin.png``: seat 1's chance of ruin against the rounds.

Every seat starts with 1000 points and antes 10 a round, and plays the
symmetric equilibrium of the table it sits at (of the seats still in).
Seeded: the same bytes on every run and for any number of threads.
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd

from pokerdice_stats.engines.report import Task, save_figure, write_text
from pokerdice_stats.engines.report.cache import disk_cached
from pokerdice_stats.engines.report.drawn_once import drawn_once
from pokerdice_stats.games.banking.exact.sessions import (
    BANKING_ANTE,
    BANKING_START,
    banking_session,
)
from pokerdice_stats.ground.formats import to_csv, to_markdown
from pokerdice_stats.ground.numbers import fixed_text
from pokerdice_stats.turn.rules import get_rules

SEED = 20261202
PNG_METADATA = {"Software": None}
DPI = 110
#: Rounds a session at most, path checkpoint spacing, sessions simulated per table size.
ROUNDS = 2_000
EVERY = 20
SESSIONS = 2_000
TABLES = (2, 3, 4, 5)
COLORS = {2: "#1f77b4", 3: "#ff7f0e", 4: "#2ca02c", 5: "#d62728"}


@functools.cache
@disk_cached
def sessions(players: int):
    """The seeded sessions of ``players`` seats the files describe."""
    from pokerdice_stats.engines.simulation.run import RunOptions
    from pokerdice_stats.games.banking.simulation.sessions import simulate_banking_sessions

    return simulate_banking_sessions(
        get_rules("banking"),
        players,
        ROUNDS,
        BANKING_START,
        BANKING_ANTE,
        record_every=EVERY,
        run=RunOptions(n=SESSIONS, seed=SEED, progress=False),
    )


@functools.cache
def exact_two_seats():
    """The exact two-seat session (float64 walk: 2,000 rounds are beyond the exact 200)."""
    return banking_session(sessions(2).exact_odds, ROUNDS, BANKING_START, BANKING_ANTE)


def _fmt(e, scale: float = 1) -> str:
    low, high = fixed_text(scale * e.ci_low, ".4g"), fixed_text(scale * e.ci_high, ".4g")
    return f"{fixed_text(scale * e.estimate, '.4g')} ({low} .. {high})"


#: The columns of :func:`seats_frame` that are chances (the Markdown table gives them in percent).
CHANCES = ("ended_ahead", "ruin", "exact_ruin")


def seats_frame() -> pd.DataFrame:
    """One row per (table size, seat): simulated figures as text with their 95% intervals,
    exact for 2 seats, the :data:`CHANCES` in percent (the Markdown table's rows)."""
    exact = exact_two_seats()
    scale = 100
    rows = []
    for players in TABLES:
        result = sessions(players)
        for s, seat in enumerate(result.seats):
            row = {
                "players": players,
                "seat": s + 1,
                "mean_bank": _fmt(seat.bank),
                "median_bank": _fmt(seat.quantiles[0.5]),
                "ended_ahead": _fmt(seat.ahead, scale),
                "ruin": _fmt(seat.ruin, scale),
                "rounds_survived": _fmt(seat.survived),
                "exact_mean_bank": "",
                "exact_ruin": "",
                "exact_rounds_survived": "",
            }
            if players == 2:
                row["exact_mean_bank"] = f"{fixed_text(float(exact.mean_bank(s)), '.4f')}"
                row["exact_ruin"] = fixed_text(scale * float(exact.ruin(s)), ".3f")
                row["exact_rounds_survived"] = f"{fixed_text(float(exact.survived(s)), '.2f')}"
            rows.append(row)
    return pd.DataFrame(rows)


def seats_data() -> pd.DataFrame:
    """:func:`seats_frame` as numbers, for the CSV: one row per (table size, seat), each
    simulated figure in three columns (``NAME``, ``NAME_low``, ``NAME_high``: the 95%
    interval), chances from 0 to 1, and the exact figures of two seats (empty beyond)."""
    from pokerdice_stats.engines.simulation.stats import estimate_columns

    exact = exact_two_seats()
    rows = []
    for players in TABLES:
        result = sessions(players)
        for s, seat in enumerate(result.seats):
            row: dict[str, Any] = {"players": players, "seat": s + 1}
            row |= estimate_columns("mean_bank", seat.bank)
            row |= estimate_columns("median_bank", seat.quantiles[0.5])
            row |= estimate_columns("ended_ahead", seat.ahead)
            row |= estimate_columns("ruin", seat.ruin)
            row |= estimate_columns("rounds_survived", seat.survived)
            two = players == 2
            row["exact_mean_bank"] = float(exact.mean_bank(s)) if two else None
            row["exact_ruin"] = float(exact.ruin(s)) if two else None
            row["exact_rounds_survived"] = float(exact.survived(s)) if two else None
            rows.append(row)
    return pd.DataFrame(rows)


def write_tables(out_dir: Path) -> list[Path]:
    """``banking_sessions.md`` and ``banking_sessions.csv``."""
    folder = out_dir / "simulation"
    frame = seats_data()
    exact = exact_two_seats()
    odds = exact.odds
    lengths = ", ".join(
        f"{p} seats {fixed_text(sessions(p).length.estimate, ',.1f')}" for p in TABLES
    )
    text = (
        "# Blind banking sessions (004)\n\n"
        f"Every seat starts with {BANKING_START:,} points and antes {BANKING_ANTE} a round; "
        "nobody sees another's hand; the best hand takes the antes and the very same dice "
        "split them (banks are kept in sixtieths of a point, so a 3-, 4- or 5-way split "
        "leaves no remainder). A seat whose bank falls below the ante cannot ante and is out "
        "(ruined); the others play on at the smaller table, each seat playing the symmetric "
        "equilibrium of the table it sits at (`solve_field` for that many seats, a pure "
        "strategy drawn from its mixture every round). The session ends after "
        f"{ROUNDS:,} rounds or with one seat left. Rounds survived: the round after which "
        f"the seat was out, or {ROUNDS:,} if never.\n\n"
        f"Simulated: {SESSIONS:,} sessions per table size (seed {SEED}), 95% intervals "
        "(normal for means, Wilson for chances, order statistics for the median). "
        f"Mean rounds a session: {lengths}.\n\n"
        "Exact (two seats): a round moves seat 1's bank by +10 with chance "
        f"{fixed_text(100 * odds.win, '.4f')}%, 0 (split) with chance "
        f"{fixed_text(100 * odds.split, '.4f')}% and -10 with "
        f"chance {fixed_text(100 * odds.loss, '.4f')}% (exact Fractions of the blind round); "
        "the walk over every bank value gives the figures in the `exact` columns (float64 over "
        f"{ROUNDS:,} rounds, every chance within {fixed_text(100 * exact.tolerance, '.1e')} "
        "percentage points).  The CSV holds the same figures as numbers (chances from 0 to "
        "1), each simulated one with its interval in `_low` and `_high` columns.\n\n"
        + to_markdown(seats_frame(), percent=CHANCES)
    )
    return [
        write_text(folder / "banking_sessions.md", text),
        write_text(folder / "banking_sessions.csv", to_csv(frame)),
    ]


def _save(fig, path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    save_figure(fig, path, dpi=DPI, metadata=PNG_METADATA)
    plt.close(fig)
    return path


def _simulated() -> dict[int, Any]:
    """Each table size's simulated sessions, the charts' inputs."""
    return {players: sessions(players) for players in TABLES}


def write_paths_chart(out_dir: Path) -> list[Path]:
    """``banking_session_paths.png``: seat 1's bank, quantile bands and single sessions."""
    return [_paths_figure(_simulated(), out_dir / "simulation" / "banking_session_paths.png")]


@drawn_once
def _paths_figure(simulated: dict[int, Any], path: Path) -> Path:
    fig, axes = plt.subplots(1, len(TABLES), figsize=(14, 4.4), sharey=True)
    for ax, players in zip(axes, TABLES, strict=True):
        result = simulated[players]
        paths = result.paths[:, 0, :]
        x = np.arange(paths.shape[1]) * EVERY
        q = np.percentile(paths, [5, 25, 50, 75, 95], axis=0)
        color = COLORS[players]
        ax.fill_between(x, q[0], q[4], color=color, alpha=0.15, label="5% .. 95%")
        ax.fill_between(x, q[1], q[3], color=color, alpha=0.3, label="25% .. 75%")
        ax.plot(x, q[2], color=color, lw=2, label="median")
        for i in range(6):
            ax.plot(
                x, paths[i], color="gray", lw=0.6, alpha=0.8, label="sessions" if i == 0 else None
            )
        ax.axhline(BANKING_ANTE, color="black", lw=0.8, ls=":")
        ax.set_title(f"{players} seats", fontsize=10)
        ax.set_xlabel("round")
        ax.set_xlim(0, ROUNDS)
    axes[0].set_ylabel("seat 1's bank (points)")
    axes[0].legend(fontsize=7, loc="upper left")
    fig.suptitle(
        f"Blind banking sessions: seat 1's bank ({SESSIONS:,} sessions each, from "
        f"{BANKING_START:,} points, ante {BANKING_ANTE}; dotted: the ante, below it a seat is out)",
        fontsize=10,
    )
    fig.tight_layout()
    return _save(fig, path)


def write_banks_chart(out_dir: Path) -> list[Path]:
    """``banking_session_banks.png``: seat 1's final bank, simulated, and exact for 2 seats."""
    path = out_dir / "simulation" / "banking_session_banks.png"
    return [_banks_figure(_simulated(), exact_two_seats(), path)]


@drawn_once
def _banks_figure(simulated: dict[int, Any], exact: Any, path: Path) -> Path:
    fig, axes = plt.subplots(1, len(TABLES), figsize=(14, 4.2))
    width = 100
    for ax, players in zip(axes, TABLES, strict=True):
        result = simulated[players]
        banks = result.final_banks[:, 0]
        top = max(float(banks.max()), 2 * BANKING_START)
        edges = np.arange(0, top + width, width)
        ax.hist(
            banks,
            bins=edges,
            weights=np.full(banks.size, 1 / banks.size),
            color=COLORS[players],
            alpha=0.7,
            label="simulated",
        )
        if players == 2:
            counts, _ = np.histogram(exact.banks, bins=edges, weights=exact.chances.astype(float))
            ax.stairs(counts, edges, color="black", lw=1, label="exact")
            ax.legend(fontsize=8)
        ruined = float(result.seats[0].ruin.estimate)
        ax.set_title(f"{players} seats: out {fixed_text(ruined, '.1%')}", fontsize=10)
        ax.set_xlabel("seat 1's bank after the session (points)")
    axes[0].set_ylabel(f"share of sessions per {width}-point bin")
    fig.suptitle(
        f"Seat 1's bank after {ROUNDS:,} rounds (or when one seat is left); "
        f"{SESSIONS:,} sessions each",
        fontsize=10,
    )
    fig.tight_layout()
    return _save(fig, path)


def write_ruin_chart(out_dir: Path) -> list[Path]:
    """``banking_session_ruin.png``: seat 1's chance to be out by each round."""
    path = out_dir / "simulation" / "banking_session_ruin.png"
    return [_ruin_figure(_simulated(), exact_two_seats(), path)]


@drawn_once
def _ruin_figure(simulated: dict[int, Any], exact: Any, path: Path) -> Path:
    from pokerdice_stats.engines.simulation import stats

    rounds = np.arange(ROUNDS + 1)
    fig, ax = plt.subplots(figsize=(8.5, 4.6))
    for players in TABLES:
        result = simulated[players]
        by_round = result.ruin_by_round(0)
        counts = np.rint(by_round * result.n).astype(int)
        ci = np.array([stats.wilson(int(c), result.n) for c in counts[::EVERY]])
        color = COLORS[players]
        ax.fill_between(rounds[::EVERY], ci[:, 0], ci[:, 1], color=color, alpha=0.2)
        ax.plot(rounds, by_round, color=color, lw=1.2, label=f"{players} seats (95% band)")
    ax.plot(
        rounds,
        [float(x) for x in exact.ruin_by_round[0]],
        color="black",
        ls="--",
        lw=1,
        label="2 seats, exact",
    )
    ax.set_xlabel("rounds played")
    ax.set_ylabel("chance seat 1 is out")
    ax.set_xlim(0, ROUNDS)
    ax.set_ylim(bottom=0)
    ax.set_title(
        f"Ruin in blind banking sessions (from {BANKING_START:,} points, ante "
        f"{BANKING_ANTE}; {SESSIONS:,} sessions each)",
        fontsize=10,
    )
    ax.legend(fontsize=8, loc="upper left")
    fig.tight_layout()
    return _save(fig, path)


def tasks(out_dir: Path) -> list[Task]:
    return [
        Task("banking session tables", lambda: write_tables(out_dir)),
        Task("banking session paths", lambda: write_paths_chart(out_dir)),
        Task("banking session banks", lambda: write_banks_chart(out_dir)),
        Task("banking session ruin", lambda: write_ruin_chart(out_dir)),
    ]
