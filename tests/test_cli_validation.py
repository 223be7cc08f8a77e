"""No option is silently ignored and no impossible state accepted: one message, exit 2.

Each case here was accepted (exit 0, the option ignored) or crashed before;
the command line must refuse it with one line on stderr, and the API with a
:class:`~pokerdice_stats.ground.errors.PokerDiceError`.
"""

from __future__ import annotations

import json

import pytest
from cli_helpers import assert_cli_error, run_cli

from pokerdice_stats import cli
from pokerdice_stats.games.seen.exact.rounds import solve_round
from pokerdice_stats.turn.rules import get_rules

# ---------------------------------------------------------------------------
# round: one seat's options.

FACING = ["--seat", "2", "--against", "K K K Q Q"]
LIMITED = [*FACING, "--set", "throw_limit=first-player"]


@pytest.mark.parametrize(
    ("extra", "needles"),
    [
        (["--against", "K K K"], ["--against needs --seat"]),
        (["--against", "K K K Q Q"], ["--against needs --seat"]),
        (["--tied", "0"], ["--tied needs --seat"]),
        (["--tied", "9"], ["--tied needs --seat"]),
        (["--limit", "0"], ["--limit needs --seat"]),
        (["--limit", "9"], ["--limit needs --seat"]),
        (["--throws-left", "1"], ["--throws-left needs --seat"]),
        (["--dice", "A A A K Q"], ["--dice needs --seat"]),
        (["--seat", "2", "--against", "K K K"], ["expected 5 dice, got 3"]),
        (["--seat", "2", "--tied", "2"], ["--tied needs --against"]),
        (["--seat", "2", "--against", "K K K Q Q", "--tied", "0"], ["1 to 1 tied", "got 0"]),
        (["--seat", "2", "--against", "K K K Q Q", "--tied", "9"], ["1 to 1 tied", "got 9"]),
        (["--seat", "2", "--against", "K K K Q Q", "--limit", "2"], ["throw_limit=first-player"]),
        (
            [*LIMITED, "--limit", "0"],
            ["--limit must be 1 to 3, got 0"],
        ),
        (
            [*LIMITED, "--limit", "9"],
            ["--limit must be 1 to 3, got 9"],
        ),
        (["--seat", "2", "--against", "K K K Q Q", "--throws-left", "1"], ["needs --dice"]),
        (["--seat", "2", "--against", "K K K Q Q", "--dice", "A A A K Q"], ["--throws-left"]),
        (
            [*FACING, "--dice", "A A A K Q", "--throws-left", "5"],
            ["throws left must be a whole number from 0 to 2", "got 5"],
        ),
        (["--seat", "1", "--against", "K K K Q Q"], ["first seat faces no hand"]),
    ],
)
def test_round_seat_options_checked(capsys, extra, needles):
    assert_cli_error(capsys, ["round", *extra], *needles)


def test_round_seat_limit_accepted_under_the_limit(capsys):
    args = ["round", "--seat", "2", "--against", "K K K Q Q", "--set", "throw_limit=first-player"]
    code, out, _ = run_cli(capsys, *args, "--limit", "2", "--format", "json")
    assert code == 0
    rules = get_rules("gameweave", {"throw_limit": "first-player"})
    expected = solve_round(rules, 2).chance_to_win(2, "K K K Q Q", limit=2)
    assert json.loads(out)["win"] == pytest.approx(float(expected), abs=1e-12)


# ---------------------------------------------------------------------------
# round: what "win" means under shared pots.


@pytest.mark.parametrize("preset", ["progressive", "banking", "gameweave", "triple-snakes"])
def test_round_outright_and_tie(capsys, preset):
    # banking is blind by its rules; its seen round is asked for (the blind one: test_banking_field)
    seen = ("--set", "knowledge=seen") if preset == "banking" else ()
    code, out, _ = run_cli(
        capsys, "round", "--rules", preset, *seen, "--players", "3", "--format", "json"
    )
    assert code == 0
    record = json.loads(out)
    rules = get_rules(preset, dict([seen[1].split("=")]) if seen else {})
    assert record["rules"] == rules.label()
    rows = record["seats"]
    result = solve_round(rules, 3)
    # The tie sets, summed by hand (not via the command's helper).
    for row in rows:
        seat = row["seat"]
        alone = sum(p for s, p in result.tie_sets.items() if s == (seat,))
        shared = sum(p for s, p in result.tie_sets.items() if seat in s and len(s) > 1)
        assert row["win_outright"] == pytest.approx(float(alone), abs=1e-12)
        assert row["tie"] == pytest.approx(float(shared), abs=1e-12)
        assert row["win"] == pytest.approx(float(result.win[seat - 1]), abs=1e-12)
    # Every round ends with the best hand held alone or shared.
    everyone = sum(float(p) for p in result.tie_sets.values())
    assert everyone == pytest.approx(1.0, abs=1e-12)
    if preset in ("progressive", "banking"):
        # A shared pot: win = outright + the 1/k shares of the ties, strictly between.
        for row in rows:
            assert row["win_outright"] < row["win"] < row["win_outright"] + row["tie"]
    if preset == "triple-snakes":
        assert all(row["tie"] == 0 for row in rows)


@pytest.mark.parametrize(
    ("preset", "note"),
    [
        ("progressive", "1/k of a win"),
        ("banking", "1/k of a win"),
        ("gameweave", "roll-offs"),
        ("triple-snakes", "only ties"),
    ],
)
def test_round_table_footnote(capsys, preset, note):
    seen = ("--set", "knowledge=seen") if preset == "banking" else ()  # banking is blind
    code, out, _ = run_cli(capsys, "round", "--rules", preset, *seen)
    assert code == 0
    lines = out.splitlines()
    assert lines[0].startswith(f"rules {preset}") and "; players 2; " in lines[0]  # settings
    header = lines[1].split()
    assert header == ["seat", "win", "%", "win_outright", "%", "tie", "%"]  # chances in %
    assert lines[-1].startswith("note: ") and note in lines[-1]
    assert lines[-2] == "win %, win_outright %, tie %: chances of one round, in percent"


def test_round_help_says_what_win_counts(capsys):
    with pytest.raises(SystemExit):
        cli.main(["round", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert "1/k of a win" in out and "win_outright" in out


# ---------------------------------------------------------------------------
# simulate and crosscheck: options the chosen simulation does not use; sample caps.


@pytest.mark.parametrize(
    ("extra", "needles"),
    [
        (["--what", "turn", "--players", "3"], ["--players", "--what turn"]),
        (["--what", "turn", "--computer", "stand"], ["--computer", "--what turn"]),
        (["--what", "turn", "--rounds", "5"], ["--rounds", "--what turn"]),
        (["--what", "turn", "--start", "5"], ["--start", "--what turn"]),
        (["--what", "turn", "--ante", "5"], ["--ante", "--what turn"]),
        (["--what", "turn", "--knowledge", "blind"], ["--knowledge", "--what turn"]),
        (["--what", "round", "--rounds", "5"], ["--rounds", "--what round"]),
        (["--what", "round", "--goal", "at-least:pair"], ["--goal", "--what round"]),
        (["--what", "round", "--ante", "2"], ["--ante", "--what round"]),
        (["--what", "match", "--policy", "optimal"], ["--policy", "--what match"]),
        (["--what", "match", "--computer", "stand"], ["--computer", "--what match"]),
        (["--what", "match", "--start", "10"], ["--start", "--what match"]),
        (["--what", "match", "--rounds", "3"], ["--rounds is the number of rounds", "--to K"]),
        (["--what", "turn", "--to", "3"], ["--to", "--what turn", "it is for: match"]),
        (
            ["--what", "session", "--rules", "progressive", "--to", "3"],
            ["--to", "progressive session"],
        ),
        (
            ["--what", "session", "--rules", "progressive", "--ante", "5"],
            ["--ante", "progressive session"],
        ),
        (
            ["--what", "session", "--rules", "progressive", "--players", "3"],
            ["--players", "progressive session"],
        ),
        (
            ["--what", "session", "--rules", "classic", "--computer", "stand"],
            ["--computer", "session of pots"],
        ),
        (  # banking sessions take --start (every seat's bank) but play no computer
            ["--what", "session", "--rules", "banking", "--computer", "stand"],
            ["--computer", "blind banking session"],
        ),
        (
            ["--what", "session", "--rules", "classic", "--schedule", "x.csv"],
            ["--schedule", "session of pots"],
        ),
        (["--n", "99999999999999999999999"], ["--n must be at most 100,000,000,000"]),
        (["--n", str(10**11 + 1)], ["--n must be at most"]),
    ],
)
def test_simulate_refuses_unused_options(capsys, extra, needles):
    argv = ["simulate", *extra, "--no-progress"]
    if "--n" not in extra:
        argv += ["--n", "10"]
    assert_cli_error(capsys, argv, *needles)


PROGRESSIVE_SESSION = ["--what", "session", "--rules", "progressive"]
POTS_SESSION = ["--what", "session", "--rules", "classic"]


def test_crosscheck_caps_samples(capsys):
    assert_cli_error(
        capsys, ["crosscheck", "--n", "99999999999999999999999"], "--n must be at most"
    )


@pytest.mark.parametrize(
    ("extra", "keys"),
    [
        (["--what", "turn", "--policy", "stand"], {"policy": "stand"}),
        (["--what", "round", "--players", "3"], {"players": 3}),
        (["--what", "match", "--players", "2", "--to", "1"], {"players": 2, "target": 1}),
        (
            [*PROGRESSIVE_SESSION, "--rounds", "2", "--computer", "stand", "--start", "1500"],
            {"rounds": 2, "computer": "stand", "start": 1500},
        ),
        (
            [*POTS_SESSION, "--rounds", "2", "--ante", "3", "--players", "3"],
            {"rounds": 2, "ante": 3, "players": 3},
        ),
    ],
)
def test_simulate_uses_the_options_it_accepts(capsys, extra, keys):
    code, out, _ = run_cli(
        capsys, "simulate", *extra, "--n", "20", "--no-progress", "--format", "json"
    )
    assert code == 0
    record = json.loads(out)
    assert {k: record[k] for k in keys} == keys


# ---------------------------------------------------------------------------
# payout and banking: tolerance, starting bank, rules the payout game cannot honour.


@pytest.mark.parametrize(
    ("extra", "needles"),
    [
        (["--tolerance", "-1"], ["--tolerance must be a finite number above 0"]),
        (["--tolerance", "nan"], ["--tolerance must be a finite number above 0, got nan"]),
        (["--tolerance", "0"], ["--tolerance must be a finite number above 0"]),
        (["--knowledge", "blind", "--tolerance", "nan"], ["finite number above 0"]),
        (["--knowledge", "blind", "--tolerance", "inf"], ["finite number above 0, got inf"]),
        (["--tolerance", "1e-6"], ["--tolerance applies to the blind equilibrium"]),
        (
            ["--knowledge", "blind", "--computer", "stand", "--tolerance", "1e-6"],
            ["--tolerance applies to the blind equilibrium"],
        ),
        (["--start", "-100"], ["--start needs --rounds"]),
        (["--start", "-100", "--rounds", "3"], ["--start must be 1 to ", "got -100"]),
        (["--start", "0", "--rounds", "3"], ["--start must be 1 to ", "got 0"]),
        (["--rounds", "-1"], ["--rounds must be 0 to 10,000, got -1"]),
        (["--rounds", "10001"], ["--rounds must be 0 to 10,000, got 10,001"]),
        (
            ["--rules", "banking"],
            ["ties=split", "tiebreak=full", "--set ties=push --set tiebreak=category"],
        ),
        (["--rules", "gameweave"], ["ties=roll-off"]),
        (["--set", "ties=split"], ["ties=split"]),
        (["--set", "tiebreak=full"], ["tiebreak=full"]),
    ],
)
def test_payout_refuses(capsys, extra, needles):
    assert_cli_error(capsys, ["payout", *extra], *needles)


def test_payout_refuses_banking_rules_with_a_schedule_too(capsys, tmp_path):
    path = tmp_path / "s.csv"
    slugs = get_rules("banking").category_slugs
    path.write_text("winner,loser,amount\n" + "\n".join(f"{slugs[0]},{s},1" for s in slugs[1:]))
    args = ["payout", "--rules", "banking", "--schedule", str(path)]
    assert_cli_error(capsys, args, "ties=split")
    # The same rules with the payout game's ties are accepted with that schedule.
    args += ["--set", "ties=push", "--set", "tiebreak=category", "--computer", "stand"]
    code, out, _ = run_cli(capsys, *args, "--format", "json")
    assert code == 0 and json.loads(out)["expected"] > 0


def test_payout_start_and_tolerance_used(capsys):
    args = ["payout", "--computer", "stand", "--rounds", "2", "--start", "5000"]
    code, out, _ = run_cli(capsys, *args, "--format", "json")
    assert code == 0
    record = json.loads(out)
    assert record["start"] == 5000
    assert record["bank_mean_ignoring_ruin"] == pytest.approx(
        5000 + 2 * record["expected"], abs=1e-9
    )
    args = ["payout", "--knowledge", "blind", "--tolerance", "0.001", "--format", "json"]
    code, out, _ = run_cli(capsys, *args)
    assert code == 0 and json.loads(out)["tolerance"] == 0.001


@pytest.mark.parametrize("value", ["nan", "inf", "-1", "0"])
def test_banking_refuses_bad_tolerance(capsys, value):
    assert_cli_error(capsys, ["banking", "--tolerance", value], "--tolerance must be")


# ---------------------------------------------------------------------------
# hold: dice set aside that the turn cannot have set aside.

STICKY = ["--set", "sticky_holds=true"]


@pytest.mark.parametrize(
    ("extra", "needles"),
    [
        ([*STICKY, "--aside", "K K"], ["right after the first throw", "2 throws left of 3"]),
        ([*STICKY, "--aside", "K", "--throws-left", "2"], ["right after the first throw"]),
        (
            [*STICKY, "--set", "throws=2", "--aside", "K", "--throws-left", "1"],
            ["1 throw left of 2"],
        ),
        (
            [*STICKY, "--set", "max_rethrow=2", "--aside", "K", "--throws-left", "1"],
            ["at least 3 dice", "max_rethrow=2", "got 1"],
        ),
        (
            [*STICKY, "--set", "max_rethrow=2", "--aside", "K K", "--throws-left", "0"],
            ["at least 3 dice", "got 2"],
        ),
        ([*STICKY, "--set", "max_rethrow=2", "--throws-left", "1"], ["at least 3", "got 0"]),
        ([*STICKY, "--aside", "K K J 10 9", "--throws-left", "1"], ["at most 4 dice"]),
        ([*STICKY, "--aside", "A", "--throws-left", "1"], ["not all in the hand"]),
    ],
)
def test_hold_refuses_unreachable_aside(capsys, extra, needles):
    assert_cli_error(capsys, ["hold", "K K J 10 9", *extra], *needles)


@pytest.mark.parametrize(
    "extra",
    [
        [*STICKY, "--set", "max_rethrow=2", "--aside", "K K J", "--throws-left", "1"],
        [*STICKY, "--set", "max_rethrow=2", "--aside", "K K J 10", "--throws-left", "0"],
        [*STICKY, "--aside", "K", "--throws-left", "1"],
        [*STICKY, "--throws-left", "1"],
        [*STICKY],
    ],
)
def test_hold_accepts_reachable_aside(capsys, extra):
    code, out, _ = run_cli(capsys, "hold", "K K J 10 9", *extra, "--format", "json")
    assert code == 0
    aside = extra[extra.index("--aside") + 1].split() if "--aside" in extra else []
    for row in json.loads(out)["holds"]:
        kept = row["keep"].split()
        assert all(kept.count(face) >= aside.count(face) for face in aside)


def test_parse_aside_api():
    from pokerdice_stats.ground.errors import OptionError, PokerDiceError
    from pokerdice_stats.turn.states import parse_aside

    rules = get_rules("gameweave", {"sticky_holds": True, "max_rethrow": 3})
    assert parse_aside(None, rules) is None
    assert parse_aside(None, rules, 2) is None  # after the first throw nothing is aside
    assert parse_aside("K K", rules) == parse_aside("K K", rules, 1)
    for text, throws_left in (("K", 2), ("K", 1), ("K K K K K", 1), (None, 0)):
        with pytest.raises(OptionError):
            parse_aside(text, rules, throws_left)
    assert issubclass(OptionError, PokerDiceError)


# ---------------------------------------------------------------------------
# chances --throws: checked with the other rules, as --set throws=N is.


@pytest.mark.parametrize(
    ("setting", "needle"),
    [
        ("sticky_holds=true", "sticky_holds"),
        ("throw_limit=first-player", "throw_limit"),
        ("max_rethrow=3", "max_rethrow"),
    ],
)
@pytest.mark.parametrize("goal", [[], ["--goal", "at-least:full-house"]])
def test_chances_throws_checked_with_the_rules(capsys, setting, needle, goal):
    # The same contradiction through --set is refused, so --throws must be too.
    assert_cli_error(capsys, ["chances", "--set", "throws=1", "--set", setting], needle)
    line = assert_cli_error(capsys, ["chances", "--throws", "1", "--set", setting, *goal], needle)
    assert "--throws 1" in line


@pytest.mark.parametrize("setting", ["sticky_holds=true", "throw_limit=first-player"])
def test_chances_throws_override_equals_set_throws(capsys, setting):
    by_option = run_cli(capsys, "chances", "--throws", "2", "--set", setting, "--format", "csv")
    by_rules = run_cli(capsys, "chances", "--set", "throws=2", "--set", setting, "--format", "csv")
    assert by_option[0] == by_rules[0] == 0
    assert by_option[1] == by_rules[1]


def test_chances_api_checks_throws():
    from pokerdice_stats.ground.errors import RulesError
    from pokerdice_stats.turn.chances import chances_table, goal_chances
    from pokerdice_stats.turn.goals import at_least
    from pokerdice_stats.turn.hands import hand_table

    rules = get_rules("gameweave", {"sticky_holds": True})
    with pytest.raises(RulesError, match="sticky_holds"):
        chances_table(rules, throws=1)
    with pytest.raises(RulesError, match="sticky_holds"):
        goal_chances(rules, at_least(hand_table(rules), "full-house"), throws=1)
    with pytest.raises(RulesError, match="throws"):
        chances_table(get_rules("gameweave"), throws=0)


# ---------------------------------------------------------------------------
# Hands in JSON: spaced, highest first, in the rule set's notation.


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (["holdup", "66611"], "6 6 6 1 1"),
        (["holdup", "1 6 1 6 6"], "6 6 6 1 1"),
        (["holdup", "AK9AA", "--rules", "classic"], "A A A K 9"),
        (["holdup", "65432", "--rules", "triple-snakes", "--players-left", "2"], "6 5 4 3 2"),
    ],
)
def test_holdup_json_hand_is_spaced(capsys, argv, expected):
    from pokerdice_stats.turn.hands import hand_table

    code, out, _ = run_cli(capsys, *argv, "--format", "json")
    assert code == 0
    record = json.loads(out)
    assert record["hand"] == expected
    rules = get_rules(argv[argv.index("--rules") + 1] if "--rules" in argv else "triple-snakes")
    assert record["hand"] == hand_table(rules).format(argv[1])


def test_round_seat_json_against_is_spaced(capsys):
    argv = ["round", "--rules", "triple-snakes", "--seat", "2", "--against", "33356"]
    code, out, _ = run_cli(capsys, *argv, "--format", "json")
    assert code == 0
    assert json.loads(out)["against"] == "6 5 3 3 3"


# ---------------------------------------------------------------------------
# option names: never read from a shortened name, an unknown one named with its neighbours.


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        # --players is everyone at the table elsewhere: not hold's --players-left
        (["hold", "K K J 10 9", "--players", "4"], "unknown option --players (did you mean"),
        (["hold", "K K J 10 9", "--throws", "1"], "did you mean --throws-left?"),
        (["holdup", "3 3 3 5 6", "--players", "3"], "did you mean --players-left?"),
        (["round", "--playrs", "3"], "unknown option --playrs (did you mean --players?)"),
        (["rules", "compare", "classic", "classic", "--set-c", "x=1"], "unknown option --set-c"),
    ],
)
def test_an_option_is_never_read_from_a_shortened_name(capsys, argv, message):
    with pytest.raises(SystemExit) as stop:
        cli.main(argv)
    assert stop.value.code == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    [line] = captured.err.splitlines()
    assert message in line
    assert line.endswith(
        f"(see pokerdice-stats {' '.join(argv[: 2 if argv[0] == 'rules' else 1])} --help)"
    )


# ---------------------------------------------------------------------------
# a player's words: a setting given twice, a category alone as a goal, rungs with blanks.


def test_a_setting_given_twice_is_refused_not_the_last_one_kept(capsys):
    assert_cli_error(
        capsys,
        ["hold", "K K J 10 9", "--set", "wild=9", "--set", "wild=K"],
        "--set names 'wild' more than once (wild=9, wild=K)",
    )


@pytest.mark.parametrize("goal", ["full-house", "Full House", "at-least:full house"])
def test_a_category_alone_is_at_least_it(capsys, goal):
    code, out, err = run_cli(capsys, "hold", "K K J 10 9", "--goal", goal, "--format", "json")
    assert code == 0, err
    assert json.loads(out)["goal"] == "at-least:full-house"


def test_an_unknown_bare_goal_says_how_goals_are_written(capsys):
    assert_cli_error(
        capsys, ["hold", "K K J 10 9", "--goal", "fullhouse"], "a category alone is at-least"
    )


def test_bids_read_as_a_player_says_them(capsys):
    answers = []
    for bids in ("full-house", "Full House", " full  house "):
        code, out, err = run_cli(
            capsys, "bidding", "--hand", "Q Q Q 9 9", "--bids", bids, "--format", "json"
        )
        assert code == 0, err
        answers.append(json.loads(out)["bids"])
    assert answers == [["full-house"]] * 3


def test_holdup_with_gameweave_faces_says_its_rules_default(capsys):
    assert_cli_error(capsys, ["holdup", "10 10 J Q K"], "--rules gameweave for 9 to ace")


@pytest.mark.parametrize(
    "argv",
    [
        ("round", "--players", "2", "--players", "3"),
        ("hold", "K K J 10 9", "--goal", "at-least:full-house", "--goal=at-least:straight"),
        ("odds", "--rules", "classic", "--rules", "gameweave"),
        ("rules", "show", "classic", "--set", "throws=2", "--set", "THROWS=3"),
    ],
)
def test_an_option_given_twice_is_refused_never_the_last_kept(capsys, argv):
    try:
        code = cli.main(list(argv))
    except SystemExit as stop:  # argparse's refusal
        code = stop.code
    captured = capsys.readouterr()
    assert code == 2 and captured.out == ""
    [line] = captured.err.splitlines()
    assert "twice" in line or "more than once" in line


@pytest.mark.parametrize(
    "argv",
    [
        ("rules", "show", "classic", "--set", "throws=2", "--set", "wild=K"),
        ("crosscheck", "--only", "chances", "--only", "turns", "--n", "1000", "--no-progress"),
        ("report", "--no-cache", "--fresh", "--section", "odds_tables", "--workers", "1"),
    ],
)
def test_options_that_collect_and_flags_may_be_given_twice(capsys, tmp_path, argv):
    """What is never refused as "given twice": an option that collects its values (each
    counts), or a flag (twice says the same)."""
    if argv[0] == "report":
        argv = (*argv, "--out", str(tmp_path))
    code, _, err = run_cli(capsys, *argv)
    assert "twice" not in err and code in (0, 1), err  # crosscheck: 1 is a verdict
