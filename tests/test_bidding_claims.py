"""Rungs that make the same claim: the merge, checked pair by pair, and the value it keeps."""

from __future__ import annotations

import numpy as np
import pytest

from pokerdice_stats import get_rules
from pokerdice_stats.games.bidding.exact.claims import claim_ladder, claim_of_rung, claim_tops
from pokerdice_stats.games.bidding.exact.game import TOLERANCE, solve_bidding
from pokerdice_stats.games.bidding.exact.odds import bid_ladder
from pokerdice_stats.ground import indexing as ix
from tests import reference_bidding as ref

CLASSIC = get_rules("classic")
RULE_SETS = [
    CLASSIC,
    get_rules("classic", {"wild": "9"}),
    get_rules("classic", {"straights": "none"}),
    get_rules("classic", {"straights": "flush"}),
    get_rules("classic", {"chart": "ace-one"}),
    get_rules("triple-snakes"),
]


@pytest.mark.parametrize("rules", RULE_SETS, ids=lambda r: r.label())
def test_claims_are_the_rungs_met_by_the_same_pairs(rules):
    fine = bid_ladder(rules, "fine")
    plain = ref.plain_claim_blocks(fine)
    tops = claim_tops(fine)
    assert [fine.labels[int(tops[c])] for c in claim_of_rung(fine)] == plain
    claims = claim_ladder(fine)
    assert list(claims.labels) == sorted(set(plain), key=fine.labels.index)
    # a pair of hands makes the claim of its best rung
    assert np.array_equal(tops[claims.pair_rung], fine.pair_rung)
    assert claims.pair_rung.min() == 0  # the lowest claim is always true


def test_classic_fine_ladder_is_21_claims():
    fine = bid_ladder(CLASSIC, "fine")
    claims = claim_ladder(fine)
    assert (fine.n_rungs, claims.n_rungs) == (38, 21)
    of = claim_of_rung(fine)
    always = [fine.labels[r] for r in range(fine.n_rungs) if of[r] == 0]
    assert always[0] == "high-die:A" and always[-1] == "two-pair:A" and len(always) == 12
    block = [fine.labels[r] for r in range(fine.n_rungs) if of[r] == of[fine.rung("straight:K")]]
    assert block[0] == "three-of-a-kind:9" and block[-1] == "straight:K" and len(block) == 7
    # each claim is read as itself
    assert [int(of[t]) for t in claim_tops(fine)] == list(range(21))


def test_hands_read_as_the_highest_claim_at_or_below_their_rung():
    fine = bid_ladder(CLASSIC, "fine")
    claims = claim_ladder(fine)
    tops = claim_tops(fine)
    for h in range(ix.N_HANDS):
        below = [c for c, t in enumerate(tops) if t <= fine.hand_rung[h]]
        assert claims.hand_rung[h] == (below[-1] if below else 0)


@pytest.mark.parametrize("rules", RULE_SETS[:3], ids=lambda r: r.label())
def test_merging_claims_keeps_the_value(rules):
    # The category ladder is solved exactly both ways: 8 rungs, and its claims.
    full = bid_ladder(rules, "category")
    claims = claim_ladder(full)
    assert claims.n_rungs < full.n_rungs
    whole, merged = solve_bidding(rules, full), solve_bidding(rules, claims)
    assert whole.exploitability < TOLERANCE and merged.exploitability < TOLERANCE
    assert abs(whole.value - merged.value) < 1e-12
