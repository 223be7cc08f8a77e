"""Report section: blind banking rounds of 2 to 5 seats and their symmetric equilibria.

In ``results/games/``:

- ``banking_rounds.csv``: each seat's share of the pot, outright win and tie
  chance when every seat plays the equilibrium of N seats (blind, N = 2..5);
- ``banking_field.md``: per N the equilibrium (its pure hold tables and
  weights), each seat's share, the exploitability with its tolerance, the
  split rate, the winning hand's category and what simple strategies earn as
  one seat against N - 1 equilibrium seats;
- ``banking_field_strategies.csv``, ``banking_field_mixtures.csv`` and
  ``banking_field.png`` (antes lost a round by each simple strategy).

In ``results/strategy/``: ``banking_equilibrium.csv`` (every pure strategy's
hold on every first-throw hand, with its weight), ``banking_equilibrium.md``
and one chart per pure strategy, ``banking/equilibrium_N-seats_K.png``.
"""

from __future__ import annotations

import functools
from pathlib import Path

import pandas as pd
from matplotlib.figure import Figure

from pokerdice_stats.engines.report import Task, save_figure, write_text
from pokerdice_stats.engines.report.drawn_once import drawn_once
from pokerdice_stats.engines.report.strategy_charts import plot_strategy
from pokerdice_stats.games.banking.exact.field import blind_round
from pokerdice_stats.games.banking.exact.strategy_frames import (
    keep_frame,
    mixture_frame,
    strategy_table,
)
from pokerdice_stats.games.seats import MAX_PLAYERS, MIN_PLAYERS
from pokerdice_stats.ground.formats import fraction_text, to_csv, to_markdown
from pokerdice_stats.ground.numbers import fixed_text
from pokerdice_stats.turn.rules import PRESETS

PLAYERS = tuple(range(MIN_PLAYERS, MAX_PLAYERS + 1))
PNG_METADATA = {"Software": None}
DPI = 110
PRESET = "banking"


@functools.cache
def _round(players: int):
    return blind_round(PRESETS[PRESET], players)


def _solve(players: int) -> list[Path]:
    """Solve one seat count (the tables are written by a later task)."""
    _round(players)
    return []


def chart_name(players: int, strategy: int) -> str:
    """The chart of pure strategy ``strategy`` of the ``players``-seat equilibrium."""
    return f"{PRESET}/equilibrium_{players}-seats_{strategy}.png"


def write_tables(out_dir: Path) -> list[Path]:
    """The round, equilibrium and strategy tables of 2..5 seats, and the loss chart."""
    folder = out_dir / "games"
    rounds, strategies, mixtures, sections = [], [], [], []
    for n in PLAYERS:
        result = _round(n)
        eq = result.equilibrium
        rounds.append(result.frame().assign(players=n))
        table = strategy_table(eq)
        strategies.append(table.assign(players=n))
        mixture = mixture_frame(eq)
        mixtures.append(mixture)
        sections.append(_section(result, table, mixture))
    round_frame = pd.concat(rounds, ignore_index=True)
    round_frame = round_frame[["players", *[c for c in round_frame if c != "players"]]]
    strategy_frame = pd.concat(strategies, ignore_index=True)
    strategy_frame = strategy_frame[
        ["players", "strategy", "share_float", "net_float", "loss_float"]
    ]
    written = [
        write_text(folder / "banking_rounds.csv", to_csv(round_frame)),
        write_text(folder / "banking_field_strategies.csv", to_csv(strategy_frame)),
        write_text(
            folder / "banking_field_mixtures.csv", to_csv(pd.concat(mixtures, ignore_index=True))
        ),
    ]
    head = (
        "# Banking Poker Dice, 2 to 5 blind seats: the symmetric equilibrium\n\n"
        "In 004, every seat develops its hand without seeing anyone else's; the best hand "
        "(full tie-breaks) takes the pot, identical best hands share it.  For each N the "
        "equilibrium is computed for that N: a mixture of pure hold tables such that no seat "
        "gains by deviating alone.  The exploitability (the most one seat gains, in shares of "
        "the pot) is certified exactly with fractions; the weights are exact fractions "
        "(float weights rounded to multiples of 2^-40).  Weights, shares and chances are in "
        "percent.  'Net' is antes won a round with an ante of 1 per seat "
        "(`N * share / 100 - 1`); the loss is its negative (a best response's is below 0: "
        "it gains).  In `banking_rounds.csv`, by seat: `win` is the seat's share of the "
        "pot (exact in `win_exact`; a split pot counts the part it takes), `win_outright` the "
        "chance it takes the pot alone and `tie` the chance it shares a split pot, so "
        "`win` is `win_outright` plus a part of `tie`.  The charts of each pure "
        "strategy: [../strategy/banking_equilibrium.md](../strategy/banking_equilibrium.md)."
        "\n\n"
    )
    written.append(write_text(folder / "banking_field.md", head + "\n".join(sections)))
    written.append(_chart_losses(strategy_frame, folder / "banking_field.png"))
    return written


def _section(result, table: pd.DataFrame, mixture: pd.DataFrame) -> str:
    eq = result.equilibrium
    shown = table[["strategy", "share_float", "net_float", "loss_float"]]
    weights = mixture[["strategy", "weight", "weight_exact", "share_float"]].copy()
    weights["chart"] = [
        f"[chart](../strategy/{chart_name(eq.players, s)})" for s in weights["strategy"]
    ]
    categories = result.category_frame()[["category", "chance_float"]]
    return (
        f"## {eq.players} seats\n\n"
        f"- each seat's share of the pot: {', '.join(fraction_text(v) for v in eq.value)} "
        "(exact; they sum to 1)\n"
        f"- exploitability: {_exploitability(eq.exploitability)} of the pot, certified with "
        f"exact fractions (tolerance {fixed_text(eq.tolerance, '.3g')}; "
        f"{eq.iterations} best responses)\n"
        f"- the pot is split with chance {fixed_text(100 * float(result.split), '.6g')}%\n"
        f"- the mixture: {len(mixture)} pure hold "
        + ("table" if len(mixture) == 1 else "tables")
        + "\n\n"
        + to_markdown(weights, percent=("weight", "share"))
        + "\n### One seat against N - 1 equilibrium seats\n\n"
        + to_markdown(
            shown, {c: eq.players * eq.tolerance for c in ("net", "loss")}, percent=("share",)
        )
        + "\n### The winning hand's category\n\n"
        + to_markdown(categories, percent=("chance",))
    )


def _exploitability(value) -> str:
    """The certified gain: the fraction when short (``0``, ``1/3``), else its decimal."""
    if value == 0:
        return "0"
    text = fraction_text(value)
    return text if len(text) <= 12 else fixed_text(float(value), ".3g")


@drawn_once
def _chart_losses(frame: pd.DataFrame, path: Path) -> Path:
    names = [s for s in frame["strategy"].unique() if s not in ("equilibrium", "best-response")]
    fig = Figure(figsize=(9, 5))
    ax = fig.subplots()
    for name in names:
        part = frame[frame["strategy"] == name]
        ax.plot(part["players"], part["loss_float"], marker="o", label=name)
    ax.set_yscale("symlog", linthresh=1e-3)
    ax.set_xticks(list(PLAYERS))
    ax.set_xlabel("seats at the table (N)")
    ax.set_ylabel("antes lost a round (ante 1 per seat; log scale above 0.001)")
    ax.grid(alpha=0.3, which="both")
    ax.legend(frameon=False, title="one seat plays")
    ax.set_title("Blind banking: what deviating costs against N - 1 equilibrium seats")
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    save_figure(fig, path, dpi=DPI, metadata=PNG_METADATA)
    return path


def write_strategy(out_dir: Path) -> list[Path]:
    """Every pure strategy of every equilibrium: the CSV, the index and the charts."""
    folder = out_dir / "strategy"
    rules = PRESETS[PRESET]
    frames, rows, written = [], [], []
    for n in PLAYERS:
        eq = _round(n).equilibrium
        frame = keep_frame(eq)
        frames.append(frame)
        for s, part in frame.groupby("strategy", sort=True):
            weight = part["weight"].iloc[0]
            name = chart_name(n, int(s))
            title = (
                f"banking, blind, {n} seats: equilibrium pure strategy {s} "
                f"(weight {fixed_text(weight, '.4f')})"
            )
            chart = part.drop(columns=["value_float"]).rename(
                columns={"best_value_float": "value_float"}
            )
            written.append(plot_strategy(chart, rules, "equilibrium", folder / name, title=title))
            rows.append(
                f"| {n} | {s} | {fraction_text(part['weight_exact'].iloc[0])} | "
                f"{fixed_text(100 * weight, '.4f')} | "
                f"[chart]({name}) |"
            )
    written.append(
        write_text(folder / "banking_equilibrium.csv", to_csv(pd.concat(frames, ignore_index=True)))
    )
    text = (
        "# banking: the blind equilibrium's holds, 2 to 5 seats\n\n"
        "Each pure strategy of the symmetric equilibrium of N blind seats, with its weight in "
        "the mixture.  A chart shows the hold on every first-throw hand with each number of "
        "throws left; a marked corner says another hold earns exactly as much against N - 1 "
        "equilibrium seats (the pure strategies of one mixture differ only in such ties).  CSV: "
        "`banking_equilibrium.csv` (one row per seat count, pure strategy, throws left and "
        "hand: the keep, its share of the pot against the field and the best hold's).  The "
        "tables: [../games/banking_field.md](../games/banking_field.md).\n\n"
        "| seats | pure strategy | weight | weight % | chart |\n|---|---|---|---|---|\n"
    )
    written.append(write_text(folder / "banking_equilibrium.md", text + "\n".join(rows) + "\n"))
    return written


def tasks(out_dir: Path) -> list[Task]:
    from pokerdice_stats.games.banking.report.equilibrium import write_banking

    return [
        *(Task(f"banking {n} seats", functools.partial(_solve, n)) for n in PLAYERS),
        Task("banking field tables", lambda: write_tables(out_dir)),
        Task("banking equilibrium charts", lambda: write_strategy(out_dir)),
        Task("banking equilibrium", lambda: write_banking(out_dir)),
    ]
