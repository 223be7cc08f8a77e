"""Run the classifier benchmarks for real and write ``results/benchmarks/classify.md``.

Usage::

    python benchmarks/classify_results.py [--out results/benchmarks/classify.md]

It runs ``benchmarks/test_classify.py`` under pytest-benchmark (timings enabled,
JSON output), then writes the medians, the per-throw times and the ratios to the
baselines measured in the same run, with each target of issue 2 marked met or
missed.  The figures depend on the machine and on what else runs on it.
"""

from __future__ import annotations

import os
import platform
import sys
from datetime import UTC, datetime
from pathlib import Path

from _results import results_main, time_text


def stats(data: dict) -> dict[str, dict[str, float]]:
    """Benchmark name -> median and min seconds, and throws per call."""
    out = {}
    for bench in data["benchmarks"]:
        name = bench["name"].removeprefix("test_")
        out[name] = {
            "median": bench["stats"]["median"],
            "min": bench["stats"]["min"],
            "throws": int(bench["extra_info"].get("throws", 1)),
        }
    return out


#: (label, benchmark, baseline or None, kind, target): ``kind`` is ``speedup`` (baseline
#: time per throw over the benchmark's), ``ratio`` (benchmark time over the baseline's)
#: or ``time`` (the benchmark's own time, in seconds).
MEASURES = [
    (
        "numba vs plain Python, per throw (N x 5 ranks)",
        "classify_ranks",
        "python_sample",
        "speedup",
        1000,
    ),
    (
        "numba vs plain Python, per throw (N x 5 ranks, preallocated outputs)",
        "classify_ranks_into",
        "python_sample",
        "speedup",
        1000,
    ),
    (
        "classify ranks / copy of the ranks (fresh outputs)",
        "classify_ranks",
        "copy_ranks",
        "ratio",
        3,
    ),
    (
        "classify ranks / copy of the ranks (preallocated outputs)",
        "classify_ranks_into",
        "copy_ranks",
        "ratio",
        3,
    ),
    (
        "classify ranks / copy of the ranks (preallocated, one thread)",
        "classify_ranks_one_thread",
        "copy_ranks",
        "ratio",
        3,
    ),
    (
        "classify codes / copy of the codes (int16, fresh outputs)",
        "classify_codes",
        "copy_codes",
        "ratio",
        3,
    ),
    (
        "classify codes / copy of the codes (int16, preallocated outputs)",
        "classify_codes_into",
        "copy_codes",
        "ratio",
        3,
    ),
    ("all 7,776 throws (codes)", "classify_all_7776", None, "time", 50e-6),
    ("all 7,776 throws (ranks)", "classify_all_7776_ranks", None, "time", 50e-6),
    ("second `pokerdice-stats odds` (warm numba cache)", "cli_odds_second_run", None, "time", 2.0),
]


def _measure(m: dict, name: str, baseline: str | None, kind: str, stat: str) -> float:
    if kind == "time":
        return m[name][stat]
    if kind == "speedup":
        return (m[baseline][stat] / m[baseline]["throws"]) / (m[name][stat] / m[name]["throws"])
    return m[name][stat] / m[baseline][stat]


def _show(value: float, kind: str) -> str:
    if kind == "time":
        return time_text(value)
    return f"{value:,.0f}x" if kind == "speedup" else f"{value:.2f}x"


def _target(kind: str, target: float) -> str:
    if kind == "speedup":
        return f">= {target:,}x"
    if kind == "ratio":
        return f"<= {target}x"
    return f"<= {time_text(target)}"


def _met(value: float, kind: str, target: float) -> bool:
    return value >= target if kind == "speedup" else value <= target


def write_markdown(data: dict, path: Path) -> str:
    m = stats(data)
    machine = data.get("machine_info", {})
    cpu = machine.get("cpu", {}).get("brand_raw", platform.processor())
    lines = [
        "# Classifier benchmarks",
        "",
        f"Measured {datetime.now(UTC):%Y-%m-%d %H:%M} UTC by",
        f"`python benchmarks/classify_results.py` (pytest-benchmark; {cpu},",
        f"{os.cpu_count()} logical CPUs, Python {platform.python_version()}; load average",
        f"{os.getloadavg()[0]:.1f} at the end of the run).",
        "Each ratio compares two figures of the same run. On a shared machine a long",
        "CPU-bound run is often preempted while a 4 ms copy is not, which inflates the",
        "medians of the long runs; the minimum (the least disturbed round) is shown beside",
        "the median.",
        "",
        "| benchmark | throws per call | median | min | median per throw |",
        "|---|---:|---:|---:|---:|",
    ]
    for name, st in m.items():
        lines.append(
            f"| `{name}` | {st['throws']:,} | {time_text(st['median'])} | {time_text(st['min'])} | "
            f"{st['median'] / st['throws'] * 1e9:,.2f} ns |"
        )
    lines += [
        "",
        "| measure | from medians | from minimums | target | |",
        "|---|---:|---:|---:|---|",
    ]
    for label, name, baseline, kind, target in MEASURES:
        med = _measure(m, name, baseline, kind, "median")
        low = _measure(m, name, baseline, kind, "min")
        met_med, met_min = _met(med, kind, target), _met(low, kind, target)
        verdict = "met" if met_med else ("met on minimums" if met_min else "MISSED")
        lines.append(
            f"| {label} | {_show(med, kind)} | {_show(low, kind)} | {_target(kind, target)} "
            f"| {verdict} |"
        )
    lines += [
        "",
        "Notes:",
        "",
        "- Per block of 16 throws the classifier forms the throw codes, makes one vector",
        "  gather from a packed table (`kernels/gather.py`) and writes three outputs (int16",
        "  hand, int8 category, int16 strength: 5 bytes a throw). Against the N x 5 uint8",
        "  ranks (5 bytes a throw in, 5 out) the copy is a like-for-like floor; int16 codes",
        "  are 2 bytes in and 2 out, so classifying them moves 3.5 times the copy's bytes.",
        "- *Fresh outputs* is the plain `table.classify(throws)`, which allocates and first",
        "  touches 50 MB of results; *preallocated* passes `out=`, like the copy's destination.",
        "- Batches of 65,536 throws or more run on every numba thread (one range check pass,",
        "  then the lookups without per-row tests); on a busy machine a parallel loop waits for",
        "  its slowest thread, hence the one-thread row.",
        "- The plain-Python baseline (`python_classify` in `benchmarks/test_classify.py`) is",
        "  timed on the first 20,000 throws of the same batch.",
    ]
    text = "\n".join(lines) + "\n"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return text


def main(argv: list[str] | None = None) -> int:
    return results_main(
        __doc__.splitlines()[0],
        "test_classify.py",
        ["--benchmark-min-rounds=7", "--benchmark-warmup=on"],
        write_markdown,
        argv,
    )


if __name__ == "__main__":
    sys.exit(main())
