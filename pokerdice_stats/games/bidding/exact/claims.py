"""Rungs that make the same claim, merged: the claim ladder of a bid ladder.

A bid claims that the ten dice make at least its rung.  Two rungs make the
same claim when exactly the same pairs of hands (own, other) satisfy them.
Since the pairs satisfying rung ``r`` are those whose ten dice make rung
``r`` or higher, rungs ``r`` and ``r + 1`` make the same claim exactly when
no pair of hands makes rung ``r`` at best.  So the distinct claims are the
rungs some ten dice make at best (the values of ``pair_rung``), and every
other rung belongs to the block of the next such rung above it (a rung above
every value, which no ten dice make, joins the top rung's block: a claim
never true).  The lowest claim is met by every ten dice.  On the classic
rules the 38 rungs of the fine ladder are 21 claims: the 12 rungs from
``high-die:A`` to ``two-pair:A`` are always true, and the 7 from
``three-of-a-kind:9`` to ``straight:K`` are met by the same pairs.

Why merging loses nothing.  Read every bid as the top rung of its block (the
*claim* it makes).  A player who bids only block tops, and reads each of the
other's bids as its block's top, is never worse off in the full game than in
the game on claims: a call settles the same claim either way, each of its
bids stays legal (it is above the top of the block the other bid in), and
the other's bids, read so, are a strategy of the game on claims.  So each
seat can guarantee in the full game what it guarantees on claims, and the
two games have the same value; a solution on claims, read so, is a solution
of the full game.  :func:`claim_ladder` builds the ladder of claims and
:func:`claim_of_rung` reads a rung as its claim.

Examples
--------
>>> from pokerdice_stats import get_rules
>>> from pokerdice_stats.games.bidding.exact.odds import bid_ladder
>>> fine = bid_ladder(get_rules("classic"), "fine")
>>> claims = claim_ladder(fine)
>>> fine.n_rungs, claims.n_rungs
(38, 21)
>>> claims.labels[:3]
('two-pair:A', 'straight:K', 'straight:A')
>>> fine.labels[int(claim_tops(fine)[claim_of_rung(fine)[fine.rung("three-of-a-kind:Q")]])]
'straight:K'
"""

from __future__ import annotations

import functools

import numpy as np

from pokerdice_stats.games.bidding.exact.odds import BidLadder
from pokerdice_stats.ground.arguments import checked_instance

__all__ = ["claim_ladder", "claim_of_rung", "claim_tops"]


def claim_tops(ladder: BidLadder) -> np.ndarray:
    """The top rung of each claim's block, lowest first (indices on ``ladder``).

    Returns
    -------
    (n_claims,) int64
        The rungs some ten dice make at best, and the ladder's top rung if none do.
    """
    made = np.unique(np.asarray(ladder.pair_rung))
    if made[-1] != ladder.n_rungs - 1:
        made = np.append(made, ladder.n_rungs - 1)
    return made.astype(np.int64)


def claim_of_rung(ladder: BidLadder) -> np.ndarray:
    """For each rung of ``ladder``, the claim it makes (an index into :func:`claim_tops`).

    Returns
    -------
    (n_rungs,) int64
        The block of the lowest claim top at or above each rung.
    """
    tops = claim_tops(ladder)
    return np.searchsorted(tops, np.arange(ladder.n_rungs), side="left").astype(np.int64)


def claim_ladder(ladder: BidLadder) -> BidLadder:
    """The ladder of distinct claims: one rung per block, labelled by the block's top rung.

    A hand's rung on it is the highest claim at or below its own rung (hands
    below every claim read as the lowest, which every ten dice meet); a pair
    of hands makes the claim of its best rung, which is a block top.

    Parameters
    ----------
    ladder : BidLadder
        The bid ladder (from :func:`~pokerdice_stats.games.bidding.exact.odds.bid_ladder`).

    Returns
    -------
    BidLadder
        The ladder of its distinct claims, named ``NAME-claims``, lowest first.

    Raises
    ------
    OptionError
        If ``ladder`` is not a :class:`BidLadder`.
    """
    checked_instance(ladder, BidLadder, "ladder", "bid_ladder(rules, name)")
    return _claim_ladder(ladder)


@functools.lru_cache(maxsize=32)
def _claim_ladder(ladder: BidLadder) -> BidLadder:
    tops = claim_tops(ladder)
    new = np.searchsorted(tops, np.arange(ladder.n_rungs), side="right") - 1
    hand_rung = np.maximum(new[ladder.hand_rung], 0).astype(np.int64)
    pair_rung = new[ladder.pair_rung].astype(np.int64)
    hand_rung.setflags(write=False)
    pair_rung.setflags(write=False)
    return BidLadder(
        ladder.rules,
        f"{ladder.name}-claims",
        tuple(ladder.labels[int(t)] for t in tops),
        hand_rung,
        pair_rung,
    )
