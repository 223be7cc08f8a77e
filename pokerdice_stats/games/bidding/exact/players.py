"""Simple bidding players, and what they lose against the solved play.

Each player (``always-call``, ``truthful``, ``call-from:RUNG``: their rules are in
:mod:`~pokerdice_stats.games.bidding.exact.habits`) is played as a pure behaviour
strategy over the full tree (see :mod:`~pokerdice_stats.games.bidding.exact.response`).

A simple player takes one seat and the solved strategy the other.  What it
loses is that seat's result under the equilibrium minus its result with the
habit; the solved strategy holds the other seat to the value whatever it
meets, so a loss is never negative (up to the solution's tolerance).
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from pokerdice_stats.games.bidding.exact.game import Bidding
from pokerdice_stats.games.bidding.exact.habits import PLAYER_KINDS, habit_rule, report_players
from pokerdice_stats.games.bidding.exact.odds import BidLadder
from pokerdice_stats.games.bidding.exact.response import play_value
from pokerdice_stats.games.bidding.exact.tree import BidTree
from pokerdice_stats.ground import indexing as ix

__all__ = ["PLAYER_KINDS", "habit_rule", "player_losses", "report_players", "simple_player"]


def _choose(tree: BidTree, seat: int, rule) -> np.ndarray:
    """A pure strategy from ``rule(history) -> (252,) chosen action``."""
    out = np.zeros((ix.N_HANDS, tree.n_sequences(seat)))
    for info in tree.infosets[seat]:
        chosen = rule(info.history)
        for action, move in zip(info.actions, info.moves, strict=True):
            out[:, move] = chosen == action
    return out


def simple_player(tree: BidTree, ladder: BidLadder, seat: int, name: str) -> np.ndarray:
    """The behaviour strategy of a simple player (see the module docstring).

    Raises
    ------
    OptionError
        For an unknown player or rung.
    """
    return _choose(tree, seat, habit_rule(ladder, name))


def player_losses(
    result: Bidding,
    players: tuple[str, ...] | None = None,
) -> pd.DataFrame:
    """Each simple player in each seat against the solved strategy.

    Parameters
    ----------
    result : Bidding
    players : tuple of str, optional
        The players (default :func:`report_players`), on the solution's own ladder.

    Returns
    -------
    DataFrame
        One row per player and seat: ``player``, ``seat``, ``result`` (the
        seat's own expected result, units won per game), ``equilibrium`` (the
        seat's result under the solution) and ``loss`` (their difference).
    """
    tree, ladder = result.tree, result.ladder
    names = players if players is not None else report_players(ladder)
    rows = []
    for name in names:
        for seat in (1, 2):
            if seat == 1:
                seat1 = play_value(
                    tree, ladder, simple_player(tree, ladder, 1, name), result.strategy[2]
                )
            else:
                seat1 = play_value(
                    tree, ladder, result.strategy[1], simple_player(tree, ladder, 2, name)
                )
            own, fair = (seat1, result.value) if seat == 1 else (-seat1, -result.value)
            rows.append(
                {
                    "player": name,
                    "seat": seat,
                    "result": own,
                    "equilibrium": fair,
                    "loss": fair - own,
                }
            )
    return pd.DataFrame(rows)
