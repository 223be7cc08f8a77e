"""pokerdice_stats: the mathematics of Poker Dice.

Exact hand odds, optimal holds, game analysis and Monte Carlo checks for
every common rule set of Poker Dice.

The main entry points:

- :func:`pokerdice_stats.rules.get_rules` builds a :class:`~pokerdice_stats.rules.RuleSet`
  from a preset name and options;
- :func:`pokerdice_stats.hands.hand_table` classifies every hand of a rule set;
- :mod:`pokerdice_stats.odds` gives exact single-throw odds tables.
"""

from __future__ import annotations

from pokerdice_stats.errors import DiceError, GoalError, OptionError, PokerDiceError, RulesError
from pokerdice_stats.rules import PRESETS, RuleSet, get_rules

__all__ = [
    "PRESETS",
    "DiceError",
    "GoalError",
    "OptionError",
    "PokerDiceError",
    "RuleSet",
    "RulesError",
    "get_rules",
]

__version__ = "0.1.0"
