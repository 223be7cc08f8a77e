"""Each game is played as its rule document writes it, or refused with the reason.

The audit of the rule documents against the toolkit (2026-12): a session follows the
preset's game whatever ``--set`` changes (never another game's session instead), a game
refuses settings it cannot play in its own words, keys a game never reads are refused
rather than shown in the label, and every answer states the rule set and the defaults it
assumed.
"""

from __future__ import annotations

import json

import pytest
from cli_helpers import assert_cli_error, run_cli

from pokerdice_stats import get_rules
from pokerdice_stats.engines.simulation.run import RunOptions
from pokerdice_stats.games.registry import GAMES, game_for, game_of
from pokerdice_stats.ground.errors import OptionError
from pokerdice_stats.turn.rules import PRESETS

SESSION = ["simulate", "--what", "session", "--n", "20", "--rounds", "3", "--no-progress"]
RUN = RunOptions(n=20, seed=1, progress=False)


# ---- 1. a session is the preset's game -------------------------------------------------


def test_every_preset_belongs_to_one_game():
    for preset in PRESETS:
        owners = [game.name for game in GAMES if preset in game.presets]
        assert len(owners) == 1, (preset, owners)
        assert game_of(get_rules(preset)).name == owners[0]


@pytest.mark.parametrize(
    ("preset", "options", "game"),
    [
        ("triple-snakes", {"throw_limit": "first-player"}, "betting"),
        ("triple-snakes", {"ties": "split"}, "betting"),
        ("triple-snakes", {"ties": "roll-off"}, "betting"),
        ("progressive", {"ties": "split"}, "progressive"),
        ("banking", {"ties": "push", "knowledge": "seen"}, "banking"),
        ("banking", {"ties": "push"}, "banking"),
        ("gameweave", {"knowledge": "blind"}, "seen"),
        ("classic", {"ties": "push"}, "seen"),
    ],
)
def test_the_session_follows_the_presets_game_whatever_the_settings(preset, options, game):
    rules = get_rules(preset, options)
    assert game_for(rules, "session").name == game == game_of(rules).name


@pytest.mark.parametrize(
    ("settings", "needles"),
    [
        (
            ["--rules", "triple-snakes", "--players", "3", "--set", "throw_limit=first-player"],
            ["betting round (001)", "throw_limit=first-player", "up to three times"],
        ),
        (
            ["--rules", "triple-snakes", "--players", "3", "--set", "ties=split"],
            ["betting round (001)", "must beat the previous player's combination"],
        ),
        (
            ["--rules", "triple-snakes", "--set", "ties=roll-off"],
            ["betting round (001)", "got ties=roll-off"],
        ),
        (["--rules", "progressive", "--set", "ties=split"], ["categories only", "ties=split"]),
        (
            ["--rules", "banking", "--set", "ties=push", "--set", "knowledge=seen"],
            ["banking session", "knowledge=seen"],
        ),
        (["--rules", "gameweave", "--set", "knowledge=blind"], ["session of pots", "banking"]),
    ],
)
def test_a_session_the_presets_game_cannot_play_is_refused(capsys, settings, needles):
    assert_cli_error(capsys, [*SESSION, *settings], *needles)


def test_a_banking_session_with_push_ties_is_refused_as_banking_for_three_seats(capsys):
    line = assert_cli_error(
        capsys,
        [*SESSION, "--rules", "banking", "--players", "3", "--set", "ties=push"],
        "banking session",
        "two seats only",
    )
    assert "does not apply to a progressive session" not in line
    code, out, _ = run_cli(capsys, *SESSION, "--rules", "banking", "--set", "ties=push")
    assert code == 0 and "blind banking, 2 seats" in out  # of two, a push is a split


# ---- 2. 004 progressive: the face values are not used ------------------------------------


def test_a_progressive_session_refuses_face_values_as_payout_does(capsys):
    payout = assert_cli_error(capsys, ["payout", "--set", "tiebreak=full"], "categories only")
    session = assert_cli_error(
        capsys, [*SESSION, "--rules", "progressive", "--set", "tiebreak=full"], "categories only"
    )
    assert session == payout
    from pokerdice_stats.games.progressive.simulation import simulate_progressive

    with pytest.raises(OptionError, match="tiebreak=full"):
        simulate_progressive(get_rules("progressive", {"tiebreak": "full"}), 3, run=RUN)


# ---- 3. 001: whoever wins the pot begins the next round -----------------------------------


@pytest.mark.parametrize("starter", ["rotate", "last-thrower"])
def test_betting_sessions_refuse_another_starter(capsys, starter):
    assert_cli_error(
        capsys,
        [*SESSION, "--rules", "triple-snakes", "--set", f"starter={starter}"],
        "Whoever wins the pot begins the next round",
        f"starter={starter}",
    )
    from pokerdice_stats.games.betting.simulation.sessions import simulate_betting_sessions

    with pytest.raises(OptionError, match="starter=winner"):
        simulate_betting_sessions(get_rules("triple-snakes", {"starter": starter}), 2, run=RUN)


# ---- 5. the assumed throw limit is stated -------------------------------------------------

LIMITED = ["--rules", "classic", "--set", "throws=2", "--set", "throw_limit=first-player"]


def test_round_states_the_throw_limit_it_assumed(capsys):
    argv = ["round", *LIMITED, "--seat", "2", "--against", "Q Q Q 9 9"]
    code, out, _ = run_cli(capsys, *argv, "--format", "json")
    assert code == 0 and json.loads(out)["limit"] == 2
    code, given, _ = run_cli(capsys, *argv, "--limit", "2", "--format", "json")
    assert json.loads(given)["win"] == json.loads(out)["win"]
    code, out, _ = run_cli(capsys, *argv)
    assert code == 0 and "2 throws allowed (the default" in out
    code, out, _ = run_cli(capsys, *argv, "--limit", "1")
    assert "1 throw allowed:" in out and "default" not in out


def test_holdup_states_the_throw_limit_it_assumed(capsys):
    argv = ["holdup", "Q Q Q 9 9", *LIMITED]
    code, out, _ = run_cli(capsys, *argv, "--format", "json")
    assert code == 0 and json.loads(out)["limit"] == 2
    code, out, _ = run_cli(capsys, *argv)
    assert code == 0 and "the first player took 2 throws (the default" in out.splitlines()[0]


# ---- 6. every answer names its rule set ----------------------------------------------------


@pytest.mark.parametrize(
    ("settings", "label"),
    [
        (["--rules", "banking"], "banking"),
        (
            ["--rules", "gameweave", "--set", "knowledge=blind", "--set", "ties=split"],
            "gameweave (ties=split, knowledge=blind)",
        ),
    ],
)
def test_a_blind_round_names_its_rule_set(capsys, settings, label):
    code, out, _ = run_cli(capsys, "round", *settings)
    assert code == 0
    assert out.splitlines()[0].startswith(f"rules {label}; players 2; knowledge blind")


# ---- 7. keys a game never reads are refused ----------------------------------------------


@pytest.mark.parametrize(
    ("argv", "needles"),
    [
        (["payout", "--set", "starter=winner"], ["progressive game", "starter=winner"]),
        (["payout", "--set", "target=3"], ["progressive game", "target=3"]),
        (["banking", "--set", "starter=winner"], ["004 banking", "starter=winner"]),
        (["betting", "--set", "target=2"], ["betting round (001)", "target=2"]),
        (["betting", "--set", "starter=rotate"], ["betting round (001)", "starter=rotate"]),
        (["round", "--players", "3", "--set", "target=2"], ["a round", "target=2"]),
        (["holdup", "3 3 3 5 6", "--set", "starter=rotate"], ["holdup", "starter=rotate"]),
        (["round", "--rules", "banking", "--set", "starter=winner"],
         ["004 banking", "starter=winner"]),
    ],
)  # fmt: skip
def test_keys_that_change_nothing_are_refused(capsys, argv, needles):
    assert_cli_error(capsys, argv, *needles, "would change nothing")


def test_push_ties_of_three_banking_seats_are_refused_not_played_as_split(capsys):
    assert_cli_error(capsys, ["banking", "--players", "3", "--set", "ties=push"], "two seats")
    from pokerdice_stats.games.banking.exact.field import solve_field

    with pytest.raises(OptionError, match="two seats"):
        solve_field(get_rules("banking", {"ties": "push"}), 3)


def test_the_payout_api_refuses_keys_it_does_not_read():
    from pokerdice_stats.games.progressive.exact.payout import expected_payout

    with pytest.raises(OptionError, match="would change nothing"):
        expected_payout(get_rules("progressive", {"target": 2}), "stand")


# ---- 8. words that agree with the rules ---------------------------------------------------


def test_a_progressive_round_calls_a_tie_a_push(capsys):
    code, out, _ = run_cli(capsys, "round", "--rules", "progressive")
    note = out.splitlines()[-1]
    assert code == 0 and "push" in note and "nobody pays" in note
    assert "pot is shared" not in out


def test_holdup_speaks_of_a_pot_only_where_one_is_played_for(capsys):
    code, out, _ = run_cli(capsys, "holdup", "Q Q Q 9 9", "--rules", "classic", "--format", "json")
    assert code == 0
    unit = json.loads(out)["unit"]
    assert unit.startswith("chance of winning the round") and "taking the pot" not in unit
    code, out, _ = run_cli(capsys, "holdup", "3 3 3 5 5", "--format", "json")  # 001's chips
    assert json.loads(out)["unit"] == "chance of taking the pot"


# ---- 10. refusals that say why ------------------------------------------------------------


def test_the_raise_limit_says_why(capsys):
    assert_cli_error(capsys, ["betting", "--raises", "5"], "got 5", "001 sets no limit")
