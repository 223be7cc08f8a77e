"""Report part: the player's bank in progressive sessions (004), in ``results/simulation/``.

- ``bankrolls.md``, ``bankroll_paths.png``, ``bankroll_distribution.png``, ``ruin.png``:
  the player's bank in progressive sessions from 10,000 points against the optimal
  computer (whose bank is also 10,000), and the chance that either side is ruined (its
  bank can no longer cover the largest loss of a round, 1,200 points), for every
  computer policy.

Every figure is seeded, so the files are the same bytes on every run (and for any
number of threads).
"""

from __future__ import annotations

import functools
from pathlib import Path

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd

from pokerdice_stats.engines.report import Task, save_figure, write_text
from pokerdice_stats.engines.report.cache import disk_cached
from pokerdice_stats.engines.report.drawn_once import drawn_once
from pokerdice_stats.ground.formats import to_markdown
from pokerdice_stats.ground.numbers import fixed_text
from pokerdice_stats.turn.rules import get_rules

#: The seed of every simulated session (that of the cross-checks too).
SEED = 20261202
PNG_METADATA = {"Software": None}
DPI = 110
#: Progressive sessions: rounds, checkpoint spacing, sessions.
ROUNDS = 10_000
EVERY = 50
SESSIONS = 4_000
CHECKPOINTS = (100, 1_000, 10_000)
START = 10_000


def _save(fig, path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    save_figure(fig, path, dpi=DPI, metadata=PNG_METADATA)
    plt.close(fig)
    return path


@functools.cache
@disk_cached
def bankroll_sessions(computer: str = "optimal", sessions: int = SESSIONS):
    """The seeded progressive sessions the bankroll files describe."""
    from pokerdice_stats.engines.simulation.run import RunOptions
    from pokerdice_stats.games.progressive.simulation import simulate_progressive

    return simulate_progressive(
        get_rules("progressive"),
        ROUNDS,
        computer,
        START,
        record_every=EVERY,
        run=RunOptions(n=sessions, seed=SEED, progress=False),
    )


def _fmt(e) -> str:
    """A chance and its interval, in percent."""
    low, high = fixed_text(100 * e.ci_low, ".2f"), fixed_text(100 * e.ci_high, ".2f")
    return f"{fixed_text(100 * e.estimate, '.2f')} ({low} .. {high})"


def bankroll_frame() -> pd.DataFrame:
    """Per computer policy: ruin chances within 1,000 and 10,000 rounds, with Wilson intervals."""
    from pokerdice_stats.engines.simulation import stats
    from pokerdice_stats.games.progressive.exact.payout import COMPUTER_POLICIES, expected_payout

    rows = []
    for computer in COMPUTER_POLICIES:
        result = bankroll_sessions(computer, SESSIONS if computer == "optimal" else 2_000)
        exact = expected_payout(get_rules("progressive"), computer)
        ruined_at = result.ruined_at
        row = {
            "computer": computer,
            "payout per round (exact)": exact.expected_float,
            "sd per round (exact)": exact.sd_float,
            "sessions": result.n,
        }
        for limit in (1_000, ROUNDS):
            player = int(((ruined_at > 0) & (ruined_at <= limit)).sum())
            machine = int(((ruined_at < 0) & (-ruined_at <= limit)).sum())
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
    from pokerdice_stats.games.progressive.exact.payout import expected_payout

    folder = out_dir / "simulation"
    result = bankroll_sessions()
    exact = expected_payout(get_rules("progressive"), "optimal")
    mu, sd = exact.expected_float, exact.sd_float
    ruin = bankroll_frame()
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
        + to_markdown(checkpoint_frame(), percent=("player ruined", "computer ruined"))
        + "\n## Chance of ruin, by computer policy (95% Wilson intervals)\n\n"
        + to_markdown(ruin, percent=[c for c in ruin.columns if "ruined" in c])
    )
    paths = [write_text(folder / "bankrolls.md", text)]
    paths.append(_paths_chart(result, mu, folder / "bankroll_paths.png"))
    paths.append(_distribution_chart(result, mu, sd, folder / "bankroll_distribution.png"))
    paths.append(_ruin_chart(result, folder / "ruin.png"))
    return paths


@drawn_once
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


@drawn_once
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
        if len(live) >= len(banks) / 2:  # else the sessions left are not that population
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
        else:
            ax.text(0.5, 0.95, "no normal curve: most sessions\nhave ended in ruin",
                    transform=ax.transAxes, ha="center", va="top", fontsize=8)  # fmt: skip
        ruined = float((banks < result.floor).mean())
        machine = float((2 * START - banks < result.floor).mean())
        ax.set_title(
            f"after {r:,} rounds: still playing {fixed_text(len(live) / len(banks), '.1%')}\n"
            f"player ruined {fixed_text(ruined, '.1%')}, "
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


@drawn_once
def _ruin_chart(result, path: Path) -> Path:
    from pokerdice_stats.engines.simulation import stats

    rounds = np.arange(0, ROUNDS + 1, EVERY)
    ruined_at = result.ruined_at
    fig, ax = plt.subplots(figsize=(8, 4.2))
    for sign, label, color in ((1, "player ruined", "#d62728"), (-1, "computer ruined", "#2ca02c")):
        hit = np.sort(sign * ruined_at[sign * ruined_at > 0])
        counts = np.searchsorted(hit, rounds, side="right")
        ci = np.array([stats.wilson(int(c), result.n) for c in counts])
        ax.fill_between(rounds, ci[:, 0], ci[:, 1], color=color, alpha=0.25)
        ax.plot(rounds, counts / result.n, color=color, label=f"{label} (95% band)")
    ax.set_xlabel("rounds played")
    ax.set_ylabel("chance it has happened")
    ax.set_ylim(0, 1)
    ax.set_xlim(0, ROUNDS)
    ax.set_title(
        "Ruin in progressive sessions (optimal computer, 10,000 points each)\n"
        f"ruined: the bank is below the largest loss of a round, {result.floor:,} points",
        fontsize=10,
    )
    ax.legend(fontsize=8, loc="upper left")
    fig.tight_layout()
    return _save(fig, path)


def tasks(out_dir: Path) -> list[Task]:
    return [Task("simulation bankrolls", lambda: write_bankrolls(out_dir), "bankrolls", 2.4)]
