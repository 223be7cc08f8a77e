"""The blind progressive game's equilibrium as an OpenSpiel policy of
``pokerdice_progressive_blind`` (:mod:`~pokerdice_stats.games.progressive.openspiel_game`).

:func:`progressive_policy` plays an :class:`~pokerdice_stats.engines.blind.mixtures.Equilibrium`
of the blind game (``expected_payout(rules played blind).equilibrium``, or ``solve_blind``
of its payout matrix): ``first`` (the player's mixture) at player 0, ``second`` (the
computer's) at player 1, each as its behaviour strategy
(:func:`~pokerdice_stats.engines.blind.openspiel_policy.behaviour`).
"""

from __future__ import annotations

from typing import Any

from pokerdice_stats.engines.blind.mixtures import Equilibrium
from pokerdice_stats.engines.blind.openspiel_policy import mixture_policy
from pokerdice_stats.games.progressive import openspiel_game
from pokerdice_stats.ground.arguments import checked_instance
from pokerdice_stats.ground.errors import OptionError

__all__ = ["progressive_policy"]


def progressive_policy(result: Equilibrium, game: Any) -> Any:
    """An OpenSpiel ``Policy`` of ``game`` playing the blind game's equilibrium ``result``.

    Raises
    ------
    OptionError
        Without OpenSpiel; for a result that is not an Equilibrium, one of other rules
        than the game's, or one without keep tables.
    """
    checked_instance(result, Equilibrium, "result", "expected_payout(rules).equilibrium")
    shared = openspiel_game.setting(game.get_parameters())
    if result.rules != shared.rules:
        named = "rules not recorded" if result.rules is None else result.rules.label()
        raise OptionError(f"the equilibrium plays {named}; the game, {shared.rules.label()}")
    return mixture_policy(game, [result.first, result.second], shared.rules.throws)
