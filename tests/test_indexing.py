"""The index tables (throws, hands, keeps, the reroll model) against brute force."""

from __future__ import annotations

import itertools
from collections import Counter

import numpy as np

from pokerdice_stats.ground import indexing as ix


def counts_of(dice) -> tuple[int, ...]:
    c = Counter(dice)
    return tuple(c[r] for r in range(6))


def test_sizes_and_ways():
    assert (ix.N_THROWS, ix.N_HANDS, ix.N_KEEPS) == (7776, 252, 462)
    assert ix.HAND_WAYS.sum() == 7776
    assert sorted(map(tuple, ix.HAND_COUNTS.tolist())) == sorted(
        {counts_of(t) for t in itertools.product(range(6), repeat=5)}
    )
    for h in range(252):
        assert ix.KEEP_TO_HAND[ix.HAND_KEEP[h]] == h
        assert ix.hand_index(ix.HAND_COUNTS[h]) == h


def test_reroll_model_by_brute_force():
    # Keeping a multiset and throwing the other dice: count every ordered outcome.
    for k in range(ix.N_KEEPS):
        kept = ix.KEEP_COUNTS[k].astype(int)
        thrown = 5 - int(kept.sum())
        tally = Counter()
        for dice in itertools.product(range(6), repeat=thrown):
            tally[ix.hand_index(kept + np.array(counts_of(dice)))] += 6 ** (5 - thrown)
        lo, hi = ix.REROLL.ptr[k], ix.REROLL.ptr[k + 1]
        got = dict(zip(ix.REROLL.col[lo:hi].tolist(), ix.REROLL.val[lo:hi].tolist(), strict=True))
        assert got == dict(tally), k


def test_subkeeps_by_brute_force():
    for h in range(ix.N_HANDS):
        dice = ix.ranks_of_counts(ix.HAND_COUNTS[h])
        subs = {
            tuple(sorted(c, reverse=True))
            for n in range(6)
            for c in itertools.combinations(dice, n)
        }
        lo, hi = ix.SUBKEEPS.ptr[h], ix.SUBKEEPS.ptr[h + 1]
        listed = [tuple(ix.ranks_of_counts(ix.KEEP_COUNTS[k])) for k in ix.SUBKEEPS.col[lo:hi]]
        assert set(listed) == subs and len(listed) == len(subs)
        # Canonical order: the hand itself first, then most dice, then higher faces.
        assert listed[0] == tuple(dice)
        assert listed == sorted(listed, key=lambda s: (-len(s), [-r for r in s]))
