"""Mixtures of hold tables as OpenSpiel policies of a blind round (:mod:`.openspiel_round`).

A mixture (:class:`~pokerdice_stats.engines.blind.mixtures.Mixture`) mixes pure hold
tables, each chosen once for the whole turn; at a decision the policy plays each keep with
the chance that the mixture's pure tables consistent with the player's own keeps so far
choose it (their weights renormalised): the behaviour strategy of the same mix.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from pokerdice_stats.engines.blind.mixtures import Mixture
from pokerdice_stats.ground.errors import OptionError

try:
    from open_spiel.python import policy as os_policy
except ImportError:  # the openspiel extra is not installed
    os_policy = None

__all__ = ["behaviour", "mixture_policy"]


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
            plays = [table[left - 1, hand] == value for table in mixture.keeps]
            weights = weights * np.array(plays)
    if weights.sum() <= 0:
        raise OptionError("no pure strategy of the mixture plays these keeps")
    chances: dict[int, float] = {}
    for weight, table in zip(weights / weights.sum(), mixture.keeps, strict=True):
        if weight > 0:
            keep = int(table[left - 1, hand])
            chances[keep] = chances.get(keep, 0.0) + float(weight)
    return chances


def mixture_policy(game: Any, mixtures: list[Mixture], throws: int) -> Any:
    """An OpenSpiel ``Policy`` of ``game``: player ``i`` plays ``mixtures[i]``.

    Raises
    ------
    OptionError
        Without OpenSpiel, or for a mixture without keep tables.
    """
    if os_policy is None:
        raise OptionError('OpenSpiel is not installed: pip install -e ".[openspiel]"')
    for mixture in mixtures:
        if not mixture.playable():
            raise OptionError("the equilibrium's mixtures have no keep tables to play")
    return _MixturePolicy(game, mixtures, throws)


if os_policy is not None:

    class _MixturePolicy(os_policy.Policy):
        def __init__(self, game: Any, mixtures: list[Mixture], throws: int) -> None:
            super().__init__(game, list(range(game.num_players())))
            self.mixtures, self.throws = mixtures, throws

        def action_probabilities(self, state: Any, player_id: int | None = None) -> dict:
            player = state.current_player() if player_id is None else player_id
            return behaviour(self.mixtures[player], state.history_of[player], self.throws)
