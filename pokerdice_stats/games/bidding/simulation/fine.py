"""Simulated games of bidding for two on the full fine ladder.

The fine ladder's solution bids only kept rungs
(:mod:`~pokerdice_stats.games.bidding.exact.solve`).  Played in the full game it
reads the other player's bids through a translation rule
(:mod:`~pokerdice_stats.games.bidding.exact.translation`), and a best response may
bid any rung (:mod:`~pokerdice_stats.games.bidding.exact.full_game`).  Here those
games are played out with the bidding kernel
(:mod:`~pokerdice_stats.kernels.simulation.bidding`), whose nodes are the
full game's public states instead of a tree's histories:

- a responder's state: the abstract history (the solved seat's last bid is
  the real last bid); its moves are the call and every higher real bid;
- the solved seat's state: the abstract history and the responder's real
  bid; its moves are its strategy's at that abstract history;
- a forced call: the responder's bid left no kept rung above it to read it as.

Calls settle on the real last bid with the full ladder's ten-dice table, so a
simulated result estimates the full game's best-response bound.
"""

from __future__ import annotations

import numpy as np

from pokerdice_stats.engines.simulation import stats
from pokerdice_stats.engines.simulation.run import RunOptions, run_job
from pokerdice_stats.games.bidding.exact.frames import UNITS
from pokerdice_stats.games.bidding.exact.full_game import full_game_bounds, lifted_best_response
from pokerdice_stats.games.bidding.exact.game import Bidding
from pokerdice_stats.games.bidding.exact.odds import BidLadder, bid_ladder
from pokerdice_stats.games.bidding.exact.solve import solve_ladder
from pokerdice_stats.games.bidding.exact.translation import kept_rungs, read_bid, translation_table
from pokerdice_stats.games.bidding.exact.tree import CALL
from pokerdice_stats.games.bidding.simulation.solved import (
    BiddingJob,
    game_arrays,
    simulate_bidding,
)
from pokerdice_stats.ground import indexing as ix
from pokerdice_stats.kernels.simulation.bidding import BidGame
from pokerdice_stats.turn.rules import RuleSet

__all__ = [
    "FINE_MATCHUPS",
    "fine_matchups",
    "lifted_game",
    "simulate_fine_matchups",
    "simulate_lifted",
]

#: (seat 1, seat 2) played on the fine ladder: ``solved`` or ``best-response``.
FINE_MATCHUPS = (("solved", "solved"), ("best-response", "solved"), ("solved", "best-response"))


def lifted_game(
    result: Bidding, full: BidLadder, seat: int, translation: str = "down"
) -> tuple[BidGame, float]:
    """The kernel's arrays for ``seat``'s full-game best response against the lifted solution.

    Returns
    -------
    game : BidGame
        Nodes are public states (see the module docstring); node 0 is the start.
    value : float
        Seat 1's exact expected result in that game.
    """
    tree, other = result.tree, 3 - seat
    kept = kept_rungs(full, result.ladder)
    table = translation_table(kept, full.n_rungs, translation)
    policy: dict[tuple[int, ...], np.ndarray] = {}
    value, _ = lifted_best_response(
        tree, full, kept, result.strategy[other], seat, translation, policy, prune=False
    )
    forced = tree.n_sequences(other)  # an extra column of the solved seat: the forced call
    solved = np.hstack([result.strategy[other], np.ones((ix.N_HANDS, 1))])
    responder_columns: list[np.ndarray] = []
    index: dict[tuple, int] = {}
    mover: list[int] = []
    last: list[int] = []
    moves: list[list[tuple[int, int]]] = []  # per node: (child key or None, column)

    def node(key: tuple) -> int:
        if key in index:
            return index[key]
        index[key] = len(mover)
        mover.append(0)
        last.append(0)
        moves.append([])
        number = index[key]
        kind = key[0]
        out: list[tuple[int, int]] = []
        if kind == "responder":
            history = key[1]
            mover[number] = seat
            last[number] = kept[history[-1]] if history else -1
            choice = policy[history]
            bids = ([CALL] if history else []) + list(range(last[number] + 1, full.n_rungs))
            for bid in bids:
                responder_columns.append((choice == bid).astype(np.float64))
                column = len(responder_columns) - 1
                if bid == CALL:
                    out.append((-1, column))
                    continue
                reading = read_bid(table, bid, history[-1] if history else -1)
                if reading is None:
                    out.append((node(("forced", bid)), column))
                else:
                    out.append((node(("solved", (*history, reading), bid)), column))
        elif kind == "solved":
            history, real = key[1], key[2]
            mover[number], last[number] = other, real
            for action in tree.actions(history):
                column = tree.seq_index[other][(history, action)]
                nxt = -1 if action == CALL else node(("responder", (*history, action)))
                out.append((nxt, column))
        else:
            mover[number], last[number] = other, key[1]
            out.append((-1, forced))
        moves[number] = out
        return number

    node(("responder", ()) if seat == 1 else ("solved", (), -1))
    ptr = np.cumsum([0] + [len(m) for m in moves])
    child = [c for m in moves for c, _ in m]
    seq = [s for m in moves for _, s in m]
    responder = np.array(responder_columns).T
    strategy1, strategy2 = (responder, solved) if seat == 1 else (solved, responder)

    game = game_arrays(full.pair_rung, mover, last, ptr, child, seq, strategy1, strategy2)
    return game, value


def simulate_lifted(
    result: Bidding,
    full: BidLadder,
    seat: int,
    translation: str = "down",
    run: RunOptions | None = None,
) -> tuple[stats.Estimate, float, float]:
    """Play ``seat``'s full-game best response against the lifted solution.

    Returns
    -------
    estimate : Estimate
        Seat 1's mean result, with its interval and seed.
    exact : float
        The same from the strategies.
    bids : float
        Mean bids a game.
    """
    run = run or RunOptions()
    game, exact = lifted_game(result, full, seat, translation)
    done = run_job(BiddingJob(game, full.n_rungs), run, 200_000)
    totals, n = done.totals, done.n
    estimate = stats.mean(float(totals["result"][0]), float(n), n, run.seed)
    return estimate, exact, float(totals["bids"][0]) / n


def fine_matchups(
    rules: RuleSet, run: RunOptions, translation: str = "down"
) -> list[tuple[str, str, stats.Estimate, float, float]]:
    """Each of :data:`FINE_MATCHUPS` played: ``(seat1, seat2, estimate, exact, bids)``.

    ``solved`` is the abstraction's solution (read through ``translation``),
    ``best-response`` the other seat's best response to it in the full game;
    ``estimate`` and ``exact`` are seat 1's result, ``bids`` the mean bids a game.
    """
    result = solve_ladder(rules, "fine")
    full = bid_ladder(rules, "fine")
    out = []
    for seat1, seat2 in FINE_MATCHUPS:
        if seat1 == seat2:
            played = simulate_bidding(result, run=run)
            out.append((seat1, seat2, played.result, result.value, played.bids))
        else:
            seat = 1 if seat1 == "best-response" else 2
            estimate, exact, bids = simulate_lifted(result, full, seat, translation, run)
            out.append((seat1, seat2, estimate, exact, bids))
    return out


def simulate_fine_matchups(rules: RuleSet, run: RunOptions, translation: str = "down") -> dict:
    """Seat 1's simulated result on the full fine ladder beside the exact one, per matchup
    (see :func:`fine_matchups`)."""
    games = [
        {
            "seat1": seat1,
            "seat2": seat2,
            "estimate": e.estimate,
            "ci_low": e.ci_low,
            "ci_high": e.ci_high,
            "n": e.n,
            "seed": e.seed,
            "exact": exact,
            "bids_per_game": bids,
        }
        for seat1, seat2, e, exact, bids in fine_matchups(rules, run, translation)
    ]
    return {
        "ladder": "fine",
        "translation": translation,
        "quantity": "seat 1's result",
        "units": UNITS,
        "value": solve_ladder(rules, "fine").value,
        "exploitability": full_game_bounds(rules, translation).exploitability,
        "games": games,
    }
