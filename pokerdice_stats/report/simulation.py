"""Report section: Monte Carlo cross-checks of every game, and convergence.

Writes ``results/simulation/``:

- ``crosscheck.csv`` / ``.md``: every exact figure against its simulation;
- ``convergence.png``: estimates and 95% intervals closing in on exact values.

The progressive bankrolls of ``results/simulation/`` are the progressive game's
(:mod:`pokerdice_stats.games.progressive.report.bankrolls`).

Every figure is seeded, so the files are the same bytes on every run (and
for any number of threads).
"""

from __future__ import annotations

import functools
import math
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

SEED = 20261202
PNG_METADATA = {"Software": None}
DPI = 110
#: Samples of each cross-checked figure (matches: a tenth).
CROSSCHECK_N = 400_000


def _save(fig, path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    save_figure(fig, path, dpi=DPI, metadata=PNG_METADATA)
    plt.close(fig)
    return path


@functools.cache
@disk_cached
def crosscheck_part(group: str) -> list:
    """The cross-check figures of one group of :data:`pokerdice_stats.games.checks.GROUPS`."""
    from pokerdice_stats.engines.simulation.run import RunOptions
    from pokerdice_stats.games.checks import crosscheck

    run = RunOptions(n=CROSSCHECK_N, seed=SEED, progress=False)
    return crosscheck((group,), run=run)


def crosscheck_frame() -> pd.DataFrame:
    """Every cross-check figure: exact, simulated, and their z (the groups in order)."""
    from pokerdice_stats.games.checks import GROUPS, checks_frame

    return checks_frame([check for group in GROUPS for check in crosscheck_part(group)])


def write_crosscheck(out_dir: Path) -> list[Path]:
    """``crosscheck.csv`` and ``crosscheck.md`` (its chances in percent)."""
    from pokerdice_stats.engines.checks import checks_in_percent

    frame = crosscheck_frame()
    folder = out_dir / "simulation"
    worst = float(frame["z"].abs().max())
    # Chance that a correct toolkit shows |z| > 3.5 somewhere (independent figures).
    false_alarm = 1.0 - (1.0 - math.erfc(3.5 / math.sqrt(2.0))) ** len(frame)
    text = (
        "# Cross-checks: exact figures against simulation\n\n"
        f"Each figure simulated with seed {SEED} ({CROSSCHECK_N:,} samples; matches "
        f"{CROSSCHECK_N // 10:,}). `z` is (estimate - exact) / standard error, the standard "
        "error taken from the exact value where it is known. The exact values come from the "
        "toolkit's own solvers (odds tables, the hold dynamic program, the round and match "
        "and hold-up solvers, the progressive payout, the blind banking chances, the exact "
        "betting round of 001); the figures of "
        "rounds where later players see earlier hands are the solvers' floats. "
        f"With {len(frame)} figures, a correct toolkit shows |z| above 3.5 somewhere with "
        f"chance about {fixed_text(false_alarm, '.0%')}; the largest |z| here is "
        f"{fixed_text(worst, '.2f')}.  Chances and shares of the pot are in percent (unit "
        "`chance %`, `share of the pot %`; the CSV has them from 0 to 1).\n\n"
    )
    shown = checks_in_percent(frame.drop(columns=["exact_float"]))
    return [
        write_text(folder / "crosscheck.csv", to_csv(frame)),
        write_text(folder / "crosscheck.md", text + to_markdown(shown)),
    ]


def write_convergence(out_dir: Path) -> list[Path]:
    """``convergence.png``: a turn goal and a round's seat, estimate and CI against n."""
    from pokerdice_stats.engines.simulation.run import RunOptions
    from pokerdice_stats.engines.simulation.turns import simulate_turns
    from pokerdice_stats.games.seen.exact.rounds import solve_round
    from pokerdice_stats.games.seen.simulation.rounds import simulate_seen_rounds as simulate_rounds
    from pokerdice_stats.turn.goals import parse_goal
    from pokerdice_stats.turn.hands import hand_table
    from pokerdice_stats.turn.holds import solve

    rules = get_rules("gameweave")
    goal = parse_goal("at-least:full-house", hand_table(rules))
    exact_turn = float(solve(rules, goal).value())
    exact_round = float(solve_round(rules, 2).win[0])
    sizes_turn = [2**k for k in range(8, 24, 1)]
    sizes_round = [2**k for k in range(8, 20, 1)]
    turns = [
        simulate_turns(rules, goal, run=RunOptions(n=n, seed=SEED, progress=False)).estimate
        for n in sizes_turn
    ]
    rounds = [
        simulate_rounds(rules, 2, run=RunOptions(n=n, seed=SEED, progress=False)).seats[0]
        for n in sizes_round
    ]
    path = out_dir / "simulation" / "convergence.png"
    return [
        _convergence_figure(
            (sizes_turn, turns, exact_turn), (sizes_round, rounds, exact_round), path
        )
    ]


@drawn_once
def _convergence_figure(
    turn: tuple[list[int], list[Any], float], round_: tuple[list[int], list[Any], float], path: Path
) -> Path:
    """The estimates (with their intervals) against the number of samples, beside the exact
    value, for the turn and the round."""
    (sizes_turn, turns, exact_turn), (sizes_round, rounds, exact_round) = turn, round_
    fig, axes = plt.subplots(1, 2, figsize=(11, 4.2))
    panels = (
        (
            axes[0],
            sizes_turn,
            turns,
            exact_turn,
            "Turn: chance of a full house or better\n(gameweave, optimal holds)",
        ),
        (
            axes[1],
            sizes_round,
            rounds,
            exact_round,
            "Round: seat 1 of 2 wins\n(gameweave, optimal play, roll-offs)",
        ),
    )
    for ax, sizes, estimates, exact, title in panels:
        est = np.array([e.estimate for e in estimates])
        low = np.array([e.ci_low for e in estimates])
        high = np.array([e.ci_high for e in estimates])
        ax.fill_between(sizes, low, high, color="#1f77b4", alpha=0.25, label="95% interval")
        ax.plot(sizes, est, "o-", color="#1f77b4", ms=3, label="estimate")
        ax.axhline(exact, color="black", lw=1, ls="--", label=f"exact {fixed_text(exact, '.5f')}")
        ax.set_xscale("log", base=2)
        ax.set_xlabel("samples n (same seed: each run extends the one before)")
        ax.set_ylabel("probability")
        ax.set_title(title, fontsize=10)
        ax.legend(fontsize=8, loc="upper right")
        span = 1.1 * max(np.abs(est - exact).max(), abs(high[0] - exact), abs(low[0] - exact))
        ax.set_ylim(exact - span, exact + span)
    fig.suptitle(
        "Monte Carlo estimates converge to the exact values (interval width ~ 1/sqrt(n))",
        fontsize=11,
    )
    fig.tight_layout()
    return _save(fig, path)


def _crosscheck_part(group: str) -> list[Path]:
    crosscheck_part(group)
    return []


def tasks(out_dir: Path) -> list[Task]:
    from pokerdice_stats.games.checks import GROUPS

    return [
        *(
            Task(f"cross-checks {g}", functools.partial(_crosscheck_part, g), "crosscheck", 0.9)
            for g in GROUPS
        ),
        Task("simulation cross-checks", lambda: write_crosscheck(out_dir), "crosscheck", 0.1),
        Task("simulation convergence", lambda: write_convergence(out_dir), "convergence", 0.7),
    ]
