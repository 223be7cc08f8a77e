"""Simple bidding players against a solution on claims: what each gets, and leaves.

The players are those of :mod:`~pokerdice_stats.games.bidding.exact.players`
(``always-call``, ``truthful``, ``call-from:RUNG``), playing every rung of the ladder;
the solution (:class:`~pokerdice_stats.games.bidding.exact.claims_answer.ClaimsBidding`)
plays the other seat, reading their bids as claims and calling outside its tree.  The
play is walked exactly: the player's hands grouped by the move its rule makes, the
solution's by its chances.

For each player and seat the frame gives the seat's ``result`` (units won per game),
its ``best_response`` (the most any play of that seat gets against the solution: seat
1's is the solution's ``upper``, seat 2's is ``-lower``) and the ``loss``, their
difference: what the habit leaves against this solution.  With an exact solution the
best response is the game's value, and the loss is the loss against the equilibrium.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from pokerdice_stats.games.bidding.exact.claims import claim_of_rung
from pokerdice_stats.games.bidding.exact.claims_answer import ClaimsBidding
from pokerdice_stats.games.bidding.exact.claims_tree import CALL as CLAIM_CALL
from pokerdice_stats.games.bidding.exact.habits import habit_rule, report_players
from pokerdice_stats.games.bidding.exact.tree import CALL
from pokerdice_stats.ground import indexing as ix
from pokerdice_stats.ground.arguments import checked_instance
from pokerdice_stats.kernels.fixed_order import dot

__all__ = ["claims_player_losses", "habit_result"]


class _Match:
    """One habit in one seat against the solution in the other, walked exactly."""

    def __init__(self, result: ClaimsBidding, name: str, seat: int) -> None:
        self.result = result
        self.rule = habit_rule(result.ladder, name)
        self.seat = seat
        self.of_rung = claim_of_rung(result.ladder)
        pair = np.asarray(result.ladder.pair_rung)
        self.signs = [np.where(pair >= r, 1.0, -1.0) for r in range(result.ladder.n_rungs)]

    def settle(self, rung: int, bidder: int, r1: np.ndarray, r2: np.ndarray) -> float:
        """Seat 1's result of a call of ``rung`` made by ``bidder``, both reaches given."""
        won = float(dot(dot(r1, self.signs[rung]), r2))
        return won if bidder == 1 else -won

    def walk(self, claims: tuple[int, ...], last: int, r1: np.ndarray, r2: np.ndarray) -> float:
        """Seat 1's result from here: ``claims`` as the solution reads the bids so far,
        ``last`` the last rung bid (-1 at the opening), the seats' reaches."""
        mover = 1 if len(claims) % 2 == 0 else 2
        total = 0.0
        if mover == self.seat:
            own = r1 if mover == 1 else r2
            actions = self.rule((last,) if last >= 0 else ())
            for action in np.unique(actions[own > 0]):
                mass = np.where(actions == action, own, 0.0)
                m1, m2 = (mass, r2) if mover == 1 else (r1, mass)
                if action == CALL:
                    total += self.settle(last, 3 - mover, m1, m2)
                else:
                    after = (*claims, int(self.of_rung[action]))
                    total += self.walk(after, int(action), m1, m2)
            return total
        policy = self.result.policy
        if claims not in policy:  # the solution calls outside its tree (or a claim twice)
            return self.settle(last, 3 - mover, r1, r2)
        moves, chances = policy[claims]
        for move, row in zip(moves, chances, strict=True):
            m1, m2 = (r1 * row, r2) if mover == 1 else (r1, r2 * row)
            if not (m1 if mover == 1 else m2).any():
                continue
            if move == CLAIM_CALL:
                total += self.settle(last, 3 - mover, m1, m2)
            else:
                total += self.walk((*claims, move), int(self.result.tops[move]), m1, m2)
        return total


def habit_result(result: ClaimsBidding, name: str, seat: int) -> float:
    """Seat 1's expected result (units won per game) with ``name`` in ``seat`` and the
    solution in the other.

    Raises
    ------
    OptionError
        For an unknown player or rung.
    """
    chances = ix.HAND_WAYS / ix.N_THROWS
    return _Match(result, name, seat).walk((), -1, chances.copy(), chances.copy())


def claims_player_losses(
    result: ClaimsBidding, players: tuple[str, ...] | None = None
) -> pd.DataFrame:
    """Each simple player in each seat against the solution on claims.

    Parameters
    ----------
    result : ClaimsBidding
        The solution on claims (from
        :func:`~pokerdice_stats.games.bidding.exact.claims_answer.solve_claims`).
    players : tuple of str, optional
        The players (default: always-call, truthful, call-from each rung but the lowest).

    Returns
    -------
    DataFrame
        One row per player and seat: ``player``, ``seat``, ``result`` (the seat's own
        expected result, units won per game), ``best_response`` (the most that seat gets
        against the solution) and ``loss`` (their difference, never negative).

    Raises
    ------
    OptionError
        For an unknown player or rung.
    """
    checked_instance(result, ClaimsBidding, "result", "solve_claims(rules, ladder)")
    names = players if players is not None else report_players(result.ladder)
    for name in names:  # refuse a bad player before any walk
        habit_rule(result.ladder, name)
    rows = []
    for name in names:
        for seat in (1, 2):
            seat1 = habit_result(result, name, seat)
            own, best = (seat1, result.upper) if seat == 1 else (-seat1, -result.lower)
            rows.append(
                {"player": name, "seat": seat, "result": own, "best_response": best,
                 "loss": best - own}
            )  # fmt: skip
    return pd.DataFrame(rows)
