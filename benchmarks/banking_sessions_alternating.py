"""Blind session rounds against blind rounds, alternating the two calls in one sitting.

``python benchmarks/banking_sessions_alternating.py [PAIRS]``: each pair times
2**21 blind rounds of two seats, then two-seat banking sessions of 1,000
rounds (2,097 sessions), both on 2 threads with the same seeds; prints the
rounds a second of each call and the median ratio (the figures of
``results/benchmarks/banking_sessions.md``).
"""

from __future__ import annotations

import statistics
import sys
import time

from pokerdice_stats import get_rules
from pokerdice_stats.games.banking.simulation.sessions import simulate_banking_sessions
from pokerdice_stats.games.simulations import RunOptions, simulate_rounds


def main(pairs: int = 5) -> None:
    rules = get_rules("banking")
    warm = RunOptions(n=300, progress=False)
    simulate_rounds(rules, 2, knowledge="blind", run=warm)
    simulate_banking_sessions(rules, 2, 50, run=warm)
    rounds, sessions = [], []
    for _ in range(pairs):
        run = RunOptions(n=1 << 21, seed=1, workers=2, progress=False)
        start = time.perf_counter()
        simulate_rounds(rules, 2, knowledge="blind", run=run)
        rounds.append((1 << 21) / (time.perf_counter() - start))
        start = time.perf_counter()
        result = simulate_banking_sessions(
            rules, 2, 1_000, run=RunOptions(n=2_097, seed=1, workers=2, progress=False)
        )
        sessions.append(result.rounds_played / (time.perf_counter() - start))
    print("blind rounds a second:", ", ".join(f"{r / 1e6:.2f} M" for r in sorted(rounds)))
    print("session rounds a second:", ", ".join(f"{r / 1e6:.2f} M" for r in sorted(sessions)))
    print(f"median ratio: {statistics.median(sessions) / statistics.median(rounds):.2f}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 5)
