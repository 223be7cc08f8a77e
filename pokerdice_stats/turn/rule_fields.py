"""The values each option of a rule set may take, and the check of a rule set's fields.

:func:`~pokerdice_stats.turn.rules.get_rules` reads options from text and checks how they
combine; :func:`check_fields` is what every :class:`~pokerdice_stats.turn.rules.RuleSet`
checks when it is made, so that one built directly (``RuleSet(throws=50)``) is refused
rather than solved into a wrong answer.
"""

from __future__ import annotations

from typing import Any

from pokerdice_stats.ground import bounds
from pokerdice_stats.ground.arguments import shown
from pokerdice_stats.ground.errors import RulesError
from pokerdice_stats.turn.categories import CATEGORY_LADDERS
from pokerdice_stats.turn.charts import CHARTS

TIEBREAKS = ("full", "combination", "category")
THROW_LIMITS = ("none", "first-player")
TIE_RULES = ("roll-off", "must-beat", "split", "push")
KNOWLEDGE = ("seen", "blind")
STARTERS = ("last-thrower", "rotate", "winner")
#: What ``max_rethrow`` counts: dice of the first throw ever thrown again in the
#: turn (``turn``, 003 variation 2 as its page explains it) or dice moved in one throw.
RETHROW_SCOPES = ("turn", "throw")
#: The presets' names (the rule documents' games), the only values of ``preset``.
PRESET_NAMES = ("gameweave", "classic", "triple-snakes", "banking", "progressive")
MAX_TARGET = bounds.MAX_TARGET
MAX_THROWS = bounds.MAX_THROWS

#: Each option naming a choice, and its choices (what ``--set`` and ``RuleSet`` take).
OPTION_CHOICES: dict[str, tuple[str, ...]] = {
    "preset": PRESET_NAMES,
    "max_rethrow_scope": RETHROW_SCOPES,
    "straights": tuple(CATEGORY_LADDERS),
    "tiebreak": TIEBREAKS,
    "chart": tuple(CHARTS),
    "throw_limit": THROW_LIMITS,
    "ties": TIE_RULES,
    "knowledge": KNOWLEDGE,
    "starter": STARTERS,
}

#: Each option holding a whole number, and its range.
OPTION_RANGES: dict[str, tuple[int, int]] = {
    "throws": (1, MAX_THROWS),
    "max_rethrow": (1, 5),
    "target": (1, MAX_TARGET),
}


def check_fields(rules: Any) -> None:
    """Refuse a rule set any of whose fields holds a value its option does not take.

    Raises
    ------
    RulesError
        Naming the first such field, its value and what it takes.

    Examples
    --------
    >>> from pokerdice_stats.turn.rules import RuleSet
    >>> RuleSet(throws=50)
    Traceback (most recent call last):
    ...
    pokerdice_stats.ground.errors.RulesError: throws must be a whole number from 1 to 10, got 50
    """
    for name, choices in OPTION_CHOICES.items():
        value = getattr(rules, name)
        if not isinstance(value, str) or value not in choices:
            raise RulesError(f"{name} must be one of {', '.join(choices)}, got {shown(value)}")
    for name, (low, high) in OPTION_RANGES.items():
        value = getattr(rules, name)
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise RulesError(
                f"{name} must be a whole number from {low} to {high}, got {shown(value)}"
            )
    if not isinstance(rules.sticky_holds, bool):
        raise RulesError(f"sticky_holds must be True or False, got {shown(rules.sticky_holds)}")
    wild = rules.wild
    if wild is not None and (isinstance(wild, bool) or not isinstance(wild, int)
                             or not 0 <= wild <= 5):  # fmt: skip
        raise RulesError(f"wild must be None or a face rank from 0 to 5, got {shown(wild)}")
