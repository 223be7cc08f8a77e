"""Turns: the single-throw chances tables and the optimal turn against simulated turns."""

from __future__ import annotations

import math
from collections.abc import Iterator

from pokerdice_stats.engines.checks.check import Check, compare
from pokerdice_stats.engines.simulation.run import RunOptions
from pokerdice_stats.engines.simulation.turns import simulate_turns
from pokerdice_stats.ground import indexing as ix
from pokerdice_stats.turn.goals import Goal, parse_goal
from pokerdice_stats.turn.hands import hand_table
from pokerdice_stats.turn.holds import solve
from pokerdice_stats.turn.odds import odds_by_category
from pokerdice_stats.turn.rules import RuleSet, get_rules

#: Goals of the optimal turn checked under gameweave.
TURN_GOALS = (
    "at-least:full-house",
    "at-least:five-of-a-kind",
    'beat:"K K K Q Q"',
    'beat:"A A J J 9",tie=1/2',
)


def chances_checks(run: RunOptions) -> Iterator[Check]:
    """Each category's single-throw chance (gameweave and progressive ladders)."""
    for name in ("gameweave", "progressive"):
        rules = get_rules(name)
        result = simulate_turns(rules, policy="stand", run=run)
        frame = odds_by_category(rules)
        for row in frame.itertuples(index=False):
            yield compare(
                f"chances {name}", row.category, row.probability, result.by_category[row.category]
            )


def turn_checks(run: RunOptions) -> Iterator[Check]:
    """The optimal turn's value for ``at-least`` and ``beat`` goals, and its final categories."""
    rules = get_rules("gameweave")
    table = hand_table(rules)
    for text in TURN_GOALS:
        goal = parse_goal(text, table)
        exact = solve(rules, goal).value()
        result = simulate_turns(rules, goal, run=run)
        std = None
        if result.estimate.interval == "normal":
            std = exact_std(rules, goal)
        yield compare("turn gameweave", text, exact, result.estimate, std)
        if text == "at-least:full-house":
            by_category = solve(rules, goal).final_by_category()
            for slug, value in by_category.items():
                yield compare(
                    "final categories", f"{text} -> {slug}", value, result.by_category[slug]
                )


def exact_std(rules: RuleSet, goal: Goal) -> float:
    """The exact standard deviation of a goal's value at the end of an optimal turn."""
    values = [float(goal.value(h)) for h in range(ix.N_HANDS)]
    numerators, denominator = solve(rules, goal).final_distribution()
    p = [int(x) / denominator for x in numerators[0]]
    mean = sum(pi * v for pi, v in zip(p, values, strict=True))
    second = sum(pi * v * v for pi, v in zip(p, values, strict=True))
    return math.sqrt(max(second - mean * mean, 0.0))  # exactly rounded, unlike pow
