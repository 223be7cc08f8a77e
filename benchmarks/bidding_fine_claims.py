"""The claims solver on a rule set's fine ladder: its bounds round by round (issue 23).

Runs :func:`~pokerdice_stats.games.bidding.exact.claims_cfr.grow_and_solve` on the
claims of the fine ladder (21 on ``classic``) for a time budget and prints one Markdown
row a round: iterations, histories in the tree, seat 1's result against seat 2's best
response (a lower bound on the game's value) and its best response against seat 2 (an
upper bound), their difference (the full-game exploitability: by the merge of equal
rungs, the game on claims has the fine game's value and best responses) and the
seconds.  ``results/benchmarks/bidding.md`` quotes such runs.

Run: ``python benchmarks/bidding_fine_claims.py [--rules classic] [--seconds 1800]``
(from the project root; several GB of memory once the tree passes 50,000 histories).
"""

from __future__ import annotations

import argparse

from pokerdice_stats import get_rules
from pokerdice_stats.games.bidding.exact.claims import claim_ladder
from pokerdice_stats.games.bidding.exact.claims_cfr import (
    MAX_HISTORIES,
    RoundFigures,
    grow_and_solve,
)
from pokerdice_stats.games.bidding.exact.odds import bid_ladder


def row(figures: RoundFigures) -> None:
    """Print one round as a Markdown table row."""
    gap = figures.upper - figures.lower
    print(
        f"| {figures.iterations:,} | {figures.histories:,} | {figures.lower:.6f} | "
        f"{figures.upper:.6f} | {gap:.2e} | {figures.seconds:,.0f} | {figures.grow_all:g} |",
        flush=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default="classic")
    parser.add_argument("--seconds", type=float, default=1800.0)
    parser.add_argument(
        "--iterations", type=int, default=50, help="a round: iterations between two measures"
    )
    parser.add_argument("--target", type=float, default=1e-3)
    parser.add_argument("--grow-all", type=float, default=0.01, help="grow_and_solve's grow_all")
    parser.add_argument("--grow-own", type=float, default=5e-4, help="grow_and_solve's grow_own")
    parser.add_argument(
        "--raising", action="store_true", help="answer bids outside the tree by a call or a raise"
    )
    parser.add_argument("--grow-all-floor", type=float, help="grow_and_solve's grow_all_floor")
    parser.add_argument(
        "--max-histories", type=int, default=MAX_HISTORIES, help="grow_and_solve's max_histories"
    )
    args = parser.parse_args()
    claims = claim_ladder(bid_ladder(get_rules(args.rules), "fine"))
    print(
        f"{args.rules}: {claims.n_rungs} claims, target {args.target:g} units a game, "
        f"grown at {args.grow_all:g} (every bid) and {args.grow_own:g} (own bids)"
        + (", bids outside the tree answered by a call or a raise" if args.raising else "")
    )
    print(
        "| iterations | histories | seat 1 at least | seat 1 at most | gap | seconds | grow_all |"
    )
    print("|---:|---:|---:|---:|---:|---:|---:|")
    grow_and_solve(
        claims,
        target=args.target,
        iterations=args.iterations,
        max_rounds=10**6,
        max_seconds=args.seconds,
        grow_all=args.grow_all,
        grow_own=args.grow_own,
        on_round=row,
        raising=args.raising,
        grow_all_floor=args.grow_all_floor,
        max_histories=args.max_histories,
    )


if __name__ == "__main__":
    main()
