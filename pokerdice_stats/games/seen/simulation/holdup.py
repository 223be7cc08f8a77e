"""Simulated rounds in progress (the chips game): does the best hand so far hold up?

The exact side is :func:`pokerdice_stats.games.seen.exact.holdup.holdup`; the kernel is
:mod:`pokerdice_stats.kernels.simulation.chips`.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from pokerdice_stats.engines.simulation import stats
from pokerdice_stats.engines.simulation.round_result import ROUND_CHUNK, check_no_policy
from pokerdice_stats.engines.simulation.run import RunOptions, run_job, zeros_tally
from pokerdice_stats.games.seen.exact.holdup import check_left
from pokerdice_stats.games.seen.simulation.rounds import seen_round_game
from pokerdice_stats.kernels.codes import SHARE_UNIT
from pokerdice_stats.kernels.simulation.chips import holdup_chunk
from pokerdice_stats.kernels.simulation.records import Holder, RoundGame, ShareTally
from pokerdice_stats.turn.hands import hand_table
from pokerdice_stats.turn.rules import RuleSet

#: Rounds simulated when the run options do not say.
DEFAULT_HOLDUP_ROUNDS = 200_000


@dataclass(frozen=True)
class HoldupJob:
    """Rounds whose first seat already holds a hand: what a chunk needs (picklable)."""

    holder: Holder
    game: RoundGame
    desc: str = "rounds"
    chunk_size: int = ROUND_CHUNK

    def new_tally(self, size: int) -> ShareTally:
        n = self.holder.players
        return zeros_tally(ShareTally, share=n, share_sq=n)

    def fill(self, state: np.ndarray, size: int, tally: ShareTally) -> None:
        holdup_chunk(state, size, self.holder, self.game, tally)


def simulate_holdup(
    rules: RuleSet,
    hand: str | int,
    players_left: int,
    *,
    run: RunOptions | None = None,
) -> list[stats.Estimate]:
    """Does the best hand so far hold up?  The holder's and each later player's chance.

    The holder is the first seat of a round of ``players_left + 1`` with its
    final hand ``hand``; the later players play optimally (they see it).  The
    simulation of :func:`pokerdice_stats.games.seen.exact.holdup.holdup`.  ``run``: samples
    (default 200,000 rounds), seed, workers, progress bar.

    Returns
    -------
    list of Estimate
        The holder first, then each later player in turn order (shares of the
        pot: a proportion under roll-off and must-beat, else a mean).
    """
    run = run or RunOptions()
    players_left = check_left(players_left)
    players = players_left + 1
    h = hand_table(rules).hand(hand)
    game, _ = seen_round_game(rules, players)
    done = run_job(HoldupJob(Holder(players, h, rules.throws), game), run, DEFAULT_HOLDUP_ROUNDS)
    totals = done.totals
    check_no_policy(totals)
    if rules.ties in ("roll-off", "must-beat"):
        return [stats.proportion(int(s) // SHARE_UNIT, done.n, run.seed) for s in totals["share"]]
    return [
        stats.mean(
            totals["share"][s] / SHARE_UNIT, totals["share_sq"][s] / SHARE_UNIT**2, done.n, run.seed
        )
        for s in range(players)
    ]
