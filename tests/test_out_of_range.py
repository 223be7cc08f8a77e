"""Numbers at and past 2^63: exact answers through Python integers, or a clean refusal.

A tie worth 1/2^63 used to wrap around in int64 (``chances`` answered 6.68e-21
instead of about 0.4008, ``hold`` recommended nonsense) and 1/2^64 raised an
OverflowError.  The expected values here are not written down: they are bounded
by the tie-free goal's value, which never goes near int64.
"""

from __future__ import annotations

import json
from fractions import Fraction

import numpy as np
import pytest
from cli_helpers import assert_cli_error, run_cli

from pokerdice_stats import get_rules
from pokerdice_stats.turn.goals import beat, parse_goal
from pokerdice_stats.turn.hands import hand_table

INT64_MAX = 2**63 - 1
TARGET = '"Q Q Q 9 9"'

#: Tie denominators at, just below and past the int64 limit.
DENOMINATORS = [INT64_MAX, 2**63, 2**63 + 1, 2**64, 10**30]


def _goal(denominator: int) -> str:
    return f"beat:{TARGET},tie=1/{denominator}"


def _json(capsys, *argv: str) -> dict:
    code, out, err = run_cli(capsys, *argv, "--format", "json")
    assert code == 0, err
    assert "Traceback" not in err
    return json.loads(out)


@pytest.mark.parametrize("denominator", DENOMINATORS)
def test_beat_goal_keeps_a_tie_past_int64_exactly(denominator):
    table = hand_table(get_rules("gameweave"))
    goal = beat(table, "Q Q Q 9 9", f"1/{denominator}")
    target = table.hand("Q Q Q 9 9")
    assert goal.value(target) == Fraction(1, denominator)
    stronger = np.flatnonzero(table.strength > table.strength[target])
    assert all(goal.value(int(h)) == 1 for h in stronger)
    weaker = np.flatnonzero(table.strength < table.strength[target])
    assert all(goal.value(int(h)) == 0 for h in weaker)


@pytest.mark.parametrize("denominator", DENOMINATORS)
def test_chances_with_a_tiny_tie_lies_between_the_beat_chance_and_it_plus_the_tie(
    capsys, denominator
):
    plain = Fraction(_json(capsys, "chances", "--goal", f"beat:{TARGET}")["value_exact"])
    tied = Fraction(_json(capsys, "chances", "--goal", _goal(denominator))["value_exact"])
    assert plain <= tied <= plain + Fraction(1, denominator)
    assert tied > plain  # the tie is worth something: some optimal play ends tied


@pytest.mark.parametrize("denominator", [2**63, 2**64])
def test_hold_with_a_tiny_tie_values_every_hold_within_the_tie_of_its_beat_chance(
    capsys, denominator
):
    plain = _json(capsys, "hold", "Q Q J 9 9", "--goal", f"beat:{TARGET}")
    tied = _json(capsys, "hold", "Q Q J 9 9", "--goal", _goal(denominator))
    plain_values = {h["keep"]: Fraction(h["value"]) for h in plain["holds"]}
    for hold in tied["holds"]:
        value = Fraction(hold["value"])
        base = plain_values[hold["keep"]]
        assert base <= value <= base + Fraction(1, denominator), hold["keep"]
    best = max(plain_values.values())
    recommended = [h for h in tied["holds"] if h["optimal"]]
    assert recommended
    assert all(plain_values[h["keep"]] == best for h in recommended)


def test_a_tie_above_one_is_still_refused_past_int64(capsys):
    assert_cli_error(
        capsys, ["chances", "--goal", f"beat:{TARGET},tie={2**64}/3"], "tie must be between"
    )


def test_parse_goal_reads_a_tie_of_2_to_the_64_without_overflow():
    table = hand_table(get_rules("gameweave"))
    goal = parse_goal(_goal(2**64), table)
    assert goal.denominator == 2**64
    assert goal.numerators.dtype == object


@pytest.mark.parametrize("value", [str(2**63 - 1), str(2**63), str(2**64), "9" * 5000])
def test_whole_number_options_past_int64_are_refused_cleanly(capsys, value):
    for argv in (
        ["round", "--players", value],
        ["match", "--to", value],
        ["hold", "K K J 10 9", "--throws-left", value],
        ["round", "--set", f"throws={value}"],
    ):
        code, out, err = _run_any(capsys, argv)
        assert code == 2, (argv, err)
        assert "Traceback" not in err
        assert len(err) < 1000
        assert out == ""


def _run_any(capsys, argv):
    """Run the CLI; argparse's own refusals exit through SystemExit."""
    try:
        return run_cli(capsys, *argv)
    except SystemExit as stop:
        out, err = capsys.readouterr()
        return stop.code, out, err


# --- simulated sessions (the simulate side of issue 13, item 5) -----------------------------


def _session_seats(capsys, ante: int) -> list[dict]:
    code, out, err = run_cli(
        capsys,
        "simulate", "--what", "session", "--rules", "gameweave", "--players", "2",
        "--rounds", "10", "--n", "4000", "--seed", "3", "--ante", str(ante), "--format", "json",
    )  # fmt: skip
    assert code == 0, err
    return json.loads(out)["seats"]


@pytest.mark.parametrize("ante", [500_000, 10**12, 10**18, 2**63 - 1, 2**63])
def test_pot_sessions_scale_with_the_ante_exactly_at_any_size(capsys, ante):
    """The ante only scales the chips: mean and interval are the ante-1 figures times the ante
    (before, the kernel's sum of squares wrapped: zero-width intervals, flipped signs,
    a numba traceback at 2**63).  Past the cap of 10**12 chips (as the banking sessions'
    bank) the ante is refused, naming the cap, so that no result passes int64."""
    if ante > 10**12:
        assert_cli_error(
            capsys,
            ["simulate", "--what", "session", "--rules", "gameweave", "--ante", str(ante)],
            "ante must be 1 to 1,000,000,000,000",
        )
        return
    unit = _session_seats(capsys, 1)
    scaled = _session_seats(capsys, ante)
    for one, big in zip(unit, scaled, strict=True):
        for key in ("estimate", "ci_low", "ci_high"):
            assert big[key] == pytest.approx(one[key] * ante, rel=1e-12), key
        assert big["ci_high"] - big["ci_low"] > 0


def test_pot_sessions_past_the_exact_tally_are_refused(capsys):
    assert_cli_error(
        capsys,
        ["simulate", "--what", "session", "--rules", "gameweave", "--rounds", "100000",
         "--n", "100000000000"],
        "--n", "--rounds",
    )  # fmt: skip


@pytest.mark.parametrize("start", [10**15 + 1, 2**63, 2**64])
def test_progressive_session_banks_past_the_exact_range_are_refused(capsys, start):
    assert_cli_error(
        capsys,
        ["simulate", "--what", "session", "--rules", "progressive", "--rounds", "5",
         "--start", str(start)],
        "at most",
    )  # fmt: skip
