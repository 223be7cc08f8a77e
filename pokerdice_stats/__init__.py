"""pokerdice_stats: the mathematics of Poker Dice.

Exact hand odds, optimal holds, game analysis and Monte Carlo checks for every
common rule set of Poker Dice. The main entry points are importable from here
(each loads its module on first use, so ``import pokerdice_stats`` stays quick):

- rules: :func:`get_rules` builds a :class:`RuleSet` from a preset name and options
  (:data:`PRESETS`);
- one throw: :func:`hand_table` classifies every hand, :func:`odds_by_category` and
  :func:`odds_by_hand` give the exact odds, :func:`compare_hands` says which hand wins;
- a turn: goals (:func:`parse_goal`, :func:`at_least`, :func:`exactly`, :func:`beat`),
  the optimal-hold program :func:`solve` (a :class:`Policy`), best chances
  (:func:`chances_table`, :func:`goal_chances`), a whole strategy (:func:`strategy_frame`)
  and hold advice (:func:`goal_advice`, :func:`round_advice`, :func:`progressive_advice`);
- the games (:data:`GAMES`, :func:`game_for`, and each game's solve): :func:`solve_round`,
  :func:`solve_match`, :func:`holdup`, :func:`solve_betting`, :func:`solve_ladder`,
  :func:`solve_field`, :func:`expected_payout`;
- simulations: :func:`simulate_turns`, :func:`simulate_rounds`, :func:`simulate_matches`,
  :func:`simulate_progressive` with :class:`RunOptions`;
- the main job: :func:`run_report`.

Every bad argument raises a :class:`PokerDiceError` (a ``ValueError``).

Examples
--------
>>> import pokerdice_stats as pds
>>> rules = pds.get_rules("classic")
>>> pds.hand_table(rules).describe("K K J 10 9")
'One pair, kings, with J 10 9'
>>> policy = pds.solve(rules, "at-least:full-house")
>>> round(policy.value(), 4)
0.1128
"""

from __future__ import annotations

import importlib
from typing import Any

from pokerdice_stats import _moved
from pokerdice_stats.ground.errors import (
    DiceError,
    GoalError,
    OptionError,
    PokerDiceError,
    RulesError,
)

_moved.install()

#: Each public name, and the module it comes from (imported on first use).
_PUBLIC = {
    "PRESETS": "turn.rules",
    "RuleSet": "turn.rules",
    "get_rules": "turn.rules",
    "hand_table": "turn.hands",
    "HandTable": "turn.hands",
    "odds_by_category": "turn.odds",
    "odds_by_hand": "turn.odds",
    "compare_hands": "turn.compare",
    "Goal": "turn.goals",
    "parse_goal": "turn.goals",
    "at_least": "turn.goals",
    "exactly": "turn.goals",
    "beat": "turn.goals",
    "solve": "turn.holds",
    "Policy": "turn.holds",
    "chances_table": "turn.chances",
    "goal_chances": "turn.chances",
    "strategy_frame": "turn.strategy_frame",
    "goal_advice": "turn.advice",
    "hold_distribution": "turn.advice",
    "round_advice": "games.seen.exact.advice",
    "progressive_advice": "games.progressive.exact.advice",
    "GAMES": "games.registry",
    "game_for": "games.registry",
    "game_named": "games.registry",
    "solve_round": "games.seen.exact.rounds",
    "solve_match": "games.seen.exact.matches",
    "holdup": "games.seen.exact.holdup",
    "solve_betting": "games.betting.exact.solve",
    "solve_ladder": "games.bidding.exact.solve",
    "solve_field": "games.banking.exact.field",
    "blind_round": "games.banking.exact.field",
    "expected_payout": "games.progressive.exact.payout",
    "RunOptions": "engines.simulation.run",
    "simulate_turns": "games.simulations",
    "simulate_rounds": "games.simulations",
    "simulate_matches": "games.simulations",
    "simulate_progressive": "games.simulations",
    "run_report": "report",
}

__all__ = [
    "DiceError",
    "GoalError",
    "OptionError",
    "PokerDiceError",
    "RulesError",
    *_PUBLIC,
]

__version__ = "0.1.0"


def __getattr__(name: str) -> Any:
    if name in _PUBLIC:
        value = getattr(importlib.import_module(f"pokerdice_stats.{_PUBLIC[name]}"), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'pokerdice_stats' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_PUBLIC))
