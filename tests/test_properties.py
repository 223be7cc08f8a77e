"""Properties of the classifier and the comparison (hypothesis)."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerdice_stats import get_rules
from pokerdice_stats.ground import indexing as ix
from pokerdice_stats.turn.compare import compare_hands
from pokerdice_stats.turn.dice import format_ranks, parse_hand, parse_ranks
from pokerdice_stats.turn.hands import hand_table

RULE_SETS = [
    get_rules("gameweave"),
    get_rules("classic", {"tiebreak": "category"}),
    get_rules("classic", {"straights": "flush"}),
    get_rules("classic", {"straights": "none", "chart": "ace-one"}),
    get_rules("classic", {"straights": "above-full-house", "chart": "ace-six"}),
    get_rules("classic", {"straights": "below-five-of-a-kind"}),
    get_rules("triple-snakes"),
    get_rules("triple-snakes", {"tiebreak": "full"}),
    get_rules("banking"),
    get_rules("progressive"),
]
WILD_RULE_SETS = [
    get_rules("gameweave", {"wild": "9"}),
    get_rules("gameweave", {"wild": "A"}),
    get_rules("classic", {"wild": "J", "straights": "flush"}),
    get_rules("classic", {"wild": "1", "chart": "ace-one"}),
    get_rules("triple-snakes", {"wild": "1"}),
    get_rules("triple-snakes", {"wild": "4", "tiebreak": "full"}),
    get_rules("banking", {"wild": "6"}),
    get_rules("progressive", {"wild": "2"}),
]

rule_sets = st.sampled_from(RULE_SETS + WILD_RULE_SETS)
dice = st.lists(st.integers(0, 5), min_size=5, max_size=5)


def strength_of(table, ranks) -> int:
    return int(table.classify(np.array([ranks]))[2][0])


def at_least(table, a: str, b: str) -> bool:
    """Whether hand ``a`` is at least as good as ``b``, by the comparison of two hands."""
    return 0 in compare_hands(table, [a, b]).winners


@settings(max_examples=300, deadline=None)
@given(rules=rule_sets, ranks=dice, data=st.data())
def test_order_of_the_dice_never_matters(rules, ranks, data):
    table = hand_table(rules)
    shuffled = data.draw(st.permutations(ranks))
    a = table.classify(np.array([ranks, shuffled], dtype=np.uint8))
    for column in a:
        assert column[0] == column[1]
    labels = rules.face_chart.labels
    text_a = " ".join(labels[r] for r in ranks)
    text_b = ",".join(labels[r] for r in shuffled)
    assert table.hand(text_a) == table.hand(text_b) == a[0][0]
    assert compare_hands(table, [text_a, text_b]).decided_by == "tie"


@settings(max_examples=300, deadline=None)
@given(rules=rule_sets, a=dice, b=dice, c=dice)
def test_comparison_is_a_total_preorder(rules, a, b, c):
    table = hand_table(rules)
    fmt = [format_ranks(x, rules) for x in (a, b, c)]
    ha, hb, hc = fmt
    # Total: of any two hands, one is at least as good as the other.
    assert at_least(table, ha, hb) or at_least(table, hb, ha)
    # Reflexive.
    assert at_least(table, ha, ha)
    # Transitive.
    if at_least(table, ha, hb) and at_least(table, hb, hc):
        assert at_least(table, ha, hc)
    # The comparison agrees with the strengths, and a three-way comparison with
    # the pairwise ones: the winners are exactly the hands no other hand beats.
    s = [strength_of(table, x) for x in (a, b, c)]
    assert at_least(table, ha, hb) == (s[0] >= s[1])
    winners = compare_hands(table, fmt).winners
    expected = tuple(i for i in range(3) if all(at_least(table, fmt[i], other) for other in fmt))
    assert winners == expected


@settings(max_examples=300, deadline=None)
@given(rules=st.sampled_from(WILD_RULE_SETS), ranks=dice, position=st.integers(0, 4))
def test_a_wild_die_never_makes_a_hand_worse(rules, ranks, position):
    table = hand_table(rules)
    replaced = list(ranks)
    replaced[position] = rules.wild
    assert strength_of(table, replaced) >= strength_of(table, ranks)
    # The category can only rise as well (0 is the best category).
    cat = table.classify(np.array([ranks, replaced]))[1]
    assert cat[1] <= cat[0]


@settings(max_examples=300, deadline=None)
@given(rules=rule_sets, ranks=dice)
def test_a_wild_hand_is_at_least_its_natural_reading(rules, ranks):
    # Wild dice take the best assignment, which includes their own face.
    if rules.wild is None:
        return
    natural = hand_table(get_rules(rules, {"wild": "none"}))
    wild = hand_table(rules)
    h = natural.hand(format_ranks(ranks, rules))
    assert wild.category[h] <= natural.category[h]


@settings(max_examples=300, deadline=None)
@given(rules=rule_sets, ranks=dice, style=st.sampled_from(["space", "comma", "joined", "lower"]))
def test_parsing_then_formatting_round_trips(rules, ranks, style):
    labels = rules.face_chart.labels
    written = [labels[r] for r in ranks]
    text = {
        "space": " ".join(written),
        "comma": ",".join(written),
        "joined": "".join(written),
        "lower": " ".join(written).lower(),
    }[style]
    assert sorted(parse_ranks(text, rules)) == sorted(ranks)
    h = parse_hand(text, rules)
    assert list(ix.HAND_COUNTS[h]) == [ranks.count(r) for r in range(6)]
    table = hand_table(rules)
    formatted = table.format(h)
    assert parse_hand(formatted, rules) == h
    assert table.format(formatted) == formatted
    # Written highest first.
    assert parse_ranks(formatted, rules) == sorted(ranks, reverse=True)


@settings(max_examples=100, deadline=None)
@given(ranks=st.lists(st.integers(1, 5), min_size=5, max_size=5))
def test_face_letters_read_alike_on_every_card_chart(ranks):
    # T J Q K A name the same ranks on the faces chart and on both ordinary-dice charts.
    text = "".join("9TJQKA"[r] for r in ranks)
    for chart in ("faces", "ace-one", "ace-six"):
        rules = get_rules("classic", {"chart": chart})
        assert parse_ranks(text, rules) == ranks


@settings(max_examples=200, deadline=None)
@given(rules=st.sampled_from(WILD_RULE_SETS), ranks=dice)
def test_wild_dice_are_described_by_their_best_reading(rules, ranks):
    # Whatever the tie rule, a hand with wild dice is described as the natural hand
    # its wild dice make best; that reading is in the hand's own category.
    full = hand_table(get_rules(rules, {"tiebreak": "full"}))
    quick = hand_table(get_rules(rules, {"tiebreak": "category"}))
    text = format_ranks(ranks, rules)
    np.testing.assert_array_equal(full.counted_as(text), quick.counted_as(text))
    natural = hand_table(get_rules(rules, {"wild": "none"}))
    reading = format_ranks(ix.ranks_of_counts(full.counted_as(text)), rules)
    assert natural.category_slug(reading) == full.category_slug(text)
