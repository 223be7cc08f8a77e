"""Matches: rounds (later seats see the earlier hands) until one player has ``target`` wins."""

from __future__ import annotations

import numpy as np

from pokerdice_stats.kernels._numba import jit
from pokerdice_stats.kernels.simulation.rounds import new_scratch, next_start, play_round


@jit
def matches_chunk(state, n, match, game, tally):
    """``n`` matches of ``match`` (a ``MatchFormat``); player 1 starts the first round.

    Each round is :func:`~.rounds.play_round` of ``game`` with the starter in
    the first place; the start of the next round follows ``match.starter``
    (:func:`~.rounds.next_start`).  Adds to ``tally`` (a ``MatchTally``) each
    player's match wins, the sum and the sum of squares of the rounds a match
    took (roll-offs belong to their round), the rounds played including
    roll-offs and lookups that found no policy.  Ties must have a single winner
    (roll-off or must-beat).
    """
    players = match.players
    scratch = new_scratch(players)
    scores = np.empty(players, dtype=np.int64)
    for _ in range(n):
        scores[:] = 0
        start = 0
        played = 0
        while True:
            _, last, sub = play_round(state, game, players, scratch)
            if sub < 0:
                tally.no_policy[0] += 1
                break
            tally.subrounds[0] += sub
            played += 1
            winner = (start + scratch.order[0]) % players
            scores[winner] += 1
            if scores[winner] >= match.target:
                tally.wins[winner] += 1
                break
            start = next_start(start, match.starter, last, winner, players)
        tally.rounds_sum[0] += played
        tally.rounds_sum_sq[0] += played * played
