"""Two-sided schedules (issue 26 item 2): the house and the player pay by separate tables."""

from __future__ import annotations

from fractions import Fraction

import pytest
import reference_payout as ref
from cli_helpers import run_cli

from pokerdice_stats import get_rules
from pokerdice_stats.engines.simulation.run import RunOptions
from pokerdice_stats.games.progressive.exact.bank import bank_distribution
from pokerdice_stats.games.progressive.exact.fair_pay import solve_pay
from pokerdice_stats.games.progressive.exact.payout import expected_payout, round_outcomes
from pokerdice_stats.games.progressive.exact.schedule import PROGRESSIVE_SCHEDULE, ScheduleError
from pokerdice_stats.games.progressive.exact.schedule_files import (
    read_schedule,
    schedule_text,
    write_schedule,
)
from pokerdice_stats.games.progressive.simulation import simulate_progressive

RULES = get_rules("progressive")
#: The seed's table, but the player pays double for a pair beaten by three of a kind.
TWO = PROGRESSIVE_SCHEDULE.with_amount("three-of-a-kind", "one-pair", 12, "two", side="house")


def test_one_side_set_makes_a_two_sided_schedule():
    assert TWO.two_sided and not PROGRESSIVE_SCHEDULE.two_sided
    assert TWO.amount("three-of-a-kind", "one-pair") == 6
    assert TWO.house_amount("three-of-a-kind", "one-pair") == 12
    both = PROGRESSIVE_SCHEDULE.with_amount("three-of-a-kind", "one-pair", 7, "x")
    assert not both.two_sided and both.house_amount("three-of-a-kind", "one-pair") == 7
    back = TWO.with_amount("three-of-a-kind", "one-pair", 6, "back", side="house")
    assert not back.two_sided  # both sides equal again: one table
    assert TWO.scaled(2, "x2").house_amount("three-of-a-kind", "one-pair") == 24


@pytest.mark.parametrize(
    ("winner", "loser", "amount", "words"),
    [
        ("five-of-a-kind", "one-pair", -5, "must not be negative"),
        ("five-of-a-kind", "one-pair", 0.1, "whole number"),  # a float is not exact
        ("five-of-a-kind", "one-pair", "abc", r"a fraction \(3/2\), got 'abc'"),
        ("royal-flush", "one-pair", 1, "unknown category 'royal-flush'"),
        ("full-house", "full house", 1, "the same category is a push"),
    ],
)
def test_an_edit_is_checked_as_a_file_entry_is(winner, loser, amount, words):
    with pytest.raises(ScheduleError, match=words):
        PROGRESSIVE_SCHEDULE.with_amount(winner, loser, amount)


def test_an_edit_keeps_exact_amounts_and_names_itself():
    edited = PROGRESSIVE_SCHEDULE.with_amount("full-house", "two-pair", "1.5")
    assert edited.amount("full-house", "two-pair") == Fraction(3, 2)
    assert edited.name == "progressive (004), edited"
    again = edited.with_amount("full-house", "two-pair", Fraction(25, 2))
    assert again.name == edited.name and again.amount("full-house", "two-pair") == Fraction(25, 2)
    with pytest.raises(ScheduleError, match="a side is player, house or both"):
        edited.with_amount("full-house", "two-pair", 1, side="dealer")


def test_an_edit_naming_another_rule_sets_category_is_refused_where_it_is_applied():
    # a schedule names no rule set: classic's straight is a category, not progressive's
    edited = PROGRESSIVE_SCHEDULE.with_amount("straight", "two-pair", 5)
    with pytest.raises(ScheduleError, match="category 'straight' is not in these rules"):
        expected_payout(RULES, "optimal", schedule=edited)


def test_two_sided_file_round_trip(tmp_path):
    path = write_schedule(TWO, tmp_path / "two.csv", RULES)
    text = path.read_text()
    assert text.count("# side:") == 2 and text.count("loser,") == 2
    again = read_schedule(path)
    assert again.two_sided
    assert sorted(again.amounts) == sorted(TWO.amounts)
    assert sorted(again.house_amounts) == sorted(TWO.house_amounts)
    assert schedule_text(again, RULES) == text


def test_symmetric_file_has_one_grid(tmp_path):
    text = schedule_text(PROGRESSIVE_SCHEDULE, RULES)
    assert "# side:" not in text and text.count("loser,") == 1


def test_sided_pairs_layout(tmp_path):
    path = tmp_path / "pairs.csv"
    path.write_text(
        "side,winner,loser,amount\nplayer,three-of-a-kind,high-die,5\n"
        "house,three-of-a-kind,high-die,7\n"
    )
    schedule = read_schedule(path)
    assert schedule.amount("three-of-a-kind", "high-die") == 5
    assert schedule.house_amount("three-of-a-kind", "high-die") == 7


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("# side: banker\nloser,three-of-a-kind\nhigh-die,1\n", "player or house"),
        ("# side: player\nloser,three-of-a-kind\nhigh-die,1\n", "both a player and a house"),
        ("loser,three-of-a-kind\nhigh-die,1\n# side: player\nloser,three-of-a-kind\nhigh-die,1\n"
         "# side: house\nloser,three-of-a-kind\nhigh-die,1\n", "after the side lines"),
        ("# side: player\nloser,three-of-a-kind\nhigh-die,1\n# side: player\n", "given twice"),
        ("side,winner,loser,amount\nbanker,three-of-a-kind,high-die,1\n", "side,winner,loser"),
        # both grids, their side lines deleted: the second header is not a loser
        ("loser,three-of-a-kind\nhigh-die,1\nloser,three-of-a-kind\nhigh-die,2\n",
         "second header row"),
    ],
)  # fmt: skip
def test_bad_two_sided_files(tmp_path, text, words):
    path = tmp_path / "bad.csv"
    path.write_text(text)
    with pytest.raises(ScheduleError, match=words):
        read_schedule(path)


def test_two_sided_payout_against_enumeration():
    """The one-throw game with the reference's table, the house's side changed by hand."""
    rules = get_rules("progressive", {"throws": 1})
    joint = ref.one_throw_joint()
    order = ref.LADDER
    expected = Fraction(0)
    for (player, computer), chance in joint.items():
        if order.index(player) < order.index(computer):  # the player wins: the house pays
            expected += chance * ref.SCHEDULE.get(player, {}).get(computer, 0)
        elif order.index(computer) < order.index(player):  # the house wins: the player pays
            pay = ref.SCHEDULE.get(computer, {}).get(player, 0)
            if (computer, player) == ("three-of-a-kind", "one-pair"):
                pay = 12
            expected -= chance * pay
    result = expected_payout(rules, "stand", schedule=TWO)
    assert result.expected == expected < 0
    assert expected_payout(rules, "stand").expected == 0  # the seed's: fair by symmetry


def test_two_sided_bank_against_enumeration():
    outcomes = round_outcomes(RULES, "stand", schedule=TWO)
    final, ruin = ref.bank_by_enumeration(outcomes.amounts(), 2, 1250, floor=1200)
    session = bank_distribution(outcomes=outcomes, rounds=2, start=1250)
    assert dict(zip(session.banks.tolist(), session.chances.tolist(), strict=True)) == final
    assert session.ruin == ruin


def test_a_house_edge_designed_on_one_side(tmp_path):
    solved = solve_pay(RULES, "house:three-of-a-kind/one-pair", "-2%", computer="stand")
    path = write_schedule(solved.schedule, tmp_path / "edge.csv", RULES)
    again = read_schedule(path)
    assert again.two_sided
    edge = expected_payout(RULES, "stand", schedule=again).edge  # evaluated apart
    assert edge.percent == -2 and edge.house_percent == 2


def test_two_sided_sessions_simulate():
    exact = expected_payout(RULES, "stand", schedule=TWO).expected_float
    run = RunOptions(n=400, seed=2, workers=1, progress=False)
    result = simulate_progressive(RULES, 50, "stand", 10_000, schedule=TWO, run=run)
    assert result.payout.ci_low <= exact <= result.payout.ci_high


def test_cli_plays_a_two_sided_file(capsys, tmp_path):
    path = write_schedule(TWO, tmp_path / "two.csv", RULES)
    code, out, err = run_cli(capsys, "payout", "--schedule", str(path), "--computer", "stand",
                             "--rounds", "12")  # fmt: skip
    assert code == 0, err
    assert "house_edge_percent" in out and "bank after 12 rounds" in out
