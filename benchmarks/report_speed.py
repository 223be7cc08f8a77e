"""Wall time of the main job (``pokerdice-stats report``), before and after, in one run.

Issue 13's target: a warm main job (numba's kernel cache filled, charts
already drawn) under 30 s on a 2-core machine, writing the same bytes.

The baseline is the code at ``--baseline`` (a commit, exported with
``git archive`` into a temporary folder); the current code is this worktree,
run three ways: serially without the cache of solves (``--jobs 1
--no-cache``), in two workers without it (``--no-cache``), and by default (two
workers, cache).  Each writes into its own copy of ``results/``; the runs are
interleaved so that a change of load on a shared machine hits them all.  The
first run of each is reported apart (the baseline's kernels compile, the
default's cache fills); the medians of the others, their ratios to the
baseline's and whether every run wrote the committed bytes are appended, as a
dated section, to ``results/benchmarks/report.md``.

Run: ``python benchmarks/report_speed.py [--rounds 3] [--baseline ad1641a]``
(from the project root).
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "results" / "benchmarks" / "report.md"


def export(commit: str, folder: Path) -> Path:
    """The tree of ``commit`` in ``folder`` (kept, with its numba cache, between runs)."""
    archive = folder / "tree.tar"
    with archive.open("wb") as handle:
        subprocess.run(["git", "archive", commit], cwd=ROOT, stdout=handle, check=True)
    with tarfile.open(archive) as tar:
        tar.extractall(folder / "tree", filter="data")
    return folder / "tree"


def timed_report(tree: Path, out: Path, extra: tuple[str, ...] = ()) -> float:
    """Seconds of wall time of one main job run from ``tree`` into ``out``."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    command = [sys.executable, "-m", "pokerdice_stats", "report", "--no-progress", *extra]
    start = time.perf_counter()
    subprocess.run([*command, "--out", str(out)], cwd=tree, env=env, check=True)
    return time.perf_counter() - start


def load_average() -> str:
    """The 1-minute load average now (other jobs on a shared machine), or '?'."""
    try:
        return f"{os.getloadavg()[0]:.1f}"
    except OSError:
        return "?"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3, help="warm runs of each (default 3)")
    parser.add_argument("--baseline", default="ad1641a", help="commit of the baseline")
    args = parser.parse_args()
    loads = [load_average()]
    with tempfile.TemporaryDirectory() as scratch:
        base_tree = export(args.baseline, Path(scratch))
        # name: (tree, extra arguments); the baseline runs serially, as its code does.
        runs: dict[str, tuple[Path, tuple[str, ...]]] = {
            f"baseline `{args.baseline}`": (base_tree, ()),
            "now, `--jobs 1 --no-cache`": (ROOT, ("--jobs", "1", "--no-cache")),
            "now, `--no-cache` (2 workers)": (ROOT, ("--no-cache",)),
            "now, default (2 workers, cache)": (ROOT, ()),
        }
        times: dict[str, list[float]] = {name: [] for name in runs}
        for i in range(len(runs)):
            shutil.copytree(ROOT / "results", Path(scratch) / f"out-{i}")
        cold = {
            name: timed_report(tree, Path(scratch) / f"out-{i}", extra)
            for i, (name, (tree, extra)) in enumerate(runs.items())
        }
        for _ in range(args.rounds):
            for i, (name, (tree, extra)) in enumerate(runs.items()):
                times[name].append(timed_report(tree, Path(scratch) / f"out-{i}", extra))
            loads.append(load_average())
        differing = [
            name
            for i, name in enumerate(runs)
            if differences(ROOT / "results", Path(scratch) / f"out-{i}")
        ]
    medians = {name: statistics.median(times[name]) for name in runs}
    base = next(iter(medians.values()))
    lines = [
        "",
        f"## {time.strftime('%Y-%m-%d', time.gmtime())}: workers and the cache of solves",
        "",
        f"`python benchmarks/report_speed.py --rounds {args.rounds} "
        f"--baseline {args.baseline}`: every variant in the same run (interleaved), "
        f"{os.cpu_count()} cores, 1-minute load average {', '.join(loads)} (before, then "
        "after each round; other jobs share the machine).  The first run of each is apart "
        "(the baseline's kernels compile; the default's cache fills).",
        "",
        "| code | first run (s) | warm runs (s) | median warm (s) | baseline / this |",
        "|---|---|---|---|---|",
    ]
    for name in runs:
        warm = ", ".join(f"{t:.1f}" for t in times[name])
        lines.append(
            f"| {name} | {cold[name]:.1f} | {warm} | {medians[name]:.1f} | "
            f"{base / medians[name]:.2f} |"
        )
    verdict = (
        "every run wrote the committed bytes"
        if not differing
        else ("runs that changed a committed file: " + ", ".join(differing))
    )
    lines += ["", f"Output: {verdict} (`results/`, PNGs included).", ""]
    with OUT.open("a", encoding="utf-8") as handle:
        handle.write("\n".join(lines))
    print("\n".join(lines))


def differences(expected: Path, got: Path) -> list[str]:
    """Files of ``expected`` (recursively) missing from ``got`` or with other bytes."""
    out = []
    for path in sorted(expected.rglob("*")):
        if path.is_file() and "benchmarks" not in path.relative_to(expected).parts:
            other = got / path.relative_to(expected)
            if not other.is_file() or other.read_bytes() != path.read_bytes():
                out.append(path.relative_to(expected).as_posix())
    return out


if __name__ == "__main__":
    main()
