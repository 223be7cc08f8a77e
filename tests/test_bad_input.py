"""Bad input gets a clear error: a PokerDiceError from the API, exit 2 from the CLI.

Also the rule-file route (``--rules house.toml``) and ``rules list`` / ``rules show``.
"""

from __future__ import annotations

import json

import numpy as np
import pytest
from cli_helpers import assert_cli_error, run_cli

from pokerdice_stats import DiceError, PokerDiceError, RulesError, cli, get_rules
from pokerdice_stats.turn.compare import compare_hands
from pokerdice_stats.turn.dice import parse_hand, parse_keep, parse_ranks
from pokerdice_stats.turn.hands import hand_table
from pokerdice_stats.turn.rules import OPTION_KEYS, PRESETS, parse_assignments

# ---------------------------------------------------------------------------
# The API.


def test_errors_are_value_errors():
    assert issubclass(PokerDiceError, ValueError)
    assert issubclass(RulesError, PokerDiceError)
    assert issubclass(DiceError, PokerDiceError)


@pytest.mark.parametrize(
    ("preset", "options", "needles"),
    [
        ("nope", {}, ["unknown rule set 'nope'", "gameweave", "progressive"]),
        ("classic", {"colour": "red"}, ["unknown option 'colour'", "throws", "throw_limit"]),
        ("classic", {"throws": "three"}, ["throws", "whole number"]),
        ("classic", {"throws": 0}, ["throws", "1 to 10"]),
        ("classic", {"throws": 11}, ["throws", "1 to 10"]),
        ("classic", {"throws": True}, ["throws"]),
        ("classic", {"max_rethrow": 6}, ["max_rethrow", "1 to 5"]),
        ("classic", {"sticky_holds": "maybe"}, ["sticky_holds", "true or false"]),
        ("classic", {"wild": "Z"}, ["wild", "9 10 J Q K A"]),
        ("classic", {"wild": "9", "chart": "ace-one"}, ["wild", "2 3 4 5 6 1"]),
        ("triple-snakes", {"wild": "A"}, ["wild", "1 2 3 4 5 6"]),
        ("classic", {"straights": "diagonal"}, ["straights", "above-full-house", "flush"]),
        ("classic", {"tiebreak": "half"}, ["tiebreak", "full, combination, category"]),
        ("classic", {"chart": "tarot"}, ["chart", "ace-one", "ace-six"]),
        ("classic", {"throw_limit": "always"}, ["throw_limit", "first-player"]),
        ("classic", {"ties": "duel"}, ["ties", "roll-off", "push"]),
        ("classic", {"preset": "banking"}, ["preset", "--rules"]),
        # Contradictory combinations.
        ("classic", {"throws": 1, "sticky_holds": True}, ["sticky_holds", "throws"]),
        ("classic", {"throws": 1, "max_rethrow": 3}, ["max_rethrow", "throws=1"]),
        ("classic", {"throws": 1, "throw_limit": "first-player"}, ["first-player", "throws"]),
    ],
)
def test_bad_rules_api(preset, options, needles):
    with pytest.raises(RulesError) as info:
        get_rules(preset, options)
    for needle in needles:
        assert needle in str(info.value)


def test_good_rules_are_accepted():
    # The same options, well formed, are fine (so the errors above are about the values).
    rules = get_rules(
        "classic",
        {"throws": "2", "max_rethrow": 3, "sticky_holds": "yes", "wild": "j", "tiebreak": "Full"},
    )
    assert (rules.throws, rules.max_rethrow, rules.sticky_holds) == (2, 3, True)
    assert rules.wild == 2 and rules.tiebreak == "full"
    assert get_rules("classic", {"preset": "classic"}) == get_rules("classic")


def test_parse_assignments():
    # values are kept as written: words are read without their blanks, numbers refuse them
    assert parse_assignments(["throws=2", " wild = 9 "]) == {"throws": "2", "wild": " 9 "}
    assert get_rules("classic", parse_assignments([" wild = 9 "])).wild == 0
    for blank in ("throws= 2", "throws=2 ", "target= 3"):
        with pytest.raises(RulesError, match="no spaces"):
            get_rules("classic", parse_assignments([blank]))
    with pytest.raises(RulesError, match="KEY=VALUE"):
        parse_assignments(["throws"])


def test_unknown_category():
    with pytest.raises(RulesError, match="small-straight"):
        get_rules("classic").category_index("small-straight")
    assert get_rules("triple-snakes").category_index("bust") == 8


@pytest.mark.parametrize(
    ("text", "preset", "needles"),
    [
        ("K K J 10", "classic", ["expected 5 dice, got 4"]),
        ("K K J 10 9 9", "classic", ["expected 5 dice, got 6"]),
        ("KKJT9A", "classic", ["expected 5 dice, got 6"]),
        ("", "classic", ["expected 5 dice, got 0"]),
        ("K K J 10 X", "classic", ["unknown face 'X'", "9 10 J Q K A"]),
        ("K K J 11 9", "classic", ["unknown face"]),
        ("1 6 6 5 7", "triple-snakes", ["unknown face '7'", "pips 1 to 6"]),
        ("A K Q J 10", "triple-snakes", ["unknown face 'A'"]),
        ("0 1 2 3 4", "banking", ["unknown face '0'"]),
    ],
)
def test_bad_dice_api(text, preset, needles):
    with pytest.raises(DiceError) as info:
        parse_hand(text, get_rules(preset))
    for needle in needles:
        assert needle in str(info.value)


def test_nine_on_an_ordinary_dice_chart():
    # On chart ace-one the faces are the pips 1..6 (2 is the 9): a 9 is no face.
    rules = get_rules("classic", {"chart": "ace-one"})
    with pytest.raises(DiceError, match="unknown face '9'"):
        parse_hand("9 1 1 6 6", rules)
    assert parse_hand("2 1 1 6 6", rules) == parse_hand("9 A A K K", get_rules("classic"))


def test_bad_dice_other_api():
    rules = get_rules("classic")
    with pytest.raises(DiceError, match="text"):
        parse_ranks(12345, rules)
    with pytest.raises(DiceError, match="at most 5"):
        parse_keep("K K K K K K", rules)
    table = hand_table(rules)
    with pytest.raises(DiceError, match=r"0\.\.251"):
        table.hand(252)
    with pytest.raises(DiceError, match="at least two"):
        compare_hands(table, ["K K K K K"])
    with pytest.raises(DiceError, match="expected 5 dice"):
        compare_hands(table, ["K K K K K", "K K"])


@pytest.mark.parametrize(
    ("throws", "needle"),
    [
        (np.array([[0, 1, 2, 3, 6]]), "ranks outside 0..5"),
        (np.array([[0, 1, 2, 3, -1]]), "ranks outside 0..5"),
        (np.array([0, 7776]), "codes outside 0..7775"),
        (np.array([-1]), "codes outside 0..7775"),
        (np.zeros((3, 4), dtype=np.int64), "shape"),
        (np.zeros((2, 5, 1), dtype=np.int64), "shape"),
        (np.int64(3), "shape"),
        (np.zeros((3, 5)), "integers"),
    ],
)
def test_bad_throw_arrays(throws, needle):
    with pytest.raises(DiceError, match=needle):
        hand_table(get_rules("classic")).classify(throws)


# ---------------------------------------------------------------------------
# The command line.


@pytest.mark.parametrize(
    ("argv", "needles"),
    [
        (["odds", "--rules", "nope"], ["unknown rule set 'nope'", "gameweave"]),
        (["odds", "--set", "colour=red"], ["unknown option 'colour'", "straights"]),
        (["odds", "--set", "throws=x"], ["throws", "whole number"]),
        (["odds", "--set", "straights"], ["KEY=VALUE"]),
        (["odds", "--set", "straights=diagonal"], ["straights", "big-little"]),
        (["odds", "--set", "wild=Z"], ["wild", "9 10 J Q K A"]),
        (["odds", "--set", "throws=1", "--set", "sticky_holds=true"], ["sticky_holds"]),
        (["odds", "--set", "preset=classic"], ["--rules"]),
        (["rules", "show", "nope"], ["unknown rule set 'nope'"]),
        (["rules", "show", "classic", "--set", "tiebreak=half"], ["tiebreak", "category"]),
        (["classify", "K K J 10"], ["expected 5 dice, got 4"]),
        (["classify", "KKJT9A"], ["expected 5 dice, got 6"]),
        (["classify", "KKJTX"], ["unknown face 'X'"]),
        (["classify", "9KKJT", "--set", "chart=ace-one"], ["unknown face '9'", "pips"]),
        (["classify", "1 2 3 4 7", "--rules", "triple-snakes"], ["unknown face '7'"]),
        (["compare", "K K J 10 9"], ["at least two"]),
        (["compare", "K K J 10 9", "K K J 10"], ["expected 5 dice, got 4"]),
        (["compare", "1 1 1 6 6", "2 2 2 9 9", "--set", "chart=ace-six"], ["unknown face '9'"]),
    ],
)
def test_bad_input_cli(capsys, argv, needles):
    assert_cli_error(capsys, argv, *needles)


def test_missing_rule_file(capsys, tmp_path):
    path = tmp_path / "absent.toml"
    assert_cli_error(capsys, ["odds", "--rules", str(path)], "not found", "absent.toml")
    with pytest.raises(RulesError, match="not found"):
        get_rules(rules_file=path)


@pytest.mark.parametrize(
    ("content", "needles"),
    [
        ("preset = \n", ["not valid TOML"]),
        ("throws = [2, 3]\n", ["throws must be a single value"]),
        ('preset = "classic"\n[house]\nthrows = 2\n', ["house must be a single value"]),
        ('preset = "snap"\n', ["rule file", "unknown rule set 'snap'"]),
        ('preset = "classic"\ncolour = "red"\n', ["rule file", "unknown option 'colour'"]),
        ('preset = "classic"\nthrows = 0\n', ["rule file", "throws"]),
        ("throws = 1\nsticky_holds = true\n", ["sticky_holds"]),
    ],
)
def test_invalid_rule_files(capsys, tmp_path, content, needles):
    path = tmp_path / "house.toml"
    path.write_text(content, encoding="utf-8")
    assert_cli_error(capsys, ["odds", "--rules", str(path)], *needles)
    with pytest.raises(RulesError):
        get_rules(rules_file=path)


def test_undecodable_rule_file(capsys, tmp_path):
    path = tmp_path / "house.toml"
    path.write_bytes(b"\xff\xfe\x00")
    assert_cli_error(capsys, ["odds", "--rules", str(path)], "cannot read rule file")


@pytest.mark.parametrize("content", ["", "  \n\t\n", "# only a comment\n\n# and another\n"])
def test_an_empty_rule_file_is_refused_not_read_as_the_default_preset(capsys, tmp_path, content):
    path = tmp_path / "empty.toml"
    path.write_text(content, encoding="utf-8")
    for argv in (["odds", "--rules", str(path)], ["rules", "show", str(path)]):
        assert_cli_error(capsys, argv, "rule file", "empty.toml", "is empty")
    with pytest.raises(RulesError, match="is empty"):
        get_rules(rules_file=path)


def test_argparse_errors_exit_2(capsys):
    with pytest.raises(SystemExit) as info:
        cli.main(["odds", "--format", "xml"])
    assert info.value.code == 2
    err = capsys.readouterr().err
    assert "invalid choice: 'xml'" in err and "Traceback" not in err


# ---------------------------------------------------------------------------
# Rule files that work, and the rules command.


def test_rules_file_names_a_preset_and_overrides(capsys, tmp_path):
    path = tmp_path / "house.toml"
    path.write_text('preset = "triple-snakes"\nthrows = 2\nwild = 1\ntiebreak = "full"\n')
    rules = get_rules(rules_file=path)
    assert rules == get_rules("triple-snakes", {"throws": 2, "wild": "1", "tiebreak": "full"})
    assert rules.wild == 0  # the pip 1
    # On the command line, --set overrides the file.
    code, out, err = run_cli(
        capsys, "rules", "show", "--rules", str(path), "--set", "throws=3", "--format", "json"
    )
    assert (code, err) == (0, "")
    shown = json.loads(out)
    assert shown["preset"] == "triple-snakes"
    assert shown["throws"] == 3 and shown["wild"] == "1" and shown["tiebreak"] == "full"
    assert "small-straight" in shown["categories"]
    # The file given as the NAME of `rules show`, and to other commands.
    code, out, _ = run_cli(capsys, "rules", "show", str(path))
    assert code == 0 and "triple-snakes (throws=2, wild=1, tiebreak=full)" in out
    code, out, _ = run_cli(capsys, "classify", "1 1 2 3 4", "--rules", str(path))
    assert code == 0 and "Straight" in out  # the wild 1 completes 1-2-3-4-5 or 2-3-4-5-6
    code, out, _ = run_cli(capsys, "odds", "--rules", str(path), "--format", "json")
    assert code == 0 and json.loads(out)["rows"][0]["category"] == "five-of-a-kind"


def test_rules_file_without_preset_starts_from_gameweave(tmp_path):
    path = tmp_path / "house.toml"
    path.write_text("straights = 'flush'\n")
    assert get_rules(rules_file=path) == get_rules("gameweave", {"straights": "flush"})


def test_rules_list(capsys):
    for fmt in ("table", "markdown", "csv"):
        code, out, err = run_cli(capsys, "rules", "list", "--format", fmt)
        assert (code, err) == (0, "")
        for name in PRESETS:
            assert name in out
    code, out, _ = run_cli(capsys, "rules", "list", "--format", "json")
    assert [row["preset"] for row in json.loads(out)["presets"]] == list(PRESETS)


def test_rules_show_table_is_left_aligned(capsys):
    code, out, err = run_cli(capsys, "rules", "show", "classic", "--set", "throws=2")
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == "rule set: classic (throws=2)"
    header = next(i for i, line in enumerate(lines) if line.startswith("key "))
    value_column = lines[header].index("value")
    rows = {}
    for line in lines[header + 1 :]:
        if not line.strip():
            break
        if not line[:value_column].strip():
            continue  # the meaning wrapped under itself (100 columns)
        key = line.split()[0]
        rows[key] = line[value_column:].split()[0]
        assert line[value_column - 1] == " " and line[value_column] != " ", line
    assert set(rows) == {"preset", *OPTION_KEYS}
    assert rows["throws"] == "2" and rows["tiebreak"] == "full"
    assert "categories, best first:" in out
    assert "faces, lowest to highest: 9 10 J Q K A" in out


@pytest.mark.parametrize("name", list(PRESETS))
def test_rules_show_every_preset(capsys, name):
    code, out, _ = run_cli(capsys, "rules", "show", name, "--format", "json")
    shown = json.loads(out)
    assert code == 0
    assert set(shown) == {"rules", "preset", *OPTION_KEYS, "categories", "faces"}
    assert shown["rules"] == name
    assert all(isinstance(shown[k], int) for k in ("throws", "max_rethrow", "target"))
    assert isinstance(shown["sticky_holds"], bool)  # JSON's true/false, not text
    settings = {k: v for k, v in shown.items() if k in ("preset", *OPTION_KEYS)}
    assert get_rules(name, settings) == PRESETS[name]
    for fmt in ("markdown", "csv"):
        code, out, _ = run_cli(capsys, "rules", "show", name, "--format", fmt)
        assert code == 0 and "categories" in out


def test_rules_show_refuses_a_name_and_a_different_rules_option(capsys):
    line = assert_cli_error(capsys, ["rules", "show", "gameweave", "--rules", "classic"], "twice")
    assert "gameweave" in line and "--rules 'classic'" in line
    # Either way alone, or both naming the same rule set, is one rule set.
    for argv in (["classic"], ["--rules", "classic"], ["classic", "--rules", "classic"]):
        code, out, err = run_cli(capsys, "rules", "show", *argv, "--format", "json")
        assert (code, err) == (0, "") and json.loads(out)["rules"] == "classic"
    code, out, _ = run_cli(capsys, "rules", "show", "--format", "json")
    assert code == 0 and json.loads(out)["rules"] == "gameweave"


@pytest.mark.parametrize(
    ("argv", "option", "setting"),
    [
        (["chances", "--throws", "2", "--set", "throws=3"], "--throws 2", "--set throws=3"),
        (["match", "--players", "2", "--to", "2", "--set", "target=4"], "--to 2", "target=4"),
        (
            ["match", "--players", "2", "--starter", "winner", "--set", "starter=rotate"],
            "--starter winner",
            "starter=rotate",
        ),
        (
            ["simulate", "--what", "match", "--to", "2", "--set", "target=4", "--n", "10"],
            "--to 2",
            "target=4",
        ),
        (
            ["simulate", "--what", "round", "--knowledge", "seen", "--set", "knowledge=blind"],
            "--knowledge seen",
            "knowledge=blind",
        ),
        (
            ["payout", "--knowledge", "seen", "--set", "knowledge=blind"],
            "--knowledge seen",
            "knowledge=blind",
        ),
    ],
)
def test_an_option_and_a_set_of_the_same_rule_that_disagree_are_refused(
    capsys, argv, option, setting
):
    assert_cli_error(capsys, argv, option, setting, "disagree")


def test_an_option_and_a_set_that_agree_are_one_setting(capsys):
    code, out, err = run_cli(
        capsys, "chances", "--throws", "2", "--set", "throws=2", "--format", "json"
    )
    assert (code, err) == (0, "") and json.loads(out)["throws"] == 2


def test_payout_plays_the_knowledge_of_the_rules_when_no_option_names_it(capsys):
    code, out, err = run_cli(capsys, "payout", "--set", "knowledge=blind", "--format", "json")
    assert (code, err) == (0, "")
    answer = json.loads(out)
    assert answer["rules"] == "progressive (knowledge=blind)" and answer["knowledge"] == "blind"


def test_bad_output_arrays():
    table = hand_table(get_rules("classic"))
    throws = np.zeros((4, 5), dtype=np.uint8)
    with pytest.raises(DiceError, match="out must be"):
        table.classify(throws, out=(np.empty(3, np.int16),) * 3)
    with pytest.raises(DiceError, match="out must be"):
        table.classify(throws, out=(np.empty(4, np.int16),) * 2)
    with pytest.raises(DiceError, match="out must be"):
        table.classify(throws, out=(np.empty(4, np.float64),) * 3)
    # A bad row in a large batch is found too (the checked path).
    big = np.zeros((100_000, 5), dtype=np.int64)
    big[99_999, 4] = 6
    with pytest.raises(DiceError, match="1 of 100000 throws"):
        table.classify(big)


def test_a_ten_on_an_ordinary_dice_chart():
    # "10" is read as one face (a ten), which the ordinary-dice charts do not have.
    rules = get_rules("classic", {"chart": "ace-one"})
    with pytest.raises(DiceError, match="unknown face '10'"):
        parse_hand("A K Q J 10", rules)
    assert parse_hand("A K Q J T", rules) == parse_hand("1 6 5 4 3", rules)


# ---------------------------------------------------------------------------
# Wrong types at the public functions: one PokerDiceError, never a TypeError,
# an AttributeError, an OverflowError or a bool taken as a number
# ---------------------------------------------------------------------------


def _api_calls():
    import pokerdice_stats as pds

    rules = get_rules("classic")
    table = hand_table(rules)
    goal = pds.at_least(table, "full-house")
    return [
        lambda: get_rules("classic", "throws=2"),
        lambda: get_rules("classic", None, 5),
        lambda: hand_table(None),
        lambda: hand_table([]),
        lambda: pds.odds_by_category("classic"),
        lambda: pds.at_least(table, 5),
        lambda: pds.exactly(table, None),
        lambda: table.hand(True),
        lambda: pds.beat(table, np.bool_(False)),
        lambda: compare_hands(table, None),
        lambda: compare_hands(rules, ["K K J 10 9", "A A A K Q"]),
        lambda: pds.solve(None, goal),
        lambda: pds.solve(rules, goal, throws=True),
        lambda: pds.solve(rules, goal, throws=2.5),
        lambda: pds.solve(rules, goal, throws=float("inf")),
        lambda: pds.solve(rules, goal, throws=[]),
        lambda: pds.solve(rules, goal, exact="no"),
        lambda: _solve_round(rules, 2, exact="x"),
        lambda: _round_advice(rules, "K K J 10 9", 2, exact=1),
        lambda: pds.chances_table(rules, "2"),
        lambda: pds.goal_chances(rules, goal, "2"),
        lambda: pds.hold_distribution(None),
        lambda: pds.parse_goal("at-least:full-house", None),
        lambda: pds.progressive_advice(_one("progressive"), "K K J 10 9", schedule="x"),
        lambda: pds.solve_betting(None, 2),
        lambda: pds.solve_betting(_one("triple-snakes"), 2, exact="no"),
        lambda: pds.solve_table(_one("triple-snakes"), 2, exact="no"),
        lambda: pds.expected_payout("progressive"),
        lambda: pds.payout_breakdown(_one("progressive"), computer=None),
        lambda: pds.expected_payout(_one("progressive"), schedule=[]),
        lambda: pds.design_schedule(_one("progressive"), "0.05", max_pay=2.5),
        lambda: pds.design_schedule(_one("progressive"), "0.05", movable=None),
        lambda: pds.bank_distribution(_one("progressive"), rounds=2, start=100, floor="2"),
        lambda: pds.bank_distribution(_one("progressive"), rounds=2, start=100, exact="no"),
        lambda: pds.bank_distribution(rounds=2, start=100, outcomes="x"),
        lambda: pds.read_schedule(None),
        lambda: pds.solve_field(_one("banking"), 2, max_iterations=2.5),
        lambda: pds.solve_field("banking", 2),
        lambda: pds.banking_equilibrium(_one("banking"), max_iterations=2.0),
        lambda: pds.banking_session(None),
        lambda: pds.simulate_turns(rules, policy=None, run=_run()),
        lambda: pds.simulate_turns(rules, run="x"),
        lambda: pds.simulate_rounds("classic", 2, run=_run()),
        lambda: pds.simulate_matches(rules, 2, True, run=_run()),
        lambda: pds.simulate_progressive(_one("progressive"), 2, record_every=True, run=_run()),
        lambda: pds.simulate_progressive(_one("progressive"), 2, start="2", run=_run()),
        lambda: pds.simulate_progressive(_one("progressive"), 2, computer_bank=20000.5, run=_run()),
        lambda: pds.simulate_banking_sessions(_one("banking"), 2, 2, 100, 10, record_every=2**64),
        lambda: pds.RunOptions(n=5, progress="no"),
        lambda: pds.RunOptions(n=2**64),
    ]


def _one(preset):
    return get_rules(preset, {"throws": 1})


def _run():
    import pokerdice_stats as pds

    return pds.RunOptions(n=5, workers=1, progress=False)


def _solve_round(*args, **kwargs):
    from pokerdice_stats.games.seen.exact.rounds import solve_round

    return solve_round(*args, **kwargs)


def _round_advice(*args, **kwargs):
    from pokerdice_stats.games.seen.exact.advice import round_advice

    return round_advice(*args, **kwargs)


@pytest.mark.parametrize("case", range(50))
def test_api_refuses_wrong_types(case):
    with pytest.raises(PokerDiceError):
        _api_calls()[case]()


def test_api_takes_numpy_integers():
    import pokerdice_stats as pds

    rules = get_rules("classic")
    goal = pds.at_least(hand_table(rules), "full-house")
    assert (
        pds.solve(rules, goal, throws=np.int64(2)).value()
        == pds.solve(rules, goal, throws=2).value()
    )


@pytest.mark.parametrize(
    "argv",
    [
        ["hold", "K K J 10 9", "--against", "Q Q Q 9"],
        ["round", "--players", "3", "--seat", "2", "--against", "Q Q Q 9"],
        ["betting", "--players", "3", "--seat", "2", "--against", "3 3 3 5", "--hand", "6 6 6 2 2"],
    ],
)
def test_a_bad_hand_to_beat_is_named_as_its_option(capsys, argv):
    """A position holds two hands: a refusal of the hand to beat says it is --against."""
    line = assert_cli_error(capsys, argv, "expected 5 dice, got 4")
    assert f"--against: expected 5 dice, got 4 in '{argv[argv.index('--against') + 1]}'" in line


def test_a_bad_hand_to_beat_is_named_from_python():
    from pokerdice_stats import solve_round

    with pytest.raises(DiceError, match=r"^against: expected 5 dice, got 4"):
        solve_round(get_rules("gameweave"), 2).chance_to_win(2, "Q Q Q 9")
