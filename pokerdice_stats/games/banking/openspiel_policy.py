"""The toolkit's blind-round equilibria as OpenSpiel policies of ``pokerdice_banking``.

:func:`banking_policy` turns an equilibrium into an ``open_spiel.python.policy.Policy`` of
the OpenSpiel game (:mod:`~pokerdice_stats.games.banking.openspiel_game`):

- a :class:`~pokerdice_stats.games.banking.exact.field.FieldEquilibrium` (``solve_field``:
  the symmetric equilibrium of N seats) plays its mixture at every seat;
- an :class:`~pokerdice_stats.engines.blind.mixtures.Equilibrium` of two seats
  (``banking_equilibrium``) plays ``first`` at player 0 and ``second`` at player 1.

A mixture is a mix of pure hold tables, each chosen once for the whole turn; at a decision
the policy plays each keep with the chance that the mixture's pure tables consistent with
the player's own keeps so far choose it (their weights renormalised): the behaviour
strategy of the same mix.  The game must play the equilibrium's rules and seats.

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

import numpy as np

from pokerdice_stats.engines.blind.mixtures import Equilibrium, Mixture
from pokerdice_stats.games.banking import openspiel_game
from pokerdice_stats.games.banking.exact.field import FieldEquilibrium
from pokerdice_stats.ground.errors import OptionError
from pokerdice_stats.turn.rules import RuleSet

try:
    from open_spiel.python import policy as os_policy
except ImportError:  # the openspiel extra is not installed
    os_policy = None

__all__ = ["banking_policy", "behaviour"]


def behaviour(mixture: Mixture, history: list[tuple[str, int]], throws: int) -> dict[int, float]:
    """The chance of each keep a mixture plays after a seat's own ``history`` (its throws
    and keeps, the last a throw), ``throws`` a turn.

    Raises
    ------
    OptionError
        If the mixture cannot be played (no keep tables), or no pure table of it plays
        the keeps of ``history``.
    """
    if not mixture.playable():
        raise OptionError("this mixture has no keep tables to play (built from distributions)")
    assert mixture.keeps is not None
    weights = np.array([float(w) for w in mixture.fraction_weights()])
    left, hand = throws, -1
    for kind, value in history:
        if kind == "throw":
            left, hand = left - 1, value
        else:  # the pure tables that keep ``value`` here stay
            weights = weights * np.array(
                [table[left - 1, hand] == value for table in mixture.keeps]
            )
    if weights.sum() <= 0:
        raise OptionError("no pure strategy of the mixture plays these keeps")
    chances: dict[int, float] = {}
    for weight, table in zip(weights / weights.sum(), mixture.keeps, strict=True):
        if weight > 0:
            keep = int(table[left - 1, hand])
            chances[keep] = chances.get(keep, 0.0) + float(weight)
    return chances


def banking_policy(result: FieldEquilibrium | Equilibrium, game: Any) -> Any:
    """An OpenSpiel ``Policy`` of ``game`` playing the equilibrium ``result``.

    Raises
    ------
    OptionError
        Without OpenSpiel; for a result of other rules or seats than the game's, a
        result that is not a blind-round equilibrium, or one without keep tables.
    """
    if os_policy is None:
        raise OptionError('OpenSpiel is not installed: pip install -e ".[openspiel]"')
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
    for mixture in mixtures:
        if not mixture.playable():
            raise OptionError("the equilibrium's mixtures have no keep tables to play")
    return _BankingPolicy(game, mixtures, shared.rules.throws)


if os_policy is not None:

    class _BankingPolicy(os_policy.Policy):
        def __init__(self, game: Any, mixtures: list[Mixture], throws: int) -> None:
            super().__init__(game, list(range(game.num_players())))
            self.mixtures, self.throws = mixtures, throws

        def action_probabilities(self, state: Any, player_id: int | None = None) -> dict:
            player = state.current_player() if player_id is None else player_id
            history = state.history_of[player]
            return behaviour(self.mixtures[player], history, self.throws)
