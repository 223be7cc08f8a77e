"""A golden digest of each rule set's hand table, so any change to it is noticed.

For each rule set below, the 252 hands of :func:`pokerdice_stats.turn.hands.hand_table`
are written one line each, in hand-index order, as ``category strength ways``
(``category`` the index into ``rules.categories``, 0 the best; ``strength`` the
dense rank, higher wins; ``ways`` the ordered throws out of 7,776), each line
ending in a newline, ASCII; :data:`DIGESTS` holds the sha256 of that text.

Provenance of the literals: they were computed once from the code at commit
84ed0fb (branch ``layout``), after the same tables had been checked hand by hand
against the plain-Python classifier of ``tests/reference.py``, which shares no
code with the package: for all 252 hands of every rule set here, the category,
the strength (the dense rank of the reference's comparison keys) and the ways
(counted over the 7,776 throws) agreed.  That check runs here too
(:func:`test_table_equals_the_reference_hand_by_hand`), so a digest that fails
while the reference still agrees means the serialisation or the hand indexing
changed; one that fails with the reference means the classifier did.  Change a
literal only with a reason in the commit.

The counts the rule documents give (003: 7,776 throws, 300 full houses,
240 straights, four hands with no pair) are checked directly as well.
"""

from __future__ import annotations

import hashlib
from collections import Counter

import pytest
from reference import all_throws, dense_ranks, reference_category, reference_key, rules_args

from pokerdice_stats import PRESETS, get_rules
from pokerdice_stats.ground import indexing as ix
from pokerdice_stats.turn.hands import hand_table

#: sha256 of the serialised table of each rule set: (preset, options) -> digest.
DIGESTS: dict[tuple[str, tuple[tuple[str, str], ...]], str] = {
    ("gameweave", ()): "517577c8dd89477b27021dd5c2eb6a57c5dc83ba433f58a986ade53e0a9f2026",
    ("classic", ()): "517577c8dd89477b27021dd5c2eb6a57c5dc83ba433f58a986ade53e0a9f2026",
    ("triple-snakes", ()): "054c293a53140c91454ce777ddfe5272286d583cd713f3e98572bd0aec3743a9",
    ("banking", ()): "1d2e332518081fa670020bd09cbab7e2ff08ac4586092a54a2342594f4e8beaf",
    ("progressive", ()): "69f71f9fab52ed0fddb7f8747d566c11d44d09c480d60485575da076c9703355",
    ("classic", (("wild", "9"),)): (
        "9f57f0150e298a07ea39b6afa182e7b64c7c842dc63f4aff7db9d33ef87fc16b"
    ),
    ("triple-snakes", (("wild", "1"),)): (
        "63191d34c5caba5e68166823234ab4f39061e0792a99340eb33127b912d9f1d2"
    ),
    ("classic", (("straights", "none"),)): (
        "09be51761847e9eaf2bf4a9b1c6e04cd90d2edd43f42e1bfeba697681097cb99"
    ),
    ("classic", (("straights", "flush"),)): (
        "a95c03ebd72281b4c07ea293b9d0a67749cfbc8381ef756787dc91b481390335"
    ),
    ("classic", (("chart", "ace-one"),)): (
        "517577c8dd89477b27021dd5c2eb6a57c5dc83ba433f58a986ade53e0a9f2026"
    ),
    ("classic", (("tiebreak", "category"),)): (
        "ac2944513e98ed44926c2d44330afadde1a7b2065b86c6b0e6710bce46efdffc"
    ),
}

SPECS = list(DIGESTS)


def _spec_id(spec) -> str:
    preset, options = spec
    return preset + "".join(f"-{k}={v}" for k, v in options)


def rules_of(spec):
    preset, options = spec
    return get_rules(preset, dict(options))


def serialise(table) -> str:
    """The table as text: ``category strength ways`` for each hand, in hand-index order."""
    return "".join(
        f"{int(c)} {int(s)} {int(w)}\n"
        for c, s, w in zip(table.category, table.strength, table.ways, strict=True)
    )


def digest(rules) -> str:
    return hashlib.sha256(serialise(hand_table(rules)).encode("ascii")).hexdigest()


def category_counts(rules) -> Counter:
    """Throws (out of 7,776) of each category slug."""
    table = hand_table(rules)
    counts: Counter = Counter()
    for c, w in zip(table.category, table.ways, strict=True):
        counts[rules.categories[c].slug] += int(w)
    return counts


def test_every_preset_has_a_digest():
    assert {preset for preset, options in SPECS if not options} == set(PRESETS)


@pytest.mark.parametrize("spec", SPECS, ids=_spec_id)
def test_table_equals_the_reference_hand_by_hand(spec):
    rules = rules_of(spec)
    table = hand_table(rules)
    args = rules_args(rules)
    # The hand index names each multiset of five ranks once.
    hands = [tuple(sorted(ix.ranks_of_counts(ix.HAND_COUNTS[h]))) for h in range(ix.N_HANDS)]
    ways = Counter(tuple(sorted(throw)) for throw in all_throws())
    assert sorted(hands) == sorted(ways) and len(hands) == 252
    keys = [reference_key(dice, **args) for dice in hands]
    strengths = dense_ranks(keys)
    for h, dice in enumerate(hands):
        slug = rules.categories[table.category[h]].slug
        assert slug == reference_category(dice, **args), (h, dice)
        assert int(table.strength[h]) == strengths[h], (h, dice)
        assert int(table.ways[h]) == ways[dice], (h, dice)


@pytest.mark.parametrize("spec", SPECS, ids=_spec_id)
def test_hand_table_digest(spec):
    rules = rules_of(spec)
    table = hand_table(rules)
    assert len(table.category) == 252
    assert int(table.ways.sum()) == 7776
    assert digest(rules) == DIGESTS[spec]


def test_same_hands_same_digest():
    # Gameweave (000) and the classic page (003) rank the hands alike; a chart only
    # renames the faces.
    classic = DIGESTS[("classic", ())]
    assert DIGESTS[("gameweave", ())] == classic
    assert DIGESTS[("classic", (("chart", "ace-one"),))] == classic


def test_counts_of_the_classic_rules_page():
    # Seed 003: "Five dice can fall 7,776 ways. A full house comes up in 300 of them
    # and a straight in 240"; "Only four such hands exist" (no pair: 4 x 5! throws).
    for preset in ("classic", "gameweave"):
        counts = category_counts(get_rules(preset))
        assert sum(counts.values()) == 7776
        assert counts["full-house"] == 300
        assert counts["straight"] == 240
        assert counts["high-die"] == 4 * 120
    table = hand_table(get_rules("classic"))
    no_pair = [
        h for h in range(252) if table.rules.categories[table.category[h]].slug == "high-die"
    ]
    assert len(no_pair) == 4


def test_counts_of_the_classic_variations():
    # 003 older rule: "Five different faces are always a bust" (6 hands of 5! throws).
    none = category_counts(get_rules("classic", {"straights": "none"}))
    assert "straight" not in none and none["high-die"] == 6 * 120
    # 003 variation: A K Q J 10 is a flush, K Q J 10 9 the only straight.
    flush = category_counts(get_rules("classic", {"straights": "flush"}))
    assert flush["flush"] == flush["straight"] == 120 and flush["full-house"] == 300
    # Quicker rule: the same counts, one strength per category.
    quick = get_rules("classic", {"tiebreak": "category"})
    assert category_counts(quick) == category_counts(get_rules("classic"))
    assert hand_table(quick).n_strengths == len(quick.categories)
