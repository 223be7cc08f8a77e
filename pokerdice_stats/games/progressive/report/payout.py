"""Report section: the progressive game of 004, in ``results/games/``.

- ``progressive_schedule.csv/.md``: the payout schedule as 004 prints it
  (the CSV is a schedule file: ``payout --schedule`` reads it back);
- ``progressive_payout.csv/.md``: the player's expected payout per round by
  computer policy, seen and blind, with the bank after 100 rounds;
- ``progressive_payout.png``: the same as a chart;
- the designer's desk (:mod:`pokerdice_stats.games.progressive.report.desk`):
  ``progressive_breakdown.*`` and ``progressive_bank.*``;
- the printable cards (:mod:`pokerdice_stats.games.progressive.report.cards`):
  ``progressive_pay_card.*``, ``progressive_strategy_card.*`` and ``progressive_cards.*``.
"""

from __future__ import annotations

from pathlib import Path

import pandas as pd
from matplotlib.figure import Figure

from pokerdice_stats.engines.report import Task, save_figure, write_text
from pokerdice_stats.engines.report.drawn_once import drawn_once
from pokerdice_stats.games.progressive.exact.payout import (
    COMPUTER_POLICIES,
    KNOWLEDGE,
    expected_payout,
)
from pokerdice_stats.games.progressive.exact.schedule import PROGRESSIVE_SCHEDULE
from pokerdice_stats.games.progressive.exact.schedule_files import schedule_text
from pokerdice_stats.games.progressive.report import cards as progressive_cards
from pokerdice_stats.games.progressive.report import desk as progressive_desk
from pokerdice_stats.ground.formats import number_text, to_csv, to_markdown
from pokerdice_stats.ground.numbers import fixed_text
from pokerdice_stats.turn.rules import PRESETS

#: Rounds for the bank columns of the payout table.
BANK_ROUNDS = 100
_PNG_METADATA = {"Software": None}


def write_progressive_schedule(out_dir: Path) -> Path:
    """004's schedule as a schedule file (``payout --schedule`` reads it back)."""
    text = schedule_text(PROGRESSIVE_SCHEDULE, PRESETS["progressive"])
    return write_text(out_dir / "games" / "progressive_schedule.csv", text)


def payout_frame() -> pd.DataFrame:
    """Every computer policy, seen and blind, under the ``progressive`` preset."""
    rules = PRESETS["progressive"]
    rows = []
    for knowledge in KNOWLEDGE:
        for computer in COMPUTER_POLICIES:
            result = expected_payout(rules, computer=computer, knowledge=knowledge)
            mean, std = result.bank(BANK_ROUNDS)
            eq = result.equilibrium
            rows.append(
                {
                    "knowledge": knowledge,
                    "computer": computer,
                    "expected": result.expected if result.expected is not None else "",
                    "expected_float": result.expected_float,
                    "sd_float": result.sd_float,
                    "player_paid": result.player_paid,
                    "computer_paid": result.computer_paid,
                    "nothing_paid": result.nothing_paid,
                    "push": result.push,
                    "action": float(result.edge.action) if result.edge else float("nan"),
                    "edge_percent": float(result.edge.percent)
                    if result.edge and result.edge.percent is not None
                    else float("nan"),
                    f"bank_mean_{BANK_ROUNDS}": mean,
                    f"bank_sd_{BANK_ROUNDS}": std,
                    "exploitability": eq.exploitability if eq is not None else float("nan"),
                    "exploitability_tolerance": eq.tolerance if eq is not None else float("nan"),
                }
            )
    return pd.DataFrame(rows)


def write_progressive(out_dir: Path) -> list[Path]:
    """The schedule, the payout table and its chart."""
    rules = PRESETS["progressive"]
    folder = out_dir / "games"
    written = []
    schedule = PROGRESSIVE_SCHEDULE.frame(rules)
    written.append(write_progressive_schedule(out_dir))
    title = (
        "# Progressive payout schedule (004)\n\n"
        "Loser's category (rows) pays the winner's category (columns); "
        "`*` push, `-` cannot happen; a winner below three of a kind is paid nothing.\n\n"
    )
    written.append(write_text(folder / "progressive_schedule.md", title + to_markdown(schedule)))
    frame = payout_frame()
    written.append(write_text(folder / "progressive_payout.csv", to_csv(frame)))
    note = (
        "# Progressive Poker Dice: the player's expected payout per round\n\n"
        "`seen`: the computer throws first and the player sees its final hand (the ruling); "
        "`blind`: both blind, the player answers the computer's policy with its best response, "
        "and `optimal` is the equilibrium of the blind game (value 0 by symmetry; "
        "double oracle, exploitability as listed, bounds certified exactly).  "
        "`expected` is exact; `player_paid`, `computer_paid` and `nothing_paid`: the chances "
        "that the player is paid, pays, and that no points change hands (a push, or a win the "
        "schedule pays nothing); `push`: the chance of the same rank (004's push); "
        "`action` is the expected points that change hands a round "
        "(whoever pays) and `edge_percent` the player's edge per 100 of them (the house's is "
        "minus it); the bank columns: mean and standard deviation of the points after "
        f"{BANK_ROUNDS} rounds from 10,000, every round played (as if no bank were ever "
        "ruined; `payout --rounds N` gives the session that stops at ruin).\n\n"
    )
    shown = frame.drop(columns=["expected"])
    shown["exploitability"] = [
        "-" if v != v else number_text(v, tol, digits=3)
        for v, tol in zip(shown["exploitability"], shown["exploitability_tolerance"], strict=True)
    ]
    shown["exploitability_tolerance"] = [
        "-" if v != v else number_text(v, digits=3) for v in shown["exploitability_tolerance"]
    ]
    chances = ("player_paid", "computer_paid", "nothing_paid", "push")
    table = to_markdown(shown, percent=chances)
    written.append(write_text(folder / "progressive_payout.md", note + table))
    written.append(_payout_chart(frame, folder / "progressive_payout.png"))
    return written


@drawn_once
def _payout_chart(frame: pd.DataFrame, path: Path) -> Path:
    fig = Figure(figsize=(8, 4.5))
    ax = fig.subplots()
    width = 0.38
    colors = {"seen": "#1f77b4", "blind": "#ff7f0e"}
    labels = {
        "seen": "player sees the computer's hand",
        "blind": "both blind (optimal: the equilibrium)",
    }
    for i, knowledge in enumerate(KNOWLEDGE):
        part = frame[frame["knowledge"] == knowledge]
        xs = [j + (i - 0.5) * width for j in range(len(part))]
        bars = ax.bar(xs, part["expected_float"], width, color=colors[knowledge])
        bars.set_label(labels[knowledge])
        for x, v in zip(xs, part["expected_float"], strict=True):
            ax.annotate(
                f"{fixed_text(v, '.2f')}",
                (x, v),
                ha="center",
                va="bottom",
                fontsize=8,
                xytext=(0, 2),
                textcoords="offset points",
            )
    ax.set_xticks(range(len(COMPUTER_POLICIES)))
    ax.set_xticklabels(COMPUTER_POLICIES)
    ax.axhline(0, color="black", linewidth=0.8)
    ax.set_xlabel("computer policy")
    ax.set_ylabel("player's expected payout per round (points)")
    ax.set_title("Progressive Poker Dice: what the player wins per round")
    ax.legend(frameon=False)
    ax.margins(y=0.12)
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    save_figure(fig, path, dpi=110, metadata=_PNG_METADATA)
    return path


def tasks(out_dir: Path) -> list[Task]:
    return [
        Task("progressive payout", lambda: write_progressive(out_dir)),
        Task("progressive breakdown", lambda: progressive_desk.write_breakdown(out_dir / "games")),
        Task("progressive bank", lambda: progressive_desk.write_bank(out_dir / "games"), cost=3.7),
        Task("progressive cards", lambda: progressive_cards.write_cards(out_dir / "games")),
    ]
