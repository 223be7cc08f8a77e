"""Every worked example and count in the rule documents (``shared/seeds``), as tests.

Seed 000 is Gameweave, 001 Triple Snakes, 003 the classic rules page and 004
the banking and progressive games.  Each example is checked through the public
API and, for a selection, through the command line.
"""

from __future__ import annotations

import json
from itertools import combinations, pairwise

import pytest
from cli_helpers import run_cli

from pokerdice_stats import get_rules
from pokerdice_stats.turn.compare import compare_hands
from pokerdice_stats.turn.hands import hand_table
from pokerdice_stats.turn.odds import odds_by_category, odds_by_hand


def table_of(preset: str = "gameweave", **options):
    return hand_table(get_rules(preset, options))


def beats(table, winner: str, loser: str) -> bool:
    """Whether ``winner`` beats ``loser`` (strictly), checked both ways round."""
    forward = compare_hands(table, [winner, loser])
    backward = compare_hands(table, [loser, winner])
    return forward.winners == (0,) and backward.winners == (1,)


def ties(table, a: str, b: str) -> bool:
    return compare_hands(table, [a, b]).winners == (0, 1)


# ---------------------------------------------------------------------------
# Seed 000: Gameweave.

GAMEWEAVE_LADDER = [
    ("A-A-A-A-A", "five-of-a-kind"),
    ("Q-Q-Q-Q-10", "four-of-a-kind"),
    ("A-A-A-K-K", "full-house"),
    ("10-J-Q-K-A", "straight"),
    ("K-K-K-10-9", "three-of-a-kind"),
    ("A-A-Q-Q-J", "two-pair"),
    ("J-J-A-K-9", "one-pair"),
    ("A-K-J-10-9", "high-die"),
]


@pytest.mark.parametrize(("dice", "category"), GAMEWEAVE_LADDER)
def test_gameweave_examples_of_each_hand(dice, category):
    assert table_of().category_slug(dice) == category


def test_gameweave_ladder_order():
    table = table_of()
    assert list(table.rules.category_slugs) == [c for _, c in GAMEWEAVE_LADDER]
    for (better, _), (worse, _) in combinations(GAMEWEAVE_LADDER, 2):
        assert beats(table, better, worse), (better, worse)


def test_gameweave_only_two_straights():
    table = table_of()
    straights = odds_by_hand(table.rules).query("category == 'straight'")
    assert sorted(straights.hand) == ["A K Q J 10", "K Q J 10 9"]
    assert table.category_slug("9-10-J-Q-K") == "straight"


def test_gameweave_gap_is_a_high_die():
    # "9-J-Q-K-A is just a high die."
    assert table_of().category_slug("9-J-Q-K-A") == "high-die"


@pytest.mark.parametrize(
    ("winner", "loser", "decided_by"),
    [
        ("A-A-A-10-10", "K-K-K-A-A", "set"),  # full house: the three decide
        ("A-A-J-J-9", "A-A-10-10-K", "set"),  # two pairs: the second pair, not the king
        ("Q-Q-A-K-10", "Q-Q-A-J-9", "kicker"),  # kickers, highest first
        ("10-J-Q-K-A", "9-10-J-Q-K", "set"),  # the higher straight
        ("A-A-K-Q-J", "K-K-A-Q-J", "set"),  # a pair of aces beats a pair of kings
    ],
)
def test_gameweave_tie_breaks(winner, loser, decided_by):
    table = table_of()
    assert beats(table, winner, loser)
    assert compare_hands(table, [winner, loser]).decided_by == decided_by


def test_gameweave_exact_tie_is_the_same_hand():
    table = table_of()
    result = compare_hands(table, ["Q-Q-A-K-10", "10 K A Q Q"])
    assert result.winners == (0, 1)
    assert result.decided_by == "tie"
    assert table.rules.ties == "roll-off"


def test_gameweave_cli_examples(capsys):
    code, out, err = run_cli(capsys, "compare", "A-A-A-10-10", "K-K-K-A-A")
    assert (code, err) == (0, "")
    assert "hand 1 wins" in out
    code, out, _ = run_cli(capsys, "compare", "A A J J 9", "A A 10 10 K", "--format", "json")
    assert code == 0
    assert json.loads(out)["winners"] == [1]
    code, out, _ = run_cli(capsys, "compare", "QQAJ9", "q,q,a,k,10", "--format", "json")
    result = json.loads(out)
    assert result["winners"] == [2] and result["decided_by"] == "kicker"
    code, out, _ = run_cli(capsys, "classify", "9-J-Q-K-A", "--format", "json")
    assert json.loads(out)["category"] == "high-die"


# ---------------------------------------------------------------------------
# Seed 003: the classic rules page.


@pytest.mark.parametrize(
    ("dice", "category"),
    [
        ("A A A A A", "five-of-a-kind"),
        ("10 10 10 10 A", "four-of-a-kind"),
        ("9 9 9 K J", "three-of-a-kind"),
        ("10 10 K Q 9", "one-pair"),
        ("A K Q J 10", "straight"),
        ("K Q J 10 9", "straight"),
    ],
)
def test_classic_examples_of_hands(dice, category):
    assert table_of("classic").category_slug(dice) == category


def test_five_aces_is_the_best_hand():
    table = table_of("classic")
    best = table.hand("A A A A A")
    assert table.strength[best] == table.strength.max()
    assert (table.strength == table.strength.max()).sum() == 1


@pytest.mark.parametrize(
    ("winner", "loser"),
    [
        ("Q Q Q 9 9", "J J J A A"),  # full house: the three decide
        ("A K Q J 10", "K Q J 10 9"),  # the higher straight
        ("A A 9 9 J", "K K Q Q 9"),  # the higher pair decides
        ("A A A A 9", "K K K K A"),  # four aces beat four kings
        ("K K K K J", "K K K K 10"),  # then the dice outside the combination
        ("Q Q Q J J", "Q Q Q 9 9"),  # two full houses: the threes, then the pairs
        ("K K K Q Q", "A K Q J 10"),  # the example turn: a full house beats any straight
        ("K K K Q Q", "K Q J 10 9"),
    ],
)
def test_classic_ties_and_rulings(winner, loser):
    assert beats(table_of("classic"), winner, loser)


def test_classic_no_pair_hands():
    # "Only four such hands exist, and each holds both an ace and a 9."
    table = odds_by_hand(get_rules("classic"))
    no_pair = table.query("category == 'high-die'").hand.tolist()
    assert len(no_pair) == 4
    for hand in no_pair:
        dice = hand.split()
        assert "A" in dice and "9" in dice and len(set(dice)) == 5


def test_classic_counts():
    # 7,776 throws in all, 300 full houses, 240 straights (the straight is rarer).
    table = odds_by_category(get_rules("classic")).set_index("category")
    assert table["count"].sum() == 7776
    assert table.loc["full-house", "count"] == 300
    assert table.loc["straight", "count"] == 240
    assert table.loc["straight", "count"] < table.loc["full-house", "count"]


def test_classic_counts_cli(capsys):
    code, out, err = run_cli(capsys, "odds", "--rules", "classic", "--format", "json")
    assert (code, err) == (0, "")
    rows = {row["category"]: row for row in json.loads(out)["rows"]}
    assert sum(row["count"] for row in rows.values()) == 7776
    assert rows["full-house"]["count"] == 300
    assert rows["full-house"]["probability_exact"] == "25/648"  # 300/7776
    assert rows["straight"]["count"] == 240
    assert rows["straight"]["probability_exact"] == "5/162"  # 240/7776


def test_quicker_rule_ignores_odd_dice():
    # 003's quicker rule: "ignore the odd dice, and call hands with the same combination
    # a tie"; the combination still decides ("Four aces beat four kings").
    table = table_of("classic", tiebreak="combination")
    assert ties(table, "K K K K J", "K K K K 10")  # the odd die is ignored
    assert ties(table, "A A 9 9 J", "A A 9 9 K")
    assert ties(table, "10 10 K Q 9", "10 10 A J 9")
    assert ties(table, "A K Q J 9", "A K Q 10 9")  # no pair: no combination at all
    assert beats(table, "A A A A K", "K K K K A")  # the combination decides
    assert beats(table, "Q Q Q J J", "Q Q Q 9 9")  # a full house is all combination
    assert beats(table, "A K Q J 10", "K Q J 10 9")  # "A K Q J 10 is the higher"
    assert beats(table, "9 9 9 9 10", "A A A K K")
    # ... with more ties than the full rule, and fewer than the category rule.
    full, category = table_of("classic"), table_of("classic", tiebreak="category")
    assert category.n_strengths < table.n_strengths < full.n_strengths


def test_the_category_rule_ties_a_whole_category():
    # 001's and 004's rulings (tiebreak=category): hands of one category tie.
    table = table_of("classic", tiebreak="category")
    assert ties(table, "K K K K J", "K K K K 10")
    assert ties(table, "Q Q Q J J", "Q Q Q 9 9")
    assert ties(table, "A K Q J 10", "K Q J 10 9")
    assert beats(table, "9 9 9 9 10", "A A A K K")
    full = table_of("classic")
    assert table.n_strengths == len(table.rules.categories) < full.n_strengths


def test_two_throws_and_three_rethrown_variations():
    assert get_rules("classic", {"throws": 2}).throws == 2
    assert get_rules("classic", {"max_rethrow": 3}).max_rethrow == 3
    assert get_rules("classic", {"throw_limit": "first-player"}).throw_limit == "first-player"


def test_wild_variation_with_ordinary_dice():
    # "With ordinary dice, some tables make the 1 wild."
    table = table_of("classic", chart="ace-one", wild="1")
    assert table.rules.wild == 5  # the 1 is the ace on this chart
    assert table.category_slug("1 6 6 6 6") == "five-of-a-kind"
    assert table.category_slug("1 1 2 3 4") == "straight"  # counted as 6 5 4 3 2
    assert table.category_slug("1 2 2 5 5") == "full-house"
    assert beats(table, "1 2 2 5 5", "6 6 6 5 2")  # a wild full house beats a plain three


def test_older_rule_no_straights():
    # "Five different faces are always a bust."
    table = table_of("classic", straights="none")
    assert table.category_slug("A K Q J 10") == "high-die"
    assert table.category_slug("K Q J 10 9") == "high-die"
    slugs = list(table.rules.category_slugs)
    # "Then nothing sits between a full house and three of a kind."
    assert slugs.index("three-of-a-kind") == slugs.index("full-house") + 1


def test_straight_above_full_house_variation():
    table = table_of("classic", straights="above-full-house")
    assert beats(table, "K Q J 10 9", "A A A K K")
    assert beats(table, "Q Q Q Q 9", "A K Q J 10")


def test_flush_variation():
    # "A K Q J 10 is called a flush and beats four of a kind.  K Q J 10 9 is the
    # only straight, and it beats a full house."
    table = table_of("classic", straights="flush")
    assert table.category_slug("A K Q J 10") == "flush"
    assert table.category_slug("K Q J 10 9") == "straight"
    assert beats(table, "A K Q J 10", "A A A A K")
    assert beats(table, "K Q J 10 9", "A A A K K")
    assert beats(table, "9 9 9 9 9", "A K Q J 10")
    assert beats(table, "9 9 9 9 10", "K Q J 10 9")


def test_straight_below_five_of_a_kind_variation():
    table = table_of("classic", straights="below-five-of-a-kind")
    assert beats(table, "K Q J 10 9", "A A A A K")
    assert beats(table, "9 9 9 9 9", "A K Q J 10")


def test_chart_ace_one():
    table = table_of("classic", chart="ace-one")
    assert table.describe("1 1 1 6 6") == "Full house, aces over kings"
    assert table.describe("2 2 5 5 4").startswith("Two pairs, queens and nines")
    high, low = table.hand("1 3 4 5 6"), table.hand("2 3 4 5 6")
    assert table.category_slug(high) == table.category_slug(low) == "straight"
    assert table.describe(high) == "Straight, ace high"
    assert beats(table, "1 3 4 5 6", "2 3 4 5 6")
    assert table.category_slug("1 2 3 4 5") == "high-die"  # the 1 is the ace
    # 1 is the highest face, then 6, 5, 4, 3, 2.
    assert beats(table, "1 1 2 3 4", "6 6 5 4 3")


def test_chart_ace_one_face_order():
    # High to low: 1, 6, 5, 4, 3, 2.
    table = table_of("classic", chart="ace-one")
    pairs = ["1 1 5 4 3", "6 6 5 4 3", "5 5 6 4 3", "4 4 6 5 3", "3 3 6 5 4", "2 2 6 5 4"]
    for better, worse in pairwise(pairs):
        assert beats(table, better, worse), (better, worse)


def test_chart_ace_six():
    table = table_of("classic", chart="ace-six")
    assert table.describe("2 3 4 5 6") == "Straight, ace high"
    assert table.describe("1 2 3 4 5") == "Straight, king high"
    assert beats(table, "2 3 4 5 6", "1 2 3 4 5")
    assert table.describe("6 6 6 1 1") == "Full house, aces over nines"


def test_a_hand_is_worth_different_things_on_the_two_charts():
    one, six = table_of("classic", chart="ace-one"), table_of("classic", chart="ace-six")
    assert one.category_slug("1 2 3 4 5") == "high-die"
    assert six.category_slug("1 2 3 4 5") == "straight"
    assert one.describe("1 1 1 1 2").startswith("Four of a kind, aces")
    assert six.describe("1 1 1 1 2").startswith("Four of a kind, nines")


def test_ordinary_dice_cli(capsys):
    code, out, err = run_cli(capsys, "classify", "1 1 1 6 6", "--set", "chart=ace-one")
    assert (code, err) == (0, "")
    assert "Full house, aces over kings" in out
    code, out, _ = run_cli(
        capsys, "compare", "1 3 4 5 6", "2 3 4 5 6", "--set", "chart=ace-one", "--format", "json"
    )
    assert json.loads(out)["winners"] == [1]
    code, out, _ = run_cli(
        capsys, "compare", "2 3 4 5 6", "1 2 3 4 5", "--set", "chart=ace-six", "--format", "json"
    )
    assert json.loads(out)["winners"] == [1]


# ---------------------------------------------------------------------------
# Seed 001: Triple Snakes.


def test_triple_snakes_order():
    table = table_of("triple-snakes")
    assert list(table.rules.category_slugs) == [
        "five-of-a-kind",
        "four-of-a-kind",
        "full-house",
        "straight",
        "small-straight",
        "three-of-a-kind",
        "two-pair",
        "one-pair",
        "high-die",
    ]
    examples = [
        "3 3 3 3 3",
        "2 2 2 2 6",
        "5 5 5 1 1",
        "1 2 3 4 5",
        "1 2 3 4 6",
        "6 6 6 1 2",
        "3 3 5 5 1",
        "4 4 1 2 6",
        "1 2 4 5 6",
    ]
    for dice, slug in zip(examples, table.rules.category_slugs, strict=True):
        assert table.category_slug(dice) == slug, dice
    for better, worse in combinations(examples, 2):
        assert beats(table, better, worse), (better, worse)


@pytest.mark.parametrize(
    ("dice", "category"),
    [
        ("1 2 3 4 5", "straight"),
        ("2 3 4 5 6", "straight"),
        ("1 2 3 4 1", "small-straight"),
        ("2 3 4 5 5", "small-straight"),  # the highest category it fits, not one pair
        ("3 4 5 6 1", "small-straight"),
        ("6 5 4 3 3", "small-straight"),
        ("1 2 3 5 6", "high-die"),  # "Bust: all dice numbers rolled are different"
        ("1 2 4 5 6", "high-die"),
        ("3 3 5 5 1", "two-pair"),
    ],
)
def test_triple_snakes_hands(dice, category):
    assert table_of("triple-snakes").category_slug(dice) == category


def test_triple_snakes_example_round():
    # P1 a small straight, P2 a full house (P1 out), P3 a pair (out), P4 four of a kind wins.
    table = table_of("triple-snakes")
    p1, p2, p3, p4 = "1 2 3 4 4", "5 5 5 2 2", "6 6 1 3 4", "2 2 2 2 5"
    assert beats(table, p2, p1)
    assert beats(table, p2, p3)
    assert beats(table, p4, p2)
    assert compare_hands(table, [p1, p2, p3, p4]).winners == (3,)


def test_triple_snakes_same_category_does_not_beat():
    # The project's ruling: a later player must beat, and the same category does not.
    table = table_of("triple-snakes")
    assert table.rules.ties == "must-beat"
    assert ties(table, "6 6 6 5 4", "1 1 1 2 3")
    assert ties(table, "2 3 4 5 5", "1 2 3 4 6")


def test_triple_snakes_cli(capsys):
    code, out, err = run_cli(capsys, "classify", "2 3 4 5 5", "--rules", "triple-snakes")
    assert (code, err) == (0, "")
    assert "Small straight" in out
    code, out, _ = run_cli(capsys, "odds", "--rules", "triple-snakes", "--format", "json")
    slugs = [row["category"] for row in json.loads(out)["rows"]]
    assert slugs.index("small-straight") == slugs.index("straight") + 1
    assert slugs.index("three-of-a-kind") == slugs.index("small-straight") + 1


# ---------------------------------------------------------------------------
# Seed 004: banking and progressive.

BIG_LITTLE = [
    "five-of-a-kind",
    "four-of-a-kind",
    "big-straight",
    "full-house",
    "three-of-a-kind",
    "two-pair",
    "one-pair",
    "little-straight",
    "high-die",
]


@pytest.mark.parametrize("preset", ["banking", "progressive"])
def test_004_order(preset):
    table = table_of(preset)
    assert list(table.rules.category_slugs) == BIG_LITTLE
    examples = [
        "4 4 4 4 4",
        "6 6 6 6 1",
        "2 3 4 5 6",
        "1 1 1 6 6",
        "5 5 5 1 2",
        "6 6 1 1 5",
        "2 2 3 5 6",
        "1 2 3 4 5",
        "1 2 3 4 6",
    ]
    for dice, slug in zip(examples, BIG_LITTLE, strict=True):
        assert table.category_slug(dice) == slug, dice
    for better, worse in combinations(examples, 2):
        assert beats(table, better, worse), (better, worse)


def test_banking_highest_remaining_dice_decide():
    table = table_of("banking")
    assert beats(table, "6 6 5 4 1", "6 6 3 2 1")
    assert ties(table, "6 6 5 4 1", "1 4 5 6 6")
    assert table.rules.ties == "split"


def test_progressive_same_rank_is_a_push():
    table = table_of("progressive")
    assert ties(table, "6 6 6 2 1", "2 2 2 1 6")
    assert ties(table, "6 6 6 6 6", "1 1 1 1 1")
    assert table.rules.ties == "push"


def test_004_cli(capsys):
    code, out, err = run_cli(capsys, "rules", "show", "banking", "--format", "json")
    assert (code, err) == (0, "")
    assert json.loads(out)["categories"] == BIG_LITTLE
    code, out, _ = run_cli(
        capsys, "compare", "1 2 3 4 5", "2 2 3 4 6", "--rules", "progressive", "--format", "json"
    )
    result = json.loads(out)
    assert result["winners"] == [2] and result["decided_by"] == "category"


# ---------------------------------------------------------------------------
# What people type (issue 2): every spelling of a hand reads alike.


@pytest.mark.parametrize("dice", ["K K J 10 9", "KKJT9", "k,k,j,10,9", "KKJ109", "9 10 J K K"])
def test_dice_as_people_type_them(capsys, dice):
    code, out, err = run_cli(capsys, "classify", dice, "--format", "json")
    assert (code, err) == (0, "")
    record = json.loads(out)
    assert record["hand"] == "K K J 10 9"
    assert record["category"] == "one-pair"
    assert record["description"] == "One pair, kings, with J 10 9"


def test_pips_as_people_type_them(capsys):
    for dice in ("1 6 6 5 4", "16654", "1,6,6,5,4"):
        code, out, _ = run_cli(
            capsys, "classify", dice, "--set", "chart=ace-one", "--format", "json"
        )
        record = json.loads(out)
        assert code == 0 and record["hand"] == "1 6 6 5 4"  # the ace (1) first
        assert record["description"] == "One pair, kings, with 1 5 4"
