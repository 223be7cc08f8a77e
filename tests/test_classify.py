"""The numba classifier against the plain-Python reference, on all 7,776 throws."""

from __future__ import annotations

import itertools
from collections import Counter

import numpy as np
import pytest
from reference import all_throws, dense_ranks, reference_category, reference_key, rules_args

from pokerdice_stats import PRESETS, get_rules
from pokerdice_stats.ground import indexing as ix
from pokerdice_stats.turn.hands import hand_table

#: One process runs this file: the classifier's kernels, compiled for each integer type
#: the tests pass, are then compiled once (two processes compiled several of them twice).
pytestmark = pytest.mark.xdist_group("classify")

THROWS = all_throws()
RANKS = np.array(THROWS, dtype=np.uint8)
CODES = np.arange(ix.N_THROWS)

#: Presets and a spread of options: every ladder, both tie-breaks, wild faces
#: on several charts, the ordinary-dice charts.
RULE_SPECS = (
    [(name, {}) for name in PRESETS]
    + [
        ("gameweave", {"straights": s, "tiebreak": t})
        for s in ("none", "above-full-house", "below-five-of-a-kind", "flush")
        for t in ("full", "combination", "category")
    ]
    + [
        ("gameweave", {"tiebreak": "category"}),
        ("gameweave", {"wild": "A"}),
        ("gameweave", {"wild": "9"}),
        ("classic", {"wild": "J", "tiebreak": "category"}),
        ("classic", {"tiebreak": "combination"}),
        ("classic", {"wild": "J", "tiebreak": "combination"}),
        ("triple-snakes", {"tiebreak": "combination"}),
        ("banking", {"tiebreak": "combination", "wild": "2"}),
        ("classic", {"wild": "Q", "straights": "flush"}),
        ("classic", {"wild": "10", "straights": "none"}),
        ("classic", {"wild": "K", "straights": "below-five-of-a-kind"}),
        ("classic", {"chart": "ace-one"}),
        ("classic", {"chart": "ace-one", "wild": "1"}),
        ("classic", {"chart": "ace-six", "wild": "1", "straights": "above-full-house"}),
        ("triple-snakes", {"wild": "1"}),
        ("triple-snakes", {"tiebreak": "full"}),
        ("triple-snakes", {"tiebreak": "full", "wild": "4"}),
        ("banking", {"wild": "6"}),
        ("banking", {"wild": "1"}),
        ("progressive", {"wild": "3"}),
        ("progressive", {"tiebreak": "full", "straights": "small"}),
    ]
)


def _spec_id(spec) -> str:
    name, options = spec
    return name + "".join(f"-{k}={v}" for k, v in options.items())


@pytest.fixture(params=RULE_SPECS, ids=[_spec_id(s) for s in RULE_SPECS])
def rules(request):
    name, options = request.param
    return get_rules(name, options)


def test_throw_order_matches_codes():
    # The reference enumerates throws in code order: code = sum(rank[i] * 6**i).
    codes = [sum(r * 6**i for i, r in enumerate(t)) for t in THROWS]
    assert codes == list(range(7776))
    np.testing.assert_array_equal(ix.throw_codes(RANKS), CODES)


def test_hand_index_is_the_multiset():
    hand, _, _ = hand_table(get_rules("gameweave")).classify(RANKS)
    for throw, h in zip(THROWS, hand, strict=True):
        counts = Counter(throw)
        assert [counts[r] for r in range(6)] == list(ix.HAND_COUNTS[h])
    # Every hand is reached, by as many throws as its multinomial count says.
    assert np.bincount(hand, minlength=252).tolist() == ix.HAND_WAYS.tolist()


def test_category_and_order_match_reference(rules):
    table = hand_table(rules)
    _, category, strength = table.classify(RANKS)
    args = rules_args(rules)
    expected = [reference_category(t, **args) for t in THROWS]
    got = [rules.categories[c].slug for c in category]
    mismatches = [(t, e, g) for t, e, g in zip(THROWS, expected, got, strict=True) if e != g]
    assert not mismatches, mismatches[:5]
    # The same order: the kernel's strength is a dense rank, so it must equal the
    # dense rank of the reference keys throw for throw (same ties, same order).
    ranks = dense_ranks([reference_key(t, **args) for t in THROWS])
    bad = np.flatnonzero(np.asarray(ranks) != strength)
    assert bad.size == 0, [(THROWS[i], ranks[i], int(strength[i])) for i in bad[:5]]
    assert table.n_strengths == max(ranks) + 1


def test_ranks_and_codes_agree(rules):
    table = hand_table(rules)
    by_ranks = table.classify(RANKS)
    by_codes = table.classify(CODES)
    rng = np.random.default_rng(20261202)
    shuffled = rng.permutation(ix.N_THROWS)
    by_codes_shuffled = table.classify(shuffled.astype(np.int32))
    for a, b, c in zip(by_ranks, by_codes, by_codes_shuffled, strict=True):
        np.testing.assert_array_equal(a, b)
        np.testing.assert_array_equal(a[shuffled], c)


@pytest.mark.parametrize("dtype", [np.uint8, np.int8, np.int16, np.int32, np.int64, np.uint16])
def test_input_dtypes(dtype):
    table = hand_table(get_rules("classic"))
    expected = table.classify(RANKS.astype(np.int64))
    for a, b in zip(table.classify(RANKS.astype(dtype)), expected, strict=True):
        np.testing.assert_array_equal(a, b)
    if np.iinfo(dtype).max >= 7775:
        for a, b in zip(table.classify(CODES.astype(dtype)), expected, strict=True):
            np.testing.assert_array_equal(a, b)


def test_non_contiguous_and_empty_input():
    table = hand_table(get_rules("gameweave"))
    expected = table.classify(RANKS)
    wide = np.zeros((ix.N_THROWS, 7), dtype=np.int64)
    wide[:, 1:6] = RANKS
    for a, b in zip(table.classify(wide[:, 1:6]), expected, strict=True):
        np.testing.assert_array_equal(a, b)
    for a, b in zip(table.classify(CODES[::-1]), expected, strict=True):
        np.testing.assert_array_equal(a, b[::-1])
    for out in table.classify(np.empty((0, 5), dtype=np.uint8)):
        assert out.shape == (0,)


def test_hand_table_ways_and_categories_agree_with_reference(rules):
    table = hand_table(rules)
    args = rules_args(rules)
    # Count throws per category from the reference, independently of the kernel.
    expected = Counter(reference_category(t, **args) for t in THROWS)
    got = Counter()
    for h in range(252):
        got[rules.categories[table.category[h]].slug] += int(table.ways[h])
    assert got == expected
    assert sum(expected.values()) == 7776


def test_five_wild_dice_are_five_aces():
    # Five wild dice make the best hand there is: five of the highest face.
    for wild in ("9", "A", "K"):
        table = hand_table(get_rules("gameweave", {"wild": wild}))
        h = table.hand(" ".join([wild] * 5))
        assert table.category_slug(h) == "five-of-a-kind"
        assert table.strength[h] == table.strength.max()
        assert table.strength[h] == table.strength[table.hand("A A A A A")]


def test_every_pair_order_on_a_sample(rules):
    # A direct pairwise check on a sample of hands (the full check above compares
    # dense ranks; this one compares the comparison itself).
    table = hand_table(rules)
    args = rules_args(rules)
    hands = list(itertools.combinations_with_replacement(range(6), 5))[::7]
    strengths = [int(table.strength[table.classify(np.array([h]))[0][0]]) for h in hands]
    keys = [reference_key(h, **args) for h in hands]
    for (sa, ka), (sb, kb) in itertools.combinations(zip(strengths, keys, strict=True), 2):
        assert (sa < sb) == (ka < kb)
        assert (sa == sb) == (ka == kb)


def test_preallocated_outputs_and_large_batches():
    # Batches above the parallel threshold take the parallel loop; results must not change.
    table = hand_table(get_rules("banking"))
    rng = np.random.default_rng(7)
    ranks = rng.integers(0, 6, size=(200_000, 5), dtype=np.uint8)
    codes = ix.throw_codes(ranks)
    expected = tuple(a[codes] for a in (table.code_hand, table.code_category, table.code_strength))
    out = (np.empty(200_000, np.int16), np.empty(200_000, np.int8), np.empty(200_000, np.int16))
    result = table.classify(ranks, out=out)
    assert all(r is o for r, o in zip(result, out, strict=True))
    for got, want in zip(result, expected, strict=True):
        np.testing.assert_array_equal(got, want)
    for got, want in zip(table.classify(codes.astype(np.int16)), expected, strict=True):
        np.testing.assert_array_equal(got, want)


@pytest.mark.parametrize("n", [0, 1, 15, 16, 17, 31, 33, 7776, 65_535, 65_536, 65_553])
def test_vector_blocks_and_tails(n):
    # The vector kernels take blocks of LANES throws and finish the rest one by one;
    # every size, on both sides of the parallel threshold, agrees with the tables.
    table = hand_table(get_rules("triple-snakes", {"wild": "2"}))
    rng = np.random.default_rng(n)
    ranks = rng.integers(0, 6, size=(n, 5), dtype=np.uint8)
    codes = ix.throw_codes(ranks)
    expected = tuple(a[codes] for a in (table.code_hand, table.code_category, table.code_strength))
    for dtype in (np.uint8, np.int8, np.int16, np.int32, np.int64):
        for got, want in zip(table.classify(ranks.astype(dtype)), expected, strict=True):
            np.testing.assert_array_equal(got, want)
    for dtype in (np.int16, np.uint16, np.int32, np.int64):
        for got, want in zip(table.classify(codes.astype(dtype)), expected, strict=True):
            np.testing.assert_array_equal(got, want)
    # Wider output types through out=.
    out = (np.empty(n, np.int64), np.empty(n, np.int32), np.empty(n, np.int32))
    for got, want in zip(table.classify(ranks, out=out), expected, strict=True):
        np.testing.assert_array_equal(got, want)


def test_vector_kernels_are_used():
    # On this toolchain the gather kernels compile; the scalar loops are only a fallback.
    from pokerdice_stats.kernels import classify as kernels

    table = hand_table(get_rules("gameweave"))
    table.classify(np.zeros((40, 5), dtype=np.uint8))
    table.classify(np.zeros(40, dtype=np.int16))
    assert kernels.vector_kernels_used() == {"ranks", "codes"}


def test_strided_outputs_take_the_scalar_path():
    table = hand_table(get_rules("classic"))
    ranks = np.random.default_rng(3).integers(0, 6, size=(1000, 5), dtype=np.uint8)
    wide = (np.zeros(2000, np.int16), np.zeros(2000, np.int8), np.zeros(2000, np.int16))
    out = tuple(a[::2] for a in wide)
    table.classify(ranks, out=out)
    for got, want in zip(out, table.classify(ranks), strict=True):
        np.testing.assert_array_equal(got, want)
    assert all((a[1::2] == 0).all() for a in wide)  # nothing written between the strides


def test_a_masked_entry_is_refused_not_classified():
    """A masked array's mask is not a "no throw" the classifier could honour: masked
    entries are refused; a masked array with nothing masked is classified as its data."""
    import numpy.ma as ma

    from pokerdice_stats import get_rules, hand_table
    from pokerdice_stats.ground.errors import DiceError

    table = hand_table(get_rules("classic"))
    rows = [[1, 2, 3, 4, 5], [0, 0, 0, 0, 0]]
    with pytest.raises(DiceError, match="masked entries"):
        table.classify(ma.masked_array(rows, mask=[[0] * 5, [1] * 5]))
    whole = table.classify(ma.masked_array(rows))
    plain = table.classify(np.array(rows))
    assert all((a == b).all() for a, b in zip(whole, plain, strict=True))
