"""Rule keys a game does not read: a change of one is refused, never shown and ignored.

An answer names its rule set by :meth:`~pokerdice_stats.turn.rules.RuleSet.label`, the
preset and every key changed from it. A change the game never reads (``payout --set
starter=winner``: one round against the computer has no next round) would stand in that
label while changing nothing, so the games refuse it here, naming the keys they do not
read and why.

Examples
--------
>>> from pokerdice_stats import get_rules
>>> refuse_unread(get_rules("banking"), ("starter",), "004 banking", "blind rounds")
>>> refuse_unread(get_rules("banking", {"starter": "winner"}), ("starter", "target"),
...               "004 banking", "blind rounds")
Traceback (most recent call last):
...
pokerdice_stats.ground.errors.OptionError: 004 banking does not read the rule keys starter, \
target (blind rounds): starter=winner would change nothing; leave it out
"""

from __future__ import annotations

from collections.abc import Sequence

from pokerdice_stats.ground.errors import OptionError
from pokerdice_stats.turn.rules import PRESETS, RuleSet


def changed_settings(rules: RuleSet) -> dict[str, str]:
    """Every option key whose value differs from the rule set's preset, with its value, in
    the order of :meth:`~pokerdice_stats.turn.rules.RuleSet.settings`.

    >>> from pokerdice_stats import get_rules
    >>> changed_settings(get_rules("classic", {"throws": 2, "wild": "9"}))
    {'throws': '2', 'wild': '9'}
    """
    base = PRESETS[rules.preset].settings()
    return {k: v for k, v in rules.settings().items() if k != "preset" and base[k] != v}


def changed_keys(rules: RuleSet, keys: Sequence[str]) -> list[str]:
    """The keys of ``keys`` whose value differs from the rule set's preset, in order.

    Parameters
    ----------
    rules : RuleSet
    keys : sequence of str
        Option keys (:data:`~pokerdice_stats.turn.rules.OPTION_KEYS`).

    Returns
    -------
    list of str
        ``KEY=VALUE`` of each changed key, as the label writes it.
    """
    changed = changed_settings(rules)
    return [f"{key}={changed[key]}" for key in keys if key in changed]


def refuse_unread(rules: RuleSet, keys: Sequence[str], game: str, why: str) -> None:
    """Refuse a change from the preset of a key the game does not read.

    Parameters
    ----------
    rules : RuleSet
        The rule set asked for.
    keys : sequence of str
        The option keys the game does not read.
    game : str
        The game, as the message names it (``"004's progressive payout"``).
    why : str
        Why it does not read them, in a few words.

    Raises
    ------
    OptionError
        Naming the first changed key, the keys the game does not read and why.
    """
    changed = changed_keys(rules, keys)
    if changed:
        noun = "key" if len(keys) == 1 else "keys"
        raise OptionError(
            f"{game} does not read the rule {noun} {', '.join(keys)} ({why}): {changed[0]} "
            "would change nothing; leave it out"
        )
