"""A round's end, added up: each seat's chance to win and the winner/last-thrower table,
from the weights of the sets of tied leaders the round ends in (the roll-offs settled by
their own win chances); :mod:`~pokerdice_stats.games.seen.exact.rounds` finds the sets.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np

from pokerdice_stats.games.seen.exact.seat_chain import seats_of

__all__ = ["outcomes", "total"]


def total(weights: np.ndarray, exact: bool):
    """The sum of ``weights``: a Fraction when ``exact``, else a float."""
    return sum(weights, Fraction(0)) if exact else float(np.sum(weights))


def outcomes(
    sets: dict,
    players: int,
    ties: str,
    rolloff: dict,
    lasts: dict | None,
    exact: bool,
    replay: bool = True,
) -> tuple[list, tuple]:
    """Each seat's win chance, and the winner/last-thrower table, from the tie sets.

    Parameters
    ----------
    sets : dict of int to number or array
        Weight of each set of tied leaders (bit masks) at the end of the round.
    players : int
    ties : str
        The rule set's ``ties``.
    rolloff : dict
        ``rolloff[m]``: roll-off win chances of ``m`` tied players (roll-off only).
    lasts : dict or None
        ``lasts[m][a][b]``: chance that the ``a``-th of ``m`` tied players wins
        and the ``b``-th throws last; None to skip the table.
    exact : bool
    replay : bool
        Whether a tie of all ``players`` replays this very round (then its
        weight is divided out: ``x = A + P(all tie) x``); otherwise it is
        settled by ``rolloff[players]``.

    Returns
    -------
    (win, last)
    """
    zero = Fraction(0) if exact else 0.0
    win = [zero] * players
    last = [[zero] * players for _ in range(players)]
    repeat = zero
    for mask, weights in sets.items():
        p = total(weights, exact)
        members = [s - 1 for s in seats_of(mask)]
        k = len(members)
        if k == 1 or ties != "roll-off":
            for i in members:
                win[i] += p / k
                last[i][players - 1] += p / k
        elif k == players and replay:
            repeat += p
        else:
            for a, i in enumerate(members):
                win[i] += p * rolloff[k][a]
                if lasts is not None:
                    for b, j in enumerate(members):
                        last[i][j] += p * lasts[k][a][b]
    scale = 1 - repeat
    win = [w / scale for w in win]
    table = tuple(tuple(v / scale for v in row) for row in last)
    return win, table
