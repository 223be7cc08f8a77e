"""The toolkit's blind-round equilibria as OpenSpiel policies of ``pokerdice_banking``.

:func:`banking_policy` turns an equilibrium into an ``open_spiel.python.policy.Policy`` of
the OpenSpiel game (:mod:`~pokerdice_stats.games.banking.openspiel_game`):

- a :class:`~pokerdice_stats.games.banking.exact.field.FieldEquilibrium` (``solve_field``:
  the symmetric equilibrium of N seats) plays its mixture at every seat;
- an :class:`~pokerdice_stats.engines.blind.mixtures.Equilibrium` of two seats
  (``banking_equilibrium``) plays ``first`` at player 0 and ``second`` at player 1.

Each mixture of hold tables plays its behaviour strategy
(:func:`~pokerdice_stats.engines.blind.openspiel_policy.behaviour`).  The game must play
the equilibrium's rules and seats.

Examples
--------
>>> import pyspiel  # doctest: +SKIP
>>> from pokerdice_stats import get_rules, solve_field  # doctest: +SKIP
>>> from pokerdice_stats.games.banking import openspiel_game  # doctest: +SKIP
>>> game = pyspiel.load_game(openspiel_game.GAME_NAME, {"players": 3})  # doctest: +SKIP
>>> policy = banking_policy(solve_field(get_rules("banking"), 3), game)  # doctest: +SKIP
"""

from __future__ import annotations

from typing import Any

from pokerdice_stats.engines.blind.mixtures import Equilibrium
from pokerdice_stats.engines.blind.openspiel_policy import mixture_policy
from pokerdice_stats.games.banking import openspiel_game
from pokerdice_stats.games.banking.exact.field import FieldEquilibrium
from pokerdice_stats.ground.errors import OptionError
from pokerdice_stats.turn.rules import RuleSet

__all__ = ["banking_policy"]


def banking_policy(result: FieldEquilibrium | Equilibrium, game: Any) -> Any:
    """An OpenSpiel ``Policy`` of ``game`` playing the equilibrium ``result``.

    Raises
    ------
    OptionError
        Without OpenSpiel; for a result of other rules or seats than the game's, a
        result that is not a blind-round equilibrium, or one without keep tables.
    """
    shared = openspiel_game.setting(game.get_parameters())
    rules: RuleSet | None
    if isinstance(result, FieldEquilibrium):
        rules, mixtures = result.rules, [result.mixture] * result.players
    elif isinstance(result, Equilibrium):
        rules, mixtures = result.rules, [result.first, result.second]
    else:
        raise OptionError(
            "banking_policy reads a FieldEquilibrium (solve_field) or an Equilibrium "
            f"(banking_equilibrium), got {type(result).__name__}"
        )
    if rules != shared.rules or len(mixtures) != shared.players:
        named = "rules not recorded" if rules is None else rules.label()
        raise OptionError(
            f"the equilibrium plays {len(mixtures)} seats under {named}; the game, "
            f"{shared.players} under {shared.rules.label()}"
        )
    return mixture_policy(game, mixtures, shared.rules.throws)
