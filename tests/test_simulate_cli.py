"""``pokerdice-stats simulate`` and ``crosscheck``: JSON contracts and bad options (exit 2)."""

from __future__ import annotations

import json

import pytest
from cli_helpers import assert_cli_error

from pokerdice_stats import cli

FIELDS = {"estimate", "ci_low", "ci_high", "n", "seed"}


def run(capsys, *argv: str) -> tuple[int, str, str]:
    try:
        code = cli.main(list(argv))
    except SystemExit as exit_:  # argparse's own errors
        code = exit_.code
    out, err = capsys.readouterr()
    return code, out, err


def test_turn_json(capsys):
    code, out, _ = run(
        capsys,
        "simulate",
        "--goal",
        "at-least:full-house",
        "--n",
        "50000",
        "--seed",
        "3",
        "--no-progress",
        "--format",
        "json",
    )
    assert code == 0
    data = json.loads(out)
    assert FIELDS <= set(data)
    assert data["n"] == 50_000 and data["seed"] == 3
    assert data["ci_low"] <= data["estimate"] <= data["ci_high"]
    assert abs(data["estimate"] - 0.5191) < 0.01
    # The same seed gives the same figure with any number of threads.
    _, again, _ = run(
        capsys,
        "simulate",
        "--goal",
        "at-least:full-house",
        "--n",
        "50000",
        "--seed",
        "3",
        "--workers",
        "1",
        "--no-progress",
        "--format",
        "json",
    )
    assert json.loads(again) == data


@pytest.mark.parametrize(("what", "extra"), [("round", ["--players", "3"]), ("match", [])])
def test_round_and_match_json_have_seats(capsys, what, extra):
    code, out, _ = run(
        capsys,
        "simulate",
        "--what",
        what,
        *extra,
        "--n",
        "3000",
        "--no-progress",
        "--format",
        "json",
    )
    assert code == 0
    data = json.loads(out)
    seats = data["seats"]
    assert [s["seat"] for s in seats] == list(range(1, len(seats) + 1))
    for seat in seats:
        assert FIELDS <= set(seat)
    if what == "match":
        assert FIELDS <= set(data["expected_rounds"])


def test_session_json(capsys):
    code, out, _ = run(
        capsys,
        "simulate",
        "--what",
        "session",
        "--rules",
        "progressive",
        "--rounds",
        "50",
        "--computer",
        "stand",
        "--n",
        "300",
        "--no-progress",
        "--format",
        "json",
    )
    assert code == 0
    data = json.loads(out)
    assert FIELDS <= set(data) and FIELDS <= set(data["ruin"])
    assert data["rounds"] == 50 and data["n"] == 300
    code, out, _ = run(
        capsys,
        "simulate",
        "--what",
        "session",
        "--rules",
        "triple-snakes",
        "--players",
        "3",
        "--rounds",
        "5",
        "--n",
        "200",
        "--no-progress",
    )
    assert code == 0 and "seat 3" in out


def test_table_output(capsys):
    code, out, _ = run(capsys, "simulate", "--policy", "stand", "--n", "1000", "--no-progress")
    assert code == 0 and "95% CI" in out and "n=1000" in out


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (
            ["simulate", "--n", "0"],
            ["the number of samples must be a whole number of at least 1, got 0"],
        ),
        (["simulate", "--seed", "-1"], ["the seed must be a whole number from 0 to", "got -1"]),
        (["simulate", "--seed", "99999999999999999999"], ["seed must be", "2**63 - 1 (int64)"]),
        (["simulate", "--workers", "0"], ["workers must be at least 1, got 0"]),
        (["simulate", "--policy", "wishful", "--n", "10"], ["unknown policy 'wishful'"]),
        (["simulate", "--goal", "at-most:pair", "--n", "10"], ["unknown goal 'at-most:pair'"]),
        (
            ["simulate", "--what", "round", "--players", "9", "--n", "10"],
            ["players must be 2 to 5, got 9"],
        ),
        (
            ["simulate", "--what", "round", "--policy", "stand", "--n", "10"],
            ["named policies apply to blind rounds"],
        ),
        (
            ["simulate", "--what", "match", "--rules", "banking", "--n", "10"],
            ["matches need a winner every round", "ties=split"],
        ),
        (
            ["simulate", "--what", "session", "--rules", "progressive", "--computer", "psychic"],
            ["unknown computer policy 'psychic'"],
        ),
        (["simulate", "--rules", "nonsense"], ["unknown rule set 'nonsense'"]),
        (["crosscheck", "--only", "everything"], ["unknown group 'everything'"]),
        (["crosscheck", "--seed", "-2", "--only", "chances"], ["the seed must be", "got -2"]),
        (  # a session of pots caps its ante as the banking and betting sessions do
            ["simulate", "--what", "session", "--n", "20", "--ante", "9" * 20],
            ["ante must be 1 to 1,000,000,000,000, got 99,999,999,999,999,999,999"],
        ),
        (
            ["simulate", "--what", "session", "--n", "20", "--ante", "9" * 40],
            ["ante must be 1 to 1,000,000,000,000"],
        ),
    ],
)
def test_bad_options_exit_2(capsys, argv, words):
    assert_cli_error(capsys, [*argv, "--no-progress"], *words)


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["simulate", "--what", "hand"], ["argument --what: invalid choice: 'hand'"]),
        (["simulate", "--n", "many"], ["argument --n: expected a whole number, got 'many'"]),
        (["simulate", "--seed", "1.5"], ["argument --seed: expected a whole number, got '1.5'"]),
        (
            ["simulate", "--players", "0"],
            ["argument --players: expected a whole number of at least 1"],
        ),
    ],
)
def test_malformed_options_are_argparse_errors(capsys, argv, words):
    """Options that do not parse: one error line naming the option (no usage summary), exit 2."""
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == "" and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1, err
    last = err.strip()
    assert last.startswith("pokerdice-stats simulate: error: ")
    for word in words:
        assert word in last, (word, last)


def test_crosscheck_json(capsys):
    code, out, _ = run(
        capsys, "crosscheck", "--only", "chances", "--n", "20000", "--seed", "2", "--format", "json"
    )
    assert code == 0
    record = json.loads(out)
    assert (record["groups"], record["n"], record["seed"]) == (["chances"], 20000, 2)
    rows = record["checks"]
    assert all(row["unit"] == "chance" for row in rows)  # single-throw chances
    assert len(rows) == 17
    for row in rows:
        assert {"figure", "exact", "estimate", "ci_low", "ci_high", "z", "n", "seed"} <= set(row)
        assert abs(row["z"]) < 4.5  # 17 figures: union bound 17 * 6.8e-6 under a fresh seed


def test_crosscheck_counts_a_group_named_twice_once(capsys):
    """``--only chances --only chances``: the 17 figures once, and the bound of 17."""
    argv = ["crosscheck", "--no-progress", "--n", "1000", "--only", "chances"]
    code, once, _ = run(capsys, *argv)
    assert code == 0 and "PASS: 17 figures" in once
    code, twice, _ = run(capsys, *argv, "--only", "chances")
    assert code == 0 and twice == once
    record = json.loads(run(capsys, *argv, "--only", "chances", "--format", "json")[1])
    assert record["groups"] == ["chances"] and len(record["checks"]) == 17
    from pokerdice_stats.engines.simulation.run import RunOptions
    from pokerdice_stats.games.checks import crosscheck

    run_options = RunOptions(n=100, progress=False)
    assert len(crosscheck(("chances", "chances"), run=run_options)) == 17


def test_crosscheck_rows_say_their_unit(capsys):
    argv = ["crosscheck", "--only", "matches", "--n", "2000", "--no-progress", "--format", "json"]
    code, out, _ = run(capsys, *argv)
    assert code == 0
    units = {row["figure"]: row["unit"] for row in json.loads(out)["checks"]}
    assert units["expected rounds"] == "rounds" and units["seat 1 wins"] == "chance"


def test_crosscheck_refuses_too_few_samples_for_its_verdict(capsys):
    """One sample a figure gives z-scores the normal approximation does not justify: a
    correct toolkit would FAIL far more often than the stated 1%."""
    assert_cli_error(capsys, ["crosscheck", "--only", "chances", "--n", "1"], "at least 1,000")


def test_crosscheck_help_names_every_group(capsys):
    from pokerdice_stats.games.checks import GROUPS

    code, out, _ = run(capsys, "crosscheck", "--help")
    words = " ".join(out.split())
    assert code == 0
    listed = words.split("each checked once):")[1].split("--full")[0]
    assert [g.strip() for g in listed.split(",")] == list(GROUPS)
