"""Time the simulation benchmarks of two versions of the package, alternately, in one sitting.

Usage::

    python benchmarks/simulate_before_after.py --before /path/to/older/tree [--repeats 3]

Runs ``benchmarks/test_simulate.py`` and ``benchmarks/test_simulate_blind.py``
of the older tree (with ``PYTHONPATH`` set to it) and of this one, one after
the other, ``--repeats`` times (before, after, before, after, ...), so both
versions meet the same load on a shared machine.  Each run gives
pytest-benchmark's median of every benchmark; the table takes the median of
those medians for each version and their ratio (after / before time: below 1
is faster).  It writes the table into the section "Before and after" of
``results/benchmarks/simulate.md`` (replacing an older one) and prints it.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FILES = ("test_simulate.py", "test_simulate_blind.py")
SECTION = "## Before and after"


def run_tree(tree: Path, json_path: Path) -> dict[str, float]:
    """Benchmark name -> median seconds, from one run of ``FILES`` in ``tree``."""
    command = [
        sys.executable,
        "-m",
        "pytest",
        *(str(tree / "benchmarks" / name) for name in FILES),
        "-q",
        "-p",
        "no:cacheprovider",
        "--benchmark-enable",
        "--benchmark-warmup=off",
        f"--benchmark-json={json_path}",
    ]
    env = dict(os.environ, PYTHONPATH=str(tree))
    subprocess.run(command, check=True, cwd=tree, env=env, stdout=subprocess.DEVNULL)
    data = json.loads(json_path.read_text())
    return {b["name"].removeprefix("test_"): b["stats"]["median"] for b in data["benchmarks"]}


def measure(before: Path, after: Path, repeats: int) -> dict[str, dict[str, list[float]]]:
    """``{version: {benchmark: [median of each run]}}``, the versions run alternately."""
    runs: dict[str, dict[str, list[float]]] = {"before": {}, "after": {}}
    with tempfile.TemporaryDirectory() as tmp:
        for r in range(repeats):
            for version, tree in (("before", before), ("after", after)):
                medians = run_tree(tree, Path(tmp) / f"{version}-{r}.json")
                for name, median in medians.items():
                    runs[version].setdefault(name, []).append(median)
                print(f"run {r + 1}/{repeats} {version}: done", file=sys.stderr)
    return runs


def spread(times: list[float]) -> str:
    """The lowest and highest of a version's run medians, in ms."""
    return f"{min(times) * 1e3:.1f} .. {max(times) * 1e3:.1f} ms"


def table(runs: dict[str, dict[str, list[float]]], before: Path, repeats: int) -> str:
    load = os.getloadavg()
    lines = [
        f"{SECTION} the Monte Carlo re-cut (issue 8)",
        "",
        f"Measured {datetime.now(UTC):%Y-%m-%d %H:%M} UTC by",
        f"`python benchmarks/simulate_before_after.py --before {before.name} --repeats {repeats}`:",
        f"the benchmarks of `{' and '.join(FILES)}` of both versions, run alternately",
        f"{repeats} times each in one sitting (2 logical CPUs shared with other jobs; load average",
        f"{load[0]:.2f} (1 min), {load[1]:.2f} (5 min) when it ended).  Each cell is the median",
        "over the runs of pytest-benchmark's median; the ratio is after / before time (below 1:",
        "faster), and the spread is the lowest and highest run median of each version.",
        "",
        "| benchmark | before | after | after / before | before runs | after runs |",
        "|---|---:|---:|---:|---|---|",
    ]
    ratios = []
    for name, times in runs["before"].items():
        if name not in runs["after"]:
            continue
        b = statistics.median(times)
        a = statistics.median(runs["after"][name])
        ratios.append(a / b)
        lines.append(
            f"| `{name}` | {b * 1e3:.1f} ms | {a * 1e3:.1f} ms | {a / b:.3f} "
            f"| {spread(times)} | {spread(runs['after'][name])} |"
        )
    lines += [
        "",
        f"Median ratio over the {len(ratios)} benchmarks: {statistics.median(ratios):.3f}.",
        "",
    ]
    return "\n".join(lines)


def write_section(text: str, path: Path) -> None:
    """Replace (or append) the "Before and after" section of ``path``."""
    old = path.read_text(encoding="utf-8") if path.exists() else ""
    head = old.split(SECTION)[0].rstrip("\n")
    path.write_text((head + "\n\n" if head else "") + text, encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", required=True, help="the older tree (a git worktree)")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--out", default=str(ROOT / "results" / "benchmarks" / "simulate.md"))
    args = parser.parse_args(argv)
    before = Path(args.before).resolve()
    runs = measure(before, ROOT, args.repeats)
    text = table(runs, before, args.repeats)
    write_section(text, Path(args.out))
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
