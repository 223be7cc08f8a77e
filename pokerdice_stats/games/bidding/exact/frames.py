"""Bidding for two as frames (pandas): the odds a player wants, the solved strategy, the summary.

Every chance is a probability; results are in units won per game (+1 a
win, -1 a loss) for the seat named.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pandas as pd

from pokerdice_stats.games.bidding.exact.game import Bidding, reach_chances
from pokerdice_stats.games.bidding.exact.moves import UNITS, by_own_rung
from pokerdice_stats.games.bidding.exact.odds import BidLadder, bid_odds
from pokerdice_stats.games.bidding.exact.tree import CALL
from pokerdice_stats.ground import indexing as ix
from pokerdice_stats.turn.hands import hand_table

__all__ = ["UNITS", "history_text", "odds_frame", "opening_frame", "strategy_frame", "summary"]

#: Chances below this are written as never reached / never played.
NEGLIGIBLE = 1e-12


def history_text(ladder: BidLadder, history: tuple[int, ...]) -> str:
    """Bids so far in words, e.g. ``"straight, full-house"`` (``"-"`` before any)."""
    return ", ".join(ladder.labels[b] for b in history) or "-"


def odds_frame(ladder: BidLadder) -> pd.DataFrame:
    """Given your five dice, the chance the ten dice make at least each rung.

    One row per own hand (best first) and rung: ``own_hand``, ``own_rung``,
    ``ladder_hand``, ``chance`` (float) and ``chance_exact`` (a Fraction over 7,776).
    """
    table = hand_table(ladder.rules)
    numerators = bid_odds(ladder)
    order = np.lexsort((np.arange(ix.N_HANDS), -table.key))
    rows = []
    for h in order:
        for rung, label in enumerate(ladder.labels):
            exact = Fraction(int(numerators[h, rung]), ix.N_THROWS)
            rows.append(
                {
                    "own_hand": table.format(int(h)),
                    "own_rung": ladder.labels[ladder.hand_rung[h]],
                    "ladder_hand": label,
                    "chance": float(exact),
                    "chance_exact": exact,
                }
            )
    return pd.DataFrame(rows)


def strategy_frame(result: Bidding) -> pd.DataFrame:
    """The equilibrium's moves by own hand, at every history play reaches.

    One row per seat, reached history, own hand that reaches it and move it
    plays: ``seat``, ``bids_so_far``, ``own_hand``, ``own_rung``, ``move``
    (``call`` or the rung bid), ``chance`` (of that move, with that hand, there).
    """
    tree, ladder = result.tree, result.ladder
    table = hand_table(result.rules)
    reached = reach_chances(result)
    own_reach = _own_reach(result)
    rows = []
    for seat in (1, 2):
        for info in tree.infosets[seat]:
            if reached.get(info.history, 0.0) <= NEGLIGIBLE:
                continue
            for h in range(ix.N_HANDS):
                if own_reach[seat][h, info.parent] <= NEGLIGIBLE:
                    continue
                for action, move in zip(info.actions, info.moves, strict=True):
                    chance = float(result.strategy[seat][h, move])
                    if chance <= NEGLIGIBLE:
                        continue
                    rows.append(
                        {
                            "seat": seat,
                            "bids_so_far": history_text(ladder, info.history),
                            "own_hand": table.format(h),
                            "own_rung": ladder.labels[ladder.hand_rung[h]],
                            "move": "call" if action == CALL else ladder.labels[action],
                            "chance": chance,
                        }
                    )
    return pd.DataFrame(rows)


def _own_reach(result: Bidding) -> dict[int, np.ndarray]:
    """Each seat's realization plan by hand: the chance it plays every move of a sequence."""
    tree = result.tree
    out = {}
    for seat in (1, 2):
        plan = np.zeros_like(result.strategy[seat])
        plan[:, 0] = 1.0
        for info in tree.infosets[seat]:  # parents come before children
            for move in info.moves:
                plan[:, move] = plan[:, info.parent] * result.strategy[seat][:, move]
        out[seat] = plan
    return out


def opening_frame(result: Bidding) -> pd.DataFrame:
    """Seat 1's opening bid by own rung: the chance of each bid (rows: own rung)."""
    tree, ladder = result.tree, result.ladder
    info = tree.infosets[1][0]
    chances = result.strategy[1][:, list(info.moves)]
    rows = by_own_rung(ladder, chances, [ladder.labels[action] for action in info.actions])
    return pd.DataFrame(rows)


def summary(result: Bidding) -> dict[str, object]:
    """The headline figures with their context (as in the ``bidding`` command's JSON)."""
    return {
        "rules": result.rules.label(),
        "settings": result.rules.setting_values(),
        "ladder": result.ladder.name,
        "rungs": list(result.ladder.labels),
        "unit": UNITS,
        "value": result.value,
        "value_lower": result.lower,
        "value_upper": result.upper,
        "exploitability": result.exploitability,
        "hand_classes": int(result.classes.max()) + 1,
        "abstraction": result.abstraction,
    }
