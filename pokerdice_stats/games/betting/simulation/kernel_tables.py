"""The solved betting rounds of 001 as the arrays a session kernel plays.

For each table size ``m`` (2 up to the session's seats) the exact solution
(:func:`pokerdice_stats.games.betting.exact.solve.solve_betting`) is read into
:class:`~pokerdice_stats.kernels.simulation.records.BettingGame`: per open
state (a *group*: the positions still to throw and the pot) the keep table
of the next position for every best strength it may face, the raises it
makes when it leads with each strength, the meet-or-fold answer of every
later position (given the answers before it) and the group that follows.
The solver's own methods give every decision, so the kernel plays exactly
the solved play.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from pokerdice_stats.engines.simulation.dice_tables import dice_tables
from pokerdice_stats.games.betting.exact.induction import NOTHING, RoundSolver, seats_in
from pokerdice_stats.games.betting.exact.solve import check_betting_rules, solve_betting
from pokerdice_stats.games.seats import check_players
from pokerdice_stats.kernels.simulation.records import BettingGame
from pokerdice_stats.turn.hands import hand_table
from pokerdice_stats.turn.rules import RuleSet
from pokerdice_stats.turn.states import state_code

#: Positions a mask may hold (the most seats a betting round has).
MASKS = 32
MAX_POSITIONS = 5


@dataclass(frozen=True, eq=False)
class BettingTables:
    """The kernel record and what it was built from.

    ``unit``: chips are counted in ``1 / unit`` of a chip so antes and raises are whole.
    """

    game: BettingGame
    unit: int
    solvers: dict


def chip_unit(ante: Fraction, raise_size: Fraction) -> int:
    """The smallest number of units a chip splits into so ante and raise are whole."""
    return math.lcm(ante.denominator, raise_size.denominator)


def betting_game(rules: RuleSet, players: int, ante=1, raise_size=None, raises: int = 1):
    """The decision tables of the betting rounds of 2 to ``players`` seats.

    Returns
    -------
    BettingTables

    Raises
    ------
    OptionError
        For rules, players or stakes outside the betting game.
    """
    check_betting_rules(rules)
    players = check_players(players)
    solved = {
        m: solve_betting(rules, m, ante=ante, raise_size=raise_size, raises=raises)
        for m in range(2, players + 1)
    }
    stakes = solved[players].stakes
    n_h = hand_table(rules).n_strengths
    n_r = stakes.raises
    groups: list[tuple[int, int, Fraction | float]] = []  # (m, mask, pot)
    ids: dict[tuple, int] = {}
    start = np.full(players + 1, -1, dtype=np.int64)
    for m, result in solved.items():
        for mask, pot in sorted(result.solver.groups):
            ids[(m, mask, pot)] = len(groups)
            groups.append((m, mask, pot))
        start[m] = ids[(m, result.solver.full_mask, result.solver.start_pot())]
    n_g = len(groups)
    seat = np.zeros(n_g, dtype=np.int64)
    later = np.zeros(n_g, dtype=np.int64)
    keep = np.zeros((n_g, n_h + 1), dtype=np.int64)
    check_next = np.full(n_g, -1, dtype=np.int64)
    lead = np.zeros((n_g, n_h), dtype=np.int64)
    meet = np.zeros((n_g, n_h, n_r + 1, MAX_POSITIONS, MASKS), dtype=np.int8)
    raise_next = np.full((n_g, n_r + 1, MASKS), -1, dtype=np.int64)
    tables: dict[bytes, int] = {}
    best: list[np.ndarray] = []
    for g, (m, mask, pot) in enumerate(groups):
        solver: RoundSolver = solved[m].solver
        group = solver.groups[(mask, pot)]
        seat[g] = group.seat
        rest = mask & ~(1 << (group.seat - 1))
        later[g] = rest
        assert group.policy is not None
        for i, s in enumerate(group.strengths):
            table = np.ascontiguousarray(group.policy.keep_tables(group.goal[i]))
            key = table.tobytes()
            if key not in tables:
                tables[key] = len(best)
                best.append(table)
            faced = 0 if s == NOTHING else s + 1
            keep[g, faced] = tables[key]
            if s == NOTHING:
                keep[g, 1:] = tables[key]
        if rest:
            check_next[g] = ids[(m, rest, pot)]
        order = seats_in(rest)
        for h in range(n_h):
            lead[g, h] = solver.lead(h, group.seat, rest, pot)[0]
            for r in range(1, n_r + 1):
                prior = 0
                for i in range(len(order)):
                    for met in range(1 << m):
                        if met & ~prior:
                            continue
                        meet[g, h, r, i, met] = solver.answer(h, r, order, i, met, pot)[0]
                    prior |= 1 << (order[i] - 1)
        for r in range(1, n_r + 1):
            cost = solver.number(r * stakes.raise_size)
            for met in range(1, 1 << m):
                if met & ~rest:
                    continue
                raise_next[g, r, met] = ids[(m, met, pot + cost * (1 + met.bit_count()))]
    game = BettingGame(
        start_group=start,
        seat=seat,
        later=later,
        keep=keep,
        check_next=check_next,
        raises=lead,
        meet=meet,
        raise_next=raise_next,
        best=np.ascontiguousarray(np.stack(best)),
        strength=hand_table(rules).strength.astype(np.int64),
        throws_left=rules.throws - 1,
        states=state_code(rules),
        dice=dice_tables(),
    )
    return BettingTables(game, chip_unit(stakes.ante, stakes.raise_size), solved)
