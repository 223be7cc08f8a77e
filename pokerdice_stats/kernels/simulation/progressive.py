"""Progressive sessions: the computer throws first, the player sees its hand and answers."""

from __future__ import annotations

import numpy as np

from pokerdice_stats.kernels._numba import jit
from pokerdice_stats.kernels.simulation.turns import play_turn


@jit
def progressive_chunk(state, n, session, game, tally):
    """``n`` progressive sessions of ``session.rounds`` rounds against the computer.

    Each round the computer plays its table ``game.computer[0]``, then the
    player, who sees the computer's final hand ``c``, plays
    ``game.player[game.column[c]]``; the loser pays ``game.payout[player hand, c]``
    (what the player receives).  The player is ruined when the bank can no
    longer cover the largest loss of a round (below ``session.floor``), the
    computer when its bank, ``session.ceiling`` minus the player's, can not
    (``ceiling`` 0: never); the session stops there.

    ``tally`` (a ``ProgressiveTally``) receives, per session ``i``:
    ``each_bank[i]``; ``each_broke_at[i]``, the round the player was ruined,
    minus the round the computer was, 0 if neither; ``each_path[i, j]`` the
    bank after ``j * session.record_every`` rounds (if ``each_path`` has columns;
    the last bank repeats after a stop).  Summed over the rounds played:
    ``rounds_played``, ``pay_counts`` (rounds by distinct payout,
    ``game.pay_index[h, c]``: sums of pays in Python stay exact whatever their
    size), ``rounds_paid`` (the player was paid) and ``rounds_paying`` (the
    player paid).  Pays and banks are whole units of whatever the caller
    chose (points, or a fraction of a point for fractional pays).
    """
    throws_left = game.throws - 1
    every = session.record_every
    path = tally.each_path
    n_path = path.shape[1]
    for i in range(n):
        bank = session.start_bank
        tally.each_broke_at[i] = 0
        if n_path > 0:
            path[i, 0] = bank
        for r in range(1, session.rounds + 1):
            # (policy 0 as an int64, not a literal: the one compiled turn of every game)
            c, _ = play_turn(state, game.computer, np.int64(0), throws_left, game.states, game.dice)
            h, _ = play_turn(
                state, game.player, game.column[c], throws_left, game.states, game.dice
            )
            pay = game.payout[h, c]
            bank += pay
            tally.rounds_played[0] += 1
            tally.pay_counts[game.pay_index[h, c]] += 1
            if pay > 0:
                tally.rounds_paid[0] += 1
            elif pay < 0:
                tally.rounds_paying[0] += 1
            if n_path > 0 and r % every == 0 and r // every < n_path:
                path[i, r // every] = bank
            ruined = bank < session.floor
            if ruined or (session.ceiling > 0 and session.ceiling - bank < session.floor):
                tally.each_broke_at[i] = r if ruined else -r
                for j in range(r // every + 1, n_path):
                    path[i, j] = bank
                break
        tally.each_bank[i] = bank
