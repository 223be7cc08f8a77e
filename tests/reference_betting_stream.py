"""Plain-Python twin of the betting-session kernel, reading the kernel's own random stream.

It plays every round from the exact solvers themselves (their groups, hold
policies, :meth:`RoundSolver.lead` and :meth:`RoundSolver.answer`), not from
the kernel's decision arrays, with chips and pots as Fractions, and returns the
tally dict :func:`pokerdice_stats.engines.simulation.run.play_chunk` returns (chips in
the job's units).
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np
from reference_stream import Stream, turn

from pokerdice_stats.games.betting.exact.induction import NOTHING, seats_in


def play_round(stream, solver, order, chips, step, strength, throws_left, states, ante):
    """One solved round of the seats ``order`` (starter first) at ``ante``, chips anted.

    Returns ``(leader, pot, raised, folded, short)``; ``chips`` is charged the raises.
    """
    pot = solver.number(ante * len(order))
    mask = solver.full_mask
    best = NOTHING
    leader = None
    raised, folded, short = set(), set(), 0
    while mask:
        group = solver.group(mask, pot)
        position = group.seat
        who = order[position - 1]
        goal = group.goal[group.index(best)]
        table = np.asarray(group.policy.keep_tables(goal))[None]
        hand, _ = turn(stream, table, 0, throws_left, states)
        s = int(strength[hand])
        rest = mask & ~(1 << (position - 1))
        if s <= best:
            mask = rest
            continue
        best, leader = s, who
        if not rest:
            break
        r = solver.lead(s, position, rest, pot)[0]
        if r and r * step > chips[who]:
            short += 1
            while r and r * step > chips[who]:
                r -= 1
        if not r:
            mask = rest
            continue
        cost = r * step
        chips[who] -= cost
        raised.add(who)
        met = 0
        answering = seats_in(rest)
        for i, p in enumerate(answering):
            other = order[p - 1]
            want = solver.answer(s, r, answering, i, met, pot)[0]
            if want and chips[other] >= cost:
                chips[other] -= cost
                met |= 1 << (p - 1)
            else:
                folded.add(other)
                short += int(want)
        pot = pot + solver.number(r * solver.stakes.raise_size) * (1 + met.bit_count())
        if not met:
            break
        mask = met
    return leader, pot, raised, folded, short


def betting_sessions_chunk(job, tables, state: np.ndarray, size: int) -> dict:
    """The twin of ``betting_sessions_chunk`` for ``job`` built with ``tables``."""
    stream = Stream(state)
    session, game = job.session, job.game
    n = session.players
    unit = tables.unit
    out = {
        "each_chips": np.zeros((size, n), dtype=np.int64),
        "each_first": np.zeros((size, n), dtype=np.int64),
        "each_out_at": np.zeros((size, n), dtype=np.int64),
        "each_length": np.zeros(size, dtype=np.int64),
        "seat_rounds": np.zeros(n, dtype=np.int64),
        "pots": np.zeros(n, dtype=np.int64),
        "raised": np.zeros(n, dtype=np.int64),
        "folded": np.zeros(n, dtype=np.int64),
        "short": np.zeros(1, dtype=np.int64),
        "unbalanced": np.zeros(1, dtype=np.int64),
        "sat_out": np.zeros(n, dtype=np.int64),
        "void": np.zeros(1, dtype=np.int64),
    }
    step = Fraction(session.raise_size, unit)
    start = Fraction(session.start, unit)
    for i in range(size):
        chips = [start] * n
        alive = list(range(n))
        starter = 0
        played = 0
        for rnd in range(1, session.rounds + 1):
            k = alive.index(starter)
            at_table = alive[k:] + alive[:k]
            ante, positions = tables.plan[len(at_table)]
            order = [at_table[p - 1] for p in positions]
            away = [seat for seat in at_table if seat not in order]
            if len(order) < 2:  # void, and so every later round: nothing changes
                left = session.rounds - rnd + 1
                out["void"][0] += left
                out["seat_rounds"][at_table[0]] += left
                for seat in away:
                    out["sat_out"][seat] += left
                played = session.rounds
                break
            for seat in away:
                out["sat_out"][seat] += 1
            for seat in order:
                chips[seat] -= ante
                out["seat_rounds"][seat] += 1
            solver = tables.solvers[len(order)].solver
            leader, pot, raised, folded, short = play_round(
                stream,
                solver,
                order,
                chips,
                step,
                game.strength,
                game.throws_left,
                game.states,
                ante,
            )
            chips[leader] += pot
            out["pots"][leader] += 1
            out["short"][0] += short
            for seat in raised:
                out["raised"][seat] += 1
            for seat in folded:
                out["folded"][seat] += 1
            out["unbalanced"][0] += int(sum(chips) != n * start)
            if rnd == 1:
                out["each_first"][i] = [int((c - start) * unit) for c in chips]
            played = rnd
            starter = leader
            floor = Fraction(session.floor, unit)
            for seat in list(alive):
                if chips[seat] < floor:
                    out["each_out_at"][i, seat] = rnd
                    alive.remove(seat)
            if len(alive) <= 1:
                break
        out["each_chips"][i] = [int(c * unit) for c in chips]
        out["each_length"][i] = played
    return out
