"""Run the simulation benchmarks for real and write ``results/benchmarks/simulate.md``.

Usage::

    python benchmarks/simulate_results.py [--out results/benchmarks/simulate.md]

It runs ``benchmarks/test_simulate.py`` under pytest-benchmark (timings enabled,
JSON output) and writes the medians, the throughputs and the ratios between
benchmarks of the same run.  The figures depend on the machine and on what
else runs on it.
"""

from __future__ import annotations

import os
import platform
import sys
from datetime import UTC, datetime
from pathlib import Path

from _results import results_main

TARGET = 20e6  # optimal-policy turns a second on 2 cores


def rates(data: dict) -> dict[str, tuple[float, int, float]]:
    """Benchmark name -> (median seconds, samples per call, samples per second)."""
    out = {}
    for bench in data["benchmarks"]:
        name = bench["name"].removeprefix("test_")
        median = bench["stats"]["median"]
        samples = int(bench["extra_info"]["samples"])
        out[name] = (median, samples, samples / median)
    return out


def write_markdown(data: dict, path: Path) -> str:
    r = rates(data)
    machine = data.get("machine_info", {})
    cpu = machine.get("cpu", {}).get("brand_raw", platform.processor())
    two = r["optimal_turns[2]"][2]
    one = r["optimal_turns[1]"][2]
    plain = r["plain_python_turns"][2]
    raw = r["raw_generator"][2]
    throws = r["raw_throws"][2]
    rounds = r["optimal_rounds"][2]
    lines = [
        "# Monte Carlo engine benchmarks",
        "",
        f"Measured {datetime.now(UTC):%Y-%m-%d %H:%M} UTC by",
        "`python benchmarks/simulate_results.py`",
        f"(pytest-benchmark medians; {cpu}, {os.cpu_count()} logical CPUs, Python",
        f"{platform.python_version()}).  The machine is shared with other jobs, so the figures",
        "are noisy; every ratio compares two medians of the same run.  Load average when the",
        f"run ended: {os.getloadavg()[0]:.2f} (1 min), {os.getloadavg()[1]:.2f} (5 min); "
        "with other",
        "jobs on the cores, two threads gain less than twice.",
        "",
        "Turns: gameweave, optimal policy of `at-least:full-house`, three throws, through",
        "`simulate_turns` (seeded chunks of 262,144 turns, threads running the nogil kernel).",
        "",
        "| benchmark | samples per call | median | samples per second |",
        "|---|---:|---:|---:|",
    ]
    for name, (median, samples, rate) in r.items():
        lines.append(f"| `{name}` | {samples:,} | {median:.3f} s | {rate / 1e6:,.2f} M |")
    lines += [
        "",
        "| figure | value |",
        "|---|---:|",
        f"| optimal turns a second, 2 threads (target 20 M) | {two / 1e6:,.1f} M "
        f"({'met' if two >= TARGET else 'missed'}) |",
        f"| 2 threads / 1 thread | {two / one:.2f} |",
        f"| kernel (1 thread) / plain Python, per turn | {one / plain:,.0f} |",
        f"| raw 64-bit outputs per turn-time (1 thread) | {raw / one:.1f} |",
        f"| five-dice throws per turn-time (1 thread) | {throws / one:.1f} |",
        f"| 3-player gameweave rounds a second, 2 threads | {rounds / 1e6:,.2f} M |",
        "",
        "A turn of the optimal policy takes about 3 throws here (one draw below 6**m each, two",
        "throws per 64-bit output), so the rest of a turn's time goes to the table look-ups",
        "(policy, keep code, hand of a count code).",
        "",
    ]
    text = "\n".join(lines)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return text


def main(argv: list[str] | None = None) -> int:
    return results_main(
        __doc__.splitlines()[0],
        "test_simulate.py",
        ["--benchmark-warmup=off"],
        write_markdown,
        argv,
    )


if __name__ == "__main__":
    sys.exit(main())
