"""``bidding --solver claims`` end to end: the cold fine solve and the cached answer (issue 23).

Each figure is one command in a fresh process, as a player runs it, with the toolkit's
cache in a new temporary folder (numba's compiled kernels stay where they are, so
"cold" is the solve, not the first compile):

1. baseline: ``bidding --ladder category`` with an empty cache (the category
   ladder's exact program);
2. ``bidding --ladder fine --solver claims`` with an empty cache (the fine ladder's
   solve on claims, 50 iterations, kept in the cache);
3. ``bidding --ladder fine --solver claims --hand "Q Q Q 9 9" --bids full-house:K``
   from that cache, ``--repeat`` times (median);
4. ``bidding --ladder category --hand "Q Q Q 9 9" --bids full-house`` from the cache
   (median), the same answer on the category ladder.

Run: ``python benchmarks/bidding_claims_answer.py [--repeat 5]`` (from the project root,
about a minute); it prints a Markdown table that ``results/benchmarks/bidding.md`` quotes.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

FINE = ["bidding", "--ladder", "fine", "--solver", "claims", "--format", "json"]
CATEGORY = ["bidding", "--ladder", "category", "--format", "json"]
FINE_ANSWER = [*FINE, "--hand", "Q Q Q 9 9", "--bids", "full-house:K"]
CATEGORY_ANSWER = [*CATEGORY, "--hand", "Q Q Q 9 9", "--bids", "full-house"]


def seconds(argv: list[str], cache: str) -> float:
    """Wall seconds of one command in a fresh process (its output checked, not kept)."""
    env = {**os.environ, "POKERDICE_CACHE_DIR": cache}
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "pokerdice_stats", *argv],
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    took = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(argv)} failed: {done.stderr.strip()}")
    return took


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as cache:
        rows = [
            ("category ladder, cold (baseline)", seconds(CATEGORY, cache)),
            ("fine ladder on claims, cold (50 iterations)", seconds(FINE, cache)),
        ]
        for name, argv in [
            ("fine ladder on claims, one position from the cache", FINE_ANSWER),
            ("category ladder, one position from the cache", CATEGORY_ANSWER),
        ]:
            times = [seconds(argv, cache) for _ in range(args.repeat)]
            rows.append((f"{name} (median of {args.repeat})", statistics.median(times)))
    print("| command | seconds |\n|---|---:|")
    for name, took in rows:
        print(f"| {name} | {took:.2f} |")
    print(f"\nfine cold / category cold: {rows[1][1] / rows[0][1]:.1f}x")


if __name__ == "__main__":
    main()
