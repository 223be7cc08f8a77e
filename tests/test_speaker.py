"""Messages name what the caller typed: flags at the command line, arguments from Python.

The same check raises from both; inside :func:`~pokerdice_stats.ground.speaker.command_line`
(which :func:`pokerdice_stats.cli.main` enters) it names ``--throws-left``, from Python
``throws_left`` and the rule setting as ``get_rules`` takes it.
"""

from __future__ import annotations

import pytest
from cli_helpers import assert_cli_error

from pokerdice_stats import expected_payout, get_rules, goal_advice, round_advice
from pokerdice_stats.ground.errors import PokerDiceError
from pokerdice_stats.ground.speaker import command_line

API_CASES = [
    (
        lambda: goal_advice(get_rules("gameweave"), "K K J 10 9", "at-least:full-house", 3),
        ["throws_left must be 0 to 2", "get_rules(preset, {'throws': N})"],
        ["--throws-left", "--set throws=N"],
    ),
    (
        lambda: round_advice(get_rules("banking"), "6 6 2 3 5"),
        ["the chance to win the round needs", "banking_position(rules, dice, throws_left)"],
        ["--to-win needs", "`banking --dice DICE --throws-left T`"],
    ),
    (
        lambda: expected_payout(get_rules("gameweave")),
        ["the rule settings ties=push and tiebreak=category", "'tiebreak': 'category'"],
        ["--set ties=push", "--set tiebreak=category"],
    ),
    (
        lambda: round_advice(get_rules("gameweave"), "K K J 10 9", tied=2),
        ["tied needs against"],
        ["--tied needs --against"],
    ),
]


@pytest.mark.parametrize(("call", "python_words", "flag_words"), API_CASES)
def test_a_message_names_the_arguments_from_python_and_the_flags_at_the_command_line(
    call, python_words, flag_words
):
    with pytest.raises(PokerDiceError) as from_python:
        call()
    for words in python_words:
        assert words in str(from_python.value)
    assert " --" not in str(from_python.value) and not str(from_python.value).startswith("--")
    with command_line(), pytest.raises(PokerDiceError) as from_the_command_line:
        call()
    for words in flag_words:
        assert words in str(from_the_command_line.value)


def test_the_command_line_names_its_flags(capsys):
    assert_cli_error(capsys, ["hold", "K K J 10 9", "--throws-left", "3"], "--throws-left must be")
    assert_cli_error(
        capsys, ["hold", "6 6 2 3 5", "--rules", "banking", "--to-win"], "--to-win needs"
    )


def test_the_words_are_the_callers_only_while_it_runs():
    with command_line():
        pass
    with pytest.raises(PokerDiceError, match="throws_left must be"):
        API_CASES[0][0]()
