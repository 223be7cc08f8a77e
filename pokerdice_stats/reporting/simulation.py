"""Report section: Monte Carlo cross-checks, convergence and progressive bankrolls.

Writes ``results/simulation/``:

- ``crosscheck.csv`` / ``.md``: every exact figure against its simulation;
- ``convergence.png``: estimates and 95% intervals closing in on exact values;
- ``bankrolls.md``, ``bankroll_paths.png``, ``bankroll_distribution.png``,
  ``ruin.png``: the player's bank in progressive sessions from 10,000 points
  against the optimal computer (whose bank is also 10,000), and the chance
  that either side is ruined (its bank can no longer cover the largest loss
  of a round, 1,200 points), for every computer policy.

Every figure is seeded, so the files are the same bytes on every run (and
for any number of threads).
"""

from __future__ import annotations

import functools
import math
from pathlib import Path

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd

from pokerdice_stats.formats import fixed_text, to_csv, to_markdown
from pokerdice_stats.reporting import Task, write_text
from pokerdice_stats.reporting.cache import disk_cached
from pokerdice_stats.rules import get_rules

SEED = 20261202
PNG_METADATA = {"Software": None}
DPI = 110
#: Samples of each cross-checked figure (matches: a tenth).
CROSSCHECK_N = 400_000
#: Progressive sessions: rounds, checkpoint spacing, sessions.
ROUNDS = 10_000
EVERY = 50
SESSIONS = 4_000
CHECKPOINTS = (100, 1_000, 10_000)
START = 10_000


def _save(fig, path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=DPI, metadata=PNG_METADATA)
    plt.close(fig)
    return path


@functools.cache
@disk_cached
def crosscheck_part(group: str) -> list:
    """The cross-check figures of one group of :data:`pokerdice_stats.crosscheck.GROUPS`."""
    from pokerdice_stats.crosscheck import crosscheck
    from pokerdice_stats.simulation import RunOptions

    run = RunOptions(n=CROSSCHECK_N, seed=SEED, progress=False)
    return crosscheck((group,), run=run)


def crosscheck_frame() -> pd.DataFrame:
    """Every cross-check figure: exact, simulated, and their z (the groups in order)."""
    from pokerdice_stats.crosscheck import GROUPS, checks_frame

    return checks_frame([check for group in GROUPS for check in crosscheck_part(group)])


def write_crosscheck(out_dir: Path) -> list[Path]:
    """``crosscheck.csv`` and ``crosscheck.md``."""
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
        f"{fixed_text(worst, '.2f')}.\n\n"
    )
    shown = frame.drop(columns=["exact_float"])
    return [
        write_text(folder / "crosscheck.csv", to_csv(frame)),
        write_text(folder / "crosscheck.md", text + to_markdown(shown)),
    ]


def write_convergence(out_dir: Path) -> list[Path]:
    """``convergence.png``: a turn goal and a round's seat, estimate and CI against n."""
    from pokerdice_stats.games.rounds import solve_round
    from pokerdice_stats.goals import parse_goal
    from pokerdice_stats.hands import hand_table
    from pokerdice_stats.holds import solve
    from pokerdice_stats.simulation import RunOptions, simulate_rounds, simulate_turns

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
    return [_save(fig, out_dir / "simulation" / "convergence.png")]


@functools.cache
@disk_cached
def bankroll_sessions(computer: str = "optimal", sessions: int = SESSIONS):
    """The seeded progressive sessions the bankroll files describe."""
    from pokerdice_stats.simulation import RunOptions, simulate_progressive

    return simulate_progressive(
        get_rules("progressive"),
        ROUNDS,
        computer,
        START,
        record_every=EVERY,
        run=RunOptions(n=sessions, seed=SEED, progress=False),
    )


def _fmt(e) -> str:
    low, high = fixed_text(e.ci_low, ".4f"), fixed_text(e.ci_high, ".4f")
    return f"{fixed_text(e.estimate, '.4f')} ({low} .. {high})"


def bankroll_frame() -> pd.DataFrame:
    """Per computer policy: ruin chances within 1,000 and 10,000 rounds, with Wilson intervals."""
    from pokerdice_stats.games.progressive import COMPUTER_POLICIES, expected_payout
    from pokerdice_stats.simulation import stats

    rows = []
    for computer in COMPUTER_POLICIES:
        result = bankroll_sessions(computer, SESSIONS if computer == "optimal" else 2_000)
        exact = expected_payout(get_rules("progressive"), computer)
        broke_at = result.broke_at
        row = {
            "computer": computer,
            "payout per round (exact)": exact.expected_float,
            "sd per round (exact)": exact.std_float,
            "sessions": result.n,
        }
        for limit in (1_000, ROUNDS):
            player = int(((broke_at > 0) & (broke_at <= limit)).sum())
            machine = int(((broke_at < 0) & (-broke_at <= limit)).sum())
            row[f"player ruined by {limit:,}"] = _fmt(stats.proportion(player, result.n, SEED))
            row[f"computer ruined by {limit:,}"] = _fmt(stats.proportion(machine, result.n, SEED))
        rows.append(row)
    return pd.DataFrame(rows)


def checkpoint_frame() -> pd.DataFrame:
    """Quantiles of the player's bank at the checkpoints (optimal computer)."""
    result = bankroll_sessions()
    rows = []
    for r in CHECKPOINTS:
        banks = result.paths[:, r // EVERY]
        q = np.percentile(banks, [5, 25, 50, 75, 95])
        rows.append(
            {
                "rounds": r,
                "mean": float(banks.mean()),
                "p5": q[0],
                "p25": q[1],
                "median": q[2],
                "p75": q[3],
                "p95": q[4],
                "player ruined": float((banks < result.floor).mean()),
                "computer ruined": float((2 * START - banks < result.floor).mean()),
            }
        )
    return pd.DataFrame(rows)


def write_bankrolls(out_dir: Path) -> list[Path]:
    """``bankrolls.md`` and the three bankroll charts."""
    from pokerdice_stats.games.progressive import expected_payout

    folder = out_dir / "simulation"
    result = bankroll_sessions()
    exact = expected_payout(get_rules("progressive"), "optimal")
    mu, sd = exact.expected_float, exact.std_float
    text = (
        "# Progressive sessions: the player's bank\n\n"
        f"{result.n:,} sessions of up to {ROUNDS:,} rounds (seed {SEED}). Both sides start "
        f"with {START:,} points. The computer throws first and plays `optimal` (it maximises "
        "its own expected payout knowing the player answers optimally); the player sees the "
        "computer's final hand and plays the optimal answer. A session stops when either side "
        f"is ruined: {result.ruin_rule} (the player's bank below {result.floor:,} or above "
        f"{2 * START - result.floor:,}).\n\n"
        f"Exact payout to the player per round: {fixed_text(mu, '.4f')} "
        f"(sd {fixed_text(sd, '.2f')}). The bank drifts up by "
        f"about {fixed_text(mu * 1000, ',.0f')} points every 1,000 rounds while its spread "
        f"grows with the square root of the rounds: {fixed_text(sd * 1000**0.5, ',.0f')} "
        f"after 1,000 rounds, {fixed_text(sd * ROUNDS**0.5, ',.0f')} after {ROUNDS:,}. "
        "So over a long session either side is "
        "likely to be ruined, the computer more often.\n\n"
        "## The player's bank at checkpoints (optimal computer)\n\n"
        "Banks of sessions that stopped stay where they stopped (below "
        f"{result.floor:,}, or above {2 * START - result.floor:,}).\n\n"
        + to_markdown(checkpoint_frame())
        + "\n## Chance of ruin, by computer policy (95% Wilson intervals)\n\n"
        + to_markdown(bankroll_frame())
    )
    paths = [write_text(folder / "bankrolls.md", text)]
    paths.append(_paths_chart(result, mu, folder / "bankroll_paths.png"))
    paths.append(_distribution_chart(result, mu, sd, folder / "bankroll_distribution.png"))
    paths.append(_ruin_chart(result, folder / "ruin.png"))
    return paths


def _paths_chart(result, mu: float, path: Path) -> Path:
    x = np.arange(result.paths.shape[1]) * EVERY
    q = np.percentile(result.paths, [5, 25, 50, 75, 95], axis=0)
    fig, ax = plt.subplots(figsize=(9, 5.4))
    ax.fill_between(x, q[0], q[4], color="#1f77b4", alpha=0.15, label="5% .. 95% of sessions")
    ax.fill_between(x, q[1], q[3], color="#1f77b4", alpha=0.3, label="25% .. 75%")
    ax.plot(x, q[2], color="#1f77b4", lw=2, label="median")
    for i in range(12):
        ax.plot(
            x,
            result.paths[i],
            color="gray",
            lw=0.6,
            alpha=0.8,
            label="single sessions" if i == 0 else None,
        )
    ax.plot(
        x,
        START + mu * x,
        color="black",
        ls="--",
        lw=1,
        label=f"expected without ruin ({mu:+.2f} a round)",
    )
    low, high = result.floor, 2 * START - result.floor
    ax.axhline(low, color="#d62728", lw=1)
    ax.axhline(high, color="#2ca02c", lw=1)
    ax.text(x[-1], low, " player ruined", va="bottom", ha="right", color="#d62728", fontsize=8)
    ax.text(x[-1], high, " computer ruined", va="top", ha="right", color="#2ca02c", fontsize=8)
    ax.set_xlabel("round")
    ax.set_ylabel("player's bank (points)")
    ax.set_title(
        "Progressive poker dice: the player's bank against the optimal computer\n"
        f"({result.n:,} sessions from {START:,} points each side; a session stops "
        f"when a bank falls below the largest loss, {result.floor:,})",
        fontsize=10,
    )
    ax.set_xlim(0, x[-1])
    ax.set_ylim(-1_500, 2 * START + 2_500)
    ax.legend(fontsize=8, loc="upper center", bbox_to_anchor=(0.5, -0.13), ncol=3, frameon=False)
    fig.tight_layout()
    return _save(fig, path)


def _distribution_chart(result, mu: float, sd: float, path: Path) -> Path:
    fig, axes = plt.subplots(1, len(CHECKPOINTS), figsize=(12, 4.2))
    for ax, r in zip(axes, CHECKPOINTS, strict=True):
        banks = result.paths[:, r // EVERY]
        live = banks[(banks >= result.floor) & (2 * START - banks >= result.floor)]
        edges = np.linspace(0, 2 * START, 41)
        width = edges[1] - edges[0]
        ax.hist(
            live,
            bins=edges,
            weights=np.full(len(live), 1 / len(banks)),
            color="#1f77b4",
            alpha=0.7,
            label="sessions still playing",
        )
        grid = np.linspace(0, 2 * START, 400)
        scale = sd * r**0.5
        normal = np.exp(-0.5 * ((grid - START - mu * r) / scale) ** 2) / (
            scale * (2 * np.pi) ** 0.5
        )
        ax.plot(
            grid,
            normal * width,
            color="black",
            lw=1,
            label="normal without ruin\n(exact mean and sd)",
        )
        broke = float((banks < result.floor).mean())
        machine = float((2 * START - banks < result.floor).mean())
        ax.set_title(
            f"after {r:,} rounds: still playing {fixed_text(len(live) / len(banks), '.1%')}\n"
            f"player ruined {fixed_text(broke, '.1%')}, "
            f"computer ruined {fixed_text(machine, '.1%')}",
            fontsize=9,
        )
        ax.set_xlabel("player's bank (points)")
        ax.set_xlim(0, 2 * START)
    axes[0].set_ylabel("share of all sessions per bin")
    handles, labels = axes[0].get_legend_handles_labels()
    fig.legend(handles, labels, fontsize=8, loc="lower center", ncol=2, frameon=False)
    fig.suptitle(
        "Distribution of the player's bank (optimal computer, both start at 10,000; "
        "bins of 500 points)",
        fontsize=10,
    )
    fig.tight_layout(rect=(0, 0.1, 1, 1))
    return _save(fig, path)


def _ruin_chart(result, path: Path) -> Path:
    from pokerdice_stats.simulation import stats

    rounds = np.arange(0, ROUNDS + 1, EVERY)
    broke_at = result.broke_at
    fig, ax = plt.subplots(figsize=(8, 4.2))
    for sign, label, color in ((1, "player ruined", "#d62728"), (-1, "computer ruined", "#2ca02c")):
        hit = np.sort(sign * broke_at[sign * broke_at > 0])
        counts = np.searchsorted(hit, rounds, side="right")
        ci = np.array([stats.wilson(int(c), result.n) for c in counts])
        ax.fill_between(rounds, ci[:, 0], ci[:, 1], color=color, alpha=0.25)
        ax.plot(rounds, counts / result.n, color=color, label=f"{label} (95% band)")
    ax.set_xlabel("rounds played")
    ax.set_ylabel("chance it has happened")
    ax.set_ylim(0, 1)
    ax.set_xlim(0, ROUNDS)
    ax.set_title(
        "Ruin in progressive sessions (optimal computer, 10,000 points each; ruined: the bank "
        f"is below the largest loss, {result.floor:,})",
        fontsize=10,
    )
    ax.legend(fontsize=8, loc="upper left")
    fig.tight_layout()
    return _save(fig, path)


def _crosscheck_part(group: str) -> list[Path]:
    crosscheck_part(group)
    return []


def tasks(out_dir: Path) -> list[Task]:
    from pokerdice_stats.crosscheck import GROUPS

    return [
        *(
            Task(f"cross-checks {g}", functools.partial(_crosscheck_part, g), "crosscheck", 0.9)
            for g in GROUPS
        ),
        Task("simulation cross-checks", lambda: write_crosscheck(out_dir), "crosscheck", 0.1),
        Task("simulation convergence", lambda: write_convergence(out_dir), "convergence", 0.7),
        Task("simulation bankrolls", lambda: write_bankrolls(out_dir), "bankrolls", 2.4),
    ]
