"""Seconds a DCFR iteration and a pair of best responses take on a grown fine-ladder tree.

Grows the claims solver's tree on the classic fine ladder (``--rounds`` rounds of 10
iterations, each followed by a growth at the default thresholds), then times 3 x 3
iterations and one pair of best responses (the bounds).  Give ``--baseline`` a checkout of
another commit to time it in a fresh process of its own, alternating with this tree, so
that both are measured in one sitting; the bounds printed must agree (same tree, same
strategy) up to rounding.

Run: ``python benchmarks/bidding_claims_iteration.py [--rounds 5] [--baseline /path/to/old]``.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path


def measure(rounds: int, raising: bool) -> str:
    """One measurement in this process: a Markdown-ready line."""
    import pokerdice_stats
    from pokerdice_stats import get_rules
    from pokerdice_stats.games.bidding.exact.claims import claim_ladder
    from pokerdice_stats.games.bidding.exact.claims_cfr import ClaimSolver
    from pokerdice_stats.games.bidding.exact.odds import bid_ladder

    claims = claim_ladder(bid_ladder(get_rules("classic"), "fine"))
    solver = ClaimSolver(claims, **({"raising": True} if raising else {}))  # older trees
    for _ in range(rounds):
        solver.run(10)
        strategy = solver.strategy()
        solver.grow(strategy, solver.reaches(strategy), 0.01, 5e-4)
    solver.run(1)  # compiled, and the tree's arrays made
    seconds = []
    for _ in range(3):
        start = time.perf_counter()
        solver.run(3)
        seconds.append((time.perf_counter() - start) / 3)
    strategy = solver.strategy()
    reach = solver.reaches(strategy)
    start = time.perf_counter()
    lower, upper = solver.bounds(strategy, reach)
    bounds_seconds = time.perf_counter() - start
    where = Path(pokerdice_stats.__file__).parents[1]
    return (
        f"{where}, {len(solver.tree):,} histories: {statistics.median(seconds):.3f} s an iteration "
        f"(median of 3), bounds {bounds_seconds:.3f} s; lower {lower:.12f}, upper {upper:.12f}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--baseline", type=Path, help="a checkout of the baseline commit")
    parser.add_argument("--repeats", type=int, default=2)
    parser.add_argument("--raising", action="store_true", help="ClaimSolver's raising")
    parser.add_argument("--only-here", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.only_here:
        print(measure(args.rounds, args.raising), flush=True)
        return
    trees = {"this tree": Path(__file__).resolve().parents[1]}
    if args.baseline is not None:
        trees["baseline"] = args.baseline.resolve()
    for _ in range(args.repeats):
        for name, root in trees.items():
            script = str(Path(__file__).resolve())
            line = subprocess.run(
                [sys.executable, script, "--only-here", "--rounds", str(args.rounds)]
                + (["--raising"] if args.raising else []),
                cwd=root, env={**os.environ, "PYTHONPATH": str(root)},
                capture_output=True, text=True, check=True,
            ).stdout.strip()  # fmt: skip
            print(f"{name}: {line}", flush=True)


if __name__ == "__main__":
    main()
