"""Command-line inputs once accepted without meaning, or refused in the API's words: each
now gets one message naming the flag, and exit status 2."""

from __future__ import annotations

import pytest
from cli_helpers import assert_cli_error


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["betting", "--ante-max", "11"], ["--ante-max must be 1 to 10, got 11 (chips"]),
        (["betting", "--raise-max", "5"], ["--raise-max must be 1 to 4, got 5"]),
        (["banking", "--max-iterations", "0"], ["--max-iterations must be 1 to 100000, got 0"]),
        (["banking", "--tolerance", "2"], ["--tolerance is a share of the pot, below 1"]),
        (
            ["payout", "--knowledge", "blind", "--tolerance", "99999999999999999999"],
            ["--tolerance must be below twice the largest payout (2,400)"],
        ),
        (
            ["payout", "--solve", "scale", "--target", "99999999999999999999"],
            ["past the 1,000,000 every solve keeps to"],
        ),
        (
            ["payout", "--design", "--target", "3", "--max-pay", "99999999999999999999"],
            ["--max-pay must be 0 to 1000000"],
        ),
        (["simulate", "--seed", "99999999999999999999", "--n", "100"], ["2**63 - 1 (int64)"]),
        (["payout", "--rounds", "10", "--start", "1000"], ["below the ruin line (1,200 points"]),
    ],
)
def test_meaningless_numbers_are_refused_by_flag(capsys, argv, words):
    assert_cli_error(capsys, argv, *words)


def test_knowledge_plays_a_round_either_way(capsys):
    """``simulate --what round --knowledge`` overrides the rules' knowledge both ways."""
    import json

    from pokerdice_stats import cli

    for rules, knowledge in (("banking", "seen"), ("gameweave", "blind")):
        argv = ["simulate", "--what", "round", "--rules", rules, "--knowledge", knowledge]
        code = cli.main([*argv, "--n", "200", "--no-progress", "--format", "json"])
        record = json.loads(capsys.readouterr().out)
        assert code == 0 and record["knowledge"] == knowledge
        assert record["rules"] == f"{rules} (knowledge={knowledge})"


def test_the_fine_ladder_refusal_names_the_callers_way_to_the_answer(capsys):
    import pokerdice_stats as pds
    from pokerdice_stats.ground.errors import OptionError

    argv = ["bidding", "--ladder", "fine", "--solver", "program"]
    message = assert_cli_error(capsys, argv, "answered on its claims: --solver claims")
    assert "solve_claims" not in message
    with pytest.raises(OptionError, match=r"on its claims: solve_claims\(rules, 'fine'\)"):
        pds.solve_ladder(pds.get_rules("classic"), "fine")


def test_a_hand_no_throw_makes_is_never_thrown(capsys):
    from pokerdice_stats import cli

    assert cli.main(["odds", "--set", "wild=A"]) == 0
    high_die = next(line for line in capsys.readouterr().out.splitlines() if "High die" in line)
    assert high_die.split()[-2] == "never" and "inf" not in high_die


def test_classify_says_what_a_strength_is(capsys):
    import json

    from pokerdice_stats import cli

    assert cli.main(["classify", "3 3 3 1 1", "--rules", "progressive", "--format", "json"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["strengths"] == 9 and 0 <= record["strength"] < 9
    assert "the higher wins" in record["strength_unit"]


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("throws = 1979-05-27\n", "invalid value 1979-05-27 (a date or time) for throws"),
        ("throws = true\n", "invalid value true for throws; expected a whole number"),
        ("sticky_holds = 3\n", "invalid value 3 for sticky_holds; expected true or false"),
        ('straights = "diagonal"\n', "invalid value 'diagonal' for straights; choose one of"),
    ],
)
def test_a_rule_files_bad_value_is_shown_as_written(capsys, tmp_path, text, words):
    path = tmp_path / "rules.toml"
    path.write_text('preset = "classic"\n' + text)
    assert_cli_error(capsys, ["rules", "show", str(path)], words)
