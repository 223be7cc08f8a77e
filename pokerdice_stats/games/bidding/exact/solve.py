"""Solving bidding for two on a named ladder: exact, or on the stated abstraction.

- ``category``: exact (:func:`~pokerdice_stats.games.bidding.exact.game.solve_bidding`).
- ``fine``: the fine ladder has one rung per category and face of its main set
  (38 rungs on the classic rules, 2^38 bid histories): too many for the exact
  tree.  The abstraction, stated:

  1. *bids*: the players bid only the rungs of :data:`FINE_RUNGS` that the
     rule set has (the lowest rung, then the full house, four and five of a
     kind split by the face of the main set: 8 rungs, 256 histories); a bid
     claims as on the fine ladder;
  2. *hands*: a player decides knowing only the chances its own five dice
     give each kept bid (hands with the same chances play alike: 55 buckets
     on the classic rules).

  The game with those bids is then solved on the buckets.  Two measures of
  what it gives away: best responses with every hand seen in full but only
  the kept bids (:attr:`Bidding.exploitability`: what the hand buckets cost),
  and best responses in the full game, every rung open to the responder,
  with the solution reading each bid as a kept rung by a translation rule
  (:mod:`~pokerdice_stats.games.bidding.exact.full_game`: what the buckets and the
  restricted bids cost together; that is the exploitability the ``bidding``
  command and the report give for the fine ladder).
"""

from __future__ import annotations

import functools

import numpy as np

from pokerdice_stats.engines.report.cache import kept_solve
from pokerdice_stats.games.bidding.exact.game import Bidding, solve_bidding
from pokerdice_stats.games.bidding.exact.odds import LADDERS, BidLadder, bid_ladder, bid_odds
from pokerdice_stats.ground.errors import OptionError
from pokerdice_stats.turn.rules import RuleSet

__all__ = ["FINE_RUNGS", "restricted_ladder", "solve_ladder"]

#: The bids of the fine-ladder abstraction (those the rule set has), lowest first.
FINE_RUNGS = (
    "high-die:A",
    "full-house:9",
    "full-house:Q",
    "full-house:A",
    "four-of-a-kind:9",
    "four-of-a-kind:Q",
    "five-of-a-kind:9",
    "five-of-a-kind:A",
)


def restricted_ladder(ladder: BidLadder, labels: tuple[str, ...]) -> BidLadder:
    """The ladder whose rungs are ``labels`` (a subset of ``ladder``'s, any order).

    A hand or pair of hands makes the highest kept rung at or below its rung
    on ``ladder``.  Labels the ladder lacks are left out.

    Raises
    ------
    OptionError
        If none of the labels is on the ladder.
    """
    known = {label.lower(): i for i, label in enumerate(ladder.labels)}
    kept = sorted({known[x.lower()] for x in labels if x.lower() in known})
    if not kept:
        raise OptionError(f"none of the rungs {labels} is on the {ladder.name} ladder")
    # new[j]: the highest kept rung at or below rung j (-1: below every kept rung).
    new = np.searchsorted(np.array(kept), np.arange(ladder.n_rungs), side="right") - 1
    lowest = 0  # a hand below every kept rung still makes "nothing": count it as the lowest
    hand_rung = np.maximum(new[ladder.hand_rung], lowest)
    pair_rung = np.maximum(new[ladder.pair_rung], lowest)
    if (new[ladder.pair_rung] < 0).any():
        raise OptionError("the lowest kept rung must be met by every ten dice")
    return BidLadder(
        ladder.rules,
        f"{ladder.name}-restricted",
        tuple(ladder.labels[i] for i in kept),
        hand_rung.astype(np.int64),
        pair_rung.astype(np.int64),
    )


def _fine_abstraction(rules: RuleSet) -> Bidding:
    fine = bid_ladder(rules, "fine")
    ladder = restricted_ladder(fine, FINE_RUNGS)
    _, buckets = np.unique(bid_odds(ladder), axis=0, return_inverse=True)
    buckets = buckets.ravel()
    text = (
        "bids restricted to " + ", ".join(ladder.labels) + "; each player knows only the "
        f"chances its own hand gives each of those bids ({int(buckets.max()) + 1} buckets); "
        "exploitability_restricted_bids: best responses seeing every hand, with those bids; "
        "exploitability: best responses in the full game (every rung), the solution reading "
        "each bid as a kept rung by the translation rule"
    )
    return solve_bidding(rules, ladder, classes=buckets.astype(np.int64), abstraction=text)


def _solve(rules: RuleSet, ladder: str) -> Bidding:
    if ladder == "fine":
        return _fine_abstraction(rules)
    return solve_bidding(rules, ladder)


@functools.lru_cache(maxsize=16)
def solve_ladder(rules: RuleSet, ladder: str = "category") -> Bidding:
    """Bidding for two solved on ``ladder`` (see the module docstring).

    Kept in memory and in the toolkit's cache folder (``solves``, see
    :func:`~pokerdice_stats.engines.report.cache.kept_solve`), so that the next
    process reads it instead of solving again (seconds: the fine ladder's
    program takes about 15 s on two cores).

    Raises
    ------
    OptionError
        For an unknown ladder.
    """
    if ladder not in LADDERS:
        raise OptionError(f"unknown ladder {ladder!r}; one of: {', '.join(LADDERS)}")
    return kept_solve(
        "solves", "bidding.solve_ladder", (repr(rules), ladder), lambda: _solve(rules, ladder)
    )
