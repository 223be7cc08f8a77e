"""Wall time of the quick commands, against ``python -c "import numba"`` in the same run.

Issue 12's target: a warm ``hold`` (with ``--to-win`` too, for 0 to 3 players
left), ``classify``, ``odds``, ``chances`` and ``compare`` under 0.5 s wall and
under 1.5 times the time to import numba, measured in the same run on the same
machine; the first call after install under 3 s.

Each command runs as a fresh process (as from the shell), ``--rounds`` times,
interleaved with the numba baseline so that a change of load hits both; with
``--before PATH`` (another checkout, e.g. main) the same commands of that tree
run in the same rounds, so the two are compared in one sitting.  The first call
after install runs the package from a fresh copy (no ``__pycache__``) with
``NUMBA_CACHE_DIR`` and ``POKERDICE_CACHE_DIR`` (the saved round tables of
``hold --to-win``) pointing at empty folders.  Warm runs keep their round tables
in a private folder, saved by the warm-up call; the ``hold --to-win`` commands
are also timed with no tables saved (``POKERDICE_CACHE_DIR`` empty: the round
is solved, numba's cache warm), ``--cold-rounds`` times.  Medians, minima and
ratios are appended to ``results/benchmarks/cli.md`` as a dated section.

Run: ``python benchmarks/cli_speed.py [--rounds 15] [--cold-rounds 3]
[--first-rounds 3] [--before /work/main]`` (from the project root).
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "results" / "benchmarks" / "cli.md"

TO_WIN = ["hold", "K K 9 10 J", "--to-win", "--against", "Q Q 9 9 10", "--throws-left", "2"]
COMMANDS = {
    "hold": ["hold", "K K J 10 9"],
    "hold --to-win": ["hold", "K K J 10 9", "--to-win", "--against", "Q Q Q 9 9"],
    **{
        f"hold --to-win --players-left {n}": [*TO_WIN, "--players-left", str(n), "--format", "json"]
        for n in range(4)
    },
    "classify": ["classify", "K K J 10 9"],
    "odds": ["odds"],
    "chances": ["chances"],
    "compare": ["compare", "A A J J 9", "A A 10 10 K"],
}
#: The commands the 0.5 s target is for.
TARGETED = tuple(COMMANDS)
#: Also timed with no round tables saved.
ROUND_COMMANDS = tuple(name for name in COMMANDS if "--to-win" in name)
BASELINE = [sys.executable, "-c", "import numba"]
#: Where the warm runs keep their round tables.
TABLES = tempfile.mkdtemp(prefix="cli_speed_tables_")


def _wall(argv: list[str], env: dict[str, str], cwd: Path) -> float:
    start = time.perf_counter()
    subprocess.run(argv, env=env, cwd=cwd, check=True, capture_output=True)
    return time.perf_counter() - start


def _command(args: list[str]) -> list[str]:
    return [sys.executable, "-m", "pokerdice_stats", *args]


def _first_calls(tree: Path, first: dict[str, list[float]]) -> None:
    """Each command's first call from a fresh copy of the package and an empty numba
    cache, appended to ``first[name]``."""
    for name, args in COMMANDS.items():
        with tempfile.TemporaryDirectory() as fresh, tempfile.TemporaryDirectory() as cache:
            shutil.copytree(
                tree / "pokerdice_stats",
                Path(fresh) / "pokerdice_stats",
                ignore=shutil.ignore_patterns("__pycache__"),
            )
            env = {
                **os.environ,
                "PYTHONPATH": fresh,
                "NUMBA_CACHE_DIR": cache,
                "POKERDICE_CACHE_DIR": os.path.join(cache, "tables"),
            }
            first[name].append(_wall(_command(args), env, tree))


def measure(
    rounds: int, trees: dict[str, Path], cold_rounds: int = 3, first_rounds: int = 3
) -> dict:
    envs = {
        label: {**os.environ, "PYTHONPATH": str(tree), "POKERDICE_CACHE_DIR": f"{TABLES}/{i}"}
        for i, (label, tree) in enumerate(trees.items())
    }
    first: dict[str, dict[str, list[float]]] = {
        label: {name: [] for name in COMMANDS} for label in trees
    }
    for _ in range(first_rounds):  # interleaved between the trees
        for label, tree in trees.items():
            _first_calls(tree, first[label])
    for label, tree in trees.items():  # warm the real caches (and save the round tables)
        for args in COMMANDS.values():
            _wall(_command(args), envs[label], tree)
    times = {label: {name: [] for name in COMMANDS} for label in trees}
    cold = {label: {name: [] for name in ROUND_COMMANDS} for label in trees}
    baseline: list[float] = []
    for _ in range(rounds):
        baseline.append(_wall(BASELINE, envs[next(iter(trees))], ROOT))
        for label, tree in trees.items():
            for name, args in COMMANDS.items():
                times[label][name].append(_wall(_command(args), envs[label], tree))
    for _ in range(cold_rounds):
        baseline.append(_wall(BASELINE, envs[next(iter(trees))], ROOT))
        for label, tree in trees.items():
            no_tables = {**envs[label], "POKERDICE_CACHE_DIR": ""}
            for name in ROUND_COMMANDS:
                cold[label][name].append(_wall(_command(COMMANDS[name]), no_tables, tree))
    return {
        "first": first,
        "times": times,
        "cold": cold,
        "baseline": baseline,
        "load": os.getloadavg(),
    }


def write(result: dict, rounds: int, cold_rounds: int, first_rounds: int) -> str:
    """A dated section of ``cli.md`` for one run."""
    base = statistics.median(result["baseline"])
    labels = list(result["times"])
    load = ", ".join(f"{x:.1f}" for x in result["load"])
    lines = [
        f"## {time.strftime('%Y-%m-%d %H:%M')}: `python benchmarks/cli_speed.py --rounds "
        f"{rounds} --cold-rounds {cold_rounds} --first-rounds {first_rounds}`",
        "",
        f"On the shared 2-CPU machine (Python {sys.version.split()[0]}; load average {load} "
        "over 1, 5, 15 min at the end, other sessions running). Each warm figure is the median "
        f"of {rounds} fresh processes, interleaved with the baseline "
        '`python -c "import numba"`'
        + (f" and between the trees ({', '.join(labels)})" if len(labels) > 1 else "")
        + '; warm `hold --to-win` reads the round tables its warm-up call saved. "no tables": '
        f"the median of {cold_rounds} runs with `POKERDICE_CACHE_DIR` empty (the round is "
        "solved; numba's cache warm). The first call after install runs a fresh copy of the "
        "package (no `__pycache__`) with an empty numba cache and no round tables: median "
        f"(and largest) of {first_rounds} runs.",
        "",
        f"Baseline `import numba`: median {base:.3f} s (min {min(result['baseline']):.3f} s).",
        "",
    ]
    for label in labels:
        lines += [
            f"### {label}",
            "",
            "| command | warm median (s) | min (s) | ratio to import numba | no tables (s) "
            "| first call after install, median (max) (s) |",
            "|---|---|---|---|---|---|",
        ]
        for name, values in result["times"][label].items():
            median = statistics.median(values)
            cold = result["cold"][label].get(name)
            cold_text = f"{statistics.median(cold):.2f}" if cold else "-"
            lines.append(
                f"| `{name}` | {median:.3f} | {min(values):.3f} | {median / base:.2f}x | "
                f"{cold_text} | {statistics.median(result['first'][label][name]):.2f} "
                f"({max(result['first'][label][name]):.2f}) |"
            )
        lines.append("")
    last = labels[-1]
    worst = max(statistics.median(result["times"][last][n]) for n in TARGETED)
    slowest_first = max(statistics.median(v) for v in result["first"][last].values())
    largest_first = max(max(v) for v in result["first"][last].values())
    lines += [
        "Targets (every command above): warm < 0.5 s and < 1.5x the baseline; first call "
        f"< 3 s. Slowest warm ({last}): {worst:.3f} s, {worst / base:.2f}x; slowest first "
        f"call: {slowest_first:.2f} s median, {largest_first:.2f} s at most.",
        "",
    ]
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--cold-rounds", type=int, default=3)
    parser.add_argument("--first-rounds", type=int, default=3)
    parser.add_argument("--before", type=Path, help="another checkout to time in the same rounds")
    args = parser.parse_args()
    trees = {}
    if args.before is not None:
        trees[f"before ({args.before})"] = args.before.resolve()
    trees["this tree"] = ROOT
    try:
        result = measure(args.rounds, trees, args.cold_rounds, args.first_rounds)
    finally:
        shutil.rmtree(TABLES, ignore_errors=True)
    text = write(result, args.rounds, args.cold_rounds, args.first_rounds)
    old = OUT.read_text() if OUT.exists() else "# Quick commands: wall time (issue 12)\n"
    OUT.write_text(old.rstrip("\n") + "\n\n" + text)
    print(text)


if __name__ == "__main__":
    main()
