"""Run the hold benchmarks for real and write ``results/benchmarks/holds.md``.

Usage::

    python benchmarks/holds_results.py [--out results/benchmarks/holds.md] [--json FILE]

It runs ``benchmarks/test_holds.py`` under pytest-benchmark (timings enabled,
JSON output), then writes the medians and the ratios to the baselines measured
in the same run, with each target of issue 3 marked met or missed.  The figures
depend on the machine and on what else runs on it.
"""

from __future__ import annotations

import os
import platform
import sys
from datetime import UTC, datetime
from pathlib import Path

from _results import results_main, time_text


def write_markdown(data: dict, path: Path) -> str:
    m = {b["name"].removeprefix("test_"): b["stats"]["median"] for b in data["benchmarks"]}
    rounds = {b["name"].removeprefix("test_"): b["stats"]["rounds"] for b in data["benchmarks"]}
    machine = data.get("machine_info", {})
    cpu = machine.get("cpu", {}).get("brand_raw", platform.processor())
    lines = [
        "# Optimal-hold benchmarks",
        "",
        f"Measured {datetime.now(UTC):%Y-%m-%d %H:%M} UTC by",
        "`python benchmarks/holds_results.py` (pytest-benchmark medians;",
        f"{cpu}, {os.cpu_count()} logical CPUs, Python {platform.python_version()}).",
        "The machine is shared, so the figures are noisy; every ratio compares two medians",
        "of the same run.  Goal: `at-least:full-house` under gameweave (3 throws); the",
        "beat batch is every distinct `beat:` goal of gameweave (252).",
        "",
        "| benchmark | median | rounds |",
        "|---|---:|---:|",
    ]
    for name, seconds in m.items():
        lines.append(f"| `{name}` | {time_text(seconds)} | {rounds[name]} |")
    brute_exact = m["reference_expectimax_exact"] / m["solve_exact"]
    brute_float = m["reference_expectimax_exact"] / m["solve_float"]
    lean_exact = m["plain_python_exact"] / m["solve_exact"]
    lean_float = m["plain_python_float"] / m["solve_float"]
    rows = [
        (
            "exact solve vs the tests' brute-force expectimax",
            f"{brute_exact:,.0f}x",
            ">= 100x",
            brute_exact >= 100,
        ),
        (
            "float solve vs the tests' brute-force expectimax",
            f"{brute_float:,.0f}x",
            ">= 100x",
            brute_float >= 100,
        ),
        (
            "exact solve vs lean plain-Python DP over the index tables",
            f"{lean_exact:,.1f}x",
            ">= 50x",
            lean_exact >= 50,
        ),
        (
            "float solve vs lean plain-Python DP over the index tables",
            f"{lean_float:,.1f}x",
            ">= 50x",
            lean_float >= 50,
        ),
        (
            "one goal, exact, warm process",
            time_text(m["solve_exact"]),
            "<= 40 us",
            m["solve_exact"] <= 40e-6,
        ),
        (
            "one goal, float, warm process",
            time_text(m["solve_float"]),
            "<= 20 us",
            m["solve_float"] <= 20e-6,
        ),
        (
            "one goal on the numpy twins (no numba), exact / float",
            f"{time_text(m['solve_twins[exact]'])} / {time_text(m['solve_twins[float]'])}",
            "",
            None,
        ),
        (
            "252 beat goals: exact batch vs lean plain-Python DP goal by goal",
            f"{m['plain_python_all_beat_goals_exact'] / m['all_beat_goals_exact']:,.1f}x",
            "",
            None,
        ),
        (
            "all 252 beat goals, one batch, exact",
            time_text(m["all_beat_goals_exact"]),
            "<= 20 ms",
            m["all_beat_goals_exact"] <= 20e-3,
        ),
        (
            "all 252 beat goals, one batch, float",
            time_text(m["all_beat_goals_float"]),
            "<= 20 ms",
            m["all_beat_goals_float"] <= 20e-3,
        ),
        (
            "252 beat goals, float: side by side vs one goal at a time (same run)",
            f"{m['all_beat_goals_float_goal_by_goal'] / m['all_beat_goals_float']:.2f}x",
            "",
            None,
        ),
        (
            "all 252 beat goals, one batch, exact, sticky holds",
            time_text(m["all_beat_goals_sticky_exact"]),
            "",
            None,
        ),
        (
            "`pokerdice-stats hold ...` end to end (warm cache)",
            time_text(m["hold_command_end_to_end"]),
            "< 1.5 s",
            m["hold_command_end_to_end"] < 1.5,
        ),
    ]
    lines += ["", "| measure | measured | target | |", "|---|---:|---:|---|"]
    for label, value, target, ok in rows:
        verdict = "" if ok is None else ("met" if ok else "MISSED")
        lines.append(f"| {label} | {value} | {target} | {verdict} |")
    lines += [
        "",
        "Notes.  One goal's whole dynamic program is small (about 8,500 multiply-adds",
        "and comparisons per throw), so a lean plain-Python loop over the same sparse",
        "tables takes about a millisecond.  In a warm process (the compiled kernels",
        "loaded: `induction.kernels_for` moves a process to them once the numpy twins",
        "have cost it `induction.NUMBA_LOAD_SECONDS`, or at once when numba is already",
        "loaded) a batch under `induction.PARALLEL_MIN_GOALS` goals runs on the kernels",
        "compiled without threads, and over hands the whole backward pass is one kernel",
        "call (`reroll.backward_hands`), so a one-goal solve is the kernel's own work",
        "(under 1 ns an inner step) plus a few microseconds of Python.  The end-to-end",
        "command time is mostly imports (NumPy and the package; the quick commands",
        "never load numba).",
        "",
        "Issue 27: the kernel reads its index tables as `uint32` (numba checks signed",
        "indices for negative values, about half the inner loops' cost) and compares a",
        "state's options through int64 order keys of the values, a branch-free integer",
        "select in place of mispredicted float branches (the same comparisons and",
        "outcomes, bit for bit; a NaN falls back to the float comparisons).  Around it:",
        "the tables go to numba as a plain tuple (a named tuple costs the dispatcher",
        "about 2 us), one goal skips the batch loop of `stands.stack_int64`, the float",
        "tolerance comes from the largest numerator (`stands.tolerance_of`), and the",
        "stages and the policy are made without frozen dataclasses' per-field setattr.",
        "Then (branch `speed3`): one goal's row comes from one pass of the compiled",
        "`goal_row` (the copy or the division by the denominator, the range of the",
        "numerators and the largest value, in place of a copy and two reductions), the",
        "whole pass over hands is called directly, and its stages are views made when",
        "first read (`induction.StageViews`): about 7 us less Python a solve.  What is",
        "left of a float solve: the kernel (about 17 us on this machine when it is quiet:",
        "a third the 8,736 multiply-adds of the two stages' expectations, a third the",
        "8,232 option comparisons, the rest the order keys, the states' values and",
        "numba's dispatch) and about 7 us of Python (the row, three output arrays, the",
        "turn value's matrix product and division, the policy).  Interleaving two or four",
        "states' (or keeps') chains, or eight goals of a batch side by side, gave the",
        "same time on this machine (each tried; not kept).",
    ]
    text = "\n".join(lines) + "\n"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return text


def main(argv: list[str] | None = None) -> int:
    return results_main(
        __doc__.splitlines()[0],
        "test_holds.py",
        ["--benchmark-min-rounds=7", "--benchmark-warmup=on"],
        write_markdown,
        argv,
    )


if __name__ == "__main__":
    sys.exit(main())
