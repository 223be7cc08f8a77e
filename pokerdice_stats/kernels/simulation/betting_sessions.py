"""Betting sessions (001): solved betting rounds, chips carried, the pot's winner starts.

The rounds follow the decision tables of a
:class:`~pokerdice_stats.kernels.simulation.records.BettingGame`; with ``m``
seats still at the table, position 1 being the seat that took the last pot
(seat 1 in the first round) and the others following in seat order, the
positions of ``game.entry[m]`` meet the ante ``game.ante[m]`` (the others sit
the round out) and play the solved round of their number.  When only
position 1 is in, the round is void (position 1 counts it as a round sat in,
the others as sat out) and, nothing having changed, so is every later round
of the session (they are counted at once).  Chips are whole units; after a round a seat
holding fewer than ``session.floor`` units is out.  A seat that cannot cover a
raise does the nearest thing it can: a leader makes the most raises it can
pay for (none: it checks), a seat asked to meet that cannot pay folds.
"""

from __future__ import annotations

import numpy as np

from pokerdice_stats.kernels._numba import jit
from pokerdice_stats.kernels.simulation.turns import play_turn


@jit
def betting_sessions_chunk(state, n, session, game, tally):
    """``n`` sessions (a ``BettingSession``) of ``game``'s rounds into ``tally``
    (a ``BettingSessionTally``; see its fields)."""
    players = session.players
    step = session.raise_size
    total = players * session.start
    chips = np.empty(players, dtype=np.int64)
    alive = np.empty(players, dtype=np.int64)
    order = np.empty(players, dtype=np.int64)
    table = np.empty(players, dtype=np.int64)
    raised = np.empty(players, dtype=np.int64)
    folded = np.empty(players, dtype=np.int64)
    for i in range(n):
        for seat in range(players):
            chips[seat] = session.start
            alive[seat] = seat
            tally.each_out_at[i, seat] = 0
        m = players
        starter = 0
        played = 0
        for rnd in range(1, session.rounds + 1):
            first = 0
            while alive[first] != starter:
                first += 1
            entry = game.entry[m]
            k = 0
            for p in range(m):
                table[p] = alive[(first + p) % m]
                if entry >> p & 1:
                    order[k] = table[p]
                    k += 1
            if k < 2:  # void: nothing changes, so every later round is void too
                left = session.rounds - rnd + 1
                tally.void[0] += left
                tally.seat_rounds[table[0]] += left  # the first seat is in, alone
                for p in range(1, m):
                    tally.sat_out[table[p]] += left
                played = session.rounds
                break
            for p in range(m):
                if not entry >> p & 1:
                    tally.sat_out[table[p]] += 1
            ante = game.ante[m]
            for p in range(k):
                chips[order[p]] -= ante
                tally.seat_rounds[order[p]] += 1
            for seat in range(players):
                raised[seat] = 0
                folded[seat] = 0
            pot = ante * k
            g = game.start_group[m]
            best = -1
            leader = -1
            while g >= 0:
                who = order[game.seat[g] - 1]
                h, _ = play_turn(
                    state,
                    game.best,
                    game.keep[g, best + 1],
                    game.throws_left,
                    game.states,
                    game.dice,
                )
                s = game.strength[h]
                if s <= best:
                    g = game.check_next[g]
                    continue
                best = s
                leader = who
                rest = game.later[g]
                if rest == 0:
                    break
                r = game.raises[g, s]
                if r > 0 and r * step > chips[who]:
                    tally.short[0] += 1
                    while r > 0 and r * step > chips[who]:
                        r -= 1
                if r == 0:
                    g = game.check_next[g]
                    continue
                cost = r * step
                chips[who] -= cost
                pot += cost
                raised[who] = 1
                met = 0
                i_ans = 0
                for p in range(k):
                    if rest >> p & 1:
                        other = order[p]
                        want = game.meet[g, s, r, i_ans, met]
                        if want and chips[other] >= cost:
                            chips[other] -= cost
                            pot += cost
                            met |= 1 << p
                        else:
                            folded[other] = 1
                            if want:
                                tally.short[0] += 1
                        i_ans += 1
                if met == 0:
                    break
                g = game.raise_next[g, r, met]
            chips[leader] += pot
            tally.pots[leader] += 1
            for seat in range(players):
                tally.raised[seat] += raised[seat]
                tally.folded[seat] += folded[seat]
            if chips.sum() != total:
                tally.unbalanced[0] += 1
            if rnd == 1:
                for seat in range(players):
                    tally.each_first[i, seat] = chips[seat] - session.start
            played = rnd
            starter = leader
            left = 0
            for j in range(m):
                seat = alive[j]
                if chips[seat] < session.floor:
                    tally.each_out_at[i, seat] = rnd
                else:
                    alive[left] = seat
                    left += 1
            m = left
            if m <= 1:
                break
        for seat in range(players):
            tally.each_chips[i, seat] = chips[seat]
        tally.each_length[i] = played
