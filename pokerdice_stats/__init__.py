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
  :func:`solve_claims` (the fine ladder on its claims, with :func:`claims_position` and,
  where its solution does not reach, :func:`resolve_claims`),
  :func:`solve_field` (one position: :func:`banking_position`),
  :func:`expected_payout`; 001's decisions (:func:`raise_table`, :func:`meet_table`,
  :func:`hold_decision`, :func:`habit_costs`); 001 as written (:func:`solve_table`) and
  the sessions of 001 and 004 banking (:func:`simulate_betting_sessions`,
  :func:`simulate_banking_sessions`, :func:`banking_session` with :func:`round_odds`);
- the games' details: the round's :data:`ROUND_TOLERANCE`, :func:`holdup_table`; 004
  progressive (:data:`COMPUTER_POLICIES`, :data:`PROGRESSIVE_SCHEDULE`,
  :func:`payout_matrix`, :func:`player_response`, :func:`optimal_computer`,
  :func:`round_outcomes` (for :func:`edge_of`), :class:`ScheduleError`,
  :func:`payout_breakdown`, :func:`by_winner`, :func:`solve_pay`,
  :func:`bank_distribution`, schedule files: :func:`read_schedule`,
  :func:`write_schedule`, :func:`schedule_text`); 004 banking
  (:func:`banking_equilibrium`, :func:`banking_strategy_table`,
  :func:`field_strategy_table`, :func:`field_keep_frame`, :func:`category_table`);
  blind games (:func:`solve_blind`, :data:`SIMPLE_STRATEGIES`,
  :func:`strategy_distribution`, :func:`max_category_goal`);
- simulations: :func:`simulate_turns`, :func:`simulate_rounds`, :func:`simulate_matches`,
  :func:`simulate_progressive` with :class:`RunOptions`;
- tables and charts for reading: :func:`to_markdown`, :func:`frame_as_text`,
  :func:`plot_strategy`, :data:`PRESET_SOURCES`;
- the main job: :func:`run_report`;
- OpenSpiel: with ``pyspiel`` importable, the hidden-hand games of :data:`OPENSPIEL_GAMES`
  (``pokerdice_bidding``, ``pokerdice_banking``, ``pokerdice_progressive_blind``) are
  registered as soon as both are imported, in either order
  (:func:`register_openspiel_games` does it by hand).

Every bad argument raises a :class:`PokerDiceError` (a ``ValueError``).

Examples
--------
>>> import pokerdice_stats as pds
>>> rules = pds.get_rules("classic")
>>> pds.hand_table(rules).describe("K K J 10 9")
'One pair, kings, with J 10 9'
>>> policy = pds.solve(rules, "at-least:full-house")
>>> policy.value()
Fraction(490459, 944784)
>>> round(float(policy.value()), 4)
0.5191
"""

from __future__ import annotations

import importlib
from typing import Any

from pokerdice_stats import _moved
from pokerdice_stats.games import openspiel_games as _openspiel_games
from pokerdice_stats.ground.errors import (
    DiceError,
    GoalError,
    OptionError,
    PokerDiceError,
    RulesError,
)

_moved.install()

#: Each public name, and the module it comes from (imported on first use); ``"module:name"``
#: where the public name is another than the module's own (two modules use one name).
_PUBLIC = {
    "PRESETS": "turn.rules",
    "PRESET_SOURCES": "turn.rules",
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
    "ROUND_TOLERANCE": "games.seen.exact.rounds:TOLERANCE",
    "holdup": "games.seen.exact.holdup",
    "holdup_table": "games.seen.exact.holdup",
    "solve_betting": "games.betting.exact.solve",
    "solve_table": "games.betting.exact.table",
    "simulate_betting_sessions": "games.betting.simulation.sessions",
    "raise_table": "games.betting.exact.decisions",
    "meet_table": "games.betting.exact.decisions",
    "hold_decision": "games.betting.exact.decisions",
    "habit_costs": "games.betting.exact.habits",
    "solve_ladder": "games.bidding.exact.solve",
    "solve_claims": "games.bidding.exact.claims_answer",
    "claims_position": "games.bidding.exact.claims_position",
    "claims_player_losses": "games.bidding.exact.claims_players",
    "claims_best_response": "games.bidding.exact.claims_response",
    "resolve_claims": "games.bidding.exact.claims_resolve",
    "claims_matchups": "games.bidding.simulation.claims",
    "solve_bidding": "games.bidding.exact.game",
    "bid_ladder": "games.bidding.exact.odds",
    "position_answer": "games.bidding.exact.position",
    "claim_ladder": "games.bidding.exact.claims",
    "edge_of": "games.progressive.exact.edge",
    "design_schedule": "games.progressive.exact.design",
    "fit_strategy_card": "games.progressive.exact.strategy_card",
    "compare_rules": "commands.rules_compare",
    "create_app": "web.app",
    "solve_field": "games.banking.exact.field",
    "blind_round": "games.banking.exact.field",
    "banking_position": "games.banking.exact.position",
    "field_strategy_table": "games.banking.exact.strategy_frames:strategy_table",
    "field_keep_frame": "games.banking.exact.strategy_frames:keep_frame",
    "banking_equilibrium": "games.banking.exact.two_seats",
    "banking_strategy_table": "games.banking.exact.two_seats:strategy_table",
    "category_table": "games.banking.exact.two_seats",
    "round_odds": "games.banking.exact.sessions",
    "banking_session": "games.banking.exact.sessions",
    "simulate_banking_sessions": "games.banking.simulation.sessions",
    "solve_blind": "engines.blind.equilibrium",
    "SIMPLE_STRATEGIES": "engines.blind.policy_names",
    "strategy_distribution": "engines.blind.simple_strategies",
    "max_category_goal": "engines.blind.simple_strategies",
    "expected_payout": "games.progressive.exact.payout",
    "round_outcomes": "games.progressive.exact.payout",
    "ScheduleError": "games.progressive.exact.schedule_entries",
    "COMPUTER_POLICIES": "engines.blind.policy_names",
    "player_response": "games.progressive.exact.payout",
    "optimal_computer": "games.progressive.exact.payout",
    "PROGRESSIVE_SCHEDULE": "games.progressive.exact.schedule",
    "payout_matrix": "games.progressive.exact.schedule",
    "payout_breakdown": "games.progressive.exact.breakdown",
    "by_winner": "games.progressive.exact.breakdown",
    "solve_pay": "games.progressive.exact.fair_pay",
    "bank_distribution": "games.progressive.exact.bank",
    "read_schedule": "games.progressive.exact.schedule_files",
    "write_schedule": "games.progressive.exact.schedule_files",
    "schedule_text": "games.progressive.exact.schedule_files",
    "RunOptions": "engines.simulation.run",
    "simulate_turns": "games.simulations",
    "simulate_rounds": "games.simulations",
    "simulate_matches": "games.simulations",
    "simulate_progressive": "games.simulations",
    "to_markdown": "ground.formats",
    "frame_as_text": "ground.formats",
    "plot_strategy": "engines.report.strategy_charts",
    "run_report": "report",
    "register_openspiel_games": "games.openspiel_games",
    "OPENSPIEL_GAMES": "games.openspiel_games",
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
        module, _, attribute = _PUBLIC[name].partition(":")
        value = getattr(importlib.import_module(f"pokerdice_stats.{module}"), attribute or name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'pokerdice_stats' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_PUBLIC))


# OpenSpiel's games, whenever pyspiel is importable: now if it is loaded, else on its import.
_openspiel_games.register_when_loaded()
