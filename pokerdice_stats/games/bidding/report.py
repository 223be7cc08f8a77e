"""Report section: 003's bidding for two, in ``results/games/``.

- ``bidding_value.md``: the value for seat 1 on the category ladder (exact,
  with its best-response bounds) and the fine ladder solved on its claims (its
  best-response bounds in the full game, by the solver and by best responses
  written apart from it); seat 1's opening bids; what simple players lose;
- ``bidding_odds.csv`` / ``bidding_odds_fine.csv``: given your five dice, the
  chance the ten dice make at least each rung (exact fractions over 7,776);
- ``bidding_strategy.csv``: the category solution's moves by own hand at every
  history play reaches; ``bidding_strategy_fine.csv``: the fine solution's at the
  opening and in answer to every opening bid (moves of chance 5% or more;
  ``bidding_value.md`` says how any other position is answered on demand:
  ``bidding --hand --bids``);
- ``bidding_players.csv`` / ``bidding_players_fine.csv``: each simple player in
  each seat against the category / fine solution;
- ``bidding_simulated.csv``: the solved play and simple players played out
  (200,000 games each, seed 2026), beside the exact results;
- ``bidding_simulated_fine.csv``: on the fine ladder, the solution against itself
  and against each seat's best response in the full game, played out the same way;
- ``bidding.png``: opening bids, seat 2's answers and the simple players' losses
  (category ladder); ``bidding_fine.png``: the fine solution's opening bids and seat 2's
  calls, by own rung.
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
from pokerdice_stats.engines.simulation.run import RunOptions
from pokerdice_stats.games.bidding.exact.claims_answer import (
    DEFAULT_ITERATIONS,
    ClaimsBidding,
    solve_claims,
)
from pokerdice_stats.games.bidding.exact.claims_players import claims_player_losses
from pokerdice_stats.games.bidding.exact.claims_position import (
    claims_opening_frame,
    claims_strategy_frame,
)
from pokerdice_stats.games.bidding.exact.claims_response import claims_best_response
from pokerdice_stats.games.bidding.exact.frames import (
    UNITS,
    odds_frame,
    opening_frame,
    strategy_frame,
)
from pokerdice_stats.games.bidding.exact.game import TOLERANCE, Bidding
from pokerdice_stats.games.bidding.exact.odds import bid_ladder
from pokerdice_stats.games.bidding.exact.players import player_losses
from pokerdice_stats.games.bidding.exact.solve import solve_ladder
from pokerdice_stats.games.bidding.simulation.claims import claims_matchups
from pokerdice_stats.games.bidding.simulation.solved import simulate_matchups
from pokerdice_stats.ground import indexing as ix
from pokerdice_stats.ground.formats import number_text, to_csv, to_markdown
from pokerdice_stats.ground.numbers import fixed_text
from pokerdice_stats.kernels.fixed_order import dot
from pokerdice_stats.turn.rules import get_rules

#: Games and seed of the simulated table.
SIMULATED_GAMES = 200_000
SIMULATED_SEED = 2026

PNG_METADATA = {"Software": None}
DPI = 110
RULINGS_NOTE = (
    "Rules: classic (003), variation 8.  Each player throws five dice once behind a screen "
    "and sees only their own.  Seat 1 bids first; bids alternate, each a higher rung of the "
    "ladder, claiming that the best five of all ten dice make at least that rung.  Instead of "
    "bidding a player calls: the bidder wins if the claim holds, else the caller; the top rung "
    f"must be called.  Results: {UNITS}, seat 1's unless said."
)


@functools.cache
@disk_cached
def _result(ladder: str) -> Bidding:
    return solve_ladder(get_rules("classic"), ladder)


@functools.cache
def _claims() -> ClaimsBidding:
    """The classic fine ladder on its claims (kept in the toolkit's cache folder)."""
    return solve_claims(get_rules("classic"), "fine", DEFAULT_ITERATIONS)


@functools.cache
@disk_cached
def _responses() -> tuple[float, float]:
    """Seat 1's result against each seat's best response written apart from the solver."""
    result = _claims()
    return claims_best_response(result, 2).value, claims_best_response(result, 1).value


#: How a player reads a position the strategy files do not list.
POSITIONS_NOTE = (
    "`bidding_strategy.csv` lists the category solution's moves at every history its own "
    "play reaches, `bidding_strategy_fine.csv` the fine solution's at the opening and in "
    "answer to every opening bid (moves of chance 5% or more).  Any other position (any "
    "five dice, any bids so far, on either ladder) is answered on demand: "
    '`pokerdice-stats bidding --hand "Q Q Q 9 9" --bids "full-house"` (add `--ladder fine` '
    "for the fine ladder, `--format json` for the figures) gives the solution's mix over "
    "the call and every legal bid, the value of each, and the chance the ten dice make the "
    "last bid; the coach page (`pokerdice-stats serve`) asks the same.  Where the solution "
    "does not settle the play (after bids it never makes, or off the fine solution's tree, "
    "where it would call every bid), the game from that position is solved again, each "
    "seat's hand weighed by what its bids so far say (`mix: re-solved`)."
)

#: Below this a figure is numerical noise and written 0 (the exact solution's accepted gap).
NOISE = TOLERANCE
#: Values are written to 12 decimals, gaps to 3 significant digits (noise written 0).
VALUE_SPEC = ".12f"
GAP_DIGITS = 3
NOISE_NOTE = (
    f"Values to 12 decimals; gaps to {GAP_DIGITS} significant digits, any figure below "
    f"{NOISE:g} (numerical noise) written 0."
)


def _value(x: float) -> str:
    return fixed_text(x, VALUE_SPEC, NOISE)


def _gap(x: float) -> str:
    return str(number_text(x, tolerance=NOISE, digits=GAP_DIGITS))


def _figures(result: Bidding) -> pd.DataFrame:
    lower, upper, gap = (result.lower, result.upper, result.exploitability)
    rows = [
        {"figure": "value (seat 1)", "value": _value(result.value)},
        {"figure": "seat 1 against seat 2's best response", "value": _value(lower)},
        {"figure": "seat 1's best response", "value": _value(upper)},
        {"figure": "exploitability (gap)", "value": _gap(gap)},
    ]
    rows += [
        {"figure": "hand classes", "value": str(int(result.classes.max()) + 1)},
        {"figure": "abstraction", "value": result.abstraction},
    ]
    return pd.DataFrame(rows)


#: The fine strategy file lists moves of at least this chance (any other: on demand).
FINE_MOVES = 0.05
#: The simple players the fine section's table shows (the CSV has them all).
SHOWN_PLAYERS = ("always-call", "truthful", "call-from:full-house:K", "call-from:four-of-a-kind:9")


def _opened(opening: pd.DataFrame) -> pd.DataFrame:
    """The opening frame without the bids no hand makes with chance 1e-3 or more."""
    fixed = ["own_rung", "chance_of_hand"]
    kept = [c for c in opening.columns if c not in fixed and opening[c].max() >= 1e-3]
    return opening[fixed + kept]


def _shown(frame: pd.DataFrame, percent: list[str] | None = None) -> pd.DataFrame:
    """Floats to 4 decimals; the chances named in ``percent`` in percent, to 2."""
    out = frame.copy()
    for column in out.columns:
        if column in (percent or ()):
            out[column] = [fixed_text(100 * v, ".2f", 100 * NOISE) for v in out[column]]
        elif pd.api.types.is_float_dtype(out[column]):
            out[column] = [fixed_text(v, ".4f", NOISE) for v in out[column]]
    return out


#: Above a table of :func:`_opening_table`.
OPENING_NOTE = (
    "`chance_of_hand`: the chance of a hand of that rung; each bid's column: the chance seat 1 "
    "opens with that bid holding such a hand (both in percent).\n\n"
)


def _opening_table(opening: pd.DataFrame) -> str:
    """Seat 1's opening bids by own rung: the chance of the hand and of each bid, in percent."""
    chances = [c for c in opening.columns if c != "own_rung"]
    return to_markdown(_shown(opening, chances), percent=chances)


@disk_cached
def simulated_frame() -> pd.DataFrame:
    """Seat 1's simulated result per matchup, with its interval and the exact result."""
    run = RunOptions(n=SIMULATED_GAMES, seed=SIMULATED_SEED, progress=False, workers=1)
    return pd.DataFrame(simulate_matchups(get_rules("classic"), run)["games"])


@functools.cache
@disk_cached
def simulated_fine_frame() -> pd.DataFrame:
    """The fine ladder's solution on claims played out: against itself, and against each
    seat's best response in the full game."""
    run = RunOptions(n=SIMULATED_GAMES, seed=SIMULATED_SEED, progress=False, workers=1)
    rows = [
        {**row.record(), "exact": "" if row.exact is None else _value(row.exact)}
        for row in claims_matchups(_claims(), run)
    ]
    return pd.DataFrame(rows)


def _claims_figures(result: ClaimsBidding) -> pd.DataFrame:
    lower, upper = _responses()
    rows = [
        {"figure": "seat 1 against seat 2's best response", "value": _value(result.lower)},
        {"figure": "seat 1's best response", "value": _value(result.upper)},
        {"figure": "exploitability (gap)", "value": _gap(result.exploitability)},
        {"figure": "largest difference from the bounds by best responses written apart "
                   "from the solver", "value": _gap(max(abs(lower - result.lower),
                                                        abs(upper - result.upper)))},
        {"figure": "distinct claims of the ladder's rungs", "value": str(len(result.tops))},
        {"figure": "discounted-CFR iterations", "value": str(result.iterations)},
        {"figure": "claim histories in the strategy's tree", "value": str(len(result.histories))},
    ]  # fmt: skip
    return pd.DataFrame(rows)


def write_bidding(out_dir: Path) -> list[Path]:
    """Every file of the section."""
    folder = out_dir / "games"
    exact, fine = _result("category"), _claims()
    players = player_losses(exact)
    written = [
        write_text(folder / "bidding_odds.csv", to_csv(odds_frame(exact.ladder))),
        write_text(
            folder / "bidding_odds_fine.csv",
            to_csv(odds_frame(bid_ladder(get_rules("classic"), "fine"))),
        ),
        write_text(folder / "bidding_strategy.csv", to_csv(strategy_frame(exact))),
        write_text(
            folder / "bidding_strategy_fine.csv",
            to_csv(claims_strategy_frame(fine, at_least=FINE_MOVES)),
        ),
        write_text(folder / "bidding_players.csv", to_csv(players)),
    ]
    simulated = simulated_frame()
    written.append(write_text(folder / "bidding_simulated.csv", to_csv(simulated)))
    text = "# Bidding for two (003, variation 8), solved\n\n" + RULINGS_NOTE + "\n\n"
    text += "## Category ladder: exact\n\n"
    text += (
        "Sequence-form linear program over hand classes (face relabelings that keep every "
        "category), then both seats' best responses computed in the full game without the "
        "program; the value lies between them.  " + NOISE_NOTE + "\n\n"
    )
    text += to_markdown(_figures(exact))
    text += "\n### Seat 1's opening bid, by the category of its own five dice\n\n"
    text += OPENING_NOTE
    text += _opening_table(opening_frame(exact))
    text += "\n### What simple players lose against the solution\n\n"
    text += (
        "`always-call`: calls every bid (opens with the lowest rung); `truthful`: bids its own "
        "hand's category when higher than the last bid, else calls; `call-from:R`: bids one "
        "rung up until the last bid is R or higher, then calls.  `result`: the seat's own "
        "expected result against the solved other seat; `loss`: equilibrium minus result.\n\n"
    )
    text += to_markdown(_shown(players))
    text += "\n### Played out (Monte Carlo)\n\n"
    text += (
        f"{SIMULATED_GAMES:,} games a line, seed {SIMULATED_SEED}; `estimate`: seat 1's mean "
        "result with its 95% interval; `exact`: the same from the strategies.\n\n"
    )
    text += to_markdown(_shown(simulated.drop(columns=["n", "seed"])))
    text += "\n## Fine ladder (category and face of its main set): on its claims\n\n"
    text += (
        f"The fine ladder's {fine.ladder.n_rungs} rungs make {len(fine.tops)} distinct "
        "claims (rungs met by exactly the same pairs of hands); the game on claims is solved "
        f"by {fine.iterations} iterations of discounted CFR on a tree of claim histories "
        "grown where either seat's reach is large, and read on every rung: a bid is the "
        "claim it makes, the solution bids the top rung of each claim's block, and at a "
        "history outside its tree it calls.  Its bounds are best responses in the full game "
        "(every rung open to the responder), computed twice: by the solver, and apart from "
        "it.  This is an approximate equilibrium, not an exact one: against it seat 1's best "
        f"response gets {fine.upper:.3f} a game and seat 2's {-fine.lower:.3f} (the bounds "
        "below).  Each seat's gain is that less what it gets when the solution plays itself "
        "(a result between the bounds), and the gap below is the two gains together "
        f"({_gap(fine.exploitability)}: OpenSpiel's NashConv, twice its exploitability), so "
        "no one seat gains the whole gap.  The gap falls with more iterations "
        "(`bidding --ladder fine --iterations 100`: 0.067, about 43 s; 200: 0.034, about 2 "
        "minutes).  " + NOISE_NOTE + "\n\n"
    )
    text += to_markdown(_claims_figures(fine))
    fine_players = claims_player_losses(fine)
    written.append(write_text(folder / "bidding_players_fine.csv", to_csv(fine_players)))
    text += "\n### What simple players get and leave against it\n\n"
    text += (
        "The same players on every rung of the fine ladder (`call-from:R` for each rung R "
        "in `bidding_players_fine.csv`).  `result`: the seat's own expected result against "
        "the solution; `best_response`: the most that seat gets against it; `loss`: their "
        "difference.\n\n"
    )
    text += to_markdown(_shown(fine_players[fine_players["player"].isin(SHOWN_PLAYERS)]))
    simulated_fine = simulated_fine_frame()
    written.append(write_text(folder / "bidding_simulated_fine.csv", to_csv(simulated_fine)))
    text += "\n### Played out in the full game (Monte Carlo)\n\n"
    text += (
        f"{SIMULATED_GAMES:,} games a line, seed {SIMULATED_SEED}; `solved`: the solution; "
        "`best-response`: that seat's best response to it in the full game; `exact`: seat "
        "1's result from the strategies (the solution against itself lies between the two "
        "bounds).\n\n"
    )
    text += to_markdown(_shown(simulated_fine.drop(columns=["n", "seed"])))
    text += "\n### Seat 1's opening bid, by its own hand's rung\n\n"
    text += OPENING_NOTE
    text += _opening_table(_opened(claims_opening_frame(fine)))
    text += "\n## Any other position\n\n" + POSITIONS_NOTE + "\n"
    written.append(write_text(folder / "bidding_value.md", text))
    written.append(_chart(exact, players, folder / "bidding.png"))
    written.append(_fine_chart(fine, folder / "bidding_fine.png"))
    return written


def _answers(result: Bidding) -> tuple[list[str], list[str], np.ndarray]:
    """Seat 2's chance of calling each opening bid that is played, by own rung."""
    tree, ladder = result.tree, result.ladder
    opening = tree.infosets[1][0]
    weights = ix.HAND_WAYS.astype(float)
    played = []
    for action, move in zip(opening.actions, opening.moves, strict=True):
        if dot(weights, result.strategy[1][:, move]) > 1e-12:
            played.append(action)
    rungs = [r for r in range(ladder.n_rungs) if (ladder.hand_rung == r).any()]
    grid = np.zeros((len(rungs), len(played)))
    for j, bid in enumerate(played):
        call = tree.seq_index[2][((bid,), -1)]
        for i, rung in enumerate(rungs):
            mine = ladder.hand_rung == rung
            grid[i, j] = dot(weights[mine], result.strategy[2][mine, call]) / weights[mine].sum()
    return [ladder.labels[r] for r in rungs], [ladder.labels[b] for b in played], grid


def _chart(result: Bidding, players: pd.DataFrame, path: Path) -> Path:
    return _category_chart(opening_frame(result), _answers(result), players, result.value, path)


@drawn_once
def _category_chart(
    opening: pd.DataFrame,
    answers: tuple[list[str], list[str], np.ndarray],
    players: pd.DataFrame,
    value: float,
    path: Path,
) -> Path:
    fig = Figure(figsize=(14, 4.8))
    axes = fig.subplots(1, 3)
    bids = [c for c in opening.columns[2:] if opening[c].max() > 1e-12]
    ax = axes[0]
    bottom = np.zeros(len(opening))
    for bid in bids:
        ax.barh(opening["own_rung"], opening[bid], left=bottom, label=f"bids {bid}")
        bottom += opening[bid].to_numpy()
    ax.set_xlabel("chance of the opening bid")
    ax.set_title("Seat 1 opens with (by own category)", fontsize=10)
    # Below the axis label, clear of the bars (every row is full width).
    ax.legend(frameon=False, fontsize=7, loc="upper center", bbox_to_anchor=(0.5, -0.16), ncol=3)
    ax = axes[1]
    rows, cols, grid = answers
    image = ax.imshow(grid, cmap="RdYlGn_r", vmin=0, vmax=1, aspect="auto")
    ax.set_yticks(range(len(rows)))
    ax.set_yticklabels(rows, fontsize=8)
    ax.set_xticks(range(len(cols)))
    ax.set_xticklabels(cols, fontsize=8, rotation=20, ha="right")
    for i in range(grid.shape[0]):
        for j in range(grid.shape[1]):
            ax.text(j, i, f"{grid[i, j]:.2f}", ha="center", va="center", fontsize=7)
    ax.set_xlabel("seat 1's opening bid")
    ax.set_title("Seat 2 calls it (chance, by own category)", fontsize=10)
    fig.colorbar(image, ax=ax, fraction=0.046)
    ax = axes[2]
    names = list(dict.fromkeys(players["player"]))
    width = 0.38
    for k, seat in enumerate((1, 2)):
        part = players[players["seat"] == seat].set_index("player").loc[names]
        xs = [i + (k - 0.5) * width for i in range(len(names))]
        ax.bar(xs, part["loss"], width, label=f"seat {seat}")
    ax.set_xticks(range(len(names)))
    ax.set_xticklabels(names, rotation=35, ha="right", fontsize=7)
    ax.set_ylabel("units lost per game against the solution")
    ax.set_title("What simple players lose", fontsize=10)
    ax.legend(frameon=False, fontsize=8)
    fig.suptitle(
        f"Bidding for two, category ladder (classic): seat 1's value {value:.4f} units per game"
    )
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    save_figure(fig, path, dpi=DPI, metadata=PNG_METADATA)
    return path


def _fine_answers(result: ClaimsBidding) -> tuple[list[str], list[str], np.ndarray]:
    """Seat 2's chance of calling each opening bid seat 1 makes in 1% of games or more,
    by seat 2's own rung (hands weighted by their chance)."""
    from pokerdice_stats.games.bidding.exact.claims_tree import CALL

    full = result.ladder
    weights = ix.HAND_WAYS.astype(float)
    moves, chances = result.policy[()]
    made = dot(chances, weights) / weights.sum()
    played = [m for m, share in zip(moves, made, strict=True) if share >= 0.01]
    rungs = [r for r in range(full.n_rungs) if (full.hand_rung == r).any()]
    grid = np.zeros((len(rungs), len(played)))
    for j, claim in enumerate(played):
        answers, rows = result.policy[(claim,)]
        call = rows[answers.index(CALL)]
        for i, rung in enumerate(rungs):
            mine = full.hand_rung == rung
            grid[i, j] = dot(weights[mine], call[mine]) / weights[mine].sum()
    labels = [full.labels[int(result.tops[c])] for c in played]
    return [full.labels[r] for r in rungs], labels, grid


def _fine_chart(result: ClaimsBidding, path: Path) -> Path:
    """The fine ladder's solution by own rung: seat 1's opening bids, seat 2's calls."""
    figures = (result.iterations, result.lower, result.upper)
    opening = _opened(claims_opening_frame(result))
    return _fine_figure(opening, _fine_answers(result), figures, path)


@drawn_once
def _fine_figure(
    opening: pd.DataFrame,
    answers: tuple[list[str], list[str], np.ndarray],
    figures: tuple[int, float, float],
    path: Path,
) -> Path:
    iterations, lower, upper = figures
    fig = Figure(figsize=(15, 8.5))
    axes = fig.subplots(1, 2)
    bids = [c for c in opening.columns if c not in ("own_rung", "chance_of_hand")]
    panels = [
        (opening["own_rung"].tolist(), bids, opening[bids].to_numpy(), "Blues",
         "Seat 1 opens with (chance, by own rung)", "seat 1's opening bid"),
        (*answers, "RdYlGn_r", "Seat 2 calls it (chance, by own rung)",
         "seat 1's opening bid (made in 1% of games or more)"),
    ]  # fmt: skip
    for ax, (rows, cols, grid, cmap, title, xlabel) in zip(axes, panels, strict=True):
        image = ax.imshow(grid, cmap=cmap, vmin=0, vmax=1, aspect="auto")
        ax.set_yticks(range(len(rows)))
        ax.set_yticklabels(rows, fontsize=7)
        ax.set_xticks(range(len(cols)))
        ax.set_xticklabels(cols, fontsize=7, rotation=60, ha="right")
        ax.set_xlabel(xlabel)
        ax.set_title(title, fontsize=10)
        fig.colorbar(image, ax=ax, fraction=0.04)
    fig.suptitle(
        f"Bidding for two, fine ladder (classic), solved on its claims ({iterations} "
        f"iterations): seat 1 between {lower:.3f} and {upper:.3f} units per game"
    )
    fig.tight_layout()
    save_figure(fig, path, dpi=DPI, metadata=PNG_METADATA)
    return path


def _compute(ladder: str) -> list[Path]:
    if ladder == "fine":
        _responses()
        simulated_fine_frame()
    else:
        _result(ladder)
    return []


def tasks(out_dir: Path) -> list[Task]:
    return [
        Task("bidding category ladder", functools.partial(_compute, "category"), cost=1.5),
        Task("bidding fine ladder", functools.partial(_compute, "fine"), cost=25.0),
        Task("bidding tables", lambda: write_bidding(out_dir), cost=1.2),
    ]
