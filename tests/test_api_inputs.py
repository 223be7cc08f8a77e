"""Inputs the API once misread without a word: each is now refused with a ValueError.

Each case was a silent wrong answer (a float goal solved as integers, a result of other
rules read under these, a payout truncated to whole numbers, chances that are not
chances) or an exception from deep inside numpy; the checks name what is wrong.
"""

from __future__ import annotations

import re
from fractions import Fraction

import numpy as np
import pytest

import pokerdice_stats as pds
from pokerdice_stats.ground.errors import GoalError, OptionError
from pokerdice_stats.turn.goals import Goal

CLASSIC = pds.get_rules("classic")


@pytest.mark.parametrize(
    ("make", "words"),
    [
        (lambda: Goal("g", np.ones(10, dtype=np.int64)), "252 in all, got an array of shape"),
        (lambda: Goal("g", np.ones(252, dtype=np.int64), 0), "denominator must be 1 or more"),
        (lambda: Goal("g", np.ones(252, dtype=np.int64), 2.5), "must be a whole number"),
        (lambda: Goal("g", np.ones(252, dtype=np.int64), True), "must be a whole number"),
        (lambda: Goal("g", np.ones(252, dtype=np.int64), 1, "yes"), "is_probability must be"),
        (lambda: Goal("g", np.full(252, np.nan)), "must be finite"),
        (lambda: Goal("g", np.array(["x"] * 252)), "must be numbers"),
        (lambda: Goal("g", np.array([None] * 252, dtype=object)), "whole numbers, got None"),
        (lambda: Goal("g", np.array([Fraction(1, 2)] * 252)), "whole numbers, got Fraction"),
        (lambda: Goal("g", np.full(252, 5), 1, True), "called a chance, but its values run"),
        (lambda: Goal("g", np.full(252, -1), 2, True), "from -0.5 to -0.5"),
        (lambda: Goal("g", np.full(252, 1.01), 1, True), "from 1.01 to 1.01"),
        (lambda: Goal(3, np.ones(252, dtype=np.int64)), "name is a text"),
    ],
)
def test_a_goal_checks_its_values(make, words):
    with pytest.raises(GoalError, match=words):
        make()


FULL_HOUSE = Fraction(490459, 944784)  # at least a full house in a gameweave turn


@pytest.mark.parametrize(
    "numerators",
    [
        pytest.param(lambda mask: mask, id="bools"),
        pytest.param(lambda mask: mask.astype(float), id="whole-floats"),
        pytest.param(
            lambda mask: np.array(list(mask.astype(np.int64)), dtype=object), id="np.int64"
        ),
        pytest.param(lambda mask: np.array([Fraction(int(m)) for m in mask]), id="fractions"),
        pytest.param(lambda mask: [int(m) for m in mask], id="list"),
    ],
)
def test_a_goal_takes_whole_numbers_in_any_form(numerators):
    rules = pds.get_rules("gameweave")
    mask = pds.hand_table(rules).category <= 2  # full house or better
    goal = Goal("fh", numerators(mask), 1, np.bool_(True))
    assert pds.solve(rules, goal).value() == FULL_HOUSE
    assert goal.is_probability is True


def test_a_goal_of_floats_is_solved_in_floats_or_refused():
    half = Goal("half", np.full(252, 0.5))
    with pytest.raises(GoalError, match="'half' holds fractional floats: an exact solve"):
        pds.solve(CLASSIC, half)
    with pytest.raises(GoalError, match="fractional floats"):
        pds.solve(CLASSIC, [half, pds.at_least(pds.hand_table(CLASSIC), "full-house")])
    assert pds.solve(CLASSIC, half, exact=False).turn[0] == pytest.approx(0.5)
    rounding = Goal("rounding", np.full(252, 1.0000000000000002), 1, True)  # a chance of 1
    assert rounding.is_probability
    listed = Goal("listed", [1] * 252, 4, True)
    assert pds.solve(CLASSIC, listed).value() == Fraction(1, 4)


def test_a_goal_of_chips_is_not_called_a_chance():
    """Betting's exact goals are chips (0 to the pot), a round's are chances of winning."""
    from pokerdice_stats.games.seen.exact.strengths import goals_from_values

    values = np.empty((2, pds.hand_table(CLASSIC).n_strengths), dtype=object)
    values[0] = [Fraction(s % 4, 1) for s in range(values.shape[1])]  # chips: 0 to 3
    values[1] = [Fraction(s % 2, 3) for s in range(values.shape[1])]  # chances
    chips, chance = goals_from_values(values, CLASSIC, True, "g")
    assert not chips.is_probability and chance.is_probability
    exact = pds.solve_betting(pds.get_rules("triple-snakes"), 3, exact=True)
    floats = pds.solve_betting(pds.get_rules("triple-snakes"), 3, exact=False)
    assert [float(v) for v in exact.ev] == pytest.approx(list(floats.ev), abs=1e-9)


PROGRESSIVE = pds.get_rules("progressive")


@pytest.fixture(scope="module")
def seed_payout():
    return pds.payout_matrix(PROGRESSIVE)


@pytest.mark.parametrize(
    ("call", "words"),
    [
        (lambda m: pds.player_response(PROGRESSIVE, m + 0.5), "whole numbers, got 0.5"),
        (lambda m: pds.player_response(PROGRESSIVE, None), r"shape \(252, 252\), got shape \(\)"),
        (lambda m: pds.player_response(PROGRESSIVE, m[:10]), "got shape"),
        (lambda m: pds.solve_blind(PROGRESSIVE, m.astype(float) + 0.5), "got 0.5"),
        (lambda m: pds.solve_blind(PROGRESSIVE, m, certify="no"), "certify must be True or"),
        (
            lambda m: pds.solve_blind(PROGRESSIVE, np.full((252, 252), 2**70, dtype=object)),
            "within int64",
        ),
        (lambda m: pds.optimal_computer(PROGRESSIVE, None), "must be a PlayerResponse"),
        (
            lambda m: pds.optimal_computer(
                pds.get_rules("progressive", {"throws": 2}), pds.player_response(PROGRESSIVE, m)
            ),
            "solved under other rules",
        ),
    ],
)
def test_payouts_and_responses_are_checked(seed_payout, call, words):
    with pytest.raises(OptionError, match=words):
        call(seed_payout)


def test_a_payout_of_whole_floats_is_the_same_game(seed_payout):
    ints = pds.player_response(PROGRESSIVE, seed_payout)
    floats = pds.player_response(PROGRESSIVE, seed_payout.astype(np.float64))
    assert np.array_equal(ints.values, floats.values)


BANKING = pds.get_rules("banking")


def test_an_equilibrium_is_read_only_under_its_own_rules():
    eq = pds.banking_equilibrium(BANKING)
    assert eq.rules == BANKING and eq.second_rules == BANKING
    with pytest.raises(OptionError, match="solved under other rules than these"):
        pds.banking_strategy_table(pds.get_rules("banking", {"throws": 2}), eq)
    with pytest.raises(
        OptionError,
        match=r"eq must be an Equilibrium \(from banking_equilibrium\(rules\)\), got str",
    ):
        pds.banking_strategy_table(BANKING, "x")


HANDS = pds.hand_table(CLASSIC)


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"chances": -HANDS.ways / 7776}, "finite chances, not negative"),
        ({"chances": np.ones(252)}, "must sum to 1, got 252"),
        ({"chances": np.full(252, np.nan)}, "finite chances"),
        ({"chances": np.ones(10) / 10}, "got shape"),
        ({"classes": np.arange(252) + 0.5}, "must hold whole numbers, got 0.5"),
        ({"classes": np.arange(252) - 1}, "labels from 0 to 251, got -1 to 250"),
        ({"classes": np.arange(252) * 1000}, "labels from 0 to 251"),
        ({"classes": "x"}, r"must be an array of shape \(252,\), got shape \(\)"),
    ],
)
def test_the_bidding_program_checks_its_deal_and_classes(options, words):
    with pytest.raises(OptionError, match=words):
        pds.solve_bidding(CLASSIC, **options)


@pytest.mark.parametrize(
    ("distributions", "words"),
    [
        ({"a": np.ones(252)}, "'a' must sum to 1, got 252"),
        ({"a": -np.ones(252) / 252}, "not negative"),
        ({"a": None}, "got shape"),
        (None, "must be a dict of names"),
        ({}, "must be a dict of names"),
    ],
)
def test_a_category_table_reads_distributions_only(distributions, words):
    with pytest.raises(OptionError, match=words):
        pds.category_table(BANKING, distributions)


@pytest.mark.parametrize("flag", ["no", 1, float("nan")])
def test_holdup_takes_exact_as_a_bool(flag):
    with pytest.raises(OptionError, match="exact must be True or False"):
        pds.holdup(CLASSIC, "Q Q Q 9 9", 1, exact=flag)
    with pytest.raises(OptionError, match="exact must be True or False"):
        pds.holdup_table(CLASSIC, 1, exact=flag)


@pytest.mark.parametrize(
    ("limit", "words"),
    [(2.5, "whole number, got 2.5"), ("2", "whole number"), (True, "whole number"), (0, "1 to 3")],
)
def test_a_throw_limit_is_a_whole_number(limit, words):
    rules = pds.get_rules("gameweave", {"throw_limit": "first-player"})
    with pytest.raises(OptionError, match=words):
        pds.round_advice(rules, "K K J 10 9", 1, against="A A 9 9 10", limit=limit)


def test_untouched_dice_are_refused_where_the_rules_do_not_track_them():
    policy = pds.solve(CLASSIC, "at-least:full-house")
    assert policy.keep_value("K K", 2) == Fraction(139, 324)
    with pytest.raises(OptionError, match="untouched dice count only under a turn-scoped"):
        policy.keep_value("K K", 2, untouched="Z")


def test_a_tolerance_past_the_games_scale_is_refused(seed_payout):
    with pytest.raises(
        OptionError, match=r"tolerance must be below twice the largest payout \(2,400\), got 1e\+20"
    ):
        pds.solve_blind(PROGRESSIVE, seed_payout, tolerance=1e20)
    with pytest.raises(OptionError, match="a share of the pot, below 1, got 2"):
        pds.solve_field(BANKING, 2, tolerance=2)


def test_a_gap_within_a_chosen_tolerance_is_stated_as_measured(seed_payout, capsys):
    """A tolerance stops the solver; only the arithmetic's rounding is written 0."""
    import dataclasses
    import json

    from pokerdice_stats import cli

    loose = pds.solve_blind(PROGRESSIVE, seed_payout, tolerance=0.5)
    assert 0 < loose.exploitability <= 0.5 and loose.noise == pytest.approx(1.2e-6)
    assert loose.shown_exploitability == loose.exploitability
    assert loose.upper - loose.lower <= loose.exploitability + 1e-9  # bounds of that gap
    rounding = dataclasses.replace(loose, exploitability=1e-7)  # below the noise: 0
    assert rounding.shown_exploitability == 0.0
    assert dataclasses.replace(loose, exploitability=1e-3).shown_exploitability == 1e-3
    argv = ["payout", "--knowledge", "blind", "--tolerance", "0.5", "--format", "json"]
    assert cli.main(argv) == 0
    record = json.loads(capsys.readouterr().out)
    assert (
        record["exploitability"] == pytest.approx(loose.exploitability)
        and record["tolerance"] == 0.5
    )


def test_scale_and_design_keep_to_the_pays_every_solve_keeps_to():
    with pytest.raises(OptionError, match="past the 1,000,000 every solve keeps to"):
        pds.solve_pay(PROGRESSIVE, "scale", 10**20)
    with pytest.raises(OptionError, match="must be 0 to 1000000"):
        pds.design_schedule(PROGRESSIVE, 3, max_pay=10**20)


@pytest.fixture(scope="module")
def betting_two():
    return pds.solve_betting(pds.get_rules("triple-snakes"), 2)


WRONG_OBJECTS = [
    (lambda b: pds.raise_table(None), "result must be a Betting (from solve_betting"),
    (lambda b: pds.meet_table("x"), "result must be a Betting"),
    (lambda b: pds.hold_decision(None, 2, "3 3 3 1 1", 1), "result must be a Betting"),
    (
        lambda b: pds.hold_decision(b, 2, "3 3 3 1 1", 1, against="6 6 6 6 1", still_in=5),
        "a list of seats, got int",
    ),
    (lambda b: pds.habit_costs(None), "result must be a Betting"),
    (lambda b: pds.habit_costs(b, None), "habits must be a list or tuple of names"),
    (lambda b: pds.habit_costs(b, ()), "name at least one habit"),
    (lambda b: pds.claim_ladder([1]), "ladder must be a BidLadder (from bid_ladder(rules, name))"),
    (lambda b: pds.bid_ladder([CLASSIC]), "rules must be a RuleSet"),
    (lambda b: pds.bid_ladder(CLASSIC, ["category"]), "unknown ladder"),
    (lambda b: pds.claims_player_losses(None), "result must be a ClaimsBidding"),
    (lambda b: pds.claims_matchups(None), "result must be a ClaimsBidding"),
    (lambda b: pds.edge_of(None), "outcomes must be a solved round's outcomes"),
    (lambda b: pds.edge_of(pds.expected_payout(PROGRESSIVE)), "got PayoutResult"),
    (lambda b: pds.by_winner(None), "breakdown must be a Breakdown"),
    (lambda b: pds.field_strategy_table(None), "eq must be a FieldEquilibrium"),
    (lambda b: pds.field_keep_frame(None), "eq must be a FieldEquilibrium"),
    (lambda b: pds.solve_pay(PROGRESSIVE, "scale", 1, schedule=5), "schedule must be a Payout"),
    (lambda b: pds.round_odds(BANKING, None), "the two seats' (numerators, denominator) pairs"),
    (lambda b: pds.round_odds(BANKING, [[1], [1]]), "a pair (numerators, denominator), got a"),
    (lambda b: pds.goal_chances(CLASSIC, ["at-least:full-house"]), "goal must be a Goal"),
    (lambda b: pds.RunOptions(scheduler=5), "scheduler must be a Dask scheduler's address"),
    (
        lambda b: pds.simulate_banking_sessions(BANKING, policy=5),
        "policy must be a name, a list of names",
    ),
]


@pytest.mark.parametrize(("call", "words"), WRONG_OBJECTS)
def test_a_wrong_object_is_named_not_read(betting_two, call, words):
    with pytest.raises(ValueError, match=re.escape(words)):
        call(betting_two)


def test_a_habit_named_alone_is_one_habit(betting_two):
    one = pds.habit_costs(betting_two, "never-raise")
    assert set(one["habit"]) == {"never-raise"} and len(one) == betting_two.players


def test_a_policy_reads_a_goal_by_its_number_or_its_name():
    rules = pds.get_rules("gameweave")
    policy = pds.solve(rules, ["at-least:full-house", "at-least:straight"])
    assert policy.value("at-least:straight") == policy.value(1) != policy.value(0)
    by_name = policy.alternatives("K K J 10 9", 2, goal="at-least:straight")
    assert by_name.equals(policy.alternatives("K K J 10 9", 2, goal=1))
    with pytest.raises(GoalError, match=r"'at-least:two-pair' is not one this policy solved; "
                       r"its goals: at-least:full-house, at-least:straight"):  # fmt: skip
        policy.value("at-least:two-pair")
    for bad in (2, True, 1.0):
        with pytest.raises(GoalError, match=r"a solved goal's number, 0 to 1, or its name"):
            policy.value(bad)
