"""The Python API answers the game its rules describe, or refuses with a ValueError.

Each check is a call that once gave another game's answer, or an index that wrapped
round, or a bare ``KeyError``/``TypeError``: the API now reads the rules' own knowledge,
checks what it is given, and says what is wrong.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

import pokerdice_stats as pds
from pokerdice_stats.games.banking.exact.sessions import RoundOdds, banking_session
from pokerdice_stats.ground.errors import GoalError, OptionError, PokerDiceError


@pytest.fixture(scope="module")
def gameweave_policy():
    return pds.solve(pds.get_rules("gameweave"), "at-least:full-house")


def test_the_payout_plays_the_rules_knowledge():
    blind_rules = pds.get_rules("progressive", {"knowledge": "blind"})
    blind = pds.expected_payout(blind_rules)
    assert blind.knowledge == "blind"
    # the blind game with a table that pays the same both ways is symmetric: worth 0
    assert blind.expected == 0
    seen = pds.expected_payout(pds.get_rules("progressive"))
    assert seen.knowledge == "seen" and seen.expected > 0
    # an explicit knowledge still wins over the rules'
    assert pds.expected_payout(blind_rules, knowledge="seen").expected == seen.expected


def test_progressive_sessions_refuse_blind_rules():
    rules = pds.get_rules("progressive", {"knowledge": "blind"})
    run = pds.RunOptions(100, 1, progress=False)
    with pytest.raises(OptionError, match="knowledge seen"):
        pds.simulate_progressive(rules, 10, run=run)


def test_a_negative_start_is_named_as_the_players_bank():
    rules = pds.get_rules("progressive")
    with pytest.raises(OptionError, match="the starting bank"):
        pds.simulate_progressive(rules, 10, start=-1, run=pds.RunOptions(100, 1, progress=False))


@pytest.mark.parametrize(
    "call",
    [
        lambda rules: pds.solve_round(rules, 2),
        lambda rules: pds.holdup(rules, "6 6 6 2 2", 2),
        lambda rules: pds.holdup_table(rules),
    ],
)
def test_seen_games_refuse_blind_rules(call):
    with pytest.raises(OptionError, match="knowledge=blind"):
        call(pds.get_rules("banking"))


def test_seen_games_still_answer_banking_played_seen():
    seen = pds.solve_round(pds.get_rules("banking", {"knowledge": "seen"}), 2)
    assert sum(seen.win) == pytest.approx(1.0)
    assert seen.win[0] != pytest.approx(0.5)  # seeing the first hand is worth something


def test_a_goal_read_under_other_rules_is_refused():
    goal = pds.at_least(pds.hand_table(pds.get_rules("gameweave")), "straight")
    with pytest.raises(GoalError, match="another rule set's hand table"):
        pds.solve(pds.get_rules("banking"), goal)
    with pytest.raises(GoalError, match="another rule set's hand table"):
        pds.solve(pds.get_rules("banking"), [goal])
    # classic ranks the hands as gameweave does: the same goal, the same answer
    assert (
        pds.solve(pds.get_rules("classic"), goal).value()
        == pds.solve(pds.get_rules("gameweave"), goal).value()
    )


@pytest.mark.parametrize("make", [pds.at_least, pds.exactly])
def test_goal_makers_want_a_hand_table(make):
    with pytest.raises(GoalError, match="hand_table"):
        make(pds.get_rules("classic"), "full-house")


def test_policy_indices_are_checked(gameweave_policy):
    p = gameweave_policy
    for keep in (-1, 462, True, 10**30):
        with pytest.raises(OptionError):
            p.keep_value(keep, 2)
    for goal in (-1, 1, True):
        for read in (p.value, p.keep_tables, p.final_by_category):
            with pytest.raises(GoalError):
                read(goal)
    # a keep as dice or as its index: the same value
    assert p.keep_value("K K", 2) == p.keep_value(25, 2) == Fraction(139, 324)


def test_dice_aside_are_refused_without_sticky_holds(gameweave_policy):
    with pytest.raises(OptionError, match="sticky_holds"):
        gameweave_policy.alternatives("K K J 10 9", 2, aside="K K")


def test_classify_refuses_outputs_too_narrow_to_hold_the_answer():
    table = pds.hand_table(pds.get_rules("classic"))
    throws = np.array([0, 7775])
    with pytest.raises(PokerDiceError, match="at least int16"):
        table.classify(throws, out=(np.zeros(2, np.int8),) * 3)
    with pytest.raises(PokerDiceError, match="got int"):
        table.classify(throws, out=3)
    wide = (np.zeros(2, np.int32), np.zeros(2, np.int8), np.zeros(2, np.int64))
    hands, categories, strengths = table.classify(throws, out=wide)
    expected = table.classify(throws)
    for got, want in zip((hands, categories, strengths), expected, strict=True):
        assert got.tolist() == want.tolist()


def test_banking_sessions_refuse_chances_that_are_not_chances():
    with pytest.raises(OptionError, match="sum to 1"):
        banking_session(RoundOdds(float("nan"), 0.0, 0.5), 10, 100, 10)
    rules = pds.get_rules("banking")
    negative = [(-np.ones(252, dtype=np.int64), -252), (np.ones(252, dtype=np.int64), 252)]
    with pytest.raises(OptionError, match="252 whole weights"):
        pds.round_odds(rules, negative)


def test_the_ladder_solve_refuses_rules_and_ladders_it_does_not_read():
    with pytest.raises(OptionError, match="throws=2 would change nothing"):
        pds.solve_ladder(pds.get_rules("classic", {"throws": 2}))
    with pytest.raises(OptionError, match="unknown ladder"):
        pds.solve_ladder(pds.get_rules("classic"), ["full-house"])


def test_a_seen_round_takes_only_a_rule_set():
    with pytest.raises(PokerDiceError, match="RuleSet"):
        pds.solve_round("gameweave", 2)


def test_progressive_holds_refuse_blind_rules():
    from pokerdice_stats.games.progressive.exact.advice import progressive_advice

    rules = pds.get_rules("progressive", {"knowledge": "blind"})
    with pytest.raises(OptionError, match="knowledge=blind"):
        progressive_advice(rules, "6 6 6 2 1", 2, computer_hand="5 5 5 5 2")
    with pytest.raises(OptionError, match="knowledge=blind"):
        progressive_advice(rules, "6 6 6 2 1", 2, side="computer")


def test_rules_compare_reads_each_sides_knowledge():
    from pokerdice_stats.commands.rules_compare import payout_side_by_side

    seen = pds.get_rules("progressive")
    blind = pds.get_rules("progressive", {"knowledge": "blind"})
    record = payout_side_by_side(seen, blind)
    assert (record["knowledge_a"], record["knowledge_b"]) == ("seen", "blind")
    assert record["edge_a"] == pytest.approx(float(pds.expected_payout(seen).expected))
    assert record["edge_b"] == 0


def test_the_bank_plays_the_rules_knowledge():
    blind = pds.get_rules("progressive", {"knowledge": "blind"})
    session = pds.bank_distribution(blind, rounds=2, start=10_000)
    assert session.mean == pytest.approx(10_000)  # the blind game is worth 0 a round
    seen = pds.bank_distribution(pds.get_rules("progressive"), rounds=2, start=10_000)
    assert seen.mean > 10_000


@pytest.mark.parametrize(
    "call",
    [
        lambda: pds.round_advice("classic", "K K J 10 9"),
        lambda: pds.game_for("classic", "round"),
        lambda: pds.solve_match("classic", 2),
        lambda: pds.simulate_matches("classic"),
        lambda: pds.simulate_banking_sessions("banking"),
        lambda: pds.chances_table("classic", 3),
        lambda: pds.chances_table("classic"),
    ],
)
def test_a_rule_set_name_is_not_a_rule_set(call):
    with pytest.raises(PokerDiceError, match="must be a RuleSet"):
        call()


@pytest.mark.parametrize("options", [{"knowledge": "blind"}, {"throw_limit": "first-player"}])
def test_the_strategy_card_refuses_rules_its_game_does_not_play(options):
    with pytest.raises(OptionError):
        pds.fit_strategy_card(pds.get_rules("progressive", options))


def test_a_best_response_names_a_seat():
    from pokerdice_stats.games.bidding.exact.claims_response import claims_best_response

    for seat in (0, 3, True):
        with pytest.raises(OptionError, match="seat must be 1 or 2"):
            claims_best_response(object.__new__(_claims_bidding()), seat)
    with pytest.raises(OptionError, match="ClaimsBidding"):
        claims_best_response("solution", 1)


def _claims_bidding():
    from pokerdice_stats.games.bidding.exact.claims_answer import ClaimsBidding

    return ClaimsBidding


@pytest.mark.parametrize(
    ("fields", "words"),
    [
        ({"throws": 0}, "throws must be a whole number from 1 to"),
        ({"throws": 50}, "throws must be a whole number from 1 to"),
        ({"throws": True}, "throws must be"),
        ({"max_rethrow": 6}, "max_rethrow must be"),
        ({"straights": "diag"}, "straights must be one of"),
        ({"ties": "coin"}, "ties must be one of"),
        ({"wild": 9}, "wild must be None or a face rank"),
        ({"preset": "yahtzee"}, "preset must be one of"),
        ({"sticky_holds": 1}, "sticky_holds must be True or False"),
    ],
)
def test_a_rule_set_built_directly_checks_its_fields(fields, words):
    with pytest.raises(PokerDiceError, match=words):
        pds.RuleSet(**fields)


def test_every_preset_and_rule_change_passes_the_field_check():
    import dataclasses

    for name in pds.PRESETS:
        rules = pds.get_rules(name)
        assert dataclasses.replace(rules) == rules
    assert pds.get_rules("classic", {"throws": 2, "wild": "9"}).throws == 2


def test_review_refusals_are_value_errors(tmp_path):
    """Wrong types the API once met with TypeError, or read silently, now get one
    ValueError subclass that names what was expected."""
    import pokerdice_stats as pds
    from pokerdice_stats import get_rules
    from pokerdice_stats.engines.simulation.run import RunOptions
    from pokerdice_stats.ground.errors import PokerDiceError

    progressive = get_rules("progressive")
    for path in (None, 5):
        with pytest.raises(PokerDiceError, match="must be a path"):
            pds.write_schedule(pds.PROGRESSIVE_SCHEDULE, path, progressive)
    with pytest.raises(PokerDiceError, match="policy must be a name"):
        pds.simulate_rounds(get_rules("gameweave"), 2, policy=5, run=RunOptions(n=1000))
    with pytest.raises(PokerDiceError, match="got bytes"):
        pds.solve(get_rules("gameweave"), b"at-least:full-house")
    points = tmp_path / "points.toml"
    points.write_text("full-house = 10\nFull-House = 3\n", encoding="utf-8")
    with pytest.raises(PokerDiceError, match="names one category twice"):
        pds.solve(get_rules("gameweave"), f"score:{points}")
    bom = tmp_path / "bom.toml"
    bom.write_bytes(b'\xef\xbb\xbfpreset = "classic"\nthrows = 2\n')
    from pokerdice_stats.turn.rule_files import read_rules_file

    assert read_rules_file(bom)["throws"] == 2  # a byte-order mark is no TOML error
