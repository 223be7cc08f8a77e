"""The one refusal of blind rules by the games where later seats see the earlier hands."""

from __future__ import annotations

from pokerdice_stats.ground.errors import OptionError
from pokerdice_stats.ground.speaker import either, setting
from pokerdice_stats.turn.rules import RuleSet


def require_seen(rules: RuleSet, what: str) -> None:
    """Refuse ``rules`` when they are blind (``knowledge=blind``).

    The seen games (rounds, matches, hold-ups, their advice) are solved with every
    seat seeing the hands thrown before its turn; under blind rules that answer
    would be another game's.

    Raises
    ------
    OptionError
        Under ``knowledge=blind``, naming ``what`` and the blind round's solver.

    Examples
    --------
    >>> from pokerdice_stats import get_rules
    >>> require_seen(get_rules("gameweave"), "a round")
    >>> require_seen(get_rules("banking"), "a round")
    Traceback (most recent call last):
    ...
    pokerdice_stats.ground.errors.OptionError: a round is solved with later seats seeing ...
    """
    if rules.knowledge == "blind":
        raise OptionError(
            f"{what} is solved with later seats seeing the earlier hands, and these rules "
            f"are blind (knowledge=blind): use {setting('knowledge', 'seen')}, or solve the "
            + either("blind round (`round` or `banking`)", "blind round (blind_round)")
        )
