"""Combinations the toolkit refuses rather than answer wrongly, and OS errors at the CLI."""

from __future__ import annotations

import pytest
from cli_helpers import assert_cli_error

from pokerdice_stats import get_rules
from pokerdice_stats.games.banking.exact.two_seats import banking_equilibrium, exploit
from pokerdice_stats.games.progressive.exact.payout import expected_payout
from pokerdice_stats.ground.errors import OptionError, RulesError


@pytest.mark.parametrize("preset", ["triple-snakes", "banking", "progressive"])
def test_pip_ladders_refuse_the_ace_one_chart(preset):
    with pytest.raises(RulesError, match="chart=ace-one"):
        get_rules(preset, {"chart": "ace-one"})
    # The charts that keep pips in number order (or faces) are fine.
    for chart in ("pips", "ace-six", "faces"):
        assert get_rules(preset, {"chart": chart}).chart == chart


@pytest.mark.parametrize("computer", ["stand", "optimal"])
@pytest.mark.parametrize("knowledge", ["seen", "blind"])
def test_progressive_refuses_the_first_player_limit(computer, knowledge):
    rules = get_rules("progressive", {"throw_limit": "first-player"})
    with pytest.raises(OptionError, match="throw_limit"):
        expected_payout(rules, computer, knowledge)


def test_banking_refuses_the_first_player_limit():
    rules = get_rules("banking", {"throw_limit": "first-player"})
    with pytest.raises(OptionError, match="throw_limit"):
        banking_equilibrium(rules)
    with pytest.raises(OptionError, match="throw_limit"):
        exploit(rules, "stand")


@pytest.mark.parametrize(
    ("argv", "needles"),
    [
        (
            ["payout", "--computer", "stand", "--set", "throw_limit=first-player"],
            ["progressive payout", "throw_limit=first-player is not supported"],
        ),
        (
            ["payout", "--knowledge", "blind", "--set", "throw_limit=first-player"],
            ["progressive payout", "throw_limit=first-player is not supported"],
        ),
        (
            ["banking", "--set", "throw_limit=first-player"],
            ["blind round", "throw_limit=first-player is not supported"],
        ),
        (
            ["classify", "2 3 4 5 6", "--rules", "banking", "--set", "chart=ace-one"],
            ["straights=big-little", "chart=ace-one"],
        ),
    ],
)
def test_cli_refuses_unsupported_combinations(capsys, argv, needles):
    assert_cli_error(capsys, argv, *needles)


def test_unwritable_output_folder_is_a_clean_error(capsys, tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    assert_cli_error(
        capsys,
        ["report", "--out", str(blocker), "--section", "odds_tables"],
        "cannot write to",
        "a-file",
    )
    assert_cli_error(
        capsys,
        ["strategy", "--goal", "at-least:full-house", "--out", str(blocker / "sub")],
        "cannot write",
        "a-file",
    )


@pytest.mark.parametrize(
    ("argv", "needles"),
    [
        (
            [
                "simulate",
                "--what",
                "session",
                "--rules",
                "progressive",
                "--computer",
                "stand",
                "--set",
                "throw_limit=first-player",
                "--n",
                "100",
            ],
            ["progressive session", "throw_limit=first-player is not supported"],
        ),
        (
            [
                "simulate",
                "--what",
                "session",
                "--rules",
                "banking",
                "--set",
                "throw_limit=first-player",
                "--n",
                "100",
            ],
            ["banking session", "throw_limit=first-player is not supported"],
        ),
        (
            ["simulate", "--what", "session", "--rules", "banking", "--set", "ties=roll-off"],
            ["banking session", "ties=roll-off is not supported"],
        ),
    ],
)
def test_simulated_sessions_refuse_unmodelled_rules(capsys, argv, needles):
    assert_cli_error(capsys, argv, *needles)


@pytest.mark.parametrize(
    "preset, options", [("banking", {}), ("gameweave", {}), ("progressive", {"tiebreak": "full"})]
)
def test_progressive_payout_api_refuses_rules_it_would_overrule(preset, options):
    with pytest.raises(OptionError, match="categories only"):
        expected_payout(get_rules(preset, options), "stand")


def test_points_file_errors_name_the_file(capsys, tmp_path):
    points = tmp_path / "house-points.toml"
    points.write_text("colour = 3\n")
    assert_cli_error(
        capsys, ["chances", "--goal", f"score:{points}"], "house-points.toml", "colour"
    )
