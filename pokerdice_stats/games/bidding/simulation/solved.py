"""Simulated games of bidding for two (003, variation 8).

The exact side is :mod:`pokerdice_stats.games.bidding.exact.game`; the kernel is
:mod:`pokerdice_stats.kernels.simulation.bidding`.  Each game throws both
hands (uniform throw codes) and draws every move from the seats' behaviour
strategies (the solved ones, or a simple player's).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from pokerdice_stats.engines.simulation import stats
from pokerdice_stats.engines.simulation.run import RunOptions, run_job, zeros_tally
from pokerdice_stats.games.bidding.exact.frames import UNITS
from pokerdice_stats.games.bidding.exact.game import Bidding
from pokerdice_stats.games.bidding.exact.players import simple_player
from pokerdice_stats.games.bidding.exact.response import play_value
from pokerdice_stats.games.bidding.exact.solve import solve_ladder
from pokerdice_stats.games.bidding.exact.tree import CALL, BidTree
from pokerdice_stats.ground import indexing as ix
from pokerdice_stats.kernels.simulation.bidding import BidGame, BidTally, bidding_chunk
from pokerdice_stats.turn.rules import RuleSet

__all__ = [
    "DEFAULT_BIDDING_GAMES",
    "MATCHUPS",
    "bid_game",
    "game_arrays",
    "simulate_bidding",
    "simulate_matchups",
]

#: Games simulated when the run options do not say.
DEFAULT_BIDDING_GAMES = 200_000
BIDDING_CHUNK = 50_000


def bid_game(tree: BidTree, ladder_pair_rung: np.ndarray, strategy1, strategy2) -> BidGame:
    """The arrays of the kernel for a tree, the ten-dice table and two strategies
    (each ``(252, sequences)``, as :class:`~pokerdice_stats.games.bidding.exact.game.Bidding`
    holds them)."""
    index = {h: i for i, h in enumerate(tree.histories)}
    mover, last, ptr, child, seq = [], [], [0], [], []
    for history in tree.histories:
        seat = 1 if len(history) % 2 == 0 else 2
        mover.append(seat)
        last.append(history[-1] if history else -1)
        for action in tree.actions(history):
            child.append(-1 if action == CALL else index[(*history, action)])
            seq.append(tree.seq_index[seat][(history, action)])
        ptr.append(len(child))

    no_rows = np.zeros((0, ix.N_HANDS), dtype=bool)
    return game_arrays(
        ladder_pair_rung, mover, last, ptr, child, seq,
        np.transpose(strategy1), np.transpose(strategy2), no_rows,
    )  # fmt: skip


def game_arrays(pair_rung, mover, last, ptr, child, seq, chances1, chances2, added) -> BidGame:
    """The kernel's :class:`BidGame` from its graph (lists or arrays), each seat's
    ``(sequences, 252)`` chances and the rows ``added`` after them (booleans)."""

    def ints(values) -> np.ndarray:
        return np.ascontiguousarray(values, dtype=np.int64)

    return BidGame(
        ints(ix.CODE_TO_HAND),
        ints(pair_rung),
        ints(mover),
        ints(last),
        ints(ptr),
        ints(child),
        ints(seq),
        np.ascontiguousarray(chances1, dtype=np.float64),
        np.ascontiguousarray(chances2, dtype=np.float64),
        np.ascontiguousarray(added, dtype=bool),
    )


@dataclass(frozen=True)
class BiddingJob:
    """Games of bidding for two: what a chunk needs (picklable)."""

    game: BidGame
    n_rungs: int
    desc: str = "games"
    chunk_size: int = BIDDING_CHUNK

    def new_tally(self, size: int) -> BidTally:
        return zeros_tally(BidTally, result=1, seat1_wins=1, bids=1, called=self.n_rungs)

    def fill(self, state: np.ndarray, size: int, tally: BidTally) -> None:
        bidding_chunk(state, size, self.game, tally)


@dataclass(frozen=True)
class BiddingPlay:
    """Simulated games: ``result``, seat 1's mean result (units won per game);
    ``seat1_wins``, its chance of winning; ``bids``, mean bids a game;
    ``called``, the share of games ending on each rung."""

    result: stats.Estimate
    seat1_wins: stats.Estimate
    bids: float
    called: dict[str, float]


def _strategy(result: Bidding, seat: int, player: str | None) -> np.ndarray:
    if player is None or player == "solved":
        return result.strategy[seat]
    return simple_player(result.tree, result.ladder, seat, player)


def simulate_bidding(
    result: Bidding,
    *,
    seat1: str | None = None,
    seat2: str | None = None,
    run: RunOptions | None = None,
) -> BiddingPlay:
    """Play the solved strategies (or a simple player in a seat) against each other.

    Parameters
    ----------
    result : Bidding
        The solved game (its tree, ladder and strategies).
    seat1, seat2 : str, optional
        A simple player for that seat (see
        :mod:`~pokerdice_stats.games.bidding.exact.players`); default the solved strategy.
    run : RunOptions, optional
        Samples (default 200,000 games), seed, workers, progress bar.

    Returns
    -------
    BiddingPlay
    """
    run = run or RunOptions()
    game = bid_game(
        result.tree,
        result.ladder.pair_rung,
        _strategy(result, 1, seat1),
        _strategy(result, 2, seat2),
    )
    done = run_job(BiddingJob(game, result.ladder.n_rungs), run, DEFAULT_BIDDING_GAMES)
    totals = done.totals
    n = done.n
    return BiddingPlay(
        result=stats.mean(float(totals["result"][0]), float(n), n, run.seed),
        seat1_wins=stats.proportion(int(totals["seat1_wins"][0]), n, run.seed),
        bids=float(totals["bids"][0]) / n,
        called={
            label: float(totals["called"][r]) / n for r, label in enumerate(result.ladder.labels)
        },
    )


#: (seat 1, seat 2) played; None is the solved strategy.
MATCHUPS: tuple[tuple[str | None, str | None], ...] = (
    (None, None),
    ("always-call", None),
    (None, "always-call"),
    ("truthful", None),
    (None, "truthful"),
)


def simulate_matchups(rules: RuleSet, run: RunOptions) -> dict:
    """Seat 1's simulated result (with its interval) beside the exact one, per matchup."""
    result = solve_ladder(rules, "category")
    tree, ladder = result.tree, result.ladder
    games = []
    for seat1, seat2 in MATCHUPS:
        one = simple_player(tree, ladder, 1, seat1) if seat1 else result.strategy[1]
        two = simple_player(tree, ladder, 2, seat2) if seat2 else result.strategy[2]
        played = simulate_bidding(result, seat1=seat1, seat2=seat2, run=run)
        e = played.result
        games.append(
            {
                "seat1": seat1 or "solved",
                "seat2": seat2 or "solved",
                "estimate": e.estimate,
                "ci_low": e.ci_low,
                "ci_high": e.ci_high,
                "n": e.n,
                "seed": e.seed,
                "exact": play_value(tree, ladder, one, two),
                "bids_per_game": played.bids,
            }
        )
    return {
        "ladder": "category",
        "quantity": "seat 1's result",
        "unit": UNITS,
        "value": result.value,
        "games": games,
    }
