"""Blind banking sessions (004): every seat antes, the best hand takes the pot, banks run out.

The table is a :class:`~pokerdice_stats.kernels.simulation.records.BlindGame`
whose mixtures are indexed by *slot*: the seat ``seat`` (0-based, its place at
the full table) playing at a table of ``m`` seats still in draws its pure
strategy from slot ``(m - 2) * players + seat`` (so a seat may play the
equilibrium of the smaller table once others are out).  A round is one pass
of :func:`~pokerdice_stats.kernels.simulation.blind_rounds.blind_pass` over
the slots of the seats still in, in seat order.
"""

from __future__ import annotations

import numpy as np

from pokerdice_stats.kernels._numba import jit
from pokerdice_stats.kernels.simulation.blind_rounds import blind_pass


@jit
def banking_sessions_chunk(state, n, session, game, tally):
    """``n`` banking sessions (a ``BankingSession``) of blind rounds.

    Each round every seat still in antes ``session.ante`` (banks and antes in
    ``SHARE_UNIT`` units of a point); the seats holding the best hand share
    the pot equally (``ante * m // k`` each: whole, as ``SHARE_UNIT`` divides
    by 1 to 5).  After the round a seat whose bank is below the ante is out
    (``each_out_at[i, seat] = r``); the session ends after ``session.rounds``
    rounds or when one seat is left (``each_length[i]``).  ``tally`` comes zeroed, with
    ``each_path[:, :, 0]`` (when it has columns) holding the starting bank: the
    kernel writes only what the rounds change (writing those here too slows
    the round loop by a quarter).  ``each_bank[i]``:
    every seat's bank at the end; ``each_path[i, seat, j]``: its bank after
    ``j * session.record_every`` rounds (the last one repeats after the end;
    only when ``each_path`` has columns); ``rounds_played``: rounds played.
    """
    players = session.players
    stake = session.ante
    rounds = session.rounds
    every = max(session.record_every, 1)
    path = tally.each_path
    n_path = path.shape[2]
    banks = np.empty(players, dtype=np.int64)
    alive = np.empty(players, dtype=np.int64)
    slots = np.empty(players, dtype=np.int64)
    order = np.empty(players, dtype=np.int64)
    hands = np.empty(max(players - 1, 1) * players, dtype=np.int64)
    for i in range(n):
        m = players
        for seat in range(players):
            banks[seat] = session.start
            alive[seat] = seat
        played = 0
        for r in range(1, rounds + 1):
            base = (m - 2) * players
            for j in range(m):
                slots[j] = base + alive[j]
            k = blind_pass(state, game, slots, m, order, hands)
            if k == 1:  # the common case: no division
                banks[order[0] - base] += stake * m
            else:
                part = stake * m // k
                for j in range(k):
                    banks[order[j] - base] += part
            played = r
            left = 0
            for j in range(m):  # the antes are taken after the pot is paid: the same banks
                seat = alive[j]
                banks[seat] -= stake
                if banks[seat] < stake:
                    tally.each_out_at[i, seat] = r
                else:
                    alive[left] = seat
                    left += 1
            m = left
            if n_path > 0 and r % every == 0 and r // every < n_path:
                for seat in range(players):
                    path[i, seat, r // every] = banks[seat]
            if m <= 1:
                break
        for j in range(played // every + 1, n_path):
            for seat in range(players):
                path[i, seat, j] = banks[seat]
        for seat in range(players):
            tally.each_bank[i, seat] = banks[seat]
        tally.each_length[i] = played
        tally.rounds_played[0] += played
