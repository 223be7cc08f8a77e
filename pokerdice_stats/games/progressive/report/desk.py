"""Report section helpers: the designer's desk for the progressive schedule, in ``results/games/``.

- ``progressive_breakdown.csv``: every (winner, loser) cell of every computer
  policy, seen and blind: exact chance, pay, contribution, share of variance;
- ``progressive_breakdown.md``: the totals per policy (expected payout, sd,
  hit frequency, push, return per unit of the largest loss) and the
  cell table against the optimal computer, as published for casino games;
- ``progressive_breakdown.png``: where the return and the risk come from;
- ``progressive_bank.csv/.md``: the bank after 100, 500 and 1,000 rounds from
  10,000 points (exact dynamic program, float64 with its stated tolerance):
  chance of ruin and quantiles;
- ``progressive_bank.png``: the bank distribution after 1,000 rounds and the
  chance of ruin against rounds.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd
from matplotlib.figure import Figure

from pokerdice_stats.engines.report import save_figure, write_text
from pokerdice_stats.engines.report.cache import disk_cached
from pokerdice_stats.engines.report.drawn_once import drawn_once
from pokerdice_stats.games.progressive.exact.bank import bank_distribution
from pokerdice_stats.games.progressive.exact.breakdown import Breakdown, breakdown_of, by_winner
from pokerdice_stats.games.progressive.exact.payout import (
    COMPUTER_POLICIES,
    KNOWLEDGE,
    round_outcomes,
)
from pokerdice_stats.games.progressive.exact.payout_result import STARTING_BANK
from pokerdice_stats.ground.formats import to_csv, to_markdown
from pokerdice_stats.ground.numbers import fixed_text
from pokerdice_stats.turn.rules import PRESETS

_PNG_METADATA = {"Software": None}
#: Session lengths of the bank table.
BANK_TABLE_ROUNDS = (100, 500, 1000)
#: Computer policies of the bank chart.
BANK_POLICIES = ("optimal", "max-category", "at-least-three")


def _breakdowns() -> dict[tuple[str, str], Breakdown]:
    rules = PRESETS["progressive"]
    return {
        (k, c): breakdown_of(round_outcomes(rules, computer=c, knowledge=k))
        for k in KNOWLEDGE
        for c in COMPUTER_POLICIES
    }


def write_breakdown(folder: Path) -> list[Path]:
    """The breakdown table (CSV, Markdown) and chart."""
    breakdowns = _breakdowns()
    frames = []
    totals = []
    for (knowledge, computer), bd in breakdowns.items():
        frame = bd.frame()
        frame.insert(0, "computer", computer)
        frame.insert(0, "knowledge", knowledge)
        frames.append(frame)
        row: dict[str, object] = {"knowledge": knowledge, "computer": computer}
        row.update({k: v for k, v in bd.totals().items() if not k.endswith("_exact")})
        totals.append(row)
    written = [write_text(folder / "progressive_breakdown.csv", to_csv(pd.concat(frames)))]
    best = breakdowns["seen", "optimal"]
    cells = best.frame(paying_only=True).drop(columns=["probability", "payout"])
    cells = cells.sort_values(["variance_share"], ascending=False)
    summary = pd.DataFrame(totals).drop(columns=["expected", "variance"])
    text = (
        "# Progressive Poker Dice: where the payout comes from\n\n"
        f"Schedule: {best.schedule.label}.  Figures are the player's, in points per round; "
        "every chance and contribution is exact (the CSV has them as fractions).  "
        "`player_paid`: the player is paid (the hit frequency of casino tables); "
        "`computer_paid`: the player pays; `nothing_paid`: no points change hands (a push, "
        "or a win the schedule pays nothing); `push`: equal categories; "
        "`return_per_largest_loss`: expected payout over the most a round can cost.\n\n"
        "## Totals by computer policy\n\n"
        + to_markdown(summary, percent=("player_paid", "computer_paid", "nothing_paid", "push"))
        + "\n## The cells against the optimal computer (player sees its hand)\n\n"
        "`side`: who holds the winning category.  `contribution`: chance times the player's "
        "payout; the contributions add up to the expected payout "
        f"({fixed_text(float(best.expected), '.6g')} = {best.expected}).  `variance_share`: "
        "chance times (payout - mean)^2 over the variance.  Paying cells only, "
        "biggest share of the variance first.\n\n"
        + to_markdown(cells, percent=("probability", "variance_share"))
    )
    written.append(write_text(folder / "progressive_breakdown.md", text))
    written.append(_breakdown_chart(best, folder / "progressive_breakdown.png"))
    return written


def _breakdown_chart(bd: Breakdown, path: Path) -> Path:
    # each side's winning categories best first, as the rules rank them (not by name)
    rank = {slug: i for i, slug in enumerate(bd.outcomes.rules.category_slugs)}
    frame = by_winner(bd)
    frame = frame.assign(rank=frame["winner"].map(rank)).sort_values(
        ["side", "rank"], ascending=[False, True]
    )
    return _breakdown_figure(frame, float(bd.expected), float(bd.sd), path)


@drawn_once
def _breakdown_figure(frame: pd.DataFrame, expected: float, sd: float, path: Path) -> Path:
    labels = [f"{s} wins, {w}" for s, w in zip(frame["side"], frame["winner"], strict=True)]
    fig = Figure(figsize=(10, 4.8))
    left, right = fig.subplots(1, 2, sharey=True)
    colors = ["#1f77b4" if s == "player" else "#d62728" for s in frame["side"]]
    ys = np.arange(len(frame))
    left.barh(ys, frame["contribution"], color=colors)
    left.axvline(0, color="black", linewidth=0.8)
    left.set_yticks(ys)
    left.set_yticklabels(labels, fontsize=8)
    left.invert_yaxis()
    left.set_xlabel("contribution to the expected payout (points per round)")
    left.set_title(f"The return: {fixed_text(expected, '.3f')} points a round in all", fontsize=10)
    right.barh(ys, frame["variance_share"] * 100, color=colors)
    right.set_xlabel("share of the variance (%)")
    right.set_title(f"The risk: sd {fixed_text(sd, '.1f')} points a round", fontsize=10)
    for y, v in zip(ys, frame["variance_share"] * 100, strict=True):
        right.annotate(f"{fixed_text(v, '.1f')}%", (v, y), va="center", fontsize=7, xytext=(2, 0),
                       textcoords="offset points")  # fmt: skip
    right.set_xlim(0, 65)
    fig.suptitle(
        "Progressive Poker Dice, 004 schedule, optimal computer (player sees its hand): "
        "by who wins and with what",
        fontsize=10,
    )
    fig.tight_layout()
    save_figure(fig, path, dpi=110, metadata=_PNG_METADATA)
    return path


@disk_cached
def bank_sessions() -> dict:
    """The bank distribution of each computer policy and session length."""
    rules = PRESETS["progressive"]
    sessions = {}
    for computer in BANK_POLICIES:
        outcomes = round_outcomes(rules, computer=computer)
        for rounds in BANK_TABLE_ROUNDS:
            session = bank_distribution(outcomes=outcomes, rounds=rounds, start=STARTING_BANK)
            sessions[computer, rounds] = session
    return sessions


def write_bank(folder: Path) -> list[Path]:
    """The bank over sessions: table (CSV, Markdown) and chart."""
    rows = []
    sessions = bank_sessions()
    for computer in BANK_POLICIES:
        for rounds in BANK_TABLE_ROUNDS:
            session = sessions[computer, rounds]
            row = {
                "computer": computer,
                "rounds": rounds,
                # a chance below the session's stated tolerance is noise: written 0
                "ruin": float(session.ruin) if session.ruin > session.tolerance else 0.0,
                "mean": float(session.mean),
                "sd": session.sd,
            }
            for q in (0.01, 0.05, 0.25, 0.5, 0.75, 0.95, 0.99):
                row[f"q{q:g}"] = session.quantile(q)
            row["tolerance"] = session.tolerance
            rows.append(row)
    frame = pd.DataFrame(rows)
    written = [write_text(folder / "progressive_bank.csv", to_csv(frame))]
    shown = frame.copy()
    shown["tolerance"] = [f"{fixed_text(100 * v, '.1e')}" for v in shown["tolerance"]]
    text = (
        "# Progressive Poker Dice: the player's bank over a session\n\n"
        f"From {STARTING_BANK:,} points (004), player sees the computer's hand, 004's "
        "schedule.  A player whose bank is below the largest loss of a round (1,200 points) "
        "is ruined and stops.  Dynamic program over every bank value, one convolution a "
        "round; float64 (these sessions are longer than the exact program's 10 rounds), "
        "every chance within the stated `tolerance` (tail cut plus rounding; `ruin` and "
        "`tolerance` in percent).  Banks and "
        "quantiles in points; `q0.05` is the bank that 5% of sessions end at or below.\n\n"
        + to_markdown(shown, percent=("ruin", "tolerance"))
    )
    written.append(write_text(folder / "progressive_bank.md", text))
    written.append(_bank_chart(sessions, folder / "progressive_bank.png"))
    return written


def _bank_chart(sessions, path: Path) -> Path:
    last = BANK_TABLE_ROUNDS[-1]
    ends = {
        computer: (
            sessions[computer, last].banks.astype(np.float64),
            sessions[computer, last].chances.astype(np.float64),
            np.array(sessions[computer, last].ruin_by_round, dtype=np.float64),
        )
        for computer in BANK_POLICIES
    }
    return _bank_figure(ends, path)


@drawn_once
def _bank_figure(ends: dict[str, tuple[np.ndarray, np.ndarray, np.ndarray]], path: Path) -> Path:
    """Each computer's bank after the last rounds (banks, their chances) and its chance of
    ruin by round."""
    fig = Figure(figsize=(11, 4.2))
    left, right = fig.subplots(1, 2)
    colors = {"optimal": "#1f77b4", "max-category": "#ff7f0e", "at-least-three": "#2ca02c"}
    last = BANK_TABLE_ROUNDS[-1]
    for computer, (banks, chances, ruin) in ends.items():
        width = 200
        edges = np.arange(0, banks.max() + width, width)
        weights, _ = np.histogram(banks, bins=edges, weights=chances)
        left.step(edges[:-1], weights / width, where="post", color=colors[computer],
                  label=f"computer {computer}")  # fmt: skip
        right.plot(range(len(ruin)), ruin * 100,
                   color=colors[computer], label=f"computer {computer}")  # fmt: skip
    left.axvline(STARTING_BANK, color="grey", linewidth=0.8, linestyle="--", label="start")
    left.axvline(1200, color="black", linewidth=0.8, linestyle=":", label="ruin line (1,200)")
    left.set_xlabel(f"player's bank after {last:,} rounds (points)")
    left.set_ylabel("chance per point")
    left.set_title("Where the bank ends (ruined sessions keep their bank)", fontsize=10)
    left.legend(frameon=False, fontsize=8)
    right.set_xlabel("rounds")
    right.set_ylabel("chance of ruin so far (%)")
    right.set_title("Chance that the bank can no longer cover a 1,200 loss", fontsize=10)
    right.legend(frameon=False, fontsize=8)
    fig.suptitle(
        f"Progressive Poker Dice: the player's bank from {STARTING_BANK:,} points "
        "(player sees the computer's hand)\n"
        "dynamic program over every bank value, float64, each chance within 5e-12",
        fontsize=10,
    )
    fig.tight_layout()
    save_figure(fig, path, dpi=110, metadata=_PNG_METADATA)
    return path
