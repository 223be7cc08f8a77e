"""Report section: betting sessions of 001 (Triple Snakes) of 2, 3 and 5 seats.

Writes ``results/simulation/``:

- ``betting_sessions.md`` / ``.csv``: every seat's net chips per round over
  the session, chance of taking the pot, raise and fold rates, ruin, and its
  first round beside the exact betting round (with the z-score);
- ``betting_sessions.png``: each seat's net chips per round, the exact first
  round (seat 1 starts) against the session (the pot's taker starts).

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
from pokerdice_stats.ground.formats import to_csv, to_markdown
from pokerdice_stats.ground.numbers import fixed_text
from pokerdice_stats.turn.rules import get_rules

SEED = 20261203
PNG_METADATA = {"Software": None}
DPI = 110
#: Rounds a session at most, every seat's starting chips, sessions per table size.
ROUNDS = 200
START = 20
SESSIONS = 4_000
TABLES = (2, 3, 5)


@functools.cache
@disk_cached
def sessions(players: int):
    """The seeded sessions of ``players`` seats the files describe."""
    from pokerdice_stats.engines.simulation.run import RunOptions
    from pokerdice_stats.games.betting.simulation.sessions import simulate_betting_sessions

    return simulate_betting_sessions(
        get_rules("triple-snakes"),
        players,
        ROUNDS,
        START,
        run=RunOptions(n=SESSIONS, seed=SEED, progress=False),
    )


def _fmt(e, digits: int = 4, scale: float = 1) -> str:
    low, high = scale * e.ci_low, scale * e.ci_high
    return f"{scale * e.estimate:.{digits}f} ({low:.{digits}f} .. {high:.{digits}f})"


#: The columns of :func:`seats_frame` that are chances (the Markdown table gives them in percent).
CHANCES = ("takes_the_pot", "raises", "folds", "ruin")


def seats_frame() -> pd.DataFrame:
    """One row per (table size, seat), simulated figures as text with their 95% intervals,
    the :data:`CHANCES` in percent (the Markdown table's rows)."""
    chance = functools.partial(_fmt, digits=2, scale=100)
    rows = []
    for players in TABLES:
        result = sessions(players)
        for k, seat in enumerate(result.seats):
            exact = result.exact_ev[k]
            rows.append(
                {
                    "players": players,
                    "seat": k + 1,
                    "net_chips_per_round": _fmt(seat.net_per_round),
                    "takes_the_pot": chance(seat.p_pot),
                    "raises": chance(seat.raise_rate),
                    "folds": chance(seat.fold_rate),
                    "ruin": chance(seat.ruin),
                    "first_round": _fmt(seat.first_round),
                    "exact_first_round": f"{fixed_text(float(exact), '.4f')}",
                    "z": f"{seat.first_round.z_score(exact):+.2f}",
                }
            )
    return pd.DataFrame(rows)


def seats_data() -> pd.DataFrame:
    """:func:`seats_frame` as numbers, for the CSV: one row per (table size, seat), each
    simulated figure in three columns (``NAME``, ``NAME_low``, ``NAME_high``: the 95%
    interval), rates from 0 to 1, the exact first round and the z-score."""
    from pokerdice_stats.engines.simulation.stats import estimate_columns

    rows = []
    for players in TABLES:
        result = sessions(players)
        for k, seat in enumerate(result.seats):
            exact = result.exact_ev[k]
            row: dict[str, Any] = {"players": players, "seat": k + 1}
            row |= estimate_columns("net_chips_per_round", seat.net_per_round)
            row |= estimate_columns("takes_the_pot", seat.p_pot)
            row |= estimate_columns("raises", seat.raise_rate)
            row |= estimate_columns("folds", seat.fold_rate)
            row |= estimate_columns("ruin", seat.ruin)
            row |= estimate_columns("first_round", seat.first_round)
            row["exact_first_round"] = float(exact)
            row["z"] = seat.first_round.z_score(exact)
            rows.append(row)
    return pd.DataFrame(rows)


def write_tables(out_dir: Path) -> list[Path]:
    """``betting_sessions.md`` and ``betting_sessions.csv``."""
    folder = out_dir / "simulation"
    frame = seats_data()
    lengths = ", ".join(
        f"{p} seats {fixed_text(sessions(p).length.estimate, ',.1f')}" for p in TABLES
    )
    unbalanced = sum(sessions(p).unbalanced for p in TABLES)
    balance = (
        "Chips summed to the table's total after every round of every session."
        if unbalanced == 0
        else f"CHIPS DID NOT SUM to the table's total in {unbalanced:,} rounds."
    )
    short = ", ".join(f"{p} seats {sessions(p).short:,}" for p in TABLES)
    text = (
        "# Betting sessions (001, Triple Snakes)\n\n"
        f"Every seat starts with {START} chips and antes 1 a round; the seat holding the "
        "best hand may raise 1 chip (one raise a turn) and the seats still to throw meet or "
        "fold, all as the exact betting round solves it (each seat maximising its own net "
        "chips of the round). The pot's taker starts the next round; the other seats follow "
        "in seat order. A seat left with fewer chips than the ante is out (ruin) and the "
        "others play the solved round of their number. A seat that cannot pay for its raise "
        "makes the raises it can pay for (none: it checks); one that cannot pay to meet "
        f"folds (decisions so cut: {short}). The session ends after {ROUNDS} rounds or with "
        "one seat left.\n\n"
        f"Simulated: {SESSIONS:,} sessions per table size (seed {SEED}), 95% intervals "
        "(normal for means, Wilson for chances). Net chips per round: each session's net "
        "over the rounds it lasted, averaged over sessions; rates per round the seat sat "
        f"in. Mean rounds a session: {lengths}. {balance}\n\n"
        "The first round (seat 1 starts) is the exact betting round, and matches it "
        "(`exact_first_round`, z-score). Over a session the start passes to the pot's "
        "taker, so the first seat's edge is shared out: net chips per round are close to "
        "zero for every seat.  The CSV holds the same figures as numbers (rates from 0 to 1), "
        "each simulated one with its interval in `_low` and `_high` columns.\n\n"
        + to_markdown(seats_frame(), percent=CHANCES)
    )
    return [
        write_text(folder / "betting_sessions.md", text),
        write_text(folder / "betting_sessions.csv", to_csv(frame)),
    ]


def write_chart(out_dir: Path) -> list[Path]:
    """``betting_sessions.png``: net chips per round by seat, first round exact and session."""
    simulated = {players: sessions(players) for players in TABLES}
    return [_chart(simulated, out_dir / "simulation" / "betting_sessions.png")]


@drawn_once
def _chart(simulated: dict[int, Any], path: Path) -> Path:
    fig, axes = plt.subplots(1, len(TABLES), figsize=(11, 3.6), sharey=True)
    for ax, players in zip(axes, TABLES, strict=True):
        result = simulated[players]
        x = np.arange(1, players + 1)
        exact = [float(v) for v in result.exact_ev]
        est = [s.net_per_round.estimate for s in result.seats]
        err = [
            [s.net_per_round.estimate - s.net_per_round.ci_low for s in result.seats],
            [s.net_per_round.ci_high - s.net_per_round.estimate for s in result.seats],
        ]
        ax.bar(x - 0.2, exact, 0.4, label="one round, seat 1 starts (exact)", color="#1f77b4")
        ax.bar(x + 0.2, est, 0.4, yerr=err, label="session (simulated, 95% CI)", color="#ff7f0e")
        ax.axhline(0, color="black", linewidth=0.6)
        ax.set_xticks(x)
        ax.set_xlabel("seat")
        ax.set_title(f"{players} seats")
    axes[0].set_ylabel("net chips per round")
    axes[0].legend(fontsize=8, loc="lower left")
    fig.suptitle("Triple Snakes betting: the first seat's edge, and over a session")
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    save_figure(fig, path, dpi=DPI, metadata=PNG_METADATA)
    plt.close(fig)
    return path


def tasks(out_dir: Path) -> list[Task]:
    return [
        Task("betting session tables", lambda: write_tables(out_dir)),
        Task("betting session chart", lambda: write_chart(out_dir)),
    ]
