"""Wall time of the quick commands, against ``python -c "import numba"`` in the same run.

Issue 12's target: a warm ``hold``, ``classify``, ``odds``, ``chances`` and
``compare`` under 0.5 s wall and under 1.5 times the time to import numba,
measured in the same run on the same machine; the first call after install
(numba's on-disk kernel cache empty) under 3 s.

Each command runs as a fresh process (as from the shell), ``--rounds`` times,
interleaved with the numba baseline so that a change of load hits both; the
medians and their ratio are written to ``results/benchmarks/cli.md``.  The
first call is measured with ``NUMBA_CACHE_DIR`` pointing at an empty folder.

Run: ``python benchmarks/cli_speed.py [--rounds 15]`` (from the project root).
"""

from __future__ import annotations

import argparse
import os
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
BASELINE = [sys.executable, "-c", "import numba"]


def _wall(argv: list[str], env: dict[str, str]) -> float:
    start = time.perf_counter()
    subprocess.run(argv, env=env, cwd=ROOT, check=True, capture_output=True)
    return time.perf_counter() - start


def _command(args: list[str]) -> list[str]:
    return [sys.executable, "-m", "pokerdice_stats", *args]


def measure(rounds: int) -> dict:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    first = {}
    for name, args in COMMANDS.items():
        with tempfile.TemporaryDirectory() as cache:
            first[name] = _wall(_command(args), {**env, "NUMBA_CACHE_DIR": cache})
    for args in COMMANDS.values():  # warm the real cache
        _wall(_command(args), env)
    times: dict[str, list[float]] = {name: [] for name in COMMANDS}
    baseline: list[float] = []
    for _ in range(rounds):
        baseline.append(_wall(BASELINE, env))
        for name, args in COMMANDS.items():
            times[name].append(_wall(_command(args), env))
    return {"first": first, "times": times, "baseline": baseline}


def write(result: dict, rounds: int) -> str:
    base = statistics.median(result["baseline"])
    lines = [
        "# Quick commands: wall time (issue 12)",
        "",
        f"Measured {time.strftime('%Y-%m-%d')} by `python benchmarks/cli_speed.py --rounds "
        f"{rounds}` on the shared 2-CPU machine (Python {sys.version.split()[0]}, load average "
        f"{os.getloadavg()[0]:.1f} at the end). Each figure is the median of {rounds} fresh "
        'processes, interleaved with the baseline `python -c "import numba"`.',
        "",
        f"Baseline `import numba`: median {base:.3f} s (min {min(result['baseline']):.3f} s).",
        "",
        "| command | warm median (s) | min (s) | ratio to import numba | first call, empty "
        "numba cache (s) |",
        "|---|---|---|---|---|",
    ]
    for name, values in result["times"].items():
        median = statistics.median(values)
        lines.append(
            f"| `{name}` | {median:.3f} | {min(values):.3f} | {median / base:.2f}x | "
            f"{result['first'][name]:.2f} |"
        )
    lines += [
        "",
        "Targets: warm < 0.5 s and < 1.5x the baseline; first call < 3 s.",
        "",
    ]
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=15)
    args = parser.parse_args()
    text = write(measure(args.rounds), args.rounds)
    OUT.write_text(text)
    print(text)


if __name__ == "__main__":
    main()
