"""Wall time of the main job (``pokerdice-stats report``), before and after, in one run.

Issue 13's target: a warm main job (numba's kernel cache filled, charts
already drawn) under 30 s on a 2-core machine, writing the same bytes.

The baseline is the code at ``--baseline`` (a commit, exported with
``git archive`` into a temporary folder); the current code is this worktree.
Each writes into its own copy of ``results/``; the runs are interleaved so
that a change of load on a shared machine hits both.  The first run of each
is the cold one (kernels compiled, every chart drawn) and is reported apart;
the medians of the others are written to ``results/benchmarks/report.md``.

Run: ``python benchmarks/report_speed.py [--rounds 3] [--baseline cb45b49]``
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


def timed_report(tree: Path, out: Path) -> float:
    """Seconds of wall time of one main job run from ``tree`` into ``out``."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    command = [sys.executable, "-m", "pokerdice_stats", "report", "--no-progress"]
    start = time.perf_counter()
    subprocess.run([*command, "--out", str(out)], cwd=tree, env=env, check=True)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3, help="warm runs of each (default 3)")
    parser.add_argument("--baseline", default="cb45b49", help="commit of the baseline")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        base_tree = export(args.baseline, Path(scratch))
        trees = {"baseline": base_tree, "now": ROOT}
        times: dict[str, list[float]] = {name: [] for name in trees}
        for name in trees:
            shutil.copytree(ROOT / "results", Path(scratch) / f"out-{name}")
        cold = {
            name: timed_report(tree, Path(scratch) / f"out-{name}") for name, tree in trees.items()
        }
        for _ in range(args.rounds):
            for name, tree in trees.items():
                times[name].append(timed_report(tree, Path(scratch) / f"out-{name}"))
    base, now = (statistics.median(times[name]) for name in trees)
    lines = [
        "# The main job: wall time before and after (issue 13)",
        "",
        f"`python benchmarks/report_speed.py --rounds {args.rounds} "
        f"--baseline {args.baseline}`, both in the same run (interleaved), "
        f"{os.cpu_count()} cores.",
        "",
        "| code | first run (s) | warm runs (s) | median warm (s) |",
        "|---|---|---|---|",
    ]
    for name in trees:
        runs = ", ".join(f"{t:.1f}" for t in times[name])
        lines.append(
            f"| {name} | {cold[name]:.1f} | {runs} | {statistics.median(times[name]):.1f} |"
        )
    lines += ["", f"Ratio of the warm medians (baseline / now): {base / now:.2f}.", ""]
    OUT.write_text("\n".join(lines), encoding="utf-8")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
