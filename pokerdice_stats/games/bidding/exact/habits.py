"""The simple bidding players as rules: the action of each own hand after any bids.

A light module (numpy only: no linear program, no pandas), so that a command can check
the players it is given before any work, and an answer from the cache starts quickly.
:mod:`~pokerdice_stats.games.bidding.exact.players` turns these rules into behaviour
strategies and scores them against the solution.

- ``always-call``: calls every bid; opening, bids the lowest rung;
- ``truthful``: bids its own hand's rung when that is higher than the last
  bid (a claim its own five dice already prove), else calls;
- ``call-from:RUNG``: never calls a bid below RUNG: below it bids the next
  rung up, at or above it calls.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from pokerdice_stats.games.bidding.exact.odds import BidLadder
from pokerdice_stats.games.bidding.exact.tree import CALL
from pokerdice_stats.ground import indexing as ix
from pokerdice_stats.ground.errors import OptionError

__all__ = ["PLAYER_KINDS", "habit_rule", "report_players"]

PLAYER_KINDS = ("always-call", "truthful", "call-from:RUNG")


def habit_rule(ladder: BidLadder, name: str) -> Callable[[tuple[int, ...]], np.ndarray]:
    """A simple player as a rule: ``rule(history) -> (252,)`` the action of each own hand.

    ``history`` is the bids so far on ``ladder`` (only whether it is empty and
    its last bid matter); an action is a rung or
    :data:`~pokerdice_stats.games.bidding.exact.tree.CALL`.

    Raises
    ------
    OptionError
        For an unknown player or rung.
    """
    text = str(name).strip().lower()
    top = ladder.n_rungs - 1
    hand_rung = np.asarray(ladder.hand_rung)

    if text == "always-call":
        return lambda h: np.full(ix.N_HANDS, CALL if h else 0, dtype=np.int64)
    if text == "truthful":

        def truthful(history: tuple[int, ...]) -> np.ndarray:
            if not history:
                return hand_rung.copy()
            return np.where(hand_rung > history[-1], hand_rung, CALL)

        return truthful
    kind, sep, rung_text = text.partition(":")
    if kind == "call-from" and sep:
        threshold = ladder.rung(rung_text)

        def cautious(history: tuple[int, ...]) -> np.ndarray:
            if history and (history[-1] >= threshold or history[-1] == top):
                return np.full(ix.N_HANDS, CALL, dtype=np.int64)
            return np.full(ix.N_HANDS, history[-1] + 1 if history else 0, dtype=np.int64)

        return cautious
    raise OptionError(f"unknown player {name!r}; one of: {', '.join(PLAYER_KINDS)}")


def report_players(ladder: BidLadder) -> tuple[str, ...]:
    """The report's simple players: always-call, truthful, call-from each rung but the lowest."""
    return ("always-call", "truthful", *(f"call-from:{r}" for r in ladder.labels[1:]))
