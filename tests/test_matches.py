"""Matches: the chain over scores against a direct recursion on scores."""

from __future__ import annotations

import json
from fractions import Fraction

import numpy as np
import pytest

from pokerdice_stats import get_rules
from pokerdice_stats.cli import main
from pokerdice_stats.games.seen.exact.holdup import holdup, holdup_table
from pokerdice_stats.games.seen.exact.matches import solve_match
from pokerdice_stats.games.seen.exact.rounds import solve_round
from pokerdice_stats.ground.errors import OptionError
from pokerdice_stats.turn.rules import PRESETS
from tests import reference_games as ref

ONE_THROW = {"throws": 1, "tiebreak": "category"}


@pytest.mark.parametrize("starter", ["last-thrower", "rotate", "winner"])
@pytest.mark.parametrize(("players", "target"), [(2, 3), (3, 2), (3, 3)])
def test_one_throw_match_equals_recursion(players, target, starter):
    # The round's outcome comes from the reference's own enumeration of roll-offs.
    rules = get_rules("gameweave", ONE_THROW)
    table = ref.one_throw_last_thrower(players, rules.straights, rules.tiebreak)
    outcome = {(w, l): p for w, row in enumerate(table) for l, p in enumerate(row) if p}  # noqa: E741
    wins, rounds = ref.match_by_recursion(players, target, starter, outcome)
    match = solve_match(rules, players, target, starter, exact=True)
    assert list(match.win) == wins
    assert match.expected_rounds == rounds
    assert sum(match.win) == 1


@pytest.mark.parametrize(
    ("preset", "players"), [("gameweave", 3), ("classic", 3), ("gameweave", 4)]
)
def test_match_equals_recursion_on_the_packages_round(preset, players):
    rules = PRESETS[preset]
    match = solve_match(rules, players)
    result = solve_round(rules, players)
    outcome = {
        (w, l): p
        for w, row in enumerate(result.last_thrower)
        for l, p in enumerate(row)  # noqa: E741
        if p
    }
    wins, rounds = ref.match_by_recursion(players, match.target, match.starter, outcome)
    np.testing.assert_allclose(match.win, wins, rtol=0, atol=1e-12)
    assert abs(match.expected_rounds - rounds) < 1e-10


def test_defaults_of_the_presets():
    gameweave = solve_match(PRESETS["gameweave"], 2)
    assert (gameweave.target, gameweave.starter) == (3, "last-thrower")
    classic = solve_match(PRESETS["classic"], 2)
    assert (classic.target, classic.starter) == (5, "rotate")
    snakes = solve_match(PRESETS["triple-snakes"], 2)
    assert snakes.starter == "winner"


@pytest.mark.parametrize("target", [1, 2, 3, 5])
def test_two_player_match_length_bounds(target):
    match = solve_match(PRESETS["classic"], 2, target)
    assert target <= match.expected_rounds <= 2 * target - 1
    assert abs(sum(match.win) - 1) < 1e-12


def test_first_to_one_is_the_round():
    result = solve_round(PRESETS["gameweave"], 3)
    match = solve_match(PRESETS["gameweave"], 3, 1)
    np.testing.assert_allclose(match.win, result.win, rtol=0, atol=1e-14)
    assert match.expected_rounds == 1


def test_two_player_gameweave_keeps_its_starter():
    # With two players the last to throw is always seat 2, so seat 1 starts every round:
    # the match is a best-of with a fixed round chance p.
    p = solve_round(PRESETS["gameweave"], 2).win[0]
    q = 1 - p
    first_to_3 = p**3 * (1 + 3 * q + 6 * q**2)
    match = solve_match(PRESETS["gameweave"], 2)
    assert abs(match.win[0] - first_to_3) < 1e-12


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"players": 6}, "players"),
        ({"players": 2, "target": 0}, "target"),
        ({"players": 5, "target": 20}, "too many"),
        ({"players": 2, "starter": "dealer"}, "starter"),
    ],
)
def test_bad_matches(kwargs, message):
    with pytest.raises(OptionError, match=message):
        solve_match(PRESETS["gameweave"], **kwargs)


def test_shared_ties_have_no_match():
    with pytest.raises(OptionError, match="winner every round"):
        solve_match(PRESETS["banking"], 2)


def test_match_json_contract(capsys):
    assert main(["match", "--rules", "gameweave", "--players", "3", "--format", "json"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert (record["rules"], record["players"], record["target"]) == ("gameweave", 3, 3)
    assert record["units"]["win"] == "chance of winning the match"
    rows = record["seats"]
    assert [row["seat"] for row in rows] == [1, 2, 3]
    # gameweave's match is solved in floats: the exact keys do not apply and are left out
    assert record["exact"] is False
    keys = {"seat", "win", "expected_rounds"}
    assert all(set(row) == keys for row in rows)
    assert abs(sum(row["win"] for row in rows) - 1) < 1e-12
    assert len({row["expected_rounds"] for row in rows}) == 1


def test_match_exact_and_errors(capsys):
    args = ["match", "--rules", "triple-snakes", "--players", "2", "--to", "2", "--format", "json"]
    assert main(args) == 0
    rows = json.loads(capsys.readouterr().out)["seats"]
    assert sum(Fraction(row["win_exact"]) for row in rows) == 1
    assert main(["match", "--rules", "banking"]) == 2
    assert "winner every round" in capsys.readouterr().err
    assert main(["match", "--players", "1"]) == 2


@pytest.mark.parametrize(
    "call",
    [
        lambda rules: solve_round(rules, 2.0),
        lambda rules: solve_round(rules, float("inf")),
        lambda rules: solve_match(rules, 2, True),
        lambda rules: holdup(rules, "K K J 10 9", True),
        lambda rules: holdup(rules, "K K J 10 9", 1, limit=[]),
        lambda rules: holdup(rules, "K K J 10 9", 1, limit=1.0),
        lambda rules: holdup_table(rules, True),
    ],
)
def test_seen_games_refuse_counts_that_are_not_whole_numbers(call):
    """A bool target played a match to 1, inf raised an OverflowError, a list of throws a
    TypeError, a bool of players left counted as 1."""
    with pytest.raises(OptionError):
        call(get_rules("classic"))
