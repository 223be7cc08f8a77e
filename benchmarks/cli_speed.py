"""Wall time of the quick commands, against ``python -c "import numba"`` in the same run.

Issue 12's target: a warm ``hold``, ``classify``, ``odds``, ``chances`` and
``compare`` under 0.5 s wall and under 1.5 times the time to import numba,
measured in the same run on the same machine; the first call after install
under 3 s.

Each command runs as a fresh process (as from the shell), ``--rounds`` times,
interleaved with the numba baseline so that a change of load hits both; with
``--before PATH`` (another checkout, e.g. main) the same commands of that tree
run in the same rounds, so the two are compared in one sitting.  The first call
after install runs the package from a fresh copy (no ``__pycache__``) with
``NUMBA_CACHE_DIR`` pointing at an empty folder.  Medians, minima and ratios go
to ``results/benchmarks/cli.md``.

Run: ``python benchmarks/cli_speed.py [--rounds 15] [--before /work/main]``
(from the project root).
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

COMMANDS = {
    "hold": ["hold", "K K J 10 9"],
    "hold --to-win": ["hold", "K K J 10 9", "--to-win", "--against", "Q Q Q 9 9"],
    "classify": ["classify", "K K J 10 9"],
    "odds": ["odds"],
    "chances": ["chances"],
    "compare": ["compare", "A A J J 9", "A A 10 10 K"],
}
#: The commands the 0.5 s target is for (``hold --to-win`` solves a round: shown, not targeted).
TARGETED = ("hold", "classify", "odds", "chances", "compare")
BASELINE = [sys.executable, "-c", "import numba"]


def _wall(argv: list[str], env: dict[str, str], cwd: Path) -> float:
    start = time.perf_counter()
    subprocess.run(argv, env=env, cwd=cwd, check=True, capture_output=True)
    return time.perf_counter() - start


def _command(args: list[str]) -> list[str]:
    return [sys.executable, "-m", "pokerdice_stats", *args]


def _first_calls(tree: Path) -> dict[str, float]:
    """Each command's first call from a fresh copy of the package and an empty numba cache."""
    first = {}
    for name, args in COMMANDS.items():
        with tempfile.TemporaryDirectory() as fresh, tempfile.TemporaryDirectory() as cache:
            shutil.copytree(
                tree / "pokerdice_stats",
                Path(fresh) / "pokerdice_stats",
                ignore=shutil.ignore_patterns("__pycache__"),
            )
            env = {**os.environ, "PYTHONPATH": fresh, "NUMBA_CACHE_DIR": cache}
            first[name] = _wall(_command(args), env, tree)
    return first


def measure(rounds: int, trees: dict[str, Path]) -> dict:
    envs = {label: {**os.environ, "PYTHONPATH": str(tree)} for label, tree in trees.items()}
    first = {label: _first_calls(tree) for label, tree in trees.items()}
    for label, tree in trees.items():  # warm the real caches
        for args in COMMANDS.values():
            _wall(_command(args), envs[label], tree)
    times = {label: {name: [] for name in COMMANDS} for label in trees}
    baseline: list[float] = []
    for _ in range(rounds):
        baseline.append(_wall(BASELINE, envs[next(iter(trees))], ROOT))
        for label, tree in trees.items():
            for name, args in COMMANDS.items():
                times[label][name].append(_wall(_command(args), envs[label], tree))
    return {"first": first, "times": times, "baseline": baseline, "load": os.getloadavg()}


def write(result: dict, rounds: int) -> str:
    base = statistics.median(result["baseline"])
    labels = list(result["times"])
    load = ", ".join(f"{x:.1f}" for x in result["load"])
    lines = [
        "# Quick commands: wall time (issue 12)",
        "",
        f"Measured {time.strftime('%Y-%m-%d %H:%M')} by `python benchmarks/cli_speed.py "
        f"--rounds {rounds}` on the shared 2-CPU machine (Python {sys.version.split()[0]}; "
        f"load average {load} over 1, 5, 15 min at the start, other sessions running). "
        f"Each warm figure is the median of {rounds} fresh processes, interleaved with the "
        'baseline `python -c "import numba"`'
        + (f" and between the trees ({', '.join(labels)})" if len(labels) > 1 else "")
        + ". The first call after install runs a fresh copy of the package (no `__pycache__`) "
        "with an empty numba cache.",
        "",
        f"Baseline `import numba`: median {base:.3f} s (min {min(result['baseline']):.3f} s).",
        "",
    ]
    for label in labels:
        lines += [
            f"## {label}",
            "",
            "| command | warm median (s) | min (s) | ratio to import numba | first call after "
            "install (s) |",
            "|---|---|---|---|---|",
        ]
        for name, values in result["times"][label].items():
            median = statistics.median(values)
            lines.append(
                f"| `{name}` | {median:.3f} | {min(values):.3f} | {median / base:.2f}x | "
                f"{result['first'][label][name]:.2f} |"
            )
        lines.append("")
    last = labels[-1]
    worst = max(statistics.median(result["times"][last][n]) for n in TARGETED)
    lines += [
        "Targets (for " + ", ".join(f"`{n}`" for n in TARGETED) + "): warm < 0.5 s and < 1.5x "
        f"the baseline; first call < 3 s. Slowest of them warm ({last}): {worst:.3f} s, "
        f"{worst / base:.2f}x.",
        "",
    ]
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--before", type=Path, help="another checkout to time in the same rounds")
    args = parser.parse_args()
    trees = {}
    if args.before is not None:
        trees[f"before ({args.before})"] = args.before.resolve()
    trees["this tree"] = ROOT
    text = write(measure(args.rounds, trees), args.rounds)
    OUT.write_text(text)
    print(text)


if __name__ == "__main__":
    main()
