"""Benchmarks of the optimal-hold dynamic program (issue 3).

- One goal solved from scratch in a warm process (the compiled kernels loaded),
  float and exact, against plain-Python baselines in the same run: the brute-force
  expectimax of the tests (ordered throws, every subset of dice positions,
  Fractions; its caches cleared each round; target 100x) and a lean backward
  induction over the same index tables in plain Python (issue 27: at least 50x, and
  at most 20 us float, 40 us exact); and one goal on the numpy twins.
- All "beat" goals of a rule set in one batch (target: at most 20 ms); floats also
  one goal at a time through the whole-pass kernel (issue 27's baseline for the
  kernel that runs a batch's goals side by side).
- ``pokerdice-stats hold ...`` end to end in a subprocess, with a warm
  compilation cache (target: under 1.5 s).

Run for real with ``python -m pytest benchmarks/test_holds.py --benchmark-enable``;
``python benchmarks/holds_results.py`` also writes ``results/benchmarks/holds.md``.
The suite runs each once as a smoke test (timings disabled), checking that the
plain-Python baseline gives the same answer as the kernels.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

from pokerdice_stats import get_rules
from pokerdice_stats.ground import indexing as ix
from pokerdice_stats.turn import induction
from pokerdice_stats.turn.goals import at_least, beat_all
from pokerdice_stats.turn.hands import hand_table
from pokerdice_stats.turn.holds import solve

RULES = get_rules("gameweave")
TABLE = hand_table(RULES)
GOAL = at_least(TABLE, "full-house")
BEAT_GOALS = beat_all(TABLE)
HOLD_ARGS = ["hold", "K K J 10 9", "--goal", "at-least:full-house"]

# The tables as plain Python lists, built once (not timed).
_PTR = ix.REROLL.ptr.tolist()
_COL = ix.REROLL.col.tolist()
_WAYS = ix.REROLL.val.tolist()
_SUB_PTR = ix.SUBKEEPS.ptr.tolist()
_SUB = ix.SUBKEEPS.col.tolist()
_HAND_WAYS = ix.HAND_WAYS.tolist()


def plain_solve(stand: list, throws: int, exact: bool):
    """The same backward induction in plain Python (no NumPy, no numba): the baseline.

    ``stand`` holds the goal's value of each hand (ints for exact, floats
    otherwise); returns the value of a turn (a numerator over ``7776**throws``
    when exact).
    """
    values = list(stand)
    scale = 1
    for _ in range(1, throws):
        keep_values = []
        for k in range(len(_PTR) - 1):
            acc = 0
            for pos in range(_PTR[k], _PTR[k + 1]):
                acc += _WAYS[pos] * values[_COL[pos]]
            keep_values.append(acc if exact else acc / 7776)
        scale *= 7776
        new = []
        for h in range(len(stand)):
            best = stand[h] * scale if exact else stand[h]
            for pos in range(_SUB_PTR[h] + 1, _SUB_PTR[h + 1]):
                v = keep_values[_SUB[pos]]
                if v > best:
                    best = v
            new.append(best)
        values = new
    total = sum(w * v for w, v in zip(_HAND_WAYS, values, strict=True))
    return total if exact else total / 7776


def _reference_turn():
    """The brute-force expectimax of ``tests/reference_holds.py`` (the tests' oracle)."""
    tests = str(Path(__file__).resolve().parents[1] / "tests")
    if tests not in sys.path:
        sys.path.insert(0, tests)
    import reference_holds

    return reference_holds


def _expectimax_from_scratch(goal_values: dict):
    ref = _reference_turn()
    for cached in (
        ref.all_hands,
        ref.outcomes,
        ref.first_throws,
        ref.allowed_holds,
        ref.labelled_holds,
    ):
        cached.cache_clear()
    return ref.ReferenceTurn(goal_values).turn_value(3)


def test_reference_expectimax_exact(benchmark):
    """Baseline 1: ordered throws, every subset of dice positions, Fractions."""
    goal_values = {
        tuple(sorted(ix.ranks_of_counts(c))): GOAL.value(h) for h, c in enumerate(ix.HAND_COUNTS)
    }
    value = benchmark.pedantic(
        _expectimax_from_scratch, args=(goal_values,), rounds=3, iterations=1
    )
    assert value == solve(RULES, GOAL).value()


def test_plain_python_exact(benchmark):
    """Baseline 2: the same backward induction over the index tables, plain Python ints."""
    stand = [int(n) for n in GOAL.numerators]
    value = benchmark(plain_solve, stand, 3, True)
    assert Fraction(value, 7776**3) == solve(RULES, GOAL).value()


def test_plain_python_float(benchmark):
    """Baseline 2, floats."""
    stand = [float(v) for v in GOAL.values]
    value = benchmark(plain_solve, stand, 3, False)
    assert abs(value - float(solve(RULES, GOAL).value())) < 1e-12


@pytest.fixture
def warm():
    """A warm process: the compiled kernels loaded, as after a few solves in a
    notebook or a script (:func:`~pokerdice_stats.turn.induction.kernels_for`)."""
    from pokerdice_stats.kernels import reroll_serial  # loads numba

    assert induction.kernels_for(1, np.int64) is reroll_serial
    solve(RULES, GOAL), solve(RULES, GOAL, exact=False)  # load the kernels once


def test_solve_exact(benchmark, warm):
    """One goal, exact, in a warm process (target: at most 40 us, 50x the lean DP)."""
    policy = benchmark(solve, RULES, [GOAL])
    assert policy.value() == Fraction(490459, 944784)


def test_solve_float(benchmark, warm):
    """One goal, floats, in a warm process (target: at most 20 us, 50x the lean DP)."""
    policy = benchmark(solve, RULES, [GOAL], exact=False)
    assert abs(policy.value() - 490459 / 944784) < 1e-12


@pytest.mark.parametrize("exact", [True, False], ids=["exact", "float"])
def test_solve_twins(benchmark, exact):
    """One goal on the numpy twins, what a process pays before numba is loaded."""
    with induction.quick_limit(10**9):
        policy = benchmark(solve, RULES, [GOAL], exact=exact)
    assert float(policy.value()) == pytest.approx(490459 / 944784, abs=1e-12)


def test_all_beat_goals_exact(benchmark):
    benchmark.extra_info["goals"] = len(BEAT_GOALS)
    policy = benchmark(solve, RULES, BEAT_GOALS)
    values = np.array([float(v) for v in policy.values()])
    assert len(values) == TABLE.n_strengths
    assert (np.diff(values) <= 0).all()  # beating a stronger hand is never easier


def test_plain_python_all_beat_goals_exact(benchmark):
    """Baseline 2 for the batch: the lean plain-Python DP, goal after goal."""
    stands = [[int(n) for n in goal.numerators] for goal in BEAT_GOALS]

    def run():
        return [plain_solve(stand, 3, True) for stand in stands]

    values = benchmark.pedantic(run, rounds=3, iterations=1)
    assert Fraction(values[100], 7776**3) == solve(RULES, BEAT_GOALS[100]).value()


STICKY = get_rules("gameweave", {"sticky_holds": True})
STICKY_BEAT_GOALS = beat_all(hand_table(STICKY))


def test_all_beat_goals_sticky_exact(benchmark):
    """The same batch under sticky holds (4,368 states remembering the dice set aside)."""
    policy = benchmark(solve, STICKY, STICKY_BEAT_GOALS)
    assert len(policy.values()) == len(STICKY_BEAT_GOALS)


def test_all_beat_goals_float(benchmark):
    benchmark.extra_info["goals"] = len(BEAT_GOALS)
    policy = benchmark(solve, RULES, BEAT_GOALS, exact=False)
    assert len(policy.values()) == TABLE.n_strengths


def test_all_beat_goals_float_goal_by_goal(benchmark, monkeypatch):
    """Issue 27's baseline for the batch: the same 252 goals through the whole-pass
    kernel one goal at a time (``reroll.backward_hands``), not side by side
    (``hold_wide.backward_hands_wide``); the same numbers."""
    side_by_side = solve(RULES, BEAT_GOALS, exact=False)
    monkeypatch.setattr(induction, "WIDE_MIN_GOALS", 10**9)
    policy = benchmark(solve, RULES, BEAT_GOALS, exact=False)
    assert policy.turn.tobytes() == side_by_side.turn.tobytes()


def _hold_command() -> list[str]:
    exe = shutil.which("pokerdice-stats")
    if exe:
        return [exe, *HOLD_ARGS]
    return [sys.executable, "-m", "pokerdice_stats", *HOLD_ARGS]


def test_hold_command_end_to_end(benchmark):
    command = _hold_command()
    env = dict(os.environ)
    subprocess.run(command, check=True, capture_output=True, env=env)  # warm the caches

    def run():
        return subprocess.run(command, check=True, capture_output=True, text=True, env=env)

    result = benchmark.pedantic(run, rounds=5, iterations=1, warmup_rounds=0)
    lines = result.stdout.splitlines()
    assert lines[1].startswith("goal: ") and lines[2].split()[0] == "keep"  # goal, then header
    assert "K K" in lines[3]


@pytest.mark.parametrize("throws", [1, 2, 4])
def test_plain_python_agrees_for_other_turns(throws):
    """Not timed: the baseline is a fair one (same answer for other turn lengths)."""
    stand = [int(n) for n in GOAL.numerators]
    value = plain_solve(stand, throws, True)
    assert Fraction(value, 7776**throws) == solve(RULES, GOAL, throws=throws).value()
