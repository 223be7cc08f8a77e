"""The main job cold, before and after, in one run (issue 27, item 4: 25 s on 2 cores).

Cold as CI runs it: each run starts from a fresh export of its commit (``git
archive``: no numba kernel compiled, no chart drawn beyond those committed) with an
empty toolkit cache (``POKERDICE_CACHE_DIR``) and an empty ``XDG_CACHE_HOME``, and
writes into a copy of that commit's committed ``results/`` (its charts carry the
digests its own code writes).  The commits' runs alternate
(baseline, then the code measured, each round), so a change of load on a shared
machine hits both.  Reported: each run's wall time and the CPU time of its
processes (user and system, the workers included), the medians, their ratio, and
whether every run wrote its commit's committed bytes.  Appended, as a dated section, to
``results/benchmarks/report.md``.

Run: ``python benchmarks/report_cold.py --baseline COMMIT [--commit HEAD] [--rounds 3]``
(from the project root).
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from report_speed import differences, export, load_average

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "results" / "benchmarks" / "report.md"


def cold_run(commit: str, scratch: Path, name: str) -> tuple[float, float, list[str]]:
    """``(wall s, CPU s, files that differ)`` of one main job from a fresh export."""
    folder = scratch / name
    folder.mkdir()
    tree = export(commit, folder)
    out = folder / "results"
    # the commit's own committed results: its charts carry the digests its code writes, so a
    # baseline older than a change of the digests is not charged for drawing them again
    committed = folder / "committed"
    shutil.copytree(tree / "results", committed)
    shutil.copytree(committed, out)
    env = {
        **os.environ,
        "PYTHONPATH": str(tree),
        "POKERDICE_CACHE_DIR": str(folder / "cache"),
        "XDG_CACHE_HOME": str(folder / "xdg"),
    }
    env.pop("NUMBA_CACHE_DIR", None)  # numba's kernels go beside the fresh tree
    command = [sys.executable, "-m", "pokerdice_stats", "report", "--no-progress"]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run([*command, "--out", str(out)], cwd=tree, env=env, check=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    differing = differences(committed, out)
    shutil.rmtree(folder)
    return wall, cpu, differing


def short(commit: str) -> str:
    """The short hash of ``commit`` (``HEAD``, a branch or a hash), so the record names it."""
    done = subprocess.run(
        ["git", "rev-parse", "--short", commit],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    return done.stdout.strip()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", required=True, help="commit of the baseline")
    parser.add_argument("--commit", default="HEAD", help="commit measured (default HEAD)")
    parser.add_argument("--rounds", type=int, default=3, help="runs of each (default 3)")
    args = parser.parse_args()
    base, measured = short(args.baseline), short(args.commit)
    names = {f"baseline `{base}`": base, f"`{measured}`": measured}
    walls: dict[str, list[float]] = {name: [] for name in names}
    cpus: dict[str, list[float]] = {name: [] for name in names}
    differing: set[str] = set()
    loads = [load_average()]
    with tempfile.TemporaryDirectory() as scratch:
        for i in range(args.rounds):
            for name, commit in names.items():
                wall, cpu, changed = cold_run(commit, Path(scratch), f"run-{i}-{commit}")
                walls[name].append(wall)
                cpus[name].append(cpu)
                if changed:
                    differing.add(name)
                print(f"{name}: {wall:.1f} s wall, {cpu:.1f} s CPU", flush=True)
            loads.append(load_average())
    first = next(iter(names))
    lines = [
        "",
        f"## {time.strftime('%Y-%m-%d %H:%M', time.gmtime())} UTC: the main job cold",
        "",
        f"`python benchmarks/report_cold.py --baseline {base} --commit "
        f"{measured} --rounds {args.rounds}`: each run from a fresh `git archive` with "
        f"every cache empty, the two commits alternating; {os.cpu_count()} cores, 1-minute "
        f"load average {', '.join(loads)} (before, then after each round).",
        "",
        "| code | wall (s) | CPU, user + system (s) | median wall (s) | median CPU (s) | "
        "baseline / this (wall) |",
        "|---|---|---|---|---|---|",
    ]
    for name in names:
        wall = statistics.median(walls[name])
        lines.append(
            f"| {name} | {', '.join(f'{t:.1f}' for t in walls[name])} | "
            f"{', '.join(f'{t:.1f}' for t in cpus[name])} | {wall:.1f} | "
            f"{statistics.median(cpus[name]):.1f} | "
            f"{statistics.median(walls[first]) / wall:.2f} |"
        )
    verdict = (
        "every run wrote the committed bytes"
        if not differing
        else "runs that changed a committed file: " + ", ".join(sorted(differing))
    )
    lines += ["", f"Output: {verdict} (`results/`, PNGs included).", ""]
    with OUT.open("a", encoding="utf-8") as handle:
        handle.write("\n".join(lines))
    print("\n".join(lines))


if __name__ == "__main__":
    main()
