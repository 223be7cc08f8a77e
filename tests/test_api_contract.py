"""Calls that once gave a silent wrong answer or a bare Python error, and now refuse.

Each is a case a review of the Python API found: a decimal read as a whole number, a
keep the rules forbid given a value, a schedule scaled by a negative number, a category
named twice, a float goal whose sums overflow, an argument of the wrong kind reaching
an attribute or a compiled kernel, an input of a megabyte echoed whole.
"""

from __future__ import annotations

import pickle
from fractions import Fraction

import numpy as np
import pytest

from pokerdice_stats import get_rules
from pokerdice_stats.engines.simulation.run import RunOptions
from pokerdice_stats.games.betting.exact.decisions import meet_decision, raise_decision
from pokerdice_stats.games.betting.exact.solve import solve_betting
from pokerdice_stats.games.progressive.exact.schedule import PROGRESSIVE_SCHEDULE
from pokerdice_stats.games.progressive.exact.schedule_entries import ScheduleError
from pokerdice_stats.games.seen.exact.rounds import solve_round
from pokerdice_stats.ground import indexing as ix
from pokerdice_stats.ground.errors import (
    SHOWN_CHARACTERS,
    DiceError,
    GoalError,
    OptionError,
    PokerDiceError,
)
from pokerdice_stats.turn.goals import Goal, at_least, payout_against, score
from pokerdice_stats.turn.hands import hand_table
from pokerdice_stats.turn.holds import solve


@pytest.fixture(scope="module")
def round3():
    return solve_round(get_rules("gameweave"), 3)


@pytest.mark.parametrize(
    ("call", "words"),
    [
        (lambda r: r.best_keep(1, "K K K 10 9", 0.5), "throws left must be a whole number"),
        (lambda r: r.best_keep(1, "K K K 10 9", 2.9), "throws left must be a whole number"),
        (lambda r: r.best_keep(1, "K K K 10 9", None), "throws left must be a whole number"),
        (lambda r: r.chance_to_win(3, "Q Q Q 9 9", tied=1.9), "tied must be a whole number"),
        (lambda r: r.chance_to_win(3, "Q Q Q 9 9", tied="1"), "tied must be a whole number"),
        (lambda r: r.chance_to_win(3, "Q Q Q 9 9", tied=True), "tied must be a whole number"),
        (lambda r: r.chance_to_win(3, "Q Q Q 9 9", tied=None), "tied must be a whole number"),
        (lambda r: r.chance_to_win(3, "Q Q Q 9 9", tied=3), "seat 3 can face 1 to 2"),
        (lambda r: r.chance_to_win(2.5, "Q Q Q 9 9"), "seat must be a whole number"),
        (lambda r: r.chance_to_win("2", "Q Q Q 9 9"), "seat must be a whole number"),
        (lambda r: r.chance_to_win(float("inf"), "Q Q Q 9 9"), "seat must be a whole number"),
        (lambda r: r.chance_to_win(float("nan"), "Q Q Q 9 9"), "seat must be a whole number"),
        (lambda r: r.chance_to_win(4, "Q Q Q 9 9"), "seat must be 1 to 3"),
    ],
)
def test_a_round_reads_seats_ties_and_throws_left_as_whole_numbers(round3, call, words):
    with pytest.raises(OptionError, match=words):
        call(round3)


def test_a_round_still_answers_whole_numbers_of_any_kind(round3):
    assert round3.chance_to_win(np.int64(3), "Q Q Q 9 9", tied=np.int64(2)) == (
        round3.chance_to_win(3, "Q Q Q 9 9", tied=2)
    )
    assert round3.best_keep(1, "K K K 10 9", np.int64(0)) == "K K K 10 9"  # nothing left: stand


@pytest.fixture(scope="module")
def table():
    return hand_table(get_rules("gameweave"))


def test_payout_against_refuses_what_it_would_misread(table):
    ones = np.ones((ix.N_HANDS, ix.N_HANDS), dtype=np.int64)
    ways, throws = ix.HAND_WAYS, ix.N_THROWS
    shifted = ways.copy()
    shifted[0], shifted[1] = shifted[0] - 30, shifted[1] + 30  # the same sum, one below 0
    cases = [
        ((ways, 2.5, ones), "opponent_denominator must be a whole number"),
        ((ways, "7776", ones), "opponent_denominator must be a whole number"),
        ((ways, float("nan"), ones), "opponent_denominator must be a whole number"),
        ((ways, 0, ones), "opponent_denominator must be 1 or more"),
        ((None, throws, ones), r"opponent must be an array of shape \(252,\)"),
        ((ways[:10], throws, ones), r"got shape \(10,\)"),
        ((ways.astype(float), throws, ones), "opponent must hold whole numbers, got 1.0"),
        ((ways, throws - 1, ones), "must add up to opponent_denominator"),
        ((shifted, throws, ones), "cannot be negative"),
        ((ways, throws, ones * 0.5), "payout must hold whole numbers"),
        ((ways, throws, [[1] * 252] * 251 + [[1] * 3]), "payout must be an array"),
    ]
    for args, words in cases:
        with pytest.raises(GoalError, match=words):
            payout_against(table, *args)
    # Python integers of any size and fixed-width integers are read alike
    big = payout_against(table, [int(w) for w in ways], throws, ones.astype(object))
    assert big.value(0) == payout_against(table, ways, throws, ones).value(0) == 1


def test_score_refuses_a_category_named_twice_and_points_that_are_not_a_mapping(table):
    with pytest.raises(GoalError, match="full-house twice"):
        score(table, {"full-house": 1, "Full House": 2})
    for points in (None, [1], "full-house"):
        with pytest.raises(GoalError, match="points must map categories to numbers"):
            score(table, points)
    assert score(table, {"Full House": 2}).value(table.hand("K K K 9 9")) == 2


def test_a_float_goal_too_large_to_sum_is_refused_and_a_large_one_stays_finite():
    rules = get_rules("classic")
    with pytest.raises(GoalError, match="at most 1e\\+300"):
        Goal("huge", np.full(ix.N_HANDS, 1e308))
    value = solve(rules, Goal("large", np.full(ix.N_HANDS, -1e300)), exact=False).value()
    assert np.isfinite(value) and value == pytest.approx(-1e300, rel=1e-12)


@pytest.mark.parametrize(
    ("options", "keep", "untouched", "words"),
    [
        ({"max_rethrow": 3, "max_rethrow_scope": "throw"}, "", None, "throws 5 dice again"),
        ({"max_rethrow": 3, "max_rethrow_scope": "throw"}, "K", None, "throws 4 dice again"),
        ({"sticky_holds": True, "max_rethrow": 3}, "9", None, "throws 4 dice again"),
        ({"max_rethrow": 3}, "", "A A", "more than 3 of the first throw's dice"),
        ({"max_rethrow": 3}, "A", "A A A A", "more than 3 of the first throw's dice"),
        ({"max_rethrow": 3}, "K", "A A", "more than 3 of the first throw's dice"),
        ({"max_rethrow": 3}, "A A", "A", "2 or more first-throw dice untouched"),
    ],
)
def test_a_keep_the_rules_forbid_has_no_value(options, keep, untouched, words):
    rules = get_rules("classic", options)
    policy = solve(rules, at_least(hand_table(rules), "full-house"))
    with pytest.raises(OptionError, match=words):
        policy.keep_value(keep, 1, untouched=untouched)


def test_a_keep_the_rules_allow_keeps_its_value():
    throw = get_rules("classic", {"max_rethrow": 3, "max_rethrow_scope": "throw"})
    policy = solve(throw, at_least(hand_table(throw), "full-house"))
    assert policy.keep_value("K K", 2) == Fraction(139, 324)
    turn = get_rules("classic", {"max_rethrow": 3})
    policy = solve(turn, at_least(hand_table(turn), "full-house"))
    # holding A A of the untouched A A A: a third die thrown again, two left untouched
    state = policy.keep_value("A A", 1, untouched="A A A")
    free = solve(get_rules("classic"), "at-least:full-house").keep_value("A A", 1)
    assert state == free  # one throw left: the limit no longer binds


@pytest.mark.parametrize(
    ("factor", "words"),
    [
        (-1, "above 0, got -1"),
        (0, "above 0, got 0"),
        (float("nan"), "got nan"),
        (1.5, "got 1.5"),
        (True, "got True"),
        (None, "got None"),
        (10**300, "larger than 10\\*\\*100"),
        ("1e400", "larger than 10\\*\\*100"),
    ],
)
def test_a_schedule_is_scaled_by_an_exact_number_above_0_within_the_bounds(factor, words):
    with pytest.raises(ScheduleError, match=words):
        PROGRESSIVE_SCHEDULE.scaled(factor, "scaled")


def test_a_scaled_schedule_multiplies_every_amount():
    half = PROGRESSIVE_SCHEDULE.scaled("1/2", "half")
    for winner, loser, amount in PROGRESSIVE_SCHEDULE.amounts:
        assert half.amount(winner, loser) == amount / 2
    assert half.name == "half" and half.source == ""
    assert PROGRESSIVE_SCHEDULE.scaled(Fraction(3, 2), "x") == PROGRESSIVE_SCHEDULE.scaled(
        "3/2", "x"
    )


def test_betting_decisions_check_their_result_and_a_game_without_raises():
    for decide in (raise_decision, meet_decision):
        for result in (None, "x", 3):
            with pytest.raises(OptionError, match="must be a Betting"):
                decide(result, 2, "K K K 9 9")
    no_raises = solve_betting(get_rules("triple-snakes"), 2, raises=0)
    with pytest.raises(OptionError, match="allows no raises"):
        meet_decision(no_raises, 2, "6 6 6 1 1")


def test_classify_reads_any_byte_order_an_empty_list_and_refuses_ragged_rows(table):
    codes = np.array([5, 7775, 0])
    native = table.classify(codes)
    swapped = table.classify(codes.astype(codes.dtype.newbyteorder(">")))
    for a, b in zip(native, swapped, strict=True):
        assert np.array_equal(a, b)
    assert [len(a) for a in table.classify([])] == [0, 0, 0]
    with pytest.raises(DiceError, match="rows of 5 ranks"):
        table.classify([[0, 1, 2, 3, 4], [1]])
    out = (np.empty(1, ">i2"), np.empty(1, "i1"), np.empty(1, "i2"))
    with pytest.raises(DiceError, match="byte order"):
        table.classify(np.array([5]), out=out)


def test_an_error_about_a_megabyte_of_input_does_not_repeat_it(table):
    with pytest.raises(DiceError) as caught:
        table.describe("K" * 10**6)
    message = str(caught.value)
    assert len(message) < 200 and "(1000000 characters)" in message
    assert "K" * SHOWN_CHARACTERS in message and "K" * (SHOWN_CHARACTERS + 1) not in message
    again = pickle.loads(pickle.dumps(caught.value))  # a worker's error, sent to its parent
    assert str(again) == message and isinstance(again, PokerDiceError)
    short = PokerDiceError("line one\nline two")  # a short message keeps its lines
    assert str(short) == "line one\nline two"


def test_a_face_inside_a_word_names_the_word(table):
    with pytest.raises(DiceError, match="unknown face 'E' \\(read from 'ten'\\)"):
        table.describe("K K J ten 9")
    with pytest.raises(DiceError, match="unknown face 'Z' in 'K K J Z 9'"):
        table.describe("K K J Z 9")


def test_run_options_name_a_worker_count_that_is_not_a_whole_number():
    with pytest.raises(OptionError, match="workers must be a whole number, got '2'"):
        RunOptions(workers="2")
    with pytest.raises(OptionError, match="workers must be at least 1, got 0"):
        RunOptions(workers=0)


def test_a_tie_share_too_large_or_too_fine_to_write_is_refused_by_its_size(table):
    from pokerdice_stats.turn.goals import beat

    with pytest.raises(GoalError, match="denominator past 10\\*\\*40"):
        beat(table, "Q Q Q 9 9", Fraction(1, 10**5000))
    with pytest.raises(GoalError, match="larger than 10\\*\\*100"):
        beat(table, "Q Q Q 9 9", 10**5000)
    assert beat(table, "Q Q Q 9 9", Fraction(1, 2)).name == 'beat:"Q Q Q 9 9",tie=1/2'
