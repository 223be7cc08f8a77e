"""Rounds: the package against brute force (tests/reference_games.py), sums, symmetry, API."""

from __future__ import annotations

import json
from fractions import Fraction

import numpy as np
import pytest

from pokerdice_stats import get_rules
from pokerdice_stats.cli import main
from pokerdice_stats.games.seen.exact import rounds as rounds_module
from pokerdice_stats.games.seen.exact.rounds import TOLERANCE, solve_round
from pokerdice_stats.ground.errors import OptionError
from pokerdice_stats.turn.goals import beat, beat_all
from pokerdice_stats.turn.hands import hand_table
from pokerdice_stats.turn.holds import solve
from pokerdice_stats.turn.rules import PRESETS
from pokerdice_stats.turn.staged import solve_staged
from tests import reference_games as ref


def _args(rules) -> tuple[str, str]:
    return rules.straights, rules.tiebreak


# ---------------------------------------------------------------------------
# One throw: no decisions, every combination of hands enumerated.

ONE_THROW = [
    (2, "gameweave", {}),
    (3, "gameweave", {"tiebreak": "category"}),
    (4, "gameweave", {"tiebreak": "category"}),
    (3, "triple-snakes", {}),
    (4, "triple-snakes", {}),
    (3, "banking", {"tiebreak": "category"}),
    (3, "classic", {"tiebreak": "combination"}),
    (3, "progressive", {}),
]


@pytest.mark.parametrize(("players", "preset", "options"), ONE_THROW)
def test_one_throw_round_equals_enumeration(players, preset, options):
    rules = get_rules(preset, {**options, "throws": 1, "knowledge": "seen"})
    expected = ref.one_throw_round(players, *_args(rules), rules.ties)
    exact = solve_round(rules, players, exact=True)
    assert list(exact.win) == expected
    floats = solve_round(rules, players)
    np.testing.assert_allclose(floats.win, [float(x) for x in expected], rtol=0, atol=1e-13)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_one_throw_rolloff_round_is_fair(players):
    # Nobody decides anything and the roll-off is in seat order: every seat 1/n.
    rules = get_rules("gameweave", {"throws": 1, "tiebreak": "category"})
    assert solve_round(rules, players, exact=True).win == (Fraction(1, players),) * players


def test_one_throw_last_thrower_equals_enumeration():
    rules = get_rules("gameweave", {"throws": 1, "tiebreak": "category"})
    expected = ref.one_throw_last_thrower(3, *_args(rules))
    result = solve_round(rules, 3, exact=True)
    assert [list(row) for row in result.last_thrower] == expected
    # Without a roll-off the last seat throws last; a tie of seats 1 and 2 ends with seat 2.
    assert result.last_thrower[0][0] == 0 and result.last_thrower[2][0] == 0


# ---------------------------------------------------------------------------
# Two throws: decisions, checked against an expectimax over every throw.


@pytest.mark.parametrize(("players", "limit"), [(2, False), (3, False), (2, True), (3, True)])
def test_two_throw_must_beat_round_equals_expectimax(players, limit):
    options = {"throws": 2, "throw_limit": "first-player" if limit else "none"}
    rules = get_rules("triple-snakes", options)
    expected = ref.round_by_expectimax(players, 2, *_args(rules), "must-beat", limit=limit)
    result = solve_round(rules, players, exact=True)
    assert list(result.win) == expected
    assert sum(result.win) == 1
    floats = solve_round(rules, players)
    np.testing.assert_allclose(floats.win, [float(x) for x in expected], rtol=0, atol=1e-13)


@pytest.mark.parametrize("limit", [False, True])
def test_two_throw_rolloff_round_equals_value_iteration(limit):
    options = {"throws": 2, "tiebreak": "category"}
    if limit:
        options["throw_limit"] = "first-player"
    rules = get_rules("gameweave", options)
    tables = ref.rolloff_by_iteration(2, 2, *_args(rules), limit=limit)
    result = solve_round(rules, 2)
    np.testing.assert_allclose(result.win, tables[2], rtol=0, atol=1e-12)
    np.testing.assert_allclose(result.rolloff[2], tables[2], rtol=0, atol=1e-12)
    exact = solve_round(rules, 2, exact=True)
    np.testing.assert_allclose([float(x) for x in exact.win], result.win, rtol=0, atol=1e-13)
    assert sum(exact.win) == 1


def test_two_throw_full_tiebreak_round_is_its_own_rolloff():
    # With full tie-breaks the roll-off fixed point is checked through its equation:
    # the expectimax round with the package's roll-off chances gives them back.
    rules = get_rules("gameweave", {"throws": 2})
    result = solve_round(rules, 2)
    rolloff = {1: [1.0], 2: list(result.rolloff[2])}
    again = ref.round_by_expectimax(2, 2, *_args(rules), "roll-off", number=float, rolloff=rolloff)
    np.testing.assert_allclose(again, result.win, rtol=0, atol=1e-12)


@pytest.mark.parametrize("limit", [False, True])
def test_three_player_exact_rolloff_is_a_fixed_point_of_the_expectimax(limit):
    # Decisions, roll-offs and three seats: the expectimax over the whole history, given the
    # package's exact roll-off chances, gives back exactly the package's round.
    options = {"throws": 2, "tiebreak": "category"}
    if limit:
        options["throw_limit"] = "first-player"
    rules = get_rules("gameweave", options)
    result = solve_round(rules, 3, exact=True)
    rolloff = {m: list(result.rolloff[m]) for m in (1, 2, 3)}
    again = ref.round_by_expectimax(3, 2, *_args(rules), "roll-off", limit=limit, rolloff=rolloff)
    assert again == list(result.win)
    assert result.rolloff[3] == result.win


# ---------------------------------------------------------------------------
# Sums, fixed points, exact against float.


@pytest.mark.parametrize("preset", list(PRESETS))
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_seats_chances_sum_to_one(preset, players):
    result = solve_round(get_rules(preset, {"knowledge": "seen"}), players)  # banking's too
    assert abs(sum(result.win) - 1) < 1e-12
    assert all(0 < w < 1 for w in result.win)
    assert abs(sum(result.tie_sets.values()) - 1) < 1e-12
    # Seat 1 playing optimally gets exactly its policy's value.
    assert abs(result.chance_to_win(1) - result.win[0]) < 1e-12
    table = np.array(result.last_thrower)
    np.testing.assert_allclose(table.sum(axis=1), result.win, rtol=0, atol=1e-12)


@pytest.mark.parametrize("players", [2, 3])
def test_rolloff_fixed_point_satisfies_its_equation(players):
    rules = PRESETS["gameweave"]
    result = solve_round(rules, players)
    assert result.residual <= TOLERANCE
    core = rounds_module.evaluate_seats(rules, players, dict(result.rolloff), False)
    win, _ = rounds_module.outcomes(core["sets"], players, "roll-off", result.rolloff, None, False)
    np.testing.assert_allclose(win, result.rolloff[players], rtol=0, atol=1e-12)
    np.testing.assert_allclose(win, result.win, rtol=0, atol=1e-12)


def test_exact_equals_float_five_players():
    rules = PRESETS["triple-snakes"]
    exact = solve_round(rules, 5, exact=True)
    floats = solve_round(rules, 5)
    assert sum(exact.win) == 1
    np.testing.assert_allclose([float(x) for x in exact.win], floats.win, rtol=0, atol=1e-13)


def test_exact_rolloff_equals_float_three_players():
    rules = get_rules("gameweave", {"tiebreak": "category"})
    exact = solve_round(rules, 3, exact=True)
    floats = solve_round(rules, 3)
    assert sum(exact.win) == 1
    np.testing.assert_allclose([float(x) for x in exact.win], floats.win, rtol=0, atol=1e-13)
    # The exact fixed point is met exactly.
    assert exact.rolloff[3] == exact.win


def test_throw_limit_changes_the_chances():
    plain = solve_round(PRESETS["gameweave"], 3)
    limited = solve_round(get_rules("gameweave", {"throw_limit": "first-player"}), 3)
    assert limited.stop_after is not None and plain.stop_after is None
    assert abs(sum(limited.stop_after) - 1) < 1e-12
    assert limited.win[0] > plain.win[0]  # the first player sets the pace
    assert abs(sum(limited.win) - 1) < 1e-12
    assert set(limited.chains) == {1, 2, 3}


# ---------------------------------------------------------------------------
# Each seat's play.


def test_last_seat_plays_the_beat_goal():
    rules = PRESETS["triple-snakes"]
    table = hand_table(rules)
    result = solve_round(rules, 2, exact=True)
    for best in ("3 3 3 5 6", "1 1 2 2 4", "2 3 4 5 6"):
        direct = solve(rules, beat(table, best))
        assert result.chance_to_win(2, best) == direct.value()
        policy, goal = result.policy(2, best)
        for hand in ("6 6 1 2 4", "3 3 4 5 6"):
            h = table.hand(hand)
            assert policy.best_keep(h, 2, goal) == direct.best_keep(h, 2)
    # The first seat wins when the second fails to beat its hand.
    chances = [
        1 - result.chance_to_win(2, g.name.split(":")[1].strip('"')) for g in beat_all(table)
    ]
    assert max(chances) == 1  # five of a kind cannot be beaten


def test_best_keep_reads_as_dice():
    result = solve_round(PRESETS["gameweave"], 2)
    assert result.best_keep(2, "A A A A K", 1, against="K K K K Q") == "A A A A K"
    keep = result.best_keep(2, "A A 10 9 J", 2, against="Q Q Q 9 9")
    assert keep.split()[:2] == ["A", "A"]
    limited = solve_round(get_rules("gameweave", {"throw_limit": "first-player"}), 2)
    assert limited.best_keep(1, "A A A A A", 2) == "A A A A A"  # stand on five aces
    assert limited.chance_to_win(2, "Q Q Q 9 9", limit=1) < limited.chance_to_win(
        2, "Q Q Q 9 9", limit=3
    )


def test_staged_turn_equals_holds_when_stages_agree():
    for options in ({}, {"sticky_holds": "true"}):
        rules = get_rules("gameweave", options)
        goals = beat_all(hand_table(rules))[::90]
        policy = solve(rules, goals)
        stand = np.array([g.numerators for g in goals], dtype=object)
        staged = solve_staged(rules, [stand] * 3, exact=True)
        assert [staged.value(g) for g in range(len(goals))] == policy.values()
        finals, denominators = staged.final_distribution()
        numerators, denominator = policy.final_distribution()
        total = sum(finals[t] * (denominator // denominators[t]) for t in range(3))
        assert (total == numerators).all()


# ---------------------------------------------------------------------------
# Bad input.


@pytest.mark.parametrize("players", [0, 1, 6, 2.5, "x"])
def test_players_outside_two_to_five(players):
    with pytest.raises(OptionError):
        solve_round(PRESETS["gameweave"], players)


def test_bad_policy_requests():
    result = solve_round(PRESETS["gameweave"], 3)
    with pytest.raises(OptionError):
        result.policy(4, "A A A A A")
    with pytest.raises(OptionError):
        result.policy(2)  # no hand to beat
    with pytest.raises(OptionError):
        result.policy(1, "A A A A A")
    with pytest.raises(OptionError):
        result.policy(2, "A A A A A", tied=2)
    with pytest.raises(OptionError):
        result.policy(3, "A A A A A", limit=2)  # no throw limit


# ---------------------------------------------------------------------------
# Command line.


def test_round_json_contract(capsys):
    assert main(["round", "--rules", "triple-snakes", "--players", "3", "--format", "json"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["rules"] == "triple-snakes" and record["players"] == 3
    assert record["knowledge"] == "seen" and record["unit"] == "chance of one round"
    assert "split" not in record and "winning_category" not in record  # blind rounds only
    rows = record["seats"]
    assert all(set(row) == {"seat", "win", "win_exact", "win_outright", "tie"} for row in rows)
    assert [row["seat"] for row in rows] == [1, 2, 3]
    assert abs(sum(row["win"] for row in rows) - 1) < 1e-12
    assert sum(Fraction(row["win_exact"]) for row in rows) == 1
    expected = solve_round(PRESETS["triple-snakes"], 3).win
    np.testing.assert_allclose([row["win"] for row in rows], expected, rtol=0, atol=1e-13)


def test_round_formats_and_errors(capsys):
    assert main(["round", "--players", "2", "--format", "csv"]) == 0
    header = capsys.readouterr().out.splitlines()[0].split(",")  # the context, then the seats
    assert header[:2] == ["rules", "players"] and header[-4:] == [
        "seat",
        "win",
        "win_outright",
        "tie",
    ]
    assert main(["round", "--players", "2", "--set", "throws=1", "--format", "markdown"]) == 0
    assert "| 1 |" in capsys.readouterr().out
    assert main(["round", "--players", "6"]) == 2
    err = capsys.readouterr().err
    assert "players must be 2 to 5" in err and "Traceback" not in err


def test_round_seat_play_command(capsys):
    args = ["round", "--rules", "triple-snakes", "--players", "3", "--seat", "2"]
    args += ["--against", "3 3 3 5 6", "--dice", "6 6 1 2 4", "--throws-left", "1"]
    assert main([*args, "--format", "json"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["rules"] == "triple-snakes" and record["unit"] == "chance of winning the round"
    assert (record["players"], record["throws_left"]) == (3, 1) and "limit" not in record
    result = solve_round(PRESETS["triple-snakes"], 3, exact=True)
    assert Fraction(record["win_exact"]) == result.chance_to_win(2, "3 3 3 5 6")
    for row in record["holds"]:  # the exact win beside its float
        assert float(Fraction(row["win_exact"])) == row["win"]
    best = [row for row in record["holds"] if row["canonical"]]
    assert [row["keep"] for row in best] == [result.best_keep(2, "6 6 1 2 4", 1, "3 3 3 5 6")]
    assert record["holds"][0]["optimal"]
    assert main(args) == 0
    assert "wins with chance" in capsys.readouterr().out
    assert main(["round", "--players", "2", "--seat", "3", "--against", "A A A A A"]) == 2
    assert "seat must be 1 to 2" in capsys.readouterr().err
    assert main(["round", "--players", "2", "--dice", "A A A K Q"]) == 2
