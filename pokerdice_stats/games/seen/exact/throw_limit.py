"""The first player's throw limit (003's common rule): whether it holds, and ``--limit``."""

from __future__ import annotations

from pokerdice_stats.ground.arguments import checked_whole_number
from pokerdice_stats.ground.errors import OptionError
from pokerdice_stats.ground.speaker import option
from pokerdice_stats.turn.rules import RuleSet


def has_throw_limit(rules: RuleSet) -> bool:
    """Whether later players are held to the first player's throws."""
    return rules.throw_limit == "first-player" and rules.throws > 1


def assumed_limit(rules: RuleSet, limit: int | None) -> int | None:
    """The throws a later player may take, as an answer states them: ``limit`` (the first
    player's throws) if given, else all of ``rules.throws`` under the throw limit (the
    first player took them all), else None (no limit).

    Examples
    --------
    >>> from pokerdice_stats import get_rules
    >>> assumed_limit(get_rules("classic", {"throw_limit": "first-player"}), None)
    3
    >>> assumed_limit(get_rules("classic"), None) is None
    True
    """
    if not has_throw_limit(rules):
        return None
    return rules.throws if limit is None else int(limit)


def check_limit(rules: RuleSet, limit: int | None, flag: str | None = None) -> int | None:
    """The first player's throws (``--limit``), if the rules hold later players to
    them and they are 1 to ``rules.throws``; None stays None.

    Raises
    ------
    OptionError
        Otherwise, naming the option as ``flag`` (default: ``limit`` as the caller
        names it).
    """
    if limit is None:
        return None
    flag = flag or option("limit")
    if not has_throw_limit(rules):
        raise OptionError(f"{flag} applies only under throw_limit=first-player")
    return checked_whole_number(limit, flag, 1, rules.throws)
