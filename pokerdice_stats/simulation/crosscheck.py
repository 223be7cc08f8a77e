"""Cross-checks: simulate each exact figure of the toolkit and compare.

Each :class:`Check` holds the exact value (a Fraction where the toolkit is
exact, else the solver's float), the Monte Carlo estimate with its interval
and the z-score ``(estimate - exact) / standard error``, the standard error
taken from the exact value where it is known (``sqrt(p (1 - p) / n)`` for a
proportion, the exact standard deviation of the progressive payout).

The figures: the single-throw chances table (gameweave and progressive
ladders), the optimal turn for ``at-least`` and ``beat`` goals and its final
categories, round odds (gameweave with roll-offs, triple-snakes must-beat,
banking split, the first player's throw limit), blind banking rounds (the
equilibrium, named strategies; ties split), match odds and length, the
chance that a best hand holds up against the players still to throw (the
chips game), and the progressive payout per round against several computer
policies.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from fractions import Fraction

import pandas as pd

from pokerdice_stats.goals import parse_goal
from pokerdice_stats.hands import hand_table
from pokerdice_stats.holds import solve
from pokerdice_stats.odds import odds_by_category
from pokerdice_stats.rules import get_rules
from pokerdice_stats.simulation.stats import Estimate


@dataclass(frozen=True)
class Check:
    """One exact figure against its simulation."""

    group: str
    figure: str
    exact: Fraction | float
    estimate: Estimate
    z: float

    def record(self) -> dict:
        """A flat dict (the JSON and table rows)."""
        return {
            "group": self.group,
            "figure": self.figure,
            "exact": self.exact,
            "exact_float": float(self.exact),
            "estimate": self.estimate.estimate,
            "ci_low": self.estimate.ci_low,
            "ci_high": self.estimate.ci_high,
            "n": self.estimate.n,
            "seed": self.estimate.seed,
            "z": self.z,
        }


def _check(group: str, figure: str, exact, estimate: Estimate, std: float | None = None) -> Check:
    return Check(group, figure, exact, estimate, estimate.z_score(exact, std))


def _chances(n: int, seed: int, options: dict) -> Iterator[Check]:
    from pokerdice_stats.simulate import simulate_turns

    for name in ("gameweave", "progressive"):
        rules = get_rules(name)
        result = simulate_turns(rules, policy="stand", n=n, seed=seed, **options)
        frame = odds_by_category(rules)
        for row in frame.itertuples(index=False):
            yield _check(
                f"chances {name}", row.category, row.probability, result.by_category[row.category]
            )


def _turns(n: int, seed: int, options: dict) -> Iterator[Check]:
    from pokerdice_stats.simulate import simulate_turns

    rules = get_rules("gameweave")
    table = hand_table(rules)
    goals = (
        "at-least:full-house",
        "at-least:five-of-a-kind",
        'beat:"K K K Q Q"',
        'beat:"A A J J 9",tie=1/2',
    )
    for text in goals:
        goal = parse_goal(text, table)
        exact = solve(rules, goal).value()
        result = simulate_turns(rules, goal, n=n, seed=seed, **options)
        std = None
        if result.estimate.interval == "normal":
            values = [float(goal.value(h)) for h in range(252)]
            std = _exact_std(rules, goal, values)
        yield _check("turn gameweave", text, exact, result.estimate, std)
        if text == "at-least:full-house":
            by_category = solve(rules, goal).final_by_category()
            for slug, value in by_category.items():
                yield _check(
                    "final categories", f"{text} -> {slug}", value, result.by_category[slug]
                )


def _exact_std(rules, goal, values) -> float:
    numerators, denominator = solve(rules, goal).final_distribution()
    p = [int(x) / denominator for x in numerators[0]]
    mean = sum(pi * v for pi, v in zip(p, values, strict=True))
    second = sum(pi * v * v for pi, v in zip(p, values, strict=True))
    return max(second - mean * mean, 0.0) ** 0.5


def _rounds(n: int, seed: int, options: dict) -> Iterator[Check]:
    from pokerdice_stats.simulate import simulate_rounds

    cases = (
        ("gameweave", {}, 2),
        ("gameweave", {}, 3),
        ("triple-snakes", {}, 3),
        ("banking", {}, 2),
        ("classic", {"throw_limit": "first-player"}, 2),
    )
    for name, opts, players in cases:
        rules = get_rules(name, opts)
        # Later seats see the earlier hands (the solved round); blind rounds are in _blind.
        result = simulate_rounds(rules, players, knowledge="seen", n=n, seed=seed, **options)
        label = rules.label() + (" seen" if rules.knowledge == "blind" else "")
        for s, (est, exact) in enumerate(zip(result.seats, result.exact, strict=True), start=1):
            yield _check(f"round {label}, {players} players", f"seat {s} wins", exact, est)


def _blind(n: int, seed: int, options: dict) -> Iterator[Check]:
    """Blind banking rounds: seat 1's share ``P(win) + P(tie) / 2`` against ``(1 + x A y) / 2``.

    ``x`` and ``y`` are the two seats' exact final distributions (the
    equilibrium mixtures, or named strategies from
    :func:`~pokerdice_stats.games.simple_strategies.strategy_distribution`) and
    ``A`` the banking payout; three-player rounds against
    :func:`pokerdice_stats.games.blind_rounds.chances`.
    """
    from pokerdice_stats.games.banking import banking_payout
    from pokerdice_stats.games.blind_rounds import chances
    from pokerdice_stats.games.equilibrium import game_value
    from pokerdice_stats.games.simple_strategies import strategy_distribution
    from pokerdice_stats.simulate import simulate_rounds
    from pokerdice_stats.simulation.blind import blind_equilibrium

    for opts in ({}, {"sticky_holds": "true"}):
        rules = get_rules("banking", opts)
        eq = blind_equilibrium(rules)
        share = (1 + game_value(eq.first.exact(), eq.second.exact(), banking_payout(rules))) / 2
        result = simulate_rounds(rules, 2, knowledge="blind", n=n, seed=seed, **options)
        group = f"blind round {rules.label()}, 2 players"
        yield _check(group, "seat 1 share (equilibrium vs equilibrium)", share, result.seats[0])
    rules = get_rules("banking")
    pair = ("stand", "largest-set")
    x, y = (strategy_distribution(rules, name) for name in pair)
    share = (1 + game_value(x, y, banking_payout(rules))) / 2
    result = simulate_rounds(rules, 2, knowledge="blind", policy=pair, n=n, seed=seed, **options)
    yield _check(
        "blind round banking, 2 players",
        "seat 1 share (stand vs largest-set)",
        share,
        result.seats[0],
    )
    trio = ("equilibrium", "largest-set", "max-category")
    exact = chances(
        rules,
        [
            blind_equilibrium(rules).first.exact(),
            strategy_distribution(rules, "largest-set"),
            strategy_distribution(rules, "max-category"),
        ],
    )
    result = simulate_rounds(rules, 3, knowledge="blind", policy=trio, n=n, seed=seed, **options)
    for s, (name, value) in enumerate(zip(trio, exact, strict=True), start=1):
        yield _check(
            "blind round banking, 3 players", f"seat {s} share ({name})", value, result.seats[s - 1]
        )


def _matches(n: int, seed: int, options: dict) -> Iterator[Check]:
    from pokerdice_stats.games.matches import solve_match
    from pokerdice_stats.simulate import simulate_matches

    for name, players in (("gameweave", 2), ("classic", 2), ("triple-snakes", 3)):
        rules = get_rules(name)
        exact = solve_match(rules, players)
        result = simulate_matches(rules, players, n=max(n // 10, 1), seed=seed, **options)
        group = f"match {name}, {players} players, to {exact.target}"
        for s, (est, value) in enumerate(zip(result.seats, exact.win, strict=True), start=1):
            yield _check(group, f"seat {s} wins", value, est)
        yield _check(group, "expected rounds", exact.expected_rounds, result.expected_rounds)


def _progressive(n: int, seed: int, options: dict) -> Iterator[Check]:
    from pokerdice_stats.games.progressive import expected_payout
    from pokerdice_stats.simulate import simulate_progressive

    rules = get_rules("progressive")
    for computer in ("optimal", "stand", "max-category"):
        exact = expected_payout(rules, computer)
        result = simulate_progressive(rules, rounds=1, computer=computer, n=n, seed=seed, **options)
        yield _check(
            "progressive payout",
            f"per round vs computer {computer}",
            exact.expected,
            result.payout,
            exact.std_float,
        )


def _holdup(n: int, seed: int, options: dict) -> Iterator[Check]:
    from pokerdice_stats.games.chips import holdup
    from pokerdice_stats.simulate import simulate_holdup

    cases = (
        ("triple-snakes", "4 4 4 2 1", 2),
        ("triple-snakes", "6 6 5 5 1", 1),
        ("triple-snakes", "1 2 3 4 6", 3),
        ("gameweave", "K K K Q Q", 2),
    )
    for name, dice, left in cases:
        rules = get_rules(name)
        exact = holdup(rules, dice, left)
        estimates = simulate_holdup(rules, dice, left, n=n, seed=seed, **options)
        group = f"hold-up {name}, {dice}, {left} left"
        yield _check(group, "holder takes the pot", exact.holds_up, estimates[0])
        for i, (value, est) in enumerate(zip(exact.later, estimates[1:], strict=True), start=1):
            yield _check(group, f"later player {i} takes the pot", value, est)


#: The groups of figures, in order.
GROUPS: dict[str, Callable[[int, int, dict], Iterator[Check]]] = {
    "chances": _chances,
    "turns": _turns,
    "rounds": _rounds,
    "blind": _blind,
    "matches": _matches,
    "holdup": _holdup,
    "progressive": _progressive,
}


def crosscheck(
    n: int = 200_000,
    seed: int = 0,
    groups: tuple[str, ...] | None = None,
    *,
    workers: int | None = None,
    scheduler=None,
    progress: bool = False,
) -> list[Check]:
    """Simulate every exact figure of the chosen groups (all by default).

    ``n`` samples each (matches: ``n // 10``).  Returns the checks in order.
    """
    options = {"workers": workers, "scheduler": scheduler, "progress": progress}
    checks: list[Check] = []
    for name in groups or tuple(GROUPS):
        checks.extend(GROUPS[name](n, seed, options))
    return checks


def checks_frame(checks: list[Check]) -> pd.DataFrame:
    """The checks as a table."""
    return pd.DataFrame([c.record() for c in checks])
